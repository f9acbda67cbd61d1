//! `shogiban rating`: a player's rating from rated games against the computer's levels
//! (Glicko-2, `study::rating`), the level for an even game, the handicap the strongest level
//! would give when the player is far below it (`study::handicap`), and the recent rated games;
//! `--json` for programs.

use shogiban::study::handicap;
use shogiban::study::rating::{Rating, even_level};
use shogiban::tui::settings::Language;
use shogiban::tui::storage::ratings::{PlayerRating, RatingBook};
use shogiban::tui::text::rating::RatingText;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The player (default: the `player_name` setting, else `you`)
    #[arg(long, value_name = "NAME")]
    player: Option<String>,
    /// Print the rating and the games as JSON
    #[arg(long)]
    json: bool,
    /// How many of the recent games to list
    #[arg(long, value_name = "N", default_value_t = 10)]
    games: usize,
}

pub fn run(a: Args) -> ExitCode {
    let Some(file) = shogiban::tui::storage::ratings_file() else {
        eprintln!("shogiban rating: no data folder (no home directory)");
        return ExitCode::FAILURE;
    };
    let (book, note) = RatingBook::load(file);
    if let Some(note) = note {
        eprintln!("shogiban rating: {note}");
    }
    let player = a.player.unwrap_or_else(default_player);
    let mut p = book.player(&player);
    p.recent.truncate(a.games);
    if a.json {
        println!("{}", json(&p));
    } else {
        print!("{}", text(&p));
    }
    ExitCode::SUCCESS
}

/// The `player_name` setting, else `you` (the name the app rates under).
fn default_player() -> String {
    let name = shogiban::tui::settings::load_default().settings.player_name;
    if name.trim().is_empty() { "you".to_string() } else { name }
}

/// `1412 ± 86` (with `?` while provisional).
fn figure(r: &Rating) -> String {
    r.figure()
}

/// The line that suggests a handicap against the strongest level, when the player is far
/// enough below it (the rating screen's English line).
fn handicap_line(p: &PlayerRating) -> Option<String> {
    handicap::against_strongest(&p.rating).map(|s| suggestion_line(p, &s))
}

/// The line of suggestion `s` for player `p`.
fn suggestion_line(p: &PlayerRating, s: &handicap::Suggestion) -> String {
    RatingText::of(Language::En).handicap_line(s, p.rating.is_provisional())
}

/// The line that names the level for an even game (the rating screen's English line).
fn even_line(p: &PlayerRating) -> String {
    let (level, expected) = even_level(&p.rating);
    RatingText::of(Language::En).even_line(level, expected)
}

fn text(p: &PlayerRating) -> String {
    let mut out = format!("{}: {} ({} rated games)\n", p.player, figure(&p.rating), p.games);
    let suggestions = format!("{}\n{}", even_line(p), handicap_line(p).map(|l| l + "\n").unwrap_or_default());
    if p.games == 0 {
        out.push_str(
            "No rated games yet: play a built-in level to the end, without take-backs, hints or analysis.\n",
        );
        out.push_str(&suggestions);
        return out;
    }
    if p.rating.is_provisional() {
        out.push_str("The rating is provisional (?) until a few more games are played.\n");
    }
    out.push_str(&suggestions);
    out.push_str("date                 level         side  handicap  result  change  rating\n");
    for g in &p.recent {
        out.push_str(&format!(
            "{:<20} {:>2} ({:>5.0})  {:<5} {:<9} {:<7} {:>+6.0}  {}\n",
            g.date,
            g.level,
            g.level_rating,
            g.side,
            g.handicap.as_deref().unwrap_or("-"),
            format!("{:?}", g.result).to_lowercase(),
            g.change(),
            figure(&g.after)
        ));
    }
    out
}

fn json(p: &PlayerRating) -> String {
    let (level, expected) = even_level(&p.rating);
    let even = serde_json::json!({
        "level": level.get(),
        "level_rating": level.rating().rating.round(),
        "expected_score": (expected * 1000.0).round() / 1000.0,
        "line": RatingText::of(Language::En).even_line(level, expected),
    });
    let v = serde_json::json!({
        "player": p.player,
        "rating": p.rating.rating.round(),
        "deviation": p.rating.deviation.round(),
        "volatility": p.rating.volatility,
        "provisional": p.rating.is_provisional(),
        "games": p.games,
        "even_game": even,
        "handicap_suggestion": handicap::against_strongest(&p.rating).map(|s| serde_json::json!({
            "level": s.level.get(),
            "level_rating": s.level_rating.round(),
            "ranks": s.ranks,
            "handicap": s.step.name,
            "line": suggestion_line(p, &s),
        })),
        "recent": p.recent.iter().map(|g| serde_json::json!({
            "date": g.date,
            "level": g.level,
            "level_rating": g.level_rating.round(),
            "side": g.side,
            "handicap": g.handicap,
            "result": g.result,
            "change": g.change().round(),
            "rating": g.after.rating.round(),
            "deviation": g.after.deviation.round(),
        })).collect::<Vec<_>>(),
    });
    serde_json::to_string_pretty(&v).expect("JSON of plain values")
}

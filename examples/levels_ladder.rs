//! Measures the playing levels against each other: level N+2 against level N, in-process, one
//! search thread each. Run by `tools/levels_ladder.sh`, which builds it in release mode.
//!
//! ```text
//! levels_ladder [--games 20] [--movetime 200] [--openings FILE] [--seed S] [LOW-HIGH ...]
//! ```
//! Each `LOW-HIGH` (default: 1-3 2-4 ... 8-10) plays HIGH against LOW; a line per pair gives
//! HIGH's wins, draws, losses and score.

use shogiban::engine::book::build::parse_usi_games;
use shogiban::engine::games::play_match;
use shogiban::engine::levels::Level;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut games, mut movetime, mut seed) = (20usize, 200u64, 1u64);
    let mut openings_file = None;
    let mut pairs = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--games" => games = value.parse().unwrap_or(games),
            "--movetime" => movetime = value.parse().unwrap_or(movetime),
            "--seed" => seed = value.parse().unwrap_or(seed),
            "--openings" => openings_file = Some(value),
            pair => {
                let parsed = pair
                    .split_once('-')
                    .and_then(|(l, h)| Some((l.parse::<Level>().ok()?, h.parse::<Level>().ok()?)));
                let Some(p) = parsed else {
                    eprintln!("levels_ladder: expected LOW-HIGH like 1-3, got '{pair}'");
                    return ExitCode::from(2);
                };
                pairs.push(p);
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    if pairs.is_empty() {
        pairs = Level::all().filter_map(|l| Some((l, Level::new(l.get() + 2)?))).collect();
    }
    let openings = match &openings_file {
        None => Vec::new(),
        Some(path) => match std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|t| parse_usi_games(&t, path).map_err(|e| e.to_string()))
        {
            Ok(o) => o,
            Err(e) => {
                eprintln!("levels_ladder: {path}: {e}");
                return ExitCode::from(1);
            }
        },
    };
    println!("pair   high  wins draws losses  score  ({games} games, {movetime} ms a move)");
    for (low, high) in pairs {
        let score = play_match(high, low, games, movetime, &openings, seed, |g, high_sente, r| {
            let side = if high_sente { "sente" } else { "gote" };
            eprintln!("  {high} vs {low} game {}: level {high} as {side}: {r:?}", g + 1);
        });
        println!(
            "{low:>2}-{high:<2}  {high:>4}  {:>4} {:>5} {:>6}  {:>4.0}%",
            score.wins,
            score.draws,
            score.losses,
            100.0 * score.ratio()
        );
    }
    ExitCode::SUCCESS
}

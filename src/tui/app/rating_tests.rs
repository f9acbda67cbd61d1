//! State-machine tests of the rating: which games are rated, what makes one unrated and how the
//! status line says so, a rated game handed to the files lane once, a resumed game keeping its
//! standing, and the result line and rating screen as drawn.

use super::*;
use crate::core::Move;
use crate::study::rating::Outcome;
use crate::tui::event::Command;
use crate::tui::jobs::{FileJob, FileReport, JobRequest, Report};
use crate::tui::storage::ratings::{RatedGame, RatingBook};
use std::time::Instant;

fn choice(mode: GameMode, level: u8, handicap: usize) -> NewGameChoice {
    NewGameChoice {
        mode,
        level: Level::new(level).unwrap(),
        gote_level: Level::new(level).unwrap(),
        clock: None,
        clock_side: None,
        handicap,
        ..NewGameChoice::default()
    }
}

/// A game of you (sente) against level 1, with the computer's first answer played.
fn rated_game() -> App {
    let mut app = App::new(Position::startpos());
    app.start_new_game(choice(GameMode::HumanSente, 1, 0));
    play(&mut app, &["7g7f", "3c3d"]);
    app
}

fn play(app: &mut App, moves: &[&str]) {
    for m in moves {
        assert!(app.submit_move(Move::from_usi(m).unwrap()), "{m}: {}", app.message());
        assert!(rate_jobs(app).is_empty());
    }
}

/// The games the app hands to the files lane to be rated after the last event.
fn rate_jobs(app: &mut App) -> Vec<RatedGame> {
    app.commands(Instant::now())
        .into_iter()
        .filter_map(|c| match c {
            Command::Start(JobRequest::Files(FileJob::Rate { game, .. })) => Some(*game),
            _ => None,
        })
        .collect()
}

/// Rates `game` in the app's book (kept nowhere) as the files lane does, and reports it back.
fn rate(app: &mut App, game: &RatedGame) {
    let mut book = app.rating().book().clone();
    let (game, written) = book.rate_once(game);
    let report = FileReport::Rated { book: Box::new(book), game: Box::new(game), written, note: None };
    app.on_job(Report::Files(report), Instant::now());
}

fn resign(app: &mut App) {
    app.open_popup(Popup::ConfirmResign);
    app.resign();
}

#[test]
fn a_game_against_a_level_played_to_an_end_is_rated_once() {
    let mut app = rated_game();
    assert_eq!(app.rating().standing(), RatedStanding::Rated { sente: true, level: Level::MIN });
    resign(&mut app);
    let games = rate_jobs(&mut app);
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!((g.player.as_str(), g.level, g.side.as_str(), g.result), ("you", 1, "sente", Outcome::Loss));
    assert_eq!(g.level_rating, Level::MIN.rating().rating);
    assert_eq!(g.started.as_deref(), app.record().header("開始日時"));
    assert_eq!(app.rating().standing(), RatedStanding::Handed);
    // handed in once: later events hand nothing
    assert!(rate_jobs(&mut app).is_empty());
    app.undo();
    assert!(rate_jobs(&mut app).is_empty());
    rate(&mut app, g);
    let kept = app.rating().rated(app.record(), "you").expect("rated").clone();
    assert!(kept.after.rating < kept.before.rating, "{kept:?}");
    let said = format!("rating {} ({:+.0}) · provisional", kept.after.figure(), kept.change());
    assert!(app.message().contains(&said), "{}", app.message());
}

#[test]
fn every_ending_counts_and_the_player_name_is_the_settings() {
    let mut app = App::new(Position::startpos());
    let mut settings = app.settings().clone();
    settings.player_name = "hanako".into();
    app.set_settings(settings);
    app.start_new_game(choice(GameMode::HumanSente, 4, 0));
    // a declaration that does not meet the conditions loses
    app.declare();
    let games = rate_jobs(&mut app);
    assert_eq!(games.len(), 1, "{}", app.message());
    assert_eq!((games[0].player.as_str(), games[0].level, games[0].result), ("hanako", 4, Outcome::Loss));
    // playing gote and the computer resigning: a win for you
    let mut app = App::new(Position::startpos());
    app.start_new_game(choice(GameMode::HumanGote, 2, 0));
    play(&mut app, &["7g7f"]);
    // the computer (sente) resigns after your move
    resign_side_to_move_after(&mut app, "3c3d");
    let games = rate_jobs(&mut app);
    assert_eq!((games[0].side.as_str(), games[0].result), ("gote", Outcome::Win));
}

/// Plays `m` (yours), then the computer to move resigns.
fn resign_side_to_move_after(app: &mut App, m: &str) {
    play(app, &[m]);
    app.resign();
}

#[test]
fn each_disqualifier_makes_the_game_unrated_and_the_status_line_says_why() {
    type Act = fn(&mut App);
    let cases: [(Unrated, &str, Act); 6] = [
        (Unrated::TakeBack, "take-back", |app| app.undo()),
        (Unrated::Hint, "hint", |app| app.request_hint()),
        (Unrated::Analysis, "analysis", |app| app.toggle_analysis()),
        (Unrated::PositionEdit, "position edit", |app| app.open_editor()),
        (Unrated::Takeover, "takeover", |app| app.take_over()),
        (Unrated::LevelChange, "level change", |app| app.play.levels = [Level::MAX; 2]),
    ];
    for (why, words, act) in cases {
        let mut app = rated_game();
        app.settings.help_in_games = true;
        act(&mut app);
        assert!(rate_jobs(&mut app).is_empty());
        assert_eq!(app.rating().standing(), RatedStanding::Unrated(why), "{words}");
        let said = format!("unrated: {words}");
        assert!(app.message().contains(&said), "{words}: {}", app.message());
        let now = Instant::now();
        assert!(crate::tui::view::screen_text(&app, 120, 40, now).contains(&said), "{words}");
        // and it stays unrated to the end
        if app.editor().is_some() {
            app.editor_exit(EditorExit::Cancel);
        }
        app.resign();
        assert!(rate_jobs(&mut app).is_empty(), "{words}");
    }
}

#[test]
fn a_take_back_seen_in_the_record_alone_still_counts() {
    // back with ← and another move: the game's line branches
    let mut app = rated_game();
    app.game.back();
    app.game.back();
    play_unchecked(&mut app, "2g2f");
    assert!(rate_jobs(&mut app).is_empty());
    assert_eq!(app.rating().standing(), RatedStanding::Unrated(Unrated::TakeBack));
}

fn play_unchecked(app: &mut App, m: &str) {
    assert!(app.submit_move(Move::from_usi(m).unwrap()));
}

#[test]
fn games_that_are_not_one_person_against_a_built_in_level_from_the_even_start_are_unrated() {
    let unrated =
        |c: NewGameChoice, external: bool, set_up: bool| RatedStanding::of_choice(&c, external, set_up);
    let u = RatedStanding::Unrated;
    assert_eq!(unrated(choice(GameMode::HotSeat, 3, 0), false, false), u(Unrated::NotAgainstLevel));
    assert_eq!(unrated(choice(GameMode::EngineVsEngine, 3, 0), false, false), u(Unrated::NotAgainstLevel));
    assert_eq!(unrated(choice(GameMode::HumanSente, 3, 1), false, false), u(Unrated::Handicap));
    assert_eq!(unrated(choice(GameMode::HumanSente, 3, 0), true, false), u(Unrated::ExternalEngine));
    assert_eq!(unrated(choice(GameMode::HumanGote, 3, 0), false, true), u(Unrated::SetUpPosition));
    assert_eq!(
        unrated(choice(GameMode::HumanGote, 3, 0), false, false),
        RatedStanding::Rated { sente: false, level: Level::new(3).unwrap() }
    );
    // played to an end, a handicap game hands nothing in
    let mut app = App::new(Position::startpos());
    app.start_new_game(choice(GameMode::HumanSente, 1, 1));
    app.resign();
    assert!(rate_jobs(&mut app).is_empty());
    // nor does a record opened for review
    let mut app = rated_game();
    app.replace_record(crate::record::GameRecord::default());
    app.resign();
    assert!(rate_jobs(&mut app).is_empty());
}

/// The session as the autosave writes it and the next launch reads it back.
fn resumed(app: &App) -> App {
    let text = serde_json::to_string(&app.session(Instant::now())).unwrap();
    let session = Session::from_file(Some(&text), app.record());
    App::resume(app.record().clone(), &session, app.settings().clone(), Instant::now())
}

#[test]
fn a_game_resumed_after_a_restart_stays_rated_and_is_rated_once() {
    let app = rated_game();
    let mut back = resumed(&app);
    assert_eq!(back.rating().standing(), RatedStanding::Rated { sente: true, level: Level::MIN });
    play(&mut back, &["2g2f"]);
    back.resign();
    let games = rate_jobs(&mut back);
    assert_eq!(games.len(), 1);
    // killed before the autosave said it was handed in: the book rates the game once
    rate(&mut back, &games[0]);
    let mut again = resumed(&app);
    again.set_ratings(back.rating().book().clone());
    play(&mut again, &["2g2f"]);
    again.resign();
    let games = rate_jobs(&mut again);
    rate(&mut again, &games[0]);
    assert_eq!(again.rating().book().player("you").games, 1);
    // handed in and saved so: not handed in again
    let mut done = resumed(&back);
    assert_eq!(done.rating().standing(), RatedStanding::Handed);
    assert!(rate_jobs(&mut done).is_empty());
    // an unrated game stays unrated, and a session from before ratings is not rated
    let mut took_back = rated_game();
    took_back.undo();
    assert!(rate_jobs(&mut took_back).is_empty());
    let back = resumed(&took_back);
    assert_eq!(back.rating().standing(), RatedStanding::Unrated(Unrated::TakeBack));
    let old = Session::from_file(Some(r#"{"players":["Human","Engine"],"level":1}"#), app.record());
    assert_eq!(old.rating, RatedStanding::Unrated(Unrated::NotKept));
}

#[test]
fn the_result_line_and_the_rating_screen_are_drawn() {
    let mut app = rated_game();
    let now = Instant::now();
    assert!(crate::tui::view::screen_text(&app, 120, 40, now).contains("· rated"));
    resign(&mut app);
    let games = rate_jobs(&mut app);
    rate(&mut app, &games[0]);
    let g = app.rating().rated(app.record(), "you").unwrap().clone();
    let screen = crate::tui::view::screen_text(&app, 120, 40, now);
    let line = format!("rating {} ({:+.0})", g.after.figure(), g.change());
    assert!(screen.contains(&line), "{screen}");
    assert!(line.contains('?') && line.contains(" ± "), "{line}");
    // the rating screen: the rating, the graph's title, results by level and side, the level
    // for an even game
    app.open_rating();
    let screen = crate::tui::view::screen_text(&app, 120, 40, now);
    for text in [
        "Rating · you",
        &format!("{} · 1 rated game ·", g.after.figure()),
        "rating after each rated game",
        "by level  1: 0 won 1 lost 0 drawn",
        "by side  sente 0 won 1 lost 0 drawn · gote 0 won 0 lost 0 drawn",
        "For an even game: level",
    ] {
        assert!(screen.contains(text), "{text}:\n{screen}");
    }
    // the graph is drawn (braille dots) and a key closes the screen
    assert!(screen.chars().any(|c| ('\u{2801}'..='\u{28ff}').contains(&c)), "{screen}");
    app.close_popup();
    assert_eq!(app.popup(), None);
    // with no games: says how to get one, and still suggests a level
    let mut fresh = App::new(Position::startpos());
    fresh.set_ratings(RatingBook::in_memory());
    fresh.open_rating();
    let screen = crate::tui::view::screen_text(&fresh, 100, 30, now);
    let (even, _) = crate::study::rating::even_level(&crate::study::rating::START);
    let suggestion = format!("For an even game: level {} ({:.0})", even.get(), even.rating().rating);
    assert!(screen.contains("No rated games yet") && screen.contains(&suggestion), "{screen}");
    // the sentence is wider than the window: it wraps whole inside it
    assert!(screen.contains("│ analysis."), "{screen}");
}

#[test]
fn the_new_game_dialog_says_whether_the_game_will_be_rated() {
    let mut app = App::new(Position::startpos());
    app.open_new_game();
    app.edit_new_game(|c| *c = choice(GameMode::HumanSente, 4, 0));
    let now = Instant::now();
    let screen = crate::tui::view::screen_text(&app, 120, 40, now);
    let figure = Level::new(4).unwrap().rating().rating;
    assert!(screen.contains(&format!("Rated game (level 4 · {figure:.0})")), "{screen}");
    // the level row and, once the game starts, the status line carry the measured figure
    assert!(screen.contains(&format!("computer level: ◀  4 ▶ · {figure:.0}")), "{screen}");
    app.edit_new_game(|c| c.handicap = 1);
    let screen = crate::tui::view::screen_text(&app, 120, 40, now);
    assert!(screen.contains("Unrated game: handicap games are unrated until"), "{screen}");
    app.edit_new_game(|c| *c = choice(GameMode::HotSeat, 4, 0));
    let screen = crate::tui::view::screen_text(&app, 120, 40, now);
    assert!(screen.contains("Unrated game: not you against a built-in level"), "{screen}");
    app.edit_new_game(|c| *c = choice(GameMode::HumanSente, 4, 0));
    app.confirm_new_game();
    let screen = crate::tui::view::screen_text(&app, 120, 40, now);
    assert!(screen.contains(&format!("level 4 · {figure:.0} · rated")), "{screen}");
}

/// A book in which `you` have played one rated game that left them at `rating` ± `deviation`.
fn book_at(dir: &crate::tui::test_dir::TempDir, rating: f64, deviation: f64) -> RatingBook {
    use crate::study::rating::{Rating, START};
    let file = dir.0.join("ratings.json");
    let game = RatedGame {
        player: "you".into(),
        date: "2026-11-28 10:00:00".into(),
        level: 10,
        level_rating: Level::MAX.rating().rating,
        level_deviation: Level::MAX.rating().deviation,
        side: "sente".into(),
        handicap: None,
        result: Outcome::Loss,
        before: START,
        after: Rating { rating, deviation, volatility: 0.06 },
        started: None,
    };
    let text = serde_json::json!({ "version": 1, "games": [game] }).to_string();
    std::fs::write(&file, text).unwrap();
    let (book, note) = RatingBook::load(file);
    assert_eq!(note, None);
    book
}

#[test]
fn the_rating_screen_suggests_a_handicap_against_level_10_to_a_player_far_below_it() {
    let dir = crate::tui::test_dir::TempDir::new("rating-handicap");
    let now = Instant::now();
    let top = Level::MAX.rating().rating;
    let screen_of = |rating: f64, deviation: f64, language| {
        let mut app = App::new(Position::startpos());
        app.set_settings(crate::tui::settings::Settings { language, ..Default::default() });
        app.set_ratings(book_at(&dir, rating, deviation));
        app.open_rating();
        crate::tui::view::screen_text(&app, 120, 40, now)
    };
    use crate::tui::settings::Language::{En, Ja};
    // six ranks below level 10: 二枚落ち, with what level 10 takes off
    let screen = screen_of(top - 600.0, 80.0, En);
    let line =
        format!("Against level 10 ({top:.0}), 6 ranks above: 二枚落ち, level 10 gives rook and bishop");
    assert!(screen.contains(&line), "{line}\n{screen}");
    assert!(!screen.contains("provisional"), "{screen}");
    let screen = screen_of(top - 600.0, 80.0, Ja);
    let line = format!("レベル10 ({top:.0}) とは6段級差: 二枚落ち (レベル10が飛車と角を落とす)");
    assert!(screen.contains(&line), "{line}\n{screen}");
    // a provisional rating gets it too, and says so
    let screen = screen_of(top - 300.0, 200.0, En);
    assert!(screen.contains("3 ranks above: 角落ち, level 10 gives bishop"), "{screen}");
    // (the line wraps in the window)
    assert!(screen.contains("gives bishop · from a") && screen.contains("provisional rating"), "{screen}");
    let screen = screen_of(top - 300.0, 200.0, Ja);
    assert!(screen.contains("角落ち (レベル10が角を落とす) · 暫定のレーティングから"), "{screen}");
    // near level 10: an even game, and no handicap
    for rating in [top - 100.0, top + 200.0] {
        let screen = screen_of(rating, 80.0, En);
        assert!(screen.contains("For an even game: level") && !screen.contains("Against level"), "{screen}");
    }
}

fn press(app: &mut App, c: char) {
    let k = crossterm::event::KeyEvent::new(
        crossterm::event::KeyCode::Char(c),
        crossterm::event::KeyModifiers::NONE,
    );
    crate::tui::input::handle_key(app, k);
}

#[test]
fn n_on_the_rating_screen_opens_the_new_game_dialog_set_for_the_handicap_suggested() {
    let dir = crate::tui::test_dir::TempDir::new("rating-handicap-key");
    let now = Instant::now();
    let top = Level::MAX.rating().rating;
    let mut app = App::new(Position::startpos());
    app.set_ratings(book_at(&dir, top - 600.0, 80.0));
    app.open_rating();
    let screen = crate::tui::view::screen_text(&app, 120, 40, now);
    assert!(screen.contains("n handicap game · Esc close"), "{screen}");
    press(&mut app, 'n');
    let Some(Popup::NewGame(c)) = app.popup().cloned() else { panic!("no dialog: {:?}", app.popup()) };
    let handicap = crate::record::HANDICAPS[c.handicap].name;
    assert_eq!((c.mode, c.level, handicap), (GameMode::HumanSente, Level::MAX, "二枚落ち"));
    // the dialog says the handicap game is unrated, and it starts from the handicap's position
    let screen = crate::tui::view::screen_text(&app, 120, 40, now);
    assert!(screen.contains("Unrated game: handicap games are unrated"), "{screen}");
    app.confirm_new_game();
    assert_eq!(app.popup(), None);
    let start = Position::from_sfen(crate::record::HANDICAPS[c.handicap].sfen).unwrap();
    assert_eq!(app.record().initial(), &start);
    assert_eq!(app.pos().side_to_move(), crate::core::Color::White, "上手 (level 10) moves first");
    // near level 10 there is nothing to suggest: the screen says any key closes, `n` opens the
    // dialog as last chosen, another key closes
    let mut app = App::new(Position::startpos());
    app.set_ratings(book_at(&dir, top - 50.0, 80.0));
    app.open_rating();
    let screen = crate::tui::view::screen_text(&app, 120, 40, now);
    assert!(screen.contains("any key closes") && !screen.contains("handicap game"), "{screen}");
    press(&mut app, 'n');
    assert_eq!(app.popup().cloned(), Some(Popup::NewGame(app.last_choice())));
    app.open_rating();
    press(&mut app, 'x');
    assert_eq!(app.popup(), None);
}

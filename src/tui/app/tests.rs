//! State-machine tests of the app: clicks, keys, typed moves, promotion prompts, undo/redo and
//! variations, game endings, clocks and handicaps.

use super::tests_support::{assert_same_tree, reopen};
use super::*;
use crate::core::{Color, Move};
use crate::engine::levels::Level;
use crate::record::SpecialKind;

fn choice(mode: GameMode, level: u8, time: usize, handicap: usize) -> NewGameChoice {
    NewGameChoice {
        mode,
        level: Level::new(level).unwrap(),
        gote_level: Level::new(level).unwrap(),
        clock: super::clock::preset(time),
        clock_side: None,
        handicap,
        names: Default::default(),
        naming: None,
    }
}

fn sq(s: &str) -> Square {
    Square::from_usi(s).unwrap()
}

#[test]
fn select_and_move_with_clicks() {
    let mut app = App::new(Position::startpos());
    app.click_square(sq("7g"));
    assert_eq!(app.board.selection, Some(Selection::Square(sq("7g"))));
    assert_eq!(app.destinations(), vec![sq("7f")]);
    app.click_square(sq("7f"));
    assert_eq!(app.ply(), 1);
    assert_eq!(app.pos().side_to_move(), Color::White);
}

#[test]
fn illegal_target_is_refused_with_message() {
    let mut app = App::new(Position::startpos());
    app.click_square(sq("7g"));
    app.click_square(sq("7e"));
    assert_eq!(app.ply(), 0);
    assert!(app.message().contains("７五"), "{}", app.message());
}

#[test]
fn cursor_refusals_give_the_reason_from_core() {
    // the 金 on ５八 is pinned by the 飛 on ５一
    let mut app = App::new(Position::from_sfen("4r4/9/9/9/9/9/9/4G4/4K4 b - 1").unwrap());
    app.click_square(sq("5h"));
    app.click_square(sq("6h"));
    assert_eq!(app.ply(), 0);
    assert!(app.message().contains("pinned") && app.message().contains("５一"), "{}", app.message());

    // 二歩 by a drop chosen with the cursor, in Japanese when the interface is
    let mut app = App::new(Position::from_sfen("4k4/9/9/9/9/9/4P4/9/4K4 b P 1").unwrap());
    let mut settings = crate::tui::settings::Settings::default();
    settings.language = crate::tui::settings::Language::Ja;
    app.set_settings(settings);
    app.board.selection = Some(Selection::Hand(crate::core::PieceKind::Pawn));
    app.click_square(sq("5e"));
    assert_eq!(app.ply(), 0);
    assert!(app.message().contains("二歩"), "{}", app.message());

    // a pawn that must promote on the last rank but is pinned: the reason is the promoting move's
    let mut app = App::new(Position::from_sfen("9/K3P3r/9/9/9/9/9/9/8k b - 1").unwrap());
    app.click_square(sq("5b"));
    app.click_square(sq("5a"));
    assert_eq!(app.ply(), 0);
    assert!(app.message().contains("pinned") && app.message().contains("１二"), "{}", app.message());
}

#[test]
fn typed_refusals_follow_the_interface_language() {
    let mut app = App::new(Position::startpos());
    assert!(!app.submit_typed("55飛"));
    let english = app.message().to_string();
    assert!(english.starts_with("55飛: ") && english.contains("５五"), "{english}");
    let mut settings = crate::tui::settings::Settings::default();
    settings.language = crate::tui::settings::Language::Ja;
    app.set_settings(settings);
    assert!(!app.submit_typed("55飛"));
    assert_ne!(app.message(), english);
    assert!(app.message().contains("５五"), "{}", app.message());
}

#[test]
fn optional_promotion_asks_forced_does_not() {
    let mut app = App::new(Position::from_sfen("4k4/9/9/7P1/9/9/9/9/4K4 b - 1").unwrap());
    app.click_square(sq("2d"));
    app.click_square(sq("2c"));
    assert_eq!(app.popup().cloned(), Some(Popup::Promotion { from: sq("2d"), to: sq("2c") }));
    app.answer_promotion(false);
    assert_eq!(app.pos().last_move().unwrap().usi(), "2d2c");

    let mut app = App::new(Position::from_sfen("4k4/7P1/9/9/9/9/9/9/4K4 b - 1").unwrap());
    app.click_square(sq("2b"));
    app.click_square(sq("2a"));
    assert!(app.popup().is_none());
    assert_eq!(app.pos().last_move().unwrap().usi(), "2b2a+");
}

#[test]
fn drop_from_hand_with_keyboard() {
    let mut app = App::new(Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b G 1").unwrap());
    app.toggle_hand_focus();
    assert_eq!(app.board.focus, Focus::Hand(2));
    app.activate();
    assert_eq!(app.board.selection, Some(Selection::Hand(crate::core::PieceKind::Gold)));
    app.board.cursor = sq("5b");
    app.activate();
    assert_eq!(app.pos().last_move().unwrap().usi(), "G*5b");
    assert!(app.message().contains("check"));
}

#[test]
fn undo_redo_and_new_branch() {
    let mut app = App::new(Position::startpos());
    assert!(app.submit_typed("7g7f"));
    assert!(app.submit_typed("3c3d"));
    app.undo();
    app.undo();
    assert_eq!(app.ply(), 0);
    app.redo();
    assert_eq!(app.ply(), 1);
    assert!(!app.submit_typed("7g7f"));
    assert!(app.message().contains("there is no piece on ７七"), "{}", app.message());
    assert!(app.submit_typed("8c8d"));
    // the old line stays as a variation
    assert_eq!(app.game.record().node(crate::record::ROOT).children().len(), 1);
    let first = app.game.record().node(crate::record::ROOT).children()[0];
    assert_eq!(app.game.record().node(first).children().len(), 2);
    app.switch_variation(1);
    assert_eq!(app.pos().last_move().unwrap().usi(), "3c3d");
}

#[test]
fn cursor_moves_follow_flip() {
    let mut app = App::new(Position::startpos());
    app.board.cursor = sq("5e");
    app.move_cursor(1, 0);
    assert_eq!(app.board.cursor, sq("4e"));
    app.board.flipped = true;
    app.move_cursor(1, 0);
    assert_eq!(app.board.cursor, sq("5e"));
    app.move_cursor(0, 1);
    assert_eq!(app.board.cursor, sq("5d"));
}

#[test]
fn new_game_sets_players_and_flips_for_gote() {
    let mut app = App::new(Position::startpos());
    assert!(app.submit_typed("7g7f"));
    app.open_new_game();
    // the dialog starts from the settings (by default: you ☗ against the computer, level 3)
    assert_eq!(app.popup().cloned(), Some(Popup::NewGame(choice(GameMode::HumanSente, 3, 0, 0))));
    app.start_new_game(choice(GameMode::HumanGote, 3, 0, 0));
    assert_eq!(app.play.players, [Player::Engine, Player::Human]);
    assert!(app.board.flipped);
    assert_eq!(app.ply(), 0);
    assert!(app.engine_to_move());
    // a human cannot move for the engine
    app.click_square(sq("7g"));
    assert!(app.board.selection.is_none());
    assert_eq!(app.message(), "the computer is to move: wait for its move");
}

/// Picking up a piece while the computer is to move is refused in the interface's language.
#[test]
fn a_refused_pick_up_is_said_in_the_interface_language() {
    let mut app = App::new(Position::startpos());
    let mut settings = crate::tui::settings::Settings::default();
    settings.language = crate::tui::settings::Language::Ja;
    app.set_settings(settings);
    app.start_new_game(choice(GameMode::HumanGote, 3, 0, 0));
    app.click_square(sq("7g"));
    assert_eq!(app.message(), "コンピュータの手番です: 指すまでお待ちください");
}

#[test]
fn resign_and_declaration_end_the_line() {
    let mut app = App::new(Position::startpos());
    app.resign();
    assert!(app.line_ended());
    assert!(!app.submit_typed("7g7f"));
    assert!(app.message().contains("game is over"));
    assert_eq!(
        app.game.record().outcome(),
        crate::record::Outcome::Win(Color::White),
        "sente resigned at the start"
    );

    let sfen = "+R+B2K4/9/+P+P+P+P+P+P+P+P+P/9/9/9/9/9/8k b 2G2S2N2LP2g2s2n2l8p 1";
    let mut app = App::new(Position::from_sfen(sfen).unwrap());
    assert!(app.declaration_summary().contains("points: 28/28"));
    let mut settings = crate::tui::settings::Settings::default();
    settings.language = crate::tui::settings::Language::Ja;
    app.set_settings(settings);
    assert!(app.declaration_summary().contains("点数: 28/28"), "{}", app.declaration_summary());
    app.declare();
    assert_eq!(app.game.record().outcome(), crate::record::Outcome::Win(Color::Black));

    let mut app = App::new(Position::startpos());
    app.declare();
    assert_eq!(app.game.record().outcome(), crate::record::Outcome::Win(Color::White));
    assert_eq!(app.record().ending().map(|s| s.kind), Some(SpecialKind::DeclarationLoss));
    assert!(app.message().contains("declaration loses"), "{}", app.message());
    // each format says who won; KIF says why in its summary and reads it back
    let text = kif(&app);
    assert!(
        text.contains("反則負け") && text.contains("まで0手で先手の入玉宣言失敗により後手の勝ち"),
        "{text}"
    );
    let back = reopen(app.record(), crate::record::Format::Kif);
    assert_eq!(back.ending().map(|s| s.kind), Some(SpecialKind::DeclarationLoss));
    for f in [crate::record::Format::Csa, crate::record::Format::Jkf] {
        let back = reopen(app.record(), f);
        assert_eq!(back.outcome(), crate::record::Outcome::Win(Color::White), "{f:?}");
    }
}

#[test]
fn timed_game_records_times_and_ends_on_time() {
    let mut app = App::new(Position::startpos());
    app.start_new_game(choice(GameMode::HotSeat, 5, 4, 0)); // 30 s per move
    assert!(app.play.clock.is_some());
    assert!(app.submit_typed("7g7f"));
    let first = app.game.node();
    assert!(app.game.record().node(first).time.is_some());
    // between two people on the clock, a take-back asks the other player first
    app.undo();
    assert_eq!(app.popup(), Some(&Popup::ConfirmTakeback));
    app.close_popup();
    assert_eq!(app.ply(), 1);
    // 31 s later gote's flag has fallen
    app.tick(std::time::Instant::now() + std::time::Duration::from_secs(31));
    assert!(app.line_ended());
    assert_eq!(app.game.record().outcome(), crate::record::Outcome::Win(Color::Black));
    assert!(app.message().contains("ran out of time"), "{}", app.message());
    assert!(!app.message().contains("切れ負け"), "one language at a time: {}", app.message());
}

#[test]
fn handicap_game_starts_with_uwate_to_move() {
    let mut app = App::new(Position::startpos());
    let i = crate::record::HANDICAPS.iter().position(|h| h.name == "二枚落ち").unwrap();
    app.start_new_game(choice(GameMode::HotSeat, 5, 0, i));
    assert_eq!(app.pos().side_to_move(), Color::White);
    assert!(app.pos().pieces(Color::White, crate::core::PieceKind::Rook).is_empty());
    assert_eq!(app.game.record().handicap().map(|h| h.name), Some("二枚落ち"));
}

fn think(app: &mut App, now: std::time::Instant) -> bool {
    let mut thinking = false;
    while let Some(cmd) = app.engine_command(now) {
        thinking = matches!(cmd, crate::tui::event::Command::Start(crate::tui::jobs::JobRequest::Think(_)));
    }
    thinking
}

fn done(usi: &str) -> crate::tui::jobs::EngineReport {
    crate::tui::jobs::EngineReport::Answer { best: Some(Move::from_usi(usi).unwrap()), declare_win: false }
}

#[test]
fn a_best_move_for_a_position_left_behind_is_dropped() {
    use crate::tui::event::Command;
    use crate::tui::jobs::{Computer, JobEvent, JobKind, Report, Runner};
    let t0 = std::time::Instant::now();
    let mut app = App::new(Position::startpos());
    app.start_new_game(choice(GameMode::EngineVsEngine, 1, 0, 0));
    app.set_pace(std::time::Duration::ZERO);
    // the loop's part: the runner hands out tickets and lets through the current job's answer
    let mut runner = Runner::new(|_| {}, Computer::builtin(crate::engine::levels::Level::MAX));
    let carry_out = |app: &mut App, runner: &mut Runner| {
        let mut ticket = None;
        for command in app.commands(t0) {
            match command {
                Command::Start(request) => ticket = Some(runner.start(request)),
                Command::Stop(kind) => runner.stop(kind),
                _ => {}
            }
        }
        ticket
    };
    let answer = |runner: &mut Runner, app: &mut App, ticket, usi| {
        let ev = JobEvent { ticket, kind: JobKind::Engine, report: Report::Engine(done(usi)), done: true };
        if let Some(ev) = runner.accept(ev) {
            app.on_job(ev.report, t0);
        }
    };
    let t1 = carry_out(&mut app, &mut runner).expect("sente thinks");
    answer(&mut runner, &mut app, t1, "7g7f");
    assert_eq!(app.ply(), 1);
    let t2 = carry_out(&mut app, &mut runner).expect("gote thinks");
    // the user takes the move back while gote thinks: the search restarts for sente
    app.undo();
    assert_eq!(app.ply(), 0);
    let t3 = carry_out(&mut app, &mut runner).expect("sente thinks again");
    // gote's late answer, for the position after 7g7f, must not be played here
    answer(&mut runner, &mut app, t2, "3c3d");
    assert_eq!(app.ply(), 0);
    assert_eq!(app.players(), [Player::Engine, Player::Engine], "{}", app.message());
    assert!(!app.line_ended());
    // even a late answer that happens to be legal here is dropped
    answer(&mut runner, &mut app, t2, "2g2f");
    assert_eq!(app.ply(), 0);
    answer(&mut runner, &mut app, t3, "2g2f");
    assert_eq!(app.pos().last_move().unwrap().usi(), "2g2f");
}

#[test]
fn computer_against_computer_keeps_a_watchable_pace() {
    let t0 = std::time::Instant::now();
    let mut app = App::new(Position::startpos());
    app.start_new_game(choice(GameMode::EngineVsEngine, 1, 0, 0));
    assert_eq!(app.pace(), std::time::Duration::from_millis(DEFAULT_PACE_MS));
    assert!(think(&mut app, t0));
    // the answer comes at once but waits for the pace
    app.on_engine_event(done("7g7f"), t0 + std::time::Duration::from_millis(10));
    assert_eq!(app.ply(), 0);
    assert!(!think(&mut app, t0 + std::time::Duration::from_millis(20)), "no second search meanwhile");
    app.tick(t0 + std::time::Duration::from_millis(500));
    assert_eq!(app.ply(), 0);
    app.tick(t0 + std::time::Duration::from_millis(1000));
    assert_eq!(app.ply(), 1);
    // slower and faster
    app.step_pace(1);
    assert_eq!(app.pace(), std::time::Duration::from_millis(2000));
    app.step_pace(-2);
    assert_eq!(app.pace(), std::time::Duration::from_millis(500));
}

#[test]
fn against_a_person_the_computer_takes_its_levels_natural_time() {
    use std::time::Duration;
    let t0 = std::time::Instant::now();
    let mut app = App::new(Position::startpos());
    app.start_new_game(choice(GameMode::HumanGote, 9, 0, 0));
    assert!(think(&mut app, t0));
    // level 9 found its move at once: it is held back until 1.2 s have passed, a timer the
    // event loop is asked to wake for
    app.on_engine_event(done("7g7f"), t0 + Duration::from_millis(200));
    assert_eq!(app.ply(), 0);
    let now = t0 + Duration::from_millis(200);
    assert_eq!(app.wake_at(now), Some(t0 + Duration::from_millis(1200)));
    app.tick(t0 + Duration::from_millis(1199));
    assert_eq!(app.ply(), 0);
    app.tick(t0 + Duration::from_millis(1200));
    assert_eq!(app.ply(), 1);
    // with the setting off, the answer is played when it comes
    let mut app = App::new(Position::startpos());
    let settings = crate::tui::settings::Settings { natural_thinking_time: false, ..Default::default() };
    app.set_settings(settings);
    app.start_new_game(choice(GameMode::HumanGote, 9, 0, 0));
    assert!(think(&mut app, t0));
    app.on_engine_event(done("7g7f"), t0 + Duration::from_millis(200));
    assert_eq!(app.ply(), 1);
}

#[test]
fn pause_stops_the_computer_and_take_over_hands_a_side_to_a_person() {
    let t0 = std::time::Instant::now();
    let mut app = App::new(Position::startpos());
    app.start_new_game(choice(GameMode::EngineVsEngine, 1, 0, 0));
    assert!(think(&mut app, t0));
    app.toggle_pause();
    assert!(app.paused());
    assert!(matches!(
        app.engine_command(t0),
        Some(crate::tui::event::Command::Stop(crate::tui::jobs::JobKind::Engine))
    ));
    assert!(!think(&mut app, t0), "no search while paused");
    app.on_engine_event(done("7g7f"), t0 + std::time::Duration::from_secs(5));
    app.tick(t0 + std::time::Duration::from_secs(5));
    assert_eq!(app.ply(), 0, "an answer arriving during the pause is not played");
    app.toggle_pause();
    assert!(think(&mut app, t0));
    // take over sente: the search stops, a person plays, the computer answers for gote
    app.take_over();
    assert_eq!(app.players(), [Player::Human, Player::Engine]);
    assert!(matches!(
        app.engine_command(t0),
        Some(crate::tui::event::Command::Stop(crate::tui::jobs::JobKind::Engine))
    ));
    assert!(app.submit_typed("7g7f"));
    assert!(think(&mut app, t0));
    assert_eq!(app.record().header("先手"), Some("you"), "taken over before any move: the new name");
    // the computer takes gote back after sente's move, and the header says from which move
    app.take_over(); // gote to move: the computer hands gote to a person
    // two people at one keyboard now: ☖'s is the guest, not a second "you"
    assert_eq!(app.record().header("後手"), Some("shogiban level 1→guest (from move 2)"));
    let kif = kif(&app);
    assert!(kif.contains("後手：shogiban level 1→guest (from move 2)"), "{kif}");
}

#[test]
fn each_side_has_its_own_level_in_computer_vs_computer() {
    use crate::tui::event::Command;
    use crate::tui::jobs::JobRequest;
    let t0 = std::time::Instant::now();
    let mut app = App::new(Position::startpos());
    app.set_settings(crate::tui::settings::Settings {
        language: crate::tui::settings::Language::En,
        ..Default::default()
    });
    // the dialog: ←/→ set ☗'s level, < and > ☖'s, both shown for computer vs computer
    app.open_new_game();
    app.edit_new_game(|c| c.mode = GameMode::EngineVsEngine);
    app.edit_new_game(|c| c.step_level(-2));
    for _ in 0..4 {
        app.edit_new_game(|c| c.step_gote_level(1));
    }
    let s = crate::tui::view::screen_text(&app, 100, 30, t0);
    let figure = |n| Level::new(n).unwrap().rating().rating;
    assert!(s.contains(&format!("☗ sente level: ◀  1 ▶ · {:.0}  (←/→)", figure(1))), "{s}");
    assert!(s.contains(&format!("☖ gote level: ◀  7 ▶ · {:.0}  (< / >)", figure(7))), "{s}");
    app.confirm_new_game();
    assert_eq!(app.levels().map(Level::get), [1, 7]);
    // remembered in the settings, and in the record's headers
    assert_eq!((app.settings().level.get(), app.settings().gote_level.get()), (1, 7));
    assert_eq!(app.record().header("先手"), Some("shogiban level 1"), "in the interface's language");
    assert_eq!(app.record().header("後手"), Some("shogiban level 7"));
    let s = crate::tui::view::screen_text(&app, 100, 30, t0);
    assert!(s.contains("☗ level 1 vs ☖ level 7"), "{s}");
    // each side's search is asked for at its own level
    app.set_pace(std::time::Duration::ZERO);
    let level = |app: &mut App| {
        app.commands(t0).into_iter().find_map(|c| match c {
            Command::Start(JobRequest::Think(t)) => Some(t.level.get()),
            _ => None,
        })
    };
    assert_eq!(level(&mut app), Some(1));
    app.on_engine_event(done("7g7f"), t0);
    assert_eq!(app.ply(), 1);
    assert_eq!(level(&mut app), Some(7));
    // and kept when the game is resumed
    let back = App::resume(app.record().clone(), &app.session(t0), app.settings().clone(), t0);
    assert_eq!(back.levels().map(Level::get), [1, 7]);
    // against a person one level, as before
    app.start_new_game(choice(GameMode::HumanSente, 4, 0, 0));
    assert_eq!(app.levels().map(Level::get), [4, 4]);
    assert_eq!(app.record().header("後手"), Some("shogiban level 4"));
    assert_eq!(app.record().header("先手"), Some("you"));
    // the Japanese interface writes Japanese names
    let mut ja = app.settings().clone();
    ja.language = crate::tui::settings::Language::Ja;
    app.set_settings(ja);
    app.start_new_game(choice(GameMode::HumanSente, 4, 0, 0));
    assert_eq!(app.record().header("先手"), Some("あなた"));
    assert_eq!(app.record().header("後手"), Some("shogiban レベル4"));
    // two people at one keyboard: ☖ is the guest
    app.start_new_game(choice(GameMode::HotSeat, 4, 0, 0));
    assert_eq!(app.record().header("先手"), Some("あなた"));
    assert_eq!(app.record().header("後手"), Some("ゲスト"));
}

fn kif(app: &App) -> String {
    crate::record::write_text(app.record(), crate::record::Format::Kif)
}

#[test]
fn checkmate_is_written_into_the_record() {
    let mut app = App::new(Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap());
    assert!(app.submit_typed("G*5b"));
    assert_eq!(
        app.record().node(app.game().node()).special.as_ref().map(|s| s.kind),
        Some(SpecialKind::Checkmate)
    );
    assert_eq!(app.record().outcome(), crate::record::Outcome::Win(Color::Black));
    assert!(kif(&app).contains("詰み"), "{}", kif(&app));
}

#[test]
fn sennichite_and_perpetual_check_are_written_into_the_record() {
    let mut app = App::new(Position::startpos());
    for _ in 0..3 {
        for m in ["5i4h", "5a4b", "4h5i", "4b5a"] {
            assert!(app.submit_typed(m), "{m}: {}", app.message());
        }
    }
    assert_eq!(
        app.record().node(app.game().node()).special.as_ref().map(|s| s.kind),
        Some(SpecialKind::Sennichite)
    );
    assert!(kif(&app).contains("千日手"), "{}", kif(&app));

    let sfen = "lnsg1gsnl/1r5b1/ppppppppp/4k4/9/5R3/PPPPPPPPP/1B7/LNSGKGSNL b - 1";
    let mut app = App::new(Position::from_sfen(sfen).unwrap());
    for _ in 0..3 {
        for m in ["4f5f", "5d4d", "5f4f", "4d5d"] {
            assert!(app.submit_typed(m), "{m}: {}", app.message());
        }
    }
    // sente kept checking: sente loses
    assert_eq!(app.record().outcome(), crate::record::Outcome::Win(Color::White));
    assert_eq!(app.record().ending().map(|s| s.kind), Some(SpecialKind::PerpetualCheck(Color::Black)));
    assert!(app.line_ended());
}

#[test]
fn engine_illegal_move_loses_and_is_written() {
    let t0 = std::time::Instant::now();
    let mut app = App::new(Position::startpos());
    app.start_new_game(choice(GameMode::HumanGote, 1, 0, 0));
    assert!(think(&mut app, t0));
    app.on_engine_event(done("7g7d"), t0 + std::time::Duration::from_secs(2));
    assert_eq!(
        app.record().node(app.game().node()).special.as_ref().map(|s| s.kind),
        Some(SpecialKind::IllegalLoss)
    );
    assert_eq!(app.record().outcome(), crate::record::Outcome::Win(Color::White));
}

#[test]
fn a_note_outlives_the_computers_quiet_answer_and_goes_with_the_players_move() {
    let t0 = std::time::Instant::now();
    let mut app = App::new(Position::startpos());
    app.start_new_game(choice(GameMode::HumanGote, 1, 0, 0));
    app.set_message("resumed 9 of 24 moves; line 14 could not be read");
    assert!(think(&mut app, t0));
    app.on_engine_event(done("7g7f"), t0 + std::time::Duration::from_secs(1));
    assert_eq!(app.ply(), 1);
    assert_eq!(app.message(), "resumed 9 of 24 moves; line 14 could not be read");
    assert!(app.submit_typed("3c3d"));
    assert_eq!(app.message(), "");
}

#[test]
fn jishogi_under_the_24_point_rule() {
    let sfen = "+R+B2K4/9/+P+P+P+P+P+P+P+P+P/9/9/9/9/9/8k b 2G2S2N2LP2g2s2n2l8p 1";
    let mut app = App::new(Position::from_sfen(sfen).unwrap());
    app.set_impasse_rule(crate::core::ImpasseRule::Jsa24);
    app.declare();
    assert_eq!(app.record().ending().map(|s| s.kind), Some(SpecialKind::Jishogi));
    assert_eq!(app.record().outcome(), crate::record::Outcome::Draw);
}

#[test]
fn undo_after_time_out_reopens_play_with_the_recorded_clock() {
    let t0 = std::time::Instant::now();
    let mut app = App::new(Position::startpos());
    app.start_new_game(choice(GameMode::HotSeat, 5, 1, 0)); // 10 min sudden death
    assert_eq!(app.record().header("持ち時間"), Some("10分切れ負け"), "KIF's header is Japanese");
    assert!(app.submit_typed("7g7f"));
    assert!(app.submit_typed("3c3d"));
    app.tick(t0 + std::time::Duration::from_secs(601));
    assert!(app.line_ended());
    let ended_at = app.game().node();
    app.undo();
    assert_eq!(app.ply(), 2, "play reopens where the time ran out");
    assert!(!app.line_ended());
    assert!(app.record().node(ended_at).special.is_none(), "the ending leaves the line");
    // the clocks are as recorded at move 2 (no time used in this test): sente to move with 10 min
    let c = app.clock().unwrap();
    assert_eq!(c.remaining, [600_000, 600_000]);
    assert!(app.submit_typed("2g2f"), "{}", app.message());
    // the saved record has no ending in the middle of a line
    let text = kif(&app);
    assert!(!text.contains("   3 切れ負け"), "{text}");
    assert!(app.record().ending().is_none());
    assert_same_tree(&reopen(app.record(), crate::record::Format::Kif), app.record());
}

#[test]
fn endings_reach_saved_kif_csa_and_jkf_files() {
    let dir = crate::tui::test_dir::TempDir::new("app-endings-saved");
    let mut app = App::new(Position::startpos());
    for _ in 0..3 {
        for m in ["5i4h", "5a4b", "4h5i", "4b5a"] {
            assert!(app.submit_typed(m), "{m}");
        }
    }
    for (name, want) in [("g.kifu", "千日手"), ("g.csa", "%SENNICHITE"), ("g.jkf", "SENNICHITE")] {
        let path = dir.0.join(name);
        assert!(super::tests_support::save_now(&mut app, &path), "{}", app.message());
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(want), "{name}:\n{text}");
    }
    let mut app = App::new(Position::startpos());
    assert!(app.submit_typed("7g7f"));
    app.resign();
    let path = dir.0.join("r.csa");
    assert!(super::tests_support::save_now(&mut app, &path));
    assert!(std::fs::read_to_string(&path).unwrap().contains("%TORYO"));
}

#[test]
fn game_messages_follow_the_interface_language() {
    let mut app = App::new(Position::startpos());
    app.undo();
    assert_eq!(app.message(), "at the start");
    let mut settings = crate::tui::settings::Settings::default();
    settings.language = crate::tui::settings::Language::Ja;
    app.set_settings(settings);
    app.undo();
    assert_eq!(app.message(), "開始局面です");
    app.redo();
    assert_eq!(app.message(), "この手順の最後です");
    app.resign();
    assert_eq!(app.message(), "投了 — ☗先手の投了");
    app.resign();
    assert_eq!(app.message(), "対局はもう終わっています");
}

#[test]
fn computer_messages_follow_the_interface_language() {
    let mut app = App::new(Position::startpos());
    app.toggle_pause();
    assert_eq!(app.message(), "nothing to pause: no computer and no clock in this game");
    let mut settings = crate::tui::settings::Settings::default();
    settings.language = crate::tui::settings::Language::Ja;
    app.set_settings(settings);
    app.toggle_pause();
    assert_eq!(app.message(), "一時停止するものはありません: この対局にはコンピュータも時計もありません");
    assert_eq!(GameMode::EngineVsEngine.label(app.text()), "コンピュータ同士");
}

#[test]
fn a_game_reaching_the_move_limit_ends_as_jishogi() {
    let mut app = App::new(Position::startpos());
    app.set_settings(crate::tui::settings::Settings { max_moves: Some(2), ..Default::default() });
    app.start_new_game(choice(GameMode::HotSeat, 1, 0, 0));
    assert!(app.submit_typed("7g7f"));
    assert!(!app.line_ended(), "one move is under the limit");
    assert!(app.submit_typed("3c3d"));
    assert!(app.line_ended());
    assert_eq!(app.record().outcome(), crate::record::Outcome::Draw);
    assert!(app.message().contains("2-move limit"), "{}", app.message());
    assert!(kif(&app).contains("持将棋"), "{}", kif(&app));
    assert!(!app.submit_typed("2g2f"), "no move after the ending");
    // take the last move back: play reopens, and the limit ends the game again
    app.undo();
    assert!(!app.line_ended());
    assert!(app.submit_typed("8c8d"));
    assert!(app.line_ended());
}

#[test]
fn the_move_limit_does_not_end_a_record_under_review() {
    let mut rec = crate::record::GameRecord::new(Position::startpos());
    rec.set_header("先手", "a");
    let mut app = App::with_record(rec);
    app.set_settings(crate::tui::settings::Settings { max_moves: Some(2), ..Default::default() });
    for m in ["7g7f", "3c3d", "2g2f"] {
        assert!(app.submit_typed(m), "{m}: {}", app.message());
    }
    assert!(!app.line_ended());
}

#[test]
fn engine_options_are_edited_as_name_value_text() {
    use crate::tui::app::SettingItem;
    let mut app = App::new(Position::startpos());
    app.open_settings();
    let row = SettingItem::EngineOptions.index() as i32;
    app.settings_row(row);
    app.settings_change(1);
    let ed = app.settings_editor().expect("the options open in a line editor");
    for c in "USI_Hash=256; Threads = 2".chars() {
        ed.insert(c);
    }
    app.settings_finish_edit(true);
    assert_eq!(app.settings().engine_options.get("USI_Hash").map(String::as_str), Some("256"));
    assert_eq!(app.settings().engine_options.get("Threads").map(String::as_str), Some("2"));
    assert!(app.take_settings_dirty());
    // a broken entry keeps the editor open with a message, and the options unchanged
    app.settings_change(1);
    let ed = app.settings_editor().unwrap();
    ed.end();
    for c in "; Ponder".chars() {
        ed.insert(c);
    }
    app.settings_finish_edit(true);
    assert!(app.message().contains("'Ponder'"), "{}", app.message());
    assert!(app.settings_editor().is_some(), "the text stays for correcting");
    assert_eq!(app.settings().engine_options.len(), 2);
    app.settings_finish_edit(false);
    assert!(app.settings_editor().is_none());
    assert_eq!(crate::tui::app::options_text(&app.settings().engine_options), "Threads=2; USI_Hash=256");
}

#[test]
fn the_players_name_goes_into_the_record_and_onto_the_screen() {
    use crate::tui::app::SettingItem;
    let mut app = App::new(Position::startpos());
    app.open_settings();
    app.settings_row(SettingItem::PlayerName.index() as i32);
    app.settings_change(1);
    let ed = app.settings_editor().expect("the name opens in a line editor");
    for c in "  Hanako ".chars() {
        ed.insert(c);
    }
    app.settings_finish_edit(true);
    assert_eq!(app.settings().player_name, "Hanako");
    // a name too long for a record is refused, the editor stays open
    app.settings_change(1);
    for _ in 0..40 {
        app.settings_editor().unwrap().insert('x');
    }
    app.settings_finish_edit(true);
    assert!(app.message().contains("at most 40"), "{}", app.message());
    assert!(app.settings_editor().is_some());
    app.settings_finish_edit(false);
    assert_eq!(app.settings().player_name, "Hanako");
    app.close_popup();

    app.start_new_game(choice(GameMode::HumanSente, 3, 0, 0));
    assert_eq!(app.record().header("先手"), Some("Hanako"));
    assert!(crate::record::write_text(app.record(), crate::record::Format::Kifu).contains("先手：Hanako"));
    let s = crate::tui::view::screen_text(&app, 100, 30, std::time::Instant::now());
    assert!(s.contains("Hanako ☗ vs computer"), "{s}");
    assert!(!s.contains("you ☗"), "{s}");
    // the new game's message and the new-game dialog name the player too
    assert_eq!(app.message(), "new game: ☗ Hanako (sente) vs ☖ computer");
    app.open_new_game();
    let s = crate::tui::view::screen_text(&app, 100, 30, std::time::Instant::now());
    assert!(s.contains("☗ Hanako vs ☖ computer"), "{s}");
    assert!(!s.contains("☗ you"), "{s}");
}

#[test]
fn a_handicap_game_names_the_sides_uwate_and_shitate() {
    let mut app = App::new(Position::startpos());
    app.set_settings(crate::tui::settings::Settings {
        language: crate::tui::settings::Language::Ja,
        ..Default::default()
    });
    // 香落ち: 上手 (☖) moves first
    app.start_new_game(choice(GameMode::HotSeat, 3, 0, 1));
    assert!(app.record().is_handicap_game());
    let s = crate::tui::view::screen_text(&app, 100, 30, std::time::Instant::now());
    assert!(s.contains("☖上手 1手目"), "{s}");
    app.resign();
    assert!(app.message().contains("☖上手の投了"), "{}", app.message());
    // an even game keeps 先手 and 後手
    app.start_new_game(choice(GameMode::HotSeat, 3, 0, 0));
    let s = crate::tui::view::screen_text(&app, 100, 30, std::time::Instant::now());
    assert!(s.contains("☗先手 1手目"), "{s}");
}

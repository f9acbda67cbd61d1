//! State-machine tests of the app: clicks, keys, typed moves, promotion prompts, undo/redo and
//! variations, game endings, clocks and handicaps.

use super::*;
use crate::core::Color;

fn choice(mode: GameMode, level: u8, time: usize, handicap: usize) -> NewGameChoice {
    NewGameChoice { mode, level, time, handicap }
}

fn sq(s: &str) -> Square {
    Square::from_usi(s).unwrap()
}

#[test]
fn select_and_move_with_clicks() {
    let mut app = App::new(Position::startpos());
    app.click_square(sq("7g"));
    assert_eq!(app.selection, Some(Selection::Square(sq("7g"))));
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
    assert!(app.message.contains("illegal"));
}

#[test]
fn optional_promotion_asks_forced_does_not() {
    let mut app = App::new(Position::from_sfen("4k4/9/9/7P1/9/9/9/9/4K4 b - 1").unwrap());
    app.click_square(sq("2d"));
    app.click_square(sq("2c"));
    assert_eq!(app.popup, Some(Popup::Promotion { from: sq("2d"), to: sq("2c") }));
    app.answer_promotion(false);
    assert_eq!(app.pos().last_move().unwrap().usi(), "2d2c");

    let mut app = App::new(Position::from_sfen("4k4/7P1/9/9/9/9/9/9/4K4 b - 1").unwrap());
    app.click_square(sq("2b"));
    app.click_square(sq("2a"));
    assert!(app.popup.is_none());
    assert_eq!(app.pos().last_move().unwrap().usi(), "2b2a+");
}

#[test]
fn drop_from_hand_with_keyboard() {
    let mut app = App::new(Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b G 1").unwrap());
    app.toggle_hand_focus();
    assert_eq!(app.focus, Focus::Hand(2));
    app.activate();
    assert_eq!(app.selection, Some(Selection::Hand(crate::core::PieceKind::Gold)));
    app.cursor = sq("5b");
    app.activate();
    assert_eq!(app.pos().last_move().unwrap().usi(), "G*5b");
    assert!(app.message.contains("check"));
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
    assert!(app.message.contains("not legal"));
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
    app.cursor = sq("5e");
    app.move_cursor(1, 0);
    assert_eq!(app.cursor, sq("4e"));
    app.flipped = true;
    app.move_cursor(1, 0);
    assert_eq!(app.cursor, sq("5e"));
    app.move_cursor(0, 1);
    assert_eq!(app.cursor, sq("5d"));
}

#[test]
fn new_game_sets_players_and_flips_for_gote() {
    let mut app = App::new(Position::startpos());
    assert!(app.submit_typed("7g7f"));
    app.open_new_game();
    assert_eq!(app.popup, Some(Popup::NewGame(choice(GameMode::HotSeat, 5, 0, 0))));
    app.start_new_game(choice(GameMode::HumanGote, 3, 0, 0));
    assert_eq!(app.players, [Player::Engine, Player::Human]);
    assert!(app.flipped);
    assert_eq!(app.ply(), 0);
    assert!(app.engine_to_move());
    // a human cannot move for the engine
    app.click_square(sq("7g"));
    assert!(app.selection.is_none());
}

#[test]
fn resign_and_declaration_end_the_line() {
    let mut app = App::new(Position::startpos());
    app.resign();
    assert!(app.line_ended());
    assert!(!app.submit_typed("7g7f"));
    assert!(app.message.contains("game is over"));
    assert_eq!(
        app.game.record().outcome(),
        crate::record::Outcome::Win(Color::White),
        "sente resigned at the start"
    );

    let sfen = "+R+B2K4/9/+P+P+P+P+P+P+P+P+P/9/9/9/9/9/8k b 2G2S2N2LP2g2s2n2l8p 1";
    let mut app = App::new(Position::from_sfen(sfen).unwrap());
    assert!(app.declaration_summary().contains("points: 28/28"));
    app.declare();
    assert_eq!(app.game.record().outcome(), crate::record::Outcome::Win(Color::Black));

    let mut app = App::new(Position::startpos());
    app.declare();
    assert_eq!(app.game.record().outcome(), crate::record::Outcome::Win(Color::White));
}

#[test]
fn timed_game_records_times_and_ends_on_time() {
    let mut app = App::new(Position::startpos());
    app.start_new_game(choice(GameMode::HotSeat, 5, 4, 0)); // 30 s per move
    assert!(app.clock.is_some());
    assert!(app.submit_typed("7g7f"));
    let first = app.game.node();
    assert!(app.game.record().node(first).time.is_some());
    // take-backs are refused while the clock runs
    app.undo();
    assert_eq!(app.ply(), 1);
    // 31 s later gote's flag has fallen
    app.tick(std::time::Instant::now() + std::time::Duration::from_secs(31));
    assert!(app.line_ended());
    assert_eq!(app.game.record().outcome(), crate::record::Outcome::Win(Color::Black));
    assert!(app.message.contains("切れ負け"));
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

//! State-machine tests of the position editor (局面編集): placing, removing, turning over and
//! promoting pieces, hands, the side to move, start positions, what is wrong with a position,
//! and the ways out (play, analyse, tsume, cancel).

use super::*;
use crate::core::{Color, Move, Piece, PieceKind, SetupProblem};
use crate::tui::app::tests_support::edit;
use crate::tui::settings::{Language, Settings};

fn sq(s: &str) -> Square {
    Square::from_usi(s).unwrap()
}

fn at(app: &App, s: &str) -> Piece {
    app.editor().unwrap().setup().piece_at(sq(s))
}

fn goto(app: &mut App, s: &str) {
    let target = sq(s);
    app.editor_mut().unwrap().slot = EditorSlot::Board(target);
}

fn problems(app: &App) -> Vec<SetupProblem> {
    app.editor().unwrap().problems()
}

fn in_english() -> Settings {
    Settings { language: Language::En, ..Settings::default() }
}

#[test]
fn pieces_are_placed_removed_turned_over_and_promoted() {
    let mut app = App::new(Position::startpos());
    app.set_settings(in_english());
    app.open_editor();
    assert_eq!(app.editor().unwrap().setup(), &crate::core::Setup::from_position(&Position::startpos()));
    goto(&mut app, "5e");
    edit(&mut app, |e, c| e.place(PieceKind::Silver, Color::Black, c));
    assert_eq!(at(&app, "5e"), Piece::new(Color::Black, PieceKind::Silver));
    assert_eq!(app.editor().unwrap().setup().in_box(PieceKind::Silver), -1);
    assert!(problems(&app).contains(&SetupProblem::TooManyPieces {
        kind: PieceKind::Silver,
        count: 5,
        max: 4
    }));
    edit(&mut app, |e, _| e.promote());
    assert_eq!(at(&app, "5e"), Piece::new(Color::Black, PieceKind::ProSilver));
    edit(&mut app, |e, _| e.promote());
    assert_eq!(at(&app, "5e"), Piece::new(Color::Black, PieceKind::Silver));
    edit(&mut app, |e, _| e.flip_owner());
    assert_eq!(at(&app, "5e"), Piece::new(Color::White, PieceKind::Silver));
    edit(&mut app, |e, c| e.remove(c));
    assert!(at(&app, "5e").is_empty());
    assert_eq!(problems(&app), vec![]);
    // a gold and a king cannot promote: nothing happens
    goto(&mut app, "6i");
    edit(&mut app, |e, _| e.promote());
    assert_eq!(at(&app, "6i"), Piece::new(Color::Black, PieceKind::Gold));
    // the cursor walks the board as drawn
    edit(&mut app, |e, c| e.move_cursor(-1, 0, c));
    assert_eq!(app.editor().unwrap().slot(), EditorSlot::Board(sq("7i")));
    edit(&mut app, |e, c| e.move_cursor(0, -1, c));
    assert_eq!(app.editor().unwrap().slot(), EditorSlot::Board(sq("7h")));
}

#[test]
fn hands_side_to_move_and_start_positions() {
    let mut app = App::new(Position::startpos());
    app.open_editor();
    edit(&mut app, |e, _| e.cycle_start(-1)); // the last choice: an empty board
    assert!(app.editor().unwrap().setup().board.iter().all(|p| p.is_empty()));
    assert_eq!(problems(&app), vec![SetupProblem::NoKing(Color::Black), SetupProblem::NoKing(Color::White)]);
    edit(&mut app, |e, _| e.cycle_start(-1)); // kings only
    assert_eq!(at(&app, "5i"), Piece::new(Color::Black, PieceKind::King));
    assert_eq!(at(&app, "5a"), Piece::new(Color::White, PieceKind::King));
    assert_eq!(problems(&app), vec![]);
    // Tab to ☗'s hand (rook first), then step to the gold; a letter adds that kind
    edit(&mut app, |e, _| e.tab());
    assert_eq!(app.editor().unwrap().slot(), EditorSlot::Hand(Color::Black, 0));
    edit(&mut app, |e, c| e.add(1, c));
    edit(&mut app, |e, c| e.add(1, c));
    edit(&mut app, |e, c| e.add(1, c));
    assert_eq!(app.editor().unwrap().setup().hands[0].count(PieceKind::Rook), 2, "a set has two rooks");
    assert!(!app.message().is_empty(), "the third rook is refused with a word");
    edit(&mut app, |e, c| e.place(PieceKind::Pawn, Color::White, c));
    assert_eq!(app.editor().unwrap().setup().hands[0].count(PieceKind::Pawn), 1);
    edit(&mut app, |e, _| e.flip_owner());
    assert_eq!(app.editor().unwrap().setup().hands[0].count(PieceKind::Pawn), 0);
    assert_eq!(app.editor().unwrap().setup().hands[1].count(PieceKind::Pawn), 1);
    edit(&mut app, |e, _| e.tab());
    assert!(matches!(app.editor().unwrap().slot(), EditorSlot::Hand(Color::White, _)));
    edit(&mut app, |e, c| e.remove(c));
    assert_eq!(app.editor().unwrap().setup().hands[1].count(PieceKind::Pawn), 0);
    edit(&mut app, |e, _| e.toggle_side());
    assert_eq!(app.editor().unwrap().setup().side, Color::White);
    // 平手 again from the start of the list
    edit(&mut app, |e, _| e.cycle_start(1));
    edit(&mut app, |e, _| e.cycle_start(1));
    assert_eq!(app.editor().unwrap().setup(), &crate::core::Setup::from_position(&Position::startpos()));
}

#[test]
fn what_is_wrong_is_said_and_stops_the_ways_out_it_must() {
    let mut app = App::new(Position::startpos());
    app.set_settings(in_english());
    app.open_editor();
    // 二歩 and a pawn on the last rank
    goto(&mut app, "5e");
    edit(&mut app, |e, c| e.place(PieceKind::Pawn, Color::Black, c));
    goto(&mut app, "1a");
    edit(&mut app, |e, c| e.place(PieceKind::Pawn, Color::Black, c));
    let ps = problems(&app);
    assert!(ps.contains(&SetupProblem::Nifu { color: Color::Black, file: 5 }), "{ps:?}");
    assert!(ps.contains(&SetupProblem::DeadPiece {
        square: sq("1a"),
        piece: Piece::new(Color::Black, PieceKind::Pawn)
    }));
    app.editor_exit(EditorExit::Play);
    assert!(app.editor().is_some(), "a game cannot start from here");
    assert!(app.message().contains("二歩") && app.message().contains("never move"), "{}", app.message());
    // two kings of a side stop everything
    goto(&mut app, "5e");
    edit(&mut app, |e, c| e.place(PieceKind::King, Color::White, c));
    app.editor_exit(EditorExit::Tsume);
    assert!(app.editor().is_some());
    assert!(app.message().contains("two kings"), "{}", app.message());
    // the side not to move in check
    let mut app = App::new(Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1").unwrap());
    app.set_settings(in_english());
    app.open_editor();
    goto(&mut app, "5e");
    edit(&mut app, |e, c| e.place(PieceKind::Rook, Color::Black, c));
    assert_eq!(problems(&app), vec![SetupProblem::OpponentInCheck]);
    app.editor_exit(EditorExit::Analyse);
    assert!(app.message().contains("not to move is in check"), "{}", app.message());
    edit(&mut app, |e, _| e.toggle_side());
    assert_eq!(problems(&app), vec![]);
}

#[test]
fn cancel_keeps_the_record_and_play_starts_from_the_edited_position() {
    let mut app = App::new(Position::startpos());
    assert!(app.submit_move(Move::from_usi("7g7f").unwrap()));
    let before = app.record().clone();
    app.open_editor();
    goto(&mut app, "5e");
    edit(&mut app, |e, c| e.place(PieceKind::Gold, Color::Black, c));
    edit(&mut app, |e, _| e.open_menu());
    edit(&mut app, |e, _| e.menu_step(-1)); // from the first row up to the last: cancel
    app.editor_menu_confirm();
    assert!(app.editor().is_none());
    assert!(app.record() == &before && app.ply() == 1);

    app.open_editor();
    edit(&mut app, |e, _| e.cycle_start(-1));
    edit(&mut app, |e, _| e.cycle_start(-1)); // kings only
    goto(&mut app, "5e");
    edit(&mut app, |e, c| e.place(PieceKind::Gold, Color::Black, c));
    app.editor_exit(EditorExit::Play);
    assert!(matches!(app.popup(), Some(Popup::NewGame(_))));
    app.edit_new_game(|c| c.mode = GameMode::HotSeat);
    app.confirm_new_game();
    assert!(app.editor().is_none());
    assert_eq!(app.record().initial().to_sfen(), "4k4/9/9/9/4G4/9/9/9/4K4 b - 1");
    assert!(app.submit_move(Move::from_usi("5e5d").unwrap()));
}

#[test]
fn analyse_and_tsume_from_the_editor() {
    let mut app = App::new(Position::startpos());
    app.open_editor();
    app.editor_exit(EditorExit::Analyse);
    assert!(app.editor().is_none() && app.analysing());
    assert_eq!(app.ply(), 0);

    // a tsume without the attacker's king: ☖ king 1a, ☗ pawn 1c, a gold in hand
    let mut app = App::new(Position::startpos());
    app.open_editor();
    edit(&mut app, |e, _| e.cycle_start(-1)); // empty
    goto(&mut app, "1a");
    edit(&mut app, |e, c| e.place(PieceKind::King, Color::White, c));
    goto(&mut app, "1c");
    edit(&mut app, |e, c| e.place(PieceKind::Pawn, Color::Black, c));
    edit(&mut app, |e, _| e.tab());
    edit(&mut app, |e, c| e.place(PieceKind::Gold, Color::Black, c));
    app.editor_exit(EditorExit::Play);
    assert!(app.editor().is_some(), "no game without ☗'s king");
    app.editor_exit(EditorExit::Tsume);
    assert!(app.editor().is_none());
    assert!(app.tsume().is_some());
    // the defender holds the rest of the box
    assert_eq!(app.pos().hand(Color::White).count(PieceKind::Pawn), 17);
    assert_eq!(app.pos().hand(Color::White).count(PieceKind::Gold), 3);
}

#[test]
fn clicks_put_down_turn_over_and_remove() {
    let mut app = App::new(Position::startpos());
    app.open_editor();
    goto(&mut app, "5e");
    edit(&mut app, |e, c| e.place(PieceKind::Knight, Color::White, c));
    edit(&mut app, |e, c| e.click(sq("4e"), false, c));
    assert_eq!(at(&app, "4e"), Piece::new(Color::White, PieceKind::Knight), "the last piece placed");
    edit(&mut app, |e, c| e.click(sq("7g"), false, c));
    assert_eq!(at(&app, "7g"), Piece::new(Color::Black, PieceKind::Pawn), "first click only picks");
    edit(&mut app, |e, c| e.click(sq("7g"), false, c));
    assert_eq!(at(&app, "7g"), Piece::new(Color::White, PieceKind::Pawn), "second click turns it over");
    edit(&mut app, |e, c| e.click(sq("7g"), true, c));
    assert!(at(&app, "7g").is_empty());
    edit(&mut app, |e, c| e.click_hand(Color::White, 2, false, c));
    assert_eq!(app.editor().unwrap().setup().hands[1].count(crate::core::PieceKind::HAND_SFEN_ORDER[2]), 1);
    edit(&mut app, |e, c| e.click_hand(Color::White, 2, true, c));
    assert!(app.editor().unwrap().setup().hands[1].is_empty());
}

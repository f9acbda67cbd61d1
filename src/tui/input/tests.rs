//! Keys and clicks routed to the app.

use super::*;
use crate::core::Position;
use crate::tui::view::{self, geometry};
use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};

fn key(c: KeyCode) -> Event {
    Event::Key(KeyEvent::new(c, KeyModifiers::NONE))
}

const AREA: Rect = Rect { x: 0, y: 0, width: 100, height: 20 };

#[test]
fn typed_move_shows_in_record() {
    let mut app = App::new(Position::startpos());
    handle_event(&mut app, key(KeyCode::Char(':')), AREA);
    for c in "7g7f".chars() {
        handle_event(&mut app, key(KeyCode::Char(c)), AREA);
    }
    handle_event(&mut app, key(KeyCode::Enter), AREA);
    assert_eq!(app.ply(), 1);
    let s = view::screen_text(&app, 100, 20, std::time::Instant::now());
    assert!(s.contains("▲７六歩(77)"), "{s}");
}

#[test]
fn mouse_clicks_play_a_move() {
    let mut app = App::new(Position::startpos());
    let a = view::areas(AREA, &app);
    let g = geometry::BoardGeometry::new(a.board, false);
    for s in ["2g", "2f"] {
        let r = g.rect_of(crate::core::Square::from_usi(s).unwrap());
        let ev = Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: r.x + 1,
            row: r.y,
            modifiers: KeyModifiers::NONE,
        });
        handle_event(&mut app, ev, AREA);
    }
    assert_eq!(app.pos().last_move().unwrap().usi(), "2g2f");
}

#[test]
fn quit_asks_first() {
    let mut app = App::new(Position::startpos());
    handle_event(&mut app, key(KeyCode::Char('q')), AREA);
    assert!(!app.should_quit());
    handle_event(&mut app, key(KeyCode::Char('y')), AREA);
    assert!(app.should_quit());
}

#[test]
fn a_remapped_key_does_the_action_and_the_help_and_the_key_bar_show_it() {
    let text = r#"{"version": 1, "keys": {"undo": "z"}}"#;
    let parsed = crate::tui::settings::parse(text, crate::tui::settings::Settings::default());
    assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
    let mut app = App::new(Position::startpos());
    app.set_settings(parsed.settings);
    assert!(app.submit_typed("7g7f"));
    handle_event(&mut app, key(KeyCode::Char('u')), AREA);
    assert_eq!(app.ply(), 1, "u is no longer undo");
    let s = view::screen_text(&app, 100, 30, std::time::Instant::now());
    assert!(s.contains("z undo") && !s.contains("u undo"), "{s}");
    handle_event(&mut app, key(KeyCode::Char('z')), AREA);
    assert_eq!(app.ply(), 0, "z takes the move back");
    handle_event(&mut app, key(KeyCode::Char('?')), AREA);
    let s = view::screen_text(&app, 100, 30, std::time::Instant::now());
    let line = s.lines().find(|l| l.contains("take back a move")).expect("the help lists undo");
    assert!(line.contains("│z ") && !line.contains("Backspace"), "{line}");
}

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
fn o_opens_the_library_where_letters_filter_and_esc_goes_back_to_the_board() {
    use crate::tui::app::LibraryCommand;
    let mut app = App::new(Position::startpos());
    handle_event(&mut app, key(KeyCode::Char('O')), AREA);
    assert!(app.library().is_some());
    assert!(matches!(app.library_command(), Some(LibraryCommand::Scan(_))));
    for c in "r u".chars() {
        handle_event(&mut app, key(KeyCode::Char(c)), AREA);
    }
    // letters that are board keys elsewhere (r: redo, u: undo) go to the filter here
    assert_eq!(app.library().unwrap().filter(), "r u");
    handle_event(&mut app, key(KeyCode::Backspace), AREA);
    assert_eq!(app.library().unwrap().filter(), "r ");
    handle_event(&mut app, key(KeyCode::Esc), AREA);
    assert!(app.library().is_none());
    assert_eq!(app.library_command(), Some(LibraryCommand::Stop));
}

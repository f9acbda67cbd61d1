//! Renders of the whole screen on a test terminal.

use super::*;
use crate::core::Position;

#[test]
fn start_position_is_drawn_with_coordinates_and_hands() {
    let mut app = App::new(Position::startpos());
    app.set_settings(crate::tui::settings::Settings {
        language: crate::tui::settings::Language::Ja,
        ..Default::default()
    });
    let s = screen_text(&app, 100, 20, Instant::now());
    assert!(s.contains("９"), "{s}");
    assert!(s.contains("v香"), "{s}");
    assert!(s.contains("一"));
    assert!(s.contains("九"));
    assert!(s.contains("☖持駒"));
    assert!(s.contains("☗持駒"));
    assert!(s.contains("開始局面"));
}

#[test]
fn tiny_terminal_gets_a_message_not_a_broken_board() {
    let app = App::new(Position::startpos());
    let s = screen_text(&app, 30, 8, Instant::now());
    assert!(s.contains("needs at"), "{s}");
}

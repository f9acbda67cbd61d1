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

/// Rows the drawn board takes on a `w`×`h` screen: from the file numbers to the frame's bottom.
fn board_rows(w: u16, h: u16) -> usize {
    let app = App::new(Position::startpos());
    let s = screen_text(&app, w, h, Instant::now());
    let lines: Vec<&str> = s.lines().collect();
    let top = lines.iter().position(|l| l.trim_start().starts_with('９')).expect("file numbers");
    let bottom = lines.iter().position(|l| l.starts_with('└')).expect("the frame's bottom");
    bottom - top + 1
}

#[test]
fn the_board_grows_with_the_terminal_and_keeps_hands_and_record_beside_it() {
    let small = board_rows(80, 24);
    assert_eq!(small, 12);
    let mid = board_rows(120, 40);
    let large = board_rows(160, 50);
    assert!(mid > small && large >= mid, "{small} {mid} {large}");
    assert!(large as f64 >= 1.8 * small as f64, "{small} → {large}");
    for (w, h) in [(80, 24), (100, 30), (120, 40), (160, 50)] {
        let app = App::new(Position::startpos());
        let s = screen_text(&app, w, h, Instant::now());
        let lines: Vec<&str> = s.lines().collect();
        let top = lines.iter().position(|l| l.trim_start().starts_with('９')).unwrap();
        let bottom = lines.iter().position(|l| l.starts_with('└')).unwrap();
        // the hands right above and below the board, the record beside it, the status under it
        assert!(lines[top - 1].starts_with("☖hand"), "{w}x{h}:\n{s}");
        assert!(lines[bottom + 1].starts_with("☗hand"), "{w}x{h}:\n{s}");
        assert!(lines[top].contains("start"), "{w}x{h}:\n{s}");
        assert!(lines[h as usize - 1].contains("q quit"), "{w}x{h}:\n{s}");
        // every piece is drawn, centred in its cell
        assert_eq!(s.matches('歩').count(), 18, "{w}x{h}");
    }
}

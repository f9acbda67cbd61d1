//! The game library's keys: typing narrows the list, the arrows and page keys choose, Enter
//! opens, Esc goes back to the board.

use crate::tui::app::App;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

pub(super) fn handle_library_key(app: &mut App, k: KeyEvent) {
    match k.code {
        KeyCode::Esc => app.close_library(),
        KeyCode::Enter => app.library_open(),
        KeyCode::Up => app.library_move(-1),
        KeyCode::Down => app.library_move(1),
        KeyCode::PageUp => app.library_page(false),
        KeyCode::PageDown => app.library_page(true),
        KeyCode::Home => app.library_jump(false),
        KeyCode::End => app.library_jump(true),
        KeyCode::Backspace => app.library_backspace(),
        KeyCode::Char('u') if k.modifiers.contains(KeyModifiers::CONTROL) => app.library_clear_filter(),
        KeyCode::Char(c) if !k.modifiers.contains(KeyModifiers::CONTROL) => app.library_type(c),
        _ => {}
    }
}

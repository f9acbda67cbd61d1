//! The game library's keys: printable keys type into the filter (Backspace takes one off,
//! Ctrl-U empties it); the other keys are the keymap's library rows: the arrows and page keys
//! choose, Tab lists only the games that reached the board's position, Enter opens, Esc clears
//! the filter or goes back to the board.

use crate::tui::app::App;
use crate::tui::keymap::{Action, Key, KeyMode};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

pub(super) fn handle_library_key(app: &mut App, k: KeyEvent) {
    let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
    match k.code {
        // Esc always leaves the filter, whatever key `cancel` was given
        KeyCode::Esc => return app.library_escape(),
        KeyCode::Char('u') if ctrl => return app.edit_library(|l| l.clear_filter()),
        KeyCode::Char(c) if !ctrl => return app.edit_library(|l| l.type_char(c)),
        KeyCode::Backspace => return app.edit_library(|l| l.backspace()),
        _ => {}
    }
    match app.keymap().action(KeyMode::Library, Key::of(&k)) {
        Some(Action::CursorUp) => app.edit_library(|l| l.move_by(-1)),
        Some(Action::CursorDown) => app.edit_library(|l| l.move_by(1)),
        Some(Action::PageUp) => app.edit_library(|l| l.page(false)),
        Some(Action::PageDown) => app.edit_library(|l| l.page(true)),
        Some(Action::ToStart) => app.edit_library(|l| l.jump(false)),
        Some(Action::ToEnd) => app.edit_library(|l| l.jump(true)),
        Some(Action::Select) => app.library_open(),
        Some(Action::ReachedHere) => app.edit_library(|l| l.toggle_here()),
        Some(Action::Cancel) => app.library_escape(),
        _ => {}
    }
}

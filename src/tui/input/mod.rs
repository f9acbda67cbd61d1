//! Keys and mouse to actions on the app. Routed by what is on top (`app::Overlay`, then
//! `app::Mode`): an open popup or the text box gets the key, else the page shown (the board,
//! the editor, tsume or learn mode). Which key does what on a page or in a popup is the
//! keymap's (`tui/keymap/table.rs`, `tui/keymap/dialogs.rs`); each handler matches on the
//! `keymap::Action`. Each handler only calls `App` methods; it never changes state itself and
//! never draws.

mod board;
mod editor;
mod learn;
mod library;
mod line;
mod mouse;
mod online;
mod popup;
mod tsume;

use crate::tui::app::{App, Mode, Overlay};
use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::Rect;

/// Routes one terminal event to the app. `area` is the whole screen (for mouse hit-testing).
pub fn handle_event(app: &mut App, ev: Event, area: Rect) {
    match ev {
        Event::Key(k) if k.kind != KeyEventKind::Release => handle_key(app, k),
        Event::Mouse(m) => mouse::handle_mouse(app, m, area),
        Event::Paste(text) => app.paste(&text),
        _ => {}
    }
}

pub fn handle_key(app: &mut App, k: KeyEvent) {
    if k.modifiers.contains(KeyModifiers::CONTROL) {
        match k.code {
            KeyCode::Char('c') => return app.quit(),
            KeyCode::Char('z') => return app.request_suspend(),
            _ => {}
        }
    }
    match app.overlay().cloned() {
        Some(Overlay::Popup(p)) => popup::handle_popup_key(app, p, k),
        Some(Overlay::Line(_)) => line::handle_line_key(app, k),
        None => match app.mode() {
            Mode::Board => board::handle_board_key(app, k),
            Mode::Editor(_) => editor::handle_editor_key(app, k),
            Mode::Tsume(_) => tsume::handle_tsume_key(app, k),
            Mode::Library(_) => library::handle_library_key(app, k),
            Mode::Learn(_) => learn::handle_learn_key(app, k),
            Mode::Online(_) => online::handle_online_key(app, k),
        },
    }
}

#[cfg(test)]
mod tests;

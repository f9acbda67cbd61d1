//! Keys in learn mode (復習). Moves are chosen as on the board (cursor, Enter, clicks, typed
//! text) and judged, not played; the board keys that would step through or change the record
//! are not in learn mode's keymap (see `keymap::LEARN_KEEPS`).

use crate::tui::app::App;
use crate::tui::keymap::{Key, KeyMode};
use crossterm::event::KeyEvent;

pub(super) fn handle_learn_key(app: &mut App, k: KeyEvent) {
    let Some(action) = app.keymap().action(KeyMode::Learn, Key::of(&k)) else { return };
    if !app.learn_action(action) {
        super::board::board_action(app, action);
    }
}

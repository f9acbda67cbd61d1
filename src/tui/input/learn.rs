//! Keys in learn mode (復習). Moves are chosen as on the board (cursor, Enter, clicks, typed
//! text) and judged, not played; the board keys that would step through or change the record
//! are not in learn mode's keymap (see `keymap::LEARN_KEEPS`).

use crate::tui::app::App;
use crate::tui::keymap::{Action, Key, KeyMode};
use crossterm::event::KeyEvent;

pub(super) fn handle_learn_key(app: &mut App, k: KeyEvent) {
    match app.keymap().action(KeyMode::Learn, Key::of(&k)) {
        Some(Action::NextItem) => app.learn_step(1),
        Some(Action::PreviousItem) => app.learn_step(-1),
        Some(Action::Retry) => app.learn_retry(),
        Some(Action::ShowAnswer) => app.learn_show_answer(),
        Some(Action::SwitchSide) => app.learn_cycle_side(),
        Some(Action::Quit) => app.quit_learn(),
        Some(Action::Cancel) if app.selection().is_none() => app.quit_learn(),
        Some(a) => super::board::board_action(app, a),
        None => {}
    }
}

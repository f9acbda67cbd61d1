//! Keys in tsume mode (詰将棋), its own first, then the board page's; and the problem list.

use crate::tui::app::App;
use crate::tui::keymap::{Action, Key, KeyMode};
use crossterm::event::KeyEvent;

pub(super) fn handle_tsume_key(app: &mut App, k: KeyEvent) {
    match app.keymap().action(KeyMode::Tsume, Key::of(&k)) {
        Some(Action::Undo) => app.tsume_undo(),
        Some(Action::Solution) => app.tsume_show_solution(),
        Some(Action::LeaveTsume) => app.leave_tsume(),
        Some(a) => super::board::board_action(app, a),
        None => {}
    }
}

/// The problem list (a popup): its keymap rows choose and solve; any other key closes it.
pub(super) fn handle_tsume_list_key(app: &mut App, k: KeyEvent) {
    app.tsume_list_action(app.keymap().action(KeyMode::TsumeList, Key::of(&k)));
}

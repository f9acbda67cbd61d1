//! Keys while the one-line text box is open.

use crate::tui::app::App;
use crossterm::event::{KeyCode, KeyEvent};

pub(super) fn handle_line_key(app: &mut App, k: KeyEvent) {
    match k.code {
        KeyCode::Esc => app.cancel_input(),
        KeyCode::Enter => app.submit_input(),
        _ => {
            if let Some(editor) = app.input_editor() {
                editor.handle_key(&k);
            }
        }
    }
}

//! A popup's keys in words, from the keymap in force (`Keymap::hint`): its key line, and a
//! question with its answers' keys.

use crate::record::Language;
use crate::tui::app::App;
use crate::tui::keymap::KeyMode;

/// Line `line` of the keys of a popup that takes `mode`'s keys (`↑/↓ choose · Enter go`).
pub(super) fn keys_line(app: &App, mode: KeyMode, line: u8) -> String {
    app.keymap().hint(mode, line, app.text().language == Language::Ja)
}

/// A question with its answers' keys: `Resign this game? (y / n)`.
pub(super) fn ask(app: &App, question: &str, mode: KeyMode) -> String {
    format!("{question} ({})", app.keymap().answers(mode))
}

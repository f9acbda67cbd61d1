//! The computer's thinking as the status area shows it.

use crate::tui::app::App;

/// The thinking line (empty when the computer is not thinking).
pub(super) fn thinking_text(app: &App) -> String {
    app.engine_info().to_string()
}

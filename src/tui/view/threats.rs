//! The threat indicator's text (詰みあり, 詰めろ) for the status line.

use crate::tui::app::App;

/// `詰みあり 7手` when the side to move has a mate, `詰めろ (5手)` when the opponent would
/// mate after a pass, both when both; `None` when the indicator is off, has no answer yet, or
/// the solver found neither within its budget.
pub(super) fn indicator(app: &App) -> Option<String> {
    let t = app.threats()?;
    let text = app.text();
    let parts: Vec<String> = [
        t.mate.as_ref().map(|l| (text.mate_found)(l.len())),
        t.threat.as_ref().map(|l| (text.mate_threat)(l.len())),
    ]
    .into_iter()
    .flatten()
    .collect();
    (!parts.is_empty()).then(|| parts.join(" · "))
}

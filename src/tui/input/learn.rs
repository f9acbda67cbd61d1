//! Keys in learn mode (復習). Moves are chosen as on the board (cursor, Enter, clicks, typed
//! text) and judged, not played; keys that would step through or change the record are held.

use crate::tui::app::App;
use crossterm::event::{KeyCode, KeyEvent};

/// Handles `k` in learn mode; `false` leaves it to the board (choosing a move).
pub(super) fn handle_learn_key(app: &mut App, k: KeyEvent) -> bool {
    match k.code {
        KeyCode::Char('n') => app.learn_step(1),
        KeyCode::Char('p') => app.learn_step(-1),
        KeyCode::Char('r') => app.learn_retry(),
        KeyCode::Char('a') => app.learn_show_answer(),
        KeyCode::Char('w') => app.learn_cycle_side(),
        KeyCode::Char('q') => app.quit_learn(),
        KeyCode::Esc if app.selection().is_none() => app.quit_learn(),
        KeyCode::Left
        | KeyCode::Right
        | KeyCode::Up
        | KeyCode::Down
        | KeyCode::Enter
        | KeyCode::Tab
        | KeyCode::Esc
        | KeyCode::Char('h' | 'j' | 'k' | 'l' | ' ' | ':' | '/' | 'f' | '?' | 'o') => return false,
        _ => {}
    }
    true
}

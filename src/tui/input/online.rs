//! Keys in online play: the connection dialog's and the game summary's keymap rows (as a
//! popup's), then online play's keymap rows, then the board page's in `keymap::ONLINE_KEEPS`; any other
//! board key is held with a message saying why.

use crate::tui::app::{App, InputKind, Popup, Stage};
use crate::tui::keymap::{Action, Key, KeyMode};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::Instant;

pub(super) fn handle_online_key(app: &mut App, k: KeyEvent) {
    let now = Instant::now();
    let Some(stage) = app.online().map(|o| o.stage().clone()) else { return };
    match stage {
        Stage::Dialog(_) => return dialog_key(app, k, now),
        Stage::Summary => match app.keymap().action(KeyMode::OnlineSummary, Key::of(&k)) {
            Some(Action::Yes) => return app.online_answer(true, now),
            Some(Action::No) => return app.online_answer(false, now),
            _ => {}
        },
        _ => {}
    }
    let key = Key::of(&k);
    match app.keymap().action(KeyMode::Online, key) {
        Some(Action::Resign) => app.open_popup(Popup::ConfirmResign),
        Some(Action::Declare) => app.open_popup(Popup::ConfirmDeclare),
        Some(Action::Protocol) => app.open_protocol(),
        Some(Action::Cancel) if matches!(stage, Stage::Waiting | Stage::Connecting) => app.online_cancel(now),
        Some(Action::LeaveOnline) => app.leave_online_play(now),
        Some(Action::AskGame) => app.online_ask_game(now),
        Some(Action::Who) => app.online_extended("WHO"),
        Some(Action::GameList) => app.online_extended("LIST"),
        Some(Action::Watch) => app.open_online_input(InputKind::WatchGame),
        Some(Action::Chat) => app.open_online_input(InputKind::Chat),
        Some(a) => super::board::board_action(app, a),
        None => {
            // a board key online play does not keep
            if app.keymap().action(KeyMode::Board, key).is_some() {
                app.hold_in_online();
            }
        }
    }
}

/// The connection dialog: a printable key types into a text field (Backspace takes one off);
/// the other keys are the keymap's connection-dialog rows: choose a field, change a choice,
/// connect, cancel.
fn dialog_key(app: &mut App, k: KeyEvent, now: Instant) {
    let text_field = app.online_form().is_some_and(|f| f.focused().is_text());
    let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
    let alt = k.modifiers.contains(KeyModifiers::ALT);
    // the text box's editing keys, as far as a field typed at its end has them; a letter
    // with Ctrl or Alt is never typed (Ctrl-A was an `a`)
    if text_field && (ctrl || alt) && matches!(k.code, KeyCode::Char(_) | KeyCode::Backspace) {
        match k.code {
            KeyCode::Char('u') if ctrl => app.edit_online_form(|f| f.kill(false)),
            KeyCode::Char('w') if ctrl => app.edit_online_form(|f| f.kill(true)),
            KeyCode::Backspace => app.edit_online_form(|f| f.kill(true)),
            KeyCode::Char('h') if ctrl => app.edit_online_form(|f| f.backspace()),
            _ => {}
        }
        return;
    }
    match k.code {
        KeyCode::Backspace if text_field => return app.edit_online_form(|f| f.backspace()),
        KeyCode::Char(c) if text_field => return app.edit_online_form(|f| f.type_char(c)),
        _ => {}
    }
    match app.keymap().action(KeyMode::OnlineDialog, Key::of(&k)) {
        Some(Action::PreviousField) => app.edit_online_form(|f| f.step(-1)),
        Some(Action::NextField) => app.edit_online_form(|f| f.step(1)),
        Some(Action::Select) => app.online_connect(now),
        Some(Action::Cancel) => app.online_cancel(now),
        Some(Action::CursorLeft) => app.edit_online_form(|f| f.toggle(-1)),
        Some(Action::CursorRight) => app.edit_online_form(|f| f.toggle(1)),
        _ => {}
    }
}

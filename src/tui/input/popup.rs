//! Keys while a popup is open: which key is which answer or step is the keymap's (its popup
//! modes, `tui/keymap/dialogs.rs`); what a key of no row does (close, nothing, or the page's)
//! is each popup's own. A comment or a text setting being typed takes the line editor's keys.

use crate::tui::app::{App, ClockPart, GameMode, Popup};
use crate::tui::keymap::{Action, Key, KeyMode};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The digit a `Number` key is (`1` → 0), for a numbered list.
pub(super) fn number(k: &KeyEvent) -> Option<usize> {
    match k.code {
        KeyCode::Char(d) => d.to_digit(10).and_then(|d| (d as usize).checked_sub(1)),
        _ => None,
    }
}

pub(super) fn handle_popup_key(app: &mut App, p: Popup, k: KeyEvent) {
    let key = Key::of(&k);
    let action = |app: &App, mode: KeyMode| app.keymap().action(mode, key);
    match p {
        Popup::Promotion { .. } => match action(app, KeyMode::Promotion) {
            Some(Action::Yes) => app.answer_promotion(true),
            Some(Action::No) => app.answer_promotion(false),
            Some(Action::Cancel) => app.close_popup(),
            _ => {}
        },
        Popup::OfferSaveLost(_) => {
            app.close_popup();
            match action(app, KeyMode::Offer) {
                Some(Action::Yes) => app.open_save(crate::tui::storage::save_dir().as_deref()),
                Some(_) => {}
                // any other key is not lost: it does what it does on the page
                None => super::handle_key(app, k),
            }
        }
        Popup::ServerList => app.close_popup(),
        Popup::Rating => match action(app, KeyMode::Rating) {
            Some(Action::NewGame) => app.open_suggested_handicap_game(),
            _ => app.close_popup(),
        },
        Popup::Protocol { .. } => match action(app, KeyMode::Protocol) {
            Some(Action::CursorUp) => app.scroll_protocol(-1),
            Some(Action::CursorDown) => app.scroll_protocol(1),
            Some(Action::PageUp) => app.scroll_protocol(-10),
            Some(Action::PageDown) => app.scroll_protocol(10),
            Some(Action::ToStart) => app.scroll_protocol(i32::MIN / 2),
            Some(Action::ToEnd) => app.scroll_protocol(i32::MAX / 2),
            _ => app.close_popup(),
        },
        Popup::ConfirmResign => match action(app, KeyMode::Question) {
            Some(Action::Yes) => app.resign(),
            _ => app.close_popup(),
        },
        Popup::ConfirmTakeback => match action(app, KeyMode::Question) {
            Some(Action::Yes) => app.answer_takeback(true),
            Some(Action::No) => app.answer_takeback(false),
            _ => {}
        },
        Popup::ConfirmDeclare => match action(app, KeyMode::Question) {
            Some(Action::Yes) => app.declare(),
            _ => app.close_popup(),
        },
        Popup::ConfirmOverwrite(_) => {
            let yes = action(app, KeyMode::Question) == Some(Action::Yes);
            app.answer_overwrite(yes)
        }
        Popup::ConfirmCreateFolder(_) => {
            let yes = action(app, KeyMode::Question) == Some(Action::Yes);
            app.answer_create_folder(yes)
        }
        Popup::ConfirmLearnAnalysis => {
            let yes = action(app, KeyMode::Offer) == Some(Action::Yes);
            app.answer_learn_analysis(yes)
        }
        // after a failed autosave: yes alone quits, save opens the save box
        Popup::ConfirmQuit if app.unsaved_after_autosave_failure().is_some() => {
            match action(app, KeyMode::QuitUnsaved) {
                Some(Action::Yes) => app.quit(),
                Some(Action::Save) => {
                    app.close_popup();
                    app.open_save(crate::tui::storage::save_dir().as_deref());
                }
                _ => app.close_popup(),
            }
        }
        Popup::ConfirmQuit => match action(app, KeyMode::Offer) {
            Some(Action::Yes) => app.quit(),
            _ => app.close_popup(),
        },
        Popup::Help { .. } => match action(app, KeyMode::Help) {
            Some(Action::CursorUp) => app.scroll_help(-1),
            Some(Action::CursorDown) => app.scroll_help(1),
            Some(Action::PageUp) => app.scroll_help(-10),
            Some(Action::PageDown) => app.scroll_help(10),
            _ => app.close_popup(),
        },
        Popup::Settings(screen) if screen.editing.is_some() => match k.code {
            KeyCode::Enter => app.settings_finish_edit(true),
            KeyCode::Esc => app.settings_finish_edit(false),
            _ => {
                if let Some(editor) = app.settings_editor() {
                    editor.handle_key(&k);
                }
            }
        },
        Popup::Settings(_) => match action(app, KeyMode::Settings) {
            Some(Action::CursorUp) => app.settings_row(-1),
            Some(Action::CursorDown) => app.settings_row(1),
            Some(Action::CursorLeft) => app.settings_change(-1),
            Some(Action::CursorRight | Action::Select) => app.settings_change(1),
            Some(Action::Cancel) => app.close_popup(),
            _ => {}
        },
        Popup::NewGame(choice) if choice.naming.is_some() => match k.code {
            KeyCode::Enter => app.finish_naming(true),
            KeyCode::Esc => app.finish_naming(false),
            _ => app.edit_new_game(|c| {
                if let Some((_, editor)) = c.naming.as_mut() {
                    editor.handle_key(&k);
                }
            }),
        },
        Popup::NewGame(_) => new_game_key(app, action(app, KeyMode::NewGame), &k),
        Popup::Comment(e) if e.asking => match action(app, KeyMode::CommentAsk) {
            Some(Action::Yes) => app.finish_comment(true),
            Some(Action::No) => app.finish_comment(false),
            Some(Action::Cancel) => app.comment_escape(),
            _ => {}
        },
        Popup::Comment(_) => match k.code {
            KeyCode::Esc => app.comment_escape(),
            KeyCode::Char('s') if k.modifiers.contains(KeyModifiers::CONTROL) => app.finish_comment(true),
            _ => {
                if let Some(editor) = app.comment_editor() {
                    editor.handle_key(&k);
                }
            }
        },
        Popup::TsumeList { .. } => super::tsume::handle_tsume_list_key(app, k),
        Popup::Variations(v) if v.confirm_delete => {
            let yes = action(app, KeyMode::Question) == Some(Action::Yes);
            app.variations_delete(yes)
        }
        Popup::Variations(_) => {
            if let Some(a) = action(app, KeyMode::Variations) {
                app.variations_action(a);
            }
        }
    }
}

/// The new-game dialog's keys.
fn new_game_key(app: &mut App, action: Option<Action>, k: &KeyEvent) {
    let clock = |part, delta| move |c: &mut crate::tui::app::NewGameChoice| c.step_clock(part, delta);
    match action {
        Some(Action::CursorUp) => app.edit_new_game(|c| c.step_mode(-1)),
        Some(Action::CursorDown) => app.edit_new_game(|c| c.step_mode(1)),
        Some(Action::CursorLeft) => app.edit_new_game(|c| c.step_level(-1)),
        Some(Action::CursorRight) => app.edit_new_game(|c| c.step_level(1)),
        Some(Action::GoteLevelDown) => app.edit_new_game(|c| c.step_gote_level(-1)),
        Some(Action::GoteLevelUp) => app.edit_new_game(|c| c.step_gote_level(1)),
        Some(Action::Clock) => app.edit_new_game(|c| c.cycle_time()),
        Some(Action::MainTimeUp) => app.edit_new_game(clock(ClockPart::Main, 1)),
        Some(Action::MainTimeDown) => app.edit_new_game(clock(ClockPart::Main, -1)),
        Some(Action::ByoyomiUp) => app.edit_new_game(clock(ClockPart::Byoyomi, 1)),
        Some(Action::ByoyomiDown) => app.edit_new_game(clock(ClockPart::Byoyomi, -1)),
        Some(Action::IncrementUp) => app.edit_new_game(clock(ClockPart::Increment, 1)),
        Some(Action::IncrementDown) => app.edit_new_game(clock(ClockPart::Increment, -1)),
        Some(Action::ClockSide) => app.edit_new_game(|c| c.cycle_clock_side()),
        Some(Action::Handicap) => app.edit_new_game(|c| c.cycle_handicap()),
        Some(Action::Online) => app.open_online(None, std::time::Instant::now()),
        Some(Action::Names) => app.start_naming(),
        Some(Action::Number) => {
            if let Some(&mode) = number(k).and_then(|i| GameMode::ALL.get(i)) {
                app.edit_new_game(|c| c.mode = mode)
            }
        }
        Some(Action::Select) => app.confirm_new_game(),
        Some(Action::Cancel) => app.close_popup(),
        _ => {}
    }
}

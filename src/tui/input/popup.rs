//! Keys while a popup is open.

use crate::tui::app::{App, ClockPart, GameMode, Popup};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

pub(super) fn handle_popup_key(app: &mut App, p: Popup, k: KeyEvent) {
    match p {
        Popup::Promotion { .. } => match k.code {
            KeyCode::Char('y') | KeyCode::Enter => app.answer_promotion(true),
            KeyCode::Char('n') => app.answer_promotion(false),
            KeyCode::Esc => app.close_popup(),
            _ => {}
        },
        Popup::OfferSaveLost(_) => {
            app.close_popup();
            match k.code {
                KeyCode::Char('y') | KeyCode::Enter => {
                    app.open_save(crate::tui::storage::save_dir().as_deref())
                }
                KeyCode::Char('n') | KeyCode::Esc => {}
                // any other key is not lost: it does what it does on the page
                _ => super::handle_key(app, k),
            }
        }
        Popup::Protocol { .. } => match k.code {
            KeyCode::Up | KeyCode::Char('k') => app.scroll_protocol(-1),
            KeyCode::Down | KeyCode::Char('j') => app.scroll_protocol(1),
            KeyCode::PageUp => app.scroll_protocol(-10),
            KeyCode::PageDown => app.scroll_protocol(10),
            KeyCode::Home => app.scroll_protocol(i32::MIN / 2),
            KeyCode::End => app.scroll_protocol(i32::MAX / 2),
            _ => app.close_popup(),
        },
        Popup::ConfirmResign => match k.code {
            KeyCode::Char('y') => app.resign(),
            _ => app.close_popup(),
        },
        Popup::ConfirmTakeback => match k.code {
            KeyCode::Char('y') => app.answer_takeback(true),
            KeyCode::Char('n') | KeyCode::Esc => app.answer_takeback(false),
            _ => {}
        },
        Popup::ConfirmDeclare => match k.code {
            KeyCode::Char('y') => app.declare(),
            _ => app.close_popup(),
        },
        Popup::ConfirmOverwrite(_) => match k.code {
            KeyCode::Char('y') => app.answer_overwrite(true),
            _ => app.answer_overwrite(false),
        },
        Popup::ConfirmLearnAnalysis => {
            app.answer_learn_analysis(matches!(k.code, KeyCode::Char('y') | KeyCode::Enter))
        }
        // after a failed autosave: `y` alone quits, `s` opens the save box
        Popup::ConfirmQuit if app.unsaved_after_autosave_failure().is_some() => match k.code {
            KeyCode::Char('y') => app.quit(),
            KeyCode::Char('s') => {
                app.close_popup();
                app.open_save(crate::tui::storage::save_dir().as_deref());
            }
            _ => app.close_popup(),
        },
        Popup::ConfirmQuit => match k.code {
            KeyCode::Char('y') | KeyCode::Enter => app.quit(),
            _ => app.close_popup(),
        },
        Popup::Help { .. } => match k.code {
            KeyCode::Up | KeyCode::Char('k') => app.scroll_help(-1),
            KeyCode::Down | KeyCode::Char('j') => app.scroll_help(1),
            KeyCode::PageUp => app.scroll_help(-10),
            KeyCode::PageDown | KeyCode::Char(' ') => app.scroll_help(10),
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
        Popup::Settings(_) => match k.code {
            KeyCode::Up | KeyCode::Char('k') => app.settings_row(-1),
            KeyCode::Down | KeyCode::Char('j') => app.settings_row(1),
            KeyCode::Left | KeyCode::Char('h') | KeyCode::Char('-') => app.settings_change(-1),
            KeyCode::Right
            | KeyCode::Char('l')
            | KeyCode::Char('+')
            | KeyCode::Char(' ')
            | KeyCode::Enter => app.settings_change(1),
            KeyCode::Esc | KeyCode::Char('q') | KeyCode::Char('o') => app.close_popup(),
            _ => {}
        },
        Popup::NewGame(_) => match k.code {
            KeyCode::Up | KeyCode::Char('k') => app.edit_new_game(|c| c.step_mode(-1)),
            KeyCode::Down | KeyCode::Char('j') => app.edit_new_game(|c| c.step_mode(1)),
            KeyCode::Left | KeyCode::Char('h') | KeyCode::Char('-') => {
                app.edit_new_game(|c| c.step_level(-1))
            }
            KeyCode::Right | KeyCode::Char('l') | KeyCode::Char('+') => {
                app.edit_new_game(|c| c.step_level(1))
            }
            KeyCode::Char('<') | KeyCode::Char(',') => app.edit_new_game(|c| c.step_gote_level(-1)),
            KeyCode::Char('>') | KeyCode::Char('.') => app.edit_new_game(|c| c.step_gote_level(1)),
            KeyCode::Char('t') => app.edit_new_game(|c| c.cycle_time()),
            // the clock: m/M main time, b/B byoyomi, f/F Fischer increment, up / down
            KeyCode::Char(key @ ('m' | 'M' | 'b' | 'B' | 'f' | 'F')) => {
                let part = match key.to_ascii_lowercase() {
                    'm' => ClockPart::Main,
                    'b' => ClockPart::Byoyomi,
                    _ => ClockPart::Increment,
                };
                let delta = if key.is_ascii_lowercase() { 1 } else { -1 };
                app.edit_new_game(|c| c.step_clock(part, delta))
            }
            KeyCode::Char('s') => app.edit_new_game(|c| c.cycle_clock_side()),
            KeyCode::Char('c') => app.edit_new_game(|c| c.cycle_handicap()),
            KeyCode::Char('5') | KeyCode::Char('o') => app.open_online(None, std::time::Instant::now()),
            KeyCode::Char(d @ '1'..='4') => {
                app.edit_new_game(|c| c.mode = GameMode::ALL[d as usize - '1' as usize])
            }
            KeyCode::Enter => app.confirm_new_game(),
            KeyCode::Esc | KeyCode::Char('q') => app.close_popup(),
            _ => {}
        },
        Popup::Comment(e) if e.asking => match k.code {
            KeyCode::Char('y') | KeyCode::Enter => app.finish_comment(true),
            KeyCode::Char('n') => app.finish_comment(false),
            KeyCode::Esc => app.comment_escape(),
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
        Popup::Variations(v) if v.confirm_delete => app.variations_delete(k.code == KeyCode::Char('y')),
        Popup::Variations(_) => match k.code {
            KeyCode::Up | KeyCode::Char('k') => app.variations_row(-1),
            KeyCode::Down | KeyCode::Char('j') => app.variations_row(1),
            KeyCode::Home => app.variations_row(i32::MIN / 2),
            KeyCode::End => app.variations_row(i32::MAX / 2),
            KeyCode::Enter | KeyCode::Char(' ') => app.variations_go(),
            KeyCode::Char('p') => app.variations_promote(),
            KeyCode::Char('d') | KeyCode::Delete => app.variations_ask_delete(),
            KeyCode::Esc | KeyCode::Char('q') | KeyCode::Char('b') => app.close_popup(),
            _ => {}
        },
    }
}

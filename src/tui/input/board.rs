//! Keys on the board page (no popup, no text box open).

use crate::tui::app::App;
use crate::tui::storage;
use crossterm::event::{KeyCode, KeyEvent};

pub(super) fn handle_board_key(app: &mut App, k: KeyEvent) {
    match k.code {
        KeyCode::Left | KeyCode::Char('h') => app.move_cursor(-1, 0),
        KeyCode::Right | KeyCode::Char('l') => app.move_cursor(1, 0),
        KeyCode::Up | KeyCode::Char('k') => app.move_cursor(0, -1),
        KeyCode::Down | KeyCode::Char('j') => app.move_cursor(0, 1),
        KeyCode::Enter | KeyCode::Char(' ') => app.activate(),
        KeyCode::Tab => app.toggle_hand_focus(),
        KeyCode::Esc => app.cancel_selection(),
        KeyCode::Char(':') | KeyCode::Char('/') => app.open_move_input(),
        KeyCode::Char('s') => app.open_save(storage::save_dir().as_deref()),
        KeyCode::Char('u') | KeyCode::Backspace => app.undo(),
        KeyCode::Char('r') => app.redo(),
        KeyCode::Char('[') => app.to_start(),
        KeyCode::Char(']') => app.to_end(),
        KeyCode::Char('{') => app.switch_variation(-1),
        KeyCode::Char('}') => app.switch_variation(1),
        KeyCode::Char('f') => app.flip(),
        KeyCode::Char('?') => app.open_help(),
        KeyCode::Char('o') => app.open_settings(),
        KeyCode::Char('O') => app.open_library(),
        KeyCode::Char('n') => app.open_new_game(),
        KeyCode::Char('q') => app.ask_quit(),
        KeyCode::Char('R') => app.ask_resign(),
        KeyCode::Char('D') => app.ask_declare(),
        KeyCode::Char('p') => app.toggle_pause(),
        KeyCode::Char('t') => app.take_over(),
        KeyCode::Char('<') => app.step_pace(1),
        KeyCode::Char('>') => app.step_pace(-1),
        KeyCode::Char('a') => app.toggle_analysis(),
        KeyCode::Char('v') => app.cycle_analysis_lines(),
        KeyCode::Char('A') => app.toggle_game_analysis(),
        KeyCode::Char('m') => app.goto_marked(true),
        KeyCode::Char('M') => app.goto_marked(false),
        KeyCode::Char('i') => app.request_hint(),
        KeyCode::Char('c') => app.open_comment_editor(),
        KeyCode::Char('T') => app.toggle_times(),
        KeyCode::Char('g') => app.open_goto(),
        KeyCode::Char('b') => app.open_variations(),
        KeyCode::Char('y') => app.copy_position(),
        KeyCode::Char('Y') => app.copy_record(),
        KeyCode::Char('e') => app.open_editor(),
        KeyCode::Char('P') => app.open_tsume_list(),
        KeyCode::Char('x') => app.toggle_threats(),
        KeyCode::Char('L') => app.start_learn(),
        _ => {}
    }
}

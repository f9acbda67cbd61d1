//! Keys on the board page, and what each board action does (tsume and learn mode hand the board
//! actions they keep to `board_action`). Which key is which action is the keymap's
//! (`tui/keymap/table.rs`).

use crate::tui::app::{App, Popup};
use crate::tui::keymap::{Action, Key};
use crate::tui::storage;
use crossterm::event::KeyEvent;

pub(super) fn handle_board_key(app: &mut App, k: KeyEvent) {
    // playing a game or reviewing a record (where ← / → step through it)
    if let Some(a) = app.keymap().action(app.key_mode(), Key::of(&k)) {
        board_action(app, a);
    }
}

pub(super) fn board_action(app: &mut App, a: Action) {
    match a {
        Action::CursorLeft => app.move_cursor(-1, 0),
        Action::CursorRight => app.move_cursor(1, 0),
        Action::CursorUp => app.move_cursor(0, -1),
        Action::CursorDown => app.move_cursor(0, 1),
        Action::Select => {
            if !app.play_candidate() {
                app.activate()
            }
        }
        Action::Hand => app.toggle_hand_focus(),
        Action::Cancel => {
            app.drop_candidate();
            app.cancel_selection()
        }
        Action::TypeMove => app.open_move_input(),
        Action::Save => app.open_save(storage::save_dir().as_deref()),
        Action::Undo => app.undo(),
        Action::Redo => app.redo(),
        Action::StepBack => app.step(-1),
        Action::StepForward => app.step(1),
        Action::ToStart | Action::FirstMove => app.to_start(),
        Action::ToEnd | Action::LastMove => app.to_end(),
        Action::PreviousVariation => app.switch_variation(-1),
        Action::NextVariation => app.switch_variation(1),
        Action::Flip => app.flip(),
        Action::Help => app.open_popup(Popup::Help { scroll: 0 }),
        Action::Settings => app.open_settings(),
        Action::NewGame => app.open_new_game(),
        Action::Quit => app.open_popup(Popup::ConfirmQuit),
        Action::Resign => app.open_popup(Popup::ConfirmResign),
        Action::Declare => app.open_popup(Popup::ConfirmDeclare),
        Action::Pause => app.toggle_pause(),
        Action::TakeOver => app.take_over(),
        Action::Slower => app.step_pace(1),
        Action::Faster => app.step_pace(-1),
        Action::Analysis => app.toggle_analysis(),
        Action::AnalysisLines => app.cycle_analysis_lines(),
        Action::NextCandidate => app.step_candidate(1),
        Action::PreviousCandidate => app.step_candidate(-1),
        Action::GameAnalysis => app.toggle_game_analysis(),
        Action::NextMarked => app.goto_marked(true),
        Action::PreviousMarked => app.goto_marked(false),
        Action::Hint => app.request_hint(),
        Action::Comment => app.open_comment_editor(),
        Action::Times => app.toggle_times(),
        Action::GoTo => app.open_goto(),
        Action::Variations => app.open_variations(),
        Action::CopyPosition => app.copy_position(),
        Action::CopyRecord => app.copy_record(),
        Action::Editor => app.open_editor(),
        Action::TsumeProblems => app.open_tsume_list(),
        Action::Threats => app.toggle_threats(),
        Action::Learn => app.start_learn(),
        Action::Library => app.open_library(),
        Action::Explorer => app.toggle_explorer(),
        Action::Rating => app.open_rating(),
        // other modes' actions
        Action::Solution
        | Action::LeaveTsume
        | Action::NextItem
        | Action::PreviousItem
        | Action::Retry
        | Action::ShowAnswer
        | Action::SwitchSide
        | Action::PlaceSente
        | Action::PlaceGote
        | Action::Remove
        | Action::Promote
        | Action::Demote
        | Action::ChangeOwner
        | Action::SideToMove
        | Action::NextStart
        | Action::PreviousStart
        | Action::BoxToHand
        | Action::Done
        | Action::Protocol
        | Action::Who
        | Action::GameList
        | Action::Watch
        | Action::Chat
        | Action::AskGame
        | Action::LeaveOnline
        | Action::PageUp
        | Action::PageDown
        | Action::ReachedHere
        | Action::Yes
        | Action::No
        | Action::Number
        | Action::Online
        | Action::Names
        | Action::GoteLevelDown
        | Action::GoteLevelUp
        | Action::Clock
        | Action::MainTimeUp
        | Action::MainTimeDown
        | Action::ByoyomiUp
        | Action::ByoyomiDown
        | Action::IncrementUp
        | Action::IncrementDown
        | Action::ClockSide
        | Action::Handicap
        | Action::MainLine
        | Action::NextField
        | Action::PreviousField => {}
    }
}

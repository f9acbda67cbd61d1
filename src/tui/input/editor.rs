//! Keys in the position editor (局面編集): its exit menu, and the editor's actions (which key is
//! which is the keymap's, `tui/keymap/table.rs`).

use crate::core::{Color, PieceKind};
use crate::tui::app::{App, Ctx, Editor, EditorExit, EditorSlot, Popup};
use crate::tui::keymap::{Action, Key, KeyMode};
use crossterm::event::{KeyCode, KeyEvent};

/// The piece a letter key puts down: lower case for ☗, upper case for ☖.
fn piece_key(c: char) -> Option<(PieceKind, Color)> {
    let kind = PieceKind::from_usi_letter(c.to_ascii_uppercase())?;
    Some((kind, if c.is_ascii_uppercase() { Color::White } else { Color::Black }))
}

/// Hands the editor, when it is the page shown, and the context its actions take to `f`.
pub(super) fn edit(app: &mut App, f: impl FnOnce(&mut Editor, &mut Ctx)) {
    if let Some((e, mut ctx)) = app.editing() {
        f(e, &mut ctx);
    }
}

pub(super) fn handle_editor_key(app: &mut App, k: KeyEvent) {
    if app.editor().is_some_and(|e| e.menu().is_some()) {
        match app.keymap().action(KeyMode::EditorMenu, Key::of(&k)) {
            Some(Action::CursorUp) => edit(app, |e, _| e.menu_step(-1)),
            Some(Action::CursorDown) => edit(app, |e, _| e.menu_step(1)),
            Some(Action::Select) => app.editor_menu_confirm(),
            Some(Action::Number) => {
                if let Some(&exit) = super::popup::number(&k).and_then(|i| EditorExit::ALL.get(i)) {
                    app.editor_exit(exit)
                }
            }
            Some(Action::Cancel) => app.editor_exit(EditorExit::Resume),
            _ => {}
        }
        return;
    }
    let on_hand = matches!(app.editor().map(|e| e.slot()), Some(EditorSlot::Hand(..)));
    match app.keymap().action(KeyMode::Editor, Key::of(&k)) {
        Some(Action::CursorLeft) => edit(app, |e, c| e.move_cursor(-1, 0, c)),
        Some(Action::CursorRight) => edit(app, |e, c| e.move_cursor(1, 0, c)),
        Some(Action::CursorUp) => edit(app, |e, c| e.move_cursor(0, -1, c)),
        Some(Action::CursorDown) => edit(app, |e, c| e.move_cursor(0, 1, c)),
        Some(Action::Hand) => edit(app, |e, _| e.tab()),
        Some(Action::Remove) => edit(app, |e, c| e.remove(c)),
        Some(Action::Promote) if on_hand => edit(app, |e, c| e.add(1, c)),
        Some(Action::Demote) if on_hand => edit(app, |e, c| e.add(-1, c)),
        Some(Action::Promote | Action::Demote) => edit(app, |e, _| e.promote()),
        Some(Action::ChangeOwner) => edit(app, |e, _| e.flip_owner()),
        Some(Action::SideToMove) => edit(app, |e, _| e.toggle_side()),
        Some(Action::NextStart) => edit(app, |e, _| e.cycle_start(1)),
        Some(Action::PreviousStart) => edit(app, |e, _| e.cycle_start(-1)),
        Some(Action::BoxToHand) => edit(app, |e, _| e.box_to_defender()),
        Some(Action::Help) => app.open_popup(Popup::Help { scroll: 0 }),
        Some(Action::Done) => edit(app, |e, _| e.open_menu()),
        Some(Action::Cancel) => app.editor_exit(EditorExit::Cancel),
        Some(Action::PlaceSente | Action::PlaceGote) => {
            if let KeyCode::Char(c) = k.code
                && let Some((kind, owner)) = piece_key(c)
            {
                edit(app, |e, c| e.place(kind, owner, c));
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_are_pieces_upper_case_for_gote() {
        assert_eq!(piece_key('p'), Some((PieceKind::Pawn, Color::Black)));
        assert_eq!(piece_key('K'), Some((PieceKind::King, Color::White)));
        assert_eq!(piece_key('r'), Some((PieceKind::Rook, Color::Black)));
        assert_eq!(piece_key('G'), Some((PieceKind::Gold, Color::White)));
        assert_eq!(piece_key('q'), None);
    }

    /// A key pressed as the event loop passes it on.
    fn press(app: &mut App, c: KeyCode) {
        super::super::handle_key(app, KeyEvent::new(c, crossterm::event::KeyModifiers::NONE));
    }

    #[test]
    fn question_mark_in_the_editor_lists_the_editors_keys() {
        let mut app = App::new(crate::core::Position::startpos());
        press(&mut app, KeyCode::Char('e'));
        press(&mut app, KeyCode::Char('?'));
        assert!(matches!(app.popup(), Some(crate::tui::app::Popup::Help { .. })));
        assert_eq!(app.help_keys()[0], ("←↑↓→".to_string(), "move over the board".to_string()));
        let s = crate::tui::view::screen_text(&app, 80, 24, std::time::Instant::now());
        assert!(s.contains("give the piece to the other side"), "{s}");
        // the list scrolls to its end, and any other key goes back to editing
        for _ in 0..20 {
            press(&mut app, KeyCode::Down);
        }
        let s = crate::tui::view::screen_text(&app, 80, 24, std::time::Instant::now());
        assert!(s.contains("cancel (the record shown before stays)"), "{s}");
        press(&mut app, KeyCode::Char('a'));
        assert!(app.popup().is_none() && app.editor().is_some());
        // outside the editor the help lists the app's keys
        press(&mut app, KeyCode::Esc);
        assert_eq!(app.help_keys()[0].0, "hjkl / ←↓↑→");
    }

    #[test]
    fn keys_open_the_editor_place_pieces_and_leave_by_the_menu() {
        use crate::core::{Piece, Position, Square};
        let mut app = App::new(Position::startpos());
        press(&mut app, KeyCode::Char('e'));
        assert!(app.editor().is_some());
        // the cursor starts on 7g; up twice is 7e
        press(&mut app, KeyCode::Up);
        press(&mut app, KeyCode::Up);
        press(&mut app, KeyCode::Char('R'));
        let at = |app: &App, s| app.editor().unwrap().setup().piece_at(Square::from_usi(s).unwrap());
        assert_eq!(at(&app, "7e"), Piece::new(Color::White, PieceKind::Rook));
        press(&mut app, KeyCode::Char('+'));
        assert_eq!(at(&app, "7e"), Piece::new(Color::White, PieceKind::Dragon));
        press(&mut app, KeyCode::Char('o'));
        assert_eq!(at(&app, "7e"), Piece::new(Color::Black, PieceKind::Dragon));
        press(&mut app, KeyCode::Char('x'));
        assert!(at(&app, "7e").is_empty());
        press(&mut app, KeyCode::Char('t'));
        assert_eq!(app.editor().unwrap().setup().side, Color::White);
        // Enter opens the menu; Esc there goes back to editing; Esc again cancels
        press(&mut app, KeyCode::Enter);
        assert_eq!(app.editor().unwrap().menu(), Some(0));
        press(&mut app, KeyCode::Esc);
        assert!(app.editor().is_some_and(|e| e.menu().is_none()));
        press(&mut app, KeyCode::Esc);
        assert!(app.editor().is_none());
        assert_eq!(app.pos().to_sfen(), Position::startpos().to_sfen());
        // T opens the problem list, Esc closes it
        press(&mut app, KeyCode::Char('P'));
        assert_eq!(app.tsume_list(), Some(0));
        press(&mut app, KeyCode::Esc);
        assert_eq!(app.tsume_list(), None);
        // Enter on the first row makes the position shown a problem; X leaves it, and x is the
        // board page's again
        press(&mut app, KeyCode::Char('P'));
        press(&mut app, KeyCode::Enter);
        assert!(app.tsume().is_some());
        press(&mut app, KeyCode::Char('X'));
        assert!(app.tsume().is_none());
    }
}

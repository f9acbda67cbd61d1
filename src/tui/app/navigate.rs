//! Moving through a record: going to a move number on the line shown, the list of the
//! variations at the current move (go to one, make it the main line, delete it), and showing
//! each move's time (消費時間) in the record panel.

use super::line_editor::LineEditor;
use super::{App, InputKind, LineInput, Popup};
use crate::record::{NodeId, ROOT};

/// The variations popup: the moves played from `parent` (first = its main continuation), the
/// one chosen, and whether deleting it waits for a yes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariationList {
    pub parent: NodeId,
    pub children: Vec<NodeId>,
    pub row: usize,
    pub confirm_delete: bool,
}

impl VariationList {
    /// The move chosen.
    pub fn chosen(&self) -> NodeId {
        self.children[self.row.min(self.children.len() - 1)]
    }
}

impl App {
    /// Whether the board shows a record under review: a record opened, pasted or set up for
    /// review, or a game that is over. ← / → then step through it.
    pub fn reviewing(&self) -> bool {
        matches!(self.mode, super::Mode::Board)
            && (self.under_review() || self.standing.playing && !self.unfinished())
    }

    /// Review's ← / →: one move back (`delta` < 0) or forward along the line shown, or, while
    /// a piece is picked up or a piece in hand is being chosen, the cursor one square across.
    pub fn step(&mut self, delta: i32) {
        if self.board.selection.is_some() || self.board.focus != super::Focus::Board {
            self.move_cursor(delta.signum(), 0);
            return;
        }
        let moved = if delta < 0 { self.game.back() } else { self.game.forward() };
        if !moved {
            self.status.set(if delta < 0 { self.text().at_start } else { self.text().at_end }.into());
            return;
        }
        if delta > 0 {
            self.settle_ending();
        }
        self.status.set(self.status_message());
    }

    /// Whether the record panel shows each move's time.
    pub fn show_times(&self) -> bool {
        self.board.show_times
    }

    /// Shows or hides each move's time (消費時間) in the record panel.
    pub fn toggle_times(&mut self) {
        self.board.show_times = !self.board.show_times;
        let t = self.text().review;
        self.status.set(if self.board.show_times { t.times_on } else { t.times_off }.into());
    }

    /// The last move number of the line shown (the path here and what redo would follow).
    pub fn line_length(&self) -> usize {
        self.ply() + self.redo_line().len()
    }

    /// Opens the box asking for a move number.
    pub fn open_goto(&mut self) {
        self.status.clear();
        self.open_input(LineInput { kind: InputKind::GotoMove, editor: LineEditor::default() });
    }

    /// Goes to move `text` (a number; 0 is the start) of the line shown. A number past the end
    /// goes to the end and says so; text that is not a number leaves the box open with it.
    pub(super) fn submit_goto(&mut self, text: &str) {
        let t = self.text().review;
        // full-width digits (１２) as typed with a Japanese input method
        let digits: String = text
            .chars()
            .map(|c| match c {
                '０'..='９' => char::from(b'0' + (c as u32 - '０' as u32) as u8),
                c => c,
            })
            .collect();
        let Ok(n) = digits.trim().trim_end_matches('手').trim_end_matches("手目").parse::<usize>() else {
            self.status.set((t.goto_not_a_number)(text));
            self.open_input(LineInput { kind: InputKind::GotoMove, editor: LineEditor::new(text) });
            return;
        };
        let reached = self.game.to_ply(n);
        self.board.selection = None;
        self.status.set(if reached < n { (t.goto_past_end)(n, reached) } else { self.status_message() });
    }

    /// Where the variations list applies: the moves from the parent of the move shown when it
    /// has alternatives, else the moves from the position shown when they branch.
    fn variation_point(&self) -> Option<(NodeId, usize)> {
        let rec = self.record();
        let here = self.game.node();
        if let Some(p) = rec.node(here).parent()
            && rec.node(p).children().len() > 1
        {
            return Some((p, rec.node(p).children().iter().position(|&c| c == here).unwrap_or(0)));
        }
        let n = rec.node(here);
        (n.children().len() > 1).then(|| (here, n.last_child.unwrap_or(0).min(n.children().len() - 1)))
    }

    /// Opens the list of the variations at the current move.
    pub fn open_variations(&mut self) {
        match self.variation_point() {
            Some((parent, row)) => {
                let children = self.record().node(parent).children().to_vec();
                self.open_popup(Popup::Variations(VariationList {
                    parent,
                    children,
                    row,
                    confirm_delete: false,
                }));
            }
            None => self.status.set(self.text().review.no_variations.into()),
        }
    }

    fn variations(&mut self) -> Option<&mut VariationList> {
        match self.popup_mut() {
            Some(Popup::Variations(v)) => Some(v),
            _ => None,
        }
    }

    /// Chooses the next (`delta` 1) or previous (-1) variation in the list.
    pub fn variations_row(&mut self, delta: i32) {
        if let Some(v) = self.variations() {
            v.row = (v.row as i32 + delta).clamp(0, v.children.len() as i32 - 1) as usize;
            v.confirm_delete = false;
        }
    }

    /// Goes to the chosen variation's move and closes the list.
    pub fn variations_go(&mut self) {
        let Some(Popup::Variations(v)) = self.take_popup() else { return };
        if self.game.goto_node(v.chosen()).is_ok() {
            self.board.selection = None;
            self.status.set(self.status_message());
        }
    }

    /// The chosen move in KIF notation (`▲７六歩(77)`).
    fn chosen_text(&self, v: &VariationList) -> String {
        let pos = self.record().position_at(v.parent);
        let mv = self.record().node(v.chosen()).mv;
        crate::record::move_text(&pos, mv, crate::record::MoveStyle::KifMarked)
    }

    /// Refuses a change to the record's lines (or the record itself) while the whole-game
    /// analysis runs (its results are placed on the nodes it was given), and in the position
    /// editor or tsume mode (which keep their own places in the record).
    pub(super) fn lines_locked(&mut self) -> bool {
        let t = self.text().review;
        if self.game_analysis_progress().is_some() {
            self.status.set(t.wait_for_analysis.into());
        } else if self.editor().is_some() || self.tsume_list().is_some() || self.tsume().is_some() {
            self.status.set(t.leave_mode_first.into());
        } else {
            return false;
        }
        true
    }

    /// Makes the line through the chosen variation the main line (the list stays open, in its
    /// new order).
    pub fn variations_promote(&mut self) {
        let Some(v) = self.variations().cloned() else { return };
        if self.lines_locked() {
            return;
        }
        let chosen = v.chosen();
        let text = self.chosen_text(&v);
        self.game.promote_to_main_line(chosen);
        self.after_lines_changed();
        let children = self.record().node(v.parent).children().to_vec();
        let row = children.iter().position(|&c| c == chosen).unwrap_or(0);
        self.open_popup(Popup::Variations(VariationList { children, row, ..v }));
        self.status.set((self.text().review.promoted)(&text));
    }

    /// `d` in the list: asks before deleting the chosen variation.
    pub fn variations_ask_delete(&mut self) {
        if let Some(v) = self.variations() {
            v.confirm_delete = true;
        }
    }

    /// Answers the delete question: removes the chosen move and everything after it.
    pub fn variations_delete(&mut self, yes: bool) {
        let Some(v) = self.variations().cloned() else { return };
        if !yes {
            self.variations().expect("open").confirm_delete = false;
            return;
        }
        if self.lines_locked() {
            self.variations().expect("open").confirm_delete = false;
            return;
        }
        let chosen = v.chosen();
        let text = self.chosen_text(&v);
        let moves = subtree_moves(self.record(), chosen);
        if self.game.delete_variation(chosen).is_err() {
            self.close_popup();
            return;
        }
        self.after_lines_changed();
        let children = self.record().node(v.parent).children().to_vec();
        if children.len() > 1 {
            let row = v.row.min(children.len() - 1);
            self.open_popup(Popup::Variations(VariationList { children, row, confirm_delete: false, ..v }));
        } else {
            self.close_popup();
        }
        self.status.set((self.text().review.deleted)(&text, moves));
    }

    /// After a variation was promoted or deleted: the record is to be saved and the main
    /// line's analysis read again.
    fn after_lines_changed(&mut self) {
        self.saving.dirty = true;
        self.board.selection = None;
        self.board.record_scroll = None;
        self.reread_review();
    }
}

/// Moves in the subtree from `id` (itself included).
pub fn subtree_moves(rec: &crate::record::GameRecord, id: NodeId) -> usize {
    let mut stack = vec![id];
    let mut n = 0;
    while let Some(x) = stack.pop() {
        if x != ROOT {
            n += 1;
        }
        stack.extend(rec.node(x).children());
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Position;
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    fn key(app: &mut App, code: KeyCode) {
        crate::tui::input::handle_key(app, KeyEvent::new(code, KeyModifiers::NONE));
    }

    fn typed(app: &mut App, s: &str) {
        for c in s.chars() {
            key(app, KeyCode::Char(c));
        }
    }

    /// 1.７六歩 2.３四歩 3.２六歩 4.８四歩, with 3.２二角成 (4.同銀) and 3.６六歩 as variations.
    fn branched() -> App {
        let mut app = App::new(Position::startpos());
        for m in ["7g7f", "3c3d", "2g2f", "8c8d"] {
            assert!(app.submit_typed(m));
        }
        app.to_start();
        app.redo();
        app.redo();
        assert!(app.submit_typed("8h2b+"));
        assert!(app.submit_typed("3a2b"));
        app.undo();
        app.undo();
        assert!(app.submit_typed("6g6f"));
        // back on the main line, so redo follows it
        app.goto_node(app.record().main_line_end());
        app.to_start();
        app
    }

    #[test]
    fn go_to_a_move_number_on_the_line_shown() {
        let mut app = branched();
        key(&mut app, KeyCode::Char('g'));
        assert_eq!(app.input().unwrap().kind, InputKind::GotoMove);
        typed(&mut app, "4");
        key(&mut app, KeyCode::Enter);
        assert_eq!(app.ply(), 4);
        assert_eq!(app.pos().last_move().unwrap().usi(), "8c8d");
        key(&mut app, KeyCode::Char('g'));
        typed(&mut app, "１");
        key(&mut app, KeyCode::Enter);
        assert_eq!(app.ply(), 1);
        // past the end of the line: its end, and a message saying so
        key(&mut app, KeyCode::Char('g'));
        typed(&mut app, "99");
        key(&mut app, KeyCode::Enter);
        assert_eq!(app.ply(), 4);
        assert!(app.message().contains("ends at move 4"), "{}", app.message());
        // not a number: the box stays open with the text
        key(&mut app, KeyCode::Char('g'));
        typed(&mut app, "x1");
        key(&mut app, KeyCode::Enter);
        assert_eq!(app.input().unwrap().editor.text(), "x1");
        assert!(app.message().contains("not a move number"), "{}", app.message());
        key(&mut app, KeyCode::Esc);
        assert_eq!(app.ply(), 4);
    }

    #[test]
    fn the_variation_list_goes_promotes_and_deletes() {
        let mut app = branched();
        key(&mut app, KeyCode::Char('b'));
        assert!(app.message().contains("no variations"), "{}", app.message());
        app.redo();
        app.redo();
        app.redo(); // ２六歩, the main line, with two alternatives
        key(&mut app, KeyCode::Char('b'));
        let Some(Popup::Variations(v)) = app.popup() else { panic!("no list: {}", app.message()) };
        assert_eq!((v.children.len(), v.row), (3, 0));
        key(&mut app, KeyCode::Down);
        key(&mut app, KeyCode::Enter);
        assert!(app.popup().is_none());
        assert_eq!(app.pos().last_move().unwrap().usi(), "8h2b+");
        // promote ２二角成 to the main line
        key(&mut app, KeyCode::Char('b'));
        key(&mut app, KeyCode::Char('p'));
        assert_eq!(app.record().main_line_moves()[2].usi(), "8h2b+");
        assert_eq!(app.record().main_line_moves().len(), 4, "its line (4.同銀) is the main line now");
        let Some(Popup::Variations(v)) = app.popup() else { panic!() };
        assert_eq!(v.row, 0, "the list follows the new order");
        assert!(app.take_dirty());
        // delete ６六歩 after a yes; a no keeps it
        key(&mut app, KeyCode::End);
        key(&mut app, KeyCode::Char('d'));
        key(&mut app, KeyCode::Char('n'));
        assert_eq!(
            app.record().node(app.record().node(app.game().node()).parent().unwrap()).children().len(),
            3
        );
        key(&mut app, KeyCode::Char('d'));
        key(&mut app, KeyCode::Char('y'));
        let parent = app.record().node(app.game().node()).parent().unwrap();
        assert_eq!(app.record().node(parent).children().len(), 2);
        assert!(app.message().contains("deleted ▲６六歩(67)"), "{}", app.message());
        // deleting the move shown takes the board back to the position before it
        key(&mut app, KeyCode::Home);
        key(&mut app, KeyCode::Char('d'));
        key(&mut app, KeyCode::Char('y'));
        assert!(app.popup().is_none(), "one move left: nothing to choose from");
        assert_eq!(app.ply(), 2);
        assert_eq!(app.record().main_line_moves()[2].usi(), "2g2f");
        assert_eq!(app.record().node_count(), 5);
    }

    #[test]
    fn times_are_toggled() {
        let mut app = branched();
        assert!(!app.show_times());
        key(&mut app, KeyCode::Char('T'));
        assert!(app.show_times());
    }
}

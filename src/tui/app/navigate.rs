//! Moving through a record: going to a move number on the line shown, the list of the
//! variations at the current move (go to one, make it the main line, delete it), and showing
//! each move's time (消費時間) in the record panel.

use super::ctx::Ctx;
use crate::record::{Cursor, NodeId, ROOT};

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

impl VariationList {
    /// The list where it applies at the place `game` shows: the moves from the parent of the
    /// move shown when it has alternatives, else the moves from the position shown when they
    /// branch.
    pub(super) fn at(game: &Cursor) -> Option<VariationList> {
        let rec = game.record();
        let here = game.node();
        let (parent, row) = match rec.node(here).parent() {
            Some(p) if rec.node(p).children().len() > 1 => {
                (p, rec.node(p).children().iter().position(|&c| c == here).unwrap_or(0))
            }
            _ => {
                let n = rec.node(here);
                if n.children().len() <= 1 {
                    return None;
                }
                (here, n.last_child.unwrap_or(0).min(n.children().len() - 1))
            }
        };
        let children = rec.node(parent).children().to_vec();
        Some(VariationList { parent, children, row, confirm_delete: false })
    }

    /// Chooses the variation `delta` rows down (up when negative), stopping at the ends.
    pub(super) fn step(&mut self, delta: i32) {
        self.row = (self.row as i32 + delta).clamp(0, self.children.len() as i32 - 1) as usize;
        self.confirm_delete = false;
    }

    /// The chosen move in KIF notation (`▲７六歩(77)`).
    fn chosen_text(&self, game: &Cursor) -> String {
        let pos = game.record().position_at(self.parent);
        let mv = game.record().node(self.chosen()).mv;
        crate::record::move_text(&pos, mv, crate::record::MoveStyle::KifMarked)
    }

    /// Makes the line through the chosen variation the main line, and says so; the list in
    /// its new order.
    pub(super) fn promote(self, ctx: &mut Ctx) -> VariationList {
        let chosen = self.chosen();
        let text = self.chosen_text(ctx.game);
        ctx.game.promote_to_main_line(chosen);
        let children = ctx.game.record().node(self.parent).children().to_vec();
        let row = children.iter().position(|&c| c == chosen).unwrap_or(0);
        ctx.status.set((ctx.text().review.promoted)(&text));
        VariationList { children, row, ..self }
    }

    /// Removes the chosen move and everything after it, and says so: the list left while
    /// moves remain to choose from (`Ok(None)`: one line left), `Err` when nothing was removed.
    pub(super) fn delete(self, ctx: &mut Ctx) -> Result<Option<VariationList>, ()> {
        let chosen = self.chosen();
        let text = self.chosen_text(ctx.game);
        let moves = subtree_moves(ctx.game.record(), chosen);
        ctx.game.delete_variation(chosen).map_err(|_| ())?;
        let children = ctx.game.record().node(self.parent).children().to_vec();
        ctx.status.set((ctx.text().review.deleted)(&text, moves));
        if children.len() < 2 {
            return Ok(None);
        }
        let row = self.row.min(children.len() - 1);
        Ok(Some(VariationList { children, row, confirm_delete: false, ..self }))
    }
}

/// Shows or hides each move's time (消費時間) in the record panel, and says so.
pub(super) fn toggle_times(ctx: &mut Ctx) {
    ctx.board.show_times = !ctx.board.show_times;
    let t = ctx.text().review;
    ctx.status.set(if ctx.board.show_times { t.times_on } else { t.times_off }.into());
}

/// The move number `text` asks for (0 is the start): digits, full-width digits as typed with
/// a Japanese input method, a trailing 手 or 手目.
pub(super) fn move_number(text: &str) -> Option<usize> {
    let digits: String = text
        .chars()
        .map(|c| match c {
            '０'..='９' => char::from(b'0' + (c as u32 - '０' as u32) as u8),
            c => c,
        })
        .collect();
    digits.trim().trim_end_matches('手').trim_end_matches("手目").parse::<usize>().ok()
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
    use crate::core::Position;
    use crate::tui::app::{App, InputKind, Popup};
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

//! A cursor over a [`GameRecord`]: the current node plus a `Position` kept in sync with
//! `do_move`/`undo_move`, so the app and the engine can read the position cheaply. Undo is
//! `back`, redo is `forward` (along the branch last taken); playing a move follows an existing
//! child or adds a variation, never discarding a line.

use super::error::RecordError;
use super::notation::{MoveStyle, line_text};
use super::parse_move::{MoveParseError, parse_move_any};
use super::tree::{GameRecord, NodeId, ROOT};
use crate::core::{Move, Position};

/// A record plus a position in it.
#[derive(Clone, Debug)]
pub struct Cursor {
    record: GameRecord,
    node: NodeId,
    pos: Position,
}

impl Default for Cursor {
    fn default() -> Self {
        Cursor::new(GameRecord::default())
    }
}

impl Cursor {
    /// A cursor at the start of `record`.
    pub fn new(record: GameRecord) -> Cursor {
        let pos = record.initial().clone();
        Cursor { record, node: ROOT, pos }
    }

    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// Mutable access for headers, comments and times. After structural changes made here
    /// (deleting nodes), call [`Cursor::resync`].
    pub fn record_mut(&mut self) -> &mut GameRecord {
        &mut self.record
    }

    pub fn into_record(self) -> GameRecord {
        self.record
    }

    /// The current node.
    pub fn node(&self) -> NodeId {
        self.node
    }

    /// The current position (with the move history from the start).
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Moves played from the start to here.
    pub fn ply(&self) -> usize {
        self.pos.moves_played()
    }

    /// The move that led here, if any.
    pub fn last_move(&self) -> Option<Move> {
        if self.node == ROOT { None } else { Some(self.record.node(self.node).mv) }
    }

    /// Undo: one move back. Returns false at the start.
    pub fn back(&mut self) -> bool {
        let Some(parent) = self.record.node(self.node).parent() else { return false };
        // remember the branch we came from so that redo returns to it
        let idx = self.record.node(parent).children().iter().position(|&c| c == self.node).unwrap_or(0);
        self.record.node_mut(parent).last_child = Some(idx);
        self.pos.undo_move();
        self.node = parent;
        true
    }

    /// Redo: one move forward along the branch last taken (the main line by default).
    pub fn forward(&mut self) -> bool {
        let n = self.record.node(self.node);
        let next = match n.last_child {
            Some(i) => n.children().get(i).copied(),
            None => n.continuation(),
        };
        let Some(child) = next else { return false };
        self.enter(child);
        true
    }

    fn enter(&mut self, child: NodeId) {
        self.pos.do_move(self.record.node(child).mv);
        self.node = child;
    }

    pub fn to_start(&mut self) {
        while self.back() {}
    }

    pub fn to_end(&mut self) {
        while self.forward() {}
    }

    /// Goes to ply `n` along the current branch (back, or forward along the branch last taken).
    /// Returns the ply reached (less than `n` when the branch is shorter).
    pub fn to_ply(&mut self, n: usize) -> usize {
        while self.ply() > n && self.back() {}
        while self.ply() < n && self.forward() {}
        self.ply()
    }

    /// The alternatives at the current node: its children (first = main continuation).
    pub fn variations(&self) -> &[NodeId] {
        self.record.node(self.node).children()
    }

    /// Goes forward into child `index` of the current node (choosing a variation).
    pub fn choose_variation(&mut self, index: usize) -> Result<(), RecordError> {
        let Some(&child) = self.record.node(self.node).children().get(index) else {
            return Err(RecordError::NoVariation { index });
        };
        self.record.node_mut(self.node).last_child = Some(index);
        self.enter(child);
        Ok(())
    }

    /// Goes to any node of the record.
    pub fn goto_node(&mut self, id: NodeId) -> Result<(), RecordError> {
        if !self.record.contains(id) {
            return Err(RecordError::NoSuchNode { node: id });
        }
        let target = self.record.path_to(id);
        let here = self.record.path_to(self.node);
        let common = target.iter().zip(&here).take_while(|(a, b)| a == b).count();
        for _ in common..here.len() {
            self.back();
        }
        for &n in &target[common..] {
            let parent = self.node;
            let idx = self.record.node(parent).children().iter().position(|&c| c == n).unwrap_or(0);
            self.record.node_mut(parent).last_child = Some(idx);
            self.enter(n);
        }
        Ok(())
    }

    /// Plays `mv` here: follows the existing child with that move, or adds a new variation.
    /// Illegal moves are refused.
    pub fn play(&mut self, mv: Move) -> Result<NodeId, RecordError> {
        let child = self.record.add_move_at(self.node, &self.pos, mv)?;
        let idx = self.record.node(self.node).children().iter().position(|&c| c == child).unwrap_or(0);
        self.record.node_mut(self.node).last_child = Some(idx);
        self.enter(child);
        Ok(child)
    }

    /// Parses typed move text (USI, CSA or Japanese, `同` relative to the last move) against the
    /// current position.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveParseError> {
        parse_move_any(&self.pos, text, self.pos.last_move().map(|m| m.to()))
    }

    /// The moves from the start to here in a notation.
    pub fn line_text(&self, style: MoveStyle) -> Vec<String> {
        line_text(&self.record, self.node, style)
    }

    /// Deletes the variation starting at `id`; if the cursor was inside it, it moves to the
    /// parent of `id`.
    pub fn delete_variation(&mut self, id: NodeId) -> Result<(), RecordError> {
        let inside = self.record.path_to(self.node).contains(&id);
        if inside {
            let parent = self.record.node(id).parent().unwrap_or(ROOT);
            self.goto_node(parent)?;
        }
        self.record.delete_variation(id)?;
        Ok(())
    }

    /// Makes the line through `id` the main line (the cursor stays where it is).
    pub fn promote_to_main_line(&mut self, id: NodeId) {
        self.record.promote_to_main_line(id);
    }

    /// Rebuilds the position after changes made through `record_mut`; if the current node was
    /// deleted the cursor goes back to the start.
    pub fn resync(&mut self) {
        if !self.record.contains(self.node) {
            self.node = ROOT;
        }
        self.pos = self.record.position_at(self.node);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_redo_and_variations() {
        let mut c = Cursor::default();
        let m1 = c.position().parse_usi_move("7g7f").unwrap();
        c.play(m1).unwrap();
        let m2 = c.position().parse_usi_move("3c3d").unwrap();
        let a = c.play(m2).unwrap();
        assert!(c.back());
        let m2b = c.position().parse_usi_move("8c8d").unwrap();
        let b = c.play(m2b).unwrap();
        assert_eq!(c.variations(), &[] as &[NodeId]);
        assert!(c.back());
        assert_eq!(c.variations(), &[a, b]);
        // redo follows the branch last taken (b), not the main line
        assert!(c.forward());
        assert_eq!(c.node(), b);
        c.to_start();
        assert_eq!(c.ply(), 0);
        assert_eq!(*c.position(), Position::startpos());
        c.to_end();
        assert_eq!(c.node(), b);
        c.goto_node(a).unwrap();
        assert_eq!(c.position().to_sfen(), c.record().position_at(a).to_sfen());
        // playing the same move follows the existing child
        c.back();
        assert_eq!(c.play(m2).unwrap(), a);
        assert_eq!(c.record().node_count(), 4);
        c.delete_variation(a).unwrap();
        assert_eq!(c.ply(), 1);
        assert_eq!(c.variations(), &[b]);
        assert!(c.play(Move::from_usi("5a5c").unwrap()).is_err());
        assert_eq!(c.to_ply(0), 0);
        c.to_end();
        let m = c.parse_move("同　銀").unwrap_err();
        assert!(m.to_string().contains("同"), "{m}");
        assert_eq!(c.line_text(MoveStyle::Ki2Marked), ["▲７六歩", "△８四歩"]);
    }

    #[test]
    fn variations_after_a_special_move() {
        use crate::record::special::SpecialKind;
        use crate::record::tree::Special;
        let mut c = Cursor::default();
        let m = c.parse_move("76歩").unwrap();
        let n1 = c.play(m).unwrap();
        c.record_mut().set_special(n1, Some(Special::new(SpecialKind::Resign)));
        // playing on instead of resigning adds a variation and keeps the special
        let m2 = c.parse_move("34歩").unwrap();
        let v = c.play(m2).unwrap();
        assert!(c.record().node(n1).special.is_some());
        assert_eq!(c.record().main_line(), vec![n1]);
        c.to_start();
        c.to_end();
        assert_eq!(c.node(), v, "redo follows the branch last taken");
        // a fresh cursor stops at the special that ends the main line
        let mut fresh = Cursor::new(c.record().clone());
        let mut r = c.into_record();
        r.node_mut(n1).last_child = None;
        let mut fresh2 = Cursor::new(r);
        fresh2.to_end();
        assert_eq!(fresh2.node(), n1);
        fresh.to_ply(0);
        fresh.choose_variation(0).unwrap();
        fresh.choose_variation(0).unwrap();
        assert_eq!(fresh.node(), v);
    }
}

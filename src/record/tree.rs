//! The game record (棋譜) as a tree: a starting position, headers in file order, and moves with
//! variations (変化), each node carrying its move, time and comments, and optionally the special
//! move (投了, 千日手 ...) that ends its line. Every move is checked with `Position::is_legal`
//! before it enters the tree. Navigation with a live position is in [`super::cursor`].

use super::error::RecordError;
use super::handicap::Handicap;
use super::special::{Outcome, SpecialKind};
use crate::core::{Color, Move, Position};

/// Why a header key cannot be kept: KIF could not write it back as a header line that reads
/// as the same header (so no format would round-trip it). `None` when the key is fine.
pub fn header_key_problem(key: &str) -> Option<&'static str> {
    let first = key.chars().next()?;
    if key.chars().any(char::is_control) {
        return Some("it contains a control character");
    }
    if key.contains('：') {
        return Some("it contains '：'");
    }
    if key != key.trim_matches(char::is_whitespace) {
        return Some("it begins or ends with white space");
    }
    if first.is_ascii_digit()
        || ('０'..='９').contains(&first)
        || "#&*|｜+＋同▲△☗☖▼▽'$%/".contains(first)
        || key.starts_with("まで")
        || key.starts_with("変化")
        || key.starts_with("手数")
    {
        return Some("it begins like a move, comment or diagram line");
    }
    if key.ends_with("の持駒") {
        return Some("pieces in hand belong to the start position");
    }
    None
}

/// Why a header read from a file is dropped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HeaderDropped {
    #[error("header with an empty key dropped")]
    EmptyKey,
    /// The key (as read) and why a record cannot keep it.
    #[error("header '{}' dropped: {why}", key.escape_debug())]
    Refused { key: String, why: &'static str },
}

/// Checks a header read from a file: `Err` says why the key is dropped; the value has control
/// characters replaced by spaces, undecodable bytes (U+FFFD) dropped and white space around it
/// trimmed, as KIF keeps it.
pub fn clean_header(key: &str, value: &str) -> Result<(String, String), HeaderDropped> {
    // undecodable bytes (U+FFFD) go, as the KIF reader drops them outside comments
    let key = key.replace('\u{FFFD}', "");
    let key = key.trim_matches(char::is_whitespace);
    if key.is_empty() {
        return Err(HeaderDropped::EmptyKey);
    }
    if let Some(why) = header_key_problem(key) {
        return Err(HeaderDropped::Refused { key: key.to_string(), why });
    }
    Ok((key.to_string(), clean_header_value(value)))
}

/// A header's value as records keep it: control characters (ESC, line breaks) become spaces,
/// bidirectional marks (see [`super::text::unsafe_for_terminal`]) and undecodable bytes go,
/// white space around it is trimmed. Read or set by the app, a header is written only so.
pub fn clean_header_value(value: &str) -> String {
    let value: String = value
        .chars()
        .filter(|&c| c != '\u{FFFD}' && (c.is_control() || !super::text::unsafe_for_terminal(c)))
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    value.trim_matches(char::is_whitespace).to_string()
}

/// A comment as every format keeps it: control characters (a line break included) become
/// spaces, and trailing white space and undecodable bytes (U+FFFD) go (KIF and CSA readers drop
/// them at a line's end).
pub fn clean_comment(c: &str) -> String {
    let c: String = c.chars().map(|ch| if ch.is_control() { ' ' } else { ch }).collect();
    c.trim_end_matches(|ch: char| ch.is_whitespace() || ch == '\u{FFFD}').to_string()
}

/// Index of a node in a [`GameRecord`]. The root (the starting position) is [`ROOT`].
pub type NodeId = usize;
/// The root node: the starting position, no move.
pub const ROOT: NodeId = 0;

/// Time used for one move and, when known, the mover's running total, in seconds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct MoveTime {
    pub spent: u32,
    pub total: Option<u32>,
}

/// The special move that ends a line of play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Special {
    pub kind: SpecialKind,
    pub time: Option<MoveTime>,
    pub comments: Vec<String>,
}

impl Special {
    pub fn new(kind: SpecialKind) -> Special {
        Special { kind, time: None, comments: Vec::new() }
    }
}

/// One node: the move that leads to it (none for the root), its time and comments.
#[derive(Clone, Debug)]
pub struct Node {
    /// `Move::NONE` for the root.
    pub mv: Move,
    pub time: Option<MoveTime>,
    pub comments: Vec<String>,
    /// Set when the line ends here with a special move.
    pub special: Option<Special>,
    parent: Option<NodeId>,
    /// Moves from the root to this node.
    depth: usize,
    children: Vec<NodeId>,
    /// Index into `children` of the branch last taken (redo follows it); `None` means the main
    /// continuation.
    pub(crate) last_child: Option<usize>,
    deleted: bool,
}

impl Node {
    fn new(mv: Move, parent: Option<NodeId>, depth: usize) -> Node {
        Node {
            mv,
            time: None,
            comments: Vec::new(),
            special: None,
            parent,
            depth,
            children: Vec::new(),
            last_child: None,
            deleted: false,
        }
    }

    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }

    /// Children in order: the first is the main continuation (unless the node ends its line
    /// with a special move, in which case every child is a variation), the rest variations.
    pub fn children(&self) -> &[NodeId] {
        &self.children
    }

    /// The main continuation: the first child, or none when the line ends here with a special.
    pub fn continuation(&self) -> Option<NodeId> {
        if self.special.is_some() { None } else { self.children.first().copied() }
    }

    /// The variations here: the children other than the main continuation.
    pub fn alternatives(&self) -> &[NodeId] {
        if self.special.is_some() || self.children.is_empty() { &self.children } else { &self.children[1..] }
    }
}

/// A complete game record.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Header lines (`先手`, `開始日時`, ...) in the order read; keys use the KIF names.
    /// `手合割` is kept for its place but its value is always derived from the start position.
    pub headers: Vec<(String, String)>,
    initial: Position,
    nodes: Vec<Node>,
}

impl Default for GameRecord {
    fn default() -> Self {
        GameRecord::new(Position::startpos())
    }
}

impl PartialEq for GameRecord {
    /// Same start (its move number included), headers and tree (moves, times, comments,
    /// specials, order of variations). Walks the trees with an explicit stack, so any depth works.
    fn eq(&self, o: &GameRecord) -> bool {
        if self.headers != o.headers || self.initial != o.initial || self.initial.ply() != o.initial.ply() {
            return false;
        }
        let mut stack = vec![(ROOT, ROOT)];
        while let Some((an, bn)) = stack.pop() {
            let (x, y) = (self.node(an), o.node(bn));
            if x.mv != y.mv
                || x.time != y.time
                || x.comments != y.comments
                || x.special != y.special
                || x.children.len() != y.children.len()
            {
                return false;
            }
            stack.extend(x.children.iter().copied().zip(y.children.iter().copied()));
        }
        true
    }
}

impl GameRecord {
    /// An empty record starting from `initial` (its move history is dropped).
    pub fn new(mut initial: Position) -> GameRecord {
        initial.clear_history();
        GameRecord { headers: Vec::new(), initial, nodes: vec![Node::new(Move::NONE, None, 0)] }
    }

    /// An empty record for a handicap (or 平手).
    pub fn with_handicap(h: &Handicap) -> GameRecord {
        GameRecord::new(h.position())
    }

    /// The starting position (no history).
    pub fn initial(&self) -> &Position {
        &self.initial
    }

    /// The handicap whose position this record starts from (平手 included), if any.
    pub fn handicap(&self) -> Option<&'static Handicap> {
        Handicap::of_position(&self.initial)
    }

    /// Whether the start is a handicap position other than 平手 (names become 下手/上手).
    pub fn is_handicap_game(&self) -> bool {
        self.handicap().is_some_and(|h| !h.is_even())
    }

    /// Replaces the starting position; only allowed while the record has no moves.
    pub fn set_initial(&mut self, mut pos: Position) -> Result<(), RecordError> {
        if !self.node(ROOT).children.is_empty() {
            return Err(RecordError::StartHasMoves);
        }
        pos.clear_history();
        self.initial = pos;
        Ok(())
    }

    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// Sets a header, keeping its place if it exists, else appending it.
    /// Sets a header (its value cleaned as [`clean_header_value`] says: no control characters
    /// or bidirectional marks reach a file, whoever gave the name).
    pub fn set_header(&mut self, key: &str, value: &str) {
        let value = clean_header_value(value);
        match self.headers.iter_mut().find(|(k, _)| k == key) {
            Some(e) => e.1 = value,
            None => self.headers.push((key.to_string(), value)),
        }
    }

    /// Sente's name (`先手` or `下手`).
    pub fn sente_name(&self) -> Option<&str> {
        self.header("先手").or_else(|| self.header("下手"))
    }

    /// Gote's name (`後手` or `上手`).
    pub fn gote_name(&self) -> Option<&str> {
        self.header("後手").or_else(|| self.header("上手"))
    }

    /// The node. Panics on an id that never came from this record.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id]
    }

    /// Mutable access to a node's time, comments and special.
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id]
    }

    /// Whether the node is still in the tree (not removed by `delete_variation`).
    pub fn contains(&self, id: NodeId) -> bool {
        id < self.nodes.len() && !self.nodes[id].deleted
    }

    /// Number of moves from the root to this node.
    pub fn depth(&self, id: NodeId) -> usize {
        self.nodes[id].depth
    }

    /// The deepest node that is an ancestor of both `a` and `b` (or one of them).
    pub fn common_ancestor(&self, mut a: NodeId, mut b: NodeId) -> NodeId {
        while self.nodes[a].depth > self.nodes[b].depth {
            a = self.nodes[a].parent.unwrap_or(ROOT);
        }
        while self.nodes[b].depth > self.nodes[a].depth {
            b = self.nodes[b].parent.unwrap_or(ROOT);
        }
        while a != b {
            a = self.nodes[a].parent.unwrap_or(ROOT);
            b = self.nodes[b].parent.unwrap_or(ROOT);
        }
        a
    }

    /// Every node in the tree (root first), parents before children, in creation order.
    pub fn node_ids(&self) -> impl Iterator<Item = NodeId> + '_ {
        (0..self.nodes.len()).filter(|&i| !self.nodes[i].deleted)
    }

    /// One past the largest node id (for tables indexed by `NodeId`).
    pub fn id_bound(&self) -> usize {
        self.nodes.len()
    }

    /// The nodes from the first move to `id` (empty for the root).
    pub fn path_to(&self, mut id: NodeId) -> Vec<NodeId> {
        let mut v = Vec::new();
        while let Some(p) = self.nodes[id].parent {
            v.push(id);
            id = p;
        }
        v.reverse();
        v
    }

    /// The moves from the start to `id`.
    pub fn moves_to(&self, id: NodeId) -> Vec<Move> {
        self.path_to(id).into_iter().map(|n| self.nodes[n].mv).collect()
    }

    /// The position after the move of node `id` (with history, so `last_move` works).
    pub fn position_at(&self, id: NodeId) -> Position {
        let mut p = self.initial.clone();
        for m in self.moves_to(id) {
            p.do_move(m);
        }
        p
    }

    /// The main line: the main continuation at every step, from the first move to the end or
    /// the special move that ends it.
    pub fn main_line(&self) -> Vec<NodeId> {
        let mut v = Vec::new();
        let mut n = ROOT;
        while let Some(c) = self.nodes[n].continuation() {
            v.push(c);
            n = c;
        }
        v
    }

    /// The moves of the main line.
    pub fn main_line_moves(&self) -> Vec<Move> {
        self.main_line().into_iter().map(|n| self.nodes[n].mv).collect()
    }

    /// The last node of the main line (the root if there are no moves).
    pub fn main_line_end(&self) -> NodeId {
        self.main_line().last().copied().unwrap_or(ROOT)
    }

    /// The special that ends the main line, if any.
    pub fn ending(&self) -> Option<&Special> {
        self.nodes[self.main_line_end()].special.as_ref()
    }

    /// The side to move at node `id`.
    pub fn side_to_move_at(&self, id: NodeId) -> Color {
        let d = self.depth(id);
        if d.is_multiple_of(2) { self.initial.side_to_move() } else { self.initial.side_to_move().flip() }
    }

    /// The result of the main line.
    pub fn outcome(&self) -> Outcome {
        let end = self.main_line_end();
        match &self.nodes[end].special {
            Some(s) => s.kind.outcome(self.side_to_move_at(end)),
            None => Outcome::None,
        }
    }

    /// Ends the line at `id` with a special move (replacing any previous one).
    pub fn set_special(&mut self, id: NodeId, special: Option<Special>) {
        self.nodes[id].special = special;
    }

    /// The child of `parent` that plays `mv`, if any.
    pub fn find_child(&self, parent: NodeId, mv: Move) -> Option<NodeId> {
        self.nodes[parent].children.iter().copied().find(|&c| self.nodes[c].mv == mv)
    }

    /// Adds `mv` after `parent` (whose position is `pos`), or returns the existing child with that
    /// move. After a node that ends with a special move the new move is a variation (an
    /// alternative to the special). The caller guarantees `pos` is the position at `parent`.
    pub(crate) fn add_move_at(
        &mut self,
        parent: NodeId,
        pos: &Position,
        mv: Move,
    ) -> Result<NodeId, RecordError> {
        if let Some(c) = self.find_child(parent, mv) {
            return Ok(c);
        }
        if !pos.is_legal(mv) {
            return Err(RecordError::IllegalMove { mv: mv.usi(), sfen: pos.to_sfen() });
        }
        let id = self.nodes.len();
        let depth = self.nodes[parent].depth + 1;
        self.nodes.push(Node::new(mv, Some(parent), depth));
        self.nodes[parent].children.push(id);
        Ok(id)
    }

    /// Adds `mv` after `parent` (checked for legality), returning the new or existing child.
    pub fn add_move(&mut self, parent: NodeId, mv: Move) -> Result<NodeId, RecordError> {
        if !self.contains(parent) {
            return Err(RecordError::NoSuchNode { node: parent });
        }
        let pos = self.position_at(parent);
        self.add_move_at(parent, &pos, mv)
    }

    /// Appends moves to the end of the main line. Convenience for building records.
    pub fn push_main_line(&mut self, moves: &[Move]) -> Result<NodeId, RecordError> {
        let mut n = self.main_line_end();
        let mut pos = self.position_at(n);
        for &m in moves {
            n = self.add_move_at(n, &pos, m)?;
            pos.do_move(m);
        }
        Ok(n)
    }

    /// Removes the subtree starting at `id` (a move node, not the root). Returns the parent.
    pub fn delete_variation(&mut self, id: NodeId) -> Result<NodeId, RecordError> {
        if id == ROOT || !self.contains(id) {
            return Err(RecordError::NotAMove);
        }
        let parent = self.nodes[id].parent.expect("non-root has a parent");
        let p = &mut self.nodes[parent];
        p.children.retain(|&c| c != id);
        p.last_child = None;
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            self.nodes[n].deleted = true;
            self.nodes[n].parent = None;
            stack.extend(std::mem::take(&mut self.nodes[n].children));
        }
        Ok(parent)
    }

    /// Makes the line through `id` the main line: at every branching on the way from the root,
    /// the branch taken moves to the front. Nothing is discarded. A special move stays the main
    /// continuation of its node (a line through a move played instead of it remains a
    /// variation there; clear the special with `set_special` to make it the main line).
    pub fn promote_to_main_line(&mut self, id: NodeId) {
        for n in self.path_to(id) {
            let parent = self.nodes[n].parent.expect("path nodes have parents");
            let ch = &mut self.nodes[parent].children;
            if let Some(i) = ch.iter().position(|&c| c == n) {
                ch.remove(i);
                ch.insert(0, n);
                self.nodes[parent].last_child = None;
            }
        }
    }

    /// Moves the variation `id` one place towards the front among its siblings.
    pub fn promote_variation(&mut self, id: NodeId) {
        if let Some(parent) = self.nodes[id].parent {
            let ch = &mut self.nodes[parent].children;
            if let Some(i) = ch.iter().position(|&c| c == id)
                && i > 0
            {
                ch.swap(i - 1, i);
            }
        }
    }

    /// Number of nodes in the tree, root included.
    pub fn node_count(&self) -> usize {
        self.nodes.iter().filter(|n| !n.deleted).count()
    }
}

/// A position kept in step with a node of a record: [`Walker::goto`] undoes moves up to the
/// common ancestor and replays moves down to the target, so a walk that visits the tree in
/// depth-first order costs time linear in the tree's size (no walk back to the root per step).
pub struct Walker {
    node: NodeId,
    pos: Position,
    path: Vec<NodeId>,
}

impl Walker {
    /// At the root of `record`.
    pub fn new(record: &GameRecord) -> Walker {
        Walker { node: ROOT, pos: record.initial().clone(), path: Vec::new() }
    }

    pub fn node(&self) -> NodeId {
        self.node
    }

    /// The position at the current node (with the moves from the start as history).
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Moves to `target` (a node of the same record).
    pub fn goto(&mut self, record: &GameRecord, target: NodeId) {
        let common = record.common_ancestor(self.node, target);
        while self.node != common {
            self.pos.undo_move();
            self.node = record.node(self.node).parent.unwrap_or(ROOT);
        }
        self.path.clear();
        let mut n = target;
        while n != common {
            self.path.push(n);
            n = record.node(n).parent.unwrap_or(ROOT);
        }
        while let Some(n) = self.path.pop() {
            self.pos.do_move(record.node(n).mv);
        }
        self.node = target;
    }

    /// Plays the move of `child`, a child of the current node.
    pub fn enter(&mut self, record: &GameRecord, child: NodeId) {
        debug_assert_eq!(record.node(child).parent, Some(self.node));
        self.pos.do_move(record.node(child).mv);
        self.node = child;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_dropped_say_why() {
        assert_eq!(clean_header(" ", "x"), Err(HeaderDropped::EmptyKey));
        // a key of one undecodable byte is no key: KIF could not read it back
        assert_eq!(clean_header("\u{FFFD}", "\u{FFFD} x"), Err(HeaderDropped::EmptyKey));
        assert_eq!(clean_header("棋\u{FFFD}戦", "竜\u{FFFD}王戦"), Ok(("棋戦".into(), "竜王戦".into())));
        let e = clean_header("先手の持駒", "歩").unwrap_err();
        assert!(matches!(&e, HeaderDropped::Refused { key, .. } if key == "先手の持駒"), "{e}");
        assert_eq!(clean_header(" 棋戦 ", " 竜王戦\n"), Ok(("棋戦".into(), "竜王戦".into())));
    }

    fn mv(p: &Position, usi: &str) -> Move {
        p.parse_usi_move(usi).unwrap()
    }

    #[test]
    fn builds_variations_and_promotes() {
        let mut r = GameRecord::default();
        let p0 = Position::startpos();
        let a = r.add_move(ROOT, mv(&p0, "7g7f")).unwrap();
        let b = r.add_move(ROOT, mv(&p0, "2g2f")).unwrap();
        assert_eq!(r.add_move(ROOT, mv(&p0, "7g7f")).unwrap(), a);
        assert_eq!(r.node(ROOT).children(), &[a, b]);
        let p1 = r.position_at(b);
        let c = r.add_move(b, mv(&p1, "8c8d")).unwrap();
        r.promote_to_main_line(c);
        assert_eq!(r.main_line(), vec![b, c]);
        assert!(
            r.add_move(
                ROOT,
                Move::board(
                    crate::core::Square::new(7, 7).unwrap(),
                    crate::core::Square::new(7, 5).unwrap(),
                    false
                )
            )
            .is_err()
        );
        r.delete_variation(b).unwrap();
        assert_eq!(r.main_line(), vec![a]);
        assert!(!r.contains(c));
        assert_eq!(r.node_count(), 2);
    }

    #[test]
    fn operations_that_do_not_fit_the_record_say_why() {
        let mut r = GameRecord::default();
        let p0 = Position::startpos();
        r.add_move(ROOT, mv(&p0, "7g7f")).unwrap();
        let e = r.set_initial(Position::startpos()).unwrap_err();
        assert!(matches!(e, RecordError::StartHasMoves));
        assert_eq!(e.to_string(), "cannot change the start of a record that has moves");
        let e = r.add_move(99, mv(&p0, "2g2f")).unwrap_err();
        assert!(matches!(e, RecordError::NoSuchNode { node: 99 }));
        assert_eq!(e.to_string(), "node 99 is not in the record");
        assert!(matches!(r.delete_variation(ROOT), Err(RecordError::NotAMove)));
        let mut c = crate::record::Cursor::new(r);
        let e = c.choose_variation(3).unwrap_err();
        assert!(matches!(e, RecordError::NoVariation { index: 3 }));
        assert_eq!(e.to_string(), "there is no variation 3 here");
        assert!(matches!(c.goto_node(42), Err(RecordError::NoSuchNode { node: 42 })));
    }
}

//! Depth-first proof-number search (df-pn, Nagai 2002) for tsume: OR nodes are the attacker's
//! checks, AND nodes the defender's evasions. Written in φ/δ form (φ = proof number at OR nodes,
//! disproof number at AND nodes) so one routine serves both.
//!
//! Repetition (千日手) counts as a failure of the attacker: a child already on the current path is
//! treated as disproven without being stored. Disproofs that depend on such a path can in rare
//! cases be wrong for another path (the graph-history-interaction problem); proofs never depend
//! on the path, and the mating line is replayed and checked before it is returned.

use super::futile::remove_futile_interpositions;
use super::hands::{disproof_of, interposition_proof, mated_proof, no_check_disproof, proof_before};
use super::table::{INF, Lookup, Table, UNLIMITED, board_key, board_key_from, hands_after, hands_of};
use crate::core::{Color, Hand, Move, MoveList, Position};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Paths longer than this (plies) are cut and treated as a failure of the attacker.
pub(crate) const MAX_PLY: usize = 1000;

/// Why the search stopped early.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Abort {
    Time,
    Nodes,
    Stopped,
    Memory,
}

pub(crate) struct Solver {
    pub table: Table,
    pub attacker: Color,
    pub nodes: u64,
    pub max_nodes: Option<u64>,
    pub deadline: Option<Instant>,
    pub stop: Option<Arc<AtomicBool>>,
    pub abort: Option<Abort>,
    /// Mates longer than this many plies are not looked for (children deeper count as
    /// disproven); `MAX_PLY` for an unlimited search.
    pub max_ply: usize,
    /// Whether some child was counted as disproven only because it lay past `max_ply` (then a
    /// disproof of the root says "no mate within `max_ply`", not "no mate").
    pub hit_limit: bool,
    /// Ply of the node `search` was called on, counted from the position of the whole solve.
    base: usize,
    /// Keys of the positions on the current path (for repetition).
    path: Vec<u64>,
    /// Whether the attacker's checks are tried in a fixed order of promise when their numbers
    /// tie (see `check_order`) rather than in the order they were generated: the second
    /// search of a solve on two threads, which then goes down other lines than the first.
    pub order_checks: bool,
}

/// A child's numbers as seen from the child: φ, δ, the mate length and the proof hand (both
/// meaningful once it is proven), and the disproof hand (once it is disproven).
#[derive(Copy, Clone)]
struct ChildValue {
    phi: u32,
    delta: u32,
    dist: u32,
    proof: Hand,
    disproof: Hand,
}

#[derive(Copy, Clone)]
struct Child {
    mv: Move,
    /// Table key (the board key).
    bkey: u64,
    /// Plies left for the child under the depth limit (`UNLIMITED` without one).
    depth: u16,
    hands: super::table::Hands,
    key: u64,
}

impl Solver {
    pub fn new(
        attacker: Color,
        capacity: usize,
        max_nodes: Option<u64>,
        deadline: Option<Instant>,
        stop: Option<Arc<AtomicBool>>,
    ) -> Solver {
        Solver {
            table: Table::new(attacker, capacity),
            attacker,
            nodes: 0,
            max_nodes,
            deadline,
            stop,
            abort: None,
            max_ply: MAX_PLY,
            hit_limit: false,
            base: 0,
            path: Vec::with_capacity(256),
            order_checks: false,
        }
    }

    /// Starts a new search on the same table: up to `max_ply` plies (`MAX_PLY`: no limit),
    /// within `max_nodes` and the deadline. The node count starts again from 0. What the table
    /// learned stays: proofs hold wherever their length fits, disproofs for as many plies left as
    /// they were found with or fewer.
    pub fn begin_run(&mut self, max_ply: usize, max_nodes: Option<u64>, deadline: Option<Instant>) {
        self.max_ply = max_ply;
        self.table.forget_unusable(self.depth_left(0));
        self.max_nodes = max_nodes;
        self.deadline = deadline;
        self.nodes = 0;
        self.abort = None;
        self.hit_limit = false;
        self.path.clear();
    }

    /// Searches `pos` (attacker or defender to move) until it is proven or disproven or the
    /// search is aborted; returns the stored numbers of `pos`.
    pub fn search(&mut self, pos: &mut Position) -> Lookup {
        self.search_at(pos, 0)
    }

    /// `search` for a node `ply` plies below the position the solve started from (the depth
    /// limit and a depth-limited table count from there).
    pub fn search_at(&mut self, pos: &mut Position, ply: usize) -> Lookup {
        let or_node = pos.side_to_move() == self.attacker;
        self.base = ply;
        loop {
            let l = self.lookup_at(pos, ply);
            if l.pn == 0 || l.dn == 0 || self.abort.is_some() {
                return l;
            }
            self.path.clear();
            self.mid(pos, INF - 1, INF - 1, or_node);
        }
    }

    /// What the table holds for `pos`, reached `ply` plies below the start of the solve.
    pub fn lookup_at(&self, pos: &Position, ply: usize) -> Lookup {
        let hands = hands_of(pos);
        self.table.lookup(board_key(pos), &hands, self.depth_left(ply))
    }

    /// The plies left to a node at `ply` under the depth limit, as the table counts them. A
    /// disproof under a depth limit means only "no mate in the plies left", so the table keeps
    /// it with that number: it holds for the same position met with as many plies left or fewer
    /// (in this search or the next, shorter or longer, one) but not with more.
    fn depth_left(&self, ply: usize) -> u16 {
        if self.max_ply < MAX_PLY {
            self.max_ply.saturating_sub(ply).min(UNLIMITED as usize - 1) as u16
        } else {
            UNLIMITED
        }
    }

    /// The moves of a node: checks for the attacker, evasions for the defender without the
    /// futile interpositions (無駄合, see `futile.rs`). The position is unchanged afterwards.
    pub fn node_moves(pos: &mut Position, or_node: bool) -> MoveList {
        let mut list = MoveList::new();
        if or_node {
            pos.generate_checks(&mut list);
        } else if pos.in_check() {
            pos.generate_evasions(&mut list);
            remove_futile_interpositions(pos, &mut list);
        }
        list
    }

    fn check_limits(&mut self) {
        if self.table.is_out_of_memory() {
            self.abort = Some(Abort::Memory);
        }
        if self.nodes & 1023 != 0 {
            return;
        }
        if self.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed)) {
            self.abort = Some(Abort::Stopped);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.abort = Some(Abort::Time);
        }
    }

    /// Numbers of a child from the table, as (φ, δ) seen from the child, plus its mate length
    /// and proof hand. Children on the current path (repetition) or past `MAX_PLY` count as
    /// disproven.
    /// `known` is what the table holds for the child when the caller has just read it.
    fn child_value(&mut self, c: &Child, child_or: bool, known: Option<Lookup>) -> ChildValue {
        let past_limit = self.base + self.path.len() > self.max_ply;
        self.hit_limit |= past_limit;
        let l = if past_limit || self.path.contains(&c.key) {
            // a failure of this path only: the disproof holds for the hand as it is, no more
            Lookup {
                pn: INF,
                dn: 0,
                disproof: c.hands[self.attacker.index()],
                limited: past_limit,
                ..Lookup::UNKNOWN
            }
        } else {
            known.unwrap_or_else(|| self.table.lookup(c.bkey, &c.hands, c.depth))
        };
        // a disproof from a search with a depth limit (this one or an earlier one of the solve)
        self.hit_limit |= l.dn == 0 && l.limited;
        let (phi, delta) = if child_or { (l.pn, l.dn) } else { (l.dn, l.pn) };
        ChildValue { phi, delta, dist: l.dist, proof: l.proof, disproof: l.disproof }
    }

    /// Stores a proof of `pos` that needs `proof` in the attacker's hand.
    fn store_proof(&mut self, pos: &Position, ply: usize, proof: &Hand, dist: u32, since: u64) {
        let amount = self.work_since(since);
        self.table.store_proof(board_key(pos), &hands_of(pos), proof, dist, amount, self.depth_left(ply));
    }

    /// Stores a disproof of `pos` that holds while the attacker holds no more than `disproof`.
    fn store_disproof(&mut self, pos: &Position, ply: usize, disproof: &Hand, since: u64) {
        let amount = self.work_since(since);
        self.table.store_disproof(board_key(pos), &hands_of(pos), disproof, amount, self.depth_left(ply));
    }

    /// Stores a node's unfinished numbers; `since` is the node count when its search began (the
    /// work spent).
    fn store(&mut self, pos: &Position, ply: usize, or_node: bool, phi: u32, delta: u32, since: u64) {
        let (pn, dn) = if or_node { (phi, delta) } else { (delta, phi) };
        let amount = self.work_since(since);
        self.table.store(board_key(pos), &hands_of(pos), pn, dn, amount, self.depth_left(ply));
    }

    /// Nodes searched since the count was `since`, as a table entry's work.
    fn work_since(&self, since: u64) -> u32 {
        (self.nodes - since).min(u32::MAX as u64) as u32
    }

    /// Gives children the table has never seen their initial numbers from a one-ply look
    /// (df-pn+ style): a defender position is valued by its number of evasions (none = mated),
    /// an attacker position with no check is disproven at once. Returns what the table then holds
    /// for each child.
    fn init_children(&mut self, pos: &mut Position, children: &[Child], child_or: bool) -> Vec<Lookup> {
        let mut known = Vec::with_capacity(children.len());
        for c in children {
            if let Some(l) = self.table.probe(c.bkey, &c.hands, c.depth) {
                known.push(l);
                continue;
            }
            pos.do_move(c.mv);
            let mut checks = MoveList::new();
            let n = if child_or {
                pos.generate_checks(&mut checks);
                checks.len() as u32
            } else {
                distinct_count(&Self::node_moves(pos, false))
            };
            // an attacker position that mates in one is proven on the spot (a 1手詰 look at
            // the leaves saves expanding every evasion of the check before it)
            if child_or && n == 0 {
                let d = no_check_disproof(pos.hand(self.attacker));
                pos.undo_move();
                self.table.store_disproof(c.bkey, &c.hands, &d, 0, c.depth);
                known.push(self.table.lookup(c.bkey, &c.hands, c.depth));
                continue;
            }
            let proof = if !child_or && n == 0 {
                Some((mated_proof(pos, self.attacker), 0))
            } else if child_or && n > 0 {
                super::first_mating(pos, &checks).map(|m| {
                    pos.do_move(m);
                    let leaf = mated_proof(pos, self.attacker);
                    pos.undo_move();
                    (proof_before(pos, m, &leaf), 1)
                })
            } else {
                None
            };
            pos.undo_move();
            if let Some((proof, dist)) = proof {
                self.table.store_proof(c.bkey, &c.hands, &proof, dist, 0, c.depth);
                known.push(Lookup { pn: 0, dn: INF, dist, proof, ..Lookup::UNKNOWN });
                continue;
            }
            let (pn, dn) = match (child_or, n) {
                (true, n) => (1, n.min(4)),
                (false, n) => (n, 1),
            };
            self.table.store(c.bkey, &c.hands, pn, dn, 0, c.depth);
            known.push(Lookup { pn, dn, ..Lookup::UNKNOWN });
        }
        known
    }

    /// Multiple iterative deepening at one node with thresholds on φ and δ.
    fn mid(&mut self, pos: &mut Position, th_phi: u32, th_delta: u32, or_node: bool) {
        let ply = self.base + self.path.len();
        let since = self.nodes;
        self.nodes += 1;
        if self.max_nodes.is_some_and(|max| self.nodes >= max) {
            self.abort = Some(Abort::Nodes);
        }
        self.check_limits();
        if self.abort.is_some() {
            return;
        }

        let moves = Self::node_moves(pos, or_node);
        if moves.is_empty() {
            // OR: no check, the attacker fails. AND: no evasion, mated.
            if or_node {
                let d = no_check_disproof(pos.hand(self.attacker));
                self.store_disproof(pos, ply, &d, since);
            } else {
                let proof = mated_proof(pos, self.attacker);
                self.store_proof(pos, ply, &proof, 0, since);
            }
            return;
        }
        let child_or = !or_node;
        let mut children: Vec<Child> = moves
            .iter()
            .map(|&m| {
                let hands = hands_after(pos, m);
                let key = pos.key_after(m);
                let depth = self.depth_left(ply + 1);
                Child { mv: m, bkey: board_key_from(key, &hands), depth, hands, key }
            })
            .collect();
        if or_node && self.order_checks {
            let king = pos.king_square(self.attacker.flip()).map_or(0, |s| s.index());
            children.sort_by_key(|c| check_order(pos, c.mv, king));
        }

        // Interpositions (合駒) are expanded one piece at a time per square: the next kind on a
        // square joins only once the one before it is proven (a refutation by any of them
        // refutes the node, and what proves one often proves the next through the hand rule).
        // A position full of drops is then valued and searched square by square.
        let (mut active, next_of) = interposition_queue(&children, or_node);
        let firsts: Vec<Child> = children.iter().zip(&active).filter(|(_, a)| **a).map(|(c, _)| *c).collect();
        // their windows of the table come into the cache while the first ones are valued
        for c in &firsts {
            self.table.prefetch(c.bkey);
        }
        let mut known = self.init_children(pos, &firsts, child_or).into_iter();
        self.path.push(pos.key());
        // Children's numbers are read once and then only the searched child's again: others
        // change only through transpositions, which the next visit of this node picks up.
        let waiting =
            ChildValue { phi: 1, delta: 1, dist: 0, proof: Hand::default(), disproof: Hand::default() };
        let mut values: Vec<ChildValue> = Vec::with_capacity(children.len());
        for (c, a) in children.iter().zip(&active) {
            values.push(if *a { self.child_value(c, child_or, known.next()) } else { waiting });
        }
        loop {
            // the next piece on each square whose interposition so far is proven
            let mut joined = true;
            while joined {
                joined = false;
                for i in 0..children.len() {
                    if let Some(j) = next_of[i]
                        && active[i]
                        && !active[j]
                        && values[i].phi == 0
                    {
                        let l = self.init_children(pos, &children[j..=j], child_or).pop();
                        values[j] = self.child_value(&children[j], child_or, l);
                        active[j] = true;
                        joined = true;
                    }
                }
            }
            // φ(n) = min δ(c), δ(n) = Σ φ(c)
            let mut phi = INF;
            let mut delta: u64 = 0;
            let mut best = 0;
            let mut best_phi_c = 0;
            let mut delta2 = INF;
            let mut any_inf = false;
            let mut drop_max = [0u32; 81];
            let mut dist_best: Option<u32> = None; // OR: min proven dist; AND: max dist
            // OR: the proof hand through the shortest proven child; AND: the union of all
            let mut proof = Hand::default();
            for (i, c) in children.iter().enumerate() {
                if !active[i] {
                    continue;
                }
                let ChildValue { phi: cphi, delta: cdelta, dist: cdist, proof: cproof, .. } = values[i];
                if cdelta < phi {
                    delta2 = phi;
                    phi = cdelta;
                    best = i;
                    best_phi_c = cphi;
                } else if cdelta < delta2 {
                    delta2 = cdelta;
                }
                if cphi >= INF {
                    any_inf = true;
                } else if c.mv.is_drop() {
                    // drops of different pieces on one square stand or fall together (合駒):
                    // count the hardest of them only
                    let slot = &mut drop_max[c.mv.to().index()];
                    if cphi > *slot {
                        delta += (cphi - *slot) as u64;
                        *slot = cphi;
                    }
                } else {
                    delta += cphi as u64;
                }
                // mate length bookkeeping (only meaningful once this node is proven)
                let child_proven = if child_or { cphi == 0 } else { cdelta == 0 };
                if child_proven {
                    if or_node {
                        if dist_best.is_none_or(|d| cdist < d) {
                            proof = proof_before(pos, c.mv, &cproof);
                        }
                    } else {
                        proof = proof.zip_with(&cproof, u8::max);
                    }
                    dist_best = Some(match dist_best {
                        None => cdist,
                        Some(d) if or_node => d.min(cdist),
                        Some(d) => d.max(cdist),
                    });
                }
            }
            let delta = if any_inf { INF } else { delta.min(INF as u64 - 1) as u32 };
            if phi >= th_phi || delta >= th_delta || self.abort.is_some() {
                let proven = if or_node { phi == 0 } else { delta == 0 };
                let disproven = if or_node { delta == 0 } else { phi == 0 };
                if proven {
                    let dist = dist_best.map_or(1, |d| d + 1);
                    let proof = if or_node { proof } else { interposition_proof(pos, self.attacker, proof) };
                    self.store_proof(pos, ply, &proof, dist, since);
                } else if disproven {
                    let escapes = children.iter().zip(&values).map(|(c, v)| (c.mv, v.delta == 0, v.disproof));
                    let d = disproof_of(pos, self.attacker, or_node, escapes);
                    self.store_disproof(pos, ply, &d, since);
                } else {
                    self.store(pos, ply, or_node, phi, delta, since);
                }
                break;
            }
            let c = children[best];
            let th_phi_c = (th_delta as u64 - delta as u64 + best_phi_c as u64).min(INF as u64) as u32;
            // the 1+ε trick (Pawlewicz and Lew): the child may run a quarter past the second best
            // before the search comes back up, instead of one past it; without it, two
            // children with close numbers make the search switch between them at every step
            let d2 = delta2 as u64;
            let th_delta_c = (th_phi as u64).min((d2 + 1).max(d2 + d2 / 4)).min(INF as u64) as u32;
            pos.do_move(c.mv);
            self.mid(pos, th_phi_c, th_delta_c, child_or);
            pos.undo_move();
            values[best] = self.child_value(&c, child_or, None);
        }
        self.path.pop();
    }
}

/// Which children a node searches from the start, and for each child the one that joins when
/// it is proven: at a defender node the drops on one square form a queue in the order they were
/// generated, of which only the first starts; every other child starts at once.
fn interposition_queue(children: &[Child], or_node: bool) -> (Vec<bool>, Vec<Option<usize>>) {
    let mut active = vec![true; children.len()];
    let mut next_of = vec![None; children.len()];
    if or_node {
        return (active, next_of);
    }
    let mut last_on: [Option<usize>; 81] = [None; 81];
    for (i, c) in children.iter().enumerate() {
        if !c.mv.is_drop() {
            continue;
        }
        let sq = c.mv.to().index();
        if let Some(prev) = last_on[sq] {
            next_of[prev] = Some(i);
            active[i] = false;
        }
        last_on[sq] = Some(i);
    }
    (active, next_of)
}

/// A check's place in the fixed order of promise (smaller first): captures, then other board
/// moves, then drops; promotions before the moves that do not promote; among drops the strongest
/// piece first; then the nearer to the defending king (on `king`, a square index).
fn check_order(pos: &Position, m: Move, king: usize) -> (bool, bool, bool, u8, u8) {
    use crate::core::PieceKind;
    let drop = m.is_drop();
    let capture = !drop && !pos.captured_by(m).is_empty();
    let piece = match m.drop_kind() {
        None | Some(PieceKind::Rook) => 0,
        Some(PieceKind::Bishop) => 1,
        Some(PieceKind::Gold) => 2,
        Some(PieceKind::Silver) => 3,
        Some(PieceKind::Knight) => 4,
        Some(PieceKind::Lance) => 5,
        Some(_) => 6,
    };
    let to = m.to().index();
    let distance = (to / 9).abs_diff(king / 9).max((to % 9).abs_diff(king % 9)) as u8;
    (!capture, drop, !m.is_promotion(), piece, distance)
}

/// Number of moves counting all drops on one square as one (their outcomes are correlated).
fn distinct_count(moves: &MoveList) -> u32 {
    let mut seen = crate::core::Bitboard::EMPTY;
    let mut n = 0;
    for m in moves.iter() {
        if m.is_drop() {
            if seen.contains(m.to()) {
                continue;
            }
            seen.set(m.to());
        }
        n += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::PieceKind;

    /// Solves `sfen` (no mate), then re-solves it with the attacker holding more of each kind
    /// the disproof hand allows (taken from the defender's hand where it holds them): none of
    /// those may mate. Returns whether the disproof hand was wider than the hand.
    fn disproof_hand_holds(sfen: &str) -> bool {
        let pos = Position::from_sfen(sfen).unwrap();
        let attacker = pos.side_to_move();
        let (a, d) = (attacker.index(), attacker.flip().index());
        let l = Solver::new(attacker, 1 << 18, Some(3_000_000), None, None).search(&mut pos.clone());
        assert_eq!(l.dn, 0, "{sfen}: no mate");
        let held = *pos.hand(attacker);
        let mut wider = false;
        for k in PieceKind::HAND {
            let (proved, held) = (l.disproof.count(k), held.count(k));
            assert!(proved >= held, "{sfen}: the disproof covers the hand");
            if proved == held {
                continue;
            }
            wider = true;
            let mut hands = hands_of(&pos);
            let more = proved.min(held + 2).min(k.max_count());
            hands[d].set_count(k, hands[d].count(k).saturating_sub(more - held));
            hands[a].set_count(k, more);
            let mut q = Position::from_parts(&pos.board(), &hands, attacker, false).unwrap();
            let r = Solver::new(attacker, 1 << 18, Some(3_000_000), None, None).search(&mut q);
            assert_ne!(r.pn, 0, "{sfen}: {more} of {k:?} in hand must not mate");
        }
        wider
    }

    /// The fixed order of checks: the capture, then other board moves (a promotion before the
    /// same move unpromoted), then drops from the strongest piece down, nearer the king first.
    #[test]
    fn checks_in_the_fixed_order_of_promise() {
        // gote's king on 5a, a pawn of gote's on 5c that the rook on 5e can take (promoting or
        // not); sente holds a rook, a gold and a pawn; the silver on 6c checks promoted or not
        let pos = Position::from_sfen("4k4/9/3Sp4/9/4R4/9/9/9/4K4 b RGP 1").unwrap();
        let mut checks = MoveList::new();
        pos.generate_checks(&mut checks);
        let king = pos.king_square(Color::White).unwrap().index();
        let mut moves: Vec<Move> = checks.iter().copied().collect();
        moves.sort_by_key(|&m| check_order(&pos, m, king));
        let usi: Vec<String> = moves.iter().map(|m| m.usi()).collect();
        assert_eq!(usi[..2], ["5e5c+", "5e5c"], "the capture first, promoted first: {usi:?}");
        let first_drop = moves.iter().position(|m| m.is_drop()).unwrap();
        assert!(
            moves[..first_drop].iter().all(|m| !m.is_drop())
                && moves[first_drop..].iter().all(|m| m.is_drop())
        );
        let promoted = usi.iter().position(|u| u == "6c5b+").unwrap();
        let unpromoted = usi.iter().position(|u| u == "6c5b").unwrap();
        assert!(promoted < unpromoted, "{usi:?}");
        let drops: Vec<&str> = usi[first_drop..].iter().map(|u| &u[..1]).collect();
        let rank = |p: &str| ["R", "B", "G", "S", "N", "L", "P"].iter().position(|k| *k == p).unwrap();
        assert!(drops.windows(2).all(|w| rank(w[0]) <= rank(w[1])), "{usi:?}");
        let rook_drops: Vec<&Move> =
            moves[first_drop..].iter().filter(|m| m.usi().starts_with('R')).collect();
        let distance = |m: &Move| {
            let to = m.to().index();
            (to / 9).abs_diff(king / 9).max((to % 9).abs_diff(king % 9))
        };
        assert!(rook_drops.windows(2).all(|w| distance(w[0]) <= distance(w[1])), "{usi:?}");
    }

    #[test]
    fn a_disproof_holds_for_every_hand_within_its_disproof_hand() {
        // the only pawn drop that would check is nifu: any number of pawns fails like one
        assert!(disproof_hand_holds("4k4/9/9/9/9/9/4P4/9/4K4 b P3g 1"));
        // with a gold the pawns count: after G*4b Kx4b, P*4c checks, and each pawn more is
        // one check more
        assert!(!disproof_hand_holds("4k4/9/9/9/9/9/4P4/9/4K4 b GP3g 1"));
        // G*2a Kx2a, and no lance drop ever checks (the silver on 2b shields the king): any
        // number of lances fails, a second gold may not
        assert!(disproof_hand_holds("8k/7sp/9/9/9/9/9/9/K8 b GL2l 1"));
        // positions from games, checks everywhere but no mate
        for sfen in [
            "ln2k4/1rSsg2+B1/p1pppp1+Bp/2g3Np1/9/2P6/P+p1PPPPPP/1S1R1K3/LN1G1GSNL b l2p 37",
            "lns+R2s1l/2r1S1g2/p2GB1np1/1p2p1p1p/4kp3/1P7/P2PPPPPP/2GG5/LN2K1SNL b 2Pbp 51",
            "l7+B/1kpG3+N1/pp1pg4/1sP1l1s2/4pP3/6+B2/PP1Pn1PPP/2R2K3/LNSG1GSNL b R5P 75",
            "3g3nl/5r3/pp+BGp1spp/2p2kp2/9/2P1L1PP1/PP2P+p2P/2S2p1S1/L1KG1GS+b1 b Lr3n2p 55",
        ] {
            disproof_hand_holds(sfen);
        }
    }
}

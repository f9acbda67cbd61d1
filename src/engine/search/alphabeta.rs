//! The alpha-beta search below the root: principal variation search (PVS) with a transposition
//! table, razoring, null move and reverse futility (both skipped under a mate-in-one threat),
//! late-move reductions (one ply less at nodes that are or were on a principal variation: the
//! table marks them) and pruning, SEE pruning, singular extension, killer / counter-move /
//! history ordering, a mate-in-one probe (1手詰め) at every interior node, and a quiescence
//! search over captures and promotions (no quiet checks: drop checks chain almost without end in
//! shogi; when in check all evasions are searched).
//!
//! Repetition inside the search: the first repetition of a position is final (sennichite = 0,
//! perpetual check = loss for the checking side). A side that may declare an impasse win
//! (入玉宣言, CSA 27-point rule) scores it as a mate in one.
//!
//! Unpromoted pawn, bishop and rook moves that could have promoted are never searched: the
//! promotion dominates them.

use super::history::{Histories, counter_key};
use super::ordering::{SCORE_KILLER, Scored};
use super::params::*;
use super::picker::{Context, Picker};
use super::see::see;
use super::time::Clock;
use super::tt::{Bound, TranspositionTable, TtEntry};
use crate::core::{CheckTargets, Declaration, ImpasseRule, Move, PieceKind, Position, Repetition};
use crate::engine::eval::{Accumulator, EvalTables, evaluate_with};
use crate::engine::mate::quickmate::mate_in_one;
use std::sync::atomic::{AtomicBool, Ordering};

pub const MAX_PLY: usize = 120;
/// Mate score at the root; a mate in n plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
pub const MATE_IN_MAX: i32 = MATE - 1_000;
pub const INF: i32 = 31_000;

#[inline]
pub fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

#[inline]
pub fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// Mate scores are stored relative to the node, not the root.
#[inline]
pub(super) fn to_tt(v: i32, ply: usize) -> i32 {
    if v >= MATE_IN_MAX {
        v + ply as i32
    } else if v <= -MATE_IN_MAX {
        v - ply as i32
    } else {
        v
    }
}

#[inline]
pub(super) fn from_tt(v: i32, ply: usize) -> i32 {
    if v >= MATE_IN_MAX {
        v - ply as i32
    } else if v <= -MATE_IN_MAX {
        v + ply as i32
    } else {
        v
    }
}

/// Squares within two files and two ranks of `k` (where attackers matter for a mate in one).
fn near_king(k: crate::core::Square) -> crate::core::Bitboard {
    use std::sync::OnceLock;
    static T: OnceLock<[crate::core::Bitboard; 81]> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = [crate::core::Bitboard::EMPTY; 81];
        for a in crate::core::Square::all() {
            for b in crate::core::Square::all() {
                if (a.file() as i32 - b.file() as i32).abs() <= 2
                    && (a.rank() as i32 - b.rank() as i32).abs() <= 2
                {
                    t[a.index()].set(b);
                }
            }
        }
        t
    })[k.index()]
}

/// Mate probes cost a few move generations; they are only tried when the side to move holds a
/// piece other than pawns in hand or has pieces near the enemy king.
#[inline]
pub(super) fn mate_probe_worthwhile(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let Some(ek) = pos.king_square(us.flip()) else { return false };
    let h = pos.hand(us);
    h.total() > h.count(PieceKind::Pawn) as u32 || (pos.pieces_of(us) & near_king(ek)).any()
}

#[derive(Copy, Clone, Default)]
pub(super) struct Frame {
    pub eval: i32,
    pub mv: Move,
    /// The piece (`Piece.0`) standing on the destination after `mv`.
    pub piece: u8,
    /// The move left out by a singular-extension search of this node (NONE normally).
    pub excluded: Move,
}

/// One search thread's state. Create one per search (see `root.rs` for the driver).
pub struct Searcher<'a> {
    pub(super) pos: Position,
    pub(super) tt: &'a TranspositionTable,
    pub(super) ev: EvalTables,
    pub(super) stop: &'a AtomicBool,
    /// Nominal depth of the current iteration.
    pub(super) root_depth: i32,
    pub(super) clock: Clock,
    pub(super) node_limit: u64,
    pub(super) nodes: u64,
    pub(super) seldepth: usize,
    pub(super) stopped: bool,
    pub(super) killers: Vec<[Move; 2]>,
    /// Butterfly history and counter moves (carried from search to search by the table).
    pub(super) hist: Histories,
    pub(super) stack: Vec<Frame>,
    /// Evaluation accumulators by ply (`acc[ply]` belongs to the position at `ply`).
    acc: Vec<Accumulator>,
    pub(super) pv: Vec<[Move; MAX_PLY + 1]>,
    pub(super) pv_len: [usize; MAX_PLY + 2],
    lmr: Vec<[i32; 64]>,
}

impl<'a> Searcher<'a> {
    pub fn new(
        pos: &Position,
        tt: &'a TranspositionTable,
        stop: &'a AtomicBool,
        clock: Clock,
    ) -> Searcher<'a> {
        let mut lmr = vec![[0i32; 64]; 64];
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (LMR_BASE + (d as f64).ln() * (m as f64).ln() / LMR_DIV) as i32;
            }
        }
        let ev = EvalTables::new(pos);
        let mut acc = vec![Accumulator::default(); MAX_PLY + 4];
        acc[0] = Accumulator::new(pos, &ev);
        Searcher {
            pos: pos.clone(),
            tt,
            ev,
            acc,
            stop,
            root_depth: 1,
            clock,
            node_limit: u64::MAX,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            killers: vec![[Move::NONE; 2]; MAX_PLY + 2],
            hist: Histories::new(),
            stack: vec![Frame::default(); MAX_PLY + 4],
            pv: vec![[Move::NONE; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 2],
            lmr,
        }
    }

    /// Static evaluation of the position at `ply`.
    #[inline]
    pub(super) fn evaluate(&self, ply: usize) -> i32 {
        evaluate_with(&self.pos, &self.ev, &self.acc[ply])
    }

    /// The static evaluation at `ply`, taken from the table's entry for the position when it
    /// holds one (an entry with no bound and eval 0 is an empty slot's default).
    #[inline]
    pub(super) fn static_eval(&self, tte: Option<TtEntry>, ply: usize) -> i32 {
        match tte {
            Some(e) if e.bound != Bound::None || e.eval != 0 => e.eval,
            _ => self.evaluate(ply),
        }
    }

    #[inline]
    fn reduction(&self, depth: i32, count: usize) -> i32 {
        self.lmr[(depth as usize).min(63)][count.min(63)]
    }

    /// What the move picker of the node at `ply` reads: the position, the histories, the killers.
    #[inline]
    pub(super) fn picker_context(&self, ply: usize) -> Context<'_> {
        Context { pos: &self.pos, hist: &self.hist, killers: self.killers[ply] }
    }

    /// The counter-move slot of the move that led to `ply` (`None` at the root or after a null
    /// move).
    #[inline]
    pub(super) fn counter_key(&self, ply: usize) -> Option<usize> {
        if ply > 0 && !self.stack[ply - 1].mv.is_none() {
            let f = self.stack[ply - 1];
            Some(counter_key(f.piece, f.mv.to()))
        } else {
            None
        }
    }

    /// Killer 1, killer 2 and the counter move to the previous move (NONE where there is none).
    #[inline]
    pub(super) fn refutations(&self, ply: usize) -> [Move; 3] {
        let [k0, k1] = self.killers[ply];
        [k0, k1, self.hist.counter_move(self.counter_key(ply))]
    }

    /// A quiet move `m` cut the node at `ply`: it becomes a killer and the counter move, its
    /// history rises and the quiet moves `tried` before it fall.
    fn on_quiet_cutoff(&mut self, ply: usize, depth: i32, m: Move, tried: &[Move]) {
        let us = self.pos.side_to_move();
        if self.killers[ply][0] != m {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = m;
        }
        let bonus = Histories::bonus(depth);
        self.hist.update(us, m, bonus);
        for &q in tried {
            if q != m {
                self.hist.update(us, q, -bonus);
            }
        }
        if let Some(key) = self.counter_key(ply) {
            self.hist.set_counter_move(key, m);
        }
    }

    #[inline]
    pub(super) fn poll(&mut self) {
        if self.nodes >= self.node_limit
            || (self.nodes & 1023 == 0 && (self.stop.load(Ordering::Relaxed) || self.clock.out_of_time()))
        {
            self.stopped = true;
        }
    }

    /// Repetition of the current position within the search (and the last plies of the game).
    fn repetition(&self, ply: usize) -> Repetition {
        let key = self.pos.key();
        let n = self.pos.moves_played();
        let window = (ply + 24).min(n);
        let found = self.pos.history_keys().rev().take(window).skip(3).step_by(2).any(|k| k == key);
        if found { self.pos.repetition_with(2) } else { Repetition::None }
    }

    #[inline]
    fn can_declare(&self) -> bool {
        let us = self.pos.side_to_move();
        match self.pos.king_square(us) {
            Some(k) if k.in_zone(us) => self.pos.declaration(ImpasseRule::Csa27) == Declaration::Win,
            _ => false,
        }
    }

    pub(super) fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = m;
        let end = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..end {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = end;
    }

    /// Would the opponent mate in one if we passed (詰めろ)?
    fn mate_threat(&mut self) -> bool {
        self.pos.do_null_move();
        let threat = mate_probe_worthwhile(&self.pos) && mate_in_one(&mut self.pos).is_some();
        self.pos.undo_null_move();
        threat
    }

    /// Plays `m` at `ply`, recording it on the stack.
    #[inline]
    pub(super) fn make(&mut self, ply: usize, m: Move) {
        // the table entry is fetched while the accumulator and the position are updated
        let key = self.pos.key_after(m);
        self.tt.prefetch(key);
        self.stack[ply].mv = m;
        self.acc[ply + 1] = self.acc[ply].after(&self.pos, m, &self.ev);
        self.pos.do_move(m);
        debug_assert_eq!(key, self.pos.key());
        self.stack[ply].piece = self.pos.piece_at(m.to()).code();
    }

    /// Alpha-beta search of a non-root node.
    pub(super) fn search<const PV: bool>(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        cut: bool,
    ) -> i32 {
        if depth <= 0 {
            return self.qsearch::<PV>(alpha, beta, ply);
        }
        self.nodes += 1;
        self.poll();
        if self.stopped {
            return 0;
        }
        if PV {
            self.pv_len[ply] = ply;
            self.seldepth = self.seldepth.max(ply);
        }
        let in_check = self.pos.in_check();
        match self.repetition(ply) {
            Repetition::None => {}
            Repetition::Draw => return 0,
            // a loss by rule, as final as a mate on this ply: a lost side then prefers the
            // longest resistance to a perpetual check (which match runners record as an illegal
            // move), and a perpetual is never preferred to a mate further away
            Repetition::PerpetualCheck { loser } => {
                return if loser == self.pos.side_to_move() { mated_in(ply) } else { mate_in(ply) };
            }
        }
        if ply >= MAX_PLY {
            return if in_check { 0 } else { self.evaluate(ply) };
        }
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        if !in_check && self.can_declare() {
            return mate_in(ply + 1);
        }

        let key = self.pos.key();
        // a singular-extension search of this node is the same position without one move: the
        // table's result for the position does not apply to it, and it stores none
        let excluded = self.stack[ply].excluded;
        let tte = if excluded.is_none() { self.tt.probe(key) } else { None };
        let tt_move = tte.map_or(Move::NONE, |e| e.mv);
        // on a principal variation now or in an earlier search (Stockfish's ttPv)
        let tt_pv = PV || tte.is_some_and(|e| e.pv);
        if let Some(e) = tte {
            let s = from_tt(e.score, ply);
            if !PV && e.depth >= depth && e.bound.cuts(s, alpha, beta) {
                return s;
            }
        }

        let eval;
        if in_check {
            eval = -INF;
        } else if !excluded.is_none() {
            eval = self.stack[ply].eval;
        } else {
            eval = self.static_eval(tte, ply);
            // a non-PV node searched before (an entry from a full-width search) has had its
            // probe, and a mate it found would have cut the node off already
            if (PV || tte.is_none_or(|e| e.depth < 1))
                && mate_probe_worthwhile(&self.pos)
                && let Some(m) = mate_in_one(&mut self.pos)
            {
                let v = mate_in(ply + 1);
                if PV {
                    self.pv[ply][ply] = m;
                    self.pv_len[ply] = ply + 1;
                }
                self.tt.store(
                    key,
                    TtEntry {
                        mv: m,
                        score: to_tt(v, ply),
                        eval,
                        depth: MAX_PLY as i32,
                        bound: Bound::Exact,
                        pv: tt_pv,
                    },
                );
                return v;
            }
        }
        self.stack[ply].eval = eval;
        let improving = !in_check && ply >= 2 && eval > self.stack[ply - 2].eval;

        // razoring: far below alpha near the leaves, only a capture could still help; when the
        // quiescence search agrees, the node fails low at once
        if !PV
            && !in_check
            && excluded.is_none()
            && depth <= RAZOR_DEPTH
            && eval + RAZOR_BASE + RAZOR_PER_DEPTH2 * depth * depth < alpha
        {
            let v = self.qsearch::<false>(alpha - 1, alpha, ply);
            if self.stopped {
                return 0;
            }
            if v < alpha {
                return v;
            }
        }

        if !PV && !in_check && excluded.is_none() {
            // Both prunings below trust that doing nothing keeps the score near the static eval.
            // A mate-in-one threat (詰めろ) against us breaks that: asked once, only when one of
            // them is about to cut the node.
            let mut threat: Option<bool> = None;
            let mut threatened = |s: &mut Self| *threat.get_or_insert_with(|| s.mate_threat());
            // reverse futility pruning
            if depth < RFP_DEPTH
                && eval - RFP_MARGIN * depth >= beta
                && eval < MATE_IN_MAX
                && !threatened(self)
            {
                return eval;
            }
            // null move
            if depth >= NULL_MOVE_DEPTH
                && eval >= beta
                && !threatened(self)
                && ply > 0
                && !self.stack[ply - 1].mv.is_none()
                && beta.abs() < MATE_IN_MAX
            {
                let r = NULL_MOVE_R
                    + depth / NULL_MOVE_DEPTH_DIV
                    + ((eval - beta) / NULL_MOVE_EVAL_DIV).min(NULL_MOVE_EVAL_MAX);
                self.stack[ply].mv = Move::NONE;
                self.stack[ply].piece = 0;
                self.pos.do_null_move();
                self.acc[ply + 1] = self.acc[ply];
                let v = -self.search::<false>(-beta, -beta + 1, depth - r, ply + 1, !cut);
                self.pos.undo_null_move();
                if self.stopped {
                    return 0;
                }
                if v >= beta {
                    return if v >= MATE_IN_MAX { beta } else { v };
                }
            }
        }

        // internal iterative reduction: no TT move, probably a poorly ordered node
        let depth = if tt_move.is_none() && depth >= IIR_DEPTH && (PV || cut) { depth - 1 } else { depth };

        // Moves come in stages (see picker.rs): a cutoff by the TT move, a capture or a killer
        // saves generating and ordering the quiet moves and drops.
        let mut picker = Picker::main(&self.pos, tt_move, self.refutations(ply), self.counter_key(ply));
        let mut best = -INF;
        let mut best_move = Move::NONE;
        let mut count = 0usize;
        let mut quiets = [Move::NONE; 64];
        let mut nq = 0;
        let us = self.pos.side_to_move();
        // once late-move pruning starts, only checking quiet moves are still searched, in any order
        let mut skip_quiets = false;
        let mut check_info: Option<CheckTargets> = None;
        while let Some(Scored { mv: m, score }) = picker.next(&self.picker_context(ply)) {
            if m == excluded {
                continue;
            }
            let capture = !m.is_drop() && !self.pos.piece_at(m.to()).is_empty();
            let quiet = !capture && !m.is_promotion();
            count += 1;

            if best > -MATE_IN_MAX && !in_check {
                if quiet {
                    let prune = skip_quiets || {
                        let lmp =
                            if improving { LMP_BASE + depth * depth } else { (LMP_BASE + depth * depth) / 2 };
                        let lmr_depth = (depth - 1 - self.reduction(depth, count)).max(0);
                        if depth <= LMP_DEPTH && count as i32 > lmp {
                            skip_quiets = true;
                        }
                        skip_quiets
                            || (lmr_depth < FUTILITY_DEPTH
                                && eval + FUTILITY_BASE + FUTILITY_PER_DEPTH * lmr_depth <= alpha)
                            || (lmr_depth < SEE_QUIET_DEPTH
                                && see(&self.pos, m) < -SEE_QUIET * lmr_depth * lmr_depth)
                    };
                    // checks are never pruned here
                    if prune
                        && !check_info
                            .get_or_insert_with(|| CheckTargets::new(&self.pos))
                            .gives_check(&self.pos, m)
                    {
                        continue;
                    }
                } else if depth < SEE_CAPTURE_DEPTH && see(&self.pos, m) < -SEE_CAPTURE * depth {
                    continue;
                }
            }

            let hist = if quiet { self.hist.butterfly(us, m) } else { 0 };
            let mut extension = 0;
            // singular extension: when the table's move beats every other move by a margin
            // (searched without it at half depth) it gets one more ply; when even the others
            // reach beta, the node is cut at once (multi-cut)
            if m == tt_move
                && depth >= SINGULAR_DEPTH
                && excluded.is_none()
                && ply < EXTENSION_PLY_FACTOR * self.root_depth as usize
                && let Some(e) = tte
                && matches!(e.bound, Bound::Lower | Bound::Exact)
                && e.depth >= depth - 3
                && from_tt(e.score, ply).abs() < MATE_IN_MAX
            {
                let singular_beta = from_tt(e.score, ply) - SINGULAR_MARGIN * depth;
                self.stack[ply].excluded = m;
                let v = self.search::<false>(singular_beta - 1, singular_beta, (depth - 1) / 2, ply, cut);
                self.stack[ply].excluded = Move::NONE;
                if self.stopped {
                    return 0;
                }
                if v < singular_beta {
                    extension = 1;
                } else if singular_beta >= beta {
                    return singular_beta;
                }
            }
            // check extension (王手延長) in PV nodes for checks that do not lose material
            if extension == 0
                && PV
                && ply < EXTENSION_PLY_FACTOR * self.root_depth as usize
                && check_info.get_or_insert_with(|| CheckTargets::new(&self.pos)).gives_check(&self.pos, m)
                && see(&self.pos, m) >= 0
            {
                extension = 1;
            }
            self.make(ply, m);
            let gives_check = self.pos.in_check();
            let new_depth = depth - 1 + extension;
            let mut v = -INF;
            if depth >= LMR_DEPTH && count > 1 + PV as usize && (quiet || score < 0) {
                let mut r = self.reduction(depth, count);
                if tt_pv {
                    r -= 1;
                }
                if cut {
                    r += 1;
                }
                if gives_check {
                    r -= 1;
                }
                if !improving {
                    r += 1;
                }
                if score >= SCORE_KILLER {
                    r -= 1;
                }
                r -= hist / LMR_HISTORY_DIV;
                let d = (new_depth - r).clamp(1, new_depth);
                v = -self.search::<false>(-alpha - 1, -alpha, d, ply + 1, true);
                if v > alpha && d < new_depth {
                    v = -self.search::<false>(-alpha - 1, -alpha, new_depth, ply + 1, !cut);
                }
            } else if !PV || count > 1 {
                v = -self.search::<false>(-alpha - 1, -alpha, new_depth, ply + 1, !cut);
            }
            if PV && (count == 1 || v > alpha) {
                v = -self.search::<true>(-beta, -alpha, new_depth, ply + 1, false);
            }
            self.pos.undo_move();
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    best_move = m;
                    if PV {
                        self.update_pv(ply, m);
                    }
                    if v >= beta {
                        if quiet {
                            self.on_quiet_cutoff(ply, depth, m, &quiets[..nq]);
                        }
                        break;
                    }
                    alpha = v;
                }
            }
            if quiet && nq < quiets.len() {
                quiets[nq] = m;
                nq += 1;
            }
        }

        if count == 0 {
            if !excluded.is_none() {
                return alpha; // the excluded move was the only one
            }
            return mated_in(ply); // no legal move (in check or not, that loses in shogi)
        }
        if !excluded.is_none() {
            return best;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if PV && !best_move.is_none() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_eval = if in_check { 0 } else { eval };
        self.tt.store(
            key,
            TtEntry { mv: best_move, score: to_tt(best, ply), eval: stored_eval, depth, bound, pv: tt_pv },
        );
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::time::Limits;

    fn threat(sfen: &str) -> bool {
        let pos = Position::from_sfen(sfen).unwrap();
        let tt = TranspositionTable::new(1);
        let stop = AtomicBool::new(false);
        let mut s = Searcher::new(&pos, &tt, &stop, Clock::new(&Limits::default(), pos.side_to_move()));
        let t = s.mate_threat();
        assert_eq!(s.pos.key(), pos.key(), "position restored");
        t
    }

    #[test]
    fn mate_threat_is_a_mate_in_one_for_the_opponent_after_a_pass() {
        // gote threatens G*5h (the pawn on 5g guards it), sente to move
        assert!(threat("4k4/9/9/9/9/9/4p4/9/4K4 b g 1"));
        // without the gold in hand there is nothing
        assert!(!threat("4k4/9/9/9/9/9/4p4/9/4K4 b - 1"));
        // without the pawn the king takes the gold
        assert!(!threat("4k4/9/9/9/9/9/9/9/4K4 b g 1"));
        // the same for gote: sente threatens G*5b
        assert!(threat("4k4/9/4P4/9/9/9/9/9/4K4 w G 1"));
    }
}

//! Staged move picking (段階的指し手生成). Most nodes of an alpha-beta search end on the first
//! or second move tried, so moves are produced in stages and the later stages are only generated
//! when they are reached:
//!
//! 1. the transposition-table move, checked for legality directly (nothing generated);
//! 2. captures and pawn promotions, best first by MVV-LVA, while their SEE is not losing;
//! 3. the two killer moves and the counter move, when legal here;
//! 4. quiet moves and drops, generated at once; those with a good enough history are put in
//!    order by a partial insertion sort, the rest (often hundreds of drops) follow unsorted;
//! 5. the losing captures.
//!
//! In check, all evasions are generated and ordered at once. The quiescence search uses stage 2
//! only (captures and promotions, including the losing ones, which it skips itself).

use super::dominated::is_dominated;
use super::history::Histories;
use super::ordering::{SCORE_GOOD_CAPTURE, SCORE_KILLER, SCORE_TT, Scored, losing_capture, score_moves};
use super::params::QUIET_SORT_LIMIT;
use crate::core::{MAX_MOVES, Move, MoveList, PieceKind, Position};
use std::mem::MaybeUninit;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Stage {
    Tt,
    CapturesInit,
    GoodCaptures,
    Killers,
    QuietsInit,
    Quiets,
    BadCaptures,
    EvasionsInit,
    QCapturesInit,
    /// Best first from `cur..end` by selection (evasions, quiescence captures).
    Select,
}

/// What the picker reads from the search at each step: the position, the histories and this
/// ply's killer moves.
pub(super) struct Context<'a> {
    pub pos: &'a Position,
    pub hist: &'a Histories,
    pub killers: [Move; 2],
}

pub(super) struct Picker {
    moves: [MaybeUninit<Scored>; MAX_MOVES],
    /// `moves[..len]` are initialised; the current stage returns `moves[cur..end]`.
    len: usize,
    cur: usize,
    end: usize,
    /// The losing captures put aside by stage 2 (`bad_end` is the end of the captures).
    bad: (usize, usize),
    bad_end: usize,
    stage: Stage,
    tt_move: Move,
    /// Killer 1, killer 2, counter move (stage 3), in that order, as they were when the node
    /// started.
    refutations: [Move; 3],
    /// The counter-move slot of the previous move (`None` at the root or after a null move).
    counter_key: Option<usize>,
    refutation_index: usize,
    /// Quiet moves scoring at least this are sorted.
    sort_limit: i32,
    /// Whether stage `Select` marks losing captures (quiescence captures, not evasions).
    check_see: bool,
}

impl Picker {
    /// The picker of an interior node. `refutations` are killer 1, killer 2 and the counter
    /// move, tried as stage 3; `counter_key` is the previous move's counter-move slot.
    pub fn main(pos: &Position, tt_move: Move, refutations: [Move; 3], counter_key: Option<usize>) -> Picker {
        let stage = if pos.in_check() { Stage::EvasionsInit } else { Stage::Tt };
        Picker::with(stage, tt_move, refutations, counter_key, QUIET_SORT_LIMIT)
    }

    /// The picker of a quiescence node: captures and promotions, or all evasions in check.
    pub fn quiescence(pos: &Position, tt_move: Move, counter_key: Option<usize>) -> Picker {
        let stage = if pos.in_check() { Stage::EvasionsInit } else { Stage::QCapturesInit };
        Picker::with(stage, tt_move, [Move::NONE; 3], counter_key, 0)
    }

    fn with(
        stage: Stage,
        tt_move: Move,
        refutations: [Move; 3],
        counter_key: Option<usize>,
        sort_limit: i32,
    ) -> Picker {
        Picker {
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
            len: 0,
            cur: 0,
            end: 0,
            bad: (0, 0),
            bad_end: 0,
            stage,
            tt_move,
            refutations,
            counter_key,
            refutation_index: 0,
            sort_limit,
            check_see: stage == Stage::QCapturesInit,
        }
    }

    #[inline]
    fn push(&mut self, mv: Move, score: i32) {
        self.moves[self.len].write(Scored { mv, score });
        self.len += 1;
    }

    /// `moves[a..b]`, all initialised.
    #[inline]
    fn range(&mut self, a: usize, b: usize) -> &mut [Scored] {
        debug_assert!(a <= b && b <= self.len);
        // SAFETY: entries below `len` were written by `push`, and `Scored` is `Copy`.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().add(a).cast::<Scored>(), b - a) }
    }

    /// Appends the moves of `list` that pass `keep`, scores them by the histories and killers as
    /// they are now, and makes them the current range.
    fn append(&mut self, cx: &Context, list: &MoveList, mut keep: impl FnMut(Move) -> bool) {
        let start = self.len;
        for &m in list.iter() {
            if keep(m) {
                self.push(m, 0);
            }
        }
        let (tt_move, counter_key) = (self.tt_move, self.counter_key);
        let refutations = [cx.killers[0], cx.killers[1], cx.hist.counter_move(counter_key)];
        score_moves(cx.pos, cx.hist, refutations, self.range(start, self.len), tt_move);
        self.cur = start;
        self.end = self.len;
    }

    /// Swaps the best-scored move of `cur..end` to `cur` and returns it (without advancing).
    #[inline]
    fn select_best(&mut self) -> Scored {
        let rest = self.range(self.cur, self.end);
        let mut b = 0;
        for j in 1..rest.len() {
            if rest[j].score > rest[b].score {
                b = j;
            }
        }
        rest.swap(0, b);
        rest[0]
    }

    /// Sorts the entries of `cur..end` scoring at least `limit` to the front, best first; the
    /// others keep their order behind them.
    fn partial_insertion_sort(&mut self, limit: i32) {
        let m = self.range(self.cur, self.end);
        let mut sorted_end = 0;
        for p in 1..m.len() {
            if m[p].score >= limit {
                let tmp = m[p];
                sorted_end += 1;
                m[p] = m[sorted_end];
                let mut q = sorted_end;
                while q > 0 && m[q - 1].score < tmp.score {
                    m[q] = m[q - 1];
                    q -= 1;
                }
                m[q] = tmp;
            }
        }
    }

    /// The next move to search with its ordering score, or `None` when all are done. `cx`
    /// are the search's statistics as they stand now (searches of this node's moves change them).
    #[inline(always)]
    pub fn next(&mut self, cx: &Context) -> Option<Scored> {
        let pos = cx.pos;
        loop {
            match self.stage {
                Stage::Tt => {
                    self.stage = Stage::CapturesInit;
                    let m = self.tt_move;
                    if !m.is_none() && pos.is_legal(m) && !is_dominated(pos, m) {
                        return Some(Scored { mv: m, score: SCORE_TT });
                    }
                    self.tt_move = Move::NONE;
                }
                Stage::CapturesInit => {
                    let mut list = MoveList::new();
                    pos.generate_tactical(&mut list);
                    let tt = self.tt_move;
                    self.append(cx, &list, |m| m != tt);
                    self.bad_end = self.end;
                    self.stage = Stage::GoodCaptures;
                }
                Stage::GoodCaptures => {
                    while self.cur < self.end {
                        let m = self.select_best();
                        if !losing_capture(pos, m.mv) {
                            self.cur += 1;
                            return Some(m);
                        }
                        // put aside for stage 5, scored below every quiet move
                        let (cur, last) = (self.cur, self.end - 1);
                        let r = self.range(cur, last + 1);
                        r[0].score -= 2 * SCORE_GOOD_CAPTURE;
                        r.swap(0, last - cur);
                        self.end = last;
                    }
                    self.bad = (self.end, self.bad_end);
                    self.stage = Stage::Killers;
                }
                Stage::Killers => {
                    while self.refutation_index < 3 {
                        let k = self.refutation_index;
                        self.refutation_index += 1;
                        let m = self.refutations[k];
                        if m.is_none()
                            || m == self.tt_move
                            || self.refutations[..k].contains(&m)
                            || m.is_promotion()
                            || (!m.is_drop() && m.to().index() < 81 && !pos.piece_at(m.to()).is_empty())
                            || !pos.is_legal(m)
                            || is_dominated(pos, m)
                        {
                            self.refutations[k] = Move::NONE;
                            continue;
                        }
                        return Some(Scored { mv: m, score: SCORE_KILLER + 2 - k as i32 });
                    }
                    self.stage = Stage::QuietsInit;
                }
                Stage::QuietsInit => {
                    let mut list = MoveList::new();
                    pos.generate_non_captures(&mut list);
                    let (tt, refs) = (self.tt_move, self.refutations);
                    // pawn promotions came with the captures
                    self.append(cx, &list, |m| {
                        m != tt
                            && !refs.contains(&m)
                            && !is_dominated(pos, m)
                            && (!m.is_promotion()
                                || pos.piece_at(m.from()).kind_unchecked() != PieceKind::Pawn)
                    });
                    self.partial_insertion_sort(self.sort_limit);
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => {
                    if self.cur < self.end {
                        self.cur += 1;
                        return Some(self.range(self.cur - 1, self.cur)[0]);
                    }
                    (self.cur, self.end) = self.bad;
                    self.stage = Stage::BadCaptures;
                }
                Stage::BadCaptures | Stage::Select => {
                    if self.cur == self.end {
                        return None;
                    }
                    let mut m = self.select_best();
                    self.cur += 1;
                    if self.stage == Stage::Select && self.check_see && losing_capture(pos, m.mv) {
                        m.score -= 2 * SCORE_GOOD_CAPTURE; // the quiescence search skips these
                    }
                    return Some(m);
                }
                Stage::EvasionsInit => {
                    let mut list = MoveList::new();
                    pos.generate_evasions(&mut list);
                    self.append(cx, &list, |m| !is_dominated(pos, m));
                    self.stage = Stage::Select;
                }
                Stage::QCapturesInit => {
                    let mut list = MoveList::new();
                    pos.generate_tactical(&mut list);
                    self.append(cx, &list, |_| true);
                    self.stage = Stage::Select;
                }
            }
        }
    }
}

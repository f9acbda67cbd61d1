//! Staged move picking (段階的指し手生成). Most nodes of an alpha-beta search end on the first
//! or second move tried, so moves are produced in stages and the later stages are only generated
//! when they are reached:
//!
//! 1. the transposition-table move, checked for legality directly (nothing generated);
//! 2. captures and pawn promotions, best first by MVV-LVA, while their SEE is not losing;
//! 3. the two killer moves and the counter move, when legal here;
//! 4. every other move — quiet moves and drops by history, then the losing captures — generated
//!    at once and sorted once the ordered head is used up (there may be hundreds of drops).
//!
//! In check, all evasions are generated and ordered at once. The quiescence search uses stages
//! 2 and 4 only (captures and promotions, including the losing ones, which it skips itself).

use super::moves::{generate_qmoves, is_dominated};
use super::search::Searcher;
use crate::core::{MAX_MOVES, Move, MoveList, PieceKind, Position};
use std::mem::MaybeUninit;

/// Score of the TT move.
pub(super) const SCORE_TT: i32 = 1 << 30;
/// Base of winning or even captures and promotions (MVV-LVA added); losing ones get the negative.
pub(super) const SCORE_GOOD_CAPTURE: i32 = 500_000_000;
/// Killer moves and the counter move score `SCORE_KILLER + 2, + 1, + 0`.
pub(super) const SCORE_KILLER: i32 = 400_000_000;

#[derive(Copy, Clone)]
pub(super) struct Scored {
    pub mv: Move,
    pub score: i32,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Stage {
    Tt,
    CapturesInit,
    GoodCaptures,
    Killers,
    QuietsInit,
    Rest,
    EvasionsInit,
    QCapturesInit,
}

pub(super) struct Picker {
    moves: [MaybeUninit<Scored>; MAX_MOVES],
    /// `moves[..len]` are initialised; `moves[next..len]` are still to be returned.
    len: usize,
    next: usize,
    stage: Stage,
    tt_move: Move,
    /// Killer 1, killer 2, counter move (stage 3), in that order.
    refutations: [Move; 3],
    refutation_index: usize,
    sorted: bool,
}

impl Picker {
    /// The picker of an interior node.
    pub fn main(pos: &Position, tt_move: Move, refutations: [Move; 3]) -> Picker {
        let stage = if pos.in_check() { Stage::EvasionsInit } else { Stage::Tt };
        Picker::with(stage, tt_move, refutations)
    }

    /// The picker of a quiescence node: captures and promotions, or all evasions in check.
    pub fn quiescence(pos: &Position, tt_move: Move) -> Picker {
        let stage = if pos.in_check() { Stage::EvasionsInit } else { Stage::QCapturesInit };
        Picker::with(stage, tt_move, [Move::NONE; 3])
    }

    fn with(stage: Stage, tt_move: Move, refutations: [Move; 3]) -> Picker {
        Picker {
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
            len: 0,
            next: 0,
            stage,
            tt_move,
            refutations,
            refutation_index: 0,
            sorted: false,
        }
    }

    #[inline]
    fn push(&mut self, mv: Move, score: i32) {
        self.moves[self.len].write(Scored { mv, score });
        self.len += 1;
    }

    /// `moves[a..len]`, all initialised.
    #[inline]
    fn tail(&mut self, a: usize) -> &mut [Scored] {
        debug_assert!(a <= self.len);
        // SAFETY: entries below `len` were written by `push`, and `Scored` is `Copy`.
        unsafe {
            std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().add(a).cast::<Scored>(), self.len - a)
        }
    }

    /// Appends the moves of `list` that pass `keep` and scores them.
    fn append(&mut self, s: &Searcher, list: &MoveList, ply: usize, mut keep: impl FnMut(Move) -> bool) {
        let start = self.len;
        for &m in list.iter() {
            if keep(m) {
                self.push(m, 0);
            }
        }
        let tt_move = self.tt_move;
        s.score_moves(self.tail(start), tt_move, ply);
    }

    /// Moves the best-scored remaining move to `next`, or sorts all the remaining ones once
    /// the ordered head (TT move, good captures, killers) is used up.
    #[inline]
    fn pick_best(&mut self, sort_rest: bool) -> Scored {
        let i = self.next;
        if !self.sorted {
            let rest = self.tail(i);
            let mut b = 0;
            for j in 1..rest.len() {
                if rest[j].score > rest[b].score {
                    b = j;
                }
            }
            rest.swap(0, b);
            if sort_rest && rest[0].score < SCORE_KILLER && rest.len() > 8 {
                rest.sort_unstable_by_key(|e| std::cmp::Reverse(e.score));
                self.sorted = true;
            }
        }
        self.next += 1;
        self.tail(i)[0]
    }

    /// Stops ordering what is left (late-move pruning only looks for checks among the rest).
    pub fn skip_ordering(&mut self) {
        self.sorted = true;
    }

    /// The next move to search with its ordering score, or `None` when all are done.
    pub fn next(&mut self, s: &Searcher, ply: usize) -> Option<Scored> {
        let pos = &s.pos;
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
                    generate_qmoves(pos, &mut list);
                    let tt = self.tt_move;
                    self.append(s, &list, ply, |m| m != tt);
                    self.stage = Stage::GoodCaptures;
                }
                Stage::GoodCaptures => {
                    if self.next < self.len {
                        let m = self.pick_best(false);
                        if m.score >= 0 {
                            return Some(m);
                        }
                        self.next -= 1; // losing captures wait for stage 4
                    }
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
                    self.append(s, &list, ply, |m| {
                        m != tt
                            && !refs.contains(&m)
                            && !is_dominated(pos, m)
                            && (!m.is_promotion()
                                || pos.piece_at(m.from()).kind_unchecked() != PieceKind::Pawn)
                    });
                    self.stage = Stage::Rest;
                }
                Stage::Rest => {
                    if self.next == self.len {
                        return None;
                    }
                    return Some(self.pick_best(true));
                }
                Stage::EvasionsInit => {
                    let mut list = MoveList::new();
                    pos.generate_evasions(&mut list);
                    self.append(s, &list, ply, |m| !is_dominated(pos, m));
                    self.stage = Stage::Rest;
                }
                Stage::QCapturesInit => {
                    let mut list = MoveList::new();
                    generate_qmoves(pos, &mut list);
                    self.append(s, &list, ply, |_| true);
                    self.stage = Stage::Rest;
                }
            }
        }
    }
}

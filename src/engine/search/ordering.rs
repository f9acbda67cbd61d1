//! Move ordering (指し手の並べ替え): TT move, good captures and promotions by MVV-LVA with SEE,
//! killer moves, the counter move, quiet moves by history (with gravity), bad captures last.

use super::alphabeta::Searcher;
use super::params::*;
use super::picker::{SCORE_GOOD_CAPTURE, SCORE_KILLER, SCORE_TT, Scored};
use super::see::see;
use crate::core::{Color, Move};
use crate::engine::eval::params::{BOARD_VALUE, exchange_value, promotion_gain};

pub(super) const HISTORY_MAX: i32 = 16_384;

#[inline]
pub(super) fn hist_index(us: Color, m: Move) -> usize {
    (us.index() << 15) | (m.bits() & 0x7fff) as usize
}

impl Searcher<'_> {
    /// Orders moves: TT move, captures/promotions by MVV-LVA, killers, counter move, quiet
    /// moves by history. Whether a capture loses material (SEE) is only asked when the picker
    /// reaches it (`losing_capture`): most nodes end before that.
    pub(super) fn score_moves(&self, moves: &mut [Scored], tt_move: Move, ply: usize) {
        let us = self.pos.side_to_move();
        let [k0, k1, counter] = self.refutations(ply);
        for e in moves.iter_mut() {
            let m = e.mv;
            e.score = if m == tt_move {
                SCORE_TT
            } else {
                let cap = if m.is_drop() { crate::core::Piece::EMPTY } else { self.pos.piece_at(m.to()) };
                if !cap.is_empty() || m.is_promotion() {
                    let mover = self.pos.moved_kind(m);
                    let mut gain = 0;
                    if !cap.is_empty() {
                        gain += exchange_value(cap.kind_unchecked());
                    }
                    if m.is_promotion() {
                        gain += promotion_gain(mover);
                    }
                    SCORE_GOOD_CAPTURE + gain * 16 - BOARD_VALUE[mover as usize]
                } else if m == k0 {
                    SCORE_KILLER + 2
                } else if m == k1 {
                    SCORE_KILLER + 1
                } else if m == counter {
                    SCORE_KILLER
                } else {
                    self.hist.history[hist_index(us, m)]
                }
            };
        }
    }

    /// Whether capture or promotion `m` loses material by SEE (only asked when the piece taken is
    /// worth less than the one taking it).
    #[inline]
    pub(super) fn losing_capture(&self, m: Move) -> bool {
        let cap = self.pos.piece_at(m.to());
        let mover = self.pos.moved_kind(m);
        let mut gain = if cap.is_empty() { 0 } else { exchange_value(cap.kind_unchecked()) };
        if m.is_promotion() {
            gain += promotion_gain(mover);
        }
        gain < BOARD_VALUE[mover as usize] && see(&self.pos, m) < 0
    }

    /// Killer 1, killer 2 and the counter move to the previous move (NONE where there is none).
    #[inline]
    pub(super) fn refutations(&self, ply: usize) -> [Move; 3] {
        let [k0, k1] = self.killers[ply];
        let counter = if ply > 0 && !self.stack[ply - 1].mv.is_none() {
            let f = self.stack[ply - 1];
            self.hist.counter[f.piece as usize * 81 + f.mv.to().index()]
        } else {
            Move::NONE
        };
        [k0, k1, counter]
    }

    pub(super) fn history_update(&mut self, us: Color, m: Move, bonus: i32) {
        let h = &mut self.hist.history[hist_index(us, m)];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    pub(super) fn on_quiet_cutoff(&mut self, ply: usize, depth: i32, m: Move, tried: &[Move]) {
        let us = self.pos.side_to_move();
        if self.killers[ply][0] != m {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = m;
        }
        let bonus = (depth * depth * HISTORY_BONUS).min(HISTORY_BONUS_MAX);
        self.history_update(us, m, bonus);
        for &q in tried {
            if q != m {
                self.history_update(us, q, -bonus);
            }
        }
        if ply > 0 && !self.stack[ply - 1].mv.is_none() {
            let f = self.stack[ply - 1];
            self.hist.counter[f.piece as usize * 81 + f.mv.to().index()] = m;
        }
    }
}

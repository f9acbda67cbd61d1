//! Move ordering (指し手の並べ替え): TT move, good captures and promotions by MVV-LVA with SEE,
//! killer moves, the counter move, quiet moves by history (with gravity), bad captures last.

use super::params::*;
use super::search::Searcher;
use super::see::see;
use crate::core::{Color, MAX_MOVES, Move};

pub(super) const HISTORY_MAX: i32 = 16_384;

#[inline]
pub(super) fn hist_index(us: Color, m: Move) -> usize {
    (us.index() << 15) | (m.0 & 0x7fff) as usize
}

impl Searcher<'_> {
    /// Orders moves: TT move, good captures/promotions (MVV-LVA, SEE ≥ 0), killers, counter
    /// move, quiet moves by history, bad captures last.
    pub(super) fn score_moves(&self, moves: &[Move], scores: &mut [i32], tt_move: Move, ply: usize) {
        let us = self.pos.side_to_move();
        let killers = self.killers[ply];
        let counter = if ply > 0 && !self.stack[ply - 1].mv.is_none() {
            let f = self.stack[ply - 1];
            self.counter[f.piece as usize * 81 + f.mv.to().index()]
        } else {
            Move::NONE
        };
        for (i, &m) in moves.iter().enumerate() {
            scores[i] = if m == tt_move {
                1 << 30
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
                    let lva = BOARD_VALUE[mover as usize];
                    let good = gain >= lva || see(&self.pos, m) >= 0;
                    let base = if good { 500_000_000 } else { -500_000_000 };
                    base + gain * 16 - lva
                } else if m == killers[0] {
                    400_000_002
                } else if m == killers[1] {
                    400_000_001
                } else if m == counter {
                    400_000_000
                } else {
                    self.history[hist_index(us, m)]
                }
            };
        }
    }

    pub(super) fn history_update(&mut self, us: Color, m: Move, bonus: i32) {
        let h = &mut self.history[hist_index(us, m)];
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
            self.counter[f.piece as usize * 81 + f.mv.to().index()] = m;
        }
    }

    /// Picks the best-scored move of `moves[i..]` into position `i`. Once the quiet moves are
    /// reached (score below the killers), the rest is sorted in one go instead (there may be
    /// hundreds of drops).
    #[inline]
    pub(super) fn pick(moves: &mut [Move], scores: &mut [i32], i: usize, sorted: &mut bool) {
        if *sorted {
            return;
        }
        let mut b = i;
        for j in i + 1..moves.len() {
            if scores[j] > scores[b] {
                b = j;
            }
        }
        moves.swap(i, b);
        scores.swap(i, b);
        if scores[i] < 400_000_000 && moves.len() - i > 8 {
            let n = moves.len() - i;
            let mut keys = [0u64; MAX_MOVES];
            for j in 0..n {
                keys[j] = (((scores[i + j] as i64 + (1i64 << 31)) as u64) << 16) | moves[i + j].0 as u64;
            }
            keys[..n].sort_unstable_by(|a, b| b.cmp(a));
            for j in 0..n {
                moves[i + j] = Move(keys[j] as u16);
                scores[i + j] = ((keys[j] >> 16) as i64 - (1i64 << 31)) as i32;
            }
            *sorted = true;
        }
    }
}

//! Move ordering (指し手の並べ替え): the scores the picker sorts by. TT move, good captures and
//! promotions by MVV-LVA with SEE, killer moves, the counter move, quiet moves by history, bad
//! captures last. Reads the position and the histories it is given; knows nothing of the search.

use super::history::Histories;
use super::see::see;
use crate::core::{Move, Piece, Position};
use crate::engine::eval::params::{BOARD_VALUE, exchange_value, promotion_gain};

/// Score of the TT move.
pub(super) const SCORE_TT: i32 = 1 << 30;
/// Base of winning or even captures and promotions (MVV-LVA added); losing ones get the negative.
pub(super) const SCORE_GOOD_CAPTURE: i32 = 500_000_000;
/// Killer moves and the counter move score `SCORE_KILLER + 2, + 1, + 0`.
pub(super) const SCORE_KILLER: i32 = 400_000_000;

/// A move and its ordering score.
#[derive(Copy, Clone)]
pub(super) struct Scored {
    pub mv: Move,
    pub score: i32,
}

/// Scores `moves` of `pos`: TT move, captures/promotions by MVV-LVA, then killer 1, killer 2 and
/// the counter move (`refutations`), quiet moves by history. Whether a capture loses material
/// (SEE) is only asked when the picker reaches it ([`losing_capture`]): most nodes end before
/// that.
pub(super) fn score_moves(
    pos: &Position,
    hist: &Histories,
    refutations: [Move; 3],
    moves: &mut [Scored],
    tt_move: Move,
) {
    let us = pos.side_to_move();
    let [k0, k1, counter] = refutations;
    for e in moves.iter_mut() {
        let m = e.mv;
        e.score = if m == tt_move {
            SCORE_TT
        } else {
            let cap = if m.is_drop() { Piece::EMPTY } else { pos.piece_at(m.to()) };
            if !cap.is_empty() || m.is_promotion() {
                let mover = pos.moved_kind(m);
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
                hist.butterfly(us, m)
            }
        };
    }
}

/// Whether capture or promotion `m` loses material by SEE (only asked when the piece taken is
/// worth less than the one taking it).
#[inline]
pub(super) fn losing_capture(pos: &Position, m: Move) -> bool {
    let cap = pos.piece_at(m.to());
    let mover = pos.moved_kind(m);
    let mut gain = if cap.is_empty() { 0 } else { exchange_value(cap.kind_unchecked()) };
    if m.is_promotion() {
        gain += promotion_gain(mover);
    }
    gain < BOARD_VALUE[mover as usize] && see(pos, m) < 0
}

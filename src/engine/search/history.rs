//! What a search learns about move order as it goes (Stockfish's `history.h`): the butterfly
//! history of quiet moves by (side, move), with gravity, and the counter move by the previous
//! move's piece and destination; and the slot that carries them from one search to the next.
//! Knows nothing of the searcher or the picker: both take what they need from here.

use super::params::{HISTORY_BONUS, HISTORY_BONUS_MAX};
use crate::core::{Color, Move, Square};
use std::sync::Mutex;

/// History scores stay within ±HISTORY_MAX (the gravity of [`Histories::update`]).
pub const HISTORY_MAX: i32 = 16_384;

/// The index of `m` by `us` in the butterfly history.
#[inline]
fn butterfly_index(us: Color, m: Move) -> usize {
    (us.index() << 15) | (m.bits() & 0x7fff) as usize
}

/// The counter-move slot of a previous move: the piece (`Piece.0`) standing on its destination,
/// and that destination.
#[inline]
pub fn counter_key(piece: u8, to: Square) -> usize {
    piece as usize * 81 + to.index()
}

/// Move-ordering statistics a search learns: the butterfly history by (side, move) and the
/// counter move by (piece, destination) of the previous move.
pub struct Histories {
    pub history: Vec<i32>,
    pub counter: Vec<Move>,
}

impl Histories {
    pub fn new() -> Histories {
        Histories { history: vec![0; 2 << 15], counter: vec![Move::NONE; 32 * 81] }
    }

    /// The history score of quiet move `m` by `us`.
    #[inline]
    pub fn butterfly(&self, us: Color, m: Move) -> i32 {
        self.history[butterfly_index(us, m)]
    }

    /// Adds `bonus` (negative: a malus) to `m`'s history, pulled back towards zero the nearer it
    /// is to ±[`HISTORY_MAX`].
    #[inline]
    pub fn update(&mut self, us: Color, m: Move, bonus: i32) {
        let h = &mut self.history[butterfly_index(us, m)];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// The bonus a quiet move earns by a cutoff at `depth`.
    #[inline]
    pub fn bonus(depth: i32) -> i32 {
        (depth * depth * HISTORY_BONUS).min(HISTORY_BONUS_MAX)
    }

    /// The counter move to the previous move of key `key` (see [`counter_key`]); `NONE` without
    /// a previous move.
    #[inline]
    pub fn counter_move(&self, key: Option<usize>) -> Move {
        key.map_or(Move::NONE, |k| self.counter[k])
    }

    #[inline]
    pub fn set_counter_move(&mut self, key: usize, m: Move) {
        self.counter[key] = m;
    }

    /// Halves the history: what was learnt about the position before matters less.
    fn age(&mut self) {
        self.history.iter_mut().for_each(|v| *v /= 2);
    }
}

impl Default for Histories {
    fn default() -> Self {
        Histories::new()
    }
}

/// The histories the last search left, for the next one (the opponent's reply was very likely
/// searched there). The transposition table carries this slot, so that a new game forgets both.
#[derive(Default)]
pub struct KeptHistories(Mutex<Option<Histories>>);

impl KeptHistories {
    /// The histories the last search left, aged, or fresh ones.
    pub fn take(&self) -> Histories {
        match self.0.lock().unwrap_or_else(|e| e.into_inner()).take() {
            Some(mut h) => {
                h.age();
                h
            }
            None => Histories::new(),
        }
    }

    /// Keeps a search's histories for the next search.
    pub fn keep(&self, h: Histories) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some(h);
    }

    /// Forgets them.
    pub fn clear(&self) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histories_are_kept_aged_and_forgotten_on_clear() {
        let kept = KeptHistories::default();
        assert!(kept.take().history.iter().all(|&v| v == 0));
        let mut h = Histories::new();
        h.history[7] = 1000;
        h.history[8] = -301;
        h.counter[5] = Move::from_bits(77);
        kept.keep(h);
        let h = kept.take();
        assert_eq!((h.history[7], h.history[8], h.counter[5]), (500, -150, Move::from_bits(77)));
        // taken: the next search without a keep starts afresh
        assert_eq!(kept.take().history[7], 0);
        kept.keep(h);
        kept.clear();
        let h = kept.take();
        assert_eq!((h.history[7], h.counter[5]), (0, Move::NONE));
    }

    #[test]
    fn gravity_keeps_the_history_within_its_bound() {
        let mut h = Histories::new();
        let m = Move::from_bits(1234);
        for _ in 0..1000 {
            h.update(Color::Black, m, HISTORY_BONUS_MAX);
        }
        assert!((HISTORY_MAX - 1000..=HISTORY_MAX).contains(&h.butterfly(Color::Black, m)));
        assert_eq!(h.butterfly(Color::White, m), 0);
    }
}

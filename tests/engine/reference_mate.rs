//! The exhaustive "mate within N plies" the mate tests check the solver against: slow and
//! obviously correct.

use shogiban::core::{Move, MoveList, Position};

/// Whether the side to move mates within `plies` (odd) by checks only. `counts` says which of
/// the defender's evasions are counted (all of them under the bare rules; without futile
/// interpositions under tsume convention).
pub(crate) fn mate_within(p: &mut Position, plies: usize, counts: fn(&mut Position, Move) -> bool) -> bool {
    let mut checks = MoveList::new();
    p.generate_checks(&mut checks);
    for &m in checks.iter() {
        p.do_move(m);
        let evasions: Vec<Move> = p.legal_moves().iter().copied().filter(|&e| counts(p, e)).collect();
        let ok = evasions.is_empty()
            || (plies >= 3
                && evasions.iter().all(|&e| {
                    p.do_move(e);
                    let r = mate_within(p, plies - 2, counts);
                    p.undo_move();
                    r
                }));
        p.undo_move();
        if ok {
            return true;
        }
    }
    false
}

/// Tsume convention (無駄合), written out plainly: `e` (a legal move of the side in check) is a drop on a
/// square between the king and the only checker, and after it the checker can take the dropped
/// piece with checkmate (the defender left without a legal move).
pub(crate) fn futile_drop(p: &mut Position, e: shogiban::core::Move) -> bool {
    let checkers: Vec<_> = p.checkers().collect();
    if !e.is_drop() || checkers.len() != 1 {
        return false;
    }
    let checker = checkers[0];
    p.do_move(e);
    let takes: Vec<_> = p
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| !m.is_drop() && m.from() == checker && m.to() == e.to())
        .collect();
    let futile = takes.into_iter().any(|t| {
        p.do_move(t);
        let mated = p.is_checkmate();
        p.undo_move();
        mated
    });
    p.undo_move();
    futile
}

/// The tests' random numbers (fixed seeds).
pub(crate) struct XorShift(pub(crate) u64);

impl XorShift {
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

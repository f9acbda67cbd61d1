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

//! Futile interpositions (無駄合). Tsume convention does not count a piece dropped between the
//! king and a long-range checker when the checker simply takes it with mate: such a drop only
//! lengthens the solution by two plies. The solver leaves those drops out of the defender's
//! evasions, so its mating lines and their lengths follow the convention (a check whose only
//! answers are futile drops is mate), as published problems count them.
//!
//! The rule: a drop is futile only when the checker's capture on that square is legal and mates
//! at once, leaving the defender no legal move at all. A drop that the capture answers with the
//! checker still at a distance (another drop nearer the king is possible, futile or not) is a real
//! defence: the mate after it is longer, and it is counted. So every line the solver proves is a
//! forced mate under the plain rules, and its length differs from the bare count only by the
//! final interpositions that the capture mates at once.

use crate::core::bitboard::between;
use crate::core::{Bitboard, Move, MoveList, Position, Square};

/// Removes the futile interpositions from `evasions`, the legal moves of the side to move in
/// `pos`, which must be in check. Moves other than drops are kept; drops are tested once per
/// square. The position is unchanged afterwards.
pub(crate) fn remove_futile_interpositions(pos: &mut Position, evasions: &mut MoveList) {
    let Some(checker) = single_distant_checker(pos) else {
        return;
    };
    let mut tested = Bitboard::EMPTY;
    let mut futile = Bitboard::EMPTY;
    for &m in evasions.iter() {
        if !m.is_drop() || tested.contains(m.to()) {
            continue;
        }
        tested.set(m.to());
        if is_futile_drop(pos, m, checker) {
            futile.set(m.to());
        }
    }
    if futile.any() {
        evasions.retain(|m| !(m.is_drop() && futile.contains(m.to())));
    }
}

/// The square of the only checker when it gives check from a distance (a lance, bishop, rook,
/// horse or dragon with empty squares between it and the king).
fn single_distant_checker(pos: &Position) -> Option<Square> {
    let checkers = pos.checkers();
    if !checkers.any() || checkers.more_than_one() {
        return None;
    }
    let checker = checkers.lsb();
    let king = pos.king_square(pos.side_to_move())?;
    between(king, checker).any().then_some(checker)
}

/// Is the drop `m` (between the king and `checker`) futile? See the module comment.
fn is_futile_drop(pos: &mut Position, m: Move, checker: Square) -> bool {
    pos.do_move(m);
    let mut futile = false;
    for promote in [false, true] {
        let capture = Move::board(checker, m.to(), promote);
        if !pos.is_legal(capture) {
            continue;
        }
        pos.do_move(capture);
        // a real checkmate, with no answer at all: a capture that leaves the defender another
        // drop (a checker still at a distance) does not mate at once, and that drop lengthens
        // the mate (a lance that promotes as it captures may no longer give check)
        let mated = pos.in_check() && !pos.has_legal_move();
        pos.undo_move();
        if mated {
            futile = true;
            break;
        }
    }
    pos.undo_move();
    futile
}

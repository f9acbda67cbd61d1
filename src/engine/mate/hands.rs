//! Proof and disproof hands (証明駒・反証駒): which pieces in the attacker's hand a proof needs,
//! and how many the attacker may hold for a disproof to stand. With them one table entry serves
//! every hand on the right side of it (see `table.rs`). Within one solve the pieces are conserved,
//! so the board and the attacker's hand fix the defender's, and only the attacker's is kept.

use super::table::ANY_HAND;
use crate::core::bitboard::between;
use crate::core::{Color, Hand, Move, PieceKind, Position};

/// A child's hand `child` carried back through the attacker's move `m`: one more of a dropped
/// piece, one less of a captured one.
fn before_move(pos: &Position, m: Move, child: &Hand) -> Hand {
    let mut h = *child;
    if let Some(k) = m.drop_kind() {
        h.set_count(k, h.count(k).saturating_add(1));
    } else if let Some(k) = pos.captured_by(m).kind() {
        let k = k.unpromote();
        h.set_count(k, h.count(k).saturating_sub(1));
    }
    h
}

/// Lowers every count of `hand` to at most the one in `cap`.
fn cap_each(hand: &mut Hand, cap: &Hand) {
    *hand = hand.zip_with(cap, u8::min);
}

/// The proof hand of an attacker position proven by playing `m` into a child whose proof hand
/// is `child`: a dropped piece is needed as well, a captured one comes for free.
pub(super) fn proof_before(pos: &Position, m: Move, child: &Hand) -> Hand {
    let mut p = before_move(pos, m, child);
    cap_each(&mut p, pos.hand(pos.side_to_move()));
    p
}

/// The attacker's hand `held` widened to a disproof hand where that changes no move: a kind held
/// at all may be held in any number (one more piece of a kind adds no drop), a kind not held
/// may not be held (its drops were never looked at).
fn widen_held(disproof: &mut Hand, held: &Hand) {
    *disproof = disproof.zip_with(held, |d, h| if h == 0 { 0 } else { d });
}

/// The disproof hand of an attacker position with no check at all, holding `held`: any number
/// of the kinds it holds, none of the others.
pub(super) fn no_check_disproof(held: &Hand) -> Hand {
    let mut d = ANY_HAND;
    widen_held(&mut d, held);
    d
}

/// The disproof hand of a disproven node from its children's: at an attacker node the
/// smallest over all checks (each translated back through its move), at a defender node the
/// widest of the evasions that escape, where an escape by a drop keeps the attacker's hand
/// as it is (with more, the defender might no longer hold the piece, or the drop might turn
/// futile). `children` gives each move, whether its child is disproven (an escape) and that
/// child's disproof hand.
pub(super) fn disproof_of(
    pos: &Position,
    attacker: Color,
    or_node: bool,
    children: impl Iterator<Item = (Move, bool, Hand)>,
) -> Hand {
    let held = *pos.hand(attacker);
    if or_node {
        let mut d = ANY_HAND;
        for (mv, _, disproof) in children {
            // a dropped piece may be held once more, a captured one once less
            cap_each(&mut d, &before_move(pos, mv, &disproof));
        }
        widen_held(&mut d, &held);
        d
    } else {
        let mut best: Option<(u32, Hand)> = None;
        for (mv, escape, disproof) in children {
            if !escape {
                continue;
            }
            let mut d = disproof;
            if mv.is_drop() {
                cap_each(&mut d, &held);
            }
            let size = d.total();
            if best.is_none_or(|(b, _)| size > b) {
                best = Some((size, d));
            }
        }
        best.map_or(held, |(_, d)| d)
    }
}

/// The proof hand of a defender position that is mated (no evasion left): nothing, unless
/// the check could be blocked by a drop; then every kind the defender does not hold is
/// needed in full (with fewer, the defender would hold one to interpose).
pub(super) fn mated_proof(pos: &Position, attacker: Color) -> Hand {
    interposition_proof(pos, attacker, Hand::default())
}

/// `proof` widened for a defender position where a drop could block the check: kinds the
/// defender lacks are needed in the attacker's full count.
pub(super) fn interposition_proof(pos: &Position, attacker: Color, mut proof: Hand) -> Hand {
    let defender = attacker.flip();
    let checkers = pos.checkers();
    let blockable = !checkers.more_than_one()
        && checkers.any()
        && pos.king_square(defender).is_some_and(|k| between(checkers.lsb(), k).any());
    if blockable {
        let ours = pos.hand(attacker);
        let theirs = pos.hand(defender);
        for k in PieceKind::HAND {
            if theirs.count(k) == 0 {
                proof.set_count(k, ours.count(k));
            }
        }
    }
    proof
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proof_of_mated(sfen: &str) -> Hand {
        let pos = Position::from_sfen(sfen).unwrap();
        assert!(pos.is_checkmate(), "{sfen}");
        mated_proof(&pos, Color::Black)
    }

    #[test]
    fn a_blockable_mate_needs_the_pieces_the_defender_lacks() {
        // the rook checks from 1c through 1b: with one silver fewer for sente, gote would hold
        // it and interpose
        let mut two_silvers = Hand::default();
        two_silvers.set_count(PieceKind::Silver, 2);
        assert_eq!(proof_of_mated("7lk/7p1/8R/9/9/9/9/9/9 w 2S 1"), two_silvers);
        // a knight's check cannot be blocked: nothing in hand is needed
        assert_eq!(proof_of_mated("7lk/7np/7N1/9/9/9/9/9/9 w 2S 1"), Hand::default());
    }

    #[test]
    fn proof_hands_count_drops_and_captures() {
        // G*1b mates: one gold is needed, the second is not
        let pos = Position::from_sfen("8k/9/8P/9/9/9/9/9/9 b 2G 1").unwrap();
        let drop = Move::from_usi("G*1b").unwrap();
        let mut one_gold = Hand::default();
        one_gold.set_count(PieceKind::Gold, 1);
        assert_eq!(proof_before(&pos, drop, &Hand::default()), one_gold);
        // a capture brings a piece: a proof that needs it then needs none before the capture
        let pos = Position::from_sfen("8k/8g/8R/9/9/9/9/9/9 b - 1").unwrap();
        let take = Move::from_usi("1c1b").unwrap();
        assert_eq!(proof_before(&pos, take, &one_gold), Hand::default());
    }
}

//! Engine-side move helpers on top of core's legal generator: the dominated-move filter
//! (unpromoted pawn/bishop/rook moves that could promote), the quiescence move generator
//! (captures and promotions only).

use crate::core::bitboard::dead_ranks;
use crate::core::{Move, MoveList, PieceKind, Position};

/// Whether `m` is an unpromoted pawn/bishop/rook move that could have promoted.
#[inline]
pub fn is_dominated(pos: &Position, m: Move) -> bool {
    if m.is_promotion() || m.is_drop() {
        return false;
    }
    let us = pos.side_to_move();
    (m.to().in_zone(us) || m.from().in_zone(us))
        && matches!(
            pos.piece_at(m.from()).kind_unchecked(),
            PieceKind::Pawn | PieceKind::Bishop | PieceKind::Rook
        )
}

/// Legal captures and promotions for the quiescence search (side to move not in check).
pub fn generate_qmoves(pos: &Position, list: &mut MoveList) {
    use crate::core::bitboard::{aligned, attacks, zone};
    let us = pos.side_to_move();
    let them = us.flip();
    let occ = pos.occupied();
    let enemy = pos.pieces_of(them);
    let ksq = pos.king_square(us);
    let pinned = pos.pinned(us);
    for from in pos.pieces_of(us) {
        let kind = pos.piece_at(from).kind_unchecked();
        let att = attacks(us, kind, from, occ);
        let mut targets = att & enemy;
        if kind == PieceKind::Pawn {
            targets |= att & zone(us) & !occ;
        }
        for to in targets {
            if kind == PieceKind::King {
                let mut o = occ;
                o.clear(from);
                if pos.is_attacked(them, to, o) {
                    continue;
                }
            } else if pinned.contains(from) && ksq.is_some_and(|k| !aligned(k, from, to)) {
                continue;
            }
            if kind.can_promote() && (to.in_zone(us) || from.in_zone(us)) {
                list.push(Move::board(from, to, true));
                if matches!(kind, PieceKind::Lance | PieceKind::Knight | PieceKind::Silver)
                    && !dead_ranks(us, kind).contains(to)
                    && enemy.contains(to)
                {
                    list.push(Move::board(from, to, false));
                }
            } else {
                list.push(Move::board(from, to, false));
            }
        }
    }
}

//! Engine-side move policy on top of core's legal generators: the dominated-move filter
//! (unpromoted pawn/bishop/rook moves that could promote are never searched).

use crate::core::{Move, PieceKind, Position};

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

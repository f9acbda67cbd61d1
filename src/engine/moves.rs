//! Engine-side move helpers on top of core's legal generator: the dominated-move filter
//! (unpromoted pawn/bishop/rook moves that could promote), the quiescence move generator
//! (captures and promotions only) and a cheap legality test for moves taken from the
//! transposition table.

use crate::core::bitboard::dead_ranks;
use crate::core::{Move, MoveList, PieceKind, Position};

/// Whether `m` is an unpromoted pawn/bishop/rook move that could have promoted.
#[inline]
pub fn is_dominated(pos: &Position, m: Move) -> bool {
    if m.is_promotion() || m.is_drop() {
        return false;
    }
    let us = pos.side_to_move();
    let k = pos.piece_at(m.from()).kind_unchecked();
    matches!(k, PieceKind::Pawn | PieceKind::Bishop | PieceKind::Rook)
        && (m.to().in_zone(us) || m.from().in_zone(us))
}

/// Whether `m` (from the TT, possibly of another position) is legal here; the side to move must
/// not be in check. Cheaper than `Position::is_legal`, which generates every move.
pub fn quick_legal(pos: &Position, m: Move) -> bool {
    use crate::core::bitboard::{aligned, attacks, file_bb, pawn_attacks};
    let us = pos.side_to_move();
    let them = us.flip();
    let to = m.to();
    if to.0 >= 81 || m.is_none() {
        return false;
    }
    let occ = pos.occupied();
    if m.is_drop() {
        let Some(k) = m.drop_kind() else { return false };
        if k == PieceKind::King
            || m.is_promotion()
            || k.is_promoted()
            || pos.hand(us).count(k) == 0
            || occ.contains(to)
            || dead_ranks(us, k).contains(to)
        {
            return false;
        }
        if k == PieceKind::Pawn {
            if (pos.pieces(us, PieceKind::Pawn) & file_bb(to.file())).any() {
                return false;
            }
            if pos.king_square(them).is_some_and(|ek| pawn_attacks(us, to).contains(ek)) {
                return pos.is_legal(m); // pawn-drop mate (打ち歩詰め) check
            }
        }
        return true;
    }
    let from = m.from();
    if from.0 >= 81 {
        return false;
    }
    let p = pos.piece_at(from);
    if p.is_empty() || p.color() != us {
        return false;
    }
    let dest = pos.piece_at(to);
    if !dest.is_empty() && (dest.color() == us || dest.kind_unchecked() == PieceKind::King) {
        return false;
    }
    let kind = p.kind_unchecked();
    if !attacks(us, kind, from, occ).contains(to) {
        return false;
    }
    if m.is_promotion() {
        if !kind.can_promote() || !(to.in_zone(us) || from.in_zone(us)) {
            return false;
        }
    } else if dead_ranks(us, kind).contains(to) {
        return false;
    }
    if kind == PieceKind::King {
        let mut o = occ;
        o.clear(from);
        return !pos.is_attacked(them, to, o);
    }
    match pos.king_square(us) {
        Some(k) => !pos.pinned(us).contains(from) || aligned(k, from, to),
        None => true,
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quick_legal_agrees_with_is_legal() {
        let mut checked = 0;
        for sfen in [
            "ln3gsn1/7kl/3+B1p1p1/p4s2p/2P6/P2B3PP/1PNP+rPP2/2G3SK1/L4G1NL b G3Prs3p 65",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
            "4R2sk/9/6G2/7N1/9/9/9/9/4K4 b P 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        ] {
            let pos = Position::from_sfen(sfen).unwrap();
            assert!(!pos.in_check());
            // every 16-bit pattern with a real destination: garbage must be rejected, legal accepted
            for raw in (0..(1u32 << 15)).step_by(3) {
                let m = Move(raw as u16);
                // (core's is_legal does not accept drops of promoted kinds; those are garbage anyway)
                if m.to().0 >= 81
                    || (m.is_drop() && m.drop_kind().is_none_or(|k| k.is_promoted() || k == PieceKind::King))
                {
                    if m.to().0 < 81 {
                        assert!(!quick_legal(&pos, m));
                    }
                    continue;
                }
                assert_eq!(quick_legal(&pos, m), pos.is_legal(m), "{sfen}: {m:?}");
                checked += 1;
            }
            for &m in pos.legal_moves().iter() {
                assert!(quick_legal(&pos, m), "{sfen}: {m:?}");
            }
        }
        assert!(checked > 10_000);
    }
}

//! Which moves give check, for many moves of one position (like a chess engine's check info):
//! the squares from which each kind of piece attacks the enemy king, and our pieces whose
//! departure uncovers one of our sliders on it (discovered check, 開き王手). Computed once, it
//! answers each move in a few lookups instead of `Position::gives_check`'s attack generation.
//! Used by check generation (`Position::generate_checks`, so the mate solver) and by the
//! search's pruning and extension decisions.

use super::bitboard::*;
use super::position::{NO_SQUARE, Position};
use super::types::*;

pub struct CheckTargets {
    squares: [Bitboard; 15],
    discover: Bitboard,
    /// The enemy king's square (`NO_SQUARE` when there is none: nothing gives check).
    ksq: Square,
}

impl CheckTargets {
    /// For the side to move in `pos`.
    pub fn new(pos: &Position) -> CheckTargets {
        let us = pos.side_to_move();
        let them = us.flip();
        let mut squares = [Bitboard::EMPTY; 15];
        let Some(ksq) = pos.king_square(them) else {
            return CheckTargets { squares, discover: Bitboard::EMPTY, ksq: NO_SQUARE };
        };
        let occ = pos.occupied();
        for kind in PieceKind::ALL {
            if kind != PieceKind::King {
                squares[kind as usize] = attacks(them, kind, ksq, occ);
            }
        }
        let snipers = (rook_pseudo(ksq)
            & (pos.pieces(us, PieceKind::Rook) | pos.pieces(us, PieceKind::Dragon)))
            | (bishop_pseudo(ksq) & (pos.pieces(us, PieceKind::Bishop) | pos.pieces(us, PieceKind::Horse)))
            | (lance_pseudo(them, ksq) & pos.pieces(us, PieceKind::Lance));
        let mut discover = Bitboard::EMPTY;
        for s in snipers {
            let b = between(ksq, s) & occ;
            if b.any() && !b.more_than_one() {
                discover |= b & pos.pieces_of(us);
            }
        }
        CheckTargets { squares, discover, ksq }
    }

    /// Whether legal move `m` gives check; the same answer as `Position::gives_check`. A move
    /// away from the king along a line through its starting square (which its own departure
    /// opens) is asked the slow way.
    #[inline]
    pub fn gives_check(&self, pos: &Position, m: Move) -> bool {
        if self.ksq == NO_SQUARE {
            return false;
        }
        let to = m.to();
        if let Some(k) = m.drop_kind() {
            return self.squares[k as usize].contains(to);
        }
        let from = m.from();
        if self.discover.contains(from) && !aligned(self.ksq, from, to) {
            return true;
        }
        if between(to, self.ksq).contains(from) {
            return pos.gives_check(m);
        }
        let k = pos.piece_at(from).kind_unchecked();
        let k = if m.is_promotion() { k.promote() } else { k };
        self.squares[k as usize].contains(to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_position_gives_check() {
        for sfen in [
            "ln3gsn1/7kl/3+B1p1p1/p4s2p/2P6/P2B3PP/1PNP+rPP2/2G3SK1/L4G1NL b G3Prs3p 65",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
            // discovered checks by the silver (rook behind) and the knight (bishop behind)
            "4k4/9/9/4S4/9/9/4R4/B8/4K4 b N 1",
            "4k4/9/9/4S4/9/2N6/1B2R4/9/4K4 b G 1",
            // no enemy king
            "9/9/9/9/9/9/9/9/4K4 b R 1",
        ] {
            let pos = Position::from_sfen(sfen).unwrap();
            let t = CheckTargets::new(&pos);
            for &m in pos.legal_moves().iter() {
                assert_eq!(t.gives_check(&pos, m), pos.gives_check(m), "{sfen}: {}", m.usi());
            }
        }
    }
}

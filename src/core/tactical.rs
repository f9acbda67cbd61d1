//! The quiescence search's move generator: captures and pawn promotions only, legal, without
//! the unpromoted pawn/bishop/rook moves that could have promoted. Pieces are taken kind by
//! kind, so one attacking nothing costs a table lookup (a slider: one lookup of its reach).

use super::bitboard::*;
use super::movegen::MoveList;
use super::position::Position;
use super::types::*;

impl Position {
    /// Legal captures and pawn promotions onto empty squares (the quiescence search's moves; the
    /// side to move must not be in check). Unpromoted pawn, bishop and rook moves that could have
    /// promoted are left out: the promotion always does at least as well. Pieces are taken kind by kind so that those attacking nothing cost one
    /// table lookup (sliders: one lookup of their empty-board reach).
    pub fn generate_tactical(&self, list: &mut MoveList) {
        let us = self.side_to_move();
        let them = us.flip();
        let occ = self.occupied();
        let enemy = self.pieces_of(them);
        let ksq = self.king_square(us);
        let pinned = self.pinned(us);
        let zone_us = zone(us);
        let legal_for_pin = |from: Square, to: Square| -> bool {
            !pinned.contains(from) || ksq.is_none_or(|k| aligned(k, from, to))
        };
        let mut push = |kind: PieceKind, from: Square, to: Square| {
            if !legal_for_pin(from, to) {
                return;
            }
            if kind.can_promote() && (zone_us.contains(to) || zone_us.contains(from)) {
                list.push(Move::board(from, to, true));
                // lance, knight, silver may also capture unpromoted where they can still move
                if matches!(kind, PieceKind::Lance | PieceKind::Knight | PieceKind::Silver)
                    && !dead_ranks(us, kind).contains(to)
                    && enemy.contains(to)
                {
                    list.push(Move::board(from, to, false));
                }
            } else {
                list.push(Move::board(from, to, false));
            }
        };

        // pawns, all at once: captures anywhere, promotions onto empty squares
        let pawns = self.pieces(us, PieceKind::Pawn);
        let ahead = pawns.pawn_pushes(us);
        for to in ahead & (enemy | (zone_us & !occ)) {
            let from = match us {
                Color::Black => Square::from_index_unchecked(to.index() + 1),
                Color::White => Square::from_index_unchecked(to.index() - 1),
            };
            push(PieceKind::Pawn, from, to);
        }
        for from in self.pieces(us, PieceKind::Lance) {
            if (lance_pseudo(us, from) & enemy).any() {
                for to in lance_attacks(us, from, occ) & enemy {
                    push(PieceKind::Lance, from, to);
                }
            }
        }
        for from in self.pieces(us, PieceKind::Knight) {
            for to in knight_attacks(us, from) & enemy {
                push(PieceKind::Knight, from, to);
            }
        }
        for from in self.pieces(us, PieceKind::Silver) {
            for to in silver_attacks(us, from) & enemy {
                push(PieceKind::Silver, from, to);
            }
        }
        let gold_likes = self.pieces(us, PieceKind::Gold)
            | self.pieces(us, PieceKind::ProPawn)
            | self.pieces(us, PieceKind::ProLance)
            | self.pieces(us, PieceKind::ProKnight)
            | self.pieces(us, PieceKind::ProSilver);
        for from in gold_likes {
            for to in gold_attacks(us, from) & enemy {
                push(PieceKind::Gold, from, to);
            }
        }
        for kind in [PieceKind::Bishop, PieceKind::Horse, PieceKind::Rook, PieceKind::Dragon] {
            for from in self.pieces(us, kind) {
                // empty-board reach first: most sliders see no enemy piece at all
                let reach = match kind {
                    PieceKind::Bishop => bishop_pseudo(from),
                    PieceKind::Horse => bishop_pseudo(from) | king_attacks(from),
                    PieceKind::Rook => rook_pseudo(from),
                    _ => rook_pseudo(from) | king_attacks(from),
                };
                if (reach & enemy).any() {
                    for to in attacks(us, kind, from, occ) & enemy {
                        push(kind, from, to);
                    }
                }
            }
        }
        if let Some(k) = ksq {
            let mut o = occ;
            o.clear(k);
            for to in king_attacks(k) & enemy {
                if !self.is_attacked(them, to, o) {
                    list.push(Move::board(k, to, false));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qmoves_are_the_legal_captures_and_pawn_promotions() {
        let mut total = 0;
        for sfen in [
            "ln3gsn1/7kl/3+B1p1p1/p4s2p/2P6/P2B3PP/1PNP+rPP2/2G3SK1/L4G1NL b G3Prs3p 65",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
            "ln1g3nl/1r1s1kg2/p2pppsp1/2p3p1p/1p5P1/2PP4P/PPS1PPP2/1KG1G2R1/LN5NL b Bb 31",
            "4k4/1P1PgP1P1/2N1L1S2/+R1s3g+B1/4K4/9/9/9/9 b - 1",
            "4k4/9/9/9/4K4/+r1+b1G1s2/1n1l1s3/p1p1p1p1p/9 w - 1",
            // pinned pieces
            "4k4/4r4/9/4p4/4S4/9/9/9/4K4 b - 1",
            "8k/9/9/9/9/9/2b6/3G5/4K4 b - 1",
        ] {
            let pos = Position::from_sfen(sfen).unwrap();
            assert!(!pos.in_check());
            let mut got = MoveList::new();
            pos.generate_tactical(&mut got);
            let mut got: Vec<u16> = got.iter().map(|m| m.bits()).collect();
            let mut want: Vec<u16> = pos
                .legal_moves()
                .iter()
                .filter(|&&m| {
                    let capture = !m.is_drop() && !pos.piece_at(m.to()).is_empty();
                    let pawn_promotion = m.is_promotion() && pos.moved_kind(m) == PieceKind::Pawn;
                    let dominated = !m.is_promotion()
                        && !m.is_drop()
                        && matches!(pos.moved_kind(m), PieceKind::Pawn | PieceKind::Bishop | PieceKind::Rook)
                        && (m.to().in_zone(pos.side_to_move()) || m.from().in_zone(pos.side_to_move()));
                    !dominated && (capture || pawn_promotion)
                })
                .map(|m| m.bits())
                .collect();
            got.sort();
            want.sort();
            assert_eq!(got, want, "{sfen}");
            total += got.len();
        }
        assert!(total > 20, "{total}");
    }
}

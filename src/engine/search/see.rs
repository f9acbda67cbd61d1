//! Static exchange evaluation (SEE): the material outcome of the capture sequence on one square
//! when both sides recapture with their least valuable attacker and may stop at any time.
//!
//! A capture in shogi gains the captured piece twice over (it leaves the enemy board and joins
//! our hand), so values are `params::exchange_value`. Promotions on the way are counted (a pawn
//! recapturing in the zone becomes a tokin). Pins are ignored (a cheap approximation, as usual);
//! x-ray attackers behind a capturer are found by recomputing the attackers with the capturers
//! removed from the occupancy.

use crate::core::{Bitboard, Color, Move, PieceKind, Position, Square};
use crate::engine::eval::params::{exchange_value, promotion_gain};

/// Capture order: least valuable first, king last.
const LVA_ORDER: [PieceKind; 14] = [
    PieceKind::Pawn,
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::ProPawn,
    PieceKind::ProLance,
    PieceKind::ProKnight,
    PieceKind::Silver,
    PieceKind::ProSilver,
    PieceKind::Gold,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Horse,
    PieceKind::Dragon,
    PieceKind::King,
];

/// The least valuable attacker of `side` among `attackers`.
#[inline]
fn least_valuable(pos: &Position, side: Color, attackers: Bitboard) -> Option<(Square, PieceKind)> {
    for k in LVA_ORDER {
        let b = attackers & pos.pieces(side, k);
        if b.any() {
            return Some((b.lsb(), k));
        }
    }
    None
}

/// The SEE value of `m` (legal in `pos`) for the side making it, in centipawns.
pub fn see(pos: &Position, m: Move) -> i32 {
    let us = pos.side_to_move();
    let to = m.to();
    let mut occ = pos.occupied();
    let mut gain = [0i32; 40];
    let mut on_square; // kind standing on `to` after the move
    if let Some(k) = m.drop_kind() {
        on_square = k;
        occ.set(to);
    } else {
        let from = m.from();
        let cap = pos.piece_at(to);
        let mut k = pos.piece_at(from).kind_unchecked();
        if !cap.is_empty() {
            gain[0] = exchange_value(cap.kind_unchecked());
        }
        if m.is_promotion() {
            gain[0] += promotion_gain(k);
            k = k.promote();
        }
        on_square = k;
        occ.clear(from);
    }
    let mut side = us.flip();
    let mut d = 0;
    loop {
        let attackers = pos.attackers_to(side, to, occ) & occ;
        let Some((from, mut k)) = least_valuable(pos, side, attackers) else { break };
        if k == PieceKind::King {
            // the king may only take if the other side cannot take back
            let others = pos.attackers_to(side.flip(), to, occ) & occ;
            if others.any() {
                break;
            }
        }
        d += 1;
        gain[d] = exchange_value(on_square) - gain[d - 1];
        if k.can_promote() && (to.in_zone(side) || from.in_zone(side)) {
            gain[d] += promotion_gain(k);
            k = k.promote();
        }
        on_square = k;
        occ.clear(from);
        side = side.flip();
        if d + 1 >= gain.len() {
            break;
        }
    }
    while d > 0 {
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        d -= 1;
    }
    gain[0]
}

/// Whether the SEE value of `m` is at least `threshold`.
#[inline]
pub fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    see(pos, m) >= threshold
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::params::BOARD_VALUE;

    fn mv(pos: &Position, s: &str) -> Move {
        pos.parse_usi_move(s).unwrap()
    }

    #[test]
    fn free_capture_wins_the_piece() {
        // a gote silver on 5e is unprotected; sente's pawn on 5f takes it
        let pos = Position::from_sfen("4k4/9/9/9/4s4/4P4/9/9/4K4 b - 1").unwrap();
        assert_eq!(see(&pos, mv(&pos, "5f5e")), exchange_value(PieceKind::Silver));
    }

    #[test]
    fn protected_piece_taken_by_a_bigger_one_loses() {
        // sente's rook takes a pawn protected by a gote gold
        let pos = Position::from_sfen("4k4/9/3g5/4p4/9/9/9/4R4/4K4 b - 1").unwrap();
        let v = see(&pos, mv(&pos, "5h5d"));
        assert_eq!(v, exchange_value(PieceKind::Pawn) - exchange_value(PieceKind::Rook));
        assert!(v < -BOARD_VALUE[PieceKind::Rook as usize]);
    }

    #[test]
    fn xray_recapture_counts() {
        // a silver protected once by a gold: one rook taking it is lost to the gold, two rooks on
        // the file win the exchange because the second recaptures
        let one = Position::from_sfen("4k4/4g4/4s4/9/9/9/9/4R4/4K4 b - 1").unwrap();
        let v = see(&one, mv(&one, "5h5c+"));
        assert!(v < 0, "{v}");
        let pos = Position::from_sfen("4k4/4g4/4s4/9/9/9/4R4/4R4/4K4 b - 1").unwrap();
        let v = see(&pos, mv(&pos, "5g5c+"));
        assert!(v > 0, "{v}");
    }

    #[test]
    fn drop_on_attacked_square_loses_it() {
        let pos = Position::from_sfen("4k4/9/9/4p4/9/9/9/9/4K4 b G 1").unwrap();
        let m = Move::drop(PieceKind::Gold, Square::new(5, 5).unwrap());
        assert_eq!(see(&pos, m), -exchange_value(PieceKind::Gold));
        let safe = Move::drop(PieceKind::Gold, Square::new(1, 7).unwrap());
        assert_eq!(see(&pos, safe), 0);
    }
}

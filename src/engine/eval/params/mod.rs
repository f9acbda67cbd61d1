//! Every tunable number of the evaluation, in one place (the search's are in `search::params`).
//! All values are in centipawns (a pawn on the board is about 100) unless a comment says
//! otherwise.
//!
//! The castle-building (駒組み) tables, the endgame-degree (終盤度) weights and the attacker /
//! defender (攻め駒・守り駒) distance tables follow a classical shogi program's evaluation design;
//! the comments name each table there (DanValue, ShuubandoByAtack, Semegoma, ...). The material
//! values follow the proportions used by strong classical shogi programs, scaled so that a board
//! pawn is 100. These are the hand-set values: the evaluation reads the fitted tables of
//! `tuned.rs`, which `shogiban tune --prior` builds from these.

use crate::core::PieceKind;

// ----- material ------------------------------------------------------------------------------

/// A table indexed by `PieceKind as usize`, written by name so that no entry can land on the wrong
/// kind (the encoding order is pawn, lance, knight, silver, bishop, rook, gold, king, then the
/// promoted kinds; kinds not named are 0).
const fn by_kind<const N: usize>(entries: [(PieceKind, i32); N]) -> [i32; 15] {
    let mut t = [0; 15];
    let mut i = 0;
    while i < N {
        t[entries[i].0 as usize] = entries[i].1;
        i += 1;
    }
    t
}

use PieceKind::{
    Bishop, Dragon, Gold, Horse, King, Knight, Lance, Pawn, ProKnight, ProLance, ProPawn, ProSilver, Rook,
    Silver,
};

/// Value of a piece standing on the board (the king has none).
pub const BOARD_VALUE: [i32; 15] = by_kind([
    (Pawn, 100),
    (Lance, 270),
    (Knight, 300),
    (Silver, 430),
    (Gold, 510),
    (Bishop, 650),
    (Rook, 760),
    (ProPawn, 530),
    (ProLance, 510),
    (ProKnight, 520),
    (ProSilver, 510),
    (Horse, 900),
    (Dragon, 1050),
]);

/// Value of one piece in hand (unpromoted kinds only). A piece in hand can be dropped anywhere,
/// so it is worth a little more than the same piece on the board.
pub const HAND_VALUE: [i32; 15] = by_kind([
    (Pawn, 112),
    (Lance, 295),
    (Knight, 330),
    (Silver, 470),
    (Gold, 560),
    (Bishop, 720),
    (Rook, 850),
]);

/// Penalty for having no pawn in hand (歩切れ): no pawn to block, to tap, to make a tokin.
pub const NO_PAWN_IN_HAND: i32 = 25;

/// What capturing a piece of this kind gains: it leaves the board and joins the capturer's hand.
#[inline]
pub fn exchange_value(kind: PieceKind) -> i32 {
    BOARD_VALUE[kind as usize] + HAND_VALUE[kind.unpromote() as usize]
}

/// What promoting a piece of this kind gains on the board.
#[inline]
pub fn promotion_gain(kind: PieceKind) -> i32 {
    BOARD_VALUE[kind.promote() as usize] - BOARD_VALUE[kind as usize]
}

// ----- piece-square terms by rank --------------------------------------------------------------

/// Bonus by the owner's relative rank (index 1 = the far rank, 9 = the owner's back rank), after
/// the classical DanValue table: advanced pawns threaten to promote, a lance is best kept back, a
/// rook in the enemy camp is strong. The king's row is that table's idea softened: leaving the
/// back ranks in the middle game is dangerous, but a king that has entered the enemy camp (入玉)
/// is safe.
pub const RANK_PAWN: [i32; 10] = [0, 0, 15, 15, 15, 3, 1, 0, 0, 0];
pub const RANK_LANCE: [i32; 10] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
pub const RANK_KNIGHT: [i32; 10] = [0, 0, 0, 10, 8, 4, 0, 0, 0, -5];
pub const RANK_ROOK: [i32; 10] = [0, 10, 10, 10, 0, 0, 0, -5, 0, 0];
pub const RANK_KING: [i32; 10] = [0, 40, 20, -20, -70, -90, -70, -30, -5, 0];

// ----- castle building (駒組み): see castle.rs ----------------------------------------------

mod castle;
pub use castle::*;

// ----- endgame degree (終盤度) ------------------------------------------------------------------

/// Endgame degree added for an attacking piece inside the defender's four home ranks, indexed by
/// `PieceKind as usize` (classical table: ShuubandoByAtack). A dragon inside is far more dangerous than a pawn.
pub const DEGREE_BY_ATTACKER: [i32; 15] = by_kind([
    (Pawn, 1),
    (Lance, 1),
    (Knight, 2),
    (Silver, 3),
    (Gold, 3),
    (Bishop, 3),
    (Rook, 4),
    (King, 4),
    (ProPawn, 3),
    (ProLance, 3),
    (ProKnight, 3),
    (ProSilver, 3),
    (Horse, 4),
    (Dragon, 5),
]);
/// Added for the defender's own pieces in its four home ranks (classical table: ShuubandoByDefence): golds,
/// silvers and promoted pieces at home calm the position down.
pub const DEGREE_BY_DEFENDER: [i32; 15] = by_kind([
    (Silver, -1),
    (Gold, -1),
    (Rook, -1),
    (ProPawn, -1),
    (ProLance, -1),
    (ProKnight, -1),
    (ProSilver, -1),
    (Horse, -2),
    (Dragon, -1),
]);
/// Added for each piece the attacker holds in hand (classical table: ShuubandoByHand).
pub const DEGREE_BY_HAND: [i32; 15] =
    by_kind([(Lance, 1), (Knight, 1), (Silver, 2), (Gold, 2), (Bishop, 2), (Rook, 3)]);
/// The degree is clamped to 0..=DEGREE_MAX; bonuses are scaled by degree / DEGREE_MAX.
pub const DEGREE_MAX: i32 = 16;
/// Centipawns per unit of degree difference (the classical design uses 200, far too much next to
/// material; being attacked harder than the opponent still costs).
pub const DEGREE_DIFF_WEIGHT: i32 = 12;

// ----- attacker / defender distance (攻め駒・守り駒) --------------------------------------------

/// Percent value of a gold-like piece or silver by its position relative to the *enemy* king:
/// row = 8 + (piece rank - king rank) seen from the attacker (row 8: same rank, row 9: one rank
/// in front of the enemy king), column = file distance. 100 is neutral (classical table: Semegoma).
pub static ATTACKER_TABLE: [[i32; 9]; 17] = [
    [50, 50, 50, 50, 50, 50, 50, 50, 50],
    [50, 50, 50, 50, 50, 50, 50, 50, 50],
    [50, 50, 50, 50, 50, 50, 50, 50, 50],
    [54, 53, 51, 51, 50, 50, 50, 50, 50],
    [70, 66, 62, 55, 53, 50, 50, 50, 50],
    [90, 85, 80, 68, 68, 60, 53, 50, 50],
    [100, 97, 95, 85, 84, 71, 51, 50, 50],
    [132, 132, 129, 102, 95, 71, 51, 50, 50],
    [180, 145, 137, 115, 91, 75, 57, 50, 50],
    [170, 165, 150, 121, 94, 78, 58, 52, 50],
    [170, 160, 142, 114, 98, 80, 62, 55, 50],
    [140, 130, 110, 100, 95, 75, 54, 50, 50],
    [100, 99, 95, 87, 78, 69, 50, 50, 50],
    [80, 78, 72, 67, 55, 51, 50, 50, 50],
    [62, 60, 58, 52, 50, 50, 50, 50, 50],
    [50, 50, 50, 50, 50, 50, 50, 50, 50],
    [50, 50, 50, 50, 50, 50, 50, 50, 50],
];

/// The same for a defender relative to its *own* king (classical table: Mamorigoma): row 8 + (piece rank -
/// king rank) seen from the defender, so row 7 is one rank in front of its king.
pub static DEFENDER_TABLE: [[i32; 9]; 17] = [
    [50, 50, 50, 50, 50, 50, 50, 50, 50],
    [56, 52, 50, 50, 50, 50, 50, 50, 50],
    [64, 61, 55, 50, 50, 50, 50, 50, 50],
    [79, 77, 70, 65, 54, 51, 50, 50, 50],
    [100, 99, 95, 87, 74, 58, 50, 50, 50],
    [116, 117, 101, 95, 88, 67, 54, 50, 50],
    [131, 129, 124, 114, 90, 71, 59, 51, 50],
    [137, 138, 132, 116, 96, 76, 61, 53, 50],
    [142, 142, 136, 118, 98, 79, 64, 52, 50],
    [132, 132, 129, 109, 95, 75, 60, 51, 50],
    [121, 120, 105, 97, 84, 66, 54, 50, 50],
    [95, 93, 89, 75, 68, 58, 51, 50, 50],
    [79, 76, 69, 60, 53, 50, 50, 50, 50],
    [64, 61, 55, 51, 50, 50, 50, 50, 50],
    [56, 52, 50, 50, 50, 50, 50, 50, 50],
    [50, 50, 50, 50, 50, 50, 50, 50, 50],
    [50, 50, 50, 50, 50, 50, 50, 50, 50],
];

/// Table percent minus this is the bonus in centipawns at full endgame degree (the classical
/// design: -100).
pub const DISTANCE_TABLE_NEUTRAL: i32 = 100;

// ----- king safety -------------------------------------------------------------------------------

/// Attack units per king-zone square (the king's square and its eight neighbours) attacked by an
/// enemy piece of this kind.
pub const KS_ATTACK_UNITS: [i32; 15] = by_kind([
    (Pawn, 1),
    (Lance, 2),
    (Knight, 2),
    (Silver, 3),
    (Gold, 3),
    (Bishop, 3),
    (Rook, 4),
    (King, 1),
    (ProPawn, 3),
    (ProLance, 3),
    (ProKnight, 3),
    (ProSilver, 3),
    (Horse, 4),
    (Dragon, 5),
]);
/// Attack units for holding this kind in hand (it can be dropped next to the king).
pub const KS_HAND_UNITS: [i32; 15] =
    by_kind([(Pawn, 1), (Lance, 2), (Knight, 3), (Silver, 4), (Gold, 5), (Bishop, 4), (Rook, 6)]);
/// Units removed per guard (gold, silver, promoted piece, horse, dragon within two squares of
/// the king), counted twice.
pub const KS_DEFENCE_UNITS: i32 = 1;
/// Penalty = units² × KS_QUADRATIC / 64, capped at KS_MAX (how these were set:
/// docs/decisions/0021-king-safety-by-zone-units.md).
pub const KS_QUADRATIC: i32 = 68;
pub const KS_MAX: i32 = 1690;
/// Per empty king-neighbour square the king cannot flee to because the enemy attacks it.
pub const KS_NO_ESCAPE: i32 = 12;

/// Bonus for the side to move (it gets to act first).
pub const TEMPO: i32 = 20;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_values_follow_the_kinds() {
        // the kinds are encoded pawn, lance, knight, silver, bishop, rook, gold: a table written in
        // the traditional order (gold before bishop) would value a gold like a rook
        let v = |k: PieceKind| BOARD_VALUE[k as usize];
        assert!(v(Pawn) < v(Lance) && v(Lance) < v(Knight) && v(Knight) < v(Silver));
        assert!(v(Silver) < v(Gold) && v(Gold) < v(Bishop) && v(Bishop) < v(Rook));
        assert!(v(Rook) < v(Horse) && v(Horse) < v(Dragon));
        for k in PieceKind::HAND {
            assert!(HAND_VALUE[k as usize] > v(k), "{k:?}");
        }
        assert_eq!(v(King), 0);
        assert!(KS_HAND_UNITS[Rook as usize] > KS_HAND_UNITS[Bishop as usize]);
        assert!(KS_ATTACK_UNITS[Dragon as usize] > KS_ATTACK_UNITS[Rook as usize]);
        assert!(DEGREE_BY_HAND[Rook as usize] > DEGREE_BY_HAND[Gold as usize]);
    }
}

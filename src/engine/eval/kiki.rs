//! Square control (利き) next to each king, the mobility of the long-range pieces, and pieces
//! standing where an enemy pawn attacks them: the terms of `tuned::KIKI`, one flat table.
//!
//! Layout of `KIKI` (each entry is good for the owner of the king or piece it is counted for):
//! - `[0, ZONE_LEN)`: for each king and each square next to it, by the square's place seen from
//!   the king's owner (front centre, front side, side, back centre, back side), the number of
//!   enemy pieces other than the king attacking it (0..=3), the number of the owner's other
//!   pieces defending it (0..=3), and what stands on it (0: nothing, with no piece but pawns in
//!   the enemy hand; 1: an own piece; 2: an enemy piece; 3: nothing, with a piece that could
//!   be dropped there in the enemy hand): `((place × 4 + attackers) × 4 + defenders) × 4 +
//!   occupant`. The king-danger units of `eval.rs` count attacks on the zone as a whole; these
//!   entries see which squares are covered and which are not.
//! - `[MOB_AT, THREAT_AT)`: a lance, bishop, rook, horse or dragon by the number of squares it
//!   attacks that its own side does not occupy (0..=20): `MOB_AT + slider × 21 + squares`.
//! - `[THREAT_AT, LEN)`: a piece other than a king that an enemy pawn attacks, by whether its
//!   owner is to move (it can still save it) or not: `THREAT_AT + (owner not to move) × 16 +
//!   kind`. At a quiet node the side to move has declined to capture, so the two differ.

use super::StaticTables;
use crate::core::bitboard::*;
use crate::core::{Bitboard, Color, PieceKind, Position, Square};

/// Places of a king's neighbour square: front centre, front side, side, back centre, back side.
pub const PLACES: usize = 5;
pub const ZONE_LEN: usize = PLACES * 4 * 4 * 4;
/// The sliders whose mobility counts, in the order of their entries.
pub const SLIDERS: [PieceKind; 5] =
    [PieceKind::Lance, PieceKind::Bishop, PieceKind::Rook, PieceKind::Horse, PieceKind::Dragon];
pub const MOB_MAX: usize = 20;
pub const MOB_AT: usize = ZONE_LEN;
pub const THREAT_AT: usize = MOB_AT + SLIDERS.len() * (MOB_MAX + 1);
/// Entries of `tuned::KIKI`.
pub const LEN: usize = THREAT_AT + 2 * 16;

#[inline(always)]
fn sign(c: Color) -> i32 {
    if c == Color::Black { 1 } else { -1 }
}

/// The place of `sq` (next to the king on `k`) seen from the king's owner `c`.
#[inline(always)]
fn place(c: Color, sq: Square, k: Square) -> usize {
    let dr = sq.rank() as i32 - k.rank() as i32;
    let forward = if c == Color::Black { -dr } else { dr };
    let side = sq.file() != k.file();
    match (forward, side) {
        (1, false) => 0,
        (1, true) => 1,
        (0, _) => 2,
        (_, false) => 3,
        (_, true) => 4,
    }
}

/// The squares of `around` (the neighbours of the king on `k`) attacked by at least one, two
/// and three pieces of `side`, not counting the pieces in `skip`.
#[inline(always)]
fn attack_counts(
    pos: &Position,
    side: Color,
    k: Square,
    around: Bitboard,
    skip: Bitboard,
    st: &StaticTables,
) -> [Bitboard; 3] {
    let occ = pos.occupied();
    let rooks = pos.pieces(side, PieceKind::Rook) | pos.pieces(side, PieceKind::Dragon);
    let bishops = pos.pieces(side, PieceKind::Bishop) | pos.pieces(side, PieceKind::Horse);
    let lances = pos.pieces(side, PieceKind::Lance);
    let far = ((rooks | lances) & st.rook_reach[k.index()]) | (bishops & st.bishop_reach[k.index()]);
    let steppers = pos.pieces_of(side) & st.near[k.index()];
    let mut n = [Bitboard::EMPTY; 3];
    for s in (far | steppers) & !skip {
        add_count(&mut n, attacks(side, pos.piece_at(s).kind_unchecked(), s, occ) & around);
    }
    n
}

/// Adds one attack on each square of `a` to the counts `n` (squares attacked at least once,
/// twice, three times).
#[inline(always)]
pub(super) fn add_count(n: &mut [Bitboard; 3], a: Bitboard) {
    n[2] |= n[1] & a;
    n[1] |= n[0] & a;
    n[0] |= a;
}

#[inline(always)]
fn count_at(n: &[Bitboard; 3], sq: Square) -> usize {
    n[0].contains(sq) as usize + n[1].contains(sq) as usize + n[2].contains(sq) as usize
}

/// Calls `f(entry, sign)` for every `KIKI` entry that applies to `pos` (sign +1 for sente's
/// entries, −1 for gote's; an entry may come more than once). `enemy[c]`, if given, holds the
/// squares next to `c`'s king attacked by one, two and three enemy pieces (the enemy king not
/// counted), as the king-safety pass of the evaluation already found them. `parts` says which
/// of the zone, mobility and pawn-threat entries to visit.
#[inline(always)]
pub(super) fn for_each(
    pos: &Position,
    st: &StaticTables,
    enemy: Option<&[[Bitboard; 3]; 2]>,
    parts: [bool; 3],
    mut f: impl FnMut(usize, i32),
) {
    let occ = pos.occupied();
    for c in Color::ALL {
        if !parts[0] {
            break;
        }
        let Some(k) = pos.king_square(c) else { continue };
        let them = c.flip();
        let around = king_attacks(k);
        let enemy = match enemy {
            Some(e) => e[c.index()],
            None => attack_counts(pos, them, k, around, pos.pieces(them, PieceKind::King), st),
        };
        let own_king = pos.pieces(c, PieceKind::King);
        let guard = attack_counts(pos, c, k, around, own_king, st);
        let (ours, theirs) = (pos.pieces_of(c), pos.pieces_of(them));
        let h = pos.hand(them);
        let drops = PieceKind::HAND.iter().any(|&k| k != PieceKind::Pawn && h.count(k) > 0);
        let empty = if drops { 3 } else { 0 };
        for sq in around {
            let occupant = if ours.contains(sq) {
                1
            } else if theirs.contains(sq) {
                2
            } else {
                empty
            };
            let i = ((place(c, sq, k) * 4 + count_at(&enemy, sq)) * 4 + count_at(&guard, sq)) * 4 + occupant;
            f(i, sign(c));
        }
    }
    for c in Color::ALL {
        if !parts[1] {
            break;
        }
        let own = pos.pieces_of(c);
        for (m, &kind) in SLIDERS.iter().enumerate() {
            for sq in pos.pieces(c, kind) {
                let n = ((attacks(c, kind, sq, occ) & !own).count() as usize).min(MOB_MAX);
                f(MOB_AT + m * (MOB_MAX + 1) + n, sign(c));
            }
        }
    }
    let stm = pos.side_to_move();
    for c in Color::ALL {
        if !parts[2] {
            break;
        }
        let them = c.flip();
        // a pawn attacks the square one rank ahead, the next bit down (sente) or up (gote); no
        // pawn stands on its last rank, so the shift never crosses into another file
        let pawns = pos.pieces(them, PieceKind::Pawn).0;
        let hit = Bitboard(if them == Color::Black { pawns >> 1 } else { pawns << 1 });
        let targets = pos.pieces_of(c) & hit & !pos.pieces(c, PieceKind::King);
        let not_to_move = (c != stm) as usize;
        for sq in targets {
            let kind = pos.piece_at(sq).kind_unchecked() as usize;
            f(THREAT_AT + not_to_move * 16 + kind, sign(c));
        }
    }
}

/// The `KIKI` entries of `pos` with their signs (for the fit; sente positive).
pub fn entries(pos: &Position) -> Vec<(usize, i32)> {
    let mut v = Vec::with_capacity(48);
    for_each(pos, super::statics(), None, [true; 3], |i, s| v.push((i, s)));
    v
}

/// The sum of the `KIKI` terms of `pos`, sente positive (`enemy` and `parts` as for
/// `for_each`).
#[inline]
pub(super) fn score(
    pos: &Position,
    st: &StaticTables,
    table: &[i16],
    enemy: &[[Bitboard; 3]; 2],
    parts: [bool; 3],
) -> i32 {
    let mut sum = 0;
    for_each(pos, st, Some(enemy), parts, |i, s| sum += s * table[i] as i32);
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(file: u8, rank: u8) -> Square {
        Square::new(file, rank).unwrap()
    }

    #[test]
    fn places_are_seen_from_the_kings_owner() {
        let k = sq(5, 5);
        // sente's front is rank 4, gote's rank 6
        assert_eq!(place(Color::Black, sq(5, 4), k), 0);
        assert_eq!(place(Color::Black, sq(4, 4), k), 1);
        assert_eq!(place(Color::Black, sq(6, 5), k), 2);
        assert_eq!(place(Color::Black, sq(5, 6), k), 3);
        assert_eq!(place(Color::Black, sq(6, 6), k), 4);
        assert_eq!(place(Color::White, sq(5, 6), k), 0);
        assert_eq!(place(Color::White, sq(5, 4), k), 3);
    }

    #[test]
    fn entries_count_attackers_defenders_mobility_and_pawn_threats() {
        // sente: king 5i, gold 4h; gote: king 5a, rook 5e (attacks 5h through nothing), pawn 3f
        // attacking a sente silver on 3g; sente to move
        let pos = Position::from_sfen("4k4/9/9/9/4r4/6p2/6S2/5G3/4K4 b - 1").unwrap();
        let e = entries(&pos);
        let zone = |c: Color, place: usize, a: usize, d: usize, occ: usize| {
            e.contains(&(((place * 4 + a) * 4 + d) * 4 + occ, sign(c)))
        };
        // 5h: front centre of sente's king, attacked by the rook, defended by the gold
        assert!(zone(Color::Black, 0, 1, 1, 0));
        // 4h: front side, holds the gold, no attacker, defended by the silver (the king is not
        // counted)
        assert!(zone(Color::Black, 1, 0, 1, 1));
        // the rook on 5e: 3 squares up (5b..5d; 5a holds its own king), 4 down (5f..5i, the
        // enemy king's square included), 4 left, 4 right
        assert!(e.contains(&(MOB_AT + 2 * 21 + 15, -1)));
        // the silver on 3g is attacked by the pawn, its owner to move
        assert!(e.contains(&(THREAT_AT + PieceKind::Silver as usize, 1)));
        let n_zone = e.iter().filter(|(i, _)| *i < ZONE_LEN).count();
        assert_eq!(n_zone, 5 + 5, "both kings on the edge have five neighbours");
        // a sente pawn on 5e attacks a gote gold on 5d; gote (its owner) to move, then sente
        let threat = |sfen: &str| {
            let e = entries(&Position::from_sfen(sfen).unwrap());
            e.into_iter().filter(|(i, _)| *i >= THREAT_AT).collect::<Vec<_>>()
        };
        let gold = PieceKind::Gold as usize;
        assert_eq!(threat("4k4/9/9/4g4/4P4/9/9/9/4K4 w - 1"), vec![(THREAT_AT + gold, -1)]);
        assert_eq!(threat("4k4/9/9/4g4/4P4/9/9/9/4K4 b - 1"), vec![(THREAT_AT + 16 + gold, -1)]);
        assert!(threat("4k4/9/9/9/4P4/4g4/9/9/4K4 b - 1").is_empty(), "a pawn attacks forward only");
    }
}

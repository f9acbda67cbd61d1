//! 81-square bitboards and the attack (kiki) tables built from them.
//!
//! Why bitboards, and why these: a one-dimensional mailbox with sentinel walls and attack tables
//! updated incrementally is the classical alternative. That is simple, but every question ("is this
//! square attacked?", "which pieces are pinned?") walks the board. With a `u128` bitboard in which
//! bit `(file-1)*9 + (rank-1)` is a square, the same questions are a few table lookups and bit
//! operations, and a whole set of destinations is produced at once.
//!
//! Slider attacks use rays plus a bit-scan for the first blocker (the "classical" approach):
//! a ray's blockers are `ray & occupied`; the nearest blocker is the lowest set bit for rays that
//! increase the index and the highest for rays that decrease it; the squares behind it are removed
//! by XOR with that blocker's own ray. This needs no large magic tables (which for 81 squares and
//! `u128` would cost memory and start-up time), works for every slider including the lance, and
//! measures above the speed target (see README). All tables are computed at compile time.

use super::types::{Color, PieceKind, Square};

/// A set of squares: bit `sq.index()` is set when the square is in the set. Bits 81..128 are 0.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(u128);

pub const BOARD_MASK: u128 = (1u128 << 81) - 1;

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const ALL: Bitboard = Bitboard(BOARD_MASK);

    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq.index())
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        (self.0 >> sq.index()) & 1 != 0
    }

    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The square in front of each square of the set, for pawns of `color` (toward rank 1 for
    /// sente, rank 9 for gote). Pawns are never on their last rank, so nothing crosses a file.
    #[inline]
    pub const fn pawn_pushes(self, color: Color) -> Bitboard {
        match color {
            Color::Black => Bitboard(self.0 >> 1),
            Color::White => Bitboard(self.0 << 1),
        }
    }

    /// More than one square set.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square. The set must not be empty (checked in debug builds).
    #[inline]
    pub fn lsb(self) -> Square {
        Square::from_index_unchecked(self.0.trailing_zeros() as usize)
    }

    #[inline]
    pub fn pop(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            Some(Square::from_index_unchecked(sq))
        }
    }

    #[inline]
    pub fn set(&mut self, sq: Square) {
        self.0 |= 1u128 << sq.index();
    }

    #[inline]
    pub fn clear(&mut self, sq: Square) {
        self.0 &= !(1u128 << sq.index());
    }

    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        self.0 ^= 1u128 << sq.index();
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.pop()
    }
}

impl std::ops::BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitand(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 & o.0)
    }
}
impl std::ops::BitOr for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitor(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 | o.0)
    }
}
impl std::ops::BitXor for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitxor(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ o.0)
    }
}
impl std::ops::Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & BOARD_MASK)
    }
}
impl std::ops::BitAndAssign for Bitboard {
    #[inline]
    fn bitand_assign(&mut self, o: Bitboard) {
        self.0 &= o.0;
    }
}
impl std::ops::BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, o: Bitboard) {
        self.0 |= o.0;
    }
}
impl std::ops::BitXorAssign for Bitboard {
    #[inline]
    fn bitxor_assign(&mut self, o: Bitboard) {
        self.0 ^= o.0;
    }
}

impl std::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f)?;
        for rank in 1..=9 {
            for file in (1..=9).rev() {
                let sq = Square::new(file, rank).unwrap();
                write!(f, "{}", if self.contains(sq) { 'x' } else { '.' })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// Compile-time tables.

/// Directions as (file delta, rank delta). Rank −1 is "up" (toward sente's far side).
/// Order: N, S, E (file −1), W (file +1), NE, NW, SE, SW.
const DIRS: [(i8, i8); 8] = [(0, -1), (0, 1), (-1, 0), (1, 0), (-1, -1), (1, -1), (-1, 1), (1, 1)];
const N: usize = 0;
const S: usize = 1;
const E: usize = 2;
const W: usize = 3;
const NE: usize = 4;
const NW: usize = 5;
const SE: usize = 6;
const SW: usize = 7;

/// Whether a direction increases the square index (first blocker = lowest bit).
const fn dir_positive(d: usize) -> bool {
    let (df, dr) = DIRS[d];
    (df as i32) * 9 + (dr as i32) > 0
}

const fn sq_of(file: i32, rank: i32) -> i32 {
    if file < 1 || file > 9 || rank < 1 || rank > 9 { -1 } else { (file - 1) * 9 + (rank - 1) }
}

/// Tables are 82 long: index 81 stands for "no square" (a missing king) and holds empty sets.
const NSQ: usize = 82;

const fn build_rays() -> [[u128; NSQ]; 8] {
    let mut t = [[0u128; NSQ]; 8];
    let mut d = 0;
    while d < 8 {
        let mut s = 0;
        while s < 81 {
            let f0 = (s / 9 + 1) as i32;
            let r0 = (s % 9 + 1) as i32;
            let mut f = f0 + DIRS[d].0 as i32;
            let mut r = r0 + DIRS[d].1 as i32;
            let mut bb = 0u128;
            while sq_of(f, r) >= 0 {
                bb |= 1u128 << sq_of(f, r);
                f += DIRS[d].0 as i32;
                r += DIRS[d].1 as i32;
            }
            t[d][s] = bb;
            s += 1;
        }
        d += 1;
    }
    t
}

static RAYS: [[u128; NSQ]; 8] = build_rays();

/// Empty-board rook (index 0) and bishop (index 1) reach of every square.
const fn build_pseudo() -> [[u128; NSQ]; 2] {
    let rays = build_rays();
    let mut t = [[0u128; NSQ]; 2];
    let mut s = 0;
    while s < NSQ {
        t[0][s] = rays[N][s] | rays[S][s] | rays[E][s] | rays[W][s];
        t[1][s] = rays[NE][s] | rays[NW][s] | rays[SE][s] | rays[SW][s];
        s += 1;
    }
    t
}

static PSEUDO: [[u128; NSQ]; 2] = build_pseudo();

/// Step attacks for the non-sliding kinds, for black; white's are the point mirror.
const fn step_offsets(kind: u8) -> &'static [(i8, i8)] {
    match kind {
        1 => &[(0, -1)],
        3 => &[(-1, -2), (1, -2)],
        4 => &[(-1, -1), (0, -1), (1, -1), (-1, 1), (1, 1)],
        7 => &[(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (0, 1)],
        8 => &[(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)],
        _ => &[],
    }
}

const fn build_steps() -> [[[u128; NSQ]; 9]; 2] {
    let mut t = [[[0u128; NSQ]; 9]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 1u8;
        while k <= 8 {
            let offs = step_offsets(k);
            let mut s = 0;
            while s < 81 {
                let f0 = (s / 9 + 1) as i32;
                let r0 = (s % 9 + 1) as i32;
                let mut bb = 0u128;
                let mut i = 0;
                while i < offs.len() {
                    let (mut df, mut dr) = (offs[i].0 as i32, offs[i].1 as i32);
                    if c == 1 {
                        df = -df;
                        dr = -dr;
                    }
                    let t2 = sq_of(f0 + df, r0 + dr);
                    if t2 >= 0 {
                        bb |= 1u128 << t2;
                    }
                    i += 1;
                }
                t[c][k as usize][s] = bb;
                s += 1;
            }
            k += 1;
        }
        c += 1;
    }
    t
}

static STEPS: [[[u128; NSQ]; 9]; 2] = build_steps();

/// BETWEEN[a][b]: squares strictly between a and b when aligned, else empty.
/// LINE[a][b]: the whole line through a and b (both included) when aligned, else empty.
const fn build_between_line() -> ([[u128; NSQ]; NSQ], [[u128; NSQ]; NSQ]) {
    let mut between = [[0u128; NSQ]; NSQ];
    let mut line = [[0u128; NSQ]; NSQ];
    let mut a = 0;
    while a < 81 {
        let mut d = 0;
        while d < 8 {
            let f0 = (a / 9 + 1) as i32;
            let r0 = (a % 9 + 1) as i32;
            let mut f = f0 + DIRS[d].0 as i32;
            let mut r = r0 + DIRS[d].1 as i32;
            let mut acc = 0u128;
            // the opposite direction is d ^ 1 (pairs N/S, E/W, NE/SW? no: see below)
            let full = RAYS[d][a] | RAYS[opposite(d)][a] | (1u128 << a);
            while sq_of(f, r) >= 0 {
                let b = sq_of(f, r) as usize;
                between[a][b] = acc;
                line[a][b] = full;
                acc |= 1u128 << b;
                f += DIRS[d].0 as i32;
                r += DIRS[d].1 as i32;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

const fn opposite(d: usize) -> usize {
    match d {
        N => S,
        S => N,
        E => W,
        W => E,
        NE => SW,
        SW => NE,
        NW => SE,
        _ => NW,
    }
}

static BETWEEN_LINE: ([[u128; NSQ]; NSQ], [[u128; NSQ]; NSQ]) = build_between_line();

/// Ranks as bitboards (index 1..=9).
const fn build_ranks() -> [u128; 10] {
    let mut t = [0u128; 10];
    let mut s = 0;
    while s < 81 {
        t[s % 9 + 1] |= 1u128 << s;
        s += 1;
    }
    t
}
pub static RANKS: [u128; 10] = build_ranks();

/// Files as bitboards (index 1..=9).
const fn build_files() -> [u128; 10] {
    let mut t = [0u128; 10];
    let mut s = 0;
    while s < 81 {
        t[s / 9 + 1] |= 1u128 << s;
        s += 1;
    }
    t
}
pub static FILES: [u128; 10] = build_files();

#[inline]
pub fn rank_bb(rank: u8) -> Bitboard {
    Bitboard(RANKS[rank as usize])
}

#[inline]
pub fn file_bb(file: u8) -> Bitboard {
    Bitboard(FILES[file as usize])
}

/// The promotion zone of `c`.
#[inline]
pub fn zone(c: Color) -> Bitboard {
    match c {
        Color::Black => Bitboard(RANKS[1] | RANKS[2] | RANKS[3]),
        Color::White => Bitboard(RANKS[7] | RANKS[8] | RANKS[9]),
    }
}

/// Ranks where a piece of `kind` of colour `c` would have no further move: it may not stay
/// (drop or move unpromoted) there.
#[inline]
pub fn dead_ranks(c: Color, kind: PieceKind) -> Bitboard {
    let (r1, r2) = match c {
        Color::Black => (RANKS[1], RANKS[2]),
        Color::White => (RANKS[9], RANKS[8]),
    };
    match kind {
        PieceKind::Pawn | PieceKind::Lance => Bitboard(r1),
        PieceKind::Knight => Bitboard(r1 | r2),
        _ => Bitboard::EMPTY,
    }
}

#[inline]
fn ray(d: usize, sq: Square, occ: Bitboard) -> u128 {
    let r = RAYS[d][sq.index()];
    let b = r & occ.0;
    if b == 0 {
        r
    } else if dir_positive(d) {
        r ^ RAYS[d][b.trailing_zeros() as usize]
    } else {
        r ^ RAYS[d][127 - b.leading_zeros() as usize]
    }
}

#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN_LINE.0[a.index()][b.index()])
}

#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN_LINE.1[a.index()][b.index()])
}

/// Whether a, b and c lie on one line (rank, file or diagonal).
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

#[inline]
pub fn pawn_attacks(c: Color, sq: Square) -> Bitboard {
    Bitboard(STEPS[c.index()][1][sq.index()])
}
#[inline]
pub fn knight_attacks(c: Color, sq: Square) -> Bitboard {
    Bitboard(STEPS[c.index()][3][sq.index()])
}
#[inline]
pub fn silver_attacks(c: Color, sq: Square) -> Bitboard {
    Bitboard(STEPS[c.index()][4][sq.index()])
}
#[inline]
pub fn gold_attacks(c: Color, sq: Square) -> Bitboard {
    Bitboard(STEPS[c.index()][7][sq.index()])
}
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(STEPS[0][8][sq.index()])
}

#[inline]
pub fn lance_attacks(c: Color, sq: Square, occ: Bitboard) -> Bitboard {
    match c {
        Color::Black => Bitboard(ray(N, sq, occ)),
        Color::White => Bitboard(ray(S, sq, occ)),
    }
}

/// The lance's whole file ahead of it, ignoring blockers.
#[inline]
pub fn lance_pseudo(c: Color, sq: Square) -> Bitboard {
    match c {
        Color::Black => Bitboard(RAYS[N][sq.index()]),
        Color::White => Bitboard(RAYS[S][sq.index()]),
    }
}

#[inline]
pub fn bishop_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    Bitboard(ray(NE, sq, occ) | ray(NW, sq, occ) | ray(SE, sq, occ) | ray(SW, sq, occ))
}

#[inline]
pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    Bitboard(ray(N, sq, occ) | ray(S, sq, occ) | ray(E, sq, occ) | ray(W, sq, occ))
}

#[inline]
pub fn bishop_pseudo(sq: Square) -> Bitboard {
    Bitboard(PSEUDO[1][sq.index()])
}

#[inline]
pub fn rook_pseudo(sq: Square) -> Bitboard {
    Bitboard(PSEUDO[0][sq.index()])
}

/// Attacks of a piece of `kind` and colour `c` standing on `sq`, with `occ` occupied.
#[inline]
pub fn attacks(c: Color, kind: PieceKind, sq: Square, occ: Bitboard) -> Bitboard {
    match kind {
        PieceKind::Pawn => pawn_attacks(c, sq),
        PieceKind::Lance => lance_attacks(c, sq, occ),
        PieceKind::Knight => knight_attacks(c, sq),
        PieceKind::Silver => silver_attacks(c, sq),
        PieceKind::Bishop => bishop_attacks(sq, occ),
        PieceKind::Rook => rook_attacks(sq, occ),
        PieceKind::King => king_attacks(sq),
        PieceKind::Horse => bishop_attacks(sq, occ) | king_attacks(sq),
        PieceKind::Dragon => rook_attacks(sq, occ) | king_attacks(sq),
        _ => gold_attacks(c, sq),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(f: u8, r: u8) -> Square {
        Square::new(f, r).unwrap()
    }

    #[test]
    fn rook_on_empty_board_sees_16_squares() {
        assert_eq!(rook_attacks(sq(5, 5), Bitboard::EMPTY).count(), 16);
        assert_eq!(bishop_attacks(sq(5, 5), Bitboard::EMPTY).count(), 16);
        assert_eq!(bishop_attacks(sq(1, 1), Bitboard::EMPTY).count(), 8);
    }

    #[test]
    fn blockers_stop_rays() {
        let occ = Bitboard::from_square(sq(5, 3)) | Bitboard::from_square(sq(3, 5));
        let a = rook_attacks(sq(5, 5), occ);
        assert!(a.contains(sq(5, 3)));
        assert!(!a.contains(sq(5, 2)));
        assert!(a.contains(sq(3, 5)));
        assert!(!a.contains(sq(2, 5)));
        assert!(a.contains(sq(9, 5)));
        assert_eq!(a.count(), 2 + 4 + 2 + 4);
    }

    #[test]
    fn knight_and_gold_steps() {
        let n = knight_attacks(Color::Black, sq(2, 3));
        assert_eq!(n, Bitboard::from_square(sq(1, 1)) | Bitboard::from_square(sq(3, 1)));
        assert_eq!(gold_attacks(Color::White, sq(5, 5)).count(), 6);
        assert!(gold_attacks(Color::White, sq(5, 5)).contains(sq(5, 6)));
        assert!(!gold_attacks(Color::White, sq(5, 5)).contains(sq(4, 4)));
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(sq(1, 1), sq(5, 5)).count(), 3);
        assert_eq!(between(sq(1, 1), sq(2, 3)).count(), 0);
        assert_eq!(line(sq(1, 1), sq(3, 3)).count(), 9);
        assert!(aligned(sq(5, 1), sq(5, 9), sq(5, 4)));
        assert!(!aligned(sq(5, 1), sq(5, 9), sq(4, 4)));
    }
}

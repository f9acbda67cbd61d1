//! Basic shogi vocabulary: colours, piece kinds, pieces, squares, moves and hands.
//!
//! Encodings are chosen so that the hot paths (move generation, make/unmake) need only
//! shifts and table lookups:
//! - a [`Square`] is `(file - 1) * 9 + (rank - 1)`, so file 1 holds squares 0..9 and a file is
//!   nine consecutive bits of a bitboard (lance and rook file attacks are one bit-scan);
//! - a [`PieceKind`] promotes by adding 8 (`Pawn` 1 → `ProPawn` 9 ... `Rook` 6 → `Dragon` 14);
//! - a [`Piece`] is the kind plus 16 for gote, 0 for an empty square;
//! - a [`Move`] fits in 16 bits: destination, source (or 81 + kind for a drop), promotion flag.

use std::fmt;

/// The side: sente (black, moves first in an even game) or gote (white).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    #[inline]
    pub const fn flip(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.flip()
    }
}

/// A piece kind without colour. Promoted kinds are the base kind plus 8.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceKind {
    Pawn = 1,
    Lance = 2,
    Knight = 3,
    Silver = 4,
    Bishop = 5,
    Rook = 6,
    Gold = 7,
    King = 8,
    ProPawn = 9,
    ProLance = 10,
    ProKnight = 11,
    ProSilver = 12,
    Horse = 13,
    Dragon = 14,
}

impl PieceKind {
    /// Every kind, in encoding order.
    pub const ALL: [PieceKind; 14] = [
        PieceKind::Pawn,
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Gold,
        PieceKind::King,
        PieceKind::ProPawn,
        PieceKind::ProLance,
        PieceKind::ProKnight,
        PieceKind::ProSilver,
        PieceKind::Horse,
        PieceKind::Dragon,
    ];

    /// The kinds that can be held in hand, in SFEN/USI order (R B G S N L P reversed for
    /// iteration convenience is *not* used here: this is encoding order).
    pub const HAND: [PieceKind; 7] = [
        PieceKind::Pawn,
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Gold,
    ];

    /// Hand kinds in the order SFEN writes them: R B G S N L P.
    pub const HAND_SFEN_ORDER: [PieceKind; 7] = [
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Gold,
        PieceKind::Silver,
        PieceKind::Knight,
        PieceKind::Lance,
        PieceKind::Pawn,
    ];

    #[inline]
    pub const fn from_u8(v: u8) -> Option<PieceKind> {
        if v >= 1 && v <= 14 {
            // SAFETY: repr(u8) with contiguous discriminants 1..=14.
            Some(unsafe { std::mem::transmute::<u8, PieceKind>(v) })
        } else {
            None
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether this kind can promote (pawn, lance, knight, silver, bishop, rook).
    #[inline]
    pub const fn can_promote(self) -> bool {
        (self as u8) <= 6
    }

    #[inline]
    pub const fn is_promoted(self) -> bool {
        (self as u8) >= 9
    }

    /// The promoted form; `self` if it cannot promote.
    #[inline]
    pub const fn promote(self) -> PieceKind {
        if self.can_promote() {
            match PieceKind::from_u8(self as u8 + 8) {
                Some(k) => k,
                None => self,
            }
        } else {
            self
        }
    }

    /// The unpromoted form (what a captured piece becomes in hand).
    #[inline]
    pub const fn unpromote(self) -> PieceKind {
        if self.is_promoted() {
            match PieceKind::from_u8(self as u8 - 8) {
                Some(k) => k,
                None => self,
            }
        } else {
            self
        }
    }

    /// Moves like a gold (gold and the four small promoted pieces).
    #[inline]
    pub const fn is_gold_like(self) -> bool {
        matches!(
            self,
            PieceKind::Gold
                | PieceKind::ProPawn
                | PieceKind::ProLance
                | PieceKind::ProKnight
                | PieceKind::ProSilver
        )
    }

    /// The USI/SFEN letter (uppercase, without the `+` of promoted kinds).
    pub const fn usi_letter(self) -> char {
        match self.unpromote() {
            PieceKind::Pawn => 'P',
            PieceKind::Lance => 'L',
            PieceKind::Knight => 'N',
            PieceKind::Silver => 'S',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            PieceKind::Gold => 'G',
            _ => 'K',
        }
    }

    /// Parses an uppercase USI letter into an unpromoted kind.
    pub const fn from_usi_letter(c: char) -> Option<PieceKind> {
        match c {
            'P' => Some(PieceKind::Pawn),
            'L' => Some(PieceKind::Lance),
            'N' => Some(PieceKind::Knight),
            'S' => Some(PieceKind::Silver),
            'B' => Some(PieceKind::Bishop),
            'R' => Some(PieceKind::Rook),
            'G' => Some(PieceKind::Gold),
            'K' => Some(PieceKind::King),
            _ => None,
        }
    }

    /// Index 0..7 into a hand (pawn 0 ... gold 6). Only valid for hand kinds.
    #[inline]
    pub const fn hand_index(self) -> usize {
        self as usize - 1
    }

    /// Most pieces of this (unpromoted) kind in one set: 18 pawns, 4 of the small pieces, 2 rooks...
    pub const fn max_count(self) -> u8 {
        match self.unpromote() {
            PieceKind::Pawn => 18,
            PieceKind::Lance | PieceKind::Knight | PieceKind::Silver | PieceKind::Gold => 4,
            PieceKind::Bishop | PieceKind::Rook | PieceKind::King => 2,
            _ => 0,
        }
    }
}

/// A coloured piece, or empty. Encoded as kind + 16 × colour; 0 is empty.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Piece(u8);

impl Piece {
    pub const EMPTY: Piece = Piece(0);

    #[inline]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece(kind as u8 + 16 * color as u8)
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The encoding (kind + 16 × colour, 0 for empty): an index into per-piece tables.
    #[inline]
    pub const fn code(self) -> u8 {
        self.0
    }

    #[inline]
    pub const fn kind(self) -> Option<PieceKind> {
        PieceKind::from_u8(self.0 & 15)
    }

    /// The kind of a non-empty piece. Panics in debug builds on an empty square.
    #[inline]
    pub fn kind_unchecked(self) -> PieceKind {
        debug_assert!(!self.is_empty());
        // a table lookup instead of a range check: this is on every hot path
        use PieceKind::*;
        const KIND: [PieceKind; 16] = [
            Pawn, Pawn, Lance, Knight, Silver, Bishop, Rook, Gold, King, ProPawn, ProLance, ProKnight,
            ProSilver, Horse, Dragon, Pawn,
        ];
        KIND[(self.0 & 15) as usize]
    }

    #[inline]
    pub const fn color(self) -> Color {
        if self.0 & 16 != 0 { Color::White } else { Color::Black }
    }

    /// SFEN text: `P`, `+p`, ...
    pub fn sfen(self) -> String {
        match self.kind() {
            None => String::new(),
            Some(k) => {
                let mut s = String::new();
                if k.is_promoted() {
                    s.push('+');
                }
                let c = k.usi_letter();
                s.push(if self.color() == Color::White { c.to_ascii_lowercase() } else { c });
                s
            }
        }
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() { write!(f, ".") } else { write!(f, "{}", self.sfen()) }
    }
}

/// A square, `(file - 1) * 9 + (rank - 1)`; 0..81 (build one with `new` or `from_index`, read it
/// with `index`, `file` and `rank`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub const NUM: usize = 81;

    /// Builds a square from file 1..=9 and rank 1..=9 (returns `None` outside the board).
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file >= 1 && file <= 9 && rank >= 1 && rank <= 9 {
            Some(Square((file - 1) * 9 + (rank - 1)))
        } else {
            None
        }
    }

    /// The square with index `i` (0..81), or `None`.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < Square::NUM { Some(Square(i as u8)) } else { None }
    }

    /// The square with index `i`, which must be below 81 (checked in debug builds): for the
    /// move generator's bit-scans, where the index comes from a bitboard of board squares.
    #[inline]
    pub(crate) const fn from_index_unchecked(i: usize) -> Square {
        debug_assert!(i < Square::NUM);
        Square(i as u8)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 1..=9 (right to left as sente sees the board).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 / 9 + 1
    }

    /// Rank 1..=9 (top to bottom as sente sees the board).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 % 9 + 1
    }

    /// Rank as seen by `color`: 1 is that side's far rank.
    #[inline]
    pub const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::Black => self.rank(),
            Color::White => 10 - self.rank(),
        }
    }

    /// In `color`'s promotion zone (the three far ranks).
    #[inline]
    pub const fn in_zone(self, color: Color) -> bool {
        self.relative_rank(color) <= 3
    }

    /// The square seen from the other side (180° rotation).
    #[inline]
    pub const fn flip(self) -> Square {
        Square(80 - self.0)
    }

    /// Iterates over all 81 squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..81u8).map(Square)
    }

    /// USI text such as `7f`.
    pub fn usi(self) -> String {
        format!("{}{}", self.file(), (b'a' + self.rank() - 1) as char)
    }

    pub fn from_usi(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let f = b[0].wrapping_sub(b'0');
        let r = b[1].wrapping_sub(b'a').wrapping_add(1);
        Square::new(f, r)
    }
}

/// Index 81, one past the board: where a missing king "stands" (a position without a king of a
/// side, as composed problems have). Never a square of a move.
pub(crate) const NO_SQUARE: Square = Square(81);

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.usi())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.usi())
    }
}

/// A move in 16 bits (`from_bits` / `bits`): bits 0..7 destination, bits 7..14 source square
/// (81 + kind for a drop), bit 14 promotion. `Move::NONE` (0) is "no move" (a1→a1 cannot be a
/// real move).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

impl Move {
    pub const NONE: Move = Move(0);
    const PROMOTE: u16 = 1 << 14;

    /// The move whose 16-bit encoding is `bits` (as `bits()` gives it; a transposition table or a
    /// book stores moves this way). Not checked: a table entry may hold any bits, and legality is
    /// the position's question (`Position::is_legal`).
    #[inline]
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }

    /// The 16-bit encoding of the move.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    #[inline]
    pub const fn board(from: Square, to: Square, promote: bool) -> Move {
        Move(to.0 as u16 | (from.0 as u16) << 7 | if promote { Self::PROMOTE } else { 0 })
    }

    #[inline]
    pub const fn drop(kind: PieceKind, to: Square) -> Move {
        Move(to.0 as u16 | (80 + kind as u16) << 7)
    }

    #[inline]
    pub const fn to(self) -> Square {
        Square((self.0 & 0x7f) as u8)
    }

    #[inline]
    const fn source_raw(self) -> u8 {
        ((self.0 >> 7) & 0x7f) as u8
    }

    #[inline]
    pub const fn is_drop(self) -> bool {
        self.source_raw() >= 81
    }

    /// Source square of a board move (meaningless for a drop).
    #[inline]
    pub const fn from(self) -> Square {
        Square(self.source_raw())
    }

    /// The dropped kind, for a drop.
    #[inline]
    pub fn drop_kind(self) -> Option<PieceKind> {
        if self.is_drop() { PieceKind::from_u8(self.source_raw() - 80) } else { None }
    }

    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.0 & Self::PROMOTE != 0
    }

    #[inline]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }

    /// USI text: `7g7f`, `8h2b+`, `P*5e`.
    pub fn usi(self) -> String {
        if self.is_none() {
            return "none".to_string();
        }
        if let Some(k) = self.drop_kind() {
            format!("{}*{}", k.usi_letter(), self.to().usi())
        } else {
            format!("{}{}{}", self.from().usi(), self.to().usi(), if self.is_promotion() { "+" } else { "" })
        }
    }

    /// Parses USI move text without checking it against a position (see
    /// `Position::parse_usi_move` for that).
    pub fn from_usi(s: &str) -> Option<Move> {
        let b = s.as_bytes();
        if b.len() == 4 && b[1] == b'*' {
            let kind = PieceKind::from_usi_letter(b[0] as char)?;
            if kind == PieceKind::King {
                return None;
            }
            let to = Square::from_usi(&s[2..4])?;
            return Some(Move::drop(kind, to));
        }
        if (b.len() == 4 || (b.len() == 5 && b[4] == b'+')) && s.is_ascii() {
            let from = Square::from_usi(&s[0..2])?;
            let to = Square::from_usi(&s[2..4])?;
            if from == to {
                return None;
            }
            return Some(Move::board(from, to, b.len() == 5));
        }
        None
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.usi())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.usi())
    }
}

/// Pieces in hand of one side: a count per hand kind (pawn .. gold).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct Hand([u8; 7]);

impl Hand {
    /// A hand from its counts, indexed by `PieceKind::hand_index` (pawn .. gold). Not checked
    /// against a set's worth: the mate solver uses hands as bounds, `u8::MAX` meaning any number.
    #[inline]
    pub const fn from_counts(counts: [u8; 7]) -> Hand {
        Hand(counts)
    }

    /// The counts, indexed by `PieceKind::hand_index` (pawn .. gold).
    #[inline]
    pub const fn counts(&self) -> [u8; 7] {
        self.0
    }

    #[inline]
    pub fn set_count(&mut self, kind: PieceKind, n: u8) {
        self.0[kind.hand_index()] = n;
    }

    /// Kind by kind, `f` of this hand's count and `other`'s.
    #[inline]
    pub fn zip_with(&self, other: &Hand, f: impl Fn(u8, u8) -> u8) -> Hand {
        Hand(std::array::from_fn(|i| f(self.0[i], other.0[i])))
    }
    #[inline]
    pub fn count(&self, kind: PieceKind) -> u8 {
        self.0[kind.hand_index()]
    }

    #[inline]
    pub fn add(&mut self, kind: PieceKind) {
        self.0[kind.hand_index()] += 1;
    }

    #[inline]
    pub fn remove(&mut self, kind: PieceKind) {
        self.0[kind.hand_index()] -= 1;
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&c| c == 0)
    }

    /// Total number of pieces held.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| c as u32).sum()
    }

    /// (kind, count) for every kind held, in SFEN order R B G S N L P.
    pub fn iter(&self) -> impl Iterator<Item = (PieceKind, u8)> + '_ {
        PieceKind::HAND_SFEN_ORDER.iter().map(|&k| (k, self.count(k))).filter(|&(_, n)| n > 0)
    }
}

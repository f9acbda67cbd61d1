//! King-piece tables (KP, after Bonanza's KP part), learned from self-play: for each king and
//! every other piece on the board or in hand, a number that depends on the king's square, the
//! piece's kind, whose it is and where it stands. The evaluation adds them to the hand-set and
//! fitted terms; `shogiban tune kp` learns them (decision 0027).
//!
//! Each king sees the board from its owner's side (gote's king through the 180° turn) and, when
//! it stands on files 6–9, mirrored left to right, so one table serves both colours and both
//! wings (shogi's rules are symmetric under both): 45 king squares. For each, the features are
//! - a piece on the board: friend or enemy × 14 kinds (the enemy king included, its own king
//!   not) × 81 squares;
//! - pieces in hand: friend or enemy × one feature per piece held of each kind (the first pawn,
//!   the second pawn, ...: 18 + 4 + 4 + 4 + 4 + 2 + 2 = 38), summed up to the count held.
//!
//! The weights ship as `assets/kp.bin` (little-endian: magic `SBKP`, a `u32` format version, a
//! `u32` count, then that many `i16` centipawns), read once at first use.

use crate::core::{Color, PieceKind, Position, Square};
use std::sync::OnceLock;

/// King squares after the mirror (files 1..=5).
pub const KINGS: usize = 45;
/// Board features of one king: friend / enemy × kind 1..=14 × square.
pub const BOARD: usize = 2 * 14 * 81;
/// Hand features of one side: one per piece held, by kind.
pub const HAND_SIDE: usize = 38;
/// Features of one king.
pub const FEATURES: usize = BOARD + 2 * HAND_SIDE;
/// Weights in all.
pub const LEN: usize = KINGS * FEATURES;

/// The file's magic and format version.
pub const MAGIC: &[u8; 4] = b"SBKP";
pub const VERSION: u32 = 1;

/// The shipped weights.
static SHIPPED: &[u8] = include_bytes!("../../../assets/kp.bin");

/// Where the hand features of each kind start within a side's 38 (by `PieceKind as usize`).
const HAND_START: [usize; 8] = [0, 0, 18, 22, 26, 34, 36, 30];
/// The most of each kind a hand can hold (by `PieceKind as usize`).
pub(crate) const HAND_MAX: [usize; 8] = [0, 18, 4, 4, 4, 2, 2, 4];

/// Why a weights file was refused.
#[derive(Debug, PartialEq, thiserror::Error)]
pub enum KpError {
    #[error("not a KP weights file (no SBKP header)")]
    Magic,
    #[error("KP weights format {0}, this program reads {VERSION}")]
    Version(u32),
    #[error("KP weights: {found} numbers, {LEN} expected")]
    Length { found: usize },
}

/// Reads a weights file.
pub fn parse(bytes: &[u8]) -> Result<Vec<i16>, KpError> {
    let (version, n, body) = header(bytes, MAGIC).ok_or(KpError::Magic)?;
    if version != VERSION {
        return Err(KpError::Version(version));
    }
    let n = n as usize;
    if n != LEN || body.len() != 2 * n {
        return Err(KpError::Length { found: body.len() / 2 });
    }
    Ok(body.chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect())
}

/// Writes weights in the file format.
pub fn to_bytes(w: &[i16]) -> Vec<u8> {
    let mut out = Vec::with_capacity(12 + 2 * w.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(w.len() as u32).to_le_bytes());
    for v in w {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out
}

/// The FNV-1a hash of the shipped file: a test fails when the file changes without this (and
/// decision 0027) being brought up to date.
pub const SHIPPED_HASH: u64 = 0x6bf8_2409_0047_019a;

/// A 64-bit FNV-1a hash of the shipped file (checked by a test against the recorded value).
pub fn shipped_hash() -> u64 {
    SHIPPED.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

/// The tables the evaluation reads, laid out for lookups.
pub struct KpTables {
    /// Whether any weight is non-zero (the evaluation skips the lookups otherwise).
    pub used: bool,
    /// `[king index × FEATURES + board feature]`.
    board: Vec<i16>,
    /// `[king index][friend / enemy][kind][count]`: the sum of the first `count` hand features.
    hand: Vec<[[[i32; 19]; 8]; 2]>,
    orientation: Orientation,
}

/// How each king sees the board: its index among the `KINGS` squares and each square as it
/// sees it (its owner's side, mirrored to files 1–5), shared by the tables and the network.
pub(crate) struct Orientation {
    /// `[colour][king square]`: the king's index and whether the board is mirrored for it.
    king: [[(u16, bool); 81]; 2],
    /// `[colour][mirrored][square]`: the square as that king sees it.
    view: [[[u8; 81]; 2]; 2],
}

impl Orientation {
    pub(crate) fn new() -> Orientation {
        let mut king = [[(0u16, false); 81]; 2];
        let mut view = [[[0u8; 81]; 2]; 2];
        for c in Color::ALL {
            for sq in Square::all() {
                let own = if c == Color::Black { sq } else { sq.flip() };
                let mirror = own.file() > 5;
                king[c.index()][sq.index()] = (orient(c, sq, mirror) as u16, mirror);
                for m in [false, true] {
                    view[c.index()][m as usize][sq.index()] = orient(c, sq, m) as u8;
                }
            }
        }
        Orientation { king, view }
    }

    /// The index of the king of colour index `ki` on `k`.
    #[inline(always)]
    pub(crate) fn king(&self, ki: usize, k: Square) -> usize {
        self.king[ki][k.index()].0 as usize
    }

    /// The row of piece code `p` on `sq` seen from the king of colour index `ki` on `k` among
    /// the `LEN` rows of every king (`None` for the king itself).
    #[inline(always)]
    pub(crate) fn index(&self, ki: usize, k: Square, p: usize, sq: Square) -> Option<usize> {
        self.feature(ki, k, p, sq).map(|(kidx, f)| kidx * FEATURES + f)
    }

    /// The board feature of piece code `p` on `sq` seen from the king of colour index `ki` on
    /// `k`, with the king's index (`None` for the king itself).
    #[inline(always)]
    pub(crate) fn feature(&self, ki: usize, k: Square, p: usize, sq: Square) -> Option<(usize, usize)> {
        let ci = p >> 4;
        let kind = p & 15;
        if ci == ki && kind == PieceKind::King as usize {
            return None;
        }
        let (kidx, mirror) = self.king[ki][k.index()];
        let s = self.view[ki][mirror as usize][sq.index()] as usize;
        Some((kidx as usize, ((ci != ki) as usize * 14 + kind - 1) * 81 + s))
    }
}

/// The header of a weights file: its format version, the word after it and the rest, or `None`
/// without the magic.
pub(crate) fn header<'a>(bytes: &'a [u8], magic: &[u8; 4]) -> Option<(u32, u32, &'a [u8])> {
    if bytes.len() < 12 || &bytes[..4] != magic {
        return None;
    }
    let word = |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    Some((word(4), word(8), &bytes[12..]))
}

/// The king index and mirror flag of a king of `c` on `k`, and each square's view.
pub(crate) fn orient(c: Color, sq: Square, mirror: bool) -> usize {
    let own = if c == Color::Black { sq } else { sq.flip() };
    let file = if mirror { 10 - own.file() } else { own.file() };
    (file as usize - 1) * 9 + own.rank() as usize - 1
}

/// Feature index of a hand piece: the `n`-th (1-based) piece of `kind` held by the friend
/// (`enemy` false) or the enemy of the king.
#[inline]
pub fn hand_feature(enemy: bool, kind: PieceKind, n: usize) -> usize {
    BOARD + enemy as usize * HAND_SIDE + HAND_START[kind as usize] + n - 1
}

impl KpTables {
    /// Lays out `w` (`LEN` weights) for lookups.
    pub fn new(w: &[i16]) -> KpTables {
        assert_eq!(w.len(), LEN);
        let mut board = vec![0i16; KINGS * FEATURES];
        board.copy_from_slice(w);
        let mut hand = vec![[[[0i32; 19]; 8]; 2]; KINGS];
        for (ki, h) in hand.iter_mut().enumerate() {
            for enemy in [false, true] {
                for kind in PieceKind::HAND {
                    let mut sum = 0;
                    for n in 1..=HAND_MAX[kind as usize] {
                        sum += w[ki * FEATURES + hand_feature(enemy, kind, n)] as i32;
                        h[enemy as usize][kind as usize][n] = sum;
                    }
                }
            }
        }
        KpTables { used: w.iter().any(|&x| x != 0), board, hand, orientation: Orientation::new() }
    }

    /// The term of piece code `p` on `sq` measured from the king of colour index `ki` on `k`,
    /// from that king's owner's side (0 for the king itself).
    #[inline(always)]
    pub fn piece(&self, ki: usize, k: Square, p: usize, sq: Square) -> i32 {
        match self.orientation.feature(ki, k, p, sq) {
            Some((kidx, f)) => self.board[kidx * FEATURES + f] as i32,
            None => 0,
        }
    }

    /// The weight of row `i` (an `Orientation::index`), from the king owner's side.
    #[inline(always)]
    pub(crate) fn at(&self, i: usize) -> i32 {
        self.board[i] as i32
    }

    /// How the kings see the board (the network's rows are laid out the same way).
    pub(crate) fn orientation(&self) -> &Orientation {
        &self.orientation
    }

    /// The hand terms of both hands measured from the king of colour `c` on `k`, from its
    /// owner's side.
    #[inline]
    pub fn hands(&self, pos: &Position, c: Color, k: Square) -> i32 {
        let h = &self.hand[self.orientation.king(c.index(), k)];
        let mut v = 0;
        for (enemy, side) in [(0, c), (1, c.flip())] {
            let hand = pos.hand(side);
            for kind in PieceKind::HAND {
                v += h[enemy][kind as usize][hand.count(kind) as usize];
            }
        }
        v
    }
}

/// The feature list of `pos` (index within `LEN`, sign: +1 counts for the side to move, −1
/// against): what the trainer fits and what `KpTables` adds up.
pub fn features(pos: &Position) -> Vec<(u32, i8)> {
    let mut out = Vec::with_capacity(160);
    let us = pos.side_to_move();
    for c in Color::ALL {
        let Some(k) = pos.king_square(c) else { continue };
        let own = if c == Color::Black { k } else { k.flip() };
        let mirror = own.file() > 5;
        let base = orient(c, k, mirror) * FEATURES;
        let sign = if c == us { 1 } else { -1 };
        for sq in pos.occupied() {
            let piece = pos.piece_at(sq);
            let (pc, kind) = (piece.color(), piece.kind_unchecked());
            if pc == c && kind == PieceKind::King {
                continue;
            }
            let f = ((pc != c) as usize * 14 + kind as usize - 1) * 81 + orient(c, sq, mirror);
            out.push(((base + f) as u32, sign));
        }
        for (enemy, side) in [(false, c), (true, c.flip())] {
            for kind in PieceKind::HAND {
                for n in 1..=pos.hand(side).count(kind) as usize {
                    out.push(((base + hand_feature(enemy, kind, n)) as u32, sign));
                }
            }
        }
    }
    out
}

/// The shipped weights.
pub fn shipped_weights() -> Vec<i16> {
    parse(SHIPPED).expect("the shipped KP weights are well-formed")
}

/// The tables the evaluation reads: the shipped ones. With the `dev-tools` feature, the file
/// named by `SHOGIBAN_KP_FILE` instead, to match candidate tables without a rebuild.
pub fn shipped() -> &'static KpTables {
    static T: OnceLock<KpTables> = OnceLock::new();
    T.get_or_init(|| {
        #[cfg(feature = "dev-tools")]
        if let Some(path) = std::env::var_os("SHOGIBAN_KP_FILE") {
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("SHOGIBAN_KP_FILE {path:?}: {e}"));
            let w = parse(&bytes).unwrap_or_else(|e| panic!("SHOGIBAN_KP_FILE {path:?}: {e}"));
            return KpTables::new(&w);
        }
        KpTables::new(&shipped_weights())
    })
}

/// The KP part of the evaluation of `pos` from scratch, for the side to move.
pub fn evaluate(pos: &Position, t: &KpTables) -> i32 {
    let mut sente = 0;
    for c in Color::ALL {
        let Some(k) = pos.king_square(c) else { continue };
        let mut v = t.hands(pos, c, k);
        for sq in pos.occupied() {
            v += t.piece(c.index(), k, pos.piece_at(sq).code() as usize, sq);
        }
        sente += if c == Color::Black { v } else { -v };
    }
    if pos.side_to_move() == Color::Black { sente } else { -sente }
}

#[cfg(test)]
mod tests {
    use super::*;

    const POSITIONS: [&str; 4] = [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
        "ln3gsn1/7kl/3+B1p1p1/p4s2p/2P6/P2B3PP/1PNP+rPP2/2G3SK1/L4G1NL b G3Prs3p 65",
        "ln2rg1nl/1s1g1skb1/p1lp1p2p/4p1P2/2S2P1p1/1R6P/P1PPBS1P1/6G2/+nNG4KL w 3P2p 58",
    ];

    /// Weights drawn at random: the lookups, the feature list and the file format agree.
    fn random_weights() -> Vec<i16> {
        let mut rng = crate::engine::rng::Rng::new(7);
        (0..LEN).map(|_| rng.below(201) as i16 - 100).collect()
    }

    #[test]
    fn features_agree_with_the_tables() {
        let w = random_weights();
        let t = KpTables::new(&w);
        for sfen in POSITIONS {
            let pos = Position::from_sfen(sfen).unwrap();
            let by_features: i32 = features(&pos).iter().map(|&(i, s)| s as i32 * w[i as usize] as i32).sum();
            assert_eq!(by_features, evaluate(&pos, &t), "{sfen}");
        }
    }

    /// A position and its mirror image (every rank reversed)
    /// the same KP value for the side to move.
    #[test]
    fn symmetric_under_the_mirror() {
        let t = KpTables::new(&random_weights());
        for sfen in POSITIONS {
            let pos = Position::from_sfen(sfen).unwrap();
            let mirrored = Position::from_sfen(&mirror_sfen(sfen)).unwrap();
            assert_eq!(evaluate(&pos, &t), evaluate(&mirrored, &t), "{sfen}");
        }
    }

    /// The SFEN of the left-right mirror image (each rank reversed).
    fn mirror_sfen(sfen: &str) -> String {
        let mut parts: Vec<String> = sfen.split(' ').map(str::to_string).collect();
        parts[0] = parts[0]
            .split('/')
            .map(|rank| {
                let mut cells: Vec<String> = Vec::new();
                let mut chars = rank.chars().peekable();
                while let Some(ch) = chars.next() {
                    if ch == '+' {
                        cells.push(format!("+{}", chars.next().unwrap()));
                    } else if let Some(d) = ch.to_digit(10) {
                        cells.extend((0..d).map(|_| String::new()));
                    } else {
                        cells.push(ch.to_string());
                    }
                }
                cells.reverse();
                // runs of empty cells back to digits
                let mut out = String::new();
                let mut empty = 0;
                for cell in cells {
                    if cell.is_empty() {
                        empty += 1;
                    } else {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push_str(&cell);
                    }
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                }
                out
            })
            .collect::<Vec<_>>()
            .join("/");
        parts.join(" ")
    }

    #[test]
    fn the_shipped_weights_are_the_recorded_ones() {
        assert_eq!(shipped_hash(), SHIPPED_HASH, "assets/kp.bin changed: record its hash in SHIPPED_HASH");
    }

    #[test]
    fn the_file_format_round_trips_and_refuses_damage() {
        let w = random_weights();
        let bytes = to_bytes(&w);
        assert_eq!(parse(&bytes).unwrap(), w);
        assert_eq!(parse(&bytes[..bytes.len() - 2]), Err(KpError::Length { found: LEN - 1 }));
        assert_eq!(parse(b"NOPE"), Err(KpError::Magic));
        let mut v2 = bytes.clone();
        v2[4] = 2;
        assert_eq!(parse(&v2), Err(KpError::Version(2)));
        assert!(parse(SHIPPED).is_ok());
    }
}

//! The king-piece network: a small learned layer on top of the king-piece tables (`kp`) that
//! lets pieces around a king count together rather than each on its own (three attackers near
//! a king are worth more than three times one), as Bonanza's three-piece terms and NNUE's first
//! layer do, learned from self-play (decision 0039).
//!
//! Each king sees the board through the same features as `kp` (its owner's side, mirrored to
//! files 1–5; friend and enemy pieces on the board and in hand). For each king the network sums
//! `H` numbers per feature into an accumulator `a` (plus a bias), clips each to `0..=1` and
//! weighs the clipped values by `out`: the king's owner's score in centipawns. Sente's king's
//! score less gote's is the term. The board part of each accumulator is updated move by move in
//! the evaluation's `Accumulator`; hands are added when evaluating.
//!
//! The weights ship as `assets/net.bin` (little-endian: magic `SBKN`, a `u32` format version, a
//! `u32` width `H`, then `KINGS × FEATURES × H` `i16` feature weights, `H` `i16` biases, both in
//! units of 1/`ONE`, and `H` `i32` output weights in 1/`OUT_SCALE` centipawns). A file of width 0
//! is the network switched off.

use super::kp::{self, FEATURES, KINGS, Orientation};
use crate::core::{Color, PieceKind, Position, Square};
use std::sync::OnceLock;

/// The accumulator's width.
pub const H: usize = 16;
/// The accumulator value that clips to 1.
pub const ONE: i32 = 256;
/// Output weights are stored in 1/`OUT_SCALE` centipawns.
pub const OUT_SCALE: i32 = 16;
/// The largest feature weight (in size) a file may hold: 39 rows of it and the largest bias
/// still fit an `i16`.
pub const MAX_WEIGHT: i16 = 800;
/// The largest bias (in size) a file may hold.
pub const MAX_BIAS: i16 = 1500;
/// The largest output weight (in size) a file may hold: `H` clipped values of `ONE` weighed by
/// it still sum within an `i32`.
pub const MAX_OUT: i32 = 500_000;

pub const MAGIC: &[u8; 4] = b"SBKN";
pub const VERSION: u32 = 1;

/// The shipped weights.
static SHIPPED: &[u8] = include_bytes!("../../../assets/net.bin");

/// The FNV-1a hash of the shipped file (a test checks it; decision 0039 records it).
pub const SHIPPED_HASH: u64 = 0x45d7_9abd_182d_2118;

/// Why a weights file was refused.
#[derive(Debug, PartialEq, thiserror::Error)]
pub enum NetError {
    #[error("not a network weights file (no SBKN header)")]
    Magic,
    #[error("network weights format {0}, this program reads {VERSION}")]
    Version(u32),
    #[error("network width {0}, this program reads {H} (or 0 for none)")]
    Width(usize),
    #[error("network weights: {found} bytes after the header, {expected} expected")]
    Length { found: usize, expected: usize },
    #[error("network weights: {what} {value} is out of range (at most {max} in size)")]
    Range { what: &'static str, value: i32, max: i32 },
}

/// The weights as numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct NetWeights {
    /// `[king index × FEATURES + feature][h]`.
    pub features: Vec<[i16; H]>,
    pub bias: [i16; H],
    pub out: [i32; H],
}

/// Bytes after the header for a network of width `H`.
const BODY: usize = KINGS * FEATURES * H * 2 + H * 2 + H * 4;

/// Reads a weights file: `None` for a file of width 0.
pub fn parse(bytes: &[u8]) -> Result<Option<NetWeights>, NetError> {
    let (version, width, body) = kp::header(bytes, MAGIC).ok_or(NetError::Magic)?;
    if version != VERSION {
        return Err(NetError::Version(version));
    }
    let width = width as usize;
    if width == 0 {
        return if body.is_empty() {
            Ok(None)
        } else {
            Err(NetError::Length { found: body.len(), expected: 0 })
        };
    }
    if width != H {
        return Err(NetError::Width(width));
    }
    if body.len() != BODY {
        return Err(NetError::Length { found: body.len(), expected: BODY });
    }
    let i16_at = |i: usize| i16::from_le_bytes([body[i], body[i + 1]]);
    let n = KINGS * FEATURES;
    let features = (0..n).map(|r| std::array::from_fn(|h| i16_at((r * H + h) * 2))).collect();
    let bias = std::array::from_fn(|h| i16_at((n * H + h) * 2));
    let base = (n + 1) * H * 2;
    let out = std::array::from_fn(|h| {
        let i = base + h * 4;
        i32::from_le_bytes([body[i], body[i + 1], body[i + 2], body[i + 3]])
    });
    let w = NetWeights { features, bias, out };
    check_range(&w)?;
    Ok(Some(w))
}

/// Refuses weights too large for the 16-bit accumulators and the 32-bit output sum.
fn check_range(w: &NetWeights) -> Result<(), NetError> {
    fn first_over<T: Copy + Into<i32>>(values: impl IntoIterator<Item = T>, max: i32) -> Option<i32> {
        values.into_iter().map(Into::into).find(|v: &i32| v.unsigned_abs() > max as u32)
    }
    let limits: [(&'static str, Option<i32>, i32); 3] = [
        (
            "feature weight",
            first_over(w.features.iter().flatten().copied(), MAX_WEIGHT as i32),
            MAX_WEIGHT as i32,
        ),
        ("bias", first_over(w.bias, MAX_BIAS as i32), MAX_BIAS as i32),
        ("output weight", first_over(w.out, MAX_OUT), MAX_OUT),
    ];
    match limits.into_iter().find_map(|(what, over, max)| over.map(|value| (what, value, max))) {
        Some((what, value, max)) => Err(NetError::Range { what, value, max }),
        None => Ok(()),
    }
}

/// Writes weights in the file format (`None`: the switched-off network).
pub fn to_bytes(w: Option<&NetWeights>) -> Vec<u8> {
    let mut out = Vec::with_capacity(12 + BODY);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    let Some(w) = w else {
        out.extend_from_slice(&0u32.to_le_bytes());
        return out;
    };
    out.extend_from_slice(&(H as u32).to_le_bytes());
    for row in &w.features {
        for v in row {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
    for v in &w.bias {
        out.extend_from_slice(&v.to_le_bytes());
    }
    for v in &w.out {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out
}

/// A 64-bit FNV-1a hash of the shipped file.
pub fn shipped_hash() -> u64 {
    SHIPPED.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

/// One accumulator: a king's `H` sums (they fit: see `MAX_WEIGHT`).
pub type Acc = [i16; H];

/// The network laid out for the evaluation.
pub struct NetTables {
    /// Whether there is a network at all (width 0 switches it off).
    pub used: bool,
    /// `[king index × FEATURES + board feature]`.
    rows: Vec<[i16; H]>,
    /// `[king index][friend / enemy][kind][count]`: the sum of the first `count` hand rows.
    hand: Vec<[[[Acc; 19]; 8]; 2]>,
    bias: [i16; H],
    out: [i32; H],
    orientation: Orientation,
}

impl NetTables {
    /// Lays out `w` for the evaluation (`None`: switched off).
    pub fn new(w: Option<NetWeights>) -> NetTables {
        let orientation = Orientation::new();
        let Some(w) = w else {
            return NetTables {
                used: false,
                rows: Vec::new(),
                hand: Vec::new(),
                bias: [0; H],
                out: [0; H],
                orientation,
            };
        };
        let mut hand = vec![[[[[0i16; H]; 19]; 8]; 2]; KINGS];
        for (ki, h) in hand.iter_mut().enumerate() {
            for enemy in [false, true] {
                for kind in PieceKind::HAND {
                    let mut sum = [0i16; H];
                    let counts = &mut h[enemy as usize][kind as usize];
                    for (n, slot) in
                        counts.iter_mut().enumerate().take(kp::HAND_MAX[kind as usize] + 1).skip(1)
                    {
                        let row = &w.features[ki * FEATURES + kp::hand_feature(enemy, kind, n)];
                        add_row(&mut sum, row);
                        *slot = sum;
                    }
                }
            }
        }
        NetTables { used: true, rows: w.features, hand, bias: w.bias, out: w.out, orientation }
    }

    /// Adds (`sign` 1) or takes away (−1) row `i` (a `kp::Orientation::index`) in a board
    /// accumulator.
    #[inline(always)]
    pub fn update_at(&self, acc: &mut Acc, i: usize, sign: i32) {
        let row = &self.rows[i];
        if sign > 0 {
            add_row(acc, row);
        } else {
            sub_row(acc, row);
        }
    }

    /// The board accumulator of the king of colour `c` on `k`, from scratch.
    pub fn board(&self, pos: &Position, c: Color, k: Square) -> Acc {
        let mut acc = [0; H];
        for sq in pos.occupied() {
            if let Some(i) = self.orientation.index(c.index(), k, pos.piece_at(sq).code() as usize, sq) {
                self.update_at(&mut acc, i, 1);
            }
        }
        acc
    }

    /// The score of the king of colour `c` on `k` (its owner's side, centipawns) from its board
    /// accumulator: hands and bias added, clipped, weighed.
    #[inline]
    pub fn score(&self, pos: &Position, c: Color, k: Square, board: &Acc) -> i32 {
        let h = &self.hand[self.orientation.king(c.index(), k)];
        let mut a = *board;
        for (enemy, side) in [(0, c), (1, c.flip())] {
            let hand = pos.hand(side);
            for kind in PieceKind::HAND {
                let n = hand.count(kind) as usize;
                if n > 0 {
                    add_row(&mut a, &h[enemy][kind as usize][n]);
                }
            }
        }
        // within i32 for weights in range (`MAX_OUT`)
        let sum: i32 = (a.iter().zip(&self.bias).zip(&self.out))
            .map(|((&x, &b), &o)| (x as i32 + b as i32).clamp(0, ONE) * o)
            .sum();
        sum / (ONE * OUT_SCALE)
    }
}

/// `acc += row`, lane by lane. The lanes cannot overflow with weights in range (`MAX_WEIGHT`);
/// wrapping keeps even a transient overflow exact once the sum is back in range.
#[inline(always)]
fn add_row(acc: &mut Acc, row: &[i16; H]) {
    #[cfg(target_arch = "x86_64")]
    lanes_sse2(acc, row, std::arch::x86_64::_mm_add_epi16);
    #[cfg(not(target_arch = "x86_64"))]
    for h in 0..H {
        acc[h] = acc[h].wrapping_add(row[h]);
    }
}

/// `acc -= row`, lane by lane (see `add_row`).
#[inline(always)]
fn sub_row(acc: &mut Acc, row: &[i16; H]) {
    #[cfg(target_arch = "x86_64")]
    lanes_sse2(acc, row, std::arch::x86_64::_mm_sub_epi16);
    #[cfg(not(target_arch = "x86_64"))]
    for h in 0..H {
        acc[h] = acc[h].wrapping_sub(row[h]);
    }
}

/// `acc = op(acc, row)` eight lanes at a time. The compiler vectorises the plain loops in some
/// places of the search's move function and not in others; these updates run several times a
/// move, so they are written out.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn lanes_sse2(
    acc: &mut Acc,
    row: &[i16; H],
    op: unsafe fn(std::arch::x86_64::__m128i, std::arch::x86_64::__m128i) -> std::arch::x86_64::__m128i,
) {
    use std::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_storeu_si128};
    const LANES: usize = 8;
    let a = acc.as_mut_ptr().cast::<__m128i>();
    let r = row.as_ptr().cast::<__m128i>();
    for i in 0..H / LANES {
        // SAFETY: SSE2 is part of every x86-64 processor; `acc` and `row` hold `H` lanes each,
        // read and written unaligned in `H / LANES` blocks of 16 bytes.
        unsafe { _mm_storeu_si128(a.add(i), op(_mm_loadu_si128(a.add(i)), _mm_loadu_si128(r.add(i)))) };
    }
}

/// The network the evaluation reads: the shipped one. With the `dev-tools` feature, the file
/// named by `SHOGIBAN_NET_FILE` instead, to match candidates without a rebuild.
pub fn shipped() -> &'static NetTables {
    static T: OnceLock<NetTables> = OnceLock::new();
    T.get_or_init(|| {
        #[cfg(feature = "dev-tools")]
        if let Some(path) = std::env::var_os("SHOGIBAN_NET_FILE") {
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("SHOGIBAN_NET_FILE {path:?}: {e}"));
            let w = parse(&bytes).unwrap_or_else(|e| panic!("SHOGIBAN_NET_FILE {path:?}: {e}"));
            return NetTables::new(w);
        }
        NetTables::new(shipped_weights())
    })
}

/// The shipped weights (`None` when the shipped network is switched off).
pub fn shipped_weights() -> Option<NetWeights> {
    parse(SHIPPED).expect("the shipped network weights are well-formed")
}

/// The network's term of `pos` from scratch, for the side to move.
pub fn evaluate(pos: &Position, t: &NetTables) -> i32 {
    if !t.used {
        return 0;
    }
    let mut sente = 0;
    for c in Color::ALL {
        let Some(k) = pos.king_square(c) else { continue };
        let v = t.score(pos, c, k, &t.board(pos, c, k));
        sente += if c == Color::Black { v } else { -v };
    }
    if pos.side_to_move() == Color::Black { sente } else { -sente }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Weights drawn at random.
    pub fn random_weights(seed: u64) -> NetWeights {
        let mut rng = crate::engine::rng::Rng::new(seed);
        let mut r = |n: u64| rng.below(2 * n + 1) as i32 - n as i32;
        NetWeights {
            features: (0..KINGS * FEATURES).map(|_| std::array::from_fn(|_| r(40) as i16)).collect(),
            bias: std::array::from_fn(|_| (r(100) + 128) as i16),
            out: std::array::from_fn(|_| r(2000)),
        }
    }

    #[test]
    fn the_file_format_round_trips_and_refuses_damage() {
        let w = random_weights(3);
        let bytes = to_bytes(Some(&w));
        assert_eq!(parse(&bytes).unwrap(), Some(w));
        assert_eq!(
            parse(&bytes[..bytes.len() - 1]),
            Err(NetError::Length { found: BODY - 1, expected: BODY })
        );
        assert_eq!(parse(b"NOPE"), Err(NetError::Magic));
        let mut v2 = bytes.clone();
        v2[4] = 2;
        assert_eq!(parse(&v2), Err(NetError::Version(2)));
        let mut w3 = bytes.clone();
        w3[8] = 3;
        assert_eq!(parse(&w3), Err(NetError::Width(3)));
        assert_eq!(parse(&to_bytes(None)), Ok(None));
        assert!(parse(SHIPPED).is_ok());
    }

    /// Weights too large for the 16-bit accumulators or the 32-bit output sum are refused with
    /// what was out of range.
    #[test]
    fn weights_out_of_range_are_refused() {
        let mut w = random_weights(4);
        w.features[1234][7] = -(MAX_WEIGHT + 1);
        assert_eq!(
            parse(&to_bytes(Some(&w))),
            Err(NetError::Range { what: "feature weight", value: -801, max: 800 })
        );
        let mut w = random_weights(4);
        w.bias[3] = MAX_BIAS + 1;
        assert_eq!(parse(&to_bytes(Some(&w))), Err(NetError::Range { what: "bias", value: 1501, max: 1500 }));
        let mut w = random_weights(4);
        w.out[0] = MAX_OUT + 1;
        let err = parse(&to_bytes(Some(&w))).unwrap_err();
        assert_eq!(err, NetError::Range { what: "output weight", value: 500_001, max: 500_000 });
        assert_eq!(
            err.to_string(),
            "network weights: output weight 500001 is out of range (at most 500000 in size)"
        );
        let mut w = random_weights(4);
        w.features[0][0] = MAX_WEIGHT;
        w.bias[0] = -MAX_BIAS;
        w.out[0] = -MAX_OUT;
        assert!(parse(&to_bytes(Some(&w))).is_ok());
    }

    /// The accumulator lanes add and take away rows exactly, the largest sums included.
    #[test]
    fn rows_add_and_take_away_exactly() {
        let mut acc: Acc = [0; H];
        let big = [MAX_WEIGHT; H];
        let mixed: [i16; H] = std::array::from_fn(|h| if h % 2 == 0 { -MAX_WEIGHT } else { h as i16 * 37 });
        for _ in 0..39 {
            add_row(&mut acc, &big);
        }
        assert_eq!(acc, [39 * MAX_WEIGHT; H]);
        add_row(&mut acc, &mixed);
        sub_row(&mut acc, &big);
        let expected: [i16; H] = std::array::from_fn(|h| 38 * MAX_WEIGHT + mixed[h]);
        assert_eq!(acc, expected);
    }

    #[test]
    fn the_shipped_weights_are_the_recorded_ones() {
        assert_eq!(shipped_hash(), SHIPPED_HASH, "assets/net.bin changed: record its hash in SHIPPED_HASH");
    }

    /// Colour symmetry: a position and the same position turned 180° with colours swapped score
    /// the same for the side to move.
    #[test]
    fn the_term_is_colour_symmetric() {
        let t = NetTables::new(Some(random_weights(5)));
        for sfen in [
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
            "ln3gsn1/7kl/3+B1p1p1/p4s2p/2P6/P2B3PP/1PNP+rPP2/2G3SK1/L4G1NL b G3Prs3p 65",
        ] {
            let pos = Position::from_sfen(sfen).unwrap();
            let turned = crate::engine::eval::tests::flipped(&pos);
            assert_eq!(evaluate(&pos, &t), evaluate(&turned, &t), "{sfen}");
            assert_ne!(evaluate(&pos, &t), 0);
        }
    }
}

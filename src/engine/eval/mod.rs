//! Static evaluation (評価関数), in centipawns from the side to move's point of view.
//!
//! Terms (all numbers in `params/`):
//! - material on the board and in hand (hand pieces worth a little more), no-pawn-in-hand penalty;
//! - piece-square terms by rank (advanced pawns, lances kept back, rooks in the enemy camp, king
//!   row);
//! - castle building (駒組み): king, gold and silver tables chosen by the strategy on the board
//!   (static vs ranging rook, central rook, bishop exchange, double wing), detected once per search
//!   from the root position (re-detecting at every node would cost depth);
//! - endgame degree (終盤度) of each side: enemy pieces in its four home ranks, its own defenders
//!   there, and what the enemy holds in hand; the difference costs, and it scales:
//! - attacker / defender bonuses (攻め駒・守り駒) of golds, silvers and small promoted pieces by
//!   their distance to the enemy king and to their own king, weighted by the relevant degree;
//! - king safety: enemy attacks on the king's 3×3 zone (from core's attack tables) and drop
//!   threats from the enemy hand, minus the king's defenders, penalised quadratically.
//!
//! The root-specific part (material + rank terms + castle tables) is folded into one table per
//! piece and square, so the per-node work is one pass over the occupied squares plus the king
//! zones.

pub mod kp;
pub mod net;
pub mod trace;

pub mod params;
#[rustfmt::skip]
pub mod tuned;

use params::*;

use crate::core::bitboard::*;
use crate::core::{Bitboard, Color, PieceKind, Position, Square};
use std::sync::OnceLock;

/// Per-search evaluation tables (they depend on the strategy detected at the root).
#[derive(Clone)]
pub struct EvalTables {
    /// Material + rank terms + castle terms of `Piece.0` (0..32) on each square, sente positive.
    psq: Box<[[i32; 81]; 32]>,
    /// The strategies detected for sente and gote.
    pub strategy: [Strategy; 2],
    /// The tables that never change (held here to skip the lazy-init check on hot paths).
    st: &'static StaticTables,
}

/// Tables that never change: distance bonuses and the king neighbourhood masks.
struct StaticTables {
    /// `[colour][piece square][enemy king square]`: attacker bonus (owner positive).
    attacker: Vec<i16>,
    /// `[colour][piece square][own king square]`: defender bonus (owner positive).
    defender: Vec<i16>,
    /// Squares within two files and three ranks of a square (where a stepping piece can reach the
    /// 3×3 king zone from).
    near: [Bitboard; 81],
    /// Squares within two of a square (where the king's guards stand).
    guard_zone: [Bitboard; 81],
    /// Squares from which a rook (or lance) / a bishop could reach the 3×3 zone around a square
    /// on an empty board (a slider elsewhere cannot attack the zone at all).
    rook_reach: [Bitboard; 81],
    bishop_reach: [Bitboard; 81],
    /// Endgame-degree contribution of `Piece.0` on a square to `[sente's, gote's]` degree.
    degree: Vec<[i8; 2]>,
    /// Whether `Piece.0` is a gold-like piece or a silver (金駒).
    kanagoma: [bool; 32],
    /// `[colour][piece square][king square]`: index of the square in the king-relative tables
    /// (see `rel_offset`).
    rel_off: Vec<u8>,
    /// The learned king-piece tables.
    kp: &'static kp::KpTables,
    /// `[kp::Orientation::index]`: each piece's king-piece value from the king owner's side, the
    /// learned table's and the king-relative terms' (`tuned::REL_OWN`, `REL_ENEMY`) together,
    /// so that a move looks each piece up once.
    king_piece: Vec<i32>,
    /// The learned king-piece network.
    net: &'static net::NetTables,
}

/// Where a piece of `c` on `sq` stands relative to the king on `k`, as an index into the
/// king-relative tables (`row × 9 + column`): row = 8 + rank difference seen from `c` (row 7 is
/// one rank in front of the king from `c`'s side, row 9 one rank behind), column = file distance.
#[inline]
pub fn rel_offset(c: Color, sq: Square, k: Square) -> usize {
    let dr = sq.rank() as i32 - k.rank() as i32;
    let row = match c {
        Color::Black => 8 + dr,
        Color::White => 8 - dr,
    } as usize;
    let col = (sq.file() as i32 - k.file() as i32).unsigned_abs() as usize;
    row * 9 + col
}

fn statics() -> &'static StaticTables {
    static T: OnceLock<StaticTables> = OnceLock::new();
    T.get_or_init(|| {
        let mut attacker = vec![0i16; 2 * 81 * 81];
        let mut defender = vec![0i16; 2 * 81 * 81];
        let mut rel_off = vec![0u8; 2 * 81 * 81];
        for c in Color::ALL {
            for sq in Square::all() {
                for k in Square::all() {
                    let off = rel_offset(c, sq, k);
                    let i = (c.index() * 81 + sq.index()) * 81 + k.index();
                    attacker[i] = tuned::ATTACK[off / 9][off % 9];
                    defender[i] = tuned::DEFEND[off / 9][off % 9];
                    rel_off[i] = off as u8;
                }
            }
        }
        let mut near = [Bitboard::EMPTY; 81];
        for sq in Square::all() {
            for s in Square::all() {
                let df = (s.file() as i32 - sq.file() as i32).abs();
                let dr = (s.rank() as i32 - sq.rank() as i32).abs();
                if df <= 2 && dr <= 3 {
                    near[sq.index()].set(s);
                }
            }
        }
        let mut degree = vec![[0i8; 2]; 32 * 81];
        let mut kanagoma = [false; 32];
        for c in Color::ALL {
            for kind in PieceKind::ALL {
                let p = crate::core::Piece::new(c, kind).code() as usize;
                kanagoma[p] = is_kanagoma(kind);
                for sq in Square::all() {
                    // own four home ranks: relative ranks 6..9
                    let rel = sq.relative_rank(c);
                    let d = &mut degree[p * 81 + sq.index()];
                    if rel >= 6 {
                        d[c.index()] += DEGREE_BY_DEFENDER[kind as usize] as i8;
                    } else if rel <= 4 {
                        d[1 - c.index()] += DEGREE_BY_ATTACKER[kind as usize] as i8;
                    }
                }
            }
        }
        let mut rook_reach = [Bitboard::EMPTY; 81];
        let mut bishop_reach = [Bitboard::EMPTY; 81];
        for sq in Square::all() {
            let zone = king_attacks(sq) | Bitboard::from_square(sq);
            for z in zone {
                rook_reach[sq.index()] |= rook_pseudo(z);
                bishop_reach[sq.index()] |= bishop_pseudo(z);
            }
        }
        let mut guard_zone = [Bitboard::EMPTY; 81];
        for sq in Square::all() {
            for s in Square::all() {
                let df = (s.file() as i32 - sq.file() as i32).abs();
                let dr = (s.rank() as i32 - sq.rank() as i32).abs();
                if df <= 2 && dr <= 2 && s != sq {
                    guard_zone[sq.index()].set(s);
                }
            }
        }
        let kp = kp::shipped();
        let king_piece = king_piece_rows(kp, &rel_off);
        StaticTables {
            attacker,
            defender,
            near,
            guard_zone,
            rook_reach,
            bishop_reach,
            degree,
            kanagoma,
            rel_off,
            kp,
            king_piece,
            net: net::shipped(),
        }
    })
}

/// The rows of `StaticTables::king_piece`: the learned table's values with the king-relative
/// terms folded in.
fn king_piece_rows(kp: &kp::KpTables, rel_off: &[u8]) -> Vec<i32> {
    let mut rows: Vec<i32> = (0..kp::LEN).map(|i| if kp.used { kp.at(i) } else { 0 }).collect();
    if !tuned::REL_USED {
        return rows;
    }
    // sente's king on files 1–5 (no mirror) reaches every row once; the other kings and squares
    // share these rows (`tests::the_king_piece_rows_hold_the_learned_and_king_relative_terms`)
    for k in Square::all().filter(|k| k.file() <= 5) {
        for piece in
            Color::ALL.into_iter().flat_map(|c| PieceKind::ALL.map(|kind| crate::core::Piece::new(c, kind)))
        {
            let p = piece.code() as usize;
            for sq in Square::all() {
                if let Some(i) = kp.orientation().index(0, k, p, sq) {
                    rows[i] += rel_value(rel_off, 0, k, p, sq);
                }
            }
        }
    }
    rows
}

/// Lays out the evaluation's tables (the learned ones read from their files) if not yet done:
/// they are built once, at first use.
pub fn warm_up() {
    statics();
}

/// Which side of the board a rook stands on, from its owner's point of view.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum RookSide {
    Static,
    Central,
    Ranging,
}

fn rook_side(pos: &Position, c: Color) -> Option<(RookSide, u8)> {
    let rooks = pos.pieces(c, PieceKind::Rook);
    if rooks.is_empty() {
        return None;
    }
    let file = rooks.lsb().file();
    let own_file = match c {
        Color::Black => file,
        Color::White => 10 - file,
    };
    let side = match own_file {
        1..=4 => RookSide::Static,
        5 => RookSide::Central,
        _ => RookSide::Ranging,
    };
    Some((side, own_file))
}

/// Detects the strategy (戦形) of sente from both rooks' files and the bishops in hand; gote's is
/// the reverse.
pub fn detect_strategy(pos: &Position) -> [Strategy; 2] {
    use RookSide::*;
    let b = rook_side(pos, Color::Black);
    let w = rook_side(pos, Color::White);
    let bishops_in_hand = pos.hand(Color::Black).count(PieceKind::Bishop) > 0
        && pos.hand(Color::White).count(PieceKind::Bishop) > 0;
    let s = match (b, w) {
        (Some((Static, _)), Some((Static, _))) if bishops_in_hand => Strategy::BishopExchange,
        (Some((Static, _)), Some((Ranging, _))) => Strategy::StaticVsRanging,
        (Some((Static, _)), Some((Central, _))) => Strategy::StaticVsCentral,
        (Some((Ranging | Central, _)), Some((Ranging | Central, _))) => Strategy::RangingVsRanging,
        (Some((Ranging, _)), Some((Static, _))) => Strategy::RangingVsStatic,
        (Some((Central, _)), Some((Static, _))) => Strategy::CentralVsStatic,
        (Some((Static, 2)), Some((Static, 2))) => Strategy::DoubleWing,
        _ => Strategy::Unknown,
    };
    [s, s.reverse()]
}

/// Index of the castle-building (駒組み) table of a kind (silver, gold, king), if it has one.
pub fn castle_kind(kind: PieceKind) -> Option<usize> {
    match kind {
        PieceKind::Silver => Some(0),
        PieceKind::Gold => Some(1),
        PieceKind::King => Some(2),
        _ => None,
    }
}

/// The square as its owner sees it (sente's view of the board): the tables are indexed by it.
#[inline]
pub fn owner_square(c: Color, sq: Square) -> Square {
    if c == Color::Black { sq } else { sq.flip() }
}

/// The castle-building term of a piece of `kind` on `own` (the square as its owner sees it) for
/// its side's strategy.
fn castle_term(kind: PieceKind, strategy: Strategy, own: Square) -> i32 {
    castle_kind(kind).map_or(0, |k3| tuned::CASTLE[k3][strategy as usize][own.index()] as i32)
}

impl EvalTables {
    /// Tables for a search rooted at `pos`.
    pub fn new(pos: &Position) -> EvalTables {
        let strategy = detect_strategy(pos);
        let mut psq = Box::new([[0i32; 81]; 32]);
        for c in Color::ALL {
            for kind in PieceKind::ALL {
                let p = crate::core::Piece::new(c, kind);
                for sq in Square::all() {
                    let own = owner_square(c, sq);
                    let v = BOARD_VALUE[kind as usize]
                        + tuned::PSQ[kind as usize][own.index()] as i32
                        + castle_term(kind, strategy[c.index()], own);
                    psq[p.code() as usize][sq.index()] = if c == Color::Black { v } else { -v };
                }
            }
        }
        EvalTables { psq, strategy, st: statics() }
    }
}

/// The gold-like pieces and silvers (金駒) of `c`.
#[inline]
fn kanagoma_bb(pos: &Position, c: Color) -> Bitboard {
    pos.pieces(c, PieceKind::Silver)
        | pos.pieces(c, PieceKind::Gold)
        | pos.pieces(c, PieceKind::ProPawn)
        | pos.pieces(c, PieceKind::ProLance)
        | pos.pieces(c, PieceKind::ProKnight)
        | pos.pieces(c, PieceKind::ProSilver)
}

#[inline]
pub fn is_kanagoma(kind: PieceKind) -> bool {
    matches!(
        kind,
        PieceKind::Silver
            | PieceKind::Gold
            | PieceKind::ProPawn
            | PieceKind::ProLance
            | PieceKind::ProKnight
            | PieceKind::ProSilver
    )
}

/// The board part of the evaluation, kept up to date move by move by the search (差分計算):
/// the psq sum, the endgame-degree contributions of the pieces on the board, and the attacker /
/// defender bonuses of the gold-like pieces. Hands and king safety are computed at each node.
#[derive(Copy, Clone, Default, PartialEq, Eq, Debug)]
pub struct Accumulator {
    /// Material + rank + castle terms, sente positive.
    psq: i32,
    /// Board contributions to `[sente's, gote's]` endgame degree.
    degree: [i32; 2],
    /// Attacker / defender bonuses of each side's gold-like pieces (owner positive).
    att: [i32; 2],
    def: [i32; 2],
    /// The king-piece terms of the pieces on the board (the learned tables `kp` and the
    /// king-relative terms `tuned::REL_OWN`, `REL_ENEMY`; `StaticTables::king_piece`), sente
    /// positive, split by the king they are measured from: `[sente's king, gote's king]` (a king
    /// move recomputes only its own half).
    kp: [i32; 2],
    /// The network's board accumulators, `[sente's king, gote's king]`, each from its owner's
    /// side (hands are added when evaluating).
    net: [net::Acc; 2],
}

impl Accumulator {
    /// The accumulator of `pos`, from scratch.
    pub fn new(pos: &Position, t: &EvalTables) -> Accumulator {
        let ksq = [pos.king_square(Color::Black), pos.king_square(Color::White)];
        let mut acc = Accumulator::default();
        for sq in pos.occupied() {
            acc.add(t, ksq, pos.piece_at(sq).code() as usize, sq, 1);
        }
        acc
    }

    #[inline(always)]
    fn add(&mut self, t: &EvalTables, ksq: [Option<Square>; 2], p: usize, sq: Square, sign: i32) {
        let st = t.st;
        self.psq += sign * t.psq[p][sq.index()];
        let dg = st.degree[p * 81 + sq.index()];
        self.degree[0] += sign * dg[0] as i32;
        self.degree[1] += sign * dg[1] as i32;
        for (ki, k) in ksq.iter().enumerate() {
            if let Some(k) = *k {
                learned_update(st, &mut self.kp[ki], &mut self.net[ki], ki, k, p, sq, sign);
            }
        }
        if st.kanagoma[p] {
            let ci = p >> 4;
            let base = (ci * 81 + sq.index()) * 81;
            if let Some(ek) = ksq[1 - ci] {
                self.att[ci] += sign * st.attacker[base + ek.index()] as i32;
            }
            if let Some(ok) = ksq[ci] {
                self.def[ci] += sign * st.defender[base + ok.index()] as i32;
            }
        }
    }

    /// The accumulator after `m` is played in `pos` (the position before the move).
    #[inline]
    pub fn after(&self, pos: &Position, m: crate::core::Move, t: &EvalTables) -> Accumulator {
        let us = pos.side_to_move();
        let to = m.to();
        let mut acc = *self;
        let ksq = [pos.king_square(Color::Black), pos.king_square(Color::White)];
        let moved = match m.drop_kind() {
            Some(k) => crate::core::Piece::new(us, k),
            None => {
                let p = pos.piece_at(m.from());
                let cap = pos.piece_at(to);
                if !cap.is_empty() {
                    acc.add(t, ksq, cap.code() as usize, to, -1);
                }
                if p.kind_unchecked() == PieceKind::King {
                    // the king's own terms, then every distance bonus to this king afresh: our
                    // defenders' and the enemy's attackers' (the captured piece already gone)
                    acc.psq +=
                        t.psq[p.code() as usize][to.index()] - t.psq[p.code() as usize][m.from().index()];
                    let st = t.st;
                    let dg = |sq: Square| st.degree[p.code() as usize * 81 + sq.index()];
                    for i in 0..2 {
                        acc.degree[i] += dg(to)[i] as i32 - dg(m.from())[i] as i32;
                    }
                    let (ui, ti) = (us.index(), us.flip().index());
                    acc.def[ui] = kanagoma_bb(pos, us)
                        .map(|sq| st.defender[(ui * 81 + sq.index()) * 81 + to.index()] as i32)
                        .sum();
                    let mut theirs = kanagoma_bb(pos, us.flip());
                    theirs.clear(to);
                    acc.att[ti] =
                        theirs.map(|sq| st.attacker[(ti * 81 + sq.index()) * 81 + to.index()] as i32).sum();
                    // the king-piece terms and the network likewise: the king as a piece seen
                    // from the enemy king, and everything seen from this king afresh
                    {
                        let pc = p.code() as usize;
                        if let Some(ek) = ksq[ti] {
                            let (kp, net) = (&mut acc.kp[ti], &mut acc.net[ti]);
                            learned_update(st, kp, net, ti, ek, pc, m.from(), -1);
                            learned_update(st, kp, net, ti, ek, pc, to, 1);
                        }
                        let mut others = pos.occupied();
                        others.clear(to);
                        others.clear(m.from());
                        let (kp, net) = (&mut acc.kp[ui], &mut acc.net[ui]);
                        (*kp, *net) = (0, [0; net::H]);
                        for sq in others {
                            learned_update(st, kp, net, ui, to, pos.piece_at(sq).code() as usize, sq, 1);
                        }
                    }
                    return acc;
                }
                acc.add(t, ksq, p.code() as usize, m.from(), -1);
                p
            }
        };
        let placed = if m.is_promotion() {
            crate::core::Piece::new(us, moved.kind_unchecked().promote())
        } else {
            moved
        };
        acc.add(t, ksq, placed.code() as usize, to, 1);
        acc
    }
}

/// The king-relative terms of piece code `p` on `sq` (sente positive), split by the king they
/// are measured from: `[sente's king, gote's king]` (the search reads them folded into
/// `StaticTables::king_piece`; the trace shows them apart).
fn rel_terms(st: &StaticTables, ksq: [Option<Square>; 2], p: usize, sq: Square) -> [i32; 2] {
    let mut r = [0; 2];
    if !tuned::REL_USED {
        return r;
    }
    for (ki, k) in ksq.iter().enumerate() {
        if let Some(k) = *k {
            r[ki] = rel_from_king(st, ki, k, p, sq);
        }
    }
    r
}

/// The term of piece code `p` on `sq` measured from the king of colour index `ki` on `k`
/// (`REL_OWN` for that king's own pieces, `REL_ENEMY` for the enemy's; sente positive; a king
/// has no term from itself).
fn rel_from_king(st: &StaticTables, ki: usize, k: Square, p: usize, sq: Square) -> i32 {
    rel_value(&st.rel_off, ki, k, p, sq)
}

/// `rel_from_king` from the offsets table alone (`StaticTables::rel_off`).
fn rel_value(rel_off: &[u8], ki: usize, k: Square, p: usize, sq: Square) -> i32 {
    let ci = p >> 4;
    let kind = p & 15;
    let off = rel_off[(ci * 81 + sq.index()) * 81 + k.index()] as usize;
    let v = if ci == ki {
        if kind == PieceKind::King as usize {
            return 0;
        }
        tuned::REL_OWN[kind][off]
    } else {
        tuned::REL_ENEMY[kind][off]
    } as i32;
    if ci == 0 { v } else { -v }
}

/// Adds (`sign` 1) or takes away (−1) piece code `p` on `sq` in the learned terms seen from the
/// king of colour index `ki` on `k`: its king-piece term (`kp`, sente positive) and its network
/// accumulator (`net`). The two share their rows' layout, so the row is found once.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn learned_update(
    st: &StaticTables,
    kp: &mut i32,
    net: &mut net::Acc,
    ki: usize,
    k: Square,
    p: usize,
    sq: Square,
    sign: i32,
) {
    let Some(i) = st.kp.orientation().index(ki, k, p, sq) else { return };
    let v = st.king_piece[i];
    *kp += sign * if ki == 0 { v } else { -v };
    if st.net.used {
        st.net.update_at(net, i, sign);
    }
}

/// The learned king-piece terms of both hands, seen from both kings (sente positive).
#[inline]
fn kp_hands(pos: &Position, st: &StaticTables) -> i32 {
    let mut v = 0;
    if !st.kp.used {
        return 0;
    }
    if let Some(k) = pos.king_square(Color::Black) {
        v += st.kp.hands(pos, Color::Black, k);
    }
    if let Some(k) = pos.king_square(Color::White) {
        v -= st.kp.hands(pos, Color::White, k);
    }
    v
}

/// The network's term (sente positive) from the board accumulators.
#[inline]
fn net_term(pos: &Position, st: &StaticTables, acc: &Accumulator) -> i32 {
    if !st.net.used {
        return 0;
    }
    let mut v = 0;
    if let Some(k) = pos.king_square(Color::Black) {
        v += st.net.score(pos, Color::Black, k, &acc.net[0]);
    }
    if let Some(k) = pos.king_square(Color::White) {
        v -= st.net.score(pos, Color::White, k, &acc.net[1]);
    }
    v
}

/// Static evaluation from the side to move's point of view (from scratch).
pub fn evaluate(pos: &Position, t: &EvalTables) -> i32 {
    evaluate_with(pos, t, &Accumulator::new(pos, t))
}

/// Debug builds check one accumulator in eight against one made from scratch (every one made
/// the debug search too slow to reach the depths the tests ask for within their time).
#[cfg(debug_assertions)]
fn check_accumulator(pos: &Position, t: &EvalTables, acc: &Accumulator) {
    thread_local!(static CALLS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) });
    let n = CALLS.with(|c| {
        c.set(c.get().wrapping_add(1));
        c.get()
    });
    if n % 8 == 1 {
        assert_eq!(*acc, Accumulator::new(pos, t), "stale accumulator");
    }
}

/// Static evaluation from the side to move's point of view, given `pos`'s accumulator.
pub fn evaluate_with(pos: &Position, t: &EvalTables, acc: &Accumulator) -> i32 {
    #[cfg(debug_assertions)]
    check_accumulator(pos, t, acc);
    let (hand, d) = hands_and_degrees(pos, acc);
    let (degree_term, attack_defence) = degree_terms(acc, d);
    let learned = acc.kp[0] + acc.kp[1] + kp_hands(pos, t.st) + net_term(pos, t.st, acc);
    let mut score = acc.psq + learned + hand + degree_term + attack_defence; // sente positive
    if let Some(k) = pos.king_square(Color::Black) {
        score -= king_danger(pos, Color::Black, k, t.st);
    }
    if let Some(k) = pos.king_square(Color::White) {
        score += king_danger(pos, Color::White, k, t.st);
    }
    let v = if pos.side_to_move() == Color::Black { score } else { -score };
    v + tuned::TEMPO
}

/// The hand term (sente positive) and each side's endgame degree (how hard it is attacked),
/// clamped to 0..=DEGREE_MAX: the board's part from `acc`, the hands' added here.
#[inline]
fn hands_and_degrees(pos: &Position, acc: &Accumulator) -> (i32, [i32; 2]) {
    let mut hand = 0;
    let mut degree = acc.degree;
    for c in Color::ALL {
        let h = pos.hand(c);
        let mut v = 0;
        for kind in PieceKind::HAND {
            let n = h.count(kind) as usize;
            v += tuned::HAND[kind as usize][n] as i32;
            degree[1 - c.index()] += n as i32 * DEGREE_BY_HAND[kind as usize];
        }
        hand += if c == Color::Black { v } else { -v };
    }
    (hand, [degree[0].clamp(0, DEGREE_MAX), degree[1].clamp(0, DEGREE_MAX)])
}

/// The degree-difference term and the attacker / defender bonuses weighted by the clamped
/// degrees `d` (both sente positive).
#[inline]
fn degree_terms(acc: &Accumulator, d: [i32; 2]) -> (i32, i32) {
    let attack_defence = (acc.att[0] * d[1] + acc.def[0] * d[0]) / DEGREE_MAX
        - (acc.att[1] * d[0] + acc.def[1] * d[1]) / DEGREE_MAX;
    ((d[1] - d[0]) * tuned::DEGREE_DIFF, attack_defence)
}

/// The endgame degree of each side (unclamped), from scratch: the board and both hands.
pub fn degrees(pos: &Position) -> [i32; 2] {
    let st = statics();
    let mut degree = [0i32; 2];
    for sq in pos.occupied() {
        let dg = st.degree[pos.piece_at(sq).code() as usize * 81 + sq.index()];
        degree[0] += dg[0] as i32;
        degree[1] += dg[1] as i32;
    }
    for c in Color::ALL {
        for kind in PieceKind::HAND {
            degree[1 - c.index()] += pos.hand(c).count(kind) as i32 * DEGREE_BY_HAND[kind as usize];
        }
    }
    degree
}

/// King-safety penalty for `c`, whose king stands on `k`.
#[inline]
fn king_danger(pos: &Position, c: Color, k: Square, st: &StaticTables) -> i32 {
    let (units, cut) = king_units_with(pos, c, k, st);
    tuned::KING_DANGER[(units as usize).min(tuned::KING_DANGER.len() - 1)] as i32 + cut * tuned::NO_ESCAPE
}

/// The king-danger units of `c`'s king on `k` (attacks on its 3×3 zone and drop threats, minus
/// its guards) and the number of its empty neighbour squares the enemy attacks.
pub fn king_units(pos: &Position, c: Color, k: Square) -> (i32, i32) {
    king_units_with(pos, c, k, statics())
}

#[inline]
fn king_units_with(pos: &Position, c: Color, k: Square, st: &StaticTables) -> (i32, i32) {
    let them = c.flip();
    let occ = pos.occupied();
    let around = king_attacks(k);
    let zone = around | Bitboard::from_square(k);
    let mut units = 0i32;
    let mut attacked = Bitboard::EMPTY;
    let theirs = pos.pieces_of(them);
    let rooks = pos.pieces(them, PieceKind::Rook) | pos.pieces(them, PieceKind::Dragon);
    let bishops = pos.pieces(them, PieceKind::Bishop) | pos.pieces(them, PieceKind::Horse);
    let lances = pos.pieces(them, PieceKind::Lance);
    // only pieces that could reach the zone on an empty board need their attacks computed
    let far = ((rooks | lances) & st.rook_reach[k.index()]) | (bishops & st.bishop_reach[k.index()]);
    let steppers = theirs & st.near[k.index()] & !pos.pieces(them, PieceKind::King);
    for s in far | steppers {
        let kind = pos.piece_at(s).kind_unchecked();
        let a = attacks(them, kind, s, occ) & zone;
        if a.any() {
            units += KS_ATTACK_UNITS[kind as usize] * a.count() as i32;
            attacked |= a;
        }
    }
    let h = pos.hand(them);
    for kind in PieceKind::HAND {
        if h.count(kind) > 0 {
            units += KS_HAND_UNITS[kind as usize];
        }
    }
    // defenders: the king's own golds, silvers, promoted pieces, horses and dragons close by
    let guards = pos.pieces_of(c)
        & !pos.pieces(c, PieceKind::King)
        & !pos.pieces(c, PieceKind::Pawn)
        & !pos.pieces(c, PieceKind::Lance)
        & !pos.pieces(c, PieceKind::Knight)
        & st.guard_zone[k.index()];
    let defence = 2 * guards.count() as i32;
    let units = (units - defence * KS_DEFENCE_UNITS).max(0);
    let escapes_cut = (around & !pos.pieces_of(c) & attacked).count() as i32;
    (units, escapes_cut)
}

#[cfg(test)]
mod tests;

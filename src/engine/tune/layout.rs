//! The fitted evaluation tables as one parameter vector: where each table lives in it, its
//! starting values (the hand-set numbers of `params.rs`, which are also the anchor the fit is
//! pulled towards), the values currently in `tuned.rs`, and the features of a position (how much
//! each parameter contributes to its evaluation).

use crate::core::{Color, PieceKind, Position, Square};
use crate::engine::eval::params::*;
use crate::engine::eval::tuned;
use crate::engine::eval::{self, castle_kind, owner_square, rel_offset};

/// Number of entries of a king-relative table: 17 rank offsets × 9 file distances.
pub const REL: usize = 153;
/// King-danger units are clamped to this table's length minus one.
pub const DANGER_LEN: usize = 64;
/// Hand counts 0..=18.
pub const HAND_LEN: usize = 19;

/// Offsets of the tables inside the parameter vector.
pub const PSQ: usize = 0;
pub const CASTLE: usize = PSQ + 15 * 81;
pub const HAND: usize = CASTLE + 3 * 8 * 81;
pub const ATTACK: usize = HAND + 8 * HAND_LEN;
pub const DEFEND: usize = ATTACK + REL;
pub const REL_OWN: usize = DEFEND + REL;
pub const REL_ENEMY: usize = REL_OWN + 15 * REL;
pub const DANGER: usize = REL_ENEMY + 15 * REL;
pub const NO_ESCAPE: usize = DANGER + DANGER_LEN;
pub const DEGREE_DIFF: usize = NO_ESCAPE + 1;
pub const TEMPO_AT: usize = DEGREE_DIFF + 1;
pub const LEN: usize = TEMPO_AT + 1;

fn rank_term(kind: PieceKind, rel_rank: usize) -> i32 {
    match kind {
        PieceKind::Pawn => RANK_PAWN[rel_rank],
        PieceKind::Lance => RANK_LANCE[rel_rank],
        PieceKind::Knight => RANK_KNIGHT[rel_rank],
        PieceKind::Rook | PieceKind::Dragon => RANK_ROOK[rel_rank],
        PieceKind::King => RANK_KING[rel_rank],
        _ => 0,
    }
}

/// The hand-set values of `eval/params/`: the fit starts from these and is
/// regularised towards them.
pub fn prior() -> Vec<f64> {
    let mut v = vec![0.0; LEN];
    for kind in PieceKind::ALL {
        for sq in Square::all() {
            v[PSQ + kind as usize * 81 + sq.index()] = rank_term(kind, sq.rank() as usize) as f64;
        }
    }
    for (k3, table) in [&KOMAGUMI_SILVER, &KOMAGUMI_GOLD, &KOMAGUMI_KING].into_iter().enumerate() {
        for (s, rows) in table.iter().enumerate() {
            for sq in Square::all() {
                let (row, col) = (sq.rank() as usize - 1, 9 - sq.file() as usize);
                v[CASTLE + (k3 * 8 + s) * 81 + sq.index()] = (rows[row][col] as i32 * KOMAGUMI_SCALE) as f64;
            }
        }
    }
    for kind in PieceKind::HAND {
        for n in 0..HAND_LEN {
            let mut x = n as i32 * HAND_VALUE[kind as usize];
            if kind == PieceKind::Pawn && n == 0 {
                x -= NO_PAWN_IN_HAND;
            }
            v[HAND + kind as usize * HAND_LEN + n] = x as f64;
        }
    }
    for r in 0..17 {
        for c in 0..9 {
            v[ATTACK + r * 9 + c] = (ATTACKER_TABLE[r][c] - DISTANCE_TABLE_NEUTRAL) as f64;
            v[DEFEND + r * 9 + c] = (DEFENDER_TABLE[r][c] - DISTANCE_TABLE_NEUTRAL) as f64;
        }
    }
    for u in 0..DANGER_LEN as i32 {
        v[DANGER + u as usize] = (u * u * KS_QUADRATIC / 64).min(KS_MAX) as f64;
    }
    v[NO_ESCAPE] = KS_NO_ESCAPE as f64;
    v[DEGREE_DIFF] = DEGREE_DIFF_WEIGHT as f64;
    v[TEMPO_AT] = TEMPO as f64;
    v
}

/// The values the evaluation uses (`tuned.rs`).
pub fn current() -> Vec<f64> {
    let mut v = vec![0.0; LEN];
    let mut put = |at: usize, xs: &[i16]| {
        for (i, &x) in xs.iter().enumerate() {
            v[at + i] = x as f64;
        }
    };
    put(PSQ, tuned::PSQ.as_flattened());
    put(CASTLE, tuned::CASTLE.as_flattened().as_flattened());
    put(HAND, tuned::HAND.as_flattened());
    put(ATTACK, tuned::ATTACK.as_flattened());
    put(DEFEND, tuned::DEFEND.as_flattened());
    put(REL_OWN, tuned::REL_OWN.as_flattened());
    put(REL_ENEMY, tuned::REL_ENEMY.as_flattened());
    put(DANGER, &tuned::KING_DANGER);
    v[NO_ESCAPE] = tuned::NO_ESCAPE as f64;
    v[DEGREE_DIFF] = tuned::DEGREE_DIFF as f64;
    v[TEMPO_AT] = tuned::TEMPO as f64;
    v
}

/// The evaluation of a position as `base + Σ coef × parameter`, side to move's view.
pub struct Features {
    /// The part no parameter touches (board material).
    pub base: f32,
    pub terms: Vec<(u32, f32)>,
}

/// The features of `pos`, mirroring `eval::evaluate` term by term (a test checks that the two
/// agree with the current tables).
pub fn features(pos: &Position) -> Features {
    let strategy = eval::detect_strategy(pos);
    let ksq = [pos.king_square(Color::Black), pos.king_square(Color::White)];
    let mut terms: Vec<(u32, f32)> = Vec::with_capacity(256);
    let mut base = 0.0f32;
    let mut push = |i: usize, x: f32| terms.push((i as u32, x));
    let sign = |c: Color| if c == Color::Black { 1.0f32 } else { -1.0 };
    let degree = eval::degrees(pos);
    let d = [degree[0].clamp(0, DEGREE_MAX), degree[1].clamp(0, DEGREE_MAX)];
    for sq in pos.occupied() {
        let p = pos.piece_at(sq);
        let (c, kind) = (p.color(), p.kind_unchecked());
        let s = sign(c);
        let ci = c.index();
        let own = owner_square(c, sq);
        base += s * BOARD_VALUE[kind as usize] as f32;
        push(PSQ + kind as usize * 81 + own.index(), s);
        if let Some(k3) = castle_kind(kind) {
            push(CASTLE + (k3 * 8 + strategy[ci] as usize) * 81 + own.index(), s);
        }
        if eval::is_kanagoma(kind) {
            if let Some(ek) = ksq[1 - ci] {
                push(ATTACK + rel_offset(c, sq, ek), s * d[1 - ci] as f32 / DEGREE_MAX as f32);
            }
            if let Some(ok) = ksq[ci] {
                push(DEFEND + rel_offset(c, sq, ok), s * d[ci] as f32 / DEGREE_MAX as f32);
            }
        }
        if kind != PieceKind::King
            && let Some(ok) = ksq[ci]
        {
            push(REL_OWN + kind as usize * REL + rel_offset(c, sq, ok), s);
        }
        if let Some(ek) = ksq[1 - ci] {
            push(REL_ENEMY + kind as usize * REL + rel_offset(c, sq, ek), s);
        }
    }
    for c in Color::ALL {
        let h = pos.hand(c);
        for kind in PieceKind::HAND {
            let n = h.count(kind) as usize;
            push(HAND + kind as usize * HAND_LEN + n, sign(c));
        }
        if let Some(k) = ksq[c.index()] {
            let (units, cut) = eval::king_units(pos, c, k);
            push(DANGER + (units as usize).min(DANGER_LEN - 1), -sign(c));
            push(NO_ESCAPE, -sign(c) * cut as f32);
        }
    }
    push(DEGREE_DIFF, (d[1] - d[0]) as f32);
    let stm = sign(pos.side_to_move());
    for t in terms.iter_mut() {
        t.1 *= stm;
    }
    terms.push((TEMPO_AT as u32, 1.0));
    // the learned king-piece tables and network are fitted on their own (`tune kp`, `tune
    // net`): a constant here
    let learned = (eval::kp::evaluate(pos, eval::kp::shipped())
        + eval::net::evaluate(pos, eval::net::shipped())) as f32;
    Features { base: base * stm + learned, terms }
}

impl Features {
    /// The evaluation these features give with parameters `theta`.
    pub fn eval(&self, theta: &[f64]) -> f64 {
        self.base as f64 + self.terms.iter().map(|&(i, x)| theta[i as usize] * x as f64).sum::<f64>()
    }
}

//! Differential test of the mate solver against an exhaustive search over random tsume-like
//! positions (fixed seed): whenever the reference finds a mate within five plies the solver must
//! find one of the same length, it must never call such a position "no mate", and every line it
//! gives must replay as a mate. Lengths follow tsume convention in both: a drop between the king
//! and a distant checker that the checker takes with checkmate (無駄合) is not counted.

use crate::reference_mate::{XorShift, futile_drop};
use shogiban::core::Position;
use shogiban::engine::mate::{MateLimits, MateResult, solve, verify_mate_line};

/// The shortest mate length in plies up to `max` (odd), by exhaustive search.
fn shortest_mate(p: &mut Position, max: usize) -> Option<usize> {
    (1..=max).step_by(2).find(|&n| mate_within(p, n))
}

fn mate_within(p: &mut Position, plies: usize) -> bool {
    crate::reference_mate::mate_within(p, plies, |p, e| !futile_drop(p, e))
}

/// A random position: gote's king near a corner, a few defenders, a few attackers, some hand.
fn random_position(rng: &mut XorShift) -> Option<Position> {
    let mut board = vec![vec![String::new(); 9]; 9]; // [rank][file]
    board[rng.below(2)][rng.below(3)] = "k".into();
    for _ in 0..rng.below(4) {
        let (r, f) = (rng.below(3), rng.below(5));
        if board[r][f].is_empty() {
            board[r][f] = ["p", "l", "n", "s", "g", "g"][rng.below(6)].into();
        }
    }
    for _ in 0..1 + rng.below(3) {
        let (r, f) = (rng.below(5), rng.below(6));
        if board[r][f].is_empty() {
            board[r][f] = ["P", "L", "N", "S", "G", "B", "R", "+P", "+B", "+R"][rng.below(10)].into();
        }
    }
    let mut sfen = String::new();
    for (r, rank) in board.iter().enumerate() {
        let mut empty = 0;
        for f in (0..9).rev() {
            if rank[f].is_empty() {
                empty += 1;
            } else {
                if empty > 0 {
                    sfen.push_str(&empty.to_string());
                    empty = 0;
                }
                sfen.push_str(&rank[f]);
            }
        }
        if empty > 0 {
            sfen.push_str(&empty.to_string());
        }
        if r < 8 {
            sfen.push('/');
        }
    }
    let attack_hand = ["G", "S", "R", "B", "N", "L", "P", "GS", "RG", "BN"][rng.below(10)];
    let defend_hand = ["", "", "p", "s", "gp"][rng.below(5)];
    Position::from_sfen(&format!("{sfen} b {attack_hand}{defend_hand} 1")).ok()
}

#[test]
fn solver_agrees_with_exhaustive_search() {
    let mut rng = XorShift(0x5EED_1234_ABCD_0042);
    let (mut mates, mut tried) = (0, 0);
    while tried < 250 {
        let Some(p) = random_position(&mut rng) else { continue };
        tried += 1;
        let mut q = p.clone();
        let reference = shortest_mate(&mut q, 5);
        let result = solve(
            &p,
            MateLimits { time_ms: None, nodes: Some(30_000), stop: None, threads: 1, first_line: false },
        );
        if let MateResult::Mate(line) = &result {
            assert!(verify_mate_line(&p, line).is_ok(), "{}: bad line {line:?}", p.to_sfen());
        }
        match reference {
            Some(n) => {
                mates += 1;
                let MateResult::Mate(line) = &result else {
                    panic!("{}: reference mates in {n}, solver says {result:?}", p.to_sfen())
                };
                assert_eq!(line.len(), n, "{}: {line:?}", p.to_sfen());
            }
            None => {
                if let MateResult::Mate(line) = &result {
                    assert!(line.len() > 5, "{}: {line:?}", p.to_sfen());
                }
            }
        }
    }
    assert!(mates >= 15, "only {mates} mates among the random positions: the test is too weak");
}

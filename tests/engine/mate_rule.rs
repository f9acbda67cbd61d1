//! The solver keeps tsume's rules: every line it prints is a mate against every defence but the
//! futile interpositions (無駄合), and an interposition is futile only when the checker's capture
//! of the dropped piece mates at once. A verifier written here, apart from the solver, walks a
//! printed line and checks at each of the defender's turns that every other defence still loses:
//! within the plies left by exhaustive search where few plies are left, by a mate the solver
//! finds (its line replayed) where more are.

use crate::reference_mate::{XorShift, futile_drop, mate_within};
use shogiban::core::{Move, Position};
use shogiban::engine::mate::{MateLimits, MateResult, solve, verify_mate_line};

fn pos(sfen: &str) -> Position {
    Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

/// The defences that count: every legal move but the futile interpositions.
fn defences(p: &mut Position) -> Vec<Move> {
    let all: Vec<Move> = p.legal_moves().iter().copied().collect();
    all.into_iter().filter(|&e| !futile_drop(p, e)).collect()
}

/// Whether the attacker to move in `p` mates against every counted defence: within `plies` by
/// exhaustive search where `plies` is at most `exhaustive`; beyond, the solver must find a mate
/// (its line replayed), of any length, as the solver does not promise the shortest mate.
fn mates_within(p: &mut Position, plies: usize, exhaustive: usize, limits: &MateLimits) -> bool {
    if plies <= exhaustive {
        return mate_within(p, plies, |p, e| !futile_drop(p, e));
    }
    match solve(p, limits.clone()) {
        MateResult::Mate(line) => verify_mate_line(p, &line).is_ok(),
        _ => false,
    }
}

/// Checks `line` from `start` (attacker to move): legal, every attacker move a check, and at
/// each of the defender's turns every counted defence other than the line's loses (within the
/// plies the line has left where at most `exhaustive` are left, so that the line's defence is
/// among the longest and its length is not short of the rules; beyond that, a mate the solver
/// finds and replays); at the end no defence counts. The line's own defence is checked by the
/// rest of the walk.
fn check_line(start: &Position, line: &[Move], exhaustive: usize, limits: &MateLimits) {
    let sfen = start.to_sfen();
    assert!(verify_mate_line(start, line).is_ok(), "{sfen}: {line:?}");
    let mut p = start.clone();
    for i in (0..line.len()).step_by(2) {
        assert!(p.legal_moves().contains(line[i]), "{sfen}: ply {} illegal", i + 1);
        p.do_move(line[i]);
        assert!(p.in_check(), "{sfen}: ply {} is no check", i + 1);
        let left = line.len() - i - 1;
        let answers = defences(&mut p);
        if left == 0 {
            let names: Vec<String> = answers.iter().map(|m| m.usi()).collect();
            assert!(answers.is_empty(), "{sfen}: the end of {line:?} is no mate: {names:?} answer it");
            return;
        }
        assert!(answers.contains(&line[i + 1]), "{sfen}: ply {} is not a counted defence", i + 2);
        for e in answers.into_iter().filter(|&e| e != line[i + 1]) {
            p.do_move(e);
            assert!(
                mates_within(&mut p, left - 1, exhaustive, limits),
                "{sfen}: after ply {}, {} escapes the mate in {} plies left ({line:?})",
                i + 1,
                e.usi(),
                left - 1
            );
            p.undo_move();
        }
        p.do_move(line[i + 1]);
    }
}

fn limits() -> MateLimits {
    MateLimits { time_ms: None, nodes: Some(200_000), stop: None, threads: 1, first_line: false }
}

fn usi_line(p: &Position, text: &str) -> Vec<Move> {
    let mut q = p.clone();
    text.split_whitespace()
        .map(|u| {
            let m = q.parse_usi_move(u).unwrap_or_else(|e| panic!("{u}: {e:?}"));
            q.do_move(m);
            m
        })
        .collect()
}

/// A distant check the defender can block on a square from which the capture does not mate at
/// once (the checker still at a distance) is no mate: those interpositions count.
#[test]
fn a_chain_of_interpositions_is_answered() {
    let p = pos("9/9/9/9/pK7/3+r5/1k7/9/3s5 w r2B2SsN2Ll13P 1");
    // the line printed before the rule was kept: after +R5e the defender drops on 6e or 7e, and
    // the capture leaves the dragon at a distance again
    let old = usi_line(&p, "R*8f 8e9d L*9b P*9c S*8c 9d9e 6f5e");
    assert!(verify_mate_line(&p, &old).is_err(), "the end of {old:?} is no mate");
    let mut q = p.clone();
    for &m in &old {
        q.do_move(m);
    }
    let blocks: Vec<String> = defences(&mut q).iter().map(|m| m.usi()[2..].to_string()).collect();
    assert!(blocks.iter().any(|s| s == "6e") && blocks.iter().any(|s| s == "7e"), "{blocks:?}");
    assert!(!blocks.iter().any(|s| s == "8e"), "a drop on 8e is futile: {blocks:?}");
    // the solver's line keeps the rule: +R7e, and only the futile drop on 8e is left
    let MateResult::Mate(line) = solve(&p, limits()) else { panic!("no mate found") };
    assert_eq!(line.len(), 7, "{line:?}");
    check_line(&p, &line, 5, &limits());
    // no mate in 5, by exhaustive search
    assert!(!mate_within(&mut p.clone(), 5, |p, e| !futile_drop(p, e)));
}

/// A mate in 29 by cshogi's df-pn, which counts every interposition and does not look for the
/// shortest line: solved within 10 s in release on an otherwise idle machine (a mate in 21 to 25
/// plies, by the time the shortening gets), and the line checked against every defence.
#[test]
#[ignore = "release only, alone: a timed solve of several seconds and a check of every defence on its line"]
fn a_long_mate_is_solved_within_ten_seconds() {
    let p = pos("9/9/9/2b1k4/9/9/9/K2RG4/9 w Rb3gS4n3l4p 1");
    let start = std::time::Instant::now();
    let MateResult::Mate(line) = solve(
        &p,
        MateLimits { time_ms: Some(10_000), nodes: None, stop: None, threads: 1, first_line: false },
    ) else {
        panic!("no mate found within 10 s")
    };
    assert!(start.elapsed().as_secs() < 10);
    assert!(line.len() <= 29, "{line:?}");
    check_line(
        &p,
        &line,
        3,
        &MateLimits { time_ms: None, nodes: Some(1_000_000), stop: None, threads: 1, first_line: false },
    );
}

/// A drop that the checker takes with a real checkmate is futile, and is not counted (published
/// lengths): the lines of the solver end on such checks.
#[test]
fn a_drop_taken_with_mate_is_futile() {
    for (sfen, len) in [
        ("7nl/7k1/6ppp/9/9/9/9/9/5R3 b Sr2b4g3s3n3l15p 1", 5),
        ("l6nl/3+R1pk2/3p3gp/p1p3p2/1p1nsN3/2P3P1P/PP1P1S3/1SG2GK2/LN6L b BGPrbs4p 1", 5),
        ("4R1+B1k/6s2/5l1l1/9/9/9/9/9/9 b Lgp 1", 3),
    ] {
        let p = pos(sfen);
        let MateResult::Mate(line) = solve(&p, limits()) else { panic!("{sfen}: no mate found") };
        assert_eq!(line.len(), len, "{sfen}: {line:?}");
        check_line(&p, &line, 5, &limits());
    }
}

/// A random tsume-style position: gote's king in the top ranks, a few defenders beside it, a few
/// attacking pieces, long-range ones among them, and the defender holding every piece not on
/// the board or in sente's hand (so that every interposition is possible).
fn random_tsume(rng: &mut XorShift) -> Option<Position> {
    let mut board = [[""; 9]; 9]; // [rank][file from 9 to 1]
    let (kr, kf) = (rng.below(3), rng.below(9));
    board[kr][kf] = "k";
    let near = |rng: &mut XorShift, c: usize, down: usize| (c + rng.below(down + 3)).saturating_sub(2).min(8);
    for _ in 0..rng.below(4) {
        let (r, f) = (near(rng, kr, 2), near(rng, kf, 2));
        if board[r][f].is_empty() {
            board[r][f] = ["p", "l", "s", "g", "g", "n", "+p"][rng.below(7)];
        }
    }
    for _ in 0..1 + rng.below(3) {
        let (r, f) = (near(rng, kr, 5), rng.below(9));
        if board[r][f].is_empty() {
            board[r][f] = ["L", "S", "G", "B", "R", "+B", "+R", "+P", "N"][rng.below(9)];
        }
    }
    let mut sfen = String::new();
    for (r, rank) in board.iter().enumerate() {
        let mut empty = 0;
        for piece in rank {
            if piece.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                sfen.push_str(&empty.to_string());
                empty = 0;
            }
            sfen.push_str(piece);
        }
        if empty > 0 {
            sfen.push_str(&empty.to_string());
        }
        if r < 8 {
            sfen.push('/');
        }
    }
    let hand = ["RG", "BG", "RS", "BN", "GS", "GG", "RL", "BS", "GN", "R"][rng.below(10)];
    // every other piece in gote's hand
    let mut counts = [('r', 2), ('b', 2), ('g', 4), ('s', 4), ('n', 4), ('l', 4), ('p', 18)];
    let on_board = board.iter().flatten().flat_map(|piece| piece.chars());
    for c in on_board.chain(hand.chars()).map(|c| c.to_ascii_lowercase()) {
        if let Some((_, n)) = counts.iter_mut().find(|(k, _)| *k == c) {
            *n -= 1;
        }
    }
    if counts.iter().any(|&(_, n)| n < 0) {
        return None;
    }
    let rest: String = counts
        .iter()
        .filter(|&&(_, n)| n > 0)
        .map(|&(k, n)| if n > 1 { format!("{n}{k}") } else { k.to_string() })
        .collect();
    let hands = format!("{}{rest}", hand.replace("GG", "2G"));
    // gote, not to move, may not be in check
    let as_gote = Position::from_sfen(&format!("{sfen} w {hands} 1")).ok()?;
    if as_gote.in_check() {
        return None;
    }
    Position::from_sfen(&format!("{sfen} b {hands} 1")).ok()
}

/// Checks the solver's lines on random positions (fixed seed) until `want` mates: each line
/// move by move against every counted defence, by exhaustive search where up to `exhaustive`
/// plies are left.
fn random_lines(seed: u64, want: usize, exhaustive: usize, nodes: u64) {
    let mut rng = XorShift(seed);
    let (mut mates, mut tried, mut long) = (0, 0, 0);
    let budget = MateLimits { time_ms: None, nodes: Some(nodes), stop: None, threads: 1, first_line: false };
    while tried < 40 * want && mates < want {
        let Some(p) = random_tsume(&mut rng) else { continue };
        tried += 1;
        if let MateResult::Mate(line) = solve(&p, budget.clone()) {
            mates += 1;
            long += usize::from(line.len() >= 7);
            check_line(&p, &line, exhaustive, &budget);
        }
    }
    assert!(
        mates == want && long >= want / 5,
        "{mates} mates, {long} of 7 plies or more: the test is too weak"
    );
}

#[test]
fn random_lines_are_mates_against_every_counted_defence() {
    random_lines(0x7511_3E5A_0BAD_F00D, 8, 1, 10_000);
}

#[test]
#[ignore = "slow in the test profile (about a minute in release): run with --release -- --ignored"]
fn many_random_lines_are_mates_against_every_counted_defence() {
    random_lines(0x7511_3E5A_0BAD_F00D, 40, 3, 200_000);
}

/// Checks that `line` is the main line as tsume counts it, by exhaustive search: at each of the
/// attacker's turns no mate two plies shorter than the line's rest, at each of the defender's
/// every other counted defence mated within the line's rest (none holds out longer).
fn check_main_line(start: &Position, line: &[Move]) {
    let sfen = start.to_sfen();
    check_line(start, line, line.len(), &limits());
    let mut p = start.clone();
    for (i, &m) in line.iter().enumerate() {
        let left = line.len() - i;
        if i % 2 == 0 && left >= 3 {
            assert!(
                !mate_within(&mut p, left - 2, |p, e| !futile_drop(p, e)),
                "{sfen}: before ply {} a mate shorter than the {left} plies of {line:?} is left",
                i + 1
            );
        }
        p.do_move(m);
    }
}

/// The printed line is the main line (shortest attack, longest defence) on random positions
/// whose mates are short enough to search exhaustively.
#[test]
fn random_lines_are_main_lines() {
    let mut rng = XorShift(0x0DD_BA11_5EED);
    let (mut checked, mut long, mut tried) = (0, 0, 0);
    let budget = MateLimits { time_ms: None, nodes: Some(20_000), stop: None, threads: 1, first_line: false };
    while tried < 4_000 && checked < 24 {
        let Some(p) = random_tsume(&mut rng) else { continue };
        tried += 1;
        if let MateResult::Mate(line) = solve(&p, budget.clone())
            && line.len() <= 9
        {
            checked += 1;
            long += usize::from(line.len() >= 5);
            check_main_line(&p, &line);
        }
    }
    assert!(checked == 24 && long >= 8, "{checked} lines, {long} of 5 plies or more: the test is too weak");
}

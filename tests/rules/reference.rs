//! Differential test: the bitboard generator against a slow, obviously-correct reference written
//! here from the rules alone (direction lists, "generate then test the king", uchifuzume by
//! trying every reply), over random games; and make/unmake restoring position and key exactly.

use crate::common;

use common::Rng;
use proptest::prelude::*;
use shogiban::core::*;
use std::collections::BTreeSet;

/// (file delta, rank delta, slides) for sente; gote mirrors the rank delta.
fn steps(kind: PieceKind) -> Vec<(i32, i32, bool)> {
    use PieceKind::*;
    let gold =
        vec![(-1, -1, false), (0, -1, false), (1, -1, false), (-1, 0, false), (1, 0, false), (0, 1, false)];
    let king8 = vec![
        (-1, -1, false),
        (0, -1, false),
        (1, -1, false),
        (-1, 0, false),
        (1, 0, false),
        (-1, 1, false),
        (0, 1, false),
        (1, 1, false),
    ];
    match kind {
        Pawn => vec![(0, -1, false)],
        Lance => vec![(0, -1, true)],
        Knight => vec![(-1, -2, false), (1, -2, false)],
        Silver => vec![(-1, -1, false), (0, -1, false), (1, -1, false), (-1, 1, false), (1, 1, false)],
        Gold | ProPawn | ProLance | ProKnight | ProSilver => gold,
        King => king8,
        Bishop => vec![(-1, -1, true), (1, -1, true), (-1, 1, true), (1, 1, true)],
        Rook => vec![(0, -1, true), (0, 1, true), (-1, 0, true), (1, 0, true)],
        Horse => {
            let mut v = steps(Bishop);
            v.extend([(0, -1, false), (0, 1, false), (-1, 0, false), (1, 0, false)]);
            v
        }
        Dragon => {
            let mut v = steps(Rook);
            v.extend([(-1, -1, false), (1, -1, false), (-1, 1, false), (1, 1, false)]);
            v
        }
    }
}

fn reach(p: &Position, from: Square) -> Vec<Square> {
    let pc = p.piece_at(from);
    let kind = pc.kind().unwrap();
    let sign = if pc.color() == Color::Black { 1 } else { -1 };
    let mut out = vec![];
    for (df, dr, slide) in steps(kind) {
        let (mut f, mut r) = (from.file() as i32, from.rank() as i32);
        loop {
            f += df;
            r += dr * sign;
            if !(1..=9).contains(&f) || !(1..=9).contains(&r) {
                break;
            }
            let sq = Square::new(f as u8, r as u8).unwrap();
            out.push(sq);
            if !slide || !p.piece_at(sq).is_empty() {
                break;
            }
        }
    }
    out
}

fn attacked(p: &Position, by: Color, target: Square) -> bool {
    Square::all().any(|s| {
        let pc = p.piece_at(s);
        !pc.is_empty() && pc.color() == by && reach(p, s).contains(&target)
    })
}

fn last_ranks(c: Color, kind: PieceKind, rank: u8) -> bool {
    let rel = if c == Color::Black { rank } else { 10 - rank };
    match kind {
        PieceKind::Pawn | PieceKind::Lance => rel == 1,
        PieceKind::Knight => rel <= 2,
        _ => false,
    }
}

fn reference_moves(p: &Position, check_uchifuzume: bool) -> BTreeSet<String> {
    let us = p.side_to_move();
    let mut cands = vec![];
    for from in Square::all() {
        let pc = p.piece_at(from);
        if pc.is_empty() || pc.color() != us {
            continue;
        }
        let kind = pc.kind().unwrap();
        for to in reach(p, from) {
            let t = p.piece_at(to);
            if !t.is_empty() && t.color() == us {
                continue;
            }
            let zone = from.in_zone(us) || to.in_zone(us);
            if kind.can_promote() && zone {
                cands.push(Move::board(from, to, true));
            }
            if !last_ranks(us, kind, to.rank()) {
                cands.push(Move::board(from, to, false));
            }
        }
    }
    for kind in PieceKind::HAND {
        if p.hand(us).count(kind) == 0 {
            continue;
        }
        for to in Square::all() {
            if !p.piece_at(to).is_empty() || last_ranks(us, kind, to.rank()) {
                continue;
            }
            if kind == PieceKind::Pawn
                && (1..=9).any(|r| {
                    let q = p.piece_at(Square::new(to.file(), r).unwrap());
                    q == Piece::new(us, PieceKind::Pawn)
                })
            {
                continue;
            }
            cands.push(Move::drop(kind, to));
        }
    }
    let mut out = BTreeSet::new();
    for m in cands {
        let mut q = p.clone();
        q.do_move(m);
        if let Some(k) = q.king_square(us)
            && attacked(&q, !us, k)
        {
            continue;
        }
        if check_uchifuzume && m.drop_kind() == Some(PieceKind::Pawn) {
            let them = !us;
            let gives_check = q.king_square(them).is_some_and(|k| attacked(&q, us, k));
            if gives_check && reference_moves(&q, false).is_empty() {
                continue;
            }
        }
        out.insert(m.usi());
    }
    out
}

fn fast_moves(p: &Position) -> BTreeSet<String> {
    p.legal_moves().iter().map(|m| m.usi()).collect()
}

const STARTS: [&str; 5] = common::RANDOM_STARTS;

/// Plays a random game, checking the generator against the reference at every ply, then undoes
/// it all and checks the position and key are restored at every step.
fn random_game(seed: u64, start: &str, plies: usize, compare: bool) {
    let mut rng = Rng(seed | 1);
    let mut p = Position::from_sfen(start).unwrap();
    let mut trail = vec![];
    for _ in 0..plies {
        let fast = fast_moves(&p);
        if compare {
            let slow = reference_moves(&p, true);
            assert_eq!(fast, slow, "move sets differ in {}", p.to_sfen());
        }
        if fast.is_empty() {
            break;
        }
        let moves = p.legal_moves();
        // prefer captures and drops now and then to reach busy positions
        let m = moves.as_slice()[(rng.next() % moves.len() as u64) as usize];
        for &x in moves.iter() {
            assert_eq!(p.key_after(x), {
                let mut q = p.clone();
                q.do_move(x);
                q.key()
            });
        }
        trail.push((p.to_sfen(), p.key()));
        p.do_move(m);
        assert_eq!(p.key(), p.compute_key(), "incremental key after {m}");
        let checked = p.king_square(p.side_to_move()).is_some_and(|k| attacked(&p, !p.side_to_move(), k));
        assert_eq!(p.in_check(), checked);
    }
    while let Some((sfen, key)) = trail.pop() {
        p.undo_move();
        assert_eq!(p.to_sfen(), sfen);
        assert_eq!(p.key(), key);
    }
}

#[test]
fn reference_agrees_on_fixed_positions() {
    for s in STARTS {
        let p = Position::from_sfen(s).unwrap();
        assert_eq!(fast_moves(&p), reference_moves(&p, true), "{s}");
    }
    for s in [
        "8k/9/7+R1/9/9/9/9/9/K8 b P 1",
        "4R2sk/9/6G2/7N1/9/9/9/9/4K4 b P 1",
        "ln2+r1r2/5s+Pkl/3+B1p1p1/p4B2p/2P6/P6PP/1PNP1P3/2G3SK1/L4G1NL w 2GSN3Ps3p 76",
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    ] {
        let p = Position::from_sfen(s).unwrap();
        assert_eq!(fast_moves(&p), reference_moves(&p, true), "{s}");
    }
}

fn config() -> ProptestConfig {
    ProptestConfig { cases: 24, ..ProptestConfig::default() }
}

#[test]
fn the_saved_failing_case_is_run_again() {
    // tests/proptest-regressions/reference.txt: a game from the fourth start position
    assert_eq!(crate::common::saved_failure_count(&config(), file!()), 1);
}

/// Every file of saved cases is where proptest reads it: `tests/proptest-regressions/NAME.txt`
/// beside the test binary folder that holds `NAME.rs` (proptest climbs from the test's source
/// to the first folder with a `main.rs`, then takes the sibling `proptest-regressions/`).
#[test]
fn every_file_of_saved_cases_belongs_to_a_property_test() {
    let tests = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let binaries: Vec<std::path::PathBuf> = std::fs::read_dir(&tests)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|d| d.join("main.rs").is_file())
        .collect();
    for dir in &binaries {
        for entry in std::fs::read_dir(dir).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            assert!(!name.contains("proptest-regressions"), "{}/{name} is never read", dir.display());
        }
    }
    for entry in std::fs::read_dir(tests.join("proptest-regressions")).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let sources: Vec<_> =
            binaries.iter().map(|d| d.join(format!("{stem}.rs"))).filter(|s| s.is_file()).collect();
        assert_eq!(sources.len(), 1, "{} belongs to {sources:?}", path.display());
        let text = std::fs::read_to_string(&sources[0]).unwrap();
        assert!(text.contains("proptest!"), "{} has no property test", sources[0].display());
    }
}

proptest! {
    #![proptest_config(config())]
    #[test]
    fn random_games_match_reference(seed in any::<u64>(), start in 0usize..STARTS.len()) {
        random_game(seed, STARTS[start], 60, true);
    }

    #[test]
    fn make_unmake_restores_everything(seed in any::<u64>(), start in 0usize..STARTS.len()) {
        random_game(seed, STARTS[start], 200, false);
    }
}

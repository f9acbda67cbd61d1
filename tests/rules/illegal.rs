//! `Position::why_illegal`: the reason it gives for each kind of illegal move, and exact
//! agreement with `is_legal` (Ok exactly when legal) over random positions and moves.

use crate::common;

use common::Rng;
use proptest::prelude::*;
use shogiban::core::*;

fn pos(sfen: &str) -> Position {
    Position::from_sfen(sfen).unwrap()
}

fn sq(usi: &str) -> Square {
    Square::from_usi(usi).unwrap()
}

fn why(p: &Position, usi: &str) -> Result<(), IllegalMove> {
    p.why_illegal(Move::from_usi(usi).unwrap())
}

#[test]
fn legal_moves_are_ok() {
    let p = Position::startpos();
    for &m in p.legal_moves().iter() {
        assert_eq!(p.why_illegal(m), Ok(()), "{m}");
    }
}

#[test]
fn nifu_names_the_file_and_the_pawn() {
    let p = pos("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    assert_eq!(why(&p, "P*5e"), Err(IllegalMove::Nifu { file: 5, pawn: sq("5g") }));
    // a promoted pawn on the file does not count
    let p = pos("4k4/9/9/9/9/9/4+P4/9/4K4 b P 1");
    assert_eq!(why(&p, "P*5e"), Ok(()));
}

#[test]
fn uchifuzume_is_named() {
    let p = pos("8k/9/6NS1/9/9/9/9/9/4K4 b P 1");
    assert_eq!(why(&p, "P*1b"), Err(IllegalMove::Uchifuzume { to: sq("1b") }));
}

#[test]
fn pinned_piece_names_its_pinner() {
    // the gold on 5h is pinned by the rook on 5a
    let p = pos("4r3k/9/9/9/9/9/9/4G4/4K4 b - 1");
    assert_eq!(
        why(&p, "5h4h"),
        Err(IllegalMove::Pinned {
            from: sq("5h"),
            kind: PieceKind::Gold,
            pinner: sq("5a"),
            pinner_kind: PieceKind::Rook
        })
    );
    assert_eq!(why(&p, "5h5g"), Ok(()));
}

#[test]
fn king_into_check_names_the_attacker() {
    // the lance on 6a covers the whole 6 file
    let p = pos("3l4k/9/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(
        why(&p, "5i6i"),
        Err(IllegalMove::KingIntoCheck { to: sq("6i"), attacker: sq("6a"), attacker_kind: PieceKind::Lance })
    );
    // stepping back along a checking rook's line
    let p = pos("4r3k/9/9/9/9/9/9/4K4/9 b - 1");
    assert_eq!(
        why(&p, "5h5i"),
        Err(IllegalMove::KingIntoCheck { to: sq("5i"), attacker: sq("5a"), attacker_kind: PieceKind::Rook })
    );
}

#[test]
fn ignoring_a_check_names_the_checker() {
    let p = pos("4r3k/9/9/9/9/9/9/G8/4K4 b - 1");
    assert_eq!(
        why(&p, "9h9g"),
        Err(IllegalMove::LeavesKingInCheck { checker: sq("5a"), checker_kind: PieceKind::Rook })
    );
    // a drop that does not interpose
    let p = pos("4r3k/9/9/9/9/9/9/9/4K4 b G 1");
    assert_eq!(
        why(&p, "G*1e"),
        Err(IllegalMove::LeavesKingInCheck { checker: sq("5a"), checker_kind: PieceKind::Rook })
    );
    assert_eq!(why(&p, "G*5e"), Ok(()));
}

#[test]
fn pinned_piece_cannot_capture_the_checker() {
    // the gold on 6h is pinned by the bishop on 8f; the checking gold on 5h is protected
    let p = pos("8k/9/9/9/9/1b7/5s3/3Gg4/4K4 b - 1");
    assert_eq!(
        why(&p, "6h5h"),
        Err(IllegalMove::Pinned {
            from: sq("6h"),
            kind: PieceKind::Gold,
            pinner: sq("8f"),
            pinner_kind: PieceKind::Bishop
        })
    );
}

#[test]
fn dead_pieces() {
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b NLP 1");
    assert_eq!(why(&p, "N*5b"), Err(IllegalMove::DeadDrop { kind: PieceKind::Knight, to: sq("5b") }));
    assert_eq!(why(&p, "L*1a"), Err(IllegalMove::DeadDrop { kind: PieceKind::Lance, to: sq("1a") }));
    assert_eq!(why(&p, "N*5c"), Ok(()));
    let p = pos("k8/9/6N2/4P4/9/9/9/9/4K4 b - 1");
    assert_eq!(why(&p, "3c2a"), Err(IllegalMove::MustPromote { kind: PieceKind::Knight, to: sq("2a") }));
    assert_eq!(why(&p, "3c2a+"), Ok(()));
    // gote's dead ranks are at the bottom
    let p = pos("4k4/9/9/9/9/9/9/9/K8 w n 1");
    assert_eq!(why(&p, "N*5h"), Err(IllegalMove::DeadDrop { kind: PieceKind::Knight, to: sq("5h") }));
}

#[test]
fn source_and_hand_problems() {
    let p = Position::startpos();
    assert_eq!(why(&p, "P*5e"), Err(IllegalMove::NotInHand { kind: PieceKind::Pawn }));
    assert_eq!(why(&p, "5e5d"), Err(IllegalMove::EmptySource { from: sq("5e") }));
    assert_eq!(
        why(&p, "3c3d"),
        Err(IllegalMove::NotYourPiece { from: sq("3c"), piece: Piece::new(Color::White, PieceKind::Pawn) })
    );
    assert_eq!(why(&p, "6i5i"), Err(IllegalMove::OwnPieceOnTarget { to: sq("5i"), kind: PieceKind::King }));
    assert_eq!(
        why(&p, "7g7e"),
        Err(IllegalMove::CannotMoveThere { from: sq("7g"), kind: PieceKind::Pawn, to: sq("7e") })
    );
    assert_eq!(
        why(&p, "8h4d"),
        Err(IllegalMove::Blocked {
            from: sq("8h"),
            kind: PieceKind::Bishop,
            to: sq("4d"),
            by: sq("7g"),
            blocker: Piece::new(Color::Black, PieceKind::Pawn)
        })
    );
    assert_eq!(why(&p, "7g7f+"), Err(IllegalMove::PromotionOutsideZone { from: sq("7g"), to: sq("7f") }));
    assert_eq!(why(&p, "6i5h+"), Err(IllegalMove::CannotPromote { kind: PieceKind::Gold }));
    assert_eq!(p.why_illegal(Move::NONE), Err(IllegalMove::Malformed));
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b G 1");
    assert_eq!(
        why(&p, "G*5a"),
        Err(IllegalMove::DropOnOccupied { to: sq("5a"), piece: Piece::new(Color::White, PieceKind::King) })
    );
}

// ----- agreement with is_legal ----------------------------------------------------------------

/// The shared random-game starts, and one with a single king (tsume problems): no pins, no
/// checks against sente.
const STARTS: [&str; 6] = [
    common::RANDOM_STARTS[0],
    common::RANDOM_STARTS[1],
    common::RANDOM_STARTS[2],
    common::RANDOM_STARTS[3],
    common::RANDOM_STARTS[4],
    "7nk/7p1/9/8P/9/9/9/9/9 b GSNLP2r2b3g3s2n3l15p 1",
];

/// Every candidate a person could try: each of our pieces to every square, promoting or not,
/// every droppable kind on every square, plus moves of the opponent's pieces and random values.
fn candidates(p: &Position, rng: &mut Rng) -> Vec<Move> {
    let us = p.side_to_move();
    let mut out = vec![];
    for from in Square::all() {
        let pc = p.piece_at(from);
        if pc.is_empty() {
            continue;
        }
        // the opponent's pieces only now and then: they all get the same answer
        if pc.color() != us && !rng.next().is_multiple_of(8) {
            continue;
        }
        for to in Square::all() {
            out.push(Move::board(from, to, false));
            out.push(Move::board(from, to, true));
        }
    }
    for kind in PieceKind::ALL {
        for to in Square::all() {
            out.push(Move::drop(kind, to));
        }
    }
    for _ in 0..500 {
        out.push(Move::from_bits(rng.next() as u16));
    }
    out
}

fn check_agreement(p: &Position, rng: &mut Rng) -> usize {
    let mut legal = 0;
    for m in candidates(p, rng) {
        let ok = p.is_legal(m);
        assert_eq!(p.why_illegal(m).is_ok(), ok, "{m:?} in {}: {:?}", p.to_sfen(), p.why_illegal(m));
        legal += ok as usize;
    }
    for &m in p.legal_moves().iter() {
        assert_eq!(p.why_illegal(m), Ok(()), "{m:?} in {}", p.to_sfen());
    }
    legal
}

fn random_game(seed: u64, start: &str, plies: usize) {
    let mut rng = Rng(seed | 1);
    let mut p = pos(start);
    for _ in 0..plies {
        check_agreement(&p, &mut rng);
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        // prefer checks now and then, to reach positions in check
        let checks: Vec<Move> = moves.iter().copied().filter(|&m| p.gives_check(m)).collect();
        let m = if !checks.is_empty() && rng.next().is_multiple_of(3) {
            checks[(rng.next() % checks.len() as u64) as usize]
        } else {
            moves.as_slice()[(rng.next() % moves.len() as u64) as usize]
        };
        p.do_move(m);
    }
}

#[test]
fn agrees_with_is_legal_on_every_16_bit_value_in_check() {
    for s in [
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
        "8k/9/9/9/9/1b7/5s3/3Gg4/4K4 b - 1",
        "4r3k/9/9/9/9/9/9/4K4/9 b GP 1",
    ] {
        let p = pos(s);
        for v in 0..=u16::MAX {
            let m = Move::from_bits(v);
            assert_eq!(p.why_illegal(m).is_ok(), p.is_legal(m), "{m:?} in {s}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]
    #[test]
    fn agrees_with_is_legal_in_random_games(seed in any::<u64>(), start in 0usize..STARTS.len()) {
        random_game(seed, STARTS[start], 40);
    }
}

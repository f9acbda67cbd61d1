//! SFEN parsing and printing: round trips, and each malformed SFEN refused with its own message.

use shogiban::core::*;

#[test]
fn round_trips() {
    for s in [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
        "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
        "4k4/9/9/9/9/9/9/9/9 b 2R 1",
    ] {
        let p = Position::from_sfen(s).unwrap();
        assert_eq!(p.to_sfen(), s);
        assert_eq!(p.key(), p.compute_key());
    }
}

#[test]
fn accepts_prefix_and_missing_move_number() {
    let p =
        Position::from_sfen("sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -").unwrap();
    assert_eq!(p, Position::startpos());
}

#[test]
fn hand_order_is_canonical() {
    let p = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b p2PGrR 1").unwrap();
    assert_eq!(p.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 b RG2Prp 1");
}

fn err(s: &str) -> String {
    match Position::from_sfen(s) {
        Ok(_) => panic!("accepted malformed SFEN {s}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn malformed_sfens_name_the_problem() {
    let cases = [
        ("", "empty"),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1", "bad rank count"),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1", "too many squares"),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/8/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "too few squares"),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/4X4/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "unknown piece 'X'"),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/4+G4/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "cannot be promoted"),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1", "side to move"),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2Q 1", "pieces in hand"),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - x", "move number"),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1",
            "too many pieces of a kind: 19 pawns",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b G 1",
            "too many pieces of a kind: 5 golds",
        ),
        ("4k4/9/9/9/9/9/9/9/4K4 b 3R 1", "too many pieces of a kind"),
        ("4k4/9/9/9/4K4/9/9/9/4K4 b - 1", "more than one king"),
        ("P3k4/9/9/9/9/9/9/9/4K4 b - 1", "could never move again"),
        ("L3k4/9/9/9/9/9/9/9/4K4 b - 1", "could never move again"),
        ("4k4/N8/9/9/9/9/9/9/4K4 b - 1", "could never move again"),
        ("4k4/9/9/9/9/9/9/9/p3K4 b - 1", "could never move again"),
        ("4k4/9/9/9/P8/P8/9/9/4K4 b - 1", "nifu"),
        ("4k4/9/9/9/9/9/9/4r4/4K4 w - 1", "the side not to move is in check"),
        ("4k4/9/9/9/9/9/9/9/4K4 b - 1 extra", "unexpected text"),
    ];
    for (s, want) in cases {
        let e = err(s);
        assert!(e.contains(want), "{s:?}: message {e:?} should mention {want:?}");
    }
}

#[test]
fn nifu_ignores_tokin_and_other_side() {
    assert!(Position::from_sfen("4k4/9/9/9/+P8/P8/9/9/4K4 b - 1").is_ok());
    assert!(Position::from_sfen("4k4/9/9/9/p8/P8/9/9/4K4 b - 1").is_ok());
}

#[test]
fn tsume_positions_without_attacker_king() {
    let p = Position::from_sfen("7nk/9/7S1/9/9/9/9/9/9 b G 1").unwrap();
    assert!(p.king_square(Color::Black).is_none());
    assert!(!p.legal_moves().is_empty());
}

#[test]
fn from_parts_matches_from_sfen_and_validates() {
    let p =
        Position::from_sfen("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1").unwrap();
    let hands = [*p.hand(Color::Black), *p.hand(Color::White)];
    let q = Position::from_parts(&p.board(), &hands, p.side_to_move(), true).unwrap();
    assert_eq!(p, q);
    assert_eq!(p.key(), q.key());
    // the same checks as SFEN: nifu
    let bad = Position::from_sfen("4k4/9/9/9/P8/9/9/9/4K4 b - 1").unwrap();
    let mut board = bad.board();
    board[Square::new(9, 6).unwrap().index()] = Piece::new(Color::Black, PieceKind::Pawn);
    let e = Position::from_parts(&board, &[Hand::default(); 2], Color::Black, true).unwrap_err();
    assert!(e.to_string().contains("nifu"), "{e}");
}

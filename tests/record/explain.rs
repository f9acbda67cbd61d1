//! Typed reasons for refused typed moves (record's move parser over core's `why_illegal`) and
//! their sentences in English and Japanese.

use shogiban::core::*;
use shogiban::record::explain::{Language, describe, describe_parse};
use shogiban::record::{MoveParseReason, parse_move_any};

fn pos(sfen: &str) -> Position {
    Position::from_sfen(sfen).unwrap()
}

fn sq(usi: &str) -> Square {
    Square::from_usi(usi).unwrap()
}

fn reason(p: &Position, text: &str) -> MoveParseReason {
    parse_move_any(p, text, None).unwrap_err().reason
}

#[test]
fn no_piece_can_reach() {
    let p = Position::startpos();
    assert_eq!(reason(&p, "55飛"), MoveParseReason::NoPieceCanReach { kind: PieceKind::Rook, to: sq("5e") });
    let e = parse_move_any(&p, "55飛", None).unwrap_err();
    assert_eq!(e.describe(Language::En), "no 飛 can reach ５五");
    assert_eq!(e.describe(Language::Ja), "５五へ行ける飛はありません");
    assert_eq!(reason(&p, "55馬"), MoveParseReason::NoSuchPiece { kind: PieceKind::Horse });
}

#[test]
fn a_single_blocked_slider_names_the_blocker() {
    let p = Position::startpos();
    assert_eq!(
        reason(&p, "24飛"),
        MoveParseReason::Illegal(IllegalMove::Blocked {
            from: sq("2h"),
            kind: PieceKind::Rook,
            to: sq("2d"),
            by: sq("2g"),
            blocker: Piece::new(Color::Black, PieceKind::Pawn)
        })
    );
}

#[test]
fn ambiguous_names_the_count_and_lists_the_moves() {
    let p = pos("4k4/9/9/9/9/9/9/9/3G1G2K b - 1");
    let e = parse_move_any(&p, "58金", None).unwrap_err();
    assert_eq!(
        e.reason,
        MoveParseReason::Ambiguous {
            kind: PieceKind::Gold,
            to: sq("5h"),
            count: 2,
            modifiers: vec!['右', '左']
        }
    );
    assert_eq!(e.describe(Language::En), "two 金 can reach ５八: add 右 or 左 to say which");
    assert_eq!(e.describe(Language::Ja), "５八へ行ける金が2つあります: 右・左 で区別してください");
    assert_eq!(e.candidates, ["▲５八金右", "▲５八金左"]);
}

#[test]
fn the_hint_lists_only_the_modifiers_that_tell_the_moves_apart() {
    // silvers on 5四 and 3二 both reach 4三: one moves up, the other back
    let p = pos("4k4/6S2/9/4S4/9/9/9/9/4K4 b - 1");
    let e = parse_move_any(&p, "43銀", None).unwrap_err();
    let MoveParseReason::Ambiguous { modifiers, .. } = &e.reason else { panic!("{e}") };
    assert_eq!(modifiers, &['上', '引']);
    assert_eq!(e.describe(Language::En), "two 銀 can reach ４三: add 上 or 引 to say which");
    // three golds: 右, 左 and 直 tell them apart
    let p = pos("4k4/9/9/9/9/9/9/9/3GGG2K b - 1");
    let e = parse_move_any(&p, "58金", None).unwrap_err();
    assert_eq!(e.describe(Language::En), "three 金 can reach ５八: add 右, 左 or 直 to say which", "{e:?}");
}

#[test]
fn a_typed_forced_promotion_is_played_promoted() {
    // a pawn or lance to the last rank, a knight to the last two: only the promotion is legal
    let p = pos("4k4/P8/9/2N6/L8/9/9/9/4K4 b - 1");
    for (text, usi) in [("91歩", "9b9a+"), ("９一歩", "9b9a+"), ("82桂", "7d8b+"), ("93香", "9e9c")] {
        let m = parse_move_any(&p, text, None).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(m.usi(), usi, "{text}");
    }
    // written 不成 where it cannot be: refused with the rule
    assert_eq!(
        reason(&p, "91歩不成"),
        MoveParseReason::Illegal(IllegalMove::MustPromote { kind: PieceKind::Pawn, to: sq("9a") })
    );
    // where promotion is a choice, the unwritten move stays unpromoted
    let p = pos("4k4/9/P8/9/9/9/9/9/4K4 b - 1");
    assert_eq!(parse_move_any(&p, "92歩", None).unwrap().usi(), "9c9b");
}

#[test]
fn drops_without_the_piece_and_forbidden_drops() {
    let p = Position::startpos();
    assert_eq!(
        reason(&p, "55角打"),
        MoveParseReason::Illegal(IllegalMove::NotInHand { kind: PieceKind::Bishop })
    );
    // 二歩: the only pawn in reach is the drop, and file 5 has a pawn
    let p = pos("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    let e = parse_move_any(&p, "55歩", None).unwrap_err();
    assert_eq!(e.reason, MoveParseReason::Illegal(IllegalMove::Nifu { file: 5, pawn: sq("5g") }));
    assert_eq!(e.describe(Language::En), "二歩: a pawn of yours already stands on file ５ (on ５七)");
    // 打ち歩詰め
    let p = pos("8k/9/6NS1/9/9/9/9/9/4K4 b P 1");
    assert_eq!(reason(&p, "12歩打"), MoveParseReason::Illegal(IllegalMove::Uchifuzume { to: sq("1b") }));
    // 行き所のない駒
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b N 1");
    let e = parse_move_any(&p, "52桂", None).unwrap_err();
    assert_eq!(e.describe(Language::En), "行き所のない駒: a 桂 dropped on rank 二 could never move");
}

#[test]
fn pinned_and_king_moves_in_every_notation() {
    let p = pos("4r3k/9/9/9/9/9/9/4G4/4K4 b - 1");
    let pinned = IllegalMove::Pinned {
        from: sq("5h"),
        kind: PieceKind::Gold,
        pinner: sq("5a"),
        pinner_kind: PieceKind::Rook,
    };
    for text in ["48金", "４八金(58)", "+5848KI", "5h4h"] {
        assert_eq!(reason(&p, text), MoveParseReason::Illegal(pinned), "{text}");
    }
    assert_eq!(describe(&pinned, Language::En), "the 金 on ５八 is pinned by the 飛 on ５一");
    let p = pos("3l4k/9/9/9/9/9/9/9/4K4 b - 1");
    let e = parse_move_any(&p, "69玉", None).unwrap_err();
    assert_eq!(e.describe(Language::En), "your king would be in check on ６九 from the 香 on ６一");
}

#[test]
fn promotion_written_where_it_cannot_be() {
    let p = Position::startpos();
    assert_eq!(
        reason(&p, "76歩成"),
        MoveParseReason::Illegal(IllegalMove::PromotionOutsideZone { from: sq("7g"), to: sq("7f") })
    );
    let p = pos("k8/9/6N2/9/9/9/9/9/4K4 b - 1");
    assert_eq!(
        reason(&p, "21桂不成"),
        MoveParseReason::Illegal(IllegalMove::MustPromote { kind: PieceKind::Knight, to: sq("2a") })
    );
}

#[test]
fn text_problems_read_in_both_languages() {
    let p = Position::startpos();
    for (text, want) in [
        ("", MoveParseReason::Empty),
        ("hello", MoveParseReason::NotMoveText),
        ("同歩", MoveParseReason::NoPreviousMove),
        ("７六", MoveParseReason::ExpectedPiece),
        ("△34歩", MoveParseReason::WrongSide { turn: Color::Black }),
        ("+7776XX", MoveParseReason::UnknownCsaPiece("XX".into())),
        (
            "+7776KA",
            MoveParseReason::NotOnBoard {
                kind: PieceKind::Bishop,
                on_board: PieceKind::Pawn,
                from: sq("7g"),
            },
        ),
    ] {
        let got = reason(&p, text);
        assert_eq!(got, want, "{text}");
        assert!(
            !describe_parse(&got, Language::En).is_empty() && !describe_parse(&got, Language::Ja).is_empty()
        );
    }
}

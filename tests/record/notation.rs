//! Move notation: KIF and KI2 golden cases (the JSA's modifier cases, 上 引 寄 右 左 直, for both
//! sides), parsing in all its forms, and a property test that every legal move's KIF, KI2,
//! CSA and USI text parses back to the same move.

use proptest::prelude::*;
use shogiban::core::{Move, Position};
use shogiban::record::notation::{csa_move, ki2_move, ki2_move_marked, kif_move, kif_move_marked};
use shogiban::record::{parse_csa_move, parse_japanese_move, parse_move_any, pv_ki2};

fn pos(sfen: &str) -> Position {
    Position::from_sfen(sfen).unwrap()
}

fn usi(p: &Position, s: &str) -> Move {
    p.parse_usi_move(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Checks the KI2 text of a move and that the text parses back to it.
fn ki2(sfen: &str, mv: &str, expected: &str) {
    let p = pos(sfen);
    let m = usi(&p, mv);
    assert_eq!(ki2_move(&p, m, None), expected, "{sfen} {mv}");
    assert_eq!(parse_japanese_move(&p, expected, None).unwrap(), m, "{expected}");
}

#[test]
fn ki2_golds_sente_movement_and_relative() {
    // golds 4八 and 6九 → 5八: the movement alone tells them apart
    let s = "4k4/9/9/9/9/9/9/5G3/3G4K b - 1";
    ki2(s, "4h5h", "５八金寄");
    ki2(s, "6i5h", "５八金上");
    // golds 4九 and 6九 → 5八: both move up, so right/left
    let s = "4k4/9/9/9/9/9/9/9/3G1G2K b - 1";
    ki2(s, "4i5h", "５八金右");
    ki2(s, "6i5h", "５八金左");
    // three golds: the middle one goes straight (直)
    let s = "4k4/9/9/9/9/9/9/9/3GGG2K b - 1";
    ki2(s, "5i5h", "５八金直");
    ki2(s, "4i5h", "５八金右");
    ki2(s, "6i5h", "５八金左");
}

#[test]
fn ki2_golds_gote_mirror() {
    // gote golds 6二 and 4一 → 5二
    let s = "k4g3/3g5/9/9/9/9/9/9/4K4 w - 1";
    ki2(s, "6b5b", "５二金寄");
    ki2(s, "4a5b", "５二金上");
    // gote golds 6一 and 4一 → 5二: gote's right is the higher file
    let s = "k2g1g3/9/9/9/9/9/9/9/4K4 w - 1";
    ki2(s, "6a5b", "５二金右");
    ki2(s, "4a5b", "５二金左");
    let s = "k2ggg3/9/9/9/9/9/9/9/4K4 w - 1";
    ki2(s, "5a5b", "５二金直");
    ki2(s, "6a5b", "５二金右");
    ki2(s, "4a5b", "５二金左");
}

#[test]
fn ki2_back_moves_horse_dragon_drops_promotion() {
    // silvers 4七 and 6九 → 5八: 引 and 上
    let s = "4k4/9/9/9/9/9/5S3/9/3S4K b - 1";
    ki2(s, "4g5h", "５八銀引");
    ki2(s, "6i5h", "５八銀上");
    // dragons on the first rank moving sideways: 右/左, never 直
    let s = "+R7+R/9/9/9/4k4/9/9/9/4K4 b - 1";
    ki2(s, "1a5a", "５一龍右");
    ki2(s, "9a5a", "５一龍左");
    // horses both moving back: 右/左
    let s = "+B7+B/9/4k4/9/9/9/9/9/4K4 b - 1";
    ki2(s, "1a5e", "５五馬右");
    ki2(s, "9a5e", "５五馬左");
    // dragons on one file: 引 and 上
    let s = "4+R4/9/k8/9/9/9/9/9/4+R3K b - 1";
    ki2(s, "5a5e", "５五龍引");
    ki2(s, "5i5e", "５五龍上");
    // gote dragons mirrored
    let s = "+r7+r/9/9/9/4K4/9/9/9/4k4 w - 1";
    ki2(s, "1a5a", "５一龍左");
    ki2(s, "9a5a", "５一龍右");
    // 打 only when a board piece could also move there
    let s = "4k4/9/9/9/9/9/9/9/4G3K b G 1";
    ki2(s, "G*5h", "５八金打");
    ki2(s, "5i5h", "５八金");
    ki2(s, "G*1e", "１五金");
    // 成 / 不成 only when promotion is possible
    let s = "4k4/9/9/6S2/6N2/9/9/9/8K b - 1";
    ki2(s, "3d2c+", "２三銀成");
    ki2(s, "3d2c", "２三銀不成");
    ki2(s, "3e2c+", "２三桂成");
    ki2(s, "3e2c", "２三桂不成");
    ki2(s, "3d4e", "４五銀");
}

/// A line's KI2 text with the side marks, as `shogiban mate` prints it.
fn ki2_line(sfen: &str, line: &[&str]) -> String {
    let p = pos(sfen);
    let moves: Vec<Move> = line.iter().map(|u| Move::from_usi(u).unwrap()).collect();
    pv_ki2(&p, &moves).join(" ")
}

#[test]
fn ki2_line_simple_moves_and_same_square() {
    let s = shogiban::core::START_SFEN;
    assert_eq!(ki2_line(s, &["7g7f", "3c3d", "8h2b+", "3a2b"]), "▲７六歩 △３四歩 ▲２二角成 △同　銀");
}

#[test]
fn ki2_line_golds() {
    // golds on 4八 and 6九 to 5八: 寄 / 上
    let s = "4k4/9/9/9/9/9/9/5G3/3G1K3 b - 1";
    assert_eq!(ki2_line(s, &["4h5h"]), "▲５八金寄");
    assert_eq!(ki2_line(s, &["6i5h"]), "▲５八金上");
    // golds on 4九 and 6九 to 5八: 右 / 左
    let s = "4k4/9/9/9/9/9/9/9/3G1G3 b - 1";
    assert_eq!(ki2_line(s, &["4i5h"]), "▲５八金右");
    assert_eq!(ki2_line(s, &["6i5h"]), "▲５八金左");
    // golds on 5九 and 4九 to 5八: 直 / 右
    let s = "4k4/9/9/9/9/9/9/9/4GG3 b - 1";
    assert_eq!(ki2_line(s, &["5i5h"]), "▲５八金直");
    assert_eq!(ki2_line(s, &["4i5h"]), "▲５八金右");
}

#[test]
fn ki2_line_drops_and_promotion_marks() {
    // a drop is 打 only when a board piece of that kind could go there too
    let s = "4k4/9/9/9/9/9/9/9/4K4 b G 1";
    assert_eq!(ki2_line(s, &["G*5b"]), "▲５二金");
    let s = "4k4/9/9/9/9/9/9/9/3GK4 b G 1";
    assert_eq!(ki2_line(s, &["G*5h"]), "▲５八金打");
    // a silver entering the zone without promoting is 不成
    let s = "4k4/9/9/4S4/9/9/9/9/4K4 b - 1";
    assert_eq!(ki2_line(s, &["5d5c"]), "▲５三銀不成");
    assert_eq!(ki2_line(s, &["5d5c+"]), "▲５三銀成");
}

#[test]
fn kif_texts() {
    let mut p = Position::startpos();
    let m = usi(&p, "7g7f");
    assert_eq!(kif_move(&p, m, None), "７六歩(77)");
    assert_eq!(kif_move_marked(&p, m, None), "▲７六歩(77)");
    assert_eq!(csa_move(&p, m), "+7776FU");
    p.do_move(m);
    let m = usi(&p, "3c3d");
    p.do_move(m);
    let m = usi(&p, "8h2b+");
    assert_eq!(kif_move(&p, m, p.last_move().map(|m| m.to())), "２二角成(88)");
    assert_eq!(csa_move(&p, m), "+8822UM");
    p.do_move(m);
    let m = usi(&p, "3a2b");
    assert_eq!(kif_move(&p, m, Some(m.to())), "同　銀(31)");
    assert_eq!(ki2_move_marked(&p, m, Some(m.to())), "△同　銀");
    p.do_move(m);
    let m = usi(&p, "B*5e");
    assert_eq!(kif_move(&p, m, None), "５五角打");
    assert_eq!(csa_move(&p, m), "+0055KA");
    let p = pos("4k4/9/9/6S2/6N2/9/9/9/8K b - 1");
    assert_eq!(kif_move(&p, usi(&p, "3e2c"), None), "２三桂不成(35)");
    let p = pos("4k4/9/9/9/9/9/9/9/+S+N+L+PK4 b - 1");
    assert_eq!(kif_move(&p, usi(&p, "9i9h"), None), "９八成銀(99)");
    assert_eq!(kif_move(&p, usi(&p, "8i8h"), None), "８八成桂(89)");
    assert_eq!(kif_move(&p, usi(&p, "7i7h"), None), "７八成香(79)");
    assert_eq!(kif_move(&p, usi(&p, "6i6h"), None), "６八と(69)");
}

#[test]
fn parses_every_form() {
    let p = Position::startpos();
    let m = usi(&p, "7g7f");
    for text in [
        "7g7f",
        "7776FU",
        "+7776FU",
        "７六歩",
        "76歩",
        "７６歩",
        "七六歩",
        "▲７六歩",
        "７六歩(77)",
        "▲７六歩(77)",
        "7六歩",
    ] {
        assert_eq!(parse_move_any(&p, text, None).unwrap(), m, "{text}");
    }
    assert!(parse_move_any(&p, "-3334FU", None).is_err());
    assert!(parse_move_any(&p, "７五歩", None).is_err());
    assert!(parse_move_any(&p, "hello", None).is_err());
    // ambiguous: lists the candidates in KI2
    let p = pos("4k4/9/9/9/9/9/9/9/3G1G2K b - 1");
    let e = parse_move_any(&p, "58金", None).unwrap_err();
    assert_eq!(e.candidates.len(), 2, "{e}");
    assert!(e.to_string().contains("▲５八金右"), "{e}");
    assert_eq!(parse_move_any(&p, "58金右", None).unwrap(), usi(&p, "4i5h"));
    // 同 with and without the space, 不成 and its absence, 竜/龍, 王/玉, 打
    let p = pos("4k4/9/9/6S2/6N2/9/9/9/8K b - 1");
    assert_eq!(parse_move_any(&p, "2三桂不成", None).unwrap(), usi(&p, "3e2c"));
    assert_eq!(parse_move_any(&p, "２三桂(35)", None).unwrap(), usi(&p, "3e2c"));
    assert_eq!(parse_move_any(&p, "同桂成", Some(usi(&p, "3e2c").to())).unwrap(), usi(&p, "3e2c+"));
    assert_eq!(parse_move_any(&p, "同　銀成", Some(usi(&p, "3e2c").to())).unwrap(), usi(&p, "3d2c+"));
    assert!(parse_move_any(&p, "同銀", None).is_err());
    let p = pos("k8/9/9/9/4+R4/9/9/9/8K b B 1");
    assert!(parse_move_any(&p, "55竜", None).is_err(), "occupied by itself");
    assert_eq!(parse_move_any(&p, "５四竜", None).unwrap(), usi(&p, "5e5d"));
    assert!(parse_move_any(&p, "55角打", None).is_err());
    assert_eq!(parse_move_any(&p, "44角打", None).unwrap(), usi(&p, "B*4d"));
    assert_eq!(parse_move_any(&p, "１八王", None).unwrap(), usi(&p, "1i1h"));
    assert_eq!(parse_csa_move(&p, "+0044KA").unwrap(), usi(&p, "B*4d"));
}

/// A random legal game of up to `len` plies from `seed`.
fn random_positions(seed: u64, len: usize) -> Vec<Position> {
    let mut p = Position::startpos();
    let mut out = vec![p.clone()];
    let mut x = seed | 1;
    for _ in 0..len {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let m = moves.as_slice()[(x % moves.len() as u64) as usize];
        p.do_move(m);
        out.push(p.clone());
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn every_legal_move_round_trips(seed in any::<u64>()) {
        for p in random_positions(seed, 120).iter().step_by(7) {
            let prev = p.last_move().map(|m| m.to());
            for &m in p.legal_moves().iter() {
                for text in [kif_move(p, m, prev), ki2_move(p, m, prev), ki2_move_marked(p, m, prev)] {
                    let back = parse_japanese_move(p, &text, prev);
                    prop_assert_eq!(back.clone().ok(), Some(m), "{} {} {:?}", p.to_sfen(), text, back);
                }
                prop_assert_eq!(parse_csa_move(p, &csa_move(p, m)).ok(), Some(m));
                prop_assert_eq!(parse_move_any(p, &m.usi(), prev).ok(), Some(m));
            }
        }
    }
}

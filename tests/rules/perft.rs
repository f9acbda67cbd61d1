//! Perft counts from the reference suite (copied here; tests do not read ../shared).
//! Depth ≤ 3 runs in every `cargo test`; deeper counts are `#[ignore]`d
//! (run them with `cargo test --release -- --ignored`).

use shogiban::core::Position;
use shogiban::core::perft::{divide, perft};

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";
const MAX_MOVES: &str = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";
const KINGS_HANDS: &str = "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1";
const MIDDLE: &str = "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124";
const MATSURI2: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R2g2K2/LN4b1L w RGsn5p 3";
const PAWNS_HAND: &str = "lnsgkgsnl/1r5b1/9/9/9/9/9/1B5R1/LNSGKGSNL b 9P9p 1";
const CORNER: &str = "kl7/1p7/9/9/9/9/9/7P1/7LK b RB2G2S2N2L8Prb2g2s2nl8p 1";
const PINS: &str = "ln3gsn1/7kl/3+B1p1p1/p4s2p/2P6/P2B3PP/1PNP+rPP2/2G3SK1/L4G1NL b G3Prs3p 65";
const DOUBLE_CHECK: &str = "ln2+r1r2/5s+Pkl/3+B1p1p1/p4B2p/2P6/P6PP/1PNP1P3/2G3SK1/L4G1NL w 2GSN3Ps3p 76";
const MIXED: &str = "k+n7/sg7/9/9/9/9/+r5K1g/7L1/2LN1R1+Bb b RBGSNLP 1";

fn count(sfen: &str, depth: u32) -> u64 {
    // The suite includes positions with more pieces of a kind than one set holds.
    let mut pos = Position::from_sfen_allow_extra_pieces(sfen).expect("valid SFEN");
    perft(&mut pos, depth)
}

fn check(sfen: &str, expected: &[u64]) {
    for (i, &n) in expected.iter().enumerate() {
        assert_eq!(count(sfen, i as u32 + 1), n, "perft({}) of {sfen}", i + 1);
    }
}

#[test]
fn start() {
    check(START, &[30, 900, 25470]);
}
#[test]
fn matsuri() {
    check(MATSURI, &[207, 28684, 4809015]);
}
#[test]
fn max_moves() {
    check(MAX_MOVES, &[593, 105677, 53393368]);
}
#[test]
fn kings_and_hands() {
    check(KINGS_HANDS, &[524, 248257, 112911856]);
}
#[test]
fn middle_game() {
    check(MIDDLE, &[178, 18041, 2552846]);
}
#[test]
fn matsuri_variant() {
    check(MATSURI2, &[160, 20791, 2685299]);
}
#[test]
fn pawns_in_hand() {
    check(PAWNS_HAND, &[119, 13311, 1473109]);
}
#[test]
fn corner_kings() {
    check(CORNER, &[492, 229547, 102542667]);
}
#[test]
fn pins() {
    check(PINS, &[101, 15744, 1183354]);
}
#[test]
fn double_check() {
    check(DOUBLE_CHECK, &[2, 445]);
}
#[test]
fn mixed() {
    check(MIXED, &[45, 1148, 414441]);
}

#[test]
fn start_divide_sums_to_total() {
    let mut pos = Position::startpos();
    let d = divide(&mut pos, 3);
    assert_eq!(d.len(), 30);
    assert_eq!(d.iter().map(|x| x.1).sum::<u64>(), 25470);
}

#[test]
#[ignore = "slow: run with --release -- --ignored"]
fn start_deep() {
    check(START, &[30, 900, 25470, 719731, 19861490]);
    let mut pos = Position::startpos();
    let d = divide(&mut pos, 5);
    let get = |u: &str| d.iter().find(|x| x.0.usi() == u).unwrap().1;
    assert_eq!(get("7g7f"), 1099961);
    assert_eq!(get("2g2f"), 763797);
}

#[test]
#[ignore = "slow: run with --release -- --ignored"]
fn start_depth6() {
    assert_eq!(count(START, 6), 547581517);
}

#[test]
#[ignore = "slow: run with --release -- --ignored"]
fn depth4_suite() {
    assert_eq!(count(MATSURI, 4), 516925165);
    assert_eq!(count(MIDDLE, 4), 207741677);
    assert_eq!(count(MATSURI2, 4), 266976811);
    assert_eq!(count(PAWNS_HAND, 4), 158016152);
    assert_eq!(count(MIXED, 4), 13033326);
}

#[test]
#[ignore = "very slow: run with --release -- --ignored"]
fn max_moves_depth4() {
    assert_eq!(count(MAX_MOVES, 4), 9342410965);
}

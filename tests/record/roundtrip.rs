//! Round trips of every format: random legal game trees (random start: even, handicap or a
//! mid-game position; variations, comments, times and special endings) are written and read
//! back, and must give the same moves and tree (KIF, KI2, JKF) or main line (CSA, USI).

use crate::common;

use common::Rng;
use proptest::prelude::*;
use shogiban::core::{Color, Position};
use shogiban::record::io::{Format, read_text, write_text};
use shogiban::record::{GameRecord, HANDICAPS, MoveTime, NodeId, ROOT, Special, SpecialKind};

const COMMENTS: [&str; 5] = ["好手", "悪手？　疑問", "*解析 評価値 100", "a, b, c", "二行目"];

fn random_record(seed: u64) -> GameRecord {
    let mut r = Rng(seed | 1);
    let initial = match r.below(4) {
        0 | 1 => Position::startpos(),
        2 => HANDICAPS[r.below(HANDICAPS.len())].position(),
        _ => {
            let mut p = Position::startpos();
            for _ in 0..10 + r.below(40) {
                let ms = p.legal_moves();
                if ms.is_empty() {
                    break;
                }
                p.do_move(ms.as_slice()[r.below(ms.len())]);
            }
            Position::from_sfen(&p.to_sfen()).unwrap()
        }
    };
    let mut initial = initial;
    if r.below(3) == 0 {
        // a start position with its own move number (a position taken from a game)
        initial.set_move_number(1 + r.below(300) as u32);
    }
    let mut rec = GameRecord::new(initial);
    rec.set_header("開始日時", "2026/11/22 10:00:00");
    rec.set_header("先手", "Alice");
    rec.set_header("後手", "ボブ");
    if r.below(2) == 0 {
        rec.node_mut(ROOT).comments.push("開始".to_string());
    }
    let mut nodes = vec![ROOT];
    let extend = |rec: &mut GameRecord, r: &mut Rng, from: NodeId, len: usize, nodes: &mut Vec<NodeId>| {
        let mut n = from;
        let mut pos = rec.position_at(n);
        for _ in 0..len {
            let ms = pos.legal_moves();
            if ms.is_empty() {
                break;
            }
            let m = ms.as_slice()[r.below(ms.len())];
            n = rec.add_move(n, m).unwrap();
            pos.do_move(m);
            if r.below(3) == 0 {
                let spent = if r.below(40) == 0 { u32::MAX - r.below(3) as u32 } else { r.below(700) as u32 };
                rec.node_mut(n).time = Some(MoveTime { spent, total: None });
            }
            if r.below(6) == 0 {
                let c = COMMENTS[r.below(COMMENTS.len())].to_string();
                rec.node_mut(n).comments.push(c);
            }
            nodes.push(n);
        }
    };
    let main_len = r.below(80);
    extend(&mut rec, &mut r, ROOT, main_len, &mut nodes);
    for _ in 0..r.below(5) {
        let from = nodes[r.below(nodes.len())];
        let len = 1 + r.below(8);
        extend(&mut rec, &mut r, from, len, &mut nodes);
    }
    // deep shapes: variations nested in variations, each branching one move further on
    if r.below(5) == 0 {
        let mut n = nodes[r.below(nodes.len())];
        for _ in 0..r.below(200) {
            let pos = rec.position_at(n);
            let ms = pos.legal_moves();
            if ms.len() < 2 {
                break;
            }
            let a = rec.add_move(n, ms.as_slice()[0]).unwrap();
            nodes.push(a);
            n = rec.add_move(n, ms.as_slice()[1 + r.below(ms.len() - 1)]).unwrap();
            nodes.push(n);
        }
    }
    // wide shapes: many alternatives at a few moves
    if r.below(5) == 0 {
        for _ in 0..1 + r.below(4) {
            let at = nodes[r.below(nodes.len())];
            let ms = rec.position_at(at).legal_moves();
            for &m in ms.iter().take(r.below(40)) {
                nodes.push(rec.add_move(at, m).unwrap());
            }
        }
    }
    // specials end lines, mostly at leaves but also where play went on in a variation
    let ends: Vec<NodeId> =
        nodes.iter().copied().filter(|&n| rec.node(n).children().is_empty() || r.below(8) == 0).collect();
    for n in ends {
        if r.below(2) == 0 {
            let mut s = Special::new(SpecialKind::ALL[r.below(SpecialKind::ALL.len())]);
            if r.below(3) == 0 {
                s.comments.push("終局".to_string());
            }
            if r.below(2) == 0 {
                s.time = Some(MoveTime { spent: r.below(100) as u32, total: None });
            }
            rec.set_special(n, Some(s));
        }
    }
    // moves played instead of a special become variations of it
    for _ in 0..r.below(3) {
        let from = nodes[r.below(nodes.len())];
        let len = 1 + r.below(4);
        extend(&mut rec, &mut r, from, len, &mut nodes);
    }
    rec
}

/// What a format keeps.
#[derive(Clone, Copy)]
struct Keeps {
    variations: bool,
    times: bool,
    /// Maps a special to what the format can say about it (given the side to move).
    special: fn(SpecialKind, Color) -> SpecialKind,
}

fn same(k: SpecialKind, _: Color) -> SpecialKind {
    k
}

fn via_kif(k: SpecialKind, stm: Color) -> SpecialKind {
    SpecialKind::from_kif(k.kif(stm), stm).unwrap()
}

fn via_summary(k: SpecialKind, stm: Color) -> SpecialKind {
    SpecialKind::from_summary(&k.summary(3, stm, false), stm).unwrap()
}

/// A text dump of the tree as far as the format keeps it.
fn dump(rec: &GameRecord, keeps: Keeps) -> Vec<String> {
    // the SFEN (with the move number, which every format keeps)
    let sfen = rec.initial().to_sfen();
    let mut out = vec![format!("start {sfen} | {:?}", rec.node(ROOT).comments)];
    fn walk(rec: &GameRecord, n: NodeId, keeps: Keeps, out: &mut Vec<String>) {
        let nd = rec.node(n);
        let stm = rec.side_to_move_at(n);
        let time = if keeps.times { nd.time.map(|t| t.spent) } else { None };
        let special = nd.special.as_ref().map(|s| {
            let t = if keeps.times { s.time.map(|t| t.spent).filter(|&t| t > 0) } else { None };
            format!("{:?} {:?} {:?}", (keeps.special)(s.kind, stm), t, s.comments)
        });
        out.push(format!(
            "{} {} {:?} {:?} {:?}",
            rec.depth(n),
            nd.mv.usi(),
            time.filter(|&t| t > 0),
            nd.comments,
            special
        ));
        if keeps.variations {
            for &c in nd.children() {
                walk(rec, c, keeps, out);
            }
        } else if let Some(c) = nd.continuation() {
            walk(rec, c, keeps, out);
        }
    }
    walk(rec, ROOT, keeps, &mut out);
    out
}

fn round_trip(rec: &GameRecord, format: Format, keeps: Keeps) -> Result<(), TestCaseError> {
    let text = write_text(rec, format);
    let (back, warnings) =
        read_text(&text, format).map_err(|e| TestCaseError::fail(format!("{format:?}: {e}\n{text}")))?;
    prop_assert!(warnings.is_empty(), "{:?}: {:?}\n{}", format, warnings, text);
    prop_assert_eq!(dump(&back, keeps), dump(rec, keeps), "{:?}\n{}", format, text);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn kif_round_trip(seed in any::<u64>()) {
        let rec = random_record(seed);
        let k = Keeps { variations: true, times: true, special: via_kif };
        round_trip(&rec, Format::Kifu, k)?;
        // and headers survive in order (手合割 is added for handicap/even starts)
        let back = read_text(&write_text(&rec, Format::Kif), Format::Kif).unwrap().0;
        let strip = |r: &GameRecord| r.headers.iter().filter(|(k, _)| k != "手合割").cloned().collect::<Vec<_>>();
        prop_assert_eq!(strip(&back), strip(&rec));
    }

    #[test]
    fn ki2_round_trip(seed in any::<u64>()) {
        let rec = random_record(seed);
        round_trip(&rec, Format::Ki2u, Keeps { variations: true, times: false, special: via_summary })?;
    }

    #[test]
    fn jkf_round_trip(seed in any::<u64>()) {
        let rec = random_record(seed);
        round_trip(&rec, Format::Jkf, Keeps { variations: true, times: true, special: same })?;
    }

    #[test]
    fn csa_round_trip(seed in any::<u64>()) {
        let rec = random_record(seed);
        round_trip(&rec, Format::Csa, Keeps { variations: false, times: true, special: same })?;
    }

    #[test]
    fn usi_round_trip(seed in any::<u64>()) {
        let rec = random_record(seed);
        let text = write_text(&rec, Format::Usi);
        let back = read_text(&text, Format::Usi).unwrap().0;
        prop_assert_eq!(back.main_line_moves(), rec.main_line_moves());
        prop_assert_eq!(back.initial().to_sfen(), rec.initial().to_sfen());
        let sfen = write_text(&rec, Format::Sfen);
        let end = read_text(&sfen, Format::Sfen).unwrap().0;
        prop_assert_eq!(end.initial(), &rec.position_at(rec.main_line_end()));
    }
}

/// Throughput figures for the report (`cargo test --release --test record roundtrip -- --ignored --nocapture`).
#[test]
#[ignore = "a timing: run in release"]
fn throughput() {
    let records: Vec<GameRecord> = (1..=200u64).map(|s| random_record(s * 0x9E37_79B9_7F4A_7C15)).collect();
    let moves: usize = records.iter().map(|r| r.node_count() - 1).sum();
    for f in [Format::Kifu, Format::Ki2u, Format::Csa, Format::Jkf] {
        let t = std::time::Instant::now();
        let texts: Vec<String> = records.iter().map(|r| write_text(r, f)).collect();
        let w = t.elapsed();
        let t = std::time::Instant::now();
        for text in &texts {
            read_text(text, f).unwrap();
        }
        let r = t.elapsed();
        println!("{f:?}: {moves} moves written in {w:?}, read in {r:?}");
    }
}

//! Hostile records: variation trees nested thousands deep, tens of thousands of variations,
//! games hundreds of thousands of moves long, and inputs a lenient reader can easily get wrong
//! without a word. Depth is checked in normal runs on the 2 MB stack of a test thread; the
//! size and speed figures are `#[ignore]`d tests meant for release mode:
//! `cargo test --release --test record hostile -- --ignored --nocapture`.

use crate::common;

use shogiban::core::{Move, Position};
use shogiban::engine::search::time::Limits;
use shogiban::engine::{Engine, EngineOptions};
use shogiban::record::io::{Format, read_text, write_text};
use shogiban::record::{Cursor, GameRecord, ROOT, Special, SpecialKind, Warning};
use std::os::unix::fs::FileTypeExt;
use std::time::{Duration, Instant};

/// Sente and gote shuffle their kings: four moves that can repeat for ever.
const CYCLE: [&str; 4] = ["5i5h", "5a5b", "5h5i", "5b5a"];

fn cycle_move(pos: &Position, i: usize) -> Move {
    pos.parse_usi_move(CYCLE[i % 4]).unwrap()
}

/// Some legal move other than `not`.
fn other_move(pos: &Position, not: Move) -> Move {
    pos.legal_moves().iter().copied().find(|&m| m != not).unwrap()
}

/// Variations nested `depth` deep: at every step the line goes on as the second child (a
/// variation of a one-move alternative), so each 変化 / fork sits inside the one before.
fn nested(depth: usize) -> GameRecord {
    let mut c = Cursor::default();
    for i in 0..depth {
        let spine = cycle_move(c.position(), i);
        let alt = other_move(c.position(), spine);
        c.play(alt).unwrap();
        c.back();
        let n = c.play(spine).unwrap();
        if i % 97 == 0 {
            c.record_mut().node_mut(n).comments.push(format!("深さ {i}"));
        }
    }
    let end = c.node();
    c.record_mut().set_special(end, Some(Special::new(SpecialKind::Interrupt)));
    c.into_record()
}

/// A main line of `len` moves with `per_move` one-move variations at each move.
fn wide(len: usize, per_move: usize) -> GameRecord {
    let mut c = Cursor::default();
    for i in 0..len {
        let main = cycle_move(c.position(), i);
        c.play(main).unwrap();
        c.back();
        for alt in c.position().legal_moves().iter().copied().filter(|&m| m != main).take(per_move) {
            c.play(alt).unwrap();
            c.back();
        }
        c.choose_variation(0).unwrap();
    }
    c.into_record()
}

/// A single line of `len` moves.
fn long_game(len: usize) -> GameRecord {
    let mut c = Cursor::default();
    for i in 0..len {
        let m = cycle_move(c.position(), i);
        c.play(m).unwrap();
    }
    c.into_record()
}

fn same(a: &GameRecord, b: &GameRecord) -> bool {
    common::same_record(a, b, true)
}

fn round_trip(rec: &GameRecord, format: Format) -> (Duration, Duration) {
    let t = Instant::now();
    let text = write_text(rec, format);
    let w = t.elapsed();
    let t = Instant::now();
    let (back, warnings) = read_text(&text, format).unwrap_or_else(|e| panic!("{format:?}: {e}"));
    let r = t.elapsed();
    assert!(warnings.is_empty(), "{format:?}: {:?}", &warnings[..warnings.len().min(5)]);
    assert!(same(&back, rec), "{format:?}: the record read back differs");
    (w, r)
}

#[test]
fn deeply_nested_variations_round_trip() {
    // runs on a test thread (2 MB of stack): no walk may recurse per variation
    let rec = nested(16_000);
    assert_eq!(rec.node_count(), 32_001);
    for f in [Format::Kifu, Format::Ki2u, Format::Jkf] {
        round_trip(&rec, f);
    }
    // JKF nests two arrays per fork: thousands of levels of JSON
    let jkf = write_text(&rec, Format::Jkf);
    assert!(jkf.contains("\"forks\""));
    let clone = rec.clone();
    drop(rec);
    drop(clone);
}

#[test]
fn deep_records_on_a_small_stack() {
    // the same on a thread with half the usual stack, writing and reading every format
    std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(|| {
            let rec = nested(6_000);
            for f in [Format::Kifu, Format::Ki2u, Format::Jkf] {
                round_trip(&rec, f);
            }
            for f in [Format::Csa, Format::Usi] {
                let text = write_text(&rec, f);
                let back = read_text(&text, f).unwrap().0;
                assert_eq!(back.main_line_moves(), rec.main_line_moves());
            }
        })
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn jkf_nested_beyond_serde_limits_is_read() {
    // 41 nested forks are past serde_json's recursion limit of 128: a recursive reader fails here
    let rec = nested(41);
    round_trip(&rec, Format::Jkf);
}

#[ignore = "size figures, run in release mode"]
#[test]
fn sizes_and_times() {
    let report = |name: &str, rec: &GameRecord, formats: &[Format], bound: Duration| {
        for &f in formats {
            let (w, r) = round_trip(rec, f);
            println!("{name}: {f:?} written in {w:?}, read in {r:?}");
            assert!(w + r < bound, "{name} {f:?}: {:?}", w + r);
        }
    };
    let t = Instant::now();
    let game = long_game(264_000);
    println!("264,000-move game built in {:?}", t.elapsed());
    let t = Instant::now();
    let copy = game.clone();
    println!("264,000-move game cloned (an autosave snapshot) in {:?}", t.elapsed());
    drop(copy);
    report(
        "264,000 moves",
        &game,
        &[Format::Kifu, Format::Ki2u, Format::Csa, Format::Jkf],
        Duration::from_secs(30),
    );
    let t = Instant::now();
    let text = write_text(&game, Format::Usi);
    let back = read_text(&text, Format::Usi).unwrap().0;
    assert_eq!(back.main_line_moves().len(), 264_000);
    println!("264,000 moves: Usi written and read in {:?}", t.elapsed());
    let w = wide(10_000, 10);
    assert_eq!(w.node_count(), 1 + 10_000 * 11);
    report("100,000 variations", &w, &[Format::Kifu, Format::Ki2u, Format::Jkf], Duration::from_secs(30));
    let n = nested(16_000);
    report(
        "16,000 nested variations",
        &n,
        &[Format::Kifu, Format::Ki2u, Format::Jkf],
        Duration::from_secs(30),
    );
}

// ----- inputs a lenient reader can get wrong without a word -----------------------------------

fn read(text: &str, f: Format) -> (GameRecord, Vec<Warning>) {
    read_text(text, f).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn notes(w: &[Warning]) -> String {
    w.iter().map(|w| w.to_string()).collect::<Vec<_>>().join("\n")
}

#[test]
fn csa_piece_counts_beyond_one_set_are_errors() {
    let four_rooks = "V2.2\nPI\nP+00HI00HI\n+\n";
    let e = read_text(four_rooks, Format::Csa).unwrap_err().to_string();
    assert!(e.contains("rook"), "{e}");
    let extra_gold = "V2.2\nPI\nP-00KI\n+\n+7776FU\n";
    assert!(read_text(extra_gold, Format::Csa).is_err());
}

#[test]
fn move_lines_after_odd_white_space_are_moves() {
    for lead in ["\u{b}", "\u{c}", "\u{a0}", "\u{3000}", " \t"] {
        let text = format!(
            "手合割：平手\n手数----指手---------消費時間--\n{lead}   1 ７六歩(77)   ( 0:01/00:00:01)\n   2 ３四歩(33)   ( 0:02/00:00:02)\n"
        );
        let (r, w) = read(&text, Format::Kifu);
        assert_eq!(r.main_line().len(), 2, "{lead:?}: {}", notes(&w));
        assert!(w.is_empty(), "{lead:?}: {}", notes(&w));
    }
}

#[test]
fn junk_header_keys_are_dropped_with_a_warning() {
    let jkf = r#"{"header": {"先手": "a\nb", "1手目": "x", "*c": "y", "先手の持駒": "飛", "": "z", "棋戦": " 竜王戦 "}, "moves": [{}]}"#;
    let (r, w) = read(jkf, Format::Jkf);
    assert_eq!(
        r.headers,
        [("先手".to_string(), "a b".to_string()), ("棋戦".to_string(), "竜王戦".to_string())]
    );
    assert_eq!(w.len(), 4, "{}", notes(&w));
    for f in [Format::Kifu, Format::Ki2u, Format::Jkf] {
        let (back, w) = read(&write_text(&r, f), f);
        assert!(w.is_empty(), "{f:?}: {}", notes(&w));
        assert!(same(&back, &r), "{f:?}");
    }
    let csa = "V2.2\n$EVENT:a, b\n$1X:bad\nN+x,y\n+\n+7776FU\n";
    let (r, w) = read(csa, Format::Csa);
    assert_eq!(r.header("棋戦"), Some("a, b"));
    assert_eq!(r.sente_name(), Some("x,y"));
    assert_eq!(w.len(), 1, "{}", notes(&w));
}

#[test]
fn csa_times_out_of_range_are_warnings() {
    for bad in ["T4294967296", "T-5", "Tnan", "Tinf", "T1e3", "T"] {
        let text = format!("V2.2\n+\n+7776FU\n{bad}\n-3334FU\nT2\n");
        let (r, w) = read(&text, Format::Csa);
        let main = r.main_line();
        assert_eq!(main.len(), 2, "{bad}");
        assert_eq!(r.node(main[0]).time, None, "{bad}");
        assert_eq!(r.node(main[1]).time.unwrap().spent, 2);
        assert_eq!(w.len(), 1, "{bad}: {}", notes(&w));
        assert_eq!(w[0].line, 4);
    }
    // the largest time is kept and written back, and totals do not wrap
    let text = "V2.2\n+\n+7776FU\nT4294967295\n-3334FU\nT1\n+2726FU\nT4294967295\n";
    let (r, w) = read(text, Format::Csa);
    assert!(w.is_empty());
    for f in [Format::Kifu, Format::Jkf, Format::Csa] {
        let (back, w) = read(&write_text(&r, f), f);
        assert!(w.is_empty(), "{f:?}: {}", notes(&w));
        let spent =
            |r: &GameRecord| r.main_line().iter().map(|&n| r.node(n).time.unwrap().spent).collect::<Vec<_>>();
        assert_eq!(spent(&back), [u32::MAX, 1, u32::MAX], "{f:?}");
    }
    // KIF times with signs or fractions are not understood (and said so)
    let kif = "   1 ７六歩(77)   (-0:05/00:00:00)\n   2 ３四歩(33)   ( nan:01/00:00:01)\n";
    let (r, w) = read(kif, Format::Kifu);
    assert_eq!(r.main_line().len(), 2);
    assert_eq!(w.len(), 2, "{}", notes(&w));
}

#[test]
fn skipped_move_numbers_are_warned() {
    let kif = "   1 ７六歩(77)\n   2 ３四歩(33)\n   5 ２六歩(27)\n   9 ８四歩(83)\n";
    let (r, w) = read(kif, Format::Kifu);
    assert_eq!(r.main_line().len(), 4);
    assert_eq!(w.iter().map(|w| w.line).collect::<Vec<_>>(), [3, 4], "{}", notes(&w));
    assert!(w[0].message.contains("move number 5 where 3 was expected"), "{}", notes(&w));
}

#[test]
fn hand_counts_with_leading_zeros_are_refused() {
    for sfen in
        ["4k4/9/9/9/9/9/9/9/4K4 b 0P 1", "4k4/9/9/9/9/9/9/9/4K4 b 00P 1", "4k4/9/9/9/9/9/9/9/4K4 b 01P 1"]
    {
        assert!(Position::from_sfen(sfen).is_err(), "{sfen}");
        assert!(read_text(sfen, Format::Sfen).is_err(), "{sfen}");
    }
    assert_eq!(
        Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 10P 1")
            .unwrap()
            .hand(shogiban::core::Color::Black)
            .count(shogiban::core::PieceKind::Pawn),
        10
    );
}

#[test]
fn the_start_move_number_survives_every_format() {
    let pos =
        Position::from_sfen("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 37").unwrap();
    let mut rec = GameRecord::new(pos);
    let m = rec.initial().parse_usi_move("2g2f").unwrap();
    let n = rec.add_move(ROOT, m).unwrap();
    let m2 = rec.position_at(n).parse_usi_move("8c8d").unwrap();
    rec.add_move(n, m2).unwrap();
    let alt = rec.position_at(n).parse_usi_move("4a3b").unwrap();
    rec.add_move(n, alt).unwrap();
    for f in [Format::Kifu, Format::Kif, Format::Ki2u, Format::Jkf] {
        let text = write_text(&rec, f);
        let (back, w) = read(&text, f);
        assert!(w.is_empty(), "{f:?}: {}\n{text}", notes(&w));
        assert_eq!(back.initial().ply(), 37, "{f:?}\n{text}");
        assert!(same(&back, &rec), "{f:?}\n{text}");
    }
    let kif = write_text(&rec, Format::Kifu);
    assert!(
        kif.contains("手数＝36\n") && kif.contains("  37 ２六歩(27)") && kif.contains("変化：38手"),
        "{kif}"
    );
    for f in [Format::Csa, Format::Usi] {
        let back = read(&write_text(&rec, f), f).0;
        assert_eq!(back.initial().ply(), 37, "{f:?}");
        assert_eq!(back.main_line_moves(), rec.main_line_moves());
    }
    // even the start position keeps a number other than 1
    let mut even = GameRecord::new(
        Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 5").unwrap(),
    );
    even.headers.push(("先手".into(), "a".into()));
    for f in [Format::Kifu, Format::Ki2u, Format::Jkf, Format::Csa, Format::Usi] {
        assert_eq!(read(&write_text(&even, f), f).0.initial().ply(), 5, "{f:?}");
    }
}

#[test]
fn composed_problems_are_read_with_a_warning_and_can_be_played() {
    // 九歩詰め style: nine pawns, two on a file and one on the last rank, drawn as a diagram
    let kif = "後手の持駒：残り全部\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n| ・ ・ ・ ・ ・ ・ ・ ・ 歩|一\n| ・ ・ ・ ・ ・ ・ ・v玉 ・|二\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n| ・ ・ ・ ・ ・ ・ ・ 歩 ・|四\n| ・ ・ ・ ・ ・ ・ ・ 歩 ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n+---------------------------+\n先手の持駒：金\n";
    let (r, w) = read(kif, Format::Kifu);
    assert_eq!(w.len(), 2, "{}", notes(&w));
    let pos = r.initial().clone();
    assert!(!pos.legal_moves().is_empty());
    // every format reads it back the same
    for f in [Format::Kifu, Format::Ki2u, Format::Jkf, Format::Csa, Format::Sfen, Format::Usi] {
        let (back, w) = read(&write_text(&r, f), f);
        assert_eq!(back.initial(), r.initial(), "{f:?}");
        assert!(!w.is_empty(), "{f:?}: the problems are said again");
    }
    // play and the engine's search go on from it
    let mut p = pos.clone();
    for _ in 0..40 {
        let ms = p.legal_moves();
        let Some(&m) = ms.iter().next() else { break };
        p.do_move(m);
    }
    let mut engine = Engine::new(EngineOptions::default());
    let limits = Limits { depth: Some(4), ..Default::default() };
    let r = engine.search(
        &pos,
        limits.clone(),
        std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
        |_| {},
    );
    assert!(r.best.is_some());
    // and from a lance and a knight that can never move, for both sides
    let dead = "KNP4k1/9/9/9/9/9/9/9/8l w - 1";
    let (p, problems) = Position::from_sfen_lenient(dead).unwrap();
    assert_eq!(problems.len(), 3, "{problems:?}");
    let r = engine.search(&p, limits, std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)), |_| {});
    assert!(r.best.is_some());
}

#[test]
fn handicaps_other_programs_name() {
    for (name, removed) in [("左七枚落ち", "3a"), ("右七枚落ち", "7a")] {
        let text = format!("手合割：{name}\n手数----指手---------消費時間--\n   1 ５二玉(51)\n");
        let (r, w) = read(&text, Format::Kifu);
        assert!(w.is_empty(), "{name}: {}", notes(&w));
        let sq = shogiban::core::Square::from_usi(removed).unwrap();
        assert!(r.initial().piece_at(sq).is_empty(), "{name}");
        for f in [Format::Kifu, Format::Csa, Format::Jkf, Format::Usi] {
            assert_eq!(read(&write_text(&r, f), f).0.initial(), r.initial(), "{name} {f:?}");
        }
    }
}

#[test]
fn padded_variation_numbers() {
    let kif = "   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化：   2手\n   2 ８四歩(83)\n\n変化：　１手\n   1 ２六歩(27)\n";
    let (r, w) = read(kif, Format::Kifu);
    assert!(w.is_empty(), "{}", notes(&w));
    assert_eq!(r.node(ROOT).children().len(), 2);
    assert_eq!(r.node(r.main_line()[0]).children().len(), 2);
}

// ----- output targets of `convert` ---------------------------------------------------------

fn convert() -> std::process::Command {
    let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_shogiban"));
    c.arg("convert");
    c
}

#[test]
fn convert_fails_on_a_stdout_error() {
    let input = common::TempDir::new("hostile-stdout");
    let f = input.join("g.csa");
    std::fs::write(&f, "V2.2\n+\n+7776FU\n").unwrap();
    if std::path::Path::new("/dev/full").exists() {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let out = convert().arg(&f).stdout(full).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
        assert!(String::from_utf8_lossy(&out.stderr).contains("<stdout>"));
    }
    // warnings that cannot be written to stderr do not make it panic
    if std::path::Path::new("/dev/full").exists() {
        let noisy = input.join("noisy.kifu");
        std::fs::write(&noisy, "junk line\n   1 ７六歩(77)\n   5 ３四歩(33)\n").unwrap();
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let out = convert().arg(&noisy).stderr(full).output().unwrap();
        assert_eq!(out.status.code(), Some(0));
        assert!(String::from_utf8_lossy(&out.stdout).contains("３四歩"));
    }
    let out = convert().arg(&f).arg("-o").arg("/dev/null").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device());
}

#[test]
fn convert_refuses_a_read_only_output() {
    use std::os::unix::fs::PermissionsExt;
    let dir = common::TempDir::new("hostile-ro");
    let f = dir.join("g.csa");
    std::fs::write(&f, "V2.2\n+\n+7776FU\n").unwrap();
    let target = dir.join("out.kifu");
    std::fs::write(&target, "keep").unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o444)).unwrap();
    let out = convert().arg(&f).arg("-o").arg(&target).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("read-only"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2, "no temporary left behind");
}

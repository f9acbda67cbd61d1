//! The readers never panic on user input: golden files are mangled at random (characters
//! replaced, lines cut, bytes dropped) and fed to every reader, and the `convert` command is
//! checked end to end (formats, encodings, stdin, errors and exit codes).

use crate::common;

use proptest::prelude::*;
use shogiban::record::io::{Format, read_bytes, read_text};
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

const FILES: [&str; 13] = [
    "kakinoki.kif",
    "kakinoki.ki2",
    "handicap_bod.kifu",
    "kyo_ochi.kifu",
    "specials.kifu",
    "games.csa",
    "specials.csa",
    "tsume.csa",
    "handwritten.jkf",
    "game.usi",
    "81dojo.kif",
    "lenient.kifu",
    "shogigui.kifu",
];

const NOISE: [char; 24] = [
    '０', '９', '一', '九', '同', '\u{3000}', '歩', '成', '不', '打', '(', ')', ':', '/', '+', '-', '%', '*',
    '|', 'v', '0', '9', '\n', '変',
];

fn mangling_config() -> ProptestConfig {
    ProptestConfig::with_cases(160)
}

#[test]
fn the_saved_failing_case_is_run_again() {
    // tests/proptest-regressions/robustness.txt: a golden file with one edit far past its end,
    // and a CSA header whose key is one undecodable byte
    assert_eq!(crate::common::saved_failure_count(&mangling_config(), file!()), 2);
}

proptest! {
    #![proptest_config(mangling_config())]
    #[test]
    fn readers_never_panic(file in 0..FILES.len(), edits in proptest::collection::vec((any::<u16>(), 0..NOISE.len()), 1..12), cut in any::<u16>()) {
        let bytes = std::fs::read(data(FILES[file])).unwrap();
        let (text, _) = shogiban::record::text::decode(&bytes);
        let mut chars: Vec<char> = text.chars().collect();
        for (pos, c) in edits {
            if chars.is_empty() {
                break;
            }
            let i = pos as usize % chars.len();
            chars[i] = NOISE[c];
        }
        let keep = if chars.is_empty() { 0 } else { cut as usize % (chars.len() + 1) };
        let mangled: String = chars[..keep.max(chars.len() / 2)].iter().collect();
        for f in [Format::Kifu, Format::Ki2u, Format::Csa, Format::Usi, Format::Jkf] {
            let _ = read_text(&mangled, f);
        }
        let _ = read_bytes(mangled.as_bytes(), None);
        let mut raw = bytes.clone();
        raw.truncate(keep.min(raw.len()));
        let _ = read_bytes(&raw, None);
    }
}

/// Pieces of every record syntax, for inputs that are nearly records.
const TOKENS: [&str; 40] = [
    "\n",
    "   1 ７六歩(77)   ( 0:01/00:00:01)\n",
    "   2 ３四歩(33)\n",
    "変化：2手\n",
    "変化：   1手\n",
    "*comment\n",
    "手合割：香落ち\n",
    "手合割：右七枚落ち\n",
    "先手：a\n",
    "1手目：x\n",
    "まで2手で先手の勝ち\n",
    "   3 投了\n",
    "手数＝5\n",
    "|v玉 ・ ・ ・ ・ ・ ・ ・ ・|一\n",
    "| ・ ・ ・ ・ ・ ・ ・ ・ 歩|九\n",
    "先手の持駒：金二\n",
    "▲７六歩　△３四歩\n",
    "同　歩\n",
    "\u{b}   4 ２六歩(27)\n",
    "\u{a0}5 ８四歩(83)：\n",
    "V2.2\n",
    "PI\n",
    "P+00HI\n",
    "+\n",
    "+7776FU\n",
    "-3334FU,T5\n",
    "T-5\n",
    "Tnan\n",
    "%TORYO\n",
    "'*c,d\n",
    "'手数=9\n",
    "$EVENT:e,f\n",
    "N+名\n",
    "{\"moves\":[{},{\"move\":{\"color\":0,\"from\":{\"x\":7,\"y\":7},\"to\":{\"x\":7,\"y\":6},\"piece\":\"FU\"}}]}",
    "{\"header\":{\"先手\":\"a\\nb\"},\"moves\":[{\"comments\":[\"x\\ny \"]}]}",
    "position startpos moves 7g7f\n",
    "sfen 4k4/9/9/9/9/9/9/9/4K4 b 2P 9\n",
    "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\n",
    "\u{3000}",
    "：",
];

fn tree_formats() -> [Format; 3] {
    [Format::Kifu, Format::Ki2u, Format::Jkf]
}

/// Whatever a reader accepts is written and read back the same in every format that keeps
/// the tree (and the main line in CSA and USI).
fn accepted_round_trips(text: &str) -> Result<(), TestCaseError> {
    for f in [Format::Kifu, Format::Ki2u, Format::Csa, Format::Usi, Format::Jkf] {
        let Ok((rec, _)) = read_text(text, f) else { continue };
        for to in tree_formats() {
            let written = shogiban::record::io::write_text(&rec, to);
            let (back, w) = read_text(&written, to)
                .map_err(|e| TestCaseError::fail(format!("{f:?} -> {to:?}: {e}\n{text}\n---\n{written}")))?;
            let mut expected = w.iter().all(|w| !w.is_error());
            // what the start position breaks on purpose (composed problems) is said again
            expected &= w.iter().all(|w| w.message.contains("read as") || !w.is_error());
            prop_assert!(expected, "{:?} -> {:?}: {:?}\n{}\n---\n{}", f, to, w, text, written);
            let notes: Vec<_> = w.iter().filter(|w| !w.message.contains("read as")).collect();
            prop_assert!(notes.is_empty(), "{:?} -> {:?}: {:?}\n{}\n---\n{}", f, to, notes, text, written);
            prop_assert!(
                common::same_record(&back, &rec, to != Format::Ki2u),
                "{:?} -> {:?}\n{}\n---\n{}",
                f,
                to,
                text,
                written
            );
        }
        for to in [Format::Csa, Format::Usi] {
            let written = shogiban::record::io::write_text(&rec, to);
            let back = read_text(&written, to)
                .map_err(|e| TestCaseError::fail(format!("{f:?} -> {to:?}: {e}\n{text}\n---\n{written}")))?
                .0;
            prop_assert_eq!(
                back.main_line_moves(),
                rec.main_line_moves(),
                "{:?} -> {:?}\n{}",
                f,
                to,
                written
            );
            prop_assert_eq!(back.initial().ply(), rec.initial().ply(), "{:?} -> {:?}\n{}", f, to, written);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]
    /// A bounded fuzz of every reader: arbitrary bytes, and texts made of record syntax.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        for f in [Format::Kif, Format::Ki2, Format::Csa, Format::Usi, Format::Sfen, Format::Jkf] {
            let _ = read_bytes(&bytes, Some(f));
        }
        let _ = read_bytes(&bytes, None);
        let (text, _) = shogiban::record::text::decode(&bytes);
        accepted_round_trips(&text)?;
    }

    #[test]
    fn record_like_texts_round_trip_when_accepted(parts in proptest::collection::vec(0..TOKENS.len(), 0..24)) {
        let text: String = parts.iter().map(|&i| TOKENS[i]).collect();
        let _ = read_bytes(text.as_bytes(), None);
        accepted_round_trips(&text)?;
    }

    #[test]
    fn mangled_golden_files_round_trip_when_accepted(file in 0..FILES.len(), edits in proptest::collection::vec((any::<u16>(), 0..NOISE.len()), 0..6)) {
        let (text, _) = shogiban::record::text::decode(&std::fs::read(data(FILES[file])).unwrap());
        let mut chars: Vec<char> = text.chars().collect();
        for (pos, c) in edits {
            if !chars.is_empty() {
                let i = pos as usize % chars.len();
                chars[i] = NOISE[c];
            }
        }
        accepted_round_trips(&chars.into_iter().collect::<String>())?;
    }
}

#[test]
fn absurd_counts_are_errors_not_panics() {
    let many_pawns = format!("V2.2\nP+{}\n+\n", "00FU".repeat(300));
    assert!(read_text(&many_pawns, Format::Csa).is_err());
    let hand = "後手の持駒：歩二百\n先手の持駒：なし\n|v玉 ・ ・ ・ ・ ・ ・ ・ ・|一\n";
    assert!(read_text(hand, Format::Kifu).is_err());
    assert!(read_text("{\"moves\": [1, 2]}", Format::Jkf).is_err());
    assert!(read_bytes(b"\xff\xfe\x00garbage", None).is_err());
}

fn shogiban() -> Command {
    Command::new(env!("CARGO_BIN_EXE_shogiban"))
}

#[test]
fn convert_command() {
    // KIF (Shift_JIS) to USI on stdout
    let out = shogiban().args(["convert", "--to", "usi"]).arg(data("kakinoki.kif")).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let usi = String::from_utf8(out.stdout).unwrap();
    assert_eq!(usi, std::fs::read_to_string(data("game.usi")).unwrap());
    // --to sfen prints the final position
    let out = shogiban().args(["convert", "--to", "sfen"]).arg(data("game.usi")).output().unwrap();
    let sfen = String::from_utf8(out.stdout).unwrap();
    assert_eq!(sfen.split_whitespace().count(), 4, "{sfen}");
    // stdin, format from content, default output KIF in UTF-8
    let mut child =
        shogiban().args(["convert", "-"]).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(b"+7776FU\n-3334FU\n%TORYO\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let kif = String::from_utf8(out.stdout).unwrap();
    assert!(kif.contains("   1 ７六歩(77)   ( 0:00/00:00:00)"), "{kif}");
    assert!(kif.contains("まで2手で後手の勝ち"), "{kif}");
    // --output picks format and encoding from the extension, atomically
    let dir = common::TempDir::new("convert");
    let target = dir.join("out.kif");
    let st =
        shogiban().args(["convert", "--output"]).arg(&target).arg(data("kakinoki.ki2")).status().unwrap();
    assert!(st.success());
    let bytes = std::fs::read(&target).unwrap();
    let (text, enc) = shogiban::record::text::decode(&bytes);
    assert_eq!(enc, shogiban::record::text::Encoding::ShiftJis);
    assert!(text.contains("手数----指手---------消費時間--"));
    let target = dir.join("out.jkf");
    assert!(
        shogiban().args(["convert", "-o"]).arg(&target).arg(data("kakinoki.kif")).status().unwrap().success()
    );
    assert!(std::fs::read_to_string(&target).unwrap().starts_with('{'));
    // a format without variations says it leaves them out
    let branched = dir.join("branched.kifu");
    std::fs::write(&branched, "   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化：2手\n   2 ８四歩(83)\n").unwrap();
    let out = shogiban().args(["convert", "--to", "csa"]).arg(&branched).output().unwrap();
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("CSA has no variations") && err.contains("1 variation(s) left out"), "{err}");
    let out = shogiban().args(["convert", "--to", "kif"]).arg(&branched).output().unwrap();
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    // errors: missing file, unknown format, illegal move (output kept, exit code 1)
    let out = shogiban().args(["convert", "/nonexistent/x.kif"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/x.kif"));
    let out = shogiban().args(["convert", "--to", "pgn", "x"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let bad = dir.join("bad.kifu");
    std::fs::write(&bad, "1 ７六歩(77)\n2 ７六歩(77)\n").unwrap();
    let out = shogiban().args(["convert", "--to", "usi"]).arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad.kifu:2:"));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "position startpos moves 7g7f\n");
}

#[test]
fn header_lines_with_stray_bytes_round_trip() {
    // `$; \x81'` and `$\x9a:…'…`: CSA headers holding a byte that is not text
    for bytes in [&b"$; \x81'"[..], &b"$\x9a:\x85 x'y\n+\n"[..]] {
        let (text, _) = shogiban::record::text::decode(bytes);
        accepted_round_trips(&text).unwrap();
    }
}

//! The readers never panic on user input: golden files are mangled at random (characters
//! replaced, lines cut, bytes dropped) and fed to every reader, and the `convert` command is
//! checked end to end (formats, encodings, stdin, errors and exit codes).

mod common;

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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]
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

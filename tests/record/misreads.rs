//! Files a lenient reader must not misread without a word: stray bytes, the encoding chosen by
//! evidence, old Mac line endings, and the small misreads (diagram rows, JKF after an ending,
//! CSA without a turn line, move numbers, messages without a line or file), through the library
//! and the `shogiban convert` binary.

use crate::common;
use shogiban::record::io::{Format, read_bytes, read_text};
use shogiban::record::text::{Encoding, decode_by_evidence, unencodable};
use shogiban::record::{RecordError, Warning};
use std::process::Command;

const KIFU: &str = "先手：羽生善治\n後手：森雞二\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 ８四歩(83)\n*中盤へ\n   5 ２五歩(26)\n";
const KIFU_USI: &str = "position startpos moves 7g7f 3c3d 2g2f 8c8d 2f2e\n";
const KI2U: &str = "先手：羽生善治\n後手：森内俊之\n\n▲７六歩 △３四歩 ▲２六歩\n△８四歩 ▲２五歩\n";

/// `shogiban convert --to usi FILE` on `bytes` written as `name`: exit status, stdout, stderr.
fn convert_usi(name: &str, bytes: &[u8]) -> (i32, String, String) {
    static RUN: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = RUN.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = common::TempDir::new(&format!("misreads-{n}"));
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_shogiban"))
        .args(["convert", "--to", "usi"])
        .arg(&path)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `text` with `byte` inserted before line `line` (1-based), or after the end.
fn with_byte_at_line(text: &str, line: usize, byte: u8) -> Vec<u8> {
    let mut out = Vec::new();
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            out.push(byte);
        }
        out.extend_from_slice(l.as_bytes());
    }
    if line > text.lines().count() {
        out.push(byte);
    }
    out
}

#[test]
fn one_stray_byte_in_a_utf8_file_keeps_every_move_and_names_its_line() {
    for (name, text) in [("game.kifu", KIFU), ("game.ki2u", KI2U)] {
        // a byte before a move, inside the moves, and at the very end
        for (line, byte) in [(5, 0xFF), (4, 0x80), (text.lines().count() + 1, 0xC3)] {
            let bytes = with_byte_at_line(text, line, byte);
            let (code, out, err) = convert_usi(name, &bytes);
            assert_eq!(code, 0, "{name} line {line}: {err}");
            assert_eq!(out, KIFU_USI, "{name} line {line}: {err}");
            assert!(
                err.contains(&format!("{name}:{line}: warning: bytes that are not UTF-8")),
                "{name}: {err}"
            );
            // the names are read as UTF-8, not as Shift_JIS mojibake
            let (record, _) = read_bytes(&bytes, Format::from_path(name.as_ref())).unwrap();
            assert_eq!(record.header("先手"), Some("羽生善治"), "{name}");
        }
    }
}

#[test]
fn shift_jis_and_euc_jp_files_are_told_apart_from_utf8_by_what_reads_best() {
    // a Shift_JIS file with a stray byte is still Shift_JIS, also under a UTF-8 extension
    let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode(KIFU);
    let mut damaged = sjis.to_vec();
    damaged.push(0xFF);
    for name in ["game.kif", "game.kifu"] {
        let (code, out, err) = convert_usi(name, &damaged);
        assert_eq!((code, out.as_str()), (0, KIFU_USI), "{name}: {err}");
        assert!(err.contains("bytes that are not Shift_JIS"), "{err}");
    }
    // EUC-JP names come out right
    let (euc, _, _) = encoding_rs::EUC_JP.encode(KIFU);
    let d = decode_by_evidence(&euc, Some(Encoding::ShiftJis));
    assert_eq!(d.encoding, Encoding::EucJp);
    assert!(d.damaged_lines.is_empty());
    let (code, out, err) = convert_usi("euc.kif", &euc);
    assert_eq!((code, out.as_str(), err.as_str()), (0, KIFU_USI, ""));
    let (record, _) = read_bytes(&euc, Some(Format::Kif)).unwrap();
    assert_eq!(record.header("先手"), Some("羽生善治"));
}

#[test]
fn old_mac_line_endings_read_in_every_line_format() {
    let csa = "V2.2\nN+羽生\nN-森\nPI\n+\n+7776FU\nT3\n-3334FU\n+2726FU\n-8384FU\n+2625FU\n%TORYO\n";
    for (name, text) in [("cr.kifu", KIFU), ("cr.ki2u", KI2U), ("cr.csa", csa)] {
        let cr = text.replace('\n', "\r");
        let (code, out, err) = convert_usi(name, cr.as_bytes());
        assert_eq!((code, out.as_str(), err.as_str()), (0, KIFU_USI, ""), "{name}");
        // lines are counted as the file's lines
        let bad = cr.replace("２六歩", "２六金").replace("+2726FU", "+2726KI");
        let (_, w) = read_text(&bad, Format::from_path(name.as_ref()).unwrap()).unwrap();
        let line = text.lines().position(|l| l.contains("２六歩") || l.contains("+2726FU")).unwrap() + 1;
        assert!(w.iter().any(|w| w.is_error() && w.line == line), "{name}: {w:?}");
    }
}

#[test]
fn a_diagram_row_of_ten_squares_is_an_error_as_one_of_eight_is() {
    let row = "| ・ ・ ・ ・ ・ ・ ・ ・ ・|";
    let diagram = |first: &str| {
        let mut rows = vec![first.to_string()];
        rows.extend((0..7).map(|_| row.to_string()));
        rows.push("| ・ ・ ・ ・ 玉 ・ ・ ・ ・|".to_string());
        format!(
            "後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n{}\n+---------------------------+\n先手の持駒：歩\n",
            rows.join("\n")
        )
    };
    for first in ["| ・ ・ ・ ・ ・ ・ ・ ・ ・ 飛|", "| ・ ・ ・ ・ ・ ・ ・ ・|"] {
        let e = read_text(&diagram(first), Format::Kifu).unwrap_err().to_string();
        assert!(e.starts_with("line 4: a board row needs 9 squares"), "{first}: {e}");
    }
    assert!(read_text(&diagram(row), Format::Kifu).is_ok());
}

#[test]
fn diagram_position_and_usi_errors_carry_their_line() {
    let short = "後手の持駒：なし\n+---------------------------+\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|\n| ・ ・ ・ ・ 玉 ・ ・ ・ ・|\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|\n+---------------------------+\n先手の持駒：なし\n";
    let e = read_text(short, Format::Kifu).unwrap_err().to_string();
    assert_eq!(e, "line 2: the diagram has 3 rows, expected 9");
    // nine rows with three kings: not a valid position
    let mut rows = vec!["| ・ ・ ・ ・ 玉 ・ ・ ・ ・|"; 3];
    rows.extend(["| ・ ・ ・ ・ ・ ・ ・ ・ ・|"; 6]);
    let bad =
        format!("\n\n+---------------------------+\n{}\n+---------------------------+\n", rows.join("\n"));
    let e = read_text(&bad, Format::Kifu).unwrap_err().to_string();
    assert!(e.starts_with("line 3: the diagram is not a valid position"), "{e}");
    let csa = "V2.2\n\nP1 *  *  *  *  *  *  *  *  * \nP2 *  *  *  * +OU *  *  *  * \nP3 * \nP4 * \nP5 *  *  *  * +OU *  *  *  * \nP6 * \nP7 * \nP8 * \nP9 * \n+\n";
    let e = read_text(csa, Format::Csa).unwrap_err().to_string();
    assert!(e.starts_with("line 3: not a valid position"), "{e}");
    for empty in ["", "\n# a comment\n\n"] {
        let e = read_text(empty, Format::Usi).unwrap_err().to_string();
        assert!(e.starts_with("line 1: empty USI record"), "{e}");
    }
}

#[test]
fn jkf_moves_after_an_ending_and_a_wrong_piece_are_reported() {
    let jkf = r#"{"header":{},"moves":[{},
{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}},
{"special":"CHUDAN"},
{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"}}
]}"#;
    let (r, w) = read_text(jkf, Format::Jkf).unwrap();
    assert_eq!(r.main_line().len(), 1);
    assert!(w.iter().any(|w| w.is_error() && w.line == 4 && w.message.contains("after the end")), "{w:?}");
    let wrong = r#"{"moves":[{},
{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"HI"}}]}"#;
    let (r, w) = read_text(wrong, Format::Jkf).unwrap();
    assert_eq!(r.main_line().len(), 0);
    let w: Vec<String> = w.iter().map(Warning::to_string).collect();
    assert!(
        w.iter()
            .any(|w| w.contains("line 2: error") && w.contains("'piece' says HI but the piece on 77 is FU")),
        "{w:?}"
    );
}

#[test]
fn csa_without_a_turn_line_says_what_it_assumed() {
    let board = "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI *  *  *  *  * -KA * \nP3-FU-FU-FU-FU-FU-FU-FU-FU-FU\nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA *  *  *  *  * +HI * \nP9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n";
    let (r, w) = read_text(&format!("V2.2\n{board}"), Format::Csa).unwrap();
    assert_eq!(r.main_line().len(), 0);
    assert!(
        w.iter().any(|w| w.line == 2
            && w.message.contains("no side-to-move line")
            && w.message.contains("black")),
        "{w:?}"
    );
    // a first move by white says who moves first
    let (r, w) = read_text(&format!("V2.2\n{board}-3334FU\n+7776FU\n"), Format::Csa).unwrap();
    assert_eq!(r.main_line().len(), 2, "{w:?}");
    assert!(
        w.iter().any(|w| !w.is_error() && w.message.contains("white (後手) to move, as the first move says")),
        "{w:?}"
    );
    // with the turn line nothing is said
    let (_, w) = read_text(&format!("V2.2\n{board}+\n+7776FU\n"), Format::Csa).unwrap();
    assert!(w.is_empty(), "{w:?}");
}

#[test]
fn a_move_number_that_would_wrap_is_refused() {
    let sfen =
        "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 4294967295 moves 7g7f 3c3d";
    let e = read_text(sfen, Format::Usi).unwrap_err().to_string();
    assert!(e.contains("bad move number '4294967295'"), "{e}");
    // the largest number taken still counts up
    let max = shogiban::core::MAX_MOVE_NUMBER;
    let (r, _) = read_text(&sfen.replace("4294967295", &max.to_string()), Format::Usi).unwrap();
    let end = r.position_at(r.main_line_end()).to_sfen();
    assert!(end.ends_with(&format!(" {}", max as u64 + 2)), "{end}");
}

#[test]
fn an_unknown_format_names_the_file() {
    let (code, _, err) = convert_usi("notes.txt", b"hello\nworld\n");
    assert_eq!(code, 1);
    assert!(err.contains("notes.txt: unrecognised record format"), "{err}");
    assert!(matches!(read_bytes(b"hello", None), Err(RecordError::UnknownFormat { file: None })));
}

#[test]
fn characters_shift_jis_cannot_hold_are_found_with_their_lines() {
    let text = "先手：森雞二九段\n後手：羽生\n*𠮷野家で😀\n";
    let found = unencodable(text, Encoding::ShiftJis);
    assert_eq!(found, vec![(1, vec!['雞']), (3, vec!['𠮷', '😀'])]);
    assert!(unencodable(text, Encoding::Utf8).is_empty());
}

#[test]
fn convert_to_shift_jis_names_what_it_could_not_write() {
    let dir = common::TempDir::new("misreads-lossy");
    let input = dir.join("in.kifu");
    std::fs::write(&input, KIFU.replace("*中盤へ", "*𠮷野家で一休み😀")).unwrap();
    let out = dir.join("out.kif");
    let run =
        Command::new(env!("CARGO_BIN_EXE_shogiban")).args(["convert", "-o"]).arg(&out).arg(&input).output();
    let run = run.unwrap();
    assert!(run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("out.kif:") && err.contains("Shift_JIS cannot hold 雞"), "{err}");
    assert!(err.contains("𠮷") && err.contains("😀") && err.contains(".kifu"), "{err}");
    // the moves are all there
    let (r, _) = shogiban::record::load_record(&out).unwrap();
    assert_eq!(r.main_line().len(), 5);
}

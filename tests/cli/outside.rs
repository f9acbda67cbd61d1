//! What was found by using the commands from outside (issue 47, round 3): output that cannot
//! be written is a failure, inputs that are not regular files or are too large are refused
//! without blocking, and `mate` judges every position by one rule.

use super::common::TempDir;
use super::run;
use std::process::{Command, Output, Stdio};

/// Runs `shogiban ARGS` under `sh -c` with `redirect` appended (`>&-`, `<&-`).
fn shell(args: &str, redirect: &str) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("\"$0\" {args} {redirect}"))
        .arg(env!("CARGO_BIN_EXE_shogiban"))
        .stdin(Stdio::null())
        .output()
        .expect("sh runs")
}

#[test]
fn every_command_fails_with_a_message_when_its_standard_output_is_closed() {
    for args in
        ["perft 1", "mate --sfen 8k/9/8P/9/9/9/9/9/9 b G 1", "eval", "book probe", "completions bash", "man"]
    {
        let out = shell(args, ">&-");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!matches!(out.status.code(), Some(0) | Some(101)), "{args}: {:?} {err}", out.status);
        assert!(err.contains("standard output is closed"), "{args}: {err}");
    }
}

#[test]
fn record_inputs_that_are_devices_or_too_large_are_refused_without_reading_them() {
    let dir = TempDir::new("cli-outside-large");
    let big = dir.join("big.kifu");
    // sparse: 2 GB on the file system's word, nothing on the disk
    std::fs::File::create(&big).unwrap().set_len(2 << 30).unwrap();
    let big = big.to_str().unwrap();
    for args in [
        vec!["convert", big],
        vec!["convert", "/dev/zero"],
        vec!["mate", big],
        vec!["mate", "/dev/zero"],
        vec!["analyze", big],
        vec!["book", "build", big, "-o", "/dev/null"],
        vec!["book", "probe", "--book", "/dev/zero"],
    ] {
        let start = std::time::Instant::now();
        let (code, _, err) = run(&args);
        assert_ne!(code, 0, "{args:?}: {err}");
        assert!(err.contains("too large") || err.contains("device"), "{args:?}: {err}");
        assert!(start.elapsed() < std::time::Duration::from_secs(20), "{args:?} read the whole file");
    }
}

#[test]
fn convert_with_standard_input_closed_or_empty_says_so() {
    for redirect in ["<&-", "< /dev/null"] {
        let out = shell("convert", redirect);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{redirect}: {err}");
        assert!(err.contains("standard input is empty or closed"), "{redirect}: {err}");
    }
}

#[test]
fn mate_refuses_a_position_without_the_defenders_king() {
    let (code, out, err) = run(&["mate", "--sfen", "9/9/9/9/9/9/9/9/9 b G 1"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("gote (☖) has no king"), "{err}");
    // the attacker's king may be missing, as in every tsume
    let (code, out, _) = run(&["mate", "--sfen", "8k/9/8P/9/9/9/9/9/9 b G 1"]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn mate_judges_dead_pieces_and_nifu_alike_from_an_sfen_and_from_a_file() {
    // a composed problem: a ☗ knight on rank 2 that can never move, two ☗ pawns on file 1
    let sfen = "8k/6N2/8P/8P/9/9/9/9/9 b G 1";
    let (sfen_code, sfen_out, sfen_err) = run(&["mate", "--sfen", sfen]);
    let dir = TempDir::new("cli-outside-mate");
    let file = dir.join("p.sfen");
    std::fs::write(&file, format!("sfen {sfen}\n")).unwrap();
    let (file_code, file_out, file_err) = run(&["mate", file.to_str().unwrap()]);
    assert_eq!(sfen_code, file_code, "{sfen_out}{sfen_err} / {file_out}{file_err}");
    assert_eq!(sfen_code, 0, "{sfen_err}");
}

#[test]
fn an_sfen_hand_over_a_sets_count_is_reported_with_the_whole_count() {
    let (code, _, err) = run(&["mate", "--sfen", "8k/9/9/9/9/9/9/9/9 b 10P9P 1"]);
    assert_eq!(code, 2);
    assert!(err.contains("19 pawns"), "{err}");
}

#[test]
fn an_option_value_is_not_taken_for_a_mistyped_subcommand() {
    let (code, _, err) = run(&["--user", "me"]);
    assert_eq!(code, 2);
    assert!(!err.contains("unrecognized subcommand"), "{err}");
    assert!(err.contains("--csa"), "{err}");
}

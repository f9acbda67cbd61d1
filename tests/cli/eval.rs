//! `shogiban eval`: the trace of one position, the batch mode, bad input.

use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shogiban"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The value of `name` in a batch line.
fn field(line: &str, name: &str) -> i32 {
    line.split(' ').find_map(|kv| kv.strip_prefix(&format!("{name}="))).unwrap().parse().unwrap()
}

#[test]
fn traces_one_position() {
    // the start position: symmetric, so only the tempo is left
    let (code, out, _) = run(&["eval"], "");
    assert_eq!(code, 0);
    assert!(out.contains("相掛かり"), "{out}");
    let want = format!("evaluation: {:+} for sente", shogiban::engine::eval::tuned::TEMPO);
    assert!(out.contains(&want), "{out}");
    // gote to move, a rook up for sente (SFEN given as separate words)
    let (code, out, _) = run(
        &["eval", "--sfen", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL", "w", "R", "1"],
        "",
    );
    assert_eq!(code, 0);
    let material = out.lines().find(|l| l.trim_start().starts_with("material (board)")).unwrap();
    assert!(material.ends_with("+760"), "{out}");
    let total = out.lines().find_map(|l| l.strip_prefix("evaluation: ")).unwrap();
    assert!(total.starts_with('-') && total.contains("for gote"), "{out}");
}

#[test]
fn batch_mode_keeps_one_line_per_position() {
    let input = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n\
                 not a position\n\
                 sfen 4k4/9/4P4/9/9/9/9/9/4K3+R b G 1\n";
    let (code, out, err) = run(&["eval", "-"], input);
    assert_eq!(code, 1, "a bad line makes the exit status 1");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(field(lines[0], "total"), field(lines[0], "tempo"));
    assert_eq!(lines[1], "error");
    assert!(err.contains("line 2") && err.contains("invalid SFEN"), "{err}");
    // sente to move with a dragon, a pawn and a gold in hand against a bare king
    assert!(field(lines[2], "total") > 1500, "{}", lines[2]);
    assert!(field(lines[2], "king_danger_gote") > field(lines[2], "king_danger_sente"));
}

#[test]
fn bad_arguments() {
    let (code, _, err) = run(&["eval", "--sfen", "9/9/9 b - 1"], "");
    assert_eq!(code, 1);
    assert!(err.contains("invalid SFEN"), "{err}");
    let (code, _, err) = run(&["eval", "--depth", "3"], "");
    assert_eq!(code, 2);
    assert!(err.contains("unexpected argument '--depth'"), "{err}");
}

#[test]
fn a_line_that_is_not_utf8_is_reported_and_the_next_read() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shogiban"))
        .arg("eval")
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n";
    let mut input = start.as_bytes().to_vec();
    input.extend_from_slice(b"\xff\xfe not text\n");
    input.extend_from_slice(start.as_bytes());
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_eq!(lines[1], "error");
    assert_eq!(lines[0], lines[2]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("line 2: not UTF-8"), "{stderr}");
    assert_eq!(out.status.code(), Some(1));
}

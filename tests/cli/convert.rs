//! `shogiban convert` writing to its own output by name (`-o /dev/stdout`): through the
//! descriptor the shell gave it, never by replacing what that descriptor points at; a closed
//! standard output is an error, not a silent success.

use super::common::TempDir;
use std::os::unix::fs::MetadataExt;
use std::process::{Command, Output, Stdio};

const GAME: &str = "V2.2\n+\n+7776FU\n-3334FU\n";

/// Runs `shogiban convert ARGS` under `sh -c` with the redirection `redirect`.
fn convert_redirected(dir: &TempDir, args: &str, redirect: &str) -> Output {
    let game = dir.join("g.csa");
    std::fs::write(&game, GAME).unwrap();
    Command::new("sh")
        .arg("-c")
        .arg(format!("\"$0\" convert {args} g.csa {redirect}"))
        .arg(env!("CARGO_BIN_EXE_shogiban"))
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .output()
        .expect("sh runs")
}

#[test]
fn dev_stdout_appends_to_the_file_the_shell_appends_to() {
    let dir = TempDir::new("convert-append");
    let log = dir.join("log");
    std::fs::write(&log, "earlier lines\n").unwrap();
    let inode = std::fs::metadata(&log).unwrap().ino();
    for name in ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
        let out = convert_redirected(&dir, &format!("--to usi -o {name}"), ">> log");
        assert_eq!(out.status.code(), Some(0), "{name}: {}", String::from_utf8_lossy(&out.stderr));
    }
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.starts_with("earlier lines\n"), "{text}");
    assert_eq!(text.matches("position startpos moves 7g7f 3c3d").count(), 3, "{text}");
    assert_eq!(std::fs::metadata(&log).unwrap().ino(), inode, "the log was replaced, not appended to");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2, "a temporary was left");
}

#[test]
fn dev_stdout_writes_into_a_pipe() {
    let dir = TempDir::new("convert-pipe");
    let out = convert_redirected(&dir, "--to usi -o /dev/stdout", "| cat");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "position startpos moves 7g7f 3c3d");
}

#[test]
fn a_closed_stdout_is_an_error() {
    let dir = TempDir::new("convert-closed");
    for args in ["--to usi -o /dev/stdout", "--to usi"] {
        let out = convert_redirected(&dir, args, ">&-");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args}: {err}");
        assert!(err.contains("standard output is closed"), "{args}: {err}");
    }
    // to /dev/null on purpose is not closed
    let out = convert_redirected(&dir, "--to usi -o /dev/stdout", "> /dev/null");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn a_stale_temporary_of_a_killed_convert_is_cleared() {
    let dir = TempDir::new("convert-stale");
    // what a convert killed with SIGKILL between writing and renaming leaves (no process has
    // this id)
    let stale = dir.join(".out.jkf.999999999.0.tmp");
    std::fs::write(&stale, "{\"partial").unwrap();
    let out = convert_redirected(&dir, "-o out.jkf", "");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!stale.exists());
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["g.csa", "out.jkf"]);
}

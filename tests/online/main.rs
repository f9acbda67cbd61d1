//! `shogiban csa` against the real CSA server (`shogi-server`, Ruby), started from
//! `../shared/tools/csa-server` beside the repository (or the script `SHOGIBAN_CSA_SERVER` names).
//! Where that script or Ruby is missing, each test says so and passes without playing, except
//! under `CI=true`, where it fails (`.ci/run` installs Ruby so CI plays them).
//!
//! The server is the oracle: it writes every finished game as a CSA file, and each client's saved
//! record must equal it move for move, time for time, and in the result.

use shogiban::core::Color;
use shogiban::record::csa::read_csa;
use shogiban::record::{GameRecord, Outcome};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/csa.rs"]
mod csa;
mod fake;
mod faults;
use csa::Server;

/// `shogiban csa` as a background process.
fn shogiban_csa(port: u16, user: &str, game: &str, extra: &[&str], save: &Path) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_shogiban"))
        .args(["csa", "--host", "127.0.0.1", "--port", &port.to_string(), "--user", user, "--game", game])
        .args(["--save-dir", save.to_str().unwrap()])
        .args(extra)
        .env("SHOGIBAN_CSA_PASSWORD", "pw")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn finished(child: std::process::Child) -> (Output, String, String) {
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out, stdout, stderr)
}

/// The result the server wrote (`'summary:toryo:alice win:bob lose`) as an outcome.
fn server_outcome(text: &str) -> Outcome {
    let line = text.lines().find(|l| l.starts_with("'summary:")).expect("a summary line");
    let parts: Vec<&str> = line.split(':').collect();
    match (parts[2].split(' ').nth(1), parts[3].split(' ').nth(1)) {
        (Some("win"), _) => Outcome::Win(Color::Black),
        (_, Some("win")) => Outcome::Win(Color::White),
        (Some("draw"), _) => Outcome::Draw,
        _ => Outcome::None,
    }
}

/// Moves with their times.
fn moves_and_times(r: &GameRecord) -> Vec<(String, Option<u32>)> {
    r.main_line().iter().map(|&n| (r.node(n).mv.usi(), r.node(n).time.map(|t| t.spent))).collect()
}

/// The saved record equals the server's, move for move and in the result.
fn assert_same_game(saved: &Path, server: &str) {
    let ours = read_csa(&std::fs::read_to_string(saved).unwrap()).unwrap().0;
    let theirs = read_csa(server).unwrap().0;
    assert_eq!(moves_and_times(&ours), moves_and_times(&theirs), "{}", saved.display());
    assert_eq!(ours.outcome(), server_outcome(server), "{}\n{server}", saved.display());
    assert!(!moves_and_times(&ours).is_empty() || ours.ending().is_some());
}

fn saved_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> =
        std::fs::read_dir(dir).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    v.sort();
    v
}

/// Two `shogiban csa` clients play two games in a row; every saved record equals the server's.
#[test]
fn two_engines_play_whole_games_and_keep_the_servers_records() {
    let Some(server) = Server::start(&[]) else { return };
    let (da, db) = (server.dir.join("alice"), server.dir.join("bob"));
    let a = shogiban_csa(server.port, "alice", "whole-60-0F", &["--level", "1", "--games", "2"], &da);
    let b = shogiban_csa(server.port, "bob", "whole-60-0F", &["--level", "1", "--games", "2"], &db);
    for (child, dir) in [(a, &da), (b, &db)] {
        let (out, stdout, stderr) = finished(child);
        assert!(out.status.success(), "{stdout}\n{stderr}");
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 3, "one line per game and a tally: {stdout}");
        assert!(lines[0].starts_with("game 1: test+whole-60-0F+"), "{stdout}");
        assert!(lines[1].starts_with("game 2: "), "{stdout}");
        assert!(lines[2].starts_with("2 games: "), "{stdout}");
        let files = saved_files(dir);
        assert_eq!(files.len(), 2, "{files:?}\n{stdout}\n{stderr}");
        for f in files {
            let id = f.file_stem().unwrap().to_string_lossy().into_owned();
            assert!(stdout.contains(&format!("saved to {}", f.display())), "{stdout}");
            assert_same_game(&f, &server.record_of(&id));
        }
    }
}

/// The scripted side resigns: both sides see the resignation; the records agree.
#[test]
fn a_resignation_ends_the_game_on_both_sides() {
    let Some(server) = Server::start(&[]) else { return };
    let save = server.dir.join("bob");
    let mut alice = server.client("alice", "resign-60-10-B");
    let bob = shogiban_csa(server.port, "bob", "resign-60-10-W", &["--level", "1"], &save);
    alice.agree();
    alice.send("+7776FU");
    alice.until(|l| l.starts_with("+7776FU,T"));
    alice.until(|l| l.starts_with('-'));
    alice.send("%TORYO");
    alice.until(|l| l == "#RESIGN");
    assert_eq!(alice.until(|l| l.starts_with('#')), "#LOSE");
    let (out, stdout, stderr) = finished(bob);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains(": win, alice resigned (2 moves)"), "{stdout}");
    let file = saved_files(&save).pop().unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("\n%TORYO\n"), "{text}");
    assert_same_game(&file, &server.record_of(&alice.game_id()));
}

/// The scripted side lets its clock run out (a 2-second game): a time-up on both sides.
#[test]
fn a_time_up_ends_the_game_on_both_sides() {
    let Some(server) = Server::start(&["--least-time-per-move", "0"]) else { return };
    let save = server.dir.join("bob");
    let mut alice = server.client("alice", "timeup-2-0-B");
    let bob = shogiban_csa(server.port, "bob", "timeup-2-0-W", &["--level", "1", "--margin", "200"], &save);
    alice.agree();
    // keep-alive lines make the server look at the clock; the time runs out within seconds
    assert_eq!(alice.until_keeping_alive(|l| l.starts_with('#')), "#TIME_UP");
    assert_eq!(alice.until(|l| l.starts_with('#')), "#LOSE");
    let (out, stdout, stderr) = finished(bob);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains(": win, alice ran out of time (0 moves)"), "{stdout}");
    let file = saved_files(&save).pop().unwrap();
    assert!(std::fs::read_to_string(&file).unwrap().contains("\n%TIME_UP\n"));
    assert_same_game(&file, &server.record_of(&alice.game_id()));
}

/// The scripted side plays an illegal move: it loses by it on both sides.
#[test]
fn an_illegal_move_ends_the_game_on_both_sides() {
    let Some(server) = Server::start(&[]) else { return };
    let save = server.dir.join("bob");
    let mut alice = server.client("alice", "illegal-60-10-B");
    let bob = shogiban_csa(server.port, "bob", "illegal-60-10-W", &["--level", "1"], &save);
    alice.agree();
    alice.send("+7775FU");
    assert_eq!(alice.until(|l| l.starts_with('#')), "#ILLEGAL_MOVE");
    assert_eq!(alice.until(|l| l.starts_with('#')), "#LOSE");
    let (out, stdout, stderr) = finished(bob);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains(": win, alice made an illegal move (0 moves)"), "{stdout}");
    let file = saved_files(&save).pop().unwrap();
    assert!(std::fs::read_to_string(&file).unwrap().contains("\n%ILLEGAL_MOVE\n"));
    assert_same_game(&file, &server.record_of(&alice.game_id()));
}

/// The server goes away mid-game: a clear message, a failing exit, and the record so far saved.
#[test]
fn the_server_going_away_keeps_the_record() {
    let Some(server) = Server::start(&[]) else { return };
    let save = server.dir.join("bob");
    let mut alice = server.client("alice", "away-600-10-B");
    let bob = shogiban_csa(server.port, "bob", "away-600-10-W", &["--level", "1"], &save);
    alice.agree();
    alice.send("+7776FU");
    alice.until(|l| l.starts_with('-'));
    server.kill();
    let (out, stdout, stderr) = finished(bob);
    assert!(!out.status.success(), "{stdout}\n{stderr}");
    assert!(stderr.contains("closed the connection"), "{stderr}");
    assert!(stderr.contains("the record so far is saved to"), "{stderr}");
    let file = saved_files(&save).pop().unwrap();
    let ours = read_csa(&std::fs::read_to_string(&file).unwrap()).unwrap().0;
    // alice's move, and bob's reply when its echo left the server before the kill
    let moves = ours.main_line_moves();
    assert!((1..=2).contains(&moves.len()), "{moves:?}");
    assert_eq!(moves[0].usi(), "7g7f");
    // the game was cut off: the record says so
    assert_eq!(ours.ending().map(|s| s.kind), Some(shogiban::record::SpecialKind::Interrupt));
}

/// A refused login and a server that is not there: clear messages, failing exits.
#[test]
fn a_refused_login_and_no_server_fail_clearly() {
    let Some(server) = Server::start(&[]) else { return };
    let save = server.dir.join("x");
    let (out, _, stderr) = finished(shogiban_csa(server.port, "bad!name", "x-60-10", &[], &save));
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr.contains("the server refused the login of 'bad!name'"), "{stderr}");
    let port = server.port;
    server.kill();
    let (out, _, stderr) = finished(shogiban_csa(port, "alice", "x-60-10", &[], &save));
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr.contains(&format!("cannot connect to 127.0.0.1:{port}")), "{stderr}");
}

/// A USI engine on the server: its `bestmove win` becomes `%KACHI` (refused here, so it loses by
/// it), its `bestmove resign` `%TORYO`; an engine that dies ends the run with the record saved.
#[test]
fn a_usi_engine_declares_resigns_and_dies() {
    let Some(server) = Server::start(&[]) else { return };
    let engine = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/online_usi_engine.sh");
    for (n, mode) in ["declare", "resign", "crash"].into_iter().enumerate() {
        let save = server.dir.join(mode);
        let game = format!("usi{n}-60-10");
        let cmd = format!("{} {mode}", engine.display());
        let bob = shogiban_csa(server.port, "bob", &format!("{game}-B"), &["--engine", &cmd], &save);
        let mut alice = server.client("alice", &format!("{game}-W"));
        alice.agree();
        alice.until(|l| l.starts_with("+7776FU,T"));
        alice.send("-3334FU");
        alice.until(|l| l.starts_with("-3334FU,T"));
        let (out, stdout, stderr) = finished(bob);
        let file = saved_files(&save).pop().unwrap_or_else(|| panic!("{mode}: nothing saved: {stderr}"));
        let text = std::fs::read_to_string(&file).unwrap();
        match mode {
            "declare" => {
                assert!(out.status.success(), "{stdout}\n{stderr}");
                assert!(stdout.contains(": loss, bob declared an impasse win"), "{stdout}");
                assert_eq!(alice.until(|l| l.starts_with('#')), "#ILLEGAL_MOVE");
                assert_eq!(alice.until(|l| l.starts_with('#')), "#WIN");
                assert_same_game(&file, &server.record_of(&alice.game_id()));
            }
            "resign" => {
                assert!(out.status.success(), "{stdout}\n{stderr}");
                assert!(stdout.contains("bob (☗) vs alice (☖): loss, bob resigned (2 moves)"), "{stdout}");
                assert!(text.contains("\n%TORYO\n"), "{text}");
                assert_eq!(alice.until(|l| l.starts_with('#')), "#RESIGN");
                assert_same_game(&file, &server.record_of(&alice.game_id()));
            }
            _ => {
                assert_eq!(out.status.code(), Some(1), "{stdout}\n{stderr}");
                assert!(stderr.contains("the engine failed: the engine died"), "{stderr}");
                assert!(stderr.contains("out of memory"), "{stderr}");
                assert!(stderr.contains("the record so far is saved to"), "{stderr}");
                assert_eq!(read_csa(&text).unwrap().0.main_line().len(), 2);
                // the server gives the game to the side still there
                assert_eq!(alice.until(|l| l.starts_with('#')), "#RESIGN");
                assert_eq!(alice.until(|l| l.starts_with('#')), "#WIN");
            }
        }
    }
}

//! End-to-end USI sessions against the `shogiban usi` binary: handshake, options, positions,
//! searches, stop, ponder, malformed input.

use shogiban::core::Position;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

/// `shogiban usi` run as a child process, its output read on a thread of its own so that a hung
/// engine fails the test after [`ANSWER_LIMIT`] with the transcript, rather than stalling CI.
/// The session owns the `Child` and kills it through that handle when dropped (a failed test
/// included): the process is not reaped before then, so its pid cannot have passed to another.
struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    transcript: Vec<String>,
}

/// How long the engine may take to say the next thing a test waits for.
const ANSWER_LIMIT: Duration = Duration::from_secs(120);

impl Session {
    fn start() -> Session {
        let mut command = Command::new(env!("CARGO_BIN_EXE_shogiban"));
        command.arg("usi");
        Session::start_command(command)
    }

    fn start_command(mut command: Command) -> Session {
        let mut child =
            command.stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("start shogiban usi");
        let stdin = child.stdin.take();
        let out = BufReader::new(child.stdout.take().unwrap());
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in out.lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Session { child, stdin, lines, transcript: Vec::new() }
    }

    fn input(&mut self) -> &mut ChildStdin {
        self.stdin.as_mut().expect("the engine's input is open")
    }

    fn send(&mut self, line: &str) {
        let input = self.input();
        writeln!(input, "{line}").unwrap();
        input.flush().unwrap();
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let input = self.input();
        input.write_all(bytes).unwrap();
        input.flush().unwrap();
    }

    /// Reads lines until one starts with `prefix`; returns it.
    fn wait_for(&mut self, prefix: &str) -> String {
        loop {
            let l = match self.lines.recv_timeout(ANSWER_LIMIT) {
                Ok(l) => l,
                Err(RecvTimeoutError::Timeout) => {
                    panic!(
                        "no answer in {ANSWER_LIMIT:?} while waiting for '{prefix}'; got {:?}",
                        self.transcript
                    )
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("engine closed its output while waiting for '{prefix}'; got {:?}", self.transcript)
                }
            };
            let l = l.trim_end().to_string();
            self.transcript.push(l.clone());
            if l.starts_with(prefix) {
                return l;
            }
        }
    }

    /// Waits for the engine to close its output, then for it to end: its exit status.
    fn exit_status(&mut self) -> std::process::ExitStatus {
        loop {
            match self.lines.recv_timeout(ANSWER_LIMIT) {
                Ok(l) => self.transcript.push(l),
                Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => panic!("the engine did not end; got {:?}", self.transcript),
            }
        }
        self.child.wait().unwrap()
    }

    /// Closes the engine's input (end of file).
    fn close_input(&mut self) {
        self.stdin = None;
    }

    fn quit(mut self) {
        self.send("quit");
        assert!(self.exit_status().success(), "{:?}", self.transcript);
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // a no-op for a child already waited for: std never signals a reaped pid
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn bestmove_of(line: &str) -> &str {
    line.split_whitespace().nth(1).unwrap()
}

#[test]
fn handshake_and_search() {
    let mut s = Session::start();
    s.send("usi");
    s.wait_for("usiok");
    for opt in ["USI_Hash", "Threads", "Level", "OwnBook", "MultiPV", "USI_Ponder", "NetworkDelay"] {
        assert!(s.transcript.iter().any(|l| l.starts_with(&format!("option name {opt} "))), "{opt}");
    }
    assert!(s.transcript.iter().any(|l| l == "id name shogiban"));
    s.send("setoption name USI_Hash value 16");
    s.send("setoption name NetworkDelay value 250");
    s.send("setoption name NetworkDelay value -3");
    s.send("isready");
    s.wait_for("readyok");
    let complaints: Vec<&String> =
        s.transcript.iter().filter(|l| l.starts_with("info string setoption")).collect();
    assert_eq!(complaints.len(), 1, "{complaints:?}");
    assert!(complaints[0].contains("NetworkDelay: bad value '-3'"), "{complaints:?}");
    s.send("usinewgame");
    s.send("position startpos moves 7g7f 3c3d");
    s.send("go depth 4");
    let bm = s.wait_for("bestmove");
    let mut pos = Position::startpos();
    for m in ["7g7f", "3c3d"] {
        let m = pos.parse_usi_move(m).unwrap();
        pos.do_move(m);
    }
    assert!(pos.parse_usi_move(bestmove_of(&bm)).is_ok(), "{bm}");
    assert!(s.transcript.iter().any(|l| l.starts_with("info depth 4 ") && l.contains(" pv ")));
    s.quit();
}

#[test]
fn malformed_input_is_reported_not_fatal() {
    let mut s = Session::start();
    s.send("usi");
    s.wait_for("usiok");
    s.send_bytes(b"\xff\xfe not utf-8\n");
    for bad in [
        "hello world",
        "setoption name NoSuchOption value 3",
        "setoption name Level value 99",
        "setoption",
        "position",
        "position sfen not-a-board b - 1",
        "position startpos moves 7g7f 7g7f",
        // nothing would end this search but `stop`: it searches the default time instead
        "go btime abc",
        // a `go` while searching stops that search (which answers) and starts its own
        "go depth banana nodes 3000",
    ] {
        s.send(bad);
    }
    // both searches answer (from the position after the legal 7g7f)
    let mut pos = Position::startpos();
    let m = pos.parse_usi_move("7g7f").unwrap();
    pos.do_move(m);
    for _ in 0..2 {
        let bm = s.wait_for("bestmove");
        assert!(pos.parse_usi_move(bestmove_of(&bm)).is_ok(), "{bm}");
    }
    let infos = s.transcript.iter().filter(|l| l.starts_with("info string")).count();
    assert!(infos >= 11, "{:?}", s.transcript);
    assert!(s.transcript.iter().any(|l| l.contains("searching 1000 ms")), "{:?}", s.transcript);
    s.send("isready");
    s.wait_for("readyok");
    s.quit();
}

#[test]
fn stop_ends_infinite_search() {
    let mut s = Session::start();
    s.send("isready");
    s.wait_for("readyok");
    s.send("position startpos");
    s.send("go infinite");
    s.wait_for("info depth 3");
    s.send("isready");
    s.wait_for("readyok"); // answered while searching
    s.send("stop");
    let bm = s.wait_for("bestmove");
    assert!(Position::startpos().parse_usi_move(bestmove_of(&bm)).is_ok());
    s.quit();
}

#[test]
fn ponder_then_ponderhit() {
    let mut s = Session::start();
    s.send("setoption name USI_Ponder value true");
    s.send("position startpos moves 7g7f");
    s.send("go ponder btime 1000 wtime 1000 byoyomi 500");
    s.wait_for("info depth 2");
    s.send("ponderhit");
    let bm = s.wait_for("bestmove");
    let mut pos = Position::startpos();
    let m = pos.parse_usi_move("7g7f").unwrap();
    pos.do_move(m);
    assert!(pos.parse_usi_move(bestmove_of(&bm)).is_ok());
    s.quit();
}

#[test]
fn special_answers() {
    let mut s = Session::start();
    // checkmated side: resign
    s.send("position sfen 4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1");
    s.send("go btime 0 wtime 0 byoyomi 1000");
    assert_eq!(s.wait_for("bestmove"), "bestmove resign");
    // impasse declaration
    s.send("position sfen +R+B2K4/9/+P+P+P+P+P+P+P+P+P/9/9/9/9/9/8k b 2G2S2N2LP2g2s2n2l8p 1");
    s.send("go byoyomi 1000");
    assert_eq!(s.wait_for("bestmove"), "bestmove win");
    // go mate
    s.send("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    s.send("go mate 5000");
    assert_eq!(s.wait_for("checkmate"), "checkmate G*5b");
    s.send("position startpos");
    s.send("go mate 1000");
    let a = s.wait_for("checkmate");
    assert!(a == "checkmate nomate" || a == "checkmate timeout", "{a}");
    s.quit();
}

#[test]
fn end_of_input_quits() {
    let mut s = Session::start();
    s.send("usi");
    s.wait_for("usiok");
    s.close_input();
    assert!(s.exit_status().success());
}

#[test]
fn own_book_answers_timed_games_from_the_shipped_book() {
    let book = shogiban::engine::book::Book::builtin();
    let start = Position::startpos();
    let book_moves: Vec<String> = book.moves(&start).iter().map(|b| b.mv.usi()).collect();
    assert!(!book_moves.is_empty());
    let mut s = Session::start();
    s.send("usi");
    s.wait_for("usiok");
    s.send("isready");
    s.wait_for("readyok");
    s.send("position startpos");
    s.send("go btime 0 wtime 0 byoyomi 2000");
    let bm = s.wait_for("bestmove");
    assert!(book_moves.iter().any(|m| m == bestmove_of(&bm)), "{bm} not in {book_moves:?}");
    // with the book off, the engine searches (and reports info lines)
    s.send("setoption name OwnBook value false");
    s.send("position startpos");
    s.send("go btime 0 wtime 0 byoyomi 300");
    s.wait_for("bestmove");
    assert!(s.transcript.iter().any(|l| l.starts_with("info depth")));
    s.quit();
}

/// Every `go` gets a legal `bestmove`, whatever its arguments.
#[test]
fn every_go_gets_a_bestmove() {
    let mut s = Session::start();
    s.send("usi");
    s.wait_for("usiok");
    s.send("position startpos moves 7g7f");
    let mut pos = Position::startpos();
    let m = pos.parse_usi_move("7g7f").unwrap();
    pos.do_move(m);
    for go in [
        "go movetime 1e3",
        "go movetime 0x10",
        "go nodes 99999999999999999999999 depth 2",
        "go btime abc wtime xyz",
        "go frobnicate",
        "go movetime -7",
        "go depth 0",
    ] {
        s.send(go);
        let bm = s.wait_for("bestmove");
        assert!(pos.parse_usi_move(bestmove_of(&bm)).is_ok(), "{go}: {bm}");
    }
    let notes = s.transcript.iter().filter(|l| l.starts_with("info string go:")).count();
    assert!(notes >= 7, "{:?}", s.transcript);
    s.quit();
}

/// A line longer than the limit is skipped and not echoed; the session goes on.
#[test]
fn over_long_lines_are_skipped() {
    let mut s = Session::start();
    let long = vec![b'x'; 17 << 20];
    s.send_bytes(&long);
    s.send_bytes(b"\nisready\n");
    s.wait_for("readyok");
    let note = s.transcript.iter().find(|l| l.contains("was ignored")).expect("a note on the long line");
    assert!(note.len() < 300, "{note}");
    assert!(s.transcript.iter().all(|l| l.len() < 400));
    // a long unknown token under the limit is quoted shortened
    s.send(&format!("{} x", "y".repeat(100_000)));
    s.send("isready");
    s.wait_for("readyok");
    assert!(s.transcript.iter().all(|l| l.len() < 400));
    s.quit();
}

/// `USI_Hash 4096` where that much memory cannot be had: a smaller table, said so, and play goes on.
#[test]
fn hash_falls_back_when_memory_is_short() {
    let mut command = Command::new("sh");
    command.arg("-c").arg("ulimit -v 450000 && exec \"$0\" usi").arg(env!("CARGO_BIN_EXE_shogiban"));
    let mut s = Session::start_command(command);
    s.send("setoption name USI_Hash value 4096\nisready\nposition startpos\ngo depth 2");
    s.wait_for("bestmove");
    let lines = &s.transcript;
    assert!(lines.iter().any(|l| l.contains("4096 MB could not be had; using")), "{lines:?}");
    assert!(lines.iter().any(|l| l == "readyok"), "{lines:?}");
    s.quit();
}

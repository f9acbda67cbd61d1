//! `shogiban csa` against the fake server (`fake.rs`): what a server may do that the real one
//! does not, a stop by a signal, refused arguments, and hostile text.

use super::fake::{Conn, Fake, summary};
use super::{finished, saved_files, shogiban_csa};
use crate::common::TempDir;
use shogiban::record::csa::read_csa;
use std::process::{Child, Command};

const ID: &str = "fake+g-600-10+alice+bob+1";

/// `shogiban csa` as bob on a fake server, logged in: the server, bob's records' folder, bob, and
/// the server's side of bob's connection.
fn logged_in(name: &str, game: &str, extra: &[&str]) -> (Fake, TempDir, Child, Conn) {
    let fake = Fake::new();
    let dir = TempDir::new(name);
    let mut args = vec!["--level", "1"];
    args.extend_from_slice(extra);
    let bob = shogiban_csa(fake.port, "bob", game, &args, dir.path());
    let mut c = fake.accept();
    c.login();
    (fake, dir, bob, c)
}

/// As `logged_in`, with the game `ID` started, bob gote in 10 min + 10 s.
fn started(name: &str, extra: &[&str]) -> (Fake, TempDir, Child, Conn) {
    let (fake, dir, bob, mut c) = logged_in(name, "g-600-10-W", extra);
    c.start(&summary(ID, ["alice", "bob"], '-', 600, 10), ID);
    (fake, dir, bob, c)
}

/// Alice resigns; bob logs out and ends well: its standard output and error.
fn alice_resigns(mut c: Conn, bob: Child) -> (String, String) {
    c.send("%TORYO\n#RESIGN\n#WIN");
    c.logout();
    let (out, stdout, stderr) = finished(bob);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    (stdout, stderr)
}

/// The saved record keeps the engine's evaluation and line after each of its searched moves,
/// as the comments an analysis writes, in KIF (`*#評価値=`) and CSA (`'*#評価値=`), so the game can
/// be reviewed with the engine's view; the opponent's moves and book moves get none.
#[test]
fn the_saved_record_keeps_the_engines_evaluation_and_line() {
    for (format, prefix) in [("kifu", "*#"), ("csa", "'*#")] {
        // full strength (the lower levels may play another move than their line's), 1 s a move
        let fake = Fake::new();
        let dir = TempDir::new(&format!("csa-notes-{format}"));
        let args = ["--level", "10", "--save-format", format];
        let bob = shogiban_csa(fake.port, "bob", "g-0-1-W", &args, dir.path());
        let mut c = fake.accept();
        c.login();
        c.start(&summary(ID, ["alice", "bob"], '-', 0, 1), ID);
        c.exchange("+7776FU,T1", "T1");
        // a move no book holds: the answer is searched
        c.exchange("+9998KY,T1", "T1");
        alice_resigns(c, bob);
        let file = saved_files(dir.path()).pop().unwrap();
        let text = std::fs::read_to_string(&file).unwrap();
        for key in ["評価値=", "読み筋=", "深さ=", "ノード数=", "エンジン=shogiban"] {
            assert!(text.contains(&format!("{prefix}{key}")), "{key} in {format}:\n{text}");
        }
        let record = shogiban::record::load_record(&file).unwrap_or_else(|e| panic!("{e}\n{text}")).0;
        let notes = shogiban::record::annotation::main_line_annotations(&record);
        assert_eq!(notes.len(), 5, "{text}");
        assert!(notes[1].is_none() && notes[3].is_none(), "the opponent's moves have no note:\n{text}");
        let mine = notes[4].as_ref().expect("the engine's searched move has its note");
        assert!(mine.eval.is_some() && !mine.pv.is_empty() && mine.depth.is_some(), "{mine:?}");
        assert!(mine.engine.as_deref().is_some_and(|e| e.starts_with("shogiban")), "{mine:?}");
    }
}

/// A move whose time is not a number (`,Tabc`) is taken with time 0 and said; the game goes on.
#[test]
fn a_move_with_a_bad_time_is_taken_with_time_zero_and_said() {
    let (_fake, dir, bob, mut c) = started("csa-bad-time", &[]);
    c.exchange("+7776FU,Tabc", "T-5");
    let (stdout, stderr) = alice_resigns(c, bob);
    assert!(stderr.contains("the server's time 'Tabc' for the move +7776FU is not a number"), "{stderr}");
    assert!(stderr.contains("'T-5'"), "{stderr}");
    assert!(stdout.contains(": win, alice resigned (2 moves)"), "{stdout}");
    let file = saved_files(dir.path()).pop().unwrap();
    let record = read_csa(&std::fs::read_to_string(&file).unwrap()).unwrap().0;
    let times: Vec<_> = record.main_line().iter().map(|&n| record.node(n).time.map(|t| t.spent)).collect();
    assert_eq!(times, [Some(0), Some(0)]);
}

/// A summary the client refuses: the `REJECT` reaches the server before the connection closes.
#[test]
fn a_refused_summary_sends_reject_before_closing() {
    let (_fake, _dir, bob, mut c) = logged_in("csa-reject-flush", "g-600-10", &[]);
    c.send(&summary(ID, ["alice", "bob"], 'x', 600, 10));
    assert_eq!(c.rest(), ["REJECT"]);
    let (out, _, stderr) = finished(bob);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("rejected the game: ") && stderr.contains("Your_Turn should be + or -"),
        "{stderr}"
    );
}

/// `--games 2`: the opponent calls the first game off; the second is played; a tally at the end.
#[test]
fn a_game_called_off_by_the_opponent_does_not_end_the_run() {
    let (fake, _dir, bob, mut c) = logged_in("csa-called-off", "g-600-10", &["--games", "2"]);
    c.send(&summary(ID, ["alice", "bob"], '-', 600, 10));
    c.expect(|l| l == "AGREE");
    c.send(&format!("REJECT:{ID} by alice"));
    assert_eq!(c.rest(), Vec::<String>::new());
    let mut c = fake.accept();
    c.login();
    let id2 = "fake+g-600-10+alice+bob+2";
    c.start(&summary(id2, ["alice", "bob"], '-', 600, 10), id2);
    let (stdout, _) = alice_resigns(c, bob);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], format!("game 1: {ID}: called off by alice (REJECT)"), "{stdout}");
    assert!(lines[1].starts_with(&format!("game 2: {id2}: ")), "{stdout}");
    assert_eq!(lines[2], "1 game: 1 win, 0 losses, 0 draws, 1 game called off", "{stdout}");
}

/// A login refused every time: tried again after a pause that doubles, then the run stops.
#[test]
fn repeated_login_failures_stop_the_run_after_pauses() {
    let fake = Fake::new();
    let dir = TempDir::new("csa-login-retry");
    let bob = shogiban_csa(fake.port, "bob", "g-600-10", &["--level", "1", "--games", "3"], dir.path());
    let started = std::time::Instant::now();
    for _ in 0..3 {
        let mut c = fake.accept();
        c.expect(|l| l.starts_with("LOGIN bob g-600-10,"));
        c.send("LOGIN:incorrect");
        assert_eq!(c.rest(), Vec::<String>::new());
    }
    let (out, stdout, stderr) = finished(bob);
    assert_eq!(out.status.code(), Some(1), "{stdout}\n{stderr}");
    assert!(stderr.contains("trying again in 1 s"), "{stderr}");
    assert!(stderr.contains("trying again in 2 s"), "{stderr}");
    assert!(stderr.contains("the server refused the login of 'bob'"), "{stderr}");
    assert!(stderr.contains("(3 tries)"), "{stderr}");
    assert!(started.elapsed().as_secs_f64() >= 2.9, "the pauses were kept");
}

/// SIGINT (or SIGTERM) mid-game resigns, saves the record and exits with 130.
#[test]
fn a_signal_mid_game_resigns_saves_and_exits_130() {
    for signal in ["INT", "TERM"] {
        let (_fake, dir, bob, mut c) = started(&format!("csa-signal-{signal}"), &[]);
        c.exchange("+7776FU,T1", "T1");
        // bob waits for alice's move now
        let status = Command::new("kill").args([&format!("-{signal}"), &bob.id().to_string()]).status();
        assert!(status.unwrap().success());
        c.expect(|l| l == "%TORYO");
        c.send("%TORYO\n#RESIGN\n#LOSE");
        c.logout();
        let (out, stdout, stderr) = finished(bob);
        assert_eq!(out.status.code(), Some(130), "{stdout}\n{stderr}");
        assert!(stdout.contains("bob (☖) vs alice (☗): loss, bob resigned (2 moves)"), "{stdout}");
        assert!(stderr.contains(&format!("stopped by SIG{signal}")), "{stderr}");
        let file = saved_files(dir.path()).pop().unwrap();
        assert!(std::fs::read_to_string(&file).unwrap().contains("\n%TORYO\n"));
    }
}

/// A signal before any game: the client logs out and exits with 130.
#[test]
fn a_signal_while_waiting_logs_out_and_exits_130() {
    let (_fake, _dir, bob, mut c) = logged_in("csa-signal-waiting", "g-600-10", &[]);
    // one round trip more, so the login answer has surely been read
    c.send("##[NOTICE] hello");
    Command::new("kill").args(["-INT", &bob.id().to_string()]).status().unwrap();
    assert_eq!(c.rest(), ["LOGOUT"]);
    let (out, _, stderr) = finished(bob);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("stopped by SIGINT"), "{stderr}");
}

/// Names, ids and lines with escape sequences from a hostile server never reach the terminal or
/// the record raw.
#[test]
fn a_hostile_servers_text_is_printed_and_saved_with_control_characters_visible() {
    let (_fake, dir, bob, mut c) = logged_in("csa-hostile", "g-600-10-W", &["--verbose"]);
    let id = "evil\x1b]0;pwned\x07+1";
    c.start(&summary(id, ["\x1b[2Jalice\x1b[31m", "bob"], '-', 600, 10), id);
    c.send("##[CHAT][x] \x1b[5mblink\u{9b}31m");
    let (stdout, stderr) = alice_resigns(c, bob);
    for text in [&stdout, &stderr] {
        assert!(!text.contains('\x1b') && !text.contains('\x07') && !text.contains('\u{9b}'), "{text:?}");
    }
    assert!(stdout.contains("evil\\x1b]0;pwned\\x07+1"), "{stdout}");
    assert!(stdout.contains("vs \\x1b[2Jalice\\x1b[31m (☗)"), "{stdout}");
    let file = saved_files(dir.path()).pop().unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(!text.contains('\x1b') && !text.contains('\x07'), "{text:?}");
    assert!(text.contains("N+\\x1b[2Jalice\\x1b[31m"), "{text}");
}

/// A `START` for another game is said, not silently dropped; the right one starts the game.
#[test]
fn a_start_for_another_game_is_said() {
    let (_fake, _dir, bob, mut c) = logged_in("csa-other-start", "g-600-10-W", &[]);
    c.send(&summary(ID, ["alice", "bob"], '-', 600, 10));
    c.expect(|l| l == "AGREE");
    c.send("START:someone+else+1");
    c.send(&format!("START:{ID}"));
    let (stdout, stderr) = alice_resigns(c, bob);
    assert!(
        stderr.contains("the server started the game 'someone+else+1', not the game agreed to"),
        "{stderr}"
    );
    assert!(stdout.contains(": win, alice resigned (0 moves)"), "{stdout}");
}

/// Records are saved in the format and under the name asked for.
#[test]
fn records_are_saved_in_the_format_and_name_asked_for() {
    let extra = ["--save-format", "kifu", "--name", "{n}-{opponent}-{date}-{game_id}"];
    let (_fake, dir, bob, c) = started("csa-save-format", &extra);
    let (stdout, _) = alice_resigns(c, bob);
    let file = saved_files(dir.path()).pop().unwrap();
    let name = file.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with("1-alice-20") && name.ends_with(&format!("-{ID}.kifu")), "{name}");
    assert!(stdout.contains(&format!("saved to {}", file.display())), "{stdout}");
    assert!(std::fs::read_to_string(&file).unwrap().contains("投了"));
}

/// Each move goes with the engine's evaluation and line as floodgate reads them
/// (`-3334FU,'* -30 +2726FU …`), unless `--no-pv`.
#[test]
fn the_engines_evaluation_and_line_go_with_each_move_unless_asked_not_to() {
    let csa_move = |m: &str| {
        let b = m.as_bytes();
        b.len() == 7 && (b[0] == b'+' || b[0] == b'-') && b[1..5].iter().all(u8::is_ascii_digit)
    };
    for (extra, sent) in [(vec![], true), (vec!["--no-pv"], false)] {
        let (_fake, _dir, bob, mut c) = started("csa-pv", &extra);
        let reply = c.exchange("+7776FU,T1", "T1");
        alice_resigns(c, bob);
        let (mv, comment) = reply.split_once(",'* ").unwrap_or((&reply, ""));
        assert!(csa_move(mv), "{reply}");
        assert_eq!(!comment.is_empty(), sent, "{reply}");
        if sent {
            let mut words = comment.split(' ');
            assert!(words.next().unwrap().parse::<i32>().is_ok(), "{reply}");
            assert!(words.all(csa_move), "{reply}");
        }
    }
}

/// `#MAX_MOVES` is saved as CSA spells a move-limit end (`%MAX_MOVES`), not as `%JISHOGI`.
#[test]
fn a_move_limit_is_saved_as_max_moves() {
    let (_fake, dir, bob, mut c) = started("csa-max-moves", &[]);
    c.exchange("+7776FU,T1", "T1\n#MAX_MOVES\n#CENSORED");
    c.logout();
    let (out, stdout, stderr) = finished(bob);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("no result, the move limit was reached (2 moves)"), "{stdout}");
    let text = std::fs::read_to_string(saved_files(dir.path()).pop().unwrap()).unwrap();
    assert!(text.contains("\n%MAX_MOVES\n") && !text.contains("%JISHOGI"), "{text}");
}

/// Arguments that cannot make a login line, a game name the server would not pair by, a port 0,
/// and a records folder that cannot be written: refused before anything is sent.
#[test]
fn bad_arguments_are_refused_before_connecting() {
    let fake = Fake::new();
    let dir = TempDir::new("csa-bad-args");
    let port = fake.port.to_string();
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_shogiban"))
            .args(["csa", "--host", "127.0.0.1", "--save-dir", dir.path().to_str().unwrap()])
            .args(args)
            .env("SHOGIBAN_CSA_PASSWORD", "pw")
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
    };
    for (args, says) in [
        (vec!["--port", &port, "--user", "", "--game", "g-60-10"], "the user name is empty"),
        (vec!["--port", &port, "--user", "a b", "--game", "g-60-10"], "has a space"),
        (vec!["--port", &port, "--user", "a\nb", "--game", "g-60-10"], "has a space"),
        (
            vec!["--port", &port, "--user", "a", "--password", "p w", "--game", "g-60-10"],
            "password has a space",
        ),
        (
            vec!["--port", &port, "--user", "a", "--password", "p\nw", "--game", "g-60-10"],
            "password has a space",
        ),
        (vec!["--port", &port, "--user", "a", "--password", "", "--game", "g-60-10"], "password is empty"),
        (vec!["--port", "0", "--user", "a", "--game", "g-60-10"], "0 is not in 1..=65535"),
        (vec!["--port", &port, "--user", "a", "--game", "casual"], "NAME-TOTAL-BYOYOMI"),
        (vec!["--port", &port, "--user", "a", "--game", "g-60-10-X"], "NAME-TOTAL-INCREMENTF"),
        (
            vec!["--port", &port, "--user", "a", "--game", "g-60-10", "--keepalive", "10"],
            "10 is not in 30..=3600",
        ),
        (vec!["--port", &port, "--user", "a", "--game", "g-60-10", "--name", "{day}"], "is not a name field"),
        (
            vec!["--port", &port, "--user", "a", "--game", "g-60-10", "--save-format", "usi"],
            "not one of csa, kif",
        ),
    ] {
        let (code, stderr) = run(&args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    // a records folder that is a file
    let file = dir.join("a-file");
    std::fs::write(&file, "x").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_shogiban"))
        .args(["csa", "--host", "127.0.0.1", "--port", &port, "--user", "a", "--game", "g-60-10"])
        .args(["--save-dir", file.to_str().unwrap()])
        .env("SHOGIBAN_CSA_PASSWORD", "pw")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("cannot write records in"), "{stderr}");
    // nothing was sent: the fake server saw no connection
    assert!(fake.nobody_came());
}

/// A server silent past the end of the clock of the side to move (plus a margin): the run gives
/// the game up with the record saved (cut off: `%CHUDAN`), instead of waiting for ever.
#[test]
fn a_silent_server_is_given_up_past_the_clock() {
    use shogiban::engine::player::BuiltinPlayer;
    use shogiban::online::autoplay::{AutoplayConfig, StopHandle, play_games};
    use std::time::Duration;
    let fake = Fake::new();
    let dir = TempDir::new("csa-silent");
    let cfg = AutoplayConfig {
        host: "127.0.0.1".into(),
        port: fake.port,
        user: "bob".into(),
        password: "pw".into(),
        game: "g-2-0-W".into(),
        games: 1,
        save_dir: dir.path().to_path_buf(),
        margin_ms: 200,
        connect_timeout: Duration::from_secs(10),
        login_timeout: Duration::from_secs(10),
        keepalive: Duration::from_secs(30),
        silence_margin: Duration::from_secs(1),
        login_tries: 1,
        retry_pause: Duration::from_secs(1),
        stop_wait: Duration::from_secs(1),
        send_pv: true,
        save_format: shogiban::record::Format::Csa,
        name: "{game_id}".into(),
    };
    let server = std::thread::spawn(move || {
        let mut c = fake.accept();
        c.login();
        c.start(&summary(ID, ["alice", "bob"], '-', 2, 0), ID);
        // then nothing, as a server that hangs
        c.rest()
    });
    let started = std::time::Instant::now();
    let mut player = BuiltinPlayer::new(shogiban::engine::levels::Level::MIN);
    let e = play_games(&cfg, &mut player, &StopHandle::default(), &mut |_| {}, &mut |_| {}).unwrap_err();
    assert!(e.message.contains("has said nothing for 1 s past the end of the clock"), "{e}");
    let waited = started.elapsed();
    assert!(waited >= Duration::from_secs(3) && waited < Duration::from_secs(30), "{waited:?}");
    let text = std::fs::read_to_string(e.saved.expect("the record is saved")).unwrap();
    assert!(text.contains("\n%CHUDAN\n"), "{text}");
    assert_eq!(server.join().unwrap(), Vec::<String>::new());
}

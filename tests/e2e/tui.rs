//! End to end: the real binary in a pseudo-terminal, driven by keystrokes, its screen read back
//! through a VT100 parser.

use crate::common;

use portable_pty::{CommandBuilder, PtySize, native_pty_system};
use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a wait for the real program may take before the test calls it a hang: far beyond
/// any wait on a busy machine, so it matters only when the program is stuck.
pub(crate) const HANG: Duration = Duration::from_secs(120);

pub(crate) struct Session {
    parser: Arc<Mutex<vt100::Parser>>,
    /// Every byte the program wrote to the terminal.
    raw: Arc<Mutex<Vec<u8>>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn portable_pty::Child + Send + Sync>,
    /// The terminal's side held by the test (kept for the session's length; resizes it).
    master: Box<dyn portable_pty::MasterPty + Send>,
    /// HOME and the XDG folders of the app (removed with the session).
    home: common::TempDir,
}

impl Session {
    fn start(args: &[&str], home: common::TempDir) -> Session {
        Session::start_with(args, home, (110, 30), &[("TERM", "xterm-256color")])
    }

    /// `start`, with the app's data folder (`XDG_DATA_HOME`) at `data`: two sessions may
    /// share one.
    fn start_with_data(args: &[&str], home: common::TempDir, data: &std::path::Path) -> Session {
        let data = data.to_str().expect("a UTF-8 path");
        Session::start_with(args, home, (110, 30), &[("TERM", "xterm-256color"), ("XDG_DATA_HOME", data)])
    }

    /// The program on a `size` (columns, rows) terminal whose environment sets `env` (and no
    /// `COLORTERM` or `NO_COLOR` unless `env` does; the data folder is under `home` unless `env`
    /// sets `XDG_DATA_HOME`).
    pub(crate) fn start_with(
        args: &[&str],
        home: common::TempDir,
        size: (u16, u16),
        env: &[(&str, &str)],
    ) -> Session {
        Session::start_typed(args, home, size, env, b"")
    }

    /// `start_with`, with `typed` already waiting in the terminal's input when the program
    /// starts (as a terminal's answer to a question the program will ask).
    pub(crate) fn start_typed(
        args: &[&str],
        home: common::TempDir,
        size: (u16, u16),
        env: &[(&str, &str)],
        typed: &[u8],
    ) -> Session {
        let (cols, rows) = size;
        let pty = native_pty_system();
        let pair = pty.openpty(PtySize { rows, cols, pixel_width: 0, pixel_height: 0 }).unwrap();
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_shogiban"));
        cmd.args(args);
        cmd.env_remove("COLORTERM");
        cmd.env_remove("NO_COLOR");
        cmd.env("XDG_DATA_HOME", home.join("data"));
        for (k, v) in env {
            cmd.env(k, v);
        }
        cmd.env("HOME", home.path());
        cmd.env("XDG_CONFIG_HOME", home.join("config"));
        // the interface in Japanese (the language follows the locale until it is set)
        if !env.iter().any(|(k, _)| *k == "LC_ALL") {
            cmd.env("LC_ALL", "ja_JP.UTF-8");
        }
        let mut writer = pair.master.take_writer().unwrap();
        writer.write_all(typed).unwrap();
        writer.flush().unwrap();
        let child = pair.slave.spawn_command(cmd).unwrap();
        drop(pair.slave);
        let parser = Arc::new(Mutex::new(vt100::Parser::new(
            std::num::NonZeroU16::new(rows).unwrap(),
            std::num::NonZeroU16::new(cols).unwrap(),
            0,
        )));
        let mut reader = pair.master.try_clone_reader().unwrap();
        let p2 = parser.clone();
        let raw = Arc::new(Mutex::new(Vec::new()));
        let r2 = raw.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                r2.lock().unwrap().extend_from_slice(&buf[..n]);
                p2.lock().unwrap().process(&buf[..n]);
            }
        });
        Session { parser, raw, writer, child, master: pair.master, home }
    }

    /// Resizes the terminal to `cols` × `rows` (the program gets SIGWINCH). The screen read
    /// here takes the new size first, so that no frame drawn at the new size is read at the old.
    pub(crate) fn resize(&self, cols: u16, rows: u16) {
        let nz = |n: u16| std::num::NonZeroU16::new(n).unwrap();
        self.parser.lock().unwrap().set_size(nz(rows), nz(cols));
        self.master.resize(PtySize { rows, cols, pixel_width: 0, pixel_height: 0 }).unwrap();
    }

    /// Waits until the program has drawn a frame `cols` wide: the top right corner of its
    /// frame is in the last column (so a resize to `cols` has been taken in).
    pub(crate) fn wait_drawn_at_width(&self, cols: u16) {
        let start = Instant::now();
        loop {
            let corner =
                self.parser.lock().unwrap().screen().cell(0, cols - 1).map(|c| c.contents().to_string());
            if corner.as_deref() == Some("┐") {
                return;
            }
            if start.elapsed() > HANG {
                panic!("timed out waiting for a frame {cols} wide; screen:\n{}", self.screen());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Everything the program wrote so far.
    fn raw(&self) -> Vec<u8> {
        self.raw.lock().unwrap().clone()
    }

    fn pid(&self) -> u32 {
        self.child.process_id().expect("the program runs")
    }

    /// Sends `signal` (`TERM`, `KILL`, ...) to the program.
    fn signal(&self, signal: &str) {
        let ok = std::process::Command::new("kill")
            .args([format!("-{signal}"), self.pid().to_string()])
            .status()
            .unwrap()
            .success();
        assert!(ok, "kill -{signal} failed");
    }

    pub(crate) fn screen(&self) -> String {
        self.parser.lock().unwrap().screen().contents()
    }

    /// Waits until the screen contains `text` (at most [`HANG`]).
    pub(crate) fn wait_for(&self, text: &str) -> String {
        self.wait_until(&format!("{text:?}"), |s| s.contains(text))
    }

    /// Waits until the screen satisfies `done`; `what` names it in the failure.
    pub(crate) fn wait_until(&self, what: &str, done: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if done(&s) {
                return s;
            }
            if start.elapsed() > HANG {
                panic!("timed out waiting for {what}; screen:\n{s}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Types `keys`. The program reads its input in order, so keys sent one after another are
    /// handled one after another; a test waits (`wait_for`) for what it expects to see.
    pub(crate) fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// Quits through the confirmation and waits for the program to exit.
    pub(crate) fn quit(&mut self) {
        self.send("q");
        // the question in either interface language
        self.wait_until("the quit question", |s| s.contains("終了しますか") || s.contains("Quit shogiban?"));
        self.send("y");
        assert!(self.wait_exit(), "the app did not exit");
    }

    pub(crate) fn wait_exit(&mut self) -> bool {
        let start = Instant::now();
        while start.elapsed() < HANG {
            if let Ok(Some(_)) = self.child.try_wait() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        false
    }
}

/// A home whose settings say the next game is two players at one keyboard (no computer
/// replies).
fn hot_seat_home(name: &str) -> common::TempDir {
    let home = common::TempDir::new(name);
    let dir = home.join("config/shogiban");
    std::fs::create_dir_all(&dir).unwrap();
    let settings = shogiban::tui::settings::Settings {
        mode: shogiban::tui::settings::GameMode::HotSeat,
        language: shogiban::tui::settings::Language::Ja,
        ..Default::default()
    };
    std::fs::write(dir.join("settings.json"), serde_json::to_string_pretty(&settings).unwrap()).unwrap();
    home
}

/// Waits until `path` exists and contains `text`; returns its content.
fn wait_for_file(path: &std::path::Path, text: &str) -> String {
    let start = Instant::now();
    loop {
        let content = std::fs::read_to_string(path).unwrap_or_default();
        if content.contains(text) {
            return content;
        }
        if start.elapsed() > HANG {
            panic!("timed out waiting for {text:?} in {}:\n{content}", path.display());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn play_typed_and_cursor_moves_then_quit() {
    let mut s = Session::start(&[], hot_seat_home("e2e-play"));
    let screen = s.wait_for("開始局面");
    assert!(screen.contains("v香"), "{screen}");
    // typed USI move
    s.send(":7g7f\r");
    s.wait_for("▲７六歩(77)");
    // cursor move: the cursor starts on 7g; go to 3c (gote's pawn) and push it
    s.send(":3c3d\r");
    s.wait_for("△３四歩(33)");
    // undo and redo
    s.send("u");
    let sc = s.wait_for("☖後手");
    assert!(sc.contains("▲７六歩(77)"));
    s.send("r");
    s.wait_for("☗先手");
    // illegal typed move gives a message, nothing changes
    s.send(":7f7d\r");
    // the interface speaks Japanese here (the harness's locale): the reason comes from core in it
    s.wait_for("７六の歩は７四へ動けません");
    s.quit();
}

/// Whether the board on `screen` is drawn turned round (rank 九 at the top).
fn board_flipped(screen: &str) -> bool {
    let top = screen.lines().find(|l| l.starts_with('│')).unwrap_or_default();
    top.contains(" 九 ")
}

#[test]
fn the_first_key_after_a_resize_is_drawn() {
    let mut s = Session::start(&[], hot_seat_home("e2e-resize"));
    s.wait_for("開始局面");
    s.send("l");
    std::thread::sleep(Duration::from_millis(300));
    let mut flipped = false;
    for (cols, rows) in [(104, 31), (110, 30), (100, 32)] {
        s.resize(cols, rows);
        // the key goes once the program has drawn at the new size, however slow the machine
        s.wait_drawn_at_width(cols);
        s.send("f");
        flipped = !flipped;
        s.wait_until(&format!("the board flipped {flipped} after a resize to {cols}x{rows}"), |sc| {
            board_flipped(sc) == flipped
        });
    }
    s.quit();
}

#[test]
fn open_a_kifu_step_through_save_and_autosave() {
    let home = common::TempDir::new("e2e-open");
    let kif = home.join("game.kifu");
    std::fs::write(
        &kif,
        "手合割：平手\n先手：Alice\n後手：Bob\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n   5 投了\n",
    )
    .unwrap();
    let mut s = Session::start(&[kif.to_str().unwrap()], home);
    s.wait_for("を開きました");
    s.send("]");
    let sc = s.wait_for("同　銀(31)");
    assert!(sc.contains("▲２二角成(88)"), "{sc}");
    assert!(sc.contains("投了"), "{sc}");
    // back two moves and play a different move: a new variation, the old line is kept
    s.send("uu");
    s.send(":2g2f\r");
    s.wait_for("▲２六歩(27)");
    // save elsewhere
    let out = s.home.join("saved.kif");
    s.send("s");
    s.wait_for("保存先>");
    // clear the prefilled name and type ours
    s.send(&"\x7f".repeat(200));
    s.send(&format!("{}\r", out.display()));
    s.wait_for("に保存しました");
    s.quit();
    let saved = std::fs::read(&out).unwrap();
    let (text, _, _) = encoding_rs::SHIFT_JIS.decode(&saved);
    assert!(text.contains("２六歩(27)"), "{text}");
    assert!(text.contains("変化：3手"), "{text}");
    let autosave = s.home.join("data/shogiban/autosave.kifu");
    let auto = std::fs::read_to_string(&autosave).expect("autosave written");
    assert!(auto.contains("２六歩(27)"), "{auto}");
}

#[test]
fn unreadable_file_is_refused_with_message() {
    let home = common::TempDir::new("e2e-bad");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_shogiban"))
        .arg(home.join("does-not-exist.kif"))
        .output()
        .unwrap();
    assert_ne!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("does-not-exist.kif"), "{err}");
}

#[test]
fn play_against_the_computer() {
    let mut s = Session::start(&[], hot_seat_home("e2e-cpu"));
    s.wait_for("開始局面");
    // new game: you (sente) vs computer, level 1
    s.send("n");
    s.wait_for("新規対局");
    s.send("2");
    s.send(&"\x1b[D".repeat(9)); // left arrow: level down to 1
    s.send("\r");
    s.wait_for("新しい対局");
    s.send(":7g7f\r");
    s.wait_for("▲７六歩(77)");
    // the computer answers on its own, without freezing the interface
    let sc = s.wait_for("   2 △");
    assert!(sc.contains("☗先手"), "{sc}");
    // undo takes back to our turn (two plies)
    s.send("u");
    s.wait_for("☗先手 1手目");
    s.quit();
}

#[test]
fn play_against_an_external_usi_engine() {
    let engine = format!("{} usi", env!("CARGO_BIN_EXE_shogiban"));
    let mut s = Session::start(&["--engine", &engine], hot_seat_home("e2e-ext"));
    s.wait_for("開始局面");
    // computer (the external engine) plays sente at level 1
    s.send("n");
    s.wait_for("新規対局");
    s.send("3");
    s.send(&"\x1b[D".repeat(9));
    s.send("\r");
    let sc = s.wait_for("   1 ▲");
    assert!(sc.contains("☖後手 2手目"), "{sc}");
    s.quit();
}

#[test]
fn first_launch_is_you_against_the_computer() {
    let mut s = Session::start(&[], common::TempDir::new("e2e-first"));
    let sc = s.wait_for("開始局面");
    assert!(sc.contains("あなた☗ 対 COM · レベル3"), "{sc}");
    s.send(":7g7f\r");
    s.wait_for("▲７六歩(77)");
    // the computer answers
    s.wait_for("   2 △");
    s.quit();
    // the next launch resumes the game: it was left unfinished
    let home = std::mem::replace(&mut s.home, common::TempDir::new("e2e-first-unused"));
    let mut s = Session::start(&[], home);
    let sc = s.wait_for("再開しました");
    assert!(sc.contains("▲７六歩(77)"), "{sc}");
    assert!(sc.contains("あなた☗ 対 COM · レベル3"), "{sc}");
    s.quit();
}

#[test]
fn a_game_killed_mid_way_comes_back_and_a_new_game_keeps_it() {
    let mut s = Session::start(&[], hot_seat_home("e2e-kill"));
    s.wait_for("開始局面");
    s.send(":7g7f\r");
    s.send(":3c3d\r");
    s.send(":2g2f\r");
    s.wait_for("▲２六歩(27)");
    let autosave = s.home.join("data/shogiban/autosave.kifu");
    wait_for_file(&autosave, "２六歩(27)");
    s.signal("KILL");
    assert!(s.wait_exit());
    let home = std::mem::replace(&mut s.home, common::TempDir::new("e2e-kill-unused"));
    let mut s = Session::start(&[], home);
    let sc = s.wait_for("再開しました");
    assert!(sc.contains("▲２六歩(27)") && sc.contains("☖後手 4手目"), "{sc}");
    // play on, then start a new game: the old one is kept under previous/
    s.send(":8c8d\r");
    s.wait_for("△８四歩(83)");
    s.send("n");
    s.wait_for("新規対局");
    s.send("\r");
    s.wait_for("新しい対局");
    let previous = s.home.join("data/shogiban/previous");
    let start = Instant::now();
    let kept = loop {
        let files: Vec<_> =
            std::fs::read_dir(&previous).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
        if let Some(f) = files.first() {
            break std::fs::read_to_string(f).unwrap();
        }
        assert!(start.elapsed() < HANG, "nothing kept in previous/");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(kept.contains("８四歩(83)"), "{kept}");
    s.quit();
}

#[test]
fn sigterm_restores_the_terminal_and_flushes_the_autosave() {
    let mut s = Session::start(&[], hot_seat_home("e2e-term"));
    s.wait_for("開始局面");
    s.send(":7g7f\r");
    s.wait_for("▲７六歩(77)");
    let before = s.raw().len();
    s.signal("TERM");
    assert!(s.wait_exit(), "the program did not exit on SIGTERM");
    let out = s.raw()[before..].to_vec();
    assert!(contains(&out, b"\x1b[?1049l"), "the alternate screen was not left");
    assert!(contains(&out, b"\x1b[?25h"), "the cursor was not shown");
    assert!(contains(&out, b"\x1b[?1000l"), "mouse reporting was not turned off");
    let auto = std::fs::read_to_string(s.home.join("data/shogiban/autosave.kifu")).unwrap();
    assert!(auto.contains("７六歩(77)") && auto.contains("中断"), "{auto}");
}

#[test]
fn sighup_and_sigint_end_the_program_cleanly_too() {
    for sig in ["HUP", "INT"] {
        let mut s = Session::start(&[], hot_seat_home(&format!("e2e-{sig}")));
        s.wait_for("開始局面");
        s.send(":7g7f\r");
        s.wait_for("▲７六歩(77)");
        s.signal(sig);
        assert!(s.wait_exit(), "the program did not exit on SIG{sig}");
        let out = s.raw();
        assert!(contains(&out, b"\x1b[?1049l"), "SIG{sig}: the alternate screen was not left");
        let auto = std::fs::read_to_string(s.home.join("data/shogiban/autosave.kifu")).unwrap();
        assert!(auto.contains("中断"), "SIG{sig}: {auto}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn ctrl_z_suspends_and_the_screen_comes_back_on_resume() {
    let mut s = Session::start(&[], hot_seat_home("e2e-tstp"));
    s.wait_for("開始局面");
    let stat = format!("/proc/{}/stat", s.pid());
    let stopped =
        || std::fs::read_to_string(&stat).unwrap_or_default().split_whitespace().nth(2) == Some("T");
    s.send("\x1a");
    let start = Instant::now();
    while !stopped() {
        assert!(start.elapsed() < HANG, "not stopped after Ctrl-Z");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(contains(&s.raw(), b"\x1b[?1049l"), "the terminal was not restored before stopping");
    let entered = |raw: &[u8]| raw.windows(8).filter(|w| w == b"\x1b[?1049h").count();
    assert_eq!(entered(&s.raw()), 1);
    s.signal("CONT");
    let start = Instant::now();
    while entered(&s.raw()) < 2 {
        assert!(start.elapsed() < HANG, "the screen did not come back");
        std::thread::sleep(Duration::from_millis(20));
    }
    s.wait_for("開始局面");
    s.send(":7g7f\r");
    s.wait_for("▲７六歩(77)");
    s.quit();
}

/// A configured external engine that cannot start: the app opens all the same, says so on the
/// status line, and the built-in engine answers the player's move.
#[test]
fn an_engine_that_cannot_start_leaves_the_built_in_one_playing() {
    let home = common::TempDir::new("e2e-engine-fallback");
    let dir = home.join("config/shogiban");
    std::fs::create_dir_all(&dir).unwrap();
    let settings = shogiban::tui::settings::Settings {
        mode: shogiban::tui::settings::GameMode::HumanSente,
        language: shogiban::tui::settings::Language::Ja,
        engine_command: Some("/nonexistent/usi-engine --flag".into()),
        ..Default::default()
    };
    std::fs::write(dir.join("settings.json"), serde_json::to_string_pretty(&settings).unwrap()).unwrap();
    let mut s = Session::start(&[], home);
    let screen = s.wait_for("起動できません");
    assert!(screen.contains("/nonexistent/usi-engine"), "{screen}");
    // the player's move gets the built-in engine's answer
    s.send(":7g7f\r");
    s.wait_for("▲７六歩(77)");
    s.wait_until("the computer's reply", |screen| screen.contains("△"));
    s.quit();
}

#[test]
fn a_broken_settings_file_is_reported_kept_and_set_aside_on_the_first_change() {
    let home = common::TempDir::new("e2e-settings");
    let dir = home.join("config/shogiban");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("settings.json"), "{ broken").unwrap();
    let mut s = Session::start(&[], home);
    // said in the interface's language (the locale's: the file sets none)
    s.wait_for("JSON として読めません");
    assert_eq!(std::fs::read_to_string(dir.join("settings.json")).unwrap(), "{ broken");
    // settings screen: down to the language row and change it; the screen turns English
    s.send("o");
    s.wait_for("設定");
    s.send(&"\x1b[B".repeat(10));
    s.send("\x1b[C");
    s.wait_for("Settings");
    // Esc closes the settings; the next key waits for that (an Esc followed at once by a key
    // reads as Alt and that key)
    s.send("\x1b");
    s.wait_until("the settings closed", |s| !s.contains("Settings"));
    s.wait_for("kept as");
    s.quit();
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let kept =
        names.iter().find(|n| n.starts_with("settings.json.broken-")).expect("the broken file is kept");
    assert_eq!(std::fs::read_to_string(dir.join(kept)).unwrap(), "{ broken");
    let now = std::fs::read_to_string(dir.join("settings.json")).unwrap();
    assert!(now.contains("\"language\": \"en\""), "{now}");
}

#[test]
fn open_a_record_analyse_it_and_see_a_score_and_a_line() {
    let home = common::TempDir::new("e2e-study");
    let kif = home.join("game.kifu");
    std::fs::write(
        &kif,
        "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n",
    )
    .unwrap();
    let mut s = Session::start(&[kif.to_str().unwrap()], home);
    s.wait_for("を開きました");
    // 検討: depth, a score and a line in Japanese
    s.send("a");
    let sc = s.wait_for("深さ");
    assert!(sc.contains("検討"), "{sc}");
    s.wait_for("▲７六歩");
    // a step through the record: the analysis follows (now ☖ to move)
    s.send("r");
    s.wait_for("△");
    s.send("a");
    s.wait_for("検討を終了しました");
    // whole-game analysis: the graph appears and the result is kept in the record
    s.send("A");
    s.wait_for("評価値");
    s.wait_for("棋譜解析 完了");
    s.quit();
}

#[test]
fn paste_a_record_comment_it_copy_it_and_leave_with_bracketed_paste_off() {
    let mut s = Session::start(&[], hot_seat_home("e2e-paste"));
    s.wait_for("開始局面");
    let entered = s.raw();
    assert!(contains(&entered, b"\x1b[?2004h"), "bracketed paste was not turned on");
    s.send(":5g5f\r");
    s.wait_for("▲５六歩(57)");
    // a CSA record pasted as a terminal sends it: bracketed, line breaks as CR
    let csa = "V2.2\rN+Alice\rN-Bob\rPI\r+\r+7776FU\r-3334FU\r+2726FU\r";
    s.send(&format!("\x1b[200~{csa}\x1b[201~"));
    s.wait_for("貼り付けた CSA を開きました (3 手)");
    s.send("]");
    let sc = s.wait_for("▲２六歩(27)");
    assert!(sc.contains("☗Alice ☖Bob"), "{sc}");
    assert!(!sc.contains("５六歩"), "{sc}");
    // a comment on the last move, two lines, kept with Ctrl-S
    s.send("c");
    s.wait_for("コメント: 3 ▲２六歩(27)");
    s.send("飛車先を伸ばす\r二行目");
    s.send("\x13");
    s.wait_for("コメントを記録しました");
    s.wait_for("二行目");
    // the position copied with OSC 52
    let before = s.raw().len();
    s.send("y");
    s.wait_for("クリップボードにコピーしました");
    let sfen = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 4";
    let osc = format!("\x1b]52;c;{}\x07", base64(sfen.as_bytes()));
    assert!(contains(&s.raw()[before..], osc.as_bytes()), "no OSC 52 with the SFEN");
    s.send("q");
    s.send("y");
    assert!(s.wait_exit());
    let after = s.raw();
    let last_on = after.windows(8).rposition(|w| w == b"\x1b[?2004h").unwrap();
    assert!(contains(&after[last_on..], b"\x1b[?2004l"), "bracketed paste was not turned off");
    // the pasted record, commented, is the autosave; the game it replaced was kept
    let auto = std::fs::read_to_string(s.home.join("data/shogiban/autosave.kifu")).unwrap();
    assert!(auto.contains("*飛車先を伸ばす\n*二行目"), "{auto}");
    let previous: Vec<String> = std::fs::read_dir(s.home.join("data/shogiban/previous"))
        .expect("the replaced game was kept")
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap_or_default())
        .collect();
    assert!(previous.iter().any(|p| p.contains("５六歩(57)")), "{previous:?}");
}

/// Standard base64, to build the expected OSC 52 sequence independently of the program's.
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for c in bytes.chunks(3) {
        let n = c.iter().enumerate().fold(0u32, |n, (i, &b)| n | (b as u32) << (16 - 8 * i));
        for i in 0..4 {
            out.push(if i <= c.len() { ABC[(n >> (18 - 6 * i)) as usize & 63] as char } else { '=' });
        }
    }
    out
}

#[test]
fn set_up_a_tsume_in_the_editor_solve_it_and_have_a_wrong_answer_refused() {
    let mut s = Session::start(&[], hot_seat_home("e2e-tsume"));
    s.wait_for("開始局面");
    // the editor: start from an empty board (I steps back from 平手 to 空の盤)
    s.send("e");
    s.wait_for("局面編集");
    s.send("I");
    s.wait_for("空の盤");
    // the cursor starts on 7g: to 1a, a ☖ king; two down, a ☗ pawn on 1c; a gold in ☗'s hand
    s.send("\x1b[C\x1b[C\x1b[C\x1b[C\x1b[C\x1b[C\x1b[A\x1b[A\x1b[A\x1b[A\x1b[A\x1b[A");
    s.send("K");
    s.wait_for("v玉");
    s.send("\x1b[B\x1b[Bp\t");
    s.send("g");
    s.wait_for("☗持駒 飛0 角0 金1");
    // the rest of the box to the defender, then solve as tsume (third choice of the menu)
    s.send("z\r");
    s.wait_for("詰将棋として解く");
    s.send("3");
    s.wait_for("1手詰");
    // a move that is not a check is refused, the mate is accepted
    s.send(":19金打\r");
    s.wait_for("は王手ではありません");
    s.send(":12金打\r");
    s.wait_for("1手で詰みました");
    // a shipped problem, the first mate in five: the first check fails, and the app says why
    let shorter = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/tsume"))
        .unwrap()
        .filter(|f| {
            let text = std::fs::read_to_string(f.as_ref().unwrap().path()).unwrap();
            text.contains("備考：1手詰") || text.contains("備考：3手詰")
        })
        .count();
    s.send("P");
    s.wait_for("第1番");
    s.send(&"\x1b[B".repeat(shorter + 1));
    s.send("\r");
    s.wait_for("詰将棋 (5手詰)");
    s.send(":22馬\r");
    s.wait_for("失敗");
    s.quit();
}

#[test]
fn the_colour_codes_follow_what_the_terminal_shows() {
    /// TERM, COLORTERM, a code the frame must hold, codes it must not.
    type Case = (&'static str, &'static str, &'static [u8], &'static [&'static [u8]]);
    let cases: [Case; 4] = [
        // sixteen colours: the classic codes (the last move's square on bright black, 100)
        ("xterm", "", b"100m", &[b"8;5;", b"8;2;"]),
        // 256 colours: the last move's olive, an entry of the palette's colour cube
        ("xterm-256color", "", b"48;5;58", &[b"8;2;"]),
        ("xterm-256color", "truecolor", b"48;2;95;95;0", &[]),
        ("dumb", "", b"\x1b[4m", &[b"38;", b"48;"]),
    ];
    for (term, colorterm, want, never) in cases {
        let mut env = vec![("TERM", term)];
        if !colorterm.is_empty() {
            env.push(("COLORTERM", colorterm));
        }
        let mut s = Session::start_with(&[], hot_seat_home("e2e-colours"), (110, 30), &env);
        s.wait_for("開始局面");
        s.send(":7g7f\r");
        s.wait_for("▲７六歩(77)");
        s.quit();
        let raw = s.raw();
        assert!(
            contains(&raw, want),
            "TERM={term} COLORTERM={colorterm}: no {:?}",
            String::from_utf8_lossy(want)
        );
        for code in never {
            assert!(
                !contains(&raw, code),
                "TERM={term} COLORTERM={colorterm}: {:?} sent",
                String::from_utf8_lossy(code)
            );
        }
    }
}

/// `shogiban analyze` on a terminal draws its progress bar in place (a redirected stderr gets
/// none, see the cli tests) and leaves one result line.
#[test]
fn analyze_on_a_terminal_draws_its_progress_bar() {
    let home = common::TempDir::new("e2e-analyze-bar");
    let kif = home.join("game.kifu");
    std::fs::write(&kif, "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n").unwrap();
    let mut s = Session::start(&["analyze", kif.to_str().unwrap(), "--time", "20"], home);
    let screen = s.wait_for("written to");
    assert!(s.wait_exit(), "analyze did not finish");
    let raw = s.raw();
    assert!(contains(&raw, b"\r\x1b[K"), "{}", String::from_utf8_lossy(&raw));
    assert!(contains(&raw, b"4/4"), "the bar's count: {}", String::from_utf8_lossy(&raw));
    assert!(screen.contains("4 positions"), "{screen}");
    assert!(!screen.contains("[####"), "the result line replaces the bar: {screen}");
}

/// The files in `dir` whose names end with `suffix`, waiting (up to 20 s) for one to appear.
fn wait_for_files(dir: &std::path::Path, suffix: &str) -> Vec<std::path::PathBuf> {
    let start = Instant::now();
    loop {
        let files: Vec<_> = std::fs::read_dir(dir)
            .map(|d| {
                d.flatten().map(|e| e.path()).filter(|p| p.to_string_lossy().ends_with(suffix)).collect()
            })
            .unwrap_or_default();
        if !files.is_empty() {
            return files;
        }
        assert!(start.elapsed() < HANG, "no *{suffix} in {}", dir.display());
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_damaged_autosave_resumes_what_reads_and_is_kept_byte_for_byte() {
    let mut s = Session::start(&[], hot_seat_home("e2e-damaged"));
    s.wait_for("開始局面");
    for m in ["7g7f", "3c3d", "2g2f", "8c8d"] {
        s.send(&format!(":{m}\r"));
    }
    s.wait_for("△８四歩(83)");
    let autosave = s.home.join("data/shogiban/autosave.kifu");
    wait_for_file(&autosave, "８四歩(83)");
    s.signal("KILL");
    assert!(s.wait_exit());
    // one bad byte at the end of the autosave
    let mut damaged = std::fs::read(&autosave).unwrap();
    damaged.push(0xFF);
    std::fs::write(&autosave, &damaged).unwrap();
    let home = std::mem::replace(&mut s.home, common::TempDir::new("e2e-damaged-unused"));
    let mut s = Session::start(&[], home);
    let sc = s.wait_for("4手を再開しました");
    assert!(sc.contains("damaged.kifu") || s.raw().windows(7).any(|w| w == b"damaged"), "{sc}");
    // a move overwrites the autosave; the damaged file is kept as it was
    s.send(":9g9f\r");
    s.wait_for("▲９六歩(97)");
    wait_for_file(&autosave, "９六歩(97)");
    s.quit();
    let kept = wait_for_files(&s.home.join("data/shogiban/previous"), "-damaged.kifu");
    assert_eq!(std::fs::read(&kept[0]).unwrap(), damaged);
}

#[test]
fn two_windows_on_one_data_folder_keep_their_own_games() {
    let mut a = Session::start(&[], hot_seat_home("e2e-two-a"));
    let data = a.home.join("data");
    a.wait_for("開始局面");
    a.send(":7g7f\r");
    a.wait_for("▲７六歩(77)");
    let folder = data.join("shogiban");
    wait_for_file(&folder.join("autosave.kifu"), "７六歩(77)");
    let mut b = Session::start_with_data(&[], hot_seat_home("e2e-two-b"), &data);
    b.wait_for("開始局面");
    b.send(":2g2f\r");
    b.wait_for("▲２六歩(27)");
    wait_for_file(&folder.join("autosave-2.kifu"), "２六歩(27)");
    a.quit();
    b.quit();
    // neither game went to previous/, neither autosave holds the other's game
    assert!(!folder.join("previous").exists());
    assert!(!std::fs::read_to_string(folder.join("autosave.kifu")).unwrap().contains("２六歩"));
    // the next launch resumes the game left last and names the other
    let mut c = Session::start_with_data(&[], hot_seat_home("e2e-two-c"), &data);
    let sc = c.wait_for("再開しました");
    assert!(sc.contains("▲２六歩(27)") && !sc.contains("▲７六歩(77)"), "{sc}");
    assert!(String::from_utf8_lossy(&c.raw()).contains("autosave.kifu"), "{sc}");
    c.quit();
}

#[test]
fn saving_a_record_that_did_not_read_whole_keeps_the_file_and_proposes_a_new_name() {
    let home = common::TempDir::new("e2e-partial-save");
    let kif = home.join("game.kifu");
    let original = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 ９九玉(11)\n   5 ２五歩(26)\n   6 ８五歩(84)\n";
    std::fs::write(&kif, original).unwrap();
    let mut s = Session::start(&[kif.to_str().unwrap()], home);
    s.wait_for("▲２六歩(27)");
    s.send("s");
    s.wait_for("game-2.kifu");
    s.send("\r");
    let copy = s.home.join("game-2.kifu");
    wait_for_file(&copy, "２六歩(27)");
    assert_eq!(std::fs::read_to_string(&kif).unwrap(), original);
    s.quit();
}

#[test]
fn a_record_in_the_documents_folder_is_found_in_the_library_and_opened() {
    let home = hot_seat_home("e2e-library");
    let docs = home.join("Documents");
    std::fs::create_dir_all(&docs).unwrap();
    std::fs::write(docs.join("notes.txt"), "not a record").unwrap();
    std::fs::write(
        docs.join("club-night.kifu"),
        "開始日時：2026/11/20 19:00:00\n先手：花子\n後手：太郎\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 投了\n",
    )
    .unwrap();
    std::fs::write(docs.join("other.kifu"), "先手：次郎\n手数----指手---------消費時間--\n   1 ５六歩(57)\n")
        .unwrap();
    // the library lists the newest first: make club-night.kifu the newer one whatever the
    // file system's timestamp granularity, so it is the one selected
    let day_before = std::time::SystemTime::now() - std::time::Duration::from_secs(86_400);
    std::fs::File::options()
        .write(true)
        .open(docs.join("other.kifu"))
        .and_then(|f| f.set_modified(day_before))
        .unwrap();
    let mut s = Session::start(&[], home);
    // no game to resume: the launch message offers the library
    s.wait_for("O で棋譜一覧");
    s.send("O");
    let sc = s.wait_for("☗花子 ☖太郎");
    assert!(sc.contains("/Documents/club-night.kifu"), "{sc}");
    assert!(sc.contains("2026/11/20"), "{sc}");
    assert!(sc.contains("other.kifu"), "{sc}");
    assert!(!sc.contains("notes.txt"), "{sc}");
    // typing narrows the list to the one record; Enter opens it for review
    s.send("club");
    s.wait_until("the filtered list", |s| s.contains("2 局中 1 局") && !s.contains("次郎"));
    s.send("\r");
    let sc = s.wait_for("を開きました");
    assert!(sc.contains("▲２六歩(27)"), "{sc}");
    assert!(sc.contains("投了"), "{sc}");
    // the opening explorer at the start: the book's moves and both records' first moves
    s.send("E");
    let sc = s.wait_for("序盤研究 · 2局");
    assert!(sc.contains("定跡: ▲"), "{sc}");
    assert!(sc.contains("▲５六歩"), "{sc}");
    // three moves on, only the record opened went there
    s.send("rrr");
    let sc = s.wait_for("序盤研究 · 1局");
    assert!(sc.contains("この局面を通った対局"), "{sc}");
    assert!(sc.contains("3手目 · club-night.kifu"), "{sc}");
    // the library, Tab: only the records that reached this position; the other is left out
    s.send("O");
    s.wait_for("☗花子 ☖太郎");
    s.send("\t");
    let sc = s.wait_for("盤面の局面を通った対局のみ");
    assert!(sc.contains("3手目 · "), "{sc}");
    assert!(sc.contains("2 局中 1 局"), "{sc}");
    assert!(!sc.contains("次郎"), "{sc}");
    // Esc (the filter is empty) goes back to the board
    s.send("\x1b");
    s.wait_until("the board", |s| !s.contains("棋譜一覧 ·"));
    s.quit();
    let recent =
        std::fs::read_to_string(s.home.join("data/shogiban/recent.json")).expect("recent files written");
    assert!(recent.contains("club-night.kifu"), "{recent}");
}

/// A home whose settings say the next game is two players on `clock` (main time, byoyomi).
fn hot_seat_clock_home(name: &str, main_seconds: u64, byoyomi_seconds: u64) -> common::TempDir {
    let home = hot_seat_home(name);
    let path = home.join("config/shogiban/settings.json");
    let mut settings: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let control = serde_json::json!({ "main_ms": main_seconds * 1000, "byoyomi_ms": byoyomi_seconds * 1000 });
    settings["clock"] = serde_json::json!([control, control]);
    std::fs::write(&path, settings.to_string()).unwrap();
    home
}

/// The autosave's line of the move written `mv`.
fn autosave_line(home: &common::TempDir, mv: &str) -> String {
    let text = wait_for_file(&home.join("data/shogiban/autosave.kifu"), mv);
    text.lines().find(|l| l.contains(mv)).unwrap_or_default().to_string()
}

#[test]
fn an_untimed_games_autosave_has_each_moves_real_time() {
    let mut s = Session::start(&[], hot_seat_home("e2e-move-times"));
    s.wait_for("開始局面");
    // more than a second of thought before the move (the time is whole seconds, rounded down)
    std::thread::sleep(Duration::from_millis(1300));
    s.send(":7g7f\r");
    s.wait_for("▲７六歩(77)");
    let line = autosave_line(&s.home, "７六歩(77)");
    assert!(!line.contains("( 0:00/"), "the move took more than a second: {line}");
    // T shows the times in the record panel
    s.send("T");
    s.wait_until("the move's time", |sc| sc.lines().any(|l| l.contains("▲７六歩(77)") && l.contains("0:0")));
    s.quit();
}

#[test]
fn a_time_out_is_undone_by_one_u_and_the_game_goes_on_from_there() {
    // 5 s a move, two people: ▲７六歩 △３四歩, then ☗ lets its time run out
    let mut s = Session::start(&[], hot_seat_clock_home("e2e-time-out", 0, 5));
    s.wait_for("開始局面");
    s.send(":7g7f\r");
    s.wait_for("▲７六歩(77)");
    s.send(":3c3d\r");
    s.wait_for("△３四歩(33)");
    s.wait_for("切れ負け");
    s.send("u");
    let sc = s.wait_for("対局再開");
    assert!(sc.contains("☗先手の手番"), "{sc}");
    assert!(sc.contains("△３四歩(33)"), "△３四歩 stays: {sc}");
    s.send(":2g2f\r");
    s.wait_for("▲２六歩(27)");
    let autosave = wait_for_file(&s.home.join("data/shogiban/autosave.kifu"), "２六歩(27)");
    assert!(!autosave.contains("   3 切れ負け"), "{autosave}");
    assert!(autosave.contains("持ち時間：1手5秒"), "{autosave}");
    s.quit();
}

#[test]
fn arrows_and_home_end_step_through_a_record_under_review() {
    let home = common::TempDir::new("e2e-review");
    let kif = home.join("game.kifu");
    std::fs::write(&kif, "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n").unwrap();
    let mut s = Session::start(&[kif.to_str().unwrap()], home);
    let sc = s.wait_for("を開きました");
    assert!(sc.contains("棋譜再生") && !sc.contains("二人対局"), "{sc}");
    s.send("\x1b[C\x1b[C");
    s.wait_for("☗先手 3手目");
    s.send("\x1b[D");
    s.wait_for("☖後手 2手目");
    s.send("\x1b[F");
    s.wait_for("☖後手 4手目");
    s.send("\x1b[H");
    s.wait_for("☗先手 1手目");
    s.quit();
}

/// With no theme in the settings, the terminal is asked its background colour (OSC 11, then the
/// device attributes that end the wait): a light answer gets the light theme, and a terminal
/// that answers nothing gets the dark one without a word. A theme in the settings is not asked.
#[test]
fn the_terminals_background_chooses_the_theme_when_none_is_set() {
    const QUESTION: &[u8] = b"\x1b]11;?\x1b\\\x1b[c";
    // the settings screen names the theme in use
    let theme_shown = |mut s: Session, theme: &str, not: &str| {
        s.wait_for("開始局面");
        s.send("o");
        let screen = s.wait_for(theme);
        assert!(!screen.contains(not), "{screen}");
        assert!(contains(&s.raw(), QUESTION));
        s.send("\x1b");
        s.wait_until("the settings closed", |s| !s.contains(theme));
        s.quit();
    };
    // the answer is waiting in the terminal's input before the program asks
    let answer = b"\x1b]11;rgb:ffff/ffff/ffff\x1b\\\x1b[?62;22c";
    let home = common::TempDir::new("e2e-background-light");
    theme_shown(
        Session::start_typed(&[], home, (110, 30), &[("TERM", "xterm-256color")], answer),
        "明るい背景用",
        "暗い背景用",
    );
    let home = common::TempDir::new("e2e-background-none");
    theme_shown(Session::start(&[], home), "暗い背景用", "明るい背景用");
    let mut s = Session::start(&[], hot_seat_home("e2e-background-set"));
    s.wait_for("開始局面");
    s.quit();
    assert!(!contains(&s.raw(), QUESTION));
}

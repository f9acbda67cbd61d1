//! End to end: the real binary in a pseudo-terminal, driven by keystrokes, its screen read back
//! through a VT100 parser.

use crate::common;

use portable_pty::{CommandBuilder, PtySize, native_pty_system};
use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

struct Session {
    parser: Arc<Mutex<vt100::Parser>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn portable_pty::Child + Send + Sync>,
    /// HOME and the XDG folders of the app (removed with the session).
    home: common::TempDir,
}

impl Session {
    fn start(args: &[&str], home: common::TempDir) -> Session {
        let pty = native_pty_system();
        let pair = pty.openpty(PtySize { rows: 30, cols: 110, pixel_width: 0, pixel_height: 0 }).unwrap();
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_shogiban"));
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        cmd.env("HOME", home.path());
        cmd.env("XDG_DATA_HOME", home.join("data"));
        cmd.env("XDG_CONFIG_HOME", home.join("config"));
        // the interface in Japanese (the language follows the locale until it is set)
        cmd.env("LC_ALL", "ja_JP.UTF-8");
        let child = pair.slave.spawn_command(cmd).unwrap();
        drop(pair.slave);
        let parser = Arc::new(Mutex::new(vt100::Parser::new(
            std::num::NonZeroU16::new(30).unwrap(),
            std::num::NonZeroU16::new(110).unwrap(),
            0,
        )));
        let mut reader = pair.master.try_clone_reader().unwrap();
        let p2 = parser.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                p2.lock().unwrap().process(&buf[..n]);
            }
        });
        let writer = pair.master.take_writer().unwrap();
        // keep the master alive for the session's length
        std::mem::forget(pair.master);
        Session { parser, writer, child, home }
    }

    fn screen(&self) -> String {
        self.parser.lock().unwrap().screen().contents()
    }

    /// Waits until the screen contains `text` (generous timeout: CI machines are slow).
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if s.contains(text) {
                return s;
            }
            if start.elapsed() > Duration::from_secs(20) {
                panic!("timed out waiting for {text:?}; screen:\n{s}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
        std::thread::sleep(Duration::from_millis(60));
    }

    fn wait_exit(&mut self) -> bool {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        false
    }
}

#[test]
fn play_typed_and_cursor_moves_then_quit() {
    let mut s = Session::start(&[], common::TempDir::new("e2e-play"));
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
    s.wait_for("cannot move to ７四");
    s.send("q");
    s.wait_for("終了しますか");
    s.send("y");
    assert!(s.wait_exit(), "the app did not exit");
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
    s.wait_for("opened");
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
    s.send("q");
    s.send("y");
    assert!(s.wait_exit());
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
    let mut s = Session::start(&[], common::TempDir::new("e2e-cpu"));
    s.wait_for("開始局面");
    // new game: you (sente) vs computer, level 1
    s.send("n");
    s.wait_for("新規対局");
    s.send("2");
    s.send(&"\x1b[D".repeat(9)); // left arrow: level down to 1
    s.send("\r");
    s.wait_for("new game");
    s.send(":7g7f\r");
    s.wait_for("▲７六歩(77)");
    // the computer answers on its own, without freezing the interface
    let sc = s.wait_for("   2 △");
    assert!(sc.contains("☗先手"), "{sc}");
    // undo takes back to our turn (two plies)
    s.send("u");
    s.wait_for("☗先手 1手目");
    s.send("q");
    s.send("y");
    assert!(s.wait_exit());
}

#[test]
fn play_against_an_external_usi_engine() {
    let engine = format!("{} usi", env!("CARGO_BIN_EXE_shogiban"));
    let mut s = Session::start(&["--engine", &engine], common::TempDir::new("e2e-ext"));
    s.wait_for("開始局面");
    // computer (the external engine) plays sente at level 1
    s.send("n");
    s.wait_for("新規対局");
    s.send("3");
    s.send(&"\x1b[D".repeat(9));
    s.send("\r");
    let sc = s.wait_for("   1 ▲");
    assert!(sc.contains("☖後手 2手目"), "{sc}");
    s.send("q");
    s.send("y");
    assert!(s.wait_exit());
}

#[test]
fn a_broken_settings_file_is_reported_kept_and_set_aside_on_the_first_change() {
    let home = common::TempDir::new("e2e-settings");
    let dir = home.join("config/shogiban");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("settings.json"), "{ broken").unwrap();
    let mut s = Session::start(&[], home);
    s.wait_for("not valid JSON");
    assert_eq!(std::fs::read_to_string(dir.join("settings.json")).unwrap(), "{ broken");
    // settings screen: down to the language row and change it; the screen turns English
    s.send("o");
    s.wait_for("設定");
    s.send(&"\x1b[B".repeat(7));
    s.send("\x1b[C");
    s.wait_for("Settings");
    s.send("\x1b");
    s.wait_for("kept as");
    s.send("q");
    s.send("y");
    assert!(s.wait_exit());
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

//! The real CSA server (`shogi-server`, Ruby) for tests, started from
//! `../shared/tools/csa-server` beside the repository (or the script `SHOGIBAN_CSA_SERVER`
//! names), on a port the system hands out as free, and a client speaking the protocol by hand.
//! Where the script or Ruby is missing, `Server::start` says so and gives `None`: the test passes
//! without playing, except under `CI=true`, where it fails.

// each test crate uses only part of it
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Says why the real server cannot run and gives `None` (the test passes without playing), or
/// fails the test under `CI=true`, where the server must be there.
fn skip(why: &str) -> Option<Server> {
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("CI=true and the real CSA server cannot be started: {why}");
    }
    eprintln!("SKIPPED: {why}");
    None
}

/// A running shogi-server, killed when dropped.
pub struct Server {
    pid: String,
    pub port: u16,
    pub dir: PathBuf,
    /// Holds `dir` (removed after the server is killed).
    _temp: tempfile::TempDir,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

impl Server {
    /// Kills the server (its folder stays until the `Server` is dropped).
    pub fn kill(&self) {
        let _ = Command::new("kill").args(["-KILL", &self.pid]).status();
    }

    /// Starts the server on a port free at the time with `options`, or says why it cannot and
    /// gives `None`.
    pub fn start(options: &[&str]) -> Option<Server> {
        let script = std::env::var_os("SHOGIBAN_CSA_SERVER")
            .map(PathBuf::from)
            .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/tools/csa-server"));
        if !script.exists() {
            return skip(&format!(
                "{} is missing, so the real CSA server cannot be started",
                script.display()
            ));
        }
        if Command::new("ruby")
            .arg("-e")
            .arg("require 'webrick'")
            .output()
            .map(|o| !o.status.success())
            .unwrap_or(true)
        {
            return skip("Ruby with WEBrick is missing (apt-get install -y ruby ruby-webrick)");
        }
        // a port the system hands out as free (the server binds it a moment later)
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let temp = tempfile::Builder::new().prefix("shogiban-csa-test-").tempdir().unwrap();
        let dir = temp.path().to_path_buf();
        let out = Command::new(&script).arg(port.to_string()).arg(&dir).args(options).output().unwrap();
        assert!(out.status.success(), "csa-server failed: {}", String::from_utf8_lossy(&out.stderr));
        let pid = String::from_utf8(out.stdout).unwrap().trim().to_string();
        Some(Server { pid, port, dir, _temp: temp })
    }

    /// The record the server wrote for `game_id`.
    pub fn record_of(&self, game_id: &str) -> String {
        self.find_record(game_id).unwrap_or_else(|| panic!("the server wrote no record for {game_id}"))
    }

    /// The record the server wrote for `game_id`, if it has written one.
    pub fn find_record(&self, game_id: &str) -> Option<String> {
        let mut found = None;
        visit(&self.dir.join("server"), &mut |p| {
            if p.file_name().is_some_and(|n| n.to_string_lossy() == format!("{game_id}.csa")) {
                found = Some(p.to_path_buf());
            }
        });
        std::fs::read_to_string(found?).ok()
    }

    pub fn client(&self, user: &str, game: &str) -> Raw {
        Raw::login(self.port, user, game)
    }
}

pub fn visit(dir: &Path, f: &mut dyn FnMut(&Path)) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            visit(&p, f);
        } else {
            f(&p);
        }
    }
}

/// A scripted client speaking the protocol by hand.
pub struct Raw {
    reader: BufReader<TcpStream>,
    stream: TcpStream,
    pub seen: Vec<String>,
}

impl Raw {
    pub fn login(port: u16, user: &str, game: &str) -> Raw {
        let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream.set_read_timeout(Some(Duration::from_millis(200))).unwrap();
        let reader = BufReader::new(stream.try_clone().unwrap());
        let mut raw = Raw { reader, stream, seen: Vec::new() };
        raw.send(&format!("LOGIN {user} {game},pw"));
        raw.until(|l| l.starts_with("LOGIN:"));
        raw
    }

    pub fn send(&mut self, line: &str) {
        self.stream.write_all(format!("{line}\n").as_bytes()).unwrap();
    }

    /// Reads lines up to one that `stop` accepts (within 60 s); returns it.
    pub fn until(&mut self, stop: impl Fn(&str) -> bool) -> String {
        self.read_until(stop, false)
    }

    /// As `until`, sending an empty keep-alive line whenever nothing arrived for a moment (which
    /// makes the server look at the clock).
    pub fn until_keeping_alive(&mut self, stop: impl Fn(&str) -> bool) -> String {
        self.read_until(stop, true)
    }

    pub fn read_until(&mut self, stop: impl Fn(&str) -> bool, keep_alive: bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut line = String::new();
        loop {
            assert!(Instant::now() < deadline, "waited 60 s; saw {:?}", self.seen);
            match self.reader.read_line(&mut line) {
                Ok(0) => panic!("the server closed; saw {:?}", self.seen),
                Ok(_) => {
                    let l = line.trim_end().to_string();
                    line.clear();
                    self.seen.push(l.clone());
                    if stop(&l) {
                        return l;
                    }
                }
                Err(e)
                    if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) =>
                {
                    if keep_alive {
                        self.send("");
                    }
                }
                Err(e) => panic!("{e}"),
            }
        }
    }

    /// Agrees to the proposed game and waits for the start.
    pub fn agree(&mut self) {
        self.until(|l| l == "END Game_Summary");
        self.send("AGREE");
        self.until(|l| l.starts_with("START:"));
    }

    pub fn game_id(&self) -> String {
        self.seen.iter().find_map(|l| l.strip_prefix("START:")).unwrap().to_string()
    }
}

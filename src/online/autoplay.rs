//! The engine plays online by itself (`shogiban csa`): K games in a row, logging in again for each
//! (as floodgate expects), agreeing to the game, answering on the server's clock less a safety
//! margin, and saving each game's record (CSA, with the server's times and the result) in a
//! folder. Any failure (the login refused, the server gone, the engine dead, a line that breaks
//! the game) ends the run with an [`AutoplayError`], the record so far saved.

use super::connection::{Connection, Incoming};
use super::ending::GameEnd;
use super::players::{Decision, Player, TimeBudget};
use super::session::{LoginMode, Phase, Session, SessionEvent};
use crate::core::Color;
use crate::record::{Format, GameRecord, write_file_atomically, write_text};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// Where and how to play.
#[derive(Clone, Debug)]
pub struct AutoplayConfig {
    pub host: String,
    pub port: u16,
    pub user: String,
    pub password: String,
    /// The game name (`floodgate-300-10F`; `-B`/`-W` at the end asks for a side).
    pub game: String,
    pub games: u32,
    pub save_dir: PathBuf,
    /// Kept back from the clock on every move for the network, in milliseconds.
    pub margin_ms: u64,
    pub connect_timeout: Duration,
    pub login_timeout: Duration,
    pub keepalive: Duration,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// 1-based.
    pub number: u32,
    pub game_id: String,
    pub my_color: Color,
    pub opponent: String,
    pub end: GameEnd,
    /// Moves in the record.
    pub moves: usize,
    pub saved: Option<PathBuf>,
    /// Why the record could not be saved.
    pub save_error: Option<String>,
}

impl GameReport {
    /// One line: `game 1: test+g+a+b+1: you (☗) vs bob (☖): win, bob resigned (87 moves), saved to …`.
    pub fn line(&self) -> String {
        let (me, them) = if self.my_color == Color::Black { ("☗", "☖") } else { ("☖", "☗") };
        let mut names = ["", ""];
        names[self.my_color.index()] = "you";
        names[self.my_color.flip().index()] = &self.opponent;
        let sentence = self.end.sentence(names);
        let why = sentence.split_once(": ").map_or(sentence.as_str(), |(_, w)| w).trim_end_matches('.');
        let mut s = format!(
            "game {}: {}: you ({me}) vs {} ({them}): {}, {why} ({} moves)",
            self.number,
            self.game_id,
            self.opponent,
            self.end.result_word(),
            self.moves
        );
        match (&self.saved, &self.save_error) {
            (Some(p), _) => s.push_str(&format!(", saved to {}", p.display())),
            (None, Some(e)) => s.push_str(&format!(", NOT saved: {e}")),
            _ => {}
        }
        s
    }
}

/// Why the run stopped early.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}{}", saved.as_ref().map(|p| format!(" (the record so far is saved to {})", p.display())).unwrap_or_default())]
pub struct AutoplayError {
    pub message: String,
    pub saved: Option<PathBuf>,
}

fn fail<T>(message: impl Into<String>) -> Result<T, AutoplayError> {
    Err(AutoplayError { message: message.into(), saved: None })
}

/// Plays `cfg.games` games; `report` gets each finished game, `log` every line sent (the password
/// masked) and received, prefixed `> ` and `< `.
pub fn play_games(
    cfg: &AutoplayConfig,
    player: &mut dyn Player,
    report: &mut dyn FnMut(&GameReport),
    log: &mut dyn FnMut(&str),
) -> Result<(), AutoplayError> {
    for number in 1..=cfg.games {
        let r = play_one(cfg, number, player, log)?;
        report(&r);
    }
    Ok(())
}

struct Game<'a> {
    cfg: &'a AutoplayConfig,
    conn: Connection,
    rx: Receiver<Incoming>,
    session: Session,
    log: &'a mut dyn FnMut(&str),
}

impl Game<'_> {
    fn send(&mut self, line: &str) -> Result<(), AutoplayError> {
        (self.log)(&format!("> {line}"));
        self.conn.send(line).or_else(|_| self.failed("the connection to the server is closed"))
    }

    /// An error, with the record saved when a game was on.
    fn failed<T>(&self, message: impl Into<String>) -> Result<T, AutoplayError> {
        let mut message = message.into();
        let mut saved = None;
        // a game that started has a record worth keeping
        if self.session.summary().is_some() && self.session.record().header("開始日時").is_some() {
            match save(
                &self.cfg.save_dir,
                self.session.summary().map_or("game", |s| &s.game_id),
                self.session.record(),
            ) {
                Ok(p) => saved = Some(p),
                Err(e) => message.push_str(&format!("; the record could not be saved: {e}")),
            }
        }
        Err(AutoplayError { message, saved })
    }
}

fn play_one(
    cfg: &AutoplayConfig,
    number: u32,
    player: &mut dyn Player,
    log: &mut dyn FnMut(&str),
) -> Result<GameReport, AutoplayError> {
    let (tx, rx) = channel();
    let conn = match Connection::open(&cfg.host, cfg.port, cfg.connect_timeout, cfg.keepalive, move |i| {
        let _ = tx.send(i);
    }) {
        Ok(c) => c,
        Err(e) => return fail(e.to_string()),
    };
    let session = Session::new(&cfg.user, LoginMode::Standard { game: cfg.game.clone() });
    let mut g = Game { cfg, conn, rx, session, log };
    let (login, masked) = g.session.login_lines(&cfg.password);
    (g.log)(&format!("> {masked}"));
    if g.conn.send(&login).is_err() {
        return fail("the connection to the server closed at once");
    }
    let login_deadline = Instant::now() + cfg.login_timeout;
    loop {
        // take everything already received before deciding anything
        while let Ok(i) = g.rx.try_recv() {
            if let Some(end) = handle(&mut g, i, player)? {
                return finish(g, number, end, player);
            }
        }
        if g.session.is_my_turn() {
            think(&mut g, player)?;
            continue;
        }
        let wait = if g.session.phase() == Phase::LoggingIn {
            let left = login_deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return fail(format!(
                    "no answer to LOGIN from {} within {} s",
                    g.conn.peer(),
                    cfg.login_timeout.as_secs()
                ));
            }
            left
        } else {
            Duration::from_secs(3600)
        };
        match g.rx.recv_timeout(wait) {
            Ok(i) => {
                if let Some(end) = handle(&mut g, i, player)? {
                    return finish(g, number, end, player);
                }
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return g.failed("the connection to the server was lost"),
        }
    }
}

/// Handles one thing from the reader; `Some(end)` when the game is over.
fn handle(
    g: &mut Game,
    incoming: Incoming,
    player: &mut dyn Player,
) -> Result<Option<GameEnd>, AutoplayError> {
    let line = match incoming {
        Incoming::Line(l) => l,
        Incoming::Connected => return Ok(None),
        Incoming::TooLong(n) => {
            (g.log)(&format!("< (a line of {n} bytes, too long, dropped)"));
            return Ok(None);
        }
        Incoming::Closed | Incoming::Failed(_) => {
            let why = match incoming {
                Incoming::Failed(e) => format!(": {e}"),
                _ => String::new(),
            };
            g.session.closed();
            return g.failed(format!("the server {} closed the connection{why}", g.conn.peer()));
        }
    };
    (g.log)(&format!("< {line}"));
    for ev in g.session.receive(&line, Instant::now()) {
        match ev {
            SessionEvent::LoginRefused => {
                return fail(format!(
                    "the server refused the login of '{}' (a wrong password, a bad game name, or the name is in use)",
                    g.cfg.user
                ));
            }
            SessionEvent::Proposed(_) => {
                if let Err(e) = player.new_game() {
                    let _ = g.send("REJECT");
                    return fail(format!("the engine is not ready: {e}"));
                }
                let agree = g.session.agree().expect("a game is proposed");
                g.send(&agree)?;
            }
            SessionEvent::BadSummary(why) => {
                let _ = g.send("REJECT");
                return fail(format!("rejected the game: {why}"));
            }
            SessionEvent::Rejected { by } => return fail(format!("the game was called off by {by}")),
            SessionEvent::Broken { line, why } => {
                return g.failed(format!("the server sent '{line}', which breaks the game: {why}"));
            }
            SessionEvent::Ended(end) => return Ok(Some(end)),
            SessionEvent::LoggedOut => return g.failed("the server logged this client out"),
            _ => {}
        }
    }
    Ok(None)
}

fn think(g: &mut Game, player: &mut dyn Player) -> Result<(), AutoplayError> {
    let now = Instant::now();
    let to_move = g.session.position().side_to_move();
    let clock = g.session.clock().expect("a game has a clock").clone();
    let budget = TimeBudget::from_clock(&clock, to_move, g.cfg.margin_ms, now);
    let record = g.session.record();
    let moves = record.main_line_moves();
    let start = record.initial().clone();
    let decision = match player.think(&start, &moves, &budget) {
        Ok(d) => d,
        Err(e) => return g.failed(format!("the engine failed: {e}")),
    };
    let line = match decision {
        Decision::Move(m) => g.session.move_line(m),
        Decision::Resign => g.session.resign_line(),
        Decision::DeclareWin => g.session.declare_line(),
    };
    match line {
        Ok(l) => g.send(&l),
        Err(e) => g.failed(format!("the engine's answer cannot be played: {e}")),
    }
}

fn finish(
    mut g: Game,
    number: u32,
    end: GameEnd,
    player: &mut dyn Player,
) -> Result<GameReport, AutoplayError> {
    player.game_over(end.winner().map(|w| w == end.me));
    let summary = g.session.summary().expect("a game that ended was proposed").clone();
    let record = g.session.record().clone();
    let (saved, save_error) = match save(&g.cfg.save_dir, &summary.game_id, &record) {
        Ok(p) => (Some(p), None),
        Err(e) => (None, Some(e)),
    };
    // log out cleanly, and give the server a moment to close
    let logout = g.session.logout_line();
    let _ = g.send(&logout);
    let deadline = Instant::now() + Duration::from_secs(3);
    while let Ok(i) = g.rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        match i {
            Incoming::Line(l) => {
                (g.log)(&format!("< {l}"));
                if l == "LOGOUT:completed" {
                    break;
                }
            }
            _ => break,
        }
    }
    Ok(GameReport {
        number,
        game_id: summary.game_id.clone(),
        my_color: summary.my_color,
        opponent: summary.opponent().to_string(),
        end,
        moves: record.main_line().len(),
        saved,
        save_error,
    })
}

/// A game id as a file name: letters, digits and `+-_.` kept, anything else `_`.
pub fn file_name_for(game_id: &str) -> String {
    let mut name: String = game_id
        .chars()
        .take(200)
        .map(|c| if c.is_ascii_alphanumeric() || "+-_.".contains(c) { c } else { '_' })
        .collect();
    if name.is_empty() || name.starts_with('.') {
        name.insert(0, '_');
    }
    name + ".csa"
}

/// Saves `record` as CSA in `dir` under the game id; returns the path.
pub fn save(dir: &Path, game_id: &str, record: &GameRecord) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let path = dir.join(file_name_for(game_id));
    write_file_atomically(&path, write_text(record, Format::Csa).as_bytes()).map_err(|e| e.to_string())?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_ids_make_safe_file_names() {
        assert_eq!(file_name_for("test+g-60-5F+bob+alice+20261126"), "test+g-60-5F+bob+alice+20261126.csa");
        assert_eq!(file_name_for("../../etc/passwd"), "_.._.._etc_passwd.csa");
        assert_eq!(file_name_for(""), "_.csa");
    }
}

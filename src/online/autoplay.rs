//! The engine plays online by itself (`shogiban csa`): K games in a row, logging in again for each
//! (as floodgate expects), agreeing to the game, answering on the server's clock less a safety
//! margin, and saving each game's record (CSA, with the server's times and the result) in a
//! folder. A game the opponent calls off (`REJECT`) counts and the run goes on; a login that
//! fails is tried again after a pause that doubles, up to a number of tries. A stop asked for
//! (a signal) resigns the game on, or leaves cleanly between games. Any other failure (the server
//! gone or silent past the clock, the engine dead, a line that breaks the game) ends the run with
//! an [`AutoplayError`], the record so far saved.

use super::check::printable;
use super::connection::{Connection, Incoming};
use super::ending::{GameEnd, Verdict};
use super::session::{CsaPhase, CsaSession, LoginMode, SessionEvent};
use super::summary::GameSummary;
use crate::core::{Color, Move};
use crate::engine::player::{ComputerPlayer, Decision, Thought};
use crate::record::annotation::{Annotation, set_annotation};
use crate::record::{Format, GameRecord, save_record};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex};
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
    /// How long past the end of the clock of the side to move a silent server is waited for.
    pub silence_margin: Duration,
    /// Logins (or connections) that fail in a row before the run stops.
    pub login_tries: u32,
    /// The pause after the first failed login; it doubles after each further one.
    pub retry_pause: Duration,
    /// The format records are saved in.
    pub save_format: Format,
    /// The records' file name without extension, a template (see [`NAME_FIELDS`]).
    pub name: String,
    /// How long a resignation sent on a stop waits for the server's end of the game.
    pub stop_wait: Duration,
    /// Send the engine's evaluation and expected line with each move (`,'* 123 -3334FU …`), as
    /// floodgate shows them.
    pub send_pv: bool,
}

/// A stop asked for from outside the run (a signal): the game on is resigned, or the run leaves
/// between games. Cloned handles are the same stop.
#[derive(Clone, Default)]
pub struct StopHandle(Arc<Mutex<StopState>>);

#[derive(Default)]
struct StopState {
    why: Option<String>,
    wake: Option<Sender<Event>>,
}

impl StopHandle {
    /// Asks the run to stop; `why` is said in its error (`SIGINT`).
    pub fn stop(&self, why: &str) {
        if let Ok(mut s) = self.0.lock() {
            s.why.get_or_insert_with(|| why.to_string());
            if let Some(w) = &s.wake {
                let _ = w.send(Event::Stop);
            }
        }
    }

    fn requested(&self) -> Option<String> {
        self.0.lock().ok().and_then(|s| s.why.clone())
    }

    /// Where a stop is to be said from now on.
    fn attach(&self, wake: Sender<Event>) {
        if let Ok(mut s) = self.0.lock() {
            s.wake = Some(wake);
        }
    }

    /// Waits `d`, or less when a stop comes.
    fn pause(&self, d: Duration) {
        let (tx, rx) = channel();
        self.attach(tx);
        if self.requested().is_none() {
            let _ = rx.recv_timeout(d);
        }
    }
}

/// What the run's loop waits on: the connection, or a stop.
enum Event {
    Net(Incoming),
    Stop,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// 1-based.
    pub number: u32,
    pub game_id: String,
    pub my_color: Color,
    /// The players' names as the server gave them, ☗ first.
    pub names: [String; 2],
    pub end: GameEnd,
    /// Moves in the record.
    pub moves: usize,
    pub saved: Option<PathBuf>,
    /// Why the record could not be saved.
    pub save_error: Option<String>,
}

impl GameReport {
    /// One line, this player's name first: `game 1: test+g+a+b+1: alice (☗) vs bob (☖): win, bob
    /// resigned (87 moves), saved to …`. Two players of one name are told apart by their marks.
    pub fn line(&self) -> String {
        let mark = |c: Color| if c == Color::Black { "☗" } else { "☖" };
        let (me, them) = (self.my_color, self.my_color.flip());
        let named: [String; 2] = if self.names[0] == self.names[1] {
            [format!("☗{}", self.names[0]), format!("☖{}", self.names[1])]
        } else {
            self.names.clone()
        };
        let sentence = self.end.sentence([&named[0], &named[1]]);
        let why = sentence.split_once(": ").map_or(sentence.as_str(), |(_, w)| w).trim_end_matches('.');
        let mut s = format!(
            "game {}: {}: {} ({}) vs {} ({}): {}, {why} ({} moves)",
            self.number,
            self.game_id,
            self.names[me.index()],
            mark(me),
            self.names[them.index()],
            mark(them),
            self.end.result_word(),
            self.moves
        );
        match (&self.saved, &self.save_error) {
            (Some(p), _) => s.push_str(&format!(", saved to {}", p.display())),
            (None, Some(e)) => s.push_str(&format!(", NOT saved: {e}")),
            _ => {}
        }
        printable(&s)
    }
}

/// What the run says as it goes.
#[derive(Clone, Debug)]
pub enum RunEvent {
    /// A game ended.
    Game(GameReport),
    /// A proposed game was called off (`REJECT`) by `by`; the run goes on.
    CalledOff { number: u32, game_id: String, by: String },
    /// A login failed; the next try is after `pause`.
    Retry { why: String, pause: Duration },
    /// The server sent something odd, dealt with as said; the game goes on.
    Warning(String),
}

impl RunEvent {
    /// The event in one line, control characters made visible.
    pub fn line(&self) -> String {
        printable(&match self {
            RunEvent::Game(r) => return r.line(),
            RunEvent::CalledOff { number, game_id, by } => {
                format!("game {number}: {game_id}: called off by {by} (REJECT)")
            }
            RunEvent::Retry { why, pause } => {
                format!("{why}; trying again in {} s", pause.as_secs_f64().ceil() as u64)
            }
            RunEvent::Warning(w) => format!("warning: {w}"),
        })
    }

    /// Whether the line is a game's result (standard output), not a note (standard error).
    pub fn is_result(&self) -> bool {
        matches!(self, RunEvent::Game(_) | RunEvent::CalledOff { .. })
    }
}

/// The games of a run, counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub no_result: u32,
    pub called_off: u32,
}

impl Tally {
    fn add(&mut self, end: &GameEnd) {
        match end.verdict {
            Verdict::Win => self.wins += 1,
            Verdict::Lose => self.losses += 1,
            Verdict::Draw => self.draws += 1,
            _ if end.special_kind().outcome(end.to_move) == crate::record::Outcome::Draw => self.draws += 1,
            _ => self.no_result += 1,
        }
    }

    /// `3 games: 2 wins, 1 loss, 0 draws` (with the games without a result and those called off
    /// when there were any).
    pub fn line(&self) -> String {
        let played = self.wins + self.losses + self.draws + self.no_result;
        let plural = |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let mut s = format!(
            "{}: {}, {}, {}",
            plural(played, "game", "games"),
            plural(self.wins, "win", "wins"),
            plural(self.losses, "loss", "losses"),
            plural(self.draws, "draw", "draws")
        );
        if self.no_result > 0 {
            s.push_str(&format!(", {} without a result", self.no_result));
        }
        if self.called_off > 0 {
            s.push_str(&format!(", {} called off", plural(self.called_off, "game", "games")));
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
    /// The run stopped because a stop was asked for (a signal).
    pub interrupted: bool,
}

fn fail<T>(message: impl Into<String>) -> Result<T, AutoplayError> {
    Err(AutoplayError { message: message.into(), saved: None, interrupted: false })
}

/// Checks that records can be written in `dir` (made if missing), before any game is played.
pub fn check_save_dir(dir: &Path) -> Result<(), String> {
    let cannot = |e: std::io::Error| format!("cannot write records in {}: {e}", dir.display());
    std::fs::create_dir_all(dir).map_err(cannot)?;
    tempfile::NamedTempFile::new_in(dir).map(drop).map_err(cannot)
}

/// How one try at a game went.
enum Attempt {
    Played(GameReport),
    CalledOff {
        game_id: String,
        by: String,
    },
    /// Not logged in: the connection or the login failed (why).
    NotLoggedIn(String),
}

/// Plays `cfg.games` games (a game called off counts as one); `report` gets each game's end and
/// the run's notes, `log` every line sent (the password masked) and received, prefixed `> ` and
/// `< `. `stop` ends the run early (the game on resigned). Returns the tally.
pub fn play_games(
    cfg: &AutoplayConfig,
    player: &mut dyn ComputerPlayer,
    stop: &StopHandle,
    report: &mut dyn FnMut(&RunEvent),
    log: &mut dyn FnMut(&str),
) -> Result<Tally, AutoplayError> {
    check_save_dir(&cfg.save_dir).or_else(fail)?;
    let mut tally = Tally::default();
    let mut failures = 0u32;
    let mut number = 1;
    while number <= cfg.games {
        if let Some(why) = stop.requested() {
            return Err(interrupted(&why, "between games"));
        }
        match play_one(cfg, number, player, stop, report, log)? {
            Attempt::Played(r) => {
                tally.add(&r.end);
                report(&RunEvent::Game(r));
                failures = 0;
                number += 1;
            }
            Attempt::CalledOff { game_id, by } => {
                tally.called_off += 1;
                report(&RunEvent::CalledOff { number, game_id, by });
                failures = 0;
                number += 1;
            }
            Attempt::NotLoggedIn(why) => {
                failures += 1;
                if failures >= cfg.login_tries.max(1) {
                    let tries = if failures > 1 { format!(" ({failures} tries)") } else { String::new() };
                    return fail(format!("{why}{tries}"));
                }
                let pause = cfg.retry_pause.saturating_mul(1 << (failures - 1).min(10));
                report(&RunEvent::Retry { why, pause });
                stop.pause(pause);
            }
        }
    }
    if let Some(why) = stop.requested() {
        return Err(interrupted(&why, "after the last game"));
    }
    Ok(tally)
}

fn interrupted(why: &str, when: &str) -> AutoplayError {
    AutoplayError { message: format!("stopped by {why} {when}"), saved: None, interrupted: true }
}

struct Game<'a> {
    cfg: &'a AutoplayConfig,
    conn: Connection,
    rx: Receiver<Event>,
    session: CsaSession,
    log: &'a mut dyn FnMut(&str),
    report: &'a mut dyn FnMut(&RunEvent),
    stop: &'a StopHandle,
    /// The game's number in the run.
    number: u32,
    /// A stop came during the game: the resignation was sent; the end is waited for until then.
    stopping: Option<Instant>,
    /// What the engine saw behind each of its moves, by ply (1 for the game's first move),
    /// written into the saved record as comments.
    notes: Vec<(usize, Move, Annotation)>,
}

impl Game<'_> {
    fn send(&mut self, line: &str) -> Result<(), AutoplayError> {
        (self.log)(&format!("> {line}"));
        self.conn.send(line).or_else(|_| self.failed("the connection to the server is closed"))
    }

    /// The game's record with the engine's evaluation and line after each of its moves, as the
    /// comments an analysis writes (`*#評価値=…`, `*#読み筋=…`; in CSA `'*#評価値=…`).
    fn annotated_record(&self) -> GameRecord {
        annotated(self.session.record(), &self.notes)
    }

    /// An error, with the record saved when a game was on.
    fn failed<T>(&self, message: impl Into<String>) -> Result<T, AutoplayError> {
        let mut message = message.into();
        let mut saved = None;
        // a game that started has a record worth keeping
        if let Some(summary) = self.session.summary()
            && self.session.record().header("開始日時").is_some()
        {
            match save(self.cfg, self.number, summary, &self.annotated_record()) {
                Ok(p) => saved = Some(p),
                Err(e) => message.push_str(&format!("; the record could not be saved: {e}")),
            }
        }
        Err(AutoplayError { message, saved, interrupted: self.stopping.is_some() })
    }

    /// A stop: the game on is resigned (its end awaited), else the server is left cleanly.
    fn on_stop(&mut self) -> Result<(), AutoplayError> {
        let why = self.stop.requested().unwrap_or_else(|| "a stop".into());
        match self.session.phase() {
            CsaPhase::Playing if self.stopping.is_none() => {
                self.stopping = Some(Instant::now() + self.cfg.stop_wait);
                let line = self.session.resign_line().expect("a game is on");
                self.send(&line)
            }
            CsaPhase::Playing => Ok(()),
            phase => {
                let line = if phase == CsaPhase::Proposed {
                    self.session.reject().unwrap_or_else(|_| "REJECT".into())
                } else {
                    self.session.logout_line()
                };
                let _ = self.send(&line);
                // dropping the connection sends the line first
                Err(interrupted(&why, "before a game started"))
            }
        }
    }
}

fn play_one(
    cfg: &AutoplayConfig,
    number: u32,
    player: &mut dyn ComputerPlayer,
    stop: &StopHandle,
    report: &mut dyn FnMut(&RunEvent),
    log: &mut dyn FnMut(&str),
) -> Result<Attempt, AutoplayError> {
    let (tx, rx) = channel();
    stop.attach(tx.clone());
    let conn = match Connection::open(&cfg.host, cfg.port, cfg.connect_timeout, cfg.keepalive, move |i| {
        let _ = tx.send(Event::Net(i));
    }) {
        Ok(c) => c,
        Err(e) => return Ok(Attempt::NotLoggedIn(e.to_string())),
    };
    let session = CsaSession::new(&cfg.user, LoginMode::Standard { game: cfg.game.clone() });
    let mut g = Game { cfg, conn, rx, session, log, report, stop, number, stopping: None, notes: Vec::new() };
    let (login, masked) = g.session.login_lines(&cfg.password);
    (g.log)(&format!("> {masked}"));
    if g.conn.send(&login).is_err() {
        return Ok(Attempt::NotLoggedIn("the connection to the server closed at once".into()));
    }
    let login_deadline = Instant::now() + cfg.login_timeout;
    loop {
        // take everything already received before deciding anything
        while let Ok(ev) = g.rx.try_recv() {
            if let Some(done) = step(&mut g, ev, player)? {
                return finish(g, number, done, player);
            }
        }
        if g.session.is_my_turn() && g.stopping.is_none() {
            think(&mut g, player)?;
            continue;
        }
        let now = Instant::now();
        let deadline = match g.session.phase() {
            CsaPhase::LoggingIn => Some((login_deadline, "login")),
            CsaPhase::Playing => g
                .session
                .clock()
                .and_then(|c| c.time_left(now))
                .map(|left| (now + left + cfg.silence_margin, "silence")),
            _ => None,
        };
        let deadline = match (deadline, g.stopping) {
            (Some((d, _)), Some(s)) if s < d => Some((s, "stop")),
            (None, Some(s)) => Some((s, "stop")),
            (d, _) => d,
        };
        let wait = deadline.map_or(Duration::from_secs(3600), |(d, _)| d.saturating_duration_since(now));
        match g.rx.recv_timeout(wait) {
            Ok(ev) => {
                if let Some(done) = step(&mut g, ev, player)? {
                    return finish(g, number, done, player);
                }
            }
            Err(RecvTimeoutError::Timeout) => match deadline {
                Some((d, what)) if Instant::now() >= d => match what {
                    "login" => {
                        return Ok(Attempt::NotLoggedIn(format!(
                            "no answer to LOGIN from {} within {} s",
                            g.conn.peer(),
                            cfg.login_timeout.as_secs()
                        )));
                    }
                    "silence" => {
                        g.session.closed();
                        return g.failed(format!(
                            "the server {} has said nothing for {} s past the end of the clock of the side to move: \
                             the game is given up",
                            g.conn.peer(),
                            cfg.silence_margin.as_secs()
                        ));
                    }
                    _ => {
                        g.session.closed();
                        let why = stop.requested().unwrap_or_default();
                        return g.failed(format!(
                            "stopped by {why}: resigned, but the server did not end the game within {} s",
                            cfg.stop_wait.as_secs()
                        ));
                    }
                },
                _ => {}
            },
            Err(RecvTimeoutError::Disconnected) => return g.failed("the connection to the server was lost"),
        }
    }
}

/// How a game's connection ended, when it did.
enum Done {
    Ended(GameEnd),
    Attempt(Attempt),
}

/// Handles one event; `Some` when the game is over (or never started).
fn step(g: &mut Game, ev: Event, player: &mut dyn ComputerPlayer) -> Result<Option<Done>, AutoplayError> {
    match ev {
        Event::Stop => g.on_stop().map(|_| None),
        Event::Net(i) => handle(g, i, player),
    }
}

/// Handles one thing from the reader; `Some` when the game is over.
fn handle(
    g: &mut Game,
    incoming: Incoming,
    player: &mut dyn ComputerPlayer,
) -> Result<Option<Done>, AutoplayError> {
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
            let message = format!("the server {} closed the connection{why}", g.conn.peer());
            if g.session.phase() == CsaPhase::LoggingIn {
                return Ok(Some(Done::Attempt(Attempt::NotLoggedIn(message))));
            }
            g.session.closed();
            return g.failed(message);
        }
    };
    (g.log)(&format!("< {line}"));
    for ev in g.session.receive(&line, Instant::now()) {
        match ev {
            SessionEvent::LoginRefused => {
                return Ok(Some(Done::Attempt(Attempt::NotLoggedIn(format!(
                    "the server refused the login of '{}' (a wrong password, a bad game name, or the name is in use)",
                    g.cfg.user
                )))));
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
                // dropping the connection sends the REJECT first
                let _ = g.send("REJECT");
                return fail(format!("rejected the game: {why}"));
            }
            SessionEvent::Rejected { by } => {
                let game_id = g.session.summary().map(|s| s.game_id.clone()).unwrap_or_default();
                return Ok(Some(Done::Attempt(Attempt::CalledOff { game_id, by: printable(&by) })));
            }
            SessionEvent::Broken { line, why } => {
                return g.failed(format!("the server sent '{line}', which breaks the game: {why}"));
            }
            SessionEvent::Warning(w) => (g.report)(&RunEvent::Warning(w)),
            SessionEvent::Ended(end) => return Ok(Some(Done::Ended(end))),
            SessionEvent::LoggedOut => return g.failed("the server logged this client out"),
            _ => {}
        }
    }
    Ok(None)
}

fn think(g: &mut Game, player: &mut dyn ComputerPlayer) -> Result<(), AutoplayError> {
    let now = Instant::now();
    let to_move = g.session.position().side_to_move();
    let clock = g.session.clock().expect("a game has a clock").clone();
    let budget = clock.budget(to_move, g.cfg.margin_ms, now);
    let record = g.session.record();
    let moves = record.main_line_moves();
    let start = record.initial().clone();
    let (decision, thought) = match player.think(&start, &moves, &budget) {
        Ok(d) => d,
        Err(e) => return g.failed(format!("the engine failed: {e}")),
    };
    let comment = match decision {
        Decision::Move(m) if g.cfg.send_pv => pv_comment(g.session.position(), m, &thought),
        _ => String::new(),
    };
    if let Decision::Move(m) = decision
        && let Some(note) = note(g.session.position(), m, &thought, player.name())
    {
        g.notes.push((moves.len() + 1, m, note));
    }
    let line = match decision {
        Decision::Move(m) => g.session.move_line(m).map(|l| l + &comment),
        Decision::Resign => g.session.resign_line(),
        Decision::DeclareWin => g.session.declare_line(),
    };
    match line {
        Ok(l) => g.send(&l),
        Err(e) => g.failed(format!("the engine's answer cannot be played: {e}")),
    }
}

/// What the engine saw behind its move `mv` from `pos`, as the analysis of the position after
/// it: the evaluation from sente's side, the line from the reply on (as far as it is legal),
/// the depth and nodes. `None` for a book move or when the engine said nothing.
pub fn note(pos: &crate::core::Position, mv: Move, thought: &Thought, engine: String) -> Option<Annotation> {
    if thought.book || thought.score.is_none() && thought.pv.len() < 2 {
        return None;
    }
    let pv = line_after(pos, mv, thought).into_iter().map(|(_, m)| m).collect();
    Some(Annotation {
        eval: thought.score.map(|s| s.for_black(pos.side_to_move())),
        pv,
        depth: thought.depth,
        nodes: thought.nodes,
        engine: Some(engine),
        mark: None,
    })
}

/// `record` with `notes` written into the comments of the main line's moves they belong to
/// (a note whose ply holds another move is left out).
pub fn annotated(record: &GameRecord, notes: &[(usize, Move, Annotation)]) -> GameRecord {
    let mut out = record.clone();
    let line = out.main_line();
    for (ply, mv, a) in notes {
        if let Some(&id) = line.get(ply.wrapping_sub(1))
            && out.node(id).mv == *mv
        {
            set_annotation(&mut out, id, Some(a));
        }
    }
    out
}

/// The engine's line after its move `mv` from `pos`, from the reply on, as far as it is legal,
/// each move with the position it is played from (empty when the line does not start with
/// `mv`).
fn line_after(
    pos: &crate::core::Position,
    mv: Move,
    thought: &Thought,
) -> Vec<(crate::core::Position, Move)> {
    let mut out = Vec::new();
    if let Some((&first, rest)) = thought.pv.split_first()
        && first == mv
    {
        let mut p = pos.clone();
        p.do_move(mv);
        for &m in rest {
            if !p.is_legal(m) {
                break;
            }
            out.push((p.clone(), m));
            p.do_move(m);
        }
    }
    out
}

/// The most moves of a line sent after a move.
const PV_MOVES: usize = 16;

/// The evaluation and the line expected after `mv`, as floodgate reads them after a move:
/// `,'* 123 -3334FU +2726FU` (centipawns from sente's side, ±[`MATE_CP`] for a mate; the line in
/// CSA, from the reply on, as far as it is legal). Empty without a score.
///
/// [`MATE_CP`]: crate::core::MATE_CP
pub fn pv_comment(pos: &crate::core::Position, mv: crate::core::Move, thought: &Thought) -> String {
    let Some(score) = thought.score else { return String::new() };
    let mut s = format!(",'* {}", score.for_black(pos.side_to_move()).cp());
    for (p, m) in line_after(pos, mv, thought).iter().take(PV_MOVES) {
        s.push(' ');
        s.push_str(&crate::record::notation::csa_move(p, *m));
    }
    s
}

fn finish(
    g: Game,
    number: u32,
    done: Done,
    player: &mut dyn ComputerPlayer,
) -> Result<Attempt, AutoplayError> {
    let end = match done {
        Done::Ended(end) => end,
        Done::Attempt(a) => return Ok(a),
    };
    player.game_over(end.winner().map(|w| w == end.me));
    let summary = g.session.summary().expect("a game that ended was proposed").clone();
    let record = g.annotated_record();
    let (saved, save_error) = match save(g.cfg, number, &summary, &record) {
        Ok(p) => (Some(p), None),
        Err(e) => (None, Some(e)),
    };
    // log out cleanly, and give the server a moment to close (a server that closed first is
    // fine: the record is saved already)
    let logout = g.session.logout_line();
    (g.log)(&format!("> {logout}"));
    let _ = g.conn.send(&logout);
    let deadline = Instant::now() + Duration::from_secs(3);
    while let Ok(ev) = g.rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        match ev {
            Event::Net(Incoming::Line(l)) => {
                (g.log)(&format!("< {l}"));
                if l == "LOGOUT:completed" {
                    break;
                }
            }
            Event::Stop => {}
            _ => break,
        }
    }
    Ok(Attempt::Played(GameReport {
        number,
        game_id: summary.game_id.clone(),
        my_color: summary.my_color,
        names: summary.names.clone(),
        end,
        moves: record.main_line().len(),
        saved,
        save_error,
    }))
}

/// The names `--name` may use: `{game_id}`, `{date}` and `{time}` (the game's start,
/// `20261128`, `093000`), `{n}` (the game's number in the run), `{sente}`, `{gote}`,
/// `{opponent}`.
pub const NAME_FIELDS: [&str; 7] = ["game_id", "date", "time", "n", "sente", "gote", "opponent"];

/// Checks a `--name` template: its `{…}` are all [`NAME_FIELDS`].
pub fn check_name_template(template: &str) -> Result<(), String> {
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            return Err(format!("'{template}' has a '{{' without its '}}'"));
        };
        let field = &rest[open + 1..open + close];
        if !NAME_FIELDS.contains(&field) {
            return Err(format!(
                "'{{{field}}}' is not a name field; use {}",
                NAME_FIELDS.map(|f| format!("{{{f}}}")).join(", ")
            ));
        }
        rest = &rest[open + close + 1..];
    }
    if template.trim().is_empty() {
        return Err("the name is empty".into());
    }
    Ok(())
}

/// The file name (without extension) `template` gives a game, made safe ([`file_stem_for`]).
pub fn name_for(template: &str, number: u32, summary: &GameSummary, record: &GameRecord) -> String {
    let start = record.header("開始日時").unwrap_or_default();
    let (date, time) = start.split_once(' ').unwrap_or((start, ""));
    let digits = |s: &str| s.chars().filter(char::is_ascii_digit).collect::<String>();
    let mut name = template.to_string();
    for (field, value) in [
        ("game_id", summary.game_id.clone()),
        ("date", digits(date)),
        ("time", digits(time)),
        ("n", number.to_string()),
        ("sente", summary.names[0].clone()),
        ("gote", summary.names[1].clone()),
        ("opponent", summary.opponent().to_string()),
    ] {
        name = name.replace(&format!("{{{field}}}"), &value);
    }
    file_stem_for(&name)
}

/// A name as a file name: letters, digits and `+-_.` kept, anything else `_`.
pub fn file_stem_for(name: &str) -> String {
    let mut stem: String = name
        .chars()
        .take(200)
        .map(|c| if c.is_ascii_alphanumeric() || "+-_.".contains(c) { c } else { '_' })
        .collect();
    if stem.is_empty() || stem.starts_with('.') {
        stem.insert(0, '_');
    }
    stem
}

/// The extension a record of `format` is saved with.
pub fn extension(format: Format) -> &'static str {
    match format {
        Format::Kif => "kif",
        Format::Kifu => "kifu",
        Format::Ki2 => "ki2",
        Format::Ki2u => "ki2u",
        Format::Csa => "csa",
        Format::Usi => "usi",
        Format::Sfen => "sfen",
        Format::Jkf => "jkf",
    }
}

/// Saves game `number`'s record in the run's folder, format and name (`-2`, `-3` … added where
/// a file of that name is there already); returns the path.
fn save(
    cfg: &AutoplayConfig,
    number: u32,
    summary: &GameSummary,
    record: &GameRecord,
) -> Result<PathBuf, String> {
    let dir = &cfg.save_dir;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let stem = name_for(&cfg.name, number, summary, record);
    let ext = extension(cfg.save_format);
    let path =
        (1..)
            .map(|i| {
                if i == 1 { dir.join(format!("{stem}.{ext}")) } else { dir.join(format!("{stem}-{i}.{ext}")) }
            })
            .find(|p| !p.exists())
            .expect("a free name");
    save_record(&path, record).map_err(|e| e.to_string())?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_games_line_names_both_players_this_one_first() {
        use crate::online::ending::{Reason, Verdict};
        let end = GameEnd {
            reason: Reason::Resign,
            verdict: Verdict::Lose,
            special: Some("TORYO".into()),
            me: Color::White,
            to_move: Color::White,
        };
        let mut report = GameReport {
            number: 1,
            game_id: "g+1".into(),
            my_color: Color::White,
            names: ["alice".into(), "bob".into()],
            end,
            moves: 2,
            saved: None,
            save_error: None,
        };
        assert_eq!(report.line(), "game 1: g+1: bob (☖) vs alice (☗): loss, bob resigned (2 moves)");
        report.names = ["you".into(), "you".into()];
        assert_eq!(report.line(), "game 1: g+1: you (☖) vs you (☗): loss, ☖you resigned (2 moves)");
    }

    #[test]
    fn game_ids_make_safe_file_names() {
        assert_eq!(file_stem_for("test+g-60-5F+bob+alice+20261126"), "test+g-60-5F+bob+alice+20261126");
        assert_eq!(file_stem_for("../../etc/passwd"), "_.._.._etc_passwd");
        assert_eq!(file_stem_for(""), "_");
    }

    #[test]
    fn the_evaluation_and_line_go_with_a_move_as_floodgate_reads_them() {
        use crate::core::{Move, Position, Score};
        let m = |u: &str| Move::from_usi(u).unwrap();
        let mut pos = Position::startpos();
        let thought = Thought {
            score: Some(Score::Cp(35)),
            pv: vec![m("7g7f"), m("3c3d"), m("2g2f")],
            ..Thought::default()
        };
        assert_eq!(pv_comment(&pos, m("7g7f"), &thought), ",'* 35 -3334FU +2726FU");
        // from sente's side whoever moves; the line stops where it is not legal
        pos.do_move(m("7g7f"));
        let thought = Thought {
            score: Some(Score::Cp(50)),
            pv: vec![m("3c3d"), m("7f7e"), m("9i9h")],
            ..Thought::default()
        };
        assert_eq!(pv_comment(&pos, m("3c3d"), &thought), ",'* -50 +7675FU");
        // a line that does not start with the move is left out; no score, no comment
        let other = Thought { score: Some(Score::Cp(-20)), pv: vec![m("8c8d")], ..Thought::default() };
        assert_eq!(pv_comment(&pos, m("3c3d"), &other), ",'* 20");
        assert_eq!(pv_comment(&pos, m("3c3d"), &Thought::default()), "");
    }

    #[test]
    fn notes_go_into_the_record_at_their_moves_and_book_moves_get_none() {
        use crate::core::{Move, Position, Score};
        let m = |u: &str| Move::from_usi(u).unwrap();
        let pos = Position::startpos();
        let book =
            Thought { score: Some(Score::Cp(0)), pv: vec![m("7g7f")], book: true, ..Thought::default() };
        assert_eq!(note(&pos, m("7g7f"), &book, "e".into()), None);
        assert_eq!(note(&pos, m("7g7f"), &Thought::default(), "e".into()), None);
        let searched = Thought {
            score: Some(Score::Cp(40)),
            pv: vec![m("7g7f"), m("3c3d"), m("8c8d"), m("2g2f")],
            depth: Some(12),
            nodes: Some(5000),
            book: false,
        };
        let a = note(&pos, m("7g7f"), &searched, "shogiban".into()).unwrap();
        // the line from the reply on, as far as it is legal (8c8d is gote's move at sente's turn)
        assert_eq!(
            (a.eval, a.pv.clone(), a.depth, a.nodes),
            (Some(Score::Cp(40)), vec![m("3c3d")], Some(12), Some(5000))
        );
        let mut record = GameRecord::default();
        let mut cursor = crate::record::Cursor::new(record.clone());
        for u in ["7g7f", "3c3d"] {
            cursor.play(m(u)).unwrap();
        }
        record = cursor.record().clone();
        // a note at ply 1 for the move played there; one at ply 2 for another move is left out
        let out = annotated(&record, &[(1, m("7g7f"), a.clone()), (2, m("8c8d"), a.clone())]);
        let notes = crate::record::annotation::main_line_annotations(&out);
        assert_eq!(notes[1].as_ref().map(|n| n.eval), Some(Some(Score::Cp(40))));
        assert_eq!(notes[2], None);
        assert_eq!(annotated(&record, &[]), record);
    }

    #[test]
    fn name_templates_are_checked_and_filled_in() {
        assert_eq!(check_name_template("{date}-{game_id}"), Ok(()));
        assert!(check_name_template("{day}").unwrap_err().contains("{game_id}, {date}"));
        assert!(check_name_template("{date").is_err());
        assert!(check_name_template("").is_err());
        let text = "BEGIN Game_Summary\nGame_ID:g+1\nName+:alice\nName-:bob\nYour_Turn:-\nTo_Move:+\n\
                    BEGIN Position\nPI\n+\nEND Position\nEND Game_Summary";
        let mut reader = super::super::summary::SummaryReader::default();
        let summary = text.lines().skip(1).find_map(|l| reader.feed(l)).unwrap().unwrap();
        let mut record = GameRecord::default();
        record.set_header("開始日時", "2026/11/28 09:30:00");
        assert_eq!(name_for("{date}-{time}-{game_id}", 3, &summary, &record), "20261128-093000-g+1");
        assert_eq!(
            name_for("{n} {sente} v {gote} ({opponent})", 3, &summary, &record),
            "3_alice_v_bob__alice_"
        );
    }
}

//! The job runner: every piece of background work the app does, run off the UI thread in one
//! way. The computer's moves (built-in or an external USI engine), the continuous analysis and
//! hints, the whole-game analysis, tsume judging and solving, the threat indicator's solves,
//! learn mode's searches, saving files, and the game library's scan and reading of a record
//! are each a [`JobKind`].
//!
//! - The app asks for work with a [`JobRequest`]; [`Runner::start`] gives it a [`Ticket`] and its
//!   own stop flag, stops the job of the same kind still running (the newest job of a kind is
//!   the one that matters), and hands it to that kind's [`lane`]: a thread started on first use
//!   that keeps its state (an engine and its hash table) from one job to the next, and skips a
//!   job stopped before its turn came.
//! - A job reports [`Report`]s as it goes (`done: false`) and once at the end (`done: true`),
//!   each a [`JobEvent`] tagged with its ticket and sent to the one sink the runner was made
//!   with (the event loop's channel).
//! - [`Runner::accept`] is the one place stale answers are dropped: an event whose ticket is not
//!   the job the runner last started of its kind (stopped, or replaced by a newer one) goes no
//!   further, so the app only ever sees reports of the work it is waiting for.
//!
//! A job that lives long and talks both ways (an external USI engine; a network connection) is
//! a lane whose thread waits on its inbox for jobs, stops and what the other side says
//! (`computer::external_lane`).
//!
//! Nothing here knows the app's state: requests carry what the work needs, reports carry what
//! it found.

mod computer;
mod lane;
mod library;
mod mate;
mod online;
mod save;
mod study;

pub use computer::{Computer, EngineReport, Score, ThinkRequest, ThinkingInfo, think_time_ms};
pub use mate::TsumeAnswer;
pub use online::{ConnectRequest, password_key, passwords_path, remembered_password, remembered_passwords};
pub use study::GameReport;

use crate::core::{Move, Position};
use crate::engine::analysis::Update;
use crate::engine::analysis::game::{GameAnalysisOptions, PositionEval};
use crate::engine::mate::threats::Threats;
use crate::engine::search::time::Limits;
use crate::record::{GameRecord, Warning};
use crate::tui::library::{Found, RecentFiles, Sources};
use lane::Lane;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The number the runner gives a job when it starts it; every report of the job carries it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ticket(u64);

/// The kinds of background work. One job of each kind runs at a time: a new one stops the one
/// before it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum JobKind {
    /// The computer's move.
    Engine,
    /// The continuous analysis (検討) of the position shown, or a hint.
    Analysis,
    /// The whole-game analysis (棋譜解析), one line of play per job.
    GameAnalysis,
    /// Tsume mode: judging the player's attack.
    TsumeJudge,
    /// Tsume mode: solving a problem (its length at the start, the solution on request).
    TsumeSolve,
    /// The threat indicator's two mate solves.
    Threats,
    /// Learn mode: the search of a try.
    Learn,
    /// Saving the record to a file the player chose.
    Save,
    /// The autosave and its session.
    Autosave,
    /// The connection to a CSA server: one job from connecting to the server closing it.
    Online,
    /// The game library: finding the records and reading each one's summary.
    LibraryScan,
    /// The game library: reading the record chosen.
    LibraryOpen,
}

/// A piece of work the app asks for, with everything it needs.
#[derive(Clone, Debug)]
pub enum JobRequest {
    /// The computer's move in the game `start` + `moves`.
    Think(ThinkRequest),
    /// Analyse `pos` with `lines` lines until stopped (`Limits::default()`) or for the limits.
    Analyse { pos: Box<Position>, lines: usize, limits: Limits },
    /// Analyse every position of `start` + `moves`.
    AnalyseGame { start: Box<Position>, moves: Vec<Move>, options: GameAnalysisOptions },
    /// Judge the attacker's move `mv` in `pos`.
    TsumeJudge { pos: Box<Position>, mv: Move },
    /// Solve `pos` (attacker to move).
    TsumeSolve { pos: Box<Position> },
    /// Look for a mate and a threat of mate in `pos`.
    Threats { pos: Box<Position> },
    /// Search the position after a try in learn mode for `movetime_ms`.
    Learn { pos: Box<Position>, movetime_ms: u64 },
    /// Write `record` to `path` (format from the extension), creating its folder; once written,
    /// remember it in `recent`.
    Save { path: PathBuf, record: Box<GameRecord>, recent: Option<RecentFiles> },
    /// Write the autosave: the record (when it changed) and the session text beside it.
    Autosave { record_path: PathBuf, record: Option<Box<GameRecord>>, session_path: PathBuf, session: String },
    /// Connect to a CSA server; its lines are the job's reports (send with `Runner::send_line`).
    Connect(ConnectRequest),
    /// Find the records in `sources` and read each one's summary.
    LibraryScan { sources: Sources },
    /// Read the record at `path`; once it reads, remember it in `recent`.
    LibraryOpen { path: PathBuf, recent: Option<RecentFiles> },
}

impl JobRequest {
    pub fn kind(&self) -> JobKind {
        match self {
            JobRequest::Think(_) => JobKind::Engine,
            JobRequest::Analyse { .. } => JobKind::Analysis,
            JobRequest::AnalyseGame { .. } => JobKind::GameAnalysis,
            JobRequest::TsumeJudge { .. } => JobKind::TsumeJudge,
            JobRequest::TsumeSolve { .. } => JobKind::TsumeSolve,
            JobRequest::Threats { .. } => JobKind::Threats,
            JobRequest::Learn { .. } => JobKind::Learn,
            JobRequest::Save { .. } => JobKind::Save,
            JobRequest::Autosave { .. } => JobKind::Autosave,
            JobRequest::Connect(_) => JobKind::Online,
            JobRequest::LibraryScan { .. } => JobKind::LibraryScan,
            JobRequest::LibraryOpen { .. } => JobKind::LibraryOpen,
        }
    }
}

/// What a job found, on the way or at its end.
#[derive(Clone, Debug)]
pub enum Report {
    Engine(EngineReport),
    Analysis(Update),
    GameAnalysis(GameReport),
    Tsume(TsumeAnswer),
    Threats(Threats),
    Learn(PositionEval),
    /// A save ended: what the file's format or encoding could not hold, or why the file was
    /// not written.
    Saved {
        path: PathBuf,
        result: Result<Vec<String>, String>,
    },
    /// The autosave was written, or why not.
    Autosaved(Result<(), String>),
    /// What the connection to the CSA server brought: connected, a line, closed, failed (the
    /// last two end the job).
    Online(crate::online::Incoming),
    /// The password to remember could not be written (the file and why).
    PasswordNotKept(String),
    /// The records the library found (all of them, or those read before the job was stopped),
    /// with the explorer over their games.
    LibraryScanned(Arc<Found>),
    /// The record at `path` as it read (with what the reader warned about), or why it did not.
    LibraryOpened {
        path: PathBuf,
        result: Result<Box<(GameRecord, Vec<Warning>)>, String>,
    },
}

/// One report of one job.
#[derive(Clone, Debug)]
pub struct JobEvent {
    pub ticket: Ticket,
    pub kind: JobKind,
    pub report: Report,
    /// The job's last report: it has ended.
    pub done: bool,
}

/// Where job events go (the event loop's channel).
pub type Sink = Arc<dyn Fn(JobEvent) + Send + Sync>;

/// What a running job sees of the runner: its stop flag and a way to report.
pub struct JobContext {
    ticket: Ticket,
    kind: JobKind,
    stop: Arc<AtomicBool>,
    sink: Sink,
}

impl JobContext {
    /// The job's own stop flag, for searches that take one.
    pub fn stop_flag(&self) -> &Arc<AtomicBool> {
        &self.stop
    }

    /// Whether the job was asked to stop.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Reports progress.
    pub fn progress(&self, report: Report) {
        (self.sink)(JobEvent { ticket: self.ticket, kind: self.kind, report, done: false });
    }

    /// Reports the end of the job.
    fn finish(&self, report: Report) {
        (self.sink)(JobEvent { ticket: self.ticket, kind: self.kind, report, done: true });
    }
}

/// A job handed to a lane.
struct Job {
    request: JobRequest,
    context: JobContext,
}

/// The job of a kind the runner waits for.
struct Running {
    ticket: Ticket,
    stop: Arc<AtomicBool>,
}

/// Runs the app's background jobs; see the module documentation.
pub struct Runner {
    sink: Sink,
    next_ticket: u64,
    lanes: HashMap<JobKind, Lane>,
    current: HashMap<JobKind, Running>,
    /// The computer player, until its lane starts with it.
    computer: Option<Computer>,
    engine_name: String,
}

impl Runner {
    /// A runner sending every job's reports to `sink`, with `computer` playing the computer's
    /// moves. No thread starts before its first job.
    pub fn new(sink: impl Fn(JobEvent) + Send + Sync + 'static, computer: Computer) -> Runner {
        Runner {
            sink: Arc::new(sink),
            next_ticket: 0,
            lanes: HashMap::new(),
            current: HashMap::new(),
            engine_name: computer.name().to_string(),
            computer: Some(computer),
        }
    }

    /// The computer player's name (for the record's headers).
    pub fn engine_name(&self) -> &str {
        &self.engine_name
    }

    /// Starts `request` after stopping the job of its kind still running; returns its ticket.
    pub fn start(&mut self, request: JobRequest) -> Ticket {
        let kind = request.kind();
        self.stop(kind);
        self.next_ticket += 1;
        let ticket = Ticket(self.next_ticket);
        let stop = Arc::new(AtomicBool::new(false));
        self.current.insert(kind, Running { ticket, stop: Arc::clone(&stop) });
        let context = JobContext { ticket, kind, stop, sink: Arc::clone(&self.sink) };
        let computer = &mut self.computer;
        let lane = self.lanes.entry(kind).or_insert_with(|| Lane::start(kind, computer));
        lane.submit(Job { request, context });
        ticket
    }

    /// Stops the job of `kind`, if one runs: its flag is set at once, and whatever it still
    /// reports is dropped.
    pub fn stop(&mut self, kind: JobKind) {
        if let Some(r) = self.current.remove(&kind) {
            r.stop.store(true, Ordering::Relaxed);
            if let Some(lane) = self.lanes.get(&kind) {
                lane.stopped(r.ticket);
            }
        }
    }

    /// Whether a job of `kind` is running or waiting (and not stopped).
    pub fn running(&self, kind: JobKind) -> bool {
        self.current.contains_key(&kind)
    }

    /// The one place stale reports are dropped: `event` comes back when it is a report of the
    /// job last started of its kind and not stopped; `None` otherwise. A job's last report
    /// ends it.
    pub fn accept(&mut self, event: JobEvent) -> Option<JobEvent> {
        let current = self.current.get(&event.kind)?;
        if current.ticket != event.ticket {
            return None;
        }
        if event.done {
            self.current.remove(&event.kind);
        }
        Some(event)
    }

    /// Sends `line` on the open connection to the CSA server (nothing when none is open).
    pub fn send_line(&mut self, line: &str) {
        if let Some(lane) = self.lanes.get(&JobKind::Online)
            && self.current.contains_key(&JobKind::Online)
        {
            lane.send_line(line);
        }
    }

    /// Waits until every job of `kind` handed out so far has ended or been skipped, at most
    /// `timeout`; returns whether they all have (saves are flushed this way before quitting).
    pub fn wait_idle(&self, kind: JobKind, timeout: Duration) -> bool {
        self.lanes.get(&kind).is_none_or(|lane| lane.wait_idle(timeout))
    }
}

impl Drop for Runner {
    /// Stops every job and ends the lanes (an external engine is sent `quit`).
    fn drop(&mut self) {
        for (_, r) in self.current.drain() {
            r.stop.store(true, Ordering::Relaxed);
        }
        for (_, lane) in self.lanes.drain() {
            lane.close();
        }
    }
}

#[cfg(test)]
mod tests;

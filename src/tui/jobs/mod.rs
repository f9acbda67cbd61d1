//! The job runner: every piece of background work the app does, run off the UI thread in one
//! way. The computer's moves (built-in or an external USI engine), the continuous analysis and
//! hints, the whole-game analysis, tsume judging and solving, the threat indicator's solves,
//! learn mode's searches, writing files (saves, the autosave and keeping the previous game, the
//! settings, tsume progress), and the game library's scan and reading of a record are each a
//! [`JobKind`].
//!
//! - The app asks for work with a [`JobRequest`], nested by lane: each lane's file (`computer`,
//!   `study`, `mate`, `files`, `online`, `library`) holds its request type, the kinds of its
//!   jobs, its reports and its work, so routing a request is a match on its type.
//!   [`Runner::start`] gives it a [`Ticket`] and its own stop flag, stops the job of the same
//!   kind still running (the newest job of a kind is the one that matters), and hands it to its
//!   [`lane`]: a thread started on first use that keeps its state (an engine and its hash
//!   table) from one job to the next, and skips a job stopped before its turn came.
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
mod files;
mod lane;
mod library;
mod mate;
mod online;
mod study;

pub use computer::{
    Computer, EngineReport, GoParams, Score, ThinkBy, ThinkRequest, ThinkingInfo, header_name, think_time_ms,
};
pub use files::{AutosaveFailure, FileJob, FileKind, FileReport};
pub use library::{LibraryJob, LibraryKind, LibraryReport};
pub use mate::{MateJob, MateKind, MateReport, TsumeAnswer};
pub use online::ConnectRequest;
pub use study::{GameReport, StudyJob, StudyKind, StudyReport};

use crate::engine::levels::Level;
use lane::{Control, Lane};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The number the runner gives a job when it starts it; every report of the job carries it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ticket(u64);

/// The kinds of background work, by lane. One job of each kind runs at a time: a new one stops
/// the one before it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum JobKind {
    /// The computer's move.
    Engine,
    /// The engine's studies: analysis, whole-game analysis, learn mode's searches.
    Study(StudyKind),
    /// The mate solver's jobs: tsume mode and the threat indicator.
    Mate(MateKind),
    /// Files the app writes.
    Files(FileKind),
    /// The connection to a CSA server: one job from connecting to the server closing it.
    Online,
    /// The game library's reading.
    Library(LibraryKind),
}

/// A piece of work the app asks for, with everything it needs, nested by the lane that runs it.
#[derive(Clone, Debug)]
pub enum JobRequest {
    /// The computer's move in the game `start` + `moves`.
    Think(ThinkRequest),
    Study(StudyJob),
    Mate(MateJob),
    Files(FileJob),
    /// Connect to a CSA server; its lines are the job's reports (send with `Runner::send_line`).
    Connect(ConnectRequest),
    Library(LibraryJob),
}

impl JobRequest {
    pub fn kind(&self) -> JobKind {
        match self {
            JobRequest::Think(_) => JobKind::Engine,
            JobRequest::Study(j) => JobKind::Study(j.kind()),
            JobRequest::Mate(j) => JobKind::Mate(j.kind()),
            JobRequest::Files(j) => JobKind::Files(j.kind()),
            JobRequest::Connect(_) => JobKind::Online,
            JobRequest::Library(j) => JobKind::Library(j.kind()),
        }
    }
}

impl From<ThinkRequest> for JobRequest {
    fn from(request: ThinkRequest) -> Self {
        JobRequest::Think(request)
    }
}

impl From<ConnectRequest> for JobRequest {
    fn from(request: ConnectRequest) -> Self {
        JobRequest::Connect(request)
    }
}

/// What a job found, on the way or at its end, nested by lane.
#[derive(Clone, Debug)]
pub enum Report {
    Engine(EngineReport),
    Study(StudyReport),
    Mate(MateReport),
    Files(FileReport),
    /// What the connection to the CSA server brought: connected, a line, closed, failed (the
    /// last two end the job).
    Online(crate::online::Incoming),
    /// The password to remember could not be written (the file and why).
    PasswordNotKept(String),
    Library(LibraryReport),
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

/// A job handed to a lane: the lane's own request type and the job's context.
struct Job<J> {
    request: J,
    context: JobContext,
}

/// The job of a kind the runner waits for.
struct Running {
    ticket: Ticket,
    stop: Arc<AtomicBool>,
}

/// The lanes started so far, by the type of their jobs. The study, mate and library kinds each
/// have a lane of their own, so that their jobs run side by side (a continuous analysis runs
/// until stopped); the study lanes share their engines ([`study::Engines`]). Every file is
/// written by one lane, in the order asked.
#[derive(Default)]
struct Lanes {
    computer: Option<Lane<ThinkRequest>>,
    study: HashMap<StudyKind, Lane<StudyJob>>,
    mate: HashMap<MateKind, Lane<MateJob>>,
    files: Option<Lane<FileJob>>,
    online: Option<Lane<ConnectRequest>>,
    library: HashMap<LibraryKind, Lane<LibraryJob>>,
}

impl Lanes {
    /// The lane that runs the jobs of `kind`, if it has started.
    fn of(&self, kind: JobKind) -> Option<&dyn Control> {
        fn dyn_lane<J>(l: &Lane<J>) -> &dyn Control {
            l
        }
        match kind {
            JobKind::Engine => self.computer.as_ref().map(dyn_lane),
            JobKind::Study(k) => self.study.get(&k).map(dyn_lane),
            JobKind::Mate(k) => self.mate.get(&k).map(dyn_lane),
            JobKind::Files(_) => self.files.as_ref().map(dyn_lane),
            JobKind::Online => self.online.as_ref().map(dyn_lane),
            JobKind::Library(k) => self.library.get(&k).map(dyn_lane),
        }
    }

    /// Every lane started, to close.
    fn all(&mut self) -> Vec<&mut dyn Control> {
        let mut out: Vec<&mut dyn Control> = Vec::new();
        out.extend(self.computer.iter_mut().map(|l| l as &mut dyn Control));
        out.extend(self.study.values_mut().map(|l| l as &mut dyn Control));
        out.extend(self.mate.values_mut().map(|l| l as &mut dyn Control));
        out.extend(self.files.iter_mut().map(|l| l as &mut dyn Control));
        out.extend(self.online.iter_mut().map(|l| l as &mut dyn Control));
        out.extend(self.library.values_mut().map(|l| l as &mut dyn Control));
        out
    }
}

/// Runs the app's background jobs; see the module documentation.
pub struct Runner {
    sink: Sink,
    next_ticket: u64,
    lanes: Lanes,
    current: HashMap<JobKind, Running>,
    /// The computer player, until its lane starts with it.
    computer: Option<Computer>,
    engine_name: String,
    /// The engines the study lanes share.
    engines: study::Engines,
}

impl Runner {
    /// A runner sending every job's reports to `sink`, with `computer` playing the computer's
    /// moves. No thread starts before its first job.
    pub fn new(sink: impl Fn(JobEvent) + Send + Sync + 'static, computer: Computer) -> Runner {
        Runner {
            sink: Arc::new(sink),
            next_ticket: 0,
            lanes: Lanes::default(),
            current: HashMap::new(),
            engine_name: header_name(&computer),
            computer: Some(computer),
            engines: study::Engines::default(),
        }
    }

    /// The computer player's name (for the record's headers).
    pub fn engine_name(&self) -> &str {
        &self.engine_name
    }

    /// Starts `request` after stopping the job of its kind still running; returns its ticket.
    /// The request's type picks its lane.
    pub fn start(&mut self, request: JobRequest) -> Ticket {
        let kind = request.kind();
        self.stop(kind);
        self.next_ticket += 1;
        let ticket = Ticket(self.next_ticket);
        let stop = Arc::new(AtomicBool::new(false));
        self.current.insert(kind, Running { ticket, stop: Arc::clone(&stop) });
        let context = JobContext { ticket, kind, stop, sink: Arc::clone(&self.sink) };
        let name = format!("{kind:?} jobs");
        let lanes = &mut self.lanes;
        match request {
            JobRequest::Think(request) => {
                let computer = self.computer.take().unwrap_or_else(|| Computer::builtin(Level::MAX));
                let lane = lanes.computer.get_or_insert_with(|| {
                    Lane::start(name, move |rx, me, p| computer::lane(computer, &rx, me, &p))
                });
                lane.submit(Job { request, context })
            }
            JobRequest::Study(request) => {
                let engines = self.engines.clone();
                let lane = lanes
                    .study
                    .entry(request.kind())
                    .or_insert_with(|| Lane::of_jobs(name, study::worker(engines)));
                lane.submit(Job { request, context })
            }
            JobRequest::Mate(request) => {
                let lane =
                    lanes.mate.entry(request.kind()).or_insert_with(|| Lane::of_jobs(name, mate::work));
                lane.submit(Job { request, context })
            }
            JobRequest::Files(request) => {
                let lane = lanes.files.get_or_insert_with(|| Lane::of_jobs(name, files::worker()));
                lane.submit(Job { request, context })
            }
            JobRequest::Connect(request) => {
                let lane = lanes
                    .online
                    .get_or_insert_with(|| Lane::start(name, |rx, me, p| online::lane(&rx, me, &p)));
                lane.submit(Job { request, context })
            }
            JobRequest::Library(request) => {
                let lane =
                    lanes.library.entry(request.kind()).or_insert_with(|| Lane::of_jobs(name, library::work));
                lane.submit(Job { request, context })
            }
        }
        ticket
    }

    /// Stops the job of `kind`, if one runs: its flag is set at once, and whatever it still
    /// reports is dropped.
    pub fn stop(&mut self, kind: JobKind) {
        if let Some(r) = self.current.remove(&kind) {
            r.stop.store(true, Ordering::Relaxed);
            if let Some(lane) = self.lanes.of(kind) {
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
        if let Some(lane) = self.lanes.of(JobKind::Online)
            && self.current.contains_key(&JobKind::Online)
        {
            lane.send_line(line);
        }
    }

    /// Waits until every job handed out so far to the lane of `kind` has ended or been skipped,
    /// at most `timeout`; returns whether they all have (files are flushed this way before
    /// quitting).
    pub fn wait_idle(&self, kind: JobKind, timeout: Duration) -> bool {
        self.lanes.of(kind).is_none_or(|lane| lane.wait_idle(timeout))
    }
}

impl Drop for Runner {
    /// Stops every job and ends the lanes (an external engine is sent `quit`).
    fn drop(&mut self) {
        for (_, r) in self.current.drain() {
            r.stop.store(true, Ordering::Relaxed);
        }
        for lane in self.lanes.all() {
            lane.close();
        }
    }
}

#[cfg(test)]
mod tests;

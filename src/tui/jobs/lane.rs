//! A lane: the thread that runs the jobs of one kind, one after another, keeping its state
//! (an engine and its hash table) between them. It is started on the kind's first job. A job
//! stopped before its turn came is skipped; the runner counts the jobs handed over and not yet
//! ended, so that saves can be waited for before the program stops.

use super::{Computer, Job, JobContext, JobKind, JobRequest, Report, Ticket};
use crate::engine::usi::events::EngineEvent as UsiEvent;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What a lane's thread waits for.
pub(super) enum LaneMsg {
    /// A job to run.
    Start(Job),
    /// The job with this ticket was stopped (its flag is set already); a lane talking to
    /// another program passes the stop on.
    Stopped(Ticket),
    /// What an external USI engine said.
    Usi(UsiEvent),
    /// What the connection opened by the job with this ticket brought.
    Online(Ticket, crate::online::Incoming),
    /// A line to send on the open connection.
    Send(String),
    /// The runner is going away.
    Quit,
}

/// Jobs handed to a lane and not yet ended or skipped.
#[derive(Default)]
pub(super) struct Pending {
    count: Mutex<usize>,
    changed: Condvar,
}

impl Pending {
    fn add(&self) {
        *self.count.lock().unwrap_or_else(|e| e.into_inner()) += 1;
    }

    /// One job ended or was skipped.
    pub(super) fn done(&self) {
        let mut n = self.count.lock().unwrap_or_else(|e| e.into_inner());
        *n = n.saturating_sub(1);
        self.changed.notify_all();
    }

    fn wait_zero(&self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        let mut n = self.count.lock().unwrap_or_else(|e| e.into_inner());
        while *n > 0 {
            let now = Instant::now();
            if now >= deadline {
                return false;
            }
            n = self.changed.wait_timeout(n, deadline - now).unwrap_or_else(|e| e.into_inner()).0;
        }
        true
    }
}

pub(super) struct Lane {
    inbox: Sender<LaneMsg>,
    pending: Arc<Pending>,
    thread: Option<JoinHandle<()>>,
}

impl Lane {
    /// Starts the lane of `kind`; the engine's lane takes the computer player.
    pub(super) fn start(kind: JobKind, computer: &mut Option<Computer>) -> Lane {
        let (inbox, rx) = mpsc::channel();
        let pending = Arc::new(Pending::default());
        let p = Arc::clone(&pending);
        let name = format!("{kind:?} jobs");
        let thread = match kind {
            JobKind::Engine => {
                let computer = computer.take().unwrap_or(Computer::Builtin);
                let me = inbox.clone();
                spawn(name, move || super::computer::lane(computer, &rx, me, &p))
            }
            JobKind::Analysis | JobKind::GameAnalysis | JobKind::Learn => {
                spawn(name, move || run_jobs(&rx, &p, super::study::worker()))
            }
            JobKind::TsumeJudge | JobKind::TsumeSolve | JobKind::Threats => {
                spawn(name, move || run_jobs(&rx, &p, super::mate::work))
            }
            JobKind::Save | JobKind::Autosave => spawn(name, move || run_jobs(&rx, &p, super::save::work)),
            JobKind::Online => {
                let me = inbox.clone();
                spawn(name, move || super::online::lane(&rx, me, &p))
            }
            JobKind::LibraryScan | JobKind::LibraryOpen => {
                spawn(name, move || run_jobs(&rx, &p, super::library::work))
            }
        };
        Lane { inbox, pending, thread: Some(thread) }
    }

    pub(super) fn submit(&self, job: Job) {
        self.pending.add();
        if let Err(mpsc::SendError(LaneMsg::Start(_))) = self.inbox.send(LaneMsg::Start(job)) {
            // the lane's thread has ended (it panicked): nothing will run this job
            self.pending.done();
        }
    }

    pub(super) fn stopped(&self, ticket: Ticket) {
        let _ = self.inbox.send(LaneMsg::Stopped(ticket));
    }

    pub(super) fn send_line(&self, line: &str) {
        let _ = self.inbox.send(LaneMsg::Send(line.to_string()));
    }

    pub(super) fn wait_idle(&self, timeout: Duration) -> bool {
        self.pending.wait_zero(timeout)
    }

    /// Ends the lane's thread once its job in hand (already stopped) returns.
    pub(super) fn close(mut self) {
        let _ = self.inbox.send(LaneMsg::Quit);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn spawn(name: String, body: impl FnOnce() + Send + 'static) -> JoinHandle<()> {
    std::thread::Builder::new().name(name).spawn(body).expect("cannot start a job thread")
}

/// The lane of jobs that run to their end on the lane's thread: each job not stopped before its
/// turn is run by `work`, which reports progress through the context and returns the last
/// report.
pub(super) fn run_jobs(
    inbox: &Receiver<LaneMsg>,
    pending: &Pending,
    mut work: impl FnMut(JobRequest, &JobContext) -> Report,
) {
    while let Ok(msg) = inbox.recv() {
        match msg {
            LaneMsg::Start(job) => {
                if !job.context.stopped() {
                    let report = work(job.request, &job.context);
                    job.context.finish(report);
                }
                pending.done();
            }
            LaneMsg::Quit => return,
            LaneMsg::Stopped(_) | LaneMsg::Usi(_) | LaneMsg::Online(..) | LaneMsg::Send(_) => {}
        }
    }
}

//! A lane: the thread that runs the jobs of one lane's type (`J`: the requests one part of
//! `JobRequest` nests), one after another, keeping its state (an engine and its hash table)
//! between them. It is started on its first job, with the work the runner chose for its type.
//! A job stopped before its turn came is skipped; the lane counts the jobs handed over and not
//! yet ended, so that saves can be waited for before the program stops.

use super::{Job, JobContext, Report, Ticket};
use crate::engine::usi::events::EngineEvent as UsiEvent;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What a lane's thread waits for.
pub(super) enum LaneMsg<J> {
    /// A job to run.
    Start(Job<J>),
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

pub(super) struct Lane<J> {
    inbox: Sender<LaneMsg<J>>,
    pending: Arc<Pending>,
    thread: Option<JoinHandle<()>>,
}

impl<J: Send + 'static> Lane<J> {
    /// Starts a lane called `name` whose thread runs `body` on its inbox, with a sender to that
    /// inbox (for what other threads of the lane's work say) and the count of jobs pending.
    pub(super) fn start(
        name: String,
        body: impl FnOnce(Receiver<LaneMsg<J>>, Sender<LaneMsg<J>>, Arc<Pending>) + Send + 'static,
    ) -> Lane<J> {
        let (inbox, rx) = mpsc::channel();
        let pending = Arc::new(Pending::default());
        let (me, p) = (inbox.clone(), Arc::clone(&pending));
        let thread = spawn(name, move || body(rx, me, p));
        Lane { inbox, pending, thread: Some(thread) }
    }

    /// Starts a lane whose jobs each run to their end on its thread (see [`run_jobs`]).
    pub(super) fn of_jobs(
        name: String,
        work: impl FnMut(J, &JobContext) -> Report + Send + 'static,
    ) -> Lane<J> {
        Lane::start(name, move |rx, _, p| run_jobs(&rx, &p, work))
    }

    pub(super) fn submit(&self, job: Job<J>) {
        self.pending.add();
        if let Err(mpsc::SendError(LaneMsg::Start(_))) = self.inbox.send(LaneMsg::Start(job)) {
            // the lane's thread has ended (it panicked): nothing will run this job
            self.pending.done();
        }
    }
}

/// What the runner does with a lane whatever its jobs' type.
pub(super) trait Control {
    /// The job with `ticket` was stopped (its flag is set already).
    fn stopped(&self, ticket: Ticket);
    /// A line for the lane's connection.
    fn send_line(&self, line: &str);
    /// Waits until every job handed over has ended or been skipped, at most `timeout`.
    fn wait_idle(&self, timeout: Duration) -> bool;
    /// Ends the lane's thread once its job in hand (already stopped) returns.
    fn close(&mut self);
}

impl<J> Control for Lane<J> {
    fn stopped(&self, ticket: Ticket) {
        let _ = self.inbox.send(LaneMsg::Stopped(ticket));
    }

    fn send_line(&self, line: &str) {
        let _ = self.inbox.send(LaneMsg::Send(line.to_string()));
    }

    fn wait_idle(&self, timeout: Duration) -> bool {
        self.pending.wait_zero(timeout)
    }

    fn close(&mut self) {
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
pub(super) fn run_jobs<J>(
    inbox: &Receiver<LaneMsg<J>>,
    pending: &Pending,
    mut work: impl FnMut(J, &JobContext) -> Report,
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

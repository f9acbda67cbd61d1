//! Short searches off the UI thread: the threat indicator's (the mate solver) and learn mode's
//! (a try searched for the analysis time). The event loop
//! calls [`ProbeLink::drive`] every turn: it carries the app's requests to a worker thread and
//! the answers back; nothing here blocks. A new request stops the one running, and answers
//! carry their request's ticket so the app can drop stale ones.

use crate::core::Position;
use crate::engine::analysis::game::{PositionEval, evaluate};
use crate::engine::mate::threats::{THREAT_NODES, Threats, threats};
use crate::engine::{Engine, EngineOptions};
use crate::tui::app::{App, LearnCommand, ThreatCommand};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};

/// A thread doing one kind of job, the newest first: jobs waiting behind a newer one are
/// skipped, and submitting a job stops the one running.
struct Worker<Req, Resp> {
    jobs: Sender<(Req, Arc<AtomicBool>)>,
    answers: Receiver<Resp>,
    /// The stop flag of the job last submitted.
    stop: Option<Arc<AtomicBool>>,
}

impl<Req: Send + 'static, Resp: Send + 'static> Worker<Req, Resp> {
    fn spawn(name: &str, mut work: impl FnMut(Req, &Arc<AtomicBool>) -> Resp + Send + 'static) -> Self {
        let (jobs, inbox) = mpsc::channel::<(Req, Arc<AtomicBool>)>();
        let (outbox, answers) = mpsc::channel();
        std::thread::Builder::new()
            .name(name.into())
            .spawn(move || {
                while let Ok(mut job) = inbox.recv() {
                    while let Ok(newer) = inbox.try_recv() {
                        job = newer;
                    }
                    let (req, stop) = job;
                    if stop.load(Ordering::Relaxed) {
                        continue;
                    }
                    if outbox.send(work(req, &stop)).is_err() {
                        break;
                    }
                }
            })
            .expect("cannot start a worker thread");
        Worker { jobs, answers, stop: None }
    }

    fn submit(&mut self, req: Req) {
        self.cancel();
        let stop = Arc::new(AtomicBool::new(false));
        self.stop = Some(Arc::clone(&stop));
        let _ = self.jobs.send((req, stop));
    }

    fn cancel(&mut self) {
        if let Some(s) = self.stop.take() {
            s.store(true, Ordering::Relaxed);
        }
    }
}

impl<Req, Resp> Drop for Worker<Req, Resp> {
    fn drop(&mut self) {
        if let Some(s) = &self.stop {
            s.store(true, Ordering::Relaxed);
        }
    }
}

/// A threat solve asked for: the request's ticket and the position.
type ThreatJob = (u64, Box<Position>);
/// A try to search: the request's ticket, the position after it, the time in milliseconds.
type LearnJob = (u64, Box<Position>, u64);

/// The probe threads of the app, started on first use.
#[derive(Default)]
pub struct ProbeLink {
    threats: Option<Worker<ThreatJob, (u64, Threats)>>,
    learn: Option<Worker<LearnJob, (u64, PositionEval)>>,
}

impl ProbeLink {
    pub fn new() -> ProbeLink {
        ProbeLink::default()
    }

    /// Carries the app's requests to the workers and their answers back to the app.
    pub fn drive(&mut self, app: &mut App) {
        while let Some(cmd) = app.threat_command() {
            let job = match cmd {
                ThreatCommand::Probe { ticket, pos } => Some((ticket, pos)),
                ThreatCommand::Cancel => None,
            };
            send(&mut self.threats, job, threat_worker);
        }
        for (ticket, found) in answers(&self.threats) {
            app.on_threats(ticket, found);
        }
        while let Some(cmd) = app.learn_command() {
            let job = match cmd {
                LearnCommand::Evaluate { ticket, pos, movetime_ms } => Some((ticket, pos, movetime_ms)),
                LearnCommand::Cancel => None,
            };
            send(&mut self.learn, job, learn_worker);
        }
        for (ticket, eval) in answers(&self.learn) {
            app.on_learn_eval(ticket, eval);
        }
    }
}

/// Submits `job` to the worker, started with `start` on first use; `None` stops its job.
fn send<Req: Send + 'static, Resp: Send + 'static>(
    worker: &mut Option<Worker<Req, Resp>>,
    job: Option<Req>,
    start: fn() -> Worker<Req, Resp>,
) {
    match job {
        Some(job) => worker.get_or_insert_with(start).submit(job),
        None => {
            if let Some(w) = worker.as_mut() {
                w.cancel();
            }
        }
    }
}

/// The answers the worker has sent since the last call.
fn answers<Req, Resp>(worker: &Option<Worker<Req, Resp>>) -> Vec<Resp> {
    worker.as_ref().map(|w| w.answers.try_iter().collect()).unwrap_or_default()
}

/// The threat worker: the two mate solves of [`threats`].
fn threat_worker() -> Worker<ThreatJob, (u64, Threats)> {
    Worker::spawn("threats", |(ticket, pos): ThreatJob, stop| (ticket, threats(&pos, THREAT_NODES, stop)))
}

/// The learn-mode worker: one engine, set up as the whole-game analysis sets up its own.
fn learn_worker() -> Worker<LearnJob, (u64, PositionEval)> {
    let mut engine: Option<Engine> = None;
    Worker::spawn("learn", move |(ticket, pos, ms): LearnJob, stop| {
        let e = engine.get_or_insert_with(|| {
            Engine::new(EngineOptions { hash_mb: 64, level: 10, own_book: false, ..EngineOptions::default() })
        });
        (ticket, evaluate(e, &pos, ms, stop))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    #[test]
    fn a_worker_answers_the_newest_job() {
        let mut w = Worker::spawn("test", |n: u64, _stop| n * 2);
        w.submit(1);
        w.submit(2);
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut got = Vec::new();
        while !got.contains(&4) && Instant::now() < deadline {
            got.extend(w.answers.recv_timeout(Duration::from_millis(100)));
        }
        assert!(got.contains(&4), "{got:?}");
        assert!(got.iter().all(|&a| a == 2 || a == 4), "{got:?}");
    }

    #[test]
    fn the_link_brings_the_threats_of_the_position_shown() {
        let pos = crate::core::Position::from_sfen("3nkn3/9/4P4/9/9/9/9/9/4K4 w G 1").unwrap();
        let mut app = App::with_record(crate::record::GameRecord::new(pos));
        let mut link = ProbeLink::new();
        let deadline = Instant::now() + Duration::from_secs(30);
        while app.threats().is_none() && Instant::now() < deadline {
            link.drive(&mut app);
            std::thread::sleep(Duration::from_millis(5));
        }
        let t = app.threats().expect("no answer in time");
        assert_eq!(t.threat.as_ref().map(Vec::len), Some(1));
        assert!(crate::tui::view::screen_text(&app, 80, 24, Instant::now()).contains("詰めろ"));
    }
}

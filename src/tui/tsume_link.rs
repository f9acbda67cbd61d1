//! Tsume mode's solver off the UI thread: each command runs on its own thread with a stop
//! flag, and its answer comes back over a channel tagged with the app's ticket. The event loop
//! calls [`TsumeLink::drive`] every turn; nothing here blocks.

use crate::engine::mate::tsume::judge_attack;
use crate::engine::mate::{MateLimits, solve};
use crate::tui::app::{App, TsumeAnswer, TsumeCommand};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};

/// The budget of each solve (judging an attack solves once per defence).
fn limits(stop: &Arc<AtomicBool>) -> MateLimits {
    MateLimits { time_ms: Some(20_000), nodes: Some(2_000_000), stop: Some(Arc::clone(stop)) }
}

/// Answers `cmd` on the calling thread (`None` for `Stop`).
pub fn answer(cmd: TsumeCommand, stop: &Arc<AtomicBool>) -> Option<TsumeAnswer> {
    match cmd {
        TsumeCommand::Judge { ticket, pos, mv } => {
            Some(TsumeAnswer::Judged { ticket, attack: judge_attack(&pos, mv, &limits(stop)) })
        }
        TsumeCommand::Solve { ticket, pos } => {
            Some(TsumeAnswer::Solved { ticket, result: solve(&pos, limits(stop)) })
        }
        TsumeCommand::Stop => None,
    }
}

/// The solver threads of tsume mode.
pub struct TsumeLink {
    tx: Sender<TsumeAnswer>,
    rx: Receiver<TsumeAnswer>,
    /// The stop flags of the threads still running.
    running: Vec<Arc<AtomicBool>>,
}

impl Default for TsumeLink {
    fn default() -> Self {
        let (tx, rx) = mpsc::channel();
        TsumeLink { tx, rx, running: Vec::new() }
    }
}

impl TsumeLink {
    pub fn new() -> TsumeLink {
        TsumeLink::default()
    }

    /// Carries the app's requests to solver threads and their answers back.
    pub fn drive(&mut self, app: &mut App) {
        while let Some(cmd) = app.tsume_command() {
            if matches!(cmd, TsumeCommand::Stop) {
                self.stop_all();
                continue;
            }
            let stop = Arc::new(AtomicBool::new(false));
            self.running.push(Arc::clone(&stop));
            let tx = self.tx.clone();
            std::thread::Builder::new()
                .name("tsume".into())
                .spawn(move || {
                    if let Some(a) = answer(cmd, &stop) {
                        let _ = tx.send(a);
                    }
                    stop.store(true, Ordering::Relaxed);
                })
                .expect("cannot start the tsume solver thread");
        }
        for a in self.rx.try_iter() {
            app.on_tsume_answer(a);
        }
        // a finished thread sets its own flag: forget it
        self.running.retain(|s| !s.load(Ordering::Relaxed));
    }

    fn stop_all(&mut self) {
        for s in self.running.drain(..) {
            s.store(true, Ordering::Relaxed);
        }
    }
}

impl Drop for TsumeLink {
    fn drop(&mut self) {
        self.stop_all();
    }
}

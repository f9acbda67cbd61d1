//! Saving records off the caller's thread, for the app's autosave and save commands: the UI
//! thread hands over a snapshot (a clone of the record, cheap next to writing it) and goes on;
//! a writer thread formats and writes it with [`super::io::save_record`] (atomically). A save
//! queued for a path replaces one still waiting for the same path, so a burst of changes
//! costs one write. Results are collected with [`Saver::poll`]; [`Saver::wait`] (and drop)
//! finishes what is queued, for quitting.

use super::error::RecordError;
use super::io::save_record;
use super::tree::GameRecord;
use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How one save ended.
#[derive(Debug)]
pub struct SaveReport {
    pub path: PathBuf,
    /// The number [`Saver::save`] returned for this save.
    pub ticket: u64,
    /// `Err` says why the file was not written; its message names the path.
    pub result: Result<(), RecordError>,
}

struct Job {
    path: PathBuf,
    record: GameRecord,
    ticket: u64,
}

#[derive(Default)]
struct State {
    queue: Vec<Job>,
    busy: bool,
    shutdown: bool,
    next_ticket: u64,
    reports: Vec<SaveReport>,
}

struct Shared {
    state: Mutex<State>,
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // a panic on the writer thread must not take the app down with it
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A writer thread for record files.
pub struct Saver {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

impl Default for Saver {
    fn default() -> Self {
        Saver::new()
    }
}

impl Saver {
    /// Starts the writer thread.
    pub fn new() -> Saver {
        let shared = Arc::new(Shared { state: Mutex::new(State::default()), changed: Condvar::new() });
        let s = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("record-saver".into())
            .spawn(move || writer(&s))
            .expect("the saver thread starts");
        Saver { shared, thread: Some(thread) }
    }

    /// Queues `record` to be written to `path` (format and encoding from the extension, KIF
    /// when unknown) and returns at once with a ticket that its [`SaveReport`] will carry.
    /// A save still waiting for the same path is dropped in favour of this one, which holds
    /// newer content: the dropped one is reported `Ok` at once.
    pub fn save(&self, path: impl Into<PathBuf>, record: GameRecord) -> u64 {
        let path = path.into();
        let mut st = self.shared.lock();
        st.next_ticket += 1;
        let ticket = st.next_ticket;
        if let Some(i) = st.queue.iter().position(|j| j.path == path) {
            let old = st.queue.remove(i);
            st.reports.push(SaveReport { path: old.path, ticket: old.ticket, result: Ok(()) });
        }
        st.queue.push(Job { path, record, ticket });
        self.shared.changed.notify_all();
        ticket
    }

    /// The saves that finished since the last call, oldest first.
    pub fn poll(&self) -> Vec<SaveReport> {
        std::mem::take(&mut self.shared.lock().reports)
    }

    /// Whether nothing is queued or being written.
    pub fn is_idle(&self) -> bool {
        let st = self.shared.lock();
        st.queue.is_empty() && !st.busy
    }

    /// Waits until everything queued is written, at most `timeout`; returns whether it was.
    pub fn wait(&self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        let mut st = self.shared.lock();
        while !st.queue.is_empty() || st.busy {
            let now = Instant::now();
            if now >= deadline {
                return false;
            }
            st = self.shared.changed.wait_timeout(st, deadline - now).unwrap_or_else(|e| e.into_inner()).0;
        }
        true
    }
}

impl Drop for Saver {
    /// Writes what is still queued, then stops the thread.
    fn drop(&mut self) {
        self.shared.lock().shutdown = true;
        self.shared.changed.notify_all();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn writer(shared: &Shared) {
    loop {
        let job = {
            let mut st = shared.lock();
            while st.queue.is_empty() && !st.shutdown {
                st = shared.changed.wait(st).unwrap_or_else(|e| e.into_inner());
            }
            if st.queue.is_empty() {
                return;
            }
            st.busy = true;
            st.queue.remove(0)
        };
        let result = save_record(&job.path, &job.record).map(|_| ());
        drop(job.record);
        let mut st = shared.lock();
        st.busy = false;
        st.reports.push(SaveReport { path: job.path, ticket: job.ticket, result });
        shared.changed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saves_in_the_background_and_reports() {
        let dir = std::env::temp_dir().join(format!("shogiban-saver-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let saver = Saver::new();
        let mut rec = GameRecord::default();
        rec.set_header("先手", "A");
        let path = dir.join("a.kifu");
        let mut last = 0;
        for i in 0..20 {
            rec.set_header("後手", &format!("B{i}"));
            last = saver.save(&path, rec.clone());
        }
        let bad = saver.save(dir.join("missing/dir/b.kifu"), rec.clone());
        assert!(saver.wait(Duration::from_secs(60)));
        assert!(saver.is_idle());
        let reports = saver.poll();
        assert!(reports.iter().any(|r| r.ticket == last && r.result.is_ok()), "{reports:?}");
        assert!(
            reports.iter().any(
                |r| r.ticket == bad && r.result.as_ref().is_err_and(|e| e.to_string().contains("b.kifu"))
            )
        );
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("後手：B19"), "{text}");
        // dropping the saver writes what is still queued
        rec.set_header("後手", "last");
        saver.save(&path, rec);
        drop(saver);
        assert!(std::fs::read_to_string(&path).unwrap().contains("後手：last"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}

//! Analysis for study (検討): a background [`Analyzer`] that searches the position it is given
//! until told otherwise and streams what it finds (depth, nodes/s, up to N lines with score and
//! principal variation) over a channel, so that an interface never waits on it; and the
//! analysis of a whole game ([`game`]).
//!
//! Scores here are from ☗'s side (positive when sente is better), as study tools show them.

pub mod game;

use super::search::time::Limits;
use super::{Engine, EngineOptions};
use crate::core::{Move, Position, Score};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// Most lines an analysis reports (MultiPV).
pub const MAX_LINES: usize = 3;

/// One line of an analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// From ☗'s side.
    pub score: Score,
    /// From the analysed position.
    pub pv: Vec<Move>,
}

/// What an analysis has found so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Update {
    /// The request this answers ([`Analyzer::analyse`]'s return value).
    pub id: u64,
    pub depth: u32,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    /// Best first; as many as asked for (fewer when the position has fewer moves).
    pub lines: Vec<Line>,
    /// The search has ended (its limit was reached, or there is nothing to search).
    pub done: bool,
}

enum Request {
    Analyse { id: u64, pos: Box<Position>, lines: usize, limits: Limits },
    Quit,
}

/// A search running in the background: give it a position with [`Analyzer::analyse`] (which
/// stops the search before it) and read [`Update`]s from [`Analyzer::updates`]. Dropping it
/// stops the search and joins its thread.
pub struct Analyzer {
    requests: Sender<Request>,
    updates: Receiver<Update>,
    current_stop: Arc<Mutex<Arc<AtomicBool>>>,
    next_id: u64,
    thread: Option<JoinHandle<()>>,
}

impl Analyzer {
    /// Starts the analysis thread with its own engine (full strength, no book).
    pub fn new(options: EngineOptions) -> Analyzer {
        let (req_tx, req_rx) = mpsc::channel::<Request>();
        let (up_tx, up_rx) = mpsc::channel::<Update>();
        let current_stop = Arc::new(Mutex::new(Arc::new(AtomicBool::new(false))));
        let stop_slot = Arc::clone(&current_stop);
        let thread = std::thread::Builder::new()
            .name("analysis".into())
            .spawn(move || {
                let mut engine = Engine::new(EngineOptions { level: 10, own_book: false, ..options });
                worker(&mut engine, &req_rx, &up_tx, &stop_slot);
            })
            .expect("cannot start the analysis thread");
        Analyzer { requests: req_tx, updates: up_rx, current_stop, next_id: 0, thread: Some(thread) }
    }

    /// Stops the current search and starts one of `pos` (with its history, for repetitions)
    /// reporting `lines` lines (1..=3) until `limits` (`Limits::default()`: until stopped).
    /// Returns the id its updates carry; updates of earlier requests may still arrive and
    /// should be dropped by id.
    pub fn analyse(&mut self, pos: &Position, lines: usize, limits: Limits) -> u64 {
        self.stop();
        self.next_id += 1;
        let limits = Limits {
            infinite: limits.infinite || !limits.timed() && limits.depth.is_none() && limits.nodes.is_none(),
            ..limits
        };
        let _ = self.requests.send(Request::Analyse {
            id: self.next_id,
            pos: Box::new(pos.clone()),
            lines: lines.clamp(1, MAX_LINES),
            limits,
        });
        self.next_id
    }

    /// Stops the current search (its last update comes with `done`).
    pub fn stop(&self) {
        if let Ok(s) = self.current_stop.lock() {
            s.store(true, Ordering::Relaxed);
        }
    }

    /// The stream of updates.
    pub fn updates(&self) -> &Receiver<Update> {
        &self.updates
    }

    /// Every update waiting now, oldest first, without blocking.
    pub fn drain(&self) -> Vec<Update> {
        self.updates.try_iter().collect()
    }
}

impl Drop for Analyzer {
    fn drop(&mut self) {
        self.stop();
        let _ = self.requests.send(Request::Quit);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn worker(
    engine: &mut Engine,
    requests: &Receiver<Request>,
    updates: &Sender<Update>,
    stop_slot: &Mutex<Arc<AtomicBool>>,
) {
    let mut pending: Option<Request> = None;
    loop {
        let req = match pending.take() {
            Some(r) => r,
            None => match requests.recv() {
                Ok(r) => r,
                Err(_) => return,
            },
        };
        // only the newest request matters: the cursor may have moved many times meanwhile
        let mut req = req;
        loop {
            match requests.try_recv() {
                Ok(r) => req = r,
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => return,
            }
        }
        let Request::Analyse { id, pos, lines, limits } = req else { return };
        let stop = Arc::new(AtomicBool::new(false));
        if let Ok(mut s) = stop_slot.lock() {
            *s = Arc::clone(&stop);
        }
        // a request that came in between the drain and the new flag stops this search at once
        if let Ok(r) = requests.try_recv() {
            pending = Some(r);
            continue;
        }
        let last = analyse_one(engine, id, &pos, lines, limits, stop, updates);
        let _ = updates.send(Update { done: true, ..last });
    }
}

/// Runs one analysis, sending an update after each completed set of lines; returns the last.
fn analyse_one(
    engine: &mut Engine,
    id: u64,
    pos: &Position,
    lines: usize,
    limits: Limits,
    stop: Arc<AtomicBool>,
    updates: &Sender<Update>,
) -> Update {
    let side = pos.side_to_move();
    let mut last = Update { id, depth: 0, nodes: 0, nps: 0, time_ms: 0, lines: Vec::new(), done: false };
    if pos.legal_moves().is_empty() {
        last.lines.push(Line { score: Score::MATED.for_black(side), pv: Vec::new() });
        return last;
    }
    engine.set_multipv(lines);
    let wanted = lines.min(pos.legal_moves().len());
    let mut current: Vec<Line> = Vec::new();
    let result = engine.search(pos, limits, stop, |info| {
        let line = Line { score: info.score.for_black(side), pv: info.pv.clone() };
        if info.multipv <= 1 {
            current.clear();
        }
        if info.multipv.saturating_sub(1) == current.len() {
            current.push(line);
        }
        last.depth = info.depth;
        last.nodes = info.nodes;
        last.nps = info.nps;
        last.time_ms = info.time_ms;
        if current.len() >= wanted || info.multipv == 1 && current.len() > last.lines.len() {
            last.lines = current.clone();
            let _ = updates.send(last.clone());
        }
    });
    if last.lines.is_empty() {
        last.lines.push(Line { score: result.score.for_black(side), pv: result.pv.clone() });
        last.depth = result.depth;
        last.nodes = result.nodes;
        last.time_ms = result.time_ms;
    }
    last
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn wait_for(a: &Analyzer, id: u64, mut until: impl FnMut(&Update) -> bool) -> Update {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let u = a.updates().recv_timeout(left).expect("no update before the deadline");
            if u.id == id && until(&u) {
                return u;
            }
        }
    }

    #[test]
    fn streams_three_lines_and_follows_a_new_position() {
        let mut a = Analyzer::new(EngineOptions { hash_mb: 16, ..EngineOptions::default() });
        let start = Position::startpos();
        let id = a.analyse(&start, 3, Limits::default());
        let u = wait_for(&a, id, |u| u.lines.len() == 3 && u.depth >= 3);
        let firsts: Vec<Move> = u.lines.iter().map(|l| l.pv[0]).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
        assert!(u.lines.windows(2).all(|w| w[0].score.cp() >= w[1].score.cp()));
        // a new position stops the first search; its updates carry the new id
        let mut p = start.clone();
        p.do_move(p.parse_usi_move("7g7f").unwrap());
        let id2 = a.analyse(&p, 1, Limits::depth(4));
        let done = wait_for(&a, id2, |u| u.done);
        assert_eq!(done.lines.len(), 1);
        assert!(p.is_legal(done.lines[0].pv[0]));
    }

    #[test]
    fn a_mated_position_reports_the_mate_at_once() {
        // ☖'s king on 1a, ☗ gold on 1b guarded by a silver: ☖ to move is mated
        let p = Position::from_sfen("8k/8G/7S1/9/9/9/9/9/4K4 w - 1").unwrap();
        let mut a = Analyzer::new(EngineOptions { hash_mb: 16, ..EngineOptions::default() });
        let id = a.analyse(&p, 3, Limits::default());
        let u = wait_for(&a, id, |u| u.done);
        assert_eq!(u.lines[0].score, Score::MateUnknown(true), "☗ has mated");
        assert!(u.lines[0].pv.is_empty());
    }
}

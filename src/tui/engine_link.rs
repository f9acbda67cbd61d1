//! The computer player off the UI thread. One engine thread lives for the whole session and
//! talks over channels: the UI sends "think about this position", the thread streams progress
//! and finally a result, and the UI can stop it at any time. Every request carries a ticket so a
//! late answer to a position the user has since left is recognised and dropped.

use crate::core::Position;
use crate::engine::api::{Engine, EngineOptions};
use crate::engine::root::{SearchInfo, SearchResult};
use crate::engine::time::Limits;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

enum Request {
    Think { ticket: u64, pos: Box<Position>, level: u8, limits: Limits },
    Quit,
}

/// What the engine thread reports.
pub enum EngineEvent {
    Info { ticket: u64, info: SearchInfo },
    Done { ticket: u64, result: SearchResult },
}

pub struct EngineLink {
    tx: Sender<Request>,
    rx: Receiver<EngineEvent>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    next_ticket: u64,
    /// The ticket of the search in progress, if any.
    pub thinking: Option<u64>,
}

/// Thinking time the app gives the computer at each level (milliseconds); the level's own depth
/// cap and noise make the lower levels weaker still.
pub fn think_time_ms(level: u8) -> u64 {
    match level {
        0..=2 => 200,
        3..=4 => 500,
        5..=6 => 1000,
        7..=8 => 2000,
        _ => 3000,
    }
}

impl EngineLink {
    pub fn start() -> EngineLink {
        let (tx, req_rx) = channel::<Request>();
        let (ev_tx, rx) = channel::<EngineEvent>();
        let stop = Arc::new(AtomicBool::new(false));
        let stop2 = stop.clone();
        let thread = std::thread::Builder::new()
            .name("engine".into())
            .spawn(move || engine_thread(req_rx, ev_tx, stop2))
            .expect("cannot start the engine thread");
        EngineLink { tx, rx, stop, thread: Some(thread), next_ticket: 1, thinking: None }
    }

    /// Starts a search of `pos`; returns its ticket. Any search in progress is stopped first.
    pub fn think(&mut self, pos: &Position, level: u8, limits: Limits) -> u64 {
        self.stop_thinking();
        let ticket = self.next_ticket;
        self.next_ticket += 1;
        self.stop.store(false, Ordering::SeqCst);
        let _ = self.tx.send(Request::Think { ticket, pos: Box::new(pos.clone()), level, limits });
        self.thinking = Some(ticket);
        ticket
    }

    /// Asks the search in progress to stop (its late answer will be ignored by ticket).
    pub fn stop_thinking(&mut self) {
        if self.thinking.take().is_some() {
            self.stop.store(true, Ordering::SeqCst);
        }
    }

    /// The next report, if one is waiting.
    pub fn poll(&mut self) -> Option<EngineEvent> {
        let ev = self.rx.try_recv().ok()?;
        if let EngineEvent::Done { ticket, .. } = &ev
            && self.thinking == Some(*ticket)
        {
            self.thinking = None;
        }
        Some(ev)
    }
}

impl Drop for EngineLink {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        let _ = self.tx.send(Request::Quit);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn engine_thread(rx: Receiver<Request>, tx: Sender<EngineEvent>, stop: Arc<AtomicBool>) {
    let mut engine = Engine::new(EngineOptions::default());
    engine.set_book(Some(crate::engine::book::Book::builtin().into_hook(None)));
    while let Ok(req) = rx.recv() {
        match req {
            Request::Quit => break,
            Request::Think { ticket, pos, level, limits } => {
                engine.set_level(level);
                let tx2 = tx.clone();
                let result = engine.search(&pos, limits, stop.clone(), move |info| {
                    let _ = tx2.send(EngineEvent::Info { ticket, info: info.clone() });
                });
                if tx.send(EngineEvent::Done { ticket, result }).is_err() {
                    break;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    #[test]
    fn thinks_off_thread_and_answers_with_a_legal_move() {
        let mut link = EngineLink::start();
        let pos = Position::startpos();
        let t = link.think(&pos, 10, Limits::depth(3));
        let start = Instant::now();
        loop {
            if let Some(EngineEvent::Done { ticket, result }) = link.poll() {
                assert_eq!(ticket, t);
                assert!(pos.is_legal(result.best.expect("a move")));
                break;
            }
            assert!(start.elapsed() < Duration::from_secs(60), "no answer");
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(link.thinking.is_none());
    }

    #[test]
    fn stop_makes_it_answer() {
        let mut link = EngineLink::start();
        let t = link.think(&Position::startpos(), 10, Limits::default());
        link.stop_thinking();
        let start = Instant::now();
        loop {
            if let Some(EngineEvent::Done { ticket, .. }) = link.poll() {
                assert_eq!(ticket, t);
                break;
            }
            assert!(start.elapsed() < Duration::from_secs(60), "no answer after stop");
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

//! The computer player off the UI thread: the built-in engine on a thread of its own, or any
//! external USI engine through the USI client. The UI asks "think about this game" and polls for
//! progress and the answer; it can stop a search at any time. Every request carries a ticket so
//! a late answer to a position the user has since left is recognised and dropped.

pub use crate::core::Score;
use crate::core::{Move, Position};
use crate::engine::search::time::Limits;
use crate::engine::usi::client::{EngineConfig, GoParams, UsiEngine};
use crate::engine::usi::events::{BestMove, EngineError, EngineEvent as UsiEvent};
use crate::engine::{Engine, EngineOptions};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;
use std::time::Duration;

/// What the engine reports to the UI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineEvent {
    /// Progress: depth, score and principal variation so far.
    Info { ticket: u64, info: ThinkingInfo },
    /// The answer: a move, or `None` to resign (or declare an impasse win).
    Done { ticket: u64, best: Option<Move>, declare_win: bool },
    /// The engine cannot go on (an external engine died); the message says why.
    Failed { message: String },
}

/// The computer's thinking so far, as the UI shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ThinkingInfo {
    pub depth: u32,
    /// From the side to move's point of view.
    pub score: Option<Score>,
    /// The principal variation from the position searched (its first moves).
    pub pv: Vec<Move>,
}

/// Moves of the principal variation kept for display.
const PV_SHOWN: usize = 8;

/// Thinking time the app gives the computer at each level without a clock (milliseconds).
pub fn think_time_ms(level: u8) -> u64 {
    crate::engine::levels::spec(level).think_ms
}

enum Request {
    Think { ticket: u64, pos: Box<Position>, level: u8, limits: Limits },
    Quit,
}

struct Builtin {
    tx: Sender<Request>,
    rx: Receiver<EngineEvent>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

struct External {
    engine: UsiEngine,
    /// The ticket of the `go` in progress.
    current: Option<u64>,
    /// `bestmove` answers still to come for searches we abandoned.
    stale: usize,
    failed: bool,
}

enum Backend {
    Builtin(Builtin),
    External(Box<External>),
}

pub struct EngineLink {
    backend: Backend,
    next_ticket: u64,
    /// The ticket of the search in progress, if any.
    pub thinking: Option<u64>,
    /// The engine's name for the record header.
    pub name: String,
}

impl EngineLink {
    /// The built-in engine on its own thread.
    pub fn start() -> EngineLink {
        let (tx, req_rx) = channel::<Request>();
        let (ev_tx, rx) = channel::<EngineEvent>();
        let stop = Arc::new(AtomicBool::new(false));
        let stop2 = stop.clone();
        let thread = std::thread::Builder::new()
            .name("engine".into())
            .spawn(move || engine_thread(req_rx, ev_tx, stop2))
            .expect("cannot start the engine thread");
        EngineLink {
            backend: Backend::Builtin(Builtin { tx, rx, stop, thread: Some(thread) }),
            next_ticket: 1,
            thinking: None,
            name: "shogiban".into(),
        }
    }

    /// An external USI engine (`path` plus arguments). Fails with a clear message when the
    /// program cannot be started or does not complete the handshake.
    /// `options` are sent as `setoption` before `isready`.
    pub fn start_external(
        path: &str,
        args: &[String],
        options: &std::collections::BTreeMap<String, String>,
    ) -> Result<EngineLink, EngineError> {
        let mut cfg = EngineConfig::new(path);
        cfg.args = args.to_vec();
        let mut engine = UsiEngine::start(&cfg)?;
        for (name, value) in options {
            engine.set_option(name, Some(value))?;
        }
        engine.is_ready(Duration::from_secs(30))?;
        engine.new_game()?;
        let name = if engine.id().name.is_empty() { path.to_string() } else { engine.id().name.clone() };
        Ok(EngineLink {
            backend: Backend::External(Box::new(External { engine, current: None, stale: 0, failed: false })),
            next_ticket: 1,
            thinking: None,
            name,
        })
    }

    /// Starts a search of the game `start` + `moves`; returns its ticket. Any search in progress
    /// is stopped first.
    pub fn think(&mut self, start: &Position, moves: &[Move], level: u8, limits: Limits) -> u64 {
        self.stop_thinking();
        let ticket = self.next_ticket;
        self.next_ticket += 1;
        match &mut self.backend {
            Backend::Builtin(b) => {
                let mut pos = start.clone();
                for &m in moves {
                    pos.do_move(m);
                }
                b.stop.store(false, Ordering::SeqCst);
                let _ = b.tx.send(Request::Think { ticket, pos: Box::new(pos), level, limits });
            }
            Backend::External(x) => {
                let go = GoParams { byoyomi: limits.movetime.or(Some(1000)), ..GoParams::default() };
                let sent = x.engine.position(start, moves).and_then(|_| x.engine.go(&go));
                if sent.is_ok() {
                    x.current = Some(ticket);
                } else {
                    x.failed = true;
                }
            }
        }
        self.thinking = Some(ticket);
        ticket
    }

    /// Asks the search in progress to stop (its late answer will be ignored by ticket).
    pub fn stop_thinking(&mut self) {
        if self.thinking.take().is_none() {
            return;
        }
        match &mut self.backend {
            Backend::Builtin(b) => b.stop.store(true, Ordering::SeqCst),
            Backend::External(x) => {
                if x.current.take().is_some() {
                    x.stale += 1;
                    let _ = x.engine.stop();
                }
            }
        }
    }

    /// The next report, if one is waiting.
    pub fn poll(&mut self) -> Option<EngineEvent> {
        let ev = match &mut self.backend {
            Backend::Builtin(b) => b.rx.try_recv().ok()?,
            Backend::External(x) => poll_external(x)?,
        };
        if let EngineEvent::Done { ticket, .. } = &ev
            && self.thinking == Some(*ticket)
        {
            self.thinking = None;
        }
        if let EngineEvent::Failed { .. } = &ev {
            self.thinking = None;
        }
        Some(ev)
    }
}

fn poll_external(x: &mut External) -> Option<EngineEvent> {
    if x.failed {
        x.failed = false;
        return Some(EngineEvent::Failed {
            message: format!("the engine stopped answering: {}", x.engine.stderr_tail()),
        });
    }
    loop {
        let ev = match x.engine.try_event() {
            Ok(Some(ev)) => ev,
            Ok(None) => return None,
            Err(e) => return Some(EngineEvent::Failed { message: e.to_string() }),
        };
        match ev {
            UsiEvent::Info(info) => {
                let Some(ticket) = x.current else { continue };
                let mut pv = info.pv_moves();
                pv.truncate(PV_SHOWN);
                let info = ThinkingInfo { depth: info.depth.unwrap_or(0), score: info.score, pv };
                return Some(EngineEvent::Info { ticket, info });
            }
            UsiEvent::BestMove(b) => {
                if x.stale > 0 {
                    x.stale -= 1;
                    continue;
                }
                let Some(ticket) = x.current.take() else { continue };
                let (best, declare_win) = match b {
                    BestMove::Move { mv, .. } => (Some(mv), false),
                    BestMove::Resign => (None, false),
                    BestMove::Win => (None, true),
                };
                return Some(EngineEvent::Done { ticket, best, declare_win });
            }
            UsiEvent::Died(e) => return Some(EngineEvent::Failed { message: e.to_string() }),
            _ => continue,
        }
    }
}

impl Drop for EngineLink {
    fn drop(&mut self) {
        if let Backend::Builtin(b) = &mut self.backend {
            b.stop.store(true, Ordering::SeqCst);
            let _ = b.tx.send(Request::Quit);
            if let Some(t) = b.thread.take() {
                let _ = t.join();
            }
        }
        // an external engine is sent `quit` (and killed if need be) when `UsiEngine` drops
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
                    let pv = info.pv.iter().take(PV_SHOWN).copied().collect();
                    let info = ThinkingInfo { depth: info.depth, score: Some(info.score), pv };
                    let _ = tx2.send(EngineEvent::Info { ticket, info });
                });
                let done = EngineEvent::Done { ticket, best: result.best, declare_win: result.declare_win };
                if tx.send(done).is_err() {
                    break;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    fn wait_done(link: &mut EngineLink, want: u64) -> Option<Move> {
        let start = Instant::now();
        loop {
            if let Some(EngineEvent::Done { ticket, best, .. }) = link.poll()
                && ticket == want
            {
                return best;
            }
            assert!(start.elapsed() < Duration::from_secs(60), "no answer");
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn thinks_off_thread_and_answers_with_a_legal_move() {
        let mut link = EngineLink::start();
        let start = Position::startpos();
        let moves = [Move::from_usi("7g7f").unwrap()];
        let t = link.think(&start, &moves, 10, Limits::depth(3));
        let best = wait_done(&mut link, t).expect("a move");
        let mut pos = start.clone();
        pos.do_move(moves[0]);
        assert!(pos.is_legal(best));
        assert!(link.thinking.is_none());
    }

    #[test]
    fn stop_makes_it_answer() {
        let mut link = EngineLink::start();
        let t = link.think(&Position::startpos(), &[], 10, Limits::default());
        link.stop_thinking();
        wait_done(&mut link, t);
    }

    #[test]
    fn external_engine_that_cannot_start_is_a_clear_error() {
        let err = match EngineLink::start_external("/nonexistent/usi-engine", &[], &Default::default()) {
            Err(e) => e,
            Ok(_) => panic!("started a missing engine"),
        };
        assert!(err.to_string().contains("/nonexistent/usi-engine"), "{err}");
    }
}

//! The computer player's jobs: a search of the game for the computer's move by the one computer
//! player (`engine::player::Computer`): the built-in engine (built on the first search and kept
//! as long as the app runs, with the opening book) or an external USI engine (a child process
//! kept running; its lane passes each search's `position`/`go` and `stop` on and forwards what
//! the engine says).

use super::lane::{LaneMsg, Pending, run_jobs};
use super::{JobContext, Report};
pub use crate::core::Score;
use crate::core::{Move, Position};
use crate::engine::Engine;
use crate::engine::levels::Level;
pub use crate::engine::player::Computer;
use crate::engine::player::{BuiltinPlayer, ComputerPlayer, UsiPlayer};
use crate::engine::search::time::Limits;
pub use crate::engine::usi::client::GoParams;
use crate::engine::usi::client::UsiEngine;
use crate::engine::usi::events::{BestMove, EngineEvent as UsiEvent};
use std::sync::mpsc::{Receiver, Sender};

/// A search for the computer's move in the game `start` + `moves`.
#[derive(Clone, Debug)]
pub struct ThinkRequest {
    pub start: Box<Position>,
    pub moves: Vec<Move>,
    pub level: Level,
    /// The built-in engine's limits.
    pub limits: Limits,
    /// Who searches.
    pub by: ThinkBy,
    /// An external engine's `go` (its clock); `None`: a byoyomi of the limits' move time.
    pub go: Option<Box<GoParams>>,
}

/// Who searches for a [`ThinkRequest`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ThinkBy {
    /// The computer the app was started with: the built-in engine, or the external one.
    Computer,
    /// The built-in engine, even beside an external one.
    Builtin,
}

/// What the computer player reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineReport {
    /// Progress: depth, score and principal variation so far.
    Thinking(ThinkingInfo),
    /// The answer: a move, or `None` to resign (or declare an impasse win).
    Answer { best: Option<Move>, declare_win: bool },
    /// The engine cannot go on (an external engine died); the message says why.
    Failed(String),
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
pub fn think_time_ms(level: Level) -> u64 {
    level.spec().think_ms
}

/// The computer player's name for the record's headers: the built-in engine's is `shogiban`
/// (its level is written beside it), an external engine's the one it gave.
pub fn header_name(computer: &Computer) -> String {
    match computer {
        Computer::Builtin(_) => "shogiban".to_string(),
        Computer::Usi(p) => p.name(),
    }
}

/// The engine's lane: the built-in engine runs each search to its end on the lane's thread;
/// an external engine's lane waits for jobs, stops and the engine's output at once.
pub(super) fn lane(
    computer: Computer,
    inbox: &Receiver<LaneMsg<ThinkRequest>>,
    me: Sender<LaneMsg<ThinkRequest>>,
    pending: &Pending,
) {
    match computer {
        Computer::Builtin(mut player) => {
            run_jobs(inbox, pending, |request, job| Report::Engine(think(player.engine(), request, job)))
        }
        Computer::Usi(player) => external_lane(player, inbox, me, pending),
    }
}

/// One search by the built-in engine, stopped by the job's own flag.
fn think(engine: &mut Engine, t: ThinkRequest, job: &JobContext) -> EngineReport {
    let mut pos = (*t.start).clone();
    for &m in &t.moves {
        pos.do_move(m);
    }
    engine.set_level(t.level);
    let result = engine.search(&pos, t.limits, job.stop_flag().clone(), |info| {
        let pv = info.pv.iter().take(PV_SHOWN).copied().collect();
        let info = ThinkingInfo { depth: info.depth, score: Some(info.score), pv };
        job.progress(Report::Engine(EngineReport::Thinking(info)));
    });
    EngineReport::Answer { best: result.best, declare_win: result.declare_win }
}

/// An external engine's lane: a search is `position` + `go`; a stop is `stop`, and the
/// `bestmove` that answers it is let go by. A search asked of the built-in engine runs on the
/// lane's thread, with a built-in player of the lane's own (built at its first search).
fn external_lane(
    mut player: UsiPlayer,
    inbox: &Receiver<LaneMsg<ThinkRequest>>,
    me: Sender<LaneMsg<ThinkRequest>>,
    pending: &Pending,
) {
    let engine = player.usi();
    engine.forward_events(move |ev| {
        let _ = me.send(LaneMsg::Usi(ev));
    });
    // the search in progress, and `bestmove`s still to come for searches stopped
    let mut current: Option<JobContext> = None;
    let mut stale = 0usize;
    let mut builtin = BuiltinPlayer::new(Level::MAX);
    let mut dead: Option<String> = None;
    let stopped_failed =
        |engine: &UsiEngine| format!("the engine stopped answering: {}", engine.stderr_tail());
    while let Ok(msg) = inbox.recv() {
        match msg {
            LaneMsg::Start(job) => {
                if current.take().is_some() {
                    stale += 1;
                    let _ = engine.stop();
                    pending.done();
                }
                if job.context.stopped() {
                    pending.done();
                    continue;
                }
                let t = &job.request;
                if t.by == ThinkBy::Builtin {
                    let report = think(builtin.engine(), job.request, &job.context);
                    job.context.finish(Report::Engine(report));
                    pending.done();
                    continue;
                }
                if let Some(why) = &dead {
                    job.context.finish(Report::Engine(EngineReport::Failed(why.clone())));
                    pending.done();
                    continue;
                }
                let go = t.go.as_deref().cloned().unwrap_or_else(|| GoParams {
                    byoyomi: t.limits.movetime.or(Some(1000)),
                    ..GoParams::default()
                });
                match engine.position(&t.start, &t.moves).and_then(|_| engine.go(&go)) {
                    Ok(()) => current = Some(job.context),
                    Err(_) => {
                        let why = stopped_failed(engine);
                        job.context.finish(Report::Engine(EngineReport::Failed(why.clone())));
                        dead = Some(why);
                        pending.done();
                    }
                }
            }
            LaneMsg::Stopped(ticket) => {
                if current.as_ref().is_some_and(|c| c.ticket == ticket) {
                    current = None;
                    stale += 1;
                    let _ = engine.stop();
                    pending.done();
                }
            }
            LaneMsg::Usi(UsiEvent::Info(info)) => {
                if let Some(job) = &current {
                    let mut pv = info.pv_moves();
                    pv.truncate(PV_SHOWN);
                    let info = ThinkingInfo { depth: info.depth.unwrap_or(0), score: info.score, pv };
                    job.progress(Report::Engine(EngineReport::Thinking(info)));
                }
            }
            LaneMsg::Usi(UsiEvent::BestMove(b)) => {
                if stale > 0 {
                    stale -= 1;
                } else if let Some(job) = current.take() {
                    let (best, declare_win) = match b {
                        BestMove::Move { mv, .. } => (Some(mv), false),
                        BestMove::Resign => (None, false),
                        BestMove::Win => (None, true),
                    };
                    job.finish(Report::Engine(EngineReport::Answer { best, declare_win }));
                    pending.done();
                }
            }
            LaneMsg::Usi(UsiEvent::Died(e)) => {
                dead = Some(e.to_string());
                if let Some(job) = current.take() {
                    job.finish(Report::Engine(EngineReport::Failed(e.to_string())));
                    pending.done();
                }
            }
            LaneMsg::Usi(_) | LaneMsg::Online(..) | LaneMsg::Send(_) => {}
            // dropping the engine sends `quit` (and kills it if need be)
            LaneMsg::Quit => return,
        }
    }
}

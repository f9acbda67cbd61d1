//! The computer player: [`Computer`], the built-in engine at a level with its book or an
//! external USI engine, is the one type every part of the program that lets the computer play
//! builds (the app's engine lane, `shogiban csa`, the level matches; the USI server keeps the
//! built-in half, [`BuiltinPlayer`]). As a [`ComputerPlayer`] it gets the game so far and its
//! clock as a [`TimeBudget`], and must answer before the budget's hard deadline (the search is
//! stopped there); `online::autoplay` plays CSA games that way, the server's clock made a
//! budget in `online::clock`. The app's lane drives the same players by their parts instead
//! (the built-in engine with its progress, the external engine by its events), so that a stop
//! and the progress reach the app at once.

use crate::core::{Move, Position, Score};
pub use crate::engine::builtin_player::BuiltinPlayer;
use crate::engine::levels::Level;
use crate::engine::search::time::Limits;
use crate::engine::usi::client::{BestMove, EngineConfig, GoParams, UsiEngine};

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// What a player decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Move(Move),
    Resign,
    /// Declare an impasse win (`%KACHI`).
    DeclareWin,
}

/// What the player saw behind a decision, when it says: the score, from the side to move's
/// point of view, and the line it expects, starting with the move it chose.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Thought {
    pub score: Option<Score>,
    pub pv: Vec<Move>,
    /// The depth and nodes of the search, when the player says them.
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// The move came from the opening book: the score and line say nothing of the position.
    pub book: bool,
}

/// A player's answer: the decision and what was seen behind it, or why there is none.
pub type Answer = Result<(Decision, Thought), String>;

/// The clock for one decision, in milliseconds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// Main time left for sente and gote (the side to move's already reduced by the time it has
    /// thought so far); `None` in a game without a clock.
    pub time_ms: Option<[u64; 2]>,
    pub increment_ms: u64,
    pub byoyomi_ms: u64,
    /// Kept back for the network on every move.
    pub margin_ms: u64,
    /// The answer must be ready by then (the server's limit less the margin).
    pub deadline: Option<Instant>,
}

/// Thinking time per move in a game without a clock.
pub const UNTIMED_MOVE_MS: u64 = 3000;

impl TimeBudget {
    /// Limits for the built-in engine.
    pub fn limits(&self) -> Limits {
        match self.time_ms {
            None => Limits::movetime(UNTIMED_MOVE_MS),
            Some([b, w]) => Limits {
                time: [Some(b), Some(w)],
                inc: [self.increment_ms; 2],
                byoyomi: self.byoyomi_ms,
                overhead_ms: Some(self.margin_ms),
                ..Limits::default()
            },
        }
    }

    /// `go` for a USI engine (times already less the margin, since USI engines keep their own).
    pub fn go(&self) -> GoParams {
        match self.time_ms {
            None => GoParams {
                byoyomi: Some(UNTIMED_MOVE_MS),
                btime: Some(0),
                wtime: Some(0),
                ..GoParams::default()
            },
            Some([b, w]) => {
                let cut = |t: u64| t.saturating_sub(self.margin_ms);
                let (b, w, byo) = if self.byoyomi_ms > 0 {
                    // the margin comes off the byoyomi first, where the deadline is
                    let over = self.margin_ms.saturating_sub(self.byoyomi_ms);
                    (
                        b.saturating_sub(over),
                        w.saturating_sub(over),
                        Some(self.byoyomi_ms.saturating_sub(self.margin_ms)),
                    )
                } else {
                    (cut(b), cut(w), None)
                };
                GoParams {
                    btime: Some(b),
                    wtime: Some(w),
                    byoyomi: byo,
                    binc: (self.increment_ms > 0).then_some(self.increment_ms),
                    winc: (self.increment_ms > 0).then_some(self.increment_ms),
                    ..GoParams::default()
                }
            }
        }
    }
}

/// A computer player (named apart from the app's `Player`, who sits at a side of the board).
pub trait ComputerPlayer {
    /// The name to show (the engine's).
    fn name(&self) -> String;
    /// A new game begins.
    fn new_game(&mut self) -> Result<(), String>;
    /// The move (or resignation, or declaration) for the side to move after `moves` from `start`,
    /// with what the player saw behind it.
    fn think(&mut self, start: &Position, moves: &[Move], budget: &TimeBudget) -> Answer;
    /// The game ended: `Some(true)` won, `Some(false)` lost, `None` a draw or no result.
    fn game_over(&mut self, won: Option<bool>);
}

/// The one computer player the program builds: the app's engine lane, the CSA bot, the level
/// matches and (its built-in half) the USI server all make theirs here.
pub enum Computer {
    /// The built-in engine with the built-in book.
    Builtin(BuiltinPlayer),
    /// An external USI engine, started and ready.
    Usi(UsiPlayer),
}

impl Computer {
    /// The built-in engine at `level`; its engine (and hash table) is built on first use.
    pub fn builtin(level: Level) -> Computer {
        Computer::Builtin(BuiltinPlayer::new(level))
    }

    /// An external USI engine: `command` is the program and its arguments, `options` are sent
    /// as `setoption` before `isready`. Fails with a message naming the program when it cannot
    /// be started or does not complete the handshake.
    pub fn usi<'a>(
        command: &str,
        options: impl IntoIterator<Item = (&'a String, &'a String)>,
    ) -> Result<Computer, String> {
        UsiPlayer::start(command, options).map(Computer::Usi)
    }
}

impl ComputerPlayer for Computer {
    fn name(&self) -> String {
        match self {
            Computer::Builtin(p) => p.name(),
            Computer::Usi(p) => p.name(),
        }
    }

    fn new_game(&mut self) -> Result<(), String> {
        match self {
            Computer::Builtin(p) => p.new_game(),
            Computer::Usi(p) => p.new_game(),
        }
    }

    fn think(&mut self, start: &Position, moves: &[Move], budget: &TimeBudget) -> Answer {
        match self {
            Computer::Builtin(p) => p.think(start, moves, budget),
            Computer::Usi(p) => p.think(start, moves, budget),
        }
    }

    fn game_over(&mut self, won: Option<bool>) {
        match self {
            Computer::Builtin(p) => p.game_over(won),
            Computer::Usi(p) => p.game_over(won),
        }
    }
}

impl ComputerPlayer for BuiltinPlayer {
    fn name(&self) -> String {
        format!("shogiban (level {})", self.options().level)
    }

    fn new_game(&mut self) -> Result<(), String> {
        if let Some(engine) = self.built() {
            engine.new_game();
        }
        Ok(())
    }

    fn think(&mut self, start: &Position, moves: &[Move], budget: &TimeBudget) -> Answer {
        let mut pos = start.clone();
        for &m in moves {
            pos.do_move(m);
        }
        let stop = Arc::new(AtomicBool::new(false));
        let (cancel, cancelled) = channel::<()>();
        let timer = budget.deadline.map(|deadline| {
            let stop = Arc::clone(&stop);
            std::thread::spawn(move || {
                let wait = deadline.saturating_duration_since(Instant::now());
                if let Err(RecvTimeoutError::Timeout) = cancelled.recv_timeout(wait) {
                    stop.store(true, Ordering::SeqCst);
                }
            })
        });
        let result = self.engine().search(&pos, budget.limits(), stop, |_| {});
        drop(cancel);
        if let Some(t) = timer {
            let _ = t.join();
        }
        let decision = match (result.best, result.declare_win) {
            (_, true) => Decision::DeclareWin,
            (Some(m), false) => Decision::Move(m),
            (None, false) => Decision::Resign,
        };
        let thought = Thought {
            score: Some(result.score),
            book: result.nodes == 0 && result.depth == 0 && result.best.is_some(),
            depth: Some(result.depth),
            nodes: Some(result.nodes),
            pv: result.pv,
        };
        Ok((decision, thought))
    }

    fn game_over(&mut self, _won: Option<bool>) {}
}

/// An external USI engine.
pub struct UsiPlayer {
    engine: UsiEngine,
    name: String,
}

/// How long an external engine may take to answer `isready` (it loads its files then).
const READY_TIMEOUT: Duration = Duration::from_secs(60);

impl UsiPlayer {
    /// Starts `command` (a program and its arguments) and sets `options` (`NAME`, `VALUE`).
    fn start<'a>(
        command: &str,
        options: impl IntoIterator<Item = (&'a String, &'a String)>,
    ) -> Result<UsiPlayer, String> {
        let mut words = command.split_whitespace().map(String::from);
        let path = words.next().ok_or("the engine command is empty")?;
        let mut cfg = EngineConfig::new(&path);
        cfg.args = words.collect();
        let mut engine = UsiEngine::start(&cfg).map_err(|e| e.to_string())?;
        for (name, value) in options {
            engine.set_option(name, Some(value)).map_err(|e| e.to_string())?;
        }
        engine.is_ready(READY_TIMEOUT).map_err(|e| e.to_string())?;
        let name = if engine.id().name.is_empty() { path } else { engine.id().name.clone() };
        Ok(UsiPlayer { engine, name })
    }

    /// The engine's process, for a caller that drives it by its events (the app's engine lane).
    pub fn usi(&mut self) -> &mut UsiEngine {
        &mut self.engine
    }
}

impl ComputerPlayer for UsiPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self) -> Result<(), String> {
        self.engine.is_ready(READY_TIMEOUT).map_err(|e| e.to_string())?;
        self.engine.new_game().map_err(|e| e.to_string())
    }

    fn think(&mut self, start: &Position, moves: &[Move], budget: &TimeBudget) -> Answer {
        let e = |x: crate::engine::usi::client::EngineError| x.to_string();
        self.engine.position(start, moves).map_err(e)?;
        self.engine.go(&budget.go()).map_err(e)?;
        let wait = budget.deadline.map(|d| d.saturating_duration_since(Instant::now()));
        let (best, infos) = match self.engine.wait_bestmove(wait) {
            Ok(answer) => answer,
            Err(crate::engine::usi::client::EngineError::Timeout { .. }) => {
                // past the deadline: ask for the move now, and give it a moment
                self.engine.stop().map_err(e)?;
                self.engine
                    .wait_bestmove(Some(Duration::from_millis(budget.margin_ms.max(200))))
                    .map_err(e)?
            }
            Err(x) => return Err(e(x)),
        };
        // the last main line with a score
        let thought = infos
            .iter()
            .rev()
            .find(|i| i.score.is_some() && i.multipv.unwrap_or(1) == 1)
            .map(|i| Thought {
                score: i.score,
                pv: i.pv_moves(),
                depth: i.depth,
                nodes: i.nodes,
                book: false,
            })
            .unwrap_or_default();
        let mut pos = start.clone();
        for &m in moves {
            pos.do_move(m);
        }
        let decision = match best {
            BestMove::Move { mv, .. } if pos.is_legal(mv) => Decision::Move(mv),
            BestMove::Move { mv, .. } => {
                return Err(format!("the engine chose an illegal move: {}", mv.usi()));
            }
            BestMove::Resign => Decision::Resign,
            BestMove::Win => Decision::DeclareWin,
        };
        Ok((decision, thought))
    }

    fn game_over(&mut self, won: Option<bool>) {
        let word = match won {
            Some(true) => "win",
            Some(false) => "lose",
            None => "draw",
        };
        let _ = self.engine.game_over(word);
    }
}

#[cfg(test)]
#[path = "player_tests.rs"]
mod tests;

//! The computer player, seen from the app: when it should think, about what and with which
//! limits, and what to do with its answers. The search itself is a job (`jobs`, `ThinkRequest`):
//! the app asks for a search of the position on the board and stops it when the game moves
//! elsewhere; the runner lets through only the reports of the search last asked for, and an
//! answer is played only while the game is still at the node it was asked about.
//!
//! Computer against computer plays at a watchable pace (at least `pace` per move), can be
//! paused, and either side can be taken over by a person at any time.

use super::clock::GameClock;
use super::ctx::Ctx;
use super::{Outbox, Play, Player, Status};
use crate::core::{Move, Position};
use crate::engine::search::time::Limits;
use crate::record::{Cursor, NodeId};
use crate::tui::jobs::{EngineReport, JobKind, ThinkBy, ThinkRequest, think_time_ms};
use crate::tui::text::Text;
use std::time::{Duration, Instant};

/// The computer's play, seen from the app.
#[derive(Clone, Debug)]
pub(super) struct ComputerPlay {
    /// The search the app waits for (its answer is played only for that search and node).
    pub(super) thinking: Option<Thinking>,
    /// Computer-against-computer play is paused.
    pub(super) paused: bool,
    /// The game is held (paused) because the board is not on the screen (the terminal is too
    /// small), and goes on when it is shown again.
    pub(super) held_unseen: bool,
    /// A frame has been drawn: the clock's first turn starts with it.
    pub(super) screen_seen: bool,
    /// Minimum time per move when the computer plays both sides (ms).
    pub(super) pace_ms: u64,
    /// The computer's thinking so far (`None` when it is not thinking).
    pub(super) engine_info: Option<crate::tui::jobs::ThinkingInfo>,
    /// The computer's name (for the record's player headers).
    pub(super) engine_name: String,
    /// The external engine's name, when the app was started with one (online play offers it).
    pub(super) external: Option<String>,
}

impl Default for ComputerPlay {
    fn default() -> Self {
        ComputerPlay {
            thinking: None,
            paused: false,
            held_unseen: false,
            screen_seen: false,
            pace_ms: DEFAULT_PACE_MS,
            engine_info: None,
            engine_name: "shogiban".into(),
            external: None,
        }
    }
}

/// The search the app is waiting for.
#[derive(Clone, Debug)]
pub(super) struct Thinking {
    /// The node it is about.
    node: NodeId,
    /// When it was asked for (the pace counts from here).
    started: Instant,
    /// The answer, held back until the pace allows it to be played.
    answer: Option<(Option<Move>, bool)>,
    /// The answer goes at once (an engine playing online on the server's clock).
    at_once: bool,
}

/// The choices of minimum time per move for computer against computer.
pub const PACES_MS: [u64; 6] = [0, 500, 1000, 2000, 3000, 5000];
/// The default minimum time per move for computer against computer.
pub const DEFAULT_PACE_MS: u64 = 1000;

impl Play {
    /// Whether the computer plays the side to move in `game` and may think: not paused, and
    /// the line shown goes on.
    pub(super) fn computer_to_move(&self, game: &Cursor) -> bool {
        let pos = game.position();
        self.players[pos.side_to_move().index()] == Player::Engine
            && !self.computer.paused
            && game.record().node(game.node()).special.is_none()
            && !pos.status().is_over()
    }

    /// The game clock when the game is timed (an untimed game's stopwatch is not a clock).
    pub(super) fn timed_clock(&self) -> Option<&GameClock> {
        self.clock.as_ref().filter(|c| c.timed())
    }

    /// Pauses or resumes the game: the computer (its search in progress is abandoned on
    /// pause) and the clocks; the status line says so.
    pub(super) fn toggle_pause(&mut self, status: &mut Status, text: &Text) {
        if !self.players.contains(&Player::Engine) && self.timed_clock().is_none() {
            status.set(text.nothing_to_pause.into());
            return;
        }
        self.set_paused(!self.computer.paused, Instant::now());
        status.set(if self.computer.paused { text.paused_note.into() } else { text.resumed.into() });
    }

    /// Pauses or resumes the computer and the clocks at `now`.
    pub(super) fn set_paused(&mut self, paused: bool, now: Instant) {
        self.computer.paused = paused;
        if let Some(c) = self.clock.as_mut() {
            if paused { c.stop(now) } else { c.start(now) }
        }
    }

    /// Whether the board is on the screen (see `App::set_board_shown`): a game being `playing`
    /// is held while it is not, and goes on when it is shown again; `online` games are the
    /// server's and go on.
    pub(super) fn board_shown(&mut self, shown: bool, now: Instant, online: bool, playing: bool) {
        if !self.computer.screen_seen {
            self.computer.screen_seen = true;
            if let Some(c) = self.clock.as_mut()
                && !c.stopped
                && c.banked == 0
            {
                c.turn_start = now;
            }
        }
        if online {
            // the server's clock runs whatever this screen shows
            return;
        }
        if !shown && !self.computer.paused && playing {
            self.computer.held_unseen = true;
            self.set_paused(true, now);
        } else if shown && self.computer.held_unseen {
            self.computer.held_unseen = false;
            if self.computer.paused {
                self.set_paused(false, now);
            }
        }
    }

    /// Hands the side to move from the computer to a person, or back, and writes the change
    /// into the record's player header (the new player's name, and when moves were already
    /// played, who played them: `shogiban→you（13手目から）`).
    pub(super) fn take_over(&mut self, ctx: &mut Ctx) {
        let i = ctx.game.position().side_to_move().index();
        let mark = if i == 0 { "☗" } else { "☖" };
        let text = ctx.text();
        self.players[i] = match self.players[i] {
            Player::Engine => {
                ctx.status.set((text.you_play)(mark));
                Player::Human
            }
            Player::Human => {
                ctx.status.set((text.computer_plays)(mark));
                Player::Engine
            }
        };
        let new = self.player_name(i, ctx.settings);
        let key = ["先手", "後手"][i];
        let ply = ctx.game.ply();
        let rec = ctx.game.record_mut();
        let value = match rec.header(key) {
            Some(old) if ply > 0 && !old.is_empty() => (text.took_over)(old, &new, ply + 1),
            _ => new,
        };
        rec.set_header(key, &value);
        self.computer.paused = false;
    }

    /// Steps the minimum time per move for computer against computer through `PACES_MS`: the
    /// pace chosen.
    pub(super) fn step_pace(&mut self, delta: i32) -> u64 {
        let i =
            PACES_MS.iter().position(|&p| p >= self.computer.pace_ms).unwrap_or(PACES_MS.len() - 1) as i32;
        let j = (i + delta).clamp(0, PACES_MS.len() as i32 - 1) as usize;
        self.computer.pace_ms = PACES_MS[j];
        self.computer.pace_ms
    }

    /// Takes in one report of the search the app asked for last (the runner drops the reports
    /// of any other): `true` when it is the answer (held back until it is due).
    pub(super) fn on_report(&mut self, ev: EngineReport, status: &mut Status, text: &Text) -> bool {
        match ev {
            EngineReport::Thinking(info) => {
                if self.computer.waiting() {
                    self.computer.engine_info = Some(info);
                }
                false
            }
            EngineReport::Answer { best, declare_win } => {
                if !self.computer.waiting() {
                    return false;
                }
                if let Some(t) = self.computer.thinking.as_mut() {
                    t.answer = Some((best, declare_win));
                }
                true
            }
            EngineReport::Failed(message) => {
                // nothing is lost: the game stays, both sides become human
                self.players = [Player::Human, Player::Human];
                self.computer.thinking = None;
                self.computer.engine_info = None;
                status.set((text.engine_failed)(&message));
                false
            }
        }
    }

    /// When the answer held back (for the pace, or the level's natural thinking time) may be
    /// played, in the position `pos` of the game.
    pub(super) fn answer_due(&self, pos: &Position, natural: bool, now: Instant) -> Option<Instant> {
        let t = self.computer.thinking.as_ref().filter(|t| t.answer.is_some())?;
        Some(t.started + self.least_think_time(pos, natural, now))
    }

    /// The answer held back, once its time has come: the node it is about, the move (or none),
    /// and whether it declares a win. The search is then forgotten.
    pub(super) fn due_answer(
        &mut self,
        pos: &Position,
        natural: bool,
        now: Instant,
    ) -> Option<(NodeId, Option<Move>, bool)> {
        let t = self.computer.thinking.as_ref()?;
        let (best, declare_win) = t.answer?;
        if now < t.started + self.least_think_time(pos, natural, now) {
            return None;
        }
        let node = t.node;
        self.computer.thinking = None;
        self.computer.engine_info = None;
        Some((node, best, declare_win))
    }

    /// The least time an answer is held back after the search was asked for: the pace in
    /// computer against computer; against a person, the level's natural thinking time when
    /// that setting (`natural`) is on (on the clock, never more than a twentieth of what the
    /// computer has left).
    fn least_think_time(&self, pos: &Position, natural: bool, now: Instant) -> Duration {
        if self.computer.thinking.as_ref().is_some_and(|t| t.at_once) {
            // the server's clock runs: the engine's move goes at once
            return Duration::ZERO;
        }
        if self.players == [Player::Engine, Player::Engine] {
            return Duration::from_millis(self.computer.pace_ms);
        }
        if !natural {
            return Duration::ZERO;
        }
        let natural = Duration::from_millis(self.mover_level(pos).natural_think_ms());
        match self.timed_clock() {
            Some(c) => {
                let side = pos.side_to_move();
                let left =
                    c.remaining[side.index()].saturating_sub(c.elapsed(now)) + c.control(side).byoyomi_ms;
                natural.min(Duration::from_millis(left / 20))
            }
            None => natural,
        }
    }

    /// The level of the computer playing the side to move in `pos`.
    fn mover_level(&self, pos: &Position) -> crate::engine::levels::Level {
        self.levels[pos.side_to_move().index()]
    }

    /// Asks the engine for what it should do now, given where `game` stands and whether the
    /// computer is `to_move`: stop a search about a position that is no longer shown, and
    /// start one when the computer is to move — `online`'s search when it gives one (an engine
    /// playing online for the player, its answer played at once), else the game's.
    pub(super) fn requests(
        &mut self,
        game: &Cursor,
        to_move: bool,
        online: impl FnOnce() -> Option<ThinkRequest>,
        now: Instant,
        outbox: &mut Outbox,
    ) {
        let here = game.node();
        if let Some(t) = &self.computer.thinking
            && (t.node != here || !to_move)
        {
            // the user moved elsewhere, paused or took over: forget that search
            self.computer.thinking = None;
            self.computer.engine_info = None;
            outbox.stop(JobKind::Engine);
        }
        if !to_move || self.computer.thinking.is_some() {
            return;
        }
        if let Some(request) = online() {
            self.computer.thinking = Some(Thinking { node: here, started: now, answer: None, at_once: true });
            self.computer.engine_info = Some(Default::default());
            outbox.start(request);
            return;
        }
        let pos = game.position();
        let limits = match self.timed_clock() {
            // on the clock: the engine manages its own time
            Some(c) => {
                let side = pos.side_to_move();
                let mut remaining = c.remaining;
                remaining[side.index()] = remaining[side.index()].saturating_sub(c.elapsed(now));
                let inc = |s: crate::core::Color| c.control(s).increment_ms;
                Limits {
                    time: [Some(remaining[0]), Some(remaining[1])],
                    inc: [inc(crate::core::Color::Black), inc(crate::core::Color::White)],
                    byoyomi: c.control(side).byoyomi_ms,
                    ..Default::default()
                }
            }
            None => Limits::movetime(think_time_ms(self.mover_level(pos))),
        };
        self.computer.thinking = Some(Thinking { node: here, started: now, answer: None, at_once: false });
        self.computer.engine_info = Some(Default::default());
        outbox.start(ThinkRequest {
            start: Box::new(game.record().initial().clone()),
            moves: game.record().moves_to(here),
            level: self.mover_level(pos),
            limits,
            by: ThinkBy::Computer,
            go: None,
        });
    }
}

impl ComputerPlay {
    /// Forgets the search asked for (its answer, if any comes, is not played).
    pub(super) fn forget(&mut self) {
        self.thinking = None;
        self.engine_info = None;
    }

    /// Whether a search is asked for and has not answered yet.
    fn waiting(&self) -> bool {
        self.thinking.as_ref().is_some_and(|t| t.answer.is_none())
    }
}

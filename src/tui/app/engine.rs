//! The computer player, seen from the app: when it should think, about what and with which
//! limits, and what to do with its answers. The search itself is a job (`jobs`, `ThinkRequest`):
//! the app asks for a search of the position on the board and stops it when the game moves
//! elsewhere; the runner lets through only the reports of the search last asked for, and an
//! answer is played only while the game is still at the node it was asked about.
//!
//! Computer against computer plays at a watchable pace (at least `pace` per move), can be
//! paused, and either side can be taken over by a person at any time.

use super::{App, Player};
use crate::core::Move;
use crate::engine::search::time::Limits;
use crate::record::{NodeId, Special, SpecialKind};
#[cfg(test)]
use crate::tui::jobs::JobRequest;
use crate::tui::jobs::{EngineReport, JobKind, ThinkRequest, think_time_ms};
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
}

/// The choices of minimum time per move for computer against computer.
pub const PACES_MS: [u64; 6] = [0, 500, 1000, 2000, 3000, 5000];
/// The default minimum time per move for computer against computer.
pub const DEFAULT_PACE_MS: u64 = 1000;

impl App {
    /// Whether the engine should be thinking now.
    pub fn engine_to_move(&self) -> bool {
        self.play.players[self.pos().side_to_move().index()] == Player::Engine
            && !self.play.computer.paused
            && self.popup().is_none()
            && !self.line_ended()
            && !self.status().is_over()
            && !self.learning()
    }

    /// Whether computer-against-computer play is paused.
    pub fn paused(&self) -> bool {
        self.play.computer.paused
    }

    /// The minimum time per move when the computer plays both sides.
    pub fn pace(&self) -> Duration {
        Duration::from_millis(self.play.computer.pace_ms)
    }

    /// Pauses or resumes the game: the computer (its search in progress is abandoned on
    /// pause) and the clocks.
    pub fn toggle_pause(&mut self) {
        if !self.play.players.contains(&Player::Engine) && self.clock().is_none() {
            self.status.set(self.text().nothing_to_pause.into());
            return;
        }
        self.set_paused(!self.play.computer.paused, std::time::Instant::now());
        self.status.set(if self.play.computer.paused {
            self.text().paused_note.into()
        } else {
            self.text().resumed.into()
        });
    }

    /// Pauses or resumes the computer and the clocks at `now`.
    pub(super) fn set_paused(&mut self, paused: bool, now: std::time::Instant) {
        self.play.computer.paused = paused;
        if let Some(c) = self.play.clock.as_mut() {
            if paused { c.stop(now) } else { c.start(now) }
        }
    }

    /// The event loop says, before each frame, whether the board is on the screen (`false`:
    /// the terminal is too small for it). While it is not, the game is held as by a pause (no
    /// clock runs, the computer waits) and it goes on when the board is shown again. The first
    /// frame starts the side to move's time afresh: the time before the first screen is not
    /// charged.
    pub fn set_board_shown(&mut self, shown: bool, now: Instant) {
        if !self.play.computer.screen_seen {
            self.play.computer.screen_seen = true;
            if let Some(c) = self.play.clock.as_mut()
                && !c.stopped
                && c.banked == 0
            {
                c.turn_start = now;
            }
        }
        if matches!(self.mode, super::Mode::Online(_)) {
            // the server's clock runs whatever this screen shows
            return;
        }
        if !shown && !self.play.computer.paused && self.standing.playing {
            self.play.computer.held_unseen = true;
            self.set_paused(true, now);
        } else if shown && self.play.computer.held_unseen {
            self.play.computer.held_unseen = false;
            if self.play.computer.paused {
                self.set_paused(false, now);
            }
        }
    }

    /// Hands the side to move from the computer to a person, or back.
    pub fn take_over(&mut self) {
        let side = self.pos().side_to_move();
        let i = side.index();
        let mark = if i == 0 { "☗" } else { "☖" };
        self.play.players[i] = match self.play.players[i] {
            Player::Engine => {
                self.status.set((self.text().you_play)(mark));
                Player::Human
            }
            Player::Human => {
                self.status.set((self.text().computer_plays)(mark));
                Player::Engine
            }
        };
        self.rename_player(i);
        self.play.computer.paused = false;
        self.saving.dirty = true;
    }

    /// Writes a change of hands into the record's player header: the new player's name, and
    /// when moves were already played, who played them (`shogiban→you（13手目から）`).
    fn rename_player(&mut self, i: usize) {
        let new = self.play.player_name(i, &self.settings);
        let key = ["先手", "後手"][i];
        let ply = self.ply();
        let took_over = self.text().took_over;
        let rec = self.game.record_mut();
        let value = match rec.header(key) {
            Some(old) if ply > 0 && !old.is_empty() => took_over(old, &new, ply + 1),
            _ => new,
        };
        rec.set_header(key, &value);
    }

    /// Steps the minimum time per move for computer against computer through `PACES_MS`.
    pub fn step_pace(&mut self, delta: i32) {
        let i = PACES_MS.iter().position(|&p| p >= self.play.computer.pace_ms).unwrap_or(PACES_MS.len() - 1)
            as i32;
        let j = (i + delta).clamp(0, PACES_MS.len() as i32 - 1) as usize;
        self.play.computer.pace_ms = PACES_MS[j];
        self.settings.min_move_ms = self.play.computer.pace_ms;
        self.saving.settings_dirty = true;
        self.status.set((self.text().pace_set)(self.play.computer.pace_ms as f64 / 1000.0));
    }

    /// Sets the minimum time per move for computer against computer.
    pub fn set_pace(&mut self, pace: Duration) {
        self.play.computer.pace_ms = pace.as_millis() as u64;
    }

    /// Takes in one report of the search the app asked for last (the runner drops the reports
    /// of any other).
    pub fn on_engine_event(&mut self, ev: EngineReport, now: Instant) {
        match ev {
            EngineReport::Thinking(info) => {
                if self.waiting() {
                    self.play.computer.engine_info = Some(info);
                }
            }
            EngineReport::Answer { best, declare_win } => {
                if !self.waiting() {
                    return;
                }
                if let Some(t) = self.play.computer.thinking.as_mut() {
                    t.answer = Some((best, declare_win));
                }
                self.play_engine_answer(now);
            }
            EngineReport::Failed(message) => {
                // nothing is lost: the game stays, both sides become human
                self.play.players = [Player::Human, Player::Human];
                self.play.computer.thinking = None;
                self.play.computer.engine_info = None;
                self.status.set((self.text().engine_failed)(&message));
            }
        }
    }

    /// Whether a search is asked for and has not answered yet.
    fn waiting(&self) -> bool {
        self.play.computer.thinking.as_ref().is_some_and(|t| t.answer.is_none())
    }

    /// When the answer held back (for the pace, or the level's natural thinking time) may be
    /// played.
    pub(super) fn answer_due(&self, now: Instant) -> Option<Instant> {
        let t = self.play.computer.thinking.as_ref().filter(|t| t.answer.is_some())?;
        Some(t.started + self.least_think_time(now))
    }

    /// Plays the answer held back once its time has come.
    pub(super) fn play_engine_answer(&mut self, now: Instant) {
        let Some(t) = &self.play.computer.thinking else { return };
        let Some((best, declare_win)) = t.answer else { return };
        if now < t.started + self.least_think_time(now) {
            return;
        }
        let node = t.node;
        self.play.computer.thinking = None;
        self.play.computer.engine_info = None;
        if self.game.node() != node || !self.engine_to_move() {
            return;
        }
        self.engine_result(node, best, declare_win);
    }

    /// The least time an answer is held back after the search was asked for: the pace in
    /// computer against computer; against a person, the level's natural thinking time when the
    /// setting is on (on the clock, never more than a twentieth of what the computer has left).
    fn least_think_time(&self, now: Instant) -> Duration {
        if self.play.players == [Player::Engine, Player::Engine] {
            return self.pace();
        }
        if !self.settings.natural_thinking_time {
            return Duration::ZERO;
        }
        let natural = Duration::from_millis(self.mover_level().natural_think_ms());
        match self.clock() {
            Some(c) => {
                let side = self.pos().side_to_move();
                let left =
                    c.remaining[side.index()].saturating_sub(c.elapsed(now)) + c.control(side).byoyomi_ms;
                natural.min(Duration::from_millis(left / 20))
            }
            None => natural,
        }
    }

    /// The level of the computer playing the side to move.
    fn mover_level(&self) -> crate::engine::levels::Level {
        self.play.levels[self.pos().side_to_move().index()]
    }

    /// Asks the engine for what it should do now, given where the game is: stop a search about
    /// a position that is no longer shown, and start one when the computer is to move (called
    /// before the outbox is handed out).
    pub(super) fn engine_requests(&mut self, now: Instant) {
        let here = self.game.node();
        if let Some(t) = &self.play.computer.thinking
            && (t.node != here || !self.engine_to_move())
        {
            // the user moved elsewhere, paused or took over: forget that search
            self.play.computer.thinking = None;
            self.play.computer.engine_info = None;
            self.outbox.stop(JobKind::Engine);
        }
        if !self.engine_to_move() || self.play.computer.thinking.is_some() {
            return;
        }
        let limits = match self.clock() {
            // on the clock: the engine manages its own time
            Some(c) => {
                let side = self.pos().side_to_move();
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
            None => Limits::movetime(think_time_ms(self.mover_level())),
        };
        self.play.computer.thinking = Some(Thinking { node: here, started: now, answer: None });
        self.play.computer.engine_info = Some(Default::default());
        self.outbox.start(ThinkRequest {
            start: Box::new(self.game.record().initial().clone()),
            moves: self.game.record().moves_to(here),
            level: self.mover_level(),
            limits,
        });
    }

    /// The next command about the computer's move: one queued, or else what
    /// [`engine_requests`](App::engine_requests) asks for now.
    #[cfg(test)]
    pub(crate) fn engine_command(&mut self, now: Instant) -> Option<crate::tui::event::Command> {
        use crate::tui::event::Command;
        let engine =
            |c: &Command| matches!(c, Command::Start(JobRequest::Think(_)) | Command::Stop(JobKind::Engine));
        if let Some(c) = self.outbox.take_first(engine) {
            return Some(c);
        }
        self.engine_requests(now);
        self.outbox.take_first(engine)
    }

    /// The computer's answer for `node` (where the game stands): play it, resign, or declare.
    fn engine_result(&mut self, node: NodeId, best: Option<Move>, declare_win: bool) {
        if let Some(m) = best {
            if !self.pos().is_legal(m) {
                // an answer to the position on the board that breaks the rules loses (反則負け)
                self.end_line(Special::new(SpecialKind::IllegalLoss));
                self.status.set((self.text().engine_illegal)(&m.usi()));
                return;
            }
            self.submit_move(m);
        } else if declare_win {
            self.declare();
        } else {
            self.game.record_mut().set_special(node, Some(Special::new(SpecialKind::Resign)));
            self.saving.dirty = true;
            self.status.set(self.text().computer_resigns.into());
        }
    }
}

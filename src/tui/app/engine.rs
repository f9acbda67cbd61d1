//! The computer player, seen from the app: when it should think, about what and with which
//! limits, and what to do with its answers. The search itself runs off the UI thread
//! (`engine_link`); the event loop carries the commands decided here to it.

use super::{App, Player};
use crate::core::{Move, Position};
use crate::engine::time::Limits;
use crate::record::{NodeId, Special, SpecialKind};
use crate::tui::engine_link::{EngineEvent, think_time_ms};

/// What the event loop should tell the engine.
#[derive(Clone, Debug)]
pub enum EngineCommand {
    /// Abandon the search in progress (its answer will be ignored).
    Stop,
    /// Think about the game `start` + `moves`.
    Think { start: Box<Position>, moves: Vec<Move>, level: u8, limits: Limits },
}

impl App {
    /// Whether the engine should be thinking now.
    pub fn engine_to_move(&self) -> bool {
        self.players[self.pos().side_to_move().index()] == Player::Engine
            && self.popup.is_none()
            && !self.line_ended()
            && !self.status().is_over()
    }

    /// Takes in one report from the engine.
    pub fn on_engine_event(&mut self, ev: EngineEvent) {
        match ev {
            EngineEvent::Info { text, .. } => self.engine_info = text,
            EngineEvent::Done { best, declare_win, .. } => {
                if let Some(node) = self.engine_node {
                    self.engine_result(node, best, declare_win);
                }
                self.engine_info.clear();
            }
            EngineEvent::Failed { message } => {
                // nothing is lost: the game stays, both sides become human
                self.players = [Player::Human, Player::Human];
                self.engine_node = None;
                self.engine_info.clear();
                self.message = format!("engine failed: {message} — both sides are now played by hand");
            }
        }
    }

    /// What the engine should do now, given where the game is: stop a search about a position
    /// that is no longer shown, or start one when the computer is to move.
    pub fn engine_command(&mut self, now: std::time::Instant) -> Option<EngineCommand> {
        let here = self.game.node();
        if self.engine_node.is_some_and(|n| n != here)
            || (self.engine_node.is_some() && !self.engine_to_move())
        {
            // the user moved elsewhere: forget that search
            self.engine_node = None;
            self.engine_info.clear();
            return Some(EngineCommand::Stop);
        }
        if !self.engine_to_move() || self.engine_node.is_some() {
            return None;
        }
        let limits = match &self.clock {
            // on the clock: the engine manages its own time
            Some(c) => {
                let side = self.pos().side_to_move().index();
                let mut remaining = c.remaining;
                remaining[side] = remaining[side].saturating_sub(c.elapsed(now));
                Limits {
                    time: [Some(remaining[0]), Some(remaining[1])],
                    byoyomi: c.tc.byoyomi_ms,
                    ..Default::default()
                }
            }
            None => Limits::movetime(think_time_ms(self.level)),
        };
        self.engine_node = Some(here);
        self.engine_info = "考慮中…".into();
        Some(EngineCommand::Think {
            start: Box::new(self.game.record().initial().clone()),
            moves: self.game.record().moves_to(here),
            level: self.level,
            limits,
        })
    }

    /// The computer's answer for `node`: play it, resign, or declare an impasse win.
    pub fn engine_result(&mut self, node: NodeId, best: Option<Move>, declare_win: bool) {
        if self.game.node() != node || self.engine_node != Some(node) {
            return; // the user went elsewhere meanwhile
        }
        self.engine_node = None;
        if let Some(m) = best {
            if !self.submit_move(m) {
                self.message =
                    format!("the computer played an illegal move ({}); you keep the game", m.usi());
                self.players = [Player::Human, Player::Human];
            }
        } else {
            let kind = if declare_win { SpecialKind::EnteringKingWin } else { SpecialKind::Resign };
            self.game.record_mut().set_special(node, Some(Special::new(kind)));
            self.dirty = true;
            self.message = match kind {
                SpecialKind::EnteringKingWin => "入玉宣言 — the computer declares an impasse win".into(),
                _ => "投了 — the computer resigns".into(),
            };
        }
    }
}

//! Learn from your mistakes (復習): after a whole-game analysis, the marked moves (疑問手, 悪手,
//! 大悪手) of the player (the human side of a game against the computer; in a review, both sides
//! or the side chosen) one by one, from the position before each. The player tries a move; it is
//! searched as a job (`jobs`, kind `Learn`) for the analysis time, and judged as the analysis
//! judges moves: it keeps the evaluation when it loses less than the mark's threshold against
//! the engine's best. The engine's line is shown either way. Tries never change the record.

use super::{App, Mode, Player, Popup};
use crate::core::Score;
use crate::core::{Color, Move, Position};
use crate::engine::analysis::game::{PositionEval, judge};
use crate::record::annotation::Mark;
use crate::record::{NodeId, ROOT};
use crate::tui::jobs::{StudyJob, StudyKind};

/// The judgement of a try.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    pub tried: Move,
    /// The try keeps the evaluation (it loses less than the mark's threshold).
    pub good: bool,
    /// Expected score lost against the engine's best, in percentage points.
    pub loss: f64,
    /// The evaluation after the try (from ☗'s side); none when judged without a search.
    pub score: Option<Score>,
    /// The engine's line after the try.
    pub reply: Vec<Move>,
    /// Judged without a search: the move played in the game, or the engine's own move.
    pub same_as: Option<Same>,
}

/// A try that needs no search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Same {
    Played,
    EngineBest,
}

/// Where the current try stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    /// Waiting for the player's move.
    Trying,
    /// The try is being searched.
    Evaluating(Move),
    Judged(Verdict),
}

/// One marked move to learn from.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    /// The move's number on the main line (1 = the first move).
    pub ply: usize,
    pub mark: Mark,
    /// The move played.
    pub played: Move,
    /// The engine's evaluation of the position before it, and its line from there.
    pub before: Score,
    pub best_line: Vec<Move>,
}

/// Learn mode, while on.
#[derive(Clone, Debug, PartialEq)]
pub struct Learn {
    /// Whose moves: one side, or both (`None`).
    side: Option<Color>,
    /// The side is fixed (the human of a game against the computer).
    side_fixed: bool,
    items: Vec<Item>,
    index: usize,
    /// The record's start and main line when learn mode began: another record (a new game, a
    /// paste) ends learn mode.
    start: Position,
    moves: Vec<Move>,
    phase: Phase,
    answer_shown: bool,
}

impl Learn {
    pub fn side(&self) -> Option<Color> {
        self.side
    }

    /// The side is the human's of a game against the computer (`w` does not change it).
    pub fn side_fixed(&self) -> bool {
        self.side_fixed
    }

    /// The item shown, its number (from 0) and the count.
    pub fn item(&self) -> (&Item, usize, usize) {
        (&self.items[self.index], self.index, self.items.len())
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The engine's line is shown (asked for, or after a try).
    pub fn answer_shown(&self) -> bool {
        self.answer_shown || matches!(self.phase, Phase::Judged(_))
    }

    /// The node of the position before the item's move (none when the main line is shorter).
    pub fn node(&self, main_line: &[NodeId]) -> Option<NodeId> {
        let ply = self.items[self.index].ply;
        if ply == 1 { Some(ROOT) } else { main_line.get(ply - 2).copied() }
    }
}

impl App {
    /// Learn mode, when on (and still about the record shown).
    pub fn learn(&self) -> Option<&Learn> {
        self.learn_state().filter(|l| {
            let rec = self.record();
            *rec.initial() == l.start && rec.main_line_moves().starts_with(&l.moves)
        })
    }

    pub fn learning(&self) -> bool {
        self.learn().is_some()
    }

    /// The position before the current item's move.
    pub fn learn_position(&self) -> Option<Position> {
        let node = self.learn()?.node(&self.record().main_line())?;
        Some(self.record().position_at(node))
    }

    /// The side whose moves learn mode starts with: the human of a game against the computer,
    /// else both.
    fn learn_side(&self) -> (Option<Color>, bool) {
        match self.play.players {
            [Player::Human, Player::Engine] => (Some(Color::Black), true),
            [Player::Engine, Player::Human] => (Some(Color::White), true),
            _ => (None, false),
        }
    }

    /// The marked moves (疑問手 or worse) of `side` (both when `None`) with an evaluation of the
    /// position before them.
    fn learn_items(&self, side: Option<Color>) -> Vec<Item> {
        let points = &self.review().points;
        let moves = self.record().main_line_moves();
        let first = self.record().initial().side_to_move();
        (1..points.len().min(moves.len() + 1))
            .filter_map(|ply| {
                let mover = if ply % 2 == 1 { first } else { first.flip() };
                let mark = points[ply].mark.filter(|&m| m >= Mark::Dubious)?;
                let before = points[ply - 1].score?;
                (side.is_none_or(|s| s == mover)).then(|| Item {
                    ply,
                    mark,
                    played: moves[ply - 1],
                    before,
                    best_line: points[ply - 1].pv.clone(),
                })
            })
            .collect()
    }

    /// Starts learn mode, or offers the whole-game analysis first when there is none.
    pub fn start_learn(&mut self) {
        if self.learning() {
            return;
        }
        if let Some((done, total)) = self.game_analysis_progress() {
            self.study.learn_after = true;
            self.status.set((self.text().learn_after_analysis)(done, total));
            return;
        }
        if self.standing.playing && self.unfinished() {
            self.status.set(self.text().learn_in_game.into());
            return;
        }
        if !self.review().has_scores() {
            self.open_popup(Popup::ConfirmLearnAnalysis);
            return;
        }
        let (side, side_fixed) = self.learn_side();
        let items = self.learn_items(side);
        if items.is_empty() {
            self.status.set((self.text().learn_nothing)(side_label(self, side)));
            return;
        }
        if self.analysing() {
            self.toggle_analysis(); // its lines would give the answer away
        }
        let (start, moves) = (self.record().initial().clone(), self.record().main_line_moves());
        self.leave_tsume();
        self.mode = Mode::Learn(Box::new(Learn {
            side,
            side_fixed,
            items,
            index: 0,
            start,
            moves,
            phase: Phase::Trying,
            answer_shown: false,
        }));
        self.learn_show();
    }

    /// Answers the offer to analyse the game first: learn mode starts when it is done.
    pub fn answer_learn_analysis(&mut self, yes: bool) {
        self.close_popup();
        if yes {
            self.study.learn_after = true;
            self.toggle_game_analysis();
        }
    }

    /// The whole-game analysis ended: start learn mode if it was waiting for it.
    pub(super) fn learn_on_analysis_done(&mut self, stopped: bool) {
        if std::mem::take(&mut self.study.learn_after) && !stopped {
            self.start_learn();
        }
    }

    /// Leaves learn mode (the record is as it was).
    pub fn quit_learn(&mut self) {
        if let Mode::Learn(_) = self.mode {
            self.leave_to_board();
            self.outbox.stop(StudyKind::Learn);
            self.status.set(self.text().learn_quit.into());
        }
    }

    /// Goes to the item `delta` away (wrapping), ready for a try.
    pub fn learn_step(&mut self, delta: i32) {
        if !self.learning() {
            return;
        }
        let Some(l) = self.learn_mut() else { return };
        let n = l.items.len() as i32;
        l.index = (l.index as i32 + delta).rem_euclid(n) as usize;
        self.learn_show();
    }

    /// Tries the item again (the verdict and the answer hidden).
    pub fn learn_retry(&mut self) {
        self.learn_show();
    }

    /// Shows the engine's line without trying.
    pub fn learn_show_answer(&mut self) {
        if let Some(l) = self.learn_mut() {
            l.answer_shown = true;
        }
    }

    /// In a review: the moves of both sides, ☗'s, ☖'s, in turn.
    pub fn learn_cycle_side(&mut self) {
        let Some(l) = self.learn() else { return };
        if l.side_fixed {
            return;
        }
        let order = [None, Some(Color::Black), Some(Color::White)];
        let at = order.iter().position(|&s| s == l.side).unwrap_or(0);
        let side = (1..=3).map(|d| order[(at + d) % 3]).find(|&s| !self.learn_items(s).is_empty());
        let Some(side) = side else { return };
        let items = self.learn_items(side);
        if let Some(l) = self.learn_mut() {
            l.side = side;
            l.items = items;
            l.index = 0;
        }
        self.learn_show();
    }

    /// Shows the current item from the position before its move.
    fn learn_show(&mut self) {
        let main_line = self.record().main_line();
        if !self.learning() {
            return;
        }
        let Some(l) = self.learn_mut() else { return };
        l.phase = Phase::Trying;
        l.answer_shown = false;
        let Some(node) = l.node(&main_line) else { return };
        let (item, i, n) = l.item();
        let (ply, mark, played) = (item.ply, item.mark, item.played);
        self.outbox.stop(StudyKind::Learn);
        if self.game.goto_node(node).is_ok() {
            self.board.selection = None;
        }
        let played = crate::record::pv::pv_text(self.pos(), &[played]);
        self.status.set((self.text().learn_item)(i + 1, n, ply, &played, mark.word()));
    }

    /// A move chosen in learn mode: judged, never played into the record. `None` when learn
    /// mode does not take it (it is off; or the position shown is not the item's, which ends it).
    pub(super) fn learn_takes(&mut self, m: Move) -> Option<bool> {
        self.learn_state()?;
        let here = Some(self.game.node());
        let main_line = self.record().main_line();
        let Some((busy, played, best)) = self.learn().filter(|l| l.node(&main_line) == here).map(|l| {
            let (item, _, _) = l.item();
            (matches!(l.phase, Phase::Evaluating(_)), item.played, item.best_line.first().copied())
        }) else {
            self.leave_to_board();
            self.outbox.stop(StudyKind::Learn);
            return None;
        };
        self.board.selection = None;
        if let Err(why) = self.pos().why_illegal(m) {
            self.status.set(crate::record::explain::describe(&why, self.explain_lang()));
            return Some(false);
        }
        if busy {
            self.status.set(self.text().learn_busy.into());
            return Some(false);
        }
        let same = if m == played {
            Some(Same::Played)
        } else if best == Some(m) {
            Some(Same::EngineBest)
        } else {
            None
        };
        let tried = crate::record::pv::pv_text(self.pos(), &[m]);
        if let Some(same) = same {
            let good = same == Same::EngineBest;
            let verdict =
                Verdict { tried: m, good, loss: 0.0, score: None, reply: Vec::new(), same_as: Some(same) };
            self.learn_judged(verdict);
            return Some(false);
        }
        let mut after = self.pos().clone();
        after.do_move(m);
        self.outbox
            .start(StudyJob::Learn { pos: Box::new(after), movetime_ms: self.settings.game_analysis_ms });
        if let Some(l) = self.learn_mut() {
            l.phase = Phase::Evaluating(m);
        }
        self.status.set((self.text().learn_evaluating)(&tried));
        Some(false)
    }

    /// The search of the try last asked for answered (the runner drops the answers of any
    /// other).
    pub fn on_learn_eval(&mut self, after: PositionEval) {
        let thresholds = self.mark_thresholds();
        let Some(mover) = self.learn_position().map(|p| p.side_to_move()) else { return };
        let Some(l) = self.learn() else { return };
        let Phase::Evaluating(tried) = l.phase else { return };
        let (item, _, _) = l.item();
        let before = PositionEval {
            score: item.before,
            best: item.best_line.first().copied(),
            pv: item.best_line.clone(),
            depth: 0,
            nodes: 0,
        };
        let j = judge(mover, tried, &before, &after, &thresholds);
        let good = j.loss < thresholds.limits()[item.mark.level()];
        let verdict =
            Verdict { tried, good, loss: j.loss, score: Some(after.score), reply: after.pv, same_as: None };
        self.learn_judged(verdict);
    }

    fn learn_judged(&mut self, v: Verdict) {
        let tried = crate::record::pv::pv_text(self.pos(), &[v.tried]);
        let t = self.text();
        self.status.set(match v.same_as {
            Some(Same::Played) => (t.learn_same_move)(&tried),
            Some(Same::EngineBest) => (t.learn_engine_move)(&tried),
            None if v.good => (t.learn_good)(&tried, v.loss),
            None => (t.learn_bad)(&tried, v.loss),
        });
        if let Some(l) = self.learn_mut() {
            l.phase = Phase::Judged(v);
        }
    }

    /// Stops the learn-mode search, if one runs.
    pub(super) fn learn_cancel_search(&mut self) {
        self.outbox.stop(StudyKind::Learn);
    }
}

/// The side's label for messages (both sides when `None`).
pub fn side_label(app: &App, side: Option<Color>) -> &'static str {
    let t = app.text();
    match side {
        None => t.learn_sides[0],
        Some(Color::Black) => t.learn_sides[1],
        Some(Color::White) => t.learn_sides[2],
    }
}

#[cfg(test)]
#[path = "learn_tests.rs"]
mod tests;

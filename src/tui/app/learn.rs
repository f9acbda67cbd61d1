//! Learn from your mistakes (復習): after a whole-game analysis, the marked moves (疑問手, 悪手,
//! 大悪手) of the player (the human side of a game against the computer; in a review, both sides
//! or the side chosen) one by one, from the position before each. The player tries a move; it is
//! searched as a job (`jobs`, kind `Learn`) for the analysis time, and judged as the analysis
//! judges moves: it keeps the evaluation when it loses less than the mark's threshold against
//! the engine's best. The engine's line is shown either way. Tries never change the record.

use super::ctx::Ctx;
use super::{App, Player};
use crate::core::Score;
use crate::core::{Color, Move, Position};
use crate::engine::analysis::game::{PositionEval, Thresholds, judge};
use crate::record::annotation::Mark;
use crate::record::{GameRecord, NodeId, ROOT};
use crate::study::ReviewLine;
use crate::tui::jobs::{StudyJob, StudyKind};
use crate::tui::keymap::Action;

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

impl Learn {
    /// Learn mode over `items` (the moves of `side`, both when `None`), for the record that
    /// starts at `start` with the main line `moves`.
    pub(super) fn new(
        side: Option<Color>,
        side_fixed: bool,
        items: Vec<Item>,
        start: Position,
        moves: Vec<Move>,
    ) -> Learn {
        Learn { side, side_fixed, items, index: 0, start, moves, phase: Phase::Trying, answer_shown: false }
    }

    /// Whether it is still about `record`: the same start, and a main line that still begins
    /// with the moves learn mode began with.
    pub(super) fn is_about(&self, record: &GameRecord) -> bool {
        *record.initial() == self.start && record.main_line_moves().starts_with(&self.moves)
    }

    /// A key's action on learn mode's page: stepping through the items, trying again, showing
    /// the answer (`false`: not one of the mode's own).
    pub(super) fn handle(&mut self, action: Action, ctx: &mut Ctx) -> bool {
        match action {
            Action::NextItem => self.step(1, ctx),
            Action::PreviousItem => self.step(-1, ctx),
            Action::Retry => self.show(ctx),
            Action::ShowAnswer => self.answer_shown = true,
            _ => return false,
        }
        true
    }

    /// Goes to the item `delta` away (wrapping), ready for a try.
    fn step(&mut self, delta: i32, ctx: &mut Ctx) {
        if !self.is_about(ctx.game.record()) {
            return;
        }
        let n = self.items.len() as i32;
        self.index = (self.index as i32 + delta).rem_euclid(n) as usize;
        self.show(ctx);
    }

    /// Learns from the moves of `side` (`items`) from the first.
    pub(super) fn switch_side(&mut self, side: Option<Color>, items: Vec<Item>, ctx: &mut Ctx) {
        self.side = side;
        self.items = items;
        self.index = 0;
        self.show(ctx);
    }

    /// Shows the current item from the position before its move (the verdict and the answer
    /// hidden).
    pub(super) fn show(&mut self, ctx: &mut Ctx) {
        let main_line = ctx.game.record().main_line();
        if !self.is_about(ctx.game.record()) {
            return;
        }
        self.phase = Phase::Trying;
        self.answer_shown = false;
        let Some(node) = self.node(&main_line) else { return };
        let (item, i, n) = self.item();
        let (ply, mark, played) = (item.ply, item.mark, item.played);
        ctx.outbox.stop(StudyKind::Learn);
        if ctx.game.goto_node(node).is_ok() {
            ctx.board.selection = None;
        }
        let played = crate::record::pv::pv_text(ctx.game.position(), &[played]);
        ctx.status.set((ctx.text().learn_item)(i + 1, n, ply, &played, mark.word()));
    }

    /// A move chosen in learn mode: judged, never played into the record (`Some(false)`).
    /// `None` when the position shown is not the item's (which ends learn mode).
    pub(super) fn takes(&mut self, m: Move, ctx: &mut Ctx) -> Option<bool> {
        let here = Some(ctx.game.node());
        let main_line = ctx.game.record().main_line();
        if !self.is_about(ctx.game.record()) || self.node(&main_line) != here {
            return None;
        }
        let (item, _, _) = self.item();
        let (busy, played, best) =
            (matches!(self.phase, Phase::Evaluating(_)), item.played, item.best_line.first().copied());
        ctx.board.selection = None;
        let pos = ctx.game.position();
        if let Err(why) = pos.why_illegal(m) {
            ctx.status.set(crate::record::explain::describe(&why, ctx.settings.language));
            return Some(false);
        }
        if busy {
            ctx.status.set(ctx.text().learn_busy.into());
            return Some(false);
        }
        let same = if m == played {
            Some(Same::Played)
        } else if best == Some(m) {
            Some(Same::EngineBest)
        } else {
            None
        };
        let tried = crate::record::pv::pv_text(pos, &[m]);
        if let Some(same) = same {
            let good = same == Same::EngineBest;
            let verdict =
                Verdict { tried: m, good, loss: 0.0, score: None, reply: Vec::new(), same_as: Some(same) };
            self.judged(verdict, ctx);
            return Some(false);
        }
        let mut after = pos.clone();
        after.do_move(m);
        ctx.outbox
            .start(StudyJob::Learn { pos: Box::new(after), movetime_ms: ctx.settings.game_analysis_ms });
        self.phase = Phase::Evaluating(m);
        ctx.status.set((ctx.text().learn_evaluating)(&tried));
        Some(false)
    }

    /// The search of the try last asked for answered (the runner drops the answers of any
    /// other), judged with `thresholds`.
    pub(super) fn on_eval(&mut self, after: PositionEval, thresholds: &Thresholds, ctx: &mut Ctx) {
        let rec = ctx.game.record();
        if !self.is_about(rec) {
            return;
        }
        let Some(node) = self.node(&rec.main_line()) else { return };
        let mover = rec.position_at(node).side_to_move();
        let Phase::Evaluating(tried) = self.phase else { return };
        let (item, _, _) = self.item();
        let before = PositionEval {
            score: item.before,
            best: item.best_line.first().copied(),
            pv: item.best_line.clone(),
            depth: 0,
            nodes: 0,
        };
        let j = judge(mover, tried, &before, &after, thresholds);
        let good = j.loss < thresholds.limits()[item.mark.level()];
        let verdict =
            Verdict { tried, good, loss: j.loss, score: Some(after.score), reply: after.pv, same_as: None };
        self.judged(verdict, ctx);
    }

    fn judged(&mut self, v: Verdict, ctx: &mut Ctx) {
        let tried = crate::record::pv::pv_text(ctx.game.position(), &[v.tried]);
        let t = ctx.text();
        ctx.status.set(match v.same_as {
            Some(Same::Played) => (t.learn_same_move)(&tried),
            Some(Same::EngineBest) => (t.learn_engine_move)(&tried),
            None if v.good => (t.learn_good)(&tried, v.loss),
            None => (t.learn_bad)(&tried, v.loss),
        });
        self.phase = Phase::Judged(v);
    }
}

/// The side whose moves learn mode starts with, and whether it is fixed: the human of a game
/// against the computer, else both.
pub(super) fn starting_side(players: [Player; 2]) -> (Option<Color>, bool) {
    match players {
        [Player::Human, Player::Engine] => (Some(Color::Black), true),
        [Player::Engine, Player::Human] => (Some(Color::White), true),
        _ => (None, false),
    }
}

/// The marked moves (疑問手 or worse) of `side` (both when `None`) on `record`'s main line,
/// with the evaluation of the position before them from `review`.
pub(super) fn items(record: &GameRecord, review: &ReviewLine, side: Option<Color>) -> Vec<Item> {
    let points = &review.points;
    let moves = record.main_line_moves();
    let first = record.initial().side_to_move();
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

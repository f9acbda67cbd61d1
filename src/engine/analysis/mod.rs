//! Analysis for study (検討): [`analyse`] searches a position until told otherwise and reports
//! what it finds as it goes (depth, nodes/s, up to N lines with score and principal variation);
//! and the analysis of a whole game ([`game`]). Both run on the caller's thread with a stop
//! flag: the app runs them as jobs off its UI thread.
//!
//! Scores here are from ☗'s side (positive when sente is better), as study tools show them.

pub mod game;

use super::search::time::Limits;
use super::{Engine, EngineOptions};
use crate::core::{Move, Position, Score};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

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
    pub depth: u32,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    /// Best first; as many as asked for (fewer when the position has fewer moves).
    pub lines: Vec<Line>,
    /// The search has ended (its limit was reached, or there is nothing to search).
    pub done: bool,
}

/// Analyses `pos` (with its history, for repetitions) with `lines` lines (1..=3) until
/// `limits` are reached or `stop` is set (`Limits::default()`: until stopped), calling
/// `on_update` after each completed set of lines. Returns the last update, with `done` set.
/// It runs on the caller's thread: an interface runs it off its own (the app's job runner).
pub fn analyse(
    engine: &mut Engine,
    pos: &Position,
    lines: usize,
    limits: Limits,
    stop: Arc<AtomicBool>,
    mut on_update: impl FnMut(&Update) + Send,
) -> Update {
    let limits = Limits {
        infinite: limits.infinite || !limits.timed() && limits.depth.is_none() && limits.nodes.is_none(),
        ..limits
    };
    let lines = lines.clamp(1, MAX_LINES);
    let side = pos.side_to_move();
    let mut last = Update { depth: 0, nodes: 0, nps: 0, time_ms: 0, lines: Vec::new(), done: false };
    if pos.legal_moves().is_empty() {
        last.lines.push(Line { score: Score::MATED.for_black(side), pv: Vec::new() });
        return Update { done: true, ..last };
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
            on_update(&last);
        }
    });
    if last.lines.is_empty() {
        last.lines.push(Line { score: result.score.for_black(side), pv: result.pv.clone() });
        last.depth = result.depth;
        last.nodes = result.nodes;
        last.time_ms = result.time_ms;
    }
    Update { done: true, ..last }
}

/// The engine an analysis runs on: full strength, no book.
pub fn analysis_engine(options: EngineOptions) -> Engine {
    Engine::new(EngineOptions { level: crate::engine::levels::Level::MAX, own_book: false, ..options })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_three_lines_then_a_new_position() {
        let mut e = analysis_engine(EngineOptions { hash_mb: 16, ..EngineOptions::default() });
        let start = Position::startpos();
        let mut seen = Vec::new();
        let last = analyse(&mut e, &start, 3, Limits::depth(4), Arc::new(AtomicBool::new(false)), |u| {
            seen.push(u.clone())
        });
        assert!(last.done && !seen.is_empty() && seen.iter().all(|u| !u.done));
        let u = seen.iter().rev().find(|u| u.lines.len() == 3).expect("three lines");
        let firsts: Vec<Move> = u.lines.iter().map(|l| l.pv[0]).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
        assert!(u.lines.windows(2).all(|w| w[0].score.cp() >= w[1].score.cp()));
        // the same engine analyses the next position with one line
        let mut p = start.clone();
        p.do_move(p.parse_usi_move("7g7f").unwrap());
        let done = analyse(&mut e, &p, 1, Limits::depth(4), Arc::new(AtomicBool::new(false)), |_| {});
        assert_eq!(done.lines.len(), 1);
        assert!(p.is_legal(done.lines[0].pv[0]));
    }

    #[test]
    fn a_set_stop_flag_ends_an_endless_analysis() {
        let mut e = analysis_engine(EngineOptions { hash_mb: 16, ..EngineOptions::default() });
        let stop = Arc::new(AtomicBool::new(true));
        let done = analyse(&mut e, &Position::startpos(), 1, Limits::default(), stop, |_| {});
        assert!(done.done);
    }

    #[test]
    fn a_mated_position_reports_the_mate_at_once() {
        // ☖'s king on 1a, ☗ gold on 1b guarded by a silver: ☖ to move is mated
        let p = Position::from_sfen("8k/8G/7S1/9/9/9/9/9/4K4 w - 1").unwrap();
        let mut e = analysis_engine(EngineOptions { hash_mb: 16, ..EngineOptions::default() });
        let u = analyse(&mut e, &p, 3, Limits::default(), Arc::new(AtomicBool::new(false)), |_| {});
        assert!(u.done);
        assert_eq!(u.lines[0].score, Score::MateUnknown(true), "☗ has mated");
        assert!(u.lines[0].pv.is_empty());
    }
}

//! Study tools that join the engine's analysis to the game record: a whole-game analysis
//! written into a record as ShogiHome-style comments ([`analyse_record`]), and the reading of
//! such comments back into a per-move view for graphs and marks ([`ReviewLine`]). Used by the
//! app and by `shogiban analyze`. The opening explorer ([`explorer`]): the positions of a
//! collection of games, the moves played from each, beside the opening book's. The game
//! library's files ([`library`]): the records a player has, found and summarised, the recent
//! files, and the explorer's index of their games. The player's rating against the levels
//! ([`rating`]) and the handicap to suggest against the strongest level ([`handicap`]).

pub mod explorer;
pub mod handicap;
pub mod library;
pub mod rating;

use crate::core::{Position, Score};
use crate::engine::analysis::game::{
    GameAnalysis, GameAnalysisOptions, MoveJudgement, PositionEval, Progress, analyse_game,
};
use crate::record::annotation::{self, Annotation, Mark};
use crate::record::{GameRecord, NodeId, ROOT};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The name written as `#エンジン=` into analysed records.
pub const ENGINE_NAME: &str = "shogiban";

/// The comment analysis for a position's evaluation and the judgement of the move into it.
pub fn annotation_of(eval: &PositionEval, judgement: Option<&MoveJudgement>) -> Annotation {
    Annotation {
        mark: judgement.and_then(|j| j.mark).and_then(Mark::from_level),
        eval: Some(eval.score),
        pv: eval.pv.clone(),
        depth: Some(eval.depth),
        nodes: Some(eval.nodes),
        engine: Some(ENGINE_NAME.to_string()),
    }
}

/// Analyses the main line of `record` (the start position and the position after every move)
/// and writes the result into the comments of the root and of each main-line move, replacing an
/// earlier analysis and leaving moves, variations and the player's own comments as they were.
/// `progress` is called after each position. Stopped early, the positions done are written.
pub fn analyse_record(
    record: &mut GameRecord,
    opt: &GameAnalysisOptions,
    stop: &Arc<AtomicBool>,
    progress: impl FnMut(Progress<'_>),
) -> GameAnalysis {
    let moves = record.main_line_moves();
    let analysis = analyse_game(record.initial(), &moves, opt, stop, progress);
    write_analysis(record, &analysis);
    analysis
}

/// Writes an analysis of the main line into the record's comments (see [`analyse_record`]).
pub fn write_analysis(record: &mut GameRecord, analysis: &GameAnalysis) {
    let mut nodes = vec![ROOT];
    nodes.extend(record.main_line());
    for (ply, eval) in analysis.evals.iter().enumerate() {
        let Some(&id) = nodes.get(ply) else { break };
        let j = ply.checked_sub(1).and_then(|i| analysis.judgements.get(i));
        annotation::set_annotation(record, id, Some(&annotation_of(eval, j)));
    }
}

/// The variations of `record`: for every move that is not its position's main continuation,
/// the node it is played from and the line it starts (the move, then its main continuation to
/// the end of that line), in the order of a depth-first walk from the start.
pub fn variation_lines(record: &GameRecord) -> Vec<(NodeId, Vec<NodeId>)> {
    let mut out = Vec::new();
    let mut stack = vec![ROOT];
    while let Some(n) = stack.pop() {
        let node = record.node(n);
        for &c in node.alternatives() {
            let mut line = vec![c];
            while let Some(next) = record.node(*line.last().expect("not empty")).continuation() {
                line.push(next);
            }
            out.push((n, line));
        }
        stack.extend(node.children().iter().rev());
    }
    out
}

/// Writes an analysis of a line of moves into the comments of its nodes `nodes`; the analysis
/// starts from the position before the first of them (that position's own comments stay).
pub fn write_line_analysis(record: &mut GameRecord, nodes: &[NodeId], analysis: &GameAnalysis) {
    for (i, &id) in nodes.iter().enumerate() {
        let Some(eval) = analysis.evals.get(i + 1) else { break };
        annotation::set_annotation(record, id, Some(&annotation_of(eval, analysis.judgements.get(i))));
    }
}

/// One position of a reviewed main line, as read back from the record's comments.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewPoint {
    /// Evaluation of the position after the move (ply 0: the start).
    pub score: Option<Score>,
    pub mark: Option<Mark>,
    /// The engine's line from this position.
    pub pv: Vec<crate::core::Move>,
}

/// The main line's analysis as kept in the record: one point per position, root first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReviewLine {
    pub points: Vec<ReviewPoint>,
}

impl ReviewLine {
    /// Reads the analysis comments of the main line.
    pub fn from_record(record: &GameRecord) -> ReviewLine {
        let points = annotation::main_line_annotations(record)
            .into_iter()
            .map(|a| {
                let a = a.unwrap_or_default();
                ReviewPoint { score: a.eval, mark: a.mark, pv: a.pv }
            })
            .collect();
        ReviewLine { points }
    }

    /// Whether any position has an evaluation.
    pub fn has_scores(&self) -> bool {
        self.points.iter().any(|p| p.score.is_some())
    }

    /// The next marked move after ply `from` (a ply is the number of moves played).
    pub fn next_marked(&self, from: usize) -> Option<usize> {
        (from + 1..self.points.len()).find(|&i| self.points[i].mark.is_some())
    }

    /// The previous marked move before ply `from`.
    pub fn prev_marked(&self, from: usize) -> Option<usize> {
        (1..from.min(self.points.len())).rev().find(|&i| self.points[i].mark.is_some())
    }

    /// For the move that leads to ply `ply`: the engine's better line from the position before
    /// it (the line kept on the previous position), if the move was not its first move.
    pub fn better_line(&self, ply: usize, record: &GameRecord) -> Option<(Position, Vec<crate::core::Move>)> {
        let before = self.points.get(ply.checked_sub(1)?)?;
        let played = *record.main_line_moves().get(ply - 1)?;
        if before.pv.first() == Some(&played) || before.pv.is_empty() {
            return None;
        }
        let node = if ply == 1 { ROOT } else { record.main_line()[ply - 2] };
        Some((record.position_at(node), before.pv.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::io::{Format, read_text, write_text};

    #[test]
    fn an_analysed_record_keeps_its_moves_and_reads_back_as_a_review() {
        let kif = "手合割：平手\n   1 ７六歩(77)\n*角道を開ける\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n   5 ４五角打\n";
        let (mut rec, _) = read_text(kif, Format::Kifu).unwrap();
        let before = rec.clone();
        let opt = GameAnalysisOptions { movetime_ms: 20, hash_mb: 16, ..Default::default() };
        let a = analyse_record(&mut rec, &opt, &Arc::new(AtomicBool::new(false)), |_| {});
        assert_eq!(a.evals.len(), 6);
        assert_eq!(rec.main_line_moves(), before.main_line_moves());
        let first = rec.main_line()[0];
        assert_eq!(annotation::user_comments(&rec.node(first).comments), vec!["角道を開ける"]);
        let (back, _) = read_text(&write_text(&rec, Format::Kif), Format::Kif).unwrap();
        let review = ReviewLine::from_record(&back);
        assert_eq!(review.points.len(), 6);
        assert!(review.points.iter().all(|p| p.score.is_some()));
        assert_eq!(review.points[0].pv, a.evals[0].pv);
        assert!(!ReviewLine::from_record(&before).has_scores());
    }

    #[test]
    fn marked_moves_are_found_both_ways() {
        let p = |mark| ReviewPoint { score: None, mark, pv: Vec::new() };
        let r = ReviewLine {
            points: vec![p(None), p(Some(Mark::Dubious)), p(None), p(None), p(Some(Mark::Blunder)), p(None)],
        };
        assert_eq!(r.next_marked(0), Some(1));
        assert_eq!(r.next_marked(1), Some(4));
        assert_eq!(r.next_marked(4), None);
        assert_eq!(r.prev_marked(5), Some(4));
        assert_eq!(r.prev_marked(4), Some(1));
        assert_eq!(r.prev_marked(1), None);
    }
}

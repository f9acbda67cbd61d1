//! Study jobs: the continuous analysis of a position (and hints), the whole-game analysis of a
//! line of play, and learn mode's search of a try. The analysis lane and the learn lane each
//! keep one engine, set up as the whole-game analysis sets up its own (full strength, no book).

use super::{JobContext, JobRequest, Report};
use crate::engine::analysis::game::{GameAnalysis, MoveJudgement, PositionEval, analyse_game, evaluate};
use crate::engine::analysis::{analyse, analysis_engine};
use crate::engine::{Engine, EngineOptions};

/// What a whole-game analysis reports.
#[derive(Clone, Debug)]
pub enum GameReport {
    /// One position is done: its evaluation and the judgement of the move that led to it.
    Progress { ply: usize, eval: PositionEval, judgement: Option<MoveJudgement> },
    /// The line is done (or was stopped: `stopped` says so, and what was done is kept).
    Done(GameAnalysis),
}

/// The work of a study lane, with the engine it keeps.
pub(super) fn worker() -> impl FnMut(JobRequest, &JobContext) -> Report {
    let mut kept = None;
    move |request, job| match request {
        JobRequest::Analyse { pos, lines, limits } => {
            let stop = job.stop_flag().clone();
            let last = analyse(engine(&mut kept), &pos, lines, limits, stop, |u| {
                job.progress(Report::Analysis(u.clone()))
            });
            Report::Analysis(last)
        }
        JobRequest::Learn { pos, movetime_ms } => {
            Report::Learn(evaluate(engine(&mut kept), &pos, movetime_ms, job.stop_flag()))
        }
        JobRequest::AnalyseGame { start, moves, options } => {
            let analysis = analyse_game(&start, &moves, &options, job.stop_flag(), |p| {
                job.progress(Report::GameAnalysis(GameReport::Progress {
                    ply: p.ply,
                    eval: p.eval.clone(),
                    judgement: p.judgement.cloned(),
                }))
            });
            Report::GameAnalysis(GameReport::Done(analysis))
        }
        other => unreachable!("a study lane was given {:?}", other.kind()),
    }
}

/// The lane's engine, made on first use.
fn engine(kept: &mut Option<Engine>) -> &mut Engine {
    kept.get_or_insert_with(|| analysis_engine(EngineOptions { hash_mb: 64, ..EngineOptions::default() }))
}

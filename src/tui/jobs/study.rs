//! The study lane's jobs: the continuous analysis of a position (and hints), the whole-game
//! analysis of a line of play, and learn mode's search of a try. Each kind runs on a thread of
//! its own (they may run at once); they share their engines ([`Engines`]), set up as the
//! whole-game analysis sets up its own (full strength, no book).

use super::{JobContext, Report};
use crate::core::{Move, Position};
use crate::engine::analysis::Update;
use crate::engine::analysis::game::{
    GameAnalysis, GameAnalysisOptions, MoveJudgement, PositionEval, analyse_game_with, evaluate,
};
use crate::engine::analysis::{analyse, analysis_engine};
use crate::engine::search::time::Limits;
use crate::engine::{Engine, EngineOptions};
use std::sync::{Arc, Mutex};

/// A study job.
#[derive(Clone, Debug)]
pub enum StudyJob {
    /// Analyse `pos` with `lines` lines until stopped (`Limits::default()`) or for the limits.
    Analyse { pos: Box<Position>, lines: usize, limits: Limits },
    /// Analyse every position of `start` + `moves`.
    AnalyseGame { start: Box<Position>, moves: Vec<Move>, options: GameAnalysisOptions },
    /// Search the position after a try in learn mode for `movetime_ms`.
    Learn { pos: Box<Position>, movetime_ms: u64 },
}

/// The kinds of study job.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum StudyKind {
    /// The continuous analysis (検討) of the position shown, or a hint.
    Analysis,
    /// The whole-game analysis (棋譜解析), one line of play per job.
    GameAnalysis,
    /// Learn mode: the search of a try.
    Learn,
}

impl From<StudyJob> for super::JobRequest {
    fn from(job: StudyJob) -> Self {
        super::JobRequest::Study(job)
    }
}

impl From<StudyKind> for super::JobKind {
    fn from(kind: StudyKind) -> Self {
        super::JobKind::Study(kind)
    }
}

impl StudyJob {
    pub fn kind(&self) -> StudyKind {
        match self {
            StudyJob::Analyse { .. } => StudyKind::Analysis,
            StudyJob::AnalyseGame { .. } => StudyKind::GameAnalysis,
            StudyJob::Learn { .. } => StudyKind::Learn,
        }
    }
}

/// What a study job found.
#[derive(Clone, Debug)]
pub enum StudyReport {
    /// The analysis so far (the last one says `done`).
    Analysis(Update),
    GameAnalysis(GameReport),
    /// The evaluation of a try.
    Learn(PositionEval),
}

/// What a whole-game analysis reports.
#[derive(Clone, Debug)]
pub enum GameReport {
    /// One position is done: its evaluation and the judgement of the move that led to it.
    Progress { ply: usize, eval: PositionEval, judgement: Option<MoveJudgement> },
    /// The line is done (or was stopped: `stopped` says so, and what was done is kept).
    Done(GameAnalysis),
}

/// The study lanes' engines, shared: a job takes one that is free (or makes one) and gives it
/// back when it ends, so one engine serves every kind while they take turns, and a second is
/// made only while two searches run at once.
#[derive(Clone, Default)]
pub(super) struct Engines(Arc<Mutex<Vec<Engine>>>);

impl Engines {
    /// Runs `f` with a free engine.
    fn with<R>(&self, f: impl FnOnce(&mut Engine) -> R) -> R {
        let free = self.0.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let mut engine = free.unwrap_or_else(|| {
            analysis_engine(EngineOptions { hash_mb: ENGINE_HASH_MB, ..EngineOptions::default() })
        });
        let out = f(&mut engine);
        self.0.lock().unwrap_or_else(|e| e.into_inner()).push(engine);
        out
    }
}

/// The hash table of a study engine (MB).
const ENGINE_HASH_MB: usize = 64;

/// The work of a study lane, with the engines it shares.
pub(super) fn worker(engines: Engines) -> impl FnMut(StudyJob, &JobContext) -> Report {
    move |request, job| {
        Report::Study(match request {
            StudyJob::Analyse { pos, lines, limits } => {
                let stop = job.stop_flag().clone();
                let last = engines.with(|e| {
                    analyse(e, &pos, lines, limits, stop, |u| {
                        job.progress(Report::Study(StudyReport::Analysis(u.clone())))
                    })
                });
                StudyReport::Analysis(last)
            }
            StudyJob::Learn { pos, movetime_ms } => {
                StudyReport::Learn(engines.with(|e| evaluate(e, &pos, movetime_ms, job.stop_flag())))
            }
            StudyJob::AnalyseGame { start, moves, options } => {
                let analysis = engines.with(|e| {
                    analyse_game_with(e, &start, &moves, &options, job.stop_flag(), |p| {
                        job.progress(Report::Study(StudyReport::GameAnalysis(GameReport::Progress {
                            ply: p.ply,
                            eval: p.eval.clone(),
                            judgement: p.judgement.cloned(),
                        })))
                    })
                });
                StudyReport::GameAnalysis(GameReport::Done(analysis))
            }
        })
    }
}

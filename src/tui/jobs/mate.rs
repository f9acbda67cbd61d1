//! Mate-solver jobs: tsume mode's judging of an attack and solving of a problem, and the threat
//! indicator's two solves (詰みあり, 詰めろ). Each solve stops on its job's flag.

use super::{JobContext, Report};
use crate::core::{Move, Position};
use crate::engine::mate::threats::Threats;
use crate::engine::mate::threats::{THREAT_NODES, threats};
use crate::engine::mate::tsume::{Attack, judge_attack};
use crate::engine::mate::{MateLimits, MateResult, solve};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// A mate-solver job.
#[derive(Clone, Debug)]
pub enum MateJob {
    /// Judge the attacker's move `mv` in `pos`.
    TsumeJudge { pos: Box<Position>, mv: Move },
    /// Solve `pos` (attacker to move).
    TsumeSolve { pos: Box<Position> },
    /// Look for a mate and a threat of mate in `pos`.
    Threats { pos: Box<Position> },
}

/// The kinds of mate-solver job.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MateKind {
    /// Tsume mode: judging the player's attack.
    TsumeJudge,
    /// Tsume mode: solving a problem (its length at the start, the solution on request).
    TsumeSolve,
    /// The threat indicator's two mate solves.
    Threats,
}

impl From<MateJob> for super::JobRequest {
    fn from(job: MateJob) -> Self {
        super::JobRequest::Mate(job)
    }
}

impl From<MateKind> for super::JobKind {
    fn from(kind: MateKind) -> Self {
        super::JobKind::Mate(kind)
    }
}

impl MateJob {
    pub fn kind(&self) -> MateKind {
        match self {
            MateJob::TsumeJudge { .. } => MateKind::TsumeJudge,
            MateJob::TsumeSolve { .. } => MateKind::TsumeSolve,
            MateJob::Threats { .. } => MateKind::Threats,
        }
    }
}

/// What a mate-solver job found.
#[derive(Clone, Debug)]
pub enum MateReport {
    Tsume(TsumeAnswer),
    Threats(Threats),
}

/// What tsume mode's solver found.
#[derive(Clone, Debug)]
pub enum TsumeAnswer {
    Judged(Attack),
    Solved(MateResult),
}

/// The budget of each tsume solve (judging an attack solves once per defence).
fn limits(stop: &Arc<AtomicBool>) -> MateLimits {
    MateLimits {
        time_ms: Some(20_000),
        nodes: Some(2_000_000),
        stop: Some(Arc::clone(stop)),
        threads: 1,
        first_line: false,
    }
}

/// Runs one mate-solver job on the calling thread.
pub(super) fn work(request: MateJob, job: &JobContext) -> Report {
    let stop = job.stop_flag();
    Report::Mate(match request {
        MateJob::TsumeJudge { pos, mv } => {
            MateReport::Tsume(TsumeAnswer::Judged(judge_attack(&pos, mv, &limits(stop))))
        }
        MateJob::TsumeSolve { pos } => MateReport::Tsume(TsumeAnswer::Solved(solve(&pos, limits(stop)))),
        MateJob::Threats { pos } => MateReport::Threats(threats(&pos, THREAT_NODES, stop)),
    })
}

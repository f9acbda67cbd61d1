//! Mate-solver jobs: tsume mode's judging of an attack and solving of a problem, and the threat
//! indicator's two solves (詰みあり, 詰めろ). Each solve stops on its job's flag.

use super::{JobContext, JobRequest, Report};
use crate::engine::mate::threats::{THREAT_NODES, threats};
use crate::engine::mate::tsume::{Attack, judge_attack};
use crate::engine::mate::{MateLimits, MateResult, solve};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// What tsume mode's solver found.
#[derive(Clone, Debug)]
pub enum TsumeAnswer {
    Judged(Attack),
    Solved(MateResult),
}

/// The budget of each tsume solve (judging an attack solves once per defence).
fn limits(stop: &Arc<AtomicBool>) -> MateLimits {
    MateLimits { time_ms: Some(20_000), nodes: Some(2_000_000), stop: Some(Arc::clone(stop)) }
}

/// Runs one mate-solver job on the calling thread.
pub(super) fn work(request: JobRequest, job: &JobContext) -> Report {
    let stop = job.stop_flag();
    match request {
        JobRequest::TsumeJudge { pos, mv } => {
            Report::Tsume(TsumeAnswer::Judged(judge_attack(&pos, mv, &limits(stop))))
        }
        JobRequest::TsumeSolve { pos } => Report::Tsume(TsumeAnswer::Solved(solve(&pos, limits(stop)))),
        JobRequest::Threats { pos } => Report::Threats(threats(&pos, THREAT_NODES, stop)),
        other => unreachable!("a mate lane was given {:?}", other.kind()),
    }
}

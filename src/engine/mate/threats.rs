//! Threats, for an indicator beside a position: whether the side to move has a forced mate
//! (詰みあり), and whether it is threatened with one (詰めろ): whether the opponent would have a
//! mate if the side to move passed. Both questions go to the mate solver with a small node
//! budget, so an answer comes quickly and "not found" means "none found within the budget".

use super::{MateLimits, MateResult, solve};
use crate::core::{Move, Position};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Node budget of each of the two solves of [`threats`] (50 to 100 ms each in a release build
/// on one core, measured on middle-game positions of `assets/sample.kifu`).
pub const THREAT_NODES: u64 = 25_000;

/// What [`threats`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Threats {
    /// A mate for the side to move (its line), when one was found.
    pub mate: Option<Vec<Move>>,
    /// The mate the opponent would have after a pass (詰めろ), when one was found; `None` also
    /// when the side to move is in check (it cannot pass).
    pub threat: Option<Vec<Move>>,
    /// The solver was stopped before both answers were in.
    pub stopped: bool,
}

/// Looks for a mate for the side to move and for the opponent after a pass, each within
/// `nodes` df-pn nodes; `stop` ends both early.
pub fn threats(pos: &Position, nodes: u64, stop: &Arc<AtomicBool>) -> Threats {
    let limits = || MateLimits {
        time_ms: None,
        nodes: Some(nodes),
        stop: Some(Arc::clone(stop)),
        threads: 1,
        first_line: false,
    };
    let stopped = || stop.load(std::sync::atomic::Ordering::Relaxed);
    let line = |r: MateResult| match r {
        MateResult::Mate(line) => Some(line),
        _ => None,
    };
    let mate = line(solve(pos, limits()));
    if stopped() {
        return Threats { mate, threat: None, stopped: true };
    }
    let threat = pos.after_pass().ok().and_then(|p| line(solve(&p, limits())));
    Threats { mate, threat, stopped: stopped() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(sfen: &str) -> Threats {
        threats(&Position::from_sfen(sfen).unwrap(), THREAT_NODES, &Arc::new(AtomicBool::new(false)))
    }

    #[test]
    fn a_mate_for_the_side_to_move_is_found() {
        // ☗ G in hand, ☖ king 5a boxed in by its own knights, ☗ pawn on 5c: ５二金 mates
        let t = go("3nkn3/9/4P4/9/9/9/9/9/4K4 b G 1");
        assert_eq!(t.mate.as_ref().map(Vec::len), Some(1));
        assert!(t.threat.is_none() && !t.stopped);
    }

    #[test]
    fn a_mate_threat_is_found_by_passing() {
        // ☖ to move: ☖ has no mate, but after a pass ☗ mates with ５二金 (詰めろ)
        let t = go("3nkn3/9/4P4/9/9/9/9/9/4K4 w G 1");
        assert!(t.mate.is_none());
        assert_eq!(t.threat.as_ref().map(Vec::len), Some(1));
    }

    #[test]
    fn in_check_there_is_no_threat_to_look_for_and_a_quiet_start_has_none() {
        let t = go("4k4/9/9/9/4R4/9/9/9/4K4 w - 1");
        assert_eq!(t, Threats::default());
        assert_eq!(go(crate::core::START_SFEN), Threats::default());
    }
}

//! The defence check (受けの確認): before a search on the clock settles on a move, the df-pn
//! mate solver asks whether the opponent then has a forced mate by checks. Alpha-beta at the
//! depths one second reaches misses mates of seven plies and more that start with a sacrifice
//! (a piece dropped next to the king, taken, and the attack renewed): the moves are pruned or
//! reduced as losing material, and the quiescence search does not look at quiet checks. The
//! solver follows checks only and finds such mates in a few thousand nodes.
//!
//! After each finished iteration the best move is checked once; a move after which the solver
//! proves a mate is taken off the root's list and the iteration is searched again without it,
//! so the next best move gets the same question. A move the solver could not decide in its
//! budget stays (the solver's silence is no proof either way), and the last move on the list is
//! never taken off: when every move loses, the search's choice stands.
//!
//! Only searches on the clock with one line check (a fixed depth or node count stays pure
//! alpha-beta and deterministic, analysis and pondering are left alone, and the app's weaker
//! levels pick among several lines with noise, overlooking things on purpose).

use super::alphabeta::mate_probe_worthwhile;
use super::params::{DEFENCE_CHECK_MAX_MS, DEFENCE_CHECK_MIN_MS, DEFENCE_CHECK_SHARE, DEFENCE_TOTAL_SHARE};
use super::time::{Clock, Limits};
use crate::core::{Move, Position};
use crate::engine::mate::{self, MateLimits, MateResult};

/// The forced mate the opponent has after `m` (a legal move of the side to move), if the solver
/// finds one within `limits`. `None` when there is none, when the solver could not decide, and
/// when the opponent has nothing to mate with (no piece other than pawns in hand and none near
/// the king: the solver is not asked then).
pub(super) fn opponent_mate_after(pos: &Position, m: Move, limits: MateLimits) -> Option<Vec<Move>> {
    let mut after = pos.clone();
    after.do_move(m);
    if after.in_check() || !mate_probe_worthwhile(&after) {
        return None;
    }
    match mate::solve(&after, limits) {
        MateResult::Mate(line) => Some(line),
        MateResult::NoMate | MateResult::Unknown => None,
    }
}

/// The defence checks of one search: their budget and the moves already asked about.
pub(super) struct DefenceCheck {
    /// Milliseconds for one move's check.
    per_check_ms: u64,
    /// Milliseconds left for all the checks of this search.
    left_ms: u64,
    checked: Vec<Move>,
}

impl DefenceCheck {
    /// The checks a search with `limits` makes, or `None` where it makes none (see the module
    /// notes).
    pub(super) fn new(pos: &Position, limits: &Limits) -> Option<DefenceCheck> {
        if !limits.clock_only() || limits.multipv > 1 {
            return None;
        }
        let (opt, _) = super::time::budgets_now(limits, pos.side_to_move())?;
        let per_check_ms = (opt / DEFENCE_CHECK_SHARE).min(DEFENCE_CHECK_MAX_MS);
        (per_check_ms >= DEFENCE_CHECK_MIN_MS).then_some(DefenceCheck {
            per_check_ms,
            left_ms: opt / DEFENCE_TOTAL_SHARE,
            checked: Vec::new(),
        })
    }

    /// Does the opponent mate after `m`? Each move is asked once per search, within what is left
    /// of the budget and of the clock; a move not asked (already asked, or no time left) is
    /// answered `None`.
    pub(super) fn refutation(&mut self, pos: &Position, m: Move, clock: &Clock) -> Option<Vec<Move>> {
        if self.checked.contains(&m) {
            return None;
        }
        let ms = self.per_check_ms.min(self.left_ms).min(clock.remaining_ms().unwrap_or(0) / 2);
        if ms < DEFENCE_CHECK_MIN_MS {
            return None;
        }
        self.checked.push(m);
        let start = clock.elapsed_ms();
        let limits = MateLimits { time_ms: Some(ms), nodes: None, stop: None, threads: 1, first_line: true };
        let line = opponent_mate_after(pos, m, limits);
        self.left_ms = self.left_ms.saturating_sub(clock.elapsed_ms() - start);
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// From a game against gpsshogi at 1 s a move: gote (to move) is a silver and more ahead by
    /// its own reckoning, and a one-second search plays G*3a, after which sente mates in seven
    /// (B*1c 1b1c 3e1c+ 1a1c 1d1c+ and 1c1b); G*4a, for one, holds.
    const SACRIFICE_MATE: &str =
        "1n6l/3s1Gskp/l3g1np1/3pp3P/p4pBP1/3P2S2/P+r1+p2pS1/7K1/L4RG1L w B3Pg2n3p 130";

    fn nodes(n: u64) -> MateLimits {
        MateLimits { time_ms: None, nodes: Some(n), stop: None, threads: 1, first_line: false }
    }

    #[test]
    fn a_move_into_a_sacrifice_mate_is_refuted_and_a_defence_is_not() {
        let pos = Position::from_sfen(SACRIFICE_MATE).unwrap();
        let blunder = pos.parse_usi_move("G*3a").unwrap();
        let line = opponent_mate_after(&pos, blunder, nodes(100_000)).expect("the mate in seven");
        assert_eq!(line.len(), 7, "{:?}", line.iter().map(|m| m.usi()).collect::<Vec<_>>());
        let mut p = pos.clone();
        p.do_move(blunder);
        for &m in &line {
            assert!(p.is_legal(m), "{} in {}", m.usi(), p.to_sfen());
            p.do_move(m);
        }
        assert!(p.is_checkmate());
        let defence = pos.parse_usi_move("G*4a").unwrap();
        assert_eq!(opponent_mate_after(&pos, defence, nodes(100_000)), None);
    }

    #[test]
    fn only_searches_on_the_clock_with_one_line_check() {
        let pos = Position::from_sfen(SACRIFICE_MATE).unwrap();
        let byoyomi = Limits { time: [Some(0), Some(0)], byoyomi: 1000, ..Limits::default() };
        let check = DefenceCheck::new(&pos, &byoyomi).expect("on the clock");
        assert_eq!(check.per_check_ms, DEFENCE_CHECK_MAX_MS);
        assert!(check.left_ms > check.per_check_ms && check.left_ms < 1000 / 3);
        assert!(DefenceCheck::new(&pos, &Limits::depth(8)).is_none());
        assert!(DefenceCheck::new(&pos, &Limits::nodes(10_000)).is_none());
        assert!(DefenceCheck::new(&pos, &Limits { infinite: true, ..Limits::default() }).is_none());
        assert!(DefenceCheck::new(&pos, &Limits { multipv: 3, ..byoyomi.clone() }).is_none());
        // a budget too short to be worth a solve
        assert!(DefenceCheck::new(&pos, &Limits::movetime(20)).is_none());
    }

    #[test]
    fn each_move_is_asked_once() {
        let pos = Position::from_sfen(SACRIFICE_MATE).unwrap();
        let blunder = pos.parse_usi_move("G*3a").unwrap();
        let limits = Limits::movetime(60_000);
        let clock = Clock::new(&limits, pos.side_to_move());
        let mut check = DefenceCheck::new(&pos, &limits).unwrap();
        assert!(check.refutation(&pos, blunder, &clock).is_some());
        assert!(check.refutation(&pos, blunder, &clock).is_none());
    }

    #[test]
    fn a_search_on_the_clock_steps_around_the_mate() {
        use crate::engine::search::root::run_search;
        use crate::engine::search::tt::TranspositionTable;
        use std::sync::atomic::AtomicBool;
        let pos = Position::from_sfen(SACRIFICE_MATE).unwrap();
        let blunder = pos.parse_usi_move("G*3a").unwrap();
        let tt = TranspositionTable::new(16);
        let stop = AtomicBool::new(false);
        // a fixed depth, pure alpha-beta, walks into a mate...
        let fixed = run_search(&pos, &Limits::depth(9), &tt, &stop, &mut |_| {});
        let walked = fixed.best.expect("a move");
        assert!(opponent_mate_after(&pos, walked, nodes(100_000)).is_some(), "{}", walked.usi());
        // ...a search on the clock asks the solver and plays something else
        let tt = TranspositionTable::new(16);
        let timed = run_search(&pos, &Limits::movetime(2000), &tt, &stop, &mut |_| {});
        let best = timed.best.expect("a move");
        assert_ne!(best, blunder);
        assert_eq!(opponent_mate_after(&pos, best, nodes(100_000)), None, "{}", best.usi());
    }
}

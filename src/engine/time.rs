//! Search limits and time management: fixed depth / nodes / move time, sudden death, Fischer
//! increment and byoyomi (秒読み), infinite and ponder searches.
//!
//! From the clock we derive two budgets: the *optimum* (do not start a new iteration after
//! spending most of it) and the *maximum* (stop the search wherever it is). A safety margin
//! (`params::TIME_MARGIN_MS`) is kept for transmission delays; in byoyomi the byoyomi itself is
//! lost when unused, so it is spent almost fully.

use super::params::TIME_MARGIN_MS;
use crate::core::Color;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What limits a search. `Limits::default()` is an infinite search (stopped by the flag only).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Maximum nominal depth (plies).
    pub depth: Option<u32>,
    /// Maximum nodes (checked every 1024 nodes, and exactly at iteration boundaries).
    pub nodes: Option<u64>,
    /// Think exactly this long (milliseconds).
    pub movetime: Option<u64>,
    /// Remaining main time of sente and gote (milliseconds).
    pub time: [Option<u64>; 2],
    /// Fischer increment per move of sente and gote (milliseconds).
    pub inc: [u64; 2],
    /// Byoyomi (milliseconds).
    pub byoyomi: u64,
    /// Search until stopped.
    pub infinite: bool,
    /// Pondering: the flag becomes true at `ponderhit`, from when the clock limits apply.
    pub ponder: Option<Arc<AtomicBool>>,
    /// Number of principal variations to report (1 = normal search).
    pub multipv: usize,
    /// Search threads (0 or 1 = one thread, deterministic).
    pub threads: usize,
    /// Time kept back on every move for transmission and the GUI (milliseconds; `None`:
    /// `TIME_MARGIN_MS`). USI option `NetworkDelay`.
    pub overhead_ms: Option<u64>,
}

impl Limits {
    /// A fixed-depth search (deterministic).
    pub fn depth(d: u32) -> Limits {
        Limits { depth: Some(d), ..Limits::default() }
    }

    /// A fixed-nodes search (deterministic).
    pub fn nodes(n: u64) -> Limits {
        Limits { nodes: Some(n), ..Limits::default() }
    }

    /// A search of `ms` milliseconds.
    pub fn movetime(ms: u64) -> Limits {
        Limits { movetime: Some(ms), ..Limits::default() }
    }

    /// The time kept back on every move for transmission (milliseconds).
    pub fn margin(&self) -> u64 {
        self.overhead_ms.unwrap_or(TIME_MARGIN_MS)
    }

    /// Whether the clock limits anything at all.
    pub fn timed(&self) -> bool {
        self.movetime.is_some() || self.time.iter().any(Option::is_some) || self.byoyomi > 0
    }
}

/// Budgets in milliseconds for the side `us`: (optimum, maximum); `None` when untimed.
pub fn budgets(l: &Limits, us: Color) -> Option<(u64, u64)> {
    if l.infinite || !l.timed() {
        return None;
    }
    if let Some(mt) = l.movetime {
        let t = mt.saturating_sub(mt.min(l.margin()) / 4).max(1);
        return Some((t, t));
    }
    let remain = l.time[us.index()].unwrap_or(0);
    let inc = l.inc[us.index()];
    let byo = l.byoyomi;
    let margin = l.margin();
    let (opt, max) = if byo > 0 {
        let usable = (remain + byo).saturating_sub(margin);
        let max = (remain / 8 + byo).saturating_sub(margin).min(usable);
        let opt = if remain < byo { max } else { (remain / 30 + byo).saturating_sub(margin).min(max) };
        (opt, max)
    } else if inc > 0 {
        let usable = remain.saturating_sub(margin);
        let max = (remain / 6 + inc).min(usable);
        let opt = (remain / 35 + inc * 3 / 4).min(max);
        (opt, max)
    } else {
        let usable = remain.saturating_sub(margin);
        let max = (remain / 10).min(usable);
        let opt = (remain / 45).min(max);
        (opt, max)
    };
    Some((opt.max(10), max.max(10)))
}

/// The running clock of one search.
pub struct Clock {
    start: Instant,
    budgets: Option<(u64, u64)>,
    pondering: Option<Arc<AtomicBool>>,
}

impl Clock {
    pub fn new(l: &Limits, us: Color) -> Clock {
        Clock { start: Instant::now(), budgets: budgets(l, us), pondering: l.ponder.clone() }
    }

    /// Milliseconds since the search (or the ponderhit) started.
    pub fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// Still pondering (clock not running)? Notices a ponderhit and restarts the clock then.
    fn pondering(&mut self) -> bool {
        if let Some(flag) = &self.pondering {
            if flag.load(Ordering::Relaxed) {
                self.pondering = None;
                self.start = Instant::now();
                return false;
            }
            return true;
        }
        false
    }

    /// Must the search stop now (maximum spent)?
    pub fn out_of_time(&mut self) -> bool {
        if self.pondering() {
            return false;
        }
        match self.budgets {
            Some((_, max)) => self.elapsed_ms() >= max,
            None => false,
        }
    }

    /// Should no new iteration start (most of the optimum spent)?
    pub fn stop_iterating(&mut self) -> bool {
        if self.pondering() {
            return false;
        }
        match self.budgets {
            Some((opt, max)) => {
                let e = self.elapsed_ms();
                // with a fixed budget (move time, pure byoyomi) unused time is simply lost, so
                // keep iterating; the search is cut at the maximum anyway
                e >= max || (opt < max && e * 10 >= opt * 6)
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byoyomi_only_spends_almost_all_of_it() {
        let l = Limits { time: [Some(0), Some(0)], byoyomi: 10_000, ..Limits::default() };
        let (opt, max) = budgets(&l, Color::Black).unwrap();
        assert_eq!(opt, max);
        assert!((9_000..10_000).contains(&max));
    }

    #[test]
    fn sudden_death_keeps_a_reserve() {
        let l = Limits { time: [Some(60_000), Some(1_000)], ..Limits::default() };
        let (opt, max) = budgets(&l, Color::Black).unwrap();
        assert!(opt <= max && max <= 6_000);
        let (_, max_w) = budgets(&l, Color::White).unwrap();
        assert!(max_w < 1_000);
    }

    #[test]
    fn increment_is_used() {
        let l = Limits { time: [Some(10_000), Some(10_000)], inc: [5_000, 5_000], ..Limits::default() };
        let (opt, max) = budgets(&l, Color::White).unwrap();
        assert!(opt >= 3_000 && max <= 10_000);
    }

    #[test]
    fn network_delay_is_kept_back() {
        let mut l = Limits { time: [Some(0), Some(0)], byoyomi: 1_000, ..Limits::default() };
        assert_eq!(budgets(&l, Color::Black), Some((1_000 - TIME_MARGIN_MS, 1_000 - TIME_MARGIN_MS)));
        l.overhead_ms = Some(300);
        assert_eq!(budgets(&l, Color::Black), Some((700, 700)));
        l.overhead_ms = Some(0);
        assert_eq!(budgets(&l, Color::Black), Some((1_000, 1_000)));
    }

    #[test]
    fn untimed_searches_have_no_budget() {
        assert!(budgets(&Limits::depth(5), Color::Black).is_none());
        let l = Limits { infinite: true, byoyomi: 1000, ..Limits::default() };
        assert!(budgets(&l, Color::Black).is_none());
    }
}

//! Search limits and time management: fixed depth / nodes / move time, sudden death, Fischer
//! increment and byoyomi (秒読み), infinite and ponder searches.
//!
//! From the clock we derive two budgets: the *optimum* (do not start a new iteration after
//! spending most of it) and the *maximum* (stop the search wherever it is). A safety margin
//! (`params::TIME_MARGIN_MS`) is kept for transmission delays; in byoyomi the byoyomi itself is
//! lost when unused, so it is spent almost fully, and a byoyomi shorter than a few margins keeps
//! back a quarter of itself instead of the default margin (`params::SHORT_BYOYOMI_DIV`; a
//! larger margin, set for a slow network, is kept back whole). With a main time, how much of
//! the optimum is spent depends on the search itself (`IterationTimer`): more while the best
//! move keeps changing or the score falls, less once the same move has stayed best for many
//! iterations.
//!
//! The margin grows for a while after the machine has stalled: a search polls the clock every
//! 1024 nodes (well under a millisecond apart), so a longer gap between two polls means the
//! process was not running (an overloaded or paused virtual machine). Such stalls come in bursts,
//! and one that falls between our last poll and the GUI reading `bestmove` costs the game on
//! time, so the longest gap seen in the last two minutes is kept back on top of the margin.

use super::params::*;
use crate::core::{Color, Move};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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

    /// A move chosen on the clock alone: timed, and no analysis (`infinite`, pondering) or
    /// fixed depth or node count, which always search and stay pure alpha-beta. Only such a
    /// search takes its move from the book or asks the mate solver.
    pub fn clock_only(&self) -> bool {
        self.timed()
            && !(self.infinite || self.ponder.is_some() || self.depth.is_some() || self.nodes.is_some())
    }
}

/// Budgets in milliseconds for the side `us`: (optimum, maximum); `None` when untimed.
pub fn budgets(l: &Limits, us: Color) -> Option<(u64, u64)> {
    budgets_with(l, us, 0)
}

/// `budgets` with `reserve` ms kept back on top of the margin.
fn budgets_with(l: &Limits, us: Color, reserve: u64) -> Option<(u64, u64)> {
    if l.infinite || !l.timed() {
        return None;
    }
    if let Some(mt) = l.movetime {
        let t = mt.saturating_sub(mt.min(l.margin() + reserve) / MOVETIME_MARGIN_DIV).max(1);
        return Some((t, t));
    }
    let remain = l.time[us.index()].unwrap_or(0);
    let inc = l.inc[us.index()];
    let byo = l.byoyomi;
    // a byoyomi only a few margins long keeps back a part of itself, not nearly all of it; a
    // margin set above the default (a slow network) is kept back whole
    let margin = if byo > 0 && remain == 0 && l.margin() <= TIME_MARGIN_MS {
        l.margin().min(byo / SHORT_BYOYOMI_DIV)
    } else {
        l.margin()
    };
    let margin = margin + reserve;
    let (opt, max) = if byo > 0 {
        let usable = (remain + byo).saturating_sub(margin);
        let max = (remain / BYOYOMI_MAX_DIV + byo).saturating_sub(margin).min(usable);
        let opt = if remain < byo {
            max
        } else {
            (remain / MAIN_TIME_OPT_DIV + byo).saturating_sub(margin).min(max)
        };
        (opt, max)
    } else if inc > 0 {
        let usable = remain.saturating_sub(margin);
        let max = (remain / INCREMENT_MAX_DIV + inc).min(usable);
        let opt = (remain / MAIN_TIME_OPT_DIV + inc * INCREMENT_USED_PERCENT / 100).min(max);
        (opt, max)
    } else {
        let usable = remain.saturating_sub(margin);
        let max = (remain / SUDDEN_DEATH_MAX_DIV).min(usable);
        let opt = (remain / MAIN_TIME_OPT_DIV).min(max);
        (opt, max)
    };
    let floor = if byo == 0 && inc == 0 {
        (remain / SUDDEN_DEATH_FLOOR_DIV).clamp(1, MIN_BUDGET_MS)
    } else {
        MIN_BUDGET_MS
    };
    Some((opt.max(floor), max.max(floor)))
}

/// `budgets` with the stall reserve (see the module notes) added to the margin.
pub fn budgets_now(l: &Limits, us: Color) -> Option<(u64, u64)> {
    budgets_with(l, us, stall_reserve_ms())
}

/// The longest recent stall (ms) and when it was seen (ms since `epoch`).
pub struct StallMemory {
    gap: AtomicU64,
    at: AtomicU64,
    epoch: Instant,
}

impl StallMemory {
    pub fn new() -> StallMemory {
        StallMemory { gap: AtomicU64::new(0), at: AtomicU64::new(0), epoch: Instant::now() }
    }

    /// Milliseconds since this memory began.
    fn now(&self) -> u64 {
        self.epoch.elapsed().as_millis() as u64
    }

    /// Milliseconds kept back at `now` (ms since `epoch`).
    fn reserve_at(&self, now: u64) -> u64 {
        reserve_for(self.gap.load(Ordering::Relaxed), self.at.load(Ordering::Relaxed), now)
    }

    /// Records a gap of `gap` ms seen at `now`; it sets the reserve when it is at least the
    /// current one.
    fn note_at(&self, gap: u64, now: u64) {
        if gap >= self.reserve_at(now) {
            self.gap.store(gap, Ordering::Relaxed);
            self.at.store(now, Ordering::Relaxed);
        }
    }
}

impl Default for StallMemory {
    fn default() -> StallMemory {
        StallMemory::new()
    }
}

/// The stall memory of the searches of this process: stalls are a property of the machine, so
/// one search's stall is kept back by the next. Unit tests each run on a thread of their own and
/// get a memory per thread, so a stall one test sees never changes another's budgets.
fn stalls() -> &'static StallMemory {
    #[cfg(not(test))]
    {
        static STALLS: std::sync::OnceLock<StallMemory> = std::sync::OnceLock::new();
        STALLS.get_or_init(StallMemory::new)
    }
    #[cfg(test)]
    {
        thread_local! {
            static STALLS: &'static StallMemory = Box::leak(Box::new(StallMemory::new()));
        }
        STALLS.with(|s| *s)
    }
}

/// What is kept back for a stall of `gap` ms seen at `at`, at time `now` (ms since the epoch).
fn reserve_for(gap: u64, at: u64, now: u64) -> u64 {
    if gap == 0 || now.saturating_sub(at) > STALL_MEMORY_MS { 0 } else { gap.min(STALL_RESERVE_MAX_MS) }
}

/// Milliseconds kept back, on top of the margin, because the machine stalled lately.
pub fn stall_reserve_ms() -> u64 {
    let s = stalls();
    s.reserve_at(s.now())
}

/// Records a gap of `gap` ms in which a search did not run; it sets the reserve when it is
/// at least the current one.
pub fn note_stall(gap: u64) {
    let s = stalls();
    s.note_at(gap, s.now());
}

/// The running clock of one search.
pub struct Clock {
    start: Instant,
    budgets: Option<(u64, u64)>,
    pondering: Option<Arc<AtomicBool>>,
    /// Elapsed ms at the last `out_of_time` poll (to notice stalls).
    last_poll: Option<u64>,
}

impl Clock {
    pub fn new(l: &Limits, us: Color) -> Clock {
        Clock {
            start: Instant::now(),
            budgets: budgets_now(l, us),
            pondering: l.ponder.clone(),
            last_poll: None,
        }
    }

    /// Milliseconds since the search (or the ponderhit) started.
    pub fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// Milliseconds left before the maximum, `None` when the clock limits nothing.
    pub fn remaining_ms(&self) -> Option<u64> {
        self.budgets.map(|(_, max)| max.saturating_sub(self.elapsed_ms()))
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
            Some((_, max)) => {
                let e = self.elapsed_ms();
                if let Some(last) = self.last_poll
                    && e > last + STALL_GAP_MS
                {
                    note_stall(e - last);
                }
                self.last_poll = Some(e);
                e >= max
            }
            None => false,
        }
    }

    /// Should no new iteration start (most of the optimum spent)? `scale` stretches or
    /// shrinks the optimum by how settled the search is (see `IterationTimer`).
    pub fn stop_iterating(&mut self, scale: f64) -> bool {
        if self.pondering() {
            return false;
        }
        match self.budgets {
            Some((opt, max)) => {
                let e = self.elapsed_ms();
                // with a fixed budget (move time, pure byoyomi) unused time is simply lost, so
                // keep iterating; the search is cut at the maximum anyway
                e >= max || (opt < max && e as f64 >= opt as f64 * ITERATION_OPT_SHARE * scale)
            }
            None => false,
        }
    }
}

/// How much of the optimum a search with a main time should spend, from how its iterations
/// went (the idea of Stockfish's time manager): more when the best move keeps changing or the
/// score is falling, less when the same move has been best for many iterations.
#[derive(Clone, Debug, Default)]
pub struct IterationTimer {
    /// The last iteration's best move and score.
    best: Option<(Move, i32)>,
    /// Best-move changes, halved every iteration.
    changes: f64,
    /// Completed iterations with the same best move.
    stable: u32,
    /// Running average of the iterations' scores, each new one weighing half (a reference for
    /// a falling score).
    reference: Option<i32>,
}

impl IterationTimer {
    /// Records a completed iteration (best move, score from the side to move) and
    /// returns the factor for `Clock::stop_iterating`.
    pub fn record(&mut self, best_move: Move, score: i32) -> f64 {
        self.changes /= 2.0;
        match self.best {
            Some((m, _)) if m == best_move => self.stable += 1,
            Some(_) => {
                self.changes += 1.0;
                self.stable = 0;
            }
            None => {}
        }
        let previous = self.best.map_or(score, |(_, v)| v);
        self.best = Some((best_move, score));
        let reference = *self.reference.get_or_insert(score);
        self.reference = Some((reference + score) / 2);
        // a score falling from the last iteration and from the running average asks for time
        let fall = (previous - score).max(0) + (reference - score).max(0) / 2;
        let falling = (1.0 + fall as f64 / TIME_FALL_CP).min(TIME_FALL_MAX);
        let instability = 1.0 + self.changes.min(TIME_CHANGES_MAX);
        let settled = if self.stable >= TIME_SETTLED_ITERATIONS && fall < TIME_SETTLED_FALL_CP {
            TIME_SETTLED_SCALE
        } else {
            1.0
        };
        (falling * instability * settled).clamp(TIME_SCALE_MIN, TIME_SCALE_MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iteration_timer_spends_more_on_unsettled_searches() {
        // the same best move and score iteration after iteration: less than the optimum
        let mut t = IterationTimer::default();
        let mut scale = 1.0;
        for _ in 0..12 {
            scale = t.record(Move::from_bits(7), 50);
        }
        assert!(scale < 1.0, "{scale}");
        // a best move that changes every iteration: more
        let mut t = IterationTimer::default();
        for i in 0..12 {
            scale = t.record(Move::from_bits(i % 2), 50);
        }
        assert!(scale > 1.5, "{scale}");
        // a falling score: more, and never beyond the cap
        let mut t = IterationTimer::default();
        for d in 0..12 {
            scale = t.record(Move::from_bits(7), 200 - 60 * d);
        }
        assert!(scale > 1.3 && scale <= 2.0, "{scale}");
        // a rising score with the same move: not more
        let mut t = IterationTimer::default();
        for d in 0..6 {
            scale = t.record(Move::from_bits(7), 30 * d);
        }
        assert!(scale <= 1.0, "{scale}");
    }

    /// `clock` as if it had started `ms` milliseconds ago.
    fn started_ago(clock: &mut Clock, ms: u64) {
        clock.start = Instant::now() - std::time::Duration::from_millis(ms);
    }

    #[test]
    fn a_settled_search_stops_iterating_before_the_optimum() {
        let l = Limits { time: [Some(60_000), Some(60_000)], ..Limits::default() };
        let mut c = Clock::new(&l, Color::Black);
        let (opt, _) = budgets(&l, Color::Black).unwrap();
        started_ago(&mut c, opt / 2 * 6 / 10 + 5);
        // past half the optimum scaled by 0.6, not past half the optimum scaled by 2
        assert!(c.stop_iterating(0.6));
        assert!(!c.stop_iterating(2.0));
    }

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

    /// Spending the optimum on every move of a 5-minute sudden-death game leaves a reserve after
    /// 60 moves each, but not most of the clock.
    #[test]
    fn sudden_death_spreads_the_clock_over_a_long_game() {
        let start = 300_000u64;
        let mut remain = start;
        for _ in 0..60 {
            let l = Limits { time: [Some(remain), Some(remain)], ..Limits::default() };
            remain -= budgets(&l, Color::Black).unwrap().0;
        }
        assert!((start / 12..start / 5).contains(&remain), "{remain}");
    }

    #[test]
    fn sudden_death_with_little_left_thinks_briefly() {
        let l = |ms| Limits { time: [Some(ms), Some(ms)], ..Limits::default() };
        assert_eq!(budgets(&l(60_000), Color::Black), Some((2_000, 6_000)));
        assert_eq!(budgets(&l(200), Color::Black), Some((6, 20)));
        assert_eq!(budgets(&l(40), Color::Black), Some((1, 1)));
        assert_eq!(budgets(&l(0), Color::Black), Some((1, 1)));
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
    fn a_short_byoyomi_keeps_back_a_quarter_of_itself() {
        let byo = |ms, margin| Limits {
            time: [Some(0), Some(0)],
            byoyomi: ms,
            overhead_ms: Some(margin),
            ..Limits::default()
        };
        assert_eq!(budgets(&byo(100, 100), Color::Black), Some((75, 75)));
        assert_eq!(budgets(&byo(200, 100), Color::Black), Some((150, 150)));
        // from four margins on, the margin as it is
        assert_eq!(budgets(&byo(400, 100), Color::Black), Some((300, 300)));
        assert_eq!(budgets(&byo(1_000, 100), Color::Black), Some((900, 900)));
        // a smaller margin than a quarter stays as it is, and one set above the default too
        assert_eq!(budgets(&byo(100, 10), Color::Black), Some((90, 90)));
        assert_eq!(budgets(&byo(300, 200), Color::Black), Some((100, 100)));
        // with main time left, the margin as it is
        let l = Limits {
            time: [Some(800), Some(800)],
            byoyomi: 100,
            overhead_ms: Some(100),
            ..Limits::default()
        };
        assert_eq!(budgets(&l, Color::Black), Some((26, 100)));
        // a recent stall is kept back on top of the quarter
        assert_eq!(budgets_with(&byo(200, 100), Color::Black, 30), Some((120, 120)));
        assert_eq!(budgets_with(&byo(100, 100), Color::Black, 200), Some((10, 10)));
    }

    #[test]
    fn a_recent_stall_is_kept_back() {
        assert_eq!(reserve_for(0, 0, 10), 0);
        assert_eq!(reserve_for(180, 1_000, 1_000 + STALL_MEMORY_MS), 180);
        assert_eq!(reserve_for(180, 1_000, 1_001 + STALL_MEMORY_MS), 0, "forgotten after a while");
        assert_eq!(reserve_for(5_000, 0, 0), STALL_RESERVE_MAX_MS);
        // a memory keeps the longest recent gap, and forgets it after a while
        let m = StallMemory::new();
        m.note_at(300, 1_000);
        m.note_at(200, 2_000);
        assert_eq!(m.reserve_at(2_000), 300);
        m.note_at(200, 1_001 + STALL_MEMORY_MS);
        assert_eq!(m.reserve_at(1_001 + STALL_MEMORY_MS), 200);
        // a search that is not running between two polls of its clock records the gap, and the
        // next budgets keep it back (this test's memory is its own)
        let l = Limits { time: [Some(0), Some(0)], byoyomi: 10_000, ..Limits::default() };
        let mut clock = Clock::new(&l, Color::Black);
        assert!(!clock.out_of_time());
        let polled = clock.elapsed_ms();
        started_ago(&mut clock, polled + STALL_GAP_MS + 30);
        assert!(!clock.out_of_time());
        let reserve = stall_reserve_ms();
        assert!(reserve >= STALL_GAP_MS + 30, "{reserve}");
        let (_, max) = budgets_now(&l, Color::Black).unwrap();
        assert!(max <= 10_000 - TIME_MARGIN_MS - STALL_GAP_MS - 30);
    }

    #[test]
    fn untimed_searches_have_no_budget() {
        assert!(budgets(&Limits::depth(5), Color::Black).is_none());
        let l = Limits { infinite: true, byoyomi: 1000, ..Limits::default() };
        assert!(budgets(&l, Color::Black).is_none());
    }
}

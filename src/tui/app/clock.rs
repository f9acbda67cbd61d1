//! Game clocks: main time, byoyomi (秒読み) and a Fischer increment per side, each side's own
//! (time odds), or none at all: an untimed game's clock is a stopwatch that only measures each
//! move's thinking time for the record. Pure arithmetic on instants given by the caller, so it
//! is tested without sleeping. The time controls they run by, and their presets, are the
//! settings' (`settings::TimeControl`), named here too for the app's files.

use crate::core::Color;
pub use crate::tui::settings::{
    TIME_PRESETS, TimeControl, TimeControls, controls_label_en, controls_label_ja, preset, preset_label,
};
use std::time::Instant;

/// The byoyomi count's state.
#[derive(Debug, Default)]
pub(super) struct Count {
    /// The last second counted (the node it was at, the seconds left), so each is counted once.
    pub(super) counted: Option<(crate::record::NodeId, u64)>,
    /// The clock panel flashes until then (the count, when the bell is off).
    pub(super) flash_until: Option<std::time::Instant>,
}

/// Main time left as a clock shows it: `m:ss`, or `h:mm:ss` from an hour up.
pub fn time_left_text(seconds: u64) -> String {
    if seconds >= 3600 {
        format!("{}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60)
    } else {
        format!("{}:{:02}", seconds / 60, seconds % 60)
    }
}

/// The seconds left at which the count sounds (or flashes): 10, then each of the last five.
pub const COUNT_AT: [u64; 6] = [10, 5, 4, 3, 2, 1];

/// How long the clock panel flashes for a count when the bell is off.
pub const FLASH: std::time::Duration = std::time::Duration::from_millis(400);

#[derive(Clone, Debug)]
pub struct GameClock {
    /// Each side's time control; `None`: an untimed game, whose clock only measures the time
    /// each move took.
    pub tc: Option<TimeControls>,
    /// Main time left per side (ms).
    pub remaining: [u64; 2],
    /// When the side to move's turn began.
    pub turn_start: Instant,
    /// Total time used per side (ms), for the record's running totals.
    pub used: [u64; 2],
    /// The clocks are stopped (a paused or just resumed game): no time is charged.
    pub stopped: bool,
    /// Time the side to move spent on this move before the clocks were last stopped (ms).
    pub banked: u64,
}

impl GameClock {
    /// Clocks for `tc` (`None`: an untimed game's stopwatch), the first turn starting at `now`.
    pub fn new(tc: Option<TimeControls>, now: Instant) -> GameClock {
        let remaining = tc.map_or([0; 2], |tc| [tc[0].main_ms, tc[1].main_ms]);
        GameClock { tc, remaining, turn_start: now, used: [0; 2], stopped: false, banked: 0 }
    }

    /// Whether the game is played on a clock (not only timed for the record).
    pub fn timed(&self) -> bool {
        self.tc.is_some()
    }

    /// `side`'s time control (all zero when untimed).
    pub fn control(&self, side: Color) -> TimeControl {
        self.tc.map(|tc| tc[side.index()]).unwrap_or_default()
    }

    /// Time the side to move has spent on this move so far (nothing runs while stopped).
    pub fn elapsed(&self, now: Instant) -> u64 {
        if self.stopped {
            return self.banked;
        }
        self.banked + now.saturating_duration_since(self.turn_start).as_millis() as u64
    }

    /// Stops the clocks at `now`: the time spent on this move so far is kept, and no more is
    /// charged until `start`.
    pub fn stop(&mut self, now: Instant) {
        if !self.stopped {
            self.banked = self.elapsed(now);
            self.stopped = true;
        }
    }

    /// Starts stopped clocks again: the side to move's time runs from `now`.
    pub fn start(&mut self, now: Instant) {
        if self.stopped {
            self.stopped = false;
            self.turn_start = now;
        }
    }

    /// `side` finished its move at `now`: charge the time (and add its increment) and start
    /// the other side's turn (stopped clocks start). Returns the milliseconds spent on the move.
    pub fn on_move(&mut self, side: Color, now: Instant) -> u64 {
        let spent = self.elapsed(now);
        self.stopped = false;
        self.banked = 0;
        let i = side.index();
        let increment = self.control(side).increment_ms;
        self.remaining[i] = self.remaining[i].saturating_sub(spent) + increment;
        self.used[i] += spent;
        self.turn_start = now;
        spent
    }

    /// Sets the time used per side (ms) as a record has it after `moves` moves of each side,
    /// the main time left following from it (with the increments earned); the side to move's
    /// turn starts at `now`, nothing spent on it yet.
    pub fn restore(&mut self, used: [u64; 2], moves: [u64; 2], now: Instant) {
        self.used = used;
        self.banked = 0;
        for side in [Color::Black, Color::White] {
            let (i, tc) = (side.index(), self.control(side));
            self.remaining[i] = (tc.main_ms + tc.increment_ms * moves[i]).saturating_sub(used[i]);
        }
        self.turn_start = now;
    }

    /// Whether `side`, to move since `turn_start`, has run out of main time and byoyomi (never
    /// on an untimed game's clock).
    pub fn flag_fell(&self, side: Color, now: Instant) -> bool {
        self.timed() && self.elapsed(now) > self.remaining[side.index()] + self.control(side).byoyomi_ms
    }

    /// The whole seconds left (rounded up) of the countdown that loses when it runs out, for
    /// `side` to move: the byoyomi once the main time is used up, or the main time when no
    /// byoyomi follows. `None` while main time with byoyomi after it runs, or when untimed.
    pub fn countdown(&self, side: Color, now: Instant) -> Option<u64> {
        let tc = self.tc?[side.index()];
        let spent = self.elapsed(now);
        let main = self.remaining[side.index()];
        if tc.byoyomi_ms > 0 {
            (spent >= main).then(|| tc.byoyomi_ms.saturating_sub(spent - main).div_ceil(1000))
        } else {
            Some(main.saturating_sub(spent).div_ceil(1000))
        }
    }

    /// What `side` has left, as shown: main time, or the byoyomi countdown once it is used up
    /// (put in words by `byoyomi`, from the seconds left).
    pub fn display(
        &self,
        side: Color,
        to_move: bool,
        now: Instant,
        byoyomi_words: fn(u64) -> String,
    ) -> String {
        let spent = if to_move { self.elapsed(now) } else { 0 };
        self.display_spent(side, spent, byoyomi_words)
    }

    /// What `side` has left once its flag has fallen: nothing, main time and byoyomi spent.
    pub fn display_out_of_time(&self, side: Color, byoyomi_words: fn(u64) -> String) -> String {
        let all = self.remaining[side.index()] + self.control(side).byoyomi_ms;
        self.display_spent(side, all, byoyomi_words)
    }

    /// What `side` has left after spending `spent` ms on the move it is to make.
    fn display_spent(&self, side: Color, spent: u64, byoyomi_words: fn(u64) -> String) -> String {
        let main = self.remaining[side.index()];
        let byoyomi = self.control(side).byoyomi_ms;
        if spent < main || (main > 0 && byoyomi == 0) {
            time_left_text(main.saturating_sub(spent) / 1000)
        } else {
            let into_byoyomi = spent.saturating_sub(main);
            let left = byoyomi.saturating_sub(into_byoyomi).div_ceil(1000);
            byoyomi_words(left)
        }
    }
}

#[cfg(test)]
mod tests {
    const JA_BYOYOMI: fn(u64) -> String = crate::tui::text::review::JA.byoyomi;
    use super::*;
    use std::time::Duration;

    fn even(tc: TimeControl) -> Option<TimeControls> {
        Some([tc; 2])
    }

    #[test]
    fn main_time_then_byoyomi_then_flag() {
        let t0 = Instant::now();
        let mut c = GameClock::new(even(TimeControl::new(10_000, 5_000)), t0);
        assert_eq!(c.display(Color::Black, true, t0, JA_BYOYOMI), "0:10");
        // sente spends 4 s
        assert_eq!(c.on_move(Color::Black, t0 + Duration::from_secs(4)), 4_000);
        assert_eq!(c.remaining, [6_000, 10_000]);
        // gote thinks 12 s: main time gone, 3 s into byoyomi: still alive
        let t1 = t0 + Duration::from_secs(4);
        assert!(!c.flag_fell(Color::White, t1 + Duration::from_secs(12)));
        assert_eq!(c.display(Color::White, true, t1 + Duration::from_secs(12), JA_BYOYOMI), "秒読み 3");
        assert_eq!(c.countdown(Color::White, t1 + Duration::from_secs(12)), Some(3));
        assert_eq!(c.countdown(Color::White, t1 + Duration::from_secs(9)), None, "main time runs");
        // at 15.5 s the flag falls
        assert!(c.flag_fell(Color::White, t1 + Duration::from_millis(15_500)));
    }

    #[test]
    fn stopped_clocks_charge_nothing_until_started() {
        let t0 = Instant::now();
        let mut c = GameClock::new(even(TimeControl::new(60_000, 0)), t0);
        // sente thinks 5 s, then the game is paused for an hour
        c.stop(t0 + Duration::from_secs(5));
        let t1 = t0 + Duration::from_secs(3600);
        assert_eq!(c.elapsed(t1), 5_000, "the 5 s before the pause, nothing after");
        assert!(!c.flag_fell(Color::Black, t1));
        assert_eq!(c.display(Color::Black, true, t1, JA_BYOYOMI), "0:55");
        // started again: 3 s more, and the move is charged 5 + 3 s
        c.start(t1);
        assert_eq!(c.on_move(Color::Black, t1 + Duration::from_secs(3)), 8_000);
        assert_eq!(c.remaining, [52_000, 60_000]);
        assert_eq!(c.used, [8_000, 0]);
    }

    #[test]
    fn sudden_death_shows_main_time_to_zero() {
        let t0 = Instant::now();
        let c = GameClock::new(even(TimeControl::new(60_000, 0)), t0);
        assert_eq!(c.display(Color::White, false, t0, JA_BYOYOMI), "1:00");
        assert!(c.flag_fell(Color::Black, t0 + Duration::from_millis(60_001)));
        assert!(!c.flag_fell(Color::Black, t0 + Duration::from_millis(59_999)));
        assert_eq!(c.countdown(Color::Black, t0 + Duration::from_millis(50_500)), Some(10));
    }

    #[test]
    fn an_untimed_clock_measures_moves_and_never_falls() {
        let t0 = Instant::now();
        let mut c = GameClock::new(None, t0);
        assert!(!c.timed());
        assert_eq!(c.on_move(Color::Black, t0 + Duration::from_secs(3)), 3_000);
        assert_eq!(c.on_move(Color::White, t0 + Duration::from_secs(10)), 7_000);
        assert_eq!(c.used, [3_000, 7_000]);
        assert!(!c.flag_fell(Color::Black, t0 + Duration::from_secs(1_000_000)));
        assert_eq!(c.countdown(Color::Black, t0 + Duration::from_secs(99)), None);
    }

    #[test]
    fn fischer_adds_the_increment_and_each_side_has_its_own_control() {
        let t0 = Instant::now();
        let fischer = TimeControl { main_ms: 60_000, byoyomi_ms: 0, increment_ms: 10_000 };
        let short = TimeControl::new(30_000, 10_000);
        let mut c = GameClock::new(Some([fischer, short]), t0);
        assert_eq!(c.remaining, [60_000, 30_000]);
        c.on_move(Color::Black, t0 + Duration::from_secs(4));
        assert_eq!(c.remaining[0], 66_000, "60 - 4 + 10");
        // gote has 30 s and 10 s byoyomi: at 35 s it is in byoyomi, at 41 s it lost
        let t1 = t0 + Duration::from_secs(4);
        assert_eq!(c.display(Color::White, true, t1 + Duration::from_secs(35), JA_BYOYOMI), "秒読み 5");
        assert!(c.flag_fell(Color::White, t1 + Duration::from_secs(41)));
        // the record's totals give the same clocks back (the increment earned per move)
        let mut back = GameClock::new(Some([fischer, short]), t0);
        back.restore([4_000, 0], [1, 0], t1);
        assert_eq!(back.remaining, c.remaining);
    }
}

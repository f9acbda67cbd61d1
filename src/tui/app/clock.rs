//! Game clocks: main time plus byoyomi (秒読み) per side. Pure arithmetic on instants given by
//! the caller, so it is tested without sleeping.

use crate::core::Color;
use std::time::Instant;

/// A time control: main time and byoyomi, in milliseconds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub main_ms: u64,
    pub byoyomi_ms: u64,
}

/// The choices offered when starting a game (`None` = no clock).
pub const TIME_PRESETS: [(Option<TimeControl>, &str); 5] = [
    (None, "no clock"),
    (Some(TimeControl { main_ms: 600_000, byoyomi_ms: 0 }), "10 min, sudden death (切れ負け)"),
    (Some(TimeControl { main_ms: 600_000, byoyomi_ms: 30_000 }), "10 min + 30 s byoyomi"),
    (Some(TimeControl { main_ms: 180_000, byoyomi_ms: 10_000 }), "3 min + 10 s byoyomi"),
    (Some(TimeControl { main_ms: 0, byoyomi_ms: 30_000 }), "30 s per move (30秒将棋)"),
];

/// The presets' names in Japanese, as the interface shows them and as KIF's `持ち時間` header
/// writes them.
pub const TIME_PRESETS_JA: [&str; 5] =
    ["なし", "10分切れ負け", "10分 秒読み30秒", "3分 秒読み10秒", "1手30秒 (30秒将棋)"];

/// The name of preset `i` in the interface language.
pub fn preset_label(i: usize, language: crate::tui::settings::Language) -> &'static str {
    let i = i.min(TIME_PRESETS.len() - 1);
    match language {
        crate::tui::settings::Language::Ja => TIME_PRESETS_JA[i],
        crate::tui::settings::Language::En => TIME_PRESETS[i].1,
    }
}

#[derive(Clone, Debug)]
pub struct GameClock {
    pub tc: TimeControl,
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
    pub fn new(tc: TimeControl, now: Instant) -> GameClock {
        GameClock { tc, remaining: [tc.main_ms; 2], turn_start: now, used: [0; 2], stopped: false, banked: 0 }
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

    /// `side` finished its move at `now`: charge the time and start the other side's turn
    /// (stopped clocks start). Returns the milliseconds spent on the move.
    pub fn on_move(&mut self, side: Color, now: Instant) -> u64 {
        let spent = self.elapsed(now);
        self.stopped = false;
        self.banked = 0;
        let i = side.index();
        self.remaining[i] = self.remaining[i].saturating_sub(spent);
        self.used[i] += spent;
        self.turn_start = now;
        spent
    }

    /// Sets the time used per side (ms) as a record has it, the main time left following from
    /// it; the side to move's turn starts at `now`.
    pub fn restore(&mut self, used: [u64; 2], now: Instant) {
        self.used = used;
        self.banked = 0;
        self.remaining = used.map(|u| self.tc.main_ms.saturating_sub(u));
        self.turn_start = now;
    }

    /// Whether `side`, to move since `turn_start`, has run out of main time and byoyomi.
    pub fn flag_fell(&self, side: Color, now: Instant) -> bool {
        self.elapsed(now) > self.remaining[side.index()] + self.tc.byoyomi_ms
    }

    /// What `side` has left, as shown: main time, or the byoyomi countdown once it is used up
    /// (put in words by `byoyomi`, from the seconds left).
    pub fn display(&self, side: Color, to_move: bool, now: Instant, byoyomi: fn(u64) -> String) -> String {
        let spent = if to_move { self.elapsed(now) } else { 0 };
        let main = self.remaining[side.index()];
        if spent < main || (main > 0 && self.tc.byoyomi_ms == 0) {
            let left = main.saturating_sub(spent) / 1000;
            format!("{}:{:02}", left / 60, left % 60)
        } else {
            let into_byoyomi = spent.saturating_sub(main);
            let left = self.tc.byoyomi_ms.saturating_sub(into_byoyomi).div_ceil(1000);
            byoyomi(left)
        }
    }
}

#[cfg(test)]
mod tests {
    const JA_BYOYOMI: fn(u64) -> String = crate::tui::text::review::JA.byoyomi;
    use super::*;
    use std::time::Duration;

    #[test]
    fn main_time_then_byoyomi_then_flag() {
        let t0 = Instant::now();
        let tc = TimeControl { main_ms: 10_000, byoyomi_ms: 5_000 };
        let mut c = GameClock::new(tc, t0);
        assert_eq!(c.display(Color::Black, true, t0, JA_BYOYOMI), "0:10");
        // sente spends 4 s
        assert_eq!(c.on_move(Color::Black, t0 + Duration::from_secs(4)), 4_000);
        assert_eq!(c.remaining, [6_000, 10_000]);
        // gote thinks 12 s: main time gone, 3 s into byoyomi: still alive
        let t1 = t0 + Duration::from_secs(4);
        assert!(!c.flag_fell(Color::White, t1 + Duration::from_secs(12)));
        assert_eq!(c.display(Color::White, true, t1 + Duration::from_secs(12), JA_BYOYOMI), "秒読み 3");
        // at 15.5 s the flag falls
        assert!(c.flag_fell(Color::White, t1 + Duration::from_millis(15_500)));
    }

    #[test]
    fn stopped_clocks_charge_nothing_until_started() {
        let t0 = Instant::now();
        let mut c = GameClock::new(TimeControl { main_ms: 60_000, byoyomi_ms: 0 }, t0);
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
        let c = GameClock::new(TimeControl { main_ms: 60_000, byoyomi_ms: 0 }, t0);
        assert_eq!(c.display(Color::White, false, t0, JA_BYOYOMI), "1:00");
        assert!(c.flag_fell(Color::Black, t0 + Duration::from_millis(60_001)));
        assert!(!c.flag_fell(Color::Black, t0 + Duration::from_millis(59_999)));
    }
}

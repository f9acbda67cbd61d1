//! The server's clock, as a client keeps it: each side's remaining time follows the `T` figures
//! the server sends (the server charges a move `max(whole seconds used, least time per move)`,
//! adds the Fischer increment and never goes below zero), and is counted down locally between
//! moves. Byoyomi starts when the main time is gone; the increment is shown as part of the time
//! for the move being thought about, as the server counts it (`remaining + increment + byoyomi`
//! must stay above the time used).

use crate::core::Color;
use crate::engine::player::{TimeBudget, UNTIMED_MOVE_MS};
use std::time::{Duration, Instant};

/// The time control from the game summary, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TimeControl {
    /// The length of one time unit (`Time_Unit:1sec` is 1000).
    pub unit_ms: u64,
    pub total_ms: u64,
    pub byoyomi_ms: u64,
    /// The Fischer increment per move.
    pub increment_ms: u64,
    /// The least time charged for a move.
    pub least_per_move_ms: u64,
}

impl TimeControl {
    /// Whether the game has no clock at all.
    pub fn is_untimed(&self) -> bool {
        self.total_ms == 0 && self.byoyomi_ms == 0 && self.increment_ms == 0
    }

    /// The time control in words: `10 min + 10 s byoyomi`, `5 min + 10 s per move (Fischer)`.
    pub fn describe(&self) -> String {
        if self.is_untimed() {
            return "no time limit".to_string();
        }
        let mut s = duration_words(self.total_ms);
        if self.byoyomi_ms > 0 {
            s.push_str(&format!(" + {} byoyomi", duration_words(self.byoyomi_ms)));
        }
        if self.increment_ms > 0 {
            s.push_str(&format!(" + {} per move (Fischer)", duration_words(self.increment_ms)));
        }
        if self.least_per_move_ms > 0 {
            s.push_str(&format!(", at least {} a move", duration_words(self.least_per_move_ms)));
        }
        s
    }

    /// The record's `持ち時間` header as KIF writes it: `5分+10秒` (the byoyomi after the `+`).
    pub fn kif_header(&self) -> String {
        crate::record::time_limit::kif_time_limit(self.total_ms / 1000, self.byoyomi_ms / 1000)
    }
}

/// `10 min`, `90 s`, `1 h 5 min`, `0.5 s`.
fn duration_words(ms: u64) -> String {
    if !ms.is_multiple_of(1000) {
        return format!("{} s", ms as f64 / 1000.0);
    }
    let s = ms / 1000;
    match (s / 3600, s / 60 % 60, s % 60) {
        (0, 0, s) => format!("{s} s"),
        (0, m, 0) => format!("{m} min"),
        (0, m, s) => format!("{m} min {s} s"),
        (h, 0, 0) => format!("{h} h"),
        (h, m, 0) => format!("{h} h {m} min"),
        (h, m, s) => format!("{h} h {m} min {s} s"),
    }
}

/// One side's clock as shown: the main time left and the byoyomi left (both counting down while
/// that side is to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockReading {
    pub main_ms: u64,
    pub byoyomi_ms: u64,
    /// This side is to move and its clock is running.
    pub running: bool,
}

/// Both sides' clocks as the server keeps them.
#[derive(Clone, Debug)]
pub struct ServerClock {
    control: TimeControl,
    /// Main time left for each side, as the server's figures say.
    remaining_ms: [u64; 2],
    to_move: Color,
    /// When the side to move started thinking (the last move or the start arrived); `None`
    /// before the start and after the end.
    turn_started: Option<Instant>,
}

/// Milliseconds a computer player keeps back from the server's clock on every move, for the
/// network (`shogiban csa --margin`'s default, and the app's engine playing online).
pub const MARGIN_MS: u64 = 1000;

impl ServerClock {
    /// The time budget of `to_move` for a computer player, from this clock at `now`, with
    /// `margin_ms` kept back for the network.
    pub fn budget(&self, to_move: Color, margin_ms: u64, now: Instant) -> TimeBudget {
        let c = self.control();
        if c.is_untimed() {
            return TimeBudget {
                time_ms: None,
                increment_ms: 0,
                byoyomi_ms: 0,
                margin_ms,
                deadline: Some(now + Duration::from_millis(UNTIMED_MOVE_MS)),
            };
        }
        let elapsed = self.elapsed(now).as_millis() as u64;
        let mut time = [self.remaining_ms(Color::Black), self.remaining_ms(Color::White)];
        let ours = &mut time[to_move.index()];
        let over = elapsed.saturating_sub(*ours);
        *ours = ours.saturating_sub(elapsed);
        let left = self.time_left(now).unwrap_or_default().as_millis() as u64;
        TimeBudget {
            time_ms: Some(time),
            increment_ms: c.increment_ms,
            byoyomi_ms: c.byoyomi_ms.saturating_sub(over),
            margin_ms,
            deadline: Some(now + Duration::from_millis(left.saturating_sub(margin_ms).max(1))),
        }
    }

    pub fn new(control: TimeControl, to_move: Color) -> ServerClock {
        ServerClock { control, remaining_ms: [control.total_ms; 2], to_move, turn_started: None }
    }

    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// Sets each side's remaining time (a summary's `Remaining_Time+`/`-`, after a reconnect).
    pub fn set_remaining(&mut self, remaining_ms: [u64; 2]) {
        self.remaining_ms = remaining_ms;
    }

    /// The game started: the side to move's clock runs from `now`.
    pub fn start(&mut self, now: Instant) {
        self.turn_started = Some(now);
    }

    /// The clocks stop (the game ended).
    pub fn stop(&mut self) {
        self.turn_started = None;
    }

    /// `color` moved and the server charged it `time_units`; the other side's clock runs from
    /// `now`. A missing figure is charged as the time measured here.
    pub fn charge(&mut self, color: Color, time_units: Option<u64>, now: Instant) {
        let used = match time_units {
            Some(t) => t.saturating_mul(self.control.unit_ms),
            None => {
                let measured =
                    self.turn_started.map_or(0, |s| now.saturating_duration_since(s).as_millis() as u64);
                (measured / 1000 * 1000).max(self.control.least_per_move_ms)
            }
        };
        let r = &mut self.remaining_ms[color.index()];
        *r = (*r + self.control.increment_ms).saturating_sub(used);
        self.to_move = color.flip();
        if self.turn_started.is_some() {
            self.turn_started = Some(now);
        }
    }

    /// Main time left for `color` by the server's figures (not counting the move in progress).
    pub fn remaining_ms(&self, color: Color) -> u64 {
        self.remaining_ms[color.index()]
    }

    /// How long the side to move has been thinking.
    pub fn elapsed(&self, now: Instant) -> Duration {
        self.turn_started.map_or(Duration::ZERO, |s| now.saturating_duration_since(s))
    }

    /// What `color`'s clock shows at `now`.
    pub fn reading(&self, color: Color, now: Instant) -> ClockReading {
        let running = self.turn_started.is_some() && color == self.to_move;
        let mut main = self.remaining_ms[color.index()];
        if color == self.to_move && self.turn_started.is_some() {
            main += self.control.increment_ms;
        }
        let elapsed = if running { self.elapsed(now).as_millis() as u64 } else { 0 };
        let byoyomi_used = elapsed.saturating_sub(main);
        ClockReading {
            main_ms: main.saturating_sub(elapsed),
            byoyomi_ms: self.control.byoyomi_ms.saturating_sub(byoyomi_used),
            running,
        }
    }

    /// The longest the side to move may still think before the server calls time up (the server
    /// counts whole seconds, so the limit itself is never reached): `None` without a clock.
    pub fn time_left(&self, now: Instant) -> Option<Duration> {
        if self.control.is_untimed() {
            return None;
        }
        let allowance =
            self.remaining_ms[self.to_move.index()] + self.control.increment_ms + self.control.byoyomi_ms;
        Some(Duration::from_millis(allowance).saturating_sub(self.elapsed(now)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn control(total: u64, byoyomi: u64, inc: u64) -> TimeControl {
        TimeControl {
            unit_ms: 1000,
            total_ms: total * 1000,
            byoyomi_ms: byoyomi * 1000,
            increment_ms: inc * 1000,
            least_per_move_ms: 0,
        }
    }

    #[test]
    fn byoyomi_starts_when_the_main_time_is_gone() {
        let t0 = Instant::now();
        let mut c = ServerClock::new(control(60, 10, 0), Color::Black);
        c.start(t0);
        c.charge(Color::Black, Some(50), t0);
        assert_eq!(c.remaining_ms(Color::Black), 10_000);
        c.charge(Color::White, Some(3), t0);
        let r = c.reading(Color::Black, t0 + Duration::from_secs(15));
        assert_eq!(r, ClockReading { main_ms: 0, byoyomi_ms: 5_000, running: true });
        assert_eq!(c.time_left(t0 + Duration::from_secs(15)), Some(Duration::from_secs(5)));
        // a move in byoyomi leaves the main time at zero
        c.charge(Color::Black, Some(17), t0);
        assert_eq!(c.remaining_ms(Color::Black), 0);
        let r = c.reading(Color::White, t0);
        assert_eq!(r, ClockReading { main_ms: 57_000, byoyomi_ms: 10_000, running: true });
        assert!(!c.reading(Color::Black, t0).running);
    }

    #[test]
    fn fischer_adds_the_increment_to_every_move() {
        let t0 = Instant::now();
        let mut c = ServerClock::new(control(60, 0, 10), Color::Black);
        c.start(t0);
        // the side to move has its increment for this move
        assert_eq!(c.reading(Color::Black, t0).main_ms, 70_000);
        assert_eq!(c.reading(Color::White, t0).main_ms, 60_000);
        c.charge(Color::Black, Some(3), t0);
        assert_eq!(c.remaining_ms(Color::Black), 67_000);
        c.charge(Color::White, Some(75), t0);
        assert_eq!(c.remaining_ms(Color::White), 0, "never below zero");
        assert_eq!(c.time_left(t0 + Duration::from_secs(7)), Some(Duration::from_secs(70)));
    }

    #[test]
    fn the_time_control_is_described() {
        assert_eq!(control(600, 10, 0).describe(), "10 min + 10 s byoyomi");
        assert_eq!(control(300, 0, 10).describe(), "5 min + 10 s per move (Fischer)");
        assert_eq!(control(0, 0, 0).describe(), "no time limit");
        assert_eq!(control(3900, 30, 0).kif_header(), "1時間5分+30秒");
    }
}

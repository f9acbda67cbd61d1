//! Time controls: main time, byoyomi (秒読み) and a Fischer increment, each side's own (time
//! odds), the presets offered and their names in Japanese (as KIF's `持ち時間` header writes
//! them) and English. The game's running clock is the app's (`tui::app::clock`).

use crate::record::Language;
use serde::{Deserialize, Serialize};

/// One side's time control: main time, byoyomi and a Fischer increment, in milliseconds.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TimeControl {
    pub main_ms: u64,
    pub byoyomi_ms: u64,
    /// Added to the main time after each of the side's moves (Fischer).
    pub increment_ms: u64,
}

impl TimeControl {
    /// Main time and byoyomi, no increment.
    pub const fn new(main_ms: u64, byoyomi_ms: u64) -> TimeControl {
        TimeControl { main_ms, byoyomi_ms, increment_ms: 0 }
    }

    /// The same control within what the settings accept: main time up to a day, byoyomi and
    /// increment up to an hour.
    pub fn clamped(self) -> TimeControl {
        TimeControl {
            main_ms: self.main_ms.min(86_400_000),
            byoyomi_ms: self.byoyomi_ms.min(3_600_000),
            increment_ms: self.increment_ms.min(3_600_000),
        }
    }

    /// Whether no time is given at all (not a time control).
    pub fn is_zero(&self) -> bool {
        self.main_ms == 0 && self.byoyomi_ms == 0 && self.increment_ms == 0
    }

    /// Whether the settings accept it: some time, within the limits of `clamped`.
    pub fn is_valid(&self) -> bool {
        !self.is_zero() && self.clamped() == *self
    }

    /// The time control as KIF's `持ち時間` header writes it: `10分 秒読み30秒`,
    /// `10分切れ負け`, `1手30秒`, `5分 1手10秒加算`.
    pub fn label_ja(&self) -> String {
        let main = ja_duration(self.main_ms);
        let mut parts = Vec::new();
        match (self.main_ms, self.byoyomi_ms, self.increment_ms) {
            (0, b, 0) => parts.push(format!("1手{}", ja_duration(b))),
            (_, 0, 0) => parts.push(format!("{main}切れ負け")),
            (m, _, _) => {
                if m > 0 {
                    parts.push(main);
                }
                if self.byoyomi_ms > 0 {
                    parts.push(format!("秒読み{}", ja_duration(self.byoyomi_ms)));
                }
                if self.increment_ms > 0 {
                    parts.push(format!("1手{}加算", ja_duration(self.increment_ms)));
                }
            }
        }
        parts.join(" ")
    }

    /// The time control in English words: `10 min + 30 s byoyomi`, `10 min sudden death`,
    /// `30 s per move`, `5 min + 10 s a move (Fischer)`.
    pub fn label_en(&self) -> String {
        let main = en_duration(self.main_ms);
        match (self.main_ms, self.byoyomi_ms, self.increment_ms) {
            (0, b, 0) => format!("{} per move", en_duration(b)),
            (_, 0, 0) => format!("{main} sudden death"),
            (m, b, i) => {
                let mut parts = Vec::new();
                if m > 0 {
                    parts.push(main);
                }
                if b > 0 {
                    parts.push(format!("{} byoyomi", en_duration(b)));
                }
                if i > 0 {
                    parts.push(format!("{} a move (Fischer)", en_duration(i)));
                }
                parts.join(" + ")
            }
        }
    }
}

/// `10分`, `30秒`, `1分30秒`, `1時間`.
fn ja_duration(ms: u64) -> String {
    crate::record::time_limit::kif_duration(ms / 1000)
}

/// `10 min`, `30 s`, `1 min 30 s`, `1 h`.
fn en_duration(ms: u64) -> String {
    let s = ms / 1000;
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    let mut parts = Vec::new();
    if h > 0 {
        parts.push(format!("{h} h"));
    }
    if m > 0 {
        parts.push(format!("{m} min"));
    }
    if s > 0 || parts.is_empty() {
        parts.push(format!("{s} s"));
    }
    parts.join(" ")
}

/// Both sides' time controls.
pub type TimeControls = [TimeControl; 2];

/// The time controls as KIF's `持ち時間` header writes them: one, or each side's when they differ
/// (`▲10分 秒読み30秒 △5分 秒読み30秒`).
pub fn controls_label_ja(tc: &TimeControls) -> String {
    if tc[0] == tc[1] { tc[0].label_ja() } else { format!("▲{} △{}", tc[0].label_ja(), tc[1].label_ja()) }
}

/// The time controls in English (`☗ 10 min … / ☖ 5 min …` when they differ).
pub fn controls_label_en(tc: &TimeControls) -> String {
    if tc[0] == tc[1] {
        tc[0].label_en()
    } else {
        format!("☗ {} / ☖ {}", tc[0].label_en(), tc[1].label_en())
    }
}

/// The choices offered when starting a game (`None` = no clock).
pub const TIME_PRESETS: [Option<TimeControl>; 5] = [
    None,
    Some(TimeControl::new(600_000, 0)),
    Some(TimeControl::new(600_000, 30_000)),
    Some(TimeControl::new(180_000, 10_000)),
    Some(TimeControl::new(0, 30_000)),
];

/// Preset `i` for both sides.
pub fn preset(i: usize) -> Option<TimeControls> {
    TIME_PRESETS[i.min(TIME_PRESETS.len() - 1)].map(|t| [t; 2])
}

/// The name of preset `i` in the interface language (`no_clock` for the first, no clock).
pub fn preset_label(i: usize, language: Language, no_clock: &str) -> String {
    match TIME_PRESETS[i.min(TIME_PRESETS.len() - 1)] {
        None => no_clock.to_string(),
        Some(tc) => match language {
            Language::Ja => tc.label_ja(),
            Language::En => tc.label_en(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_name_every_part_of_a_control() {
        assert_eq!(TimeControl::new(600_000, 0).label_ja(), "10分切れ負け");
        assert_eq!(TimeControl::new(600_000, 30_000).label_ja(), "10分 秒読み30秒");
        assert_eq!(TimeControl::new(0, 30_000).label_ja(), "1手30秒");
        let f = TimeControl { main_ms: 300_000, byoyomi_ms: 0, increment_ms: 10_000 };
        assert_eq!(f.label_ja(), "5分 1手10秒加算");
        assert_eq!(f.label_en(), "5 min + 10 s a move (Fischer)");
        assert_eq!(TimeControl::new(90_000, 0).label_en(), "1 min 30 s sudden death");
        let odds = [TimeControl::new(600_000, 30_000), TimeControl::new(300_000, 30_000)];
        assert_eq!(controls_label_ja(&odds), "▲10分 秒読み30秒 △5分 秒読み30秒");
    }
}

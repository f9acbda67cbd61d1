//! Playing levels for people (1 = a beginner can win, 10 = full strength), defined here once:
//! the engine plays by them and the app offers them and gives each its thinking time.
//!
//! A weaker level searches shallower, looks at several candidate moves (MultiPV) and adds random
//! noise to their scores before picking; the noise makes it overlook things the way a person
//! does, and the small depth keeps it from seeing far.
//!
//! | level | depth | candidates | noise (±cp) | app's time | roughly                      |
//! |-------|-------|------------|-------------|------------|------------------------------|
//! | 1     | 1     | 24         | 1300        | 0.2 s      | beginner: often drops pieces |
//! | 2     | 1     | 12         | 500         | 0.2 s      | knows how pieces move        |
//! | 3     | 2     | 10         | 300         | 0.5 s      | takes what hangs             |
//! | 4     | 2     | 8          | 180         | 0.5 s      | novice                       |
//! | 5     | 3     | 6          | 110         | 1 s        | casual club player           |
//! | 6     | 4     | 5          | 70          | 1 s        |                              |
//! | 7     | 5     | 4          | 40          | 2 s        |                              |
//! | 8     | 7     | 3          | 20          | 2 s        |                              |
//! | 9     | 9     | 2          | 8           | 3 s        | strong amateur               |
//! | 10    | —     | 1          | 0           | 3 s        | full strength (clock only)   |
//!
//! Each level also has a measured rating figure on the player's rating scale (`Level::rating`,
//! from `assets/level_ratings.json`; see `LevelTable`).

use super::rng::Rng;
use serde::{Deserialize, Serialize};

/// A playing level, 1 (a beginner can win) to 10 (full strength): the only way a level is held
/// outside this module, so a level out of range cannot be made. It is written as its number
/// (`7`) and read only from a number in range.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u64", into = "u8")]
pub struct Level(u8);

/// A number that is no level (outside 1..=10).
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} is not a level from {min} to {max}", min = Level::MIN, max = Level::MAX)]
pub struct NotALevel(pub u64);

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// Full strength.
    pub const MAX: Level = Level(10);

    /// Level `n`, when it is one.
    pub const fn new(n: u8) -> Option<Level> {
        if n >= Level::MIN.0 && n <= Level::MAX.0 { Some(Level(n)) } else { None }
    }

    /// The level nearest to `n` (1 below, 10 above).
    pub fn nearest(n: i64) -> Level {
        Level(n.clamp(Level::MIN.0 as i64, Level::MAX.0 as i64) as u8)
    }

    /// The level's number.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// `delta` levels up (or down when negative), stopping at 1 and 10.
    pub fn step(self, delta: i32) -> Level {
        Level::nearest(self.0 as i64 + delta as i64)
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (Level::MIN.0..=Level::MAX.0).map(Level)
    }

    /// How this level plays.
    pub fn spec(self) -> LevelSpec {
        let (depth, candidates, noise, think_ms) = TABLE[self.0 as usize - 1];
        LevelSpec { level: self, depth, candidates, noise, think_ms }
    }

    /// The least time this level takes over a move when playing a person, in milliseconds: a
    /// short pause that grows with the level (0.4 s at level 1 to 1.3 s at level 10), so an
    /// answer found at once does not read as careless. It holds the answer back only; the
    /// search and so the level's strength are unchanged.
    pub fn natural_think_ms(self) -> u64 {
        300 + 100 * self.0 as u64
    }
}

impl TryFrom<u64> for Level {
    type Error = NotALevel;

    fn try_from(n: u64) -> Result<Level, NotALevel> {
        u8::try_from(n).ok().and_then(Level::new).ok_or(NotALevel(n))
    }
}

impl From<Level> for u8 {
    fn from(level: Level) -> u8 {
        level.0
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::str::FromStr for Level {
    type Err = String;

    /// A level from its number (`"7"`), as the command line gives it.
    fn from_str(s: &str) -> Result<Level, String> {
        let n: u64 = s.trim().parse().map_err(|_| format!("{s} is not a number"))?;
        Level::try_from(n).map_err(|e| e.to_string())
    }
}

/// Settings of one level.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LevelSpec {
    pub level: Level,
    /// Depth cap (`None` at full strength).
    pub depth: Option<u32>,
    /// MultiPV lines to compare.
    pub candidates: usize,
    /// Uniform noise amplitude added to each candidate's score (centipawns).
    pub noise: i32,
    /// Thinking time a move when no clock is set (milliseconds); the depth cap and the noise
    /// make the lower levels weaker still.
    pub think_ms: u64,
}

/// Depth cap, candidates, noise and thinking time of each level, level 1 first.
const TABLE: [(Option<u32>, usize, i32, u64); 10] = [
    (Some(1), 24, 1300, 200),
    (Some(1), 12, 500, 200),
    (Some(2), 10, 300, 500),
    (Some(2), 8, 180, 500),
    (Some(3), 6, 110, 1000),
    (Some(4), 5, 70, 1000),
    (Some(5), 4, 40, 2000),
    (Some(7), 3, 20, 2000),
    (Some(9), 2, 8, 3000),
    (None, 1, 0, 3000),
];

/// A level's playing strength on the Elo-like scale of the player's rating: the figure and its
/// error bar (one standard deviation).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct LevelRating {
    pub rating: f64,
    pub deviation: f64,
}

/// The anchor's figure: GNU Shogi at the setting the table names is 1000.
pub const ANCHOR_RATING: f64 = 1000.0;

/// The measured ratings the program ships (`assets/level_ratings.json`), written by
/// `shogiban tune levels`: each level's figure on a scale where the anchor engine is 1000, from
/// games between levels and against the anchor, fitted together by maximum likelihood. The
/// table records the level settings and the engine (its bench signature and network) it was
/// measured with; a test fails when either changes without a new table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LevelTable {
    /// The anchor engine and its setting.
    pub anchor: String,
    pub anchor_rating: f64,
    /// Games the anchor played.
    pub anchor_games: usize,
    /// Games in the fit.
    pub games: usize,
    /// Each level's settings when measured (`LevelTable::current_settings`).
    pub settings: Vec<String>,
    /// `shogiban bench`'s node count of the engine measured.
    pub bench_signature: u64,
    pub levels: Vec<MeasuredLevel>,
}

/// One level's line of the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MeasuredLevel {
    pub level: u8,
    pub rating: f64,
    /// One standard deviation of the figure, relative to the anchor.
    pub deviation: f64,
    /// Games the level played in the measurement.
    pub games: usize,
}

impl LevelTable {
    /// The table that ships with the program.
    pub fn shipped() -> &'static LevelTable {
        static TABLE: std::sync::OnceLock<LevelTable> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| {
            serde_json::from_str(include_str!("../../assets/level_ratings.json"))
                .expect("assets/level_ratings.json is a level table")
        })
    }

    /// The settings of every level as the table records them, level 1 first, with the
    /// network the evaluation runs on.
    pub fn current_settings() -> Vec<String> {
        let mut v: Vec<String> = Level::all()
            .map(|l| {
                let s = l.spec();
                let depth = s.depth.map_or("no depth cap".to_string(), |d| format!("depth {d}"));
                let plural = if s.candidates == 1 { "" } else { "s" };
                format!(
                    "level {l}: {depth}, {} candidate{plural}, noise {}, {} ms a move",
                    s.candidates, s.noise, s.think_ms
                )
            })
            .collect();
        v.push(format!("network {:016x}", super::eval::net::SHIPPED_HASH));
        v
    }
}

impl Level {
    /// This level's measured figure and error bar (`assets/level_ratings.json`).
    pub fn rating(self) -> LevelRating {
        let line = &LevelTable::shipped().levels[self.0 as usize - 1];
        LevelRating { rating: line.rating, deviation: line.deviation }
    }
}

/// Picks among `(item, score)` candidates: the best score after adding noise. Mates are never
/// thrown away (a found mate is kept; noise is not added to mate scores).
pub fn pick<T: Copy>(lines: &[(T, i32)], noise: i32, rng: &mut Rng) -> Option<T> {
    const MATE_LIKE: i32 = 10_000;
    let best = lines.iter().map(|l| l.1).max()?;
    if best >= MATE_LIKE {
        return lines.iter().find(|l| l.1 == best).map(|l| l.0);
    }
    lines
        .iter()
        .map(|&(m, s)| (m, if s.abs() >= MATE_LIKE { s } else { s + rng.noise(noise) }))
        .max_by_key(|l| l.1)
        .map(|l| l.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_monotonic() {
        let all: Vec<Level> = Level::all().collect();
        assert_eq!(all.len(), 10);
        for w in all.windows(2) {
            let (a, b) = (w[0].spec(), w[1].spec());
            assert!(a.noise >= b.noise);
            assert!(a.depth.unwrap_or(99) <= b.depth.unwrap_or(99));
        }
        assert!(Level::MIN.spec().think_ms <= Level::MAX.spec().think_ms);
        assert_eq!(Level::nearest(0), Level::MIN);
        assert_eq!(Level::nearest(99), Level::MAX);
    }

    #[test]
    fn a_level_is_a_number_from_1_to_10_and_nothing_else() {
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(11), None);
        assert_eq!(Level::new(7).map(Level::get), Some(7));
        assert_eq!(Level::MAX.step(1), Level::MAX);
        assert_eq!(Level::MIN.step(-3), Level::MIN);
        assert_eq!(Level::new(3).unwrap().step(2).get(), 5);
        assert_eq!(serde_json::to_string(&Level::new(7).unwrap()).unwrap(), "7");
        assert_eq!(serde_json::from_str::<Level>("7").unwrap().get(), 7);
        for bad in ["0", "11", "300", "-1", "\"7\"", "7.5"] {
            assert!(serde_json::from_str::<Level>(bad).is_err(), "{bad}");
        }
        assert_eq!(Level::try_from(99).unwrap_err().to_string(), "99 is not a level from 1 to 10");
        assert_eq!("8".parse::<Level>().map(Level::get), Ok(8));
        assert!("11".parse::<Level>().is_err() && "x".parse::<Level>().is_err());
        assert_eq!(Level::MIN.natural_think_ms(), 400);
        assert_eq!(Level::MAX.natural_think_ms(), 1300);
    }

    #[test]
    fn the_figures_rise_with_the_level() {
        let all: Vec<LevelRating> = Level::all().map(Level::rating).collect();
        assert!(all.windows(2).all(|w| w[0].rating < w[1].rating), "{all:?}");
        assert!(all.iter().all(|r| r.deviation > 0.0));
    }

    /// The shipped figures hold for the levels as they are: a change to a level's depth,
    /// candidates, noise or time, or to the network, needs the table measured again.
    #[test]
    fn the_shipped_table_was_measured_with_the_levels_as_they_are() {
        let t = LevelTable::shipped();
        assert_eq!(
            t.settings,
            LevelTable::current_settings(),
            "the levels or the network changed since assets/level_ratings.json was measured: \
             measure it again with `shogiban tune levels` (tools/README.md)"
        );
        assert_eq!(t.anchor_rating, ANCHOR_RATING);
        assert!(t.anchor.contains("GNU Shogi"), "{}", t.anchor);
        let numbers: Vec<u8> = t.levels.iter().map(|l| l.level).collect();
        assert_eq!(numbers, (1..=10).collect::<Vec<u8>>());
        assert!(t.anchor_games > 0 && t.levels.iter().all(|l| l.games > 0));
        assert_eq!(t.levels.iter().map(|l| l.games).sum::<usize>() + t.anchor_games, 2 * t.games);
    }

    #[test]
    fn pick_without_noise_takes_the_best() {
        let mut r = Rng::new(7);
        assert_eq!(pick(&[(1, 10), (2, 50), (3, -20)], 0, &mut r), Some(2));
        assert_eq!(pick::<u8>(&[], 100, &mut r), None);
    }

    #[test]
    fn noise_varies_the_pick() {
        let mut r = Rng::new(42);
        let lines = [(1, 0), (2, 5), (3, 10)];
        let mut seen = [false; 4];
        for _ in 0..200 {
            seen[pick(&lines, 500, &mut r).unwrap()] = true;
        }
        assert!(seen[1] && seen[2] && seen[3]);
    }

    #[test]
    fn mate_is_never_dropped() {
        let mut r = Rng::new(3);
        for _ in 0..50 {
            assert_eq!(pick(&[(1, 200), (2, 29_990)], 900, &mut r), Some(2));
        }
    }
}

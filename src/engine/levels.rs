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

use super::rng::Rng;

/// Settings of one level.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LevelSpec {
    pub level: u8,
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

/// The least time a level takes over a move when playing a person, in milliseconds: a short
/// pause that grows with the level (0.4 s at level 1 to 1.3 s at level 10), so an answer found
/// at once does not read as careless. It holds the answer back only; the search and so the
/// level's strength are unchanged.
pub fn natural_think_ms(level: u8) -> u64 {
    300 + 100 * level.clamp(MIN_LEVEL, MAX_LEVEL) as u64
}

pub const MIN_LEVEL: u8 = 1;
pub const MAX_LEVEL: u8 = 10;
/// Every level.
pub const LEVELS: std::ops::RangeInclusive<u8> = MIN_LEVEL..=MAX_LEVEL;

/// The settings of `level` (clamped to 1..=10).
pub fn spec(level: u8) -> LevelSpec {
    let level = level.clamp(MIN_LEVEL, MAX_LEVEL);
    let (depth, candidates, noise, think_ms) = TABLE[level as usize - 1];
    LevelSpec { level, depth, candidates, noise, think_ms }
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
        for l in 1..10 {
            let (a, b) = (spec(l), spec(l + 1));
            assert!(a.noise >= b.noise);
            assert!(a.depth.unwrap_or(99) <= b.depth.unwrap_or(99));
        }
        assert!(spec(1).think_ms <= spec(10).think_ms);
        assert_eq!(spec(0).level, 1);
        assert_eq!(spec(99).level, 10);
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

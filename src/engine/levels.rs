//! Playing levels for people (1 = a beginner can win, 10 = full strength).
//!
//! A weaker level searches shallower, looks at several candidate moves (MultiPV) and adds random
//! noise to their scores before picking; the noise makes it overlook things the way a person
//! does, and the small depth keeps it from seeing far.
//!
//! | level | depth | candidates | noise (±cp) | roughly                      |
//! |-------|-------|------------|-------------|------------------------------|
//! | 1     | 1     | 24         | 1200        | beginner: often drops pieces |
//! | 2     | 1     | 12         | 500         | knows how pieces move        |
//! | 3     | 2     | 10         | 300         | takes what hangs             |
//! | 4     | 2     | 8          | 180         | novice                       |
//! | 5     | 3     | 6          | 110         | casual club player           |
//! | 6     | 4     | 5          | 70          |                              |
//! | 7     | 5     | 4          | 40          |                              |
//! | 8     | 7     | 3          | 20          |                              |
//! | 9     | 9     | 2          | 8           | strong amateur               |
//! | 10    | —     | 1          | 0           | full strength (clock only)   |

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
}

const TABLE: [(Option<u32>, usize, i32); 10] = [
    (Some(1), 24, 1200),
    (Some(1), 12, 500),
    (Some(2), 10, 300),
    (Some(2), 8, 180),
    (Some(3), 6, 110),
    (Some(4), 5, 70),
    (Some(5), 4, 40),
    (Some(7), 3, 20),
    (Some(9), 2, 8),
    (None, 1, 0),
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

/// The settings of `level` (clamped to 1..=10).
pub fn spec(level: u8) -> LevelSpec {
    let level = level.clamp(MIN_LEVEL, MAX_LEVEL);
    let (depth, candidates, noise) = TABLE[level as usize - 1];
    LevelSpec { level, depth, candidates, noise }
}

/// A small xorshift generator (levels need no cryptographic randomness).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    /// Seeded from the clock.
    pub fn from_time() -> Rng {
        let t =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64);
        Rng::new(t.unwrap_or(0x9e37_79b9_7f4a_7c15) ^ 0x9e37_79b9_7f4a_7c15)
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// Uniform in -a..=a.
    pub fn noise(&mut self, a: i32) -> i32 {
        if a <= 0 {
            return 0;
        }
        (self.next_u64() % (2 * a as u64 + 1)) as i32 - a
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

/// How a game between two levels ended, from sente's side: `Some(winner)` or `None` (draw).
pub type GameResult = Option<crate::core::Color>;

/// Longest game of a levels match; longer ones are draws (the CSA 320-ply rule of thumb).
pub const MATCH_MAX_PLIES: usize = 320;

/// Plays one game between `sente` and `gote` (engines set to their levels) from `start` after
/// `opening`, `movetime_ms` a move, and returns who won. Ends by the rules (mate, no legal move,
/// sennichite, perpetual check), by a declaration or resignation from the engine, or as a draw
/// after [`MATCH_MAX_PLIES`].
pub fn play_game(
    sente: &mut super::Engine,
    gote: &mut super::Engine,
    start: &crate::core::Position,
    opening: &[crate::core::Move],
    movetime_ms: u64,
) -> GameResult {
    use crate::core::Color;
    use std::sync::{Arc, atomic::AtomicBool};
    let mut pos = start.clone();
    for &m in opening {
        if !pos.is_legal(m) {
            break;
        }
        pos.do_move(m);
    }
    sente.new_game();
    gote.new_game();
    play_out(pos, |pos| {
        let engine = if pos.side_to_move() == Color::Black { &mut *sente } else { &mut *gote };
        let limits = super::search::time::Limits::movetime(movetime_ms);
        let r = engine.search(pos, limits, Arc::new(AtomicBool::new(false)), |_| {});
        if r.declare_win { Turn::Declare } else { r.best.map_or(Turn::Resign, Turn::Move) }
    })
}

/// What a player does on its turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Turn {
    Move(crate::core::Move),
    /// Declares an impasse win (taken as won).
    Declare,
    Resign,
}

/// Plays from `pos` to the end, `turn` choosing for the side to move, and returns who won. Ends
/// by the rules (mate, no legal move, sennichite, perpetual check), by a declaration or a
/// resignation, by an illegal move (which loses), or as a draw after [`MATCH_MAX_PLIES`].
pub fn play_out(
    mut pos: crate::core::Position,
    mut turn: impl FnMut(&crate::core::Position) -> Turn,
) -> GameResult {
    use crate::core::GameStatus;
    loop {
        match pos.status() {
            GameStatus::Ongoing => {}
            GameStatus::Sennichite => return None,
            status => return status.winner(),
        }
        if pos.moves_played() >= MATCH_MAX_PLIES {
            return None;
        }
        let us = pos.side_to_move();
        match turn(&pos) {
            Turn::Declare => return Some(us),
            Turn::Move(m) if pos.is_legal(m) => pos.do_move(m),
            _ => return Some(us.flip()),
        }
    }
}

/// The score of a levels match: wins, draws and losses of the first level named.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl MatchScore {
    /// Points (a draw counts one half) over games played, 0.0..=1.0.
    pub fn ratio(&self) -> f64 {
        let games = self.wins + self.draws + self.losses;
        if games == 0 { 0.0 } else { (self.wins as f64 + 0.5 * self.draws as f64) / games as f64 }
    }
}

/// Plays `games` games of level `a` against level `b`, `movetime_ms` a move, one search thread
/// each: game `i` starts from opening `i / 2` (cycling) with the colours swapped on every other
/// game, so each opening is played from both sides. `seed` makes the levels' noise repeatable;
/// `report` sees each finished game (index, `a` played sente, result).
pub fn play_match(
    a: u8,
    b: u8,
    games: usize,
    movetime_ms: u64,
    openings: &[(crate::core::Position, Vec<crate::core::Move>)],
    seed: u64,
    mut report: impl FnMut(usize, bool, GameResult),
) -> MatchScore {
    use super::{Engine, EngineOptions};
    let options = |level| EngineOptions { hash_mb: 16, level, multipv: 1, own_book: false, threads: 1 };
    let (mut ea, mut eb) = (Engine::new(options(a)), Engine::new(options(b)));
    let startpos = (crate::core::Position::startpos(), Vec::new());
    let mut score = MatchScore::default();
    for g in 0..games {
        ea.set_seed(seed.wrapping_add(2 * g as u64));
        eb.set_seed(seed.wrapping_add(2 * g as u64 + 1));
        let (start, moves) =
            if openings.is_empty() { &startpos } else { &openings[(g / 2) % openings.len()] };
        let a_sente = g % 2 == 0;
        let result = if a_sente {
            play_game(&mut ea, &mut eb, start, moves, movetime_ms)
        } else {
            play_game(&mut eb, &mut ea, start, moves, movetime_ms)
        };
        let a_color = if a_sente { crate::core::Color::Black } else { crate::core::Color::White };
        match result {
            None => score.draws += 1,
            Some(w) if w == a_color => score.wins += 1,
            Some(_) => score.losses += 1,
        }
        report(g, a_sente, result);
    }
    score
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
    fn a_match_between_low_levels_is_played_to_the_end() {
        // depth-capped levels: fast whatever the machine; both colours of one opening
        let score = play_match(1, 3, 2, 50, &[], 5, |_, _, _| {});
        assert_eq!(score.wins + score.draws + score.losses, 2);
        assert!((0.0..=1.0).contains(&score.ratio()));
    }

    #[test]
    fn mate_is_never_dropped() {
        let mut r = Rng::new(3);
        for _ in 0..50 {
            assert_eq!(pick(&[(1, 200), (2, 29_990)], 900, &mut r), Some(2));
        }
    }
}

//! `shogiban tune levels`: measures the playing levels' ratings. Levels play each other (each
//! against the next level and the one after) and an anchor engine (GNU Shogi, held at 1000),
//! every level at its own settings and the app's thinking time for it, from openings of real
//! games with both colours; the figures are fitted together by maximum likelihood
//! ([`super::elo_fit`]) and written as the table the program ships
//! (`assets/level_ratings.json`, read by `engine::levels`).
//!
//! Every finished game is appended to a results file at once (`A<TAB>B<TAB>GAME<TAB>SCORE`,
//! `A`'s score: 1, 0.5 or 0), so a run can be stopped and resumed: the games already in the file
//! are not played again, and `--games` can be raised later to add more.

use super::elo_fit::{self, PairScore};
use crate::core::{Color, Move, Position};
use crate::engine::book::build::Game;
use crate::engine::games::{Turn, play_out};
use crate::engine::levels::{ANCHOR_RATING, Level, LevelTable, MeasuredLevel};
use crate::engine::player::{BuiltinPlayer, Computer, ComputerPlayer, Decision, TimeBudget};
use crate::engine::search::time::Limits;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// One side of a measuring game: a level, or the anchor engine.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    Level(Level),
    Anchor,
}

impl Side {
    /// As the results file writes it: `L7` or `anchor`.
    pub fn name(self) -> String {
        match self {
            Side::Level(l) => format!("L{l}"),
            Side::Anchor => "anchor".to_string(),
        }
    }

    fn parse(s: &str) -> Option<Side> {
        if s == "anchor" {
            return Some(Side::Anchor);
        }
        s.strip_prefix('L')?.parse::<Level>().ok().map(Side::Level)
    }

    /// The player's index in the fit: levels 0..=9, the anchor [`ANCHOR_INDEX`].
    fn index(self) -> usize {
        match self {
            Side::Level(l) => l.get() as usize - 1,
            Side::Anchor => ANCHOR_INDEX,
        }
    }
}

/// The anchor's index among the fit's players (the ten levels come first).
const ANCHOR_INDEX: usize = Level::MAX.get() as usize;
/// Players in the fit: the levels and the anchor.
const PLAYERS: usize = ANCHOR_INDEX + 1;

/// What each pairing scored, the first-named side's wins, draws and losses.
fn tally(played: &[Played]) -> BTreeMap<(Side, Side), [usize; 3]> {
    let mut by_pair: BTreeMap<(Side, Side), [usize; 3]> = BTreeMap::new();
    for p in played {
        let column = match p.score {
            1.0 => 0,
            0.5 => 1,
            _ => 2,
        };
        by_pair.entry((p.a, p.b)).or_default()[column] += 1;
    }
    by_pair
}

/// A measuring run's settings, as `shogiban tune levels` takes them.
pub struct LevelsRun {
    /// The anchor engine's command (a USI engine; GNU Shogi through `tools/engines/gnushogi`).
    pub anchor: String,
    /// How the table names the anchor and its setting.
    pub anchor_name: String,
    /// The anchor's time a move (byoyomi), in milliseconds.
    pub anchor_ms: u64,
    /// The levels that play the anchor.
    pub anchor_levels: Vec<Level>,
    /// Games for each pairing (level against level, level against anchor).
    pub games: usize,
    /// Games played at once.
    pub jobs: usize,
    /// Openings (USI games from the start position; the anchor takes no other).
    pub openings: Vec<Game>,
    /// Where finished games are appended (and read back from on resuming).
    pub results: String,
    /// Where the fitted table goes (`assets/level_ratings.json`); none: printed only.
    pub out: Option<String>,
    /// Fit the games already in the results file without playing more.
    pub fit_only: bool,
    /// The bench signature of the engine measured (the table records it).
    pub bench_signature: u64,
}

/// Why a run failed.
#[derive(Debug, thiserror::Error)]
pub enum LevelsError {
    #[error("{path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("{path}:{line}: expected `A<TAB>B<TAB>GAME<TAB>SCORE` (A, B: L1..L10 or anchor): {text}")]
    BadLine { path: String, line: usize, text: String },
    #[error("the anchor engine: {0}")]
    Anchor(String),
    #[error("the fit: {0}")]
    Fit(#[from] elo_fit::FitError),
    #[error("no games to fit: play some first")]
    NoGames,
}

/// One finished game of the results file.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Played {
    pub a: Side,
    pub b: Side,
    pub game: usize,
    /// `a`'s score: 1, 0.5 or 0.
    pub score: f64,
}

/// The pairings measured: each level against the next one and the one after, and the anchor
/// against `anchor_levels`. The stronger side is named first.
pub fn pairings(anchor_levels: &[Level]) -> Vec<(Side, Side)> {
    let mut v = Vec::new();
    for low in Level::all() {
        for up in [1, 2] {
            if let Some(high) = Level::new(low.get() + up) {
                v.push((Side::Level(high), Side::Level(low)));
            }
        }
    }
    for &l in anchor_levels {
        v.push((Side::Level(l), Side::Anchor));
    }
    v
}

/// Reads the results file (a missing file is no games).
pub fn read_results(path: &str) -> Result<Vec<Played>, LevelsError> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => return Err(LevelsError::Io { path: path.to_string(), source }),
    };
    let mut v = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let parsed = (f.len() == 4)
            .then(|| {
                Some(Played {
                    a: Side::parse(f[0])?,
                    b: Side::parse(f[1])?,
                    game: f[2].parse().ok()?,
                    score: f[3].parse().ok().filter(|s| [0.0, 0.5, 1.0].contains(s))?,
                })
            })
            .flatten();
        match parsed {
            Some(p) => v.push(p),
            None => {
                return Err(LevelsError::BadLine {
                    path: path.to_string(),
                    line: n + 1,
                    text: line.to_string(),
                });
            }
        }
    }
    Ok(v)
}

/// Plays the games the results file lacks, then fits and writes the table.
pub fn run(run: &LevelsRun) -> Result<LevelTable, LevelsError> {
    if !run.fit_only {
        play_missing(run)?;
    }
    let played = read_results(&run.results)?;
    let table = fit_table(&played, run)?;
    print_pairings(&played);
    print_table(&table);
    if let Some(out) = &run.out {
        let text = serde_json::to_string_pretty(&table).expect("a table serialises") + "\n";
        std::fs::write(out, text.as_bytes())
            .map_err(|source| LevelsError::Io { path: out.clone(), source })?;
        println!("wrote {out}");
    }
    Ok(table)
}

/// Plays every scheduled game that is not in the results file yet, `run.jobs` at once,
/// interleaving the pairings so that a run stopped early has some of each.
fn play_missing(run: &LevelsRun) -> Result<(), LevelsError> {
    let done = read_results(&run.results)?;
    let have: BTreeSet<(Side, Side, usize)> = done.iter().map(|p| (p.a, p.b, p.game)).collect();
    let mut queue = VecDeque::new();
    for g in 0..run.games {
        for (a, b) in pairings(&run.anchor_levels) {
            if !have.contains(&(a, b, g)) {
                queue.push_back((a, b, g));
            }
        }
    }
    let total = queue.len();
    println!("{} games in {}, {total} to play, {} at once", done.len(), run.results, run.jobs);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&run.results)
        .map_err(|source| LevelsError::Io { path: run.results.clone(), source })?;
    let shared = Mutex::new((queue, file, 0usize, None::<LevelsError>));
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..run.jobs.max(1) {
            scope.spawn(|| {
                let mut anchor: Option<Computer> = None;
                loop {
                    let next = {
                        let mut s = shared.lock().expect("no worker panics");
                        if s.3.is_some() {
                            break;
                        }
                        s.0.pop_front()
                    };
                    let Some((a, b, g)) = next else { break };
                    let result = play_one(run, a, b, g, &mut anchor);
                    let mut s = shared.lock().expect("no worker panics");
                    match result {
                        Ok(score) => {
                            let line = format!("{}\t{}\t{g}\t{score}\n", a.name(), b.name());
                            if let Err(source) = s.1.write_all(line.as_bytes()).and_then(|_| s.1.flush()) {
                                s.3 = Some(LevelsError::Io { path: run.results.clone(), source });
                                break;
                            }
                            s.2 += 1;
                            println!(
                                "[{}/{total}, {:.0} min] {} vs {} game {}: {}",
                                s.2,
                                started.elapsed().as_secs_f64() / 60.0,
                                a.name(),
                                b.name(),
                                g + 1,
                                score
                            );
                        }
                        Err(e) => {
                            // an anchor that failed is started afresh; the game is not counted
                            eprintln!("{} vs {} game {}: not counted: {e}", a.name(), b.name(), g + 1);
                            anchor = None;
                        }
                    }
                }
            });
        }
    });
    match shared.into_inner().expect("no worker panics").3 {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// The opening of game `g` (each opening twice, colours swapped) and whether `a` is sente.
fn opening_of(run: &LevelsRun, g: usize) -> (Vec<Move>, bool) {
    let moves = if run.openings.is_empty() {
        Vec::new()
    } else {
        // a start position other than the initial one would leave the anchor out
        let (start, moves) = &run.openings[(g / 2) % run.openings.len()];
        if start.to_sfen() == Position::startpos().to_sfen() { moves.clone() } else { Vec::new() }
    };
    (moves, g.is_multiple_of(2))
}

/// Plays game `g` of `a` against `b` and returns `a`'s score; an error when the anchor failed.
fn play_one(
    run: &LevelsRun,
    a: Side,
    b: Side,
    g: usize,
    anchor: &mut Option<Computer>,
) -> Result<f64, String> {
    let (opening, a_sente) = opening_of(run, g);
    let mut pos = Position::startpos();
    let mut moves = Vec::new();
    for m in opening {
        if !pos.is_legal(m) {
            break;
        }
        pos.do_move(m);
        moves.push(m);
    }
    let (sente, gote) = if a_sente { (a, b) } else { (b, a) };
    let seed = (g as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ ((a.index() * 16 + b.index()) as u64);
    let mut players: [Option<BuiltinPlayer>; 2] = [sente, gote].map(|s| match s {
        Side::Level(l) => Some(BuiltinPlayer::new(l)),
        Side::Anchor => None,
    });
    for (i, p) in players.iter_mut().enumerate() {
        if let Some(p) = p {
            p.engine().set_seed(seed.wrapping_add(i as u64));
            p.engine().new_game();
        }
    }
    if sente == Side::Anchor || gote == Side::Anchor {
        if anchor.is_none() {
            let none: [(&String, &String); 0] = [];
            *anchor = Some(Computer::usi(&run.anchor, none)?);
        }
        anchor.as_mut().expect("started").new_game()?;
    }
    let mut failure = None;
    let start = Position::startpos();
    let result = play_out(pos, |pos| {
        let us = pos.side_to_move();
        let turn = match &mut players[us.index()] {
            Some(p) => {
                let level = p.options().level;
                let limits = Limits::movetime(level.spec().think_ms);
                let r = p.engine().search(pos, limits, Arc::new(AtomicBool::new(false)), |_| {});
                if r.declare_win { Turn::Declare } else { r.best.map_or(Turn::Resign, Turn::Move) }
            }
            None => {
                let engine = anchor.as_mut().expect("started");
                let budget = TimeBudget {
                    time_ms: Some([0, 0]),
                    increment_ms: 0,
                    byoyomi_ms: run.anchor_ms,
                    margin_ms: 0,
                    deadline: Some(Instant::now() + Duration::from_millis(run.anchor_ms + 5000)),
                };
                match engine.think(&start, &moves, &budget) {
                    Ok((Decision::Move(m), _)) => Turn::Move(m),
                    Ok((Decision::Resign, _)) => Turn::Resign,
                    Ok((Decision::DeclareWin, _)) => Turn::Declare,
                    Err(e) => {
                        failure = Some(e);
                        Turn::Adjudicate(None)
                    }
                }
            }
        };
        if let Turn::Move(m) = turn {
            moves.push(m);
        }
        turn
    });
    if let Some(e) = failure {
        return Err(e);
    }
    if let Some(engine) = anchor.as_mut().filter(|_| sente == Side::Anchor || gote == Side::Anchor) {
        let anchor_color = if sente == Side::Anchor { Color::Black } else { Color::White };
        engine.game_over(result.map(|w| w == anchor_color));
    }
    let a_color = if a_sente { Color::Black } else { Color::White };
    Ok(match result {
        None => 0.5,
        Some(w) if w == a_color => 1.0,
        Some(_) => 0.0,
    })
}

/// Fits the games into the table the program ships.
pub fn fit_table(played: &[Played], run: &LevelsRun) -> Result<LevelTable, LevelsError> {
    if played.is_empty() {
        return Err(LevelsError::NoGames);
    }
    let mut games = [0usize; PLAYERS];
    let pairs: Vec<PairScore> = tally(played)
        .into_iter()
        .map(|((a, b), [w, d, l])| {
            let (a, b) = (a.index(), b.index());
            games[a] += w + d + l;
            games[b] += w + d + l;
            PairScore { a, b, a_wins: w as f64, b_wins: l as f64, draws: d as f64 }
        })
        .collect();
    let fitted = elo_fit::fit(PLAYERS, ANCHOR_INDEX, ANCHOR_RATING, &pairs)?;
    Ok(LevelTable {
        anchor: run.anchor_name.clone(),
        anchor_rating: ANCHOR_RATING,
        anchor_games: games[ANCHOR_INDEX],
        games: played.len(),
        settings: LevelTable::current_settings(),
        bench_signature: run.bench_signature,
        levels: Level::all()
            .map(|l| {
                let f = fitted[l.get() as usize - 1];
                MeasuredLevel {
                    level: l.get(),
                    rating: f.rating.round(),
                    deviation: f.deviation.round(),
                    games: games[l.get() as usize - 1],
                }
            })
            .collect(),
    })
}

/// Each pairing's score, the stronger side first: wins, draws, losses and its score.
fn print_pairings(played: &[Played]) {
    println!("pairing        won drawn lost  score");
    for ((a, b), [w, d, l]) in tally(played) {
        let score = (w as f64 + 0.5 * d as f64) / (w + d + l) as f64;
        println!("{:>6} vs {:<6} {w:>3} {d:>5} {l:>4}  {:>4.0}%", a.name(), b.name(), 100.0 * score);
    }
}

fn print_table(t: &LevelTable) {
    println!("level  rating  ± (1 sd)  games    ({} games; {} = {})", t.games, t.anchor, t.anchor_rating);
    for l in &t.levels {
        println!("{:>5}  {:>6}  {:>8}  {:>5}", l.level, l.rating, l.deviation, l.games);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_with(results: &str) -> LevelsRun {
        LevelsRun {
            anchor: String::new(),
            anchor_name: "GNU Shogi 1.4.2, 1 s a move".into(),
            anchor_ms: 1000,
            anchor_levels: vec![Level::new(4).unwrap()],
            games: 2,
            jobs: 1,
            openings: Vec::new(),
            results: results.into(),
            out: None,
            fit_only: true,
            bench_signature: 7,
        }
    }

    #[test]
    fn each_level_meets_the_next_two_and_the_chosen_levels_meet_the_anchor() {
        let p = pairings(&[Level::new(4).unwrap(), Level::new(5).unwrap()]);
        assert_eq!(p.len(), 9 + 8 + 2);
        let l = |n| Side::Level(Level::new(n).unwrap());
        assert!(p.contains(&(l(2), l(1))) && p.contains(&(l(3), l(1))) && p.contains(&(l(10), l(9))));
        assert!(p.contains(&(l(5), Side::Anchor)) && !p.contains(&(l(6), Side::Anchor)));
    }

    #[test]
    fn the_results_file_reads_back_and_a_bad_line_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.tsv");
        let path = path.to_str().unwrap();
        assert_eq!(read_results(path).unwrap(), Vec::new());
        std::fs::write(path, "# comment\nL5\tanchor\t0\t1\nL2\tL1\t3\t0.5\n").unwrap();
        let v = read_results(path).unwrap();
        assert_eq!(
            v[0],
            Played { a: Side::Level(Level::new(5).unwrap()), b: Side::Anchor, game: 0, score: 1.0 }
        );
        assert_eq!(v[1].score, 0.5);
        std::fs::write(path, "L5\tanchor\t0\t1\nL11\tL1\t3\t1\n").unwrap();
        let e = read_results(path).unwrap_err().to_string();
        assert!(e.contains(":2:") && e.contains("L11"), "{e}");
        std::fs::write(path, "L5\tanchor\t0\t0.3\n").unwrap();
        assert!(read_results(path).is_err());
    }

    #[test]
    fn the_fit_anchors_the_scale_and_orders_a_ladder() {
        // every level beats the one below 3:1 and the one two below 9:1; level 4 meets the
        // anchor evenly
        let mut played = Vec::new();
        let mut add = |a: Side, b: Side, wins: usize, losses: usize| {
            for g in 0..wins + losses {
                played.push(Played { a, b, game: g, score: if g < wins { 1.0 } else { 0.0 } });
            }
        };
        for (a, b) in pairings(&[Level::new(4).unwrap()]) {
            match (a, b) {
                (Side::Level(h), Side::Level(l)) if h.get() == l.get() + 1 => add(a, b, 30, 10),
                (Side::Level(_), Side::Level(_)) => add(a, b, 36, 4),
                _ => add(a, b, 20, 20),
            }
        }
        let t = fit_table(&played, &run_with("unused")).unwrap();
        let r: Vec<f64> = t.levels.iter().map(|l| l.rating).collect();
        assert!((r[3] - 1000.0).abs() < 15.0, "{r:?}");
        assert!(r.windows(2).all(|w| w[1] - w[0] > 120.0 && w[1] - w[0] < 260.0), "{r:?}");
        assert!(t.levels[3].deviation < t.levels[9].deviation);
        assert_eq!(t.games, played.len());
        assert_eq!(t.anchor_games, 40);
        assert_eq!(t.settings, LevelTable::current_settings());
        assert_eq!(t.bench_signature, 7);
        assert!(matches!(fit_table(&[], &run_with("unused")), Err(LevelsError::NoGames)));
    }
}

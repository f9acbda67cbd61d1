//! `shogiban tune selfplay`: fast self-play games in-process, written as training data labelled
//! with the game's result (texel-style tuning: the evaluation is fitted to who won, with our own
//! search playing the games).
//!
//! ```text
//! shogiban tune selfplay --games N [--nodes N] [--threads T] [--seed S] [--openings FILE] -o OUT
//! ```
//!
//! Each game starts from a line of OPENINGS (USI games as the book builder reads them:
//! `startpos moves ...`, `sfen ... moves ...` or bare moves; none: the initial position), plays
//! 12% random moves up to ply 40 for variety, and ends by mate, no legal move, sennichite,
//! perpetual check, an impasse declaration, adjudication (both sides' searches agree on more than
//! ±2,500 or a mate for four plies) or as a draw after 320 plies. OUT gets one line per position
//! from ply 16 on that is not in check and whose searched best move neither captures nor
//! promotes: `SFEN<TAB>result<TAB>bestmove<TAB>1<TAB>score`, result 1 / 0.5 / 0 and the search's
//! score in centipawns (±30000 for a mate), both for the side to move.
//!
//! T threads play games at once (each with its own engine and random stream); a game's lines are
//! written together when it ends. Lines are appended, so a run can be stopped at any time and
//! started again to add more: without `--seed` each run draws a fresh seed from the clock, so a
//! resumed run plays new games.

use crate::core::{Color, Move, Position, Score};
use crate::engine::book::build::Game;
use crate::engine::games::{Turn, play_out};
use crate::engine::rng::Rng;
use crate::engine::search::time::Limits;
use crate::engine::tune::TuneError;
use crate::engine::{Engine, EngineOptions};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Settings of a self-play run.
pub struct SelfPlay {
    pub games: usize,
    pub nodes: u64,
    pub seed: u64,
    /// Games played at once, each on its own thread with its own engine.
    pub threads: usize,
    pub openings: Vec<Game>,
}

/// A seed for a run given none: from the clock, so a resumed run plays new games.
pub fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
}

/// What a search said of a position, as the data's score column writes it: centipawns for the
/// side to move, ±30000 for a mate.
pub(super) fn score_cp(score: Score) -> i32 {
    match score {
        Score::Cp(v) => v.clamp(-29_999, 29_999),
        mate => {
            if mate.mate_for() == Some(true) {
                30_000
            } else {
                -30_000
            }
        }
    }
}

/// The engine that plays and scores training positions: no book, a small table (many run at once).
pub(super) fn data_engine() -> Engine {
    Engine::new(EngineOptions { own_book: false, hash_mb: 16, ..EngineOptions::default() })
}

/// One recorded position: its SFEN, the side to move and the searched best move.
struct Record {
    sfen: String,
    side: Color,
    best: Move,
    score: i32,
}

const ADJUDICATE_CP: i32 = 2_500;
const ADJUDICATE_PLIES: usize = 4;
const RANDOM_UNTIL: usize = 40;
const RANDOM_PERCENT: u64 = 12;
const FIRST_RECORDED_PLY: usize = 16;

/// Plays one game through the shared game loop; returns its records and the winner (None: draw).
fn play(engine: &mut Engine, opening: &Game, nodes: u64, rng: &mut Rng) -> (Vec<Record>, Option<Color>) {
    let mut pos = opening.0.clone();
    for &m in &opening.1 {
        pos.do_move(m);
    }
    engine.new_game();
    let mut records = Vec::new();
    // consecutive plies on which the side to move's search saw sente winning (+) or losing (-)
    let mut streak: (i32, usize) = (0, 0);
    let winner = play_out(pos, |pos| {
        let ply = pos.moves_played();
        let us = pos.side_to_move();
        if ply < RANDOM_UNTIL && rng.below(100) < RANDOM_PERCENT {
            let legal = pos.legal_moves();
            streak = (0, 0);
            return Turn::Move(legal.as_slice()[rng.below(legal.len() as u64) as usize]);
        }
        let limits = Limits { nodes: Some(nodes), ..Limits::default() };
        let r = engine.search(pos, limits, Arc::new(AtomicBool::new(false)), |_| {});
        if r.declare_win {
            return Turn::Declare;
        }
        let Some(best) = r.best else { return Turn::Resign };
        if ply >= FIRST_RECORDED_PLY && !pos.in_check() && !pos.is_capture_or_promotion(best) {
            records.push(Record { sfen: pos.to_sfen(), side: us, best, score: score_cp(r.score) });
        }
        let sente_view = |v: i32| if us == Color::Black { v } else { -v };
        let sign = match r.score {
            Score::Cp(v) if v.abs() > ADJUDICATE_CP => sente_view(v.signum()),
            Score::Cp(_) => 0,
            mate => sente_view(if mate.mate_for() == Some(true) { 1 } else { -1 }),
        };
        streak = if sign != 0 && sign == streak.0 { (sign, streak.1 + 1) } else { (sign, 1) };
        if sign != 0 && streak.1 >= ADJUDICATE_PLIES {
            return Turn::Adjudicate(Some(if sign > 0 { Color::Black } else { Color::White }));
        }
        Turn::Move(best)
    });
    (records, winner)
}

/// The running totals of a run, printed as it goes.
#[derive(Default)]
struct Tally {
    games: usize,
    wins: [usize; 2],
    draws: usize,
    positions: usize,
}

/// The data lines of one finished game.
fn lines(records: &[Record], winner: Option<Color>) -> String {
    let mut text = String::new();
    for r in records {
        let result = match winner {
            None => "0.5",
            Some(w) if w == r.side => "1",
            Some(_) => "0",
        };
        text.push_str(&format!("{}\t{}\t{}\t1\t{}\n", r.sfen, result, r.best.usi(), r.score));
    }
    text
}

/// Plays `sp.games` games on `sp.threads` threads and appends their positions to `out`.
pub fn run(sp: &SelfPlay, out: &str) -> Result<(), TuneError> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
        .map_err(|source| TuneError::Open { path: out.to_string(), source })?;
    let file = Mutex::new(file);
    let tally = Mutex::new(Tally::default());
    let next_game = AtomicUsize::new(0);
    let failed: Mutex<Option<std::io::Error>> = Mutex::new(None);
    let initial: Game = (Position::startpos(), Vec::new());
    std::thread::scope(|scope| {
        for t in 0..sp.threads.max(1) {
            let (file, tally, next_game, failed, initial) = (&file, &tally, &next_game, &failed, &initial);
            scope.spawn(move || {
                let mut engine = data_engine();
                let stream =
                    sp.seed.wrapping_add(t as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(1);
                let mut rng = Rng::new(stream);
                loop {
                    let g = next_game.fetch_add(1, Ordering::Relaxed);
                    if g >= sp.games || failed.lock().map(|f| f.is_some()).unwrap_or(true) {
                        break;
                    }
                    let opening = if sp.openings.is_empty() {
                        initial
                    } else {
                        &sp.openings[rng.below(sp.openings.len() as u64) as usize]
                    };
                    let (records, winner) = play(&mut engine, opening, sp.nodes, &mut rng);
                    let text = lines(&records, winner);
                    if let Err(e) = file.lock().expect("no writer panics").write_all(text.as_bytes()) {
                        *failed.lock().expect("no writer panics") = Some(e);
                        break;
                    }
                    let mut tl = tally.lock().expect("no writer panics");
                    tl.games += 1;
                    tl.positions += records.len();
                    match winner {
                        Some(c) => tl.wins[c.index()] += 1,
                        None => tl.draws += 1,
                    }
                    if tl.games % 50 == 0 || tl.games == sp.games {
                        println!(
                            "{} games (sente {} gote {} draws {}), {} positions",
                            tl.games, tl.wins[0], tl.wins[1], tl.draws, tl.positions
                        );
                    }
                }
            });
        }
    });
    match failed.into_inner().expect("no writer panics") {
        Some(source) => Err(TuneError::Write { path: out.to_string(), source }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn self_play_writes_quiet_positions_labelled_with_the_result() {
        let dir = std::env::temp_dir().join(format!("shogiban-selfplay-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join("sp.tsv");
        let mut start = Position::startpos();
        let moves: Vec<Move> = ["7g7f", "3c3d"]
            .iter()
            .map(|m| {
                let m = start.parse_usi_move(m).unwrap();
                start.do_move(m);
                m
            })
            .collect();
        let openings = vec![(Position::startpos(), moves)];
        let sp = SelfPlay { games: 3, nodes: 300, seed: 5, threads: 2, openings };
        run(&sp, out.to_str().unwrap()).unwrap();
        let text = std::fs::read_to_string(&out).unwrap();
        std::fs::remove_dir_all(&dir).ok();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.len() > 10, "three games give positions ({} lines)", lines.len());
        for line in lines {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 5, "{line}");
            let score: i32 = f[4].parse().unwrap();
            assert!(score.abs() <= 30_000, "{line}");
            let pos = Position::from_sfen(f[0]).unwrap();
            assert!(pos.ply() as usize > FIRST_RECORDED_PLY, "{line}");
            assert!(!pos.in_check(), "{line}");
            assert!(["0", "0.5", "1"].contains(&f[1]), "{line}");
            let best = pos.parse_usi_move(f[2]).unwrap();
            assert!(pos.is_legal(best) && !pos.is_capture_or_promotion(best), "{line}");
        }
    }
}

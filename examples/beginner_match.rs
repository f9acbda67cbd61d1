//! Measures the lowest levels against two stand-ins for a person who has just learned the
//! moves, in-process: **random** plays any legal move; **greedy** mates in one when it can,
//! otherwise takes the most valuable piece it can capture (a promotion counts as a small gain)
//! without looking at the reply, and otherwise plays a random move; **careful** looks one reply
//! further: it plays the move whose gain less the opponent's best immediate gain (a mate in one
//! counting as everything) is the largest, which makes it defend hanging pieces and mates in one. Run by
//! `tools/beginner_match.sh`, which builds it in release mode.
//!
//! ```text
//! beginner_match [--games 20] [--movetime 200] [--seed S] [LEVEL ...]   (default: 1 2 3)
//! ```
//! Prints, per level and stand-in, the level's wins, draws and losses from the start position
//! with the colours swapped every game.

use shogiban::core::{Color, GameStatus, Move, PieceKind, Position};
use shogiban::engine::games::{Turn, play_out};
use shogiban::engine::levels::Level;
use shogiban::engine::rng::Rng;
use shogiban::engine::search::time::Limits;
use shogiban::engine::{Engine, EngineOptions};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

#[derive(Copy, Clone, Debug)]
enum Stand {
    Greedy,
    Careful,
    Random,
}

/// The material a beginner counts (pawn = 1).
fn value(k: PieceKind) -> i32 {
    use PieceKind::*;
    match k {
        Pawn => 1,
        Lance | Knight => 3,
        Silver => 5,
        Gold | ProPawn | ProLance | ProKnight | ProSilver => 6,
        Bishop => 8,
        Rook => 10,
        Horse => 10,
        Dragon => 12,
        King => 1000,
    }
}

fn stand_in_move(pos: &Position, stand: Stand, rng: &mut Rng) -> Option<Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let random = moves.as_slice()[(rng.next_u64() % moves.len() as u64) as usize];
    if let Stand::Random = stand {
        return Some(random);
    }
    let careful = matches!(stand, Stand::Careful);
    let mut best: Option<(i32, Move)> = None;
    for &m in moves.iter() {
        let mut gain = gain(pos, m);
        if careful && gain < MATE {
            let mut after = pos.clone();
            after.do_move(m);
            gain -= after.legal_moves().iter().map(|&r| self::gain(&after, r)).max().unwrap_or(0);
        }
        // ties between equal gains go to a random one of them
        let score = 4 * gain + (rng.next_u64() % 4) as i32;
        if (careful || gain > 0) && best.is_none_or(|(g, _)| score > g) {
            best = Some((score, m));
        }
    }
    Some(best.map_or(random, |b| b.1))
}

const MATE: i32 = 10_000;

/// What `m` wins at once: a mate, or the piece it takes (doubled) plus one for a promotion.
fn gain(pos: &Position, m: Move) -> i32 {
    let mut after = pos.clone();
    after.do_move(m);
    if matches!(after.status(), GameStatus::Checkmate { .. }) {
        return MATE;
    }
    pos.captured_by(m).kind().map_or(0, value) * 2 + m.is_promotion() as i32
}

/// One game; returns the winner (`None`: a draw by sennichite or the move limit).
fn play(
    level_color: Color,
    engine: &mut Engine,
    stand: Stand,
    movetime: u64,
    rng: &mut Rng,
) -> Option<Color> {
    engine.new_game();
    play_out(Position::startpos(), |pos| {
        if pos.side_to_move() == level_color {
            let r = engine.search(pos, Limits::movetime(movetime), Arc::new(AtomicBool::new(false)), |_| {});
            if r.declare_win { Turn::Declare } else { r.best.map_or(Turn::Resign, Turn::Move) }
        } else {
            stand_in_move(pos, stand, rng).map_or(Turn::Resign, Turn::Move)
        }
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut games, mut movetime, mut seed) = (20usize, 200u64, 1u64);
    let mut levels = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        let number = |v: &str| v.parse::<u64>().ok();
        match args[i].as_str() {
            "--games" => games = number(&value).map_or(games, |v| v as usize),
            "--movetime" => movetime = number(&value).unwrap_or(movetime),
            "--seed" => seed = number(&value).unwrap_or(seed),
            level => match level.parse::<Level>() {
                Ok(l) => {
                    levels.push(l);
                    i += 1;
                    continue;
                }
                _ => {
                    eprintln!("beginner_match: expected a level 1..10 or an option, got '{level}'");
                    return ExitCode::from(2);
                }
            },
        }
        i += 2;
    }
    if levels.is_empty() {
        levels = Level::all().take(3).collect();
    }
    println!("level  against  wins draws losses  score  ({games} games, {movetime} ms a move)");
    for level in levels {
        for stand in [Stand::Random, Stand::Greedy, Stand::Careful] {
            let options = EngineOptions { hash_mb: 16, level, multipv: 1, own_book: false, threads: 1 };
            let mut engine = Engine::new(options);
            let mut rng = Rng::new(seed);
            let (mut w, mut d, mut l) = (0, 0, 0);
            for g in 0..games {
                engine.set_seed(seed.wrapping_add(g as u64));
                let color = if g % 2 == 0 { Color::Black } else { Color::White };
                match play(color, &mut engine, stand, movetime, &mut rng) {
                    None => d += 1,
                    Some(c) if c == color => w += 1,
                    Some(_) => l += 1,
                }
            }
            let score = (w as f64 + 0.5 * d as f64) / games.max(1) as f64;
            println!(
                "{level:>5}  {:<7}  {w:>4} {d:>5} {l:>6}  {:>4.0}%",
                format!("{stand:?}"),
                100.0 * score
            );
        }
    }
    ExitCode::SUCCESS
}

//! `shogiban tune games`: the positions of played games as fit data.
//!
//! ```text
//! shogiban tune games -o OUT RECORD...
//! ```
//!
//! Self-play only reaches the positions our own engine steers into. The games it plays against
//! other engines (`tools/match.sh` keeps each game as a CSA file under `csa/`) reach the ones the
//! opponent steers into: its castles, its attacks, the openings it chooses. The command reads
//! game records (every format the program reads; a CSA file may hold several games; the reading
//! is the command line's, since the engine does not use `record`) and this module appends their
//! positions to OUT in `tune selfplay`'s columns, with `-` in the score column: no search scored
//! them, so the fits take the game's result for the side to move as their target.
//!
//! Positions are taken as self-play takes them: from ply 16 on, not in check, and only where
//! the move played is neither a capture nor a promotion. A game without a result (interrupted)
//! gives none, and a game whose moves repeat another one's already read (the same record in
//! two folders) is read once.

use super::TuneError;
use crate::core::{Color, Move, Position};
use std::collections::HashSet;
use std::io::Write;

/// The first ply whose position is kept (the opening before it is a book's or a file's).
const FIRST_PLY: usize = 16;

/// How a played game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    Win(Color),
    Draw,
    /// Interrupted, or the record does not say.
    Unfinished,
}

/// A played game: where it started, its moves and its result.
pub struct PlayedGame {
    pub initial: Position,
    pub moves: Vec<Move>,
    pub result: GameResult,
}

/// What a run wrote.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct GamesReport {
    /// Finished games whose positions were written.
    pub games: usize,
    /// Games without a result.
    pub unfinished: usize,
    /// Games whose moves repeat one read before.
    pub repeated: usize,
    pub positions: usize,
}

/// The data lines of one game: its quiet positions with the result for the side to move.
fn game_lines(initial: &Position, moves: &[Move], winner: Option<Color>) -> Vec<String> {
    let mut pos = initial.clone();
    let mut lines = Vec::new();
    for (ply, &m) in moves.iter().enumerate() {
        if ply >= FIRST_PLY && !pos.in_check() && !pos.is_capture_or_promotion(m) {
            let result = match winner {
                None => "0.5",
                Some(w) if w == pos.side_to_move() => "1",
                Some(_) => "0",
            };
            lines.push(format!("{}\t{result}\t{}\t1\t-", pos.to_sfen(), m.usi()));
        }
        pos.do_move(m);
    }
    lines
}

/// Appends the positions of `games` to `out`.
pub fn run(games: &[PlayedGame], out: &str) -> Result<GamesReport, TuneError> {
    let mut report = GamesReport::default();
    let mut seen = HashSet::new();
    let mut text = String::new();
    for g in games {
        if !seen.insert((g.initial.to_sfen(), g.moves.clone())) {
            report.repeated += 1;
            continue;
        }
        let winner = match g.result {
            GameResult::Win(c) => Some(c),
            GameResult::Draw => None,
            GameResult::Unfinished => {
                report.unfinished += 1;
                continue;
            }
        };
        let lines = game_lines(&g.initial, &g.moves, winner);
        report.games += 1;
        report.positions += lines.len();
        for l in lines {
            text.push_str(&l);
            text.push('\n');
        }
    }
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
        .map_err(|source| TuneError::Open { path: out.to_string(), source })?;
    file.write_all(text.as_bytes()).map_err(|source| TuneError::Write { path: out.to_string(), source })?;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Twenty moves from the start; gote resigned or won as the test says.
    const MOVES: &str = "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d 8e8f 8g8f 8b8f \
        2d3d 2b3c P*8g 8f8b 3i3h 7a7b";

    fn game(result: GameResult) -> PlayedGame {
        let initial = Position::startpos();
        let mut pos = initial.clone();
        let moves = MOVES
            .split_whitespace()
            .map(|u| {
                let m = pos.parse_usi_move(u).unwrap();
                pos.do_move(m);
                m
            })
            .collect();
        PlayedGame { initial, moves, result }
    }

    #[test]
    fn quiet_positions_from_ply_16_carry_the_result_and_no_score() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("g.tsv");
        // the same game twice is written once
        let games = [game(GameResult::Win(Color::White)), game(GameResult::Win(Color::White))];
        let report = run(&games, out.to_str().unwrap()).unwrap();
        assert_eq!(report, GamesReport { games: 1, unfinished: 0, repeated: 1, positions: 4 });
        let text = std::fs::read_to_string(&out).unwrap();
        let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split('\t').collect()).collect();
        // plies 16..19 (the captures come before): a drop and three quiet moves
        let moves: Vec<&str> = lines.iter().map(|f| f[2]).collect();
        assert_eq!(moves, ["P*8g", "8f8b", "3i3h", "7a7b"]);
        // gote won: sente to move gets 0, gote 1
        let results: Vec<&str> = lines.iter().map(|f| f[1]).collect();
        assert_eq!(results, ["0", "1", "0", "1"]);
        assert!(lines.iter().all(|f| f[3] == "1" && f[4] == "-"));
        let first = Position::from_sfen(lines[0][0]).unwrap();
        assert_eq!(first.side_to_move(), Color::Black);
        assert_eq!(first.ply(), 17);
    }

    #[test]
    fn an_unfinished_game_gives_no_positions_and_a_draw_gives_halves() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("i.tsv");
        let report = run(&[game(GameResult::Unfinished)], out.to_str().unwrap()).unwrap();
        assert_eq!(report, GamesReport { games: 0, unfinished: 1, repeated: 0, positions: 0 });
        run(&[game(GameResult::Draw)], out.to_str().unwrap()).unwrap();
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(!text.is_empty() && text.lines().all(|l| l.split('\t').nth(1) == Some("0.5")));
    }
}

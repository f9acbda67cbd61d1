//! `shogiban tune games`: the positions of played games as fit data.
//!
//! ```text
//! shogiban tune games -o OUT RECORD...
//! ```
//!
//! Self-play only reaches the positions our own engine steers into. The games it plays against
//! other engines (`tools/match.sh` keeps each game as a CSA file under `csa/`) reach the ones the
//! opponent steers into: its castles, its attacks, the openings it chooses. This command reads
//! game records (every format the program reads; a CSA file may hold several games) and appends
//! their positions to OUT in `tune selfplay`'s columns, with `-` in the score column: no search
//! scored them, so the fits take the game's result for the side to move as their target.
//!
//! Positions are taken as self-play takes them: from ply 16 on, not in check, and only where
//! the move played is neither a capture nor a promotion. A game without a result (interrupted)
//! gives none, and a game whose moves repeat another one's already read (the same record in
//! two folders) is read once.

use super::TuneError;
use crate::core::{Color, Move, Position};
use crate::record::{Outcome, load_all_records};
use std::collections::HashSet;
use std::io::Write;
use std::path::Path;

/// The first ply whose position is kept (the opening before it is a book's or a file's).
const FIRST_PLY: usize = 16;

/// What a run read and wrote.
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

/// Reads `records` and appends their positions to `out`.
pub fn run(records: &[impl AsRef<Path>], out: &str) -> Result<GamesReport, TuneError> {
    let mut report = GamesReport::default();
    let mut seen = HashSet::new();
    let mut text = String::new();
    for path in records {
        let path = path.as_ref();
        let games = load_all_records(path)
            .map_err(|e| TuneError::Record { path: path.display().to_string(), message: e.to_string() })?;
        for (record, _) in games {
            let moves = record.main_line_moves();
            if !seen.insert((record.initial().to_sfen(), moves.clone())) {
                report.repeated += 1;
                continue;
            }
            let winner = match record.outcome() {
                Outcome::Win(c) => Some(c),
                Outcome::Draw => None,
                Outcome::None => {
                    report.unfinished += 1;
                    continue;
                }
            };
            let lines = game_lines(record.initial(), &moves, winner);
            report.games += 1;
            report.positions += lines.len();
            for l in lines {
                text.push_str(&l);
                text.push('\n');
            }
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

    /// A CSA game: sente resigns at move 21 (gote wins).
    const GAME: &str = "V2.2\nN+a\nN-b\nPI\n+\n\
        +7776FU\n-3334FU\n+2726FU\n-8384FU\n+2625FU\n-8485FU\n+6978KI\n-4132KI\n\
        +2524FU\n-2324FU\n+2824HI\n-8586FU\n+8786FU\n-8286HI\n+2426HI\n-8682HI\n\
        +0087FU\n-0023FU\n+3938GI\n-7172GI\n%TORYO\n";

    #[test]
    fn quiet_positions_from_ply_16_carry_the_result_and_no_score() {
        let dir = tempfile::tempdir().unwrap();
        let rec = dir.path().join("g.csa");
        std::fs::write(&rec, GAME).unwrap();
        let out = dir.path().join("g.tsv");
        // the same game twice is read once
        let report = run(&[&rec, &rec], out.to_str().unwrap()).unwrap();
        assert_eq!(report, GamesReport { games: 1, unfinished: 0, repeated: 1, positions: 4 });
        let text = std::fs::read_to_string(&out).unwrap();
        let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split('\t').collect()).collect();
        // plies 16..19: 0087FU and 0023FU are drops (quiet), 3938GI and 7172GI quiet
        let moves: Vec<&str> = lines.iter().map(|f| f[2]).collect();
        assert_eq!(moves, ["P*8g", "P*2c", "3i3h", "7a7b"]);
        // sente moves at even plies and lost; gote won
        let results: Vec<&str> = lines.iter().map(|f| f[1]).collect();
        assert_eq!(results, ["0", "1", "0", "1"]);
        assert!(lines.iter().all(|f| f[3] == "1" && f[4] == "-"));
        let first = Position::from_sfen(lines[0][0]).unwrap();
        assert_eq!(first.side_to_move(), Color::Black);
        assert_eq!(first.ply(), 17);
    }

    #[test]
    fn an_interrupted_game_gives_no_positions() {
        let dir = tempfile::tempdir().unwrap();
        let rec = dir.path().join("i.csa");
        std::fs::write(&rec, GAME.replace("%TORYO", "%CHUDAN")).unwrap();
        let out = dir.path().join("i.tsv");
        let report = run(&[&rec], out.to_str().unwrap()).unwrap();
        assert_eq!(report, GamesReport { games: 0, unfinished: 1, repeated: 0, positions: 0 });
    }

    #[test]
    fn a_record_that_cannot_be_read_is_named_and_nothing_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let good = dir.path().join("g.csa");
        std::fs::write(&good, GAME).unwrap();
        let missing = dir.path().join("missing.csa");
        let out = dir.path().join("m.tsv");
        let e = run(&[&good, &missing], out.to_str().unwrap()).unwrap_err();
        assert!(e.to_string().contains("missing.csa"), "{e}");
        assert!(!out.exists());
    }
}

//! Building an opening book from games. The builder takes `(start position, moves)` pairs from
//! any source; this file also reads the simplest source, text files of USI games:
//!
//! ```text
//! # comments and blank lines are ignored
//! position startpos moves 7g7f 3c3d      (a USI `position` command)
//! startpos moves 7g7f 3c3d
//! sfen <board> <side> <hands> [<number>] moves 7g7f ...
//! <board> <side> <hands> [<number>] moves 7g7f ...   (a bare SFEN)
//! 7g7f 3c3d 2g2f                         (moves from the start position)
//! ```
//!
//! Every move is checked for legality and an illegal one is reported with its file and line.
//! KIF/CSA records can be fed to [`BookBuilder::add_game`] by the record layer.

use crate::core::{Move, Position, PositionCommandError, PositionSyntax, parse_position_command};
use crate::engine::book::{Book, BookError, BookProblem};
use std::path::Path;

/// A game as the builder wants it: where it starts and the moves played.
pub type Game = (Position, Vec<Move>);

/// Default number of plies of each game that go into a book.
pub const DEFAULT_BOOK_PLIES: usize = 24;

/// A game's move that is not legal where it is played: the ply (1-based) and the move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {ply} ({mv}) is not legal")]
pub struct IllegalGameMove {
    pub ply: usize,
    pub mv: Move,
}

/// Accumulates games into a book: every position of the first `max_plies` plies gets +1 on the
/// move played there.
pub struct BookBuilder {
    book: Book,
    max_plies: usize,
    games: usize,
}

impl BookBuilder {
    pub fn new(max_plies: usize) -> BookBuilder {
        BookBuilder { book: Book::empty(), max_plies, games: 0 }
    }

    /// Adds one game. Fails (adding nothing) when a move is illegal: the error names the ply
    /// (1-based) and the move.
    pub fn add_game(&mut self, start: &Position, moves: &[Move]) -> Result<(), IllegalGameMove> {
        let mut pos = start.clone();
        let mut steps = Vec::new();
        for (i, &m) in moves.iter().take(self.max_plies).enumerate() {
            if !pos.is_legal(m) {
                return Err(IllegalGameMove { ply: i + 1, mv: m });
            }
            steps.push((pos.clone(), m));
            pos.do_move(m);
        }
        for (p, m) in &steps {
            self.book.add(p, *m, 1);
        }
        self.games += 1;
        Ok(())
    }

    /// Number of games added.
    pub fn games(&self) -> usize {
        self.games
    }

    pub fn finish(self) -> Book {
        self.book
    }
}

/// Parses a text file of USI games (see the module docs). `source` names it in errors.
pub fn parse_usi_games(text: &str, source: &str) -> Result<Vec<Game>, BookError> {
    let mut games = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let game = parse_game_line(line).map_err(|e| BookError {
            source: source.to_string(),
            line: i + 1,
            problem: BookProblem::Game(e),
        })?;
        games.push(game);
    }
    Ok(games)
}

/// Reads a file of USI games.
pub fn read_usi_games(path: &Path) -> Result<Vec<Game>, BookError> {
    let (text, name) = crate::engine::book::read_file(path)?;
    parse_usi_games(&text, &name)
}

/// One game line: `[position] (startpos | sfen ... | <SFEN>) [moves ...]` or a bare move list.
/// Unlike the USI server, a book takes no composed positions and no game with a bad move.
fn parse_game_line(line: &str) -> Result<Game, PositionCommandError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let parsed = parse_position_command(&words, PositionSyntax::Lenient)?;
    let (start, moves) = (parsed.start.clone(), parsed.moves.clone());
    parsed.complete()?;
    Ok((start, moves))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_lines() {
        let text = "position startpos moves 7g7f\n7g7f 3c3d\n4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b\n";
        let games = parse_usi_games(text, "t").unwrap();
        assert_eq!(games.iter().map(|(_, m)| m.len()).collect::<Vec<_>>(), [1, 2, 1]);
        for (bad, why) in [
            ("startpos 7g7f", "expected 'moves'"),
            ("startpos moves 7g7f 7g7f", "move 2 (7g7f)"),
            ("sfen P3k4/9/9/9/9/9/9/9/4K4 b - 1", "invalid SFEN"),
        ] {
            let e = parse_usi_games(&format!("\n{bad}\n"), "t").unwrap_err();
            assert_eq!(e.line, 2, "{bad}");
            assert!(e.to_string().contains(why), "{bad}: {e}");
        }
    }
}

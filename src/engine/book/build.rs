//! Building an opening book from games. The builder takes `(start position, moves)` pairs from
//! any source; this file also reads the simplest source, text files of USI games:
//!
//! ```text
//! # comments and blank lines are ignored
//! position startpos moves 7g7f 3c3d      (a USI `position` command)
//! startpos moves 7g7f 3c3d
//! sfen <board> <side> <hands> [<number>] moves 7g7f ...
//! 7g7f 3c3d 2g2f                         (moves from the start position)
//! ```
//!
//! Every move is checked for legality and an illegal one is reported with its file and line.
//! KIF/CSA records can be fed to [`BookBuilder::add_game`] by the record layer.

use crate::core::{Move, Position};
use crate::engine::book::{Book, BookError};
use std::path::Path;

/// A game as the builder wants it: where it starts and the moves played.
pub type Game = (Position, Vec<Move>);

/// Default number of plies of each game that go into a book.
pub const DEFAULT_BOOK_PLIES: usize = 24;

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
    pub fn add_game(&mut self, start: &Position, moves: &[Move]) -> Result<(), String> {
        let mut pos = start.clone();
        let mut steps = Vec::new();
        for (i, &m) in moves.iter().take(self.max_plies).enumerate() {
            if !pos.is_legal(m) {
                return Err(format!("move {} ({}) is not legal", i + 1, m.usi()));
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
        let game = parse_game_line(line).map_err(|message| BookError {
            source: source.to_string(),
            line: i + 1,
            message,
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

/// One game line: `[position] (startpos | sfen ...) [moves ...]` or a bare move list.
fn parse_game_line(line: &str) -> Result<Game, String> {
    let mut tokens: Vec<&str> = line.split_whitespace().collect();
    if tokens.first() == Some(&"position") {
        tokens.remove(0);
    }
    let (start, rest): (Position, &[&str]) = match tokens.first().copied() {
        Some("startpos") => (Position::startpos(), &tokens[1..]),
        Some("sfen") => {
            let end = tokens.iter().position(|&t| t == "moves").unwrap_or(tokens.len());
            let sfen = tokens[1..end].join(" ");
            let pos = Position::from_sfen(&sfen).map_err(|e| format!("invalid SFEN: {e}"))?;
            (pos, &tokens[end..])
        }
        _ => (Position::startpos(), &tokens[..]),
    };
    let rest = match rest.first() {
        Some(&"moves") => &rest[1..],
        _ => rest,
    };
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(rest.len());
    for (i, text) in rest.iter().enumerate() {
        let m = pos.parse_usi_move(text).map_err(|e| format!("move {}: {e}", i + 1))?;
        pos.do_move(m);
        moves.push(m);
    }
    Ok((start, moves))
}

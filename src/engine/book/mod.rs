//! The opening book (定跡): for a position, the moves played there and how often, picked at
//! random by weight. Positions are keyed by `Position::key()` (board, hands, side to move; the
//! move number does not matter), and stored on disk as a text file that a person can read and
//! diff:
//!
//! ```text
//! # shogiban opening book
//! sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -
//! 7g7f 12
//! 2g2f 9
//! ```
//!
//! A `sfen` line (board, side, hands; no move number) starts a position, each following line is
//! a USI move and its weight. `#` starts a comment. Positions are written sorted by SFEN and
//! moves by weight, so rebuilding from the same games gives the same file. Building from games
//! lives in `build.rs`; this file owns the data, the format and the pick.

pub mod build;

use crate::core::{Move, Position, PositionCommandError, SfenError, UsiMoveError};
use crate::engine::rng::Rng;
use std::collections::HashMap;
use std::fmt;
use std::path::Path;

/// The book shipped with shogiban, built from `assets/openings.txt` by `shogiban book build`.
pub const BUILTIN_BOOK: &str = include_str!("../../../assets/book.sfen");

/// A book move and how often it was played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BookMove {
    pub mv: Move,
    pub weight: u32,
}

/// All book moves of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// SFEN of the position without the move number.
    pub sfen: String,
    /// Sorted by weight, heaviest first (ties by USI text).
    pub moves: Vec<BookMove>,
}

/// An error reading a book or a file of games, with the line it concerns (1-based; 0 when not
/// about a line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    pub source: String,
    pub line: usize,
    pub problem: BookProblem,
}

/// What is wrong in a book or a file of games.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookProblem {
    /// The file cannot be read (the system's reason).
    #[error("{0}")]
    Unreadable(String),
    #[error("invalid SFEN: {0}")]
    Sfen(SfenError),
    #[error("a move line before the first 'sfen' line")]
    MoveBeforeSfen,
    #[error("{0}")]
    Move(UsiMoveError),
    #[error("'{0}' is not a weight")]
    BadWeight(String),
    #[error("unexpected '{0}' after the weight")]
    AfterWeight(String),
    /// A move listed twice for one position (its USI text).
    #[error("{0} is listed twice for this position")]
    DuplicateMove(String),
    /// A position with two entries (its SFEN).
    #[error("position {0} appears twice")]
    DuplicatePosition(String),
    /// A line of a file of games.
    #[error("{0}")]
    Game(PositionCommandError),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "{}:{}: {}", self.source, self.line, self.problem)
        } else {
            write!(f, "{}: {}", self.source, self.problem)
        }
    }
}

impl std::error::Error for BookError {}

/// The opening book.
#[derive(Clone, Debug)]
pub struct Book {
    entries: HashMap<u64, BookEntry>,
    enabled: bool,
}

impl Default for Book {
    fn default() -> Self {
        Book::empty()
    }
}

impl PartialEq for Book {
    /// Same positions with the same moves and weights (the on/off switch is not compared).
    fn eq(&self, o: &Book) -> bool {
        self.entries == o.entries
    }
}

/// SFEN of a position without its move number: the book's name for it.
pub fn position_sfen(pos: &Position) -> String {
    let s = pos.to_sfen();
    match s.rfind(' ') {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

impl Book {
    /// A book with no positions.
    pub fn empty() -> Book {
        Book { entries: HashMap::new(), enabled: true }
    }

    /// The built-in book (see [`BUILTIN_BOOK`]).
    pub fn builtin() -> Book {
        // The shipped file is checked by the tests, so this cannot fail in a release.
        Book::parse(BUILTIN_BOOK, "builtin book").unwrap_or_else(|_| Book::empty())
    }

    /// Reads a book file.
    pub fn load(path: &Path) -> Result<Book, BookError> {
        let (text, name) = read_file(path)?;
        Book::parse(&text, &name)
    }

    /// Parses book text; `source` names it in errors. Every move must be legal in its position.
    pub fn parse(text: &str, source: &str) -> Result<Book, BookError> {
        let err = |line: usize, problem: BookProblem| BookError { source: source.to_string(), line, problem };
        let mut book = Book::empty();
        let mut current: Option<(Position, BookEntry, usize)> = None;
        for (i, raw) in text.lines().enumerate() {
            let n = i + 1;
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            if let Some(rest) = line.strip_prefix("sfen ") {
                if let Some((pos, entry, at)) = current.take() {
                    book.insert_entry(&pos, entry).map_err(|m| err(at, m))?;
                }
                let pos = Position::from_sfen(rest).map_err(|e| err(n, BookProblem::Sfen(e)))?;
                let entry = BookEntry { sfen: position_sfen(&pos), moves: Vec::new() };
                current = Some((pos, entry, n));
                continue;
            }
            let Some((pos, entry, _)) = current.as_mut() else {
                return Err(err(n, BookProblem::MoveBeforeSfen));
            };
            let mut parts = line.split_whitespace();
            let usi = parts.next().unwrap_or("");
            let mv = pos.parse_usi_move(usi).map_err(|e| err(n, BookProblem::Move(e)))?;
            let weight = match parts.next() {
                None => 1,
                Some(w) => w.parse::<u32>().map_err(|_| err(n, BookProblem::BadWeight(w.to_string())))?,
            };
            if let Some(extra) = parts.next() {
                return Err(err(n, BookProblem::AfterWeight(extra.to_string())));
            }
            if entry.moves.iter().any(|b| b.mv == mv) {
                return Err(err(n, BookProblem::DuplicateMove(mv.usi())));
            }
            entry.moves.push(BookMove { mv, weight });
        }
        if let Some((pos, entry, at)) = current.take() {
            book.insert_entry(&pos, entry).map_err(|m| err(at, m))?;
        }
        Ok(book)
    }

    fn insert_entry(&mut self, pos: &Position, mut entry: BookEntry) -> Result<(), BookProblem> {
        if self.entries.contains_key(&pos.key()) {
            return Err(BookProblem::DuplicatePosition(entry.sfen));
        }
        sort_moves(&mut entry.moves);
        self.entries.insert(pos.key(), entry);
        Ok(())
    }

    /// Adds `weight` to move `mv` in `pos` (creating the entry). The move must be legal there.
    pub fn add(&mut self, pos: &Position, mv: Move, weight: u32) {
        let entry = self
            .entries
            .entry(pos.key())
            .or_insert_with(|| BookEntry { sfen: position_sfen(pos), moves: Vec::new() });
        match entry.moves.iter_mut().find(|b| b.mv == mv) {
            Some(b) => b.weight = b.weight.saturating_add(weight),
            None => entry.moves.push(BookMove { mv, weight }),
        }
        sort_moves(&mut entry.moves);
    }

    /// The text form (see the module docs): positions sorted by SFEN, moves by weight.
    pub fn to_text(&self) -> String {
        let mut entries: Vec<&BookEntry> = self.entries.values().collect();
        entries.sort_by(|a, b| a.sfen.cmp(&b.sfen));
        let mut s = String::from(
            "# shogiban opening book: 'sfen <board> <side> <hands>', then '<usi move> <weight>' lines\n",
        );
        for e in entries {
            s.push_str("sfen ");
            s.push_str(&e.sfen);
            s.push('\n');
            for b in &e.moves {
                s.push_str(&format!("{} {}\n", b.mv.usi(), b.weight));
            }
        }
        s
    }

    /// Writes the text form to `path`.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        std::fs::write(path, self.to_text())
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// All entries (any order).
    pub fn entries(&self) -> impl Iterator<Item = &BookEntry> {
        self.entries.values()
    }

    /// Switches the book on or off; a book that is off knows no moves.
    pub fn set_enabled(&mut self, on: bool) {
        self.enabled = on;
    }

    pub fn is_enabled(&self) -> bool {
        self.enabled
    }

    /// The book moves of `pos`, heaviest first (empty when off or unknown).
    pub fn moves(&self, pos: &Position) -> &[BookMove] {
        if !self.enabled {
            return &[];
        }
        self.entries.get(&pos.key()).map(|e| e.moves.as_slice()).unwrap_or(&[])
    }

    /// A book move for `pos` drawn at random with probability proportional to its weight, or
    /// `None` when the book is off or has nothing (or only zero weights) here. Moves are
    /// checked for legality again, so a book built for other rules cannot make us play
    /// an illegal move.
    /// This book as the engine's book lookup (`Engine::set_book`): a random pick by weight.
    pub fn into_hook(self, seed: Option<u64>) -> crate::engine::BookHook {
        let rng = std::sync::Mutex::new(seed.map_or_else(Rng::from_time, Rng::new));
        Box::new(move |pos| {
            let mut r = rng.lock().ok()?;
            self.pick(pos, &mut r)
        })
    }

    pub fn pick(&self, pos: &Position, rng: &mut Rng) -> Option<Move> {
        let moves: Vec<BookMove> =
            self.moves(pos).iter().copied().filter(|b| b.weight > 0 && pos.is_legal(b.mv)).collect();
        let total: u64 = moves.iter().map(|b| b.weight as u64).sum();
        if total == 0 {
            return None;
        }
        let mut r = rng.below(total);
        for b in &moves {
            if r < b.weight as u64 {
                return Some(b.mv);
            }
            r -= b.weight as u64;
        }
        None
    }

    /// The heaviest book move (deterministic play).
    pub fn best(&self, pos: &Position) -> Option<Move> {
        self.moves(pos).iter().find(|b| b.weight > 0 && pos.is_legal(b.mv)).map(|b| b.mv)
    }
}

fn sort_moves(moves: &mut [BookMove]) {
    moves.sort_by(|a, b| b.weight.cmp(&a.weight).then_with(|| a.mv.usi().cmp(&b.mv.usi())));
}

/// A text file's contents and its name for messages (an unreadable file is a `BookError`).
pub(crate) fn read_file(path: &Path) -> Result<(String, String), BookError> {
    let name = path.display().to_string();
    match crate::bounded_read::read_to_string_bounded(path, crate::bounded_read::BOOK_LIMIT) {
        Ok(text) => Ok((text, name)),
        Err(e) => Err(BookError { source: name, line: 0, problem: BookProblem::Unreadable(e.to_string()) }),
    }
}

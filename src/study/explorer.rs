//! The opening explorer: which games of a collection reached a position, and the moves played
//! from it with how those games ended, beside the opening book's moves.
//!
//! Positions are told apart by what is on the board, in the hands and whose turn it is (the
//! position's Zobrist key, as the book uses), never by the moves that led there: two games that
//! reach one position by different move orders meet here. Only each game's main line is
//! indexed (the moves played; variations are comments on them). Building an index reads whole
//! records and belongs off the UI thread; looking a position up is a hash lookup.

use crate::core::{Color, Move, Position};
use crate::engine::book::{Book, BookMove};
use crate::record::GameRecord;
use crate::record::special::Outcome;
use std::collections::HashMap;

/// How the games of a set ended.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Results {
    pub games: u32,
    pub sente_wins: u32,
    pub gote_wins: u32,
    pub draws: u32,
}

impl Results {
    fn add(&mut self, outcome: Outcome) {
        self.games += 1;
        match outcome {
            Outcome::Win(Color::Black) => self.sente_wins += 1,
            Outcome::Win(Color::White) => self.gote_wins += 1,
            Outcome::Draw => self.draws += 1,
            _ => {}
        }
    }

    /// Games that did not end in a win or a draw (unfinished, interrupted).
    pub fn undecided(&self) -> u32 {
        self.games - self.sente_wins - self.gote_wins - self.draws
    }
}

/// A game that reached a position: the game's number (as the caller numbered it when adding
/// it) and the number of moves played before the position (0: the start).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Reached {
    pub game: usize,
    pub ply: usize,
}

/// A move played from a position, and how the games that played it ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveStat {
    pub mv: Move,
    pub results: Results,
}

#[derive(Clone, Debug, Default)]
struct Node {
    reached: Vec<Reached>,
    moves: Vec<MoveStat>,
}

/// Every position of a collection of games, with the games that reached it and the moves they
/// played from it.
#[derive(Clone, Debug, Default)]
pub struct PositionIndex {
    nodes: HashMap<u64, Node>,
    games: usize,
}

impl PositionIndex {
    pub fn new() -> PositionIndex {
        PositionIndex::default()
    }

    /// Adds the main line of `record` as game number `game`. A game that comes back to a
    /// position (a repetition) is counted there once, at its first visit, with the move it
    /// played then.
    pub fn add_game(&mut self, game: usize, record: &GameRecord) {
        let outcome = record.outcome();
        let mut pos = record.initial().clone();
        let moves = record.main_line_moves();
        self.games += 1;
        let mut seen = std::collections::HashSet::new();
        for ply in 0..=moves.len() {
            let key = pos.key();
            if seen.insert(key) {
                let node = self.nodes.entry(key).or_default();
                node.reached.push(Reached { game, ply });
                if let Some(&mv) = moves.get(ply) {
                    match node.moves.iter_mut().find(|m| m.mv == mv) {
                        Some(m) => m.results.add(outcome),
                        None => {
                            let mut results = Results::default();
                            results.add(outcome);
                            node.moves.push(MoveStat { mv, results });
                        }
                    }
                }
            }
            let Some(&mv) = moves.get(ply) else { break };
            pos.do_move(mv);
        }
    }

    /// How many games were added.
    pub fn games(&self) -> usize {
        self.games
    }

    /// The games that reached `pos`, in the order they were added.
    pub fn games_at(&self, pos: &Position) -> &[Reached] {
        self.nodes.get(&pos.key()).map(|n| n.reached.as_slice()).unwrap_or(&[])
    }

    /// The moves played from `pos`, the most played first (ties: the most won by the side to
    /// move, then as first played).
    pub fn moves_at(&self, pos: &Position) -> Vec<MoveStat> {
        let mut moves = self.nodes.get(&pos.key()).map(|n| n.moves.clone()).unwrap_or_default();
        let wins = |r: &Results| match pos.side_to_move() {
            Color::Black => r.sente_wins,
            Color::White => r.gote_wins,
        };
        moves.sort_by(|a, b| {
            b.results.games.cmp(&a.results.games).then(wins(&b.results).cmp(&wins(&a.results)))
        });
        moves
    }
}

/// The explorer's data: an index of the player's games and the opening book.
#[derive(Clone, Debug, Default)]
pub struct Explorer {
    pub index: PositionIndex,
    pub book: Book,
}

/// What the explorer says about one position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Explored {
    /// The book's moves, the heaviest first.
    pub book: Vec<BookMove>,
    /// The moves the games played here, the most played first.
    pub played: Vec<MoveStat>,
    /// The games that reached the position.
    pub reached: Vec<Reached>,
}

impl Explorer {
    pub fn new(index: PositionIndex, book: Book) -> Explorer {
        Explorer { index, book }
    }

    /// The book's and the games' moves from `pos`, and the games that reached it.
    pub fn explore(&self, pos: &Position) -> Explored {
        Explored {
            book: self.book.moves(pos).to_vec(),
            played: self.index.moves_at(pos),
            reached: self.index.games_at(pos).to_vec(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Format, read_text};

    fn game(moves: &str, ending: &str) -> GameRecord {
        let mut text = String::from("手数----指手---------消費時間--\n");
        let mut n = 0;
        for m in moves.split_whitespace() {
            n += 1;
            text.push_str(&format!("{n:>4} {m}\n"));
        }
        if !ending.is_empty() {
            text.push_str(&format!("{:>4} {ending}\n", n + 1));
        }
        read_text(&text, Format::Kifu).unwrap().0
    }

    fn after(usi: &[&str]) -> Position {
        let mut pos = Position::startpos();
        for m in usi {
            let mv = pos.parse_usi_move(m).unwrap();
            pos.do_move(mv);
        }
        pos
    }

    #[test]
    fn games_meet_at_a_position_whatever_the_move_order_and_each_move_counts_its_results() {
        let mut index = PositionIndex::new();
        // ▲76歩 △34歩 ▲26歩: gote resigns after ▲26歩 (sente wins)
        index.add_game(0, &game("７六歩(77) ３四歩(33) ２六歩(27)", "投了"));
        // ▲26歩 △34歩 ▲76歩: the same position by another order; △84歩, then sente resigns
        index.add_game(1, &game("２六歩(27) ３四歩(33) ７六歩(77) ８四歩(83)", "投了"));
        // ▲76歩 △84歩: unfinished
        index.add_game(2, &game("７六歩(77) ８四歩(83)", ""));
        assert_eq!(index.games(), 3);
        let start = Position::startpos();
        assert_eq!(index.games_at(&start).len(), 3);
        let moves = index.moves_at(&start);
        assert_eq!(moves[0].mv.usi(), "7g7f");
        assert_eq!(
            moves[0].results,
            Results { games: 2, sente_wins: 1, gote_wins: 0, draws: 0 },
            "{moves:?}"
        );
        assert_eq!(moves[0].results.undecided(), 1);
        assert_eq!(moves[1].mv.usi(), "2g2f");
        assert_eq!(moves[1].results.gote_wins, 1);
        // the position after three moves, reached by two orders
        let met = after(&["7g7f", "3c3d", "2g2f"]);
        let reached = index.games_at(&met);
        assert_eq!(reached, &[Reached { game: 0, ply: 3 }, Reached { game: 1, ply: 3 }]);
        assert_eq!(index.games_at(&after(&["7g7f", "3c3d"])).len(), 1);
        // a position no game reached
        assert!(index.games_at(&after(&["5g5f"])).is_empty());
        assert!(index.moves_at(&after(&["5g5f"])).is_empty());
    }

    #[test]
    fn the_side_to_move_and_the_hands_tell_positions_apart() {
        let mut index = PositionIndex::new();
        index.add_game(0, &game("７六歩(77)", ""));
        // the same board with sente to move is another position
        let pos = after(&["7g7f"]);
        assert_eq!(index.games_at(&pos).len(), 1);
        assert!(index.games_at(&pos.after_pass().unwrap()).is_empty());
    }

    #[test]
    fn a_repetition_counts_the_game_once_at_its_first_visit() {
        let mut index = PositionIndex::new();
        index.add_game(0, &game("４八銀(39) ６二銀(71) ３九銀(48) ７一銀(62) ７六歩(77)", ""));
        let start = Position::startpos();
        assert_eq!(index.games_at(&start), &[Reached { game: 0, ply: 0 }]);
        let moves = index.moves_at(&start);
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].mv.usi(), "3i4h");
    }

    #[test]
    fn the_explorer_joins_the_book_and_the_games() {
        let mut index = PositionIndex::new();
        index.add_game(0, &game("５六歩(57)", ""));
        let explorer = Explorer::new(index, Book::builtin());
        let here = explorer.explore(&Position::startpos());
        assert!(!here.book.is_empty(), "the built-in book knows the start");
        assert_eq!(here.played.len(), 1);
        assert_eq!(here.reached.len(), 1);
    }
}

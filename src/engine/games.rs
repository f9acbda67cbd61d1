//! Engine against engine, for the developer tools (behind the `dev-tools` feature): the one
//! game loop ([`play_out`]) that self-play and matches share, a game between two engines, and a
//! levels match.

use super::EngineOptions;
use super::levels::Level;
use super::player::BuiltinPlayer;
use crate::core::{Color, GameStatus, Move, Position};
use crate::engine::search::time::Limits;
use std::sync::{Arc, atomic::AtomicBool};

/// How a game between two levels ended, from sente's side: `Some(winner)` or `None` (draw).
pub type GameResult = Option<Color>;

/// Longest game of a levels match; longer ones are draws (the CSA 320-ply rule of thumb).
pub const MATCH_MAX_PLIES: usize = 320;

/// Plays one game between `sente` and `gote` (players set to their levels) from `start` after
/// `opening`, `movetime_ms` a move, and returns who won. Ends by the rules (mate, no legal move,
/// sennichite, perpetual check), by a declaration or resignation from the engine, or as a draw
/// after [`MATCH_MAX_PLIES`].
pub fn play_game(
    sente: &mut BuiltinPlayer,
    gote: &mut BuiltinPlayer,
    start: &Position,
    opening: &[Move],
    movetime_ms: u64,
) -> GameResult {
    let mut pos = start.clone();
    for &m in opening {
        if !pos.is_legal(m) {
            break;
        }
        pos.do_move(m);
    }
    sente.engine().new_game();
    gote.engine().new_game();
    play_out(pos, |pos| {
        let player = if pos.side_to_move() == Color::Black { &mut *sente } else { &mut *gote };
        let limits = Limits::movetime(movetime_ms);
        let r = player.engine().search(pos, limits, Arc::new(AtomicBool::new(false)), |_| {});
        if r.declare_win { Turn::Declare } else { r.best.map_or(Turn::Resign, Turn::Move) }
    })
}

/// What a player does on its turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Turn {
    Move(Move),
    /// Declares an impasse win (taken as won).
    Declare,
    Resign,
    /// The game is decided without playing on (self-play's adjudication): this result.
    Adjudicate(GameResult),
}

/// Plays from `pos` to the end, `turn` choosing for the side to move, and returns who won. Ends
/// by the rules (mate, no legal move, sennichite, perpetual check), by a declaration, a
/// resignation or an adjudication, by an illegal move (which loses), or as a draw after [`MATCH_MAX_PLIES`].
pub fn play_out(mut pos: Position, mut turn: impl FnMut(&Position) -> Turn) -> GameResult {
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
            Turn::Adjudicate(result) => return result,
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
    a: Level,
    b: Level,
    games: usize,
    movetime_ms: u64,
    openings: &[(Position, Vec<Move>)],
    seed: u64,
    mut report: impl FnMut(usize, bool, GameResult),
) -> MatchScore {
    let options = |level| EngineOptions { hash_mb: 16, level, multipv: 1, own_book: false, threads: 1 };
    let (mut ea, mut eb) = (BuiltinPlayer::with_options(options(a)), BuiltinPlayer::with_options(options(b)));
    let startpos = (Position::startpos(), Vec::new());
    let mut score = MatchScore::default();
    for g in 0..games {
        ea.engine().set_seed(seed.wrapping_add(2 * g as u64));
        eb.engine().set_seed(seed.wrapping_add(2 * g as u64 + 1));
        let (start, moves) =
            if openings.is_empty() { &startpos } else { &openings[(g / 2) % openings.len()] };
        let a_sente = g % 2 == 0;
        let result = if a_sente {
            play_game(&mut ea, &mut eb, start, moves, movetime_ms)
        } else {
            play_game(&mut eb, &mut ea, start, moves, movetime_ms)
        };
        let a_color = if a_sente { Color::Black } else { Color::White };
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
    fn a_match_between_low_levels_is_played_to_the_end() {
        // depth-capped levels: fast whatever the machine; both colours of one opening
        let level = |n| Level::new(n).unwrap();
        let score = play_match(level(1), level(3), 2, 50, &[], 5, |_, _, _| {});
        assert_eq!(score.wins + score.draws + score.losses, 2);
        assert!((0.0..=1.0).contains(&score.ratio()));
    }

    #[test]
    fn a_game_ends_by_the_rules_a_resignation_or_an_adjudication() {
        // ☖ to move is mated: the loop asks no one
        let mated = Position::from_sfen("8k/8G/7S1/9/9/9/9/9/4K4 w - 1").unwrap();
        assert_eq!(play_out(mated, |_| panic!("asked to move in a mated position")), Some(Color::Black));
        assert_eq!(play_out(Position::startpos(), |_| Turn::Resign), Some(Color::White));
        assert_eq!(play_out(Position::startpos(), |_| Turn::Adjudicate(None)), None);
        // an illegal move loses
        assert_eq!(play_out(Position::startpos(), |_| Turn::Move(Move::NONE)), Some(Color::White));
    }
}

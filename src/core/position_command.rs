//! The USI `position` command's text, read and written: `startpos` or `sfen <SFEN>`, then
//! optionally `moves` and USI moves. The USI server, the record reader for `.usi` files and the
//! book builder all read it here; the USI client and the record writer write it here.
//!
//! Two dialects: [`PositionSyntax::Usi`] is the command's arguments as the protocol defines
//! them; [`PositionSyntax::Lenient`] is what a file of games may hold besides: a leading
//! `position`, a bare SFEN, or a bare list of moves from the start position.

use super::position::{Position, START_SFEN};
use super::sfen::{SfenError, UsiMoveError};
use super::types::Move;

/// Which forms of the text are accepted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PositionSyntax {
    /// The `position` command's arguments: `startpos` or `sfen <SFEN>`, then `moves ...`.
    Usi,
    /// Also a leading `position`, a bare SFEN, or bare moves (`7g7f 3c3d`) from the start.
    Lenient,
}

/// Why `position` text was refused, or where reading its moves stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionCommandError {
    /// Nothing to read.
    #[error("missing 'startpos' or 'sfen'")]
    Empty,
    /// The first word is neither `startpos` nor `sfen` (USI syntax only).
    #[error("expected 'startpos' or 'sfen', got '{0}'")]
    UnknownStart(String),
    /// The SFEN cannot be read.
    #[error("invalid SFEN '{sfen}': {error}")]
    Sfen { sfen: String, error: SfenError },
    /// After the start position, a word other than `moves`.
    #[error("expected 'moves', got '{0}'")]
    ExpectedMoves(String),
    /// Move `index` (1-based) is not a legal USI move in the position reached before it.
    #[error("move {index} ({text}): {error}")]
    Move { index: usize, text: String, error: UsiMoveError },
}

/// `position` text read as far as it goes.
#[derive(Clone, Debug)]
pub struct PositionCommand {
    /// The start position.
    pub start: Position,
    /// What is unusual about the start but accepted, as composed problems have it (a piece
    /// that can never move, two pawns on a file).
    pub start_problems: Vec<SfenError>,
    /// The moves read, each legal in turn; reading stops at the first that is not.
    pub moves: Vec<Move>,
    /// The position after `moves`.
    pub end: Position,
    /// Why reading stopped before the end of the text ([`PositionCommandError::ExpectedMoves`]
    /// or [`PositionCommandError::Move`]); `None` when every word was read.
    pub stopped: Option<PositionCommandError>,
}

impl PositionCommand {
    /// The position after the moves, when every word was read and the start is one the rules
    /// allow (no composed problem's pieces that can never move or two pawns on a file);
    /// otherwise the first thing wrong.
    pub fn complete(self) -> Result<Position, PositionCommandError> {
        if let Some(error) = self.start_problems.into_iter().next() {
            return Err(PositionCommandError::Sfen { sfen: self.start.to_sfen(), error });
        }
        match self.stopped {
            Some(e) => Err(e),
            None => Ok(self.end),
        }
    }
}

/// Reads `position` text split into words. The start position is an error (nothing to play
/// from); a stray word after it or a bad move ends the reading, with the moves before it kept
/// and the reason in [`PositionCommand::stopped`].
pub fn parse_position_command(
    words: &[&str],
    syntax: PositionSyntax,
) -> Result<PositionCommand, PositionCommandError> {
    let mut words = words;
    if syntax == PositionSyntax::Lenient && words.first() == Some(&"position") {
        words = &words[1..];
    }
    // a bare list of moves is played from the start position
    let bare_moves =
        syntax == PositionSyntax::Lenient && words.first().is_some_and(|w| Move::from_usi(w).is_some());
    let sfen_end = |from: usize| from + words[from..].iter().take_while(|&&w| w != "moves").count();
    let (sfen, rest): (Option<String>, &[&str]) = match words.first() {
        None => return Err(PositionCommandError::Empty),
        Some(&"startpos") => (None, &words[1..]),
        Some(&"sfen") => {
            let end = sfen_end(1);
            (Some(words[1..end].join(" ")), &words[end..])
        }
        Some(&w) if syntax == PositionSyntax::Usi => {
            return Err(PositionCommandError::UnknownStart(w.to_string()));
        }
        Some(_) if bare_moves => (None, &[]),
        Some(_) => {
            let end = sfen_end(0);
            (Some(words[..end].join(" ")), &words[end..])
        }
    };
    let (start, start_problems) = match sfen {
        None => (Position::startpos(), Vec::new()),
        Some(sfen) => {
            Position::from_sfen_lenient(&sfen).map_err(|error| PositionCommandError::Sfen { sfen, error })?
        }
    };
    let mut stopped = None;
    let move_words: &[&str] = match rest.first() {
        None if bare_moves => words,
        None => &[],
        Some(&"moves") => &rest[1..],
        Some(&w) => {
            stopped = Some(PositionCommandError::ExpectedMoves(w.to_string()));
            &[]
        }
    };
    let mut end = start.clone();
    let mut moves = Vec::with_capacity(move_words.len());
    for (i, &text) in move_words.iter().enumerate() {
        match end.parse_usi_move(text) {
            Ok(m) => {
                end.do_move(m);
                moves.push(m);
            }
            Err(error) => {
                stopped = Some(PositionCommandError::Move { index: i + 1, text: text.to_string(), error });
                break;
            }
        }
    }
    Ok(PositionCommand { start, start_problems, moves, end, stopped })
}

/// The `position` command for `start` followed by `moves`: `position startpos` for the usual
/// start, else `position sfen <SFEN>`, then ` moves ...` when there are moves.
pub fn position_command(start: &Position, moves: &[Move]) -> String {
    let sfen = start.to_sfen();
    let mut s =
        if sfen == START_SFEN { "position startpos".to_string() } else { format!("position sfen {sfen}") };
    if !moves.is_empty() {
        s.push_str(" moves");
        for m in moves {
            s.push(' ');
            s.push_str(&m.usi());
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use PositionCommandError as E;

    fn usi(text: &str) -> Result<PositionCommand, PositionCommandError> {
        parse_position_command(&text.split_whitespace().collect::<Vec<_>>(), PositionSyntax::Usi)
    }

    fn lenient(text: &str) -> Result<PositionCommand, PositionCommandError> {
        parse_position_command(&text.split_whitespace().collect::<Vec<_>>(), PositionSyntax::Lenient)
    }

    #[test]
    fn startpos_and_sfen_with_moves() {
        let p = usi("startpos moves 7g7f 3c3d").unwrap();
        assert_eq!(p.moves.len(), 2);
        assert_eq!(p.end.moves_played(), 2);
        assert!(p.stopped.is_none() && p.start_problems.is_empty());
        let p = usi("sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b").unwrap();
        assert_eq!(p.moves.len(), 1);
        assert_eq!(p.start.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 b G 1");
        assert_eq!(usi("startpos").unwrap().moves.len(), 0);
    }

    #[test]
    fn a_bad_move_keeps_the_moves_before_it() {
        let p = usi("startpos moves 7g7f 7g7f 3c3d").unwrap();
        assert_eq!(p.moves.len(), 1);
        assert!(matches!(&p.stopped, Some(E::Move { index: 2, text, .. }) if text == "7g7f"));
        let p = usi("startpos moves 7g7f xyz").unwrap();
        assert!(matches!(p.stopped, Some(E::Move { index: 2, error: UsiMoveError::NotUsi(_), .. })));
        assert_eq!(
            p.stopped.unwrap().to_string(),
            "move 2 (xyz): 'xyz' is not USI move text (like 7g7f, 8h2b+ or P*5e)"
        );
    }

    #[test]
    fn start_errors() {
        assert_eq!(usi("").unwrap_err(), E::Empty);
        assert_eq!(usi("7g7f").unwrap_err(), E::UnknownStart("7g7f".into()));
        assert!(matches!(usi("sfen garbage").unwrap_err(), E::Sfen { sfen, .. } if sfen == "garbage"));
        assert_eq!(usi("position startpos").unwrap_err(), E::UnknownStart("position".into()));
        let p = usi("startpos 7g7f").unwrap();
        assert_eq!(p.stopped, Some(E::ExpectedMoves("7g7f".into())));
        assert!(p.moves.is_empty());
    }

    #[test]
    fn composed_problems_are_accepted_and_named() {
        let p = usi("sfen P3k4/9/9/4P4/4P4/9/9/9/4K4 b - 1").unwrap();
        assert_eq!(p.start_problems.len(), 2);
        assert!(!p.end.legal_moves().is_empty());
    }

    #[test]
    fn lenient_forms() {
        assert_eq!(lenient("position startpos moves 7g7f").unwrap().moves.len(), 1);
        assert_eq!(lenient("7g7f 3c3d 2g2f").unwrap().moves.len(), 3);
        let p = lenient("4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b").unwrap();
        assert_eq!(p.moves.len(), 1);
        assert!(matches!(lenient("garbage 7g7f").unwrap_err(), E::Sfen { .. }));
        assert_eq!(lenient("").unwrap_err(), E::Empty);
        assert_eq!(lenient("position").unwrap_err(), E::Empty);
    }

    #[test]
    fn written_text_reads_back() {
        let start = Position::startpos();
        let p = lenient("7g7f 3c3d").unwrap();
        let text = position_command(&start, &p.moves);
        assert_eq!(text, "position startpos moves 7g7f 3c3d");
        let words: Vec<&str> = text.split_whitespace().skip(1).collect();
        assert_eq!(parse_position_command(&words, PositionSyntax::Usi).unwrap().moves, p.moves);
        let other = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b G 1").unwrap();
        assert_eq!(position_command(&other, &[]), "position sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1");
    }
}

//! The position with the other side to move (a pass, or null move): what the opponent could do
//! if the side to move did nothing. Used to ask whether the side to move is threatened with mate
//! (詰めろ). Passing is not a shogi move; it is only allowed here when it leaves a position that
//! could arise in a game, that is when the side to move is not in check.

use super::position::Position;
use super::types::Color;

/// Why the side to move cannot pass.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PassError {
    /// The side to move is in check: after a pass its king could be captured.
    #[error("{0:?} is in check and cannot pass")]
    InCheck(Color),
}

impl Position {
    /// The same board and hands with the other side to move, as a new root (no move history,
    /// the move number one more). Refused when the side to move is in check.
    pub fn after_pass(&self) -> Result<Position, PassError> {
        if self.in_check() {
            return Err(PassError::InCheck(self.side_to_move()));
        }
        let mut p = self.clone();
        p.clear_history();
        p.set_side(self.side_to_move().flip());
        p.set_move_number(self.ply() + 1);
        p.refresh_checkers();
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pass_gives_the_move_to_the_other_side_and_keeps_the_board() {
        let start = Position::startpos();
        let p = start.after_pass().unwrap();
        assert_eq!(p.side_to_move(), Color::White);
        assert_eq!(p.to_sfen(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 2");
        // the key is the one the position read from its SFEN has
        assert_eq!(p.key(), Position::from_sfen(&p.to_sfen()).unwrap().key());
        assert_eq!(p.after_pass().unwrap(), start);
    }

    #[test]
    fn the_side_in_check_cannot_pass() {
        // ☖ king on 5a, ☗ rook on 5e: ☖ to move is in check
        let checked = Position::from_sfen("4k4/9/9/9/4R4/9/9/9/4K4 w - 1").unwrap();
        assert_eq!(checked.after_pass(), Err(PassError::InCheck(Color::White)));
        // with a ☖ pawn between them ☗ may pass, and ☖ then has the moves the SFEN gives it
        let p = Position::from_sfen("4k4/9/4p4/9/4R4/9/9/9/4K4 b - 1").unwrap().after_pass().unwrap();
        let same = Position::from_sfen("4k4/9/4p4/9/4R4/9/9/9/4K4 w - 2").unwrap();
        assert!(!p.in_check());
        assert_eq!((p.key(), p.legal_moves().len()), (same.key(), same.legal_moves().len()));
    }
}

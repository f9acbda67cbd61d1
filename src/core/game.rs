//! Game-ending rules: checkmate and no-legal-move, sennichite (with perpetual check), and the
//! impasse declaration (入玉宣言) under the CSA 27-point rule or the 24-point rule.

use super::bitboard::zone;
use super::position::Position;
use super::types::*;

/// What repetition says about the current position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// Not repeated enough to matter.
    None,
    /// Sennichite: a draw.
    Draw,
    /// Perpetual check (連続王手の千日手): `loser` checked on every move since the first occurrence.
    PerpetualCheck { loser: Color },
}

/// Why a game is over, as far as the rules can tell from the position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameStatus {
    Ongoing,
    /// The side to move is in check with no legal move.
    Checkmate {
        loser: Color,
    },
    /// The side to move has no legal move but is not in check (it loses as well).
    NoLegalMoves {
        loser: Color,
    },
    /// Fourth occurrence of the same position: a draw.
    Sennichite,
    /// Fourth occurrence reached by one side checking on every move: that side loses.
    PerpetualCheck {
        loser: Color,
    },
}

impl GameStatus {
    pub fn is_over(self) -> bool {
        self != GameStatus::Ongoing
    }

    /// The winner, if the game is decided (None for draw or ongoing).
    pub fn winner(self) -> Option<Color> {
        match self {
            GameStatus::Checkmate { loser }
            | GameStatus::NoLegalMoves { loser }
            | GameStatus::PerpetualCheck { loser } => Some(loser.flip()),
            _ => None,
        }
    }
}

/// Which impasse rule is in force.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum ImpasseRule {
    /// CSA declaration: 28 points (sente) / 27 (gote) wins, otherwise the declaration loses.
    #[default]
    Csa27,
    /// 24-point rule: 31 or more wins, 24–30 draws, fewer loses.
    Jsa24,
}

/// The outcome of declaring under a rule.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Declaration {
    Win,
    Draw,
    /// The declaration does not meet the conditions: the declarer loses.
    Lose,
}

/// Points the CSA 27-point declaration needs: 28 for sente, 27 for gote.
pub fn csa_points_needed(c: Color) -> u32 {
    if c == Color::Black { 28 } else { 27 }
}

/// Points for impasse counting: 5 for rook and bishop (promoted or not), 1 for others, 0 king.
pub fn impasse_points(kind: PieceKind) -> u32 {
    match kind.unpromote() {
        PieceKind::Rook | PieceKind::Bishop => 5,
        PieceKind::King => 0,
        _ => 1,
    }
}

impl Position {
    /// Counts earlier occurrences of the current position (same board, hands and side) in the
    /// history and applies the sennichite rule once it reaches `occurrences` in all (4 by the
    /// rules; the engine's search uses 2 to treat the first repetition as final).
    pub fn repetition_with(&self, occurrences: usize) -> Repetition {
        let key = self.key;
        let n = self.history.len();
        let mut count = 1;
        let mut first = None;
        // positions with the same side to move are an even number of plies back
        for i in 1..=n {
            let st = &self.history[n - i];
            if st.mv.is_none() {
                // a null move (search only) breaks the chain
                break;
            }
            if i % 2 == 0 && st.key == key {
                count += 1;
                first = Some(n - i);
            }
        }
        if count < occurrences {
            return Repetition::None;
        }
        let first = first.expect("count > 1 implies an earlier occurrence");
        // Position index j (0..=n): j < n is history[j] (before move j), j == n is current.
        // A move by side X lands in position j+1 with X's opponent to move; it is a check when
        // that position's checkers are non-empty.
        let in_check_at =
            |j: usize| if j == n { self.checkers.any() } else { self.history[j].checkers.any() };
        let side_at = |j: usize| {
            if (n - j).is_multiple_of(2) { self.side } else { self.side.flip() }
        };
        let mut all_checks = [true, true];
        for j in first + 1..=n {
            // the move into j was made by the side not to move at j
            let mover = side_at(j).flip();
            if !in_check_at(j) {
                all_checks[mover.index()] = false;
            }
        }
        for c in Color::ALL {
            if all_checks[c.index()] {
                return Repetition::PerpetualCheck { loser: c };
            }
        }
        Repetition::Draw
    }

    /// Sennichite by the rules: the fourth occurrence.
    pub fn repetition(&self) -> Repetition {
        self.repetition_with(4)
    }

    /// Whether the game is over and why (mate, no legal move, sennichite, perpetual check).
    /// Impasse is not automatic: see `declaration`.
    pub fn status(&self) -> GameStatus {
        match self.repetition() {
            Repetition::Draw => return GameStatus::Sennichite,
            Repetition::PerpetualCheck { loser } => return GameStatus::PerpetualCheck { loser },
            Repetition::None => {}
        }
        if !self.has_legal_move() {
            let loser = self.side_to_move();
            return if self.in_check() {
                GameStatus::Checkmate { loser }
            } else {
                GameStatus::NoLegalMoves { loser }
            };
        }
        GameStatus::Ongoing
    }

    /// Impasse points of `c`: pieces in the enemy camp (king excluded) plus pieces in hand.
    /// Returns (points, number of pieces in the enemy camp other than the king).
    pub fn impasse_count(&self, c: Color) -> (u32, u32) {
        let mut points = 0;
        let mut pieces = 0;
        for sq in self.pieces_of(c) & zone(c) {
            let k = self.piece_at(sq).kind_unchecked();
            if k != PieceKind::King {
                points += impasse_points(k);
                pieces += 1;
            }
        }
        for (k, n) in self.hand(c).iter() {
            points += impasse_points(k) * n as u32;
        }
        (points, pieces)
    }

    /// What a declaration by the side to move would give under `rule`.
    pub fn declaration(&self, rule: ImpasseRule) -> Declaration {
        let us = self.side_to_move();
        let Some(ksq) = self.king_square(us) else { return Declaration::Lose };
        if !ksq.in_zone(us) || self.in_check() {
            return Declaration::Lose;
        }
        let (points, pieces) = self.impasse_count(us);
        if pieces < 10 {
            return Declaration::Lose;
        }
        match rule {
            ImpasseRule::Csa27 => {
                if points >= csa_points_needed(us) {
                    Declaration::Win
                } else {
                    Declaration::Lose
                }
            }
            ImpasseRule::Jsa24 => {
                if points >= 31 {
                    Declaration::Win
                } else if points >= 24 {
                    Declaration::Draw
                } else {
                    Declaration::Lose
                }
            }
        }
    }
}

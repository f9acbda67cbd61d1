//! A score (評価値): how good a position is for one side, in centipawns or as a mate. The one
//! score type of the program: the search reports it, USI reads and writes it, analysis and the
//! records' annotations keep it. A score does not carry whose point of view it is; each holder
//! states it (the side to move for the search and USI, ☗ for analysis and records), and
//! [`Score::for_black`] turns the first into the second.

use super::Color;

/// Centipawns given to a mate where a number is needed (graphs, win rates, sorting); ShogiHome
/// and floodgate write this value for a mate.
pub const MATE_CP: i32 = 30_000;

/// How good a position is for the side the score is from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns (1 pawn ≈ 100), positive when that side is better.
    Cp(i32),
    /// A mate in this many plies: positive when that side mates, negative when it is mated.
    Mate(i32),
    /// A mate whose length is not known (USI `mate +` / `mate -`, a record's `詰み=先手勝ち`
    /// without a length) or is zero (the position on the board is mate): `true` when that side
    /// mates.
    MateUnknown(bool),
}

impl Score {
    /// The side the score is from is mated on the board.
    pub const MATED: Score = Score::MateUnknown(false);

    /// The same score from the other side's point of view.
    pub fn flip(self) -> Score {
        match self {
            Score::Cp(c) => Score::Cp(-c),
            Score::Mate(n) => Score::Mate(-n),
            Score::MateUnknown(wins) => Score::MateUnknown(!wins),
        }
    }

    /// This score, from `side`'s point of view, seen from ☗'s.
    pub fn for_black(self, side: Color) -> Score {
        if side == Color::Black { self } else { self.flip() }
    }

    /// Whether this is a mate, and who mates: `Some(true)` when the side the score is from does.
    pub fn mate_for(self) -> Option<bool> {
        match self {
            Score::Cp(_) => None,
            Score::Mate(n) => Some(n > 0),
            Score::MateUnknown(wins) => Some(wins),
        }
    }

    /// Centipawns, ±[`MATE_CP`] for a mate.
    pub fn cp(self) -> i32 {
        match self {
            Score::Cp(c) => c,
            _ if self.mate_for() == Some(true) => MATE_CP,
            _ => -MATE_CP,
        }
    }

    /// USI text: `cp 123`, `mate 5`, `mate -4`, `mate +`, `mate -`.
    pub fn usi(self) -> String {
        match self {
            Score::Cp(c) => format!("cp {c}"),
            Score::Mate(n) => format!("mate {n}"),
            Score::MateUnknown(true) => "mate +".to_string(),
            Score::MateUnknown(false) => "mate -".to_string(),
        }
    }

    /// The text study tools show: `+350`, `-120`, `0`, `詰み 7手` (this side mates in 7),
    /// `-詰み 7手` (it is mated), `詰み` / `-詰み` (length unknown, mate on the board, or a
    /// record's ±30000).
    pub fn text(self) -> String {
        match self {
            Score::Cp(c) if c >= MATE_CP => "詰み".to_string(),
            Score::Cp(c) if c <= -MATE_CP => "-詰み".to_string(),
            Score::Cp(0) => "0".to_string(),
            Score::Cp(c) => format!("{c:+}"),
            Score::Mate(n) if n > 0 => format!("詰み {n}手"),
            Score::Mate(n) => format!("-詰み {}手", -n),
            Score::MateUnknown(true) => "詰み".to_string(),
            Score::MateUnknown(false) => "-詰み".to_string(),
        }
    }

    /// The expected score of the side the score is from, 0.0 to 1.0, on ShogiHome's scale
    /// (`1 / (1 + e^(-cp/600))`; 1 or 0 for a mate).
    pub fn win_rate(self) -> f64 {
        match self {
            Score::Cp(c) => win_rate(c),
            _ if self.mate_for() == Some(true) => 1.0,
            _ => 0.0,
        }
    }
}

/// The expected score for an evaluation of `cp` centipawns (ShogiHome's scale).
pub fn win_rate(cp: i32) -> f64 {
    1.0 / (1.0 + (-(cp as f64) / 600.0).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_turns_to_the_other_side_and_to_blacks() {
        assert_eq!(Score::Cp(120).for_black(Color::White), Score::Cp(-120));
        assert_eq!(Score::Mate(5).for_black(Color::White), Score::Mate(-5));
        assert_eq!(Score::Mate(5).for_black(Color::Black), Score::Mate(5));
        assert_eq!(Score::MATED.for_black(Color::White), Score::MateUnknown(true));
        assert_eq!(Score::MATED.flip().flip(), Score::MATED);
    }

    #[test]
    fn mates_count_as_mate_cp_where_a_number_is_needed() {
        assert_eq!(Score::Mate(-3).cp(), -MATE_CP);
        assert_eq!(Score::MateUnknown(true).cp(), MATE_CP);
        assert_eq!(Score::Cp(-45).cp(), -45);
        assert_eq!(Score::Mate(1).win_rate(), 1.0);
        assert_eq!(Score::MATED.win_rate(), 0.0);
        assert!((Score::Cp(0).win_rate() - 0.5).abs() < 1e-9);
    }

    #[test]
    fn texts_for_usi_and_for_people() {
        assert_eq!(Score::Cp(-35).usi(), "cp -35");
        assert_eq!(Score::Mate(-4).usi(), "mate -4");
        assert_eq!(Score::MateUnknown(true).usi(), "mate +");
        assert_eq!(Score::Cp(350).text(), "+350");
        assert_eq!(Score::Cp(0).text(), "0");
        assert_eq!(Score::Mate(7).text(), "詰み 7手");
        assert_eq!(Score::Mate(-7).text(), "-詰み 7手");
        assert_eq!(Score::MATED.text(), "-詰み");
        assert_eq!(Score::Cp(MATE_CP).text(), "詰み");
    }
}

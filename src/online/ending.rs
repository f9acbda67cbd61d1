//! How an online game ended: the server's reason line (`#RESIGN`, `#TIME_UP` ...) and its result
//! line for this player (`#WIN`, `#LOSE`, `#DRAW`, `#CENSORED`, `#CHUDAN`), the special move that
//! goes into the record for them, and the end in plain words.

use crate::core::Color;
use crate::record::SpecialKind;

/// Why the game ended, as the server says it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// `#RESIGN`: a player resigned (or left the game).
    Resign,
    /// `#TIME_UP`: the player to move ran out of time.
    TimeUp,
    /// `#ILLEGAL_MOVE`: an illegal move, or an impasse declaration that did not hold.
    IllegalMove,
    /// `#SENNICHITE`: fourfold repetition, a draw.
    Sennichite,
    /// `#OUTE_SENNICHITE`: fourfold repetition by perpetual check; the checking side loses.
    OuteSennichite,
    /// `#JISHOGI`: an impasse declaration (`%KACHI`) the server upheld.
    Jishogi,
    /// `#MAX_MOVES`: the game reached the move limit.
    MaxMoves,
    /// `#CHUDAN`: the game was interrupted.
    Chudan,
    /// `#CENSORED` with no reason before it: the game was cut off.
    Censored,
}

/// The result for this player.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Win,
    Lose,
    Draw,
    /// `#CENSORED`: no result (after `#MAX_MOVES`, for one).
    Censored,
    /// `#CHUDAN`: no result, the game was interrupted.
    Chudan,
}

impl Reason {
    /// The reason for a `#` word (without the `#`); the words that are results are not reasons.
    pub fn from_word(word: &str) -> Option<Reason> {
        Some(match word {
            "RESIGN" => Reason::Resign,
            "TIME_UP" => Reason::TimeUp,
            "ILLEGAL_MOVE" => Reason::IllegalMove,
            "SENNICHITE" => Reason::Sennichite,
            "OUTE_SENNICHITE" => Reason::OuteSennichite,
            "JISHOGI" => Reason::Jishogi,
            "MAX_MOVES" => Reason::MaxMoves,
            _ => return None,
        })
    }

    /// The word as the server sends it.
    pub fn word(self) -> &'static str {
        match self {
            Reason::Resign => "#RESIGN",
            Reason::TimeUp => "#TIME_UP",
            Reason::IllegalMove => "#ILLEGAL_MOVE",
            Reason::Sennichite => "#SENNICHITE",
            Reason::OuteSennichite => "#OUTE_SENNICHITE",
            Reason::Jishogi => "#JISHOGI",
            Reason::MaxMoves => "#MAX_MOVES",
            Reason::Chudan => "#CHUDAN",
            Reason::Censored => "#CENSORED",
        }
    }
}

impl Verdict {
    pub fn from_word(word: &str) -> Option<Verdict> {
        Some(match word {
            "WIN" => Verdict::Win,
            "LOSE" => Verdict::Lose,
            "DRAW" => Verdict::Draw,
            "CENSORED" => Verdict::Censored,
            "CHUDAN" => Verdict::Chudan,
            _ => return None,
        })
    }

    pub fn word(self) -> &'static str {
        match self {
            Verdict::Win => "#WIN",
            Verdict::Lose => "#LOSE",
            Verdict::Draw => "#DRAW",
            Verdict::Censored => "#CENSORED",
            Verdict::Chudan => "#CHUDAN",
        }
    }
}

/// The end of a game: why, the result for this player, and what it means for the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    pub reason: Reason,
    pub verdict: Verdict,
    /// The special move the server repeated before the reason (`TORYO`, `KACHI`), if any.
    pub special: Option<String>,
    /// This player's colour.
    pub me: Color,
    /// The side to move when the game ended.
    pub to_move: Color,
}

impl GameEnd {
    /// The colour that won, if a side won.
    pub fn winner(&self) -> Option<Color> {
        match self.verdict {
            Verdict::Win => Some(self.me),
            Verdict::Lose => Some(self.me.flip()),
            _ => None,
        }
    }

    fn loser(&self) -> Option<Color> {
        self.winner().map(Color::flip)
    }

    fn declared(&self) -> bool {
        self.special.as_deref() == Some("KACHI")
    }

    /// The special move the record ends with, read (as every special) from the side to move.
    pub fn special_kind(&self) -> SpecialKind {
        let stm = self.to_move;
        let loser = self.loser();
        match self.reason {
            Reason::Resign => SpecialKind::Resign,
            Reason::TimeUp => SpecialKind::TimeUp,
            Reason::IllegalMove if self.declared() && loser != Some(stm.flip()) => {
                SpecialKind::DeclarationLoss
            }
            Reason::IllegalMove => match loser {
                Some(l) if l != stm => SpecialKind::IllegalAction(l),
                _ => SpecialKind::IllegalLoss,
            },
            Reason::Sennichite => SpecialKind::Sennichite,
            Reason::OuteSennichite => SpecialKind::PerpetualCheck(loser.unwrap_or(stm.flip())),
            Reason::Jishogi if self.verdict == Verdict::Draw => SpecialKind::Jishogi,
            Reason::Jishogi => SpecialKind::EnteringKingWin,
            Reason::MaxMoves => SpecialKind::MaxMoves,
            Reason::Chudan | Reason::Censored => SpecialKind::Interrupt,
        }
    }

    /// The end in plain words, from this player's side: `You win: bob resigned.`
    pub fn sentence(&self, names: [&str; 2]) -> String {
        let name = |c: Option<Color>| c.map_or("a player", |c| names[c.index()]);
        let (loser, winner) = (name(self.loser()), name(self.winner()));
        let why = match self.reason {
            Reason::Resign => format!("{loser} resigned"),
            Reason::TimeUp => format!("{loser} ran out of time"),
            Reason::IllegalMove if self.declared() => {
                format!("{loser} declared an impasse win (nyugyoku) without meeting its conditions")
            }
            Reason::IllegalMove => format!("{loser} made an illegal move"),
            Reason::Sennichite => "fourfold repetition (sennichite)".to_string(),
            Reason::OuteSennichite => format!("{loser} gave perpetual check (oute-sennichite)"),
            Reason::Jishogi if self.winner().is_some() => {
                format!("{winner} declared an impasse win (jishogi)")
            }
            Reason::Jishogi => "impasse (jishogi)".to_string(),
            Reason::MaxMoves => "the move limit was reached".to_string(),
            Reason::Chudan => "the game was interrupted (chudan)".to_string(),
            Reason::Censored => "the game was cut off".to_string(),
        };
        let result = match self.verdict {
            Verdict::Win => "You win",
            Verdict::Lose => "You lose",
            Verdict::Draw => "Draw",
            Verdict::Censored | Verdict::Chudan => "No result",
        };
        format!("{result}: {why}.")
    }

    /// A short word for the result: `win`, `loss`, `draw` or `no result`.
    pub fn result_word(&self) -> &'static str {
        match self.verdict {
            Verdict::Win => "win",
            Verdict::Lose => "loss",
            Verdict::Draw => "draw",
            Verdict::Censored | Verdict::Chudan => "no result",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Outcome;

    fn end(reason: Reason, verdict: Verdict, special: Option<&str>, me: Color, to_move: Color) -> GameEnd {
        GameEnd { reason, verdict, special: special.map(String::from), me, to_move }
    }

    #[test]
    fn every_result_gives_the_record_the_right_winner() {
        use Color::{Black, White};
        let cases = [
            (end(Reason::Resign, Verdict::Win, Some("TORYO"), Black, White), Outcome::Win(Black)),
            (end(Reason::Resign, Verdict::Lose, Some("TORYO"), Black, Black), Outcome::Win(White)),
            (end(Reason::TimeUp, Verdict::Lose, None, White, White), Outcome::Win(Black)),
            (end(Reason::IllegalMove, Verdict::Win, None, White, Black), Outcome::Win(White)),
            (end(Reason::IllegalMove, Verdict::Lose, Some("KACHI"), Black, Black), Outcome::Win(White)),
            (end(Reason::Jishogi, Verdict::Win, Some("KACHI"), Black, Black), Outcome::Win(Black)),
            (end(Reason::Sennichite, Verdict::Draw, None, Black, White), Outcome::Draw),
            (end(Reason::OuteSennichite, Verdict::Lose, None, Black, White), Outcome::Win(White)),
            (end(Reason::OuteSennichite, Verdict::Win, None, Black, White), Outcome::Win(Black)),
            (end(Reason::MaxMoves, Verdict::Censored, None, Black, Black), Outcome::Draw),
            (end(Reason::Chudan, Verdict::Chudan, None, Black, Black), Outcome::None),
            (end(Reason::Censored, Verdict::Censored, None, Black, Black), Outcome::None),
        ];
        for (e, want) in cases {
            assert_eq!(e.special_kind().outcome(e.to_move), want, "{e:?}");
        }
    }

    #[test]
    fn the_end_is_said_in_plain_words() {
        let e = end(Reason::Resign, Verdict::Win, Some("TORYO"), Color::Black, Color::White);
        assert_eq!(e.sentence(["alice", "bob"]), "You win: bob resigned.");
        let e = end(Reason::TimeUp, Verdict::Lose, None, Color::Black, Color::Black);
        assert_eq!(e.sentence(["alice", "bob"]), "You lose: alice ran out of time.");
        let e = end(Reason::MaxMoves, Verdict::Censored, None, Color::Black, Color::Black);
        assert_eq!(e.sentence(["alice", "bob"]), "No result: the move limit was reached.");
    }
}

//! Special moves and game endings (投了, 中断, 千日手 ...): their names in KIF, CSA and JKF,
//! and who won. A special is always read relative to the side to move when it occurs.

use crate::core::{Color, Position, Repetition};

/// How a line of play ends, as a KIF "special move" or a CSA `%` line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SpecialKind {
    /// 投了 (`%TORYO`): the side to move resigns.
    Resign,
    /// 中断 (`%CHUDAN`): the game was interrupted.
    Interrupt,
    /// 千日手 (`%SENNICHITE`): repetition draw.
    Sennichite,
    /// 詰み (`%TSUMI`): the side to move is checkmated.
    Checkmate,
    /// 不詰 (`%FUZUMI`): no mate (tsume problems).
    NoMate,
    /// 持将棋 (`%JISHOGI`): impasse draw.
    Jishogi,
    /// The game reached the move limit (`%MAX_MOVES`, CSA V3.0; the server's `#MAX_MOVES`): no
    /// winner. KIF has no word of its own and writes 持将棋, which reads back as [`Jishogi`].
    ///
    /// [`Jishogi`]: SpecialKind::Jishogi
    MaxMoves,
    /// 切れ負け (`%TIME_UP`): the side to move lost on time.
    TimeUp,
    /// 反則負け (`%ILLEGAL_MOVE`): the side to move loses by an illegal move.
    IllegalLoss,
    /// `%+ILLEGAL_ACTION` / `%-ILLEGAL_ACTION`: that colour acted illegally and loses
    /// (反則勝ち for the side to move when the colour is the other side).
    IllegalAction(Color),
    /// 入玉勝ち (`%KACHI`): the side to move declares an impasse win.
    EnteringKingWin,
    /// 入玉宣言の失敗: the side to move declared an impasse win without meeting the conditions,
    /// and loses. No format has a word of its own for it: KIF writes 反則負け with the summary
    /// `まで…手で先手の入玉宣言失敗により後手の勝ち` (read back from that summary), CSA and JKF
    /// `ILLEGAL_MOVE`, as the CSA server rules a failed `%KACHI`.
    DeclarationLoss,
    /// 連続王手の千日手 (`%OUTE_SENNICHITE`): the fourth repetition, reached with one side
    /// checking on every move; that side (the colour) loses. KIF writes it as 反則勝ち/反則負け
    /// with the summary `まで…手で連続王手の千日手により…の勝ち`. Readers give it only where the
    /// position is such a repetition (elsewhere the same words read as the 反則 they say).
    PerpetualCheck(Color),
    /// 引き分け (`%HIKIWAKE`): a draw by agreement.
    Draw,
    /// エラー (`%ERROR`).
    Error,
}

/// Outcome of a finished line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win(Color),
    Draw,
    /// Interrupted or unknown.
    None,
}

impl SpecialKind {
    /// Every kind that may end any line, with both colours of `IllegalAction` (not
    /// `PerpetualCheck`, which needs a perpetual-check repetition, nor `DeclarationLoss`,
    /// which only a KIF main line's summary tells apart from 反則負け).
    pub const ALL: [SpecialKind; 13] = [
        SpecialKind::Resign,
        SpecialKind::Interrupt,
        SpecialKind::Sennichite,
        SpecialKind::Checkmate,
        SpecialKind::NoMate,
        SpecialKind::Jishogi,
        SpecialKind::TimeUp,
        SpecialKind::IllegalLoss,
        SpecialKind::IllegalAction(Color::Black),
        SpecialKind::IllegalAction(Color::White),
        SpecialKind::EnteringKingWin,
        SpecialKind::Draw,
        SpecialKind::Error,
    ];

    /// Who won, given the side to move when the special occurred.
    pub fn outcome(self, stm: Color) -> Outcome {
        use SpecialKind::*;
        match self {
            Resign | Checkmate | TimeUp | IllegalLoss | DeclarationLoss => Outcome::Win(stm.flip()),
            IllegalAction(c) | PerpetualCheck(c) => Outcome::Win(c.flip()),
            EnteringKingWin => Outcome::Win(stm),
            Sennichite | Jishogi | MaxMoves | Draw => Outcome::Draw,
            Interrupt | NoMate | Error => Outcome::None,
        }
    }

    /// The KIF special-move word (`投了`...), given the side to move.
    pub fn kif(self, stm: Color) -> &'static str {
        use SpecialKind::*;
        match self {
            Resign => "投了",
            Interrupt => "中断",
            Sennichite => "千日手",
            Checkmate => "詰み",
            NoMate => "不詰",
            Jishogi | MaxMoves => "持将棋",
            TimeUp => "切れ負け",
            IllegalLoss | DeclarationLoss => "反則負け",
            IllegalAction(c) | PerpetualCheck(c) => {
                if c == stm {
                    "反則負け"
                } else {
                    "反則勝ち"
                }
            }
            EnteringKingWin => "入玉勝ち",
            Draw => "引き分け",
            Error => "エラー",
        }
    }

    /// The ending in English words, as the English interface shows the KIF word (`resigns`,
    /// `loses on time`), given the side to move.
    pub fn english(self, stm: Color) -> &'static str {
        use SpecialKind::*;
        match self {
            Resign => "resigns",
            Interrupt => "interrupted",
            Sennichite => "repetition: draw",
            Checkmate => "checkmate",
            NoMate => "no mate",
            Jishogi | MaxMoves => "impasse: draw",
            TimeUp => "loses on time",
            IllegalLoss | DeclarationLoss => "loses by a foul",
            IllegalAction(c) | PerpetualCheck(c) => {
                if c == stm {
                    "loses by a foul"
                } else {
                    "wins by a foul"
                }
            }
            EnteringKingWin => "impasse win declared",
            Draw => "draw",
            Error => "error",
        }
    }

    /// Parses a KIF special-move word (lenient: 入玉宣言, 宣言勝ち, 時間切れ ...).
    pub fn from_kif(word: &str, stm: Color) -> Option<SpecialKind> {
        use SpecialKind::*;
        Some(match word {
            "投了" => Resign,
            "中断" | "封じ手" => Interrupt,
            "千日手" => Sennichite,
            "詰み" | "詰" => Checkmate,
            "不詰" => NoMate,
            "持将棋" => Jishogi,
            "切れ負け" | "時間切れ" => TimeUp,
            "反則負け" => IllegalLoss,
            "反則勝ち" => IllegalAction(stm.flip()),
            "入玉勝ち" | "入玉宣言" | "宣言勝ち" => EnteringKingWin,
            "引き分け" | "引分け" => Draw,
            "エラー" => Error,
            _ => return None,
        })
    }

    /// The CSA `%` word without the `%` (`TORYO`, `+ILLEGAL_ACTION`...). Also the JKF name.
    pub fn csa(self) -> &'static str {
        use SpecialKind::*;
        match self {
            Resign => "TORYO",
            Interrupt => "CHUDAN",
            Sennichite => "SENNICHITE",
            Checkmate => "TSUMI",
            NoMate => "FUZUMI",
            Jishogi => "JISHOGI",
            MaxMoves => "MAX_MOVES",
            TimeUp => "TIME_UP",
            IllegalLoss | DeclarationLoss => "ILLEGAL_MOVE",
            PerpetualCheck(_) => "OUTE_SENNICHITE",
            IllegalAction(Color::Black) => "+ILLEGAL_ACTION",
            IllegalAction(Color::White) => "-ILLEGAL_ACTION",
            EnteringKingWin => "KACHI",
            Draw => "HIKIWAKE",
            Error => "ERROR",
        }
    }

    /// Parses a CSA `%` word (without `%`) or a JKF special name, occurring in `pos` (the
    /// position after the last move: `OUTE_SENNICHITE` names no side, the repetition does).
    pub fn from_csa(word: &str, pos: &Position) -> Option<SpecialKind> {
        use SpecialKind::*;
        Some(match word {
            "TORYO" => Resign,
            "CHUDAN" => Interrupt,
            "SENNICHITE" => Sennichite,
            "TSUMI" => Checkmate,
            "FUZUMI" => NoMate,
            "JISHOGI" => Jishogi,
            "MAX_MOVES" => MaxMoves,
            "TIME_UP" => TimeUp,
            "ILLEGAL_MOVE" => IllegalLoss,
            "+ILLEGAL_ACTION" => IllegalAction(Color::Black),
            "-ILLEGAL_ACTION" => IllegalAction(Color::White),
            "KACHI" => EnteringKingWin,
            "OUTE_SENNICHITE" => IllegalAction(pos.side_to_move().flip()).refine(pos),
            "HIKIWAKE" => Draw,
            "ERROR" => Error,
            _ => return None,
        })
    }

    /// The summary line Kakinoki writes after a finished line: `まで77手で先手の勝ち`.
    /// `moves` is the number of moves played, `handicap` selects 下手/上手 for the names.
    pub fn summary(self, moves: usize, stm: Color, handicap: bool) -> String {
        use SpecialKind::*;
        let name = |c: Color| match (c, handicap) {
            (Color::Black, false) => "先手",
            (Color::White, false) => "後手",
            (Color::Black, true) => "下手",
            (Color::White, true) => "上手",
        };
        let tail = match self {
            Resign => format!("{}の勝ち", name(stm.flip())),
            Checkmate => "詰み".to_string(),
            TimeUp => format!("時間切れにより{}の勝ち", name(stm.flip())),
            IllegalLoss => format!("{}の反則負け", name(stm)),
            IllegalAction(c) if c == stm => format!("{}の反則負け", name(stm)),
            IllegalAction(c) => format!("{}の反則勝ち", name(c.flip())),
            EnteringKingWin => format!("{}の入玉勝ち", name(stm)),
            DeclarationLoss => format!("{}の入玉宣言失敗により{}の勝ち", name(stm), name(stm.flip())),
            PerpetualCheck(c) => format!("連続王手の千日手により{}の勝ち", name(c.flip())),
            Sennichite => "千日手".to_string(),
            Jishogi | MaxMoves => "持将棋".to_string(),
            Interrupt => "中断".to_string(),
            NoMate => "不詰".to_string(),
            Draw => "引き分け".to_string(),
            Error => "エラー".to_string(),
        };
        format!("まで{moves}手で{tail}")
    }

    /// Reads a `まで…` summary line back into a special (for KI2, which has no special-move
    /// lines). `stm` is the side to move after the last move.
    pub fn from_summary(line: &str, stm: Color) -> Option<SpecialKind> {
        use SpecialKind::*;
        let rest = line.trim().strip_prefix("まで")?;
        let idx = rest.find("手で")?;
        let tail = &rest[idx + "手で".len()..];
        let tail = tail.trim_end_matches(['。', ' ', '\u{3000}']);
        let color_of = |s: &str| {
            if s.starts_with("先手") || s.starts_with("下手") {
                Some(Color::Black)
            } else if s.starts_with("後手") || s.starts_with("上手") {
                Some(Color::White)
            } else {
                None
            }
        };
        Some(match tail {
            "千日手" => Sennichite,
            "持将棋" => Jishogi,
            "中断" => Interrupt,
            "詰み" | "詰" => Checkmate,
            "不詰" => NoMate,
            "引き分け" => Draw,
            "エラー" => Error,
            t if t.starts_with("時間切れ") => TimeUp,
            t if t.contains("の入玉宣言失敗") => match color_of(t) {
                Some(c) if c == stm => DeclarationLoss,
                _ => return None,
            },
            // the position decides whether it is one (`refine`)
            t if t.starts_with("連続王手の千日手") => {
                let winner = t.split_once("により").and_then(|(_, w)| color_of(w));
                IllegalAction(winner.map_or(stm.flip(), Color::flip))
            }
            t if t.ends_with("の反則負け") => {
                let c = color_of(t)?;
                if c == stm { IllegalLoss } else { IllegalAction(c) }
            }
            t if t.ends_with("の反則勝ち") => {
                let c = color_of(t)?;
                IllegalAction(c.flip())
            }
            t if t.ends_with("の入玉勝ち") => EnteringKingWin,
            // the side to move resigned; if the summary names the side to move as the winner, the
            // last mover lost some other way (an illegal move, as far as the summary tells)
            t if t.ends_with("の勝ち") => match color_of(t) {
                Some(w) if w == stm => IllegalAction(stm.flip()),
                _ => Resign,
            },
            _ => return None,
        })
    }
}

impl SpecialKind {
    /// A 反則 ending read from a format that does not say why (a KIF 反則勝ち/反則負け line
    /// without its summary, as in variations), made exact by the position it occurs in
    /// (after the last move): a loss by the side that kept checking into a fourth repetition
    /// is 連続王手の千日手.
    pub fn refine(self, pos: &Position) -> SpecialKind {
        if matches!(self, SpecialKind::IllegalLoss | SpecialKind::IllegalAction(_))
            && let Repetition::PerpetualCheck { loser } = pos.repetition()
            && self.outcome(pos.side_to_move()) == Outcome::Win(loser.flip())
        {
            return SpecialKind::PerpetualCheck(loser);
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_declaration_is_read_back_from_its_summary() {
        for stm in Color::ALL {
            let s = SpecialKind::DeclarationLoss.summary(80, stm, false);
            assert_eq!(SpecialKind::from_summary(&s, stm), Some(SpecialKind::DeclarationLoss), "{s}");
            // the other side's name in that place is not the side to move's failure
            assert_eq!(SpecialKind::from_summary(&s, stm.flip()), None, "{s}");
            assert_eq!(SpecialKind::DeclarationLoss.kif(stm), "反則負け");
            assert_eq!(SpecialKind::DeclarationLoss.outcome(stm), Outcome::Win(stm.flip()));
        }
        assert_eq!(
            SpecialKind::DeclarationLoss.summary(80, Color::Black, false),
            "まで80手で先手の入玉宣言失敗により後手の勝ち"
        );
        assert_eq!(SpecialKind::DeclarationLoss.csa(), "ILLEGAL_MOVE");
    }

    #[test]
    fn names_round_trip() {
        let pos = Position::startpos();
        for k in SpecialKind::ALL {
            let back = SpecialKind::from_csa(k.csa(), &pos).unwrap();
            assert_eq!(back, k);
            for stm in Color::ALL {
                let back = SpecialKind::from_kif(k.kif(stm), stm).unwrap();
                assert_eq!(back.outcome(stm), k.outcome(stm), "{k:?}");
                let s = k.summary(10, stm, false);
                let back = SpecialKind::from_summary(&s, stm).unwrap();
                assert_eq!(back.outcome(stm), k.outcome(stm), "{s}");
            }
        }
    }
}

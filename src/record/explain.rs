//! Plain sentences for refusals, in English or Japanese, naming squares and pieces in Japanese
//! notation: why a move is illegal ([`describe`], from `core`'s [`IllegalMove`]) and why typed
//! move text was not understood ([`describe_parse`], from [`MoveParseReason`]).
//!
//! ```
//! use shogiban::core::{IllegalMove, Square};
//! use shogiban::record::explain::{Language, describe};
//! let nifu = IllegalMove::Nifu { file: 5, pawn: Square::new(5, 7).unwrap() };
//! assert_eq!(describe(&nifu, Language::En), "二歩: a pawn of yours already stands on file ５ (on ５七)");
//! ```

pub use super::language::Language;
use super::names::{FULLWIDTH_DIGITS, KANJI_DIGITS, PieceKindNames, SquareNames};
use super::parse_move::{MoveParseError, MoveParseReason};
use crate::core::{Color, IllegalMove, PieceKind, Square};
use std::fmt;

fn sq(s: Square) -> String {
    s.japanese()
}

fn k(kind: PieceKind) -> &'static str {
    kind.kanji()
}

fn file(f: u8) -> char {
    FULLWIDTH_DIGITS[f as usize]
}

fn rank(r: u8) -> char {
    KANJI_DIGITS[r as usize]
}

fn side(c: Color, lang: Language) -> &'static str {
    match (c, lang) {
        (Color::Black, Language::En) => "☗ sente",
        (Color::White, Language::En) => "☖ gote",
        (Color::Black, Language::Ja) => "☗先手",
        (Color::White, Language::Ja) => "☖後手",
    }
}

/// Why a move is illegal, as one sentence: `二歩: a pawn of yours already stands on file ５ (on
/// ５七)`, `the 金 on ５八 is pinned by the 飛 on ５一`, `your king would be in check from the 香
/// on ６一`, `行き所のない駒: a 桂 dropped on rank 二 could never move`.
pub fn describe(why: &IllegalMove, lang: Language) -> String {
    use IllegalMove::*;
    let en = lang == Language::En;
    match *why {
        Malformed => {
            if en {
                "that is not a move".into()
            } else {
                "指し手になっていません".into()
            }
        }
        NotDroppable { kind } => {
            if en {
                format!("a {} cannot be dropped", k(kind))
            } else {
                format!("{}は打てません", k(kind))
            }
        }
        PromotedDrop { kind } => {
            if en {
                format!("a dropped {} cannot promote: pieces are dropped unpromoted", k(kind))
            } else {
                format!("{}は成って打てません(駒は成らずに打ちます)", k(kind))
            }
        }
        NotInHand { kind } => {
            if en {
                format!("you have no {} in hand", k(kind))
            } else {
                format!("持ち駒に{}がありません", k(kind))
            }
        }
        EmptySource { from } => {
            if en {
                format!("there is no piece on {}", sq(from))
            } else {
                format!("{}に駒がありません", sq(from))
            }
        }
        NotYourPiece { from, piece } => {
            let kind = piece.kind().unwrap_or(PieceKind::King);
            let owner = side(piece.color(), lang);
            if en {
                format!(
                    "the {} on {} is {owner}'s, and it is {}'s turn",
                    k(kind),
                    sq(from),
                    side(!piece.color(), lang)
                )
            } else {
                format!(
                    "{}の{}は{owner}の駒です({}の手番です)",
                    sq(from),
                    k(kind),
                    side(!piece.color(), lang)
                )
            }
        }
        DropOnOccupied { to, piece } => {
            let kind = piece.kind().unwrap_or(PieceKind::King);
            if en {
                format!("a piece can only be dropped on an empty square: a {} stands on {}", k(kind), sq(to))
            } else {
                format!("{}には{}があるので打てません", sq(to), k(kind))
            }
        }
        OwnPieceOnTarget { to, kind } => {
            if en {
                format!("your own {} stands on {}", k(kind), sq(to))
            } else {
                format!("{}には自分の{}があります", sq(to), k(kind))
            }
        }
        CapturesKing { to } => {
            if en {
                format!("the king on {} cannot be captured", sq(to))
            } else {
                format!("{}の玉は取れません", sq(to))
            }
        }
        CannotMoveThere { from, kind, to } => {
            if en {
                format!("the {} on {} cannot move to {}", k(kind), sq(from), sq(to))
            } else {
                format!("{}の{}は{}へ動けません", sq(from), k(kind), sq(to))
            }
        }
        Blocked { from, kind, to, by, blocker } => {
            let bk = blocker.kind().unwrap_or(PieceKind::King);
            if en {
                format!(
                    "the {} on {} cannot reach {}: the {} on {} is in the way",
                    k(kind),
                    sq(from),
                    sq(to),
                    k(bk),
                    sq(by)
                )
            } else {
                format!("{}の{}は{}の{}が邪魔で{}へ行けません", sq(from), k(kind), sq(by), k(bk), sq(to))
            }
        }
        CannotPromote { kind } => {
            if en {
                format!("a {} cannot promote", k(kind))
            } else {
                format!("{}は成れません", k(kind))
            }
        }
        PromotionOutsideZone { from, to } => {
            if en {
                format!(
                    "a piece promotes only on a move into, out of or inside the promotion zone ({} to {} is outside it)",
                    sq(from),
                    sq(to)
                )
            } else {
                format!("{}から{}への移動は敵陣に関わらないので成れません", sq(from), sq(to))
            }
        }
        MustPromote { kind, to } => {
            if en {
                format!(
                    "行き所のない駒: a {} on rank {} could never move again, so it must promote",
                    k(kind),
                    rank(to.rank())
                )
            } else {
                format!(
                    "行き所のない駒: {}段目の{}は動けなくなるので成らなければなりません",
                    rank(to.rank()),
                    k(kind)
                )
            }
        }
        DeadDrop { kind, to } => {
            if en {
                format!("行き所のない駒: a {} dropped on rank {} could never move", k(kind), rank(to.rank()))
            } else {
                format!("行き所のない駒: {}段目に打った{}は動けません", rank(to.rank()), k(kind))
            }
        }
        Nifu { file: f, pawn } => {
            if en {
                format!("二歩: a pawn of yours already stands on file {} (on {})", file(f), sq(pawn))
            } else {
                format!("二歩: {}筋にはすでに自分の歩があります({})", file(f), sq(pawn))
            }
        }
        Uchifuzume { to } => {
            if en {
                format!("打ち歩詰め: a pawn drop may not give mate (the pawn on {} would mate)", sq(to))
            } else {
                format!("打ち歩詰め: 歩を打って詰ますことはできません({})", sq(to))
            }
        }
        Pinned { from, kind, pinner, pinner_kind } => {
            if en {
                format!(
                    "the {} on {} is pinned by the {} on {}",
                    k(kind),
                    sq(from),
                    k(pinner_kind),
                    sq(pinner)
                )
            } else {
                format!(
                    "{}の{}は{}の{}にピンされています(動くと玉が取られます)",
                    sq(from),
                    k(kind),
                    sq(pinner),
                    k(pinner_kind)
                )
            }
        }
        KingIntoCheck { to, attacker, attacker_kind } => {
            if en {
                format!(
                    "your king would be in check on {} from the {} on {}",
                    sq(to),
                    k(attacker_kind),
                    sq(attacker)
                )
            } else {
                format!("{}は{}の{}の利きに入ります(玉が取られます)", sq(to), sq(attacker), k(attacker_kind))
            }
        }
        LeavesKingInCheck { checker, checker_kind } => {
            if en {
                format!(
                    "your king is in check from the {} on {}: the move must answer it",
                    k(checker_kind),
                    sq(checker)
                )
            } else {
                format!("{}の{}から王手されています: 王手を防いでください", sq(checker), k(checker_kind))
            }
        }
    }
}

/// Why typed move text was not understood or not played, as one sentence (the candidate moves,
/// when any, are the caller's to show).
pub fn describe_parse(why: &MoveParseReason, lang: Language) -> String {
    use MoveParseReason::*;
    let en = lang == Language::En;
    match why {
        Empty => {
            if en {
                "no move given".into()
            } else {
                "指し手が空です".into()
            }
        }
        NotMoveText => {
            if en {
                "expected a move like ７六歩, 76歩, 7776FU or 7g7f".into()
            } else {
                "７六歩・76歩・7776FU・7g7f のように入力してください".into()
            }
        }
        ExpectedDestination => {
            if en {
                "expected a destination such as ７六, 76 or 同".into()
            } else {
                "行き先(７六・76・同 など)がありません".into()
            }
        }
        ExpectedPiece => {
            if en {
                "expected a piece (歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍)".into()
            } else {
                "駒の名前(歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍)がありません".into()
            }
        }
        Unexpected(t) => {
            if en {
                format!("unexpected '{t}' after the piece")
            } else {
                format!("駒のあとの「{t}」が読めません")
            }
        }
        BadSource(t) => {
            if en {
                format!("expected a source square like (77), found ({t})")
            } else {
                format!("元の升は(77)のように書きます: ({t})")
            }
        }
        UnclosedParen => {
            if en {
                "unclosed '(' after the move".into()
            } else {
                "「(」が閉じていません".into()
            }
        }
        WrongSide { turn } => {
            if en {
                format!("the mark names the other side, but it is {}'s turn", side(*turn, lang))
            } else {
                format!("手番は{}です", side(*turn, lang))
            }
        }
        NoPreviousMove => {
            if en {
                "同 needs a previous move".into()
            } else {
                "直前の指し手がないので同は使えません".into()
            }
        }
        DropWithSource => {
            if en {
                "a move cannot be both a drop (打) and from a square".into()
            } else {
                "打と元の升は同時に書けません".into()
            }
        }
        NoSuchPiece { kind } => {
            if en {
                format!("you have no {} on the board or in hand", k(*kind))
            } else {
                format!("{}は盤上にも持ち駒にもありません", k(*kind))
            }
        }
        NoPieceCanReach { kind, to } => {
            if en {
                format!("no {} can reach {}", k(*kind), sq(*to))
            } else {
                format!("{}へ行ける{}はありません", sq(*to), k(*kind))
            }
        }
        NoMatch { kind, to } => {
            if en {
                format!(
                    "no {} to {} fits what was written; the moves that can go there are listed",
                    k(*kind),
                    sq(*to)
                )
            } else {
                format!(
                    "{}への{}の指し手で書かれた通りのものはありません(候補を表示します)",
                    sq(*to),
                    k(*kind)
                )
            }
        }
        Ambiguous { kind, to, count, modifiers } => {
            let n = count_word(*count, lang);
            let words: Vec<String> = modifiers.iter().map(char::to_string).collect();
            if en {
                let which = match words.split_last() {
                    None => "右 左 直 上 引 寄, 打, 成 or 不成".to_string(),
                    Some((last, [])) => last.clone(),
                    Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                };
                format!("{n} {} can reach {}: add {which} to say which", k(*kind), sq(*to))
            } else {
                let which = if words.is_empty() {
                    "右 左 直 上 引 寄・打・成/不成".to_string()
                } else {
                    words.join("・")
                };
                format!("{}へ行ける{}が{n}あります: {which} で区別してください", sq(*to), k(*kind))
            }
        }
        UnknownCsaPiece(t) => {
            if en {
                format!("unknown CSA piece '{t}'")
            } else {
                format!("CSAの駒名「{t}」が読めません")
            }
        }
        BadSquare => {
            if en {
                "not a square on the board".into()
            } else {
                "盤上の升ではありません".into()
            }
        }
        NotOnBoard { kind, on_board, from } => {
            if en {
                format!("the piece on {} is a {}, not a {}", sq(*from), k(*on_board), k(*kind))
            } else {
                format!("{}の駒は{}で、{}ではありません", sq(*from), k(*on_board), k(*kind))
            }
        }
        Illegal(why) => describe(why, lang),
    }
}

fn count_word(n: usize, lang: Language) -> String {
    match (lang, n) {
        (Language::En, 2) => "two".into(),
        (Language::En, 3) => "three".into(),
        (Language::En, 4) => "four".into(),
        (Language::En, n) => n.to_string(),
        (Language::Ja, n) => format!("{n}つ"),
    }
}

impl MoveParseError {
    /// The reason in words, in `lang` (the candidates are not included).
    pub fn describe(&self, lang: Language) -> String {
        describe_parse(&self.reason, lang)
    }
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}': {}", self.text, self.describe(Language::En))?;
        if !self.candidates.is_empty() {
            write!(f, " (candidates: {})", self.candidates.join(", "))?;
        }
        Ok(())
    }
}

impl std::error::Error for MoveParseError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Piece, Position};

    fn s(usi: &str) -> Square {
        Square::from_usi(usi).unwrap()
    }

    #[test]
    fn sentences_name_squares_and_pieces() {
        let pinned = IllegalMove::Pinned {
            from: s("5h"),
            kind: PieceKind::Gold,
            pinner: s("5a"),
            pinner_kind: PieceKind::Rook,
        };
        assert_eq!(describe(&pinned, Language::En), "the 金 on ５八 is pinned by the 飛 on ５一");
        assert!(describe(&pinned, Language::Ja).starts_with("５八の金は５一の飛にピンされています"));
        let check =
            IllegalMove::KingIntoCheck { to: s("6i"), attacker: s("6a"), attacker_kind: PieceKind::Lance };
        assert_eq!(describe(&check, Language::En), "your king would be in check on ６九 from the 香 on ６一");
        let dead = IllegalMove::DeadDrop { kind: PieceKind::Knight, to: s("5b") };
        assert_eq!(describe(&dead, Language::En), "行き所のない駒: a 桂 dropped on rank 二 could never move");
        assert_eq!(describe(&dead, Language::Ja), "行き所のない駒: 二段目に打った桂は動けません");
        let nifu = IllegalMove::Nifu { file: 5, pawn: s("5g") };
        assert_eq!(describe(&nifu, Language::Ja), "二歩: ５筋にはすでに自分の歩があります(５七)");
        let theirs =
            IllegalMove::NotYourPiece { from: s("3c"), piece: Piece::new(Color::White, PieceKind::Pawn) };
        assert_eq!(describe(&theirs, Language::En), "the 歩 on ３三 is ☖ gote's, and it is ☗ sente's turn");
    }

    #[test]
    fn every_reason_from_a_real_position_reads_in_both_languages() {
        let p = Position::from_sfen("4r3k/9/9/9/9/9/9/4G4/4K4 b P 1").unwrap();
        for v in 0..=u16::MAX {
            if let Err(why) = p.why_illegal(crate::core::Move::from_bits(v)) {
                assert!(!describe(&why, Language::En).is_empty());
                assert!(!describe(&why, Language::Ja).is_empty());
            }
        }
    }
}

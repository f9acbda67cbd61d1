//! Reading move text back into the one legal move it means: Japanese (KIF/KI2/human:
//! `７六歩(77)`, `同　歩`, `58金右`, `55角打`, `▲2三桂不成`, full- or half-width digits, kanji or
//! arabic ranks), CSA (`7776FU`, `+7776FU`) and USI (`7g7f`). [`parse_move_any`] tries all
//! three; it is what the app's typed-move box uses.

use super::notation::{Movement, Relative, is_straight, ki2_move_marked, movement_of, relative_coords};
use super::text::digit_value;
use crate::core::{Color, Move, PieceKind, Position, Square};
use std::fmt;

/// Why move text could not be turned into a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveParseError {
    /// The text that was given.
    pub text: String,
    pub reason: String,
    /// When the text fits several legal moves: each of them in KI2 text.
    pub candidates: Vec<String>,
}

impl MoveParseError {
    fn new(text: &str, reason: impl Into<String>) -> MoveParseError {
        MoveParseError { text: text.to_string(), reason: reason.into(), candidates: Vec::new() }
    }
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}': {}", self.text, self.reason)?;
        if !self.candidates.is_empty() {
            write!(f, " (candidates: {})", self.candidates.join(", "))?;
        }
        Ok(())
    }
}

impl std::error::Error for MoveParseError {}

/// Piece names, longest first, with the lenient spellings real programs write.
const PIECE_NAMES: [(&str, PieceKind); 19] = [
    ("成銀", PieceKind::ProSilver),
    ("成桂", PieceKind::ProKnight),
    ("成香", PieceKind::ProLance),
    ("全", PieceKind::ProSilver),
    ("圭", PieceKind::ProKnight),
    ("杏", PieceKind::ProLance),
    ("と", PieceKind::ProPawn),
    ("馬", PieceKind::Horse),
    ("龍", PieceKind::Dragon),
    ("竜", PieceKind::Dragon),
    ("歩", PieceKind::Pawn),
    ("香", PieceKind::Lance),
    ("桂", PieceKind::Knight),
    ("銀", PieceKind::Silver),
    ("金", PieceKind::Gold),
    ("角", PieceKind::Bishop),
    ("飛", PieceKind::Rook),
    ("玉", PieceKind::King),
    ("王", PieceKind::King),
];

/// What a Japanese move text says, before it is matched against the legal moves.
#[derive(Debug, Default)]
struct JapaneseMove {
    to: Option<Square>,
    same: bool,
    kind: Option<PieceKind>,
    relative: Option<Relative>,
    movement: Option<Movement>,
    drop: bool,
    promote: Option<bool>,
    from: Option<Square>,
}

fn is_space(c: char) -> bool {
    c.is_whitespace()
}

/// Splits Japanese move text into its parts; `Err` names what was expected.
fn scan_japanese(text: &str) -> Result<JapaneseMove, String> {
    let mut j = JapaneseMove::default();
    let mut s = text.trim_start_matches(|c: char| is_space(c) || "▲△☗☖▼▽".contains(c));
    if let Some(rest) = s.strip_prefix('同') {
        j.same = true;
        s = rest.trim_start_matches(is_space);
    } else {
        let mut it = s.chars();
        let (Some(f), Some(r)) = (it.next(), it.next()) else {
            return Err("expected a destination such as ７六 or 同".into());
        };
        let (Some(file), Some(rank)) = (digit_value(f), digit_value(r)) else {
            return Err("expected a destination such as ７六, 76 or 同".into());
        };
        j.to = Square::new(file, rank);
        s = it.as_str().trim_start_matches(is_space);
        // some programs write both: ７六同歩
        if let Some(rest) = s.strip_prefix('同') {
            s = rest.trim_start_matches(is_space);
        }
    }
    let Some(&(name, kind)) = PIECE_NAMES.iter().find(|(n, _)| s.starts_with(n)) else {
        return Err("expected a piece (歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍)".into());
    };
    j.kind = Some(kind);
    s = &s[name.len()..];
    loop {
        s = s.trim_start_matches(is_space);
        let Some(c) = s.chars().next() else { break };
        let mut consumed = c.len_utf8();
        match c {
            '右' => j.relative = Some(Relative::Right),
            '左' => j.relative = Some(Relative::Left),
            '直' => j.relative = Some(Relative::Straight),
            '上' | '行' | '入' => j.movement = Some(Movement::Up),
            '引' => j.movement = Some(Movement::Down),
            '寄' => j.movement = Some(Movement::Sideways),
            '打' => j.drop = true,
            '生' => j.promote = Some(false),
            '不' if s.starts_with("不成") => {
                j.promote = Some(false);
                consumed = "不成".len();
            }
            '成' => {
                j.promote = Some(true);
                if s.starts_with("成り") {
                    consumed = "成り".len();
                }
            }
            '(' | '（' => {
                let inner: String =
                    s[c.len_utf8()..].chars().take_while(|&c| c != ')' && c != '）').collect();
                let digits: Vec<u8> = inner.chars().filter_map(digit_value).collect();
                if digits.len() != 2 || inner.chars().filter(|c| !is_space(*c)).count() != 2 {
                    return Err(format!("expected a source square like (77), found ({inner})"));
                }
                j.from = Square::new(digits[0], digits[1]);
                consumed = c.len_utf8() + inner.len();
                if let Some(close) = s[consumed..].chars().next() {
                    consumed += close.len_utf8();
                } else {
                    return Err("unclosed '(' after the move".into());
                }
            }
            _ => return Err(format!("unexpected '{}' after the piece", s)),
        }
        s = &s[consumed..];
    }
    Ok(j)
}

/// Parses Japanese move text (KIF, KI2 or as typed) into the one legal move it means.
/// `prev_to` is the previous move's destination, for `同`.
pub fn parse_japanese_move(
    pos: &Position,
    text: &str,
    prev_to: Option<Square>,
) -> Result<Move, MoveParseError> {
    let j = scan_japanese(text).map_err(|r| MoveParseError::new(text, r))?;
    let us = pos.side_to_move();
    let mark = text.trim_start().chars().next();
    let marked = match mark {
        Some('▲' | '☗' | '▼') => Some(Color::Black),
        Some('△' | '☖' | '▽') => Some(Color::White),
        _ => None,
    };
    if marked.is_some_and(|c| c != us) {
        return Err(MoveParseError::new(
            text,
            format!("the mark says the other side, but it is {}'s turn", side_name(us)),
        ));
    }
    let to = if j.same {
        prev_to.ok_or_else(|| MoveParseError::new(text, "同 needs a previous move"))?
    } else {
        j.to.ok_or_else(|| MoveParseError::new(text, "bad destination"))?
    };
    let kind = j.kind.expect("scan sets the piece");
    let all: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| m.to() == to && pos.moved_kind(*m) == kind && (!m.is_drop() || !kind.is_promoted()))
        .collect();
    let mut cands = all.clone();
    if let Some(from) = j.from {
        if j.drop {
            return Err(MoveParseError::new(text, "a move cannot be both a drop (打) and from a square"));
        }
        cands.retain(|m| !m.is_drop() && m.from() == from);
    }
    if j.drop {
        cands.retain(|m| m.is_drop());
    } else if cands.iter().any(|m| !m.is_drop()) {
        cands.retain(|m| !m.is_drop());
    }
    match j.promote {
        Some(true) => cands.retain(|m| m.is_promotion()),
        _ => cands.retain(|m| !m.is_promotion()),
    }
    if let Some(v) = j.movement {
        cands.retain(|m| !m.is_drop() && movement_of(m.from(), to, us) == v);
    }
    match j.relative {
        Some(Relative::Straight) => cands.retain(|m| !m.is_drop() && is_straight(kind, m.from(), to, us)),
        Some(r) => {
            let files: Vec<i32> =
                cands.iter().filter(|m| !m.is_drop()).map(|m| relative_coords(m.from(), us).0).collect();
            let target = if r == Relative::Right { files.iter().min() } else { files.iter().max() };
            if let Some(&t) = target {
                cands.retain(|m| !m.is_drop() && relative_coords(m.from(), us).0 == t);
            }
        }
        None => {}
    }
    match cands.len() {
        1 => Ok(cands[0]),
        0 => {
            let mut e = MoveParseError::new(
                text,
                if all.is_empty() {
                    format!("no legal move of a {} to {} for {}", kind.kanji(), to.japanese(), side_name(us))
                } else {
                    "no legal move matches; the legal moves there are listed".to_string()
                },
            );
            e.candidates = all.iter().map(|&m| ki2_move_marked(pos, m, prev_to)).collect();
            Err(e)
        }
        _ => {
            let mut e = MoveParseError::new(text, "ambiguous: add 右 左 直 上 引 寄, 打 or 成/不成");
            e.candidates = cands.iter().map(|&m| ki2_move_marked(pos, m, prev_to)).collect();
            Err(e)
        }
    }
}

fn side_name(c: Color) -> &'static str {
    if c == Color::Black { "sente" } else { "gote" }
}

/// Parses CSA move text (`7776FU`, `+7776FU`, `-0055KA`, `+8822UM`): the piece is the one
/// standing on the destination after the move.
pub fn parse_csa_move(pos: &Position, text: &str) -> Result<Move, MoveParseError> {
    let t = text.trim();
    let us = pos.side_to_move();
    let body = match t.chars().next() {
        Some('+') | Some('-') => {
            let c = if t.starts_with('+') { Color::Black } else { Color::White };
            if c != us {
                return Err(MoveParseError::new(text, format!("it is {}'s turn", side_name(us))));
            }
            &t[1..]
        }
        _ => t,
    };
    let b = body.as_bytes();
    if b.len() != 6 || !b[..4].iter().all(u8::is_ascii_digit) {
        return Err(MoveParseError::new(text, "expected CSA move text like +7776FU"));
    }
    let d = |i: usize| b[i] - b'0';
    let kind = PieceKind::from_csa(&body[4..6])
        .ok_or_else(|| MoveParseError::new(text, format!("unknown CSA piece '{}'", &body[4..6])))?;
    let to = Square::new(d(2), d(3)).ok_or_else(|| MoveParseError::new(text, "bad destination square"))?;
    let mv = if d(0) == 0 && d(1) == 0 {
        Move::drop(kind, to)
    } else {
        let from = Square::new(d(0), d(1)).ok_or_else(|| MoveParseError::new(text, "bad source square"))?;
        let p = pos.piece_at(from);
        let Some(on_board) = p.kind().filter(|_| p.color() == us) else {
            return Err(MoveParseError::new(
                text,
                format!("no {} piece on {}", side_name(us), from.japanese()),
            ));
        };
        if kind == on_board {
            Move::board(from, to, false)
        } else if on_board.can_promote() && kind == on_board.promote() {
            Move::board(from, to, true)
        } else {
            return Err(MoveParseError::new(
                text,
                format!(
                    "the piece on {} is {} ({}), not {}",
                    from.japanese(),
                    on_board.kanji(),
                    on_board.csa(),
                    kind.csa()
                ),
            ));
        }
    };
    if pos.is_legal(mv) {
        Ok(mv)
    } else {
        Err(MoveParseError::new(text, format!("{} is not legal here", mv.usi())))
    }
}

/// Parses USI move text and checks it is legal.
pub fn parse_usi_move(pos: &Position, text: &str) -> Result<Move, MoveParseError> {
    pos.parse_usi_move(text.trim()).map_err(|r| MoveParseError::new(text, r))
}

/// Parses a move typed by a user or found in a file: USI (`7g7f`), CSA (`7776FU`, `+7776FU`) or
/// Japanese (`７六歩`, `58金右`, `同歩`, `▲７六歩(77)`). `prev_to` is the previous move's
/// destination, for `同`.
pub fn parse_move_any(pos: &Position, text: &str, prev_to: Option<Square>) -> Result<Move, MoveParseError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(MoveParseError::new(text, "empty move"));
    }
    if t.is_ascii() {
        let looks_usi = Move::from_usi(t).is_some();
        if looks_usi {
            return parse_usi_move(pos, t);
        }
        let body = t.trim_start_matches(['+', '-']);
        if body.len() == 6 && body[..4].bytes().all(|b| b.is_ascii_digit()) {
            return parse_csa_move(pos, t);
        }
        if !t.bytes().any(|b| b.is_ascii_digit()) || t.len() < 3 {
            return Err(MoveParseError::new(text, "expected a move like 7g7f, 7776FU or ７六歩"));
        }
    }
    parse_japanese_move(pos, t, prev_to)
}

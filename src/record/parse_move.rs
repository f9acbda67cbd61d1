//! Reading move text back into the one legal move it means: Japanese (KIF/KI2/human:
//! `７六歩(77)`, `同　歩`, `58金右`, `55角打`, `▲2三桂不成`, full- or half-width digits, kanji or
//! arabic ranks), CSA (`7776FU`, `+7776FU`) and USI (`7g7f`). [`parse_move_any`] tries all
//! three; it is what the app's typed-move box uses.

use super::names::PieceKindNames;
use super::notation::{
    Movement, Relative, is_straight, ki2_modifiers, ki2_move_marked, movement_of, relative_coords,
};
use super::text::digit_value;
use crate::core::{Color, IllegalMove, Move, PieceKind, Position, Square};

/// Why move text could not be turned into a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveParseError {
    /// The text that was given.
    pub text: String,
    pub reason: MoveParseReason,
    /// When the text fits several legal moves, or none of the legal moves to the destination it
    /// names: those moves in KI2 text with the mark (`▲５八金右`).
    pub candidates: Vec<String>,
}

/// The reason in a [`MoveParseError`]; `record::explain::describe_parse` puts it in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveParseReason {
    Empty,
    /// Not USI, CSA or Japanese move text at all.
    NotMoveText,
    ExpectedDestination,
    ExpectedPiece,
    /// Text after the piece that is no modifier (the rest of the text).
    Unexpected(String),
    /// A source square in parentheses that is not two digits (what was inside).
    BadSource(String),
    UnclosedParen,
    /// The ▲/△ or +/- mark names the side not to move; `turn` is the side to move.
    WrongSide {
        turn: Color,
    },
    /// `同` with no previous move.
    NoPreviousMove,
    /// Both `打` and a source square.
    DropWithSource,
    /// No piece of this kind on the board or in hand.
    NoSuchPiece {
        kind: PieceKind,
    },
    /// Pieces of this kind exist, but none moves to `to`.
    NoPieceCanReach {
        kind: PieceKind,
        to: Square,
    },
    /// Moves of this kind to `to` exist, but none fits the modifiers written (see candidates).
    NoMatch {
        kind: PieceKind,
        to: Square,
    },
    /// `count` moves fit (see candidates): one of `modifiers` is needed.
    Ambiguous {
        kind: PieceKind,
        to: Square,
        count: usize,
        /// The modifiers that tell those moves apart (`右`, `左`, `上`...).
        modifiers: Vec<char>,
    },
    UnknownCsaPiece(String),
    /// A square off the board (a 0 digit).
    BadSquare,
    /// CSA text names a kind other than the piece standing on `from`.
    NotOnBoard {
        kind: PieceKind,
        on_board: PieceKind,
        from: Square,
    },
    /// The move meant is clear but illegal, for this reason.
    Illegal(IllegalMove),
}

impl MoveParseError {
    fn new(text: &str, reason: MoveParseReason) -> MoveParseError {
        MoveParseError { text: text.to_string(), reason, candidates: Vec::new() }
    }
}

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
fn scan_japanese(text: &str) -> Result<JapaneseMove, MoveParseReason> {
    let mut j = JapaneseMove::default();
    let mut s = text.trim_start_matches(|c: char| is_space(c) || "▲△☗☖▼▽".contains(c));
    if let Some(rest) = s.strip_prefix('同') {
        j.same = true;
        s = rest.trim_start_matches(is_space);
    } else {
        let mut it = s.chars();
        let (Some(f), Some(r)) = (it.next(), it.next()) else {
            return Err(MoveParseReason::ExpectedDestination);
        };
        let (Some(file), Some(rank)) = (digit_value(f), digit_value(r)) else {
            return Err(MoveParseReason::ExpectedDestination);
        };
        j.to = Square::new(file, rank);
        s = it.as_str().trim_start_matches(is_space);
        // some programs write both: ７六同歩
        if let Some(rest) = s.strip_prefix('同') {
            s = rest.trim_start_matches(is_space);
        }
    }
    let Some(&(name, kind)) = PIECE_NAMES.iter().find(|(n, _)| s.starts_with(n)) else {
        return Err(MoveParseReason::ExpectedPiece);
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
                    return Err(MoveParseReason::BadSource(inner));
                }
                j.from = Square::new(digits[0], digits[1]);
                consumed = c.len_utf8() + inner.len();
                if let Some(close) = s[consumed..].chars().next() {
                    consumed += close.len_utf8();
                } else {
                    return Err(MoveParseReason::UnclosedParen);
                }
            }
            _ => return Err(MoveParseReason::Unexpected(s.to_string())),
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
    use MoveParseReason as R;
    let err = |r: MoveParseReason| MoveParseError::new(text, r);
    let j = scan_japanese(text).map_err(err)?;
    let us = pos.side_to_move();
    let mark = text.trim_start().chars().next();
    let marked = match mark {
        Some('▲' | '☗' | '▼') => Some(Color::Black),
        Some('△' | '☖' | '▽') => Some(Color::White),
        _ => None,
    };
    if marked.is_some_and(|c| c != us) {
        return Err(err(R::WrongSide { turn: us }));
    }
    let to = if j.same {
        prev_to.ok_or_else(|| err(R::NoPreviousMove))?
    } else {
        j.to.ok_or_else(|| err(R::BadSquare))?
    };
    let kind = j.kind.expect("scan sets the piece");
    if j.from.is_some() && j.drop {
        return Err(err(R::DropWithSource));
    }
    let all: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| m.to() == to && pos.moved_kind(*m) == kind && (!m.is_drop() || !kind.is_promoted()))
        .collect();
    if all.is_empty() {
        return Err(err(why_no_move(pos, &j, kind, to)));
    }
    let mut cands = all.clone();
    if let Some(from) = j.from {
        cands.retain(|m| !m.is_drop() && m.from() == from);
    }
    if j.drop {
        cands.retain(|m| m.is_drop());
    } else if cands.iter().any(|m| !m.is_drop()) {
        cands.retain(|m| !m.is_drop());
    }
    match j.promote {
        Some(true) => cands.retain(|m| m.is_promotion()),
        Some(false) => cands.retain(|m| !m.is_promotion()),
        // Unwritten: the move as written, or the promotion when it is compulsory (a pawn or
        // lance to the last rank, a knight to the last two), as the board cursor plays it.
        None => cands.retain(|m| !m.is_promotion() || !all.contains(&Move::board(m.from(), m.to(), false))),
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
    let listed = |moves: &[Move]| moves.iter().map(|&m| ki2_move_marked(pos, m, prev_to)).collect();
    match cands.len() {
        1 => Ok(cands[0]),
        0 => {
            let mut e = err(why_no_match(pos, &j, kind, to, &all));
            e.candidates = listed(&all);
            Err(e)
        }
        count => {
            let modifiers = telling_modifiers(pos, &cands);
            let mut e = err(R::Ambiguous { kind, to, count, modifiers });
            e.candidates = listed(&cands);
            Err(e)
        }
    }
}

/// The KI2 modifiers that tell the ambiguous `moves` apart (`右`, `左`; `上`, `引`...), each
/// once, in the order 右 左 直 上 引 寄: what the player has to add.
fn telling_modifiers(pos: &Position, moves: &[Move]) -> Vec<char> {
    let mods: Vec<_> = moves.iter().map(|&m| ki2_modifiers(pos, m)).collect();
    let used = |c: char| {
        mods.iter()
            .any(|m| m.relative.map(Relative::kanji) == Some(c) || m.movement.map(Movement::kanji) == Some(c))
    };
    "右左直上引寄".chars().filter(|&c| used(c)).collect()
}

/// Whether `kind` can be held in hand and dropped.
fn droppable(kind: PieceKind) -> bool {
    !kind.is_promoted() && kind != PieceKind::King
}

/// Why no legal move of a `kind` goes to `to` at all: the piece written is missing, the move
/// meant is illegal (pinned, 二歩, 打ち歩詰め...), or no such piece reaches the square.
fn why_no_move(pos: &Position, j: &JapaneseMove, kind: PieceKind, to: Square) -> MoveParseReason {
    use MoveParseReason as R;
    let us = pos.side_to_move();
    let promote = j.promote == Some(true);
    let held = droppable(kind) && pos.hand(us).count(kind) > 0;
    if let Some(from) = j.from {
        return match pos.why_illegal(Move::board(from, to, promote)) {
            Err(why) => R::Illegal(why),
            Ok(()) => {
                let on_board = pos.piece_at(from).kind().unwrap_or(kind);
                R::NotOnBoard { kind, on_board, from }
            }
        };
    }
    if j.drop {
        if !droppable(kind) {
            return R::Illegal(IllegalMove::NotDroppable { kind });
        }
        return match pos.why_illegal(Move::drop(kind, to)) {
            Err(why) => R::Illegal(why),
            Ok(()) => R::NoPieceCanReach { kind, to },
        };
    }
    let sources = pos.pieces(us, kind);
    let mut blocked = None;
    for from in sources {
        match pos.why_illegal(Move::board(from, to, promote)) {
            Err(IllegalMove::CannotMoveThere { .. }) => {}
            Err(b @ IllegalMove::Blocked { .. }) => blocked = blocked.or(Some(b)),
            Err(why) => return R::Illegal(why),
            Ok(()) => {}
        }
    }
    if held && let Err(why) = pos.why_illegal(Move::drop(kind, to)) {
        return R::Illegal(why);
    }
    if sources.is_empty() && !held {
        return R::NoSuchPiece { kind };
    }
    match blocked {
        Some(b) if sources.count() == 1 => R::Illegal(b),
        _ => R::NoPieceCanReach { kind, to },
    }
}

/// Why none of the legal moves `all` of a `kind` to `to` fits the source, 打 or 成 written.
fn why_no_match(
    pos: &Position,
    j: &JapaneseMove,
    kind: PieceKind,
    to: Square,
    all: &[Move],
) -> MoveParseReason {
    use MoveParseReason as R;
    let us = pos.side_to_move();
    let promote = j.promote == Some(true);
    if let Some(from) = j.from
        && let Err(why) = pos.why_illegal(Move::board(from, to, promote))
    {
        return R::Illegal(why);
    }
    if j.drop {
        if !droppable(kind) {
            return R::Illegal(IllegalMove::NotDroppable { kind });
        }
        if pos.hand(us).count(kind) == 0 {
            return R::Illegal(IllegalMove::NotInHand { kind });
        }
    }
    if let Some(m) = all.iter().find(|m| !m.is_drop())
        && let Err(why) = pos.why_illegal(Move::board(m.from(), to, promote))
        && matches!(
            why,
            IllegalMove::CannotPromote { .. }
                | IllegalMove::PromotionOutsideZone { .. }
                | IllegalMove::MustPromote { .. }
        )
    {
        return R::Illegal(why);
    }
    R::NoMatch { kind, to }
}

/// Parses CSA move text (`7776FU`, `+7776FU`, `-0055KA`, `+8822UM`): the piece is the one
/// standing on the destination after the move.
pub fn parse_csa_move(pos: &Position, text: &str) -> Result<Move, MoveParseError> {
    use MoveParseReason as R;
    let err = |r: MoveParseReason| MoveParseError::new(text, r);
    let t = text.trim();
    let us = pos.side_to_move();
    let body = match t.chars().next() {
        Some('+') | Some('-') => {
            let c = if t.starts_with('+') { Color::Black } else { Color::White };
            if c != us {
                return Err(err(R::WrongSide { turn: us }));
            }
            &t[1..]
        }
        _ => t,
    };
    let b = body.as_bytes();
    if b.len() != 6 || !b[..4].iter().all(u8::is_ascii_digit) {
        return Err(err(R::NotMoveText));
    }
    let d = |i: usize| b[i] - b'0';
    let kind =
        PieceKind::from_csa(&body[4..6]).ok_or_else(|| err(R::UnknownCsaPiece(body[4..6].to_string())))?;
    let to = Square::new(d(2), d(3)).ok_or_else(|| err(R::BadSquare))?;
    let mv = if d(0) == 0 && d(1) == 0 {
        Move::drop(kind, to)
    } else {
        let from = Square::new(d(0), d(1)).ok_or_else(|| err(R::BadSquare))?;
        let p = pos.piece_at(from);
        match p.kind().filter(|_| p.color() == us) {
            None => Move::board(from, to, false),
            Some(on_board) if kind == on_board => Move::board(from, to, false),
            Some(on_board) if on_board.can_promote() && kind == on_board.promote() => {
                Move::board(from, to, true)
            }
            Some(on_board) => return Err(err(R::NotOnBoard { kind, on_board, from })),
        }
    };
    pos.why_illegal(mv).map(|()| mv).map_err(|why| err(R::Illegal(why)))
}

/// Parses USI move text and checks it is legal.
pub fn parse_usi_move(pos: &Position, text: &str) -> Result<Move, MoveParseError> {
    let err = |r: MoveParseReason| MoveParseError::new(text, r);
    let mv = Move::from_usi(text.trim()).ok_or_else(|| err(MoveParseReason::NotMoveText))?;
    pos.why_illegal(mv).map(|()| mv).map_err(|why| err(MoveParseReason::Illegal(why)))
}

/// Parses a move typed by a user or found in a file: USI (`7g7f`), CSA (`7776FU`, `+7776FU`) or
/// Japanese (`７六歩`, `58金右`, `同歩`, `▲７六歩(77)`). `prev_to` is the previous move's
/// destination, for `同`.
pub fn parse_move_any(pos: &Position, text: &str, prev_to: Option<Square>) -> Result<Move, MoveParseError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(MoveParseError::new(text, MoveParseReason::Empty));
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
            return Err(MoveParseError::new(text, MoveParseReason::NotMoveText));
        }
    }
    parse_japanese_move(pos, t, prev_to)
}

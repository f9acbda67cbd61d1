//! Move text for a move in its position: KIF (`７六歩(77)`, `同　歩(23)`, `５五角打`,
//! `２三桂不成(35)`), KI2 / human notation with the JSA modifiers (`５八金右`, `５二金直`,
//! `２二角成`), CSA (`+7776FU`) and USI (`7g7f`). Parsing the other way is in
//! [`super::parse_move`].

use super::names::{ColorMark, FULLWIDTH_DIGITS, KANJI_DIGITS, PieceKindNames};
use crate::core::bitboard::attacks;
use crate::core::{Color, Move, PieceKind, Position, Square};

/// `同` plus the ideographic space, as KIF and KI2 write a move to the previous destination.
pub const SAME: &str = "同\u{3000}";

/// Destination text: `７六`, or `同　` when it equals the previous move's destination.
fn destination(to: Square, prev_to: Option<Square>) -> String {
    if prev_to == Some(to) {
        SAME.to_string()
    } else {
        format!("{}{}", FULLWIDTH_DIGITS[to.file() as usize], KANJI_DIGITS[to.rank() as usize])
    }
}

/// The destination of the last move played in `pos`, for `同`.
pub fn prev_to(pos: &Position) -> Option<Square> {
    pos.last_move().map(|m| m.to())
}

/// Whether a board move could have promoted but did not (the case for `不成`).
pub fn declined_promotion(pos: &Position, mv: Move) -> bool {
    if mv.is_drop() || mv.is_promotion() {
        return false;
    }
    let kind = pos.moved_kind(mv);
    let us = pos.side_to_move();
    kind.can_promote() && (mv.from().in_zone(us) || mv.to().in_zone(us))
}

/// KIF move text: `７六歩(77)`, `同　歩(23)`, `２二角成(88)`, `５五角打`, `２三桂不成(35)`.
pub fn kif_move(pos: &Position, mv: Move, prev_to: Option<Square>) -> String {
    let mut s = destination(mv.to(), prev_to);
    if let Some(k) = mv.drop_kind() {
        s.push_str(k.kanji());
        s.push('打');
        return s;
    }
    s.push_str(pos.moved_kind(mv).kanji());
    if mv.is_promotion() {
        s.push('成');
    } else if declined_promotion(pos, mv) {
        s.push_str("不成");
    }
    s.push_str(&format!("({}{})", mv.from().file(), mv.from().rank()));
    s
}

/// KIF move text with the ▲/△ mark for on-screen display: `▲７六歩(77)`.
pub fn kif_move_marked(pos: &Position, mv: Move, prev_to: Option<Square>) -> String {
    format!("{}{}", pos.side_to_move().mark(), kif_move(pos, mv, prev_to))
}

/// Relative position (右 左 直) of a KI2 move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Relative {
    Right,
    Left,
    Straight,
}

/// Movement (上 引 寄) of a KI2 move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Movement {
    Up,
    Down,
    Sideways,
}

impl Relative {
    pub fn kanji(self) -> char {
        match self {
            Relative::Right => '右',
            Relative::Left => '左',
            Relative::Straight => '直',
        }
    }
}

impl Movement {
    pub fn kanji(self) -> char {
        match self {
            Movement::Up => '上',
            Movement::Down => '引',
            Movement::Sideways => '寄',
        }
    }
}

/// The pieces of a KI2 move besides destination and piece.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Ki2Modifiers {
    pub relative: Option<Relative>,
    pub movement: Option<Movement>,
    /// `打` written (only when a board piece could also move there).
    pub drop: bool,
    /// `Some(true)` for `成`, `Some(false)` for `不成`, `None` when promotion was not possible.
    pub promote: Option<bool>,
}

/// (file, rank) as seen by `c`: sente's view for sente, rotated 180° for gote. Smaller file
/// is to the mover's right, smaller rank is forward.
pub(crate) fn relative_coords(sq: Square, c: Color) -> (i32, i32) {
    match c {
        Color::Black => (sq.file() as i32, sq.rank() as i32),
        Color::White => (10 - sq.file() as i32, 10 - sq.rank() as i32),
    }
}

/// The movement of a board move as seen by its mover.
pub(crate) fn movement_of(from: Square, to: Square, c: Color) -> Movement {
    let (_, fr) = relative_coords(from, c);
    let (_, tr) = relative_coords(to, c);
    if fr > tr {
        Movement::Up
    } else if fr < tr {
        Movement::Down
    } else {
        Movement::Sideways
    }
}

/// Whether a move is "straight forward" in the sense of 直.
pub(crate) fn is_straight(kind: PieceKind, from: Square, to: Square, c: Color) -> bool {
    (kind.is_gold_like() || kind == PieceKind::Silver)
        && from.file() == to.file()
        && movement_of(from, to, c) == Movement::Up
}

/// The other pieces of the same kind (and promoted state) that could also reach `to`
/// (by their movement, as a reader of the record sees it), the mover included.
pub(crate) fn same_kind_sources(pos: &Position, kind: PieceKind, to: Square) -> Vec<Square> {
    let us = pos.side_to_move();
    pos.pieces(us, kind).filter(|&sq| attacks(us, kind, sq, pos.occupied()).contains(to)).collect()
}

/// Among `squares`, whether `sq` is the unique rightmost (or leftmost) as seen by `c`.
fn unique_extreme(squares: &[Square], sq: Square, c: Color, right: bool) -> bool {
    let f = relative_coords(sq, c).0;
    squares.iter().filter(|&&o| o != sq).all(|&o| {
        let of = relative_coords(o, c).0;
        if right { f < of } else { f > of }
    })
}

/// The JSA modifiers of a move: the movement alone if it is unique, else the relative
/// position alone (直 for gold-likes and silver moving straight forward), else both.
pub fn ki2_modifiers(pos: &Position, mv: Move) -> Ki2Modifiers {
    let us = pos.side_to_move();
    let to = mv.to();
    let mut m = Ki2Modifiers::default();
    if let Some(k) = mv.drop_kind() {
        m.drop = pos.legal_moves().iter().any(|&o| !o.is_drop() && o.to() == to && pos.moved_kind(o) == k);
        return m;
    }
    let from = mv.from();
    let kind = pos.moved_kind(mv);
    if mv.is_promotion() {
        m.promote = Some(true);
    } else if declined_promotion(pos, mv) {
        m.promote = Some(false);
    }
    let sources = same_kind_sources(pos, kind, to);
    if sources.len() <= 1 || !sources.contains(&from) {
        return m;
    }
    let mov = movement_of(from, to, us);
    let same_mov: Vec<Square> = sources.iter().copied().filter(|&s| movement_of(s, to, us) == mov).collect();
    if same_mov.len() == 1 {
        m.movement = Some(mov);
        return m;
    }
    if is_straight(kind, from, to, us) {
        m.relative = Some(Relative::Straight);
        return m;
    }
    if unique_extreme(&sources, from, us, true) {
        m.relative = Some(Relative::Right);
        return m;
    }
    if unique_extreme(&sources, from, us, false) {
        m.relative = Some(Relative::Left);
        return m;
    }
    m.movement = Some(mov);
    if unique_extreme(&same_mov, from, us, true) {
        m.relative = Some(Relative::Right);
    } else if unique_extreme(&same_mov, from, us, false) {
        m.relative = Some(Relative::Left);
    }
    m
}

/// KI2 / human move text without the mark: `７六歩`, `同　歩`, `５八金右`, `５五角打`.
/// After `同` the ideographic space is written only when a single character follows
/// (`同　歩` but `同歩成`, `同成銀`), as Kakinoki and cshogi do to keep columns aligned.
pub fn ki2_move(pos: &Position, mv: Move, prev_to: Option<Square>) -> String {
    let same = prev_to == Some(mv.to());
    let mut s = if same { String::new() } else { destination(mv.to(), prev_to) };
    let m = ki2_modifiers(pos, mv);
    s.push_str(pos.moved_kind(mv).kanji());
    if let Some(r) = m.relative {
        s.push(r.kanji());
    }
    if let Some(v) = m.movement {
        s.push(v.kanji());
    }
    if m.drop {
        s.push('打');
    }
    match m.promote {
        Some(true) => s.push('成'),
        Some(false) => s.push_str("不成"),
        None => {}
    }
    if same { if s.chars().count() == 1 { format!("{SAME}{s}") } else { format!("同{s}") } } else { s }
}

/// KI2 move text with the mark: `▲７六歩`, `△同　歩`.
pub fn ki2_move_marked(pos: &Position, mv: Move, prev_to: Option<Square>) -> String {
    format!("{}{}", pos.side_to_move().mark(), ki2_move(pos, mv, prev_to))
}

/// CSA move text: `+7776FU`, `-0055KA`, `+8822UM` (the piece after the move).
pub fn csa_move(pos: &Position, mv: Move) -> String {
    let sign = if pos.side_to_move() == Color::Black { '+' } else { '-' };
    match mv.drop_kind() {
        Some(k) => format!("{sign}00{}{}{}", mv.to().file(), mv.to().rank(), k.csa()),
        None => {
            let k = pos.moved_kind(mv);
            let k = if mv.is_promotion() { k.promote() } else { k };
            format!(
                "{sign}{}{}{}{}{}",
                mv.from().file(),
                mv.from().rank(),
                mv.to().file(),
                mv.to().rank(),
                k.csa()
            )
        }
    }
}

/// USI move text (`7g7f`, `8h2b+`, `P*5e`).
pub fn usi_move(mv: Move) -> String {
    mv.usi()
}

/// The notations a move can be shown in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveStyle {
    /// `７六歩(77)`
    Kif,
    /// `▲７六歩(77)`
    KifMarked,
    /// `７六歩`
    Ki2,
    /// `▲７六歩`
    Ki2Marked,
    /// `+7776FU`
    Csa,
    /// `7g7f`
    Usi,
}

/// A move in a style, in its position (`pos` is the position before the move, with its
/// history so that `同` can be used).
pub fn move_text(pos: &Position, mv: Move, style: MoveStyle) -> String {
    let prev = prev_to(pos);
    match style {
        MoveStyle::Kif => kif_move(pos, mv, prev),
        MoveStyle::KifMarked => kif_move_marked(pos, mv, prev),
        MoveStyle::Ki2 => ki2_move(pos, mv, prev),
        MoveStyle::Ki2Marked => ki2_move_marked(pos, mv, prev),
        MoveStyle::Csa => csa_move(pos, mv),
        MoveStyle::Usi => mv.usi(),
    }
}

/// The text of every move on the path from the start to `node` (for a move list on screen).
pub fn line_text(
    record: &super::tree::GameRecord,
    node: super::tree::NodeId,
    style: MoveStyle,
) -> Vec<String> {
    let mut pos = record.initial().clone();
    let mut out = Vec::new();
    for m in record.moves_to(node) {
        out.push(move_text(&pos, m, style));
        pos.do_move(m);
    }
    out
}

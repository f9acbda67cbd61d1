//! The position editor (局面編集): a board and two hands edited freely (`core::Setup`), with
//! what is wrong with them always at hand, and the ways out: play a game from the position,
//! analyse it, solve it as a tsume, or cancel (the record shown before stays untouched).

use super::ctx::Ctx;
use crate::core::{Color, Piece, PieceKind, Position, Setup, SetupProblem, SetupUse, Square};
use crate::record::HANDICAPS;
use crate::tui::text::setup::SetupText;

/// Where the editor's cursor is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EditorSlot {
    Board(Square),
    /// A kind (index into `PieceKind::HAND_SFEN_ORDER`) in a side's hand.
    Hand(Color, usize),
}

/// The ways out of the editor, in the order of its menu.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EditorExit {
    /// A game from here (the new-game dialog chooses the players).
    Play,
    /// Analysis (検討) of the position.
    Analyse,
    /// Solve it as a tsume problem, the side to move attacking.
    Tsume,
    /// Back to editing.
    Resume,
    /// Leave the editor, nothing changed.
    Cancel,
}

impl EditorExit {
    pub const ALL: [EditorExit; 5] =
        [EditorExit::Play, EditorExit::Analyse, EditorExit::Tsume, EditorExit::Resume, EditorExit::Cancel];

    /// What the position is checked for on the way out (`None`: it is not used).
    pub(super) fn purpose(self) -> Option<SetupUse> {
        match self {
            EditorExit::Play => Some(SetupUse::Play),
            EditorExit::Analyse => Some(SetupUse::Analyse),
            EditorExit::Tsume => Some(SetupUse::Tsume),
            EditorExit::Resume | EditorExit::Cancel => None,
        }
    }

    /// Why a position with `problems` cannot be used this way, in the words of `t`.
    pub(super) fn refusal(self, problems: &[SetupProblem], t: &SetupText) -> String {
        let reasons: Vec<String> = problems.iter().map(|p| (t.problem)(p)).collect();
        (t.cannot_use)(t.exits[self as usize], &reasons.join(" / "))
    }
}

/// The positions the editor can start from: the handicaps (平手 first), then both kings alone,
/// then an empty board.
pub fn start_choices() -> usize {
    HANDICAPS.len() + 2
}

/// The position of start choice `i` (see [`start_choices`]).
fn start_setup(i: usize) -> Setup {
    if i < HANDICAPS.len() {
        return Setup::from_position(&HANDICAPS[i].position());
    }
    let mut s = Setup::empty();
    if i == HANDICAPS.len() {
        let sq = |f, r| Square::new(f, r).expect("on the board");
        s.set_piece(sq(5, 9), Piece::new(Color::Black, PieceKind::King));
        s.set_piece(sq(5, 1), Piece::new(Color::White, PieceKind::King));
    }
    s
}

/// The editor's state.
#[derive(Clone, Debug)]
pub struct Editor {
    setup: Setup,
    pub(super) slot: EditorSlot,
    /// The piece a left click on an empty square puts down (the last one placed).
    pen: Piece,
    /// The start position chosen last (index into the start choices), if any.
    start: Option<usize>,
    /// The exit menu is open, this row chosen.
    menu: Option<usize>,
}

impl Editor {
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn slot(&self) -> EditorSlot {
        self.slot
    }

    pub fn pen(&self) -> Piece {
        self.pen
    }

    /// The start position chosen last: `Some(i)` into the handicaps, then kings only, empty.
    pub fn start(&self) -> Option<usize> {
        self.start
    }

    /// The exit menu's chosen row, when it is open.
    pub fn menu(&self) -> Option<usize> {
        self.menu
    }

    /// Everything wrong with the position now.
    pub fn problems(&self) -> Vec<SetupProblem> {
        self.setup.problems()
    }
}

impl Editor {
    /// An editor on `pos`, its cursor on `cursor`.
    pub(super) fn new(pos: &Position, cursor: Square) -> Editor {
        let pen = Piece::new(Color::Black, PieceKind::Pawn);
        Editor {
            setup: Setup::from_position(pos),
            slot: EditorSlot::Board(cursor),
            pen,
            start: None,
            menu: None,
        }
    }

    /// Moves the cursor by screen direction over the board (turned round when the board is
    /// `flipped`); on a hand, left and right step through the kinds and up or down goes back to
    /// the board.
    pub fn move_cursor(&mut self, dx: i32, dy: i32, ctx: &mut Ctx) {
        self.slot = match self.slot {
            EditorSlot::Board(sq) => {
                let (df, dr) = if ctx.board.flipped { (dx, -dy) } else { (-dx, dy) };
                let f = (sq.file() as i32 + df).clamp(1, 9) as u8;
                let r = (sq.rank() as i32 + dr).clamp(1, 9) as u8;
                EditorSlot::Board(Square::new(f, r).expect("clamped to the board"))
            }
            EditorSlot::Hand(c, i) if dy == 0 => EditorSlot::Hand(
                c,
                (i as i32 + dx).rem_euclid(PieceKind::HAND_SFEN_ORDER.len() as i32) as usize,
            ),
            EditorSlot::Hand(c, _) => {
                let rank = if c == Color::Black { 9 } else { 1 };
                EditorSlot::Board(Square::new(5, rank).expect("on the board"))
            }
        }
    }

    /// Tab: the board, then ☗'s hand, then ☖'s hand.
    pub fn tab(&mut self) {
        self.slot = match self.slot {
            EditorSlot::Board(_) => EditorSlot::Hand(Color::Black, 0),
            EditorSlot::Hand(Color::Black, i) => EditorSlot::Hand(Color::White, i),
            EditorSlot::Hand(Color::White, _) => EditorSlot::Board(Square::new(5, 5).expect("5e")),
        }
    }

    /// A piece key: on the board, puts `kind` of `owner` on the square under the cursor; on a
    /// hand, adds one `kind` to that hand.
    pub fn place(&mut self, kind: PieceKind, owner: Color, ctx: &mut Ctx) {
        let mut refused = false;
        match self.slot {
            EditorSlot::Board(sq) => {
                self.pen = Piece::new(owner, kind);
                self.setup.set_piece(sq, self.pen);
            }
            EditorSlot::Hand(c, _) => {
                refused = !self.setup.add_to_hand(c, kind);
                if let Some(i) = PieceKind::HAND_SFEN_ORDER.iter().position(|&k| k == kind.unpromote()) {
                    self.slot = EditorSlot::Hand(c, i);
                }
            }
        }
        note_hand_refusal(refused, ctx);
    }

    /// Removes the piece under the cursor (to the box), or one piece from the hand slot.
    pub fn remove(&mut self, ctx: &mut Ctx) {
        match self.slot {
            EditorSlot::Board(sq) => self.setup.set_piece(sq, Piece::EMPTY),
            EditorSlot::Hand(c, i) => {
                self.setup.take_from_hand(c, PieceKind::HAND_SFEN_ORDER[i]);
            }
        }
        ctx.status.clear();
    }

    /// One more (`delta` 1) or one fewer (-1) of the hand slot's kind; on the board, -1 removes
    /// the piece.
    pub fn add(&mut self, delta: i32, ctx: &mut Ctx) {
        let mut refused = false;
        match self.slot {
            EditorSlot::Hand(c, i) if delta > 0 => {
                refused = !self.setup.add_to_hand(c, PieceKind::HAND_SFEN_ORDER[i])
            }
            EditorSlot::Hand(c, i) => refused = !self.setup.take_from_hand(c, PieceKind::HAND_SFEN_ORDER[i]),
            EditorSlot::Board(sq) if delta < 0 => self.setup.set_piece(sq, Piece::EMPTY),
            EditorSlot::Board(_) => {}
        }
        note_hand_refusal(refused, ctx);
    }

    /// Gives the piece under the cursor to the other side; on a hand, moves one piece of the
    /// slot's kind to the other hand.
    pub fn flip_owner(&mut self) {
        match self.slot {
            EditorSlot::Board(sq) => {
                let p = self.setup.piece_at(sq);
                if let Some(k) = p.kind() {
                    self.setup.set_piece(sq, Piece::new(p.color().flip(), k));
                }
            }
            EditorSlot::Hand(c, i) => {
                if self.setup.take_from_hand(c, PieceKind::HAND_SFEN_ORDER[i]) {
                    self.setup.add_to_hand(c.flip(), PieceKind::HAND_SFEN_ORDER[i]);
                }
            }
        }
    }

    /// Promotes the piece under the cursor, or turns a promoted one back.
    pub fn promote(&mut self) {
        if let EditorSlot::Board(sq) = self.slot {
            let p = self.setup.piece_at(sq);
            let turned = match p.kind() {
                Some(k) if k.is_promoted() => Some(k.unpromote()),
                Some(k) if k.can_promote() => Some(k.promote()),
                _ => None,
            };
            if let Some(k) = turned {
                self.setup.set_piece(sq, Piece::new(p.color(), k));
            }
        }
    }

    /// Gives the move to the other side.
    pub fn toggle_side(&mut self) {
        self.setup.side = self.setup.side.flip();
    }

    /// Starts over from the next (`delta` 1) or previous (-1) start position: 平手, each
    /// handicap, both kings alone, an empty board.
    pub fn cycle_start(&mut self, delta: i32) {
        let n = start_choices() as i32;
        let i = match self.start {
            Some(i) => (i as i32 + delta).rem_euclid(n) as usize,
            None if delta > 0 => 0,
            None => n as usize - 1,
        };
        self.start = Some(i);
        self.setup = start_setup(i);
    }

    /// Puts every piece left in the box into the hand of the side not to move (the tsume
    /// convention: the defender holds the rest).
    pub fn box_to_defender(&mut self) {
        self.setup.box_to_hand(self.setup.side.flip());
    }

    /// A left click on a square: an empty square gets the last piece placed; an occupied one
    /// takes the cursor (a second click on it turns it over to the other side). A right click
    /// empties the square.
    pub fn click(&mut self, sq: Square, right: bool, ctx: &mut Ctx) {
        let here = self.setup.piece_at(sq);
        let again = self.slot == EditorSlot::Board(sq);
        self.slot = EditorSlot::Board(sq);
        if right {
            self.remove(ctx);
        } else if here.is_empty() {
            self.place(self.pen.kind_unchecked(), self.pen.color(), ctx);
        } else if again {
            self.flip_owner();
        }
    }

    /// A click on a hand slot: left adds one of its kind, right takes one away.
    pub fn click_hand(&mut self, owner: Color, i: usize, right: bool, ctx: &mut Ctx) {
        self.slot = EditorSlot::Hand(owner, i);
        self.add(if right { -1 } else { 1 }, ctx);
    }

    /// Enter: opens the menu of ways out.
    pub fn open_menu(&mut self) {
        self.menu = Some(0);
    }

    /// Moves the menu's choice up or down.
    pub fn menu_step(&mut self, delta: i32) {
        let n = EditorExit::ALL.len() as i32;
        self.menu = self.menu.map(|i| (i as i32 + delta).rem_euclid(n) as usize);
    }

    /// Closes the menu; the position as it stands.
    pub(super) fn close_menu(&mut self) -> Setup {
        self.menu = None;
        self.setup.clone()
    }

    /// The position to start a game from (`None` when it is not fit for one).
    pub(super) fn game_start(&self) -> Option<Position> {
        self.setup.position(SetupUse::Play).ok()
    }
}

/// Says that a hand could not take the piece, or nothing.
fn note_hand_refusal(refused: bool, ctx: &mut Ctx) {
    ctx.status.set(if refused { ctx.setup_text().hand_refused.into() } else { String::new() });
}

//! The position editor (局面編集): a board and two hands edited freely (`core::Setup`), with
//! what is wrong with them always at hand, and the ways out: play a game from the position,
//! analyse it, solve it as a tsume, or cancel (the record shown before stays untouched).

use super::{App, Mode, Popup};
use crate::core::{Color, Piece, PieceKind, Position, Setup, SetupProblem, SetupUse, Square};
use crate::record::{GameRecord, HANDICAPS};

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

impl App {
    /// The editor's and tsume mode's text in the chosen language.
    pub fn setup_text(&self) -> &'static crate::tui::text::setup::SetupText {
        crate::tui::text::setup::SetupText::of(self.settings.language)
    }

    /// Opens the editor on the position shown.
    pub fn open_editor(&mut self) {
        let slot = EditorSlot::Board(self.board.cursor);
        let pen = Piece::new(Color::Black, PieceKind::Pawn);
        let editor = Editor { setup: Setup::from_position(self.pos()), slot, pen, start: None, menu: None };
        self.leave_tsume();
        self.quit_learn();
        self.mode = Mode::Editor(Box::new(editor));
        self.board.selection = None;
        self.status.set(self.setup_text().editor_opened.into());
    }

    fn edit(&mut self, change: impl FnOnce(&mut Editor)) {
        if let Some(e) = self.editor_mut() {
            change(e);
        }
    }

    /// Moves the cursor by screen direction over the board; on a hand, left and right step
    /// through the kinds and up or down goes back to the board.
    pub fn editor_move(&mut self, dx: i32, dy: i32) {
        let flipped = self.board.flipped;
        self.edit(|e| {
            e.slot = match e.slot {
                EditorSlot::Board(sq) => {
                    let (df, dr) = if flipped { (dx, -dy) } else { (-dx, dy) };
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
        });
    }

    /// Tab: the board, then ☗'s hand, then ☖'s hand.
    pub fn editor_tab(&mut self) {
        self.edit(|e| {
            e.slot = match e.slot {
                EditorSlot::Board(_) => EditorSlot::Hand(Color::Black, 0),
                EditorSlot::Hand(Color::Black, i) => EditorSlot::Hand(Color::White, i),
                EditorSlot::Hand(Color::White, _) => EditorSlot::Board(Square::new(5, 5).expect("5e")),
            }
        });
    }

    /// A piece key: on the board, puts `kind` of `owner` on the square under the cursor; on a
    /// hand, adds one `kind` to that hand.
    pub fn editor_place(&mut self, kind: PieceKind, owner: Color) {
        let mut refused = false;
        self.edit(|e| match e.slot {
            EditorSlot::Board(sq) => {
                e.pen = Piece::new(owner, kind);
                e.setup.set_piece(sq, e.pen);
            }
            EditorSlot::Hand(c, _) => {
                refused = !e.setup.add_to_hand(c, kind);
                if let Some(i) = PieceKind::HAND_SFEN_ORDER.iter().position(|&k| k == kind.unpromote()) {
                    e.slot = EditorSlot::Hand(c, i);
                }
            }
        });
        self.note_hand_refusal(refused);
    }

    fn note_hand_refusal(&mut self, refused: bool) {
        self.status.set(if refused { self.setup_text().hand_refused.into() } else { String::new() });
    }

    /// Removes the piece under the cursor (to the box), or one piece from the hand slot.
    pub fn editor_remove(&mut self) {
        self.edit(|e| match e.slot {
            EditorSlot::Board(sq) => e.setup.set_piece(sq, Piece::EMPTY),
            EditorSlot::Hand(c, i) => {
                e.setup.take_from_hand(c, PieceKind::HAND_SFEN_ORDER[i]);
            }
        });
        self.status.clear();
    }

    /// One more (`delta` 1) or one fewer (-1) of the hand slot's kind; on the board, -1 removes
    /// the piece.
    pub fn editor_add(&mut self, delta: i32) {
        let mut refused = false;
        self.edit(|e| match e.slot {
            EditorSlot::Hand(c, i) if delta > 0 => {
                refused = !e.setup.add_to_hand(c, PieceKind::HAND_SFEN_ORDER[i])
            }
            EditorSlot::Hand(c, i) => refused = !e.setup.take_from_hand(c, PieceKind::HAND_SFEN_ORDER[i]),
            EditorSlot::Board(sq) if delta < 0 => e.setup.set_piece(sq, Piece::EMPTY),
            EditorSlot::Board(_) => {}
        });
        self.note_hand_refusal(refused);
    }

    /// Gives the piece under the cursor to the other side; on a hand, moves one piece of the
    /// slot's kind to the other hand.
    pub fn editor_flip_owner(&mut self) {
        self.edit(|e| match e.slot {
            EditorSlot::Board(sq) => {
                let p = e.setup.piece_at(sq);
                if let Some(k) = p.kind() {
                    e.setup.set_piece(sq, Piece::new(p.color().flip(), k));
                }
            }
            EditorSlot::Hand(c, i) => {
                if e.setup.take_from_hand(c, PieceKind::HAND_SFEN_ORDER[i]) {
                    e.setup.add_to_hand(c.flip(), PieceKind::HAND_SFEN_ORDER[i]);
                }
            }
        });
    }

    /// Promotes the piece under the cursor, or turns a promoted one back.
    pub fn editor_promote(&mut self) {
        self.edit(|e| {
            if let EditorSlot::Board(sq) = e.slot {
                let p = e.setup.piece_at(sq);
                let turned = match p.kind() {
                    Some(k) if k.is_promoted() => Some(k.unpromote()),
                    Some(k) if k.can_promote() => Some(k.promote()),
                    _ => None,
                };
                if let Some(k) = turned {
                    e.setup.set_piece(sq, Piece::new(p.color(), k));
                }
            }
        });
    }

    /// Gives the move to the other side.
    pub fn editor_toggle_side(&mut self) {
        self.edit(|e| e.setup.side = e.setup.side.flip());
    }

    /// Starts over from the next (`delta` 1) or previous (-1) start position: 平手, each
    /// handicap, both kings alone, an empty board.
    pub fn editor_cycle_start(&mut self, delta: i32) {
        let n = start_choices() as i32;
        self.edit(|e| {
            let i = match e.start {
                Some(i) => (i as i32 + delta).rem_euclid(n) as usize,
                None if delta > 0 => 0,
                None => n as usize - 1,
            };
            e.start = Some(i);
            e.setup = start_setup(i);
        });
    }

    /// Puts every piece left in the box into the hand of the side not to move (the tsume
    /// convention: the defender holds the rest).
    pub fn editor_box_to_defender(&mut self) {
        self.edit(|e| e.setup.box_to_hand(e.setup.side.flip()));
    }

    /// A left click on a square: an empty square gets the last piece placed; an occupied one
    /// takes the cursor (a second click on it turns it over to the other side). A right click
    /// empties the square.
    pub fn editor_click(&mut self, sq: Square, right: bool) {
        let Some(e) = self.editor() else { return };
        let here = e.setup.piece_at(sq);
        let again = e.slot == EditorSlot::Board(sq);
        let pen = e.pen;
        self.edit(|e| e.slot = EditorSlot::Board(sq));
        if right {
            self.editor_remove();
        } else if here.is_empty() {
            self.editor_place(pen.kind_unchecked(), pen.color());
        } else if again {
            self.editor_flip_owner();
        }
    }

    /// A click on a hand slot: left adds one of its kind, right takes one away.
    pub fn editor_click_hand(&mut self, owner: Color, i: usize, right: bool) {
        self.edit(|e| e.slot = EditorSlot::Hand(owner, i));
        self.editor_add(if right { -1 } else { 1 });
    }

    /// Enter: opens the menu of ways out.
    pub fn editor_open_menu(&mut self) {
        self.edit(|e| e.menu = Some(0));
    }

    /// Moves the menu's choice up or down.
    pub fn editor_menu_step(&mut self, delta: i32) {
        let n = EditorExit::ALL.len() as i32;
        self.edit(|e| e.menu = e.menu.map(|i| (i as i32 + delta).rem_euclid(n) as usize));
    }

    /// Takes the menu's chosen way out.
    pub fn editor_menu_confirm(&mut self) {
        if let Some(i) = self.editor().and_then(|e| e.menu) {
            self.editor_exit(EditorExit::ALL[i]);
        }
    }

    /// Leaves the editor the way `exit` says; a position not fit for the way stays in the
    /// editor with the reasons shown.
    pub fn editor_exit(&mut self, exit: EditorExit) {
        let Some(e) = self.editor_mut() else { return };
        e.menu = None;
        let setup = e.setup.clone();
        let purpose = match exit {
            EditorExit::Resume => return,
            EditorExit::Cancel => {
                self.leave_to_board();
                self.status.set(self.setup_text().editor_cancelled.into());
                return;
            }
            EditorExit::Play => SetupUse::Play,
            EditorExit::Analyse => SetupUse::Analyse,
            EditorExit::Tsume => SetupUse::Tsume,
        };
        let pos = match setup.position(purpose) {
            Ok(pos) => pos,
            Err(problems) => {
                let t = self.setup_text();
                let reasons: Vec<String> = problems.iter().map(|p| (t.problem)(p)).collect();
                self.status.set((t.cannot_use)(t.exits[exit as usize], &reasons.join(" / ")));
                return;
            }
        };
        match exit {
            EditorExit::Play => {
                // the dialog's choice starts the game from the editor's position
                self.open_popup(Popup::NewGame(self.last_choice()));
            }
            EditorExit::Analyse => {
                self.leave_to_board();
                self.replace_record(GameRecord::new(pos));
                self.saving.dirty = true;
                if !self.analysing() {
                    self.toggle_analysis();
                }
            }
            EditorExit::Tsume => {
                let mut setup = setup;
                setup.box_to_hand(setup.side.flip());
                let pos = setup.position(SetupUse::Tsume).unwrap_or(pos);
                self.leave_to_board();
                let title = self.setup_text().edited_position.to_string();
                self.start_tsume(pos, title, None);
            }
            EditorExit::Resume | EditorExit::Cancel => {}
        }
    }

    /// The editor's position for a game about to start from the new-game dialog (the editor
    /// closes), or `None` when the editor is not open.
    pub(super) fn take_editor_start(&mut self) -> Option<Position> {
        match self.leave_to_board() {
            Mode::Editor(e) => e.setup.position(SetupUse::Play).ok(),
            other => {
                self.mode = other;
                None
            }
        }
    }
}

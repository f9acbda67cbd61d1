//! The board cursor and the piece in hand: moving the cursor, picking a piece up (from the
//! board or from the hand) and putting it down, which becomes a move.

use super::{App, Popup};
use crate::core::{IllegalMove, Move, PieceKind, Square};
use crate::record::PieceKindNames;
use crate::record::explain::describe;

/// Where the keyboard cursor is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Focus {
    Board,
    /// A slot of the side to move's hand (index into `PieceKind::HAND_SFEN_ORDER`).
    Hand(usize),
}

/// What the player has picked up.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Selection {
    Square(Square),
    Hand(PieceKind),
}

/// The board page as the player handles and sees it.
#[derive(Debug)]
pub(super) struct BoardView {
    pub(super) cursor: Square,
    pub(super) focus: Focus,
    /// A piece picked up (from the board or in hand).
    pub(super) selection: Option<Selection>,
    /// ☖ is shown at the bottom.
    pub(super) flipped: bool,
    /// The record panel scrolled by hand: its first line, while the game stays at that node.
    pub(super) record_scroll: Option<(crate::record::NodeId, usize)>,
    /// The record panel shows each move's time.
    pub(super) show_times: bool,
    /// The colours the terminal shows (from its environment at launch).
    pub(super) color_depth: crate::tui::color_depth::ColorDepth,
}

impl Default for BoardView {
    fn default() -> Self {
        BoardView {
            cursor: Square::new(7, 7).expect("7g is on the board"),
            focus: Focus::Board,
            selection: None,
            flipped: false,
            record_scroll: None,
            show_times: false,
            color_depth: Default::default(),
        }
    }
}

impl App {
    /// Moves the board cursor by screen direction (dx right, dy down), honouring the flip.
    pub fn move_cursor(&mut self, dx: i32, dy: i32) {
        match self.board.focus {
            Focus::Board => {
                let (df, dr) = if self.board.flipped { (dx, -dy) } else { (-dx, dy) };
                let f = (self.board.cursor.file() as i32 + df).clamp(1, 9) as u8;
                let r = (self.board.cursor.rank() as i32 + dr).clamp(1, 9) as u8;
                self.board.cursor = Square::new(f, r).expect("clamped to the board");
            }
            Focus::Hand(i) => {
                // step to the next held kind in that direction
                let hand = *self.pos().hand(self.pos().side_to_move());
                let held: Vec<usize> = (0..PieceKind::HAND_SFEN_ORDER.len())
                    .filter(|&j| hand.count(PieceKind::HAND_SFEN_ORDER[j]) > 0)
                    .collect();
                if dy != 0 || held.is_empty() {
                    self.board.focus = Focus::Board;
                    return;
                }
                let at = held.iter().position(|&j| j == i).unwrap_or(0) as i32;
                let next = (at + dx).rem_euclid(held.len() as i32) as usize;
                self.board.focus = Focus::Hand(held[next]);
            }
        }
    }

    /// Tab: switch between the board and the side to move's hand.
    pub fn toggle_hand_focus(&mut self) {
        self.board.focus = match self.board.focus {
            Focus::Board => {
                let hand = self.pos().hand(self.pos().side_to_move());
                match PieceKind::HAND_SFEN_ORDER.iter().position(|&k| hand.count(k) > 0) {
                    Some(first) => Focus::Hand(first),
                    None => {
                        self.status.set(self.text().no_pieces_in_hand.into());
                        Focus::Board
                    }
                }
            }
            Focus::Hand(_) => Focus::Board,
        };
    }

    /// Esc on the board: put the piece back and return the cursor to the board.
    pub fn cancel_selection(&mut self) {
        self.board.selection = None;
        self.board.focus = Focus::Board;
    }

    /// Enter / click on the square under the cursor (or the hand slot in focus).
    pub fn activate(&mut self) {
        if let Focus::Hand(i) = self.board.focus {
            let kind = PieceKind::HAND_SFEN_ORDER[i];
            let side = self.pos().side_to_move();
            if self.pos().hand(side).count(kind) == 0 {
                self.status.set((self.text().none_in_hand)(kind.kanji()));
                return;
            }
            self.board.selection = Some(Selection::Hand(kind));
            self.board.focus = Focus::Board;
            self.status.set((self.text().choose_drop_square)(kind.kanji()));
            return;
        }
        self.click_square(self.board.cursor);
    }

    /// A click on slot `i` (into `PieceKind::HAND_SFEN_ORDER`) of the side to move's hand: picks that piece up.
    pub fn click_hand_slot(&mut self, i: usize) {
        self.board.focus = Focus::Hand(i);
        self.activate();
    }

    /// Picks up a piece, or puts the picked-up piece down on `sq`.
    pub fn click_square(&mut self, sq: Square) {
        self.board.focus = Focus::Board;
        self.board.cursor = sq;
        if !self.human_to_move() {
            self.status.set(if self.status().is_over() {
                "the game is over".into()
            } else {
                "wait: the engine is to move".into()
            });
            return;
        }
        let side = self.pos().side_to_move();
        let here = self.pos().piece_at(sq);
        match self.board.selection {
            Some(Selection::Square(from)) if from == sq => {
                self.board.selection = None;
            }
            Some(Selection::Square(_)) if !here.is_empty() && here.color() == side => {
                self.board.selection = Some(Selection::Square(sq));
            }
            Some(Selection::Square(from)) => self.try_board_move(from, sq),
            Some(Selection::Hand(kind)) => {
                self.board.selection = None;
                self.submit_move(Move::drop(kind, sq));
            }
            None => {
                if !here.is_empty() && here.color() == side {
                    self.board.selection = Some(Selection::Square(sq));
                    self.status.clear();
                } else {
                    self.status.set(self.text().select_own_piece.into());
                }
            }
        }
    }

    fn try_board_move(&mut self, from: Square, to: Square) {
        let pos = self.pos();
        let plain = Move::board(from, to, false);
        let promo = Move::board(from, to, true);
        let (p, n) = (pos.is_legal(promo), pos.is_legal(plain));
        self.board.selection = None;
        match (p, n) {
            (true, true) => self.open_popup(Popup::Promotion { from, to }),
            (true, false) => {
                self.submit_move(promo);
            }
            (false, true) => {
                self.submit_move(plain);
            }
            (false, false) => {
                // a piece that must promote is refused for what stops the promoting move
                let why = match self.pos().why_illegal(plain) {
                    Err(IllegalMove::MustPromote { .. }) => self.pos().why_illegal(promo),
                    other => other,
                };
                if let Err(why) = why {
                    self.status.set(describe(&why, self.explain_lang()));
                }
            }
        }
    }

    /// Squares the selected piece can move or drop to (for highlighting).
    pub fn destinations(&self) -> Vec<Square> {
        let Some(sel) = self.board.selection else { return vec![] };
        self.pos()
            .legal_moves()
            .iter()
            .filter(|m| match sel {
                Selection::Square(from) => !m.is_drop() && m.from() == from,
                Selection::Hand(k) => m.drop_kind() == Some(k),
            })
            .map(|m| m.to())
            .collect()
    }
}

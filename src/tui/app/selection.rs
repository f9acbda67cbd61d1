//! The board cursor and the piece in hand: moving the cursor, picking a piece up (from the
//! board or from the hand) and putting it down, which becomes a move (handed back as a
//! [`Put`] for `App` to play or ask about).

use super::board_view::{BoardView, Focus, Selection};
use super::ctx::Ctx;
use crate::core::{IllegalMove, Move, PieceKind, Position, Square};
use crate::record::PieceKindNames;
use crate::record::explain::describe;

/// What a click or Enter on the board asks of the app beyond the board view: a move to play
/// through the usual path, or the promotion question.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Put {
    Move(Move),
    AskPromotion { from: Square, to: Square },
}

impl BoardView {
    /// Moves the board cursor by screen direction (dx right, dy down), honouring the flip; in
    /// the hand, steps to the next kind of `pos`'s side to move held in that direction.
    pub(super) fn move_cursor(&mut self, dx: i32, dy: i32, pos: &Position) {
        match self.focus {
            Focus::Board => {
                let (df, dr) = if self.flipped { (dx, -dy) } else { (-dx, dy) };
                let f = (self.cursor.file() as i32 + df).clamp(1, 9) as u8;
                let r = (self.cursor.rank() as i32 + dr).clamp(1, 9) as u8;
                self.cursor = Square::new(f, r).expect("clamped to the board");
            }
            Focus::Hand(i) => {
                // step to the next held kind in that direction
                let hand = *pos.hand(pos.side_to_move());
                let held: Vec<usize> = (0..PieceKind::HAND_SFEN_ORDER.len())
                    .filter(|&j| hand.count(PieceKind::HAND_SFEN_ORDER[j]) > 0)
                    .collect();
                if dy != 0 || held.is_empty() {
                    self.focus = Focus::Board;
                    return;
                }
                let at = held.iter().position(|&j| j == i).unwrap_or(0) as i32;
                let next = (at + dx).rem_euclid(held.len() as i32) as usize;
                self.focus = Focus::Hand(held[next]);
            }
        }
    }

    /// Esc on the board: put the piece back and return the cursor to the board.
    pub(super) fn cancel_selection(&mut self) {
        self.selection = None;
        self.focus = Focus::Board;
    }

    /// Squares the selected piece can move or drop to in `pos` (for highlighting).
    pub(super) fn destinations(&self, pos: &Position) -> Vec<Square> {
        let Some(sel) = self.selection else { return vec![] };
        pos.legal_moves()
            .iter()
            .filter(|m| match sel {
                Selection::Square(from) => !m.is_drop() && m.from() == from,
                Selection::Hand(k) => m.drop_kind() == Some(k),
            })
            .map(|m| m.to())
            .collect()
    }
}

/// Tab: switch between the board and the side to move's hand.
pub(super) fn toggle_hand_focus(ctx: &mut Ctx) {
    ctx.board.focus = match ctx.board.focus {
        Focus::Board => {
            let pos = ctx.game.position();
            let hand = pos.hand(pos.side_to_move());
            match PieceKind::HAND_SFEN_ORDER.iter().position(|&k| hand.count(k) > 0) {
                Some(first) => Focus::Hand(first),
                None => {
                    ctx.status.set(ctx.text().no_pieces_in_hand.into());
                    Focus::Board
                }
            }
        }
        Focus::Hand(_) => Focus::Board,
    };
}

/// Enter / click on the square under the cursor (or the hand slot in focus). `mover` says
/// whether a person is to move here (`Err(over)`: nobody, the game being over or not).
pub(super) fn activate(ctx: &mut Ctx, mover: Result<(), bool>) -> Option<Put> {
    if let Focus::Hand(i) = ctx.board.focus {
        let kind = PieceKind::HAND_SFEN_ORDER[i];
        let pos = ctx.game.position();
        if pos.hand(pos.side_to_move()).count(kind) == 0 {
            ctx.status.set((ctx.text().none_in_hand)(kind.kanji()));
            return None;
        }
        ctx.board.selection = Some(Selection::Hand(kind));
        ctx.board.focus = Focus::Board;
        ctx.status.set((ctx.text().choose_drop_square)(kind.kanji()));
        return None;
    }
    let sq = ctx.board.cursor;
    click_square(ctx, sq, mover)
}

/// Picks up a piece, or puts the picked-up piece down on `sq` (see [`activate`] for `mover`).
pub(super) fn click_square(ctx: &mut Ctx, sq: Square, mover: Result<(), bool>) -> Option<Put> {
    ctx.board.focus = Focus::Board;
    ctx.board.cursor = sq;
    if let Err(over) = mover {
        let review = ctx.text().review;
        ctx.status.set(if over { review.game_is_over } else { review.computer_to_move }.into());
        return None;
    }
    let pos = ctx.game.position();
    let side = pos.side_to_move();
    let here = pos.piece_at(sq);
    match ctx.board.selection {
        Some(Selection::Square(from)) if from == sq => {
            ctx.board.selection = None;
        }
        Some(Selection::Square(_)) if !here.is_empty() && here.color() == side => {
            ctx.board.selection = Some(Selection::Square(sq));
        }
        Some(Selection::Square(from)) => return board_move(ctx, from, sq),
        Some(Selection::Hand(kind)) => {
            ctx.board.selection = None;
            return Some(Put::Move(Move::drop(kind, sq)));
        }
        None => {
            if !here.is_empty() && here.color() == side {
                ctx.board.selection = Some(Selection::Square(sq));
                ctx.status.clear();
            } else {
                ctx.status.set(ctx.text().select_own_piece.into());
            }
        }
    }
    None
}

/// The piece picked up on `from` put down on `to`: the move, the promotion question when both
/// are legal, or nothing with the reason the move is refused.
fn board_move(ctx: &mut Ctx, from: Square, to: Square) -> Option<Put> {
    let pos = ctx.game.position();
    let plain = Move::board(from, to, false);
    let promo = Move::board(from, to, true);
    ctx.board.selection = None;
    match (pos.is_legal(promo), pos.is_legal(plain)) {
        (true, true) => Some(Put::AskPromotion { from, to }),
        (true, false) => Some(Put::Move(promo)),
        (false, true) => Some(Put::Move(plain)),
        (false, false) => {
            // a piece that must promote is refused for what stops the promoting move
            let why = match pos.why_illegal(plain) {
                Err(IllegalMove::MustPromote { .. }) => pos.why_illegal(promo),
                other => other,
            };
            if let Err(why) = why {
                ctx.status.set(describe(&why, ctx.settings.language));
            }
            None
        }
    }
}

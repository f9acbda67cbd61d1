//! Fully legal move generation.
//!
//! The generator never emits a move that leaves the mover's king attacked, so callers need no
//! filter: pinned pieces are restricted to the line through their king, king moves are tested
//! against the enemy's attacks with the king lifted off the board (so it cannot step back along
//! a checking slider's line), in check only evasions are produced (capture the checker, king
//! move, interposition by move or drop; king moves only in double check), and pawn drops are
//! tested for nifu, dead ranks and uchifuzume (with the defender's pins taken into account).
//!
//! Unpromoted pawn, bishop and rook moves are generated wherever legal (they count in perft);
//! `MoveList::retain` lets the engine drop them if it wants.

use super::bitboard::*;
use super::check_targets::CheckTargets;
use super::position::{NO_SQUARE, Position};
use super::types::*;

/// More than the most legal moves any shogi position has (593).
pub const MAX_MOVES: usize = 600;

/// A fixed-capacity list of moves (no allocation). The storage is left uninitialised until
/// written (a list is made at every search node, and zeroing 1.2 kB each time showed in profiles);
/// only the first `len` entries are ever read.
pub struct MoveList {
    moves: [std::mem::MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl Clone for MoveList {
    fn clone(&self) -> Self {
        let mut l = MoveList::new();
        for &m in self.as_slice() {
            l.push(m);
        }
        l
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl MoveList {
    #[inline]
    pub fn new() -> MoveList {
        MoveList { moves: [const { std::mem::MaybeUninit::uninit() }; MAX_MOVES], len: 0 }
    }

    #[inline]
    pub fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES);
        // SAFETY-free bound: the maximum number of legal moves is 593 < MAX_MOVES.
        if self.len < MAX_MOVES {
            self.moves[self.len] = std::mem::MaybeUninit::new(m);
            self.len += 1;
        }
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: entries 0..len were written by `push`/`retain` (MaybeUninit<Move> has the
        // layout of Move).
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr() as *const Move, self.len) }
    }

    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        // SAFETY: as in `as_slice`.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr() as *mut Move, self.len) }
    }

    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    pub fn retain(&mut self, mut f: impl FnMut(Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            let m = self.as_slice()[i];
            if f(m) {
                self.moves[j] = std::mem::MaybeUninit::new(m);
                j += 1;
            }
        }
        self.len = j;
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// The order in which drops are generated, by kind (pawns first: they have their own rules).
const DROP_ORDER: [PieceKind; 7] = [
    PieceKind::Pawn,
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::Silver,
    PieceKind::Gold,
    PieceKind::Bishop,
    PieceKind::Rook,
];

/// Whether `m` is no move at all: the null move, bit 15 set (never in a real move) or a
/// destination off the board.
pub(crate) fn is_malformed(m: Move) -> bool {
    m.is_none() || m.bits() & 0x8000 != 0 || m.to().index() >= 81
}

/// Pushes the promotion options for a board move of `kind` from `from` to `to`.
#[inline(always)]
fn push_with_promotions(list: &mut MoveList, us: Color, kind: PieceKind, from: Square, to: Square) {
    if kind.can_promote() && (to.in_zone(us) || from.in_zone(us)) {
        list.push(Move::board(from, to, true));
        if !dead_ranks(us, kind).contains(to) {
            list.push(Move::board(from, to, false));
        }
    } else {
        list.push(Move::board(from, to, false));
    }
}

impl Position {
    /// All legal moves of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    /// Appends all legal moves of the side to move to `list`.
    pub fn generate_legal(&self, list: &mut MoveList) {
        let us = self.side;
        let ksq = self.king_sq[us.index()];
        let occ = self.occupied();
        let own = self.by_color[us.index()];
        if self.checkers.is_empty() {
            let pinned = self.pinned_with(us, occ);
            self.gen_board_moves(list, !own, pinned);
            if ksq != NO_SQUARE {
                self.gen_king_moves(list, ksq, !own);
            }
            self.gen_drops(list, !occ);
        } else {
            self.generate_evasions(list);
        }
    }

    /// Appends the legal moves out of check (the side to move must be in check).
    pub fn generate_evasions(&self, list: &mut MoveList) {
        let us = self.side;
        let ksq = self.king_sq[us.index()];
        let own = self.by_color[us.index()];
        self.gen_king_moves(list, ksq, !own);
        if self.checkers.more_than_one() {
            return;
        }
        let checker = self.checkers.lsb();
        let block = between(ksq, checker);
        // Target first: few squares (the checker and the squares between), so the pieces that
        // reach them are found from the squares. A pinned piece can never answer a check.
        let movable = own & !self.pinned(us) & !Bitboard::from_square(ksq);
        let occ = self.occupied();
        for to in block | self.checkers {
            for from in self.attackers_to(us, to, occ) & movable {
                push_with_promotions(list, us, self.board[from.index()].kind_unchecked(), from, to);
            }
        }
        if block.any() {
            self.gen_drops(list, block);
        }
    }

    /// Legal captures and promotions (the quiescence-search moves): every capture (promoting or
    /// not, where both are legal) and every promotion onto an empty square; no drops.
    pub fn generate_captures(&self, list: &mut MoveList) {
        let us = self.side;
        let enemy = self.by_color[us.flip().index()];
        if self.checkers.any() {
            let mut all = MoveList::new();
            self.generate_evasions(&mut all);
            for &m in all.iter() {
                if m.is_promotion() || (!m.is_drop() && enemy.contains(m.to())) {
                    list.push(m);
                }
            }
            return;
        }
        let pinned = self.pinned(us);
        self.gen_board_moves(list, enemy, pinned);
        let ksq = self.king_sq[us.index()];
        if ksq != NO_SQUARE {
            self.gen_king_moves(list, ksq, enemy);
        }
        // Promotions onto empty squares.
        let mut quiet = MoveList::new();
        let empty = !self.occupied();
        self.gen_board_moves(&mut quiet, empty, pinned);
        for &m in quiet.iter() {
            if m.is_promotion() {
                list.push(m);
            }
        }
    }

    /// Legal moves onto empty squares (both promotion choices where both are legal) and drops:
    /// with the captures and promotions of `generate_captures`-style generators, a staged search
    /// sees every legal move. The side to move must not be in check.
    pub fn generate_non_captures(&self, list: &mut MoveList) {
        debug_assert!(self.checkers.is_empty());
        let us = self.side;
        let empty = !self.occupied();
        self.gen_board_moves(list, empty, self.pinned(us));
        let ksq = self.king_sq[us.index()];
        if ksq != NO_SQUARE {
            self.gen_king_moves(list, ksq, empty);
        }
        self.gen_drops(list, empty);
    }

    /// Legal moves that give check.
    pub fn generate_checks(&self, list: &mut MoveList) {
        let us = self.side;
        let eksq = self.king_sq[us.flip().index()];
        if eksq == NO_SQUARE {
            return;
        }
        let mut all = MoveList::new();
        if self.checkers.any() {
            self.generate_evasions(&mut all);
        } else {
            // board moves filtered one by one; drops only where the piece would attack the king
            let ksq = self.king_sq[us.index()];
            let occ = self.occupied();
            let own = self.by_color[us.index()];
            self.gen_board_moves(&mut all, !own, self.pinned_with(us, occ));
            if ksq != NO_SQUARE {
                self.gen_king_moves(&mut all, ksq, !own);
            }
        }
        let targets = CheckTargets::new(self);
        for &m in all.iter() {
            if targets.gives_check(self, m) {
                list.push(m);
            }
        }
        if self.checkers.is_empty() {
            self.gen_checking_drops(list, eksq);
        }
    }

    /// The legal drops that give check (not in check): a piece of ours on square s attacks the
    /// enemy king exactly when the same kind of theirs on the king's square attacks s, so each
    /// kind in hand is tried only on those squares. Same order as `gen_drops`.
    fn gen_checking_drops(&self, list: &mut MoveList, eksq: Square) {
        let us = self.side;
        let hand = self.hands[us.index()];
        let occ = self.occupied();
        for kind in DROP_ORDER {
            if hand.count(kind) == 0 {
                continue;
            }
            for to in attacks(us.flip(), kind, eksq, occ) & !occ {
                let m = Move::drop(kind, to);
                if self.is_legal_drop(m) {
                    list.push(m);
                }
            }
        }
    }

    /// Whether `m` is legal here: typed or clicked moves, and moves taken from a book or a hash
    /// table (possibly of another position, possibly corrupt). Outside check this is a direct
    /// test of the one move (no generation); in check the evasions are generated.
    pub fn is_legal(&self, m: Move) -> bool {
        if is_malformed(m) {
            return false;
        }
        let us = self.side;
        if m.is_drop() {
            // Droppable kinds only: pawn..rook and gold (not king, not promoted kinds).
            let Some(k) = m.drop_kind() else { return false };
            if !(k.can_promote() || k == PieceKind::Gold)
                || m.is_promotion()
                || self.hands[us.index()].count(k) == 0
            {
                return false;
            }
        } else {
            let Some(&p) = self.board.get(m.from().index()) else { return false };
            if p.is_empty() || p.color() != us {
                return false;
            }
        }
        if self.checkers.any() {
            return self.legal_moves().contains(m);
        }
        if m.is_drop() { self.is_legal_drop(m) } else { self.is_legal_board_move(m) }
    }

    /// `is_legal` for a drop of a kind held in hand, not in check.
    fn is_legal_drop(&self, m: Move) -> bool {
        let us = self.side;
        let to = m.to();
        let k = m.drop_kind().unwrap_or(PieceKind::Gold);
        if !self.board[to.index()].is_empty() || dead_ranks(us, k).contains(to) {
            return false;
        }
        if k == PieceKind::Pawn {
            if (self.pieces(us, PieceKind::Pawn) & file_bb(to.file())).any() {
                return false; // nifu
            }
            let eksq = self.king_sq[us.flip().index()];
            if eksq != NO_SQUARE && pawn_attacks(us, to).contains(eksq) && self.is_pawn_drop_mate(to) {
                return false; // uchifuzume
            }
        }
        true
    }

    /// `is_legal` for a board move of one of our pieces, not in check.
    fn is_legal_board_move(&self, m: Move) -> bool {
        let us = self.side;
        let (from, to) = (m.from(), m.to());
        let kind = self.board[from.index()].kind_unchecked();
        let dest = self.board[to.index()];
        if !dest.is_empty() && (dest.color() == us || dest.kind_unchecked() == PieceKind::King) {
            return false;
        }
        let occ = self.occupied();
        if !attacks(us, kind, from, occ).contains(to) {
            return false;
        }
        if m.is_promotion() {
            if !kind.can_promote() || !(to.in_zone(us) || from.in_zone(us)) {
                return false;
            }
        } else if dead_ranks(us, kind).contains(to) {
            return false;
        }
        let ksq = self.king_sq[us.index()];
        if kind == PieceKind::King {
            return !self.is_attacked(us.flip(), to, occ ^ Bitboard::from_square(from));
        }
        ksq == NO_SQUARE || !self.pinned(us).contains(from) || aligned(ksq, from, to)
    }

    /// Whether the side to move has at least one legal move. In check this stops at the first
    /// evasion found instead of generating them all (mate tests run at many search nodes).
    pub fn has_legal_move(&self) -> bool {
        if self.checkers.any() { self.has_evasion() } else { !self.legal_moves().is_empty() }
    }

    /// Whether the side to move, in check, can get out of it.
    fn has_evasion(&self) -> bool {
        let us = self.side;
        let them = us.flip();
        let ksq = self.king_sq[us.index()];
        let own = self.by_color[us.index()];
        let occ = self.occupied();
        if ksq != NO_SQUARE {
            let occ_without_king = occ ^ Bitboard::from_square(ksq);
            for to in king_attacks(ksq) & !own {
                if !self.is_attacked(them, to, occ_without_king) {
                    return true;
                }
            }
        }
        if self.checkers.more_than_one() || ksq == NO_SQUARE {
            return false;
        }
        let checker = self.checkers.lsb();
        let block = between(ksq, checker);
        // Capturing the checker or interposing with a piece on the board: every piece moves as
        // it attacks, and a piece reaching a rank it could not leave may always promote there.
        let pinned = self.pinned(us);
        let not_king = !Bitboard::from_square(ksq);
        for to in block | self.checkers {
            for from in self.attackers_to(us, to, occ) & not_king {
                if !pinned.contains(from) || aligned(ksq, from, to) {
                    return true;
                }
            }
        }
        // Interposing by a drop.
        let hand = self.hands[us.index()];
        if block.is_empty() || hand.is_empty() {
            return false;
        }
        for &kind in &PieceKind::HAND[1..] {
            if hand.count(kind) > 0 && (block & !dead_ranks(us, kind)).any() {
                return true;
            }
        }
        if hand.count(PieceKind::Pawn) > 0 {
            let pawns = self.pieces(us, PieceKind::Pawn);
            let eksq = self.king_sq[them.index()];
            for to in block & !dead_ranks(us, PieceKind::Pawn) {
                if (pawns & file_bb(to.file())).any() {
                    continue; // nifu
                }
                if eksq != NO_SQUARE && pawn_attacks(us, to).contains(eksq) && self.is_pawn_drop_mate(to) {
                    continue; // uchifuzume
                }
                return true;
            }
        }
        false
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && !self.has_legal_move()
    }

    fn gen_board_moves(&self, list: &mut MoveList, target: Bitboard, pinned: Bitboard) {
        let us = self.side;
        let ksq = self.king_sq[us.index()];
        let occ = self.occupied();

        // Pawns: all at once by shifting.
        let pawns = self.pieces(us, PieceKind::Pawn);
        let dests = pawns.pawn_pushes(us) & target;
        for to in dests {
            let from = match us {
                Color::Black => Square::from_index_unchecked(to.index() + 1),
                Color::White => Square::from_index_unchecked(to.index() - 1),
            };
            if pinned.contains(from) && !aligned(ksq, from, to) {
                continue;
            }
            push_with_promotions(list, us, PieceKind::Pawn, from, to);
        }

        // Everything else except the king, piece by piece.
        let mut others = self.by_color[us.index()]
            & !(self.by_kind[PieceKind::Pawn as usize] | self.by_kind[PieceKind::King as usize]);
        let not_pinned_knights = !(pinned & self.by_kind[PieceKind::Knight as usize]);
        others &= not_pinned_knights;
        while let Some(from) = others.pop() {
            let kind = self.board[from.index()].kind_unchecked();
            let mut dests = attacks(us, kind, from, occ) & target;
            if pinned.contains(from) {
                dests &= line(ksq, from);
            }
            if kind.can_promote() {
                for to in dests {
                    push_with_promotions(list, us, kind, from, to);
                }
            } else {
                for to in dests {
                    list.push(Move::board(from, to, false));
                }
            }
        }
    }

    fn gen_king_moves(&self, list: &mut MoveList, ksq: Square, target: Bitboard) {
        if ksq == NO_SQUARE {
            return;
        }
        let them = self.side.flip();
        let occ = self.occupied() ^ Bitboard::from_square(ksq);
        for to in king_attacks(ksq) & target {
            if !self.is_attacked(them, to, occ) {
                list.push(Move::board(ksq, to, false));
            }
        }
    }

    fn gen_drops(&self, list: &mut MoveList, target: Bitboard) {
        let us = self.side;
        let hand = self.hands[us.index()];
        if hand.is_empty() {
            return;
        }
        // Pawns: nifu, dead rank, uchifuzume.
        if hand.count(PieceKind::Pawn) > 0 {
            let mut t = target & !dead_ranks(us, PieceKind::Pawn);
            let pawns = self.pieces(us, PieceKind::Pawn);
            for f in 1..=9u8 {
                let fb = file_bb(f);
                if (pawns & fb).any() {
                    t &= !fb;
                }
            }
            let eksq = self.king_sq[us.flip().index()];
            if eksq != NO_SQUARE {
                let front = pawn_attacks(us.flip(), eksq);
                let mate_sq = t & front;
                if mate_sq.any() && self.is_pawn_drop_mate(mate_sq.lsb()) {
                    t &= !mate_sq;
                }
            }
            for to in t {
                list.push(Move::drop(PieceKind::Pawn, to));
            }
        }
        for &kind in &DROP_ORDER[1..] {
            if hand.count(kind) > 0 {
                for to in target & !dead_ranks(us, kind) {
                    list.push(Move::drop(kind, to));
                }
            }
        }
    }

    /// Uchifuzume test: would a pawn dropped by the side to move on `to` (the square in front of
    /// the enemy king) checkmate? The defender may capture with an unpinned piece (or a pinned
    /// one moving along its pin line), or with the king if the pawn is unprotected, or step away.
    pub(crate) fn is_pawn_drop_mate(&self, to: Square) -> bool {
        let us = self.side;
        let them = us.flip();
        let eksq = self.king_sq[them.index()];
        let occ = self.occupied() | Bitboard::from_square(to);
        // Capture by a piece other than the king.
        let capturers = self.attackers_to(them, to, occ) & !Bitboard::from_square(eksq);
        if capturers.any() {
            let pinned = self.pinned_with(them, occ);
            for from in capturers {
                if !pinned.contains(from) || aligned(eksq, from, to) {
                    return false;
                }
            }
        }
        // King captures or escapes. The pawn is ours now, so `to` is enterable when unprotected.
        let occ_no_king = occ ^ Bitboard::from_square(eksq);
        let escapes = king_attacks(eksq) & !self.by_color[them.index()];
        for sq in escapes {
            if !self.is_attacked_with_extra(us, sq, occ_no_king, to) {
                return false;
            }
        }
        true
    }

    /// `is_attacked`, but counting a pawn of `c` standing on `extra` (not yet on the board).
    fn is_attacked_with_extra(&self, c: Color, sq: Square, occ: Bitboard, extra: Square) -> bool {
        if sq == extra {
            // Capturing the pawn itself: is the pawn protected?
            return self.is_attacked(c, sq, occ);
        }
        if pawn_attacks(c, extra).contains(sq) {
            return true;
        }
        self.is_attacked(c, sq, occ)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_list_retain() {
        let pos = Position::startpos();
        let mut l = pos.legal_moves();
        assert_eq!(l.len(), 30);
        l.retain(|m| m.from().file() == 7);
        let mut got: Vec<String> = l.iter().map(|m| m.usi()).collect();
        got.sort();
        assert_eq!(got, ["7g7f", "7i6h", "7i7h"]);
    }
}

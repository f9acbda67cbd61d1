//! `Position`: the board, both hands, the side to move, and the history needed to undo moves and
//! to detect sennichite. Make/unmake is incremental (bitboards, mailbox and Zobrist key).

use super::bitboard::*;
use super::types::*;
use super::zobrist;

/// What `do_move` must remember to undo a move, plus per-position facts used by repetition
/// detection.
#[derive(Copy, Clone, Debug)]
pub(crate) struct StateInfo {
    /// Key of the position *before* the move.
    pub key: u64,
    /// Checkers of the position before the move.
    pub checkers: Bitboard,
    pub captured: Piece,
    pub mv: Move,
}

/// A shogi position with its move history.
#[derive(Clone)]
pub struct Position {
    pub(crate) board: [Piece; 81],
    pub(crate) by_color: [Bitboard; 2],
    /// Indexed by `PieceKind` (0 unused), both colours together.
    pub(crate) by_kind: [Bitboard; 15],
    pub(crate) hands: [Hand; 2],
    pub(crate) side: Color,
    /// SFEN move number of this position (1 for the usual start).
    pub(crate) ply: u32,
    /// King squares; `Square(81)` when a side has no king (tsume problems).
    pub(crate) king_sq: [Square; 2],
    pub(crate) key: u64,
    pub(crate) checkers: Bitboard,
    pub(crate) history: Vec<StateInfo>,
}

pub(crate) use super::types::NO_SQUARE;

impl PartialEq for Position {
    /// Two positions are equal when board, hands and side to move agree (history and move
    /// number are ignored).
    fn eq(&self, o: &Position) -> bool {
        self.board == o.board && self.hands == o.hands && self.side == o.side
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_sfen())
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

/// The standard starting position.
/// The largest SFEN move number a position takes: half of `u32`'s range, so that no record
/// can play the number past `u32::MAX`.
pub const MAX_MOVE_NUMBER: u32 = u32::MAX / 2;

pub const START_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

impl Position {
    /// An empty board, sente to move, no pieces anywhere.
    pub fn empty() -> Position {
        Position {
            board: [Piece::EMPTY; 81],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; 15],
            hands: [Hand::default(); 2],
            side: Color::Black,
            ply: 1,
            king_sq: [NO_SQUARE; 2],
            key: 0,
            checkers: Bitboard::EMPTY,
            history: Vec::with_capacity(256),
        }
    }

    pub fn startpos() -> Position {
        Position::from_sfen(START_SFEN).expect("start SFEN is valid")
    }

    // ----- accessors -------------------------------------------------------------------------

    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The SFEN move number of the current position.
    #[inline]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Piece {
        self.board[sq.index()]
    }

    #[inline]
    pub fn hand(&self, c: Color) -> &Hand {
        &self.hands[c.index()]
    }

    /// Zobrist key of board, hands and side to move.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub fn pieces_of(&self, c: Color) -> Bitboard {
        self.by_color[c.index()]
    }

    #[inline]
    pub fn pieces(&self, c: Color, k: PieceKind) -> Bitboard {
        self.by_kind[k.index()] & self.by_color[c.index()]
    }

    /// The king square of `c`, if it has a king.
    #[inline]
    pub fn king_square(&self, c: Color) -> Option<Square> {
        let s = self.king_sq[c.index()];
        if s == NO_SQUARE { None } else { Some(s) }
    }

    /// Pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }

    /// Number of moves made since this `Position` was set up (the length of its history).
    pub fn moves_played(&self) -> usize {
        self.history.len()
    }

    /// The last move made, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().map(|s| s.mv)
    }

    /// The piece the last move captured (empty if none or no move).
    pub fn last_captured(&self) -> Piece {
        self.history.last().map(|s| s.captured).unwrap_or(Piece::EMPTY)
    }

    /// Keys of earlier positions, oldest first (excluding the current one).
    pub fn history_keys(&self) -> impl DoubleEndedIterator<Item = u64> + ExactSizeIterator + '_ {
        self.history.iter().map(|s| s.key)
    }

    /// Gold-like pieces (gold and small promoted pieces) of `c`.
    #[inline]
    pub(crate) fn gold_likes(&self, c: Color) -> Bitboard {
        (self.by_kind[PieceKind::Gold as usize]
            | self.by_kind[PieceKind::ProPawn as usize]
            | self.by_kind[PieceKind::ProLance as usize]
            | self.by_kind[PieceKind::ProKnight as usize]
            | self.by_kind[PieceKind::ProSilver as usize])
            & self.by_color[c.index()]
    }

    /// King, horse and dragon of `c`: the pieces that attack all eight neighbours.
    #[inline]
    pub(crate) fn king_likes(&self, c: Color) -> Bitboard {
        (self.by_kind[PieceKind::King as usize]
            | self.by_kind[PieceKind::Horse as usize]
            | self.by_kind[PieceKind::Dragon as usize])
            & self.by_color[c.index()]
    }

    #[inline]
    fn kinds2(&self, c: Color, a: PieceKind, b: PieceKind) -> Bitboard {
        (self.by_kind[a.index()] | self.by_kind[b.index()]) & self.by_color[c.index()]
    }

    // ----- attacks -----------------------------------------------------------------------------

    /// Pieces of colour `c` that attack `sq` given occupancy `occ`.
    pub fn attackers_to(&self, c: Color, sq: Square, occ: Bitboard) -> Bitboard {
        let them = c.flip();
        let cb = self.by_color[c.index()];
        let mut a = (pawn_attacks(them, sq) & self.by_kind[PieceKind::Pawn as usize] & cb)
            | (knight_attacks(them, sq) & self.by_kind[PieceKind::Knight as usize] & cb)
            | (silver_attacks(them, sq) & self.by_kind[PieceKind::Silver as usize] & cb)
            | (gold_attacks(them, sq) & self.gold_likes(c))
            | (king_attacks(sq) & self.king_likes(c));
        // Sliders: only trace the rays when a slider stands somewhere on them.
        let lances = self.by_kind[PieceKind::Lance as usize] & cb;
        if (lance_pseudo(them, sq) & lances).any() {
            a |= lance_attacks(them, sq, occ) & lances;
        }
        let bishops = self.kinds2(c, PieceKind::Bishop, PieceKind::Horse);
        if (bishop_pseudo(sq) & bishops).any() {
            a |= bishop_attacks(sq, occ) & bishops;
        }
        let rooks = self.kinds2(c, PieceKind::Rook, PieceKind::Dragon);
        if (rook_pseudo(sq) & rooks).any() {
            a |= rook_attacks(sq, occ) & rooks;
        }
        a
    }

    /// Whether any piece of `c` attacks `sq` given occupancy `occ` (early-exit version).
    #[inline]
    pub fn is_attacked(&self, c: Color, sq: Square, occ: Bitboard) -> bool {
        let them = c.flip();
        let cb = self.by_color[c.index()];
        if (pawn_attacks(them, sq) & self.by_kind[PieceKind::Pawn as usize] & cb).any()
            || (knight_attacks(them, sq) & self.by_kind[PieceKind::Knight as usize] & cb).any()
            || (silver_attacks(them, sq) & self.by_kind[PieceKind::Silver as usize] & cb).any()
            || (gold_attacks(them, sq) & self.gold_likes(c)).any()
            || (king_attacks(sq) & self.king_likes(c)).any()
        {
            return true;
        }
        let lances = self.by_kind[PieceKind::Lance as usize] & cb;
        if (lance_pseudo(them, sq) & lances).any() && (lance_attacks(them, sq, occ) & lances).any() {
            return true;
        }
        let b = self.kinds2(c, PieceKind::Bishop, PieceKind::Horse);
        if (bishop_pseudo(sq) & b).any() && (bishop_attacks(sq, occ) & b).any() {
            return true;
        }
        let r = self.kinds2(c, PieceKind::Rook, PieceKind::Dragon);
        (rook_pseudo(sq) & r).any() && (rook_attacks(sq, occ) & r).any()
    }

    /// Pieces of `c` pinned against `c`'s king (the only piece between it and an enemy slider).
    /// The pinned piece may belong to `c` only; `occ` is the occupancy to use.
    pub fn pinned_with(&self, c: Color, occ: Bitboard) -> Bitboard {
        let ksq = self.king_sq[c.index()];
        if ksq == NO_SQUARE {
            return Bitboard::EMPTY;
        }
        let them = c.flip();
        let snipers = (rook_pseudo(ksq) & self.kinds2(them, PieceKind::Rook, PieceKind::Dragon))
            | (bishop_pseudo(ksq) & self.kinds2(them, PieceKind::Bishop, PieceKind::Horse))
            | (lance_pseudo(c, ksq) & self.pieces(them, PieceKind::Lance));
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let b = between(ksq, s) & occ;
            if b.any() && !b.more_than_one() {
                pinned |= b;
            }
        }
        pinned & self.by_color[c.index()]
    }

    /// Pieces of `c` pinned against `c`'s own king.
    pub fn pinned(&self, c: Color) -> Bitboard {
        self.pinned_with(c, self.occupied())
    }

    // ----- board editing (used by SFEN parsing and make/unmake) ------------------------------

    #[inline]
    pub(crate) fn put_piece(&mut self, sq: Square, p: Piece) {
        let k = p.kind_unchecked();
        self.board[sq.index()] = p;
        self.by_color[p.color().index()].set(sq);
        self.by_kind[k.index()].set(sq);
        if k == PieceKind::King {
            self.king_sq[p.color().index()] = sq;
        }
        self.key ^= zobrist::piece_key(p.code(), sq.index());
    }

    #[inline]
    pub(crate) fn remove_piece(&mut self, sq: Square) -> Piece {
        let p = self.board[sq.index()];
        let k = p.kind_unchecked();
        self.board[sq.index()] = Piece::EMPTY;
        self.by_color[p.color().index()].clear(sq);
        self.by_kind[k.index()].clear(sq);
        if k == PieceKind::King {
            self.king_sq[p.color().index()] = NO_SQUARE;
        }
        self.key ^= zobrist::piece_key(p.code(), sq.index());
        p
    }

    #[inline]
    pub(crate) fn add_hand(&mut self, c: Color, k: PieceKind) {
        let ci = c.index();
        let ki = k.hand_index();
        let n = self.hands[ci].count(k);
        self.key ^= zobrist::hand_key(ci, ki, n) ^ zobrist::hand_key(ci, ki, n + 1);
        self.hands[ci].set_count(k, n + 1);
    }

    #[inline]
    pub(crate) fn sub_hand(&mut self, c: Color, k: PieceKind) {
        let ci = c.index();
        let ki = k.hand_index();
        let n = self.hands[ci].count(k);
        self.key ^= zobrist::hand_key(ci, ki, n) ^ zobrist::hand_key(ci, ki, n - 1);
        self.hands[ci].set_count(k, n - 1);
    }

    pub(crate) fn set_side(&mut self, c: Color) {
        if self.side != c {
            self.key ^= zobrist::SIDE_KEY;
            self.side = c;
        }
    }

    pub(crate) fn refresh_checkers(&mut self) {
        let us = self.side;
        let ksq = self.king_sq[us.index()];
        self.checkers = if ksq == NO_SQUARE {
            Bitboard::EMPTY
        } else {
            self.attackers_to(us.flip(), ksq, self.occupied())
        };
    }

    /// Recomputes the key from scratch (used by tests to check the incremental key).
    pub fn compute_key(&self) -> u64 {
        let mut k = 0;
        for sq in Square::all() {
            let p = self.board[sq.index()];
            if !p.is_empty() {
                k ^= zobrist::piece_key(p.code(), sq.index());
            }
        }
        for c in Color::ALL {
            for kind in PieceKind::HAND {
                k ^= zobrist::hand_key(c.index(), kind.hand_index(), self.hands[c.index()].count(kind));
            }
        }
        if self.side == Color::White {
            k ^= zobrist::SIDE_KEY;
        }
        k
    }

    // ----- make / unmake ---------------------------------------------------------------------

    /// Plays `m`, which must be legal in this position (see `is_legal`); the result of playing
    /// an illegal move is unspecified (but memory-safe).
    pub fn do_move(&mut self, m: Move) {
        let us = self.side;
        let mut st = StateInfo { key: self.key, checkers: self.checkers, captured: Piece::EMPTY, mv: m };
        let to = m.to();
        if let Some(k) = m.drop_kind() {
            self.sub_hand(us, k);
            self.put_piece(to, Piece::new(us, k));
        } else {
            let from = m.from();
            if !self.board[to.index()].is_empty() {
                let cap = self.remove_piece(to);
                st.captured = cap;
                self.add_hand(us, cap.kind_unchecked().unpromote());
            }
            let p = self.remove_piece(from);
            let p = if m.is_promotion() { Piece::new(us, p.kind_unchecked().promote()) } else { p };
            self.put_piece(to, p);
        }
        self.history.push(st);
        self.side = us.flip();
        self.key ^= zobrist::SIDE_KEY;
        self.ply += 1;
        self.checkers = self.checkers_after(m, us);
        debug_assert_eq!(self.checkers, {
            let k = self.king_sq[self.side.index()];
            if k == NO_SQUARE { Bitboard::EMPTY } else { self.attackers_to(us, k, self.occupied()) }
        });
    }

    /// The pieces checking the enemy king right after `mover` played `m`: the moved piece
    /// itself, or sliders uncovered on the line through the square it left (開き王手). Nothing
    /// else can check: before the move the enemy king was not in check.
    #[inline]
    fn checkers_after(&self, m: Move, mover: Color) -> Bitboard {
        let ksq = self.king_sq[mover.flip().index()];
        if ksq == NO_SQUARE {
            return Bitboard::EMPTY;
        }
        let to = m.to();
        let occ = self.occupied();
        let kind = self.board[to.index()].kind_unchecked();
        let mut c = if attacks(mover, kind, to, occ).contains(ksq) {
            Bitboard::from_square(to)
        } else {
            Bitboard::EMPTY
        };
        if !m.is_drop() {
            let from = m.from();
            if rook_pseudo(ksq).contains(from) {
                c |= rook_attacks(ksq, occ) & self.kinds2(mover, PieceKind::Rook, PieceKind::Dragon);
                let lances = self.by_kind[PieceKind::Lance as usize] & self.by_color[mover.index()];
                c |= lance_attacks(mover.flip(), ksq, occ) & lances;
            } else if bishop_pseudo(ksq).contains(from) {
                c |= bishop_attacks(ksq, occ) & self.kinds2(mover, PieceKind::Bishop, PieceKind::Horse);
            }
        }
        c
    }

    /// Takes back the last move made with `do_move`. Does nothing without history.
    pub fn undo_move(&mut self) {
        let Some(st) = self.history.pop() else { return };
        let m = st.mv;
        self.side = self.side.flip();
        let us = self.side;
        self.ply -= 1;
        let to = m.to();
        if let Some(k) = m.drop_kind() {
            self.remove_piece(to);
            self.add_hand(us, k);
        } else {
            let p = self.remove_piece(to);
            let p = if m.is_promotion() { Piece::new(us, p.kind_unchecked().unpromote()) } else { p };
            self.put_piece(m.from(), p);
            if !st.captured.is_empty() {
                self.sub_hand(us, st.captured.kind_unchecked().unpromote());
                self.put_piece(to, st.captured);
            }
        }
        self.key = st.key;
        self.checkers = st.checkers;
    }

    /// Passes the turn (null move, for the engine's search). Must not be used in check.
    pub fn do_null_move(&mut self) {
        let st = StateInfo { key: self.key, checkers: self.checkers, captured: Piece::EMPTY, mv: Move::NONE };
        self.history.push(st);
        self.side = self.side.flip();
        self.key ^= zobrist::SIDE_KEY;
        self.ply += 1;
        self.refresh_checkers();
    }

    pub fn undo_null_move(&mut self) {
        if let Some(st) = self.history.pop() {
            self.side = self.side.flip();
            self.ply -= 1;
            self.key = st.key;
            self.checkers = st.checkers;
        }
    }

    /// Sets the SFEN move number of the current position (1 to [`MAX_MOVE_NUMBER`]).
    pub fn set_move_number(&mut self, n: u32) {
        self.ply = n.clamp(1, MAX_MOVE_NUMBER);
    }

    /// Forgets the move history (the position stays). Used when a position becomes a new root.
    pub fn clear_history(&mut self) {
        self.history.clear();
    }

    /// The key the position would have after `m` (board and hands only updated, no make).
    pub fn key_after(&self, m: Move) -> u64 {
        let us = self.side;
        let mut k = self.key ^ zobrist::SIDE_KEY;
        let to = m.to();
        let ci = us.index();
        if let Some(kind) = m.drop_kind() {
            let n = self.hands[ci].count(kind);
            k ^=
                zobrist::hand_key(ci, kind.hand_index(), n) ^ zobrist::hand_key(ci, kind.hand_index(), n - 1);
            k ^= zobrist::piece_key(Piece::new(us, kind).code(), to.index());
        } else {
            let from = m.from();
            let p = self.board[from.index()];
            let cap = self.board[to.index()];
            if !cap.is_empty() {
                k ^= zobrist::piece_key(cap.code(), to.index());
                let hk = cap.kind_unchecked().unpromote();
                let n = self.hands[ci].count(hk);
                k ^=
                    zobrist::hand_key(ci, hk.hand_index(), n) ^ zobrist::hand_key(ci, hk.hand_index(), n + 1);
            }
            k ^= zobrist::piece_key(p.code(), from.index());
            let np = if m.is_promotion() { Piece::new(us, p.kind_unchecked().promote()) } else { p };
            k ^= zobrist::piece_key(np.code(), to.index());
        }
        k
    }

    /// The kind of piece that `m` moves (before promotion), or the dropped kind.
    pub fn moved_kind(&self, m: Move) -> PieceKind {
        match m.drop_kind() {
            Some(k) => k,
            None => self.board[m.from().index()].kind_unchecked(),
        }
    }

    /// The piece `m` would capture (empty for none).
    pub fn captured_by(&self, m: Move) -> Piece {
        if m.is_drop() { Piece::EMPTY } else { self.board[m.to().index()] }
    }

    /// Whether `m` captures or promotes.
    pub fn is_capture_or_promotion(&self, m: Move) -> bool {
        m.is_promotion() || !self.captured_by(m).is_empty()
    }

    /// Whether the move, legal here, gives check.
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.side;
        let eksq = self.king_sq[us.flip().index()];
        if eksq == NO_SQUARE {
            return false;
        }
        let to = m.to();
        let mut occ = self.occupied();
        let kind_after;
        if let Some(k) = m.drop_kind() {
            kind_after = k;
            occ.set(to);
        } else {
            let from = m.from();
            let k = self.board[from.index()].kind_unchecked();
            kind_after = if m.is_promotion() { k.promote() } else { k };
            occ.clear(from);
            occ.set(to);
        }
        if attacks(us, kind_after, to, occ).contains(eksq) {
            return true;
        }
        if m.is_drop() {
            return false;
        }
        let from_bb = Bitboard::from_square(m.from());
        let not_moved = !from_bb;
        let cb = self.by_color[us.index()] & not_moved;
        let rooks = (self.by_kind[PieceKind::Rook as usize] | self.by_kind[PieceKind::Dragon as usize]) & cb;
        let bishops =
            (self.by_kind[PieceKind::Bishop as usize] | self.by_kind[PieceKind::Horse as usize]) & cb;
        let lances = self.by_kind[PieceKind::Lance as usize] & cb;
        (rooks.any() && (rook_attacks(eksq, occ) & rooks).any())
            || (bishops.any() && (bishop_attacks(eksq, occ) & bishops).any())
            || (lances.any() && (lance_attacks(us.flip(), eksq, occ) & lances).any())
    }
}

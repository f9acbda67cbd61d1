//! Why a move is illegal: [`Position::why_illegal`] answers with an [`IllegalMove`] naming the
//! rule and the squares and pieces involved (二歩 and its file, the pinning piece, the piece that
//! would give check...), so that a refusal can be explained in words (see
//! `record::explain`). It agrees exactly with [`Position::is_legal`]: `why_illegal(m).is_ok()`
//! if and only if `is_legal(m)` (a differential test checks this over random positions).
//!
//! The checks run in the order a player thinks of them: is it a move of mine at all, does the
//! piece move that way, is the destination free, the promotion rules, the drop rules, and last
//! the king's safety.

use super::bitboard::{Bitboard, aligned, attacks, between, dead_ranks, file_bb, line, pawn_attacks};
use super::position::Position;
use super::types::{Move, Piece, PieceKind, Square};

/// The reason a move is illegal in a position. Squares are board squares; "our" means the side
/// to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// Not a move at all: the null move or an encoding no move has.
    Malformed,
    /// A drop of a kind that is never held in hand (a king or a promoted piece).
    NotDroppable { kind: PieceKind },
    /// A drop marked as promoting: pieces are always dropped unpromoted.
    PromotedDrop { kind: PieceKind },
    /// A drop of a kind the side to move does not hold.
    NotInHand { kind: PieceKind },
    /// A board move from an empty square.
    EmptySource { from: Square },
    /// A board move of the opponent's piece (it is not that side's turn).
    NotYourPiece { from: Square, piece: Piece },
    /// A drop onto an occupied square.
    DropOnOccupied { to: Square, piece: Piece },
    /// A board move onto a square held by one of our own pieces.
    OwnPieceOnTarget { to: Square, kind: PieceKind },
    /// A board move capturing the enemy king (the position should have ended before).
    CapturesKing { to: Square },
    /// The piece does not move that way.
    CannotMoveThere { from: Square, kind: PieceKind, to: Square },
    /// A sliding piece whose path is blocked by the piece on `by`.
    Blocked { from: Square, kind: PieceKind, to: Square, by: Square, blocker: Piece },
    /// A promotion of a kind that never promotes (gold, king, an already promoted piece).
    CannotPromote { kind: PieceKind },
    /// A promotion on a move that neither starts nor ends in the promotion zone.
    PromotionOutsideZone { from: Square, to: Square },
    /// 行き所のない駒 by a move: a pawn, lance or knight moved unpromoted to a rank it could
    /// never leave.
    MustPromote { kind: PieceKind, to: Square },
    /// 行き所のない駒 by a drop: a pawn, lance or knight dropped on a rank it could never leave.
    DeadDrop { kind: PieceKind, to: Square },
    /// 二歩: an unpromoted pawn of ours already stands on the file (on `pawn`).
    Nifu { file: u8, pawn: Square },
    /// 打ち歩詰め: the pawn drop on `to` would checkmate.
    Uchifuzume { to: Square },
    /// The piece on `from` is pinned against our king by the piece on `pinner`: moving it off
    /// the line would expose the king.
    Pinned { from: Square, kind: PieceKind, pinner: Square, pinner_kind: PieceKind },
    /// The king would stand attacked on `to`, by the piece on `attacker`.
    KingIntoCheck { to: Square, attacker: Square, attacker_kind: PieceKind },
    /// We are in check and the move does not answer the check from the piece on `checker`.
    LeavesKingInCheck { checker: Square, checker_kind: PieceKind },
}

impl Position {
    /// Why `m` is illegal here, or `Ok(())` when it is legal. Agrees exactly with
    /// [`Position::is_legal`]; slower (it may play the move on a copy), so meant for moves a
    /// person typed or clicked, not for search.
    pub fn why_illegal(&self, m: Move) -> Result<(), IllegalMove> {
        let us = self.side_to_move();
        if super::movegen::is_malformed(m) {
            return Err(IllegalMove::Malformed);
        }
        if let Some(kind) = m.drop_kind() {
            if !(kind.can_promote() || kind == PieceKind::Gold) {
                return Err(IllegalMove::NotDroppable { kind });
            }
            if m.is_promotion() {
                return Err(IllegalMove::PromotedDrop { kind });
            }
            if self.hand(us).count(kind) == 0 {
                return Err(IllegalMove::NotInHand { kind });
            }
        } else if m.is_drop() {
            return Err(IllegalMove::Malformed);
        } else {
            let p = self.piece_at(m.from());
            if p.is_empty() {
                return Err(IllegalMove::EmptySource { from: m.from() });
            }
            if p.color() != us {
                return Err(IllegalMove::NotYourPiece { from: m.from(), piece: p });
            }
        }
        if self.in_check() {
            // `is_legal` decides by the evasion list here; the reasons below only explain.
            if self.legal_moves().contains(m) {
                return Ok(());
            }
            self.rule_problem(m)?;
            return Err(self.exposure(m));
        }
        self.rule_problem(m)?;
        self.king_safety_problem(m)
    }

    /// The reasons that do not involve our king's safety, for a drop of a held kind or a board
    /// move of one of our pieces.
    fn rule_problem(&self, m: Move) -> Result<(), IllegalMove> {
        let us = self.side_to_move();
        let to = m.to();
        let dest = self.piece_at(to);
        if let Some(kind) = m.drop_kind() {
            if !dest.is_empty() {
                return Err(IllegalMove::DropOnOccupied { to, piece: dest });
            }
            if dead_ranks(us, kind).contains(to) {
                return Err(IllegalMove::DeadDrop { kind, to });
            }
            if kind == PieceKind::Pawn {
                let pawns = self.pieces(us, PieceKind::Pawn) & file_bb(to.file());
                if pawns.any() {
                    return Err(IllegalMove::Nifu { file: to.file(), pawn: pawns.lsb() });
                }
                if let Some(eksq) = self.king_square(us.flip())
                    && pawn_attacks(us, to).contains(eksq)
                    && self.is_pawn_drop_mate(to)
                {
                    return Err(IllegalMove::Uchifuzume { to });
                }
            }
            return Ok(());
        }
        let from = m.from();
        let kind = self.piece_at(from).kind_unchecked();
        if from == to {
            return Err(IllegalMove::CannotMoveThere { from, kind, to });
        }
        if !dest.is_empty() && dest.color() == us {
            return Err(IllegalMove::OwnPieceOnTarget { to, kind: dest.kind_unchecked() });
        }
        if !dest.is_empty() && dest.kind_unchecked() == PieceKind::King {
            return Err(IllegalMove::CapturesKing { to });
        }
        let occ = self.occupied();
        if !attacks(us, kind, from, occ).contains(to) {
            let blockers = between(from, to) & occ;
            if attacks(us, kind, from, Bitboard::EMPTY).contains(to) && blockers.any() {
                let by = nearest(from, blockers);
                return Err(IllegalMove::Blocked { from, kind, to, by, blocker: self.piece_at(by) });
            }
            return Err(IllegalMove::CannotMoveThere { from, kind, to });
        }
        if m.is_promotion() {
            if !kind.can_promote() {
                return Err(IllegalMove::CannotPromote { kind });
            }
            if !(to.in_zone(us) || from.in_zone(us)) {
                return Err(IllegalMove::PromotionOutsideZone { from, to });
            }
        } else if dead_ranks(us, kind).contains(to) {
            return Err(IllegalMove::MustPromote { kind, to });
        }
        Ok(())
    }

    /// Not in check: the king stepping onto an attacked square, or a pinned piece leaving its
    /// line (the tests `is_legal` makes).
    fn king_safety_problem(&self, m: Move) -> Result<(), IllegalMove> {
        if m.is_drop() {
            return Ok(());
        }
        let us = self.side_to_move();
        let them = us.flip();
        let (from, to) = (m.from(), m.to());
        let kind = self.piece_at(from).kind_unchecked();
        let occ_without = self.occupied() ^ Bitboard::from_square(from);
        if kind == PieceKind::King {
            let attackers = self.attackers_to(them, to, occ_without);
            return match attackers.any() {
                true => Err(self.king_into_check(to, attackers)),
                false => Ok(()),
            };
        }
        let Some(ksq) = self.king_square(us) else { return Ok(()) };
        if !self.pinned(us).contains(from) || aligned(ksq, from, to) {
            return Ok(());
        }
        let pinners = self.attackers_to(them, ksq, occ_without) & line(ksq, from);
        let pinner = if pinners.any() { pinners.lsb() } else { ksq };
        Err(IllegalMove::Pinned { from, kind, pinner, pinner_kind: self.kind_on(pinner) })
    }

    /// In check, for a move that follows the rules of movement but is not an evasion: which
    /// enemy piece would still (or newly) attack our king.
    fn exposure(&self, m: Move) -> IllegalMove {
        let us = self.side_to_move();
        let them = us.flip();
        let first_checker = self.checkers().lsb();
        let plain = IllegalMove::LeavesKingInCheck {
            checker: first_checker,
            checker_kind: self.kind_on(first_checker),
        };
        let mut after = self.clone();
        after.do_move(m);
        let Some(ksq) = after.king_square(us) else { return plain };
        let attackers = after.attackers_to(them, ksq, after.occupied());
        if attackers.is_empty() {
            return plain;
        }
        if !m.is_drop() && self.piece_at(m.from()).kind_unchecked() == PieceKind::King {
            return self.king_into_check(ksq, attackers);
        }
        let old = attackers & self.checkers();
        if old.any() {
            let checker = old.lsb();
            return IllegalMove::LeavesKingInCheck { checker, checker_kind: self.kind_on(checker) };
        }
        // Answering the check would open a line onto the king: the moved piece was pinned.
        let pinner = attackers.lsb();
        IllegalMove::Pinned {
            from: m.from(),
            kind: self.piece_at(m.from()).kind_unchecked(),
            pinner,
            pinner_kind: self.kind_on(pinner),
        }
    }

    fn king_into_check(&self, to: Square, attackers: Bitboard) -> IllegalMove {
        let attacker = attackers.lsb();
        IllegalMove::KingIntoCheck { to, attacker, attacker_kind: self.kind_on(attacker) }
    }

    fn kind_on(&self, sq: Square) -> PieceKind {
        self.piece_at(sq).kind().unwrap_or(PieceKind::King)
    }
}

/// The square of `set` closest to `from` (the first blocker on a slider's path).
fn nearest(from: Square, set: Bitboard) -> Square {
    let dist = |s: Square| (s.file().abs_diff(from.file())).max(s.rank().abs_diff(from.rank()));
    let mut best = set.lsb();
    for s in set {
        if dist(s) < dist(best) {
            best = s;
        }
    }
    best
}

//! Cheap mate detection for the search (the df-pn solver in `dfpn.rs` takes the longer mates):
//! - [`mate_in_one`] (1手詰め): can the side to move mate at once? It tries the checking drops
//!   next to (or a knight's jump from) the enemy king and the board moves onto the
//!   king's neighbour squares or knight squares, passes over those that surely leave the king a
//!   square to flee to, and tests `is_checkmate` after the others. It does not claim to find
//!   every mate in one (discovered checks are skipped), but what it returns is a legal move that
//!   mates.
//! - [`check_mate_search`]: a small exhaustive AND/OR search over checks (王手) only, by odd depth,
//!   returning the mating line with the defence that lasts longest.

use crate::core::bitboard::*;
use crate::core::{Bitboard, Move, MoveList, PieceKind, Position, Square};

/// Drop kinds worth trying, strongest first (a pawn-drop mate is illegal anyway).
const DROP_KINDS: [PieceKind; 6] = [
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Gold,
    PieceKind::Silver,
    PieceKind::Knight,
    PieceKind::Lance,
];

/// Whether the enemy king (on `eksq`) surely has a flight square once our piece `kind` stands
/// on `to` with the board occupied as `occ_after`: a neighbour square free of its own pieces that
/// neither the new piece nor any of our pieces as they stand now attack. Our pieces as they stand
/// attack at least what they will after the move (a board move only takes one of them away), so
/// `true` means the move cannot mate, found without playing it.
fn king_surely_escapes(
    pos: &Position,
    kind: PieceKind,
    to: Square,
    eksq: Square,
    occ_after: Bitboard,
) -> bool {
    let us = pos.side_to_move();
    let occ = occ_after & !Bitboard::from_square(eksq);
    let covered = attacks(us, kind, to, occ) | Bitboard::from_square(to);
    for flight in king_attacks(eksq) & !pos.pieces_of(us.flip()) & !covered {
        if !pos.is_attacked(us, flight, occ) {
            return true;
        }
    }
    false
}

fn mates(pos: &mut Position, m: Move) -> bool {
    pos.do_move(m);
    let mate = pos.is_checkmate();
    pos.undo_move();
    mate
}

/// A mating move for the side to move, if a simple one exists. The side to move must not be in
/// check (returns `None` then).
pub fn mate_in_one(pos: &mut Position) -> Option<Move> {
    if pos.in_check() {
        return None;
    }
    let us = pos.side_to_move();
    let them = us.flip();
    let eksq = pos.king_square(them)?;
    let occ = pos.occupied();
    let around = king_attacks(eksq);
    let hand = *pos.hand(us);
    // drops
    for kind in DROP_KINDS {
        if hand.count(kind) == 0 || (kind == PieceKind::Lance && hand.count(PieceKind::Rook) > 0) {
            continue;
        }
        let mut targets = attacks(them, kind, eksq, occ) & !occ & !dead_ranks(us, kind);
        if kind != PieceKind::Knight {
            // distant slider drops rarely mate; they are left to the search
            targets &= around;
        }
        for to in targets {
            // next to the king an unsupported piece is simply taken
            if around.contains(to) && !pos.is_attacked(us, to, occ) {
                continue;
            }
            if king_surely_escapes(pos, kind, to, eksq, occ | Bitboard::from_square(to)) {
                continue;
            }
            let m = Move::drop(kind, to);
            if mates(pos, m) {
                return Some(m);
            }
        }
    }
    // board moves onto the king's neighbours and knight-check squares
    let own = pos.pieces_of(us);
    let our_king = pos.king_square(us);
    let pinned = pos.pinned(us);
    let knight_squares = knight_attacks(them, eksq);
    for to in (around | knight_squares) & !own {
        let mut movers = pos.attackers_to(us, to, occ);
        if let Some(k) = our_king {
            movers &= !Bitboard::from_square(k);
        }
        if movers.is_empty() {
            continue;
        }
        if around.contains(to) && !movers.more_than_one() {
            // the mover needs a supporter unless it is a slider checking from a distance; the
            // x-ray case is left to the search
            continue;
        }
        for from in movers {
            if pinned.contains(from) && our_king.is_some_and(|k| !aligned(k, from, to)) {
                continue;
            }
            let kind = pos.piece_at(from).kind_unchecked();
            let can_promote = kind.can_promote() && (to.in_zone(us) || from.in_zone(us));
            let mut options = [None, None];
            if can_promote {
                options[0] = Some(Move::board(from, to, true));
            }
            let unpromoted_sensible =
                !can_promote || matches!(kind, PieceKind::Lance | PieceKind::Knight | PieceKind::Silver);
            if unpromoted_sensible && !dead_ranks(us, kind).contains(to) {
                options[1] = Some(Move::board(from, to, false));
            }
            let occ_after = (occ & !Bitboard::from_square(from)) | Bitboard::from_square(to);
            for m in options.into_iter().flatten() {
                let placed = if m.is_promotion() { kind.promote() } else { kind };
                if pos.gives_check(m)
                    && !king_surely_escapes(pos, placed, to, eksq, occ_after)
                    && mates(pos, m)
                {
                    return Some(m);
                }
            }
        }
    }
    None
}

/// Outcome of a [`check_mate_search`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckMateResult {
    /// A forced mate: the moves, attacker first, ending in mate.
    Mate(Vec<Move>),
    /// No mate within the searched depth.
    NoMate,
    /// Stopped before finishing.
    Aborted,
}

struct MateSearch<'a> {
    nodes: u64,
    abort: &'a mut dyn FnMut() -> bool,
    aborted: bool,
}

impl MateSearch<'_> {
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 255 == 0 && (self.abort)() {
            self.aborted = true;
        }
        self.aborted
    }

    /// Attacker to move with `depth` (odd) plies left: a checking move after which every defence
    /// is mated in time.
    fn or_node(&mut self, pos: &mut Position, depth: u32) -> Option<Vec<Move>> {
        if self.tick() {
            return None;
        }
        let mut checks = MoveList::new();
        pos.generate_checks(&mut checks);
        for &m in checks.iter() {
            pos.do_move(m);
            let line = self.and_node(pos, depth - 1);
            pos.undo_move();
            if let Some(mut line) = line {
                line.insert(0, m);
                return Some(line);
            }
            if self.aborted {
                return None;
            }
        }
        None
    }

    /// Defender to move (in check) with `depth` (even) plies left.
    fn and_node(&mut self, pos: &mut Position, depth: u32) -> Option<Vec<Move>> {
        if self.tick() {
            return None;
        }
        let evasions = pos.legal_moves();
        if evasions.is_empty() {
            return Some(Vec::new());
        }
        if depth == 0 {
            return None;
        }
        let mut longest: Option<Vec<Move>> = None;
        for &m in evasions.iter() {
            pos.do_move(m);
            let line = self.or_node(pos, depth - 1);
            pos.undo_move();
            let mut line = line?;
            line.insert(0, m);
            if longest.as_ref().is_none_or(|l| line.len() > l.len()) {
                longest = Some(line);
            }
        }
        longest
    }
}

/// Searches mates over checks only, in 1, 3, 5 ... up to `max_plies` plies. `abort` is polled
/// every few hundred nodes (return true to give up).
pub fn check_mate_search(pos: &Position, max_plies: u32, abort: &mut dyn FnMut() -> bool) -> CheckMateResult {
    let mut pos = pos.clone();
    if pos.in_check() || pos.king_square(pos.side_to_move().flip()).is_none() {
        return CheckMateResult::NoMate;
    }
    let mut s = MateSearch { nodes: 0, abort, aborted: false };
    let mut depth = 1;
    while depth <= max_plies {
        if let Some(line) = s.or_node(&mut pos, depth) {
            return CheckMateResult::Mate(line);
        }
        if s.aborted {
            return CheckMateResult::Aborted;
        }
        depth += 2;
    }
    CheckMateResult::NoMate
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The flight filter only ever skips moves that do not mate: over the positions of random
    /// games, every checking move it skips leaves the king a way out when played.
    #[test]
    fn the_flight_filter_never_skips_a_mate() {
        let mut rng = crate::engine::rng::Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut next = |n: usize| rng.below(n as u64) as usize;
        let (mut skipped, mut mates_seen) = (0, 0);
        for _ in 0..60 {
            let mut pos = Position::startpos();
            for _ in 0..160 {
                let moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
                if moves.is_empty() {
                    break;
                }
                if !pos.in_check()
                    && let Some(eksq) = pos.king_square(pos.side_to_move().flip())
                {
                    for &m in moves.iter().filter(|&&m| pos.gives_check(m)).collect::<Vec<_>>() {
                        let kind = pos.moved_kind(m);
                        let placed = if m.is_promotion() { kind.promote() } else { kind };
                        let mut occ_after = pos.occupied() | Bitboard::from_square(m.to());
                        if !m.is_drop() {
                            occ_after &= !Bitboard::from_square(m.from());
                        }
                        let escapes = king_surely_escapes(&pos, placed, m.to(), eksq, occ_after);
                        let mate = mates(&mut pos, m);
                        assert!(!(escapes && mate), "{} {}", pos.to_sfen(), m);
                        skipped += escapes as usize;
                        mates_seen += mate as usize;
                    }
                }
                // mostly captures, so that hands fill and drops near the kings come up
                let captures: Vec<Move> =
                    moves.iter().copied().filter(|&m| !pos.captured_by(m).is_empty()).collect();
                let m = if !captures.is_empty() && next(3) > 0 {
                    captures[next(captures.len())]
                } else {
                    moves[next(moves.len())]
                };
                pos.do_move(m);
            }
        }
        assert!(skipped > 1000 && mates_seen > 0, "skipped {skipped}, mates {mates_seen}");
    }

    #[test]
    fn head_gold_drop_mate() {
        // gote king on 5a, sente pawn on 5c: G*5b is mate
        let mut pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
        let m = mate_in_one(&mut pos).unwrap();
        assert_eq!(m.usi(), "G*5b");
    }

    #[test]
    fn board_move_mate() {
        // sente gold on 4c supported by a silver on 3d goes to 4b? Here: king 5a, golds 4c and 6c
        // with a pawn on 5c... a gold move to 5b is mate when 5b is supported.
        let mut pos = Position::from_sfen("4k4/9/3GPG3/9/9/9/9/9/4K4 b - 1").unwrap();
        let m = mate_in_one(&mut pos).unwrap();
        pos.do_move(m);
        assert!(pos.is_checkmate());
    }

    #[test]
    fn no_mate_when_none_exists() {
        let mut pos = Position::startpos();
        assert!(mate_in_one(&mut pos).is_none());
    }

    #[test]
    fn three_ply_mate_found() {
        // gote king on 1a, pawn on 1c for sente; sente has a gold and a silver in hand:
        // S*2b is check (king 1b? no: silver on 2b attacks 1a), the king must flee... we only check
        // that whatever is found really mates against every defence
        let pos = Position::from_sfen("7nk/9/7PP/9/9/9/9/9/4K4 b GS 1").unwrap();
        match check_mate_search(&pos, 3, &mut || false) {
            CheckMateResult::Mate(line) => {
                assert!(line.len() % 2 == 1);
                let mut p = pos.clone();
                for m in &line {
                    assert!(p.is_legal(*m));
                    p.do_move(*m);
                }
                assert!(p.is_checkmate());
            }
            other => panic!("expected a mate, got {other:?}"),
        }
    }
}

//! Perft: counts the leaves of the legal-move tree. The last ply is bulk-counted (the move
//! list of each depth-1 node is fully generated and its length taken; no make/unmake there).

use super::movegen::MoveList;
use super::position::Position;
use super::types::Move;

/// Number of leaf nodes at `depth` plies below `pos`.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    pos.generate_legal(&mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut n = 0;
    for &m in list.iter() {
        pos.do_move(m);
        n += perft(pos, depth - 1);
        pos.undo_move();
    }
    n
}

/// Perft split by root move, in generation order.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let list = pos.legal_moves();
    let mut out = Vec::with_capacity(list.len());
    for &m in list.iter() {
        pos.do_move(m);
        let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
        pos.undo_move();
        out.push((m, n));
    }
    out
}

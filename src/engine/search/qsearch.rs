//! Quiescence search (静止探索): the static eval stands pat, then captures and promotions are
//! searched, best first, skipping those that lose material by SEE or cannot lift the score to
//! alpha even with a margin (delta pruning). In check every evasion is searched. No quiet checks:
//! drop checks chain almost without end in shogi.

use super::alphabeta::{INF, MATE_IN_MAX, MAX_PLY, Searcher, from_tt, mated_in, to_tt};
use super::ordering::Scored;
use super::params::*;
use super::picker::Picker;
use super::see::see;
use super::tt::{Bound, TtEntry};
use crate::core::Move;
use crate::engine::eval::params::{exchange_value, promotion_gain};

impl Searcher<'_> {
    /// Quiescence search: stand pat, then captures and promotions (all evasions in check).
    pub(super) fn qsearch<const PV: bool>(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        self.poll();
        if self.stopped {
            return 0;
        }
        if PV {
            self.pv_len[ply] = ply;
            self.seldepth = self.seldepth.max(ply);
        }
        let in_check = self.pos.in_check();
        if ply >= MAX_PLY {
            return if in_check { 0 } else { self.evaluate(ply) };
        }
        let key = self.pos.key();
        let tte = self.tt.probe(key);
        let tt_move = tte.map_or(Move::NONE, |e| e.mv);
        let tt_pv = PV || tte.is_some_and(|e| e.pv);
        if let Some(e) = tte {
            let s = from_tt(e.score, ply);
            if !PV && e.bound.cuts(s, alpha, beta) {
                return s;
            }
        }
        let mut best;
        let eval;
        if in_check {
            best = -INF;
            eval = -INF;
        } else {
            eval = self.static_eval(tte, ply);
            best = eval;
            if best >= beta {
                if tte.is_none() {
                    self.tt.store(
                        key,
                        TtEntry {
                            mv: Move::NONE,
                            score: to_tt(best, ply),
                            eval,
                            depth: -1,
                            bound: Bound::Lower,
                            pv: tt_pv,
                        },
                    );
                }
                return best;
            }
            alpha = alpha.max(best);
        }
        let mut picker = Picker::quiescence(&self.pos, tt_move, self.counter_key(ply));
        let mut best_move = Move::NONE;
        let mut any = false;
        while let Some(Scored { mv: m, score }) = picker.next(&self.picker_context(ply)) {
            any = true;
            if !in_check {
                let cap = self.pos.piece_at(m.to());
                let mut gain = if cap.is_empty() { 0 } else { exchange_value(cap.kind_unchecked()) };
                if m.is_promotion() {
                    gain += promotion_gain(self.pos.moved_kind(m));
                }
                if eval + gain + QS_DELTA <= alpha {
                    continue;
                }
                if score < 0 {
                    continue; // losing exchange by SEE
                }
            } else if best > -MATE_IN_MAX && see(&self.pos, m) < 0 {
                continue;
            }
            self.make(ply, m);
            let v = -self.qsearch::<PV>(-beta, -alpha, ply + 1);
            self.pos.undo_move();
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    best_move = m;
                    if PV {
                        self.update_pv(ply, m);
                    }
                    if v >= beta {
                        break;
                    }
                    alpha = v;
                }
            }
        }
        if in_check && !any {
            return mated_in(ply);
        }
        let bound = if best >= beta { Bound::Lower } else { Bound::Upper };
        let stored_eval = if in_check { 0 } else { eval };
        self.tt.store(
            key,
            TtEntry {
                mv: best_move,
                score: to_tt(best, ply),
                eval: stored_eval,
                depth: -1,
                bound,
                pv: tt_pv,
            },
        );
        best
    }
}

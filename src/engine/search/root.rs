//! The root of the search: iterative deepening with aspiration windows, MultiPV, the early
//! answers (no legal move → resign, impasse declaration → win, a single legal move → play it), and
//! the result and progress types the engine hands out.

use super::alphabeta::{INF, MATE, MATE_IN_MAX, MAX_PLY, Searcher, mate_probe_worthwhile};
use super::defence::DefenceCheck;
use super::dominated::is_dominated;
use super::ordering::{Scored, score_moves};
use super::params::{
    ASPIRATION, ASPIRATION_DEPTH, ASPIRATION_MAX, ASPIRATION_WIDEN, DEFENCE_CHECK_DEPTH, ROOT_MATE_MAX_MS,
    ROOT_MATE_MIN_MS, ROOT_MATE_SHARE,
};
use super::time::{Clock, IterationTimer, Limits};
use super::tt::TranspositionTable;
use crate::core::{Declaration, ImpasseRule, Move, Position, Score};
use crate::engine::mate::{self, MateLimits, MateResult};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// A search value (centipawns, or a mate as `MATE` minus its distance in plies) as a [`Score`]
/// from the side to move's point of view.
pub fn score_of_value(v: i32) -> Score {
    if v >= MATE_IN_MAX {
        match MATE - v {
            0 => Score::MateUnknown(true),
            n => Score::Mate(n),
        }
    } else if v <= -MATE_IN_MAX {
        match MATE + v {
            0 => Score::MATED,
            n => Score::Mate(-n),
        }
    } else {
        Score::Cp(v)
    }
}

/// Progress of a search, reported after each iteration (and each MultiPV line).
#[derive(Clone, Debug)]
pub struct SearchInfo {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based line number when MultiPV > 1.
    pub multipv: usize,
    /// From the side to move's point of view.
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    pub hashfull: u32,
    pub pv: Vec<Move>,
}

/// The answer of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play; `None` means resign (no legal move) or declare (see `declare_win`).
    pub best: Option<Move>,
    /// The expected reply (for pondering).
    pub ponder: Option<Move>,
    /// The side to move can declare an impasse win (USI `bestmove win`).
    pub declare_win: bool,
    pub score: Score,
    pub pv: Vec<Move>,
    pub depth: u32,
    pub nodes: u64,
    pub time_ms: u64,
    /// Every MultiPV line of the last completed iteration: (move, score in cp-scale value).
    pub lines: Vec<(Move, i32)>,
}

impl SearchResult {
    fn immediate(best: Option<Move>, declare_win: bool, value: i32) -> SearchResult {
        SearchResult {
            best,
            ponder: None,
            declare_win,
            score: score_of_value(value),
            pv: best.into_iter().collect(),
            depth: 0,
            nodes: 0,
            time_ms: 0,
            lines: best.map(|m| vec![(m, value)]).unwrap_or_default(),
        }
    }
}

#[derive(Clone, Debug)]
struct RootMove {
    mv: Move,
    score: i32,
    prev_score: i32,
    pv: Vec<Move>,
}

/// Runs a whole search of `pos` under `limits`. With `limits.threads > 1`, helper threads
/// search the same position at staggered depths and share their findings through the
/// transposition table (lazy SMP); the answer is the main thread's.
pub fn run_search(
    pos: &Position,
    limits: &Limits,
    tt: &TranspositionTable,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    if limits.threads <= 1 {
        return main_search(pos, limits, tt, stop, on_info);
    }
    let helpers_stop = AtomicBool::new(false);
    let helper_nodes = AtomicU64::new(0);
    let mut result = std::thread::scope(|scope| {
        for id in 1..limits.threads {
            let (hs, hn) = (&helpers_stop, &helper_nodes);
            let spawned = std::thread::Builder::new()
                .name(format!("helper {id}"))
                .stack_size(64 << 20)
                .spawn_scoped(scope, move || hn.fetch_add(helper_search(pos, tt, hs, id), Ordering::Relaxed));
            if spawned.is_err() {
                break; // fewer helpers is fine
            }
        }
        let r = main_search(pos, limits, tt, stop, on_info);
        helpers_stop.store(true, Ordering::Relaxed);
        r
    });
    result.nodes += helper_nodes.load(Ordering::Relaxed);
    result
}

/// A helper thread's search: iterative deepening with full windows from depth 1 or 2 until
/// told to stop. Returns its node count.
fn helper_search(pos: &Position, tt: &TranspositionTable, stop: &AtomicBool, id: usize) -> u64 {
    let mut s = Searcher::new(pos, tt, stop, Clock::new(&Limits::default(), pos.side_to_move()));
    let mut root: Vec<RootMove> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| !is_dominated(pos, m))
        .map(|mv| RootMove { mv, score: -INF, prev_score: -INF, pv: vec![mv] })
        .collect();
    if root.is_empty() {
        return 0;
    }
    s.stack[0].eval = s.evaluate(0);
    let mut depth = 1 + (id % 2) as i32;
    while depth < MAX_PLY as i32 - 8 && !s.stopped {
        s.root_depth = depth;
        root_search(&mut s, &mut root, -INF, INF, depth, 0);
        root.sort_by_key(|r| std::cmp::Reverse(r.score));
        depth += 1;
    }
    s.nodes
}

/// Milliseconds for the df-pn probe before a search on the clock: a share of the optimum
/// budget, capped (the solver polls no stop flag, so the cap also bounds the answer to `stop`).
/// `None` for analysis and fixed depth/node searches (those stay pure alpha-beta and
/// deterministic) and where no mate is likely.
fn root_mate_budget(pos: &Position, limits: &Limits) -> Option<u64> {
    if !limits.clock_only() {
        return None;
    }
    let (opt, _) = super::time::budgets_now(limits, pos.side_to_move())?;
    let ms = (opt / ROOT_MATE_SHARE).min(ROOT_MATE_MAX_MS);
    (ms >= ROOT_MATE_MIN_MS && mate_probe_worthwhile(pos)).then_some(ms)
}

/// The df-pn mate solver (詰将棋) run for `ms` milliseconds at the root: a long forced mate by
/// checks, beyond what alpha-beta sees at the depths it reaches, wins the game outright.
pub(super) fn root_mate_probe(
    pos: &Position,
    ms: u64,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Option<SearchResult> {
    let limits = MateLimits { time_ms: Some(ms), nodes: None, stop: None, threads: 1, first_line: true };
    let report = mate::solve_with_report(pos, limits);
    let MateResult::Mate(line) = report.result else { return None };
    let first = *line.first()?;
    let plies = line.len() as i32;
    let time_ms = report.elapsed.as_millis() as u64;
    on_info(&SearchInfo {
        depth: plies as u32,
        seldepth: plies as u32,
        multipv: 1,
        score: Score::Mate(plies),
        nodes: report.nodes,
        nps: report.nodes * 1000 / time_ms.max(1),
        time_ms,
        hashfull: 0,
        pv: line.clone(),
    });
    Some(SearchResult {
        best: Some(first),
        ponder: line.get(1).copied(),
        declare_win: false,
        score: Score::Mate(plies),
        depth: plies as u32,
        nodes: report.nodes,
        time_ms,
        lines: vec![(first, MATE - plies)],
        pv: line,
    })
}

fn main_search(
    pos: &Position,
    limits: &Limits,
    tt: &TranspositionTable,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    let legal = pos.legal_moves();
    if legal.is_empty() {
        return SearchResult::immediate(None, false, -MATE);
    }
    if pos.declaration(ImpasseRule::Csa27) == Declaration::Win {
        return SearchResult::immediate(None, true, MATE - 1);
    }
    let mut moves: Vec<Move> = legal.iter().copied().filter(|&m| !is_dominated(pos, m)).collect();
    let clock = Clock::new(limits, pos.side_to_move());
    tt.new_search();
    let mut s = Searcher::new(pos, tt, stop, clock);
    // the histories start from what the last search learnt (the opponent's reply was very
    // likely searched there)
    s.hist = tt.histories.take();
    if let Some(n) = limits.nodes {
        s.node_limit = n;
    }
    if moves.len() == 1 && !limits.infinite && limits.ponder.is_none() {
        let v = s.evaluate(0);
        return SearchResult::immediate(Some(moves[0]), false, v);
    }
    if let Some(ms) = root_mate_budget(pos, limits)
        && let Some(r) = root_mate_probe(pos, ms, on_info)
    {
        return r;
    }
    // initial order: the usual move ordering with the TT move first
    let tt_move = tt.probe(pos.key()).map_or(Move::NONE, |e| e.mv);
    let mut scored: Vec<Scored> = moves.iter().map(|&mv| Scored { mv, score: 0 }).collect();
    score_moves(&s.pos, &s.hist, s.refutations(0), &mut scored, tt_move);
    scored.sort_by_key(|e| std::cmp::Reverse(e.score));
    moves = scored.iter().map(|e| e.mv).collect();
    let mut root: Vec<RootMove> =
        moves.iter().map(|&mv| RootMove { mv, score: -INF, prev_score: -INF, pv: vec![mv] }).collect();

    s.stack[0].eval = s.evaluate(0);
    let multipv = limits.multipv.clamp(1, root.len());
    let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 8).clamp(1, MAX_PLY as u32 - 8) as i32;
    let mut completed = 0u32;
    let mut best_lines: Vec<RootMove> = vec![root[0].clone()];
    let mut timer = IterationTimer::default();

    let mut defence = DefenceCheck::new(pos, limits);

    let mut depth = 0;
    while depth < max_depth {
        depth += 1;
        for r in root.iter_mut() {
            r.prev_score = r.score;
            r.score = -INF;
        }
        s.seldepth = 0;
        s.root_depth = depth;
        for pv_idx in 0..multipv {
            let prev = root[pv_idx].prev_score;
            let mut delta = ASPIRATION;
            let (mut alpha, mut beta) = if depth >= ASPIRATION_DEPTH && prev.abs() < MATE_IN_MAX {
                (prev - delta, prev + delta)
            } else {
                (-INF, INF)
            };
            loop {
                let v = root_search(&mut s, &mut root, alpha, beta, depth, pv_idx);
                root[pv_idx..].sort_by_key(|r| std::cmp::Reverse(r.score));
                if s.stopped {
                    break;
                }
                if v <= alpha {
                    beta = (alpha + beta) / 2;
                    alpha = (v - delta).max(-INF);
                } else if v >= beta {
                    beta = (v + delta).min(INF);
                } else {
                    break;
                }
                delta += delta / 2 + ASPIRATION_WIDEN;
                if delta > ASPIRATION_MAX {
                    alpha = -INF;
                    beta = INF;
                }
            }
            root[..=pv_idx].sort_by_key(|r| std::cmp::Reverse(r.score));
            if s.stopped {
                break;
            }
        }
        if s.stopped {
            // a move that beat the previous best in the unfinished iteration is trustworthy
            if root[0].score > -INF && root[0].score >= root[0].prev_score && completed > 0 {
                best_lines[0] = root[0].clone();
            }
            break;
        }
        // the defence check (defence.rs): a best move after which the opponent mates is taken
        // off the list, and the iteration is searched again without it
        if let Some(check) = defence.as_mut()
            && depth >= DEFENCE_CHECK_DEPTH
            && root.len() > 1
            && root[0].score.abs() < MATE_IN_MAX
            && check.refutation(pos, root[0].mv, &s.clock).is_some()
        {
            root.remove(0);
            best_lines = vec![root[0].clone()];
            if s.clock.out_of_time() {
                break;
            }
            depth -= 1;
            continue;
        }
        completed = depth as u32;
        best_lines = root[..multipv].to_vec();
        let elapsed = s.clock.elapsed_ms();
        for (i, r) in best_lines.iter().enumerate() {
            on_info(&SearchInfo {
                depth: depth as u32,
                seldepth: s.seldepth.max(depth as usize) as u32,
                multipv: i + 1,
                score: score_of_value(r.score),
                nodes: s.nodes,
                nps: s.nodes * 1000 / elapsed.max(1),
                time_ms: elapsed,
                hashfull: tt.hashfull(),
                pv: r.pv.clone(),
            });
        }
        let best = root[0].score;
        if !limits.infinite
            && limits.ponder.is_none()
            && best.abs() >= MATE_IN_MAX
            && (MATE - best.abs()) < depth
        {
            break; // a proven mate (either way): deeper search will not change it
        }
        let scale = timer.record(root[0].mv, best);
        if s.clock.stop_iterating(scale) || s.nodes >= s.node_limit {
            break;
        }
    }

    tt.histories.keep(std::mem::take(&mut s.hist));
    let top = &best_lines[0];
    let score = if top.score > -INF { top.score } else { top.prev_score.max(-INF + 1) };
    let ponder = top.pv.get(1).copied().or_else(|| {
        let mut p = pos.clone();
        p.do_move(top.mv);
        tt.probe(p.key()).map(|e| e.mv).filter(|&m| p.is_legal(m))
    });
    SearchResult {
        best: Some(top.mv),
        ponder,
        declare_win: false,
        score: score_of_value(if score <= -INF { 0 } else { score }),
        pv: top.pv.clone(),
        depth: completed,
        nodes: s.nodes,
        time_ms: s.clock.elapsed_ms(),
        lines: best_lines
            .iter()
            .map(|r| (r.mv, if r.score > -INF { r.score } else { r.prev_score }))
            .collect(),
    }
}

/// One pass over the root moves from `pv_idx` on, with the window (alpha, beta).
#[allow(clippy::needless_range_loop)]
fn root_search(
    s: &mut Searcher,
    root: &mut [RootMove],
    mut alpha: i32,
    beta: i32,
    depth: i32,
    pv_idx: usize,
) -> i32 {
    s.nodes += 1;
    let mut best = -INF;
    for i in pv_idx..root.len() {
        let m = root[i].mv;
        s.pv_len[1] = 1;
        s.make(0, m);
        let mut v;
        if i == pv_idx {
            v = -s.search::<true>(-beta, -alpha, depth - 1, 1, false);
        } else {
            let reduce = if depth >= 4 && i >= pv_idx + 6 && !s.pos.in_check() { 1 } else { 0 };
            v = -s.search::<false>(-alpha - 1, -alpha, depth - 1 - reduce, 1, true);
            if v > alpha && reduce > 0 {
                v = -s.search::<false>(-alpha - 1, -alpha, depth - 1, 1, true);
            }
            if v > alpha && v < beta {
                v = -s.search::<true>(-beta, -alpha, depth - 1, 1, false);
            }
        }
        s.pos.undo_move();
        if s.stopped {
            break;
        }
        if i == pv_idx || v > alpha {
            root[i].score = v;
            let mut pv = vec![m];
            let len = s.pv_len[1];
            if len > 1 {
                pv.extend_from_slice(&s.pv[1][1..len]);
            }
            root[i].pv = pv;
        }
        if v > best {
            best = v;
        }
        if v > alpha {
            alpha = v;
            if v >= beta {
                break;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A depth-6 search of the start position in a fresh 4 MB table.
    fn searched_startpos() -> (Position, TranspositionTable, SearchResult) {
        let tt = TranspositionTable::new(4);
        let stop = AtomicBool::new(false);
        let pos = Position::startpos();
        let r = run_search(&pos, &Limits::depth(6), &tt, &stop, &mut |_| {});
        (pos, tt, r)
    }

    #[test]
    fn principal_variation_nodes_are_marked_in_the_table() {
        let (pos, tt, r) = searched_startpos();
        // the positions along the principal variation below the root were searched as PV nodes
        let mut p = pos.clone();
        for (i, &m) in r.pv.iter().enumerate().take(3) {
            p.do_move(m);
            let e = tt.probe(p.key()).unwrap_or_else(|| panic!("ply {}: no entry", i + 1));
            assert!(e.pv, "ply {}: {} not marked", i + 1, p.to_sfen());
        }
        // and the bit stays off at nodes no PV search reached: a null-window search never sets it
        assert!(
            pos.legal_moves().iter().filter(|&&m| m != r.best.unwrap()).any(|&m| {
                let mut q = pos.clone();
                q.do_move(m);
                tt.probe(q.key()).is_some_and(|e| !e.pv)
            }),
            "every searched root move marked as PV?"
        );
    }

    #[test]
    fn a_search_leaves_its_histories_for_the_next() {
        let (_, tt, r) = searched_startpos();
        assert!(r.best.is_some());
        let h = tt.histories.take();
        assert!(h.history.iter().any(|&v| v != 0), "the search learnt nothing?");
        assert!(h.counter.iter().any(|m| !m.is_none()));
    }

    #[test]
    fn mate_probe_runs_only_on_the_clock_and_where_a_mate_is_likely() {
        let tsume = Position::from_sfen("9/7k1/4N4/5R3/9/9/9/9/K8 b RNP 1").unwrap();
        let byoyomi = Limits { time: [Some(0), Some(0)], byoyomi: 1000, ..Limits::default() };
        assert_eq!(root_mate_budget(&tsume, &byoyomi), Some(ROOT_MATE_MAX_MS));
        assert_eq!(root_mate_budget(&tsume, &Limits::depth(8)), None);
        assert_eq!(root_mate_budget(&tsume, &Limits::nodes(10_000)), None);
        assert_eq!(root_mate_budget(&tsume, &Limits { infinite: true, ..Limits::default() }), None);
        assert_eq!(root_mate_budget(&Position::startpos(), &byoyomi), None);
    }

    #[test]
    fn mate_probe_finds_a_mate_in_seven_and_reports_it() {
        let pos = Position::from_sfen("9/7k1/4N4/5R3/9/9/9/9/K8 b RNP 1").unwrap();
        let mut infos = Vec::new();
        // a generous budget: the solver needs some 10,000 nodes here
        let r = root_mate_probe(&pos, 10_000, &mut |i| infos.push(i.score)).expect("mate found");
        let Score::Mate(n) = r.score else { panic!("{:?}", r.score) };
        assert!(n >= 7 && n % 2 == 1 && n as usize == r.pv.len(), "{n} {:?}", r.pv);
        assert_eq!(infos, vec![r.score]);
        assert_eq!(r.best, r.pv.first().copied());
        let mut p = pos.clone();
        for &m in &r.pv {
            assert!(p.is_legal(m), "{} in {}", m.usi(), p.to_sfen());
            p.do_move(m);
        }
        assert!(p.is_checkmate());
        // no mate: nothing to report
        assert!(root_mate_probe(&Position::startpos(), 50, &mut |_| panic!("no info expected")).is_none());
    }
}

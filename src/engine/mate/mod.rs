//! The mate solver (詰将棋ソルバー): finds a forced checkmate for the side to move where every
//! attacking move is a check (王手), by df-pn (`dfpn.rs`) over a transposition table with the
//! hand-superiority rule (`table.rs`). This file owns the public API, the extraction of the
//! mating line (shortest for the attacker, longest for the defender, as far as the table tells)
//! and its verification by replay. It knows nothing about USI, files or the terminal.

mod dfpn;
mod futile;
mod hands;
pub mod quickmate;
mod table;
pub mod threats;
pub mod tsume;

use crate::core::{Color, Move, Position};
use dfpn::{MAX_PLY, Solver};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Limits of one solve. All `None` means "until solved" (bounded only by memory).
#[derive(Clone, Debug, Default)]
pub struct MateLimits {
    /// Wall-clock budget in milliseconds.
    pub time_ms: Option<u64>,
    /// Node budget (df-pn expansions).
    pub nodes: Option<u64>,
    /// Set to `true` from another thread to stop the search (gives `Unknown`).
    pub stop: Option<Arc<AtomicBool>>,
    /// Threads: with two or more and no node limit, two differently ordered searches run side
    /// by side and the first answer stops the other (see [`solve_with_report`]); 0 or 1 is one
    /// search.
    pub threads: usize,
    /// Any mating line will do: the first proven line, shortened at the root only, without
    /// the reading of the main line (`refine`). For the engine's own probes, which need only
    /// whether there is a mate and a first move, not the time the main line costs.
    pub first_line: bool,
}

/// The answer of the solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateResult {
    /// A forced mate: attacker move, defence, ..., the last attacker move checkmates. The line
    /// has been replayed and verified (every attacker move checks, the end is checkmate).
    Mate(Vec<Move>),
    /// The search proved there is no mate by continuous checks (不詰).
    NoMate,
    /// Stopped by the time or node limit, the stop flag or memory before an answer.
    Unknown,
}

impl MateResult {
    pub fn is_mate(&self) -> bool {
        matches!(self, MateResult::Mate(_))
    }
}

/// A result with the work done, for reporting (`shogiban mate`, USI `info`).
#[derive(Clone, Debug)]
pub struct MateReport {
    pub result: MateResult,
    pub nodes: u64,
    pub elapsed: Duration,
    /// The solve stopped undecided because the memory for its table ran out (under a memory
    /// limit), not at a time or node limit.
    pub out_of_memory: bool,
}

/// The most places the table may grow to (32 bytes each: 32 MB). Twice as many solved fewer
/// hidden-style mates within 1 s (the kernel clears each new page on first touch) and no more
/// of the long ones (decision 0013).
const TABLE_CAPACITY: usize = 1 << 20;
/// A solve given this much time or more and no node limit (`shogiban mate`, USI `go mate`) takes
/// the whole table at once: it fills it within about a second, and one allocation spares it the
/// growths (clearing 32 MB costs a short solve tens of milliseconds, so shorter solves and those
/// with a node limit, which the app's jobs and tsume mode set, start small and grow).
const WHOLE_TABLE_FROM_MS: u64 = 500;

/// Solves the position for the side to move. See [`MateResult`].
pub fn solve(pos: &Position, limits: MateLimits) -> MateResult {
    solve_with_report(pos, limits).result
}

/// How one search of a solve goes.
#[derive(Copy, Clone)]
struct Plan {
    /// Checks of equal numbers in a fixed order of promise (`Solver::order_checks`) rather
    /// than in the order they are generated.
    order_checks: bool,
    /// Short mates first: depth-limited searches of 3, 5, ... plies before the unlimited one.
    short_first: bool,
}

/// A search alone: generated order, short mates first.
const ALONE: Plan = Plan { order_checks: false, short_first: true };

/// The searches of a solve that run side by side: the one a search alone is, and one in the
/// fixed order that goes straight to the unlimited search, giving a long mate all its time
/// while the first finds the short ones.
const SIDE_BY_SIDE: [Plan; 2] = [ALONE, Plan { order_checks: true, short_first: false }];

/// `solve`, also returning the node count and time taken.
///
/// With two threads or more and no node limit, the two searches of `SIDE_BY_SIDE` run side by
/// side, each on its own table, and the first to answer (a mate or a proof that there is none)
/// stops the other, and its answer is the solve's (a mate's line read as the main line,
/// `refine`; the search stopped may only have a line it has not read yet). In the hard
/// positions of a solve they take different lines, so that one of them often finds the mate
/// well before the other would alone (decision 0042: more of the hidden-style samples within
/// 1 s than either order alone). A node limit (the app's jobs, tsume mode) keeps one search,
/// whose answers are the same on every run, and so does a memory limit too tight for two whole
/// tables.
pub fn solve_with_report(pos: &Position, limits: MateLimits) -> MateReport {
    // under a memory limit that leaves no room for two whole tables, one search keeps it all
    if limits.threads < 2 || limits.nodes.is_some() || !table::room_for_tables(2, TABLE_CAPACITY) {
        return solve_one(pos, &limits, ALONE);
    }
    let start = Instant::now();
    let done = Arc::new(AtomicBool::new(false));
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        for plan in SIDE_BY_SIDE {
            let tx = tx.clone();
            let one = MateLimits { stop: Some(Arc::clone(&done)), threads: 1, ..limits.clone() };
            scope.spawn(move || {
                let _ = tx.send(solve_one(pos, &one, plan));
            });
        }
        drop(tx);
        let mut best: Option<MateReport> = None;
        let mut nodes = 0;
        let mut out_of_memory = false;
        loop {
            match rx.recv_timeout(Duration::from_millis(5)) {
                Ok(r) => {
                    nodes += r.nodes;
                    out_of_memory |= r.out_of_memory;
                    if r.result != MateResult::Unknown {
                        done.store(true, Ordering::Relaxed);
                    }
                    // the first answer: a mate read as the main line, or a proof that there is
                    // none (the search it stops may return a line it has not read yet)
                    let better = matches!(best.as_ref().map(|f| &f.result), None | Some(MateResult::Unknown));
                    if better {
                        best = Some(r);
                    }
                }
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                    if limits.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed)) {
                        done.store(true, Ordering::Relaxed);
                    }
                }
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
        let result = best.map_or(MateResult::Unknown, |f| f.result);
        let out_of_memory = out_of_memory && result == MateResult::Unknown;
        MateReport { result, nodes, elapsed: start.elapsed(), out_of_memory }
    })
}

/// One search of a solve, as `plan` says.
fn solve_one(pos: &Position, limits: &MateLimits, plan: Plan) -> MateReport {
    let start = Instant::now();
    let report = |result, nodes| MateReport { result, nodes, elapsed: start.elapsed(), out_of_memory: false };
    let attacker = pos.side_to_move();
    if pos.king_square(attacker.flip()).is_none() {
        return report(MateResult::NoMate, 0);
    }
    if let Some(m) = mate_in_one(pos) {
        return report(MateResult::Mate(vec![m]), 1);
    }
    let deadline = limits.time_ms.map(|ms| start + Duration::from_millis(ms));
    let mut root = pos.clone();
    root.clear_history();
    let mut nodes = 0;

    // Short mates first, by depth-limited searches of 3, 5, ... plies: the first proof is the
    // shortest mate, and in positions full of checks (real games) unlimited df-pn can wander
    // down long lines for millions of nodes before it finds a mate in 7. These searches get at
    // most a quarter of the time (and of the nodes), so that long problems keep most of it for
    // the unlimited one. The second of two searches side by side goes without them.
    let short_deadline = limits.time_ms.map(|ms| start + Duration::from_millis(ms / 4));
    let short_nodes = limits.nodes.map(|n| n / 4);
    let mut shortest_open = 3; // no mate shorter than this many plies remains possible
    // one table for every search of the solve: what a shorter search proved or refuted serves
    // the longer ones (see `Solver::begin_run`)
    let mut solver = Solver::new(attacker, TABLE_CAPACITY, None, None, limits.stop.clone());
    solver.order_checks = plan.order_checks;
    if limits.nodes.is_none() && limits.time_ms.is_some_and(|ms| ms >= WHOLE_TABLE_FROM_MS) {
        solver.table.take_capacity();
    }
    let mut d = if plan.short_first { 3 } else { SHORT_FIRST_MAX_PLY + 2 };
    while d <= SHORT_FIRST_MAX_PLY {
        let budget = remaining(short_nodes, nodes).map_or(SHORT_FIRST_NODES, |r| r.min(SHORT_FIRST_NODES));
        let run = depth_limited(&mut solver, &root, d, budget, short_deadline);
        nodes += run.nodes;
        match run.outcome {
            Limited::Mate(line) => {
                // the shortest mate; its line read as tsume counts it
                let (line, n) =
                    refine(&mut solver, &root, line, refine_budget(limits, nodes, start, deadline));
                return report(MateResult::Mate(line), nodes + n);
            }
            Limited::None => shortest_open = d + 2,
            Limited::Aborted(dfpn::Abort::Nodes | dfpn::Abort::Time)
                if deadline.is_none_or(|t| Instant::now() < t) =>
            {
                break;
            }
            Limited::Aborted(dfpn::Abort::Memory) => {
                return MateReport { out_of_memory: true, ..report(MateResult::Unknown, nodes) };
            }
            Limited::Aborted(_) => return report(MateResult::Unknown, nodes),
            // an unlimited search proved no mate at all exists
            Limited::Refuted => return report(MateResult::NoMate, nodes),
        }
        d += 2;
    }
    if limits.nodes.is_some_and(|max| nodes >= max) {
        return report(MateResult::Unknown, nodes);
    }

    let left = remaining(limits.nodes, nodes);
    solver.begin_run(MAX_PLY, left, deadline);
    let l = solver.search(&mut root);
    nodes += solver.nodes;
    let result = if l.pn == 0 {
        match extract_line(&mut solver, &root) {
            Some(line) if verify_mate_line(pos, &line).is_ok() => {
                let first_nodes = solver.nodes;
                let (line, n) =
                    shorten(&mut solver, &root, line, shortest_open, limits, deadline, first_nodes, nodes);
                nodes += n;
                let budget = refine_budget(limits, nodes, start, deadline);
                let (line, n) = refine(&mut solver, &root, line, budget);
                nodes += n;
                MateResult::Mate(line)
            }
            _ => MateResult::Unknown,
        }
    } else if l.dn == 0 {
        MateResult::NoMate
    } else {
        MateResult::Unknown
    };
    let out_of_memory = result == MateResult::Unknown && solver.table.is_out_of_memory();
    MateReport { out_of_memory, ..report(result, nodes) }
}

/// Longest mate looked for by the depth-limited searches that run before the unlimited one.
const SHORT_FIRST_MAX_PLY: usize = 11;
/// Node budget of each of those searches; the first that runs out of it ends them.
const SHORT_FIRST_NODES: u64 = 200_000;

/// Nodes left of an optional budget after `used`.
fn remaining(max: Option<u64>, used: u64) -> Option<u64> {
    max.map(|m| m.saturating_sub(used))
}

/// What one depth-limited search found.
enum Limited {
    /// A verified mate within the limit.
    Mate(Vec<Move>),
    /// No mate within the limit (there may be a longer one).
    None,
    /// Not even a longer mate exists: the attacker ran out of checks everywhere before the limit.
    Refuted,
    Aborted(dfpn::Abort),
}

struct LimitedRun {
    outcome: Limited,
    nodes: u64,
}

/// A df-pn search for mates of at most `max_ply` plies on the solve's table (which keeps
/// disproofs found under a depth limit with the plies they hold for), within `budget` nodes.
fn depth_limited(
    s: &mut Solver,
    root: &Position,
    max_ply: usize,
    budget: u64,
    deadline: Option<Instant>,
) -> LimitedRun {
    s.begin_run(max_ply, Some(budget), deadline);
    let mut p = root.clone();
    let l = s.search(&mut p);
    let outcome = if l.pn == 0 {
        match extract_line(s, &p) {
            Some(line) if verify_mate_line(root, &line).is_ok() => Limited::Mate(line),
            _ => Limited::Aborted(dfpn::Abort::Nodes),
        }
    } else if l.dn == 0 {
        if s.hit_limit || l.limited { Limited::None } else { Limited::Refuted }
    } else {
        Limited::Aborted(s.abort.unwrap_or(dfpn::Abort::Nodes))
    };
    LimitedRun { outcome, nodes: s.nodes }
}

/// df-pn finds *a* mate, not the shortest. Looks for shorter ones with depth-limited searches
/// (from `from` plies up to `SHORTEN_MAX_PLY`, on the solve's table, then from above for a
/// longer line) and returns the shortest verified line with the nodes spent. They get twice the
/// work of the first search, or half the time or the nodes left under a limit if that is more:
/// a mate in 7 in a middle game can take a depth-limited search far more nodes than df-pn
/// needed to find a mate in 15.
#[allow(clippy::too_many_arguments)]
fn shorten(
    solver: &mut Solver,
    root: &Position,
    line: Vec<Move>,
    from: usize,
    limits: &MateLimits,
    deadline: Option<Instant>,
    first_nodes: u64,
    nodes_before: u64,
) -> (Vec<Move>, u64) {
    let mut spent = 0;
    // under a node limit, half of the nodes left (as half of the time left under a time limit)
    let half_left = remaining(limits.nodes, nodes_before).map_or(0, |r| r / 2);
    let node_budget = first_nodes.saturating_mul(2).saturating_add(20_000).max(half_left);
    let soft_deadline = deadline.map(|t| {
        let now = Instant::now();
        now + t.saturating_duration_since(now) / 2
    });
    // The next run's node budget and deadline: any number of nodes until the soft deadline,
    // then what is left of the node budget (up to the hard deadline only when `past_soft`);
    // `None` when nothing is left.
    let next_run = |spent: u64, past_soft: bool| -> Option<(u64, Option<Instant>)> {
        let in_time = soft_deadline.is_some_and(|t| Instant::now() < t);
        if !in_time && deadline.is_some() && !past_soft {
            return None;
        }
        let budget = if in_time { u64::MAX } else { node_budget.saturating_sub(spent) };
        let budget = remaining(limits.nodes, nodes_before + spent).map_or(budget, |r| r.min(budget));
        (budget > 0).then_some((budget, if in_time { soft_deadline } else { deadline }))
    };
    let mut d = from;
    while d + 2 <= line.len() && d <= SHORTEN_MAX_PLY {
        let Some((budget, stop_at)) = next_run(spent, true) else { break };
        let run = depth_limited(solver, root, d, budget, stop_at);
        spent += run.nodes;
        match run.outcome {
            Limited::Mate(short) if short.len() < line.len() => return (short, spent),
            Limited::Aborted(a) if a != dfpn::Abort::Nodes => return (line, spent), // out of time or stopped
            _ => {}
        }
        d += 2;
    }
    // A longer line: look for a mate two plies shorter than the best so far, again and again,
    // while the time (or the node budget) lasts. Each success is a shorter verified mate; a
    // refutation means the current line is the shortest.
    let mut line = line;
    while line.len() > SHORTEN_MAX_PLY + 2 {
        let Some((budget, stop_at)) = next_run(spent, false) else { break };
        let run = depth_limited(solver, root, line.len() - 2, budget, stop_at);
        spent += run.nodes;
        match run.outcome {
            Limited::Mate(short) if short.len() < line.len() => line = short,
            _ => break,
        }
    }
    (line, spent)
}

/// Longest mate for which a shorter one is looked for after the first proof.
const SHORTEN_MAX_PLY: usize = 15;

/// What the reading of the main line (`refine`) may spend: nodes and a deadline.
#[derive(Copy, Clone, Debug)]
struct RefineBudget {
    nodes: Option<u64>,
    deadline: Option<Instant>,
}

/// The main line may take as much again as the solve has spent so far: the nodes left under a
/// node limit up to the nodes spent (so that answers under a node limit are the same on every
/// run), the time left under a time limit up to the time spent, and without any limit the nodes
/// spent (at least `REFINE_MIN_NODES`); under a time limit it ends a fiftieth of the limit
/// before the deadline.
fn refine_budget(limits: &MateLimits, spent: u64, start: Instant, deadline: Option<Instant>) -> RefineBudget {
    if limits.first_line {
        return RefineBudget { nodes: Some(0), deadline: None };
    }
    let nodes = match (limits.nodes, deadline) {
        (Some(max), _) => Some(max.saturating_sub(spent).min(spent.max(REFINE_MIN_NODES))),
        (None, Some(_)) => None,
        (None, None) => Some(spent.max(REFINE_MIN_NODES)),
    };
    // ends a little before the solve's own deadline, so that the answer comes within the limit
    let reserve = Duration::from_millis(limits.time_ms.unwrap_or(0) / REFINE_RESERVE_DIV);
    let again = Instant::now() + start.elapsed().max(REFINE_MIN_TIME);
    let deadline = deadline.map(|t| again.min(t.checked_sub(reserve).unwrap_or(t)));
    RefineBudget { nodes, deadline }
}

/// The main line's reading ends this fraction of the time limit before the solve's deadline.
const REFINE_RESERVE_DIV: u64 = 50;

const REFINE_MIN_NODES: u64 = 20_000;
const REFINE_MIN_TIME: Duration = Duration::from_millis(20);

/// Reads the main line of a proven mate as tsume counts it: at every defender move of `line`
/// the evasion that holds out longest, at every attacker move the shortest mate. `extract_line`
/// follows the lengths the table recorded, which are the lengths of the proofs found first (a
/// proof found later and shorter does not lower its parents'), so a long line read by them may
/// follow a defence that is mated sooner than another. Here each length is asked of the search
/// itself: at a defender move, is every other evasion mated within the plies the line's own
/// continuation takes? One that is not holds out longer and the line follows it from then on;
/// at an attacker move, is there a mate two plies shorter? Passes over the line repeat until
/// one changes nothing or the budget is spent. Every line adopted is a proven mate from its
/// position, so the line stays a mate whenever it stops; the returned line is verified by
/// replay (the line given is returned if it would not be). Returns the nodes spent.
fn refine(solver: &mut Solver, root: &Position, line: Vec<Move>, budget: RefineBudget) -> (Vec<Move>, u64) {
    let mut asker = Asker { budget, spent: 0 };
    let mut best = line.clone();
    'passes: for _ in 0..REFINE_MAX_PASSES {
        let mut changed = false;
        let mut pos = root.clone();
        let mut i = 0;
        while i < best.len() {
            let rest = best.len() - i;
            if i % 2 == 0 {
                // the attacker: a mate two plies shorter from here?
                if rest >= 3 {
                    match asker.ask(solver, &pos, rest - 2) {
                        None => break 'passes,
                        Some(Limited::Mate(short)) if short.len() < rest => {
                            best.truncate(i);
                            best.extend(short);
                            changed = true;
                            continue; // and shorter still?
                        }
                        Some(_) => {}
                    }
                }
            } else {
                // the defender: an evasion mated only later than the line's own?
                let chosen = best[i];
                let mut longer = None;
                for &e in Solver::node_moves(&mut pos, false).iter() {
                    if e == chosen {
                        continue;
                    }
                    pos.do_move(e);
                    let found = asker.longer_than(solver, &pos, rest - 1);
                    pos.undo_move();
                    match found {
                        None => break 'passes,
                        Some(Some(l)) => {
                            longer = Some((e, l));
                            break;
                        }
                        Some(None) => {}
                    }
                }
                if let Some((e, l)) = longer {
                    best.truncate(i);
                    best.push(e);
                    best.extend(l);
                    changed = true;
                    continue; // the other evasions against the new length
                }
            }
            pos.do_move(best[i]);
            i += 1;
        }
        if !changed {
            break;
        }
    }
    if verify_mate_line(root, &best).is_ok() { (best, asker.spent) } else { (line, asker.spent) }
}

/// Passes over the line at most: each question costs at least a node, so a node budget ends
/// the reading too, but a reading under a time limit whose answers all come from the table
/// stops here.
const REFINE_MAX_PASSES: usize = 64;

/// The questions `refine` asks of the search, within its budget.
struct Asker {
    budget: RefineBudget,
    spent: u64,
}

impl Asker {
    /// Does `pos` (attacker to move) mate within `plies`? `None` when the budget ran out (or
    /// the solve was stopped, or memory ran out): the reading ends. A proof whose line could not
    /// be read back comes as `Limited::Aborted` and leaves only this question open.
    fn ask(&mut self, solver: &mut Solver, pos: &Position, plies: usize) -> Option<Limited> {
        let left = remaining(self.budget.nodes, self.spent);
        if left == Some(0) || self.budget.deadline.is_some_and(|t| Instant::now() >= t) {
            return None;
        }
        let mut p = pos.clone();
        p.clear_history();
        let run =
            depth_limited(solver, &p, plies.min(MAX_PLY), left.unwrap_or(u64::MAX), self.budget.deadline);
        self.spent += run.nodes.max(1);
        if solver.abort.is_some() { None } else { Some(run.outcome) }
    }

    /// The shortest mate from `pos` (attacker to move, after a defence) when it takes more than
    /// `plies`: an unlimited search's line, then the interval between `plies` and its length
    /// halved by depth-limited searches (an unlimited search's line after a defence can be
    /// several times the shortest; when the budget runs out on the way, the line so far).
    /// `Some(None)` when there is a mate within `plies` (or the question stays open), `None` when
    /// the budget ran out before the answer.
    fn longer_than(
        &mut self,
        solver: &mut Solver,
        pos: &Position,
        plies: usize,
    ) -> Option<Option<Vec<Move>>> {
        if !matches!(self.ask(solver, pos, plies)?, Limited::None) {
            return Some(None);
        }
        let Limited::Mate(mut line) = self.ask(solver, pos, MAX_PLY)? else { return Some(None) };
        let mut lo = plies; // no mate within this many plies
        while line.len() > lo + 2 {
            let mid = lo + (line.len() - lo) / 2;
            let mid = if mid.is_multiple_of(2) { mid - 1 } else { mid };
            // out of budget: the longer defence stands with the line it has
            match self.ask(solver, pos, mid) {
                Some(Limited::Mate(l)) if l.len() < line.len() => line = l,
                Some(Limited::None) => lo = mid,
                _ => break,
            }
        }
        Some((line.len() > plies).then_some(line))
    }
}

/// A checking move that mates at once (一手詰), if any. Cheap: one generation plus one evasion
/// test per check. Clones the position; see [`mate_in_one_in`] for the in-place version.
pub fn mate_in_one(pos: &Position) -> Option<Move> {
    let mut p = pos.clone();
    p.clear_history();
    mate_in_one_in(&mut p)
}

/// `mate_in_one` on a position the caller lends (moves are made and taken back; the position
/// is unchanged afterwards). For use inside a search.
pub fn mate_in_one_in(pos: &mut Position) -> Option<Move> {
    let mut checks = crate::core::MoveList::new();
    pos.generate_checks(&mut checks);
    first_mating(pos, &checks)
}

/// The first of `checks` (checking moves of `pos`) that leaves no legal reply.
pub(crate) fn first_mating(pos: &mut Position, checks: &crate::core::MoveList) -> Option<Move> {
    for &m in checks.iter() {
        pos.do_move(m);
        let mated = !pos.has_legal_move();
        pos.undo_move();
        if mated {
            return Some(m);
        }
    }
    None
}

/// The USI engine's answer to `go mate` for a result: `checkmate <moves>`, `checkmate nomate`
/// or `checkmate timeout`.
pub fn usi_checkmate_reply(result: &MateResult) -> String {
    match result {
        MateResult::Mate(line) => {
            let moves: Vec<String> = line.iter().map(|m| m.usi()).collect();
            format!("checkmate {}", moves.join(" "))
        }
        MateResult::NoMate => "checkmate nomate".to_string(),
        MateResult::Unknown => "checkmate timeout".to_string(),
    }
}

/// Checks a mating line by replaying it from `pos`: every move legal, every attacker move a
/// check, an odd number of moves, and the final position checkmate, where by tsume convention
/// a check answered only by futile interpositions (無駄合, see `futile.rs`) is mate. The error says which ply
/// failed and why.
pub fn verify_mate_line(pos: &Position, line: &[Move]) -> Result<(), BadMateLine> {
    if line.is_empty() {
        return Err(BadMateLine::Empty);
    }
    if line.len().is_multiple_of(2) {
        return Err(BadMateLine::EvenLength(line.len()));
    }
    let mut p = pos.clone();
    for (i, &m) in line.iter().enumerate() {
        if !p.is_legal(m) {
            return Err(BadMateLine::Illegal { ply: i + 1, mv: m });
        }
        p.do_move(m);
        if i % 2 == 0 && !p.in_check() {
            return Err(BadMateLine::NoCheck { ply: i + 1, mv: m });
        }
    }
    if !p.in_check() || !Solver::node_moves(&mut p, false).is_empty() {
        return Err(BadMateLine::NotCheckmate);
    }
    Ok(())
}

/// Why a line is not a mating line (plies are 1-based).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadMateLine {
    #[error("empty mating line")]
    Empty,
    #[error("a mating line has an odd number of plies, not {0}")]
    EvenLength(usize),
    #[error("ply {ply}: {mv} is not legal")]
    Illegal { ply: usize, mv: Move },
    #[error("ply {ply}: attacker move {mv} does not give check")]
    NoCheck { ply: usize, mv: Move },
    #[error("the final position is not checkmate")]
    NotCheckmate,
}

/// Reads the mating line back from the table: at attacker nodes the proven check with the
/// shortest mate (a mate in one when there is one), at defender nodes the evasion with the
/// longest, preferring moves other than drops on ties (fewer useless interpositions, 無駄合).
/// A node the table does not prove (overwritten or proven only for the parent's hands) is
/// searched again.
fn extract_line(solver: &mut Solver, root: &Position) -> Option<Vec<Move>> {
    let attacker: Color = solver.attacker;
    let mut pos = root.clone();
    let mut line = Vec::new();
    let mut seen = vec![pos.key()];
    let mut retried = false;
    while line.len() < MAX_PLY {
        let or_node = pos.side_to_move() == attacker;
        if or_node && let Some(m) = mate_in_one(&pos) {
            line.push(m);
            return Some(line);
        }
        let moves = Solver::node_moves(&mut pos, or_node);
        if moves.is_empty() {
            return if or_node { None } else { Some(line) };
        }
        let mut best: Option<(Move, u32)> = None;
        for &m in moves.iter() {
            pos.do_move(m);
            let mut l = solver.lookup_at(&pos, line.len() + 1);
            if !or_node && l.pn != 0 && l.dn != 0 {
                // every evasion must be refuted: finish the proof of this one
                let mut child = pos.clone();
                child.clear_history();
                l = solver.search_at(&mut child, line.len() + 1);
            }
            pos.undo_move();
            if seen.contains(&pos.key_after(m)) {
                continue;
            }
            if l.pn != 0 {
                if or_node {
                    continue;
                }
                return None; // an evasion escapes: the proof was not sound for this path
            }
            let better = match best {
                None => true,
                Some((bm, bd)) if or_node => l.dist < bd || (l.dist == bd && bm.is_drop() && !m.is_drop()),
                Some((bm, bd)) => l.dist > bd || (l.dist == bd && bm.is_drop() && !m.is_drop()),
            };
            if better {
                best = Some((m, l.dist));
            }
        }
        let Some((m, _)) = best else {
            // the table lost the proof of this attacker node: prove it again, once
            if !or_node || retried {
                return None;
            }
            retried = true;
            let mut here = pos.clone();
            here.clear_history();
            if solver.search_at(&mut here, line.len()).pn != 0 {
                return None;
            }
            continue;
        };
        retried = false;
        line.push(m);
        pos.do_move(m);
        seen.push(pos.key());
    }
    None
}

//! Playing a tsume problem (詰将棋) against the solver: the defender's longest resistance to a
//! check, and the judgement of an attacker's move (it must check, and every defence must still
//! be mated).
//!
//! Futile interpositions (無駄合, see `futile.rs`) are not defences: a check answered only by
//! them is mate, and they are never chosen as the reply, as published problems count them.

use super::dfpn::Solver;
use super::{MateLimits, MateResult, solve};
use crate::core::{Move, Position};

/// The defender's answer to a check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Defence {
    /// No defence (futile interpositions do not count): the problem is solved.
    Mated,
    /// The defence that holds out longest, with the mate that remains after it (attacker
    /// first; its length is the plies still to play).
    Resists { reply: Move, mate: Vec<Move> },
    /// This defence escapes: the solver proved there is no mate after it.
    Escapes { reply: Move },
    /// The solver could not decide within its budget after this defence.
    Unclear { reply: Move },
}

/// The defender's longest resistance in `pos` (defender to move, in check): among the evasions
/// other than futile interpositions, the one after which the proven mate is longest (a move
/// other than a drop on a tie). A defence without a mate is returned at once as `Escapes`.
/// `limits` is the budget of each solve.
pub fn longest_resistance(pos: &Position, limits: &MateLimits) -> Defence {
    let mut p = pos.clone();
    let evasions = Solver::node_moves(&mut p, false);
    if evasions.is_empty() {
        return Defence::Mated;
    }
    let mut best: Option<(Move, Vec<Move>)> = None;
    let mut unclear = None;
    for &m in evasions.iter() {
        let mut after = pos.clone();
        after.do_move(m);
        match solve(&after, limits.clone()) {
            MateResult::NoMate => return Defence::Escapes { reply: m },
            MateResult::Unknown => unclear = unclear.or(Some(m)),
            MateResult::Mate(line) => {
                let longer = match &best {
                    None => true,
                    Some((bm, bl)) => {
                        line.len() > bl.len() || line.len() == bl.len() && bm.is_drop() && !m.is_drop()
                    }
                };
                if longer {
                    best = Some((m, line));
                }
            }
        }
    }
    match (unclear, best) {
        (Some(reply), _) => Defence::Unclear { reply },
        (None, Some((reply, mate))) => Defence::Resists { reply, mate },
        (None, None) => Defence::Mated,
    }
}

/// The judgement of an attacker's move in a tsume problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Attack {
    /// Not a legal move at all.
    Illegal,
    /// A legal move, but not a check: in tsume every attacking move must check.
    NotCheck,
    /// A check, but this defence escapes (no mate after it).
    Escapes { reply: Move },
    /// A check the solver could not judge within its budget (this defence was left open).
    Unclear { reply: Move },
    /// Checkmate: the problem is solved.
    Mates,
    /// A good check: the defender's longest resistance and the mate left after it.
    Continues { reply: Move, mate: Vec<Move> },
}

/// Judges the attacker's move `mv` in `pos` (attacker to move) and, when it is a good check,
/// gives the defender's reply.
pub fn judge_attack(pos: &Position, mv: Move, limits: &MateLimits) -> Attack {
    if !pos.is_legal(mv) {
        return Attack::Illegal;
    }
    let mut after = pos.clone();
    after.do_move(mv);
    if !after.in_check() {
        return Attack::NotCheck;
    }
    match longest_resistance(&after, limits) {
        Defence::Mated => Attack::Mates,
        Defence::Escapes { reply } => Attack::Escapes { reply },
        Defence::Unclear { reply } => Attack::Unclear { reply },
        Defence::Resists { reply, mate } => Attack::Continues { reply, mate },
    }
}

/// What [`solution`] finds of a problem's solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    /// One solution: at every attacking turn but the last exactly one check mates.
    One,
    /// 余詰: at the attacking turn after the `line` played so far (the main line's first plies),
    /// both `checks` mate (the first two found; there may be more).
    Several { line: Vec<Move>, checks: Vec<Move> },
    /// No check mates at the attacking turn after `ply` plies, or the mate is not `len` long.
    NotMate { ply: usize },
}

/// The solution of the mate in `len` plies from `pos`, played against the defender's longest
/// resistance: whether exactly one check still mates at every attacking turn but the last
/// (where several mates are let pass, as composers do), and the mate comes at `len`. A check
/// the solver cannot judge within `limits` counts as not mating.
pub fn solution(pos: &Position, len: usize, limits: &MateLimits) -> Solution {
    let mut p = pos.clone();
    let mut plies = 0;
    let mut played = Vec::new();
    while plies < len {
        let checks: Vec<Move> = p.legal_moves().iter().copied().filter(|&m| p.gives_check(m)).collect();
        if plies + 1 == len {
            return if checks.iter().any(|&m| defences(&p, m).is_empty()) {
                Solution::One
            } else {
                Solution::NotMate { ply: plies }
            };
        }
        // the solver's first move is judged first, and the judging stops at a second mate
        let mut checks = checks;
        if let MateResult::Mate(line) = solve(&p, limits.clone())
            && let Some(i) = checks.iter().position(|&m| m == line[0])
        {
            checks.swap(0, i);
        }
        let mut mating = Vec::new();
        for m in checks {
            if mating.len() < 2 && mates(&p, m, limits) {
                mating.push(m);
            }
        }
        match mating.as_slice() {
            [m] => match judge_attack(&p, *m, limits) {
                Attack::Continues { reply, .. } => {
                    p.do_move(*m);
                    p.do_move(reply);
                    played.extend([*m, reply]);
                    plies += 2;
                }
                _ => return Solution::NotMate { ply: plies },
            },
            [] => return Solution::NotMate { ply: plies },
            several => return Solution::Several { line: played, checks: several.to_vec() },
        }
    }
    Solution::NotMate { ply: plies }
}

/// The defender's answers to the check `mv` in `pos`, futile interpositions left out.
fn defences(pos: &Position, mv: Move) -> Vec<Move> {
    let mut after = pos.clone();
    after.do_move(mv);
    Solver::node_moves(&mut after, false).iter().copied().collect()
}

/// Whether the check `mv` in `pos` mates against every defence, as far as the solver can tell
/// within `limits` (the judgement of [`judge_attack`], which stops at the first defence that
/// is not proved lost; moves of pieces are tried before drops, as they escape more often).
fn mates(pos: &Position, mv: Move, limits: &MateLimits) -> bool {
    let mut after = pos.clone();
    after.do_move(mv);
    let mut replies = defences(pos, mv);
    replies.sort_by_key(|m| m.is_drop());
    replies.into_iter().all(|r| {
        let mut p = after.clone();
        p.do_move(r);
        matches!(solve(&p, limits.clone()), MateResult::Mate(_))
    })
}

/// Whether the mate in `len` plies from `pos` has one solution (no 余詰), as [`solution`]
/// judges it.
pub fn has_one_solution(pos: &Position, len: usize, limits: &MateLimits) -> bool {
    solution(pos, len, limits) == Solution::One
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> MateLimits {
        MateLimits { time_ms: Some(5_000), nodes: Some(2_000_000), stop: None, threads: 1, first_line: false }
    }

    /// ☖ king 1a; ☗ pawn 1c and a gold in hand: G*1b mates.
    const ONE: &str = "8k/9/8P/9/9/9/9/9/4K4 b G 1";

    #[test]
    fn checks_are_judged_and_quiet_moves_refused() {
        let pos = Position::from_sfen(ONE).unwrap();
        let mv = |u: &str| pos.parse_usi_move(u).unwrap();
        assert_eq!(judge_attack(&pos, mv("G*1b"), &limits()), Attack::Mates);
        assert_eq!(judge_attack(&pos, mv("G*5e"), &limits()), Attack::NotCheck);
        // G*2b checks, but the king takes it
        let mut after = pos.clone();
        after.do_move(mv("G*2b"));
        let take = after.parse_usi_move("1a2b").unwrap();
        assert_eq!(judge_attack(&pos, mv("G*2b"), &limits()), Attack::Escapes { reply: take });
        assert_eq!(
            judge_attack(&pos, Move::board(mv("5i5h").from(), mv("1c1b").to(), false), &limits()),
            Attack::Illegal
        );
    }

    #[test]
    fn one_solution_is_told_from_several() {
        // G*1b is the one mate in one
        assert!(has_one_solution(&Position::from_sfen(ONE).unwrap(), 1, &limits()));
        // stated as a mate in three, a position with a mate in one has more than one solution
        let two_ways = Position::from_sfen("8k/9/8P/9/9/9/9/9/4K4 b 2G 1").unwrap();
        assert!(!has_one_solution(&two_ways, 3, &limits()), "G*1b mates at once");
        assert!(!has_one_solution(&Position::from_sfen(ONE).unwrap(), 3, &limits()), "not that long");
    }

    #[test]
    fn the_defender_holds_out_longest() {
        // every check on the solver's line is answered until the last one mates
        let pos = Position::from_sfen("8k/9/7P1/9/9/9/9/9/4K4 b RG 1").unwrap();
        match solve(&pos, limits()) {
            MateResult::Mate(line) => {
                let mut p = pos.clone();
                for (i, &m) in line.iter().enumerate() {
                    if i % 2 == 0 {
                        let j = judge_attack(&p, m, &limits());
                        if i + 1 == line.len() {
                            assert_eq!(j, Attack::Mates);
                        } else {
                            let Attack::Continues { mate, .. } = j else { panic!("{j:?}") };
                            assert!(mate.len() % 2 == 1, "ply {i}: {mate:?}");
                        }
                    }
                    p.do_move(m);
                }
            }
            other => panic!("{other:?}"),
        }
    }
}

//! The tsume problems shipped in `assets/tsume/` (composed by the program: random attacking
//! positions kept when the solver proved a mate, and the longer ones by reworking those, graded
//! from a mate in one to fifteen moves; `examples/compose_tsume.rs`): each opens, is proved by
//! the solver at the length its `備考` states, and plays through against the defender's longest
//! resistance with wrong answers (a quiet move, a check that lets the king out) refused. The
//! normal run proves the first problem of every length; the whole set is proved by the ignored
//! tests, in release: `cargo test --release --test engine tsume_problems -- --ignored`.

use shogiban::core::{Move, Position};
use shogiban::engine::mate::tsume::{Attack, Solution, judge_attack, solution};
use shogiban::engine::mate::{MateLimits, MateResult, solve};
use shogiban::record::load_record;

fn limits() -> MateLimits {
    MateLimits { time_ms: None, nodes: Some(3_000_000), stop: None, threads: 1, first_line: false }
}

/// The budget of each solve while playing (one per defence of every check).
fn play_limits() -> MateLimits {
    MateLimits { time_ms: None, nodes: Some(300_000), stop: None, threads: 1, first_line: false }
}

fn problems() -> Vec<(String, Position, usize)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/tsume");
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let (rec, warnings) = load_record(&f).unwrap();
            assert!(warnings.is_empty(), "{}: {warnings:?}", f.display());
            let note = rec.header("備考").unwrap();
            let len: usize = note.strip_suffix("手詰").unwrap().parse().unwrap();
            (f.display().to_string(), rec.initial().clone(), len)
        })
        .collect()
}

/// The first problem of every length: the fast sample the normal run proves.
fn one_of_each_length() -> Vec<(String, Position, usize)> {
    let mut ps = problems();
    ps.dedup_by_key(|(_, _, len)| *len);
    ps
}

#[test]
fn the_set_is_graded_from_a_mate_in_one() {
    let ps = problems();
    assert!(ps.len() >= 50, "{}", ps.len());
    assert!(ps.windows(2).all(|w| w[0].2 <= w[1].2), "ordered by length");
    assert_eq!(ps[0].2, 1);
    assert!(ps.iter().all(|p| p.2 % 2 == 1));
    // every grade from one to fifteen moves is there
    for len in (1..=15).step_by(2) {
        assert!(ps.iter().any(|p| p.2 == len), "no mate in {len}");
    }
    assert_eq!(ps.last().unwrap().2, 15);
}

#[test]
fn one_problem_of_each_length_is_proved_and_plays_through() {
    let ps = one_of_each_length();
    assert_eq!(ps.len(), 8, "one of each length from 1 to 15");
    prove(ps.clone());
    play_through(ps);
}

#[test]
#[ignore = "the whole set: slow in the test profile, run in release"]
fn every_problem_is_proved_at_its_stated_length() {
    prove(problems());
}

#[test]
#[ignore = "the whole set: slow in the test profile, run in release"]
fn every_problem_plays_through_and_wrong_answers_are_refused() {
    play_through(problems());
}

/// The budget of each judgement of `solution` (as `compose_tsume --check` has it).
fn judge_limits() -> MateLimits {
    MateLimits { time_ms: None, nodes: Some(50_000), stop: None, threads: 1, first_line: false }
}

fn number(name: &str) -> &str {
    let file = name.rsplit('/').next().unwrap();
    file.strip_suffix(".kifu").unwrap()
}

/// Every problem keeps the rule published tsume keep: one solution, no 余詰 (decision 0035).
/// The rule, as `tsume::solution` checks it: the solution is played against the defender's
/// longest resistance, and at every attacking turn but the last exactly one check mates (the solver
/// proves a mate after every defence but futile interpositions, of any length). So these count
/// as a second solution: another check that mates as quickly, one that mates only in a longer
/// line (a detour, 迂回) or reaches the same position by other moves (手順前後), and a piece that
/// may be dropped at more than one distance (打ち場所の非限定). What is let pass, as composers
/// do: several mates at the last move, and a defence off the main line that can be mated in
/// more than one way (変化別詰), as only the main line is walked. A check the solver cannot
/// judge within the budget counts as not mating.
fn one_solution_each(ps: Vec<(String, Position, usize)>) {
    for (name, pos, len) in ps {
        match solution(&pos, len, &judge_limits()) {
            Solution::One => {}
            Solution::Several { line, checks } => {
                let ply = line.len();
                let checks: Vec<String> = checks.iter().map(|m| m.usi()).collect();
                panic!(
                    "{name}: more than one solution (余詰): at ply {} {} both mate",
                    ply + 1,
                    checks.join(", ")
                )
            }
            Solution::NotMate { ply } => panic!("{name}: no mate at ply {} of the main line", ply + 1),
        }
    }
}

/// The fast part of the check below: every problem of up to seven moves, and a mate in thirteen.
#[test]
fn short_problems_have_one_solution() {
    let ps: Vec<_> =
        problems().into_iter().filter(|(name, _, len)| *len <= 7 || number(name) == "57").collect();
    assert!(ps.len() >= 40, "{}", ps.len());
    one_solution_each(ps);
}

/// Every problem has one solution (no 余詰).
#[test]
#[ignore = "the whole set: a few minutes in release"]
fn every_problem_has_one_solution() {
    one_solution_each(problems());
}

fn prove(ps: Vec<(String, Position, usize)>) {
    for (name, pos, len) in ps {
        match solve(&pos, limits()) {
            MateResult::Mate(line) => assert_eq!(line.len(), len, "{name}"),
            other => panic!("{name}: {other:?}"),
        }
    }
}

/// A legal move that is not a check, and a check after which the solver finds no mate.
fn wrong_answers(pos: &Position, look_for_escape: bool) -> (Option<Move>, Option<Move>) {
    let mut quiet = None;
    let mut escaping = None;
    let mut checks_tried = 0;
    for &m in pos.legal_moves().iter() {
        let mut p = pos.clone();
        p.do_move(m);
        if !p.in_check() {
            quiet = quiet.or(Some(m));
        } else if look_for_escape && escaping.is_none() && checks_tried < 4 {
            checks_tried += 1;
            if matches!(judge_attack(pos, m, &play_limits()), Attack::Escapes { .. }) {
                escaping = Some(m);
            }
        }
        if quiet.is_some() && (escaping.is_some() || !look_for_escape) {
            break;
        }
    }
    (quiet, escaping)
}

fn play_through(ps: Vec<(String, Position, usize)>) {
    let mut escapes_seen = 0;
    for (name, pos, len) in ps {
        // one check that lets the king out is enough to show it refused
        let (quiet, escaping) = wrong_answers(&pos, escapes_seen == 0);
        if let Some(q) = quiet {
            assert_eq!(judge_attack(&pos, q, &play_limits()), Attack::NotCheck, "{name}");
        }
        if let Some(e) = escaping {
            assert!(matches!(judge_attack(&pos, e, &play_limits()), Attack::Escapes { .. }), "{name}");
            escapes_seen += 1;
        }
        let MateResult::Mate(mut plan) = solve(&pos, limits()) else { panic!("{name}") };
        let mut p = pos.clone();
        let mut plies = 0;
        loop {
            let attack = plan[0];
            match judge_attack(&p, attack, &play_limits()) {
                Attack::Mates => {
                    plies += 1;
                    break;
                }
                Attack::Continues { reply, mate } => {
                    p.do_move(attack);
                    p.do_move(reply);
                    plies += 2;
                    plan = mate;
                }
                other => panic!("{name}: {} answered {other:?}", attack.usi()),
            }
            assert!(plies < 64, "{name}: no end");
        }
        // the defender's longest resistance makes the solution no shorter than stated
        assert!(plies >= len, "{name}: mated in {plies}, stated {len}");
    }
    assert!(escapes_seen > 0, "no problem had a check that lets the king out");
}

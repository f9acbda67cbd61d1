//! The tsume problems shipped in `assets/tsume/` (composed by the program: random attacking
//! positions kept when the solver proved a mate): each opens, is proved by the solver at the
//! length its `備考` states, and plays through against the defender's longest resistance with
//! wrong answers (a quiet move, a check that lets the king out) refused.

use shogiban::core::{Move, Position};
use shogiban::engine::mate::tsume::{Attack, judge_attack};
use shogiban::engine::mate::{MateLimits, MateResult, solve};
use shogiban::record::load_record;

fn limits() -> MateLimits {
    MateLimits { time_ms: None, nodes: Some(3_000_000), stop: None }
}

/// The budget of each solve while playing (one per defence of every check).
fn play_limits() -> MateLimits {
    MateLimits { time_ms: None, nodes: Some(300_000), stop: None }
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

#[test]
fn every_problem_is_proved_at_its_stated_length() {
    let ps = problems();
    assert!(ps.len() >= 5);
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

#[test]
fn every_problem_plays_through_and_wrong_answers_are_refused() {
    let mut escapes_seen = 0;
    for (name, pos, len) in problems() {
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

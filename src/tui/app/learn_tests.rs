use super::*;
use crate::engine::analysis::game::{GameAnalysis, MoveJudgement};
use crate::tui::app::{Mode, Popup};
use crate::tui::event::Command;
use crate::tui::jobs::{JobKind, JobRequest};
use crate::tui::keymap::Action;
use std::time::Instant;

/// A learn-mode search command the app handed out, as these tests look at it.
#[derive(Debug, PartialEq)]
enum Asked {
    Evaluate { pos: Box<Position>, movetime_ms: u64 },
    Cancel,
}

/// The next learn-mode search command in the outbox.
fn learn_command(a: &mut App) -> Option<Asked> {
    let learn = |c: &Command| {
        matches!(
            c,
            Command::Start(JobRequest::Study(StudyJob::Learn { .. }))
                | Command::Stop(JobKind::Study(StudyKind::Learn))
        )
    };
    Some(match a.outbox.take_first(learn)? {
        Command::Start(JobRequest::Study(StudyJob::Learn { pos, movetime_ms })) => {
            Asked::Evaluate { pos, movetime_ms }
        }
        _ => Asked::Cancel,
    })
}

/// Whether `c` starts or stops the analysis or the whole-game analysis.
fn is_study(c: &Command) -> bool {
    matches!(
        c,
        Command::Start(JobRequest::Study(StudyJob::Analyse { .. } | StudyJob::AnalyseGame { .. }))
            | Command::Stop(JobKind::Study(StudyKind::Analysis | StudyKind::GameAnalysis))
    )
}

const KIF: &str = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n";

fn mv(pos: &Position, usi: &str) -> Move {
    pos.parse_usi_move(usi).unwrap()
}

/// Feeds `a` a whole-game analysis of `KIF` that marks ☗'s ２二角成 (move 3) 悪手, with
/// ２六歩 as the engine's best before it.
fn analyse(a: &mut App) {
    a.toggle_game_analysis();
    while a.outbox.take_first(is_study).is_some() {}
    let moves = a.record().main_line_moves();
    let lines: [&[&str]; 5] = [&["7g7f"], &["3c3d"], &["2g2f", "8c8d"], &["3a2b"], &["2g2f"]];
    let mut analysis = GameAnalysis::default();
    let mut pos = Position::startpos();
    for ply in 0..5 {
        if ply > 0 {
            pos.do_move(moves[ply - 1]);
        }
        let pv: Vec<Move> = lines[ply].iter().map(|u| Move::from_usi(u).unwrap()).collect();
        let eval = PositionEval {
            score: Score::Cp([0, 30, 20, -700, -650][ply]),
            best: pv.first().copied(),
            pv,
            depth: 5,
            nodes: 10,
        };
        let j = (ply > 0).then(|| MoveJudgement { loss: 0.0, mark: (ply == 3).then_some(2), best: false });
        a.on_game_progress(ply, &eval, j.as_ref());
        analysis.evals.push(eval);
        analysis.judgements.extend(j);
    }
    a.on_game_analysis_done(&analysis);
}

fn app() -> App {
    let (rec, _) = crate::record::read_text(KIF, crate::record::Format::Kifu).unwrap();
    App::with_record(rec)
}

fn evaluation(cp: i32, pv: &[&str]) -> PositionEval {
    let pv: Vec<Move> = pv.iter().map(|u| Move::from_usi(u).unwrap()).collect();
    PositionEval { score: Score::Cp(cp), best: pv.first().copied(), pv, depth: 9, nodes: 100 }
}

fn screen(a: &App) -> String {
    crate::tui::view::screen_text(a, 80, 24, Instant::now())
}

#[test]
fn learn_mode_steps_to_the_marked_move_and_judges_tries_without_changing_the_record() {
    let mut a = app();
    analyse(&mut a);
    let before = a.record().clone();
    a.take_dirty();
    a.start_learn();
    let l = a.learn().expect("learn mode on");
    assert_eq!((l.item().0.ply, l.item().0.mark, l.side()), (3, Mark::Mistake, None));
    // the position before ２二角成, ☗ to move
    assert_eq!(a.main_line_ply(), Some(2));
    assert!(a.message().contains("move 3") && a.message().contains("悪手"), "{}", a.message());
    assert!(!screen(&a).contains("２六歩"), "the answer is shown before a try");

    // the move played is refused at once
    assert!(!a.submit_move(mv(a.pos(), "8h2b+")));
    let Phase::Judged(v) = a.learn().unwrap().phase().clone() else { panic!("not judged") };
    assert!(!v.good && v.same_as == Some(Same::Played));
    assert!(a.learn().unwrap().answer_shown());
    assert!(screen(&a).contains("best +20 ▲２六歩△８四歩"), "{}", screen(&a));

    // a try is searched; a bad one is refused and the engine's lines are shown
    a.learn_action(Action::Retry);
    assert!(!screen(&a).contains("２六歩"));
    assert!(!a.submit_move(mv(a.pos(), "1g1f")));
    assert!(matches!(a.learn().unwrap().phase(), Phase::Evaluating(_)));
    let mut cmds = std::iter::from_fn(|| learn_command(&mut a)).collect::<Vec<_>>();
    let Some(Asked::Evaluate { pos, movetime_ms }) = cmds.pop() else { panic!("{cmds:?}") };
    assert!(cmds.iter().all(|c| *c == Asked::Cancel), "{cmds:?}");
    assert_eq!(movetime_ms, a.settings().game_analysis_ms);
    assert_eq!(pos.last_move(), Some(Move::from_usi("1g1f").unwrap()));
    a.on_learn_eval(evaluation(-600, &["2b8h+", "7i8h"]));
    let Phase::Judged(v) = a.learn().unwrap().phase().clone() else { panic!("not judged") };
    assert!(!v.good && v.loss > 20.0, "{v:?}");
    let s = screen(&a);
    assert!(s.contains("× ▲１六歩") && s.contains("after it △８八角成▲同銀"), "{s}");
    assert!(s.contains("best +20 ▲２六歩"), "{s}");

    // a try that keeps the evaluation is accepted
    a.learn_action(Action::Retry);
    a.submit_move(mv(a.pos(), "6i7h"));
    while let Some(cmd) = learn_command(&mut a) {
        if let Asked::Evaluate { .. } = cmd {
            a.on_learn_eval(evaluation(5, &["8c8d"]));
        }
    }
    let Phase::Judged(v) = a.learn().unwrap().phase().clone() else { panic!("not judged") };
    assert!(v.good, "{v:?}");
    assert!(screen(&a).contains("○ ▲７八金"), "{}", screen(&a));
    // the engine's own move needs no search
    a.learn_action(Action::Retry);
    a.submit_move(mv(a.pos(), "2g2f"));
    assert!(matches!(a.learn().unwrap().phase(), Phase::Judged(Verdict { good: true, .. })));

    // the record never changed; quitting leaves it as it was
    a.learn_action(Action::NextItem);
    assert_eq!(a.main_line_ply(), Some(2), "one item: next wraps to it");
    a.quit_learn();
    assert!(!a.learning());
    assert_eq!(a.record(), &before);
    assert!(!a.take_dirty(), "a try marked the record changed");
}

#[test]
fn without_analysis_learn_mode_offers_it_and_starts_when_it_is_done() {
    let mut a = app();
    a.start_learn();
    assert_eq!(a.popup(), Some(&Popup::ConfirmLearnAnalysis));
    assert!(screen(&a).contains("no analysis yet"), "{}", screen(&a));
    a.answer_learn_analysis(false);
    assert!(a.popup().is_none() && a.game_analysis_progress().is_none());
    a.start_learn();
    a.answer_learn_analysis(true);
    assert!(matches!(
        a.outbox.take_first(is_study),
        Some(Command::Start(JobRequest::Study(StudyJob::AnalyseGame { .. })))
    ));
    // the analysis helper starts its own run: replace it by the canned one
    analyse(&mut a);
    assert!(a.learning(), "{}", a.message());
}

#[test]
fn against_the_computer_only_the_humans_moves_are_learned_and_the_engine_waits() {
    let mut a = app();
    analyse(&mut a);
    // ☗ is the computer: its 悪手 is not the player's
    a.play.players = [Player::Engine, Player::Human];
    a.start_learn();
    assert!(!a.learning());
    assert!(a.message().contains("☖"), "{}", a.message());
    a.play.players = [Player::Human, Player::Engine];
    a.start_learn();
    assert!(a.learn().unwrap().side_fixed());
    a.learn_action(Action::SwitchSide);
    assert_eq!(a.learn().unwrap().side(), Some(Color::Black));
    a.submit_move(mv(a.pos(), "1g1f"));
    assert!(!a.engine_to_move(), "the computer played in learn mode");
}

#[test]
fn leaving_the_position_ends_learn_mode_and_a_move_there_is_played() {
    let mut a = app();
    analyse(&mut a);
    a.start_learn();
    a.to_start();
    assert!(a.submit_move(mv(a.pos(), "2g2f")), "a move away from the item is played");
    assert!(!a.learning());
}

#[test]
fn another_record_ends_learn_mode_and_a_game_in_progress_refuses_it() {
    let mut a = app();
    analyse(&mut a);
    a.start_learn();
    assert!(a.learning());
    assert!(matches!(a.mode(), Mode::Learn(_)));
    a.start_new_game(a.last_choice());
    assert!(!a.learning() && a.learn_position().is_none());
    assert!(matches!(a.mode(), Mode::Board), "a new record leaves learn mode");
    assert!(!screen(&a).contains("復習"));
    a.start_learn();
    assert!(!a.learning());
    assert_eq!(a.message(), a.text().learn_in_game);
}

#[test]
fn a_try_is_searched_off_the_ui_thread_and_judged() {
    let mut a = app();
    analyse(&mut a);
    a.settings.game_analysis_ms = 50;
    a.start_learn();
    a.submit_move(mv(a.pos(), "1g1f"));
    crate::tui::app::tests_support::run_jobs_until(&mut a, |a| {
        !matches!(a.learn().unwrap().phase(), Phase::Evaluating(_))
    });
    let Phase::Judged(v) = a.learn().unwrap().phase().clone() else { panic!("no answer in time") };
    assert!(v.score.is_some() && !v.reply.is_empty(), "{v:?}");
}

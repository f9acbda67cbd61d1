//! State-machine tests of tsume mode (詰将棋), the solver run in the test's thread: a shipped
//! problem played through against the longest resistance, wrong answers refused with their
//! reason, take-backs, the solution on request, and answers no longer waited for dropped.

use super::*;
use crate::core::{Color, Move};
use crate::engine::mate::tsume::{Attack, judge_attack};
use crate::engine::mate::{MateLimits, MateResult, solve};
use crate::tui::event::Command;
use crate::tui::jobs::{FileJob, JobKind, JobRequest, MateJob, MateKind, TsumeAnswer};
use crate::tui::settings::{Language, Settings};

/// A solver command the app handed out, as these tests look at it.
#[derive(Debug)]
enum Asked {
    Judge {
        pos: Box<Position>,
        mv: Move,
    },
    Solve {
        pos: Box<Position>,
    },
    /// Both the judging and the solving stopped.
    Stop,
}

/// The next solver command in the outbox.
fn tsume_command(app: &mut App) -> Option<Asked> {
    let solver = |c: &Command| {
        matches!(
            c,
            Command::Start(JobRequest::Mate(MateJob::TsumeJudge { .. } | MateJob::TsumeSolve { .. }))
                | Command::Stop(JobKind::Mate(MateKind::TsumeJudge | MateKind::TsumeSolve))
        )
    };
    Some(match app.outbox.take_first(solver)? {
        Command::Start(JobRequest::Mate(MateJob::TsumeJudge { pos, mv })) => Asked::Judge { pos, mv },
        Command::Start(JobRequest::Mate(MateJob::TsumeSolve { pos })) => Asked::Solve { pos },
        Command::Stop(JobKind::Mate(MateKind::TsumeJudge)) => {
            let solve_stopped =
                app.outbox.take_first(|c| matches!(c, Command::Stop(JobKind::Mate(MateKind::TsumeSolve))));
            assert!(solve_stopped.is_some(), "the judging stopped without the solving");
            Asked::Stop
        }
        other => panic!("not a stop of both: {other:?}"),
    })
}

/// Answers `cmd` here, as the solver's job would (`None` for `Stop`).
fn answer(cmd: Asked) -> Option<TsumeAnswer> {
    match cmd {
        Asked::Judge { pos, mv } => Some(TsumeAnswer::Judged(judge_attack(&pos, mv, &limits()))),
        Asked::Solve { pos } => Some(TsumeAnswer::Solved(solve(&pos, limits()))),
        Asked::Stop => None,
    }
}

/// Runs every queued solver command here and hands the answers to the app; writes the
/// progress the app asked to write, as the files lane would.
fn pump(app: &mut App) {
    while let Some(cmd) = tsume_command(app) {
        if let Some(a) = answer(cmd) {
            app.on_tsume_answer(a);
        }
    }
    let progress = |c: &Command| matches!(c, Command::Start(JobRequest::Files(FileJob::TsumeProgress(_))));
    while let Some(Command::Start(JobRequest::Files(FileJob::TsumeProgress(p)))) =
        app.outbox.take_first(progress)
    {
        app.on_tsume_progress_written(p.save().map_err(|e| e.to_string()));
    }
}

fn english_app() -> App {
    let mut app = App::new(Position::startpos());
    app.set_settings(Settings { language: Language::En, ..Settings::default() });
    app
}

/// Opens shipped problem `n` (1-based) from the list.
/// The number (1-based) of the first shipped problem of `plies`.
fn first_of_length(plies: usize) -> usize {
    shipped_problems().iter().position(|p| p.length == Some(plies)).expect("a problem of that length") + 1
}

fn open_problem(app: &mut App, n: usize) {
    app.open_tsume_list();
    app.tsume_list_step(n as i32);
    app.tsume_list_confirm();
    pump(app);
}

fn limits() -> MateLimits {
    MateLimits { time_ms: None, nodes: Some(300_000), stop: None, threads: 1, first_line: false }
}

#[test]
fn the_shipped_problems_read_with_their_lengths() {
    let ps = shipped_problems();
    assert!(ps.len() >= 50, "{}", ps.len());
    assert!(ps.iter().all(|p| p.length.is_some_and(|n| n % 2 == 1)), "{ps:?}");
    // graded: shortest first, from a mate in one
    assert!(ps.windows(2).all(|w| w[0].length <= w[1].length), "{ps:?}");
    assert_eq!(ps[0].length, Some(1));
    // every grade from one to fifteen moves
    for len in (1..=15).step_by(2) {
        assert!(ps.iter().any(|p| p.length == Some(len)), "no mate in {len}");
    }
    for (n, p) in ps.iter().enumerate() {
        assert_eq!(p.title, format!("shogiban 詰将棋 第{}番", n + 1));
    }
}

#[test]
fn a_shipped_problem_plays_through_with_wrong_answers_refused() {
    let mut app = english_app();
    open_problem(&mut app, first_of_length(5));
    let t = app.tsume().expect("tsume mode");
    assert_eq!((t.length(), t.attacker()), (Some(5), Color::Black));
    assert!(!app.message().contains("solver could not"), "{}", app.message());
    let start = app.pos().clone();

    // a quiet move is refused at once, without the solver
    let quiet = start.legal_moves().iter().copied().find(|&m| !start.gives_check(m)).expect("a quiet move");
    assert!(!app.submit_move(quiet));
    assert!(app.message().contains("not a check"), "{}", app.message());
    assert_eq!(app.ply(), 0);
    assert!(tsume_command(&mut app).is_none());

    // a check that lets the king out is refused with the defence that escapes
    let escaping = start.legal_moves().iter().copied().find(|&m| {
        start.gives_check(m) && matches!(judge_attack(&start, m, &limits()), Attack::Escapes { .. })
    });
    if let Some(m) = escaping {
        app.submit_move(m);
        assert!(app.tsume().unwrap().busy());
        pump(&mut app);
        assert!(app.message().contains("no mate any more"), "{}", app.message());
        assert_eq!(app.ply(), 0);
    }

    // the solution, played move by move, is answered until mate
    let MateResult::Mate(mut plan) = solve(&start, limits()) else { panic!("no mate") };
    let mut plies = 0;
    while !app.tsume().unwrap().solved() {
        let before = app.ply();
        app.submit_move(plan[0]);
        assert!(app.message().contains("thinking"), "{}", app.message());
        pump(&mut app);
        assert!(app.ply() > before, "{} refused: {}", plan[0].usi(), app.message());
        plies = app.ply();
        if app.tsume().unwrap().solved() {
            break;
        }
        assert!(app.message().contains("more"), "{}", app.message());
        assert_eq!(app.pos().side_to_move(), Color::Black);
        let MateResult::Mate(rest) = solve(app.pos(), limits()) else { panic!("no mate left") };
        plan = rest;
        assert!(plies < 40);
    }
    assert_eq!(plies, 5);
    assert!(app.message().contains("solved in 5"), "{}", app.message());
    assert!(app.status().is_over());

    // a move after the mate is refused; take-backs go back to the attacker's turn
    app.tsume_undo();
    assert_eq!(app.ply(), 4);
    assert!(!app.tsume().unwrap().solved());
    app.tsume_undo();
    assert_eq!(app.ply(), 2);
    assert_eq!(app.pos().side_to_move(), Color::Black);

    // the solution on request
    app.tsume_show_solution();
    pump(&mut app);
    assert!(app.message().starts_with("solution: ▲"), "{}", app.message());
}

#[test]
fn the_defender_is_not_moved_by_hand_and_stale_answers_are_dropped() {
    let mut app = english_app();
    open_problem(&mut app, first_of_length(5));
    let start = app.pos().clone();
    let MateResult::Mate(plan) = solve(&start, limits()) else { panic!() };
    app.submit_move(plan[0]);
    // a second move while the first is judged waits
    app.submit_move(plan[0]);
    assert!(app.message().contains("still thinking"), "{}", app.message());
    // leaving the problem drops the answer
    let cmd = tsume_command(&mut app).expect("the judge request");
    app.leave_tsume();
    if let Some(a) = answer(cmd) {
        app.on_tsume_answer(a);
    }
    assert_eq!(app.ply(), 0);
    assert!(app.tsume().is_none());

    // with the defender to move (after stepping through the record), moves are the app's
    open_problem(&mut app, first_of_length(5));
    app.submit_move(plan[0]);
    pump(&mut app);
    assert_eq!(app.ply(), 2);
    app.game.back();
    let reply = app.game.record().main_line()[1];
    let mv = app.game.record().node(reply).mv;
    assert!(!app.submit_move(mv));
    assert!(app.message().contains("defender"), "{}", app.message());
}

#[test]
fn the_position_shown_becomes_a_problem_and_one_without_a_mate_says_so() {
    let mut app = english_app();
    app.game = crate::record::Cursor::new(crate::record::GameRecord::new(
        Position::from_sfen("8k/9/8P/9/9/9/9/9/4K4 b G 1").unwrap(),
    ));
    app.open_tsume_list();
    app.tsume_list_confirm();
    pump(&mut app);
    assert_eq!(app.tsume().unwrap().length(), Some(1));
    assert!(!app.submit_move(Move::from_usi("G*1b").unwrap()), "judged first");
    pump(&mut app);
    assert!(app.tsume().unwrap().solved(), "{}", app.message());

    // no mate: said at the start
    app.game = crate::record::Cursor::new(crate::record::GameRecord::new(
        Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1").unwrap(),
    ));
    app.leave_tsume();
    app.open_tsume_list();
    app.tsume_list_confirm();
    pump(&mut app);
    assert!(app.message().contains("no mate"), "{}", app.message());
}

#[test]
fn a_move_may_be_tried_before_the_first_solve_answers() {
    let mut app = english_app();
    app.open_tsume_list();
    app.tsume_list_step(first_of_length(5) as i32);
    app.tsume_list_confirm();
    // the start solve is still queued: the first move is judged all the same
    let start_solve = tsume_command(&mut app).expect("stop");
    assert!(matches!(start_solve, Asked::Stop));
    let start_solve = tsume_command(&mut app).expect("the start solve");
    let MateResult::Mate(plan) = solve(app.pos(), limits()) else { panic!() };
    app.submit_move(plan[0]);
    pump(&mut app);
    assert_eq!(app.ply(), 2, "{}", app.message());
    let reply_message = app.message().to_string();
    // the start solve's late answer neither changes the message nor the plan of this position
    app.on_tsume_answer(answer(start_solve).unwrap());
    assert_eq!(app.message(), reply_message);
    app.tsume_show_solution();
    assert!(app.message().starts_with("solution: ▲"), "{}", app.message());
}

#[test]
fn the_solution_asked_for_while_the_solver_works_comes_when_it_is_found() {
    let mut app = english_app();
    app.open_tsume_list();
    app.tsume_list_step(first_of_length(5) as i32);
    app.tsume_list_confirm();
    // the start solve is still queued: S says so, and its answer shows the solution
    assert!(app.tsume().unwrap().busy());
    app.tsume_show_solution();
    assert!(app.message().starts_with("solving…"), "{}", app.message());
    pump(&mut app);
    assert!(app.message().starts_with("solution: ▲"), "{}", app.message());
    assert_eq!(app.tsume().unwrap().length(), Some(5));
}

#[test]
fn solving_is_answered_by_the_tsume_jobs_report_through_the_runner() {
    let mut app = english_app();
    app.open_tsume_list();
    app.tsume_list_step(first_of_length(7) as i32);
    app.tsume_list_confirm();
    app.tsume_show_solution();
    assert!(app.message().starts_with("solving…"), "{}", app.message());
    // as the event loop does: the solve runs as a job, its report comes back through on_job
    super::tests_support::run_jobs_until(&mut app, |a| !a.tsume().unwrap().busy());
    assert!(app.message().starts_with("solution: ▲"), "{}", app.message());
    assert_eq!(app.tsume().unwrap().length(), Some(7));
}

#[test]
fn a_problem_file_opened_for_review_keeps_its_title_and_length() {
    let n = first_of_length(7);
    let (rec, _) =
        crate::record::read_text(super::tsume::SHIPPED[n - 1], crate::record::Format::Kifu).unwrap();
    let mut app = App::with_record(rec);
    app.open_tsume_list();
    app.tsume_list_confirm();
    let t = app.tsume().unwrap();
    assert_eq!((t.title(), t.length()), (format!("shogiban 詰将棋 第{n}番").as_str(), Some(7)));
}

#[test]
fn a_solved_problem_is_remembered_and_counted_in_the_list() {
    let d = crate::tui::test_dir::TempDir::new("tsume-solved");
    let file = d.0.join("tsume-solved.txt");
    let mut app = english_app();
    app.set_tsume_progress(crate::tui::storage::tsume_progress::TsumeProgress::load(file.clone()));
    assert_eq!(app.tsume_progress().0, 0);
    open_problem(&mut app, first_of_length(5));
    while !app.tsume().unwrap().solved() {
        let MateResult::Mate(plan) = solve(app.pos(), limits()) else { panic!("no mate") };
        app.submit_move(plan[0]);
        pump(&mut app);
        assert!(app.ply() < 40, "{}", app.message());
    }
    let all = shipped_problems().len();
    assert_eq!(app.tsume_progress(), (1, all));
    assert!(app.tsume_solved(&shipped_problems()[first_of_length(5) - 1]));
    // a later launch reads it back
    let mut later = english_app();
    later.set_tsume_progress(crate::tui::storage::tsume_progress::TsumeProgress::load(file));
    assert_eq!(later.tsume_progress(), (1, all));
    later.open_tsume_list();
    let s = crate::tui::view::screen_text(&later, 120, 40, std::time::Instant::now());
    assert!(s.contains(&format!("1 of {all} solved")), "{s}");
    assert!(s.contains(&format!("✓ shogiban 詰将棋 第{}番", first_of_length(5))), "{s}");
}

#[test]
fn one_mode_at_a_time_and_the_list_is_a_popup_over_it() {
    let mut app = english_app();
    open_problem(&mut app, 1);
    assert!(matches!(app.mode(), Mode::Tsume(_)));
    // the problem list opens over tsume mode and closes back to it
    app.open_tsume_list();
    assert!(matches!(app.overlay(), Some(Overlay::Popup(Popup::TsumeList { row: 0 }))));
    assert!(matches!(app.mode(), Mode::Tsume(_)));
    app.tsume_list_action(None);
    assert!(app.overlay().is_none() && app.tsume().is_some());
    // the editor takes the place of tsume mode (its solver is stopped), and cancelling it
    // goes back to the board with the problem's record for review
    let record = app.record().clone();
    while tsume_command(&mut app).is_some() {}
    app.open_editor();
    assert!(matches!(app.mode(), Mode::Editor(_)) && app.tsume().is_none());
    assert!(matches!(tsume_command(&mut app), Some(Asked::Stop)));
    app.editor_exit(EditorExit::Cancel);
    assert!(matches!(app.mode(), Mode::Board));
    assert_eq!(*app.record(), record);
}

#[test]
fn the_messages_name_the_keys_as_remapped() {
    let text =
        r#"{"version": 1, "language": "en", "keys": {"undo": "z", "solution": "F", "tsume_problems": "J"}}"#;
    let parsed = crate::tui::settings::parse(text, Settings::default());
    assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
    let mut app = App::new(Position::startpos());
    app.set_settings(parsed.settings);
    app.game = crate::record::Cursor::new(crate::record::GameRecord::new(
        Position::from_sfen("8k/9/8P/9/9/9/9/9/4K4 b G 1").unwrap(),
    ));
    app.open_tsume_list();
    app.tsume_list_confirm();
    pump(&mut app);
    assert!(app.message().contains("(F solution, z take back)"), "{}", app.message());
    app.submit_move(Move::from_usi("G*1b").unwrap());
    pump(&mut app);
    assert!(app.tsume().unwrap().solved(), "{}", app.message());
    app.tsume_show_solution();
    assert_eq!(app.message(), "solved: z takes back, J for another problem");
}

use super::*;
use crate::core::{Move, Position};
use crate::engine::search::time::Limits;
use crate::record::GameRecord;
use crate::tui::test_dir::TempDir;
use std::sync::mpsc::{self, Receiver};
use std::time::Instant;

fn runner(computer: Computer) -> (Runner, Receiver<JobEvent>) {
    let (tx, rx) = mpsc::channel();
    let tx = std::sync::Mutex::new(tx);
    let runner = Runner::new(
        move |e| {
            let _ = tx.lock().unwrap().send(e);
        },
        computer,
    );
    (runner, rx)
}

/// The next event the runner lets through, within a minute.
fn next_accepted(runner: &mut Runner, rx: &Receiver<JobEvent>) -> JobEvent {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let ev = rx.recv_timeout(left).expect("no report within a minute");
        if let Some(ev) = runner.accept(ev) {
            return ev;
        }
    }
}

/// The last report of the job waited for, with the events let through before it.
fn finished(runner: &mut Runner, rx: &Receiver<JobEvent>) -> (JobEvent, Vec<JobEvent>) {
    let mut before = Vec::new();
    loop {
        let ev = next_accepted(runner, rx);
        if ev.done {
            return (ev, before);
        }
        before.push(ev);
    }
}

/// A middle-game position the opening book does not know.
fn middle_game() -> Position {
    Position::from_sfen("ln1g3nl/1r1sgk1b1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1BG4R1/LNS1KGSNL b s 1").unwrap()
}

fn think(pos: &Position, limits: Limits) -> JobRequest {
    JobRequest::Think(ThinkRequest {
        start: Box::new(pos.clone()),
        moves: Vec::new(),
        level: crate::engine::levels::Level::MAX,
        limits,
        by: ThinkBy::Computer,
        go: None,
    })
}

#[test]
fn a_new_search_stops_the_old_one_and_is_answered_without_waiting_for_it() {
    let (mut r, rx) = runner(Computer::builtin(crate::engine::levels::Level::MAX));
    let pos = middle_game();
    let old = r.start(think(&pos, Limits::movetime(600_000)));
    // the game moved on while the computer was still to move: stop, then think again
    let asked = Instant::now();
    r.stop(JobKind::Engine);
    let new = r.start(think(&pos, Limits::depth(1)));
    assert_ne!(old, new);
    let (done, _) = finished(&mut r, &rx);
    let took = asked.elapsed();
    assert_eq!(done.ticket, new);
    let Report::Engine(EngineReport::Answer { best: Some(m), .. }) = done.report else { panic!("{done:?}") };
    assert!(pos.is_legal(m));
    // the old search had ten minutes: the new answer must not have waited for it (half of that
    // is beyond any delay of a busy machine)
    assert!(took < Duration::from_secs(300), "the new request was answered after {took:?}");
    assert!(!r.running(JobKind::Engine));
}

#[test]
fn reports_of_a_replaced_or_stopped_job_are_dropped() {
    let (mut r, rx) = runner(Computer::builtin(crate::engine::levels::Level::MAX));
    let pos = middle_game();
    let first = r.start(JobRequest::Study(StudyJob::Analyse {
        pos: Box::new(pos.clone()),
        lines: 1,
        limits: Limits::default(),
    }));
    let second = r.start(JobRequest::Study(StudyJob::Analyse {
        pos: Box::new(pos.clone()),
        lines: 2,
        limits: Limits::depth(3),
    }));
    let (done, before) = finished(&mut r, &rx);
    assert!(before.iter().chain([&done]).all(|e| e.ticket == second), "a report of {first:?} came through");
    let Report::Study(StudyReport::Analysis(u)) = done.report else { panic!() };
    assert!(u.done && u.lines.len() == 2);
    // a job stopped says nothing more, and nothing runs after it
    r.start(JobRequest::Study(StudyJob::Analyse { pos: Box::new(pos), lines: 1, limits: Limits::default() }));
    r.stop(JobKind::Study(StudyKind::Analysis));
    assert!(!r.running(JobKind::Study(StudyKind::Analysis)));
    assert!(r.wait_idle(JobKind::Study(StudyKind::Analysis), Duration::from_secs(60)));
    while let Ok(ev) = rx.try_recv() {
        assert!(r.accept(ev).is_none());
    }
}

#[test]
fn jobs_of_different_kinds_run_side_by_side() {
    let (mut r, rx) = runner(Computer::builtin(crate::engine::levels::Level::MAX));
    // an endless analysis does not hold up a threat probe
    r.start(JobRequest::Study(StudyJob::Analyse {
        pos: Box::new(middle_game()),
        lines: 1,
        limits: Limits::default(),
    }));
    let pos = Position::from_sfen("3nkn3/9/4P4/9/9/9/9/9/4K4 w G 1").unwrap();
    let probe = r.start(JobRequest::Mate(MateJob::Threats { pos: Box::new(pos) }));
    let found = loop {
        let ev = next_accepted(&mut r, &rx);
        if let Report::Mate(MateReport::Threats(t)) = ev.report {
            assert_eq!(ev.ticket, probe);
            break t;
        }
    };
    assert_eq!(found.threat.as_ref().map(Vec::len), Some(1));
    assert!(r.running(JobKind::Study(StudyKind::Analysis)));
}

#[test]
fn saves_write_the_file_and_report_and_can_be_waited_for() {
    let d = TempDir::new("jobs-save");
    let (mut r, rx) = runner(Computer::builtin(crate::engine::levels::Level::MAX));
    let mut rec = GameRecord::default();
    rec.set_header("先手", "A");
    let path = d.0.join("sub/a.kifu");
    let recent = crate::study::library::RecentFiles::in_dir(&d.0.join("data"));
    r.start(JobRequest::Files(FileJob::Save {
        path: path.clone(),
        record: Box::new(rec.clone()),
        recent: Some(recent.clone()),
        ask_first: true,
        create_folder: true,
    }));
    let (done, _) = finished(&mut r, &rx);
    let Report::Files(FileReport::Saved { path: p, result }) = done.report else { panic!() };
    assert_eq!(p, path);
    assert!(result.is_ok(), "{result:?}");
    assert!(std::fs::read_to_string(&path).unwrap().contains("先手：A"));
    assert_eq!(recent.load(), vec![path.clone()], "a saved file is a recent file");
    // a folder that does not exist is made only when asked to
    let elsewhere = d.0.join("missing/b.kifu");
    // asking first, a missing folder is reported and nothing is written
    r.start(JobRequest::Files(FileJob::Save {
        path: elsewhere.clone(),
        record: Box::new(rec.clone()),
        recent: None,
        ask_first: true,
        create_folder: false,
    }));
    let (done, _) = finished(&mut r, &rx);
    assert!(matches!(&done.report, Report::Files(FileReport::NoFolder { path: p }) if *p == elsewhere));
    r.start(JobRequest::Files(FileJob::Save {
        path: elsewhere,
        record: Box::new(rec.clone()),
        recent: None,
        ask_first: false,
        create_folder: false,
    }));
    let (done, _) = finished(&mut r, &rx);
    let Report::Files(FileReport::Saved { result: Err(e), .. }) = done.report else {
        panic!("{:?}", done.report)
    };
    assert!(e.ends_with("missing: no such folder"), "{e}");
    assert!(!d.0.join("missing").exists());
    // asking first, a file that is there is reported and left as it is
    rec.set_header("先手", "B");
    let ask = |ask_first| FileJob::Save {
        path: path.clone(),
        record: Box::new(rec.clone()),
        recent: None,
        ask_first,
        create_folder: false,
    };
    r.start(JobRequest::Files(ask(true)));
    let (done, _) = finished(&mut r, &rx);
    assert!(matches!(&done.report, Report::Files(FileReport::WouldReplace { path: p }) if *p == path));
    assert!(std::fs::read_to_string(&path).unwrap().contains("先手：A"));
    r.start(JobRequest::Files(ask(false)));
    let (done, _) = finished(&mut r, &rx);
    assert!(matches!(done.report, Report::Files(FileReport::Saved { result: Ok(_), .. })));
    assert!(std::fs::read_to_string(&path).unwrap().contains("先手：B"));
    // a file that cannot be written: the error names it
    let blocked = d.0.join("a.kifu/inside.kifu");
    std::fs::write(d.0.join("a.kifu"), "a file, not a folder").unwrap();
    r.start(JobRequest::Files(FileJob::Save {
        path: blocked,
        record: Box::new(rec.clone()),
        recent: Some(recent.clone()),
        ask_first: false,
        create_folder: false,
    }));
    let (done, _) = finished(&mut r, &rx);
    let Report::Files(FileReport::Saved { result: Err(e), .. }) = done.report else {
        panic!("{:?}", done.report)
    };
    assert!(e.contains("inside.kifu"), "{e}");
    assert_eq!(recent.load().len(), 1, "a file not written is not remembered");
    // autosaves: the newest one is written; waiting for the lane flushes it
    let record_path = d.0.join("data/autosave.kifu");
    let session_path = d.0.join("data/autosave-session.json");
    for i in 0..20 {
        rec.set_header("後手", &format!("B{i}"));
        r.start(JobRequest::Files(FileJob::Autosave {
            game: 1,
            keep_previous: None,
            record_path: record_path.clone(),
            record: Some(Box::new(rec.clone())),
            session_path: session_path.clone(),
            session: format!("{{\"n\": {i}}}"),
        }));
    }
    assert!(r.wait_idle(JobKind::Files(FileKind::Autosave), Duration::from_secs(60)));
    assert!(std::fs::read_to_string(&record_path).unwrap().contains("後手：B19"));
    assert_eq!(std::fs::read_to_string(&session_path).unwrap(), "{\"n\": 19}");
}

#[test]
fn an_external_engine_plays_on_the_lane_and_its_progress_comes_first() {
    let command = format!("/bin/sh {}/tests/data/fake_usi_engine.sh", env!("CARGO_MANIFEST_DIR"));
    let computer = Computer::usi(&command, &std::collections::BTreeMap::new()).unwrap();
    assert_eq!(header_name(&computer), "FakeEngine 1.0");
    let (mut r, rx) = runner(computer);
    assert_eq!(r.engine_name(), "FakeEngine 1.0");
    let asked = r.start(think(&Position::startpos(), Limits::movetime(1000)));
    let (done, before) = finished(&mut r, &rx);
    assert_eq!(done.ticket, asked);
    let Report::Engine(EngineReport::Answer { best, declare_win: false }) = done.report else {
        panic!("{done:?}")
    };
    assert_eq!(best, Move::from_usi("7g7f"));
    assert!(
        before.iter().any(|e| matches!(&e.report, Report::Engine(EngineReport::Thinking(i)) if i.depth == 2)),
        "{before:?}"
    );
}

#[test]
fn a_search_asked_of_the_builtin_engine_runs_beside_an_external_one() {
    let command = format!("/bin/sh {}/tests/data/fake_usi_engine.sh", env!("CARGO_MANIFEST_DIR"));
    let computer = Computer::usi(&command, &std::collections::BTreeMap::new()).unwrap();
    let (mut r, rx) = runner(computer);
    // the fake engine always answers 7g7f, which is not legal here
    let pos = middle_game();
    r.start(JobRequest::Think(ThinkRequest {
        start: Box::new(pos.clone()),
        moves: Vec::new(),
        level: crate::engine::levels::Level::MIN,
        limits: Limits::depth(2),
        by: ThinkBy::Builtin,
        go: None,
    }));
    let (done, _) = finished(&mut r, &rx);
    let Report::Engine(EngineReport::Answer { best: Some(m), .. }) = done.report else { panic!("{done:?}") };
    assert!(pos.is_legal(m), "{}", m.usi());
    // and the external engine still answers the next search
    r.start(think(&Position::startpos(), Limits::movetime(1000)));
    let (done, _) = finished(&mut r, &rx);
    let Report::Engine(EngineReport::Answer { best, .. }) = done.report else { panic!("{done:?}") };
    assert_eq!(best, Move::from_usi("7g7f"));
}

#[test]
fn an_external_engine_that_cannot_start_is_a_clear_error() {
    let err = match Computer::usi("/nonexistent/usi-engine", &std::collections::BTreeMap::new()) {
        Err(e) => e,
        Ok(_) => panic!("started a missing engine"),
    };
    assert!(err.to_string().contains("/nonexistent/usi-engine"), "{err}");
}

#[test]
fn the_library_scans_in_a_job_and_a_record_opened_is_remembered_and_a_stopped_scan_is_dropped() {
    use crate::study::library::{Origin, RecentFiles, Sources};
    let d = TempDir::new("jobs-library");
    let docs = d.0.join("Documents");
    std::fs::create_dir_all(&docs).unwrap();
    let game = docs.join("club.kifu");
    std::fs::write(&game, "先手：花子\n後手：太郎\n手数----指手---------消費時間--\n   1 ７六歩(77)\n")
        .unwrap();
    let recent = RecentFiles::in_dir(&d.0.join("data"));
    let sources = Sources { recent: Some(recent.clone()), folders: vec![(Origin::Documents, docs.clone())] };
    let (mut r, rx) = runner(Computer::builtin(crate::engine::levels::Level::MAX));
    // a scan replaced by a newer one: only the newer one's answer comes through
    let first = r.start(JobRequest::Library(LibraryJob::Scan { sources: sources.clone() }));
    let second = r.start(JobRequest::Library(LibraryJob::Scan { sources }));
    let (done, _) = finished(&mut r, &rx);
    assert_ne!(done.ticket, first);
    assert_eq!(done.ticket, second);
    let Report::Library(LibraryReport::Scanned(found)) = done.report else { panic!("{:?}", done.report) };
    let entries = &found.entries;
    assert_eq!(entries.len(), 1);
    assert_eq!(found.explorer.index.games(), 1);
    assert_eq!(entries[0].summary.as_ref().unwrap().sente.as_deref(), Some("花子"));
    // opening reads the record and remembers it; a file that does not read is not remembered
    r.start(JobRequest::Library(LibraryJob::Open {
        path: docs.join("gone.kifu"),
        recent: Some(recent.clone()),
    }));
    let (done, _) = finished(&mut r, &rx);
    let Report::Library(LibraryReport::Opened { result: Err(e), .. }) = done.report else {
        panic!("{:?}", done.report)
    };
    assert!(e.contains("gone.kifu"), "{e}");
    assert!(recent.load().is_empty());
    r.start(JobRequest::Library(LibraryJob::Open { path: game.clone(), recent: Some(recent.clone()) }));
    let (done, _) = finished(&mut r, &rx);
    let Report::Library(LibraryReport::Opened { path, result: Ok(read), .. }) = done.report else {
        panic!("{:?}", done.report)
    };
    assert_eq!((path, read.0.main_line().len()), (game.clone(), 1));
    assert_eq!(recent.load(), vec![game]);
}

//! The USI client against tiny fake engines (shell scripts in tests/data): the handshake,
//! options, a game's commands, info parsing, stop, and the error paths (an engine that cannot
//! start, that dies at once, that dies mid-search, that never answers).

use shogiban::core::{Move, Position, Score, position_command};
use shogiban::engine::usi::client::{
    BestMove, CheckmateAnswer, EngineConfig, EngineError, EngineEvent, GoParams, UsiEngine,
};
use std::time::Duration;

fn script(name: &str) -> EngineConfig {
    let mut c = EngineConfig::new("/bin/sh");
    c.args = vec![format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))];
    c.handshake_timeout = Duration::from_secs(10);
    c
}

fn mv(s: &str) -> Move {
    Move::from_usi(s).unwrap()
}

const WAIT: Duration = Duration::from_secs(10);

/// The engine's `info string got ...` echo of the last command sent.
fn echo(e: &mut UsiEngine) -> String {
    loop {
        match e.next_event(WAIT).unwrap() {
            Some(EngineEvent::Info(i)) if i.string.as_deref().is_some_and(|s| s.starts_with("got ")) => {
                return i.string.unwrap()[4..].to_string();
            }
            Some(_) => continue,
            None => panic!("no echo from the fake engine"),
        }
    }
}

#[test]
fn handshake_options_and_a_move() {
    let mut e = UsiEngine::start(&script("fake_usi_engine.sh")).unwrap();
    assert_eq!(e.id().name, "FakeEngine 1.0");
    assert_eq!(e.id().author, "shogiban tests");
    let names: Vec<&str> = e.id().options.iter().map(|o| o.name.as_str()).collect();
    assert_eq!(names, vec!["USI_Hash", "Style", "Clear Hash"]);
    assert_eq!(e.id().options[1].vars, vec!["Normal", "Very Aggressive"]);

    e.set_option("USI_Hash", Some("64")).unwrap();
    assert_eq!(echo(&mut e), "setoption name USI_Hash value 64");
    e.is_ready(WAIT).unwrap();
    e.new_game().unwrap();
    // a line that is not UTF-8 (Shift_JIS) is decoded leniently, not taken for a dead engine
    match e.next_event(WAIT).unwrap() {
        Some(EngineEvent::Info(i)) => assert!(i.string.unwrap().ends_with(" bytes")),
        other => panic!("expected the Shift_JIS info line, got {other:?}"),
    }

    let start = Position::startpos();
    e.position(&start, &[mv("7g7f"), mv("3c3d")]).unwrap();
    assert_eq!(echo(&mut e), "position startpos moves 7g7f 3c3d");
    let go = GoParams { btime: Some(60000), wtime: Some(50000), byoyomi: Some(1000), ..Default::default() };
    e.go(&go).unwrap();
    assert_eq!(echo(&mut e), "go btime 60000 wtime 50000 byoyomi 1000");
    let (best, infos) = e.wait_bestmove(Some(WAIT)).unwrap();
    assert_eq!(best, BestMove::Move { mv: mv("7g7f"), ponder: Some(mv("3c3d")) });
    let last = infos.last().unwrap();
    assert_eq!(last.depth, Some(2));
    assert_eq!(last.score, Some(Score::Mate(-4)));
    assert_eq!(last.pv_moves(), vec![mv("7g7f"), mv("3c3d")]);
    e.quit();
}

#[test]
fn stop_ends_an_infinite_search_and_go_mate() {
    let mut e = UsiEngine::start(&script("fake_usi_engine.sh")).unwrap();
    e.is_ready(WAIT).unwrap();
    e.go(&GoParams { infinite: true, ..Default::default() }).unwrap();
    // nothing final arrives before stop
    let first = e.next_event(WAIT).unwrap();
    assert!(matches!(first, Some(EngineEvent::Info(_))), "{first:?}");
    e.stop().unwrap();
    let (best, _) = e.wait_bestmove(Some(WAIT)).unwrap();
    assert_eq!(best, BestMove::Move { mv: mv("2g2f"), ponder: None });

    e.go(&GoParams { mate: Some(Some(1000)), ..Default::default() }).unwrap();
    loop {
        match e.next_event(WAIT).unwrap() {
            Some(EngineEvent::Checkmate(c)) => {
                assert_eq!(c, CheckmateAnswer::Mate(vec![mv("G*1b")]));
                break;
            }
            Some(_) => continue,
            None => panic!("no checkmate answer"),
        }
    }
}

#[test]
fn engine_that_cannot_start() {
    let c = EngineConfig::new("/nonexistent/engine-binary");
    match UsiEngine::start(&c) {
        Err(EngineError::Spawn { path, .. }) => assert_eq!(path, "/nonexistent/engine-binary"),
        other => panic!("expected a spawn error, got {:?}", other.err()),
    }
}

#[test]
fn engine_that_dies_at_once_reports_its_stderr() {
    match UsiEngine::start(&script("crashing_usi_engine.sh")) {
        Err(EngineError::Died { stderr_tail, exit }) => {
            assert!(stderr_tail.contains("eval.bin not found"), "{stderr_tail}");
            let err = EngineError::Died { stderr_tail, exit };
            assert!(err.to_string().contains("died"));
        }
        other => panic!("expected Died, got {:?}", other.err()),
    }
}

#[test]
fn engine_dying_mid_search_gives_an_error_not_a_hang() {
    let mut e = UsiEngine::start(&script("fake_usi_engine.sh")).unwrap();
    e.is_ready(WAIT).unwrap();
    e.send("go crash").unwrap();
    let err = e.wait_bestmove(None).unwrap_err();
    match &err {
        EngineError::Died { stderr_tail, .. } => assert!(stderr_tail.contains("segmentation fault"), "{err}"),
        other => panic!("expected Died, got {other:?}"),
    }
    // every later call fails the same way instead of blocking or panicking
    assert!(e.is_ready(WAIT).is_err());
    assert!(e.position(&Position::startpos(), &[]).is_err());
    assert!(e.try_event().is_err());
}

#[test]
fn silent_engine_times_out_in_the_handshake() {
    let mut c = script("silent_usi_engine.sh");
    c.handshake_timeout = Duration::from_millis(300);
    match UsiEngine::start(&c) {
        Err(EngineError::Timeout { waiting_for }) => assert_eq!(waiting_for, "usiok"),
        other => panic!("expected a timeout, got {:?}", other.err()),
    }
}

#[test]
fn command_texts() {
    let start = Position::startpos();
    assert_eq!(position_command(&start, &[]), "position startpos");
    let p = Position::from_sfen("8k/9/8P/9/9/9/9/9/9 b G 1").unwrap();
    assert_eq!(position_command(&p, &[mv("G*1b")]), "position sfen 8k/9/8P/9/9/9/9/9/9 b G 1 moves G*1b");
    let g = GoParams { btime: Some(1), wtime: Some(2), binc: Some(3), winc: Some(4), ..Default::default() };
    assert_eq!(g.to_command(), "go btime 1 wtime 2 binc 3 winc 4");
    assert_eq!(GoParams { mate: Some(None), ..Default::default() }.to_command(), "go mate infinite");
    assert_eq!(
        GoParams { ponder: true, btime: Some(5), ..Default::default() }.to_command(),
        "go ponder btime 5"
    );
}

#[test]
fn events_forwarded_into_the_apps_channel() {
    enum AppEvent {
        Key(char),
        Engine(EngineEvent),
    }
    let (tx, rx) = std::sync::mpsc::channel();
    let mut e = UsiEngine::start(&script("fake_usi_engine.sh")).unwrap();
    e.is_ready(WAIT).unwrap();
    let etx = tx.clone();
    e.forward_events(move |ev| {
        let _ = etx.send(AppEvent::Engine(ev));
    });
    tx.send(AppEvent::Key('q')).unwrap();
    e.position(&Position::startpos(), &[]).unwrap();
    e.go(&GoParams { byoyomi: Some(100), ..Default::default() }).unwrap();
    let mut keys = 0;
    loop {
        match rx.recv_timeout(WAIT).expect("no event") {
            AppEvent::Key(c) => {
                assert_eq!(c, 'q');
                keys += 1
            }
            AppEvent::Engine(EngineEvent::BestMove(b)) => {
                assert_eq!(b, BestMove::Move { mv: mv("7g7f"), ponder: Some(mv("3c3d")) });
                break;
            }
            AppEvent::Engine(_) => {}
        }
    }
    assert_eq!(keys, 1);
    // when the engine goes away the app hears about it through the same channel
    e.send("go crash").unwrap();
    loop {
        if let AppEvent::Engine(EngineEvent::Died(err)) = rx.recv_timeout(WAIT).expect("no event") {
            assert!(err.to_string().contains("segmentation fault"), "{err}");
            break;
        }
    }
}

/// A program that floods its output (`yes`), or writes a line without end, is given up as a
/// dead engine would be, quickly and without holding what it wrote.
#[test]
fn an_engine_that_floods_or_writes_an_endless_line_is_given_up() {
    let start = std::time::Instant::now();
    let mut flood = EngineConfig::new("yes");
    flood.handshake_timeout = Duration::from_secs(30);
    let Err(e) = UsiEngine::start(&flood) else { panic!("yes passed the handshake") };
    assert!(e.to_string().contains("floods"), "{e}");
    let mut long = EngineConfig::new("/bin/sh");
    long.args = vec!["-c".into(), "head -c 200000 /dev/zero | tr '\\0' a; sleep 30".into()];
    long.handshake_timeout = Duration::from_secs(30);
    let Err(e) = UsiEngine::start(&long) else { panic!("an endless line passed the handshake") };
    assert!(e.to_string().contains("longer than"), "{e}");
    assert!(start.elapsed() < Duration::from_secs(20), "{:?}", start.elapsed());
}

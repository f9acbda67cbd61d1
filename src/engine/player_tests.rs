use super::*;
use std::path::Path;

/// The fake USI engine of the client tests, as a command line.
fn fake_engine() -> String {
    format!("/bin/sh {}/tests/data/fake_usi_engine.sh", env!("CARGO_MANIFEST_DIR"))
}

/// A clock of a second a side, no deadline.
fn a_second_each() -> TimeBudget {
    TimeBudget { time_ms: Some([1000, 1000]), increment_ms: 0, byoyomi_ms: 0, margin_ms: 0, deadline: None }
}

/// The parts of the program that let the computer play, each with the one way it builds its
/// player, and what none of them may do instead: build an engine, start a USI program, or read
/// the book themselves.
#[test]
fn every_part_that_plays_builds_its_player_here() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let builders: [(&str, &str); 5] = [
        ("cli/mod.rs", "Computer::builtin("), // the app's player, handed to its engine lane
        ("cli/csa.rs", "Computer::builtin("), // shogiban csa
        ("tui/jobs/mod.rs", "Computer::builtin("), // the lane's player when none was handed over
        ("engine/usi/server.rs", "BuiltinPlayer::new("),
        ("engine/games.rs", "BuiltinPlayer::with_options("),
    ];
    let own_builds = ["Engine::new(", "UsiEngine::start(", "Book::builtin()", "EngineConfig::new("];
    let mut wrong = Vec::new();
    let mut files = vec!["tui/jobs/computer.rs".to_string()];
    files.extend(builders.iter().map(|(f, _)| f.to_string()));
    for entry in std::fs::read_dir(src.join("online")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".rs") && !name.ends_with("tests.rs") {
            files.push(format!("online/{name}"));
        }
    }
    for file in &files {
        let text = std::fs::read_to_string(src.join(file)).unwrap();
        let code = text.find("#[cfg(test)]\nmod ").map_or(&text[..], |i| &text[..i]);
        for (n, line) in code.lines().enumerate() {
            let line = line.split("//").next().unwrap_or("");
            if let Some(call) = own_builds.iter().find(|c| line.contains(*c)) {
                wrong.push(format!("{file}:{}: builds its own player ({call})", n + 1));
            }
        }
        if let Some((_, how)) = builders.iter().find(|(f, _)| f == file)
            && !code.contains(how)
        {
            wrong.push(format!("{file}: does not build its player with {how}"));
        }
    }
    assert!(wrong.is_empty(), "players built outside engine::player:\n{}", wrong.join("\n"));
}

#[test]
fn the_builtin_player_builds_its_engine_at_the_first_search_and_answers_a_legal_move() {
    let mut player = Computer::builtin(Level::MIN);
    let Computer::Builtin(builtin) = &mut player else { panic!("not the built-in engine") };
    assert!(builtin.built().is_none(), "built before it was asked for a move");
    assert_eq!(player.name(), "shogiban (level 1)");
    player.new_game().unwrap();
    // a middle-game position the book does not know
    let pos =
        Position::from_sfen("ln1g3nl/1r1sgk1b1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1BG4R1/LNS1KGSNL b s 1")
            .unwrap();
    let (decision, thought) = player.think(&pos, &[], &a_second_each()).unwrap();
    let Decision::Move(m) = decision else { panic!("{decision:?}") };
    assert!(pos.is_legal(m));
    assert!(!thought.book && thought.depth.is_some_and(|d| d > 0));
    let Computer::Builtin(builtin) = &mut player else { panic!("not the built-in engine") };
    assert!(builtin.built().is_some());
}

#[test]
fn the_builtin_player_plays_its_book_on_a_clock() {
    let mut player = Computer::builtin(Level::MAX);
    let (decision, thought) = player.think(&Position::startpos(), &[], &a_second_each()).unwrap();
    let Decision::Move(m) = decision else { panic!("{decision:?}") };
    assert!(Position::startpos().is_legal(m));
    assert!(thought.book, "the first move was searched: {thought:?}");
}

#[test]
fn an_external_engine_plays_through_the_same_type() {
    let options = std::collections::BTreeMap::from([("USI_Hash".to_string(), "16".to_string())]);
    let mut player = Computer::usi(&fake_engine(), &options).unwrap();
    assert_eq!(player.name(), "FakeEngine 1.0");
    player.new_game().unwrap();
    let (decision, thought) = player.think(&Position::startpos(), &[], &a_second_each()).unwrap();
    assert_eq!(decision, Decision::Move(Move::from_usi("7g7f").unwrap()));
    assert_eq!(thought.score, Some(Score::Mate(-4)));
    assert_eq!(thought.pv.len(), 2);
    player.game_over(Some(true));
}

#[test]
fn an_external_engine_that_cannot_start_is_named() {
    let Err(e) = Computer::usi("/nonexistent/usi-engine --flag", &std::collections::BTreeMap::new()) else {
        panic!("started a missing engine")
    };
    assert!(e.contains("/nonexistent/usi-engine"), "{e}");
    let Err(e) = Computer::usi("  ", &std::collections::BTreeMap::new()) else { panic!("started nothing") };
    assert!(e.contains("empty"), "{e}");
}

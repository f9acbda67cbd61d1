//! The app's state machine driven through random sequences of moves, take-backs, replays,
//! variation switches, endings, saving and reopening. After every step the record must be a
//! valid tree (legal moves, nothing after a finished position, the shown ending recorded) that KIF and JKF write and read back as the
//! same tree, and CSA as the same main line.

use super::tests_support::{assert_same_tree, reopen};
use super::*;
use crate::record::Format;
use proptest::prelude::*;
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
enum Op {
    /// Plays the legal move with this index (modulo their number).
    Play(u16),
    Undo,
    Redo,
    Variation(i32),
    ToStart,
    ToEnd,
    Resign,
    Declare,
    /// Lets the side to move's clock run out (timed games).
    TimeOut,
    /// Saves as KIF, reads it back into a new app at the same place.
    Reopen,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        12 => any::<u16>().prop_map(Op::Play),
        4 => Just(Op::Undo),
        2 => Just(Op::Redo),
        2 => prop_oneof![Just(-1), Just(1)].prop_map(Op::Variation),
        1 => Just(Op::ToStart),
        1 => Just(Op::ToEnd),
        1 => Just(Op::Resign),
        1 => Just(Op::Declare),
        1 => Just(Op::TimeOut),
        1 => Just(Op::Reopen),
    ]
}

fn check(app: &App) {
    let rec = app.record();
    let mut stack = vec![(crate::record::ROOT, rec.initial().clone())];
    while let Some((id, pos)) = stack.pop() {
        let node = rec.node(id);
        // a finished position has no moves after it, and its ending is in the record once
        // the app has stood there
        if pos.status().is_over() {
            assert!(node.children().is_empty(), "moves after the end of the game at node {id}");
        }
        for &c in node.children() {
            let mut next = pos.clone();
            assert!(next.is_legal(rec.node(c).mv), "illegal move in the record at node {c}");
            next.do_move(rec.node(c).mv);
            stack.push((c, next));
        }
    }
    if app.status().is_over() {
        assert!(app.line_ended(), "the position's ending is not in the record");
    }
    for format in [Format::Kifu, Format::Jkf] {
        assert_same_tree(&reopen(rec, format), rec);
    }
    let csa = reopen(rec, Format::Csa);
    assert_eq!(csa.main_line_moves(), rec.main_line_moves());
    assert_eq!(csa.outcome(), rec.outcome());
}

fn apply(app: &mut App, op: &Op, now: &mut Instant) {
    match *op {
        Op::Play(i) => {
            let moves = app.pos().legal_moves();
            if !moves.is_empty() {
                let m = *moves.iter().nth(i as usize % moves.len()).expect("index below the count");
                app.submit_move(m);
            }
        }
        Op::Undo => {
            let from = app.game.node();
            let ended = app.line_ended();
            app.undo();
            if ended && app.game.node() != from {
                // undo from an ended game reopens play: the ending left the line
                assert!(app.record().node(from).special.is_none(), "the ending stayed after undo");
                let here = app.record().node(app.game.node());
                assert!(here.special.is_some() || !app.status().is_over(), "play is not open after undo");
            }
        }
        Op::Redo => app.redo(),
        Op::Variation(d) => app.switch_variation(d),
        Op::ToStart => app.to_start(),
        Op::ToEnd => app.to_end(),
        Op::Resign => app.resign(),
        Op::Declare => app.declare(),
        Op::TimeOut => {
            *now += Duration::from_secs(3600);
            app.tick(*now);
        }
        Op::Reopen => {
            let path = app.node_path();
            let back = reopen(app.record(), Format::Kifu);
            let (players, clock) = (app.play.players, app.play.clock.clone());
            *app = App::with_record(back);
            app.play.players = players;
            app.play.clock = clock;
            app.goto_path(&path);
            assert_eq!(app.node_path(), path, "the reopened record has the same places");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn records_stay_valid_trees_through_any_sequence(
        timed in any::<bool>(),
        ops in proptest::collection::vec(op(), 1..60),
    ) {
        let mut now = Instant::now();
        let mut app = App::new(Position::startpos());
        let time = if timed { 1 } else { 0 };
        app.start_new_game(NewGameChoice {
            mode: GameMode::HotSeat,
            level: crate::engine::levels::Level::new(1).unwrap(),
            clock: clock::preset(time),
            clock_side: None,
            handicap: 0,
            names: Default::default(),
            naming: None,
            gote_level: crate::engine::levels::Level::new(3).unwrap(),
        });
        for op in &ops {
            apply(&mut app, op, &mut now);
            check(&app);
        }
    }
}

//! The clocks in play: every move's real time in every game, undoing a time-out, take-backs on
//! the clock (against the computer, and asked for between two people), replaying with the
//! record's times, custom time controls.

use super::tests_support::kif_of;
use super::*;
use crate::core::Color;
use crate::record::{MoveTime, SpecialKind};
use std::time::{Duration, Instant};

fn game(mode: GameMode, clock: Option<clock::TimeControls>) -> App {
    let mut app = App::new(Position::startpos());
    app.start_new_game(NewGameChoice {
        mode,
        level: crate::engine::levels::Level::new(1).unwrap(),
        gote_level: crate::engine::levels::Level::new(1).unwrap(),
        clock,
        clock_side: None,
        handicap: 0,
        names: Default::default(),
        naming: None,
    });
    app
}

/// The side to move has been thinking `secs` seconds.
fn think(app: &mut App, secs: u64) {
    let c = app.play.clock.as_mut().expect("a game has a clock");
    c.turn_start -= Duration::from_secs(secs);
}

fn time_of_last(app: &App) -> Option<MoveTime> {
    app.record().node(app.game().node()).time
}

#[test]
fn an_untimed_game_records_each_moves_real_time() {
    let mut app = game(GameMode::HotSeat, None);
    assert!(app.clock().is_none(), "no clock panel in an untimed game");
    for (m, secs) in [("7g7f", 3), ("3c3d", 12), ("2g2f", 2)] {
        think(&mut app, secs);
        assert!(app.submit_typed(m), "{m}");
    }
    assert_eq!(time_of_last(&app), Some(MoveTime { spent: 2, total: Some(5) }));
    let kif = kif_of(app.record());
    assert!(kif.contains("( 0:03/00:00:03)"), "{kif}");
    assert!(kif.contains("( 0:12/00:00:12)"), "{kif}");
    assert!(kif.contains("( 0:02/00:00:05)"), "{kif}");
}

#[test]
fn computer_against_computer_records_each_moves_real_time() {
    let mut app = game(GameMode::EngineVsEngine, None);
    app.set_pace(Duration::ZERO);
    let now = Instant::now();
    for (usi, secs) in [("7g7f", 4), ("3c3d", 1)] {
        assert!(app.engine_command(now).is_some());
        think(&mut app, secs);
        let best = app.pos().parse_usi_move(usi).ok();
        let answer = crate::tui::jobs::EngineReport::Answer { best, declare_win: false };
        app.on_job(crate::tui::jobs::Report::Engine(answer), Instant::now());
    }
    assert_eq!(app.ply(), 2);
    let kif = kif_of(app.record());
    assert!(kif.contains("( 0:04/00:00:04)") && kif.contains("( 0:01/00:00:01)"), "{kif}");
}

#[test]
fn one_undo_reopens_a_time_out_where_it_happened_and_redo_keeps_the_recorded_times() {
    // 30 s a move: ▲７六歩 (3 s) △３四歩 (4 s), then ☗ runs out at move 3
    let mut app = game(GameMode::HotSeat, clock::preset(4));
    think(&mut app, 3);
    assert!(app.submit_typed("7g7f"));
    think(&mut app, 4);
    assert!(app.submit_typed("3c3d"));
    app.tick(Instant::now() + Duration::from_secs(31));
    assert_eq!(app.record().ending().map(|s| s.kind), Some(SpecialKind::TimeUp));
    app.undo();
    assert_eq!(app.ply(), 2, "△３四歩 stays");
    assert_eq!(app.pos().side_to_move(), Color::Black);
    assert!(!app.line_ended());
    let now = Instant::now();
    assert_eq!(
        app.clock().unwrap().display(Color::Black, true, now, crate::tui::text::review::JA.byoyomi),
        "秒読み 30"
    );
    assert!(app.message().contains("☗"), "{}", app.message());
    // ☗ plays on; the time-out is gone from the record
    think(&mut app, 5);
    assert!(app.submit_typed("2g2f"), "{}", app.message());
    assert_eq!(time_of_last(&app), Some(MoveTime { spent: 5, total: Some(8) }));
    assert!(app.record().ending().is_none());
    assert!(!kif_of(app.record()).contains("切れ負け"));
}

#[test]
fn after_a_time_out_the_clock_panel_shows_the_loser_without_time() {
    for (preset, shown) in [(4, "0"), (1, "0:00")] {
        let mut app = game(GameMode::HotSeat, clock::preset(preset));
        think(&mut app, 3);
        assert!(app.submit_typed("7g7f"));
        app.tick(Instant::now() + Duration::from_secs(3600));
        assert!(app.ended_on_time());
        // the small panel: one row a side
        let s = crate::tui::view::screen_text(&app, 100, 30, Instant::now());
        let gote = s.lines().find(|l| l.contains("▶ ☖")).unwrap_or_else(|| panic!("{s}"));
        // ☖ (to move) ran out: neither its byoyomi (30 s) nor its main time (10 min) is shown
        assert!(!gote.contains("30") && !gote.contains("10:00"), "{gote}");
        assert!(gote.trim_end_matches([' ', '│']).ends_with(shown), "{gote}");
    }
}

#[test]
fn redo_starts_the_next_turn_afresh_and_charges_nobody_the_wait() {
    let mut app = game(GameMode::EngineVsEngine, clock::preset(2)); // 10 min + 30 s
    app.play.players = [Player::Human, Player::Human];
    think(&mut app, 3);
    assert!(app.submit_typed("7g7f"));
    think(&mut app, 4);
    assert!(app.submit_typed("3c3d"));
    app.undo(); // two people, but the game began as computer vs computer: no one to ask
    app.answer_takeback(true);
    assert_eq!(app.ply(), 1, "{}", app.message());
    assert_eq!(app.clock().unwrap().remaining, [597_000, 600_000]);
    // ☖ waits 8 s, then replays its move: the record's 4 s stand, ☗'s turn starts now
    think(&mut app, 8);
    app.redo();
    assert_eq!(app.ply(), 2);
    assert_eq!(time_of_last(&app), Some(MoveTime { spent: 4, total: Some(4) }));
    let c = app.clock().unwrap();
    assert_eq!(c.remaining, [597_000, 596_000]);
    assert!(c.elapsed(Instant::now()) < 1_000, "☗'s turn starts at the replay");
}

#[test]
fn against_the_computer_a_take_back_on_the_clock_restores_the_times_and_is_marked() {
    let mut app = game(GameMode::HumanSente, clock::preset(2));
    think(&mut app, 3);
    assert!(app.submit_typed("7g7f"));
    think(&mut app, 2);
    assert!(app.submit_typed("3c3d")); // the computer's answer
    think(&mut app, 6);
    app.undo();
    assert_eq!(app.ply(), 0, "back to the human's turn: {}", app.message());
    assert_eq!(app.clock().unwrap().remaining, [600_000, 600_000]);
    assert!(app.clock().unwrap().elapsed(Instant::now()) < 1_000);
    let comments = &app.record().node(crate::record::ROOT).comments;
    assert_eq!(comments, &vec!["待った（▲７六歩 △３四歩）".to_string()]);
    assert!(app.message().contains("▲７六歩 △３四歩"), "{}", app.message());
    assert!(!app.message().contains("running"), "{}", app.message());
    // paused, a take-back is allowed too and the message says nothing of a running clock
    think(&mut app, 1);
    assert!(app.submit_typed("2g2f"));
    assert!(app.submit_typed("8c8d"));
    app.toggle_pause();
    app.undo();
    assert_eq!(app.ply(), 0);
    assert!(!app.message().contains("running"), "{}", app.message());
}

#[test]
fn between_two_people_on_the_clock_the_other_player_is_asked() {
    let mut app = game(GameMode::HotSeat, clock::preset(2));
    assert!(app.submit_typed("7g7f"));
    app.undo();
    assert_eq!(app.popup(), Some(&Popup::ConfirmTakeback));
    assert!(app.takeback_question().contains("▲７六歩"), "{}", app.takeback_question());
    app.answer_takeback(false);
    assert_eq!(app.ply(), 1);
    assert!(app.message().contains("☖"), "{}", app.message());
    app.undo();
    app.answer_takeback(true);
    assert_eq!(app.ply(), 0);
    assert_eq!(app.record().node(crate::record::ROOT).comments, vec!["待った（▲７六歩）".to_string()]);
}

#[test]
fn custom_time_controls_with_odds_and_fischer_reach_the_clock_the_header_and_the_settings() {
    let mut app = App::new(Position::startpos());
    app.open_new_game();
    app.edit_new_game(|c| {
        c.clock = clock::preset(2); // 10 min + 30 s
        c.cycle_clock_side(); // ☗ only
        c.edit_clock(|t| t.increment_ms = 5_000);
        c.cycle_clock_side(); // ☖ only
        c.edit_clock(|t| t.main_ms = 300_000);
    });
    app.confirm_new_game();
    let c = app.clock().expect("timed");
    assert_eq!(c.remaining, [600_000, 300_000]);
    assert_eq!(app.record().header("持ち時間"), Some("▲10分 秒読み30秒 1手5秒加算 △5分 秒読み30秒"));
    let s = app.settings();
    assert_eq!(
        s.clock.map(|[c, _]| (c.main_ms, c.byoyomi_ms, c.increment_ms)),
        Some((600_000, 30_000, 5_000))
    );
    assert_eq!(s.clock.map(|[_, c]| (c.main_ms, c.increment_ms)), Some((300_000, 0)));
    // the next dialog starts from them
    assert_eq!(app.last_choice().clock, Some(app.clock().unwrap().tc.unwrap()));
    // ☗'s increment is added after its move
    think(&mut app, 3);
    assert!(app.submit_typed("7g7f"));
    assert_eq!(app.clock().unwrap().remaining[0], 602_000);
}

#[test]
fn a_resumed_untimed_game_keeps_counting_each_sides_total() {
    let mut app = game(GameMode::HotSeat, None);
    think(&mut app, 7);
    assert!(app.submit_typed("7g7f"));
    let session = app.session(Instant::now());
    let record = super::tests_support::reopen(app.record(), crate::record::Format::Kifu);
    let mut back = App::resume(record, &session, app.settings().clone(), Instant::now());
    think(&mut back, 2);
    assert!(back.submit_typed("3c3d"));
    think(&mut back, 4);
    assert!(back.submit_typed("2g2f"));
    assert_eq!(time_of_last(&back), Some(MoveTime { spent: 4, total: Some(11) }));
}

fn bells(app: &mut App, now: Instant) -> usize {
    app.commands(now).iter().filter(|c| matches!(c, crate::tui::event::Command::Bell)).count()
}

#[test]
fn the_byoyomi_count_rings_at_ten_and_each_of_the_last_five_seconds_once() {
    let mut app = game(GameMode::HotSeat, clock::preset(4)); // 30 s a move
    let t0 = app.clock().unwrap().turn_start;
    let at = |ms: u64| t0 + Duration::from_millis(ms);
    let mut rung = Vec::new();
    for ms in (0..30_000).step_by(200) {
        if bells(&mut app, at(ms)) > 0 {
            rung.push(ms / 1000);
        }
    }
    // 10 s left at 20 s, then 5, 4, 3, 2, 1 s left
    assert_eq!(rung, vec![20, 25, 26, 27, 28, 29]);
    // the next move counts again; an untimed game or a paused one never rings
    assert!(app.submit_typed("7g7f"));
    let t1 = app.clock().unwrap().turn_start;
    assert_eq!(bells(&mut app, t1 + Duration::from_millis(20_100)), 1);
    app.toggle_pause();
    assert_eq!(bells(&mut app, t1 + Duration::from_millis(25_100)), 0);
    let mut untimed = game(GameMode::HotSeat, None);
    assert_eq!(bells(&mut untimed, Instant::now() + Duration::from_secs(3600)), 0);
}

#[test]
fn with_the_bell_off_the_count_flashes_the_clock_panel() {
    let mut app = game(GameMode::HotSeat, clock::preset(4));
    let mut settings = app.settings().clone();
    settings.byoyomi_count = crate::tui::settings::ByoyomiCount::Flash;
    app.set_settings(settings);
    let t = app.clock().unwrap().turn_start + Duration::from_millis(20_100);
    assert_eq!(bells(&mut app, t), 0);
    assert!(app.flashing(t));
    assert!(app.wake_at(t).is_some_and(|w| w <= t + clock::FLASH));
    assert!(!app.flashing(t + clock::FLASH));
    // the clock panel is drawn reversed while it flashes
    let panel = crate::tui::view::areas(ratatui::layout::Rect::new(0, 0, 100, 30), &app).clock;
    let reversed = |at: Instant| {
        let buf = crate::tui::view::buffer_at(&app, 100, 30, at);
        buf[(panel.x + 1, panel.y + 1)].modifier.contains(ratatui::style::Modifier::REVERSED)
    };
    assert!(panel.height > 0);
    assert!(reversed(t));
    assert!(!reversed(t + clock::FLASH));
}

#[test]
fn time_odds_and_an_increment_come_back_with_a_resumed_game_and_reach_the_engine() {
    let fischer = clock::TimeControl { main_ms: 300_000, byoyomi_ms: 0, increment_ms: 5_000 };
    let odds = [clock::TimeControl::new(600_000, 30_000), fischer];
    let mut app = game(GameMode::HumanSente, Some(odds));
    think(&mut app, 2);
    assert!(app.submit_typed("7g7f"));
    // the computer (☖) is asked with both clocks, its increment and its byoyomi (none)
    let Some(crate::tui::event::Command::Start(crate::tui::jobs::JobRequest::Think(
        crate::tui::jobs::ThinkRequest { limits, .. },
    ))) = app.engine_command(Instant::now())
    else {
        panic!("the computer thinks")
    };
    assert_eq!(limits.inc, [0, 5_000]);
    assert_eq!(limits.byoyomi, 0);
    assert_eq!(limits.time[0], Some(598_000));
    let session = app.session(Instant::now());
    let json = serde_json::to_string(&session).unwrap();
    let session: Session = serde_json::from_str(&json).unwrap();
    let back = App::resume(app.record().clone(), &session, app.settings().clone(), Instant::now());
    assert_eq!(back.clock().unwrap().tc, Some(odds));
    assert_eq!(back.clock().unwrap().remaining[0], 598_000);
}

#[test]
fn the_dialogs_clock_steps_each_part_for_both_or_one_side() {
    let mut c = NewGameChoice { clock: None, ..NewGameChoice::default() };
    c.step_clock(ClockPart::Byoyomi, 1); // a clock appears: 10 minutes, and 5 s byoyomi
    assert_eq!(c.clock, Some([clock::TimeControl::new(600_000, 5_000); 2]));
    c.cycle_clock_side(); // ☗ only
    c.step_clock(ClockPart::Main, -1);
    c.step_clock(ClockPart::Increment, 1);
    let tc = c.clock.unwrap();
    assert_eq!((tc[0].main_ms, tc[0].increment_ms), (540_000, 1_000));
    assert_eq!(tc[1], clock::TimeControl::new(600_000, 5_000));
    // a side left with no time at all: no clock
    let mut c = NewGameChoice { clock: clock::preset(1), ..NewGameChoice::default() }; // 10 min
    for _ in 0..10 {
        c.step_clock(ClockPart::Main, -1);
    }
    assert_eq!(c.clock, None);
}

#[test]
fn no_clock_runs_before_the_first_screen_or_while_the_board_is_hidden() {
    let mut app = game(GameMode::HumanSente, Some([clock::TimeControl::new(600_000, 0); 2]));
    // the engine loads and the terminal opens: 5 s before the first frame
    think(&mut app, 5);
    let t0 = Instant::now();
    app.set_board_shown(true, t0);
    assert_eq!(app.clock().unwrap().elapsed(t0), 0, "the time before the first screen is not charged");
    app.set_board_shown(true, t0 + Duration::from_secs(3));
    // the terminal is made too small for a minute
    app.set_board_shown(false, t0 + Duration::from_secs(3));
    assert!(app.paused());
    assert!(
        app.engine_command(t0 + Duration::from_secs(30))
            .is_none_or(|c| matches!(c, crate::tui::event::Command::Stop(crate::tui::jobs::JobKind::Engine)))
    );
    app.tick(t0 + Duration::from_secs(63));
    assert_eq!(app.clock().unwrap().elapsed(t0 + Duration::from_secs(63)), 3_000);
    app.set_board_shown(true, t0 + Duration::from_secs(63));
    assert!(!app.paused(), "the game goes on when the board is back");
    assert_eq!(app.clock().unwrap().elapsed(t0 + Duration::from_secs(65)), 5_000);
    // a pause the player asked for stays when the board comes and goes
    app.toggle_pause();
    app.set_board_shown(false, t0 + Duration::from_secs(70));
    app.set_board_shown(true, t0 + Duration::from_secs(80));
    assert!(app.paused());
}

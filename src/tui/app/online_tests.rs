//! Online play as a state machine fed with scripted connection events (no socket): the dialog,
//! logging in, waiting, the summary, the game on the board, every end, a broken server, a lost
//! connection, the extended mode; and the windows drawn on a test terminal.

use super::*;
use crate::core::Square;
use crate::core::{Color, Move};
use crate::online::Incoming;
use crate::online::summary::tests::EVEN;
use crate::record::SpecialKind;
use crate::tui::app::InputKind;
use crate::tui::app::{App, Popup};
use crate::tui::event::Command;
use crate::tui::jobs::{JobKind, JobRequest};
use crate::tui::settings::{Language, Settings};
use crate::tui::view::screen_text;

const GAME_ID: &str = "test+g-600-10+alice+bob+1";

fn summary(your_turn: char, time: &str) -> String {
    format!(
        "BEGIN Game_Summary\nProtocol_Version:1.2\nProtocol_Mode:Server\nFormat:Shogi 1.0\n\
         Declaration:Jishogi 1.1\nGame_ID:{GAME_ID}\nName+:alice\nName-:bob\n\
         Your_Turn:{your_turn}\nRematch_On_Draw:NO\nTo_Move:+\nMax_Moves:256\nBEGIN Time\n{time}END Time\n\
         BEGIN Position\n{EVEN}\nEND Position\nEND Game_Summary"
    )
}

const BYOYOMI: &str = "Time_Unit:1sec\nTotal_Time:600\nByoyomi:10\nLeast_Time_Per_Move:0\n";
const FISCHER: &str = "Time_Unit:1sec\nTotal_Time:300\nByoyomi:0\nIncrement:10\nLeast_Time_Per_Move:1\n";

fn settings(extended: bool) -> OnlineSettings {
    OnlineSettings {
        host: "127.0.0.1".into(),
        port: 4081,
        user: "alice".into(),
        game: "g-600-10".into(),
        side: OnlineSide::Any,
        auto_agree: false,
        extended,
        keepalive_s: 30,
        play_as: crate::tui::settings::OnlinePlayer::Me,
    }
}

/// The app with the dialog open, the password from the environment.
fn dialog(language: Language, extended: bool, t0: Instant) -> App {
    let mut app = App::new(crate::core::Position::startpos());
    app.set_settings(Settings { language, ..Settings::default() });
    app.set_online_secrets(OnlineSecrets { env_password: Some("s3cret".into()), ..Default::default() });
    app.open_online(Some(settings(extended)), t0);
    app
}

/// Every line handed to the loop to send, and whether a connection was opened or closed.
fn drain(app: &mut App, now: Instant) -> (Vec<String>, Vec<&'static str>) {
    let mut sent = Vec::new();
    let mut other = Vec::new();
    for c in app.commands(now) {
        match c {
            Command::Send(l) => sent.push(l),
            Command::Start(JobRequest::Connect(_)) => other.push("connect"),
            Command::Stop(JobKind::Online) => other.push("close"),
            _ => {}
        }
    }
    (sent, other)
}

fn feed(app: &mut App, text: &str, now: Instant) {
    for l in text.lines() {
        app.on_online(Incoming::Line(l.to_string()), now);
    }
}

/// The dialog's values sent: connecting, `LOGIN` sent.
fn connecting(t0: Instant) -> App {
    let mut app = dialog(Language::En, false, t0);
    app.online_connect(t0);
    drain(&mut app, t0);
    app
}

/// Logged in in the extended mode.
fn lobby(t0: Instant) -> App {
    let mut app = dialog(Language::En, true, t0);
    app.online_connect(t0);
    assert_eq!(drain(&mut app, t0).0, ["LOGIN alice s3cret x1"]);
    feed(&mut app, "LOGIN:alice OK\n##[LOGIN] +OK x1", t0);
    app
}

/// `lines` of a watched game as `%%MONITOR2ON` sends them, then `+OK`.
fn monitored(lines: &[&str]) -> String {
    let mut block: String = lines.iter().map(|l| format!("##[MONITOR2][{GAME_ID}] {l}\n")).collect();
    block.push_str(&format!("##[MONITOR2][{GAME_ID}] +OK"));
    block
}

/// The start of a watched game: the even position and `moves`.
fn monitored_start(moves: &[&str]) -> String {
    let mut lines = vec!["V2"];
    lines.extend(EVEN.lines());
    lines.extend_from_slice(moves);
    monitored(&lines)
}

/// Logged in, the game proposed and agreed, started: alice plays `your_turn`.
fn started(your_turn: char, time: &str, t0: Instant) -> App {
    let mut app = dialog(Language::En, false, t0);
    app.online_connect(t0);
    let (sent, other) = drain(&mut app, t0);
    assert_eq!(other, ["connect"]);
    assert_eq!(sent, ["LOGIN alice g-600-10,s3cret"]);
    app.on_online(Incoming::Connected, t0);
    feed(&mut app, "LOGIN:alice OK", t0);
    assert_eq!(app.online().unwrap().stage(), &Stage::Waiting);
    feed(&mut app, &summary(your_turn, time), t0);
    assert_eq!(app.online().unwrap().stage(), &Stage::Summary);
    app.online_answer(true, t0);
    assert_eq!(drain(&mut app, t0).0, ["AGREE"]);
    feed(&mut app, &format!("START:{GAME_ID}"), t0);
    assert_eq!(app.online().unwrap().stage(), &Stage::Playing);
    app
}

#[test]
fn the_dialog_connects_logs_in_with_the_password_masked_and_remembers_the_rest() {
    let t0 = Instant::now();
    let mut app = dialog(Language::En, false, t0);
    let form = app.online_form().unwrap();
    assert_eq!(
        (form.host.as_str(), form.port.as_str(), form.password.as_str()),
        ("127.0.0.1", "4081", "s3cret")
    );
    // a wrong port is said, and nothing is sent
    app.edit_online_form(|f| f.port = "40x1".into());
    app.online_connect(t0);
    assert!(app.message().contains("'40x1' is not a number"), "{}", app.message());
    assert!(drain(&mut app, t0).0.is_empty());
    app.edit_online_form(|f| f.port = "4091".into());
    // typed fields: the game name edited by keys
    app.edit_online_form(|f| f.field = 4);
    app.edit_online_form(|f| f.backspace());
    app.edit_online_form(|f| f.type_char('1'));
    app.edit_online_form(|f| f.toggle(1));
    app.edit_online_form(|f| f.field = 5);
    app.edit_online_form(|f| f.toggle(1));
    app.take_settings_dirty();
    app.online_connect(t0);
    let (sent, other) = drain(&mut app, t0);
    assert_eq!(other, ["connect"]);
    assert_eq!(sent, ["LOGIN alice g-600-11-B,s3cret"]);
    // the settings keep the server, user and game, never the password
    assert!(app.take_settings_dirty());
    assert_eq!(app.settings().online.port, 4091);
    assert_eq!(app.settings().online.side, OnlineSide::Sente);
    assert!(!serde_json::to_string(app.settings()).unwrap().contains("s3cret"));
    // the protocol window shows the login masked
    let log: Vec<String> = app.online().unwrap().log().iter().map(|l| l.text.clone()).collect();
    assert!(log.iter().any(|l| l == "LOGIN alice g-600-11-B,******"), "{log:?}");
    assert!(!log.iter().any(|l| l.contains("s3cret")));
    assert!(!format!("{:?}", app.online().unwrap()).contains("s3cret"));
    // refused: back to the dialog, saying so, the password to type again
    feed(&mut app, "LOGIN:incorrect", t0);
    let form = app.online_form().expect("the dialog again");
    assert!(form.password.is_empty());
    assert!(app.message().contains("refused the login"), "{}", app.message());
    assert!(drain(&mut app, t0).1.contains(&"close"));
}

#[test]
fn a_password_is_remembered_only_when_asked_and_then_fills_the_dialog() {
    let t0 = Instant::now();
    let file = std::path::PathBuf::from("/nowhere/csa-passwords");
    let mut app = App::new(crate::core::Position::startpos());
    app.set_online_secrets(OnlineSecrets { file: Some(file.clone()), ..Default::default() });
    app.open_online(Some(settings(false)), t0);
    assert_eq!(app.online_form().unwrap().password, "", "nothing in the environment, nothing kept");
    app.edit_online_form(|f| f.password = "typed".into());
    app.online_connect(t0);
    let connect = app.commands(t0).into_iter().find_map(|c| match c {
        Command::Start(JobRequest::Connect(c)) => Some(c),
        _ => None,
    });
    assert_eq!(connect.unwrap().remember, None, "not asked: not written");
    app.online_cancel(t0);
    app.on_online(Incoming::Closed, t0);
    app.open_online(Some(settings(false)), t0);
    app.edit_online_form(|f| {
        f.password = "typed".into();
        f.remember = true;
    });
    app.online_connect(t0);
    let connect = app.commands(t0).into_iter().find_map(|c| match c {
        Command::Start(JobRequest::Connect(c)) => Some(c),
        _ => None,
    });
    assert_eq!(connect.unwrap().remember, Some((file, "typed".to_string())));
    app.online_cancel(t0);
    app.on_online(Incoming::Closed, t0);
    // the next dialog for that server and user has it
    app.open_online(Some(settings(false)), t0);
    assert_eq!(app.online_form().unwrap().password, "typed");
}

#[test]
fn a_server_that_cannot_be_reached_is_said_in_the_dialog() {
    let t0 = Instant::now();
    let mut app = dialog(Language::Ja, false, t0);
    app.online_connect(t0);
    app.on_online(Incoming::Failed("cannot connect to 127.0.0.1:4081: refused".into()), t0);
    assert!(app.online_form().is_some());
    assert!(app.message().starts_with("接続できません"), "{}", app.message());
}

#[test]
fn waiting_is_cancelled_with_a_clean_logout() {
    let t0 = Instant::now();
    let mut app = dialog(Language::En, false, t0);
    app.online_connect(t0);
    drain(&mut app, t0);
    feed(&mut app, "LOGIN:alice OK", t0);
    assert_eq!(app.online().unwrap().elapsed(t0 + Duration::from_secs(75)), Duration::from_secs(75));
    crate::tui::input::handle_key(&mut app, key(KeyCode::Esc));
    assert_eq!(drain(&mut app, t0).0, ["LOGOUT"]);
    feed(&mut app, "LOGOUT:completed", t0);
    app.on_online(Incoming::Closed, t0);
    assert!(app.online().is_none(), "back to the board");
    assert_eq!(app.message(), "logged out");
}

fn key(code: KeyCode) -> crossterm::event::KeyEvent {
    crossterm::event::KeyEvent::new(code, crossterm::event::KeyModifiers::NONE)
}

use crossterm::event::KeyCode;

#[test]
fn a_move_is_sent_and_enters_the_record_when_the_server_repeats_it_with_its_time() {
    let t0 = Instant::now();
    let mut app = started('+', BYOYOMI, t0);
    assert!(app.record().header("棋戦") == Some(GAME_ID));
    assert_eq!(app.record().header("先手"), Some("alice"));
    // a typed move goes to the server; the board waits for its echo
    app.submit_typed("76歩");
    assert_eq!(drain(&mut app, t0).0, ["+7776FU"]);
    assert_eq!(app.ply(), 0);
    assert!(app.message().contains("sent +7776FU"), "{}", app.message());
    // a second move before the echo is refused
    app.submit_typed("26歩");
    assert!(drain(&mut app, t0).0.is_empty());
    feed(&mut app, "+7776FU,T12", t0 + Duration::from_secs(12));
    assert_eq!(app.ply(), 1);
    assert_eq!(app.record().node(app.game().node()).time.map(|t| t.spent), Some(12));
    assert!(app.take_dirty(), "autosaved after every move");
    // the opponent's move is checked by the rules and shown
    feed(&mut app, "-3334FU,T5", t0 + Duration::from_secs(17));
    assert_eq!(app.ply(), 2);
    assert!(app.message().contains("△３四歩(33) (5s)"), "{}", app.message());
    // the clocks follow the server's figures and count down between moves
    let now = t0 + Duration::from_secs(20);
    assert_eq!(app.online_clock(Color::Black, now), Some(("9:45".into(), true)));
    assert_eq!(app.online_clock(Color::White, now), Some(("9:55".into(), false)));
    let s = screen_text(&app, 100, 32, now);
    assert!(s.contains("▶ ☗ alice 9:45") && s.contains("  ☖ bob 9:55"), "{s}");
    // a move the rules refuse is said as on the board
    app.submit_move(Move::board(Square::new(2, 7).unwrap(), Square::new(2, 5).unwrap(), false));
    assert!(drain(&mut app, now).0.is_empty());
    assert!(!app.message().is_empty() && !app.message().contains("sent"), "{}", app.message());
    // it is not the opponent's move to make
    app.submit_typed("84歩");
    assert!(drain(&mut app, now).0.is_empty());
    // take-backs are held
    crate::tui::input::handle_key(&mut app, key(KeyCode::Char('u')));
    assert_eq!(app.message(), "an online game is on: no take-backs, engine or analysis until it ends");
    assert_eq!(app.ply(), 2);
    // quitting warns that the game is cut off
    app.open_popup(Popup::ConfirmQuit);
    assert!(screen_text(&app, 100, 32, now).contains("An online game is on"));
    app.close_popup();
    // resigning sends %TORYO; the server's end is written into the record
    app.resign();
    assert_eq!(drain(&mut app, now).0, ["%TORYO"]);
    feed(&mut app, "%TORYO,T3\n#RESIGN\n#LOSE", now);
    assert_eq!(app.online().unwrap().stage(), &Stage::Ended);
    assert_eq!(app.message(), "You lose: alice resigned. (s saves the record, N the next game, X leaves)");
    let end = app.record().node(app.game().node()).special.as_ref().map(|s| s.kind);
    assert_eq!(end, Some(SpecialKind::Resign));
    // after the game, board keys online play does not keep wait until it is left
    crate::tui::input::handle_key(&mut app, key(KeyCode::Char('u')));
    assert_eq!(app.message(), "online play is on: leave it first (X)");
    // one game per connection: logged out by itself
    assert_eq!(drain(&mut app, now).0, ["LOGOUT"]);
    app.on_online(Incoming::Closed, now);
    assert!(matches!(app.online().unwrap().stage(), Stage::Closed(_)));
    assert_eq!(app.ply(), 2, "the record stays");
    // the next game: logged in again with the same name, game and password
    crate::tui::input::handle_key(&mut app, key(KeyCode::Char('N')));
    let (sent, other) = drain(&mut app, now);
    assert_eq!((sent, other), (vec!["LOGIN alice g-600-10,s3cret".to_string()], vec!["connect"]));
    assert_eq!(app.online().unwrap().stage(), &Stage::Connecting);
    assert_eq!(app.ply(), 2, "the last game stays on the board until the next starts");
}

#[test]
fn fischer_and_byoyomi_are_shown_as_a_local_clock_is() {
    let t0 = Instant::now();
    let app = started('-', FISCHER, t0);
    // the side to move has its increment for this move
    assert_eq!(app.online_clock(Color::Black, t0 + Duration::from_secs(10)), Some(("5:00".into(), true)));
    assert_eq!(app.online_clock(Color::White, t0), Some(("5:00".into(), false)));
    let mut app = started('+', "Time_Unit:1sec\nTotal_Time:0\nByoyomi:30\nLeast_Time_Per_Move:0\n", t0);
    assert_eq!(
        app.online_clock(Color::Black, t0 + Duration::from_secs(4)),
        Some(("byoyomi 26".into(), true))
    );
    assert!(!app.flipped());
    app.submit_typed("76歩");
    feed(&mut app, "+7776FU,T4", t0 + Duration::from_secs(4));
    assert_eq!(
        app.online_clock(Color::White, t0 + Duration::from_secs(5)),
        Some(("byoyomi 29".into(), true))
    );
}

#[test]
fn every_end_is_said_in_plain_words_and_written_into_the_record() {
    let t0 = Instant::now();
    // (lines after alice's (sente) first move, the record's ending, words in English, in Japanese)
    let cases = [
        (
            "-3334FU,T1\n%TORYO,T0\n#RESIGN\n#WIN",
            SpecialKind::Resign,
            "You win: bob resigned",
            "あなたの勝ち: bobの投了",
        ),
        ("#TIME_UP\n#LOSE", SpecialKind::TimeUp, "You lose: alice ran out", "あなたの負け: aliceの時間切れ"),
        ("#TIME_UP\n#WIN", SpecialKind::TimeUp, "You win: bob ran out of time", "bobの時間切れ"),
        ("#ILLEGAL_MOVE\n#WIN", SpecialKind::IllegalLoss, "bob made an illegal move", "bobの反則"),
        ("#SENNICHITE\n#DRAW", SpecialKind::Sennichite, "Draw: fourfold repetition", "引き分け: 千日手"),
        (
            "#OUTE_SENNICHITE\n#LOSE",
            SpecialKind::PerpetualCheck(Color::Black),
            "perpetual check",
            "連続王手の千日手",
        ),
        (
            "%KACHI\n#JISHOGI\n#LOSE",
            SpecialKind::EnteringKingWin,
            "bob declared an impasse win",
            "bobの入玉宣言",
        ),
        ("#MAX_MOVES\n#CENSORED", SpecialKind::MaxMoves, "No result: the move limit", "手数制限"),
        ("#CHUDAN", SpecialKind::Interrupt, "No result: the game was interrupted", "中断"),
        ("#CENSORED", SpecialKind::Interrupt, "No result: the game was cut off", "打ち切り"),
    ];
    for (lines, kind, en, ja) in cases {
        for (language, words) in [(Language::En, en), (Language::Ja, ja)] {
            let mut app = started('+', BYOYOMI, t0);
            app.settings.language = language;
            app.submit_typed("76歩");
            feed(&mut app, "+7776FU,T1", t0);
            feed(&mut app, lines, t0);
            assert_eq!(app.online().unwrap().stage(), &Stage::Ended, "{lines}");
            assert!(app.message().contains(words), "{lines}: {}", app.message());
            let end = app.record().node(app.record().main_line_end()).special.as_ref().map(|s| s.kind);
            assert_eq!(end, Some(kind), "{lines}");
            assert!(app.record().header("終了日時").is_some());
        }
    }
}

#[test]
fn a_move_the_rules_refuse_is_shown_with_the_line_and_the_record_is_kept() {
    let t0 = Instant::now();
    let mut app = started('+', BYOYOMI, t0);
    app.submit_typed("76歩");
    feed(&mut app, "+7776FU,T1", t0);
    feed(&mut app, "-3334FU,T1", t0);
    assert_eq!(app.ply(), 2);
    feed(&mut app, "+1199KY,T1", t0);
    assert!(matches!(app.online().unwrap().stage(), Stage::Closed(_)));
    assert!(app.message().contains("'+1199KY,T1'"), "{}", app.message());
    assert!(app.message().contains("the record so far is kept"), "{}", app.message());
    assert_eq!(app.ply(), 2, "the moves before it stay");
    assert!(drain(&mut app, t0).1.contains(&"close"));
}

#[test]
fn a_lost_connection_says_so_keeps_the_record_and_offers_to_save_it() {
    let t0 = Instant::now();
    let mut app = started('-', BYOYOMI, t0);
    assert!(app.flipped(), "gote sees the board from its side");
    feed(&mut app, "+7776FU,T2", t0);
    app.on_online(Incoming::Failed("connection reset by peer".into()), t0);
    assert!(matches!(app.online().unwrap().stage(), Stage::Closed(_)));
    assert!(app.message().contains("lost (connection reset by peer)"), "{}", app.message());
    assert!(app.message().contains("s saves it"), "{}", app.message());
    assert_eq!(app.ply(), 1);
    // saving is offered at once
    assert!(matches!(app.popup(), Some(Popup::OfferSaveLost(_))));
    assert!(screen_text(&app, 100, 32, t0).contains("Save the record now? (y / n)"));
    crate::tui::input::handle_key(&mut app, key(KeyCode::Char('y')));
    assert!(app.input().is_some_and(|i| i.kind == InputKind::SavePath), "the save box");
    app.take_input();
    // the save key works there too; X leaves with the record on the board
    crate::tui::input::handle_key(&mut app, key(KeyCode::Char('s')));
    assert!(app.input().is_some(), "the save box");
    app.take_input();
    crate::tui::input::handle_key(&mut app, key(KeyCode::Char('X')));
    assert!(app.online().is_none());
    assert_eq!(app.ply(), 1);
}

#[test]
fn a_rejected_summary_sends_reject_and_waits_again() {
    let t0 = Instant::now();
    let mut app = dialog(Language::En, false, t0);
    app.online_connect(t0);
    drain(&mut app, t0);
    feed(&mut app, "LOGIN:alice OK", t0);
    feed(&mut app, &summary('+', BYOYOMI), t0);
    crate::tui::input::handle_key(&mut app, key(KeyCode::Char('n')));
    assert_eq!(drain(&mut app, t0).0, ["REJECT"]);
    assert_eq!(app.message(), "you rejected the game");
    // the opponent rejects
    let mut app = dialog(Language::En, false, t0);
    app.online_connect(t0);
    drain(&mut app, t0);
    feed(&mut app, "LOGIN:alice OK", t0);
    feed(&mut app, &summary('+', BYOYOMI), t0);
    app.online_answer(true, t0);
    feed(&mut app, &format!("REJECT:{GAME_ID} by bob"), t0);
    assert!(app.message().contains("called off by bob"), "{}", app.message());
    // agreeing by itself
    let mut app = dialog(Language::En, false, t0);
    app.edit_online_form(|f| f.auto_agree = true);
    app.online_connect(t0);
    drain(&mut app, t0);
    feed(&mut app, "LOGIN:alice OK", t0);
    feed(&mut app, &summary('+', BYOYOMI), t0);
    assert_eq!(drain(&mut app, t0).0, ["AGREE"]);
}

#[test]
fn the_extended_mode_lists_chats_and_watches_a_game_on_a_board_that_follows_the_server() {
    let t0 = Instant::now();
    let mut app = lobby(t0);
    assert_eq!(app.online().unwrap().stage(), &Stage::Lobby);
    crate::tui::input::handle_key(&mut app, key(KeyCode::Char('W')));
    crate::tui::input::handle_key(&mut app, key(KeyCode::Char('G')));
    assert_eq!(drain(&mut app, t0).0, ["%%WHO", "%%LIST"]);
    feed(&mut app, "##[WHO] bob x1 connected\n##[WHO] +OK", t0);
    assert_eq!(app.online().unwrap().list().unwrap().1, ["bob x1 connected"]);
    // chat: typed in the text box, shown under the board
    crate::tui::input::handle_key(&mut app, key(KeyCode::Char('c')));
    for c in "hello".chars() {
        crate::tui::input::handle_key(&mut app, key(KeyCode::Char(c)));
    }
    crate::tui::input::handle_key(&mut app, key(KeyCode::Enter));
    assert_eq!(drain(&mut app, t0).0, ["%%CHAT hello"]);
    feed(&mut app, "##[CHAT][bob] hi alice", t0);
    assert_eq!(app.online().unwrap().chat().back().map(String::as_str), Some("bob: hi alice"));
    assert_eq!(app.message(), "Chat: bob: hi alice");
    let screen = screen_text(&app, 110, 50, t0);
    assert!(screen.contains("Chat") && screen.contains("bob: hi alice"), "{screen}");
    // watching: the board follows the game, read-only
    app.online_extended(&format!("MONITOR2ON {GAME_ID}"));
    assert_eq!(drain(&mut app, t0).0, [format!("%%MONITOR2ON {GAME_ID}")]);
    let id = GAME_ID;
    feed(&mut app, &monitored_start(&["N+alice", "N-bob", "+7776FU", "T3"]), t0);
    assert_eq!(app.ply(), 1);
    assert!(app.watching());
    assert_eq!(app.message(), format!("watching {id}: move 1"));
    feed(&mut app, &monitored(&["-3334FU", "T2"]), t0);
    assert_eq!(app.ply(), 2);
    // a move on the watched board is not sent
    app.submit_typed("26歩");
    assert!(drain(&mut app, t0).0.is_empty());
    assert_eq!(app.ply(), 2);
    // asking for a game
    crate::tui::input::handle_key(&mut app, key(KeyCode::Char('N')));
    assert_eq!(drain(&mut app, t0).0, ["%%GAME g-600-10 *"]);
    assert_eq!(app.online().unwrap().stage(), &Stage::Waiting);
    // a game of one's own: the watched game is let go, and no longer moves the board
    feed(&mut app, &summary('+', BYOYOMI), t0);
    app.online_answer(true, t0);
    feed(&mut app, &format!("START:{GAME_ID}"), t0);
    assert_eq!(drain(&mut app, t0).0, ["AGREE".to_string(), format!("%%MONITOR2OFF {id}")]);
    assert_eq!(app.ply(), 0);
    feed(&mut app, &monitored(&["+2726FU", "T2"]), t0);
    assert_eq!(app.ply(), 0, "the watched game does not move this game's board");
    app.submit_typed("76歩");
    feed(&mut app, "+7776FU,T1\n%TORYO\n#RESIGN\n#LOSE", t0);
    assert_eq!(app.online().unwrap().stage(), &Stage::Ended);
    // the extended mode stays logged in: the next game is asked for
    assert!(drain(&mut app, t0).0.iter().all(|l| l != "LOGOUT"));
    crate::tui::input::handle_key(&mut app, key(KeyCode::Char('N')));
    assert_eq!(drain(&mut app, t0).0, ["%%GAME g-600-10 *"]);
}

#[test]
fn the_dialog_the_waiting_screen_the_summary_and_the_protocol_window_are_drawn() {
    let t0 = Instant::now();
    let mut app = dialog(Language::En, false, t0);
    let s = screen_text(&app, 100, 32, t0);
    assert!(s.contains("Play online (CSA server)"), "{s}");
    assert!(s.contains("password              : ******"), "{s}");
    assert!(!s.contains("s3cret"));
    assert!(s.contains("user name             : alice"), "{s}");
    app.online_connect(t0);
    drain(&mut app, t0);
    feed(&mut app, "LOGIN:alice OK", t0);
    let s = screen_text(&app, 100, 32, t0 + Duration::from_secs(83));
    assert!(s.contains("Waiting for an opponent for 'g-600-10' … 1:23"), "{s}");
    assert!(s.contains("Esc cancels (logs out)"), "{s}");
    feed(&mut app, &summary('-', FISCHER), t0);
    let s = screen_text(&app, 100, 32, t0);
    assert!(s.contains("You play gote ☖ against alice (sente ☗)."), "{s}");
    assert!(s.contains("Time: 5 min + 10 s per move (Fischer), at least 1 s a move."), "{s}");
    assert!(s.contains("At most 256 moves."), "{s}");
    assert!(s.contains("y agree · n reject"), "{s}");
    app.settings.language = Language::Ja;
    let s = screen_text(&app, 100, 32, t0);
    assert!(s.contains("あなたは後手 ☖、相手は alice (先手 ☗)"), "{s}");
    assert!(s.contains("1手ごとに 10秒 加算 (フィッシャー)"), "{s}");
    app.settings.language = Language::En;
    app.open_protocol();
    let s = screen_text(&app, 100, 32, t0);
    assert!(s.contains("← END Game_Summary"), "{s}");
    assert!(!s.contains("→ LOGIN"), "the newest lines are shown first: {s}");
    crate::tui::input::handle_key(&mut app, key(KeyCode::Home));
    let s = screen_text(&app, 100, 32, t0);
    assert!(s.contains("→ LOGIN alice g-600-10,******"), "{s}");
    assert!(s.contains("← LOGIN:alice OK"), "{s}");
    crate::tui::input::handle_key(&mut app, key(KeyCode::Esc));
    assert!(app.popup().is_none());
}

#[test]
fn the_new_game_dialog_offers_online_play() {
    let t0 = Instant::now();
    let mut app = App::new(crate::core::Position::startpos());
    app.open_new_game();
    assert!(screen_text(&app, 100, 32, t0).contains("5. online (CSA server)"));
    crate::tui::input::handle_key(&mut app, key(KeyCode::Char('5')));
    assert!(app.online_form().is_some());
    crate::tui::input::handle_key(&mut app, key(KeyCode::Esc));
    assert!(app.online().is_none());
    assert_eq!(app.message(), "online play cancelled");
}

#[test]
fn ctrl_keys_in_the_dialogs_text_fields_edit_and_never_type_a_letter() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let t0 = Instant::now();
    let mut app = dialog(Language::En, false, t0);
    // the host field, focused first
    let key = |app: &mut App, c: char, m: KeyModifiers| {
        crate::tui::input::handle_key(app, KeyEvent::new(KeyCode::Char(c), m));
    };
    app.edit_online_form(|f| f.host = "shogi server.example".into());
    let host = |app: &App| app.online_form().unwrap().host.clone();
    let focused_is_host = app.online_form().unwrap().focused().is_text();
    assert!(focused_is_host);
    key(&mut app, 'a', KeyModifiers::CONTROL);
    key(&mut app, 'e', KeyModifiers::CONTROL);
    assert_eq!(host(&app), "shogi server.example", "Ctrl-A or Ctrl-E typed a letter");
    key(&mut app, 'w', KeyModifiers::CONTROL);
    assert_eq!(host(&app), "shogi ");
    key(&mut app, 'u', KeyModifiers::CONTROL);
    assert_eq!(host(&app), "");
    key(&mut app, 'x', KeyModifiers::NONE);
    assert_eq!(host(&app), "x");
}

/// The start request of the connection the app hands the loop, if any.
fn connect_request(app: &mut App, now: Instant) -> Option<crate::tui::jobs::ConnectRequest> {
    app.commands(now).into_iter().find_map(|c| match c {
        Command::Start(JobRequest::Connect(req)) => Some(req),
        _ => None,
    })
}

#[test]
fn the_keep_alive_interval_is_the_settings_and_at_least_30_seconds() {
    let t0 = Instant::now();
    for (setting, want) in [(45, 45), (30, 30), (5, 30)] {
        let mut app = dialog(Language::En, false, t0);
        app.open_online(Some(OnlineSettings { keepalive_s: setting, ..settings(false) }), t0);
        app.online_connect(t0);
        let req = connect_request(&mut app, t0).expect("a connection is opened");
        assert_eq!(req.keepalive, Duration::from_secs(want), "{setting}");
    }
}

#[test]
fn a_game_name_the_server_would_not_pair_by_is_refused_in_the_dialog() {
    let t0 = Instant::now();
    let mut app = dialog(Language::En, false, t0);
    for bad in ["casual", "casual-600", "floodgate-300-10G", "a b-600-10"] {
        app.edit_online_form(|f| f.game = bad.into());
        app.online_connect(t0);
        let problem = app.online_form().and_then(|f| f.problem.clone()).unwrap_or_default();
        assert!(problem.contains("NAME-TOTAL-BYOYOMI (casual-600-10)"), "{bad}: {problem}");
        assert_eq!(drain(&mut app, t0), (vec![], vec![]), "{bad}: nothing is sent");
    }
    app.edit_online_form(|f| f.game = "floodgate-300-10F".into());
    app.online_connect(t0);
    assert_eq!(drain(&mut app, t0).1, ["connect"]);
}

#[test]
fn no_answer_to_login_goes_back_to_the_dialog_after_30_seconds() {
    let t0 = Instant::now();
    let mut app = connecting(t0);
    app.on_online(Incoming::Connected, t0);
    assert_eq!(app.online_deadline(), Some(t0 + LOGIN_TIMEOUT));
    app.tick(t0 + LOGIN_TIMEOUT - Duration::from_millis(1));
    assert_eq!(app.online().unwrap().stage(), &Stage::Connecting);
    app.tick(t0 + LOGIN_TIMEOUT);
    assert!(app.online_form().is_some(), "back to the dialog");
    assert_eq!(app.message(), "no answer to LOGIN within 30 s");
    assert_eq!(drain(&mut app, t0).1, ["close"]);
    assert_eq!(app.online_deadline(), None);
}

#[test]
fn a_logout_the_server_never_answers_is_closed_after_a_few_seconds() {
    let t0 = Instant::now();
    // leaving while waiting: back to the board
    let mut app = connecting(t0);
    feed(&mut app, "LOGIN:alice OK", t0);
    app.online_cancel(t0);
    assert_eq!(drain(&mut app, t0).0, ["LOGOUT"]);
    assert_eq!(app.message(), "logging out …");
    assert_eq!(app.online_deadline(), Some(t0 + LOGOUT_WAIT));
    app.tick(t0 + LOGOUT_WAIT - Duration::from_millis(1));
    assert!(app.online().is_some(), "still waiting for the answer");
    app.tick(t0 + LOGOUT_WAIT);
    assert!(app.online().is_none(), "back to the board");
    assert_eq!(drain(&mut app, t0).1, ["close"]);
    // the LOGOUT after a game: the connection closed, said
    let mut app = started('+', BYOYOMI, t0);
    feed(&mut app, "%TORYO\n#RESIGN\n#LOSE", t0);
    assert!(drain(&mut app, t0).0.contains(&"LOGOUT".to_string()));
    app.tick(t0 + LOGOUT_WAIT);
    assert!(matches!(app.online().unwrap().stage(), Stage::Closed(_)));
    assert_eq!(app.message(), "the server did not answer LOGOUT: disconnected");
    assert_eq!(drain(&mut app, t0).1, ["close"]);
}

#[test]
fn the_first_key_after_a_lost_connection_is_not_lost_and_the_record_is_cut_off() {
    let t0 = Instant::now();
    let mut app = started('-', BYOYOMI, t0);
    feed(&mut app, "+7776FU,T2", t0);
    app.on_online(Incoming::Failed("connection reset by peer".into()), t0);
    assert!(matches!(app.popup(), Some(Popup::OfferSaveLost(_))));
    // the record shown ends as cut off (中断), as the autosave and a save write it
    assert_eq!(app.record().ending().map(|s| s.kind), Some(SpecialKind::Interrupt));
    assert_eq!(app.ply(), 1);
    // a key that is not an answer closes the offer and does what it does: X leaves
    crate::tui::input::handle_key(&mut app, key(KeyCode::Char('X')));
    assert!(app.online().is_none(), "X was not swallowed by the popup");
    assert_eq!(app.ply(), 1);
}

#[test]
fn a_watched_game_that_ends_says_so_in_the_status_line() {
    let t0 = Instant::now();
    let mut app = lobby(t0);
    let id = GAME_ID;
    feed(&mut app, &monitored_start(&["+7776FU"]), t0);
    assert_eq!(app.message(), format!("watching {id}: move 1"));
    feed(&mut app, &monitored(&["-3334FU", "%TORYO"]), t0);
    assert_eq!(app.message(), format!("watched {id} to its end: 投了 after 2 moves"));
}

#[test]
fn odd_lines_from_the_server_are_said() {
    let t0 = Instant::now();
    let mut app = started('-', BYOYOMI, t0);
    feed(&mut app, "+7776FU,Tabc", t0);
    assert_eq!(app.ply(), 1, "the move is taken");
    assert!(app.message().contains("the server's time 'Tabc' for the move +7776FU"), "{}", app.message());
}

#[test]
fn who_and_games_during_a_game_show_their_answers_over_the_board() {
    let t0 = Instant::now();
    let mut app = lobby(t0);
    crate::tui::input::handle_key(&mut app, key(KeyCode::Char('N')));
    drain(&mut app, t0);
    feed(&mut app, &summary('+', BYOYOMI), t0);
    app.online_answer(true, t0);
    feed(&mut app, &format!("START:{GAME_ID}"), t0);
    drain(&mut app, t0);
    assert_eq!(app.online().unwrap().stage(), &Stage::Playing);
    crate::tui::input::handle_key(&mut app, key(KeyCode::Char('W')));
    assert_eq!(drain(&mut app, t0).0, ["%%WHO"]);
    feed(&mut app, "##[WHO] bob x1 game\n##[WHO] carol x1 connected\n##[WHO] +OK", t0);
    assert_eq!(app.popup(), Some(&Popup::ServerList));
    let s = screen_text(&app, 110, 40, t0);
    assert!(s.contains("%%WHO:") && s.contains("carol x1 connected"), "{s}");
    assert!(s.contains("any key closes"), "{s}");
    // any key closes it; the game goes on
    crate::tui::input::handle_key(&mut app, key(KeyCode::Char('x')));
    assert!(app.popup().is_none());
    crate::tui::input::handle_key(&mut app, key(KeyCode::Char('G')));
    assert_eq!(drain(&mut app, t0).0, ["%%LIST"]);
    feed(&mut app, &format!("##[LIST] {GAME_ID}\n##[LIST] +OK"), t0);
    let s = screen_text(&app, 110, 40, t0);
    assert!(s.contains("%%LIST:") && s.contains(GAME_ID), "{s}");
    assert_eq!(app.online().unwrap().stage(), &Stage::Playing);
}

/// The lines sent and the search asked for by the next commands.
fn sent_and_search(app: &mut App, now: Instant) -> (Vec<String>, Option<crate::tui::jobs::ThinkRequest>) {
    let mut sent = Vec::new();
    let mut search = None;
    for c in app.commands(now) {
        match c {
            Command::Send(l) => sent.push(l),
            Command::Start(JobRequest::Think(r)) => search = Some(r),
            _ => {}
        }
    }
    (sent, search)
}

/// The dialog with "play as" stepped `steps` choices on (with an external engine named
/// `external`), then logged in, agreed and started: alice plays ☗ on 10 minutes and 10 s.
fn engine_game(steps: i32, external: Option<&str>, t0: Instant) -> App {
    let mut app = App::new(crate::core::Position::startpos());
    app.set_settings(Settings { language: Language::En, ..Settings::default() });
    app.set_online_secrets(OnlineSecrets { env_password: Some("s3cret".into()), ..Default::default() });
    app.set_external_engine(external.map(String::from));
    app.open_online(Some(settings(false)), t0);
    let at = FormField::ALL.iter().position(|&f| f == FormField::PlayAs).unwrap();
    app.edit_online_form(|f| {
        f.field = at;
        f.toggle(steps);
    });
    app.online_connect(t0);
    drain(&mut app, t0);
    feed(&mut app, "LOGIN:alice OK", t0);
    feed(&mut app, &summary('+', BYOYOMI), t0);
    app.online_answer(true, t0);
    drain(&mut app, t0);
    feed(&mut app, &format!("START:{GAME_ID}"), t0);
    assert_eq!(app.online().unwrap().stage(), &Stage::Playing);
    app
}

#[test]
fn the_dialog_offers_me_each_level_of_the_builtin_engine_and_the_external_engine_when_there_is_one() {
    let t0 = Instant::now();
    let mut app = dialog(Language::En, false, t0);
    let form = app.online_form().unwrap();
    assert_eq!((form.play_as, form.external.as_deref()), (PlayAs::Me, None));
    let at = FormField::ALL.iter().position(|&f| f == FormField::PlayAs).unwrap();
    app.edit_online_form(|f| {
        f.field = at;
        f.toggle(-1);
    });
    // no external engine: back from "me" is the built-in engine at its top level
    assert_eq!(app.online_form().unwrap().play_as, PlayAs::Builtin(crate::engine::levels::Level::MAX));
    let shown = screen_text(&app, 110, 34, t0);
    assert!(
        shown.lines().any(|l| l.contains("play as") && l.contains("the built-in engine, level 10")),
        "{shown}"
    );
    let mut app = dialog(Language::En, false, t0);
    app.set_external_engine(Some("Gikou 2".into()));
    app.open_online(Some(settings(false)), t0);
    app.edit_online_form(|f| {
        f.field = at;
        f.toggle(-1);
    });
    assert_eq!(app.online_form().unwrap().play_as, PlayAs::External);
    let shown = screen_text(&app, 110, 34, t0);
    assert!(shown.contains("the external engine Gikou 2"), "{shown}");
}

#[test]
fn who_plays_is_remembered_in_the_settings_and_an_engine_not_there_is_the_player() {
    use crate::tui::settings::OnlinePlayer;
    let t0 = Instant::now();
    let mut app = dialog(Language::En, false, t0);
    let at = FormField::ALL.iter().position(|&f| f == FormField::PlayAs).unwrap();
    app.edit_online_form(|f| {
        f.field = at;
        f.toggle(4);
    });
    app.online_connect(t0);
    assert_eq!(app.settings().online.play_as, OnlinePlayer::Level(4));
    // the next dialog opens on the level chosen
    let remembered = app.settings().online.clone();
    let mut app = dialog(Language::En, false, t0);
    app.open_online(Some(remembered.clone()), t0);
    assert_eq!(
        app.online_form().unwrap().play_as,
        PlayAs::Builtin(crate::engine::levels::Level::new(4).unwrap())
    );
    // an external engine is remembered, and is the choice only when the app has one
    let external = OnlineSettings { play_as: OnlinePlayer::External, ..remembered };
    let mut app = dialog(Language::En, false, t0);
    app.open_online(Some(external.clone()), t0);
    assert_eq!(app.online_form().unwrap().play_as, PlayAs::Me);
    app.set_external_engine(Some("Gikou 2".into()));
    app.open_online(Some(external.clone()), t0);
    assert_eq!(app.online_form().unwrap().play_as, PlayAs::External);
    // a number that is not a level is the player
    app.open_online(Some(OnlineSettings { play_as: OnlinePlayer::Level(11), ..external }), t0);
    assert_eq!(app.online_form().unwrap().play_as, PlayAs::Me);
}

#[test]
fn the_builtin_engine_plays_for_the_player_on_the_servers_clock_and_the_player_may_resign_for_it() {
    use crate::tui::jobs::{EngineReport, Report, ThinkBy, ThinkingInfo};
    let t0 = Instant::now();
    // one step on from "me": the built-in engine at level 1
    let mut app = engine_game(1, None, t0);
    assert_eq!(app.online().unwrap().play_as(), PlayAs::Builtin(crate::engine::levels::Level::MIN));
    assert!(app.message().contains("the engine plays for you"), "{}", app.message());
    // alice (☗) is to move: the engine is asked, with the server's clock less the margin
    let (sent, search) = sent_and_search(&mut app, t0);
    assert!(sent.is_empty(), "{sent:?}");
    let search = search.expect("the engine was not asked to move");
    assert_eq!((search.by, search.level), (ThinkBy::Builtin, crate::engine::levels::Level::MIN));
    assert!(search.moves.is_empty());
    assert_eq!(search.limits.time, [Some(600_000), Some(600_000)]);
    assert_eq!(search.limits.byoyomi, 10_000);
    let go = search.go.expect("no go for an external engine");
    assert_eq!((go.btime, go.byoyomi), (Some(600_000), Some(9_000)));
    // a move from the board is the engine's to make
    app.submit_typed("2g2f");
    assert!(app.message().contains("the engine plays for you"), "{}", app.message());
    assert!(sent_and_search(&mut app, t0).0.is_empty());
    // its thinking is shown, then its move is sent
    let pv = vec![Move::from_usi("7g7f").unwrap(), Move::from_usi("3c3d").unwrap()];
    let info = ThinkingInfo { depth: 3, score: Some(crate::core::Score::Cp(42)), pv };
    app.on_job(Report::Engine(EngineReport::Thinking(info)), t0);
    let screen = screen_text(&app, 110, 34, t0);
    assert!(screen.contains("+42") && screen.contains("７六歩"), "{screen}");
    let m = Move::from_usi("7g7f").unwrap();
    app.on_job(Report::Engine(EngineReport::Answer { best: Some(m), declare_win: false }), t0);
    assert_eq!(sent_and_search(&mut app, t0).0, ["+7776FU"]);
    feed(&mut app, "+7776FU,T1\n-3334FU,T2", t0);
    // the player's turn again: a new search of the game so far
    let (_, search) = sent_and_search(&mut app, t0);
    assert_eq!(search.expect("no second search").moves.len(), 2);
    // the player resigns for it: %TORYO goes, and the search is let go
    app.online_resign();
    let commands = app.commands(t0);
    assert!(commands.iter().any(|c| matches!(c, Command::Send(l) if l == "%TORYO")), "{commands:?}");
    assert!(commands.iter().any(|c| matches!(c, Command::Stop(JobKind::Engine))), "{commands:?}");
    app.on_job(Report::Engine(EngineReport::Answer { best: Some(m), declare_win: false }), t0);
    assert!(sent_and_search(&mut app, t0).0.is_empty());
}

#[test]
fn the_external_engine_plays_with_its_go_its_resignation_is_sent_and_a_failure_hands_the_game_back() {
    use crate::tui::jobs::{EngineReport, Report, ThinkBy};
    let t0 = Instant::now();
    // one step back from "me": the external engine
    let mut app = engine_game(-1, Some("FakeEngine"), t0);
    let (_, search) = sent_and_search(&mut app, t0);
    let search = search.expect("the engine was not asked to move");
    assert_eq!(search.by, ThinkBy::Computer);
    assert_eq!(search.go.map(|g| (g.wtime, g.byoyomi)), Some((Some(600_000), Some(9_000))));
    // it resigns: %TORYO
    app.on_job(Report::Engine(EngineReport::Answer { best: None, declare_win: false }), t0);
    assert_eq!(sent_and_search(&mut app, t0).0, ["%TORYO"]);
    // another game, the engine fails: the player plays on from the board
    let mut app = engine_game(-1, Some("FakeEngine"), t0);
    assert!(sent_and_search(&mut app, t0).1.is_some());
    app.on_job(Report::Engine(EngineReport::Failed("it crashed".into())), t0);
    assert_eq!(app.online().unwrap().play_as(), PlayAs::Me);
    assert!(app.message().contains("the engine stopped (it crashed): you play on"), "{}", app.message());
    app.submit_typed("7g7f");
    let (sent, search) = sent_and_search(&mut app, t0);
    assert_eq!(sent, ["+7776FU"]);
    assert!(search.is_none(), "{search:?}");
}

//! Keys and clicks routed to the app.

use super::*;
use crate::core::Position;
use crate::tui::view::{self, geometry};
use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};

fn key(c: KeyCode) -> Event {
    Event::Key(KeyEvent::new(c, KeyModifiers::NONE))
}

const AREA: Rect = Rect { x: 0, y: 0, width: 100, height: 20 };

#[test]
fn typed_move_shows_in_record() {
    let mut app = App::new(Position::startpos());
    handle_event(&mut app, key(KeyCode::Char(':')), AREA);
    for c in "7g7f".chars() {
        handle_event(&mut app, key(KeyCode::Char(c)), AREA);
    }
    handle_event(&mut app, key(KeyCode::Enter), AREA);
    assert_eq!(app.ply(), 1);
    let s = view::screen_text(&app, 100, 20, std::time::Instant::now());
    assert!(s.contains("▲７六歩(77)"), "{s}");
}

#[test]
fn mouse_clicks_play_a_move() {
    let mut app = App::new(Position::startpos());
    let a = view::areas(AREA, &app);
    let g = geometry::BoardGeometry::new(a.board, false);
    for s in ["2g", "2f"] {
        let r = g.rect_of(crate::core::Square::from_usi(s).unwrap());
        let ev = Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: r.x + 1,
            row: r.y,
            modifiers: KeyModifiers::NONE,
        });
        handle_event(&mut app, ev, AREA);
    }
    assert_eq!(app.pos().last_move().unwrap().usi(), "2g2f");
}

#[test]
fn quit_asks_first() {
    let mut app = App::new(Position::startpos());
    handle_event(&mut app, key(KeyCode::Char('q')), AREA);
    assert!(!app.should_quit());
    handle_event(&mut app, key(KeyCode::Char('y')), AREA);
    assert!(app.should_quit());
}

#[test]
fn a_remapped_key_does_the_action_and_the_help_and_the_key_bar_show_it() {
    let text = r#"{"version": 1, "keys": {"undo": "z"}}"#;
    let parsed = crate::tui::settings::parse(text, crate::tui::settings::Settings::default());
    assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
    let mut app = App::new(Position::startpos());
    app.set_settings(parsed.settings);
    assert!(app.submit_typed("7g7f"));
    handle_event(&mut app, key(KeyCode::Char('u')), AREA);
    assert_eq!(app.ply(), 1, "u is no longer undo");
    let s = view::screen_text(&app, 100, 30, std::time::Instant::now());
    assert!(s.contains("z undo") && !s.contains("u undo"), "{s}");
    handle_event(&mut app, key(KeyCode::Char('z')), AREA);
    assert_eq!(app.ply(), 0, "z takes the move back");
    handle_event(&mut app, key(KeyCode::Char('?')), AREA);
    let s = view::screen_text(&app, 100, 30, std::time::Instant::now());
    let line = s.lines().find(|l| l.contains("take back a move")).expect("the help lists undo");
    assert!(line.contains("│z ") && !line.contains("Backspace"), "{line}");
}

#[test]
fn a_remapped_popup_key_answers_and_the_popup_says_it() {
    let text = r#"{"version": 1, "keys": {"yes": "j", "cancel": ["Esc", "Z"]}}"#;
    let parsed = crate::tui::settings::parse(text, crate::tui::settings::Settings::default());
    assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
    let mut app = App::new(Position::startpos());
    app.set_settings(parsed.settings);
    handle_event(&mut app, key(KeyCode::Char('R')), AREA);
    let s = view::screen_text(&app, 100, 30, std::time::Instant::now());
    assert!(s.contains("Resign this game? (j / n)"), "{s}");
    handle_event(&mut app, key(KeyCode::Char('y')), AREA);
    assert!(app.overlay().is_none(), "y is no longer yes: it closes the question");
    handle_event(&mut app, key(KeyCode::Char('n')), AREA);
    let s = view::screen_text(&app, 100, 30, std::time::Instant::now());
    assert!(s.contains("Esc/Z cancel"), "the new-game dialog's key line shows the remapped cancel: {s}");
    handle_event(&mut app, key(KeyCode::Char('Z')), AREA);
    assert!(app.overlay().is_none(), "Z closes the new-game dialog");
    handle_event(&mut app, key(KeyCode::Char('q')), AREA);
    handle_event(&mut app, key(KeyCode::Char('j')), AREA);
    assert!(app.should_quit(), "j answers the quit question");
}

/// At every board size and both ways round, a click on the column of a file number and the row
/// of a rank number, both read off the drawn screen, puts the cursor on that square.
#[test]
fn clicks_land_on_the_square_drawn_there_at_every_size() {
    use crate::record::names::{FULLWIDTH_DIGITS, KANJI_DIGITS};
    for (w, h) in [(67, 17), (80, 24), (100, 30), (120, 40), (160, 50)] {
        for flipped in [false, true] {
            let mut app = App::new(Position::startpos());
            if flipped {
                app.flip();
            }
            let area = Rect::new(0, 0, w, h);
            let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h)).unwrap();
            t.draw(|f| view::draw(f, &app, std::time::Instant::now())).unwrap();
            let buf = t.backend().buffer().clone();
            let board_right = view::areas(area, &app).record.x;
            let mut files = Vec::new();
            let mut ranks = Vec::new();
            for y in 0..h {
                for x in 0..board_right {
                    let sym = buf[(x, y)].symbol();
                    if let Some(f) = (1..=9).find(|&f| sym == FULLWIDTH_DIGITS[f].to_string()) {
                        files.push((f, x));
                    }
                    if let Some(r) = (1..=9).find(|&r| sym == KANJI_DIGITS[r].to_string()) {
                        ranks.push((r, y));
                    }
                }
            }
            assert_eq!((files.len(), ranks.len()), (9, 9), "{w}x{h}");
            for &(file, x) in &files {
                for &(rank, y) in &ranks {
                    let mut app = App::new(Position::startpos());
                    if flipped {
                        app.flip();
                    }
                    let click = Event::Mouse(MouseEvent {
                        kind: MouseEventKind::Down(MouseButton::Left),
                        column: x + 1,
                        row: y,
                        modifiers: KeyModifiers::NONE,
                    });
                    handle_event(&mut app, click, area);
                    let want = crate::core::Square::new(file as u8, rank as u8).unwrap();
                    assert_eq!(app.cursor(), want, "{w}x{h} flipped {flipped}: click at ({}, {y})", x + 1);
                }
            }
        }
    }
}

#[test]
fn esc_leaves_the_library_filter_whatever_key_cancel_has_and_a_letter_is_refused_for_cancel() {
    let parsed =
        crate::tui::settings::parse(r#"{"version": 1, "keys": {"cancel": "F2"}}"#, Default::default());
    assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
    let mut app = App::new(Position::startpos());
    app.set_settings(parsed.settings);
    handle_event(&mut app, key(KeyCode::Char('O')), AREA);
    handle_event(&mut app, key(KeyCode::Char('x')), AREA);
    handle_event(&mut app, key(KeyCode::Esc), AREA);
    handle_event(&mut app, key(KeyCode::Esc), AREA);
    assert!(app.library().is_none(), "Esc did not leave the library");
    // a letter as the only cancel key would type into the filter: refused at launch
    for keys in [r#""q""#, r#"["x", "Space"]"#] {
        let text = format!(r#"{{"version": 1, "keys": {{"cancel": {keys}}}}}"#);
        let parsed = crate::tui::settings::parse(&text, Default::default());
        assert!(parsed.problems.iter().any(|p| p.contains("no way out")), "{keys}: {:?}", parsed.problems);
        let mut app = App::new(Position::startpos());
        app.set_settings(parsed.settings);
        handle_event(&mut app, key(KeyCode::Char('O')), AREA);
        handle_event(&mut app, key(KeyCode::Esc), AREA);
        assert!(app.library().is_none());
    }
}

#[test]
fn o_opens_the_library_where_letters_filter_and_esc_goes_back_to_the_board() {
    use crate::tui::event::Command;
    use crate::tui::jobs::{JobKind, JobRequest, LibraryJob, LibraryKind};
    let library = |c: &Command| {
        matches!(c, Command::Start(JobRequest::Library(_)) | Command::Stop(JobKind::Library(_)))
    };
    let mut app = App::new(Position::startpos());
    handle_event(&mut app, key(KeyCode::Char('O')), AREA);
    assert!(app.library().is_some());
    assert!(matches!(
        app.take_command(library),
        Some(Command::Start(JobRequest::Library(LibraryJob::Scan { .. })))
    ));
    for c in "r u".chars() {
        handle_event(&mut app, key(KeyCode::Char(c)), AREA);
    }
    // letters that are board keys elsewhere (r: redo, u: undo) go to the filter here
    assert_eq!(app.library().unwrap().filter(), "r u");
    handle_event(&mut app, key(KeyCode::Backspace), AREA);
    assert_eq!(app.library().unwrap().filter(), "r ");
    // Esc empties the filter first, then goes back
    handle_event(&mut app, key(KeyCode::Esc), AREA);
    assert_eq!(app.library().unwrap().filter(), "");
    assert!(app.library().is_some());
    handle_event(&mut app, key(KeyCode::Esc), AREA);
    assert!(app.library().is_none());
    assert!(matches!(app.take_command(library), Some(Command::Stop(JobKind::Library(LibraryKind::Scan)))));
    assert!(matches!(app.take_command(library), Some(Command::Stop(JobKind::Library(LibraryKind::Open)))));
}

#[test]
fn q_asks_and_y_quits() {
    let mut app = App::new(Position::startpos());
    handle_event(&mut app, key(KeyCode::Char('q')), AREA);
    assert!(matches!(app.popup(), Some(crate::tui::app::Popup::ConfirmQuit)), "{:?}", app.popup());
    handle_event(&mut app, key(KeyCode::Char('y')), AREA);
    assert!(app.should_quit());
}

#[test]
fn after_a_failed_autosave_quitting_warns_offers_a_save_and_keeps_saying_so_until_one_works() {
    let mut app = App::new(Position::startpos());
    app.set_autosave_result(Some("No space left on device (os error 28)".into()));
    // the next message does not hide it
    app.set_message("▲７六歩");
    let s = view::screen_text(&app, 100, 30, std::time::Instant::now());
    assert!(s.contains("autosave failing: No space left"), "{s}");
    handle_event(&mut app, key(KeyCode::Char('q')), AREA);
    let s = view::screen_text(&app, 100, 30, std::time::Instant::now());
    assert!(s.contains("quitting loses them") && s.contains("s save the record elsewhere"), "{s}");
    // Enter does not quit past the warning; `s` opens the save box
    handle_event(&mut app, key(KeyCode::Enter), AREA);
    assert!(!app.should_quit() && app.popup().is_none());
    handle_event(&mut app, key(KeyCode::Char('q')), AREA);
    handle_event(&mut app, key(KeyCode::Char('s')), AREA);
    assert!(matches!(app.input().map(|i| i.kind), Some(crate::tui::app::InputKind::SavePath)));
    handle_event(&mut app, key(KeyCode::Esc), AREA);
    // a save by hand keeps the moves: quitting no longer warns
    app.on_saved(std::path::Path::new("/elsewhere/game.kifu"), Ok(Vec::new()));
    assert!(app.unsaved_after_autosave_failure().is_none());
    // until the record changes again
    app.submit_typed("7g7f");
    assert!(app.take_dirty());
    assert!(app.unsaved_after_autosave_failure().is_some());
    // an autosave written again ends it
    app.set_autosave_result(None);
    handle_event(&mut app, key(KeyCode::Char('q')), AREA);
    handle_event(&mut app, key(KeyCode::Char('y')), AREA);
    assert!(app.should_quit());
}

/// A three-move record opened for review.
fn opened_record() -> App {
    let kif = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n";
    let (rec, _) = crate::record::read_text(kif, crate::record::Format::Kifu).unwrap();
    App::opened(rec, std::path::Path::new("game.kifu"), String::new())
}

#[test]
fn arrows_step_through_a_record_under_review_and_move_the_cursor_with_a_piece_up() {
    let mut app = opened_record();
    assert!(app.reviewing());
    let cursor = app.cursor();
    for _ in 0..2 {
        handle_event(&mut app, key(KeyCode::Right), AREA);
    }
    assert_eq!(app.ply(), 2);
    assert_eq!(app.cursor(), cursor, "← / → step, the cursor stays");
    handle_event(&mut app, key(KeyCode::Left), AREA);
    assert_eq!(app.ply(), 1);
    handle_event(&mut app, key(KeyCode::End), AREA);
    assert_eq!(app.ply(), 3);
    handle_event(&mut app, key(KeyCode::Home), AREA);
    assert_eq!(app.ply(), 0);
    // a piece picked up: ← / → move the cursor; hjkl and ↑/↓ always do
    handle_event(&mut app, key(KeyCode::Enter), AREA); // the 歩 on ７七
    assert!(app.selection().is_some());
    handle_event(&mut app, key(KeyCode::Left), AREA);
    assert_eq!(app.ply(), 0);
    assert_ne!(app.cursor(), cursor);
    handle_event(&mut app, key(KeyCode::Esc), AREA);
    handle_event(&mut app, key(KeyCode::Char('l')), AREA);
    assert_eq!(app.cursor(), cursor);
    handle_event(&mut app, key(KeyCode::Up), AREA);
    assert_ne!(app.cursor(), cursor);
    // the status line says review, and the help lists the review keys first
    let s = view::screen_text(&app, 100, 30, std::time::Instant::now());
    assert!(s.contains("review") && !s.contains("two players"), "{s}");
    assert_eq!(app.help_keys()[0].0, "← / →");
}

#[test]
fn in_a_game_arrows_move_the_cursor_and_a_finished_game_is_reviewed() {
    let mut app = App::new_game(crate::tui::settings::Settings {
        mode: crate::tui::settings::GameMode::HotSeat,
        ..Default::default()
    });
    assert!(!app.reviewing());
    let cursor = app.cursor();
    handle_event(&mut app, key(KeyCode::Left), AREA);
    assert_ne!(app.cursor(), cursor);
    assert!(app.submit_typed("7g7f"));
    app.resign();
    assert!(app.reviewing(), "a game that is over is reviewed");
    handle_event(&mut app, key(KeyCode::Left), AREA);
    assert_eq!(app.ply(), 0);
    let s = view::screen_text(&app, 100, 30, std::time::Instant::now());
    assert!(s.contains("two players"), "a finished game keeps its players: {s}");
}

#[test]
fn analysis_and_hints_in_a_game_against_the_computer_are_a_setting_and_marked_in_the_record() {
    use crate::tui::settings::Settings;
    let mut app = App::new_game(Settings::default()); // you against the computer
    handle_event(&mut app, key(KeyCode::Char('i')), AREA);
    assert!(app.message().contains("off in a game against the computer"), "{}", app.message());
    handle_event(&mut app, key(KeyCode::Char('a')), AREA);
    assert!(!app.analysing());
    assert_eq!(app.record().header("備考"), None);
    let bar = view::screen_text(&app, 120, 30, std::time::Instant::now());
    assert!(!bar.contains("a analysis") && !bar.contains("i hint"), "{bar}");
    // allowed in the settings: it works, and the record says so
    let mut app = App::new_game(Settings { help_in_games: true, ..Settings::default() });
    handle_event(&mut app, key(KeyCode::Char('i')), AREA);
    assert!(!app.message().contains("off in a game"), "{}", app.message());
    assert_eq!(app.record().header("備考"), Some("対局中に検討・ヒントを使用"));
    assert_eq!(app.record().node(crate::record::ROOT).comments, vec!["ヒントを使用".to_string()]);
    let kif = crate::record::write_text(app.record(), crate::record::Format::Kifu);
    assert!(kif.contains("備考：対局中に検討・ヒントを使用"), "{kif}");
    // in a review they are always there
    let mut app = opened_record();
    handle_event(&mut app, key(KeyCode::Char('a')), AREA);
    assert!(app.analysing());
    assert!(app.record().header("備考").is_none());
}

/// Two players at one keyboard are named in the new-game dialog (☗ from the settings' name,
/// else "you"; ☖ "guest"); the names go into the record's headers, the status line, the
/// ending's words and the autosave's session.
#[test]
fn both_players_of_a_two_player_game_are_named_in_the_new_game_dialog() {
    let area = Rect::new(0, 0, 120, 40);
    let press = |app: &mut App, code: KeyCode| handle_event(app, key(code), area);
    let typing = |app: &mut App, text: &str| {
        for c in text.chars() {
            let mods = if c.is_ascii_uppercase() { KeyModifiers::SHIFT } else { KeyModifiers::NONE };
            handle_event(app, Event::Key(KeyEvent::new(KeyCode::Char(c), mods)), area);
        }
    };
    let mut app = App::new(Position::startpos());
    press(&mut app, KeyCode::Char('n'));
    // n names the players: ☗ first, from "you"
    press(&mut app, KeyCode::Char('n'));
    let s = view::screen_text(&app, 120, 40, std::time::Instant::now());
    assert!(s.contains("☗ sente's name: you▏"), "{s}");
    for _ in 0.."you".len() {
        press(&mut app, KeyCode::Backspace);
    }
    typing(&mut app, "Hanako");
    press(&mut app, KeyCode::Enter);
    let s = view::screen_text(&app, 120, 40, std::time::Instant::now());
    assert!(s.contains("☖ gote's name: guest▏"), "{s}");
    for _ in 0.."guest".len() {
        press(&mut app, KeyCode::Backspace);
    }
    typing(&mut app, "Taro");
    press(&mut app, KeyCode::Enter);
    let s = view::screen_text(&app, 120, 40, std::time::Instant::now());
    assert!(s.contains("players: ☗ Hanako · ☖ Taro  (n: names)"), "{s}");
    assert!(s.contains("▶ 1."), "naming makes it a two-player game: {s}");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.record().sente_name(), Some("Hanako"));
    assert_eq!(app.record().gote_name(), Some("Taro"));
    let s = view::screen_text(&app, 120, 40, std::time::Instant::now());
    assert!(s.contains("☗Hanako vs ☖Taro"), "{s}");
    let session = app.session(std::time::Instant::now());
    assert_eq!(session.names, Some(["Hanako".to_string(), "Taro".to_string()]));
    app.resign();
    assert!(app.message().contains("☗Hanako resigns"), "{}", app.message());
    // a game resumed from the autosave keeps them
    let back = App::resume(app.record().clone(), &session, app.settings().clone(), std::time::Instant::now());
    assert_eq!(back.hot_seat_names(), Some(["Hanako".to_string(), "Taro".to_string()]));
    // the next dialog starts from the defaults again; Esc while typing keeps the name
    let mut app = App::new(Position::startpos());
    press(&mut app, KeyCode::Char('n'));
    press(&mut app, KeyCode::Char('n'));
    typing(&mut app, "x");
    press(&mut app, KeyCode::Esc);
    let s = view::screen_text(&app, 120, 40, std::time::Instant::now());
    assert!(s.contains("players: ☗ you · ☖ guest"), "{s}");
    // a game of another kind has no names
    press(&mut app, KeyCode::Char('2'));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.hot_seat_names(), None);
    // a name is outside text: a bidirectional mark typed is not taken, nor drawn
    let mut app = App::new(Position::startpos());
    press(&mut app, KeyCode::Char('n'));
    press(&mut app, KeyCode::Char('n'));
    for _ in 0.."you".len() {
        press(&mut app, KeyCode::Backspace);
    }
    typing(&mut app, "\u{202e}evil");
    for _ in 0..3 {
        press(&mut app, KeyCode::Enter);
    }
    assert_eq!(app.record().sente_name(), Some("evil"));
    let s = view::screen_text(&app, 120, 40, std::time::Instant::now());
    assert!(s.contains("☗evil") && !s.contains('\u{202e}'), "{s}");
}

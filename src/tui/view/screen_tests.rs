//! Whole-screen renders of the player-facing polish: language, piece styles, the key bar, the
//! help at every size, popups over wide characters, long messages, the settings screen.

use super::*;
use crate::core::Position;
use crate::tui::app::Popup;
use crate::tui::settings::{Language, PieceStyle, Settings};
use ratatui::backend::TestBackend;
use unicode_width::UnicodeWidthStr;

fn app_in(lang: Language) -> App {
    let mut app = App::new(Position::startpos());
    app.set_settings(Settings { language: lang, ..Settings::default() });
    app
}

fn buffer(app: &App, w: u16, h: u16) -> ratatui::buffer::Buffer {
    // the frame as drawn (with its diff options), not the backend's copy of it
    let mut t = ratatui::Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| draw(f, app, Instant::now())).unwrap().buffer.clone()
}

/// No wide character is followed by a non-blank cell: what ratatui's diff assumes, and what a
/// terminal can show (otherwise the cell after it, e.g. a popup border, is never drawn).
fn assert_well_formed(buf: &ratatui::buffer::Buffer, what: &str) {
    for y in 0..buf.area.height {
        for x in 0..buf.area.width.saturating_sub(1) {
            if buf[(x, y)].symbol().width() > 1 {
                let next = buf[(x + 1, y)].symbol();
                assert!(
                    next == " " || next.is_empty(),
                    "{what}: {:?} at ({x},{y}) is followed by {next:?}",
                    buf[(x, y)].symbol()
                );
            }
        }
    }
}

#[test]
fn interface_text_follows_the_language_and_notation_stays_japanese() {
    let mut en = app_in(Language::En);
    en.submit_typed("7g7f");
    let s = screen_text(&en, 100, 24, Instant::now());
    assert!(s.contains("☗hand"), "{s}");
    assert!(s.contains("start"), "{s}");
    assert!(s.contains("▲７六歩(77)"), "{s}");
    assert!(s.contains("q quit"), "{s}");
    let mut ja = app_in(Language::Ja);
    ja.submit_typed("7g7f");
    let s = screen_text(&ja, 100, 24, Instant::now());
    assert!(s.contains("☗持駒"), "{s}");
    assert!(s.contains("開始局面"), "{s}");
    assert!(s.contains("▲７六歩(77)"), "{s}");
    assert!(s.contains("q 終了"), "{s}");
}

#[test]
fn status_line_always_shows_mode_side_and_level() {
    let mut app = app_in(Language::En);
    app.start_new_game(crate::tui::app::NewGameChoice {
        mode: crate::tui::app::GameMode::HumanGote,
        level: crate::engine::levels::Level::new(4).unwrap(),
        gote_level: crate::engine::levels::Level::new(4).unwrap(),
        clock: None,
        clock_side: None,
        handicap: 0,
        names: Default::default(),
        naming: None,
    });
    let s = screen_text(&app, 80, 24, Instant::now());
    assert!(s.contains("computer vs you ☖"), "{s}");
    assert!(s.contains("level 4"), "{s}");
}

#[test]
fn key_bar_keeps_quit_at_80_columns_in_both_languages() {
    for lang in [Language::En, Language::Ja] {
        let s = screen_text(&app_in(lang), 80, 24, Instant::now());
        let bar = s.lines().last().unwrap();
        assert!(bar.contains("q "), "{lang:?}: {bar}");
        assert!(bar.contains("? "), "{lang:?}: {bar}");
    }
}

#[test]
fn help_fits_and_scrolls_to_every_line_at_every_size() {
    for lang in [Language::En, Language::Ja] {
        let lines = super::popup::help_lines(&app_in(lang).help_keys());
        for (w, h) in [(MIN_W, MIN_H), (80, 24), (80, 17), (120, 40), (67, 30), (200, 60)] {
            let mut app = app_in(lang);
            app.open_popup(Popup::Help { scroll: 0 });
            let mut seen = vec![false; lines.len()];
            for _ in 0..lines.len() {
                let buf = buffer(&app, w, h);
                assert_well_formed(&buf, "help");
                let s = screen_text(&app, w, h, Instant::now());
                for (i, l) in lines.iter().enumerate() {
                    if s.contains(l.as_str()) {
                        seen[i] = true;
                    }
                }
                app.scroll_help(1);
            }
            let missing: Vec<&String> =
                lines.iter().zip(&seen).filter(|(_, s)| !**s).map(|(l, _)| l).collect();
            assert!(missing.is_empty(), "{lang:?} {w}×{h}: never shown whole: {missing:?}");
        }
    }
}

#[test]
fn popups_clear_wide_characters_under_their_left_edge() {
    let mut app = app_in(Language::Ja);
    // pieces all over the rows the popups cover
    for (w, h) in [(80, 24), (100, 30), (120, 40), (81, 25)] {
        for open in [
            (|app| app.open_popup(Popup::ConfirmQuit)) as fn(&mut App),
            |app| app.open_popup(Popup::Help { scroll: 0 }),
            App::open_new_game,
            App::open_settings,
            |app| app.open_popup(Popup::ConfirmDeclare),
        ] {
            open(&mut app);
            assert_well_formed(&buffer(&app, w, h), &format!("{:?} at {w}×{h}", app.popup()));
            app.close_popup();
        }
    }
}

#[test]
fn long_messages_wrap_instead_of_being_cut() {
    let mut app = app_in(Language::En);
    let long = "the 金 on ５八 is pinned by the 飛 on ５一: moving it would leave your king in check, \
                so this move is refused; choose another piece or another square (END)";
    app.set_message(long);
    let s = screen_text(&app, 80, 24, Instant::now());
    assert!(s.contains("(END)"), "{s}");
    assert!(s.lines().last().unwrap().contains("q quit"), "{s}");
    // the board is still whole
    assert!(s.contains("九"), "{s}");
}

#[test]
fn ascii_pieces_and_ambiguous_wide_mode() {
    let mut app = App::new(Position::startpos());
    app.set_settings(Settings { piece_style: PieceStyle::Ascii, ..Settings::default() });
    let s = screen_text(&app, 100, 24, Instant::now());
    assert!(s.contains("│  l   n   s   g   k   g   s   n   l │"), "{s}");
    assert!(s.contains("│  L   N   S   G   K   G   S   N   L │"), "{s}");
    app.set_settings(Settings { ambiguous_wide: true, ..Settings::default() });
    app.submit_typed("7g7f");
    app.open_popup(Popup::Help { scroll: 0 });
    let buf = buffer(&app, 100, 30);
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            let sym = buf[(x, y)].symbol();
            let amb = sym.chars().next().is_some_and(super::glyphs::is_ambiguous);
            if amb {
                assert!(x + 1 < buf.area.width, "{sym} at the right edge");
                assert_eq!(
                    buf[(x + 1, y)].diff_option,
                    ratatui::buffer::CellDiffOption::Skip,
                    "{sym} at ({x},{y}) has no room to be drawn wide"
                );
            }
        }
    }
}

#[test]
fn settings_screen_shows_every_setting_and_follows_changes() {
    let mut app = app_in(Language::En);
    app.open_settings();
    // at 80×24 the list scrolls with the chosen row: every setting comes into view
    let mut seen = String::new();
    for _ in 0..crate::tui::app::SettingItem::ALL.len() {
        seen.push_str(&screen_text(&app, 80, 24, Instant::now()));
        app.settings_row(1);
    }
    for label in app.text().settings_labels {
        assert!(seen.contains(label), "{label}: {seen}");
    }
    // switch the language from the screen: the screen itself changes at once
    let lang = crate::tui::app::SettingItem::Language.index() as i32;
    app.settings_row(lang);
    app.settings_change(1);
    let s = screen_text(&app, 80, 24, Instant::now());
    assert!(s.contains("言語"), "{s}");
    assert!(matches!(app.popup(), Some(Popup::Settings(_))));
}

#[test]
fn the_computers_thinking_is_shown_in_shogi_terms() {
    use crate::tui::jobs::{EngineReport, Score, ThinkingInfo};
    let mut app = app_in(Language::Ja);
    app.start_new_game(crate::tui::app::NewGameChoice {
        mode: crate::tui::app::GameMode::HumanGote,
        level: crate::engine::levels::Level::new(3).unwrap(),
        gote_level: crate::engine::levels::Level::new(3).unwrap(),
        clock: None,
        clock_side: None,
        handicap: 0,
        names: Default::default(),
        naming: None,
    });
    let now = Instant::now();
    assert!(matches!(
        app.engine_command(now),
        Some(crate::tui::event::Command::Start(crate::tui::jobs::JobRequest::Think(_)))
    ));
    let mv = |s| crate::core::Move::from_usi(s).unwrap();
    let info = ThinkingInfo { depth: 9, score: Some(Score::Cp(-120)), pv: vec![mv("2g2f"), mv("8c8d")] };
    app.on_engine_event(EngineReport::Thinking(info), now);
    let s = screen_text(&app, 80, 24, now);
    assert!(s.contains("深さ 9 · 評価値(☗) -120 · 読み筋 ▲２六歩△８四歩"), "{s}");
    assert!(!s.contains("2g2f"), "{s}");
}

#[test]
fn without_colour_every_highlight_is_still_marked() {
    let mut app = app_in(Language::En);
    app.submit_typed("7g7f");
    app.set_color_depth(crate::tui::color_depth::ColorDepth::Mono);
    let buf = buffer(&app, 100, 24);
    assert!(
        buf.content
            .iter()
            .all(|c| c.fg == ratatui::style::Color::Reset && c.bg == ratatui::style::Color::Reset),
        "no colour at all"
    );
    // the last move's square is underlined instead of coloured
    let a = areas(buf.area, &app);
    let g = geometry::BoardGeometry::new(a.board, false);
    let r = g.rect_of(crate::core::Square::from_usi("7f").unwrap());
    assert!(buf[(r.x + 1, r.y)].modifier.contains(ratatui::style::Modifier::UNDERLINED));
}

#[test]
fn a_refused_file_name_is_explained_above_the_prompt() {
    let mut app = app_in(Language::En);
    app.open_save(None);
    let e = app.input_editor().unwrap();
    e.kill_to_start();
    for c in "game.txt".chars() {
        e.insert(c);
    }
    app.submit_input();
    let s = screen_text(&app, 80, 24, Instant::now());
    assert!(s.contains("unknown extension '.txt'"), "{s}");
    assert!(s.contains("save as> game.txt"), "{s}");
}

#[test]
fn check_and_endings_are_told_in_the_interface_language() {
    // fool's-mate-like: ☖ is checkmated after ☗ G*5b (king on 5a, gold supported by a pawn)
    let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
    for (lang, want) in
        [(Language::Ja, "詰み — ☗先手の勝ち"), (Language::En, "詰み — checkmate, ☗ sente wins")]
    {
        let mut app = App::new(pos.clone());
        app.set_settings(Settings { language: lang, ..Settings::default() });
        assert!(app.submit_typed("G*5b"), "{}", app.message());
        assert!(app.message().starts_with(want), "{lang:?}: {}", app.message());
    }
}

#[test]
fn the_clock_presets_are_named_in_the_interface_language() {
    let mut app = app_in(Language::Ja);
    app.open_new_game();
    let s = screen_text(&app, 80, 24, Instant::now());
    assert!(s.contains("持ち時間 (t): なし"), "{s}");
    app.close_popup();
    app.open_settings();
    let s = screen_text(&app, 80, 24, Instant::now());
    assert!(!s.contains("no clock"), "{s}");
    let mut app = app_in(Language::En);
    app.open_new_game();
    assert!(screen_text(&app, 80, 24, Instant::now()).contains("no clock"));
}

#[test]
fn the_quit_question_is_drawn_over_the_board() {
    let mut app = App::new(crate::core::Position::startpos());
    app.open_popup(Popup::ConfirmQuit);
    let s = super::screen_text(&app, 100, 30, std::time::Instant::now());
    assert!(s.contains(app.text().quit_question), "{s}");
}

#[test]
fn the_v_mark_goes_on_the_pieces_drawn_at_the_top() {
    let mut app = app_in(Language::En);
    for flipped in [false, true] {
        let s = screen_text(&app, 100, 32, Instant::now());
        let rows: Vec<&str> = s.lines().filter(|l| l.contains("香")).collect();
        assert_eq!(rows.len(), 2, "{s}");
        let (top, bottom) = (rows[0], rows[1]);
        assert_eq!(top.matches("v香").count(), 2, "flipped {flipped}: {s}");
        assert!(!bottom.contains('v'), "flipped {flipped}: {s}");
        app.flip();
        assert_eq!(app.flipped(), !flipped);
    }
}

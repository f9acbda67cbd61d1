//! The colours of whole screens: the themes, and the colour codes a terminal of each depth gets.

use super::*;
use crate::core::{Position, Square};
use crate::tui::color_depth::{ColorDepth, indexed_rgb};
use crate::tui::settings::{Settings, Theme};
use ratatui::buffer::Buffer;
use ratatui::style::Color as Tc;

fn app_with(theme: Theme, depth: ColorDepth) -> App {
    let mut app = App::new(Position::startpos());
    app.set_settings(Settings { theme, ..Settings::default() });
    app.set_color_depth(depth);
    for m in ["7g7f", "3c3d", "8h2b+"] {
        app.submit_typed(m);
    }
    app
}

fn buffer(app: &App, w: u16, h: u16) -> Buffer {
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h)).unwrap();
    t.draw(|f| draw(f, app, Instant::now())).unwrap().buffer.clone()
}

/// Whether `c` reads as white (near-invisible on a light background).
fn whitish(c: Tc) -> bool {
    let rgb = match c {
        Tc::White | Tc::Gray => return true,
        Tc::Rgb(r, g, b) => (r, g, b),
        Tc::Indexed(i) => indexed_rgb(i),
        _ => return false,
    };
    rgb.0.min(rgb.1).min(rgb.2) > 190
}

#[test]
fn light_theme_draws_nothing_in_white_and_dark_pieces() {
    for depth in [ColorDepth::Ansi16, ColorDepth::Ansi256, ColorDepth::TrueColor] {
        let app = app_with(Theme::Light, depth);
        let buf = buffer(&app, 100, 30);
        for (i, c) in buf.content.iter().enumerate() {
            assert!(
                c.symbol() == " " || !whitish(c.fg),
                "{depth:?}: {:?} at {i} is drawn in {:?}",
                c.symbol(),
                c.fg
            );
        }
        let a = areas(buf.area, &app);
        let g = geometry::BoardGeometry::new(a.board, false);
        let king = g.piece_cell(Square::from_usi("5i").unwrap());
        assert_eq!(buf[(king.x, king.y)].symbol(), "玉");
        assert_eq!(buf[(king.x, king.y)].fg, Tc::Black, "{depth:?}");
    }
    // the dark theme draws sente in white, as it always has
    let app = app_with(Theme::Dark, ColorDepth::TrueColor);
    let buf = buffer(&app, 100, 30);
    let a = areas(buf.area, &app);
    let king = geometry::BoardGeometry::new(a.board, false).piece_cell(Square::from_usi("5i").unwrap());
    assert_eq!(buf[(king.x, king.y)].fg, Tc::White);
}

#[test]
fn high_contrast_draws_bold_pieces_in_named_colours() {
    let app = app_with(Theme::HighContrast, ColorDepth::TrueColor);
    let buf = buffer(&app, 100, 30);
    for c in &buf.content {
        assert!(!matches!(c.fg, Tc::Rgb(..) | Tc::Indexed(_)), "{c:?}");
        assert!(!matches!(c.bg, Tc::Rgb(..) | Tc::Indexed(_)), "{c:?}");
    }
    let a = areas(buf.area, &app);
    let king = geometry::BoardGeometry::new(a.board, false).piece_cell(Square::from_usi("5a").unwrap());
    assert!(buf[(king.x, king.y)].modifier.contains(ratatui::style::Modifier::BOLD));
}

#[test]
fn each_depth_gets_only_the_colour_codes_it_shows() {
    let uses = |depth| {
        let buf = buffer(&app_with(Theme::Dark, depth), 100, 30);
        let colours: Vec<Tc> = buf.content.iter().flat_map(|c| [c.fg, c.bg]).collect();
        (
            colours.iter().any(|c| matches!(c, Tc::Rgb(..))),
            colours.iter().any(|c| matches!(c, Tc::Indexed(_))),
            colours.iter().any(|c| *c != Tc::Reset),
        )
    };
    assert_eq!(uses(ColorDepth::TrueColor), (true, false, true));
    assert_eq!(uses(ColorDepth::Ansi256), (false, true, true));
    assert_eq!(uses(ColorDepth::Ansi16), (false, false, true));
    assert_eq!(uses(ColorDepth::Mono), (false, false, false));
}

#[test]
fn the_last_move_stays_marked_at_sixteen_colours() {
    let app = app_with(Theme::Dark, ColorDepth::Ansi16);
    let buf = buffer(&app, 100, 30);
    let a = areas(buf.area, &app);
    let to = geometry::BoardGeometry::new(a.board, false).piece_cell(Square::from_usi("2b").unwrap());
    let bg = buf[(to.x, to.y)].bg;
    assert!(bg != Tc::Reset && bg != Tc::Black, "{bg:?}");
}

#[test]
fn the_theme_is_chosen_on_the_settings_screen() {
    let mut app = App::new(Position::startpos());
    app.open_settings();
    let row = crate::tui::app::SettingItem::Theme.index();
    app.settings_row(row as i32);
    app.settings_change(1);
    assert_eq!(app.settings().theme, Theme::Light);
    let s = screen_text(&app, 100, 30, Instant::now());
    assert!(s.contains("light background"), "{s}");
    app.settings_change(1);
    assert_eq!(app.settings().theme, Theme::HighContrast);
    app.settings_change(1);
    assert_eq!(app.settings().theme, Theme::Dark);
}

/// The engine's answer to a hint request for the position shown: `usi` at +30.
fn give_hint(app: &mut App, usi: &str) {
    use crate::core::Score;
    use crate::engine::analysis::{Line, Update};
    app.request_hint();
    let Some(crate::tui::event::Command::Start(crate::tui::jobs::JobRequest::Study(
        crate::tui::jobs::StudyJob::Analyse { pos, .. },
    ))) = app.take_command(|c| {
        matches!(c, crate::tui::event::Command::Start(crate::tui::jobs::JobRequest::Study(_)))
    })
    else {
        panic!("no hint asked for")
    };
    let m = pos.parse_usi_move(usi).unwrap();
    let lines = vec![Line { score: Score::Cp(30), pv: vec![m] }];
    app.on_analysis_update(Update { depth: 9, nodes: 1, nps: 1, time_ms: 1, lines, done: true });
}

#[test]
fn the_hint_marks_its_squares_on_the_board() {
    for (w, h) in [(80, 24), (160, 50)] {
        let mut app = App::new(Position::startpos());
        give_hint(&mut app, "2g2f");
        let buf = buffer(&app, w, h);
        let a = areas(buf.area, &app);
        let g = geometry::BoardGeometry::new(a.board, false);
        let hint = palette(&app).hint;
        for sq in Square::all() {
            let at = g.piece_cell(sq);
            let marked = buf[(at.x, at.y)].bg == hint;
            assert_eq!(marked, ["2g", "2f"].contains(&sq.usi().as_str()), "{sq:?} at {w}x{h}");
        }
        // gone once another position is shown
        app.submit_typed("7g7f");
        let buf = buffer(&app, w, h);
        assert!(buf.content.iter().all(|c| c.bg != hint));
    }
}

#[test]
fn a_hinted_drop_marks_the_piece_in_hand() {
    let mut app = App::new(Position::startpos());
    for m in ["7g7f", "3c3d", "8h2b+", "3a2b"] {
        app.submit_typed(m);
    }
    give_hint(&mut app, "B*5e");
    let buf = buffer(&app, 100, 30);
    let a = areas(buf.area, &app);
    let hint = palette(&app).hint;
    let row = a.sente_hand.y;
    let marked: String = (a.sente_hand.x..a.sente_hand.right())
        .filter(|&x| buf[(x, row)].bg == hint)
        .map(|x| buf[(x, row)].symbol().to_string())
        .collect();
    assert_eq!(marked, "角");
}

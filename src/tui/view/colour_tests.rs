//! The colours of whole screens: the themes, and the colour codes a terminal of each depth gets.

use super::color_depth::{ColorDepth, indexed_rgb};
use super::*;
use crate::core::{Position, Square};
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

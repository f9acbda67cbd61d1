//! The rating screen: the player's rating and games, the rating after each rated game as a graph
//! (drawn as the evaluation graph is), the results by level and by side, the level for an
//! even game, and the handicap the strongest level would give a player far below it. Reads the
//! rated games the app holds; never the file.

use super::frame::{centered, clear_under, frame};
use crate::study::rating::even_level;
use crate::tui::app::App;
use crate::tui::keymap::KeyMode;
use crate::tui::storage::ratings::PlayerRating;
use crate::tui::text::rating::RatingText;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::text::Line;
use ratatui::widgets::Paragraph;
use ratatui::widgets::canvas::{Canvas, Line as CanvasLine, Points};

/// Width of the rating scale left of the graph.
const SCALE_W: u16 = 6;

/// What the status line says of the rating: the game being played is rated, or what made it
/// unrated; after a rated game, the rating it left (`rating 1412 ± 86 (+23)`).
pub(super) fn status_part(app: &App) -> Option<String> {
    use crate::tui::app::RatedStanding;
    let t = RatingText::of(app.settings().language);
    if let Some(g) = app.rating().rated(app.record(), &app.rated_player()) {
        return Some((t.after_game)(&g.after.figure(), g.change(), g.after.is_provisional()));
    }
    match app.rating().standing() {
        RatedStanding::Rated { .. } => Some(t.rated.to_string()),
        RatedStanding::Unrated(why) if why.during_game() => Some((t.unrated)(why.words(t))),
        _ => None,
    }
}

/// The rating screen, centred over the page.
pub(super) fn draw_rating(f: &mut Frame, app: &App) {
    let g = super::glyphs(app);
    let t = RatingText::of(app.settings().language);
    let p = app.rating().book().player(&app.rated_player());
    let mut text = vec![(t.summary)(&p.rating.figure(), p.games, p.rating.is_provisional())];
    let graph_rows = if p.games >= 1 { 9 } else { 0 };
    let mut below = Vec::new();
    if p.games == 0 {
        text.push(t.no_games.to_string());
    } else {
        let levels: Vec<String> = p
            .by_level()
            .iter()
            .map(|(level, [w, l, d])| format!("{level}: {}", (t.record)(*w, *l, *d)))
            .collect();
        below.push(format!("{}  {}", t.by_level, levels.join(" · ")));
        let sides = p.by_side();
        let sides: Vec<String> = (0..2)
            .map(|i| format!("{} {}", t.sides[i], (t.record)(sides[i][0], sides[i][1], sides[i][2])))
            .collect();
        below.push(format!("{}  {}", t.by_side, sides.join(" · ")));
    }
    let (level, expected) = even_level(&p.rating);
    below.push(t.even_line(level, expected));
    let handicap = crate::study::handicap::against_strongest(&p.rating);
    if let Some(s) = &handicap {
        below.push(t.handicap_line(s, p.rating.is_provisional()));
    }
    let area = f.area();
    let widest = text.iter().chain(&below).map(|l| unicode_width::UnicodeWidthStr::width(l.as_str())).max();
    let w = (widest.unwrap_or(0) as u16 + 6).clamp(40, 90).min(area.width);
    // lines wider than the window wrap inside it (the borders and a column of space each side)
    let wrap =
        |v: &[String]| v.iter().flat_map(|l| super::wrap::wrap(l, w.saturating_sub(4))).collect::<Vec<_>>();
    let (text, below) = (wrap(&text), wrap(&below));
    // the borders, a blank row under the summary and one under the graph
    let gaps = 3 + u16::from(graph_rows > 0);
    let h = (text.len() as u16 + graph_rows + below.len() as u16 + gaps).min(area.height);
    let r = centered(area, w, h);
    clear_under(f.buffer_mut(), r);
    // the player as the interface names them (`you` is the name ratings are kept under)
    let name = app.settings().player_name.trim();
    let shown = if name.is_empty() { app.text().you } else { name };
    // with a handicap to suggest, its key (the new-game dialog set for it) and the key that closes
    let keys = handicap.map(|_| super::key_line::keys_line(app, KeyMode::Rating, 0));
    let block = frame(&g, &(t.title)(shown), Some(keys.as_deref().unwrap_or(t.close)));
    let inner = block.inner(r);
    // a column of space inside each border
    let inner = Rect { x: inner.x + 1, width: inner.width.saturating_sub(2), ..inner };
    f.render_widget(block, r);
    let lines = |v: &[String]| v.iter().map(|l| Line::from(g.pad(l))).collect::<Vec<_>>();
    let top = Rect { height: (text.len() as u16).min(inner.height), ..inner };
    f.render_widget(Paragraph::new(lines(&text)), top);
    let graph = Rect {
        y: top.bottom() + 1,
        height: graph_rows.min(inner.bottom().saturating_sub(top.bottom() + 1)),
        ..inner
    };
    if graph_rows > 0 && graph.height >= 3 {
        draw_graph(f, app, &p, t, graph);
    }
    let rest_y = (graph.bottom() + u16::from(graph_rows > 0)).min(inner.bottom());
    let rest = Rect { y: rest_y, height: inner.bottom() - rest_y, ..inner };
    f.render_widget(Paragraph::new(lines(&below)), rest);
}

/// The rating after each rated game, oldest first, from the start (game 0) on, with the
/// figures of the lowest and highest point on the left.
fn draw_graph(f: &mut Frame, app: &App, p: &PlayerRating, t: &RatingText, area: Rect) {
    let palette = super::palette(app);
    let dim = Style::default().fg(palette.dim);
    let mut points: Vec<(f64, f64)> = Vec::with_capacity(p.recent.len() + 1);
    if let Some(first) = p.recent.last() {
        points.push((0.0, first.before.rating));
    }
    points.extend(p.recent.iter().rev().enumerate().map(|(i, g)| ((i + 1) as f64, g.after.rating)));
    let low = points.iter().map(|q| q.1).fold(f64::INFINITY, f64::min);
    let high = points.iter().map(|q| q.1).fold(f64::NEG_INFINITY, f64::max);
    let (low, high) = if high - low < 50.0 { (low - 25.0, high + 25.0) } else { (low, high) };
    let last = (points.len().max(2) - 1) as f64;
    let buf = f.buffer_mut();
    buf.set_string(area.x, area.y, super::glyphs(app).pad(t.graph_title), dim);
    let plot = Rect {
        x: area.x + SCALE_W,
        y: area.y + 1,
        width: area.width.saturating_sub(SCALE_W),
        height: area.height.saturating_sub(2),
    };
    buf.set_string(area.x, plot.y, format!("{high:>5.0}"), dim);
    buf.set_string(area.x, plot.bottom().saturating_sub(1), format!("{low:>5.0}"), dim);
    buf.set_string(plot.x, plot.bottom(), "0", dim);
    let end = p.games.to_string();
    buf.set_string(plot.right().saturating_sub(end.len() as u16), plot.bottom(), &end, dim);
    let canvas =
        Canvas::default().marker(Marker::Braille).x_bounds([0.0, last]).y_bounds([low, high]).paint(|ctx| {
            for w in points.windows(2) {
                let (a, b) = (w[0], w[1]);
                ctx.draw(&CanvasLine { x1: a.0, y1: a.1, x2: b.0, y2: b.1, color: palette.graph });
            }
            ctx.draw(&Points { coords: &points, color: palette.graph_cursor });
        });
    f.render_widget(canvas, plot);
}

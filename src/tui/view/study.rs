//! The study panel under the record: the live analysis (検討: depth, nodes/s and up to three
//! lines, each with its score from ☗'s side and the line in Japanese), or for a marked move the
//! engine's better line; the current move's comments; and the evaluation graph of the whole
//! game with the position shown marked.

use crate::core::Score;
use crate::record::annotation::{Mark, user_comments};
use crate::record::pv::pv_text;
use crate::tui::app::{App, Offered};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::canvas::{Canvas, Line as CanvasLine, Points};
use ratatui::widgets::{Block, Paragraph};

/// Scores beyond this are drawn at the edge of the graph.
const GRAPH_CLAMP: f64 = 2000.0;
/// Rows of the graph, border included.
const GRAPH_ROWS: u16 = 8;

/// Whether the panel is shown: analysis on, an analysis in the record, or one running.
pub fn visible(app: &App) -> bool {
    app.analysing() || app.review().has_scores() || app.game_analysis_progress().is_some()
}

/// Rows the panel wants at most (the record panel keeps the rest): two for each analysis line,
/// which wraps.
pub fn rows_wanted(app: &App) -> u16 {
    let text = 2 + if app.analysing() { 1 + 2 * app.analysis_lines() as u16 } else { 3 };
    let graph =
        if app.review().has_scores() || app.game_analysis_progress().is_some() { GRAPH_ROWS } else { 0 };
    text + graph
}

fn mark_style(app: &App, m: Mark) -> Style {
    let colours = super::palette(app).marks;
    match m {
        Mark::Inaccuracy => Style::default().fg(colours[0]),
        Mark::Dubious => Style::default().fg(colours[1]),
        Mark::Mistake => Style::default().fg(colours[2]),
        Mark::Blunder => Style::default().fg(colours[3]).add_modifier(Modifier::BOLD),
    }
}

/// The mark's word as the record panel shows it after a move.
pub fn mark_span(app: &App, m: Mark) -> Span<'static> {
    Span::styled(format!(" {}", m.word()), mark_style(app, m))
}

fn nps_text(nps: u64) -> String {
    match nps {
        n if n >= 1_000_000 => format!("{:.1}M", n as f64 / 1e6),
        n if n >= 1_000 => format!("{}k", n / 1000),
        n => n.to_string(),
    }
}

/// The text lines of the panel; the comment too when `comments` (no comment panel shown).
fn text_lines(app: &App, comments: bool) -> (String, Vec<Line<'static>>) {
    let mut out = Vec::new();
    let title;
    if app.analysing() {
        match app.analysis() {
            Some(u) => {
                title = (app.text().review.analysis_title)(u.depth, &nps_text(u.nps));
                let chosen = app.chosen_candidate().map(|c| c.offered);
                for (i, l) in u.lines.iter().enumerate() {
                    // the line chosen to play (`.` / `,`) stands out
                    let mark = if chosen == Some(Offered::Line(i)) {
                        Style::default().add_modifier(Modifier::REVERSED)
                    } else {
                        Style::default()
                    };
                    out.push(Line::from(vec![
                        Span::styled(format!("{:>7} ", l.score.text()), mark.add_modifier(Modifier::BOLD)),
                        Span::styled(pv_text(app.pos(), &l.pv), mark),
                    ]));
                }
            }
            None => {
                title = app.text().review.analysis_waiting.to_string();
                out.push(Line::from("…"));
            }
        }
    } else if let Some((mark, pos, pv)) = app.better_line() {
        title = app.text().review.review_title.to_string();
        let best = format!("  {} ", app.text().review.best);
        out.push(Line::from(vec![mark_span(app, mark), Span::raw(best), Span::raw(pv_text(&pos, &pv))]));
    } else {
        title = match app.game_analysis_progress() {
            Some((done, total)) => (app.text().review.game_analysis_title)(done, total),
            None => app.text().review.review_title.to_string(),
        };
        if let Some((s, pv)) = app.analysis_here() {
            out.push(Line::from(vec![
                Span::styled(format!("{:>7} ", s.text()), Style::default().add_modifier(Modifier::BOLD)),
                Span::raw(pv_text(app.pos(), &pv)),
            ]));
        }
    }
    for c in user_comments(&app.record().node(app.game().node()).comments).into_iter().filter(|_| comments) {
        out.push(Line::from(Span::styled(format!("* {c}"), Style::default().fg(super::palette(app).accent))));
    }
    (title, out)
}

/// `lines` wrapped to `width` (a line of moves breaks before a ▲ or △); when they do not all
/// fit in `height` rows, each keeps an equal share of the rows, its start first, so every line
/// shows its score and first moves.
fn wrapped(lines: Vec<Line<'static>>, width: u16, height: u16) -> Vec<Line<'static>> {
    let parts: Vec<Vec<Line<'static>>> =
        lines.into_iter().map(|l| super::wrap::wrap_lines(vec![l], width)).collect();
    let total: usize = parts.iter().map(Vec::len).sum();
    let share = if total <= height as usize || parts.is_empty() {
        usize::MAX
    } else {
        (height as usize / parts.len()).max(1)
    };
    parts.into_iter().flat_map(|p| p.into_iter().take(share)).collect()
}

fn clamp(s: Score) -> f64 {
    (s.cp() as f64).clamp(-GRAPH_CLAMP, GRAPH_CLAMP)
}

/// Columns of the score scale left of the plot (`+2000 `).
const SCALE_W: u16 = 6;

/// Where the graph is drawn inside the panel `area`, if it is shown: its block, and the plot
/// inside the block right of the score scale and above the move numbers.
pub fn graph_rects(app: &App, area: Rect) -> Option<(Rect, Rect)> {
    if !(app.review().has_scores() || app.game_analysis_progress().is_some()) {
        return None;
    }
    let rows = GRAPH_ROWS.min(area.height);
    let block = Rect { y: area.bottom() - rows, height: rows, ..area };
    let inner = Block::bordered().inner(block);
    let plot = Rect {
        x: inner.x + SCALE_W,
        width: inner.width.saturating_sub(SCALE_W),
        height: inner.height.saturating_sub(1),
        ..inner
    };
    (plot.width > 1 && plot.height > 0).then_some((block, plot))
}

/// The last ply of the graph (at least 1, so the scale never collapses).
fn graph_last(app: &App) -> usize {
    app.review().points.len().saturating_sub(1).max(1)
}

/// The column of the plot `plot` where ply `ply` of `last` is drawn (as the canvas puts a point
/// at x: two braille dots a column).
fn ply_column(plot: Rect, ply: usize, last: usize) -> u16 {
    let dots = (plot.width as usize * 2 - 1) as f64;
    let dot = (ply as f64 * dots / last as f64) as u16;
    plot.x + dot / 2
}

/// The main-line ply a click at (`column`, `row`) on the graph of the panel `area` means: a ply
/// drawn in that column (the middle one when several are), or the nearest.
pub fn graph_ply_at(app: &App, area: Rect, column: u16, row: u16) -> Option<usize> {
    let (block, plot) = graph_rects(app, area)?;
    if !block.contains(ratatui::layout::Position::new(column, row)) {
        return None;
    }
    let last = graph_last(app);
    let plies = app.review().points.len().max(1);
    let column = column.clamp(plot.x, plot.right() - 1);
    let here: Vec<usize> = (0..plies).filter(|&p| ply_column(plot, p, last) == column).collect();
    if !here.is_empty() {
        return Some(here[here.len() / 2]);
    }
    (0..plies).min_by_key(|&p| (ply_column(plot, p, last) as i32 - column as i32).abs())
}

/// Draws the panel in `area`.
pub(super) fn draw_study(f: &mut Frame, app: &App, area: Rect, comments: bool) {
    let g = super::glyphs(app);
    let graph = graph_rects(app, area);
    let text_area = match graph {
        Some((block, _)) => Rect { height: area.height - block.height, ..area },
        None => area,
    };
    let (title, lines) = text_lines(app, comments);
    let block = Block::bordered().border_set(g.border()).title(g.pad(&title));
    let inner = block.inner(text_area);
    let lines = wrapped(lines, inner.width, inner.height);
    f.render_widget(Paragraph::new(lines).block(block), text_area);
    if let Some((block, plot)) = graph {
        draw_graph(f, app, block, plot);
    }
}

/// The evaluation graph: ☗'s score at every position of the main line against the move number,
/// with the score scale on the left, move numbers below, the mistakes dotted and a vertical line
/// at the position shown.
pub(super) fn draw_graph(f: &mut Frame, app: &App, block: Rect, plot: Rect) {
    let g = super::glyphs(app);
    let palette = super::palette(app);
    let points = &app.review().points;
    let data: Vec<(f64, f64)> =
        points.iter().enumerate().filter_map(|(i, p)| p.score.map(|s| (i as f64, clamp(s)))).collect();
    let marks: Vec<(f64, f64)> = points
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            p.mark.filter(|&m| m >= Mark::Mistake).and(p.score).map(|s| (i as f64, clamp(s)))
        })
        .collect();
    let last = graph_last(app);
    let here = app.main_line_ply().unwrap_or(app.ply());
    let here_score =
        app.main_line_ply().and_then(|p| app.review_score(p)).map(Score::text).unwrap_or_default();
    let title = (app.text().graph_title)(here, &here_score);
    f.render_widget(Block::bordered().border_set(g.border()).title(g.pad(&title)), block);
    // the score scale, and the move numbers under the plot
    let dim = Style::default().fg(palette.dim);
    let scale_x = plot.x - SCALE_W;
    let top = format!("{:>5}", format!("+{}", GRAPH_CLAMP as i32));
    let bottom = format!("{:>5}", -(GRAPH_CLAMP as i32));
    let buf = f.buffer_mut();
    buf.set_string(scale_x, plot.y, top, dim);
    if plot.height >= 3 {
        buf.set_string(scale_x, plot.y + (plot.height - 1) / 2, format!("{:>5}", 0), dim);
    }
    buf.set_string(scale_x, plot.bottom() - 1, bottom, dim);
    let numbers = plot.bottom();
    buf.set_string(plot.x, numbers, "0", dim);
    let end = last.to_string();
    buf.set_string(plot.right() - end.len() as u16, numbers, &end, dim);
    let middle = last / 2;
    let mid_text = middle.to_string();
    let mid_x = ply_column(plot, middle, last);
    if middle > 0
        && mid_x > plot.x + 2
        && mid_x + (mid_text.len() as u16) + 1 < plot.right() - end.len() as u16
    {
        buf.set_string(mid_x, numbers, &mid_text, dim);
    }
    let here = here as f64;
    let canvas = Canvas::default()
        .marker(Marker::Braille)
        .x_bounds([0.0, last as f64])
        .y_bounds([-GRAPH_CLAMP, GRAPH_CLAMP])
        .paint(|ctx| {
            ctx.draw(&CanvasLine { x1: 0.0, y1: 0.0, x2: last as f64, y2: 0.0, color: palette.dim });
            for w in data.windows(2) {
                let (a, b) = (w[0], w[1]);
                ctx.draw(&CanvasLine { x1: a.0, y1: a.1, x2: b.0, y2: b.1, color: palette.graph });
            }
            if data.len() == 1 {
                ctx.draw(&Points { coords: &data, color: palette.graph });
            }
            ctx.draw(&Points { coords: &marks, color: palette.marks[3] });
            ctx.draw(&CanvasLine {
                x1: here,
                y1: -GRAPH_CLAMP,
                x2: here,
                y2: GRAPH_CLAMP,
                color: palette.graph_cursor,
            });
        });
    f.render_widget(canvas, plot);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::view::{areas, screen_text};
    use std::time::Instant;

    #[test]
    fn analysis_lines_wrap_and_share_the_rows() {
        let text = |l: &Line| l.spans.iter().map(|s| s.content.as_ref()).collect::<String>();
        let line = |score: &str| {
            Line::from(vec![
                Span::raw(format!("{score:>7} ")),
                Span::raw("▲７六歩△３四歩▲２六歩△８四歩▲２五歩△８五歩▲７八金△３二金"),
            ])
        };
        let out = wrapped(vec![line("+30")], 30, 10);
        let rows: Vec<String> = out.iter().map(text).collect();
        assert!(rows.len() > 1, "{rows:?}");
        assert!(rows.iter().all(|r| unicode_width::UnicodeWidthStr::width(r.as_str()) <= 30), "{rows:?}");
        assert_eq!(
            rows.concat().replace(' ', ""),
            "+30▲７六歩△３四歩▲２六歩△８四歩▲２五歩△８五歩▲７八金△３二金"
        );
        assert!(
            rows[1..].iter().all(|r| r.starts_with('▲') || r.starts_with('△')),
            "moves kept whole: {rows:?}"
        );
        // three lines in four rows: each keeps its first row, so every score shows
        let out = wrapped(vec![line("+30"), line("-12"), line("+5")], 30, 4);
        let rows: Vec<String> = out.iter().map(text).collect();
        assert_eq!(rows.len(), 3, "{rows:?}");
        assert!(rows[0].contains("+30") && rows[1].contains("-12") && rows[2].contains("+5"), "{rows:?}");
    }

    /// A record of `n` moves (rooks shuffling after two pawn moves) with a score on every
    /// position, opened and shown at its start.
    fn scored(n: usize) -> App {
        let cycle = ["2h3h", "8b7b", "3h2h", "7b8b"];
        let mut pos = crate::core::Position::startpos();
        let mut text = String::from("手合割：平手\n手数----指手---------消費時間--\n");
        for i in 0..n {
            let usi = match i {
                0 => "2g2f",
                1 => "8c8d",
                i => cycle[(i - 2) % 4],
            };
            let m = pos.parse_usi_move(usi).unwrap();
            let kif = crate::record::notation::move_text(&pos, m, crate::record::notation::MoveStyle::Kif);
            pos.do_move(m);
            let kif = kif.trim_start_matches(['▲', '△']);
            text.push_str(&format!("{:>4} {kif}\n*#評価値={}\n", i + 1, (i as i32 * 37) % 900 - 300));
        }
        let (rec, _) = crate::record::read_text(&text, crate::record::Format::Kifu).unwrap();
        App::with_record(rec)
    }

    #[test]
    fn the_graph_has_a_score_scale_and_move_numbers() {
        let app = scored(40);
        let s = screen_text(&app, 100, 34, Instant::now());
        assert!(s.contains("+2000"), "{s}");
        assert!(s.contains("-2000"), "{s}");
        assert!(s.lines().any(|l| l.contains(" 0 ") || l.contains("│0")), "{s}");
        assert!(s.contains("40│") || s.contains("40 │") || s.contains("40"), "{s}");
    }

    #[test]
    fn a_click_on_the_graph_goes_to_the_move_drawn_there() {
        for (n, w, h) in [(40, 100, 34), (150, 100, 34), (12, 160, 50)] {
            let app = scored(n);
            let full = Rect::new(0, 0, w, h);
            let a = areas(full, &app);
            let (block, plot) = graph_rects(&app, a.study).expect("a graph");
            for column in plot.x..plot.right() {
                let ply = graph_ply_at(&app, a.study, column, plot.y).unwrap();
                assert!(ply <= n, "{ply}");
                // the position reached is drawn with its cursor line in that column, or the
                // nearest when the graph has more columns than moves
                assert!(
                    (ply_column(plot, ply, n) as i32 - column as i32).abs()
                        <= (plot.width as i32 / n as i32 + 1),
                    "{n} moves, column {column}: ply {ply}"
                );
            }
            let first = graph_ply_at(&app, a.study, plot.x, plot.y).unwrap();
            assert_eq!(ply_column(plot, first, n), plot.x, "{n} moves");
            let end = graph_ply_at(&app, a.study, plot.right() - 1, plot.y).unwrap();
            assert_eq!(ply_column(plot, end, n), plot.right() - 1, "{n} moves");
            if n < plot.width as usize {
                assert_eq!((first, end), (0, n));
            }
            assert_eq!(graph_ply_at(&app, a.study, block.x, block.y.saturating_sub(1)), None);
            // the cursor line is drawn in the column a click there goes to
            let mut clicked = app;
            let column = plot.x + plot.width * 2 / 3;
            let ply = graph_ply_at(&clicked, a.study, column, plot.y + 1).unwrap();
            let click = crossterm::event::Event::Mouse(crossterm::event::MouseEvent {
                kind: crossterm::event::MouseEventKind::Down(crossterm::event::MouseButton::Left),
                column,
                row: plot.y + 1,
                modifiers: crossterm::event::KeyModifiers::NONE,
            });
            crate::tui::input::handle_event(&mut clicked, click, full);
            assert_eq!(clicked.main_line_ply(), Some(ply), "{n} moves at {w}x{h}");
            let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h)).unwrap();
            t.draw(|f| crate::tui::view::draw(f, &clicked, Instant::now())).unwrap();
            let buf = t.backend().buffer();
            let cursor = crate::tui::view::palette(&clicked).graph_cursor;
            let cursor_columns: Vec<u16> =
                (plot.x..plot.right()).filter(|&x| buf[(x, plot.y)].fg == cursor).collect();
            assert_eq!(cursor_columns, vec![ply_column(plot, ply, n)], "{n} moves at {w}x{h}");
            assert!(
                (ply_column(plot, ply, n) as i32 - column as i32).abs() <= 1,
                "{n} moves: clicked {column}, drawn at {}",
                ply_column(plot, ply, n)
            );
        }
    }
}

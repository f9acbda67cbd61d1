//! The study panel under the record: the live analysis (検討: depth, nodes/s and up to three
//! lines, each with its score from ☗'s side and the line in Japanese), or for a marked move the
//! engine's better line; the current move's comments; and the evaluation graph of the whole
//! game with the position shown marked.

use crate::engine::analysis::BlackScore;
use crate::record::annotation::{Mark, user_comments};
use crate::record::pv::pv_text;
use crate::tui::app::App;
use ratatui::Frame;
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Chart, Dataset, GraphType, Paragraph};

/// Scores beyond this are drawn at the edge of the graph.
const GRAPH_CLAMP: f64 = 2000.0;
/// Rows of the graph, border included.
const GRAPH_ROWS: u16 = 8;

/// Whether the panel is shown: analysis on, an analysis in the record, or one running.
pub fn visible(app: &App) -> bool {
    app.analysing() || app.review().has_scores() || app.game_analysis_progress().is_some()
}

/// Rows the panel wants at most (the record panel keeps the rest).
pub fn rows_wanted(app: &App) -> u16 {
    let text = 2 + if app.analysing() { 1 + app.analysis_lines() as u16 } else { 3 };
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
                title = format!(" 検討  深さ {}  {} nps ", u.depth, nps_text(u.nps));
                for l in &u.lines {
                    out.push(Line::from(vec![
                        Span::styled(
                            format!("{:>7} ", l.score.text()),
                            Style::default().add_modifier(Modifier::BOLD),
                        ),
                        Span::raw(pv_text(app.pos(), &l.pv)),
                    ]));
                }
            }
            None => {
                title = " 検討 ".to_string();
                out.push(Line::from("…"));
            }
        }
    } else if let Some((mark, pos, pv)) = app.better_line() {
        title = " 解析 ".to_string();
        out.push(Line::from(vec![mark_span(app, mark), Span::raw("  最善 "), Span::raw(pv_text(&pos, &pv))]));
    } else {
        title = match app.game_analysis_progress() {
            Some((done, total)) => format!(" 棋譜解析 {done}/{total} "),
            None => " 解析 ".to_string(),
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

fn clamp(s: BlackScore) -> f64 {
    (s.cp() as f64).clamp(-GRAPH_CLAMP, GRAPH_CLAMP)
}

/// Draws the panel in `area`.
pub(super) fn draw_study(f: &mut Frame, app: &App, area: Rect, comments: bool) {
    let g = super::glyphs(app);
    let graph_rows = if app.review().has_scores() || app.game_analysis_progress().is_some() {
        GRAPH_ROWS.min(area.height)
    } else {
        0
    };
    let parts = Layout::default()
        .direction(Direction::Vertical)
        .constraints([Constraint::Min(0), Constraint::Length(graph_rows)])
        .split(area);
    let (title, lines) = text_lines(app, comments);
    let block = Block::bordered().border_set(g.border()).title(g.pad(&title));
    f.render_widget(Paragraph::new(lines).block(block), parts[0]);
    if graph_rows > 0 {
        draw_graph(f, app, parts[1]);
    }
}

/// The evaluation graph: ☗'s score at every position of the main line, with a vertical bar at
/// the position shown.
pub(super) fn draw_graph(f: &mut Frame, app: &App, area: Rect) {
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
    let last = points.len().saturating_sub(1).max(1) as f64;
    let here = app.main_line_ply().unwrap_or(app.ply()) as f64;
    let cursor = [(here, -GRAPH_CLAMP), (here, GRAPH_CLAMP)];
    let zero = [(0.0, 0.0), (last, 0.0)];
    let here_score =
        app.main_line_ply().and_then(|p| app.review_score(p)).map(BlackScore::text).unwrap_or_default();
    let title = format!(" 評価値 {} {here_score} ", here as usize);
    let chart = Chart::new(vec![
        Dataset::default()
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(Style::default().fg(palette.dim))
            .data(&zero),
        Dataset::default()
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(Style::default().fg(palette.graph))
            .data(&data),
        Dataset::default()
            .marker(Marker::Braille)
            .graph_type(GraphType::Scatter)
            .style(Style::default().fg(palette.marks[3]))
            .data(&marks),
        Dataset::default()
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(Style::default().fg(palette.graph_cursor))
            .data(&cursor),
    ])
    .block(Block::bordered().border_set(g.border()).title(g.pad(&title)))
    .x_axis(Axis::default().bounds([0.0, last]))
    .y_axis(Axis::default().bounds([-GRAPH_CLAMP, GRAPH_CLAMP]));
    f.render_widget(chart, area);
}

//! The record panel, and the mapping from its rows back to the record's nodes that mouse clicks
//! and the wheel use (one function decides which line is on which row, for both).

use super::glyphs::Glyphs;
use crate::record::notation::{self, MoveStyle};
use crate::record::{NodeId, ROOT};
use crate::tui::app::App;
use crate::tui::settings::Notation;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

/// The record's lines as the panel lists them: the start, the path to the current move, then the
/// continuation that redo would follow.
pub struct RecordRows {
    /// Node of each line (`ROOT` for the start line).
    pub nodes: Vec<NodeId>,
    /// The line of the position shown.
    pub here: usize,
    /// The first line shown.
    pub first: usize,
    /// Lines that fit in the panel.
    pub height: usize,
}

impl RecordRows {
    /// The last value `first` can take (the end of the record at the bottom of the panel).
    pub fn max_first(&self) -> usize {
        (self.nodes.len() + 1).saturating_sub(self.height)
    }
}

fn panel(g: &Glyphs, title: String) -> Block<'static> {
    Block::bordered().border_set(g.border()).title(g.pad(&title))
}

fn title(app: &App) -> String {
    let rec = app.record();
    let t = app.text().record_title.trim();
    match (rec.sente_name(), rec.gote_name()) {
        (Some(s), Some(g)) => format!(" {t}  ☗{s} ☖{g} "),
        _ => format!(" {t} "),
    }
}

/// Which lines the panel at `area` shows for `app`.
pub fn record_rows(app: &App, area: Rect) -> RecordRows {
    let inner = panel(&Glyphs::default(), String::new()).inner(area);
    let rec = app.record();
    let mut nodes = vec![ROOT];
    nodes.extend(rec.path_to(app.game().node()));
    let here = nodes.len() - 1;
    nodes.extend(app.redo_line());
    let height = inner.height as usize;
    let mut rows = RecordRows { nodes, here, first: 0, height };
    rows.first = match app.record_scroll() {
        Some(first) => first.min(rows.max_first()),
        // keep the current line visible, one line of context below it
        None => (here + 2).saturating_sub(height),
    };
    rows
}

/// The node of the record line at screen position (column, row) in the panel at `area`.
pub fn record_node_at(app: &App, area: Rect, column: u16, row: u16) -> Option<NodeId> {
    let inner = panel(&Glyphs::default(), String::new()).inner(area);
    if column < inner.x || column >= inner.right() || row < inner.y || row >= inner.bottom() {
        return None;
    }
    let rows = record_rows(app, area);
    rows.nodes.get(rows.first + (row - inner.y) as usize).copied()
}

fn style_of(n: Notation) -> MoveStyle {
    match n {
        Notation::Kif => MoveStyle::KifMarked,
        Notation::Ki2 => MoveStyle::Ki2Marked,
        Notation::Csa => MoveStyle::Csa,
        Notation::Usi => MoveStyle::Usi,
    }
}

pub(super) fn draw_record(f: &mut Frame, app: &App, area: Rect) {
    let g = super::glyphs(app);
    let block = panel(&g, title(app));
    let inner = block.inner(area);
    f.render_widget(block, area);
    let rows = record_rows(app, area);
    let rec = app.record();
    let style = style_of(app.settings().notation);
    let mut pos = rec.initial().clone();
    let mut items: Vec<Line> = Vec::with_capacity(rows.nodes.len() + 1);
    let main = rec.main_line();
    for (i, &id) in rows.nodes.iter().enumerate() {
        // the main line's marks come from the analysis; a variation's from its comments
        let mark = if i > 0 && main.get(i - 1) == Some(&id) {
            app.mark_of(i - 1)
        } else {
            crate::record::annotation::mark_in(&rec.node(id).comments)
        };
        let text = if id == ROOT {
            format!("{:>4} {}", 0, app.text().start_position)
        } else {
            let node = rec.node(id);
            let alt = node.parent().is_some_and(|p| rec.node(p).children().len() > 1);
            let t = format!(
                "{:>4}{}{}",
                i,
                if alt { "+" } else { " " },
                notation::move_text(&pos, node.mv, style)
            );
            pos.do_move(node.mv);
            t
        };
        let st = if i == rows.here {
            Style::default().add_modifier(Modifier::REVERSED)
        } else if i > rows.here {
            Style::default().fg(super::palette(app).dim)
        } else {
            Style::default()
        };
        let mut spans = vec![Span::styled(g.pad(&text), st)];
        spans.extend(super::comment::row_notes(app, id));
        spans.extend(mark.map(|m| super::study::mark_span(app, m)));
        items.push(Line::from(spans));
    }
    let last = *rows.nodes.last().unwrap_or(&ROOT);
    if let Some(sp) = rec.node(last).special.as_ref() {
        let stm = rec.side_to_move_at(last);
        let word = match app.settings().language {
            crate::tui::settings::Language::Ja => sp.kind.kif(stm),
            crate::tui::settings::Language::En => sp.kind.english(stm),
        };
        let text = format!("{:>4}  {word}", rows.nodes.len());
        items.push(Line::from(g.pad(&text)));
    }
    let visible: Vec<Line> = items.into_iter().skip(rows.first).take(rows.height).collect();
    f.render_widget(Paragraph::new(visible), inner);
}

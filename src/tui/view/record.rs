//! The record panel.

use crate::record::notation::{self, MoveStyle};
use crate::tui::app::App;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color as Tc, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

/// The path from the start to the current move, then the continuation that redo would follow
/// (dimmed). `+` marks a move that has alternatives.
pub(super) fn draw_record(f: &mut Frame, app: &App, area: Rect) {
    let rec = app.record();
    let title = match (rec.sente_name(), rec.gote_name()) {
        (Some(s), Some(g)) => format!(" 棋譜  ☗{s} ☖{g} "),
        _ => " 棋譜 ".to_string(),
    };
    let block = Block::default().borders(Borders::ALL).title(title);
    let inner = block.inner(area);
    f.render_widget(block, area);
    // the path to here, then the redo continuation
    let mut nodes = rec.path_to(app.game().node());
    let here = nodes.len();
    nodes.extend(app.redo_line());
    let mut pos = rec.initial().clone();
    let mut items: Vec<Line> = vec![Line::from("   0 開始局面")];
    for (i, &id) in nodes.iter().enumerate() {
        let node = rec.node(id);
        let m = node.mv;
        let alt = node.parent().is_some_and(|p| rec.node(p).children().len() > 1);
        let text = format!(
            "{:>4}{}{}",
            i + 1,
            if alt { "+" } else { " " },
            notation::move_text(&pos, m, MoveStyle::KifMarked)
        );
        let st = if i + 1 == here {
            Style::default().add_modifier(Modifier::REVERSED)
        } else if i + 1 > here {
            Style::default().fg(Tc::DarkGray)
        } else {
            Style::default()
        };
        items.push(Line::from(Span::styled(text, st)));
        pos.do_move(m);
    }
    let last = *nodes.last().unwrap_or(&crate::record::ROOT);
    if let Some(sp) = rec.node(last).special.as_ref() {
        items.push(Line::from(format!("{:>4}  {}", nodes.len() + 1, sp.kind.kif(rec.side_to_move_at(last)))));
    }
    // keep the cursor's line visible
    let h = inner.height as usize;
    let first = here.saturating_sub(h.saturating_sub(2));
    let visible: Vec<Line> = items.into_iter().skip(first).take(h).collect();
    f.render_widget(Paragraph::new(visible), inner);
}

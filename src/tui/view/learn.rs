//! The learn-mode panel (復習), drawn where the study panel goes: the marked move to improve
//! on, the try and its verdict, and the engine's lines once shown.

use crate::core::Score;
use crate::core::{Move, Position};
use crate::tui::app::{App, Phase, side_label};
use crate::tui::keymap::{Action, KeyMode};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

/// A line in Japanese notation, `同歩` rather than `同　歩` so that wrapping never breaks
/// a move in two.
fn pv_text(pos: &Position, line: &[Move]) -> String {
    crate::record::pv::pv_text(pos, line).replace("同\u{3000}", "同")
}

/// The panel's lines, the keys second (they stay in sight however long the lines grow).
pub(super) fn lines(app: &App, keys: Line<'static>) -> Vec<Line<'static>> {
    let Some(l) = app.learn() else { return Vec::new() };
    let t = app.text();
    let (item, i, n) = l.item();
    let Some(before) = app.learn_position() else { return Vec::new() };
    let pos = &before;
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let mut out = vec![Line::from(vec![
        Span::styled(format!("{}/{n} ", i + 1), bold),
        Span::raw(format!("{} ", side_label(app, l.side()))),
        Span::raw(pv_text(pos, &[item.played])),
        super::study::mark_span(app, item.mark),
    ])];
    out.push(keys);
    match l.phase() {
        Phase::Trying => {}
        Phase::Evaluating(m) => out.push(Line::from(format!("{} …", pv_text(pos, &[*m])))),
        Phase::Judged(v) => {
            let (mark, colour) =
                if v.good { ("○", super::palette(app).good) } else { ("×", super::palette(app).bad) };
            let mut spans = vec![
                Span::styled(format!("{mark} "), Style::default().fg(colour).add_modifier(Modifier::BOLD)),
                Span::raw(pv_text(pos, &[v.tried])),
            ];
            if let Some(s) = v.score {
                spans.push(Span::styled(format!("  {}", s.text()), bold));
            }
            out.push(Line::from(spans));
            if !v.reply.is_empty() {
                let mut after = pos.clone();
                after.do_move(v.tried);
                out.push(Line::from(format!("{} {}", t.learn_after_try, pv_text(&after, &v.reply))));
            }
        }
    }
    if l.answer_shown() {
        out.push(Line::from(vec![
            Span::styled(format!("{} {} ", t.learn_best, Score::text(item.before)), bold),
            Span::raw(pv_text(pos, &item.best_line)),
        ]));
    }
    out
}

/// Learn mode's own keys, from the keymap in force (`n next · p prev · …`); the side switch
/// only where it works.
fn keys_line(app: &App) -> String {
    let ja = app.text().language == crate::tui::settings::Language::Ja;
    let fixed = app.learn().is_some_and(|l| l.side_fixed());
    let map = app.keymap();
    map.rows(KeyMode::Learn)
        .into_iter()
        .filter(|r| r.mode == KeyMode::Learn && !(fixed && r.action == Action::SwitchSide))
        .filter_map(|r| Some(format!("{} {}", map.keys(r).first()?.name(), r.bar?.label.of(ja))))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// Draws the panel in `area`.
pub(super) fn draw_learn(f: &mut Frame, app: &App, area: Rect) {
    let g = super::glyphs(app);
    let t = app.text();
    let keys = keys_line(app);
    let block = Block::bordered().border_set(g.border()).title(g.pad(t.learn_title));
    let text =
        lines(app, Line::from(Span::styled(g.pad(&keys), Style::default().fg(super::palette(app).dim))));
    let text = super::wrap::wrap_lines(text, block.inner(area).width);
    f.render_widget(Paragraph::new(text).block(block), area);
}

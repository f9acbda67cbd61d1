//! The two bottom lines: the status (side to move, clocks, message, the computer's thinking, or
//! the text box) and the key bar.

use crate::core::Color;
use crate::tui::app::{App, InputKind, LineInput};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color as Tc, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use std::time::Instant;

pub(super) fn draw_status(f: &mut Frame, app: &App, area: Rect, now: Instant) {
    let pos = app.pos();
    let side = if pos.side_to_move() == Color::Black { "☗先手" } else { "☖後手" };
    let mut first = format!("[{}] {} {}手目  {}", app.mode_label(), side, app.ply() + 1, app.message());
    if let Some(c) = app.clock() {
        let stm = pos.side_to_move();
        let running = !app.line_ended() && !app.status().is_over();
        first = format!(
            "☗ {}  ☖ {}  {first}",
            c.display(Color::Black, running && stm == Color::Black, now),
            c.display(Color::White, running && stm == Color::White, now)
        );
    }
    if !app.engine_info().is_empty() {
        first = format!("{first}   {}", app.engine_info());
    }
    match app.input() {
        Some(LineInput { kind: InputKind::Move, text }) => {
            first = format!("指し手> {text}_   (76歩, 同歩, 58金右, 7g7f, 7776FU; Enter plays, Esc cancels)")
        }
        Some(LineInput { kind: InputKind::SavePath, text }) => {
            first = format!("保存先> {text}_   (.kif .kifu .ki2 .csa .jkf .usi)")
        }
        None => {}
    }
    let help =
        "矢印/hjkl 移動  Enter 選択  Tab 持駒  : 入力  u 戻る  r 進む  n 新規  s 保存  ? ヘルプ  q 終了";
    let lines = vec![Line::from(first), Line::from(Span::styled(help, Style::default().fg(Tc::DarkGray)))];
    f.render_widget(Paragraph::new(lines), area);
}

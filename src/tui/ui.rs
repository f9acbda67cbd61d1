//! Drawing: a pure function of `App`. Reads state, never changes it, never does I/O.

use crate::core::{Color, Move, Piece, Square};
use crate::record::notation::{self, MoveStyle};
use ratatui::Frame;
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Color as Tc, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use super::app::{App, Focus, GameMode, InputKind, Popup, Selection};
use super::geometry::*;

const GOTE: Tc = Tc::LightRed;
const SENTE: Tc = Tc::White;

/// The areas the frame is split into (also used by the event loop for mouse hit-testing).
pub struct Areas {
    pub gote_hand: Rect,
    pub board: Rect,
    pub sente_hand: Rect,
    pub record: Rect,
    pub status: Rect,
}

pub fn areas(full: Rect) -> Areas {
    let rows = Layout::default()
        .direction(Direction::Vertical)
        .constraints([Constraint::Min(BOARD_TOTAL_H + 2), Constraint::Length(2)])
        .split(full);
    let cols = Layout::default()
        .direction(Direction::Horizontal)
        .constraints([Constraint::Length(BOARD_TOTAL_W + 2), Constraint::Min(20)])
        .split(rows[0]);
    let left = Layout::default()
        .direction(Direction::Vertical)
        .constraints([
            Constraint::Length(1),
            Constraint::Length(BOARD_TOTAL_H),
            Constraint::Length(1),
            Constraint::Min(0),
        ])
        .split(cols[0]);
    Areas { gote_hand: left[0], board: left[1], sente_hand: left[2], record: cols[1], status: rows[1] }
}

/// The hand line of the side at the top (gote unless flipped) goes above the board.
pub fn hand_owner(top: bool, flipped: bool) -> Color {
    match (top, flipped) {
        (true, false) | (false, true) => Color::White,
        _ => Color::Black,
    }
}

/// Width of the hand label (`☖持駒 `) as drawn.
pub fn hand_label_w() -> u16 {
    unicode_width::UnicodeWidthStr::width("☗持駒 ") as u16
}

/// The smallest screen the whole layout fits on.
pub const MIN_W: u16 = BOARD_TOTAL_W + 2 + 24;
pub const MIN_H: u16 = BOARD_TOTAL_H + 2 + 2;

pub fn draw(f: &mut Frame, app: &App) {
    let full = f.area();
    if full.width < MIN_W || full.height < MIN_H {
        let text = format!(
            "The terminal is {}×{}; shogiban needs at least {MIN_W}×{MIN_H}. Enlarge it (q quits).",
            full.width, full.height
        );
        f.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), full);
        return;
    }
    let a = areas(full);
    draw_hand(f, app, a.gote_hand, hand_owner(true, app.flipped));
    draw_board(f, app, a.board);
    draw_hand(f, app, a.sente_hand, hand_owner(false, app.flipped));
    draw_record(f, app, a.record);
    draw_status(f, app, a.status);
    if let Some(p) = &app.popup {
        draw_popup(f, app, p);
    }
}

fn piece_span(p: Piece, base: Style) -> Span<'static> {
    match p.kind() {
        None => Span::styled(" ・ ", base.fg(Tc::DarkGray)),
        Some(k) => {
            let (mark, fg) = if p.color() == Color::White { ('v', GOTE) } else { (' ', SENTE) };
            let mut st = base.fg(fg);
            if k.is_promoted() {
                st = st.add_modifier(Modifier::BOLD);
            }
            Span::styled(format!("{mark}{} ", k.kanji_short()), st)
        }
    }
}

fn draw_board(f: &mut Frame, app: &App, area: Rect) {
    let g = BoardGeometry::new(area, app.flipped);
    let pos = app.pos();
    let dests = app.destinations();
    let last = pos.last_move();
    let check_sq = if pos.in_check() { pos.king_square(pos.side_to_move()) } else { None };
    let mut lines = Vec::with_capacity(12);

    let mut header = String::from(" ");
    for col in 0..9u16 {
        let file = if app.flipped { col + 1 } else { 9 - col };
        header.push_str(&format!(" {} ", crate::core::types::FULLWIDTH_DIGITS[file as usize]));
    }
    lines.push(Line::from(Span::styled(header, Style::default().fg(Tc::Gray))));
    lines.push(Line::from(format!("┌{}┐", "─".repeat(BOARD_W as usize))));
    for row in 0..9u16 {
        let mut spans = vec![Span::raw("│")];
        for col in 0..9u16 {
            let sq = g.square_at_cell(col, row).expect("cell on the board");
            spans.push(piece_span(pos.piece_at(sq), cell_style(app, sq, &dests, last, check_sq)));
        }
        let rank = g.square_at_cell(0, row).expect("cell").rank();
        spans.push(Span::raw("│"));
        spans.push(Span::styled(
            format!("{}", crate::core::types::KANJI_DIGITS[rank as usize]),
            Style::default().fg(Tc::Gray),
        ));
        lines.push(Line::from(spans));
    }
    lines.push(Line::from(format!("└{}┘", "─".repeat(BOARD_W as usize))));
    f.render_widget(Paragraph::new(lines), area);
}

fn cell_style(app: &App, sq: Square, dests: &[Square], last: Option<Move>, check: Option<Square>) -> Style {
    let mut st = Style::default();
    if last.is_some_and(|m| m.to() == sq) {
        st = st.bg(Tc::Rgb(70, 60, 20));
    }
    if dests.contains(&sq) {
        st = st.bg(Tc::Rgb(20, 70, 30));
    }
    if check == Some(sq) {
        st = st.bg(Tc::Red);
    }
    if app.selection == Some(Selection::Square(sq)) {
        st = st.bg(Tc::Blue);
    }
    if app.focus == Focus::Board && app.cursor == sq {
        st = st.add_modifier(Modifier::REVERSED);
    }
    st
}

fn draw_hand(f: &mut Frame, app: &App, area: Rect, owner: Color) {
    let pos = app.pos();
    let mark = if owner == Color::Black { "☗持駒 " } else { "☖持駒 " };
    let fg = if owner == Color::Black { SENTE } else { GOTE };
    let mut spans = vec![Span::styled(mark, Style::default().fg(fg))];
    let hand = pos.hand(owner);
    let to_move = pos.side_to_move() == owner;
    if hand.is_empty() {
        spans.push(Span::raw("なし"));
    }
    for (i, text, _) in hand_layout(hand) {
        let mut st = Style::default().fg(fg);
        if to_move && app.focus == Focus::Hand(i) {
            st = st.add_modifier(Modifier::REVERSED);
        }
        if to_move && app.selection == Some(Selection::Hand(HAND_ORDER[i])) {
            st = st.bg(Tc::Blue);
        }
        spans.push(Span::styled(text, st));
        spans.push(Span::raw(" "));
    }
    f.render_widget(Paragraph::new(Line::from(spans)), area);
}

/// The record panel: the path from the start to the current move, then the continuation that
/// redo would follow (dimmed). `+` marks a move that has alternatives.
fn draw_record(f: &mut Frame, app: &App, area: Rect) {
    let rec = app.game.record();
    let title = match (rec.sente_name(), rec.gote_name()) {
        (Some(s), Some(g)) => format!(" 棋譜  ☗{s} ☖{g} "),
        _ => " 棋譜 ".to_string(),
    };
    let block = Block::default().borders(Borders::ALL).title(title);
    let inner = block.inner(area);
    f.render_widget(block, area);
    // the path to here, then the redo continuation
    let mut nodes = rec.path_to(app.game.node());
    let here = nodes.len();
    let mut n = app.game.node();
    loop {
        let node = rec.node(n);
        let next = match node.last_child {
            Some(i) => node.children().get(i).copied(),
            None => node.continuation(),
        };
        match next {
            Some(c) => {
                nodes.push(c);
                n = c;
            }
            None => break,
        }
    }
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

fn draw_status(f: &mut Frame, app: &App, area: Rect) {
    let pos = app.pos();
    let side = if pos.side_to_move() == Color::Black { "☗先手" } else { "☖後手" };
    let mut first = format!("{} {}手目  {}", side, app.ply() + 1, app.message);
    if let Some(c) = &app.clock {
        let now = std::time::Instant::now();
        let stm = pos.side_to_move();
        let running = !app.line_ended() && !app.status().is_over();
        first = format!(
            "☗ {}  ☖ {}  {first}",
            c.display(Color::Black, running && stm == Color::Black, now),
            c.display(Color::White, running && stm == Color::White, now)
        );
    }
    if !app.engine_info.is_empty() {
        first = format!("{first}   {}", app.engine_info);
    }
    match &app.input {
        Some((InputKind::Move, text)) => {
            first = format!("指し手> {text}_   (76歩, 同歩, 58金右, 7g7f, 7776FU; Enter plays, Esc cancels)")
        }
        Some((InputKind::SavePath, text)) => {
            first = format!("保存先> {text}_   (.kif .kifu .ki2 .csa .jkf .usi)")
        }
        None => {}
    }
    let help =
        "矢印/hjkl 移動  Enter 選択  Tab 持駒  : 入力  u 戻る  r 進む  n 新規  s 保存  ? ヘルプ  q 終了";
    let lines = vec![Line::from(first), Line::from(Span::styled(help, Style::default().fg(Tc::DarkGray)))];
    f.render_widget(Paragraph::new(lines), area);
}

fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect { x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h }
}

fn draw_popup(f: &mut Frame, app: &App, p: &Popup) {
    let (title, body, w, h): (&str, Vec<String>, u16, u16) = match p {
        Popup::Promotion { from, to } => (
            " 成りますか？ ",
            vec![format!("{} → {}", from.japanese(), to.japanese()), "y / Enter: 成る    n: 不成".into()],
            36,
            4,
        ),
        Popup::ConfirmQuit => (" 終了 ", vec!["Quit shogiban? (y / n)".into()], 30, 3),
        Popup::ConfirmResign => (" 投了 ", vec!["Resign this game? (y / n)".into()], 34, 3),
        Popup::ConfirmDeclare => (
            " 入玉宣言 (CSA 27-point rule) ",
            vec![
                app.declaration_summary(),
                "A declaration that does not meet every condition loses.".into(),
                "Declare? (y / n)".into(),
            ],
            96,
            5,
        ),
        Popup::Help => (" ヘルプ ", HELP.iter().map(|s| s.to_string()).collect(), 64, HELP.len() as u16 + 2),
        Popup::NewGame { mode, level, time, handicap } => {
            let mut body: Vec<String> = GameMode::ALL
                .iter()
                .enumerate()
                .map(|(i, m)| format!("{} {}. {}", if m == mode { "▶" } else { " " }, i + 1, m.label()))
                .collect();
            body.push(String::new());
            body.push(format!("  computer level: ◀ {level:>2} ▶   (1 beginner … 10 full strength)"));
            body.push(format!("  clock (t): {}", super::clock::TIME_PRESETS[*time].1));
            let h = &crate::record::HANDICAPS[*handicap];
            let who = if h.is_even() { "" } else { "  (上手 = ☖ gote moves first)" };
            body.push(format!("  手合割 (c): {}{who}", h.name));
            body.push(String::new());
            body.push("  ↑/↓ or 1-4 choose  ←/→ level  t clock  c handicap  Enter start  Esc cancel".into());
            (" 新規対局 ", body, 78, 12)
        }
    };
    let r = centered(f.area(), w, h);
    f.render_widget(Clear, r);
    let block = Block::default().borders(Borders::ALL).title(title);
    f.render_widget(Paragraph::new(body.join("\n")).block(block).wrap(Wrap { trim: false }), r);
}

pub const HELP: [&str; 11] = [
    "arrows / hjkl   move the cursor",
    "Enter / Space   pick up a piece, then put it down (or click)",
    "Tab             switch to your pieces in hand (then ←/→, Enter)",
    ": or /          type a move (76歩 同歩 58金右 55角打 7g7f 7776FU)",
    "u / Backspace   take back a move      r   replay it      s  save",
    "[ / ]           first / last position     { / }  other variation",
    "f               flip the board          n   new game / vs computer",
    "R               resign                  D   declare an impasse win (入玉宣言)",
    "Esc             cancel the selection",
    "q               quit",
    "? / Esc         close this help",
];

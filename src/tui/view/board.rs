//! The board and the two hands, in the piece style and frame the settings ask for.

use super::geometry::{BoardGeometry, HAND_ORDER, hand_layout};
use crate::core::{Color, Move, Piece, Square};
use crate::tui::app::{App, Focus, Selection};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// A piece (or an empty square) drawn as `text` in its side's colour over `base`.
pub(super) fn piece_span(app: &App, p: Piece, text: String, base: Style) -> Span<'static> {
    let palette = super::palette(app);
    match p.kind() {
        None => Span::styled(text, base.fg(palette.empty)),
        Some(k) => {
            let mut st = base.fg(super::side_color(app, p.color())).add_modifier(palette.piece_modifier);
            if k.is_promoted() {
                st = st.add_modifier(Modifier::BOLD);
            }
            Span::styled(text, st)
        }
    }
}

pub(super) fn draw_board(f: &mut Frame, app: &App, area: Rect) {
    let pos = app.pos();
    let dests = app.destinations();
    let last = pos.last_move();
    let check_sq = if pos.in_check() { pos.king_square(pos.side_to_move()) } else { None };
    let style = |sq| cell_style(app, sq, &dests, last, check_sq);
    draw_board_with(f, app, area, &|sq| pos.piece_at(sq), &style);
}

/// The board frame with the piece `piece_at` gives on each square, in the style `style` gives,
/// at the size the geometry of `area` gives: compact (one row a rank, no grid) or larger cells
/// between grid lines, the pieces centred.
pub(super) fn draw_board_with(
    f: &mut Frame,
    app: &App,
    area: Rect,
    piece_at: &dyn Fn(Square) -> Piece,
    style: &dyn Fn(Square) -> Style,
) {
    let glyphs = super::glyphs(app);
    let palette = super::palette(app);
    let g = BoardGeometry::new(area, app.flipped());
    let top = super::hand_owner(true, app.flipped());
    let size = g.size;
    let (cw, ch) = (size.cell_w as usize, size.cell_h as usize);
    let (grid, frame) = (glyphs.grid(), glyphs.border());
    let line_style = Style::default().fg(palette.grid);
    let label_style = Style::default().fg(palette.label);
    let mut lines = Vec::with_capacity(size.total_h() as usize);

    let mut header = String::from(" ");
    for col in 0..9u16 {
        let file = if app.flipped() { col + 1 } else { 9 - col };
        let left = (cw - 2) / 2;
        header.push_str(&" ".repeat(left));
        header.push(crate::record::names::FULLWIDTH_DIGITS[file as usize]);
        header.push_str(&" ".repeat(cw - 2 - left + size.grid as usize));
    }
    lines.push(Line::from(Span::styled(header, label_style)));
    // a rule across the board: `ends` at the frame, `joint` where a grid line crosses it
    let rule = |left: &str, joint: &str, right: &str| {
        let bar = grid.horizontal.repeat(cw);
        let inner = if size.grid { vec![bar; 9].join(joint) } else { bar.repeat(9) };
        Line::from(Span::styled(format!("{left}{inner}{right}"), line_style))
    };
    // the frame's top or bottom edge, without a grid
    let edge = |left: &str, horizontal: &str, right: &str| {
        Line::from(Span::styled(format!("{left}{}{right}", horizontal.repeat(9 * cw)), line_style))
    };
    if size.grid {
        lines.push(rule(grid.top_left, grid.horizontal_down, grid.top_right));
    } else {
        lines.push(edge(frame.top_left, frame.horizontal_top, frame.top_right));
    }
    let (_, piece_row) = g.piece_offset();
    for row in 0..9u16 {
        for sub in 0..ch {
            let mut spans = vec![Span::styled(frame.vertical_left, line_style)];
            for col in 0..9u16 {
                let sq = g.square_at_cell(col, row).expect("cell on the board");
                if sub == piece_row as usize {
                    let text = glyphs.wide_cell(piece_at(sq), top, size.cell_w, size.grid);
                    spans.push(piece_span(app, piece_at(sq), text, style(sq)));
                } else {
                    spans.push(Span::styled(" ".repeat(cw), style(sq)));
                }
                if size.grid && col < 8 {
                    spans.push(Span::styled(grid.vertical, line_style));
                }
            }
            spans.push(Span::styled(frame.vertical_right, line_style));
            if sub == piece_row as usize {
                let rank = g.square_at_cell(0, row).expect("cell").rank();
                let label = crate::record::names::KANJI_DIGITS[rank as usize];
                let gap = if size.grid { " " } else { "" };
                spans.push(Span::styled(format!("{gap}{label}"), label_style));
            }
            lines.push(Line::from(spans));
        }
        if size.grid && row < 8 {
            lines.push(rule(grid.vertical_right, grid.cross, grid.vertical_left));
        }
    }
    if size.grid {
        lines.push(rule(grid.bottom_left, grid.horizontal_up, grid.bottom_right));
    } else {
        lines.push(edge(frame.bottom_left, frame.horizontal_bottom, frame.bottom_right));
    }
    f.render_widget(Paragraph::new(lines), area);
}

fn cell_style(app: &App, sq: Square, dests: &[Square], last: Option<Move>, check: Option<Square>) -> Style {
    let p = super::palette(app);
    let mut st = Style::default();
    if last.is_some_and(|m| m.to() == sq) {
        st = st.bg(p.last_move);
    }
    // the hint's move: where the piece stands and where it goes
    if app.hint_move().is_some_and(|m| m.to() == sq || (!m.is_drop() && m.from() == sq)) {
        st = st.bg(p.hint);
    }
    if dests.contains(&sq) {
        st = st.bg(p.destination);
    }
    if check == Some(sq) {
        st = st.bg(p.check);
    }
    if app.selection() == Some(Selection::Square(sq)) {
        st = st.bg(p.selection);
    }
    if app.focus() == Focus::Board && app.cursor() == sq {
        st = st.add_modifier(Modifier::REVERSED);
    }
    st
}

pub(super) fn draw_hand(f: &mut Frame, app: &App, area: Rect, owner: Color) {
    let pos = app.pos();
    let fg = super::side_color(app, owner);
    let mut spans = vec![Span::styled(super::hand_label(app, owner), Style::default().fg(fg))];
    let hand = pos.hand(owner);
    let to_move = pos.side_to_move() == owner;
    if hand.is_empty() {
        spans.push(Span::raw(app.text().hand_none));
    }
    for (i, text, _) in hand_layout(hand, &super::glyphs(app), owner) {
        let mut st = Style::default().fg(fg);
        if to_move && app.focus() == Focus::Hand(i) {
            st = st.add_modifier(Modifier::REVERSED);
        }
        if to_move && app.hint_move().and_then(|m| m.drop_kind()) == Some(HAND_ORDER[i]) {
            st = st.bg(super::palette(app).hint);
        }
        if to_move && app.selection() == Some(Selection::Hand(HAND_ORDER[i])) {
            st = st.bg(super::palette(app).selection);
        }
        spans.push(Span::styled(text, st));
        spans.push(Span::raw(" "));
    }
    f.render_widget(Paragraph::new(Line::from(spans)), area);
}

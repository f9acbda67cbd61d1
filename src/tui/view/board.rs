//! The board and the two hands, in the piece style and frame the settings ask for.

use super::geometry::{BOARD_W, BoardGeometry, HAND_ORDER, hand_layout};
use super::glyphs::Glyphs;
use crate::core::{Color, Move, Piece, Square};
use crate::tui::app::{App, Focus, Selection};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

pub(super) fn piece_span(app: &App, g: &Glyphs, p: Piece, base: Style) -> Span<'static> {
    let text = g.cell(p);
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

/// The board frame with the piece `piece_at` gives on each square, in the style `style` gives.
pub(super) fn draw_board_with(
    f: &mut Frame,
    app: &App,
    area: Rect,
    piece_at: &dyn Fn(Square) -> Piece,
    style: &dyn Fn(Square) -> Style,
) {
    let glyphs = super::glyphs(app);
    let frame = glyphs.border();
    let g = BoardGeometry::new(area, app.flipped());
    let mut lines = Vec::with_capacity(12);

    let mut header = String::from(" ");
    for col in 0..9u16 {
        let file = if app.flipped() { col + 1 } else { 9 - col };
        header.push_str(&format!(" {} ", crate::record::names::FULLWIDTH_DIGITS[file as usize]));
    }
    lines.push(Line::from(Span::styled(header, Style::default().fg(super::palette(app).label))));
    let rule = frame.horizontal_top.repeat(BOARD_W as usize);
    lines.push(Line::from(format!("{}{rule}{}", frame.top_left, frame.top_right)));
    for row in 0..9u16 {
        let mut spans = vec![Span::raw(frame.vertical_left)];
        for col in 0..9u16 {
            let sq = g.square_at_cell(col, row).expect("cell on the board");
            spans.push(piece_span(app, &glyphs, piece_at(sq), style(sq)));
        }
        let rank = g.square_at_cell(0, row).expect("cell").rank();
        spans.push(Span::raw(frame.vertical_right));
        spans.push(Span::styled(
            format!("{}", crate::record::names::KANJI_DIGITS[rank as usize]),
            Style::default().fg(super::palette(app).label),
        ));
        lines.push(Line::from(spans));
    }
    lines.push(Line::from(format!("{}{rule}{}", frame.bottom_left, frame.bottom_right)));
    f.render_widget(Paragraph::new(lines), area);
}

fn cell_style(app: &App, sq: Square, dests: &[Square], last: Option<Move>, check: Option<Square>) -> Style {
    let p = super::palette(app);
    let mut st = Style::default();
    if last.is_some_and(|m| m.to() == sq) {
        st = st.bg(p.last_move);
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
        if to_move && app.selection() == Some(Selection::Hand(HAND_ORDER[i])) {
            st = st.bg(super::palette(app).selection);
        }
        spans.push(Span::styled(text, st));
        spans.push(Span::raw(" "));
    }
    f.render_widget(Paragraph::new(Line::from(spans)), area);
}

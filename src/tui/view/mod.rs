//! Drawing: a pure function of the app's state and the time `now`. Reads state, never changes
//! it, never does I/O. The screen layout (`areas`) and the board geometry are shared with the
//! input layer's mouse hit-testing, so what is drawn and what is clicked always agree.

mod board;
mod clock;
pub mod comment;
mod editor;
mod eval_bar;
mod explorer;
mod frame;
pub mod geometry;
mod key_line;
mod learn;
pub mod library;
mod online;
pub mod palette;
pub use editor::hand_slot_at as editor_hand_slot_at;
pub mod glyphs;
mod popup;
mod rating;
pub mod record;
mod status;
pub mod study;
mod thinking;
mod threats;
mod wrap;

use crate::core::Color;
use ratatui::Frame;
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::widgets::{Paragraph, Wrap};
use std::time::Instant;

use super::app::App;
use geometry::{BoardSize, COMPACT};

/// The areas the frame is split into (also used by the input layer for mouse hit-testing).
pub struct Areas {
    pub gote_hand: Rect,
    pub board: Rect,
    pub sente_hand: Rect,
    /// The clock panel at the top of the right-hand column (zero height without a clock).
    pub clock: Rect,
    pub record: Rect,
    /// The study panel under the record (zero height when not shown).
    pub study: Rect,
    /// The comment panel under the record (zero height when not shown).
    pub comment: Rect,
    /// The opening explorer under the record (zero height when not shown).
    pub explorer: Rect,
    pub status: Rect,
    /// The rows under the board's lower hand (online chat), often none.
    pub under_board: Rect,
}

/// Rows below the board: the status line, at least one row for the message (more when it is
/// long, so nothing is cut), and the key bar.
fn bottom_rows(full: Rect, app: &App, board: BoardSize) -> u16 {
    let room = full.height.saturating_sub(board.total_h() + 2).max(3);
    let wanted = 2 + status::message_rows(app, full.width);
    wanted.clamp(3, room)
}

/// The areas of a `full`-sized screen; the board is as large as the screen allows
/// (`BoardSize::for_screen`).
pub fn areas(full: Rect, app: &App) -> Areas {
    let board = BoardSize::for_screen(full.width, full.height);
    let rows = Layout::default()
        .direction(Direction::Vertical)
        .constraints([
            Constraint::Min(board.total_h() + 2),
            Constraint::Length(bottom_rows(full, app, board)),
        ])
        .split(full);
    let cols = Layout::default()
        .direction(Direction::Horizontal)
        .constraints([Constraint::Length(board.total_w() + 2), Constraint::Min(20)])
        .split(rows[0]);
    let left = Layout::default()
        .direction(Direction::Vertical)
        .constraints([
            Constraint::Length(1),
            Constraint::Length(board.total_h()),
            Constraint::Length(1),
            Constraint::Min(0),
        ])
        .split(cols[0]);
    let clock_rows = clock::rows(app, cols[1], full.height);
    let right = Layout::default()
        .direction(Direction::Vertical)
        .constraints([Constraint::Length(clock_rows), Constraint::Min(0)])
        .split(cols[1]);
    let (clock, right) = (right[0], right[1]);
    let (record, study) = if study::visible(app) {
        let right = Layout::default()
            .direction(Direction::Vertical)
            .constraints([Constraint::Min(5), Constraint::Max(study::rows_wanted(app))])
            .split(right);
        (right[0], right[1])
    } else {
        (right, Rect::new(right.x, right.bottom(), right.width, 0))
    };
    let (record, explorer) = if app.explorer_shown() {
        let parts = Layout::default()
            .direction(Direction::Vertical)
            .constraints([Constraint::Min(5), Constraint::Max(explorer::ROWS_WANTED)])
            .split(record);
        (parts[0], parts[1])
    } else {
        (record, Rect::new(record.x, record.bottom(), record.width, 0))
    };
    let (record, comment) = comment::split(record, app);
    Areas {
        gote_hand: left[0],
        board: left[1],
        sente_hand: left[2],
        clock,
        record,
        study,
        comment,
        explorer,
        status: rows[1],
        under_board: left[3],
    }
}

/// The hand line of the side at the top (gote unless flipped) goes above the board.
pub fn hand_owner(top: bool, flipped: bool) -> Color {
    match (top, flipped) {
        (true, false) | (false, true) => Color::White,
        _ => Color::Black,
    }
}

/// The hand label (`☗持駒 `, `☖hand `) as drawn.
pub fn hand_label(app: &App, owner: Color) -> String {
    let mark = if owner == Color::Black { "☗" } else { "☖" };
    glyphs(app).pad(&format!("{mark}{} ", app.text().hand))
}

/// Width of the hand label as drawn (the pieces start after it).
pub fn hand_label_w(app: &App) -> u16 {
    unicode_width::UnicodeWidthStr::width(hand_label(app, Color::Black).as_str()) as u16
}

/// How pieces, frames and marks are drawn, from the settings.
pub fn glyphs(app: &App) -> glyphs::Glyphs {
    let s = app.settings();
    glyphs::Glyphs { style: s.piece_style, ambiguous_wide: s.ambiguous_wide }
}

/// The colours of the theme the settings ask for, for the terminal's colour depth.
pub fn palette(app: &App) -> &'static palette::Palette {
    palette::palette(app.settings().theme, app.color_depth())
}

/// The colour of `side`'s pieces, hand and marks.
pub fn side_color(app: &App, side: Color) -> ratatui::style::Color {
    let p = palette(app);
    if side == Color::Black { p.sente } else { p.gote }
}

/// The smallest screen the whole layout fits on.
pub const MIN_W: u16 = COMPACT.total_w() + 2 + 24;
pub const MIN_H: u16 = COMPACT.total_h() + 2 + 3;

/// Whether a screen of `width` × `height` cells shows the board (else it asks for more room).
pub fn fits(width: u16, height: u16) -> bool {
    width >= MIN_W && height >= MIN_H
}

/// The game library's page: the whole screen above the status lines.
pub fn library_page(full: Rect, a: &Areas) -> Rect {
    Rect { height: full.height.saturating_sub(a.status.height), ..full }
}

/// Draws the whole screen for `app` as it is at `now`.
pub fn draw(f: &mut Frame, app: &App, now: Instant) {
    let full = f.area();
    if !fits(full.width, full.height) {
        let text = (app.text().too_small)(full.width, full.height, MIN_W, MIN_H);
        f.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), full);
        return;
    }
    let a = areas(full, app);
    if let Some(lib) = app.library() {
        library::draw(f, app, lib, library_page(full, &a));
    } else if let Some(e) = app.editor() {
        editor::draw(f, app, e, &a);
    } else {
        board::draw_hand(f, app, a.gote_hand, hand_owner(true, app.flipped()));
        board::draw_board(f, app, a.board);
        eval_bar::draw_eval_bar(f, app, a.board);
        board::draw_hand(f, app, a.sente_hand, hand_owner(false, app.flipped()));
        if a.clock.height > 0 {
            clock::draw_clock(f, app, a.clock, now);
        }
        record::draw_record(f, app, a.record);
        if a.study.height > 0 {
            if app.learning() {
                learn::draw_learn(f, app, a.study);
            } else {
                study::draw_study(f, app, a.study, a.comment.height == 0);
            }
        }
        if a.comment.height > 0 {
            comment::draw_comment(f, app, a.comment);
        }
        if a.explorer.height > 0 {
            explorer::draw_explorer(f, app, a.explorer);
        }
    }
    status::draw_status(f, app, a.status);
    if app.online().is_some() {
        online::draw_chat(f, app, a.under_board);
        online::draw_online(f, app, now);
    }
    if let Some(p) = app.popup() {
        popup::draw_popup(f, app, p);
    }
    outside_text_made_safe(f.buffer_mut());
    crate::tui::color_depth::reduce_frame(f.buffer_mut(), app.color_depth());
    if app.settings().ambiguous_wide {
        glyphs::fix_ambiguous(f.buffer_mut());
    }
}

/// Every cell drawn, whatever text it came from (names, headers, comments, a server's or an
/// engine's words), without the characters that must not reach the terminal
/// (`record::text::outside_text`: bidirectional marks, control characters). ratatui keeps a
/// zero-width character in the cell before it, so one pass over the frame catches them all.
fn outside_text_made_safe(buf: &mut ratatui::buffer::Buffer) {
    for cell in buf.content.iter_mut() {
        if let std::borrow::Cow::Owned(clean) = crate::record::text::outside_text(cell.symbol()) {
            cell.set_symbol(if clean.is_empty() { " " } else { &clean });
        }
    }
}

#[cfg(test)]
mod colour_tests;
#[cfg(test)]
mod screen_tests;
#[cfg(test)]
mod tests;

/// The buffer drawn for `app` on a `w`×`h` test terminal at `now`.
#[cfg(test)]
pub(crate) fn buffer_at(app: &App, w: u16, h: u16, now: Instant) -> ratatui::buffer::Buffer {
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h)).expect("test terminal");
    t.draw(|f| draw(f, app, now)).expect("draw");
    t.backend().buffer().clone()
}

/// The screen drawn for `app` on a `w`×`h` test terminal, one line per row, wide characters
/// counted once.
#[cfg(test)]
pub(crate) fn screen_text(app: &App, w: u16, h: u16, now: Instant) -> String {
    let buf = buffer_at(app, w, h, now);
    let mut s = String::new();
    for y in 0..buf.area.height {
        let mut x = 0;
        while x < buf.area.width {
            let sym = buf[(x, y)].symbol();
            s.push_str(sym);
            x += unicode_width::UnicodeWidthStr::width(sym).max(1) as u16;
        }
        s.push('\n');
    }
    s
}

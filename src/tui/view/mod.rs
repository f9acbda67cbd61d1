//! Drawing: a pure function of the app's state and the time `now`. Reads state, never changes
//! it, never does I/O. The screen layout (`areas`) and the board geometry are shared with the
//! input layer's mouse hit-testing, so what is drawn and what is clicked always agree.

mod board;
pub mod geometry;
mod popup;
mod record;
mod status;

use crate::core::Color;
use ratatui::Frame;
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::Color as Tc;
use ratatui::widgets::{Paragraph, Wrap};
use std::time::Instant;

use super::app::App;
use geometry::{BOARD_TOTAL_H, BOARD_TOTAL_W};

pub use popup::HELP;

/// Colour of gote's pieces and marks.
const GOTE: Tc = Tc::LightRed;
/// Colour of sente's pieces and marks.
const SENTE: Tc = Tc::White;

/// The areas the frame is split into (also used by the input layer for mouse hit-testing).
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

/// Draws the whole screen for `app` as it is at `now`.
pub fn draw(f: &mut Frame, app: &App, now: Instant) {
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
    board::draw_hand(f, app, a.gote_hand, hand_owner(true, app.flipped()));
    board::draw_board(f, app, a.board);
    board::draw_hand(f, app, a.sente_hand, hand_owner(false, app.flipped()));
    record::draw_record(f, app, a.record);
    status::draw_status(f, app, a.status, now);
    if let Some(p) = app.popup() {
        popup::draw_popup(f, app, p);
    }
}

#[cfg(test)]
mod tests;

/// The screen drawn for `app` on a `w`×`h` test terminal, one line per row, wide characters
/// counted once.
#[cfg(test)]
pub(crate) fn screen_text(app: &App, w: u16, h: u16, now: Instant) -> String {
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h)).expect("test terminal");
    t.draw(|f| draw(f, app, now)).expect("draw");
    let buf = t.backend().buffer().clone();
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

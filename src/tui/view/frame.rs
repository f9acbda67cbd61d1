//! The frame every popup is drawn in: centred on the screen, never larger than it, over a
//! fully cleared area (a wide character half under the popup's left edge is blanked too, or
//! the terminal would keep it and swallow the border).

use super::glyphs::Glyphs;
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget};
use unicode_width::UnicodeWidthStr;

/// A `w`×`h` rectangle centred in `area` (at most its size).
pub(super) fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect { x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h }
}

/// Clears `r` for a popup, including the wide characters that start just left of it and
/// reach under its first column.
pub(super) fn clear_under(buf: &mut Buffer, r: Rect) {
    for y in r.top()..r.bottom() {
        if r.x > buf.area.x {
            let left = Position::new(r.x - 1, y);
            if buf[left].symbol().width() > 1 {
                buf[left].set_symbol(" ");
            }
        }
    }
    Clear.render(r, buf);
}

/// A frame with a title (and an optional note in the bottom edge) in the glyphs' border set.
pub(super) fn frame<'a>(g: &Glyphs, title: &str, note: Option<&str>) -> Block<'a> {
    let mut b = Block::bordered().border_set(g.border()).title(g.pad(title));
    if let Some(n) = note {
        b = b.title_bottom(g.pad(&format!(" {n} ")));
    }
    b
}

/// Draws `lines` in a popup sized to fit them (within the screen), wrapping long lines.
pub(super) fn simple(f: &mut Frame, g: &Glyphs, title: &str, lines: Vec<String>) {
    let area = f.area();
    let widest = lines.iter().map(|l| l.width()).chain([title.width()]).max().unwrap_or(10) as u16;
    let w = (widest + 4).min(area.width);
    let body: Vec<Line> = lines.iter().map(|l| Line::from(g.pad(l))).collect();
    let body = super::wrap::wrap_lines(body, w.saturating_sub(2));
    let r = centered(area, w, body.len() as u16 + 2);
    clear_under(f.buffer_mut(), r);
    f.render_widget(Paragraph::new(body).block(frame(g, title, None)), r);
}

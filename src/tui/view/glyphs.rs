//! How pieces and frames are drawn for a given terminal: one-kanji pieces or ASCII letters, and
//! the "ambiguous width is wide" mode for terminals (CJK locales, some fonts) that draw box
//! drawing and marks like ▲△☗☖ two columns wide while ratatui counts them as one.
//!
//! In that mode frames are drawn in ASCII, every ambiguous-width character in text is followed by
//! a space (`pad`), and `fix_ambiguous` marks that space as skipped in the finished frame: the
//! terminal draws the character over both columns and the cursor is moved explicitly to the next
//! cell, so everything after it stays in its column. Pure functions; no terminal I/O.

use crate::core::{Color, Piece, PieceKind};
use crate::record::PieceKindNames;
use crate::tui::settings::PieceStyle;
use ratatui::buffer::{Buffer, CellDiffOption};
use ratatui::symbols::{border, line};
use unicode_width::UnicodeWidthChar;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Glyphs {
    pub style: PieceStyle,
    pub ambiguous_wide: bool,
}

impl Default for Glyphs {
    fn default() -> Glyphs {
        Glyphs { style: PieceStyle::Kanji, ambiguous_wide: false }
    }
}

/// Whether a terminal in ambiguous-is-wide mode draws `c` wider than ratatui counts it.
pub fn is_ambiguous(c: char) -> bool {
    c.width() == Some(1) && c.width_cjk() == Some(2)
}

/// A frame drawn with `+`, `-` and `|` only.
pub const ASCII_BORDER: border::Set = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

/// Grid lines drawn with `+`, `-` and `|` only.
pub const ASCII_LINES: line::Set = line::Set {
    vertical: "|",
    horizontal: "-",
    top_right: "+",
    top_left: "+",
    bottom_right: "+",
    bottom_left: "+",
    vertical_left: "+",
    vertical_right: "+",
    horizontal_down: "+",
    horizontal_up: "+",
    cross: "+",
};

impl Glyphs {
    /// A board cell, four columns: side mark, piece (two columns), space. Kanji: ` 歩 `, `v歩 `
    /// (`v` marks the pieces of `top`, the side drawn at the top, as KIF diagrams mark gote's).
    /// ASCII: ` P  `, ` +P `, lower case for gote.
    pub fn cell(&self, p: Piece, top: Color) -> String {
        match (p.kind(), self.style) {
            (None, PieceStyle::Kanji) => " ・ ".into(),
            (None, PieceStyle::Ascii) => "  . ".into(),
            (Some(k), PieceStyle::Kanji) => {
                format!("{}{} ", if p.color() == top { 'v' } else { ' ' }, k.kanji_short())
            }
            (Some(k), PieceStyle::Ascii) => {
                let letter = ascii_letter(k, p.color());
                format!(" {}{letter} ", if k.is_promoted() { '+' } else { ' ' })
            }
        }
    }

    /// A piece kind in hand: `飛` or `R`.
    pub fn hand_piece(&self, k: PieceKind, owner: Color) -> String {
        match self.style {
            PieceStyle::Kanji => k.kanji_short().to_string(),
            PieceStyle::Ascii => ascii_letter(k, owner).to_string(),
        }
    }

    /// The frame set for blocks and the board.
    pub fn border(&self) -> border::Set<'static> {
        if self.ambiguous_wide { ASCII_BORDER } else { border::PLAIN }
    }

    /// The lines of the board's grid (frame, tees and crosses).
    pub fn grid(&self) -> line::Set<'static> {
        if self.ambiguous_wide { ASCII_LINES } else { line::NORMAL }
    }

    /// A board cell `width` columns wide with the piece's two columns centred and its side mark
    /// before it (`top`: the side drawn at the top); an empty square is blank when `blank_empty`
    /// (the grid shows the squares).
    pub fn wide_cell(&self, p: Piece, top: Color, width: u16, blank_empty: bool) -> String {
        let width = width.max(4) as usize;
        if blank_empty && p.is_empty() {
            return " ".repeat(width);
        }
        let compact = self.cell(p, top);
        let content = compact.strip_suffix(' ').unwrap_or(&compact);
        let left = (width - 2) / 2 - 1;
        format!("{}{content}{}", " ".repeat(left), " ".repeat(width - left - 3))
    }

    /// Text made safe for the terminal: unchanged normally; in ambiguous-wide mode every
    /// ambiguous-width character is followed by a space for it to spread over.
    pub fn pad(&self, s: &str) -> String {
        if !self.ambiguous_wide {
            return s.to_string();
        }
        let mut out = String::with_capacity(s.len() + 8);
        for c in s.chars() {
            out.push(c);
            if is_ambiguous(c) {
                out.push(' ');
            }
        }
        out
    }
}

fn ascii_letter(k: PieceKind, owner: Color) -> char {
    let l = k.usi_letter();
    if owner == Color::White { l.to_ascii_lowercase() } else { l }
}

/// Stand-ins for ambiguous-width characters that are not followed by a space in the frame.
fn ascii_stand_in(c: char) -> &'static str {
    match c {
        '─' | '━' | '—' | '–' => "-",
        '│' | '┃' => "|",
        '┌' | '┐' | '└' | '┘' | '├' | '┤' | '┬' | '┴' | '┼' => "+",
        '▶' | '→' | '►' => ">",
        '◀' | '←' | '◄' => "<",
        '↑' | '▲' => "^",
        '↓' | '▼' => "v",
        '…' => ".",
        '×' => "x",
        _ => "?",
    }
}

/// Makes a finished frame safe for an ambiguous-is-wide terminal: an ambiguous-width character
/// followed by a blank cell gets that cell skipped (the terminal's glyph covers it); one that is
/// not is replaced by an ASCII stand-in, so no line is ever pushed out of alignment.
pub fn fix_ambiguous(buf: &mut Buffer) {
    let area = buf.area;
    for y in area.top()..area.bottom() {
        let mut x = area.left();
        while x < area.right() {
            let sym = buf[(x, y)].symbol().to_string();
            let mut chars = sym.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                x += 1;
                continue;
            };
            if is_ambiguous(c) {
                let next_blank = x + 1 < area.right() && buf[(x + 1, y)].symbol() == " ";
                if next_blank {
                    buf[(x + 1, y)].set_diff_option(CellDiffOption::Skip);
                    x += 2;
                    continue;
                }
                buf[(x, y)].set_symbol(ascii_stand_in(c));
            }
            x += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;

    #[test]
    fn cells_are_four_columns_in_both_styles() {
        for style in [PieceStyle::Kanji, PieceStyle::Ascii] {
            let g = Glyphs { style, ambiguous_wide: false };
            for p in [
                Piece::EMPTY,
                Piece::new(Color::Black, PieceKind::Pawn),
                Piece::new(Color::White, PieceKind::Dragon),
                Piece::new(Color::White, PieceKind::ProSilver),
            ] {
                let c = g.cell(p, Color::White);
                assert_eq!(unicode_width::UnicodeWidthStr::width(c.as_str()), 4, "{c:?}");
                assert!(c.chars().all(|ch| !is_ambiguous(ch)), "{c:?}");
            }
        }
        let a = Glyphs { style: PieceStyle::Ascii, ambiguous_wide: false };
        assert_eq!(a.cell(Piece::new(Color::Black, PieceKind::Pawn), Color::White), "  P ");
        assert_eq!(a.cell(Piece::new(Color::Black, PieceKind::ProPawn), Color::White), " +P ");
        assert_eq!(a.cell(Piece::new(Color::White, PieceKind::Horse), Color::White), " +b ");
        assert_eq!(a.cell(Piece::new(Color::White, PieceKind::King), Color::White), "  k ");
        assert!(a.cell(Piece::EMPTY, Color::White).is_ascii());
        let k = Glyphs::default();
        assert_eq!(k.cell(Piece::new(Color::White, PieceKind::Lance), Color::White), "v香 ");
        // the board flipped: the mark goes on ☗'s pieces, drawn at the top
        assert_eq!(k.cell(Piece::new(Color::White, PieceKind::Lance), Color::Black), " 香 ");
        assert_eq!(k.cell(Piece::new(Color::Black, PieceKind::Lance), Color::Black), "v香 ");
        assert_eq!(a.hand_piece(PieceKind::Rook, Color::White), "r");
    }

    #[test]
    fn wide_cells_centre_the_piece() {
        let k = Glyphs::default();
        let gote_lance = Piece::new(Color::White, PieceKind::Lance);
        assert_eq!(k.wide_cell(gote_lance, Color::White, 4, false), k.cell(gote_lance, Color::White));
        assert_eq!(k.wide_cell(gote_lance, Color::White, 5, true), "v香  ");
        assert_eq!(k.wide_cell(gote_lance, Color::White, 7, true), " v香   ");
        assert_eq!(k.wide_cell(Piece::EMPTY, Color::White, 7, true), "       ");
        assert_eq!(k.wide_cell(Piece::EMPTY, Color::White, 4, false), " ・ ");
        let a = Glyphs { style: PieceStyle::Ascii, ambiguous_wide: false };
        assert_eq!(
            a.wide_cell(Piece::new(Color::Black, PieceKind::ProPawn), Color::White, 7, true),
            "  +P   "
        );
        for w in 4..10 {
            let c = k.wide_cell(gote_lance, Color::White, w, true);
            assert_eq!(unicode_width::UnicodeWidthStr::width(c.as_str()), w as usize);
        }
    }

    #[test]
    fn padded_text_keeps_every_following_column_in_place() {
        let g = Glyphs { style: PieceStyle::Kanji, ambiguous_wide: true };
        assert_eq!(g.pad("▲７六歩"), "▲ ７六歩");
        assert_eq!(Glyphs::default().pad("▲７六歩"), "▲７六歩");
        let mut buf = Buffer::empty(Rect::new(0, 0, 12, 2));
        buf.set_string(0, 0, g.pad("▲７六歩 x"), ratatui::style::Style::default());
        buf.set_string(0, 1, "a─b→c", ratatui::style::Style::default());
        fix_ambiguous(&mut buf);
        assert_eq!(buf[(0, 0)].symbol(), "▲");
        assert_eq!(
            buf[(1, 0)].diff_option,
            CellDiffOption::Skip,
            "the padding cell is left to the wide glyph"
        );
        assert_eq!(buf[(2, 0)].symbol(), "７");
        // not padded: replaced, so the line cannot shift
        assert_eq!(buf[(1, 1)].symbol(), "-");
        assert_eq!(buf[(3, 1)].symbol(), ">");
        assert_eq!(buf[(4, 1)].diff_option, CellDiffOption::None);
    }
}

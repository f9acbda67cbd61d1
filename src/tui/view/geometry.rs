//! Board geometry in one place: where each square and hand slot is drawn, and the reverse
//! mapping from a mouse position back to a square. Drawing and hit-testing share this code.

use crate::core::{PieceKind, Square};
use ratatui::layout::Rect;

/// A size the board is drawn at: each square's cell (columns × rows inside any grid lines), and
/// whether grid lines are drawn between the squares.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BoardSize {
    pub cell_w: u16,
    pub cell_h: u16,
    pub grid: bool,
}

/// The sizes, smallest first. The smallest is the compact board (a side mark, a two-column piece
/// and a space on one row, no grid); the others draw grid lines, with cells roughly as tall as
/// wide on a terminal whose cells are twice as tall as wide.
pub const SIZES: [BoardSize; 4] = [
    BoardSize { cell_w: 4, cell_h: 1, grid: false },
    BoardSize { cell_w: 4, cell_h: 1, grid: true },
    BoardSize { cell_w: 4, cell_h: 2, grid: true },
    BoardSize { cell_w: 6, cell_h: 3, grid: true },
];

/// The compact board, and the smallest screen layout's.
pub const COMPACT: BoardSize = SIZES[0];

/// Columns of the rank numbers right of the frame (a space and a kanji).
const RANK_LABEL_W: u16 = 3;

/// Columns the right-hand panels (record, clocks, analysis) keep at least beside a board larger
/// than the compact one.
pub const PANEL_W: u16 = 30;

impl BoardSize {
    /// Columns from one square's cell to the next (the cell and any grid line).
    pub const fn pitch_x(&self) -> u16 {
        self.cell_w + self.grid as u16
    }

    pub const fn pitch_y(&self) -> u16 {
        self.cell_h + self.grid as u16
    }

    /// Width of the board widget: the frame, nine cells and the lines between them, the rank
    /// numbers.
    pub const fn total_w(&self) -> u16 {
        9 * self.cell_w + self.lines() + RANK_LABEL_W
    }

    /// Lines across the board in each direction: the frame's two, and eight between the
    /// squares when the grid is drawn.
    const fn lines(&self) -> u16 {
        if self.grid { 10 } else { 2 }
    }

    /// Height of the board widget: the file numbers, the frame, nine cells and the lines between.
    pub const fn total_h(&self) -> u16 {
        1 + 9 * self.cell_h + self.lines()
    }

    /// The largest size whose widget fits in `w`×`h` (the compact one when none does).
    pub fn fitting(w: u16, h: u16) -> BoardSize {
        SIZES.iter().rev().find(|s| s.total_w() <= w && s.total_h() <= h).copied().unwrap_or(COMPACT)
    }

    /// The size for a `w`×`h` screen: the largest that leaves room for the hands above and below,
    /// at least three rows under it and `PANEL_W` columns beside it.
    pub fn for_screen(w: u16, h: u16) -> BoardSize {
        SIZES
            .iter()
            .rev()
            .find(|s| s.total_w() + 2 + PANEL_W <= w && s.total_h() + 2 + 3 <= h)
            .copied()
            .unwrap_or(COMPACT)
    }
}

/// Where the board is drawn on screen, how large, and which way round.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BoardGeometry {
    /// Top-left corner of the widget (the file-label row).
    pub x: u16,
    pub y: u16,
    /// Gote at the bottom.
    pub flipped: bool,
    pub size: BoardSize,
}

impl BoardGeometry {
    /// The board drawn in `area`, at the largest size that fits it.
    pub fn new(area: Rect, flipped: bool) -> BoardGeometry {
        BoardGeometry { x: area.x, y: area.y, flipped, size: BoardSize::fitting(area.width, area.height) }
    }

    /// Column (0 = leftmost) and row (0 = top) on screen of a square.
    pub fn cell_of(&self, sq: Square) -> (u16, u16) {
        let (file, rank) = (sq.file() as u16, sq.rank() as u16);
        if self.flipped { (file - 1, 9 - rank) } else { (9 - file, rank - 1) }
    }

    /// The square shown at screen cell (col, row).
    pub fn square_at_cell(&self, col: u16, row: u16) -> Option<Square> {
        if col > 8 || row > 8 {
            return None;
        }
        let (file, rank) = if self.flipped { (col + 1, 9 - row) } else { (9 - col, row + 1) };
        Square::new(file as u8, rank as u8)
    }

    /// Left column of the cells' first column, and top row of the first rank.
    fn origin(&self) -> (u16, u16) {
        (self.x + 1, self.y + 2)
    }

    /// Screen rectangle of a square's cell (inside any grid lines).
    pub fn rect_of(&self, sq: Square) -> Rect {
        let (c, r) = self.cell_of(sq);
        let (x0, y0) = self.origin();
        Rect {
            x: x0 + c * self.size.pitch_x(),
            y: y0 + r * self.size.pitch_y(),
            width: self.size.cell_w,
            height: self.size.cell_h,
        }
    }

    /// Offset inside a cell of the piece's first column and its row: centred.
    pub fn piece_offset(&self) -> (u16, u16) {
        ((self.size.cell_w - 2) / 2, (self.size.cell_h - 1) / 2)
    }

    /// Where the piece on a square is drawn: the first column of its two-column glyph.
    pub fn piece_cell(&self, sq: Square) -> ratatui::layout::Position {
        let r = self.rect_of(sq);
        let (dx, dy) = self.piece_offset();
        ratatui::layout::Position::new(r.x + dx, r.y + dy)
    }

    /// The square under the terminal position (column, row), if any (none on a grid line).
    pub fn hit(&self, column: u16, row: u16) -> Option<Square> {
        let (x0, y0) = self.origin();
        let (dx, dy) = (column.checked_sub(x0)?, row.checked_sub(y0)?);
        let (px, py) = (self.size.pitch_x(), self.size.pitch_y());
        if dx % px >= self.size.cell_w || dy % py >= self.size.cell_h {
            return None;
        }
        self.square_at_cell(dx / px, dy / py)
    }
}

/// Hand slots in display order (rook first, as in KIF `持駒` lines).
pub const HAND_ORDER: [PieceKind; 7] = PieceKind::HAND_SFEN_ORDER;

/// The pieces of a hand as drawn: (slot index into `HAND_ORDER`, text, column offset from the
/// start of the pieces), held kinds only (`飛`, `歩3`), separated by a space.
pub fn hand_layout(
    hand: &crate::core::Hand,
    glyphs: &super::glyphs::Glyphs,
    owner: crate::core::Color,
) -> Vec<(usize, String, u16)> {
    let mut out = Vec::new();
    let mut x = 0u16;
    for (i, &k) in HAND_ORDER.iter().enumerate() {
        let n = hand.count(k);
        if n == 0 {
            continue;
        }
        let piece = glyphs.hand_piece(k, owner);
        let text = if n > 1 { format!("{piece}{n}") } else { piece };
        let w = unicode_width::UnicodeWidthStr::width(text.as_str()) as u16;
        out.push((i, text, x));
        x += w + 1;
    }
    out
}

/// Which hand slot is under `column`, for a hand whose pieces start at column `x`.
pub fn hand_slot_at(
    hand: &crate::core::Hand,
    glyphs: &super::glyphs::Glyphs,
    owner: crate::core::Color,
    x: u16,
    column: u16,
) -> Option<usize> {
    let col = column.checked_sub(x)?;
    hand_layout(hand, glyphs, owner).into_iter().find_map(|(i, text, off)| {
        let w = unicode_width::UnicodeWidthStr::width(text.as_str()) as u16;
        (col >= off && col < off + w).then_some(i)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hit_test_inverts_drawing_at_every_size() {
        for size in SIZES {
            for flipped in [false, true] {
                let g = BoardGeometry { x: 3, y: 5, flipped, size };
                let mut hits = 0;
                for sq in Square::all() {
                    let r = g.rect_of(sq);
                    for dx in 0..r.width {
                        for dy in 0..r.height {
                            assert_eq!(g.hit(r.x + dx, r.y + dy), Some(sq), "{size:?}");
                        }
                    }
                }
                // every other position inside the widget is a line, a label or the frame
                for column in 0..g.x + size.total_w() + 2 {
                    for row in 0..g.y + size.total_h() + 2 {
                        if let Some(sq) = g.hit(column, row) {
                            assert!(g.rect_of(sq).contains(ratatui::layout::Position::new(column, row)));
                            hits += 1;
                        }
                    }
                }
                assert_eq!(hits, 81 * (size.cell_w * size.cell_h) as usize, "{size:?}");
                // the last cell ends where the frame starts
                let corner = g.rect_of(g.square_at_cell(8, 8).unwrap());
                assert_eq!(corner.right() + 1 + 3, g.x + size.total_w(), "{size:?}");
                assert_eq!(corner.bottom() + 1, g.y + size.total_h(), "{size:?}");
            }
        }
    }

    #[test]
    fn sizes_step_up_with_the_screen() {
        assert_eq!((COMPACT.total_w(), COMPACT.total_h()), (41, 12));
        assert_eq!(BoardSize::for_screen(80, 24), COMPACT);
        assert_eq!(BoardSize::for_screen(67, 17), COMPACT);
        let big = BoardSize::for_screen(160, 50);
        assert!(big.total_h() as f64 >= 1.8 * COMPACT.total_h() as f64, "{big:?}");
        let mid = BoardSize::for_screen(120, 40);
        assert!(mid.total_h() > COMPACT.total_h() && mid.total_h() <= big.total_h(), "{mid:?}");
        for w in 60..220 {
            for h in 15..70 {
                let s = BoardSize::for_screen(w, h);
                assert_eq!(BoardSize::fitting(s.total_w() + 2, s.total_h()), s, "{w}x{h}");
                assert!(BoardSize::for_screen(w + 1, h + 1).total_h() >= s.total_h());
            }
        }
    }

    #[test]
    fn hand_layout_and_hit_test_agree() {
        let mut h = crate::core::Hand::default();
        h.add(PieceKind::Rook);
        h.add(PieceKind::Pawn);
        h.add(PieceKind::Pawn);
        let g = super::super::glyphs::Glyphs::default();
        let b = crate::core::Color::Black;
        let l = hand_layout(&h, &g, b);
        assert_eq!(l, vec![(0, "飛".to_string(), 0), (6, "歩2".to_string(), 3)]);
        assert_eq!(hand_slot_at(&h, &g, b, 10, 10), Some(0));
        assert_eq!(hand_slot_at(&h, &g, b, 10, 11), Some(0));
        assert_eq!(hand_slot_at(&h, &g, b, 10, 12), None);
        assert_eq!(hand_slot_at(&h, &g, b, 10, 13), Some(6));
        assert_eq!(hand_slot_at(&h, &g, b, 10, 15), Some(6));
        assert_eq!(hand_slot_at(&h, &g, b, 10, 16), None);
        let ascii = super::super::glyphs::Glyphs {
            style: crate::tui::settings::PieceStyle::Ascii,
            ambiguous_wide: false,
        };
        let w = crate::core::Color::White;
        assert_eq!(hand_layout(&h, &ascii, w), vec![(0, "r".to_string(), 0), (6, "p2".to_string(), 2)]);
        assert_eq!(hand_slot_at(&h, &ascii, w, 10, 12), Some(6));
    }

    #[test]
    fn sente_view_puts_9a_top_left() {
        let g = BoardGeometry { x: 0, y: 0, flipped: false, size: COMPACT };
        assert_eq!(g.cell_of(Square::new(9, 1).unwrap()), (0, 0));
        assert_eq!(g.cell_of(Square::new(1, 9).unwrap()), (8, 8));
        let f = BoardGeometry { x: 0, y: 0, flipped: true, size: COMPACT };
        assert_eq!(f.cell_of(Square::new(1, 9).unwrap()), (0, 0));
    }
}

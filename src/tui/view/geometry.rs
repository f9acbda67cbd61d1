//! Board geometry in one place: where each square and hand slot is drawn, and the reverse
//! mapping from a mouse position back to a square. Drawing and hit-testing share this code.

use crate::core::{PieceKind, Square};
use ratatui::layout::Rect;

/// Columns per board cell: a one-column side mark and a two-column kanji, plus a space.
pub const CELL_W: u16 = 4;
/// Inner board width (9 cells).
pub const BOARD_W: u16 = CELL_W * 9;
/// Board widget size including file labels (1 row), frame (2) and rank labels (3 columns).
pub const BOARD_TOTAL_W: u16 = BOARD_W + 2 + 3;
pub const BOARD_TOTAL_H: u16 = 9 + 2 + 1;

/// Where the board is drawn on screen and which way round.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BoardGeometry {
    /// Top-left corner of the widget (the file-label row).
    pub x: u16,
    pub y: u16,
    /// Gote at the bottom.
    pub flipped: bool,
}

impl BoardGeometry {
    pub fn new(area: Rect, flipped: bool) -> BoardGeometry {
        BoardGeometry { x: area.x, y: area.y, flipped }
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

    /// Screen rectangle of a square's cell.
    pub fn rect_of(&self, sq: Square) -> Rect {
        let (c, r) = self.cell_of(sq);
        Rect { x: self.x + 1 + c * CELL_W, y: self.y + 2 + r, width: CELL_W, height: 1 }
    }

    /// Where the piece on a square is drawn: the first column of its two-column glyph.
    pub fn piece_cell(&self, sq: Square) -> ratatui::layout::Position {
        let r = self.rect_of(sq);
        ratatui::layout::Position::new(r.x + 1, r.y)
    }

    /// The square under the terminal position (column, row), if any.
    pub fn hit(&self, column: u16, row: u16) -> Option<Square> {
        let left = self.x + 1;
        let top = self.y + 2;
        if column < left || row < top {
            return None;
        }
        self.square_at_cell((column - left) / CELL_W, row - top)
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
    fn hit_test_inverts_drawing() {
        for flipped in [false, true] {
            let g = BoardGeometry { x: 3, y: 5, flipped };
            for sq in Square::all() {
                let r = g.rect_of(sq);
                for dx in 0..CELL_W {
                    assert_eq!(g.hit(r.x + dx, r.y), Some(sq));
                }
            }
            assert_eq!(g.hit(0, 0), None);
            assert_eq!(g.hit(g.x + 1 + BOARD_W, g.y + 2), None);
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
        let g = BoardGeometry { x: 0, y: 0, flipped: false };
        assert_eq!(g.cell_of(Square::new(9, 1).unwrap()), (0, 0));
        assert_eq!(g.cell_of(Square::new(1, 9).unwrap()), (8, 8));
        let f = BoardGeometry { x: 0, y: 0, flipped: true };
        assert_eq!(f.cell_of(Square::new(1, 9).unwrap()), (0, 0));
    }
}

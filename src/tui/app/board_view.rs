//! The board page as the player handles and sees it: the cursor, where the keyboard is (the
//! board or the hand), the piece picked up, the orientation, the record panel's scroll and
//! times, the colours. Handling it is `selection.rs`'s.

use crate::core::{PieceKind, Square};

/// Where the keyboard cursor is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Focus {
    Board,
    /// A slot of the side to move's hand (index into `PieceKind::HAND_SFEN_ORDER`).
    Hand(usize),
}

/// What the player has picked up.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Selection {
    Square(Square),
    Hand(PieceKind),
}

/// The board page as the player handles and sees it.
#[derive(Debug)]
pub(super) struct BoardView {
    pub(super) cursor: Square,
    pub(super) focus: Focus,
    /// A piece picked up (from the board or in hand).
    pub(super) selection: Option<Selection>,
    /// ☖ is shown at the bottom.
    pub(super) flipped: bool,
    /// The record panel scrolled by hand: its first line, while the game stays at that node.
    pub(super) record_scroll: Option<(crate::record::NodeId, usize)>,
    /// The record panel shows each move's time.
    pub(super) show_times: bool,
    /// The colours the terminal shows (from its environment at launch).
    pub(super) color_depth: crate::tui::color_depth::ColorDepth,
    /// The move of the analysis or the explorer chosen to play (`.` / `,`).
    pub(super) candidate: super::candidates::CandidateChoice,
}

impl Default for BoardView {
    fn default() -> Self {
        BoardView {
            cursor: Square::new(7, 7).expect("7g is on the board"),
            focus: Focus::Board,
            selection: None,
            flipped: false,
            record_scroll: None,
            show_times: false,
            color_depth: Default::default(),
            candidate: Default::default(),
        }
    }
}

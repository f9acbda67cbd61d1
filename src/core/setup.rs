//! A position being set up by hand (局面編集): a board and two hands that may break any rule
//! while they are edited, what is wrong with them, and the position they make when nothing
//! that matters for the intended use is wrong.
//!
//! Composed tsume problems break rules on purpose (no attacker king, a piece that can never
//! move), so each problem says whether it stops playing a game, analysing, or solving as tsume.

use super::position::Position;
use super::types::{Color, Hand, Piece, PieceKind, Square};

/// What a set-up position is for; each use tolerates different problems.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SetupUse {
    /// A game from here: every rule holds.
    Play,
    /// Engine analysis: both kings; pieces that can never move and 二歩 are searched as drawn.
    Analyse,
    /// A tsume problem: the side to move attacks and may lack a king.
    Tsume,
}

/// One thing wrong with a set-up position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SetupProblem {
    /// The side has no king.
    NoKing(Color),
    /// The side has more than one king.
    TooManyKings(Color),
    /// Board and hands together hold more of this (unpromoted) kind than one set has.
    TooManyPieces { kind: PieceKind, count: u32, max: u32 },
    /// A pawn or lance on the last rank, a knight on the last two: it could never move.
    DeadPiece { square: Square, piece: Piece },
    /// Two unpromoted pawns of a side on one file (二歩).
    Nifu { color: Color, file: u8 },
    /// The side not to move is in check (its king could be taken).
    OpponentInCheck,
}

impl std::fmt::Display for SetupProblem {
    /// In English, for the command line (the app has its own words, `tui::text::setup`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let side = |c: &Color| if *c == Color::Black { "sente (☗)" } else { "gote (☖)" };
        match self {
            SetupProblem::NoKing(c) => write!(f, "{} has no king", side(c)),
            SetupProblem::TooManyKings(c) => write!(f, "{} has more than one king", side(c)),
            SetupProblem::TooManyPieces { kind, count, max } => {
                write!(
                    f,
                    "{count} {} on board and in hand, more than a set's {max}",
                    super::sfen::kind_name(*kind)
                )
            }
            SetupProblem::DeadPiece { square, piece } => {
                write!(f, "'{}' on {} could never move", piece.sfen(), square.usi())
            }
            SetupProblem::Nifu { color, file } => {
                write!(f, "{} has two unpromoted pawns on file {file} (二歩)", side(color))
            }
            SetupProblem::OpponentInCheck => write!(f, "the side not to move is in check"),
        }
    }
}

impl SetupProblem {
    /// Whether this problem stops the position from being used as `purpose` when `attacker`
    /// (the side to move) is to move.
    pub fn blocks(self, purpose: SetupUse, attacker: Color) -> bool {
        use SetupProblem::*;
        match (self, purpose) {
            (TooManyKings(_) | TooManyPieces { .. } | OpponentInCheck, _) => true,
            (_, SetupUse::Play) => true,
            (NoKing(c), SetupUse::Tsume) => c != attacker,
            (NoKing(_), SetupUse::Analyse) => true,
            (DeadPiece { .. } | Nifu { .. }, _) => false,
        }
    }
}

/// A board, two hands and the side to move, as edited: anything may be on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Indexed by `Square::index`.
    pub board: [Piece; 81],
    pub hands: [Hand; 2],
    pub side: Color,
}

impl Setup {
    /// An empty board, empty hands, sente to move.
    pub fn empty() -> Setup {
        Setup { board: [Piece::EMPTY; 81], hands: [Hand::default(); 2], side: Color::Black }
    }

    /// The board, hands and side to move of `pos`.
    pub fn from_position(pos: &Position) -> Setup {
        Setup {
            board: pos.board(),
            hands: [*pos.hand(Color::Black), *pos.hand(Color::White)],
            side: pos.side_to_move(),
        }
    }

    pub fn piece_at(&self, sq: Square) -> Piece {
        self.board[sq.index()]
    }

    pub fn set_piece(&mut self, sq: Square, p: Piece) {
        self.board[sq.index()] = p;
    }

    /// Pieces of the (unpromoted) kind `kind` on the board and in both hands.
    pub fn used(&self, kind: PieceKind) -> u32 {
        let on_board =
            self.board.iter().filter(|p| p.kind().is_some_and(|k| k.unpromote() == kind.unpromote())).count();
        let in_hand = if kind.unpromote() == PieceKind::King {
            0
        } else {
            self.hands.iter().map(|h| h.count(kind.unpromote()) as u32).sum()
        };
        on_board as u32 + in_hand
    }

    /// Pieces of `kind` left in the box (駒箱): one set's worth less those in use, negative when
    /// more are in use than a set has.
    pub fn in_box(&self, kind: PieceKind) -> i32 {
        kind.max_count() as i32 - self.used(kind) as i32
    }

    /// Adds one `kind` to `side`'s hand, at most one set's worth; whether it was added.
    pub fn add_to_hand(&mut self, side: Color, kind: PieceKind) -> bool {
        let kind = kind.unpromote();
        if kind == PieceKind::King || self.hands[side.index()].count(kind) >= kind.max_count() {
            return false;
        }
        self.hands[side.index()].add(kind);
        true
    }

    /// Takes one `kind` from `side`'s hand; whether there was one.
    pub fn take_from_hand(&mut self, side: Color, kind: PieceKind) -> bool {
        let kind = kind.unpromote();
        if kind == PieceKind::King || self.hands[side.index()].count(kind) == 0 {
            return false;
        }
        self.hands[side.index()].remove(kind);
        true
    }

    /// Puts every piece left in the box into `side`'s hand (the tsume convention: the defender
    /// holds all the pieces not on the board or in the attacker's hand).
    pub fn box_to_hand(&mut self, side: Color) {
        for kind in PieceKind::HAND {
            for _ in 0..self.in_box(kind).max(0) {
                self.add_to_hand(side, kind);
            }
        }
    }

    /// Everything wrong with the position, in a fixed order: kings, piece totals, pieces that
    /// can never move, 二歩, and the side not to move in check.
    pub fn problems(&self) -> Vec<SetupProblem> {
        let mut out = Vec::new();
        for c in Color::ALL {
            let kings = self.board.iter().filter(|&&p| p == Piece::new(c, PieceKind::King)).count();
            match kings {
                0 => out.push(SetupProblem::NoKing(c)),
                1 => {}
                _ => out.push(SetupProblem::TooManyKings(c)),
            }
        }
        for kind in PieceKind::HAND_SFEN_ORDER {
            let count = self.used(kind);
            if count > kind.max_count() as u32 {
                out.push(SetupProblem::TooManyPieces { kind, count, max: kind.max_count() as u32 });
            }
        }
        for sq in Square::all() {
            let p = self.piece_at(sq);
            let last = |n: u8| sq.relative_rank(p.color()) <= n;
            let dead = match p.kind() {
                Some(PieceKind::Pawn | PieceKind::Lance) => last(1),
                Some(PieceKind::Knight) => last(2),
                _ => false,
            };
            if dead {
                out.push(SetupProblem::DeadPiece { square: sq, piece: p });
            }
        }
        for c in Color::ALL {
            for file in 1..=9u8 {
                let pawns = (1..=9u8)
                    .filter_map(|r| Square::new(file, r))
                    .filter(|&sq| self.piece_at(sq) == Piece::new(c, PieceKind::Pawn))
                    .count();
                if pawns > 1 {
                    out.push(SetupProblem::Nifu { color: c, file });
                }
            }
        }
        let pos = self.build();
        if let Some(k) = pos.king_square(self.side.flip())
            && pos.is_attacked(self.side, k, pos.occupied())
        {
            out.push(SetupProblem::OpponentInCheck);
        }
        out
    }

    /// The problems that stop the use `purpose` (see [`SetupProblem::blocks`]).
    pub fn blocking(&self, purpose: SetupUse) -> Vec<SetupProblem> {
        self.problems().into_iter().filter(|p| p.blocks(purpose, self.side)).collect()
    }

    /// The position for `purpose`, or the problems that stop it.
    pub fn position(&self, purpose: SetupUse) -> Result<Position, Vec<SetupProblem>> {
        let blocking = self.blocking(purpose);
        if blocking.is_empty() { Ok(self.build()) } else { Err(blocking) }
    }

    /// The position as drawn, the first king of a side counting as its king.
    fn build(&self) -> Position {
        let mut pos = Position::empty();
        for sq in Square::all() {
            let p = self.piece_at(sq);
            if p.is_empty() || p.kind() == Some(PieceKind::King) && pos.king_square(p.color()).is_some() {
                continue;
            }
            pos.put_piece(sq, p);
        }
        for c in Color::ALL {
            for (kind, n) in self.hands[c.index()].iter() {
                for _ in 0..n.min(kind.max_count()) {
                    pos.add_hand(c, kind);
                }
            }
        }
        pos.set_side(self.side);
        pos.refresh_checkers();
        pos
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::from_usi(s).unwrap()
    }

    fn setup(sfen: &str) -> Setup {
        let (pos, _) = Position::from_sfen_lenient(sfen).unwrap();
        Setup::from_position(&pos)
    }

    #[test]
    fn the_start_position_has_no_problem_and_an_empty_box() {
        let s = Setup::from_position(&Position::startpos());
        assert_eq!(s.problems(), vec![]);
        for kind in PieceKind::HAND {
            assert_eq!(s.in_box(kind), 0, "{kind:?}");
        }
        assert_eq!(s.position(SetupUse::Play).unwrap().to_sfen(), Position::startpos().to_sfen());
    }

    #[test]
    fn kings_missing_or_doubled() {
        let mut s = Setup::empty();
        assert_eq!(
            s.problems(),
            vec![SetupProblem::NoKing(Color::Black), SetupProblem::NoKing(Color::White)]
        );
        s.set_piece(sq("5a"), Piece::new(Color::White, PieceKind::King));
        s.set_piece(sq("5i"), Piece::new(Color::Black, PieceKind::King));
        s.set_piece(sq("1i"), Piece::new(Color::Black, PieceKind::King));
        assert_eq!(s.problems(), vec![SetupProblem::TooManyKings(Color::Black)]);
        assert!(s.position(SetupUse::Tsume).is_err());
    }

    #[test]
    fn a_tsume_may_lack_the_attacker_king_and_draw_dead_pieces() {
        // ☖ king 1a, a ☗ pawn on 2a (dead) and a gold in hand, no ☗ king
        let mut s = setup("7Pk/9/9/9/9/9/9/9/9 b G 1");
        let problems = s.problems();
        assert!(problems.contains(&SetupProblem::NoKing(Color::Black)), "{problems:?}");
        assert!(problems.contains(&SetupProblem::DeadPiece {
            square: sq("2a"),
            piece: Piece::new(Color::Black, PieceKind::Pawn)
        }));
        assert!(s.position(SetupUse::Play).is_err());
        assert!(s.position(SetupUse::Analyse).is_err());
        assert!(s.position(SetupUse::Tsume).is_ok());
        // the defender's king is what a tsume cannot lack
        s.set_piece(sq("1a"), Piece::EMPTY);
        assert_eq!(s.position(SetupUse::Tsume).unwrap_err(), vec![SetupProblem::NoKing(Color::White)]);
    }

    #[test]
    fn nifu_too_many_pieces_and_the_side_not_to_move_in_check() {
        let mut s = setup("4k4/9/9/9/9/4P4/4P4/9/4K4 b 16P 1");
        assert!(s.add_to_hand(Color::Black, PieceKind::Pawn));
        assert_eq!(
            s.problems(),
            vec![
                SetupProblem::TooManyPieces { kind: PieceKind::Pawn, count: 19, max: 18 },
                SetupProblem::Nifu { color: Color::Black, file: 5 }
            ]
        );
        assert_eq!(s.in_box(PieceKind::Pawn), -1);
        assert!(s.take_from_hand(Color::Black, PieceKind::Pawn));
        assert_eq!(
            s.position(SetupUse::Analyse).map(|p| p.to_sfen()).ok(),
            Some("4k4/9/9/9/9/4P4/4P4/9/4K4 b 16P 1".into())
        );
        // a ☗ rook facing the ☖ king with ☗ to move: ☖ is in check and not to move
        let s = setup("4k4/9/9/9/9/9/9/9/R3K4 b - 1");
        assert!(s.problems().is_empty());
        let mut s2 = s.clone();
        s2.set_piece(sq("9i"), Piece::EMPTY);
        s2.set_piece(sq("5e"), Piece::new(Color::Black, PieceKind::Rook));
        assert_eq!(s2.problems(), vec![SetupProblem::OpponentInCheck]);
        s2.side = Color::White;
        assert_eq!(s2.problems(), vec![]);
    }

    #[test]
    fn the_box_goes_to_the_defender() {
        let mut s = setup("8k/9/8P/9/9/9/9/9/9 b G 1");
        s.box_to_hand(Color::White);
        for kind in PieceKind::HAND {
            assert_eq!(s.in_box(kind), 0, "{kind:?}");
        }
        assert_eq!(s.hands[1].count(PieceKind::Pawn), 17);
        assert_eq!(s.hands[1].count(PieceKind::Gold), 3);
        assert!(!s.add_to_hand(Color::White, PieceKind::King));
    }
}

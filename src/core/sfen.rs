//! SFEN and USI text for positions and moves, with validation that names what is wrong.

use super::bitboard::*;
use super::position::Position;
use super::types::*;
use std::fmt;

/// Why USI move text was refused by [`Position::parse_usi_move`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UsiMoveError {
    /// Not move text at all.
    #[error("'{0}' is not USI move text (like 7g7f, 8h2b+ or P*5e)")]
    NotUsi(String),
    /// A move, but not a legal one here.
    #[error("{0} is not legal in this position")]
    Illegal(String),
}

/// Why an SFEN string was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SfenError {
    Empty,
    MissingField(&'static str),
    /// The board does not have exactly nine ranks (found this many).
    RankCount(usize),
    /// A rank describes more or fewer than nine squares.
    RankWidth {
        rank: u8,
        squares: usize,
    },
    UnknownPiece {
        rank: u8,
        piece: String,
    },
    BadPromotion {
        rank: u8,
        piece: String,
    },
    BadSide(String),
    BadHand(String),
    BadMoveNumber(String),
    TooManyPieces {
        kind: &'static str,
        count: u32,
        max: u32,
    },
    TooManyKings(Color),
    DeadPiece {
        square: String,
        piece: String,
    },
    Nifu {
        color: Color,
        file: u8,
    },
    /// The side that just moved (not to move) is in check.
    OpponentInCheck,
    TrailingText(String),
}

impl fmt::Display for SfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SfenError::*;
        let side = |c: &Color| if *c == Color::Black { "sente" } else { "gote" };
        match self {
            Empty => write!(f, "empty SFEN"),
            MissingField(w) => write!(f, "SFEN is missing the {w} field"),
            RankCount(n) => write!(f, "bad rank count: the board has {n} ranks separated by '/', expected 9"),
            RankWidth { rank, squares } => write!(
                f,
                "bad rank {rank}: it describes {squares} squares, expected 9{}",
                if *squares > 9 { " (too many squares)" } else { " (too few squares)" }
            ),
            UnknownPiece { rank, piece } => write!(f, "unknown piece '{piece}' in rank {rank}"),
            BadPromotion { rank, piece } => write!(f, "piece '{piece}' in rank {rank} cannot be promoted"),
            BadSide(s) => write!(f, "bad side to move '{s}', expected 'b' or 'w'"),
            BadHand(s) => write!(f, "bad pieces in hand '{s}'"),
            BadMoveNumber(s) => {
                write!(f, "bad move number '{s}' (expected 1 to {})", super::position::MAX_MOVE_NUMBER)
            }
            TooManyPieces { kind, count, max } => {
                write!(f, "too many pieces of a kind: {count} {kind} on board and in hand, at most {max}")
            }
            TooManyKings(c) => write!(f, "{} has more than one king", side(c)),
            DeadPiece { square, piece } => {
                write!(
                    f,
                    "'{piece}' on {square} could never move again (pawn or lance on the last rank, knight on the last two)"
                )
            }
            Nifu { color, file } => {
                write!(f, "nifu: {} has two unpromoted pawns on file {file}", side(color))
            }
            OpponentInCheck => write!(f, "the side not to move is in check"),
            TrailingText(s) => write!(f, "unexpected text after the SFEN: '{s}'"),
        }
    }
}

impl std::error::Error for SfenError {}

impl Position {
    /// Parses an SFEN (`<board> <side> <hand> [<move number>]`), with or without a leading
    /// `sfen `, and checks that the position is one the rules allow.
    pub fn from_sfen(text: &str) -> Result<Position, SfenError> {
        Position::parse_sfen(text, true)
    }

    /// Like `from_sfen`, but accepts more pieces of a kind on board and in hand together than
    /// one set holds (published perft suites use such positions). Each hand is still limited to
    /// one set's worth of a kind, and everything else is checked as usual.
    pub fn from_sfen_allow_extra_pieces(text: &str) -> Result<Position, SfenError> {
        Position::parse_sfen(text, false)
    }

    /// Builds a position from a board (indexed by `Square::index`), both hands and the side to
    /// move, with the same checks as `from_sfen` (piece totals only when `check_totals`). Used by
    /// the record readers that describe a board square by square (BOD diagrams, CSA `P1`..`P9`).
    pub fn from_parts(
        board: &[Piece; 81],
        hands: &[Hand; 2],
        side: Color,
        check_totals: bool,
    ) -> Result<Position, SfenError> {
        let pos = Position::build_from_parts(board, hands, side, check_totals)?;
        pos.validate()?;
        Ok(pos)
    }

    /// Like `from_parts` (piece totals checked), but accepts what composed problems draw on
    /// purpose: pieces that can never move and two pawns on a file. Those are returned beside
    /// the position; move generation and search work from such a position as from any other.
    pub fn from_parts_lenient(
        board: &[Piece; 81],
        hands: &[Hand; 2],
        side: Color,
    ) -> Result<(Position, Vec<SfenError>), SfenError> {
        let pos = Position::build_from_parts(board, hands, side, true)?;
        pos.check_opponent_not_in_check()?;
        let problems = pos.composition_problems();
        Ok((pos, problems))
    }

    /// Like `from_sfen`, but accepts pieces that can never move and two pawns on a file (as
    /// `from_parts_lenient`), returning them beside the position.
    pub fn from_sfen_lenient(text: &str) -> Result<(Position, Vec<SfenError>), SfenError> {
        let pos = Position::parse_sfen_unvalidated(text, true)?;
        pos.check_opponent_not_in_check()?;
        let problems = pos.composition_problems();
        Ok((pos, problems))
    }

    fn build_from_parts(
        board: &[Piece; 81],
        hands: &[Hand; 2],
        side: Color,
        check_totals: bool,
    ) -> Result<Position, SfenError> {
        let mut pos = Position::empty();
        for sq in Square::all() {
            let p = board[sq.index()];
            if p.is_empty() {
                continue;
            }
            if p.kind() == Some(PieceKind::King) && pos.king_square(p.color()).is_some() {
                return Err(SfenError::TooManyKings(p.color()));
            }
            pos.put_piece(sq, p);
        }
        for c in Color::ALL {
            for kind in PieceKind::HAND {
                let n = hands[c.index()].count(kind);
                if n > kind.max_count() {
                    return Err(SfenError::TooManyPieces {
                        kind: kind_name(kind),
                        count: n as u32,
                        max: kind.max_count() as u32,
                    });
                }
                for _ in 0..n {
                    pos.add_hand(c, kind);
                }
            }
        }
        pos.set_side(side);
        if check_totals {
            pos.check_piece_totals()?;
        }
        pos.refresh_checkers();
        Ok(pos)
    }

    /// The board as an array indexed by `Square::index`.
    pub fn board(&self) -> [Piece; 81] {
        self.board
    }

    fn parse_sfen(text: &str, check_totals: bool) -> Result<Position, SfenError> {
        let pos = Position::parse_sfen_unvalidated(text, check_totals)?;
        pos.validate()?;
        Ok(pos)
    }

    /// Parses an SFEN with every check but those of `validate`.
    fn parse_sfen_unvalidated(text: &str, check_totals: bool) -> Result<Position, SfenError> {
        let text = text.trim();
        let text = text.strip_prefix("sfen ").unwrap_or(text).trim();
        let mut parts = text.split_whitespace();
        let board = parts.next().ok_or(SfenError::Empty)?;
        let side = parts.next().ok_or(SfenError::MissingField("side to move"))?;
        let hand = parts.next().ok_or(SfenError::MissingField("pieces in hand"))?;
        let number = parts.next();
        let rest: Vec<&str> = parts.collect();
        if !rest.is_empty() {
            return Err(SfenError::TrailingText(rest.join(" ")));
        }

        let mut pos = Position::empty();
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 9 {
            return Err(SfenError::RankCount(ranks.len()));
        }
        for (ri, rtext) in ranks.iter().enumerate() {
            let rank = ri as u8 + 1;
            let mut file: i32 = 9; // next file to fill
            let mut squares = 0usize;
            let mut promoted = false;
            let mut placed: Vec<(u8, Piece)> = Vec::new();
            for ch in rtext.chars() {
                if let Some(d) = ch.to_digit(10) {
                    if promoted || d == 0 {
                        return Err(SfenError::UnknownPiece { rank, piece: ch.to_string() });
                    }
                    squares += d as usize;
                    file -= d as i32;
                    continue;
                }
                if ch == '+' {
                    if promoted {
                        return Err(SfenError::UnknownPiece { rank, piece: "++".into() });
                    }
                    promoted = true;
                    continue;
                }
                let kind = PieceKind::from_usi_letter(ch.to_ascii_uppercase()).ok_or_else(|| {
                    SfenError::UnknownPiece {
                        rank,
                        piece: format!("{}{ch}", if promoted { "+" } else { "" }),
                    }
                })?;
                let kind = if promoted {
                    if !kind.can_promote() {
                        return Err(SfenError::BadPromotion { rank, piece: format!("+{ch}") });
                    }
                    kind.promote()
                } else {
                    kind
                };
                promoted = false;
                let color = if ch.is_ascii_uppercase() { Color::Black } else { Color::White };
                squares += 1;
                if file >= 1 {
                    placed.push((file as u8, Piece::new(color, kind)));
                }
                file -= 1;
            }
            if promoted {
                return Err(SfenError::UnknownPiece { rank, piece: "+".into() });
            }
            if squares != 9 {
                return Err(SfenError::RankWidth { rank, squares });
            }
            for (f, p) in placed {
                let sq = Square::new(f, rank).expect("file and rank in range");
                if p.kind() == Some(PieceKind::King) && pos.king_square(p.color()).is_some() {
                    return Err(SfenError::TooManyKings(p.color()));
                }
                pos.put_piece(sq, p);
            }
        }

        match side {
            "b" => pos.set_side(Color::Black),
            "w" => pos.set_side(Color::White),
            s => return Err(SfenError::BadSide(s.to_string())),
        }

        if hand != "-" {
            let mut count: u32 = 0;
            let mut any = false;
            for ch in hand.chars() {
                if let Some(d) = ch.to_digit(10) {
                    // a count is 2 to 18 without leading zeros (`0P`, `00P` and `01P` are refused)
                    if count == 0 && d == 0 {
                        return Err(SfenError::BadHand(hand.to_string()));
                    }
                    count = count * 10 + d;
                    if count > 18 {
                        return Err(SfenError::BadHand(hand.to_string()));
                    }
                    continue;
                }
                let kind = PieceKind::from_usi_letter(ch.to_ascii_uppercase())
                    .filter(|k| *k != PieceKind::King)
                    .ok_or_else(|| SfenError::BadHand(hand.to_string()))?;
                let color = if ch.is_ascii_uppercase() { Color::Black } else { Color::White };
                let n = if count == 0 { 1 } else { count };
                // the hand's whole count of the kind (`10P9P` is 19 pawns), not the last number
                let total = pos.hand(color).count(kind) as u32 + n;
                if total > kind.max_count() as u32 {
                    return Err(SfenError::TooManyPieces {
                        kind: kind_name(kind),
                        count: total,
                        max: kind.max_count() as u32,
                    });
                }
                for _ in 0..n {
                    pos.add_hand(color, kind);
                }
                count = 0;
                any = true;
            }
            if count != 0 || !any {
                return Err(SfenError::BadHand(hand.to_string()));
            }
        }

        if let Some(n) = number {
            pos.ply = n
                .parse::<u32>()
                .ok()
                .filter(|&v| v <= super::position::MAX_MOVE_NUMBER)
                .ok_or_else(|| SfenError::BadMoveNumber(n.to_string()))?;
        }

        if check_totals {
            pos.check_piece_totals()?;
        }
        pos.refresh_checkers();
        Ok(pos)
    }

    /// Whether board and hands together hold more pieces of some kind than one set has.
    pub fn check_piece_totals(&self) -> Result<(), SfenError> {
        for kind in PieceKind::HAND.into_iter().chain([PieceKind::King]) {
            let mut n = 0u32;
            for sq in self.occupied() {
                if self.piece_at(sq).kind_unchecked().unpromote() == kind {
                    n += 1;
                }
            }
            if kind != PieceKind::King {
                n += self.hand(Color::Black).count(kind) as u32 + self.hand(Color::White).count(kind) as u32;
            }
            if n > kind.max_count() as u32 {
                return Err(SfenError::TooManyPieces {
                    kind: kind_name(kind),
                    count: n,
                    max: kind.max_count() as u32,
                });
            }
        }
        Ok(())
    }

    /// Checks dead pieces, nifu and that the side not to move is not in check.
    fn validate(&self) -> Result<(), SfenError> {
        if let Some(e) = self.composition_problems().into_iter().next() {
            return Err(e);
        }
        self.check_opponent_not_in_check()
    }

    /// What a composed problem may draw although play could never reach it: pieces that can
    /// never move (pawn or lance on the last rank, knight on the last two) and two unpromoted
    /// pawns of a side on one file.
    pub fn composition_problems(&self) -> Vec<SfenError> {
        let mut out = Vec::new();
        for c in Color::ALL {
            for kind in [PieceKind::Pawn, PieceKind::Lance, PieceKind::Knight] {
                for sq in self.pieces(c, kind) & dead_ranks(c, kind) {
                    out.push(SfenError::DeadPiece { square: sq.usi(), piece: self.piece_at(sq).sfen() });
                }
            }
            let pawns = self.pieces(c, PieceKind::Pawn);
            for f in 1..=9u8 {
                if (pawns & file_bb(f)).more_than_one() {
                    out.push(SfenError::Nifu { color: c, file: f });
                }
            }
        }
        out
    }

    fn check_opponent_not_in_check(&self) -> Result<(), SfenError> {
        let them = self.side_to_move().flip();
        if let Some(k) = self.king_square(them)
            && self.is_attacked(self.side_to_move(), k, self.occupied())
        {
            return Err(SfenError::OpponentInCheck);
        }
        Ok(())
    }

    /// The position as SFEN, with its move number.
    pub fn to_sfen(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in 1..=9u8 {
            let mut empty = 0;
            for file in (1..=9u8).rev() {
                let p = self.piece_at(Square::new(file, rank).unwrap());
                if p.is_empty() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push_str(&p.sfen());
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if rank < 9 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(if self.side_to_move() == Color::Black { 'b' } else { 'w' });
        s.push(' ');
        let mut hand = String::new();
        for c in Color::ALL {
            for (k, n) in self.hand(c).iter() {
                if n > 1 {
                    hand.push_str(&n.to_string());
                }
                let l = k.usi_letter();
                hand.push(if c == Color::White { l.to_ascii_lowercase() } else { l });
            }
        }
        if hand.is_empty() {
            hand.push('-');
        }
        s.push_str(&hand);
        s.push(' ');
        s.push_str(&self.ply().to_string());
        s
    }

    /// Parses USI move text and checks that it is legal here.
    pub fn parse_usi_move(&self, text: &str) -> Result<Move, UsiMoveError> {
        let m = Move::from_usi(text.trim()).ok_or_else(|| UsiMoveError::NotUsi(text.to_string()))?;
        if self.is_legal(m) { Ok(m) } else { Err(UsiMoveError::Illegal(m.usi())) }
    }
}

pub(crate) fn kind_name(k: PieceKind) -> &'static str {
    match k {
        PieceKind::Pawn => "pawns",
        PieceKind::Lance => "lances",
        PieceKind::Knight => "knights",
        PieceKind::Silver => "silvers",
        PieceKind::Gold => "golds",
        PieceKind::Bishop => "bishops",
        PieceKind::Rook => "rooks",
        _ => "kings",
    }
}

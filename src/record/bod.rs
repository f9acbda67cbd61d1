//! BOD board diagrams (盤面図) as KIF and KI2 write non-standard starting positions:
//! `後手の持駒：`, the framed board with `v` for gote's pieces and ` ・` for empty squares,
//! `先手の持駒：`, and `後手番` when gote is to move.

use super::names::PieceKindNames;
use super::text::{kanji_count, parse_kanji_count};
use crate::core::{Color, Hand, Piece, PieceKind, Position, SfenError, Square};

/// The single-character kanji a diagram uses for a piece kind (or `None`).
fn kind_of_char(c: char) -> Option<PieceKind> {
    Some(match c {
        '歩' => PieceKind::Pawn,
        '香' => PieceKind::Lance,
        '桂' => PieceKind::Knight,
        '銀' => PieceKind::Silver,
        '金' => PieceKind::Gold,
        '角' => PieceKind::Bishop,
        '飛' => PieceKind::Rook,
        '玉' | '王' => PieceKind::King,
        'と' => PieceKind::ProPawn,
        '杏' => PieceKind::ProLance,
        '圭' => PieceKind::ProKnight,
        '全' => PieceKind::ProSilver,
        '馬' => PieceKind::Horse,
        '龍' | '竜' => PieceKind::Dragon,
        _ => return None,
    })
}

/// Hand text: `飛　角　金二　歩十八　`, or `なし`.
pub fn hand_text(hand: &Hand) -> String {
    if hand.is_empty() {
        return "なし".to_string();
    }
    let mut s = String::new();
    for (k, n) in hand.iter() {
        s.push_str(k.kanji());
        s.push_str(&kanji_count(n));
        s.push('\u{3000}');
    }
    s
}

/// Parses a hand list (`角　歩二`, `なし`, `飛 角 歩3`). Returns `None` if a part is unreadable.
pub fn parse_hand(text: &str) -> Option<Hand> {
    let mut hand = Hand::default();
    let t = text.trim();
    if t.is_empty() || t == "なし" {
        return Some(hand);
    }
    for part in t.split(|c: char| c.is_whitespace() || c == '、' || c == ',') {
        if part.is_empty() {
            continue;
        }
        let mut chars = part.chars();
        let kind = kind_of_char(chars.next()?)?;
        if kind.is_promoted() || kind == PieceKind::King {
            return None;
        }
        let n = parse_kanji_count(chars.as_str())?;
        hand.set_count(kind, hand.count(kind).checked_add(n)?);
    }
    Some(hand)
}

/// A diagram being read line by line.
#[derive(Clone, Debug, Default)]
pub struct BodReader {
    rows: Vec<[Piece; 9]>,
    hands: [Option<Hand>; 2],
    /// Gote's hand is "the rest" (tsume problems: 残りの駒全部).
    gote_rest: bool,
    pub side: Option<Color>,
}

/// What is wrong with a board diagram.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiagramError {
    #[error("unreadable pieces in hand '{0}'")]
    Hand(String),
    #[error("unknown piece '{0}' in the diagram")]
    UnknownPiece(char),
    #[error("unreadable board row '{0}'")]
    Row(String),
    #[error("a board row needs 9 squares: '{0}'")]
    RowWidth(String),
    #[error("the diagram has more than 9 rows")]
    TooManyRows,
    #[error("the diagram has {0} rows, expected 9")]
    RowCount(usize),
    #[error("the diagram is not a valid position: {0}")]
    Position(SfenError),
}

impl BodReader {
    /// Whether any board row has been read.
    pub fn has_board(&self) -> bool {
        !self.rows.is_empty()
    }

    /// Reads a hand line value for `color`. Returns an error message when unreadable.
    pub fn hand_line(&mut self, color: Color, value: &str) -> Result<(), DiagramError> {
        if color == Color::White && value.contains("残り") {
            self.gote_rest = true;
            return Ok(());
        }
        match parse_hand(value) {
            Some(h) => {
                self.hands[color.index()] = Some(h);
                Ok(())
            }
            None => Err(DiagramError::Hand(value.to_string())),
        }
    }

    /// Reads a line of the frame or a board row; returns `Ok(false)` if the line is not part of
    /// a diagram.
    pub fn line(&mut self, line: &str) -> Result<bool, DiagramError> {
        let t = line.trim();
        if t.starts_with("+---") || t.starts_with("＋") || (t.starts_with('９') && t.contains('１')) {
            return Ok(true);
        }
        if !t.starts_with('|') && !t.starts_with('｜') {
            return Ok(false);
        }
        let inner: Vec<char> = t.chars().skip(1).take_while(|&c| c != '|' && c != '｜').collect();
        let mut row = [Piece::EMPTY; 9];
        let mut i = 0;
        let mut file = 0;
        while i < inner.len() && file < 9 {
            let (mark, c) = (inner[i], inner.get(i + 1).copied().unwrap_or(' '));
            match (mark, c) {
                (_, '・') | (_, '　') => {}
                ('v' | 'V' | '^', c) => {
                    row[file] =
                        Piece::new(Color::White, kind_of_char(c).ok_or(DiagramError::UnknownPiece(c))?)
                }
                (' ' | '+', c) => {
                    row[file] =
                        Piece::new(Color::Black, kind_of_char(c).ok_or(DiagramError::UnknownPiece(c))?)
                }
                _ => return Err(DiagramError::Row(t.to_string())),
            }
            i += 2;
            file += 1;
        }
        // a tenth piece (or anything but blanks) before the closing bar is a row too wide
        if file != 9 || inner[i.min(inner.len())..].iter().any(|c| !c.is_whitespace()) {
            return Err(DiagramError::RowWidth(t.to_string()));
        }
        if self.rows.len() >= 9 {
            return Err(DiagramError::TooManyRows);
        }
        self.rows.push(row);
        Ok(true)
    }

    /// The position the diagram shows, and what it breaks that composed problems may break
    /// (pieces that can never move, two pawns on a file), as warning texts.
    pub fn position(&self) -> Result<(Position, Vec<String>), DiagramError> {
        if self.rows.len() != 9 {
            return Err(DiagramError::RowCount(self.rows.len()));
        }
        let mut hands = [self.hands[0].unwrap_or_default(), self.hands[1].unwrap_or_default()];
        if self.gote_rest {
            // every piece not on the board and not in sente's hand
            let mut rest = Hand::default();
            for k in PieceKind::HAND {
                let on_board = self
                    .rows
                    .iter()
                    .flatten()
                    .filter(|p| p.kind().is_some_and(|pk| pk.unpromote() == k))
                    .count() as u8;
                rest.set_count(k, k.max_count().saturating_sub(on_board + hands[0].count(k)));
            }
            hands[1] = rest;
        }
        // rows run from rank 一 down; each row from file ９ to １
        let mut board = [Piece::EMPTY; 81];
        for (r, row) in self.rows.iter().enumerate() {
            for (c, &p) in row.iter().enumerate() {
                if let Some(sq) = Square::new(9 - c as u8, r as u8 + 1) {
                    board[sq.index()] = p;
                }
            }
        }
        let side = if self.side == Some(Color::White) { Color::White } else { Color::Black };
        let (pos, problems) =
            Position::from_parts_lenient(&board, &hands, side).map_err(DiagramError::Position)?;
        Ok((pos, problems.iter().map(|p| format!("the diagram has {p}; read as drawn")).collect()))
    }
}

/// Writes the diagram of `pos` (hands, board, and `後手番` when gote moves).
pub fn write_bod(pos: &Position) -> String {
    let mut s = format!("後手の持駒：{}\n", hand_text(pos.hand(Color::White)));
    s.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n");
    for rank in 1..=9u8 {
        s.push('|');
        for file in (1..=9u8).rev() {
            let p = pos.piece_at(Square::new(file, rank).expect("on board"));
            match p.kind() {
                None => s.push_str(" ・"),
                Some(k) => {
                    s.push(if p.color() == Color::White { 'v' } else { ' ' });
                    s.push(k.kanji_short());
                }
            }
        }
        s.push('|');
        s.push(super::names::KANJI_DIGITS[rank as usize]);
        s.push('\n');
    }
    s.push_str("+---------------------------+\n");
    s.push_str(&format!("先手の持駒：{}\n", hand_text(pos.hand(Color::Black))));
    if pos.side_to_move() == Color::White {
        s.push_str("後手番\n");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagram_errors_name_what_is_wrong() {
        let mut r = BodReader::default();
        assert_eq!(r.line("| 歩 X"), Err(DiagramError::UnknownPiece('X')));
        assert_eq!(r.line("| 歩 歩|"), Err(DiagramError::RowWidth("| 歩 歩|".into())));
        assert_eq!(r.hand_line(Color::Black, "歩Q"), Err(DiagramError::Hand("歩Q".into())));
        assert_eq!(r.position().unwrap_err(), DiagramError::RowCount(0));
        assert_eq!(DiagramError::UnknownPiece('X').to_string(), "unknown piece 'X' in the diagram");
    }

    #[test]
    fn diagram_round_trip() {
        for sfen in [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 1",
            "4k4/9/9/9/9/9/9/9/4K4 b RB2G2S2N2L9P 1",
        ] {
            let p = Position::from_sfen(sfen).unwrap();
            let text = write_bod(&p);
            let mut r = BodReader::default();
            for line in text.lines() {
                if let Some(v) = line.strip_prefix("後手の持駒：") {
                    r.hand_line(Color::White, v).unwrap();
                } else if let Some(v) = line.strip_prefix("先手の持駒：") {
                    r.hand_line(Color::Black, v).unwrap();
                } else if line == "後手番" {
                    r.side = Some(Color::White);
                } else {
                    assert!(r.line(line).unwrap(), "{line}");
                }
            }
            assert_eq!(r.position().unwrap().0, p, "{text}");
        }
    }
}

//! The names records give to core's types: kanji piece names (`歩`, `成銀`, and the one-character
//! `全` of board diagrams), CSA piece codes (`FU`, `RY`), Japanese square names (`７六`: a
//! full-width file and a kanji rank) and the side marks ▲ △. Core knows only SFEN/USI letters;
//! these are notation, so they live here, as extension traits on core's types.

use crate::core::{Color, PieceKind, Square};

/// `１`..`９`, indexed by file (index 0 unused).
pub const FULLWIDTH_DIGITS: [char; 10] = ['０', '１', '２', '３', '４', '５', '６', '７', '８', '９'];
/// `一`..`九`, indexed by rank (index 0 unused).
pub const KANJI_DIGITS: [char; 10] = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// Kanji and CSA names of a piece kind.
pub trait PieceKindNames: Sized {
    /// The kanji used in KIF records (one or two characters: `成銀`, `成桂`, `成香`).
    fn kanji(self) -> &'static str;
    /// One-character kanji for board diagrams (`杏`, `圭`, `全` for the promoted small pieces).
    fn kanji_short(self) -> char;
    /// CSA two-letter code (`FU`, `TO`, `UM`, `RY`...).
    fn csa(self) -> &'static str;
    /// The kind a CSA two-letter code names.
    fn from_csa(code: &str) -> Option<Self>;
}

impl PieceKindNames for PieceKind {
    fn kanji(self) -> &'static str {
        match self {
            PieceKind::Pawn => "歩",
            PieceKind::Lance => "香",
            PieceKind::Knight => "桂",
            PieceKind::Silver => "銀",
            PieceKind::Bishop => "角",
            PieceKind::Rook => "飛",
            PieceKind::Gold => "金",
            PieceKind::King => "玉",
            PieceKind::ProPawn => "と",
            PieceKind::ProLance => "成香",
            PieceKind::ProKnight => "成桂",
            PieceKind::ProSilver => "成銀",
            PieceKind::Horse => "馬",
            PieceKind::Dragon => "龍",
        }
    }

    fn kanji_short(self) -> char {
        match self {
            PieceKind::Pawn => '歩',
            PieceKind::Lance => '香',
            PieceKind::Knight => '桂',
            PieceKind::Silver => '銀',
            PieceKind::Bishop => '角',
            PieceKind::Rook => '飛',
            PieceKind::Gold => '金',
            PieceKind::King => '玉',
            PieceKind::ProPawn => 'と',
            PieceKind::ProLance => '杏',
            PieceKind::ProKnight => '圭',
            PieceKind::ProSilver => '全',
            PieceKind::Horse => '馬',
            PieceKind::Dragon => '龍',
        }
    }

    fn csa(self) -> &'static str {
        match self {
            PieceKind::Pawn => "FU",
            PieceKind::Lance => "KY",
            PieceKind::Knight => "KE",
            PieceKind::Silver => "GI",
            PieceKind::Bishop => "KA",
            PieceKind::Rook => "HI",
            PieceKind::Gold => "KI",
            PieceKind::King => "OU",
            PieceKind::ProPawn => "TO",
            PieceKind::ProLance => "NY",
            PieceKind::ProKnight => "NK",
            PieceKind::ProSilver => "NG",
            PieceKind::Horse => "UM",
            PieceKind::Dragon => "RY",
        }
    }

    fn from_csa(code: &str) -> Option<PieceKind> {
        PieceKind::ALL.iter().copied().find(|k| k.csa() == code)
    }
}

/// The Japanese name of a square.
pub trait SquareNames {
    /// `７六`: full-width file, kanji rank.
    fn japanese(self) -> String;
}

impl SquareNames for Square {
    fn japanese(self) -> String {
        format!("{}{}", FULLWIDTH_DIGITS[self.file() as usize], KANJI_DIGITS[self.rank() as usize])
    }
}

/// The mark a record puts before a side's move.
pub trait ColorMark {
    /// ▲ for sente, △ for gote (the marks used in KIF/KI2 records).
    fn mark(self) -> char;
}

impl ColorMark for Color {
    fn mark(self) -> char {
        match self {
            Color::Black => '▲',
            Color::White => '△',
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names() {
        assert_eq!(Square::new(7, 6).unwrap().japanese(), "７六");
        assert_eq!(Square::new(1, 9).unwrap().japanese(), "１九");
    }

    #[test]
    fn csa_codes_round_trip() {
        for k in PieceKind::ALL {
            assert_eq!(PieceKind::from_csa(k.csa()), Some(k));
        }
        assert_eq!(PieceKind::from_csa("XX"), None);
    }

    #[test]
    fn marks() {
        assert_eq!(Color::Black.mark(), '▲');
        assert_eq!(Color::White.mark(), '△');
    }
}

//! Handicaps (駒落ち / 手合割): their names in KIF, CSA `PI` removals and JKF presets, and the
//! starting positions. Uwate (上手, the handicap giver) plays gote and moves first.
//!
//! Where implementations disagree we follow Kakinoki and cshogi: 香落ち and 三枚落ち remove
//! uwate's left lance (1一), 五枚落ち also removes the 8一 knight (左五枚落ち the 2一 knight),
//! 七枚落ち (左七枚落ち) removes the 3一 silver, 右七枚落ち the 7一 silver.

use crate::core::{Position, START_SFEN};

/// One handicap (or 平手).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Handicap {
    /// The KIF `手合割` name.
    pub name: &'static str,
    /// The JKF preset name (`OTHER` where JKF has none).
    pub jkf: &'static str,
    /// Squares (file, rank) and CSA piece codes uwate removes, for the CSA `PI` line.
    pub removed: &'static [(u8, u8, &'static str)],
    /// Board, side and hands of the starting position.
    pub sfen: &'static str,
}

const fn h(
    name: &'static str,
    jkf: &'static str,
    removed: &'static [(u8, u8, &'static str)],
    sfen: &'static str,
) -> Handicap {
    Handicap { name, jkf, removed, sfen }
}

/// Every handicap shogiban knows, 平手 first.
pub static HANDICAPS: [Handicap; 16] = [
    h("平手", "HIRATE", &[], START_SFEN),
    h("香落ち", "KY", &[(1, 1, "KY")], "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    h("右香落ち", "KY_R", &[(9, 1, "KY")], "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    h("角落ち", "KA", &[(2, 2, "KA")], "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    h("飛車落ち", "HI", &[(8, 2, "HI")], "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    h(
        "飛香落ち",
        "HIKY",
        &[(8, 2, "HI"), (1, 1, "KY")],
        "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    h(
        "二枚落ち",
        "2",
        &[(8, 2, "HI"), (2, 2, "KA")],
        "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    h(
        "三枚落ち",
        "3",
        &[(8, 2, "HI"), (2, 2, "KA"), (1, 1, "KY")],
        "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    h(
        "四枚落ち",
        "4",
        &[(8, 2, "HI"), (2, 2, "KA"), (1, 1, "KY"), (9, 1, "KY")],
        "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    h(
        "五枚落ち",
        "5",
        &[(8, 2, "HI"), (2, 2, "KA"), (1, 1, "KY"), (9, 1, "KY"), (8, 1, "KE")],
        "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    h(
        "左五枚落ち",
        "5_L",
        &[(8, 2, "HI"), (2, 2, "KA"), (1, 1, "KY"), (9, 1, "KY"), (2, 1, "KE")],
        "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    h(
        "六枚落ち",
        "6",
        &[(8, 2, "HI"), (2, 2, "KA"), (1, 1, "KY"), (9, 1, "KY"), (8, 1, "KE"), (2, 1, "KE")],
        "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    h(
        "七枚落ち",
        "OTHER",
        &[(8, 2, "HI"), (2, 2, "KA"), (1, 1, "KY"), (9, 1, "KY"), (8, 1, "KE"), (2, 1, "KE"), (3, 1, "GI")],
        "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    h(
        "右七枚落ち",
        "OTHER",
        &[(8, 2, "HI"), (2, 2, "KA"), (1, 1, "KY"), (9, 1, "KY"), (8, 1, "KE"), (2, 1, "KE"), (7, 1, "GI")],
        "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    h(
        "八枚落ち",
        "8",
        &[
            (8, 2, "HI"),
            (2, 2, "KA"),
            (1, 1, "KY"),
            (9, 1, "KY"),
            (8, 1, "KE"),
            (2, 1, "KE"),
            (3, 1, "GI"),
            (7, 1, "GI"),
        ],
        "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    h(
        "十枚落ち",
        "10",
        &[
            (8, 2, "HI"),
            (2, 2, "KA"),
            (1, 1, "KY"),
            (9, 1, "KY"),
            (8, 1, "KE"),
            (2, 1, "KE"),
            (3, 1, "GI"),
            (7, 1, "GI"),
            (4, 1, "KI"),
            (6, 1, "KI"),
        ],
        "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
];

impl Handicap {
    /// The starting position.
    pub fn position(&self) -> Position {
        Position::from_sfen(self.sfen).expect("handicap SFENs are valid")
    }

    /// Whether this is the even game.
    pub fn is_even(&self) -> bool {
        self.name == "平手"
    }

    /// Looks a handicap up by its KIF name (also accepts a few spellings other programs use:
    /// 飛落ち, 香落ち(左), 2枚落ち ...).
    pub fn by_name(name: &str) -> Option<&'static Handicap> {
        let n = name.trim().trim_end_matches(['\u{3000}', ' ']);
        let alias = match n {
            "飛落ち" | "飛車落" => "飛車落ち",
            "角落" => "角落ち",
            "香落" | "左香落ち" => "香落ち",
            "2枚落ち" | "２枚落ち" => "二枚落ち",
            "3枚落ち" | "３枚落ち" => "三枚落ち",
            "4枚落ち" | "４枚落ち" => "四枚落ち",
            "5枚落ち" | "５枚落ち" | "右五枚落ち" => "五枚落ち",
            "6枚落ち" | "６枚落ち" => "六枚落ち",
            "7枚落ち" | "７枚落ち" | "左七枚落ち" | "左7枚落ち" => "七枚落ち",
            "右7枚落ち" | "右７枚落ち" => "右七枚落ち",
            "8枚落ち" | "８枚落ち" => "八枚落ち",
            "10枚落ち" | "１０枚落ち" => "十枚落ち",
            other => other,
        };
        HANDICAPS.iter().find(|h| h.name == alias)
    }

    pub fn by_jkf(preset: &str) -> Option<&'static Handicap> {
        HANDICAPS.iter().find(|h| h.jkf == preset && h.jkf != "OTHER")
    }

    /// The handicap whose starting position this is (board, hands and side to move), if any.
    pub fn of_position(pos: &Position) -> Option<&'static Handicap> {
        HANDICAPS.iter().find(|h| h.position() == *pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Color;
    use crate::record::PieceKindNames;

    #[test]
    fn handicap_positions_are_consistent() {
        for h in HANDICAPS.iter() {
            let p = h.position();
            if h.is_even() {
                assert_eq!(p.side_to_move(), Color::Black);
                continue;
            }
            assert!(h.sfen.ends_with("/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"), "{}", h.name);
            assert_eq!(p.side_to_move(), Color::White, "{}", h.name);
            // the removals applied to the even position give the handicap position
            let even = Position::startpos();
            for &(f, r, code) in h.removed {
                let sq = crate::core::Square::new(f, r).unwrap();
                let p = even.piece_at(sq);
                assert_eq!(p.kind().unwrap().csa(), code, "{} {f}{r}", h.name);
                assert_eq!(p.color(), Color::White);
            }
            let expected_count = 20 - h.removed.len() as u32;
            assert_eq!(p.pieces_of(Color::White).count(), expected_count, "{}", h.name);
            assert_eq!(Handicap::of_position(&p).unwrap().name, h.name);
        }
    }
}

//! A principal variation (the engine's expected line) in Japanese notation for people:
//! `▲７六歩△３四歩▲２六歩`, KI2 style with the ▲/△ marks, `同` for recaptures (also on the
//! first move, against the last move played) and the JSA modifiers where two pieces could go.
//! The line stops cleanly before the first move that is not legal where it stands (a stale or
//! corrupt PV), so what is shown is always a line that can be played.

use super::notation::{ki2_move_marked, prev_to};
use crate::core::{Move, Position};

/// Each move of `pv` from `pos` in marked KI2 text (`▲７六歩`, `△同　歩`), up to the first
/// illegal move.
pub fn pv_ki2(pos: &Position, pv: &[Move]) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(pv.len());
    for &m in pv {
        if !p.is_legal(m) {
            break;
        }
        out.push(ki2_move_marked(&p, m, prev_to(&p)));
        p.do_move(m);
    }
    out
}

/// `pv` from `pos` as one string: `▲７六歩△３四歩▲２六歩`, up to the first illegal move.
pub fn pv_text(pos: &Position, pv: &[Move]) -> String {
    pv_ki2(pos, pv).concat()
}

/// A PV given as USI move text (`7g7f 3c3d ...`, as an external engine's `info ... pv` sends
/// it) as one string, up to the first move that is not USI text or not legal.
pub fn pv_text_usi<S: AsRef<str>>(pos: &Position, pv: &[S]) -> String {
    let moves: Vec<Move> = pv.iter().map_while(|s| Move::from_usi(s.as_ref())).collect();
    pv_text(pos, &moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usi(words: &str) -> Vec<&str> {
        words.split_whitespace().collect()
    }

    #[test]
    fn opening_line() {
        let p = Position::startpos();
        assert_eq!(pv_text_usi(&p, &usi("7g7f 3c3d 2g2f")), "▲７六歩△３四歩▲２六歩");
    }

    #[test]
    fn recaptures_use_same_also_on_the_first_move() {
        let mut p = Position::startpos();
        for m in ["7g7f", "3c3d"] {
            p.do_move(p.parse_usi_move(m).unwrap());
        }
        // ▲2二角成 △同　銀: the first move of the PV is not a recapture, the second is
        assert_eq!(pv_text_usi(&p, &usi("8h2b+ 3a2b")), "▲２二角成△同　銀");
        p.do_move(p.parse_usi_move("8h2b+").unwrap());
        assert_eq!(pv_text_usi(&p, &usi("3a2b B*4e")), "△同　銀▲４五角");
    }

    #[test]
    fn modifiers_where_two_pieces_could_go() {
        let p = Position::from_sfen("4k4/9/9/9/9/9/9/9/3G1G2K b - 1").unwrap();
        assert_eq!(pv_text_usi(&p, &usi("4i5h")), "▲５八金右");
    }

    #[test]
    fn stops_at_an_illegal_or_unreadable_move() {
        let p = Position::startpos();
        assert_eq!(pv_text_usi(&p, &usi("7g7f 7g7f 2g2f")), "▲７六歩");
        assert_eq!(pv_text_usi(&p, &usi("7g7f junk 2g2f")), "▲７六歩");
        assert_eq!(pv_text_usi::<&str>(&p, &[]), "");
        assert_eq!(pv_ki2(&p, &[Move::NONE]), Vec::<String>::new());
    }
}

//! The computer's thinking in shogi terms: depth, the score from ☗'s side (or who mates in how
//! many moves) and the principal variation in Japanese notation (`▲７六歩△３四歩…`).

use crate::core::{Color, Position};
use crate::tui::app::App;
use crate::tui::jobs::{Score, ThinkingInfo};
use crate::tui::text::Text;

/// The thinking line (empty when the computer is not thinking).
pub(super) fn thinking_text(app: &App) -> String {
    match app.engine_info() {
        Some(info) => describe(app.text(), app.pos(), info),
        None => String::new(),
    }
}

/// `info` about a search of `pos`, in words.
pub(super) fn describe(t: &Text, pos: &Position, info: &ThinkingInfo) -> String {
    let mut parts = vec![t.thinking.to_string()];
    if info.depth > 0 {
        parts.push(format!("{} {}", t.depth, info.depth));
    }
    let mark = |c: Color| if c == Color::Black { "☗" } else { "☖" };
    let us = pos.side_to_move();
    match info.score {
        Some(Score::Cp(cp)) => {
            let sente = if us == Color::Black { cp } else { -cp };
            parts.push(format!("{} {sente:+}", t.score_sente));
        }
        Some(Score::Mate(n)) => {
            let winner = if n > 0 { us } else { us.flip() };
            parts.push((t.mate_in)(mark(winner), Some(n.abs())));
        }
        Some(Score::MateUnknown(we_mate)) => {
            let winner = if we_mate { us } else { us.flip() };
            parts.push((t.mate_in)(mark(winner), None));
        }
        None => {}
    }
    let line = crate::record::pv::pv_text(pos, &info.pv);
    if !line.is_empty() {
        parts.push(format!("{} {line}", t.line));
    }
    parts.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Move;
    use crate::tui::text::{EN, JA};

    fn mv(s: &str) -> Move {
        Move::from_usi(s).unwrap()
    }

    #[test]
    fn score_is_from_sentes_side_and_the_line_is_japanese() {
        let start = Position::startpos();
        let info = ThinkingInfo {
            depth: 7,
            score: Some(Score::Cp(35)),
            pv: vec![mv("7g7f"), mv("3c3d"), mv("2g2f")],
        };
        assert_eq!(
            describe(&JA, &start, &info),
            "考慮中… · 深さ 7 · 評価値(☗) +35 · 読み筋 ▲７六歩△３四歩▲２六歩"
        );
        let mut after = start.clone();
        after.do_move(mv("7g7f"));
        // gote thinks it is 35 ahead: that is -35 for sente
        let info = ThinkingInfo { depth: 3, score: Some(Score::Cp(35)), pv: vec![mv("3c3d")] };
        assert_eq!(describe(&EN, &after, &info), "thinking… · depth 3 · score(☗) -35 · line △３四歩");
    }

    #[test]
    fn mates_name_the_winner_and_the_length() {
        let mut pos = Position::startpos();
        pos.do_move(mv("7g7f"));
        let info = ThinkingInfo { depth: 5, score: Some(Score::Mate(-4)), pv: vec![] };
        assert_eq!(describe(&JA, &pos, &info), "考慮中… · 深さ 5 · ☗の勝ち 詰み 4手");
        let info = ThinkingInfo { depth: 5, score: Some(Score::Mate(3)), pv: vec![] };
        assert_eq!(describe(&EN, &pos, &info), "thinking… · depth 5 · 詰み 3手: ☖ mates");
        // a line that stops being legal is cut there
        let info = ThinkingInfo { depth: 1, score: None, pv: vec![mv("3c3d"), mv("3c3d")] };
        assert_eq!(describe(&EN, &pos, &info), "thinking… · depth 1 · line △３四歩");
    }
}

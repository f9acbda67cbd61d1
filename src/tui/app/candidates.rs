//! The moves the panels beside the board offer for the position shown — the analysis's lines
//! (their first moves), then the opening explorer's book moves and the moves its games played
//! here, in the order they are drawn — and the one chosen among them (`.` / `,`), which Enter
//! plays on the board. A choice belongs to the position it was made in: any step elsewhere
//! leaves nothing chosen.

use crate::core::Move;
use crate::engine::analysis::Update;
use crate::record::NodeId;
use crate::study::explorer::Explored;

/// Where a candidate is drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Offered {
    /// The analysis panel's line (0: the best).
    Line(usize),
    /// The explorer's book move.
    Book(usize),
    /// The explorer's move of its games.
    Played(usize),
}

/// A move a panel offers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub offered: Offered,
    pub mv: Move,
}

/// The candidates, in the order the panels draw them: the analysis's lines, then the explorer's
/// book moves and its games' moves.
pub fn candidates(analysis: Option<&Update>, explored: Option<&Explored>) -> Vec<Candidate> {
    let lines = analysis
        .into_iter()
        .flat_map(|u| u.lines.iter())
        .filter_map(|l| l.pv.first())
        .enumerate()
        .map(|(i, &mv)| Candidate { offered: Offered::Line(i), mv });
    let book = explored
        .into_iter()
        .flat_map(|e| e.book.iter())
        .enumerate()
        .map(|(i, b)| Candidate { offered: Offered::Book(i), mv: b.mv });
    let played = explored
        .into_iter()
        .flat_map(|e| e.played.iter())
        .enumerate()
        .map(|(i, p)| Candidate { offered: Offered::Played(i), mv: p.mv });
    lines.chain(book).chain(played).collect()
}

/// The candidate chosen: its place in `candidates`, in the position (node) it was chosen in.
#[derive(Debug, Default)]
pub(super) struct CandidateChoice {
    chosen: Option<(NodeId, usize)>,
}

impl CandidateChoice {
    /// The place chosen in the list of `len` candidates of `node` (none when the choice was
    /// made elsewhere or the list has shrunk below it).
    pub(super) fn chosen(&self, node: NodeId, len: usize) -> Option<usize> {
        self.chosen.filter(|&(n, i)| n == node && i < len).map(|(_, i)| i)
    }

    /// The next (`delta` 1) or previous (-1) of `len` candidates of `node`, round the list: from
    /// none chosen, the first or the last. Nothing when there are none.
    pub(super) fn step(&mut self, node: NodeId, len: usize, delta: i32) -> Option<usize> {
        if len == 0 {
            self.chosen = None;
            return None;
        }
        let next = match self.chosen(node, len) {
            Some(i) => (i as i64 + delta as i64).rem_euclid(len as i64) as usize,
            None if delta < 0 => len - 1,
            None => 0,
        };
        self.chosen = Some((node, next));
        Some(next)
    }

    pub(super) fn clear(&mut self) {
        self.chosen = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Position, Score};
    use crate::engine::analysis::Line;

    fn update(first: &[&str]) -> Update {
        let lines = first
            .iter()
            .map(|u| Line { score: Score::Cp(0), pv: vec![Move::from_usi(u).unwrap()] })
            .collect();
        Update { depth: 1, nodes: 1, nps: 1, time_ms: 1, lines, done: false }
    }

    #[test]
    fn the_analysis_lines_come_first_and_the_choice_goes_round_and_stays_in_its_position() {
        let u = update(&["7g7f", "2g2f"]);
        let list = candidates(Some(&u), None);
        assert_eq!(list.iter().map(|c| c.offered).collect::<Vec<_>>(), [Offered::Line(0), Offered::Line(1)]);
        let mut choice = CandidateChoice::default();
        let node = crate::record::ROOT;
        assert_eq!(choice.chosen(node, 2), None);
        assert_eq!(choice.step(node, 2, -1), Some(1));
        assert_eq!(choice.step(node, 2, 1), Some(0));
        assert_eq!(choice.step(node, 2, 1), Some(1));
        assert_eq!(choice.chosen(node, 1), None, "the list shrank");
        assert_eq!(choice.chosen(node + 1, 2), None, "another position");
        assert_eq!(choice.step(node + 1, 2, 1), Some(0));
        assert_eq!(choice.step(node, 0, 1), None);
        assert_eq!(choice.chosen(node, 2), None);
    }

    /// Keys as the terminal sends them.
    fn press(app: &mut crate::tui::app::App, code: crossterm::event::KeyCode) {
        use crossterm::event::{Event, KeyEvent, KeyModifiers};
        let shift = matches!(code, crossterm::event::KeyCode::Char(c) if c.is_ascii_uppercase());
        let mods = if shift { KeyModifiers::SHIFT } else { KeyModifiers::NONE };
        let area = ratatui::layout::Rect::new(0, 0, 120, 40);
        crate::tui::input::handle_event(app, Event::Key(KeyEvent::new(code, mods)), area);
    }

    #[test]
    fn enter_on_an_analysis_line_plays_its_first_move_into_a_variation_under_review() {
        use crossterm::event::KeyCode;
        let kif = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n";
        let (rec, _) = crate::record::read_text(kif, crate::record::Format::Kifu).unwrap();
        let mut a = crate::tui::app::App::with_record(rec);
        // nothing offered yet: the status line says where moves come from
        press(&mut a, KeyCode::Char('.'));
        assert!(a.message().contains("analysis (a)"), "{}", a.message());
        a.toggle_analysis();
        a.study_requests();
        let start = Position::startpos();
        let mut u = update(&["7g7f", "2g2f"]);
        u.lines[1].pv.push(start.parse_usi_move("2g2f").unwrap());
        a.on_analysis_update(u);
        // `.` chooses the best line, again the second; the status names it and the key
        press(&mut a, KeyCode::Char('.'));
        press(&mut a, KeyCode::Char('.'));
        assert_eq!(a.chosen_candidate().map(|c| c.offered), Some(Offered::Line(1)));
        assert!(a.message().contains("▲２六歩: Enter plays it"), "{}", a.message());
        // the line chosen is drawn reversed
        let buf = crate::tui::view::buffer_at(&a, 120, 40, std::time::Instant::now());
        let reversed: String = buf
            .content()
            .iter()
            .filter(|c| c.modifier.contains(ratatui::style::Modifier::REVERSED))
            .map(|c| c.symbol())
            .collect();
        assert!(reversed.contains("２六歩") && !reversed.contains("７六歩"), "{reversed:?}");
        // Esc leaves nothing chosen; `,` from none chooses the last line
        press(&mut a, KeyCode::Esc);
        assert_eq!(a.chosen_candidate(), None);
        press(&mut a, KeyCode::Char(','));
        assert_eq!(a.chosen_candidate().map(|c| c.offered), Some(Offered::Line(1)));
        // Enter plays ▲２６歩: a variation beside the record's ▲７六歩
        press(&mut a, KeyCode::Enter);
        let mut after = start.clone();
        after.do_move(start.parse_usi_move("2g2f").unwrap());
        assert_eq!(a.pos(), &after);
        assert_eq!(a.record().node(crate::record::ROOT).children().len(), 2);
        assert_eq!(a.chosen_candidate(), None, "a choice stays in its position");
        // Enter on the board again picks up a piece, as always
        press(&mut a, KeyCode::Enter);
    }

    #[test]
    fn a_chosen_move_waits_while_the_computer_is_to_move() {
        let mut a = crate::tui::app::App::new(Position::startpos());
        a.play.players = [crate::tui::app::Player::Engine, crate::tui::app::Player::Human];
        a.settings.help_in_games = true;
        a.toggle_analysis();
        a.study_requests();
        a.on_analysis_update(update(&["7g7f"]));
        a.step_candidate(1);
        assert!(a.play_candidate());
        assert_eq!(a.pos(), &Position::startpos());
        assert!(a.message().contains("computer is to move"), "{}", a.message());
    }
}

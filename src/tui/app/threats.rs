//! The threat indicator: whether the side to move has a mate (詰みあり) or is threatened with
//! one (詰めろ), from the mate solver with a small budget, as a mate job (`jobs`, `MateJob::Threats`).
//! The app asks again whenever the position shown changes, which replaces the solve before;
//! the runner lets through only the answer of the latest request.

use super::Outbox;
use crate::core::Position;
use crate::engine::mate::threats::Threats;
use crate::tui::jobs::{MateJob, MateKind};

/// The indicator's state in the app.
#[derive(Debug, Default)]
pub(super) struct ThreatState {
    /// The key of the position that request is about (`None`: nothing asked).
    asked: Option<u64>,
    /// The answer for that position.
    found: Option<Threats>,
}

impl ThreatState {
    /// What the solver found for the position of `key` (none while it has not answered, or
    /// when the answer is about another position).
    pub(super) fn found(&self, key: u64) -> Option<&Threats> {
        self.found.as_ref().filter(|_| self.asked == Some(key))
    }

    /// Asks for the solve of `pos` when it changed (a newer request stops the older one), or
    /// stops the solve running when the indicator is not `shown` (called before the outbox is
    /// handed out).
    pub(super) fn requests(&mut self, shown: bool, pos: &Position, outbox: &mut Outbox) {
        let key = pos.key();
        if !shown {
            self.found = None;
            if self.asked.take().is_some() {
                outbox.stop(MateKind::Threats);
            }
            return;
        }
        if self.asked == Some(key) {
            return;
        }
        self.asked = Some(key);
        self.found = None;
        outbox.start(MateJob::Threats { pos: Box::new(pos.clone()) });
    }

    /// The solver's answer to the latest request (a stopped solve says nothing).
    pub(super) fn on_threats(&mut self, found: Threats) {
        if self.asked.is_some() && !found.stopped {
            self.found = Some(found);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Color;
    use crate::tui::app::App;
    use crate::tui::event::Command;
    use crate::tui::jobs::{JobKind, JobRequest};

    /// A threat-solver command the app handed out, as these tests look at it.
    #[derive(Debug)]
    enum Asked {
        Probe { pos: Box<Position> },
        Cancel,
    }

    impl PartialEq for Asked {
        fn eq(&self, other: &Asked) -> bool {
            match (self, other) {
                (Asked::Probe { pos: a }, Asked::Probe { pos: b }) => a.key() == b.key(),
                (a, b) => std::mem::discriminant(a) == std::mem::discriminant(b),
            }
        }
    }

    /// What the threat indicator asks for now, if anything.
    fn threat_command(a: &mut App) -> Option<Asked> {
        a.threat_requests();
        let mine = |c: &Command| {
            matches!(
                c,
                Command::Start(JobRequest::Mate(MateJob::Threats { .. }))
                    | Command::Stop(JobKind::Mate(MateKind::Threats))
            )
        };
        Some(match a.outbox.take_first(mine)? {
            Command::Start(JobRequest::Mate(MateJob::Threats { pos })) => Asked::Probe { pos },
            _ => Asked::Cancel,
        })
    }

    /// A review of a record where ☗ can mate after its second move: ☖ to move after 1 move.
    fn app() -> App {
        let kif = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n";
        let (rec, _) = crate::record::read_text(kif, crate::record::Format::Kifu).unwrap();
        App::with_record(rec)
    }

    fn probe(a: &mut App) -> Position {
        match threat_command(a) {
            Some(Asked::Probe { pos }) => *pos,
            other => panic!("no probe: {other:?}"),
        }
    }

    fn found(len: usize) -> Threats {
        let m = Position::startpos().parse_usi_move("7g7f").unwrap();
        Threats { mate: Some(vec![m; len]), threat: None, stopped: false }
    }

    #[test]
    fn the_answer_for_the_position_shown_is_kept() {
        let mut a = app();
        let p1 = probe(&mut a);
        assert_eq!(p1, Position::startpos());
        assert!(threat_command(&mut a).is_none(), "asked twice for one position");
        assert!(a.threats().is_none());
        a.study.threats.on_threats(found(7));
        assert_eq!(a.threats().and_then(|t| t.mate.as_ref()).map(Vec::len), Some(7));
        let screen = crate::tui::view::screen_text(&a, 80, 24, std::time::Instant::now());
        assert!(screen.contains("詰みあり: mate in 7"), "{screen}");
        // a step asks again (the runner drops the first request's late answer)
        a.redo();
        let p2 = probe(&mut a);
        assert_eq!(p2.side_to_move(), Color::White);
        assert!(a.threats().is_none());
        // a stopped solve says nothing
        a.study.threats.on_threats(Threats { stopped: true, ..found(1) });
        assert!(a.threats().is_none());
        a.study.threats.on_threats(found(5));
        assert_eq!(a.threats().and_then(|t| t.mate.as_ref()).map(Vec::len), Some(5));
        // back to the first position: a new request, not the old answer
        a.undo();
        probe(&mut a);
        assert!(a.threats().is_none());
    }

    #[test]
    fn the_toggle_turns_the_indicator_off_cancels_and_is_a_setting() {
        let mut a = app();
        probe(&mut a);
        a.take_settings_dirty();
        a.toggle_threats();
        assert!(a.take_settings_dirty() && !a.settings().threats);
        assert_eq!(threat_command(&mut a), Some(Asked::Cancel));
        assert!(threat_command(&mut a).is_none());
        a.study.threats.on_threats(found(1));
        assert!(a.threats().is_none());
        a.toggle_threats();
        assert!(matches!(threat_command(&mut a), Some(Asked::Probe { .. })));
    }

    #[test]
    fn a_game_being_played_shows_no_threats_unless_analysed() {
        let settings = crate::tui::settings::Settings { help_in_games: true, ..Default::default() };
        let mut a = App::new_game(settings);
        assert!(!a.threats_shown());
        assert!(threat_command(&mut a).is_none());
        a.toggle_analysis();
        assert!(a.threats_shown());
    }
}

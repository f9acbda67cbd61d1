//! The app and the event loop: what the app asks the loop to do after each event
//! ([`App::commands`]: the outbox, after the requests that follow from where the app stands),
//! the job reports it takes in ([`App::on_job`]), and when it wants to be woken without an
//! event ([`App::wake_at`]: the clocks and the pace of play). Each concern pushes its own
//! requests into the outbox (`outbox`) as it decides them; this file only hands them out and
//! turns reports back into calls.

use super::ctx::ctx;
use super::{App, online_events};
use crate::core::Move;
use crate::record::{NodeId, Special, SpecialKind};
use crate::tui::event::Command;
use crate::tui::jobs::{FileReport, GameReport, LibraryReport, MateReport, Report, StudyReport};
use std::time::{Duration, Instant};

/// How often the screen is redrawn while a clock runs.
const CLOCK_TICK: Duration = Duration::from_millis(200);

impl App {
    /// Everything the app wants done after the last event, in order: the outbox, after what
    /// follows from where the app stands now (the computer's search, the analysis of the
    /// position shown, the threat solve, the online page's lines) and the byoyomi's bell; a
    /// quit comes last, and a suspension asked for while quitting is dropped.
    pub fn commands(&mut self, now: Instant) -> Vec<Command> {
        self.computer_requests(now);
        self.study_requests();
        self.threat_requests();
        self.online_requests();
        self.rating_requests();
        if self.byoyomi_count(now) {
            self.outbox.push(Command::Bell);
        }
        let mut out = self.outbox.take();
        if self.should_quit() {
            out.retain(|c| !matches!(c, Command::Suspend));
            out.push(Command::Quit);
        }
        out
    }

    /// Takes in a report of a job the app asked for (the runner has dropped stale ones).
    pub fn on_job(&mut self, report: Report, now: Instant) {
        match report {
            Report::Engine(r) => self.on_engine_event(r, now),
            Report::Study(StudyReport::Analysis(u)) => self.on_analysis_update(u),
            Report::Study(StudyReport::GameAnalysis(GameReport::Progress { ply, eval, judgement })) => {
                self.on_game_progress(ply, &eval, judgement.as_ref())
            }
            Report::Study(StudyReport::GameAnalysis(GameReport::Done(analysis))) => {
                self.on_game_analysis_done(&analysis)
            }
            Report::Study(StudyReport::Learn(eval)) => self.on_learn_eval(eval),
            Report::Mate(MateReport::Tsume(answer)) => self.on_tsume_answer(answer),
            Report::Mate(MateReport::Threats(found)) => self.study.threats.on_threats(found),
            Report::Files(FileReport::Saved { path, result }) => self.on_saved(&path, result),
            Report::Files(FileReport::WouldReplace { path }) => self.on_would_replace(path),
            Report::Files(FileReport::NoFolder { path }) => self.on_no_folder(path),
            Report::Files(FileReport::TsumeProgress(result)) => self.on_tsume_progress_written(result),
            Report::Files(FileReport::Settings(result)) => self.on_settings_written(result),
            Report::Files(FileReport::Rated { book, game, written, note }) => {
                let t = crate::tui::text::rating::RatingText::of(self.settings.language);
                self.play.rating.rated_now((*book, *game, written, note), t, &mut self.status);
            }
            // the autosave is the event loop's
            Report::Files(FileReport::Autosaved { .. }) => {}
            Report::Library(LibraryReport::Scanned(found)) => self.on_library_scanned(found),
            Report::Library(LibraryReport::Opened { path, result, free_name }) => {
                self.on_library_opened(path, result.map(|r| *r), free_name)
            }
            Report::Online(incoming) => self.on_online(incoming, now),
            Report::PasswordNotKept(why) => self.status.set((self.online_text().password_not_kept)(&why)),
        }
    }

    /// Takes the first command `pick` picks from the outbox, after what follows from where the
    /// app stands is asked for when none is queued (the analysis, the threat solve).
    #[cfg(test)]
    pub(crate) fn take_command(&mut self, pick: impl Fn(&Command) -> bool) -> Option<Command> {
        if let Some(c) = self.outbox.take_first(&pick) {
            return Some(c);
        }
        self.study_requests();
        self.threat_requests();
        self.outbox.take_first(pick)
    }

    /// Lets the rating see the game after the event: something that makes a rated game
    /// unrated, or its end (the game is then handed to the files lane to be rated).
    pub(super) fn rating_requests(&mut self) {
        let facts = super::rating::GameFacts {
            serial: self.standing.game_serial,
            players: self.play.players,
            levels: self.play.levels,
            editing: self.editor().is_some(),
            analysing: self.analysing() || self.game_analysis_progress().is_some(),
            record: self.game.record(),
            node: self.game.node(),
            player: self.rated_player(),
        };
        let t = crate::tui::text::rating::RatingText::of(self.settings.language);
        if self.play.rating.after_event(&facts, t, &mut self.status, &mut self.outbox) {
            self.saving.dirty = true;
        }
    }

    /// Asks for the threat solve of the position shown, or stops it when the indicator is off.
    pub(super) fn threat_requests(&mut self) {
        let shown = self.threats_shown();
        self.study.threats.requests(shown, self.game.position(), &mut self.outbox);
    }

    /// The library's scan answered: the library page's list and the explorer's index.
    pub fn on_library_scanned(&mut self, found: std::sync::Arc<crate::study::library::Found>) {
        self.shelf.found = Some(std::sync::Arc::clone(&found));
        self.edit_library(|l| l.scanned(found));
    }

    /// The problems solved were written, or why not (said after the problem's own message).
    pub(super) fn on_tsume_progress_written(&mut self, result: Result<(), String>) {
        if let Err(e) = result {
            let not_kept = (self.setup_text().progress_not_kept)(&e);
            self.status.set(format!("{} · {not_kept}", self.status.text()));
        }
    }

    /// The settings file was written (with a note to show), or why not.
    fn on_settings_written(&mut self, result: Result<Option<String>, String>) {
        match result {
            Ok(Some(note)) => self.status.set(note),
            Ok(None) => {}
            Err(e) => self.status.set((self.text().settings_not_saved)(&e)),
        }
    }

    /// Takes in what the connection to the CSA server brought (the online page's).
    pub fn on_online(&mut self, incoming: crate::online::Incoming, now: Instant) {
        let super::Mode::Online(o) = &mut self.mode else { return };
        let events = match o.on_incoming(incoming, now, &mut ctx!(self)) {
            Ok(then) => return self.online_then(then),
            Err(events) => events,
        };
        for ev in events {
            let super::Mode::Online(o) = &mut self.mode else { return };
            let then = o.on_session_event(ev, now, &mut ctx!(self));
            self.online_then(then);
        }
    }

    /// Carries out what online play asked of the app.
    fn online_then(&mut self, then: online_events::Then) {
        use online_events::Then;
        match then {
            Then::Nothing => {}
            Then::Changed => self.saving.dirty = true,
            Then::Started(me) => {
                let Some(record) = self.online().map(|o| o.session().record().clone()) else { return };
                // a new game for the autosave
                self.replace_record(record);
                self.standing.game_serial += 1;
                self.game.to_end();
                self.saving.dirty = true;
                self.board.flipped = me == crate::core::Color::White;
                let t = self.online_text();
                self.status
                    .set((t.started)(me == crate::core::Color::Black, self.pos().side_to_move() == me));
                if self.engine_plays_online() {
                    self.status.set(format!("{} · {}", self.status.text(), t.engine_plays));
                }
            }
            Then::OfferSave(why) => {
                self.saving.dirty = true;
                self.open_popup(super::Popup::OfferSaveLost(why));
            }
            Then::ServerList => {
                if self.overlay().is_none() {
                    self.open_popup(super::Popup::ServerList);
                }
            }
            Then::Leave => self.leave_online(),
        }
    }

    /// Asks for the continuous analysis of the position shown, when it is on and the position
    /// or the number of lines changed (called before the outbox is handed out).
    pub(super) fn study_requests(&mut self) {
        let lines = self.analysis_lines();
        self.study.requests(&self.game, lines, &mut self.outbox);
    }

    /// An update of the analysis last asked for; dropped when none is wanted any more.
    pub fn on_analysis_update(&mut self, u: crate::engine::analysis::Update) {
        self.study.on_update(u, &mut ctx!(self));
    }

    /// One position of the whole-game analysis is done.
    pub fn on_game_progress(
        &mut self,
        ply: usize,
        eval: &crate::engine::analysis::game::PositionEval,
        judgement: Option<&crate::engine::analysis::game::MoveJudgement>,
    ) {
        let serial = self.standing.game_serial;
        self.study.on_game_progress(ply, eval, judgement, &mut ctx!(self), serial);
    }

    /// The whole-game analysis ended (finished or stopped): its result goes into the record's
    /// comments, kept on save; learn mode starts if it was waiting for it.
    pub fn on_game_analysis_done(&mut self, analysis: &crate::engine::analysis::game::GameAnalysis) {
        let serial = self.standing.game_serial;
        let Some(over) = self.study.on_game_analysis_done(analysis, &mut ctx!(self), serial) else { return };
        self.saving.dirty = true;
        if let Some(stopped) = over {
            self.learn_on_analysis_done(stopped);
        }
    }

    /// The computer's search asked for or stopped by where the app stands: the engine playing
    /// for the player in an online game, or the computer of a game on the board.
    fn computer_requests(&mut self, now: Instant) {
        let to_move = self.computer_to_move();
        let online = match &self.mode {
            super::Mode::Online(o) => Some(o),
            _ => None,
        };
        self.play.requests(
            &self.game,
            to_move,
            || online.map(|o| o.think_request(now)),
            now,
            &mut self.outbox,
        );
    }

    /// Takes in one report of the search the app asked for last (the runner drops the reports
    /// of any other); an answer is played when it is due.
    pub fn on_engine_event(&mut self, report: crate::tui::jobs::EngineReport, now: Instant) {
        let t = self.online_text();
        if let (crate::tui::jobs::EngineReport::Failed(why), super::Mode::Online(o)) =
            (&report, &mut self.mode)
        {
            // the engine playing for the player stopped: the player plays on, on the board
            self.play.computer.forget();
            o.engine_failed(why, &mut self.status, t);
            return;
        }
        let text = self.text();
        if self.play.on_report(report, &mut self.status, text) {
            self.play_engine_answer(now);
        }
    }

    /// Plays the computer's answer held back once its time has come, while the game still
    /// stands where it was asked about and the computer is to move.
    pub(super) fn play_engine_answer(&mut self, now: Instant) {
        let natural = self.settings.natural_thinking_time;
        let Some((node, best, declare_win)) = self.play.due_answer(self.game.position(), natural, now) else {
            return;
        };
        if self.game.node() != node || !self.computer_to_move() {
            return;
        }
        if let super::Mode::Online(o) = &mut self.mode {
            o.engine_result(best, declare_win, &mut ctx!(self));
            return;
        }
        self.engine_result(node, best, declare_win);
    }

    /// The computer's answer for `node` (where the game stands): play it, resign, or declare.
    fn engine_result(&mut self, node: NodeId, best: Option<Move>, declare_win: bool) {
        if let Some(m) = best {
            if !self.pos().is_legal(m) {
                // an answer to the position on the board that breaks the rules loses (反則負け)
                self.end_line(Special::new(SpecialKind::IllegalLoss));
                self.status.set((self.text().engine_illegal)(&m.usi()));
                return;
            }
            self.submit_move(m);
        } else if declare_win {
            self.declare();
        } else {
            self.game.record_mut().set_special(node, Some(Special::new(SpecialKind::Resign)));
            self.saving.dirty = true;
            self.status.set(self.text().computer_resigns.into());
        }
    }

    /// The next command about the computer's move: one queued, or else what the computer's
    /// play asks for now.
    #[cfg(test)]
    pub(crate) fn engine_command(&mut self, now: Instant) -> Option<Command> {
        use crate::tui::jobs::{JobKind, JobRequest};
        let engine =
            |c: &Command| matches!(c, Command::Start(JobRequest::Think(_)) | Command::Stop(JobKind::Engine));
        if let Some(c) = self.outbox.take_first(engine) {
            return Some(c);
        }
        self.computer_requests(now);
        self.outbox.take_first(engine)
    }

    /// When the app next needs the loop's attention with no event: while a clock runs, to show
    /// it counting down (and catch the flag falling); while the computer's answer is held back
    /// (for the pace, or the level's natural thinking time), when it is due. `None`: only events matter.
    pub fn wake_at(&self, now: Instant) -> Option<Instant> {
        let clock_runs =
            self.clock().is_some_and(|c| !c.stopped) && !self.line_ended() && !self.status().is_over();
        let online_clock = self.online().is_some_and(|o| {
            matches!(o.stage(), super::Stage::Playing | super::Stage::Waiting | super::Stage::Connecting)
        });
        let clock = (clock_runs || online_clock).then(|| now + CLOCK_TICK);
        [
            clock,
            self.play.answer_due(self.pos(), self.settings.natural_thinking_time, now),
            self.flash_until(),
            self.online_deadline(),
        ]
        .into_iter()
        .flatten()
        .min()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::app::{GameMode, NewGameChoice, Player};
    use crate::tui::jobs::{JobKind, JobRequest, ThinkRequest};

    /// The commands about the computer's move.
    fn engine_commands(app: &mut App, now: Instant) -> Vec<Command> {
        let engine =
            |c: &Command| matches!(c, Command::Stop(JobKind::Engine) | Command::Start(JobRequest::Think(_)));
        app.commands(now).into_iter().filter(engine).collect()
    }

    #[test]
    fn a_clock_or_a_held_answer_asks_for_a_wake_up_and_nothing_else_does() {
        let now = Instant::now();
        let mut app = App::new(crate::core::Position::startpos());
        assert_eq!(app.wake_at(now), None, "an idle review needs no timer");
        // a timed game: the clock is redrawn while it runs
        let mut timed = App::new(crate::core::Position::startpos());
        timed.start_new_game(NewGameChoice {
            mode: GameMode::HotSeat,
            level: crate::engine::levels::Level::new(1).unwrap(),
            clock: crate::tui::app::clock::preset(1),
            clock_side: None,
            handicap: 0,
            names: Default::default(),
            naming: None,
            gote_level: crate::engine::levels::Level::new(3).unwrap(),
        });
        assert!(timed.clock().is_some());
        let at = timed.wake_at(now).expect("a running clock ticks");
        assert!(at > now && at <= now + CLOCK_TICK);
        timed.resign();
        assert_eq!(timed.wake_at(now), None, "a clock of a game ended does not tick");
        // computer against computer: an answer held for the pace is due at the pace
        app.play.players = [Player::Engine, Player::Engine];
        app.set_pace(Duration::from_secs(3));
        let cmds = engine_commands(&mut app, now);
        assert!(matches!(cmds.as_slice(), [Command::Start(JobRequest::Think(_))]), "{cmds:?}");
        let best = app.pos().parse_usi_move("7g7f").ok();
        app.on_job(Report::Engine(crate::tui::jobs::EngineReport::Answer { best, declare_win: false }), now);
        assert_eq!(app.ply(), 0, "held back for the pace");
        assert_eq!(app.wake_at(now), Some(now + Duration::from_secs(3)));
        app.tick(now + Duration::from_secs(3));
        assert_eq!(app.ply(), 1);
    }

    #[test]
    fn a_stop_then_a_new_search_are_handed_out_in_one_turn() {
        let now = Instant::now();
        let kif = "手合割：平手\n   1 ７六歩(77)\n";
        let (rec, _) = crate::record::read_text(kif, crate::record::Format::Kifu).unwrap();
        let mut app = App::with_record(rec);
        app.play.players = [Player::Engine, Player::Engine];
        assert!(matches!(engine_commands(&mut app, now).as_slice(), [Command::Start(JobRequest::Think(_))]));
        // navigating while the computer thinks: stop the old search, think about the new place
        app.redo();
        assert_eq!(app.ply(), 1);
        let cmds = engine_commands(&mut app, now);
        assert!(
            matches!(
                cmds.as_slice(),
                [Command::Stop(JobKind::Engine), Command::Start(JobRequest::Think(ThinkRequest { moves, .. }))]
                    if moves.len() == 1
            ),
            "{cmds:?}"
        );
    }
}

//! The app and the event loop: what the app asks the loop to do after each event
//! ([`App::commands`]: jobs to start and stop, text to copy, suspending, quitting), the job
//! reports it takes in ([`App::on_job`]), and when it wants to be woken without an event
//! ([`App::wake_at`]: the clocks and the pace of play). Each concern decides its own requests
//! (`engine`, `study`, `tsume`, `threats`, `learn`, `library`, saving in `line`); this file only turns them
//! into [`Command`]s and reports back into calls.

use super::{
    App, EngineCommand, LearnCommand, LibraryCommand, OnlineCommand, StudyCommand, ThreatCommand,
    TsumeCommand,
};
use crate::engine::analysis::game::GameAnalysisOptions;
use crate::engine::search::time::Limits;
use crate::tui::event::Command;
use crate::tui::jobs::{GameReport, JobKind, JobRequest, Report, ThinkRequest};
use std::time::{Duration, Instant};

/// How often the screen is redrawn while a clock runs.
const CLOCK_TICK: Duration = Duration::from_millis(200);

impl App {
    /// Everything the app wants done after the last event, in order.
    pub fn commands(&mut self, now: Instant) -> Vec<Command> {
        let mut out = Vec::new();
        if let Some(text) = self.take_clipboard() {
            out.push(Command::Copy(text));
        }
        while let Some(cmd) = self.engine_command(now) {
            out.push(match cmd {
                EngineCommand::Stop => Command::Stop(JobKind::Engine),
                EngineCommand::Think { start, moves, level, limits } => {
                    Command::Start(JobRequest::Think(ThinkRequest { start, moves, level, limits }))
                }
            });
        }
        while let Some(cmd) = self.study_command() {
            out.push(match cmd {
                StudyCommand::Analyse { pos, lines, movetime_ms } => {
                    let limits = movetime_ms.map(Limits::movetime).unwrap_or_default();
                    Command::Start(JobRequest::Analyse { pos, lines, limits })
                }
                StudyCommand::StopAnalysis => Command::Stop(JobKind::Analysis),
                StudyCommand::AnalyseGame { start, moves, movetime_ms, thresholds } => {
                    let options =
                        GameAnalysisOptions { movetime_ms, thresholds, ..GameAnalysisOptions::default() };
                    Command::Start(JobRequest::AnalyseGame { start, moves, options })
                }
                StudyCommand::StopGame => Command::Stop(JobKind::GameAnalysis),
            });
        }
        while let Some(cmd) = self.tsume_command() {
            match cmd {
                TsumeCommand::Judge { pos, mv } => {
                    out.push(Command::Start(JobRequest::TsumeJudge { pos, mv }))
                }
                TsumeCommand::Solve { pos } => out.push(Command::Start(JobRequest::TsumeSolve { pos })),
                TsumeCommand::Stop => {
                    out.push(Command::Stop(JobKind::TsumeJudge));
                    out.push(Command::Stop(JobKind::TsumeSolve));
                }
            }
        }
        while let Some(cmd) = self.threat_command() {
            out.push(match cmd {
                ThreatCommand::Probe { pos } => Command::Start(JobRequest::Threats { pos }),
                ThreatCommand::Cancel => Command::Stop(JobKind::Threats),
            });
        }
        while let Some(cmd) = self.learn_command() {
            out.push(match cmd {
                LearnCommand::Evaluate { pos, movetime_ms } => {
                    Command::Start(JobRequest::Learn { pos, movetime_ms })
                }
                LearnCommand::Cancel => Command::Stop(JobKind::Learn),
            });
        }
        while let Some(cmd) = self.online_command() {
            out.push(match cmd {
                OnlineCommand::Connect(c) => Command::Start(JobRequest::Connect(c)),
                OnlineCommand::Send(line) => Command::Send(line),
                OnlineCommand::Close => Command::Stop(JobKind::Online),
            });
        }
        while let Some(cmd) = self.library_command() {
            match cmd {
                LibraryCommand::Scan(sources) => {
                    out.push(Command::Start(JobRequest::LibraryScan { sources }))
                }
                LibraryCommand::Open(path) => {
                    let recent = self.library_sources().recent.clone();
                    out.push(Command::Start(JobRequest::LibraryOpen { path, recent }))
                }
                LibraryCommand::Stop => {
                    out.push(Command::Stop(JobKind::LibraryScan));
                    out.push(Command::Stop(JobKind::LibraryOpen));
                }
            }
        }
        out.extend(self.saves.drain(..).map(Command::Start));
        if self.byoyomi_count(now) {
            out.push(Command::Bell);
        }
        if self.take_suspend_request() && !self.should_quit() {
            out.push(Command::Suspend);
        }
        if self.should_quit() {
            out.push(Command::Quit);
        }
        out
    }

    /// Takes in a report of a job the app asked for (the runner has dropped stale ones).
    pub fn on_job(&mut self, report: Report, now: Instant) {
        match report {
            Report::Engine(r) => self.on_engine_event(r, now),
            Report::Analysis(u) => self.on_analysis_update(u),
            Report::GameAnalysis(GameReport::Progress { ply, eval, judgement }) => {
                self.on_game_progress(ply, &eval, judgement.as_ref())
            }
            Report::GameAnalysis(GameReport::Done(analysis)) => self.on_game_analysis_done(&analysis),
            Report::Tsume(answer) => self.on_tsume_answer(answer),
            Report::Threats(found) => self.on_threats(found),
            Report::Learn(eval) => self.on_learn_eval(eval),
            Report::Saved { path, result } => self.on_saved(&path, result),
            Report::LibraryScanned(found) => self.on_library_scanned(found),
            Report::LibraryOpened { path, result } => self.on_library_opened(path, result.map(|r| *r)),
            // the autosave is the event loop's
            Report::Autosaved(_) => {}
            Report::Online(incoming) => self.on_online(incoming, now),
            Report::PasswordNotKept(why) => self.message = (self.online_text().password_not_kept)(&why),
        }
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
        [clock, self.answer_due(now), self.flash_until(), self.online_deadline()].into_iter().flatten().min()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::app::{GameMode, NewGameChoice, Player};

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
            level: 1,
            clock: crate::tui::app::clock::preset(1),
            clock_side: None,
            handicap: 0,
            gote_level: 3,
        });
        assert!(timed.clock().is_some());
        let at = timed.wake_at(now).expect("a running clock ticks");
        assert!(at > now && at <= now + CLOCK_TICK);
        timed.resign();
        assert_eq!(timed.wake_at(now), None, "a clock of a game ended does not tick");
        // computer against computer: an answer held for the pace is due at the pace
        app.players = [Player::Engine, Player::Engine];
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
        app.players = [Player::Engine, Player::Engine];
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

//! The autosave: after every change the loop hands the record and the session (what resuming
//! needs, `app::Session`) to the files lane (`jobs`, `FileJob::Autosave`); a burst of changes
//! costs one write, as a newer autosave replaces one still waiting. A new game's first
//! autosave asks the lane to keep the previous game's first (`Store::keep_previous`); it waits
//! until the previous game's last autosave has been written, so as not to replace it. Nothing
//! here touches the file system.

use super::app::App;
use super::jobs::{AutosaveFailure, FileJob, FileKind, JobKind, Runner};
use super::storage::Store;
use std::time::{Duration, Instant};

/// How long quitting or suspending waits for the files to be written.
const FLUSH: Duration = Duration::from_secs(5);

/// The autosave's kind of job.
const AUTOSAVE: JobKind = JobKind::Files(FileKind::Autosave);

pub(super) struct Autosave {
    store: Option<Store>,
    /// The game (by `App::game_serial`) the autosave on disk belongs to, if it is this app's.
    owner: Option<u64>,
    /// The node path last written into the session.
    path: Vec<usize>,
    /// The record changed and no autosave with it has been reported written: every autosave
    /// carries it until one is (a newer autosave replaces one still waiting).
    record_pending: bool,
    /// The record changed since the last autosave was started.
    changed: bool,
    /// A new game's autosave waits for the previous game's last one to be reported written.
    waiting: bool,
}

impl Autosave {
    pub(super) fn new(app: &App, store: Option<Store>) -> Autosave {
        Autosave {
            store,
            owner: app.resumed().then_some(app.game_serial()),
            path: app.node_path(),
            record_pending: false,
            changed: false,
            waiting: false,
        }
    }

    /// Starts an autosave when the record changed or the game moved to another node.
    pub(super) fn update(&mut self, app: &mut App, runner: &mut Runner, now: Instant) {
        if self.store.is_none() {
            return;
        }
        let dirty = app.take_dirty();
        self.changed |= dirty;
        if !dirty && app.node_path() == self.path && !self.waiting {
            return;
        }
        if self.owner != Some(app.game_serial()) && runner.running(AUTOSAVE) {
            // the previous game's autosave in flight is not replaced: it is kept complete
            self.waiting = true;
            return;
        }
        self.start(app, runner, now);
    }

    /// Hands the autosave of the game shown to the files lane.
    fn start(&mut self, app: &mut App, runner: &mut Runner, now: Instant) {
        let Some(store) = &self.store else { return };
        self.waiting = false;
        self.record_pending |= std::mem::take(&mut self.changed);
        let session = match serde_json::to_string_pretty(&app.session(now)) {
            Ok(text) => text,
            Err(e) => return app.set_autosave_result(Some(e.to_string())),
        };
        let game = app.game_serial();
        runner.start(
            FileJob::Autosave {
                game,
                keep_previous: (self.owner != Some(game)).then(|| store.clone()),
                record_path: store.autosave_path(),
                record: self.record_pending.then(|| Box::new(app.record().clone())),
                session_path: store.session_path(),
                session,
            }
            .into(),
        );
        self.path = app.node_path();
    }

    /// The autosave of game `game` last started has been written, or why not.
    pub(super) fn on_report(&mut self, app: &mut App, game: u64, result: Result<(), AutosaveFailure>) {
        match result {
            Ok(()) => {
                self.owner = Some(game);
                self.record_pending = false;
                app.set_autosave_result(None);
            }
            Err(AutosaveFailure::NotWritten(e)) => {
                self.owner = Some(game);
                app.set_autosave_result(Some(e));
            }
            // nothing was written over the previous game: the next change tries again
            Err(AutosaveFailure::PreviousNotKept(e)) => app.set_message((app.text().previous_not_kept)(&e)),
        }
    }

    /// Waits (a few seconds at most) until every file handed to the runner is written, the
    /// autosave still waiting included.
    pub(super) fn finish(&mut self, app: &mut App, runner: &mut Runner, now: Instant) {
        runner.wait_idle(AUTOSAVE, FLUSH);
        if self.waiting {
            self.start(app, runner, now);
            runner.wait_idle(AUTOSAVE, FLUSH);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::jobs::JobEvent;
    use crate::tui::jobs::{Computer, FileReport, Report};
    use crate::tui::test_dir::TempDir;
    use std::sync::mpsc::Receiver;

    /// A runner, an app with ７六歩 played and its autosave started.
    fn after_a_move(store: &Store) -> (Runner, Receiver<JobEvent>, App, Autosave) {
        let (tx, rx) = std::sync::mpsc::channel();
        let mut runner = Runner::new(
            move |e| {
                let _ = tx.send(e);
            },
            Computer::builtin(crate::engine::levels::Level::MAX),
        );
        let mut app = App::new(crate::core::Position::startpos());
        let mut autosave = Autosave::new(&app, Some(store.clone()));
        assert!(app.submit_typed("7g7f"));
        autosave.update(&mut app, &mut runner, Instant::now());
        (runner, rx, app, autosave)
    }

    /// Hands the autosave's next report to it, as the event loop does.
    fn take_report(runner: &mut Runner, rx: &Receiver<JobEvent>, app: &mut App, autosave: &mut Autosave) {
        let ev =
            runner.accept(rx.recv_timeout(Duration::from_secs(60)).unwrap()).expect("the autosave's report");
        let Report::Files(FileReport::Autosaved { game, result }) = ev.report else { panic!() };
        autosave.on_report(app, game, result);
    }

    #[test]
    fn the_first_autosave_creates_the_data_folder_and_a_new_game_keeps_the_previous() {
        let d = TempDir::new("autosave-first-folder");
        let store = Store::at(d.0.join("not/yet/there"));
        let (mut runner, rx, mut app, mut autosave) = after_a_move(&store);
        take_report(&mut runner, &rx, &mut app, &mut autosave);
        assert!(!autosave.record_pending, "{}", app.message());
        assert!(std::fs::read_to_string(store.autosave_path()).unwrap().contains("７六歩"));
        let saved = store.load_autosave().unwrap().expect("an autosave");
        assert_eq!(
            crate::tui::app::Session::from_file(saved.session.as_deref(), &saved.record).path,
            vec![0]
        );
        // a new game: the first game is kept, complete, before its autosave is replaced
        assert!(app.submit_typed("3c3d"));
        autosave.update(&mut app, &mut runner, Instant::now());
        app.start_new_game(app.last_choice());
        autosave.update(&mut app, &mut runner, Instant::now());
        autosave.finish(&mut app, &mut runner, Instant::now());
        let kept: Vec<_> = std::fs::read_dir(store.previous_dir()).unwrap().flatten().collect();
        assert_eq!(kept.len(), 1);
        assert!(std::fs::read_to_string(kept[0].path()).unwrap().contains("３四歩"));
        assert!(!std::fs::read_to_string(store.autosave_path()).unwrap().contains("３四歩"));
    }

    #[test]
    fn a_change_made_while_a_new_game_s_first_autosave_is_in_flight_is_written_after_it() {
        let d = TempDir::new("autosave-in-flight");
        let store = Store::at(d.0.join("data"));
        let (mut runner, rx, mut app, mut autosave) = after_a_move(&store);
        // the first autosave (keeping the previous game's) has not been reported: the next
        // change waits for it instead of replacing it
        assert!(app.submit_typed("3c3d"));
        autosave.update(&mut app, &mut runner, Instant::now());
        assert!(autosave.waiting);
        take_report(&mut runner, &rx, &mut app, &mut autosave);
        autosave.update(&mut app, &mut runner, Instant::now());
        assert!(!autosave.waiting);
        autosave.finish(&mut app, &mut runner, Instant::now());
        assert!(std::fs::read_to_string(store.autosave_path()).unwrap().contains("３四歩"));
    }
}

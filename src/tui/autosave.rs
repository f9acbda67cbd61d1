//! The autosave: after every change the loop hands the record and the session (what resuming
//! needs, `app::Session`) to a job that writes them (`jobs`, kind `Autosave`); a burst of
//! changes costs one write, as a newer autosave replaces one still waiting. Before a new game's
//! first autosave, the previous game's is kept (`Store::keep_previous`).

use super::app::App;
use super::jobs::{JobKind, JobRequest, Runner};
use super::storage::Store;
use std::time::{Duration, Instant};

/// How long quitting or suspending waits for the files to be written.
const FLUSH: Duration = Duration::from_secs(5);

pub(super) struct Autosave {
    store: Option<Store>,
    /// The game (by `App::game_serial`) the autosave on disk belongs to, if it is this app's.
    owner: Option<u64>,
    /// The node path last written into the session.
    path: Vec<usize>,
    /// The record changed and no autosave with it has been reported written: every autosave
    /// carries it until one is (a newer autosave replaces one still waiting).
    record_pending: bool,
}

impl Autosave {
    pub(super) fn new(app: &App, store: Option<Store>) -> Autosave {
        Autosave {
            store,
            owner: app.resumed().then_some(app.game_serial()),
            path: app.node_path(),
            record_pending: false,
        }
    }

    /// Starts an autosave when the record changed or the game moved to another node.
    pub(super) fn update(&mut self, app: &mut App, runner: &mut Runner, now: Instant) {
        let Some(store) = &self.store else { return };
        let dirty = app.take_dirty();
        let path = app.node_path();
        if !dirty && path == self.path {
            return;
        }
        if self.owner != Some(app.game_serial()) {
            // the previous game's autosave, complete, is kept before this game's takes its place
            runner.wait_idle(JobKind::Autosave, FLUSH);
            if let Err(e) = store.keep_previous() {
                app.set_message((app.text().previous_not_kept)(&e.to_string()));
                return;
            }
            self.owner = Some(app.game_serial());
        }
        self.record_pending |= dirty;
        let session = match serde_json::to_string_pretty(&app.session(now)) {
            Ok(text) => text,
            Err(e) => return app.set_autosave_result(Some(e.to_string())),
        };
        runner.start(JobRequest::Autosave {
            record_path: store.autosave_path(),
            record: self.record_pending.then(|| Box::new(app.record().clone())),
            session_path: store.session_path(),
            session,
        });
        self.path = path;
    }

    /// The autosave last started has been written, or why not.
    pub(super) fn on_report(&mut self, app: &mut App, result: Result<(), String>) {
        if result.is_ok() {
            self.record_pending = false;
        }
        app.set_autosave_result(result.err());
    }

    /// Waits (a few seconds at most) until every file handed to the runner is written.
    pub(super) fn finish(&self, runner: &Runner) {
        runner.wait_idle(JobKind::Autosave, FLUSH);
        runner.wait_idle(JobKind::Save, FLUSH);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::jobs::{Computer, Report};
    use crate::tui::test_dir::TempDir;

    #[test]
    fn the_first_autosave_creates_the_data_folder_and_a_new_game_keeps_the_previous() {
        let d = TempDir::new("autosave-first-folder");
        let store = Store::at(d.0.join("not/yet/there"));
        let (tx, rx) = std::sync::mpsc::channel();
        let mut runner = Runner::new(
            move |e| {
                let _ = tx.send(e);
            },
            Computer::Builtin,
        );
        let mut app = App::new(crate::core::Position::startpos());
        let mut autosave = Autosave::new(&app, Some(store.clone()));
        assert!(app.submit_typed("7g7f"));
        autosave.update(&mut app, &mut runner, Instant::now());
        let ev =
            runner.accept(rx.recv_timeout(Duration::from_secs(60)).unwrap()).expect("the autosave's report");
        let Report::Autosaved(result) = ev.report else { panic!() };
        autosave.on_report(&mut app, result);
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
        autosave.finish(&runner);
        let kept: Vec<_> = std::fs::read_dir(store.previous_dir()).unwrap().flatten().collect();
        assert_eq!(kept.len(), 1);
        assert!(std::fs::read_to_string(kept[0].path()).unwrap().contains("３四歩"));
        assert!(!std::fs::read_to_string(store.autosave_path()).unwrap().contains("３四歩"));
    }
}

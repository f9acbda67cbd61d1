//! The terminal app: one event loop — draw the whole frame from `App`, wait for an event, update
//! `App`.
//!
//! Layout by role:
//! - `app/`: the state and every transition on it (fields private; no drawing, no terminal I/O,
//!   no rules logic);
//! - `input/`: keys and mouse to `App` method calls, routed by what is on top (popup, text box,
//!   board page);
//! - `view/`: pure drawing from `App` and `now`, with the layout and board geometry that mouse
//!   hit-testing shares;
//! - `terminal`: the raw-mode/alternate-screen/mouse guard, signals and suspension;
//! - `storage`: files the app keeps (autosave and its session, earlier games, the default
//!   folder for saved games);
//! - `settings`: the player's settings and their JSON file (the next game's choices too);
//! - `text`: every piece of interface text, in Japanese and English;
//! - `engine_link`: the computer player off the UI thread;
//! - `study_link` and `tsume_link`: analysis and the tsume solver off the UI thread;
//! - `probe_link`: the threat indicator's solves and learn mode's searches off the UI thread.

pub mod app;
pub mod color_writer;
pub mod engine_link;
pub mod input;
pub mod library;
pub mod probe_link;
pub mod settings;
pub mod storage;
pub mod study_link;
pub mod terminal;
#[cfg(test)]
mod test_dir;
pub mod text;
pub mod tsume_link;
pub mod view;

use app::{App, EngineCommand};
use crossterm::event;
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use settings::Settings;
use std::io;
use std::path::Path;
use std::time::{Duration, Instant};
use storage::Store;

/// Runs the app on the real terminal until the user quits or a signal ends it. The record is
/// autosaved after every change, with what is needed to resume the game (see `storage`).
/// Changed settings are written to `settings` (when there is a file to write to).
pub fn run(
    mut app: App,
    mut engine: engine_link::EngineLink,
    mut settings: Option<settings::SettingsFile>,
) -> io::Result<()> {
    let signals = terminal::Signals::install()?;
    let store = Store::platform();
    let mut autosave = Autosave::new(&app, store);
    let guard = terminal::TerminalGuard::enter()?;
    let mut study = study_link::StudyLink::new();
    let mut tsume = tsume_link::TsumeLink::new();
    let mut probes = probe_link::ProbeLink::new();
    let mut terminal = Terminal::new(backend(&app))?;
    app.set_engine_name(&engine.name);
    while !app.should_quit() {
        terminal.draw(|f| view::draw(f, &app, Instant::now()))?;
        if terminal::wait_input_hung_up(Duration::from_millis(50)) {
            app.quit();
        } else {
            // what is waiting is read without waiting more (a resize, which crossterm learns
            // from its own signal pipe, too): the wait is the hang-up check above
            loop {
                match event::poll(Duration::ZERO) {
                    Ok(true) => {
                        let size = terminal.size()?;
                        let area = ratatui::layout::Rect::new(0, 0, size.width, size.height);
                        input::handle_event(&mut app, event::read()?, area);
                    }
                    Ok(false) => break,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => break,
                    Err(e) => return Err(e),
                }
            }
        }
        if signals.quit_requested() {
            app.quit();
        }
        if let Some(text) = app.take_clipboard()
            && let Err(e) = terminal::copy_to_clipboard(&text)
        {
            app.set_message(e.to_string());
        }
        app.tick(Instant::now());
        drive_engine(&mut app, &mut engine);
        study.drive(&mut app);
        tsume.drive(&mut app);
        probes.drive(&mut app);
        autosave.update(&mut app, Instant::now());
        if (signals.take_suspend() || app.take_suspend_request()) && !app.should_quit() {
            autosave.finish();
            terminal::suspend()?;
            // a fresh terminal has no previous frame: the next draw repaints everything
            terminal = Terminal::new(backend(&app))?;
        }
        if app.take_settings_dirty()
            && let Some(file) = settings.as_mut()
        {
            match file.save(app.settings()) {
                Ok(Some(note)) => app.set_message(note),
                Ok(None) => {}
                Err(e) => app.set_message((app.text().settings_not_saved)(&e.to_string())),
            }
        }
    }
    autosave.finish();
    drop(terminal);
    drop(guard);
    Ok(())
}

/// The terminal's backend, writing the colours the terminal shows.
fn backend(app: &App) -> CrosstermBackend<color_writer::ColorWriter<io::Stdout>> {
    CrosstermBackend::new(color_writer::ColorWriter::new(io::stdout(), app.color_depth()))
}

/// Keeps the autosave and its session up to date, written off the UI thread, and keeps the
/// previous game's autosave before a new game takes its place.
struct Autosave {
    store: Option<Store>,
    saver: crate::record::Saver,
    /// The game (by `App::game_serial`) the autosave on disk belongs to, if it is this app's.
    owner: Option<u64>,
    path: Vec<usize>,
}

impl Autosave {
    fn new(app: &App, store: Option<Store>) -> Autosave {
        Autosave {
            store,
            saver: crate::record::Saver::new(),
            owner: app.resumed().then_some(app.game_serial()),
            path: app.node_path(),
        }
    }

    fn update(&mut self, app: &mut App, now: Instant) {
        let Some(store) = &self.store else { return };
        let dirty = app.take_dirty();
        let path = app.node_path();
        if dirty || path != self.path {
            if self.owner != Some(app.game_serial()) {
                if let Err(e) = store.keep_previous() {
                    app.set_message((app.text().previous_not_kept)(&e.to_string()));
                    return;
                }
                self.owner = Some(app.game_serial());
            }
            if dirty {
                // the background writer needs the folder (a first launch has none yet)
                if let Err(e) = store.ensure_dir() {
                    app.set_message((app.text().autosave_failed)(&e.to_string()));
                    return;
                }
                self.saver.save(store.autosave_path(), app.record().clone());
            }
            if let Err(e) = store.write_session(&app.session(now)) {
                app.set_message((app.text().autosave_failed)(&e.to_string()));
            }
            self.path = path;
        }
        for report in self.saver.poll() {
            if let Err(e) = report.result {
                app.set_message((app.text().autosave_failed)(&e.to_string()));
            }
        }
    }

    /// Waits (a few seconds at most) until everything queued is on disk.
    fn finish(&self) {
        self.saver.wait(Duration::from_secs(5));
    }
}

/// Carries the engine's reports to the app and the app's requests to the engine.
fn drive_engine(app: &mut App, engine: &mut engine_link::EngineLink) {
    while let Some(ev) = engine.poll() {
        app.on_engine_event(ev, Instant::now());
    }
    while let Some(cmd) = app.engine_command(Instant::now()) {
        match cmd {
            EngineCommand::Stop => engine.stop_thinking(),
            EngineCommand::Think { start, moves, level, limits } => {
                let ticket = engine.think(&start, &moves, level, limits);
                app.engine_started(ticket);
            }
        }
    }
}

/// A record file given to open that cannot be read.
#[derive(Debug, thiserror::Error)]
#[error("cannot open {}: {error}", path.display())]
pub struct OpenError {
    pub path: std::path::PathBuf,
    pub error: crate::record::RecordError,
}

/// Opens `path` for review; without one, brings back the unfinished game from the autosave,
/// or starts a game as `settings` describe the next one (the last one chosen; the first launch
/// ever: you against the computer). A file that cannot be read is an error; a file with an
/// unreadable move opens up to that move, with the problem shown.
pub fn open(path: Option<&Path>, settings: Settings) -> Result<App, OpenError> {
    open_with(path, Store::platform().as_ref(), settings, Instant::now())
}

/// `open` with the app's files in `store`.
pub fn open_with(
    path: Option<&Path>,
    store: Option<&Store>,
    settings: Settings,
    now: Instant,
) -> Result<App, OpenError> {
    if let Some(path) = path {
        let (record, warnings) = crate::record::load_record(path)
            .map_err(|error| OpenError { path: path.to_path_buf(), error })?;
        let message = match warnings.first() {
            Some(w) => format!("{}: {w}", path.display()),
            None => (text::Text::of(settings.language).opened_file)(
                &path.display().to_string(),
                record.main_line().len(),
            ),
        };
        let mut app = App::opened(record, path, message);
        app.set_settings(settings);
        return Ok(app);
    }
    let mut note = None;
    match store.map(Store::load_autosave) {
        Some(Ok(Some(saved))) => {
            let mut app = App::resume(saved.record, &saved.session, settings.clone(), now);
            if saved.session.playing && app.unfinished() {
                let started = app.record().header("開始日時").unwrap_or_default().to_string();
                let mut note = (app.text().resumed_game)(app.ply(), &started);
                if app.paused() {
                    note = format!("{note} · {}", app.text().paused);
                }
                app.set_message(note);
                return Ok(app);
            }
        }
        Some(Err(e)) => note = Some((text::Text::of(settings.language).autosave_kept)(&e.to_string())),
        _ => {}
    }
    let mut app = App::new_game(settings);
    let label = app.last_choice().mode.label(app.text());
    let launch = (app.text().new_game_at_launch)(label);
    app.set_message(note.unwrap_or(launch));
    Ok(app)
}

#[cfg(test)]
mod autosave_tests {
    use super::*;

    #[test]
    fn the_first_autosave_creates_the_data_folder() {
        let d = test_dir::TempDir::new("autosave-first-folder");
        let store = Store::at(d.0.join("not/yet/there"));
        let mut app = App::new(crate::core::Position::startpos());
        let mut autosave = Autosave::new(&app, Some(store.clone()));
        assert!(app.submit_typed("7g7f"));
        autosave.update(&mut app, Instant::now());
        autosave.finish();
        for report in autosave.saver.poll() {
            assert!(report.result.is_ok(), "{:?}", report.result);
        }
        assert!(store.autosave_path().exists(), "{}", app.message());
        assert!(!app.message().contains("failed"), "{}", app.message());
    }
}

//! The terminal app: one event loop — draw the whole frame from `App`, wait for the next
//! event, let `App` take it, carry out the commands it hands back.
//!
//! Layout by role:
//! - `app/`: the state and every transition on it (fields private; no drawing, no terminal I/O,
//!   no rules logic);
//! - `input/`: keys and mouse to `App` method calls, routed by what is on top (popup, text box,
//!   board page);
//! - `view/`: pure drawing from `App` and `now`, with the layout and board geometry that mouse
//!   hit-testing shares;
//! - `event`: the loop's one kind of event (terminal input, job reports, signals, timers) and
//!   the commands the app hands back;
//! - `jobs`: the job runner, every piece of background work (the computer's moves, analysis,
//!   tsume, threats, learn mode, saves, the game library's scan) off the UI thread;
//! - `terminal`: the raw-mode/alternate-screen/mouse guard, the input reader thread, signals
//!   and suspension;
//! - `autosave`: the autosave written after every change, as a job;
//! - `storage`: files the app keeps (autosave and its session, earlier games, the default
//!   folder for saved games, remembered passwords, tsume progress; the game library's files are
//!   `study::library`'s);
//! - `settings`: the player's settings and their JSON file (the next game's choices too);
//! - `text`: every piece of interface text, in Japanese and English.

pub mod app;
mod autosave;
pub mod background;
pub mod color_depth;
pub mod color_writer;
pub mod event;
pub mod input;
pub mod jobs;
pub mod keymap;
pub mod settings;
pub mod storage;
pub mod terminal;
#[cfg(test)]
use crate::test_dir;
pub mod text;
pub mod view;

use app::App;
use autosave::Autosave;
use event::{Command, Event, Signal};
use jobs::{Computer, Runner};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use settings::Settings;
use std::io;
use std::path::Path;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use storage::Store;

/// Events taken in one after another before a frame is drawn, when they come faster than frames.
const EVENTS_PER_FRAME: usize = 64;

/// Runs the app on the real terminal until the user quits or a signal ends it, with `computer`
/// playing the computer's moves. The record is autosaved after every change, with what is
/// needed to resume the game (see `storage`). Changed settings are written to `settings` (when
/// there is a file to write to).
pub fn run(mut app: App, computer: Computer, settings: Option<settings::SettingsFile>) -> io::Result<()> {
    let settings = settings.map(|file| Arc::new(Mutex::new(file)));
    let (tx, rx) = mpsc::channel::<Event>();
    let _signals = terminal::Signals::install(tx.clone())?;
    let mut autosave = Autosave::new(&app, Store::platform());
    let guard = terminal::TerminalGuard::enter()?;
    terminal::spawn_input_reader(tx.clone())?;
    let mut runner = Runner::new(
        move |job| {
            let _ = tx.send(Event::Job(job));
        },
        computer,
    );
    app.set_engine_name(runner.engine_name());
    app.set_library_sources(storage::library_sources(Store::platform().as_ref()));
    let mut terminal = Terminal::new(backend(&app))?;
    // the first turn has no event: the app may have work to hand out at launch
    let mut event = None;
    let mut taken = 0;
    loop {
        let now = Instant::now();
        if let Some(ev) = event.take() {
            let size = terminal.size()?;
            let area = ratatui::layout::Rect::new(0, 0, size.width, size.height);
            update(&mut app, &mut runner, &mut autosave, ev, area, now);
        }
        let size = terminal.size()?;
        app.set_board_shown(view::fits(size.width, size.height), now);
        app.tick(now);
        let mut quit = false;
        let mut suspend = false;
        for command in app.commands(now) {
            match command {
                Command::Start(request) => {
                    runner.start(request);
                }
                Command::Stop(kind) => runner.stop(kind),
                Command::Send(line) => runner.send_line(&line),
                Command::Copy(text) => {
                    if let Err(e) = terminal::copy_to_clipboard(&text) {
                        app.set_message(e.to_string());
                    }
                }
                Command::Bell => {
                    // a bell that cannot be rung is not worth a message
                    let _ = terminal::ring_bell();
                }
                Command::Suspend => suspend = true,
                Command::Quit => quit = true,
            }
        }
        autosave.update(&mut app, &mut runner, now);
        write_settings(&mut app, &mut runner, settings.as_ref());
        if quit {
            break;
        }
        if suspend {
            autosave.finish(&mut app, &mut runner, Instant::now());
            terminal::suspend()?;
            // a fresh terminal has no previous frame: the next draw repaints everything
            terminal = Terminal::new(backend(&app))?;
        }
        // events already waiting are taken in before the frame is drawn
        if taken < EVENTS_PER_FRAME
            && let Ok(ev) = rx.try_recv()
        {
            event = Some(ev);
            taken += 1;
            continue;
        }
        taken = 0;
        terminal.draw(|f| view::draw(f, &app, Instant::now()))?;
        match next_event(&rx, app.wake_at(Instant::now())) {
            Some(ev) => event = Some(ev),
            None => break,
        }
    }
    autosave.finish(&mut app, &mut runner, Instant::now());
    drop(terminal);
    drop(guard);
    // every job is stopped; an external engine is told to quit
    drop(runner);
    Ok(())
}

/// The terminal's backend, writing the colours the terminal shows.
fn backend(app: &App) -> CrosstermBackend<color_writer::ColorWriter<io::Stdout>> {
    CrosstermBackend::new(color_writer::ColorWriter::new(io::stdout(), app.color_depth()))
}

/// Waits for the next event; at `wake_at` (when the app asked for a time) it is a tick. `None`
/// when every source has gone (never while the loop holds a sender of its own).
fn next_event(rx: &Receiver<Event>, wake_at: Option<Instant>) -> Option<Event> {
    match wake_at {
        Some(at) => match rx.recv_timeout(at.saturating_duration_since(Instant::now())) {
            Ok(ev) => Some(ev),
            Err(RecvTimeoutError::Timeout) => Some(Event::Tick),
            Err(RecvTimeoutError::Disconnected) => None,
        },
        None => rx.recv().ok(),
    }
}

/// Hands one event to the app: terminal input through `input`, a job's report (when it is not
/// stale) to the app or the autosave, signals and the hang-up as the keys that mean the same.
fn update(
    app: &mut App,
    runner: &mut Runner,
    autosave: &mut Autosave,
    event: Event,
    area: ratatui::layout::Rect,
    now: Instant,
) {
    match event {
        Event::Terminal(ev) => input::handle_event(app, ev, area),
        Event::HungUp | Event::Signal(Signal::Quit) => app.quit(),
        Event::Signal(Signal::Suspend) => app.request_suspend(),
        // the next frame is drawn at the new size, or the new time
        Event::Signal(Signal::Resize) | Event::Tick => {}
        Event::Job(job) => {
            let Some(job) = runner.accept(job) else { return };
            match job.report {
                jobs::Report::Files(jobs::FileReport::Autosaved { game, result }) => {
                    autosave.on_report(app, game, result)
                }
                report => app.on_job(report, now),
            }
        }
    }
}

/// Hands the settings to the files lane when they changed (the report comes back to the app).
fn write_settings(app: &mut App, runner: &mut Runner, file: Option<&Arc<Mutex<settings::SettingsFile>>>) {
    if app.take_settings_dirty()
        && let Some(file) = file
    {
        let settings = Box::new(app.settings().clone());
        runner.start(jobs::FileJob::Settings { file: Arc::clone(file), settings }.into());
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
    let mut app = open_app(path, store, settings, now)?;
    if let Some(store) = store {
        app.set_tsume_progress(storage::tsume_progress::TsumeProgress::load(store.tsume_progress_path()));
        let (ratings, note) = storage::ratings::RatingBook::load(store.ratings_path());
        app.set_ratings(ratings);
        if let Some(note) = note {
            app.set_message(note);
        }
    }
    Ok(app)
}

/// The app `open_with` opens, before the player's progress is read into it.
fn open_app(
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
        if let Some(store) = store {
            // a list that cannot be written loses nothing the player has
            let _ = store.recent_files().remember(path);
        }
        let mut app = App::opened(record, path, message);
        if let Some(w) = warnings.iter().find(|w| w.is_error()) {
            let problem = (text::Text::of(settings.language).line_unreadable)(w.line, &w.message);
            app.mark_read_with_errors(problem, storage::unused_sibling(path));
        }
        app.set_settings(settings);
        return Ok(app);
    }
    let mut note = None;
    match store.map(Store::load_autosave) {
        Some(Ok(Some(saved))) => {
            let damage = saved.damage.as_ref().map(|d| damage_note(text::Text::of(settings.language), d));
            let session = app::Session::from_file(saved.session.as_deref(), &saved.record);
            let mut app = App::resume(saved.record, &session, settings.clone(), now);
            if session.playing && app.unfinished() {
                let started = app.record().header("開始日時").unwrap_or_default().to_string();
                let mut note = damage.unwrap_or_else(|| (app.text().resumed_game)(app.ply(), &started));
                if app.paused() {
                    note = format!("{note} · {}", app.text().paused);
                }
                app.set_message(with_others(note, app.text(), store));
                return Ok(app);
            }
            note = damage;
        }
        Some(Err(e @ storage::StorageError::Autosave { .. })) => {
            note = Some((text::Text::of(settings.language).autosave_kept)(&e.to_string()))
        }
        Some(Err(e)) => note = Some((text::Text::of(settings.language).previous_not_kept)(&e.to_string())),
        _ => {}
    }
    let mut app = App::new_game(settings);
    let label = app.mode_label(app.last_choice().mode);
    let key = |a| app.keymap().key_name(keymap::KeyMode::Board, a);
    let (new, library, help) =
        (key(keymap::Action::NewGame), key(keymap::Action::Library), key(keymap::Action::Help));
    let launch = (app.text().new_game_at_launch)(&label, &new, &library, &help);
    let note = with_others(note.unwrap_or(launch), app.text(), store);
    app.set_message(note);
    Ok(app)
}

/// What resuming a damaged autosave lost, and where the file as it was is kept.
fn damage_note(text: &text::Text, d: &storage::Damage) -> String {
    let problem = d.problem.as_ref().map(|w| (text.line_unreadable)(w.line, &w.message)).unwrap_or_default();
    (text.autosave_damaged)(d.moves_read, d.moves_saved, &problem, &d.kept.display().to_string())
}

/// `note`, and the other unfinished games in the data folder's free slots, if any, and why
/// the data folder cannot be written, if it cannot.
fn with_others(note: String, text: &text::Text, store: Option<&Store>) -> String {
    let note = match store.and_then(|s| s.unwritable().map(|e| (s.dir(), e))) {
        Some((dir, e)) => format!("{note} · {}", (text.data_dir_unwritable)(&dir.display().to_string(), e)),
        None => note,
    };
    let others: Vec<String> = store
        .map(Store::other_unfinished)
        .unwrap_or_default()
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    if others.is_empty() {
        note
    } else {
        format!("{note} · {}", (text.other_unfinished)(&others.join(", ")))
    }
}

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
//! - `terminal`: the raw-mode/alternate-screen/mouse guard;
//! - `storage`: files the app keeps (autosave, default folder for saved games);
//! - `settings`: the player's settings and their JSON file;
//! - `text`: every piece of interface text, in Japanese and English;
//! - `engine_link`: the computer player off the UI thread.

pub mod app;
pub mod engine_link;
pub mod input;
pub mod settings;
pub mod storage;
pub mod study_link;
pub mod terminal;
#[cfg(test)]
mod test_dir;
pub mod text;
pub mod view;

use crate::core::Position;
use app::{App, EngineCommand};
use crossterm::event;
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use std::io;
use std::time::{Duration, Instant};

/// Runs the app on the real terminal until the user quits. The record is autosaved after every
/// change (see `storage`), so a crash or a closed terminal loses nothing.
/// Changed settings are written to `settings` (when there is a file to write to).
pub fn run(
    mut app: App,
    mut engine: engine_link::EngineLink,
    mut settings: Option<settings::SettingsFile>,
) -> io::Result<()> {
    let _guard = terminal::TerminalGuard::enter()?;
    let mut study = study_link::StudyLink::new();
    let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    app.set_engine_name(&engine.name);
    while !app.should_quit() {
        terminal.draw(|f| view::draw(f, &app, Instant::now()))?;
        if event::poll(Duration::from_millis(50))? {
            let size = terminal.size()?;
            let area = ratatui::layout::Rect::new(0, 0, size.width, size.height);
            input::handle_event(&mut app, event::read()?, area);
        }
        app.tick(Instant::now());
        drive_engine(&mut app, &mut engine);
        study.drive(&mut app);
        if app.take_dirty()
            && let Err(e) = storage::autosave(app.record())
        {
            app.set_message(format!("autosave failed: {e}"));
        }
        if app.take_settings_dirty()
            && let Some(file) = settings.as_mut()
        {
            match file.save(app.settings()) {
                Ok(Some(note)) => app.set_message(note),
                Ok(None) => {}
                Err(e) => app.set_message((app.text().settings_not_saved)(&e)),
            }
        }
    }
    Ok(())
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

/// Opens `path` for review, or a new game when `None`. A file that cannot be read is an error;
/// a file with an unreadable move opens up to that move, with the problem shown.
pub fn open(path: Option<&std::path::Path>) -> Result<App, String> {
    let Some(path) = path else { return Ok(App::new(Position::startpos())) };
    let (record, warnings) =
        crate::record::load_record(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let message = match warnings.first() {
        Some(w) => format!("{}: {w}", path.display()),
        None => format!("opened {} ({} moves)", path.display(), record.main_line().len()),
    };
    Ok(App::opened(record, path, message))
}

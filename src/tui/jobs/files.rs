//! The files lane: every file the app writes, one after another in the order asked, off the UI
//! thread. A record saved to a file the player chose; the autosave (the record and the session
//! beside it), keeping the previous game's first when a new game takes its place; the settings
//! file; tsume progress; a rated game. Files are written atomically (`record::io`); an error names the file.

use super::{JobContext, Report};
use crate::record::{GameRecord, save_record, write_file_atomically};
use crate::study::library::RecentFiles;
use crate::tui::settings::{Settings, SettingsFile};
use crate::tui::storage::Store;
use crate::tui::storage::ratings::{RatedGame, RatingBook};
use crate::tui::storage::tsume_progress::TsumeProgress;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// A file to write.
#[derive(Clone, Debug)]
pub enum FileJob {
    /// Write `record` to `path` (format from the extension) in a folder that exists, or
    /// creating it first when `create_folder` (the player agreed to it); once written, remember
    /// it in `recent`. With `ask_first`, a missing folder or a file already at `path` is left
    /// as it is and reported (`FileReport::NoFolder`, `FileReport::WouldReplace`) for the app
    /// to ask.
    Save {
        path: PathBuf,
        record: Box<GameRecord>,
        recent: Option<RecentFiles>,
        ask_first: bool,
        create_folder: bool,
    },
    /// Write the autosave of game `game` (`App::game_serial`): the record (when it changed) and
    /// the session text beside it. With `keep_previous`, the autosave on disk may be another
    /// game's: it is kept first (`Store::keep_previous`), once for this game.
    Autosave {
        game: u64,
        keep_previous: Option<Store>,
        record_path: PathBuf,
        record: Option<Box<GameRecord>>,
        session_path: PathBuf,
        session: String,
    },
    /// Write `settings` to the settings file.
    Settings { file: Arc<Mutex<SettingsFile>>, settings: Box<Settings> },
    /// Write the tsume problems solved.
    TsumeProgress(Box<TsumeProgress>),
    /// Rate a finished game (its rating before and after worked out here) into the book's
    /// file, read afresh first (another app or `shogiban rating` may have changed it); a game
    /// the file already has is not rated again.
    Rate { book: Box<RatingBook>, game: Box<RatedGame> },
}

/// The kinds of file job.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FileKind {
    /// Saving the record to a file the player chose.
    Save,
    /// The autosave and its session.
    Autosave,
    /// The settings file.
    Settings,
    /// The tsume problems solved.
    TsumeProgress,
    /// A rated game.
    Rate,
}

impl From<FileJob> for super::JobRequest {
    fn from(job: FileJob) -> Self {
        super::JobRequest::Files(job)
    }
}

impl From<FileKind> for super::JobKind {
    fn from(kind: FileKind) -> Self {
        super::JobKind::Files(kind)
    }
}

impl FileJob {
    pub fn kind(&self) -> FileKind {
        match self {
            FileJob::Save { .. } => FileKind::Save,
            FileJob::Autosave { .. } => FileKind::Autosave,
            FileJob::Settings { .. } => FileKind::Settings,
            FileJob::TsumeProgress(_) => FileKind::TsumeProgress,
            FileJob::Rate { .. } => FileKind::Rate,
        }
    }
}

/// What writing a file came to.
#[derive(Clone, Debug)]
pub enum FileReport {
    /// A save ended: what the file's format or encoding could not hold, or why the file was
    /// not written.
    Saved { path: PathBuf, result: Result<Vec<String>, String> },
    /// A save asked first about replacing a file found `path` taken, and wrote nothing.
    WouldReplace { path: PathBuf },
    /// A save asked first found no folder for `path`, and wrote nothing.
    NoFolder { path: PathBuf },
    /// The autosave of game `game` was written, or why not.
    Autosaved { game: u64, result: Result<(), AutosaveFailure> },
    /// The settings were written (with a note to show, if any), or why not.
    Settings(Result<Option<String>, String>),
    /// The tsume progress was written, or why not.
    TsumeProgress(Result<(), String>),
    /// A game was rated: the book as it now stands, the game with its rating, whether the
    /// file was written, and a note when the file did not read (set aside).
    Rated { book: Box<RatingBook>, game: Box<RatedGame>, written: Result<(), String>, note: Option<String> },
}

/// Why an autosave was not written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AutosaveFailure {
    /// The previous game's autosave could not be kept (so it was not written over).
    PreviousNotKept(String),
    /// The files could not be written.
    NotWritten(String),
}

/// The work of the files lane; it remembers the game whose previous autosave it kept.
pub(super) fn worker() -> impl FnMut(FileJob, &JobContext) -> Report {
    let mut kept_for: Option<u64> = None;
    move |request, _job| {
        Report::Files(match request {
            FileJob::Save { path, record, recent, ask_first, create_folder } => {
                let folder = path.parent().filter(|d| !d.as_os_str().is_empty());
                let missing = folder.is_some_and(|d| !d.exists());
                if ask_first && missing && !create_folder {
                    return Report::Files(FileReport::NoFolder { path });
                }
                if ask_first && path.exists() {
                    return Report::Files(FileReport::WouldReplace { path });
                }
                let made = match folder {
                    Some(dir) if create_folder => {
                        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))
                    }
                    Some(dir) if missing => Err(format!("{}: no such folder", dir.display())),
                    _ => Ok(()),
                };
                let result = match made.and_then(|()| save_record(&path, &record).map_err(|e| e.to_string()))
                {
                    Ok(lossy) => {
                        if let Some(recent) = recent {
                            // a list that cannot be written loses nothing the player has
                            let _ = recent.remember(&path);
                        }
                        Ok(lossy.iter().map(ToString::to_string).collect())
                    }
                    Err(e) => Err(e),
                };
                FileReport::Saved { path, result }
            }
            FileJob::Autosave { game, keep_previous, record_path, record, session_path, session } => {
                let kept = match keep_previous.filter(|_| kept_for != Some(game)) {
                    Some(store) => store.keep_previous().map(|_| kept_for = Some(game)),
                    None => Ok(()),
                };
                let result = match kept {
                    Ok(()) => autosave(&record_path, record.as_deref(), &session_path, &session)
                        .map_err(AutosaveFailure::NotWritten),
                    Err(e) => Err(AutosaveFailure::PreviousNotKept(e.to_string())),
                };
                FileReport::Autosaved { game, result }
            }
            FileJob::Settings { file, settings } => {
                let mut file = file.lock().unwrap_or_else(|e| e.into_inner());
                FileReport::Settings(file.save(&settings).map_err(|e| e.to_string()))
            }
            FileJob::TsumeProgress(progress) => {
                FileReport::TsumeProgress(progress.save().map_err(|e| e.to_string()))
            }
            FileJob::Rate { book, game } => {
                let (mut book, note) = match book.file() {
                    Some(file) => RatingBook::load(file.to_path_buf()),
                    None => (*book, None),
                };
                let (game, written) = book.rate_once(&game);
                FileReport::Rated { book: Box::new(book), game: Box::new(game), written, note }
            }
        })
    }
}

fn autosave(
    record_path: &Path,
    record: Option<&GameRecord>,
    session_path: &Path,
    session: &str,
) -> Result<(), String> {
    // the first autosave of a first launch makes the data folder
    if let Some(dir) = record_path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    // the session first: a record on disk always has its session beside it (one that goes past
    // the record's moves resumes at the record's end)
    write_file_atomically(session_path, session.as_bytes()).map_err(|e| e.to_string())?;
    match record {
        Some(record) => save_record(record_path, record).map(drop).map_err(|e| e.to_string()),
        None => Ok(()),
    }
}

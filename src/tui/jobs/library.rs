//! The game library's jobs: the scan of the places records are kept (with the opening
//! explorer's index of their games), and reading the record chosen (remembered among the recent files once it reads).

use super::{JobContext, Report};
use crate::record::{GameRecord, Warning, load_record};
use crate::study::library::{Found, RecentFiles, Sources};
use std::path::PathBuf;
use std::sync::Arc;

/// A library job.
#[derive(Clone, Debug)]
pub enum LibraryJob {
    /// Find the records in `sources` and read each one's summary.
    Scan { sources: Sources },
    /// Read the record at `path`; once it reads, remember it in `recent`.
    Open { path: PathBuf, recent: Option<RecentFiles> },
}

/// The kinds of library job.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LibraryKind {
    /// Finding the records and reading each one's summary.
    Scan,
    /// Reading the record chosen.
    Open,
}

impl From<LibraryJob> for super::JobRequest {
    fn from(job: LibraryJob) -> Self {
        super::JobRequest::Library(job)
    }
}

impl From<LibraryKind> for super::JobKind {
    fn from(kind: LibraryKind) -> Self {
        super::JobKind::Library(kind)
    }
}

impl LibraryJob {
    pub fn kind(&self) -> LibraryKind {
        match self {
            LibraryJob::Scan { .. } => LibraryKind::Scan,
            LibraryJob::Open { .. } => LibraryKind::Open,
        }
    }
}

/// What a library job found.
#[derive(Clone, Debug)]
pub enum LibraryReport {
    /// The records the library found (all of them, or those read before the job was stopped),
    /// with the explorer over their games.
    Scanned(Arc<Found>),
    /// The record at `path` as it read (with what the reader warned about), or why it did not.
    /// When it did not read whole, `free_name` is the first name beside it that names no
    /// file (proposed when the record is saved).
    Opened {
        path: PathBuf,
        result: Result<Box<(GameRecord, Vec<Warning>)>, String>,
        free_name: Option<PathBuf>,
    },
}

/// Runs one library job on the calling thread.
pub(super) fn work(request: LibraryJob, job: &JobContext) -> Report {
    Report::Library(match request {
        LibraryJob::Scan { sources } => {
            LibraryReport::Scanned(Arc::new(crate::study::library::scan(&sources, job.stop_flag())))
        }
        LibraryJob::Open { path, recent } => {
            let result = load_record(&path).map(Box::new).map_err(|e| e.to_string());
            if result.is_ok()
                && let Some(recent) = recent
            {
                // a list that cannot be written loses nothing the player has
                let _ = recent.remember(&path);
            }
            let partly = result.as_ref().is_ok_and(|r| r.1.iter().any(Warning::is_error));
            let free_name = partly.then(|| crate::tui::storage::unused_sibling(&path));
            LibraryReport::Opened { path, result, free_name }
        }
    })
}

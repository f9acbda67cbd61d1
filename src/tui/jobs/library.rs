//! The game library's jobs: the scan of the places records are kept (with the opening
//! explorer's index of their games), and reading the record chosen (remembered among the recent files once it reads).

use super::{JobContext, JobRequest, Report};
use crate::record::load_record;

/// Runs one library job on the calling thread.
pub(super) fn work(request: JobRequest, job: &JobContext) -> Report {
    match request {
        JobRequest::LibraryScan { sources } => {
            Report::LibraryScanned(std::sync::Arc::new(crate::tui::library::scan(&sources, job.stop_flag())))
        }
        JobRequest::LibraryOpen { path, recent } => {
            let result = load_record(&path).map(Box::new).map_err(|e| e.to_string());
            if result.is_ok()
                && let Some(recent) = recent
            {
                // a list that cannot be written loses nothing the player has
                let _ = recent.remember(&path);
            }
            Report::LibraryOpened { path, result }
        }
        other => unreachable!("a library lane was given {:?}", other.kind()),
    }
}

//! Saving jobs: the record to a file the player chose, and the autosave (the record and the
//! session beside it). Files are written atomically (`record::io`); an error names the file.

use super::{JobContext, JobRequest, Report};
use crate::record::{GameRecord, save_record, write_file_atomically};
use std::path::Path;

/// Runs one save on the calling thread.
pub(super) fn work(request: JobRequest, _job: &JobContext) -> Report {
    match request {
        JobRequest::Save { path, record, recent } => {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                let _ = std::fs::create_dir_all(dir);
            }
            let result = match save_record(&path, &record) {
                Ok(lossy) => {
                    if let Some(recent) = recent {
                        // a list that cannot be written loses nothing the player has
                        let _ = recent.remember(&path);
                    }
                    Ok(lossy.iter().map(ToString::to_string).collect())
                }
                Err(e) => Err(e.to_string()),
            };
            Report::Saved { path, result }
        }
        JobRequest::Autosave { record_path, record, session_path, session } => {
            Report::Autosaved(autosave(&record_path, record.as_deref(), &session_path, &session))
        }
        other => unreachable!("a save lane was given {:?}", other.kind()),
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

//! Where the app keeps files: the autosave of the game in progress and the default folder for
//! saved games (the platform's data directory, e.g. `~/.local/share/shogiban`).

use crate::record::{GameRecord, save_record};
use std::path::PathBuf;

fn data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "shogiban").map(|d| d.data_dir().to_path_buf())
}

/// The default folder for saved games (created on demand).
pub fn games_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("games"))
}

/// The autosave file: the last game played or edited, in KIF (UTF-8).
pub fn autosave_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join("autosave.kifu"))
}

/// Writes the record to the autosave file atomically.
pub fn autosave(record: &GameRecord) -> Result<(), String> {
    let path = autosave_path().ok_or("no data directory (is HOME set?)")?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    save_record(&path, record).map_err(|e| e.to_string())
}

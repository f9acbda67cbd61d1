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

/// Where the save box proposes to put a record: the user's documents folder, else the home
/// folder, else the data directory's `games` folder.
pub fn save_dir() -> Option<PathBuf> {
    directories::UserDirs::new()
        .and_then(|u| u.document_dir().map(|d| d.to_path_buf()))
        .or_else(|| directories::BaseDirs::new().map(|b| b.home_dir().to_path_buf()))
        .or_else(games_dir)
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

/// The current time as KIF writes it (`2026/11/22 10:00:00`, local time).
pub fn now_string() -> String {
    crate::record::timestamp::now_local()
}

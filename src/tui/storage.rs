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

/// The current time as KIF writes it (`2026/11/22 10:00:00`, UTC).
pub fn now_string() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
    let (days, rem) = (secs.div_euclid(86400), secs.rem_euclid(86400));
    // civil-from-days (Howard Hinnant's algorithm)
    let z = days + 719468;
    let era = z.div_euclid(146097);
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + if m <= 2 { 1 } else { 0 };
    format!("{y:04}/{m:02}/{d:02} {:02}:{:02}:{:02}", rem / 3600, rem / 60 % 60, rem % 60)
}

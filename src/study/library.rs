//! The game library's files: finding the records a player has (the files opened or saved
//! recently, the documents folder, the app's folder for saved games, and the earlier games the
//! app kept in `previous/`), reading each one's summary, and the list of recent files kept in
//! the data folder (`recent.json`). Slow (it reads files): the app runs `scan` as a background
//! job and only ever holds its result.

use crate::engine::book::Book;
use crate::record::{Format, RecordSummary, load_record, write_file_atomically};
use crate::study::explorer::{Explorer, PositionIndex};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::SystemTime;

/// How many recent files are remembered.
pub const KEEP_RECENT: usize = 30;
/// How many files a scan reads at the most (the newest first within each folder).
pub const SCAN_LIMIT: usize = 400;
/// Files larger than this are listed without being read (a record of 10,000 moves is ~300 KB).
pub const SUMMARY_MAX_BYTES: u64 = 8 << 20;

/// Where a record in the library was found.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// Opened or saved recently.
    Recent,
    /// In the documents folder (where the save box proposes to save).
    Documents,
    /// In the app's own folder for saved games.
    Saved,
    /// An earlier game the app kept when a new one took the autosave's place.
    Previous,
}

/// One record file in the library.
#[derive(Clone, Debug)]
pub struct Entry {
    pub path: PathBuf,
    pub origin: Origin,
    /// When the file was last written.
    pub modified: Option<SystemTime>,
    /// What the record holds, or why it could not be read.
    pub summary: Result<RecordSummary, String>,
}

impl Entry {
    /// The file's name, for the list and the filter.
    pub fn file_name(&self) -> String {
        self.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
    }

    /// Whether every word of `filter` is in the file's name, its summary or `shown` (the
    /// words the list shows of it in the interface's language).
    pub fn matches(&self, filter: &str, shown: &str) -> bool {
        let name = format!("{}\n{shown}", self.file_name());
        match &self.summary {
            Ok(s) => s.matches(filter, &name),
            Err(_) => {
                let name = name.to_lowercase();
                filter.split_whitespace().all(|w| name.contains(&w.to_lowercase()))
            }
        }
    }
}

/// What a scan found: the records, and the opening explorer over their games (numbered as
/// `entries` is) and the built-in book.
#[derive(Clone, Debug, Default)]
pub struct Found {
    pub entries: Vec<Entry>,
    pub explorer: Explorer,
    /// Record files found past [`SCAN_LIMIT`], neither listed nor read (the oldest).
    pub left_out: usize,
}

/// The places a scan looks in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sources {
    /// The list of recent files (read by the scan), the most recent first.
    pub recent: Option<RecentFiles>,
    /// Folders to list, each with what its records are to the player.
    pub folders: Vec<(Origin, PathBuf)>,
}

/// Lists and reads the records in `sources`: the recent files first (in their order), then each
/// folder's records, the newest first; a file is listed once, under the first place it was
/// found. A missing folder is skipped; an unreadable file is listed with its error. Each record
/// read goes into the explorer's index. Stops early (returning what it has) when `stop` is set.
pub fn scan(sources: &Sources, stop: &AtomicBool) -> Found {
    let mut seen = HashSet::new();
    let mut found: Vec<(Origin, PathBuf, Option<SystemTime>)> = Vec::new();
    for path in sources.recent.as_ref().map(RecentFiles::load).unwrap_or_default() {
        if let Ok(meta) = std::fs::metadata(&path)
            && meta.is_file()
            && seen.insert(canonical(&path))
        {
            let modified = meta.modified().ok();
            found.push((Origin::Recent, path, modified));
        }
    }
    for (origin, dir) in &sources.folders {
        let Ok(read) = std::fs::read_dir(dir) else { continue };
        let mut files: Vec<(PathBuf, Option<SystemTime>)> = read
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file() || t.is_symlink()))
            .map(|e| e.path())
            .filter(|p| is_record_file(p))
            .map(|p| {
                let modified = std::fs::metadata(&p).and_then(|m| m.modified()).ok();
                (p, modified)
            })
            .collect();
        files.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        for (path, modified) in files {
            if seen.insert(canonical(&path)) {
                found.push((*origin, path, modified));
            }
        }
    }
    let left_out = found.len().saturating_sub(SCAN_LIMIT);
    found.truncate(SCAN_LIMIT);
    let mut entries = Vec::with_capacity(found.len());
    let mut index = PositionIndex::new();
    let mut games = HashSet::new();
    for (origin, path, modified) in found {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let record = read(&path);
        // an earlier game kept by the app that is also in a file the player has (opened,
        // then saved) is listed and counted once, as the file
        let new_game = record.as_ref().map_or(true, |r| games.insert(game_key(r)));
        if !new_game && origin == Origin::Previous {
            continue;
        }
        let summary = record.map(|record| {
            index.add_game(entries.len(), &record);
            RecordSummary::of(&record)
        });
        entries.push(Entry { path, origin, modified, summary });
    }
    Found { entries, explorer: Explorer::new(index, Book::builtin()), left_out }
}

/// What makes two record files the same game: the start, the moves of the main line, the
/// players and the date.
fn game_key(record: &crate::record::GameRecord) -> String {
    let mut key = record.initial().to_sfen();
    for node in record.main_line() {
        key.push(' ');
        key.push_str(&record.node(node).mv.usi());
    }
    for header in ["先手", "後手", "開始日時"] {
        key.push('\n');
        key.push_str(record.header(header).unwrap_or_default());
    }
    key
}

fn canonical(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Whether `path` has the extension of a record format the app reads.
pub fn is_record_file(path: &Path) -> bool {
    Format::from_path(path).is_some_and(|f| f != Format::Jkf || path.extension().is_some_and(|e| e == "jkf"))
}

/// A record's summary is read only from a regular file (a link to `/dev/tty` or a FIFO is
/// refused without blocking, see `bounded_read`).
fn read(path: &Path) -> Result<crate::record::GameRecord, String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if meta.is_file() && meta.len() > SUMMARY_MAX_BYTES {
        return Err(format!("{} MB: too large to preview", meta.len() >> 20));
    }
    load_record(path).map(|(record, _)| record).map_err(|e| e.to_string())
}

/// The recent files list in the data folder: which records were opened or saved, the most
/// recent first. Reading is forgiving (a missing or broken file is an empty list); writing is
/// atomic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecentFiles {
    file: PathBuf,
}

impl RecentFiles {
    /// The list kept in `data_dir/recent.json`.
    pub fn in_dir(data_dir: &Path) -> RecentFiles {
        RecentFiles { file: data_dir.join("recent.json") }
    }

    /// The paths remembered, the most recent first.
    pub fn load(&self) -> Vec<PathBuf> {
        crate::bounded_read::read_bounded(&self.file, crate::bounded_read::SMALL_FILE_LIMIT)
            .ok()
            .and_then(|bytes| serde_json::from_slice::<Vec<PathBuf>>(&bytes).ok())
            .unwrap_or_default()
    }

    /// Puts `path` (made absolute) at the top of the list, keeping the newest `KEEP_RECENT`.
    pub fn remember(&self, path: &Path) -> Result<(), crate::record::RecordError> {
        let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        let mut list = self.load();
        list.retain(|p| p != &path);
        list.insert(0, path);
        list.truncate(KEEP_RECENT);
        if let Some(dir) = self.file.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let json = serde_json::to_vec_pretty(&list).unwrap_or_default();
        write_file_atomically(&self.file, &json)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_dir::TempDir;

    const GAME: &str =
        "先手：花子\n後手：太郎\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 投了\n";

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn a_scan_lists_recent_files_first_then_each_folder_once_and_reads_each_summary() {
        let d = TempDir::new("library-scan");
        let docs = d.0.join("Documents");
        let prev = d.0.join("previous");
        write(&docs.join("a.kifu"), GAME);
        write(&docs.join("notes.txt"), "not a record");
        write(&docs.join("broken.jkf"), "{\"header\": ");
        write(&prev.join("old.kifu"), &GAME.replace("太郎", "次郎"));
        let recent = RecentFiles::in_dir(&d.0.join("data"));
        recent.remember(&d.0.join("gone.kifu")).unwrap();
        recent.remember(&docs.join("a.kifu")).unwrap();
        let sources = Sources {
            recent: Some(recent),
            folders: vec![
                (Origin::Documents, docs.clone()),
                (Origin::Previous, prev.clone()),
                (Origin::Saved, d.0.join("none")),
            ],
        };
        let found = scan(&sources, &AtomicBool::new(false));
        // the two records that read are in the explorer's index
        assert_eq!(found.explorer.index.games(), 2);
        let entries = found.entries;
        let names: Vec<_> = entries.iter().map(|e| (e.origin, e.file_name())).collect();
        assert_eq!(names[0], (Origin::Recent, "a.kifu".to_string()));
        assert_eq!(entries.len(), 3, "{names:?}");
        assert!(names.contains(&(Origin::Previous, "old.kifu".to_string())));
        assert!(names.contains(&(Origin::Documents, "broken.jkf".to_string())));
        let a = &entries[0];
        let s = a.summary.as_ref().unwrap();
        assert_eq!((s.sente.as_deref(), s.moves, s.ending_word()), (Some("花子"), 1, Some("投了")));
        assert!(entries.iter().any(|e| e.summary.is_err()));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn links_to_a_terminal_or_a_fifo_are_listed_unread_without_blocking_and_files_past_the_limit_are_counted()
    {
        let d = TempDir::new("library-devices");
        write(&d.0.join("a.kifu"), GAME);
        std::os::unix::fs::symlink("/dev/tty", d.0.join("tty.kifu")).unwrap();
        std::os::unix::fs::symlink("/dev/zero", d.0.join("zero.kifu")).unwrap();
        let fifo = std::ffi::CString::new(d.0.join("pipe.kif").to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
        std::os::unix::fs::symlink(d.0.join("pipe.kif"), d.0.join("to-pipe.csa")).unwrap();
        let sources = Sources { recent: None, folders: vec![(Origin::Documents, d.0.clone())] };
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(scan(&sources, &AtomicBool::new(false)));
        });
        let found = rx.recv_timeout(std::time::Duration::from_secs(10)).expect("the scan blocked");
        let read: Vec<String> =
            found.entries.iter().filter(|e| e.summary.is_ok()).map(Entry::file_name).collect();
        assert_eq!(read, vec!["a.kifu".to_string()]);
        assert_eq!(found.left_out, 0);
        for i in 0..SCAN_LIMIT + 3 {
            write(&d.0.join(format!("many/{i}.kifu")), GAME);
        }
        let sources = Sources { recent: None, folders: vec![(Origin::Documents, d.0.join("many"))] };
        let found = scan(&sources, &AtomicBool::new(false));
        assert_eq!((found.entries.len(), found.left_out), (SCAN_LIMIT, 3));
    }

    #[test]
    fn a_game_opened_then_saved_is_listed_and_counted_once() {
        let d = TempDir::new("library-twice");
        let prev = d.0.join("previous");
        // the record saved to a file, and the autosave of it the app kept as an earlier game
        write(&d.0.join("saved/game.kif"), GAME);
        write(&prev.join("20261128-0400.kifu"), GAME);
        write(&prev.join("20261128-0300.kifu"), &GAME.replace("   2 投了\n", "   2 ３四歩(33)\n"));
        let recent = RecentFiles::in_dir(&d.0.join("data"));
        recent.remember(&d.0.join("saved/game.kif")).unwrap();
        let sources = Sources { recent: Some(recent), folders: vec![(Origin::Previous, prev)] };
        let found = scan(&sources, &AtomicBool::new(false));
        let names: Vec<_> = found.entries.iter().map(|e| (e.origin, e.file_name())).collect();
        assert_eq!(
            names,
            vec![
                (Origin::Recent, "game.kif".to_string()),
                (Origin::Previous, "20261128-0300.kifu".to_string())
            ]
        );
        assert_eq!(found.explorer.index.games(), 2);
    }

    #[test]
    fn a_stopped_scan_reads_nothing_more() {
        let d = TempDir::new("library-stop");
        write(&d.0.join("a.kifu"), GAME);
        let sources = Sources { recent: None, folders: vec![(Origin::Documents, d.0.clone())] };
        assert!(scan(&sources, &AtomicBool::new(true)).entries.is_empty());
    }

    #[test]
    fn recent_files_are_newest_first_without_repeats_and_a_broken_list_is_empty() {
        let d = TempDir::new("library-recent");
        let recent = RecentFiles::in_dir(&d.0.join("data"));
        assert!(recent.load().is_empty());
        recent.remember(&d.0.join("a.kifu")).unwrap();
        recent.remember(&d.0.join("b.kifu")).unwrap();
        recent.remember(&d.0.join("a.kifu")).unwrap();
        assert_eq!(recent.load(), vec![d.0.join("a.kifu"), d.0.join("b.kifu")]);
        for i in 0..KEEP_RECENT + 5 {
            recent.remember(&d.0.join(format!("{i}.kifu"))).unwrap();
        }
        assert_eq!(recent.load().len(), KEEP_RECENT);
        std::fs::write(d.0.join("data/recent.json"), "{not json").unwrap();
        assert!(recent.load().is_empty());
    }

    #[test]
    fn the_filter_matches_names_dates_endings_and_file_names() {
        let d = TempDir::new("library-filter");
        write(&d.0.join("club-night.kifu"), GAME);
        let sources = Sources { recent: None, folders: vec![(Origin::Documents, d.0.clone())] };
        let entries = scan(&sources, &AtomicBool::new(false)).entries;
        assert!(entries[0].matches("花子", ""));
        assert!(entries[0].matches("club 投了", ""));
        assert!(!entries[0].matches("次郎", ""));
    }
}

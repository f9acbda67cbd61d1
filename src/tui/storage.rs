//! Where the app keeps files, all under the platform's data directory (e.g.
//! `~/.local/share/shogiban`):
//! - `autosave.kifu`: the record of the game in progress or last played (KIF, UTF-8), written
//!   after every change, and `autosave-session.json` beside it: what the app needs to bring an
//!   unfinished game back exactly as it was (the app's `Session`; the store reads only what it
//!   needs of it, [`SessionHead`]);
//! - `autosave.lock`: held (an advisory lock) by the running app that writes that autosave. A
//!   second app on the same folder takes the next free slot (`autosave-2.kifu`,
//!   `autosave-2-session.json`, `autosave-2.lock`), so two windows never write one file; on
//!   launch the free slot holding the most recently played unfinished game is taken;
//! - `previous/`: the autosaves of earlier games, kept when a new game takes the autosave's
//!   place (the newest `KEEP_PREVIOUS`), and, byte for byte, any autosave that did not read
//!   cleanly (`…-damaged.kifu`, never rotated out);
//! - `games/`: the default folder for saved games.
//!
//! Beside the settings file (the platform's config directory), [`passwords`] keeps the remembered
//! CSA passwords; [`tsume_progress`] keeps the tsume problems solved.
//!
//! Reading never fails loudly: a missing, broken or old file reads as "nothing there" with a
//! message, and is never overwritten without being kept. A change of several steps is ordered
//! so that a failure at any step leaves what was there before whole.

pub mod passwords;
pub mod ratings;
pub mod tsume_progress;

use crate::record::{Format, GameRecord, RecordError, Warning, write_file_atomically};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// How many earlier games' autosaves are kept in `previous/`.
pub const KEEP_PREVIOUS: usize = 10;

/// How many apps running at once on one data folder get an autosave slot of their own.
const SLOTS: usize = 8;

/// An autosave's bytes (never more than a record may hold, never from a FIFO or device).
fn read_record_bytes(path: &Path) -> std::io::Result<Vec<u8>> {
    crate::bounded_read::read_bounded(path, crate::bounded_read::RECORD_LIMIT)
}

/// A session file's text, when it is a small regular file of UTF-8 text.
fn read_small_text(path: &Path) -> Option<String> {
    crate::bounded_read::read_to_string_bounded(path, crate::bounded_read::SMALL_FILE_LIMIT).ok()
}

/// The platform's data directory for the app.
pub fn data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "shogiban").map(|d| d.data_dir().to_path_buf())
}

/// The players' rated games (`storage::ratings`), in the data directory.
pub fn ratings_file() -> Option<PathBuf> {
    data_dir().map(|d| d.join("ratings.json"))
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

/// The user's documents folder: the platform's (XDG `DOCUMENTS`), else `~/Documents`.
pub fn documents_dir() -> Option<PathBuf> {
    let user = directories::UserDirs::new()?;
    Some(user.document_dir().map(Path::to_path_buf).unwrap_or_else(|| user.home_dir().join("Documents")))
}

/// Where the game library looks: the recent-files list in `store`'s folder, the documents
/// folder, the folder the save box proposes, the app's folder for saved games, and the earlier
/// games in `previous/`. A folder named twice is listed once (the scan skips files it has).
pub fn library_sources(store: Option<&Store>) -> crate::study::library::Sources {
    use crate::study::library::{Origin, Sources};
    let mut folders: Vec<(Origin, PathBuf)> = Vec::new();
    let mut add = |origin, dir: Option<PathBuf>| {
        if let Some(dir) = dir
            && !folders.iter().any(|(_, d)| *d == dir)
        {
            folders.push((origin, dir));
        }
    };
    add(Origin::Documents, documents_dir());
    add(Origin::Saved, save_dir());
    add(Origin::Saved, games_dir());
    add(Origin::Previous, store.map(Store::previous_dir));
    Sources { recent: store.map(Store::recent_files), folders }
}

/// Why one of the app's own files (autosave, session, earlier games, settings) could not be
/// read or written.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    /// A folder or file operation failed on `path`.
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: std::io::Error },
    /// The autosaved record at `path` does not read.
    #[error("autosave {}: {source}", path.display())]
    Autosave { path: PathBuf, source: RecordError },
    /// Writing a file failed (the error names it).
    #[error(transparent)]
    Write(#[from] RecordError),
    /// The session or settings could not be written as JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
}

impl StorageError {
    /// A closure turning an I/O error on `path` into a `StorageError`, for `map_err`.
    pub(crate) fn io(path: &Path) -> impl FnOnce(std::io::Error) -> StorageError + '_ {
        move |source| StorageError::Io { path: path.to_path_buf(), source }
    }
}

/// The app's files in one data directory, with the autosave slot this app writes.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
    /// 1: `autosave.kifu`; n > 1: `autosave-n.kifu`.
    slot: usize,
    /// The slot's lock, held while this app runs (none for a store made with [`Store::at`]).
    _lock: Option<Arc<std::fs::File>>,
    /// Autosaves of other free slots holding an unfinished game, newest first.
    others: Vec<PathBuf>,
    /// Why the folder cannot be written, when it could not be at launch (read-only, full).
    unwritable: Option<String>,
}

/// What the store reads of the session file; the rest of it is the app's.
#[derive(Debug, serde::Deserialize)]
#[serde(default)]
pub struct SessionHead {
    /// Whether the record is a game being played (not a file opened for review).
    pub playing: bool,
    /// The digest of the autosave the session was written with ([`autosave_digest`]).
    pub record_digest: Option<String>,
    /// Where the game stands, as child indices from the start: one per move.
    pub path: Vec<usize>,
}

impl Default for SessionHead {
    fn default() -> Self {
        SessionHead { playing: true, record_digest: None, path: Vec::new() }
    }
}

impl SessionHead {
    fn read(text: &str) -> Option<SessionHead> {
        serde_json::from_str(text).ok()
    }
}

/// An autosaved game read back: its record and the app's session.
pub struct Autosaved {
    pub record: GameRecord,
    /// The session file's text, when there is one that reads as a session.
    pub session: Option<String>,
    /// What was wrong with the autosave, when it did not read cleanly.
    pub damage: Option<Damage>,
}

/// An autosave that did not read cleanly: what could be read is resumed, the file as it was
/// is kept.
#[derive(Clone, Debug)]
pub struct Damage {
    /// The copy of the autosave, byte for byte.
    pub kept: PathBuf,
    /// Moves of the line resumed.
    pub moves_read: usize,
    /// Moves the game had when it was saved, when the session says.
    pub moves_saved: Option<usize>,
    /// The first problem the reader found.
    pub problem: Option<Warning>,
}

impl Store {
    /// The platform's data directory, if the platform has one (HOME set), with an autosave
    /// slot of this process's own (claimed once; see [`Store::claim`]).
    pub fn platform() -> Option<Store> {
        static CLAIMED: OnceLock<Option<Store>> = OnceLock::new();
        CLAIMED.get_or_init(|| data_dir().map(Store::claim)).clone()
    }

    /// The store in `dir` writing the first slot, without taking its lock.
    pub fn at(dir: PathBuf) -> Store {
        Store { dir, slot: 1, _lock: None, others: Vec::new(), unwritable: None }
    }

    /// Takes an autosave slot in `dir` for this app: of the slots no running app holds, the one
    /// with the most recently played unfinished game, else the first. Its lock is held as long
    /// as the store (or a clone) lives. When every slot is held, a slot named by the process id
    /// is used.
    ///
    /// In a folder that cannot be written (read-only), the slots are read as they are: a lock
    /// file there is tried read-only, a slot without one is free (no app could have made it);
    /// [`Store::unwritable`] says why.
    pub fn claim(dir: PathBuf) -> Store {
        let _ = std::fs::create_dir_all(&dir);
        let unwritable = tempfile::tempfile_in(&dir).err().map(|e| e.to_string());
        Store::claim_slot(dir, unwritable)
    }

    /// [`Store::claim`] in `dir`, which cannot be written when `unwritable` says why.
    fn claim_slot(dir: PathBuf, unwritable: Option<String>) -> Store {
        // the slots that hold a game, and one more (so that no lock file is made needlessly)
        let mut free: Vec<Store> = Vec::new();
        for slot in 1..=SLOTS {
            let s = Store { slot, ..Store::at(dir.clone()) };
            if !free.is_empty() && !s.autosave_path().exists() {
                continue;
            }
            if unwritable.is_some() {
                // read-only: a lock file is tried as it is, a slot without one is held by no app
                match std::fs::File::open(s.lock_path()) {
                    Ok(file) => {
                        if file.try_lock_shared().is_ok() {
                            free.push(Store { _lock: Some(Arc::new(file)), ..s });
                        }
                    }
                    Err(_) => free.push(s),
                }
                continue;
            }
            let file =
                std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(s.lock_path());
            if let Ok(file) = file
                && file.try_lock().is_ok()
            {
                free.push(Store { _lock: Some(Arc::new(file)), ..s });
            }
        }
        let mut unfinished: Vec<(std::time::SystemTime, usize)> =
            free.iter().enumerate().filter_map(|(i, s)| s.unfinished_since().map(|t| (t, i))).collect();
        unfinished.sort_by(|a, b| b.cmp(a));
        let chosen = unfinished.first().map(|&(_, i)| i).unwrap_or(0);
        let others = unfinished.iter().skip(1).map(|&(_, i)| free[i].autosave_path()).collect();
        match free.into_iter().nth(chosen) {
            Some(s) => Store { others, unwritable, ..s },
            None => Store { slot: SLOTS + std::process::id() as usize, unwritable, ..Store::at(dir) },
        }
    }

    /// Why the data folder could not be written at launch, if it could not.
    pub fn unwritable(&self) -> Option<&str> {
        self.unwritable.as_deref()
    }

    /// The data folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// When this slot's autosave was last written, if it holds a game being played that has
    /// not ended (or ended in 中断).
    fn unfinished_since(&self) -> Option<std::time::SystemTime> {
        let modified = std::fs::metadata(self.autosave_path()).and_then(|m| m.modified()).ok()?;
        let session = read_small_text(&self.session_path()).and_then(|text| SessionHead::read(&text));
        if session.is_some_and(|s| !s.playing) {
            return None;
        }
        let bytes = read_record_bytes(&self.autosave_path()).ok()?;
        let ended = crate::record::read_bytes(&bytes, Some(Format::Kifu))
            .is_ok_and(|(r, _)| r.ending().is_some_and(|e| e.kind != crate::record::SpecialKind::Interrupt));
        (!ended).then_some(modified)
    }

    /// Autosaves of other slots that hold unfinished games no running app has (newest first).
    pub fn other_unfinished(&self) -> &[PathBuf] {
        &self.others
    }

    /// `autosave` or `autosave-N`: the stem of this slot's files.
    fn stem(&self) -> String {
        if self.slot == 1 { "autosave".to_string() } else { format!("autosave-{}", self.slot) }
    }

    pub fn autosave_path(&self) -> PathBuf {
        self.dir.join(format!("{}.kifu", self.stem()))
    }

    pub fn session_path(&self) -> PathBuf {
        self.dir.join(format!("{}-session.json", self.stem()))
    }

    fn lock_path(&self) -> PathBuf {
        self.dir.join(format!("{}.lock", self.stem()))
    }

    /// The list of records opened or saved recently, kept beside the autosaves.
    pub fn recent_files(&self) -> crate::study::library::RecentFiles {
        crate::study::library::RecentFiles::in_dir(&self.dir)
    }

    /// The tsume problems solved (see `tsume_progress`).
    pub fn tsume_progress_path(&self) -> PathBuf {
        self.dir.join("tsume-solved.txt")
    }

    /// The players' rated games (see `ratings`).
    pub fn ratings_path(&self) -> PathBuf {
        self.dir.join("ratings.json")
    }

    pub fn previous_dir(&self) -> PathBuf {
        self.dir.join("previous")
    }

    pub fn ensure_dir(&self) -> Result<(), StorageError> {
        std::fs::create_dir_all(&self.dir).map_err(StorageError::io(&self.dir))
    }

    /// The autosaved game, when there is one whose record reads. An autosave that does not
    /// read cleanly is first kept byte for byte in `previous/` (`…-damaged.kifu`); what could
    /// be read of it comes back, with [`Damage`] saying what was lost. A missing or unreadable
    /// session gives the defaults (you against the computer, at the end of the main line).
    pub fn load_autosave(&self) -> Result<Option<Autosaved>, StorageError> {
        let path = self.autosave_path();
        let bytes = match read_record_bytes(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => return Err(StorageError::Io { path, source }),
        };
        let read = crate::record::read_bytes(&bytes, Some(Format::Kifu));
        let session_text = read_small_text(&self.session_path());
        let session = session_text.as_deref().and_then(SessionHead::read);
        // not what was written: a reader's warning, or bytes that are not the ones the session
        // was written with
        let as_written =
            session.as_ref().and_then(|s| s.record_digest.as_deref()).is_none_or(|d| d == digest_of(&bytes));
        let clean = as_written && matches!(&read, Ok((_, w)) if w.is_empty());
        let kept = if clean { None } else { Some(self.keep_damaged(&bytes)?) };
        let (record, warnings) =
            read.map_err(|source| StorageError::Autosave { path: path.clone(), source })?;
        let damage = kept.map(|kept| Damage {
            kept,
            moves_read: record.main_line().len(),
            moves_saved: session.as_ref().map(|s| s.path.len()),
            problem: warnings.iter().find(|w| w.is_error()).or(warnings.first()).cloned(),
        });
        let session = session_text.filter(|_| session.is_some());
        Ok(Some(Autosaved { record, session, damage }))
    }

    /// Copies an autosave that did not read cleanly, byte for byte, to
    /// `previous/<time>-damaged.kifu` (a new name, never over another file).
    fn keep_damaged(&self, bytes: &[u8]) -> Result<PathBuf, StorageError> {
        let prev = self.previous_dir();
        std::fs::create_dir_all(&prev).map_err(StorageError::io(&prev))?;
        let stamp = stamp_of(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs() as i64),
        );
        let target = unused_name(&prev, &format!("{stamp}-damaged"));
        use std::io::Write;
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&target)
            .map_err(StorageError::io(&target))?;
        file.write_all(bytes).and_then(|_| file.sync_all()).map_err(StorageError::io(&target))?;
        Ok(target)
    }

    /// Writes the session beside the autosave (atomically).
    pub fn write_session(&self, session: &impl serde::Serialize) -> Result<(), StorageError> {
        self.ensure_dir()?;
        let text = serde_json::to_string_pretty(session)?;
        Ok(write_file_atomically(&self.session_path(), text.as_bytes())?)
    }

    /// Moves the autosave (unless it read cleanly and holds no move) into `previous/`, named by
    /// when it was written, and keeps only the newest `KEEP_PREVIOUS` there (damaged copies
    /// are not counted). The session goes only once the autosave is safe: when `previous/`
    /// cannot be written, both stay as they were.
    pub fn keep_previous(&self) -> Result<Option<PathBuf>, StorageError> {
        let path = self.autosave_path();
        let Ok(meta) = std::fs::metadata(&path) else { return Ok(None) };
        // an autosave without a move is not worth keeping; one that does not read cleanly is kept
        let empty = read_record_bytes(&path).ok().is_some_and(|bytes| {
            crate::record::read_bytes(&bytes, Some(Format::Kifu))
                .is_ok_and(|(r, w)| w.is_empty() && r.node(crate::record::ROOT).children().is_empty())
        });
        if empty {
            let _ = std::fs::remove_file(self.session_path());
            return Ok(None);
        }
        let prev = self.previous_dir();
        std::fs::create_dir_all(&prev).map_err(StorageError::io(&prev))?;
        let stamp = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map(|d| stamp_of(d.as_secs() as i64))
            .unwrap_or_else(|| "unknown".into());
        let target = unused_name(&prev, &stamp);
        std::fs::rename(&path, &target).map_err(StorageError::io(&target))?;
        // the game is safe in previous/: its session can go
        let _ = std::fs::remove_file(self.session_path());
        let mut kept: Vec<PathBuf> = std::fs::read_dir(&prev)
            .map_err(StorageError::io(&prev))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "kifu"))
            .filter(|p| !p.file_stem().is_some_and(|s| s.to_string_lossy().ends_with("-damaged")))
            .collect();
        kept.sort();
        let excess = kept.len().saturating_sub(KEEP_PREVIOUS);
        for old in &kept[..excess] {
            let _ = std::fs::remove_file(old);
        }
        Ok(Some(target))
    }
}

/// The digest of the autosave `record` is written as: kept in the session, so that an autosave
/// changed or damaged since is known on reading.
pub fn autosave_digest(record: &GameRecord) -> String {
    digest_of(crate::record::write_text(record, Format::Kifu).as_bytes())
}

/// FNV-1a, 64 bits, in hex: enough to tell a file from the one written (not a defence against
/// anyone making a file to match).
fn digest_of(bytes: &[u8]) -> String {
    let hash =
        bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3));
    format!("{hash:016x}")
}

/// `dir/<stem>.kifu`, or `dir/<stem>-N.kifu` with the first N that names no file.
fn unused_name(dir: &Path, stem: &str) -> PathBuf {
    let mut target = dir.join(format!("{stem}.kifu"));
    let mut n = 1;
    while target.exists() {
        n += 1;
        target = dir.join(format!("{stem}-{n}.kifu"));
    }
    target
}

/// `dir/stem-2.ext` (or `-3`, …): the first name beside `file` that names no file.
pub fn unused_sibling(file: &Path) -> PathBuf {
    let stem = file.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let ext = file.extension().map(|e| e.to_string_lossy().into_owned());
    (2..)
        .map(|n| {
            let name = match &ext {
                Some(e) => format!("{stem}-{n}.{e}"),
                None => format!("{stem}-{n}"),
            };
            file.with_file_name(name)
        })
        .find(|p| !p.exists())
        .expect("some number is free")
}

/// `20261122-100000` for a time in seconds since the epoch (UTC), for file names that sort.
fn stamp_of(secs: i64) -> String {
    let t = format_time(secs);
    t.chars().filter(|c| c.is_ascii_digit()).enumerate().fold(String::new(), |mut s, (i, c)| {
        if i == 8 {
            s.push('-');
        }
        s.push(c);
        s
    })
}

/// The current time as KIF writes it (`2026/11/22 10:00:00`, local time).
pub fn now_string() -> String {
    crate::record::timestamp::now_local()
}

/// A time in seconds since the epoch as KIF writes it (`2026/11/22 10:00:00`, UTC).
fn format_time(secs: i64) -> String {
    crate::record::timestamp::format_timestamp(secs, 0)
}

#[cfg(test)]
#[path = "storage_tests.rs"]
mod damage_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::save_record;
    use crate::tui::app::{App, GameMode, Player};
    use std::time::Instant;

    use crate::tui::settings::{Language, Settings};
    use crate::tui::test_dir::TempDir as Dir;

    /// What the event loop writes after a change.
    fn write(store: &Store, app: &App) {
        std::fs::create_dir_all(&store.dir).unwrap();
        save_record(store.autosave_path(), app.record()).unwrap();
        store.write_session(&app.session(Instant::now())).unwrap();
    }

    #[test]
    fn first_launch_is_you_against_the_computer_and_later_launches_start_as_chosen_last() {
        let d = Dir::new("storage-first");
        let store = Store::at(d.0.clone());
        let mut app = crate::tui::open_with(None, Some(&store), Settings::default(), Instant::now()).unwrap();
        assert_eq!(app.players(), [Player::Human, Player::Engine]);
        assert_eq!(app.level().get(), 3);
        // with no game to resume, the launch message offers another game and the library
        let msg = app.message().to_string();
        assert!(msg.contains("n for another") && msg.contains("O for your records"), "{msg}");
        // the choice made in the new-game dialog goes into the settings
        let mut choice = app.last_choice();
        choice.mode = GameMode::HumanGote;
        choice.level = crate::engine::levels::Level::new(7).unwrap();
        choice.clock = crate::tui::app::clock::preset(2);
        choice.handicap = 1;
        app.start_new_game(choice.clone());
        assert!(app.take_settings_dirty());
        let settings = app.settings().clone();
        let app = crate::tui::open_with(None, Some(&store), settings, Instant::now()).unwrap();
        assert_eq!(app.players(), [Player::Engine, Player::Human]);
        assert_eq!(app.level().get(), 7);
        assert!(app.flipped());
        assert_eq!(app.last_choice(), choice);
    }

    #[test]
    fn an_unfinished_game_comes_back_as_it_was() {
        let d = Dir::new("storage-resume");
        let store = Store::at(d.0.clone());
        let mut app = crate::tui::open_with(None, Some(&store), Settings::default(), Instant::now()).unwrap();
        app.start_new_game(crate::tui::app::NewGameChoice {
            mode: GameMode::HumanGote,
            level: crate::engine::levels::Level::new(4).unwrap(),
            gote_level: crate::engine::levels::Level::new(4).unwrap(),
            clock: crate::tui::app::clock::preset(2),
            clock_side: None,
            handicap: 0,
            names: Default::default(),
            naming: None,
        });
        for m in ["7g7f", "3c3d", "2g2f", "8c8d"] {
            assert!(app.submit_typed(m), "{m}");
        }
        app.quit(); // 中断 at the end of the line
        assert_eq!(app.record().ending().map(|s| s.kind), Some(crate::record::SpecialKind::Interrupt));
        write(&store, &app);
        let back = crate::tui::open_with(None, Some(&store), Settings::default(), Instant::now()).unwrap();
        assert!(back.resumed());
        assert!(back.message().contains("resumed"), "{}", back.message());
        assert_eq!(back.ply(), 4);
        assert_eq!(back.players(), [Player::Engine, Player::Human]);
        assert_eq!(back.level().get(), 4);
        assert!(back.flipped());
        assert!(back.clock().is_some());
        assert!(back.record().ending().is_none(), "中断 is taken off on resuming");
        assert!(back.unfinished());
        // a timed game comes back paused: no clock runs and the computer waits
        assert!(back.paused());
        assert!(back.message().contains("p resumes"), "{}", back.message());
        let later = Instant::now() + std::time::Duration::from_secs(3600);
        let mut back = back;
        assert!(back.engine_command(later).is_none(), "the computer waits while paused");
        back.tick(later);
        assert!(!back.line_ended(), "an hour paused is not a time-out");
        let shown = back.clock().unwrap().display(
            crate::core::Color::Black,
            true,
            later,
            crate::tui::text::review::EN.byoyomi,
        );
        assert_eq!(shown, "10:00");
        back.toggle_pause();
        assert!(!back.paused() && !back.clock().unwrap().stopped);
        assert!(back.engine_command(Instant::now()).is_some(), "resumed: the computer thinks");
    }

    #[test]
    fn a_finished_game_is_not_resumed_and_is_kept_when_a_new_game_starts() {
        let d = Dir::new("storage-finished");
        let store = Store::at(d.0.clone());
        let mut app = App::new_game(Settings::default());
        assert!(app.submit_typed("7g7f"));
        app.resign();
        write(&store, &app);
        let next = crate::tui::open_with(None, Some(&store), Settings::default(), Instant::now()).unwrap();
        assert!(!next.resumed());
        assert_eq!(next.ply(), 0);
        let kept = store.keep_previous().unwrap().expect("kept");
        assert!(kept.starts_with(store.previous_dir()));
        assert!(std::fs::read_to_string(kept).unwrap().contains("投了"));
        assert!(!store.autosave_path().exists());
        // an autosave without a move is not kept
        write(&store, &next);
        assert_eq!(store.keep_previous().unwrap(), None);
    }

    #[test]
    fn only_the_newest_previous_games_are_kept() {
        let d = Dir::new("storage-rotate");
        let store = Store::at(d.0.clone());
        let mut app = App::new_game(Settings::default());
        assert!(app.submit_typed("7g7f"));
        for _ in 0..KEEP_PREVIOUS + 3 {
            write(&store, &app);
            store.keep_previous().unwrap().expect("kept");
        }
        assert_eq!(std::fs::read_dir(store.previous_dir()).unwrap().count(), KEEP_PREVIOUS);
    }

    #[test]
    fn opening_a_file_says_so_in_the_interface_language() {
        let d = Dir::new("storage-open-message");
        let path = d.0.join("g.kifu");
        std::fs::write(&path, "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n").unwrap();
        for (language, want) in [(Language::Ja, "を開きました (2手)"), (Language::En, "(2 moves)")] {
            let settings = Settings { language, ..Settings::default() };
            let app = crate::tui::open_with(Some(&path), None, settings, Instant::now()).unwrap();
            assert!(app.message().contains(want), "{}", app.message());
        }
    }

    #[test]
    fn the_library_looks_in_the_documents_and_the_app_s_folders_and_a_file_opened_at_launch_is_recent() {
        let d = Dir::new("storage-library");
        let store = Store::at(d.0.join("data"));
        let sources = library_sources(Some(&store));
        assert_eq!(sources.recent, Some(store.recent_files()));
        let dirs: Vec<_> = sources.folders.iter().map(|(o, p)| (*o, p.clone())).collect();
        assert!(dirs.contains(&(crate::study::library::Origin::Previous, store.previous_dir())), "{dirs:?}");
        if let Some(docs) = documents_dir() {
            assert_eq!(dirs[0], (crate::study::library::Origin::Documents, docs));
        }
        let game = d.0.join("game.kifu");
        std::fs::write(&game, "手数----指手---------消費時間--\n   1 ７六歩(77)\n").unwrap();
        crate::tui::open_with(Some(&game), Some(&store), Settings::default(), Instant::now()).unwrap();
        assert_eq!(store.recent_files().load(), vec![game]);
    }
}

//! The autosave against damage and a second app on the same folder: a damaged autosave is kept
//! byte for byte before anything overwrites it and what could be read is resumed; keeping the
//! previous game never loses the session first; each running app has its own slot.

use super::*;
use crate::tui::app::App;
use crate::tui::settings::{GameMode, Language, Settings};
use crate::tui::test_dir::TempDir as Dir;
use proptest::prelude::*;
use std::time::Instant;

fn settings() -> Settings {
    Settings { language: Language::En, mode: GameMode::HotSeat, ..Settings::default() }
}

/// Plays the legal move numbered `pick` (modulo their number); false when there is none.
fn play(app: &mut App, pick: usize) -> bool {
    let moves = app.pos().legal_moves();
    if moves.is_empty() || app.line_ended() {
        return false;
    }
    let m = moves.as_slice()[pick % moves.len()];
    app.submit_typed(&m.usi())
}

/// A two-player game of up to `n` moves (picked by `seed`), autosaved as the event loop writes
/// it: the record and its session.
fn autosaved_game(store: &Store, n: usize, seed: u64) -> App {
    let mut app = App::new_game(settings());
    let mut x = seed | 1;
    for _ in 0..n {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        if !play(&mut app, x as usize) {
            break;
        }
    }
    write_as_the_loop_does(store, &mut app, true);
    app
}

/// What the event loop's autosave does after a change: keep the previous game's autosave when
/// this game does not own it yet, then write the record and the session.
fn write_as_the_loop_does(store: &Store, app: &mut App, owned: bool) {
    if !owned {
        store.keep_previous().unwrap();
    }
    store.ensure_dir().unwrap();
    crate::record::save_record(store.autosave_path(), app.record()).unwrap();
    store.write_session(&app.session(Instant::now())).unwrap();
}

/// Every file under `dir` (recursively), with its bytes.
fn files_under(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(files_under(&p));
        } else {
            out.push((p.clone(), std::fs::read(&p).unwrap()));
        }
    }
    out
}

/// The 1-based line of `text` holding `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn a_bad_move_in_the_autosave_resumes_up_to_it_says_so_and_keeps_the_file() {
    let d = Dir::new("storage-damaged-move");
    let store = Store::at(d.0.clone());
    let app = autosaved_game(&store, 24, 7);
    assert_eq!(app.ply(), 24);
    let text = std::fs::read_to_string(store.autosave_path()).unwrap();
    // move 10 made unreadable
    let tenth = text.lines().find(|l| l.trim_start().starts_with("10 ")).unwrap().to_string();
    let broken = text.replace(&tenth, "  10 ９九玉(11)");
    std::fs::write(store.autosave_path(), &broken).unwrap();
    let back = crate::tui::open_with(None, Some(&store), settings(), Instant::now()).unwrap();
    assert_eq!(back.ply(), 9);
    let line = line_of(&broken, "９九玉");
    let msg = back.message();
    assert!(
        msg.contains("resumed 9 of 24 moves") && msg.contains(&format!("line {line} could not be read")),
        "{msg}"
    );
    let kept = store.previous_dir().read_dir().unwrap().flatten().next().unwrap().path();
    assert!(
        kept.to_string_lossy().ends_with("-damaged.kifu") && msg.contains(&kept.display().to_string()),
        "{msg}"
    );
    assert_eq!(std::fs::read(&kept).unwrap(), broken.as_bytes());
}

#[test]
fn a_bad_byte_after_twelve_moves_resumes_the_twelve_and_keeps_the_file() {
    let d = Dir::new("storage-damaged-byte");
    let store = Store::at(d.0.clone());
    autosaved_game(&store, 12, 3);
    let mut bytes = std::fs::read(store.autosave_path()).unwrap();
    bytes.push(0xFF);
    std::fs::write(store.autosave_path(), &bytes).unwrap();
    let mut back = crate::tui::open_with(None, Some(&store), settings(), Instant::now()).unwrap();
    assert_eq!(back.ply(), 12, "{}", back.message());
    assert!(back.message().contains("resumed 12 moves"), "{}", back.message());
    // the next move overwrites the autosave: the damaged file is still there
    assert!(play(&mut back, 0));
    write_as_the_loop_does(&store, &mut back, true);
    assert!(files_under(&d.0).iter().any(|(p, b)| *b == bytes && p.starts_with(store.previous_dir())));
}

#[test]
fn when_previous_cannot_be_written_the_autosave_and_its_session_stay_whole() {
    let d = Dir::new("storage-previous-fails");
    let store = Store::at(d.0.clone());
    autosaved_game(&store, 6, 5);
    let session = std::fs::read(store.session_path()).unwrap();
    let record = std::fs::read(store.autosave_path()).unwrap();
    // a file where the folder should be: previous/ cannot be made
    std::fs::write(store.previous_dir(), b"not a folder").unwrap();
    assert!(store.keep_previous().is_err());
    assert_eq!(std::fs::read(store.session_path()).unwrap(), session);
    assert_eq!(std::fs::read(store.autosave_path()).unwrap(), record);
    // and the game comes back with its session (the players, not the defaults)
    let back = crate::tui::open_with(None, Some(&store), settings(), Instant::now()).unwrap();
    assert!(back.resumed() && back.ply() == 6, "{}", back.message());
    assert_eq!(back.players(), [crate::tui::app::Player::Human; 2]);
}

#[test]
fn two_apps_on_one_folder_each_write_their_own_autosave() {
    let d = Dir::new("storage-slots");
    let first = Store::claim(d.0.clone());
    let second = Store::claim(d.0.clone());
    assert_ne!(first.autosave_path(), second.autosave_path());
    assert_ne!(first.session_path(), second.session_path());
    let a = autosaved_game(&first, 4, 11);
    std::thread::sleep(std::time::Duration::from_millis(20));
    let b = autosaved_game(&second, 6, 13);
    // the first app's game is untouched by the second's
    let (ra, _) = crate::record::load_record(first.autosave_path()).unwrap();
    assert_eq!(ra.main_line().len(), a.ply());
    drop((first, second));
    // the next launch takes the most recently played unfinished game and names the other
    let next = Store::claim(d.0.clone());
    let back = crate::tui::open_with(None, Some(&next), settings(), Instant::now()).unwrap();
    assert_eq!(back.ply(), b.ply(), "{}", back.message());
    assert_eq!(next.other_unfinished().len(), 1);
    assert!(
        back.message().contains("other unfinished games") && back.message().contains("autosave.kifu"),
        "{}",
        back.message()
    );
    // while it runs, another launch takes the older game
    let other = Store::claim(d.0.clone());
    let back2 = crate::tui::open_with(None, Some(&other), settings(), Instant::now()).unwrap();
    assert_eq!(back2.ply(), a.ply(), "{}", back2.message());
}

#[test]
fn a_read_only_data_folder_brings_the_unfinished_game_back_and_says_it_cannot_be_written() {
    let d = Dir::new("storage-read-only");
    let store = Store::claim(d.0.clone());
    let played = autosaved_game(&store, 6, 5);
    drop(store);
    // the folder as a read-only one is seen: no lock file can be made
    let _ = std::fs::remove_file(d.0.join("autosave.lock"));
    let ro = Store::claim_slot(d.0.clone(), Some("Read-only file system (os error 30)".into()));
    assert_eq!(ro.autosave_path(), d.0.join("autosave.kifu"));
    let back = crate::tui::open_with(None, Some(&ro), settings(), Instant::now()).unwrap();
    assert_eq!(back.ply(), played.ply(), "{}", back.message());
    assert!(
        back.message().contains("cannot be written") && back.message().contains("Read-only"),
        "{}",
        back.message()
    );
}

#[derive(Clone, Debug)]
enum Damage {
    /// The byte at this offset (modulo the length) replaced by this one (when it differs).
    Byte(usize, u8),
    /// The file cut at this offset (modulo the length).
    Truncate(usize),
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Random games, a random byte damaged or the file cut at a random offset, then launch,
    /// move, quit: the damaged file survives byte for byte under the data folder, and every
    /// move that could be read is resumed.
    #[test]
    fn a_damaged_autosave_always_survives_and_what_reads_is_resumed(
        moves in 1usize..40,
        seed in any::<u64>(),
        damage in prop_oneof![
            (any::<usize>(), any::<u8>()).prop_map(|(o, b)| Damage::Byte(o, b)),
            any::<usize>().prop_map(Damage::Truncate),
        ],
    ) {
        let d = Dir::new("storage-damage-prop");
        let store = Store::at(d.0.clone());
        autosaved_game(&store, moves, seed);
        let mut bytes = std::fs::read(store.autosave_path()).unwrap();
        match damage {
            Damage::Byte(o, b) => {
                let o = o % bytes.len();
                prop_assume!(bytes[o] != b);
                bytes[o] = b;
            }
            Damage::Truncate(o) => bytes.truncate(o % bytes.len()),
        }
        std::fs::write(store.autosave_path(), &bytes).unwrap();
        // what can be read of the damaged file, as a reader sees it
        let readable = crate::record::read_bytes(&bytes, Some(Format::Kifu)).map(|(r, _)| r.main_line().len());
        // launch
        let mut app = crate::tui::open_with(None, Some(&store), settings(), Instant::now()).unwrap();
        let owned = app.resumed();
        if owned && let Ok(n) = readable {
            prop_assert!(app.ply() == n || app.record().ending().is_some(), "resumed {} of {n}: {}", app.ply(), app.message());
        }
        // move
        play(&mut app, seed as usize);
        write_as_the_loop_does(&store, &mut app, owned);
        // quit
        app.quit();
        write_as_the_loop_does(&store, &mut app, true);
        let files = files_under(&d.0);
        prop_assert!(files.iter().any(|(_, b)| *b == bytes), "the damaged autosave is gone: {:?}",
            files.iter().map(|(p, _)| p).collect::<Vec<_>>());
    }
}

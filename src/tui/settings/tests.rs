//! The settings' tests: reading forgivingly (every refusal's sentence), the file on disk, and
//! the layout of version 1.

use super::*;

use crate::tui::test_dir::TempDir;
use serde_json::json;
use std::path::Path;

fn level(n: u8) -> Level {
    Level::new(n).unwrap()
}

fn entries(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn analysis_settings_out_of_range_take_their_defaults() {
    let p = parse(
        r#"{"version":1,"analysis_lines":7,"game_analysis_ms":0,"mark_thresholds":[20,10,30,40]}"#,
        Settings::default(),
    );
    assert_eq!(p.settings, Settings::default());
    assert_eq!(p.problems.len(), 3, "{:?}", p.problems);
    assert!(p.problems[2].contains("'mark_thresholds'"), "{:?}", p.problems);
    let p = parse(r#"{"version":1,"analysis_lines":2,"mark_thresholds":[1,2,3,100]}"#, Settings::default());
    assert_eq!((p.settings.analysis_lines, p.settings.mark_thresholds), (2, [1, 2, 3, 100]));
    assert!(p.problems.is_empty(), "{:?}", p.problems);
}

#[test]
fn theme_is_read_by_name_and_a_wrong_name_is_reported() {
    for (text, theme) in
        [("dark", Theme::Dark), ("light", Theme::Light), ("high-contrast", Theme::HighContrast)]
    {
        let p = parse(&format!(r#"{{"version":1,"theme":"{text}"}}"#), Settings::default());
        assert_eq!(p.settings.theme, theme);
        assert!(p.problems.is_empty(), "{:?}", p.problems);
    }
    let p = parse(r#"{"version":1,"theme":"blue"}"#, Settings::default());
    assert_eq!(p.settings.theme, Theme::Dark);
    assert!(p.problems[0].contains("'theme'"), "{:?}", p.problems);
    assert!(serde_json::to_string(&Settings::default()).unwrap().contains(r#""theme":"dark""#));
}

#[test]
fn settings_round_trip_through_the_file() {
    let d = TempDir::new("settings-roundtrip");
    let path = d.0.join("sub").join("settings.json");
    let first = SettingsFile::load(path.clone(), Settings::default());
    assert_eq!(first.settings, Settings::default());
    assert_eq!(first.message, None, "a missing file is a first launch, not a problem");
    let mut s = Settings {
        mode: GameMode::EngineVsEngine,
        level: level(8),
        gote_level: level(2),
        clock: Some([
            TimeControl::new(600_000, 30_000),
            TimeControl { main_ms: 300_000, byoyomi_ms: 30_000, increment_ms: 2_000 },
        ]),
        handicap: "角落ち".into(),
        piece_style: PieceStyle::Ascii,
        ambiguous_wide: true,
        language: Language::Ja,
        notation: Notation::Csa,
        impasse_rule: ImpasseRule::Points24,
        engine_command: Some("/usr/bin/engine --flag".into()),
        min_move_ms: 2500,
        max_moves: Some(256),
        analysis_lines: 1,
        game_analysis_ms: 2000,
        mark_thresholds: [8, 15, 30, 60],
        natural_thinking_time: false,
        player_name: "花子 Hanako".into(),
        theme: Theme::HighContrast,
        online: OnlineSettings {
            host: "club.example".into(),
            port: 4091,
            user: "alice".into(),
            game: "rapid-300-10F".into(),
            side: OnlineSide::Gote,
            auto_agree: true,
            extended: true,
            keepalive_s: 45,
            play_as: OnlinePlayer::Level(7),
        },
        ..Settings::default()
    };
    s.engine_options.insert("USI_Hash".into(), "256".into());
    let mut file = first.file.unwrap();
    assert_eq!(file.save(&s).unwrap(), None);
    let again = SettingsFile::load(path, Settings::default());
    assert_eq!(again.settings, s);
    assert_eq!(again.message, None);
}

#[test]
fn broken_file_gives_defaults_a_message_and_is_kept_before_the_first_write() {
    let d = TempDir::new("settings-broken");
    let path = d.0.join("settings.json");
    std::fs::write(&path, "{ \"level\": 7,,, oops").unwrap();
    let loaded = SettingsFile::load(path.clone(), Settings::default());
    assert_eq!(loaded.settings, Settings::default());
    let msg = loaded.message.expect("a broken file is reported");
    assert!(msg.contains("not valid JSON"), "{msg}");
    // loading alone writes nothing
    assert_eq!(entries(&d.0), vec!["settings.json"]);
    let mut file = loaded.file.unwrap();
    let note = file.save(&Settings::default()).unwrap().expect("the old file is named");
    assert!(note.contains("settings.json.broken-"), "{note}");
    let names = entries(&d.0);
    assert_eq!(names.len(), 2, "{names:?}");
    let kept = names.iter().find(|n| n.starts_with("settings.json.broken-")).unwrap();
    assert_eq!(std::fs::read_to_string(d.0.join(kept)).unwrap(), "{ \"level\": 7,,, oops");
    // the second save does not move the good file aside
    assert_eq!(file.save(&Settings::default()).unwrap(), None);
    assert_eq!(entries(&d.0).len(), 2);
}

#[test]
fn bad_fields_take_their_defaults_and_keep_the_good_ones() {
    let text = r#"{"version": 1, "level": 99, "side": "gote", "language": "klingon",
        "handicap": "十一枚落ち", "piece_style": "ascii", "colour": "blue"}"#;
    let p = parse(text, Settings::default());
    assert_eq!(p.settings.level, level(3));
    assert_eq!(p.settings.mode, GameMode::HumanGote, "version 1's side");
    assert_eq!(p.settings.language, Language::En);
    assert_eq!(p.settings.handicap, "平手");
    assert_eq!(p.settings.piece_style, PieceStyle::Ascii);
    let all = p.problems.join("\n");
    assert!(all.contains("'level': 99"), "{all}");
    assert!(all.contains("'language'"), "{all}");
    assert!(all.contains("'handicap'"), "{all}");
    assert!(all.contains("colour"), "{all}");
    assert_eq!(p.problems.len(), 4, "{all}");
}

#[test]
fn problems_are_told_in_the_language_of_the_file_or_the_locale() {
    let text = r#"{"version": 1, "language": "ja", "level": 99, "colour": "blue"}"#;
    let p = parse(text, Settings::default());
    assert_eq!(
        p.problems,
        ["「level」: 99 は 1 から 10 の範囲外です。3 を使います", "知らない項目を無視しました: colour"]
    );
    // a file that is not JSON: the locale's language
    let p = parse("oops", Settings { language: Language::Ja, ..Settings::default() });
    assert!(p.problems[0].starts_with("JSON として読めません"), "{:?}", p.problems);
    let d = TempDir::new("settings-ja");
    let path = d.0.join("settings.json");
    std::fs::write(&path, text).unwrap();
    let loaded = SettingsFile::load(path, Settings::default());
    let message = loaded.message.unwrap();
    assert!(message.ends_with("。設定を変えるまでファイルはそのまま残します。"), "{message}");
    let note = loaded.file.unwrap().save(&loaded.settings).unwrap().unwrap();
    assert!(note.starts_with("前の設定ファイルを"), "{note}");
}

#[test]
fn a_player_name_that_a_record_cannot_hold_is_refused() {
    let p = parse(r#"{"version": 1, "player_name": "  Taro  "}"#, Settings::default());
    assert_eq!((p.settings.player_name.as_str(), p.problems.len()), ("Taro", 0));
    let p = parse(r#"{"version": 1, "player_name": "Ta\nro"}"#, Settings::default());
    assert_eq!(p.settings.player_name, "");
    assert_eq!(
        p.problems,
        ["'player_name': a name cannot hold a line break or a control character; using none"]
    );
}

#[test]
fn keys_are_remapped_and_what_cannot_be_used_is_said_and_dropped() {
    let text = r#"{"version": 1, "level": 4, "keys": {"undo": "z", "redo": ["Ctrl-R"],
        "undoo": "q", "flip": "r", "hint": ["F2", "H"]}}"#;
    let p = parse(text, Settings::default());
    assert_eq!(p.settings.level, level(4), "the other fields are read");
    let kept: Vec<&str> = p.settings.keys.keys().map(String::as_str).collect();
    assert_eq!(kept, ["hint", "undo"]);
    let all = p.problems.join("\n");
    assert_eq!(p.problems.len(), 3, "{all}");
    assert!(all.contains("'redo': 'Ctrl-R' is not a key"), "{all}");
    assert!(all.contains("'undoo' is not an action; did you mean 'undo'?"), "{all}");
    assert!(all.contains("'flip': r is already the key of 'redo' in board mode"), "{all}");
    // not an object, or a value that is no key name
    let p = parse(r#"{"version": 1, "keys": ["z"]}"#, Settings::default());
    assert!(p.settings.keys.is_empty() && p.problems[0].contains("'keys'"), "{:?}", p.problems);
    let p = parse(r#"{"version": 1, "keys": {"undo": 5}}"#, Settings::default());
    assert!(p.problems[0].contains("'undo': 5 is not a key name"), "{:?}", p.problems);
    // written back as read
    let s = Settings {
        keys: [("undo".to_string(), KeyNames::One("z".into()))].into_iter().collect(),
        ..Settings::default()
    };
    let text = serde_json::to_string(&s).unwrap();
    assert!(text.contains(r#""keys":{"undo":"z"}"#), "{text}");
    assert_eq!(parse(&text, Settings::default()).settings, s);
    assert!(!serde_json::to_string(&Settings::default()).unwrap().contains("keys"));
}

#[test]
fn old_and_new_versions_are_reported_but_read() {
    let old = parse(r#"{"level": 6}"#, Settings::default());
    assert_eq!(old.settings.level, level(6));
    assert!(old.problems[0].contains("older"), "{:?}", old.problems);
    let new = parse(r#"{"version": 9, "level": 4}"#, Settings::default());
    assert_eq!(new.settings.level, level(4));
    assert!(new.problems[0].contains("newer"), "{:?}", new.problems);
    for junk in ["[1,2]", "\"text\"", "", "\u{feff}garbage"] {
        let p = parse(junk, Settings::default());
        assert_eq!(p.settings, Settings::default());
        assert_eq!(p.problems.len(), 1, "{junk:?}: {:?}", p.problems);
    }
}

#[test]
fn gote_level_is_read_and_checked_as_level_is() {
    let p = parse(r#"{"version": 1, "level": 2, "gote_level": 9}"#, Settings::default());
    assert_eq!((p.settings.level, p.settings.gote_level), (level(2), level(9)));
    assert!(p.problems.is_empty(), "{:?}", p.problems);
    let p = parse(r#"{"version": 1, "gote_level": 11}"#, Settings::default());
    assert_eq!(p.settings.gote_level, level(3));
    assert_eq!(p.problems.len(), 1, "{:?}", p.problems);
    assert!(p.problems[0].contains("gote_level"), "{:?}", p.problems);
    // written and read back
    let s = Settings { gote_level: level(8), ..Settings::default() };
    let back = parse(&serde_json::to_string(&s).unwrap(), Settings::default());
    assert_eq!(back.settings.gote_level, level(8));
}

#[test]
fn edits_by_hand_while_the_app_runs_are_kept_when_a_setting_changes() {
    let d = TempDir::new("settings-hand-edit");
    let path = d.0.join("settings.json");
    let mut file = SettingsFile::load(path.clone(), Settings::default()).file.unwrap();
    let mut ours = Settings::default();
    file.save(&ours).unwrap();
    // the player adds keys and a name by hand, while the app runs
    let mut edited: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    edited["keys"] = serde_json::json!({"undo": "z"});
    edited["player_name"] = "羽生".into();
    std::fs::write(&path, serde_json::to_string_pretty(&edited).unwrap()).unwrap();
    // then changes the level in the app
    ours.level = if ours.level == level(3) { level(4) } else { level(3) };
    let note = file.save(&ours).unwrap().expect("the edits are said to be kept");
    assert!(note.contains("edited"), "{note}");
    let back = SettingsFile::load(path.clone(), Settings::default());
    assert_eq!(back.message, None);
    assert_eq!(back.settings.level, ours.level);
    assert_eq!(back.settings.player_name, "羽生");
    assert!(std::fs::read_to_string(&path).unwrap().contains(r#""undo": "z""#));
    // a save with no edit since says nothing
    ours.level = level(5);
    assert_eq!(file.save(&ours).unwrap(), None);
    // an edit that does not read is kept aside, not lost
    std::fs::write(&path, "{ half an edit").unwrap();
    ours.level = level(6);
    let note = file.save(&ours).unwrap().unwrap();
    assert!(note.contains(".broken-"), "{note}");
    assert_eq!(entries(&d.0).len(), 2);
}

#[test]
fn a_settings_file_in_shift_jis_is_a_broken_file_and_one_with_a_bom_reads() {
    let d = TempDir::new("settings-encoding");
    let path = d.0.join("settings.json");
    let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode(r#"{"version": 1, "player_name": "羽生"}"#);
    std::fs::write(&path, &sjis).unwrap();
    let loaded = SettingsFile::load(path.clone(), Settings::default());
    assert_eq!(loaded.settings, Settings::default());
    let msg = loaded.message.unwrap();
    assert!(msg.contains("not UTF-8"), "{msg}");
    assert!(loaded.file.unwrap().save(&loaded.settings).unwrap().unwrap().contains(".broken-"));
    std::fs::write(&path, "\u{feff}{\"version\": 1, \"level\": 7}").unwrap();
    let loaded = SettingsFile::load(path, Settings::default());
    assert_eq!(loaded.message, None);
    assert_eq!(loaded.settings.level, level(7));
}

#[cfg(target_os = "linux")]
#[test]
fn a_fifo_or_a_huge_file_as_the_settings_is_refused_without_blocking() {
    let d = TempDir::new("settings-fifo");
    let path = d.0.join("settings.json");
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let (tx, rx) = std::sync::mpsc::channel();
    let p = path.clone();
    std::thread::spawn(move || {
        let _ = tx.send(SettingsFile::load(p, Settings::default()).message);
    });
    let msg = rx.recv_timeout(std::time::Duration::from_secs(5)).expect("load blocked").unwrap();
    assert!(msg.contains("FIFO"), "{msg}");
    std::fs::remove_file(&path).unwrap();
    std::fs::File::create(&path).unwrap().set_len(crate::bounded_read::SMALL_FILE_LIMIT + 1).unwrap();
    let msg = SettingsFile::load(path, Settings::default()).message.unwrap();
    assert!(msg.contains("too large"), "{msg}");
}

#[test]
fn a_file_read_with_problems_is_kept_before_it_is_overwritten() {
    let d = TempDir::new("settings-old");
    let path = d.0.join("settings.json");
    std::fs::write(&path, r#"{"level": 6}"#).unwrap();
    let loaded = SettingsFile::load(path, Settings::default());
    assert!(loaded.message.unwrap().contains("kept as it is"));
    let mut file = loaded.file.unwrap();
    assert!(file.save(&loaded.settings).unwrap().is_some());
    assert_eq!(entries(&d.0).len(), 2);
}

#[test]
fn language_follows_the_locale_in_posix_order() {
    let env = |pairs: &'static [(&'static str, &'static str)]| {
        move |k: &str| pairs.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string())
    };
    assert_eq!(language_from_locale(env(&[])), Language::En);
    assert_eq!(language_from_locale(env(&[("LANG", "ja_JP.UTF-8")])), Language::Ja);
    assert_eq!(language_from_locale(env(&[("LANG", "ja_JP.UTF-8"), ("LC_ALL", "C")])), Language::En);
    assert_eq!(
        language_from_locale(env(&[("LANG", "en_US.UTF-8"), ("LC_MESSAGES", "ja_JP.UTF-8")])),
        Language::Ja
    );
    assert_eq!(language_from_locale(env(&[("LC_ALL", ""), ("LANG", "ja")])), Language::Ja);
}

/// A settings file exactly as version 1 wrote it (copied from the file the app saved): you as ☖
/// against the computer, ☖ with a minute less and a Fischer increment.
const WRITTEN_BY_VERSION_1: &str = include_str!("../../../tests/data/settings-v1.json");

#[test]
fn a_file_written_by_version_1_reads_as_it_was_meant() {
    let p = parse(WRITTEN_BY_VERSION_1, Settings::default());
    assert_eq!(p.problems, Vec::<String>::new());
    let s = p.settings;
    assert_eq!((s.mode, s.level, s.gote_level), (GameMode::HumanGote, level(7), level(5)));
    let fischer = TimeControl { main_ms: 540_000, byoyomi_ms: 30_000, increment_ms: 2_000 };
    assert_eq!(s.clock, Some([TimeControl::new(600_000, 30_000), fischer]));
    assert_eq!((s.handicap.as_str(), s.player_name.as_str()), ("香落ち", "Hanako"));
    assert_eq!((s.piece_style, s.notation, s.max_moves), (PieceStyle::Ascii, Notation::Ki2, Some(256)));
    assert_eq!((s.analysis_lines, s.game_analysis_ms, s.mark_thresholds), (1, 500, [8, 15, 30, 60]));
    assert_eq!(s.version, SETTINGS_VERSION);
    // read cleanly, so it is written over in this version's layout at the next change
    let d = TempDir::new("settings-version-1");
    let path = d.0.join("settings.json");
    std::fs::write(&path, WRITTEN_BY_VERSION_1).unwrap();
    let loaded = SettingsFile::load(path.clone(), Settings::default());
    assert_eq!((loaded.message.as_deref(), &loaded.settings), (None, &s));
    assert_eq!(loaded.file.unwrap().save(&s).unwrap(), None);
    assert_eq!(entries(&d.0), ["settings.json"]);
    let written: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!((&written["mode"], &written["version"]), (&json!("human-gote"), &json!(SETTINGS_VERSION)));
    assert_eq!(written["clock"][1], json!({"main_ms": 540_000, "byoyomi_ms": 30_000, "increment_ms": 2_000}));
    assert!(written.get("side").is_none() && written.get("gote_clock").is_none(), "{written}");
    assert_eq!(SettingsFile::load(path, Settings::default()).settings, s);
}

#[test]
fn version_1_modes_sides_and_clocks_become_game_modes_and_time_controls() {
    let mode = |text: &str| parse(text, Settings::default()).settings.mode;
    assert_eq!(mode(r#"{"version": 1, "mode": "vs-computer", "side": "sente"}"#), GameMode::HumanSente);
    assert_eq!(mode(r#"{"version": 1, "mode": "hot-seat", "side": "gote"}"#), GameMode::HotSeat);
    assert_eq!(mode(r#"{"version": 1, "mode": "computer-vs-computer"}"#), GameMode::EngineVsEngine);
    assert_eq!(mode(r#"{"version": 1, "side": "gote"}"#), GameMode::HumanGote);
    let p = parse(r#"{"version": 1, "mode": "vs-computer", "side": "up"}"#, Settings::default());
    assert_eq!(p.settings.mode, GameMode::HumanSente);
    assert_eq!(p.problems, [r#"'side': "up" is not a valid value; using the default"#]);
    let p = parse(r#"{"version": 1, "mode": "online"}"#, Settings::default());
    assert_eq!(p.problems, [r#"'mode': "online" is not a valid value; using the default"#]);
    // a gote clock that cannot be used: ☖ has ☗'s
    let text = r#"{"version": 1, "clock": {"main_seconds": 300, "byoyomi_seconds": 0},
        "gote_clock": {"main_seconds": 0, "byoyomi_seconds": 0}}"#;
    let p = parse(text, Settings::default());
    assert_eq!(p.settings.clock, Some([TimeControl::new(300_000, 0); 2]));
    assert_eq!(p.problems, ["'gote_clock': the time is zero or too long; ☖ has ☗'s clock"]);
    let p =
        parse(r#"{"version": 1, "clock": {"main_seconds": 0, "byoyomi_seconds": 0}}"#, Settings::default());
    assert_eq!(
        (p.settings.clock, p.problems.as_slice()),
        (None, &["'clock': the time is zero or too long; no clock".to_string()][..])
    );
    let p = parse(
        r#"{"version": 1, "clock": null, "gote_clock": {"main_seconds": 60, "byoyomi_seconds": 0}}"#,
        Settings::default(),
    );
    assert_eq!((p.settings.clock, p.problems.len()), (None, 0));
}

#[test]
fn every_refused_value_is_named_with_what_is_used_instead() {
    let said = |field: &str, value: serde_json::Value| {
        let mut file = json!({"version": SETTINGS_VERSION});
        file[field] = value;
        let p = parse(&file.to_string(), Settings::default());
        assert_eq!(p.settings, Settings::default(), "{field}");
        assert_eq!(p.problems.len(), 1, "{field}: {:?}", p.problems);
        p.problems[0].clone()
    };
    assert_eq!(said("level", json!(99)), "'level': 99 is not between 1 and 10; using 3");
    assert_eq!(said("gote_level", json!(0)), "'gote_level': 0 is not between 1 and 10; using 3");
    assert_eq!(said("level", json!("7")), r#"'level': "7" is not a valid value; using the default"#);
    assert_eq!(said("analysis_lines", json!(7)), "'analysis_lines': 7 is not between 1 and 3; using 3");
    assert_eq!(
        said("game_analysis_ms", json!(0)),
        "'game_analysis_ms': 0 is not between 10 and 600000; using 300"
    );
    assert_eq!(
        said("min_move_ms", json!(90_000)),
        "'min_move_ms': 90000 is not between 0 and 60000; using 1000"
    );
    assert_eq!(said("max_moves", json!(1)), "'max_moves': 1 is not between 2 and 10000; no limit");
    assert_eq!(
        said("handicap", json!("十一枚落ち")),
        "'handicap': 十一枚落ち is not a known 手合割 (handicap); using 平手"
    );
    assert_eq!(
        said("mark_thresholds", json!([20, 10, 30, 40])),
        "'mark_thresholds': [20, 10, 30, 40] are not rising percentages from 1 to 100; using [5, 10, 20, 50]"
    );
    assert_eq!(
        said("clock", json!([{"main_ms": 0}, {"main_ms": 0}])),
        "'clock': the time is zero or too long; no clock"
    );
    assert_eq!(
        said("clock", json!({"main_ms": 60_000})),
        r#"'clock': {"main_ms":60000} is not a valid value; using the default"#
    );
    assert_eq!(
        said("mode", json!("vs-computer")),
        r#"'mode': "vs-computer" is not a valid value; using the default"#
    );
    assert_eq!(said("theme", json!("blue")), r#"'theme': "blue" is not a valid value; using the default"#);
    assert_eq!(
        said("online", json!({"port": "x"})),
        r#"'online': {"port":"x"} is not a valid value; using the default"#
    );
    // a blank engine command is the built-in engine, said nothing of
    let p = parse(r#"{"version": 2, "engine_command": "  "}"#, Settings::default());
    assert_eq!((p.settings.engine_command, p.problems.len()), (None, 0));
}

#[test]
fn every_field_is_known_to_the_reader_and_the_defaults_read_back() {
    let written = serde_json::to_value(Settings::default()).unwrap();
    let names = super::read::field_names::<Settings>();
    for field in written.as_object().unwrap().keys() {
        assert!(names.contains(&field.as_str()), "{field}");
    }
    assert!(names.contains(&"keys"));
    assert_eq!(serde_json::from_value::<Settings>(written).unwrap(), Settings::default());
    let p = parse(&serde_json::to_string(&Settings::default()).unwrap(), Settings::default());
    assert_eq!((p.settings, p.problems.len()), (Settings::default(), 0));
}

#[test]
fn a_clock_is_written_as_each_sides_time_control() {
    let odds = [TimeControl::new(600_000, 30_000), TimeControl::new(300_000, 30_000)];
    let s = Settings { clock: Some(odds), ..Settings::default() };
    let text = serde_json::to_string(&s).unwrap();
    assert!(
        text.contains(r#""clock":[{"main_ms":600000,"byoyomi_ms":30000,"increment_ms":0},{"main_ms":300000"#),
        "{text}"
    );
    assert_eq!(parse(&text, Settings::default()).settings.clock, Some(odds));
}

#[test]
fn the_terminals_background_chooses_the_theme_only_when_the_file_names_none() {
    let d = TempDir::new("settings-background");
    let path = d.0.join("settings.json");
    let asked = std::cell::Cell::new(0);
    let light = || {
        asked.set(asked.get() + 1);
        Some(Theme::Light)
    };
    // no file: the background decides; no answer: dark
    let mut loaded = SettingsFile::load(path.clone(), Settings::default());
    assert!(!loaded.theme_set);
    loaded.take_background_theme(|| None);
    assert_eq!(loaded.settings.theme, Theme::Dark);
    loaded.take_background_theme(light);
    assert_eq!((loaded.settings.theme, asked.get()), (Theme::Light, 1));
    // a save keeps the theme out of the file while it is the background's
    let mut file = loaded.file.unwrap();
    let mut ours = loaded.settings.clone();
    ours.level = level(5);
    file.save(&ours).unwrap();
    assert!(!std::fs::read_to_string(&path).unwrap().contains("\"theme\""));
    let mut again = SettingsFile::load(path.clone(), Settings::default());
    assert!(!again.theme_set);
    again.take_background_theme(light);
    assert_eq!((again.settings.theme, again.settings.level, asked.get()), (Theme::Light, level(5), 2));
    // a theme chosen is written, and then the terminal is not asked
    ours.theme = Theme::HighContrast;
    file.save(&ours).unwrap();
    let mut chosen = SettingsFile::load(path.clone(), Settings::default());
    assert!(chosen.theme_set);
    chosen.take_background_theme(light);
    assert_eq!((chosen.settings.theme, asked.get()), (Theme::HighContrast, 2));
    // a theme written by hand counts; a wrong one does not
    std::fs::write(&path, r#"{"version": 2, "theme": "dark"}"#).unwrap();
    let mut by_hand = SettingsFile::load(path.clone(), Settings::default());
    by_hand.take_background_theme(light);
    assert_eq!((by_hand.settings.theme, asked.get()), (Theme::Dark, 2));
    std::fs::write(&path, r#"{"version": 2, "theme": "pink"}"#).unwrap();
    let mut wrong = SettingsFile::load(path, Settings::default());
    wrong.take_background_theme(light);
    assert_eq!((wrong.settings.theme, asked.get()), (Theme::Light, 3));
}

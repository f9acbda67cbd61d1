//! The player's settings and their JSON file in the platform config directory
//! (`~/.config/shogiban/settings.json` on Linux). Reading is forgiving: a field that is missing,
//! unknown or out of range takes its default and is reported; a file that is not JSON at all gives
//! defaults and a message. A file that could not be read exactly is never overwritten silently:
//! before the first save it is renamed to `settings.json.broken-<time>` and the message says so.
//! This module knows nothing of the app's state; the app maps settings to its own types.

use super::storage::StorageError;
use super::text::settings_file::SettingsFileText as Words;
use serde::{Deserialize, Serialize, de::DeserializeOwned};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The version written into the file; files without one, or with an older one, are read field by
/// field.
pub const SETTINGS_VERSION: u32 = 1;

/// Who plays: against the computer, two people at one keyboard, or the computer against itself.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    VsComputer,
    HotSeat,
    ComputerVsComputer,
}

/// The side the player takes against the computer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    Sente,
    Gote,
}

/// How pieces are drawn on the board: one kanji (`歩`, `と`) or ASCII letters (`P`, `+P`) for
/// terminals without CJK fonts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PieceStyle {
    Kanji,
    Ascii,
}

/// The colours the screen is drawn in: `dark` for a dark terminal background, `light` for a light
/// one (no piece in white), `high-contrast` for the sixteen plainest colours and bold pieces.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    #[default]
    Dark,
    Light,
    HighContrast,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::Dark, Theme::Light, Theme::HighContrast];
}

/// How the last seconds of a countdown (byoyomi, or the main time with none after it) are
/// counted: the terminal bell at 10 s and at each of the last 5, a flash of the clock panel in
/// its place, or nothing.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ByoyomiCount {
    #[default]
    Bell,
    Flash,
    Off,
}

impl ByoyomiCount {
    pub const ALL: [ByoyomiCount; 3] = [ByoyomiCount::Bell, ByoyomiCount::Flash, ByoyomiCount::Off];
}

/// The interface language (shogi notation is Japanese in both).
pub use crate::record::Language;

/// How moves are written in the record panel.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Notation {
    /// `▲７六歩(77)`
    Kif,
    /// `▲７六歩`
    Ki2,
    /// `+7776FU`
    Csa,
    /// `7g7f`
    Usi,
}

/// The rule an impasse declaration (入玉宣言) is judged by.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ImpasseRule {
    /// CSA rule: 28 points for sente, 27 for gote, else the declaration loses.
    Csa27,
    /// 24-point rule: 31 or more wins, 24 to 30 draws.
    Points24,
}

impl ImpasseRule {
    pub fn core(self) -> crate::core::ImpasseRule {
        match self {
            ImpasseRule::Csa27 => crate::core::ImpasseRule::Csa27,
            ImpasseRule::Points24 => crate::core::ImpasseRule::Jsa24,
        }
    }
}

/// A game clock: main time, byoyomi and a Fischer increment, in seconds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    pub main_seconds: u64,
    pub byoyomi_seconds: u64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub increment_seconds: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl Clock {
    /// Main time and byoyomi, no increment.
    pub const fn new(main_seconds: u64, byoyomi_seconds: u64) -> Clock {
        Clock { main_seconds, byoyomi_seconds, increment_seconds: 0 }
    }

    /// Whether it is a clock: some time, at most a day's main time and an hour's byoyomi and
    /// increment.
    fn is_valid(&self) -> bool {
        let some = self.main_seconds > 0 || self.byoyomi_seconds > 0 || self.increment_seconds > 0;
        some && self.main_seconds <= 86_400
            && self.byoyomi_seconds <= 3_600
            && self.increment_seconds <= 3_600
    }
}

/// Everything the player can set. `Default` is the first-launch choice: you (☗) against the
/// computer at level 3, no clock, an even game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub version: u32,
    pub mode: Mode,
    pub side: Side,
    /// The computer's level; in computer vs computer, ☗'s.
    pub level: Level,
    /// ☖'s level in computer vs computer.
    pub gote_level: Level,
    /// `None`: no clock. With `gote_clock`, ☗'s clock.
    pub clock: Option<Clock>,
    /// ☖'s clock when it differs from ☗'s (time odds); `None`: the same as `clock`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gote_clock: Option<Clock>,
    /// The KIF `手合割` name (`平手`, `角落ち`, ...).
    pub handicap: String,
    pub piece_style: PieceStyle,
    /// The terminal draws ambiguous-width characters (box drawing, ▲△) two columns wide.
    pub ambiguous_wide: bool,
    pub language: Language,
    pub notation: Notation,
    pub impasse_rule: ImpasseRule,
    /// An external USI engine (program and arguments); `None` uses the built-in engine.
    pub engine_command: Option<String>,
    /// USI options sent to the external engine (`setoption name K value V`).
    pub engine_options: BTreeMap<String, String>,
    /// Computer against computer: the least time each move stays on screen, in milliseconds.
    pub min_move_ms: u64,
    /// A game reaching this many moves ends as 持将棋 (a draw); `None`: no limit.
    pub max_moves: Option<u32>,
    /// Lines (MultiPV) the analysis (検討) shows, 1 to 3.
    pub analysis_lines: u8,
    /// The whole-game analysis (棋譜解析): time per position, in milliseconds.
    pub game_analysis_ms: u64,
    /// Losses (percentage points of expected score) from which a move is marked 緩手, 疑問手,
    /// 悪手 and 大悪手; rising.
    pub mark_thresholds: [u32; 4],
    /// The threat indicator (詰めろ, 詰みあり) in review and analysis.
    pub threats: bool,
    /// Against a person the computer takes at least its level's natural thinking time over a
    /// move (`engine::levels::Level::natural_think_ms`), however fast it found the answer.
    pub natural_thinking_time: bool,
    /// The player's name, written into the records (`先手：Hanako`) and shown in place of
    /// "you"; empty: "you".
    pub player_name: String,
    /// The colours of the screen.
    pub theme: Theme,
    /// The count of a countdown's last seconds.
    pub byoyomi_count: ByoyomiCount,
    /// Analysis (a) and hints (i) during a game against the computer (the record says they
    /// were used).
    pub help_in_games: bool,
    /// Keys remapped: an action's name (see `keymap::Action`) to its key or keys. Only remaps
    /// the keymap accepts are kept.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub keys: BTreeMap<String, KeyNames>,
    /// The online dialog's last choices (never the password).
    pub online: OnlineSettings,
}

/// The side asked for in an online game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum OnlineSide {
    /// The server (or the pairing) decides.
    #[default]
    Any,
    Sente,
    Gote,
}

/// What the online dialog remembers between launches: everything but the password (which is
/// kept, when the player asks, in a file of its own that only its owner can read).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct OnlineSettings {
    pub host: String,
    pub port: u16,
    pub user: String,
    /// The game name the server pairs by (`floodgate-300-10F`).
    pub game: String,
    pub side: OnlineSide,
    /// Agree to the game summary without asking.
    pub auto_agree: bool,
    /// Log in in the extended mode (`x1`): who is on, games in progress, watching, chat.
    pub extended: bool,
    /// Seconds between the empty keep-alive lines sent to the server, whoever is to move (less
    /// than 30 is taken as 30).
    pub keepalive_s: u64,
}

impl Default for OnlineSettings {
    fn default() -> Self {
        OnlineSettings {
            host: "127.0.0.1".into(),
            port: crate::online::DEFAULT_PORT,
            user: String::new(),
            game: "casual-600-10".into(),
            side: OnlineSide::Any,
            auto_agree: false,
            extended: false,
            keepalive_s: crate::online::connection::KEEPALIVE.as_secs(),
        }
    }
}

/// An action's keys in the settings file: one name (`"z"`) or a list (`["z", "Backspace"]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum KeyNames {
    One(String),
    Many(Vec<String>),
}

impl KeyNames {
    pub fn names(&self) -> Vec<String> {
        match self {
            KeyNames::One(k) => vec![k.clone()],
            KeyNames::Many(ks) => ks.clone(),
        }
    }
}

impl Settings {
    /// The remaps as the keymap takes them (action name to key names).
    pub fn key_remaps(&self) -> BTreeMap<String, Vec<String>> {
        self.keys.iter().map(|(a, k)| (a.clone(), k.names())).collect()
    }
}

pub use crate::engine::levels::Level;
/// The computer's level on the first launch.
pub const DEFAULT_LEVEL: Level = Level::new(3).unwrap();
/// The longest pause allowed between computer moves (one minute).
pub const MAX_MIN_MOVE_MS: u64 = 60_000;
/// The move limits offered (`None`: no limit); the CSA tournaments use 256 and 320.
pub const MAX_MOVES_CHOICES: [Option<u32>; 4] = [None, Some(256), Some(320), Some(512)];
/// The whole-game analysis times offered (ms a position).
pub const GAME_ANALYSIS_MS_CHOICES: [u64; 6] = [100, 300, 500, 1000, 2000, 5000];
/// The mark thresholds offered, strict to lenient (ShogiHome's defaults second).
pub const MARK_THRESHOLD_CHOICES: [[u32; 4]; 4] =
    [[3, 6, 12, 30], [5, 10, 20, 50], [8, 15, 30, 60], [10, 20, 40, 70]];

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            version: SETTINGS_VERSION,
            mode: Mode::VsComputer,
            side: Side::Sente,
            level: DEFAULT_LEVEL,
            gote_level: DEFAULT_LEVEL,
            clock: None,
            gote_clock: None,
            handicap: "平手".into(),
            piece_style: PieceStyle::Kanji,
            ambiguous_wide: false,
            language: Language::En,
            notation: Notation::Kif,
            impasse_rule: ImpasseRule::Csa27,
            engine_command: None,
            engine_options: BTreeMap::new(),
            min_move_ms: 1000,
            max_moves: None,
            analysis_lines: 3,
            game_analysis_ms: 300,
            mark_thresholds: MARK_THRESHOLD_CHOICES[1],
            threats: true,
            natural_thinking_time: true,
            player_name: String::new(),
            keys: BTreeMap::new(),
            theme: Theme::Dark,
            byoyomi_count: ByoyomiCount::Bell,
            help_in_games: false,
            online: OnlineSettings::default(),
        }
    }
}

/// The language the locale asks for: the first set of `LC_ALL`, `LC_MESSAGES`, `LANG` (as POSIX
/// orders them); Japanese when it starts with `ja`, English otherwise. `var` looks a name up.
pub fn language_from_locale(var: impl Fn(&str) -> Option<String>) -> Language {
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].iter().find_map(|k| var(k).filter(|v| !v.is_empty()));
    match locale {
        Some(l) if l.to_ascii_lowercase().starts_with("ja") => Language::Ja,
        _ => Language::En,
    }
}

/// The settings at the platform's place, on top of the locale's defaults (defaults alone, with
/// no file to save to, when there is no home directory).
pub fn load_default() -> Loaded {
    match SettingsFile::default_path() {
        Some(path) => SettingsFile::load(path, defaults_for_locale()),
        None => Loaded {
            file: None,
            settings: defaults_for_locale(),
            message: Some(Words::of(defaults_for_locale().language).no_home.into()),
        },
    }
}

/// The defaults, in the language of the process's locale.
pub fn defaults_for_locale() -> Settings {
    Settings { language: language_from_locale(|k| std::env::var(k).ok()), ..Settings::default() }
}

/// The longest player name, in characters.
pub const MAX_PLAYER_NAME: usize = 40;

/// Why a player name cannot go into a record.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BadName {
    /// A line break or other control character.
    Control,
    /// More than [`MAX_PLAYER_NAME`] characters.
    TooLong,
}

impl BadName {
    pub fn describe(self, language: Language) -> &'static str {
        match (self, language) {
            (BadName::Control, Language::En) => "a name cannot hold a line break or a control character",
            (BadName::Control, Language::Ja) => "名前に改行や制御文字は使えません",
            (BadName::TooLong, Language::En) => "a name is at most 40 characters",
            (BadName::TooLong, Language::Ja) => "名前は40文字までです",
        }
    }
}

/// A player name as the records can hold it (trimmed), or why not.
pub fn check_player_name(name: &str) -> Result<String, BadName> {
    let name = name.trim();
    if name.chars().any(char::is_control) {
        return Err(BadName::Control);
    }
    if name.chars().count() > MAX_PLAYER_NAME {
        return Err(BadName::TooLong);
    }
    Ok(name.to_string())
}

/// Settings read from text, with what could not be read.
#[derive(Debug, PartialEq, Eq)]
pub struct Parsed {
    pub settings: Settings,
    /// One sentence per problem (field name, what was wrong, what is used instead).
    pub problems: Vec<String>,
}

/// Reads settings from JSON text, field by field, on top of `base` (the defaults). Never fails:
/// whatever cannot be used is reported in `problems` and takes the default.
pub fn parse(text: &str, base: Settings) -> Parsed {
    // a byte order mark, as some editors write one, is not part of the JSON
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut problems = Vec::new();
    let mut s = base;
    let obj = match serde_json::from_str::<serde_json::Value>(text) {
        Ok(serde_json::Value::Object(o)) => o,
        Ok(_) => {
            problems.push(Words::of(s.language).not_an_object.into());
            return Parsed { settings: s, problems };
        }
        Err(e) => {
            problems.push((Words::of(s.language).not_json)(&e.to_string()));
            return Parsed { settings: s, problems };
        }
    };
    // the problems are told in the language the file sets, else the locale's
    let language = obj.get("language").and_then(|v| serde_json::from_value(v.clone()).ok());
    let w = Words::of(language.unwrap_or(s.language));
    match obj.get("version").map(|v| v.as_u64()) {
        Some(Some(v)) if v == SETTINGS_VERSION as u64 => {}
        Some(Some(v)) if v > SETTINGS_VERSION as u64 => problems.push((w.newer)(v, SETTINGS_VERSION)),
        _ => problems.push(w.older.into()),
    }
    let field = |name: &str| obj.get(name).map(|v| (name.to_string(), v.clone()));
    fn take<T: DeserializeOwned>(
        f: Option<(String, serde_json::Value)>,
        problems: &mut Vec<String>,
        w: &Words,
    ) -> Option<T> {
        let (name, v) = f?;
        match serde_json::from_value::<T>(v.clone()) {
            Ok(t) => Some(t),
            Err(_) => {
                problems.push((w.invalid)(&name, &v.to_string()));
                None
            }
        }
    }
    for (name, level) in [("level", &mut s.level), ("gote_level", &mut s.gote_level)] {
        if let Some(v) = take::<u64>(field(name), &mut problems, w) {
            match Level::try_from(v) {
                Ok(l) => *level = l,
                Err(_) => problems.push((w.not_between)(
                    name,
                    &v.to_string(),
                    Level::MIN.get().into(),
                    Level::MAX.get().into(),
                    &level.to_string(),
                )),
            }
        }
    }
    if let Some(v) = take(field("mode"), &mut problems, w) {
        s.mode = v;
    }
    if let Some(v) = take(field("side"), &mut problems, w) {
        s.side = v;
    }
    if let Some(v) = take::<Option<Clock>>(field("clock"), &mut problems, w) {
        match v {
            Some(c) if !c.is_valid() => {
                problems.push(w.clock_invalid.into());
                s.clock = None;
            }
            v => s.clock = v,
        }
    }
    if let Some(v) = take::<Option<Clock>>(field("gote_clock"), &mut problems, w) {
        match v {
            Some(c) if !c.is_valid() => {
                problems.push(w.gote_clock_invalid.into());
                s.gote_clock = None;
            }
            v => s.gote_clock = v.filter(|_| s.clock.is_some()),
        }
    }
    if let Some(v) = take::<String>(field("handicap"), &mut problems, w) {
        if crate::record::HANDICAPS.iter().any(|h| h.name == v) {
            s.handicap = v;
        } else {
            problems.push((w.unknown_handicap)(&v, &s.handicap));
        }
    }
    if let Some(v) = take::<OnlineSettings>(field("online"), &mut problems, w) {
        s.online = v;
    }
    if let Some(v) = take(field("piece_style"), &mut problems, w) {
        s.piece_style = v;
    }
    if let Some(v) = take(field("ambiguous_wide"), &mut problems, w) {
        s.ambiguous_wide = v;
    }
    if let Some(v) = take(field("language"), &mut problems, w) {
        s.language = v;
    }
    if let Some(v) = take(field("notation"), &mut problems, w) {
        s.notation = v;
    }
    if let Some(v) = take(field("impasse_rule"), &mut problems, w) {
        s.impasse_rule = v;
    }
    if let Some(v) = take::<Option<String>>(field("engine_command"), &mut problems, w) {
        s.engine_command = v.filter(|c| !c.trim().is_empty());
    }
    if let Some(v) = take(field("engine_options"), &mut problems, w) {
        s.engine_options = v;
    }
    if let Some(v) = take::<u64>(field("min_move_ms"), &mut problems, w) {
        s.min_move_ms = v.min(MAX_MIN_MOVE_MS);
        if v > MAX_MIN_MOVE_MS {
            let most = MAX_MIN_MOVE_MS;
            problems.push((w.not_between)("min_move_ms", &v.to_string(), 0, most, &most.to_string()));
        }
    }
    if let Some(v) = take::<Option<u32>>(field("max_moves"), &mut problems, w) {
        match v {
            Some(n) if !(2..=10_000).contains(&n) => {
                problems.push((w.move_limit_out_of_range)(n));
                s.max_moves = None;
            }
            v => s.max_moves = v,
        }
    }
    if let Some(v) = take::<u64>(field("analysis_lines"), &mut problems, w) {
        if (1..=3).contains(&v) {
            s.analysis_lines = v as u8;
        } else {
            let using = s.analysis_lines.to_string();
            problems.push((w.not_between)("analysis_lines", &v.to_string(), 1, 3, &using));
        }
    }
    if let Some(v) = take::<u64>(field("game_analysis_ms"), &mut problems, w) {
        if (10..=600_000).contains(&v) {
            s.game_analysis_ms = v;
        } else {
            let using = s.game_analysis_ms.to_string();
            problems.push((w.not_between)("game_analysis_ms", &v.to_string(), 10, 600_000, &using));
        }
    }
    if let Some(v) = take::<[u32; 4]>(field("mark_thresholds"), &mut problems, w) {
        if v.windows(2).all(|w| w[0] < w[1]) && v[0] >= 1 && v[3] <= 100 {
            s.mark_thresholds = v;
        } else {
            problems.push((w.thresholds)(&format!("{v:?}"), &format!("{:?}", s.mark_thresholds)));
        }
    }
    if let Some(v) = take(field("threats"), &mut problems, w) {
        s.threats = v;
    }
    if let Some(v) = take(field("natural_thinking_time"), &mut problems, w) {
        s.natural_thinking_time = v;
    }
    if let Some(v) = take::<String>(field("player_name"), &mut problems, w) {
        match check_player_name(&v) {
            Ok(name) => s.player_name = name,
            Err(why) => problems.push((w.bad_player_name)(why.describe(w.language))),
        }
    }
    if let Some(v) = take(field("theme"), &mut problems, w) {
        s.theme = v;
    }
    if let Some(v) = take(field("byoyomi_count"), &mut problems, w) {
        s.byoyomi_count = v;
    }
    if let Some(v) = take(field("help_in_games"), &mut problems, w) {
        s.help_in_games = v;
    }
    if let Some(v) = obj.get("keys") {
        s.keys = parse_keys(v, &mut problems);
    }
    let known = [
        "version",
        "mode",
        "side",
        "level",
        "gote_level",
        "clock",
        "gote_clock",
        "handicap",
        "piece_style",
        "ambiguous_wide",
        "language",
        "notation",
        "impasse_rule",
        "engine_command",
        "engine_options",
        "min_move_ms",
        "max_moves",
        "analysis_lines",
        "game_analysis_ms",
        "mark_thresholds",
        "threats",
        "natural_thinking_time",
        "player_name",
        "keys",
        "theme",
        "byoyomi_count",
        "help_in_games",
        "online",
    ];
    let unknown: Vec<&str> = obj.keys().map(String::as_str).filter(|k| !known.contains(k)).collect();
    if !unknown.is_empty() {
        problems.push((w.unknown_fields)(&unknown.join(", ")));
    }
    s.version = SETTINGS_VERSION;
    Parsed { settings: s, problems }
}

/// Reads `"keys": {"<action>": "<key>" or ["<key>", ...]}`: the remaps the keymap accepts, and
/// a sentence for each it does not (an unknown action, a name that is not a key, a key another
/// action of the same mode has).
fn parse_keys(v: &serde_json::Value, problems: &mut Vec<String>) -> BTreeMap<String, KeyNames> {
    let serde_json::Value::Object(o) = v else {
        problems.push(format!("'keys': {v} is not an object like {{\"undo\": \"z\"}}; no keys remapped"));
        return BTreeMap::new();
    };
    let mut given = BTreeMap::new();
    for (action, keys) in o {
        match serde_json::from_value::<KeyNames>(keys.clone()) {
            Ok(k) => {
                given.insert(action.clone(), k);
            }
            Err(_) => problems.push(format!(
                "'keys': '{action}': {keys} is not a key name or a list of them; it keeps its own"
            )),
        }
    }
    let remaps = given.iter().map(|(a, k)| (a.clone(), k.names())).collect();
    let (map, found) = super::keymap::Keymap::with_remaps(&remaps);
    problems.extend(found);
    given.into_iter().filter(|(a, _)| map.remaps(a)).collect()
}

/// The settings file on disk: where it is and whether the file there must be kept aside before
/// it is first overwritten (because it could not be read exactly).
#[derive(Debug)]
pub struct SettingsFile {
    path: PathBuf,
    keep_original: bool,
    /// The file's bytes as read or last written (`None`: there was no file): a file that
    /// differs when the settings are next saved was edited by hand meanwhile.
    on_disk: Option<Vec<u8>>,
    /// The settings as read or last written, as JSON: what the app changed since is what a
    /// save writes over a file edited by hand.
    base: serde_json::Value,
}

/// What `SettingsFile::load` found.
#[derive(Debug)]
pub struct Loaded {
    /// Where to save (`None`: nowhere to save).
    pub file: Option<SettingsFile>,
    pub settings: Settings,
    /// A message for the player when the file had problems (`None` when it was read cleanly or
    /// did not exist yet).
    pub message: Option<String>,
}

impl SettingsFile {
    /// `settings.json` in the platform config directory (`None` when there is no home).
    pub fn default_path() -> Option<PathBuf> {
        directories::ProjectDirs::from("", "", "shogiban").map(|d| d.config_dir().join("settings.json"))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads the file at `path` on top of `defaults`. A missing file is the first launch: the
    /// defaults, no message. Never fails.
    pub fn load(path: PathBuf, defaults: Settings) -> Loaded {
        let base = serde_json::to_value(&defaults).unwrap_or_default();
        match crate::bounded_read::read_bounded(&path, crate::bounded_read::SMALL_FILE_LIMIT) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Loaded {
                file: Some(SettingsFile { path, keep_original: false, on_disk: None, base }),
                settings: defaults,
                message: None,
            },
            Err(e) => Loaded {
                message: Some((Words::of(defaults.language).cannot_read)(
                    &path.display().to_string(),
                    &e.to_string(),
                )),
                file: Some(SettingsFile { path, keep_original: true, on_disk: None, base }),
                settings: defaults,
            },
            Ok(bytes) => {
                let parsed = match std::str::from_utf8(&bytes) {
                    Ok(text) => parse(text, defaults),
                    // Shift_JIS or other bytes: a broken file, kept aside before it is replaced
                    Err(_) => Parsed {
                        problems: vec![Words::of(defaults.language).not_utf8.to_string()],
                        settings: defaults,
                    },
                };
                let w = Words::of(parsed.settings.language);
                let message = (!parsed.problems.is_empty()).then(|| {
                    (w.kept_until_a_change)(&path.display().to_string(), &parsed.problems.join(w.separator))
                });
                let keep_original = message.is_some();
                let base = serde_json::to_value(&parsed.settings).unwrap_or_default();
                Loaded {
                    file: Some(SettingsFile { path, keep_original, on_disk: Some(bytes), base }),
                    settings: parsed.settings,
                    message,
                }
            }
        }
    }

    /// What to write for `settings` over a file edited by hand since it was read or written
    /// (`on_disk` differs from what is there now): the file's own fields, with those the app
    /// changed since replaced. `None` when the file was not edited, or does not read as a
    /// settings object (then it is kept aside as a broken file).
    fn merge_with_edits(&mut self, settings: &serde_json::Value) -> Option<serde_json::Value> {
        let now = crate::bounded_read::read_bounded(&self.path, crate::bounded_read::SMALL_FILE_LIMIT);
        let now = match now {
            Ok(bytes) => bytes,
            // gone, or unreadable: nothing to keep or nothing that could be kept
            Err(_) => return None,
        };
        if self.on_disk.as_deref() == Some(&now[..]) {
            return None;
        }
        let edited = std::str::from_utf8(&now)
            .ok()
            .map(|t| t.strip_prefix('\u{feff}').unwrap_or(t))
            .and_then(|t| serde_json::from_str::<serde_json::Value>(t).ok());
        let (Some(serde_json::Value::Object(mut edited)), serde_json::Value::Object(ours)) =
            (edited, settings)
        else {
            self.keep_original = true;
            return None;
        };
        for (field, value) in ours {
            if self.base.get(field) != Some(value) {
                edited.insert(field.clone(), value.clone());
            }
        }
        Some(serde_json::Value::Object(edited))
    }

    /// Writes `settings` (atomically, see `record::io::write_file_atomically`). When the file
    /// on disk could not be read exactly, it is first renamed to `settings.json.broken-<time>`;
    /// the returned message names it.
    pub fn save(&mut self, settings: &Settings) -> Result<Option<String>, StorageError> {
        let mut note = None;
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir).map_err(StorageError::io(dir))?;
        }
        let ours = serde_json::to_value(settings)?;
        let merged = if self.keep_original { None } else { self.merge_with_edits(&ours) };
        if merged.is_some() {
            note = Some((Words::of(settings.language).edits_kept)(&self.path.display().to_string()));
        }
        if self.keep_original && self.path.exists() {
            let stamp: String = super::storage::now_string().chars().filter(char::is_ascii_digit).collect();
            let mut kept = self.path.with_file_name(format!("{}.broken-{stamp}", file_name(&self.path)));
            let mut n = 1;
            while kept.exists() {
                kept = self.path.with_file_name(format!("{}.broken-{stamp}-{n}", file_name(&self.path)));
                n += 1;
            }
            std::fs::rename(&self.path, &kept).map_err(StorageError::io(&self.path))?;
            note = Some((Words::of(settings.language).old_file_kept)(&kept.display().to_string()));
        }
        self.keep_original = false;
        let mut text = serde_json::to_string_pretty(merged.as_ref().unwrap_or(&ours))?;
        text.push('\n');
        crate::record::io::write_file_atomically(&self.path, text.as_bytes())?;
        self.on_disk = Some(text.into_bytes());
        self.base = ours;
        Ok(note)
    }
}

fn file_name(p: &Path) -> String {
    p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "settings.json".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::tui::test_dir::TempDir;

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
        let p =
            parse(r#"{"version":1,"analysis_lines":2,"mark_thresholds":[1,2,3,100]}"#, Settings::default());
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
            mode: Mode::ComputerVsComputer,
            side: Side::Gote,
            level: level(8),
            clock: Some(Clock::new(600, 30)),
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
        assert_eq!(p.settings.side, Side::Gote);
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
}

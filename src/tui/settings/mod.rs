//! The player's settings and their JSON file in the platform config directory
//! (`~/.config/shogiban/settings.json` on Linux). The settings are the domain's own types
//! (`GameMode`, `TimeControl`, `engine::levels::Level`, …), each written and read by serde; a
//! field's `deserialize_with` refuses what the type alone would let through (a handicap no one
//! plays, a clock with no time), saying why (`Refusal`).
//!
//! Reading is forgiving (`read`): a field that is missing, unknown or refused takes its default
//! and is reported; a file that is not JSON at all gives defaults and a message; a file in the
//! layout of version 1 is read as it was meant (`version1`). A file that could not be read
//! exactly is never overwritten silently (`file`): before the first save it is renamed to
//! `settings.json.broken-<time>` and the message says so. This module knows nothing of the
//! app's state: the app plays by these types.

mod file;
mod game_mode;
mod read;
mod refusal;
mod time_control;
mod version1;

#[cfg(test)]
mod tests;

pub use file::{Loaded, SettingsFile, defaults_for_locale, load_default};
pub use game_mode::{GameMode, Player};
pub use read::{Parsed, parse};
pub use refusal::Refusal;
pub use time_control::{
    TIME_PRESETS, TimeControl, TimeControls, controls_label_en, controls_label_ja, preset, preset_label,
};

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The version written into the file. Files without one, or of version 1, are read in the
/// layout they were written in (`version1`); a newer one is read as this version, field by
/// field, and said to be newer.
pub const SETTINGS_VERSION: u32 = 2;

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

/// Everything the player can set. `Default` is the first-launch choice: you (☗) against the
/// computer at level 3, no clock, an even game. A field missing from a file takes its default;
/// the checks named in `deserialize_with` refuse what the field's type alone would accept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub version: u32,
    /// Who plays which side in the next new game.
    pub mode: GameMode,
    /// The computer's level; in computer vs computer, ☗'s.
    #[serde(deserialize_with = "refusal::level")]
    pub level: Level,
    /// ☖'s level in computer vs computer.
    #[serde(deserialize_with = "refusal::level")]
    pub gote_level: Level,
    /// Each side's time control, ☗'s first (time odds when they differ); `None`: no clock.
    #[serde(deserialize_with = "refusal::clock")]
    pub clock: Option<TimeControls>,
    /// The KIF `手合割` name (`平手`, `角落ち`, ...).
    #[serde(deserialize_with = "refusal::handicap")]
    pub handicap: String,
    pub piece_style: PieceStyle,
    /// The terminal draws ambiguous-width characters (box drawing, ▲△) two columns wide.
    pub ambiguous_wide: bool,
    pub language: Language,
    pub notation: Notation,
    pub impasse_rule: ImpasseRule,
    /// An external USI engine (program and arguments); `None` uses the built-in engine.
    #[serde(deserialize_with = "refusal::engine_command")]
    pub engine_command: Option<String>,
    /// USI options sent to the external engine (`setoption name K value V`).
    pub engine_options: BTreeMap<String, String>,
    /// Computer against computer: the least time each move stays on screen, in milliseconds
    /// (`MIN_MOVE_MS`).
    #[serde(deserialize_with = "refusal::min_move_ms")]
    pub min_move_ms: u64,
    /// A game reaching this many moves ends as 持将棋 (a draw); `None`: no limit
    /// (`MOVE_LIMITS`).
    #[serde(deserialize_with = "refusal::max_moves")]
    pub max_moves: Option<u32>,
    /// Lines (MultiPV) the analysis (検討) shows (`ANALYSIS_LINES`).
    #[serde(deserialize_with = "refusal::analysis_lines")]
    pub analysis_lines: u8,
    /// The whole-game analysis (棋譜解析): time per position, in milliseconds
    /// (`GAME_ANALYSIS_MS`).
    #[serde(deserialize_with = "refusal::game_analysis_ms")]
    pub game_analysis_ms: u64,
    /// Losses (percentage points of expected score) from which a move is marked 緩手, 疑問手,
    /// 悪手 and 大悪手; rising, from 1 to 100.
    #[serde(deserialize_with = "refusal::mark_thresholds")]
    pub mark_thresholds: [u32; 4],
    /// The threat indicator (詰めろ, 詰みあり) in review and analysis.
    pub threats: bool,
    /// Against a person the computer takes at least its level's natural thinking time over a
    /// move (`engine::levels::Level::natural_think_ms`), however fast it found the answer.
    pub natural_thinking_time: bool,
    /// The player's name, written into the records (`先手：Hanako`) and shown in place of
    /// "you"; empty: "you". Trimmed, at most `MAX_PLAYER_NAME` characters, no control
    /// characters.
    #[serde(deserialize_with = "refusal::player_name")]
    pub player_name: String,
    /// The colours of the screen.
    pub theme: Theme,
    /// The count of a countdown's last seconds.
    pub byoyomi_count: ByoyomiCount,
    /// Analysis (a) and hints (i) during a game against the computer (the record says they
    /// were used).
    pub help_in_games: bool,
    /// Keys remapped: an action's name (see `keymap::Action`) to its key or keys. Only remaps
    /// the keymap accepts are kept (`read` checks them against the keymap).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
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

/// Who plays the player's moves online, as the settings remember it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum OnlinePlayer {
    /// The player, on the board.
    #[default]
    Me,
    /// The built-in engine at this level (a number that is not a level is taken as the player).
    Level(u8),
    /// The external USI engine the app is started with (the player when it is started without).
    External,
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
    /// Who plays the player's moves.
    pub play_as: OnlinePlayer,
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
            play_as: OnlinePlayer::Me,
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
/// The pauses between computer moves a file may set, in milliseconds.
pub const MIN_MOVE_MS: std::ops::RangeInclusive<u64> = 0..=MAX_MIN_MOVE_MS;
/// The move limits a file may set.
pub const MOVE_LIMITS: std::ops::RangeInclusive<u32> = 2..=10_000;
/// The analysis lines a file may set.
pub const ANALYSIS_LINES: std::ops::RangeInclusive<u8> = 1..=3;
/// The whole-game analysis times a file may set, in milliseconds a position.
pub const GAME_ANALYSIS_MS: std::ops::RangeInclusive<u64> = 10..=600_000;
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
            mode: GameMode::HumanSente,
            level: DEFAULT_LEVEL,
            gote_level: DEFAULT_LEVEL,
            clock: None,
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

/// The longest player name, in characters.
pub const MAX_PLAYER_NAME: usize = 40;

/// Why a player name cannot go into a record.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

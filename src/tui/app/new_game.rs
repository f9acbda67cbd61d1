//! Who plays which side: game modes, the new-game choice, and starting a new game.

use super::App;
use super::clock::{GameClock, TIME_PRESETS};
use crate::record::{GameRecord, HANDICAPS};
use crate::tui::settings::{Mode, Settings, Side};
use serde::{Deserialize, Serialize};

/// Who plays which side in a new game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameMode {
    HotSeat,
    HumanSente,
    HumanGote,
    EngineVsEngine,
}

impl GameMode {
    pub const ALL: [GameMode; 4] =
        [GameMode::HotSeat, GameMode::HumanSente, GameMode::HumanGote, GameMode::EngineVsEngine];

    pub fn players(self) -> [Player; 2] {
        match self {
            GameMode::HotSeat => [Player::Human, Player::Human],
            GameMode::HumanSente => [Player::Human, Player::Engine],
            GameMode::HumanGote => [Player::Engine, Player::Human],
            GameMode::EngineVsEngine => [Player::Engine, Player::Engine],
        }
    }

    /// The mode in words, in the interface language of `text`.
    pub fn label(self, text: &crate::tui::text::Text) -> &'static str {
        let i = match self {
            GameMode::HotSeat => 0,
            GameMode::HumanSente => 1,
            GameMode::HumanGote => 2,
            GameMode::EngineVsEngine => 3,
        };
        text.mode_labels[i]
    }
}

/// Who plays a side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Player {
    Human,
    Engine,
}

/// What a new game is made of: the mode, the computer's level, the clock and the handicap.
/// The last one chosen is kept in the settings, so the next launch starts the same way; the
/// default is the first launch's game: you (☗) against the computer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct NewGameChoice {
    pub mode: GameMode,
    /// The computer's level, 1..=10; in computer vs computer, ☗'s.
    pub level: u8,
    /// ☖'s level in computer vs computer, 1..=10.
    pub gote_level: u8,
    /// Index into `clock::TIME_PRESETS`.
    pub time: usize,
    /// Index into `record::HANDICAPS` (0 = 平手, an even game).
    pub handicap: usize,
}

/// The computer's level on the first launch.
pub const DEFAULT_LEVEL: u8 = 3;

impl Default for NewGameChoice {
    fn default() -> Self {
        NewGameChoice {
            mode: GameMode::HumanSente,
            level: DEFAULT_LEVEL,
            gote_level: DEFAULT_LEVEL,
            time: 0,
            handicap: 0,
        }
    }
}

impl NewGameChoice {
    /// The same choice with every number brought into range (a file may hold anything).
    pub fn clamped(self) -> NewGameChoice {
        NewGameChoice {
            mode: self.mode,
            level: self.level.clamp(1, 10),
            gote_level: self.gote_level.clamp(1, 10),
            time: self.time.min(TIME_PRESETS.len() - 1),
            handicap: self.handicap.min(HANDICAPS.len() - 1),
        }
    }

    /// The next (`delta` = 1) or previous (-1) mode in `GameMode::ALL`.
    pub fn step_mode(&mut self, delta: i32) {
        let n = GameMode::ALL.len() as i32;
        let i = GameMode::ALL.iter().position(|&m| m == self.mode).unwrap_or(0) as i32;
        self.mode = GameMode::ALL[(i + delta).rem_euclid(n) as usize];
    }

    /// One level up or down, within 1..=10 (☗'s in computer vs computer).
    pub fn step_level(&mut self, delta: i32) {
        self.level = (self.level as i32 + delta).clamp(1, 10) as u8;
    }

    /// ☖'s level in computer vs computer one up or down, within 1..=10.
    pub fn step_gote_level(&mut self, delta: i32) {
        self.gote_level = (self.gote_level as i32 + delta).clamp(1, 10) as u8;
    }

    /// The level of the computer playing each side (☗, ☖) in this game.
    pub fn levels(&self) -> [u8; 2] {
        match self.mode {
            GameMode::EngineVsEngine => [self.level, self.gote_level],
            _ => [self.level; 2],
        }
    }

    pub fn cycle_time(&mut self) {
        self.time = (self.time + 1) % TIME_PRESETS.len();
    }

    pub fn cycle_handicap(&mut self) {
        self.handicap = (self.handicap + 1) % HANDICAPS.len();
    }

    /// The next game as the settings describe it.
    pub fn from_settings(s: &Settings) -> NewGameChoice {
        let mode = match (s.mode, s.side) {
            (Mode::HotSeat, _) => GameMode::HotSeat,
            (Mode::VsComputer, Side::Sente) => GameMode::HumanSente,
            (Mode::VsComputer, Side::Gote) => GameMode::HumanGote,
            (Mode::ComputerVsComputer, _) => GameMode::EngineVsEngine,
        };
        NewGameChoice {
            mode,
            level: s.level,
            gote_level: s.gote_level,
            time: super::clock_preset(s.clock),
            handicap: HANDICAPS.iter().position(|h| h.name == s.handicap).unwrap_or(0),
        }
        .clamped()
    }

    /// Writes this choice into the settings, so the next launch starts the same way.
    pub fn apply_to(self, s: &mut Settings) {
        let c = self.clamped();
        match c.mode {
            GameMode::HotSeat => s.mode = Mode::HotSeat,
            GameMode::HumanSente => (s.mode, s.side) = (Mode::VsComputer, Side::Sente),
            GameMode::HumanGote => (s.mode, s.side) = (Mode::VsComputer, Side::Gote),
            GameMode::EngineVsEngine => s.mode = Mode::ComputerVsComputer,
        }
        s.level = c.level;
        s.gote_level = c.gote_level;
        s.clock = super::settings_menu::clock_choices()[c.time];
        s.handicap = HANDICAPS[c.handicap].name.to_string();
    }
}

impl App {
    /// Starts a new game from the start position (or the handicap's) with the chosen players.
    pub fn start_new_game(&mut self, choice: NewGameChoice) {
        let choice = choice.clamped();
        let NewGameChoice { mode, time, handicap, .. } = choice;
        let mut settings = self.settings.clone();
        choice.apply_to(&mut settings);
        if settings != self.settings {
            self.settings = settings;
            self.settings_dirty = true;
        }
        let players = mode.players();
        self.levels = choice.levels();
        self.players = players;
        let h = &HANDICAPS[handicap.min(HANDICAPS.len() - 1)];
        self.leave_tsume();
        let mut rec = match self.take_editor_start() {
            Some(pos) => GameRecord::new(pos),
            None => GameRecord::with_handicap(h),
        };
        rec.set_header("開始日時", &super::now_string());
        rec.set_header("先手", &self.player_name(0));
        // two people at one keyboard: the name is the first player's
        let gote = if players == [Player::Human; 2] { "you".to_string() } else { self.player_name(1) };
        rec.set_header("後手", &gote);
        self.time_preset = time.min(TIME_PRESETS.len() - 1);
        let (tc, _) = TIME_PRESETS[self.time_preset];
        if tc.is_some() {
            rec.set_header("持ち時間", super::clock::TIME_PRESETS_JA[self.time_preset]);
        }
        // the record is replaced as any new record is (the old analysis stops), then played
        self.replace_record(rec);
        self.playing = true;
        self.players = players;
        self.clock = tc.map(|tc| GameClock::new(tc, std::time::Instant::now()));
        self.dirty = true;
        self.flipped = mode == GameMode::HumanGote;
        self.message = (self.text().new_game)(&self.mode_label(mode));
    }

    /// `label` with the player's name, when one is set, in place of the word for "you".
    pub fn named(&self, label: &str) -> String {
        let name = self.settings.player_name.trim();
        if name.is_empty() { label.to_string() } else { label.replace(self.text().you, name) }
    }

    /// A game mode in words, with the player's name when one is set.
    pub fn mode_label(&self, mode: GameMode) -> String {
        self.named(mode.label(self.text()))
    }

    /// The name of side `i`'s player in the record's headers: the name set in the settings
    /// (else `you`), or the computer's name and level (`shogiban レベル3`).
    pub(super) fn player_name(&self, i: usize) -> String {
        match self.players[i] {
            Player::Human if !self.settings.player_name.trim().is_empty() => {
                self.settings.player_name.clone()
            }
            Player::Human => "you".into(),
            Player::Engine => format!("{} レベル{}", self.engine_name, self.levels[i]),
        }
    }

    /// Whether a person plays the side to move and the game goes on here.
    pub(super) fn human_to_move(&self) -> bool {
        self.players[self.pos().side_to_move().index()] == Player::Human
            && !self.status().is_over()
            && !self.line_ended()
    }
}

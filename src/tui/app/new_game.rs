//! The new-game choice (who plays, the levels, the clock, the handicap) and starting a new game.

use super::Play;
use super::clock::{TIME_PRESETS, TimeControl, TimeControls};
use super::line_editor::LineEditor;
use crate::core::Position;
use crate::engine::levels::Level;
use crate::record::{GameRecord, HANDICAPS};
use crate::tui::settings::{DEFAULT_LEVEL, GameMode, Player, Settings};
use crate::tui::text::Text;
use serde::{Deserialize, Serialize};

/// A part of a time control the new-game dialog steps.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ClockPart {
    /// Main time, by the minute.
    Main,
    /// Byoyomi, by 5 seconds.
    Byoyomi,
    /// Fischer increment, by the second.
    Increment,
}

/// What a new game is made of: the mode, the computer's level, the clock and the handicap,
/// and in a two-player game the players' names. The last one chosen is kept in the settings
/// (but the names), so the next launch starts the same way; the default is the first launch's
/// game: you (☗) against the computer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct NewGameChoice {
    pub mode: GameMode,
    /// The computer's level; in computer vs computer, ☗'s.
    pub level: Level,
    /// ☖'s level in computer vs computer.
    pub gote_level: Level,
    /// Each side's time control (`None`: no clock).
    pub clock: Option<TimeControls>,
    /// Which side's time control the dialog's keys change: both (`None`), or one (time odds).
    #[serde(skip)]
    pub clock_side: Option<crate::core::Color>,
    /// Index into `record::HANDICAPS` (0 = 平手, an even game).
    pub handicap: usize,
    /// The names of ☗ and ☖ in a two-player game at one keyboard (empty: the player's name
    /// from the settings, else "you", for ☗; "guest" for ☖).
    #[serde(skip)]
    pub names: [String; 2],
    /// The name being typed: the side (0: ☗) and its text.
    #[serde(skip)]
    pub naming: Option<(usize, LineEditor)>,
}

impl Default for NewGameChoice {
    fn default() -> Self {
        NewGameChoice {
            mode: GameMode::HumanSente,
            level: DEFAULT_LEVEL,
            gote_level: DEFAULT_LEVEL,
            clock: None,
            clock_side: None,
            handicap: 0,
            names: Default::default(),
            naming: None,
        }
    }
}

impl NewGameChoice {
    /// The same choice with every number brought into range (a file may hold anything).
    pub fn clamped(self) -> NewGameChoice {
        NewGameChoice {
            names: self.names,
            naming: self.naming,
            mode: self.mode,
            level: self.level,
            gote_level: self.gote_level,
            clock: self
                .clock
                .map(|tc| tc.map(TimeControl::clamped))
                .filter(|tc| tc.iter().all(|t| !t.is_zero())),
            clock_side: self.clock_side,
            handicap: self.handicap.min(HANDICAPS.len() - 1),
        }
    }

    /// The next (`delta` = 1) or previous (-1) mode in `GameMode::ALL`.
    pub fn step_mode(&mut self, delta: i32) {
        let n = GameMode::ALL.len() as i32;
        let i = GameMode::ALL.iter().position(|&m| m == self.mode).unwrap_or(0) as i32;
        self.mode = GameMode::ALL[(i + delta).rem_euclid(n) as usize];
    }

    /// One level up or down (☗'s in computer vs computer).
    pub fn step_level(&mut self, delta: i32) {
        self.level = self.level.step(delta);
    }

    /// ☖'s level in computer vs computer one up or down.
    pub fn step_gote_level(&mut self, delta: i32) {
        self.gote_level = self.gote_level.step(delta);
    }

    /// The level of the computer playing each side (☗, ☖) in this game.
    pub fn levels(&self) -> [Level; 2] {
        match self.mode {
            GameMode::EngineVsEngine => [self.level, self.gote_level],
            _ => [self.level; 2],
        }
    }

    /// The next preset clock (both sides the same); from a clock of one's own, the first.
    pub fn cycle_time(&mut self) {
        let now = TIME_PRESETS.iter().position(|p| p.map(|t| [t; 2]) == self.clock);
        let next = now.map_or(0, |i| (i + 1) % TIME_PRESETS.len());
        self.clock = TIME_PRESETS[next].map(|t| [t; 2]);
        self.clock_side = None;
    }

    /// Which side's time the clock keys change next: both, ☗, ☖ (time odds), both again.
    pub fn cycle_clock_side(&mut self) {
        use crate::core::Color;
        self.clock_side = match self.clock_side {
            None => Some(Color::Black),
            Some(Color::Black) => Some(Color::White),
            Some(Color::White) => None,
        };
    }

    /// One step of `part` up (`delta` > 0) or down for the side chosen (`clock_side`, or both).
    pub fn step_clock(&mut self, part: ClockPart, delta: i32) {
        let step = |v: &mut u64, by: u64| {
            *v = if delta > 0 { *v + by } else { v.saturating_sub(by) };
        };
        self.edit_clock(|tc| match part {
            ClockPart::Main => step(&mut tc.main_ms, 60_000),
            ClockPart::Byoyomi => step(&mut tc.byoyomi_ms, 5_000),
            ClockPart::Increment => step(&mut tc.increment_ms, 1_000),
        });
    }

    /// Changes the time control of the side chosen (`clock_side`, or both) with `edit`; a game
    /// without a clock gets one (10 minutes) first. A control left with no time at all means
    /// no clock.
    pub fn edit_clock(&mut self, edit: impl Fn(&mut TimeControl)) {
        let mut tc = self.clock.unwrap_or([TimeControl::new(600_000, 0); 2]);
        for (i, t) in tc.iter_mut().enumerate() {
            if self.clock_side.is_none_or(|c| c.index() == i) {
                edit(t);
                *t = t.clamped();
            }
        }
        self.clock = (!tc.iter().any(TimeControl::is_zero)).then_some(tc);
    }

    pub fn cycle_handicap(&mut self) {
        self.handicap = (self.handicap + 1) % HANDICAPS.len();
    }

    /// The names shown for the two players: those given, else `defaults`.
    pub fn names_or(&self, defaults: &[String; 2]) -> [String; 2] {
        [0, 1].map(|i| if self.names[i].is_empty() { defaults[i].clone() } else { self.names[i].clone() })
    }

    /// Starts typing ☗'s name; the game becomes one of two players at one keyboard. The text
    /// starts from the name shown (`defaults` when none was given); so does ☖'s after it.
    pub fn start_naming(&mut self, defaults: &[String; 2]) {
        self.mode = GameMode::HotSeat;
        self.names = self.names_or(defaults);
        self.naming = Some((0, LineEditor::new(self.names[0].clone())));
    }

    /// Ends typing a name: `keep` takes the text (checked as the player's name in the
    /// settings is) and goes on to ☖'s; Esc (`keep` false) stops with the names as they were.
    /// A name that cannot go into a record stays in the editor, and its reason is returned.
    pub fn finish_naming(&mut self, keep: bool) -> Result<(), crate::tui::settings::BadName> {
        let Some((side, editor)) = self.naming.take() else { return Ok(()) };
        if !keep {
            return Ok(());
        }
        match crate::tui::settings::check_player_name(editor.text()) {
            Ok(name) => {
                self.names[side] = name;
                if side == 0 {
                    self.naming = Some((1, LineEditor::new(self.names[1].clone())));
                }
                Ok(())
            }
            Err(why) => {
                self.naming = Some((side, editor));
                Err(why)
            }
        }
    }

    /// The next game as the settings describe it.
    pub fn from_settings(s: &Settings) -> NewGameChoice {
        NewGameChoice {
            mode: s.mode,
            level: s.level,
            gote_level: s.gote_level,
            clock: s.clock,
            clock_side: None,
            handicap: HANDICAPS.iter().position(|h| h.name == s.handicap).unwrap_or(0),
            names: Default::default(),
            naming: None,
        }
        .clamped()
    }

    /// Writes this choice into the settings, so the next launch starts the same way.
    pub fn apply_to(&self, s: &mut Settings) {
        let c = self.clone().clamped();
        s.mode = c.mode;
        s.level = c.level;
        s.gote_level = c.gote_level;
        s.clock = c.clock;
        s.handicap = HANDICAPS[c.handicap].name.to_string();
    }
}

impl NewGameChoice {
    /// The record this game starts: from `start` (the position editor's), else from the
    /// handicap's position, with its date, its players' names as `play` has them (see
    /// [`Play::player_name`]) and its time control.
    pub(super) fn record(&self, start: Option<Position>, play: &Play, settings: &Settings) -> GameRecord {
        let h = &HANDICAPS[self.handicap.min(HANDICAPS.len() - 1)];
        let mut rec = match start {
            Some(pos) => GameRecord::new(pos),
            None => GameRecord::with_handicap(h),
        };
        rec.set_header("開始日時", &super::now_string());
        rec.set_header("先手", &play.player_name(0, settings));
        rec.set_header("後手", &play.player_name(1, settings));
        if let Some(tc) = &self.clock {
            rec.set_header("持ち時間", &super::clock::controls_label_ja(tc));
        }
        rec
    }
}

/// `label` with the player's name, when one is set in `settings`, in place of the word for
/// "you".
pub(super) fn named(settings: &Settings, label: &str) -> String {
    let name = settings.player_name.trim();
    if name.is_empty() { label.to_string() } else { label.replace(Text::of(settings.language).you, name) }
}

impl Play {
    /// The name of side `i`'s player in the record's headers, in the interface's language: the
    /// name given in the new-game dialog of a two-player game; the name set in the settings
    /// (else `you`, `あなた`); ☖'s in a two-player game at one keyboard `guest` (`ゲスト`); or the computer's name and level (`shogiban level 3`,
    /// `shogiban レベル3`).
    pub(super) fn player_name(&self, i: usize, settings: &Settings) -> String {
        let text = Text::of(settings.language);
        if let Some(name) = self.names.as_ref().map(|n| n[i].trim()).filter(|n| !n.is_empty()) {
            return name.to_string();
        }
        match self.players[i] {
            Player::Human if i == 1 && self.players[0] == Player::Human => text.guest.into(),
            Player::Human if !settings.player_name.trim().is_empty() => settings.player_name.clone(),
            Player::Human => text.you.into(),
            Player::Engine => {
                format!("{} {}", self.computer.engine_name, (text.level_short)(self.levels[i].get()))
            }
        }
    }

    /// The names the new-game dialog gave the two players at one keyboard, as the record's
    /// headers have them (`None`: no names were given).
    pub(super) fn hot_seat_names(&self, settings: &Settings) -> Option<[String; 2]> {
        self.names.as_ref().map(|_| [self.player_name(0, settings), self.player_name(1, settings)])
    }
}

/// The names of two players at one keyboard when the new-game dialog gives none: the player's
/// name from the settings (else "you") and "guest".
pub(super) fn default_names(settings: &Settings) -> [String; 2] {
    let t = Text::of(settings.language);
    let first = settings.player_name.trim();
    [if first.is_empty() { t.you } else { first }.to_string(), t.guest.to_string()]
}

//! The settings screen: which setting is chosen, how each one steps through its values, and the
//! text field for the engine command. Every change marks the settings for saving (the event
//! loop writes the file) and takes effect at once where it can: language, pieces, theme,
//! notation and the impasse rule now; mode, side, level, clock and handicap with the next new game; the
//! engine command from the next launch.

use super::Status;
use super::clock::{TIME_PRESETS, TimeControls, controls_label_en, controls_label_ja};
use super::line_editor::LineEditor;
use crate::record::HANDICAPS;
use crate::tui::settings::{self, GameMode, ImpasseRule, Language, Notation, PieceStyle, Settings};

/// The rows of the settings screen, in order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SettingItem {
    PlayerName,
    Mode,
    Side,
    Level,
    GoteLevel,
    Clock,
    Handicap,
    PieceStyle,
    Theme,
    AmbiguousWide,
    Language,
    Notation,
    ImpasseRule,
    EngineCommand,
    EngineOptions,
    MinMoveMs,
    MaxMoves,
    AnalysisLines,
    GameAnalysisMs,
    MarkThresholds,
    Threats,
    NaturalThinkingTime,
    ByoyomiCount,
    HelpInGames,
}

impl SettingItem {
    pub const ALL: [SettingItem; 24] = [
        SettingItem::PlayerName,
        SettingItem::Mode,
        SettingItem::Side,
        SettingItem::Level,
        SettingItem::GoteLevel,
        SettingItem::Clock,
        SettingItem::Handicap,
        SettingItem::PieceStyle,
        SettingItem::Theme,
        SettingItem::AmbiguousWide,
        SettingItem::Language,
        SettingItem::Notation,
        SettingItem::ImpasseRule,
        SettingItem::EngineCommand,
        SettingItem::EngineOptions,
        SettingItem::MinMoveMs,
        SettingItem::MaxMoves,
        SettingItem::AnalysisLines,
        SettingItem::GameAnalysisMs,
        SettingItem::MarkThresholds,
        SettingItem::Threats,
        SettingItem::NaturalThinkingTime,
        SettingItem::ByoyomiCount,
        SettingItem::HelpInGames,
    ];

    /// Whether the setting is text, edited in a line editor rather than stepped.
    pub fn is_text(self) -> bool {
        matches!(self, SettingItem::EngineCommand | SettingItem::EngineOptions | SettingItem::PlayerName)
    }

    /// Row number (index into `ALL` and into `Text::settings_labels`).
    pub fn index(self) -> usize {
        SettingItem::ALL.iter().position(|&i| i == self).unwrap_or(0)
    }
}

/// The settings screen's state: the chosen row, and the text being edited for a text setting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingsScreen {
    pub row: usize,
    pub editing: Option<LineEditor>,
}

/// The settings' clock in words in `language` (`None`: no clock).
pub fn clock_label(s: &Settings) -> Option<String> {
    s.clock.map(|tc| match s.language {
        Language::Ja => controls_label_ja(&tc),
        Language::En => controls_label_en(&tc),
    })
}

use super::engine::PACES_MS as MIN_MOVE_CHOICES;

fn cycle<T: PartialEq + Copy>(all: &[T], now: T, delta: i32) -> T {
    let n = all.len() as i32;
    let i = all.iter().position(|&x| x == now).map_or(if delta > 0 { -1 } else { 0 }, |i| i as i32);
    all[(i + delta).rem_euclid(n) as usize]
}

/// The Mode row's next (`delta` > 0) or previous choice: against the computer (as ☗; the Side
/// row turns it), two people at one keyboard, or the computer against itself.
fn step_mode(mode: GameMode, delta: i32) -> GameMode {
    let against_the_computer = if mode == GameMode::HumanGote { GameMode::HumanSente } else { mode };
    cycle(&[GameMode::HumanSente, GameMode::HotSeat, GameMode::EngineVsEngine], against_the_computer, delta)
}

/// Steps `item` of `s` to its next (`delta` > 0) or previous value. Text settings do not step.
pub fn step(s: &mut Settings, item: SettingItem, delta: i32) {
    match item {
        SettingItem::Mode => s.mode = step_mode(s.mode, delta),
        SettingItem::Side => {
            s.mode = match s.mode {
                GameMode::HumanSente => GameMode::HumanGote,
                GameMode::HumanGote => GameMode::HumanSente,
                mode => mode,
            }
        }
        SettingItem::Level => s.level = s.level.step(delta),
        SettingItem::GoteLevel => s.gote_level = s.gote_level.step(delta),
        SettingItem::Clock => {
            let presets: Vec<Option<TimeControls>> = TIME_PRESETS.iter().map(|p| p.map(|t| [t; 2])).collect();
            s.clock = cycle(&presets, s.clock, delta);
        }
        SettingItem::Handicap => {
            let names: Vec<&str> = HANDICAPS.iter().map(|h| h.name).collect();
            s.handicap = cycle(&names, s.handicap.as_str(), delta).to_string();
        }
        SettingItem::PieceStyle => {
            s.piece_style = cycle(&[PieceStyle::Kanji, PieceStyle::Ascii], s.piece_style, delta)
        }
        SettingItem::Theme => s.theme = cycle(&settings::Theme::ALL, s.theme, delta),
        SettingItem::AmbiguousWide => s.ambiguous_wide = !s.ambiguous_wide,
        SettingItem::Language => s.language = cycle(&[Language::Ja, Language::En], s.language, delta),
        SettingItem::Notation => {
            s.notation =
                cycle(&[Notation::Kif, Notation::Ki2, Notation::Csa, Notation::Usi], s.notation, delta)
        }
        SettingItem::ImpasseRule => {
            s.impasse_rule = cycle(&[ImpasseRule::Csa27, ImpasseRule::Points24], s.impasse_rule, delta)
        }
        SettingItem::EngineCommand | SettingItem::EngineOptions | SettingItem::PlayerName => {}
        SettingItem::MinMoveMs => s.min_move_ms = cycle(&MIN_MOVE_CHOICES, s.min_move_ms, delta),
        SettingItem::MaxMoves => s.max_moves = cycle(&settings::MAX_MOVES_CHOICES, s.max_moves, delta),
        SettingItem::AnalysisLines => s.analysis_lines = cycle(&[1, 2, 3], s.analysis_lines, delta),
        SettingItem::GameAnalysisMs => {
            s.game_analysis_ms = cycle(&settings::GAME_ANALYSIS_MS_CHOICES, s.game_analysis_ms, delta)
        }
        SettingItem::MarkThresholds => {
            s.mark_thresholds = cycle(&settings::MARK_THRESHOLD_CHOICES, s.mark_thresholds, delta)
        }
        SettingItem::Threats => s.threats = !s.threats,
        SettingItem::NaturalThinkingTime => s.natural_thinking_time = !s.natural_thinking_time,
        SettingItem::ByoyomiCount => {
            s.byoyomi_count = cycle(&settings::ByoyomiCount::ALL, s.byoyomi_count, delta)
        }
        SettingItem::HelpInGames => s.help_in_games = !s.help_in_games,
    }
}

/// The engine options as one line of text: `name=value; name=value`.
pub fn options_text(options: &std::collections::BTreeMap<String, String>) -> String {
    options.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ")
}

/// An engine option entry that is not `name=value`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{entry}' is not name=value")]
pub struct BadEngineOption {
    /// The entry as written (trimmed).
    pub entry: String,
}

/// Reads `name=value; name=value` (empty: no options). An entry without `=` or with an empty
/// name is an error naming that entry.
pub fn parse_options(text: &str) -> Result<std::collections::BTreeMap<String, String>, BadEngineOption> {
    let mut options = std::collections::BTreeMap::new();
    for entry in text.split(';').map(str::trim).filter(|e| !e.is_empty()) {
        match entry.split_once('=') {
            Some((k, v)) if !k.trim().is_empty() => {
                options.insert(k.trim().to_string(), v.trim().to_string());
            }
            _ => return Err(BadEngineOption { entry: entry.to_string() }),
        }
    }
    Ok(options)
}

impl SettingsScreen {
    /// Moves the row up or down (wrapping).
    pub(super) fn step_row(&mut self, delta: i32) {
        let n = SettingItem::ALL.len() as i32;
        self.row = (self.row as i32 + delta).rem_euclid(n) as usize;
    }

    /// Changes the chosen setting in `settings` (←/→), or starts editing a text setting
    /// (Enter); `true` when the settings changed.
    pub(super) fn change(&mut self, delta: i32, settings: &mut Settings) -> bool {
        let item = SettingItem::ALL[self.row];
        if item.is_text() {
            let now = match item {
                SettingItem::EngineOptions => options_text(&settings.engine_options),
                SettingItem::PlayerName => settings.player_name.clone(),
                _ => settings.engine_command.clone().unwrap_or_default(),
            };
            self.editing = Some(LineEditor::new(now));
            return false;
        }
        step(settings, item, delta);
        true
    }

    /// Ends editing a text setting: `keep` stores the text in `settings` (an empty command:
    /// the built-in engine); `true` when the settings changed. Options that cannot be read stay
    /// in the editor with a message in `status` naming the entry.
    pub(super) fn finish_edit(&mut self, keep: bool, settings: &mut Settings, status: &mut Status) -> bool {
        let item = SettingItem::ALL[self.row];
        let Some(editor) = self.editing.take() else { return false };
        if !keep {
            return false;
        }
        let t = crate::tui::text::Text::of(settings.language);
        let text = editor.text().trim().to_string();
        match item {
            SettingItem::EngineOptions => match parse_options(&text) {
                Ok(options) => settings.engine_options = options,
                Err(e) => {
                    status.set((t.bad_engine_option)(&e.entry));
                    self.editing = Some(editor);
                    return false;
                }
            },
            SettingItem::PlayerName => match crate::tui::settings::check_player_name(&text) {
                Ok(name) => settings.player_name = name,
                Err(why) => {
                    status.set((t.bad_player_name)(why.describe(settings.language)));
                    self.editing = Some(editor);
                    return false;
                }
            },
            _ => settings.engine_command = (!text.is_empty()).then_some(text),
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Position;
    use crate::tui::app::{App, GameMode, NewGameChoice, Popup};

    #[test]
    fn an_option_without_a_name_or_value_sign_is_named_in_the_error() {
        assert_eq!(parse_options(" a=1 ;; b = 2 ").map(|o| o.len()), Ok(2));
        for (text, entry) in [("a=1; Ponder", "Ponder"), ("=5", "=5")] {
            let e = parse_options(text).unwrap_err();
            assert_eq!(e, BadEngineOption { entry: entry.into() });
            assert_eq!(e.to_string(), format!("'{entry}' is not name=value"));
        }
    }

    #[test]
    fn a_new_games_choice_and_the_settings_agree() {
        for mode in GameMode::ALL {
            for (time, handicap) in [(0, 0), (2, 3), (4, 14)] {
                let c = NewGameChoice {
                    mode,
                    level: crate::engine::levels::Level::new(7).unwrap(),
                    gote_level: crate::engine::levels::Level::new(5).unwrap(),
                    clock: crate::tui::app::clock::preset(time),
                    clock_side: None,
                    handicap,
                    names: Default::default(),
                    naming: None,
                };
                let mut s = Settings::default();
                c.apply_to(&mut s);
                assert_eq!(NewGameChoice::from_settings(&s), c);
            }
        }
    }

    #[test]
    fn the_new_game_dialog_starts_from_the_settings_and_remembers_the_choice() {
        let mut app = App::new(Position::startpos());
        app.set_settings(Settings {
            level: crate::engine::levels::Level::new(6).unwrap(),
            mode: GameMode::HumanGote,
            ..Settings::default()
        });
        app.open_new_game();
        let Some(Popup::NewGame(c)) = app.popup().cloned() else { panic!("no dialog") };
        assert_eq!((c.mode, c.level.get()), (GameMode::HumanGote, 6));
        app.edit_new_game(|c| c.mode = GameMode::EngineVsEngine);
        app.take_settings_dirty();
        app.confirm_new_game();
        assert_eq!(app.settings().mode, GameMode::EngineVsEngine);
        assert!(app.take_settings_dirty());
    }

    #[test]
    fn every_setting_steps_and_comes_back() {
        for item in SettingItem::ALL {
            if item.is_text() {
                continue;
            }
            let start = Settings::default();
            let mut s = start.clone();
            step(&mut s, item, 1);
            assert_ne!(s, start, "{item:?} did not change");
            step(&mut s, item, -1);
            if item != SettingItem::Level {
                assert_eq!(s, start, "{item:?} did not come back");
            }
        }
        let mut s = Settings { level: crate::engine::levels::Level::MAX, ..Settings::default() };
        step(&mut s, SettingItem::Level, 1);
        assert_eq!(s.level, crate::engine::levels::Level::MAX);
    }

    #[test]
    fn the_screen_changes_settings_and_marks_them_for_saving() {
        let mut app = App::new(Position::startpos());
        app.take_settings_dirty();
        app.open_settings();
        let lang = SettingItem::Language.index();
        app.settings_row(lang as i32);
        let before = app.settings().language;
        app.settings_change(1);
        assert_ne!(app.settings().language, before);
        assert!(app.take_settings_dirty());
        assert!(!app.take_settings_dirty());
        // the engine command is text
        app.settings_row(SettingItem::EngineCommand.index() as i32 - lang as i32);
        app.settings_change(1);
        for c in "my-engine --x".chars() {
            app.settings_editor().unwrap().insert(c);
        }
        app.settings_finish_edit(true);
        assert_eq!(app.settings().engine_command.as_deref(), Some("my-engine --x"));
        assert!(app.take_settings_dirty());
        app.settings_change(1);
        app.settings_editor().unwrap().kill_to_start();
        app.settings_finish_edit(true);
        assert_eq!(app.settings().engine_command, None, "empty means the built-in engine");
    }
}

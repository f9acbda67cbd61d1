//! Who plays which side of a game: a person or the computer on each. The settings keep the
//! mode of the next new game; the app plays by it.

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

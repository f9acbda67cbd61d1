//! The small vocabulary of the app's state: focus, selection, popups, text boxes, players and
//! game modes.

use crate::core::{PieceKind, Square};

/// Where the keyboard cursor is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Focus {
    Board,
    /// A slot of the side to move's hand (index into `HAND_ORDER`).
    Hand(usize),
}

/// What the player has picked up.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Selection {
    Square(Square),
    Hand(PieceKind),
}

/// Modal windows; when one is open it receives the keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Popup {
    /// Promotion is optional for this move: ask.
    Promotion {
        from: Square,
        to: Square,
    },
    Help,
    ConfirmQuit,
    /// The side to move resigns (投了) after confirming.
    ConfirmResign,
    /// The side to move declares an impasse win (入玉宣言) after seeing the count.
    ConfirmDeclare,
    /// Choosing who plays each side and the engine's level for a new game.
    NewGame {
        mode: GameMode,
        level: u8,
        /// Index into `clock::TIME_PRESETS`.
        time: usize,
        /// Index into `record::HANDICAPS` (0 = 平手, an even game).
        handicap: usize,
    },
}

/// Who plays which side in a new game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
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

    pub fn label(self) -> &'static str {
        match self {
            GameMode::HotSeat => "二人対局 (hot-seat: two players, one keyboard)",
            GameMode::HumanSente => "☗ you (sente) vs ☖ computer",
            GameMode::HumanGote => "☗ computer vs ☖ you (gote)",
            GameMode::EngineVsEngine => "computer vs computer",
        }
    }
}

/// What the one-line text box is asking for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InputKind {
    /// A move in any notation (USI, Japanese, CSA).
    Move,
    /// A file name to save the record to.
    SavePath,
}

/// Who plays a side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Player {
    Human,
    Engine,
}

//! The rules of shogi and nothing else: pieces, squares, bitboards, positions, legal moves,
//! SFEN, hashing, repetition and impasse. This module knows nothing about files, notation
//! beyond SFEN/USI, engines or terminals; everything else in shogiban stands on it.
//!
//! Representation: `u128` bitboards (one bit per square, a file = 9 consecutive bits) beside a
//! mailbox, with ray-and-bit-scan slider attacks and compile-time tables, rather than a walled
//! one-dimensional board with incremental attack tables, because attack, pin and check
//! questions become a few table lookups, which is both faster (perft ≈ 100 M nodes/s with bulk
//! counting) and shorter to read; see `bitboard.rs` and
//! docs/decisions/0001-bitboards-u128-with-mailbox.md.

pub mod bitboard;
pub mod check_targets;
pub mod game;
pub mod illegal;
pub mod movegen;
pub mod pass;
pub mod perft;
pub mod position;
pub mod position_command;
pub mod score;
pub mod setup;
pub mod sfen;
pub mod tactical;
pub mod types;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use check_targets::CheckTargets;
pub use game::{Declaration, GameStatus, ImpasseRule, Repetition};
pub use illegal::IllegalMove;
pub use movegen::{MAX_MOVES, MoveList};
pub use pass::PassError;
pub use position::{MAX_MOVE_NUMBER, Position, START_SFEN};
pub use position_command::{
    PositionCommand, PositionCommandError, PositionSyntax, parse_position_command, position_command,
};
pub use score::{MATE_CP, Score};
pub use setup::{Setup, SetupProblem, SetupUse};
pub use sfen::{SfenError, UsiMoveError};
pub use types::{Color, Hand, Move, Piece, PieceKind, Square};

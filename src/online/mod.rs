//! Online play over the CSA server protocol (version 1.2.1, as floodgate and `shogi-server`
//! speak it): what the server's lines mean, the game summary, the result of a game, the server's
//! clock, a client state machine that keeps the game record, the TCP connection, and the game loop
//! of a computer player (`engine::player`) playing games by itself (`shogiban csa`).
//!
//! Everything the server sends is untrusted input: lines are bounded in length, every field is
//! checked, and a line that makes no sense becomes an event saying so, never a panic. The
//! protocol itself ([`message`], [`summary`], [`ending`], [`clock`], [`session`]) does no I/O and
//! is tested over transcripts; [`connection`] is the socket and [`autoplay`] the engine's loop.
//! Move text and CSA records are `record`'s; this layer uses `core`, `record` and `engine`, and
//! nothing from the app.

pub mod autoplay;
pub mod check;
pub mod clock;
pub mod connection;
pub mod ending;
pub mod lines;
pub mod message;
pub mod session;
pub mod summary;

pub use clock::{ClockReading, ServerClock, TimeControl};
pub use connection::{Connection, ConnectionError, Incoming};
pub use ending::{GameEnd, Reason, Verdict};
pub use message::ServerLine;
pub use session::{CsaPhase, CsaSession, LoginMode, SessionError, SessionEvent};
pub use summary::{GameSummary, SummaryError};

/// The port CSA servers listen on by convention.
pub const DEFAULT_PORT: u16 = 4081;

#[cfg(test)]
mod session_tests;

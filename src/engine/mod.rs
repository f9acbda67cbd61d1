//! The built-in engine: evaluation (`eval/`), search (`search/`), opening book (`book/`), mate
//! solver (`mate/`), USI both as an engine and as a client of other engines (`usi/`), the fitting
//! of the evaluation tables (`tune/`), playing levels, the computer player (`player`: built-in or external) and the bench. [`Engine`] is what the app and
//! the USI server use. Uses `core` only: never `record`, the terminal or the command line.

pub mod analysis;
pub mod bench;
pub mod book;
pub mod builtin_player;
#[allow(clippy::module_inception)] // `engine/engine.rs` holds `Engine`, re-exported below
mod engine;
pub mod eval;
#[cfg(feature = "dev-tools")]
pub mod games;
pub mod levels;
pub mod mate;
pub mod player;
pub mod rng;
pub mod search;
#[cfg(feature = "dev-tools")]
pub mod tune;
pub mod usi;

pub use engine::{BookHook, Engine, EngineOptions, MAX_THREADS};

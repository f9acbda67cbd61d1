//! shogiban: a shogi game, kifu tool and USI engine for the terminal.
//!
//! Layers, each depending only on those before it: [`core`] (rules), [`record`] (notation and
//! files), [`engine`] (search and USI), [`study`] (engine analysis kept in records), `tui` (the
//! terminal app).

pub mod core;
pub mod engine;
pub mod record;
pub mod study;
pub mod tui;

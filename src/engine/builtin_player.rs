//! The built-in engine as a player: an [`Engine`] with the built-in book, built at its first
//! search. It is the built-in half of `player::Computer`, and the USI server's engine; it lives
//! apart from `player` (which drives USI engines too) so that the USI server can use it without
//! the USI client's module and the player's naming each other.

use crate::engine::levels::Level;
use crate::engine::{Engine, EngineOptions};

/// The built-in engine with the built-in book (used while `own_book` is on). The engine, with
/// its hash table, is built on first use and kept: its table carries over between moves.
pub struct BuiltinPlayer {
    options: EngineOptions,
    engine: Option<Engine>,
}

impl BuiltinPlayer {
    /// At `level`, with the default options.
    pub fn new(level: Level) -> BuiltinPlayer {
        BuiltinPlayer::with_options(EngineOptions { level, ..EngineOptions::default() })
    }

    /// With `options` (a match's small hash table and no book, say).
    pub fn with_options(options: EngineOptions) -> BuiltinPlayer {
        BuiltinPlayer { options, engine: None }
    }

    /// The engine, built with the built-in book the first time it is asked for.
    pub fn engine(&mut self) -> &mut Engine {
        self.engine.get_or_insert_with(|| {
            let mut engine = Engine::new(self.options.clone());
            engine.set_book(Some(crate::engine::book::Book::builtin().into_hook(None)));
            engine
        })
    }

    /// The engine, when it has been built.
    pub fn built(&mut self) -> Option<&mut Engine> {
        self.engine.as_mut()
    }

    /// Its options: the engine's once it is built.
    pub fn options(&self) -> &EngineOptions {
        self.engine.as_ref().map_or(&self.options, Engine::options)
    }
}

//! The rules (`core`): move generation against perft counts and a reference generator, SFEN,
//! repetition, impasse and the refusal of illegal moves.
//!
//! One test binary per layer, so the library links once for each; the modules are the files
//! beside this one.

#[path = "../common/mod.rs"]
mod common;
mod illegal;
mod perft;
mod reference;
mod rules;
mod sfen;

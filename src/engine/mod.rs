//! The built-in engine: evaluation, search, opening book, mate solver, time control and USI
//! (both as an engine and as a client of other engines). Uses `core` and `record`.

pub mod book;
pub mod book_build;
pub mod book_cli;
pub mod cli;
pub mod mate;
pub mod usi_client;
pub mod usi_client_parse;

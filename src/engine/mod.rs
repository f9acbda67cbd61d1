//! The built-in engine: evaluation, search, opening book, mate solver, time control and USI
//! (both as an engine and as a client of other engines). Uses `core` and `record`.

pub mod analysis;
pub mod api;
pub mod bench;
pub mod book;
pub mod book_build;
pub mod book_cli;
pub mod cli;
pub mod eval;
mod large_pages;
pub mod levels;
pub mod mate;
pub mod moves;
pub mod ordering;
pub mod params;
mod picker;
mod qsearch;
pub mod quickmate;
pub mod root;
pub mod search;
pub mod see;
pub mod time;
pub mod tt;
#[rustfmt::skip]
pub mod tuned;
pub mod tune;
pub mod usi;
pub mod usi_client;
pub mod usi_client_parse;

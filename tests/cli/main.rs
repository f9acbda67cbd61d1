//! The command line, run as the `shogiban` binary: help and usage conventions, and each subcommand.
//!
//! One test binary per layer, so the library links once for each; the modules are the files
//! beside this one.

mod analyze;
mod book;
#[path = "../common/mod.rs"]
mod common;
mod eval;
mod help;
mod mate;
mod perft;

//! The terminal app end to end, in a pseudo-terminal.
//!
//! One test binary per layer, so the library links once for each; the modules are the files
//! beside this one.

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/csa.rs"]
mod csa;
mod online;
mod rating;
mod tui;

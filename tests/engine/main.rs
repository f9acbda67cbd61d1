//! The engine (`engine`): search, bench signature, USI server and client, opening book, mate
//! solver, tsume problems and analysis.
//!
//! One test binary per layer, so the library links once for each; the modules are the files
//! beside this one.

mod analysis_speed;
mod bench;
mod book;
mod mate_differential;
mod mate_rule;
mod mate_solver;
mod reference_mate;
mod search;
mod tsume_problems;
mod usi_client;
mod usi_server;

//! The search (探索): iterative deepening at the root (`root.rs`), the alpha-beta search below it
//! (`alphabeta.rs`), the quiescence search (`qsearch.rs`), move ordering and staged picking
//! (`ordering.rs`, `picker.rs`), static exchange evaluation (`see.rs`), the transposition table
//! (`tt.rs`, over `large_pages.rs`), time management (`time.rs`), the check of the best move
//! against the opponent's mates (`defence.rs`), the dominated-move filter (`dominated.rs`) and
//! the search's tunable numbers (`params.rs`). Uses `core`, the evaluation and the mate solver;
//! knows nothing about USI, files or the terminal.

pub mod alphabeta;
mod defence;
pub mod dominated;
pub mod history;
mod large_pages;
mod ordering;
pub mod params;
mod picker;
mod qsearch;
pub mod root;
pub mod see;
pub mod time;
pub mod tt;

pub use root::{SearchInfo, SearchResult};
pub use time::Limits;

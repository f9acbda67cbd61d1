//! The engine as the app and the USI server use it: options, the shared transposition table, the
//! opening-book seam, playing levels, and `Engine::search`, which may be called from any thread
//! (it runs the search on its own thread with a large stack and returns when done).
//!
//! ```no_run
//! use shogiban::core::Position;
//! use shogiban::engine::{Engine, EngineOptions};
//! use shogiban::engine::search::time::Limits;
//! use std::sync::{Arc, atomic::AtomicBool};
//!
//! let mut engine = Engine::new(EngineOptions::default());
//! let stop = Arc::new(AtomicBool::new(false)); // set it to true to stop the search
//! let result = engine.search(&Position::startpos(), Limits::movetime(1000), stop, |info| {
//!     println!("depth {} score {:?}", info.depth, info.score);
//! });
//! println!("{:?}", result.best);
//! ```

use crate::core::{Move, Position};
use crate::engine::levels::{self, Level};
use crate::engine::rng::Rng;
use crate::engine::search::root::{SearchInfo, SearchResult, run_search};
use crate::engine::search::time::Limits;
use crate::engine::search::tt::TranspositionTable;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// A book lookup: given a position, a move to play (checked for legality by the engine).
pub type BookHook = Box<dyn Fn(&Position) -> Option<Move> + Send + Sync>;

/// Engine settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// Transposition table size in MB (USI_Hash).
    pub hash_mb: usize,
    /// Playing level (10 = full strength).
    pub level: Level,
    /// Principal variations to report (MultiPV).
    pub multipv: usize,
    /// Use the opening book when one is installed (OwnBook).
    pub own_book: bool,
    /// Search threads (Threads).
    pub threads: usize,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions { hash_mb: 64, level: Level::MAX, multipv: 1, own_book: true, threads: 1 }
    }
}

/// Most search threads accepted.
pub const MAX_THREADS: usize = 64;

/// Stack size of the search thread (the search recurses up to `MAX_PLY` with move lists on the
/// stack).
const SEARCH_STACK: usize = 64 << 20;

/// The engine: keep one per game (the transposition table carries over between moves).
pub struct Engine {
    options: EngineOptions,
    tt: Arc<TranspositionTable>,
    book: Option<BookHook>,
    rng: Rng,
}

impl Engine {
    pub fn new(options: EngineOptions) -> Engine {
        // the evaluation's tables are laid out now, not on a clock at the first search
        crate::engine::eval::warm_up();
        let tt = Arc::new(TranspositionTable::new(options.hash_mb));
        Engine { options, tt, book: None, rng: Rng::from_time() }
    }

    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// Resizes the transposition table (clears it).
    /// Sets the size of the transposition table. When `mb` megabytes cannot be had, half as
    /// much is tried, and so on; the table then takes half of the largest size that could be
    /// had, leaving as much memory again for the search itself (its threads and stacks).
    /// Returns the size in use.
    pub fn set_hash_mb(&mut self, mb: usize) -> usize {
        if mb != self.options.hash_mb {
            // let the old table go first: its memory may be what the new one needs
            self.tt = Arc::new(TranspositionTable::new(1));
            let mut size = mb.max(1);
            let mut table = TranspositionTable::try_new(size);
            while table.is_none() && size > 1 {
                size /= 2;
                table = TranspositionTable::try_new(size);
            }
            if size < mb && size > 1 {
                drop(table);
                size /= 2;
                table = TranspositionTable::try_new(size);
            }
            self.tt = Arc::new(table.unwrap_or_else(|| TranspositionTable::new(1)));
            self.options.hash_mb = if size < mb { size.max(1) } else { mb };
        }
        self.options.hash_mb
    }

    pub fn set_level(&mut self, level: Level) {
        self.options.level = level;
    }

    pub fn set_multipv(&mut self, n: usize) {
        self.options.multipv = n.max(1);
    }

    /// Number of search threads (1 = deterministic single thread).
    pub fn set_threads(&mut self, n: usize) {
        self.options.threads = n.clamp(1, MAX_THREADS);
    }

    pub fn set_own_book(&mut self, on: bool) {
        self.options.own_book = on;
    }

    /// Installs (or removes) the opening book lookup.
    pub fn set_book(&mut self, book: Option<BookHook>) {
        self.book = book;
    }

    /// Seeds the level noise (for reproducible games in tests).
    pub fn set_seed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    /// Forgets what was learnt in the previous game.
    pub fn new_game(&mut self) {
        self.tt.clear();
    }

    /// Searches `pos` (its move history is used for repetition) under `limits` until a limit is
    /// reached or `stop` becomes true; `info` receives progress on the search thread. The
    /// returned move is always legal; `best == None` with `declare_win == false` means resign.
    pub fn search<F>(
        &mut self,
        pos: &Position,
        limits: Limits,
        stop: Arc<AtomicBool>,
        info: F,
    ) -> SearchResult
    where
        F: FnMut(&SearchInfo) + Send,
    {
        // The book answers games played on a clock only: analysis (`go infinite`, pondering) and
        // fixed depth/node searches always search.
        if self.options.own_book
            && limits.clock_only()
            && let Some(book) = &self.book
            && let Some(m) = book(pos)
            && pos.is_legal(m)
        {
            return book_result(m);
        }
        let spec = self.options.level.spec();
        let mut limits = limits;
        if let Some(d) = spec.depth {
            limits.depth = Some(limits.depth.map_or(d, |x| x.min(d)));
        }
        limits.multipv = self.options.multipv.max(spec.candidates).max(limits.multipv);
        if limits.threads == 0 {
            limits.threads = self.options.threads;
        }
        let tt = Arc::clone(&self.tt);
        let pos = pos.clone();
        let mut info = info;
        let mut result = std::thread::scope(|scope| {
            let handle = std::thread::Builder::new()
                .name("search".into())
                .stack_size(SEARCH_STACK)
                .spawn_scoped(scope, move || run_search(&pos, &limits, &tt, &stop, &mut info))
                .expect("cannot start the search thread");
            handle.join().unwrap_or_else(|e| std::panic::resume_unwind(e))
        });
        if spec.noise > 0
            && result.lines.len() > 1
            && let Some(m) = levels::pick(&result.lines, spec.noise, &mut self.rng)
            && Some(m) != result.best
        {
            result.best = Some(m);
            result.ponder = None;
            result.pv = vec![m];
        }
        result
    }
}

fn book_result(m: Move) -> SearchResult {
    SearchResult {
        best: Some(m),
        ponder: None,
        declare_win: false,
        score: crate::core::Score::Cp(0),
        pv: vec![m],
        depth: 0,
        nodes: 0,
        time_ms: 0,
        lines: vec![(m, 0)],
    }
}

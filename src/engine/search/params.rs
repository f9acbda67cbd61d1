//! Every tunable number of the search: pruning and reduction margins, move-ordering history,
//! aspiration, time reserve and the mate-solver share of the clock. The evaluation's numbers are
//! in `eval::params`.

/// Razoring: at depth ≤ RAZOR_DEPTH, a non-PV node whose eval is more than
/// RAZOR_BASE + RAZOR_PER_DEPTH2 × depth² below alpha is decided by the quiescence search
/// (measurements: docs/decisions/0016-search-techniques.md).
pub const RAZOR_DEPTH: i32 = 3;
pub const RAZOR_BASE: i32 = 300;
pub const RAZOR_PER_DEPTH2: i32 = 250;
/// Reverse futility: at depth d a static eval this far above beta is trusted.
pub const RFP_MARGIN: i32 = 110;
pub const RFP_DEPTH: i32 = 7;
/// Futility for quiet moves: eval + BASE + PER_DEPTH × depth must reach alpha.
pub const FUTILITY_BASE: i32 = 160;
pub const FUTILITY_PER_DEPTH: i32 = 130;
/// Null move: base reduction and extra per four plies of depth.
pub const NULL_MOVE_R: i32 = 3;
/// Null move: one more ply of reduction per this much eval above beta (at most 3).
pub const NULL_MOVE_EVAL_DIV: i32 = 200;
/// Late-move reductions: r = LMR_BASE + ln(depth) × ln(move number) / LMR_DIV (the divisor's
/// measurements: docs/decisions/0016-search-techniques.md).
pub const LMR_BASE: f64 = 0.6;
pub const LMR_DIV: f64 = 2.2;
/// One ply less reduction per this much history score.
pub const LMR_HISTORY_DIV: i32 = 6_000;
/// Late-move pruning: quiet moves searched at depth d ≤ 8 before the rest are pruned is
/// (LMP_BASE + d²), halved when the eval is not improving.
pub const LMP_BASE: i32 = 4;
/// SEE pruning of quiet moves: prune below -SEE_QUIET × lmr_depth².
pub const SEE_QUIET: i32 = 25;
/// SEE pruning of captures at depth d < 7: prune below -SEE_CAPTURE × d.
pub const SEE_CAPTURE: i32 = 100;
/// Quiet moves whose history is at least QUIET_SORT_LIMIT are sorted; the rest (most of them
/// drops never tried) are searched in generation order: board moves, then drops.
pub const QUIET_SORT_LIMIT: i32 = 1;
/// History bonus: depth² × HISTORY_BONUS, at most HISTORY_BONUS_MAX.
pub const HISTORY_BONUS: i32 = 24;
pub const HISTORY_BONUS_MAX: i32 = 3_000;
/// Singular extension from this depth on: the table's move gets one more ply when every other
/// move, searched at half depth, stays below the table's score minus SINGULAR_MARGIN × depth.
pub const SINGULAR_DEPTH: i32 = 8;
pub const SINGULAR_MARGIN: i32 = 2;
/// Quiescence delta pruning margin.
pub const QS_DELTA: i32 = 200;
/// Aspiration window half-width at the start of an iteration.
pub const ASPIRATION: i32 = 40;
/// Time kept in reserve for the transmission and the GUI (milliseconds; Fairy-Stockfish's
/// default move overhead is 30, the match runner's setting for it 100). Stalls of the machine
/// are kept back on top of it (below, and `time.rs`); docs/decisions/0022-time-management.md
/// says why 100 and not more.
pub const TIME_MARGIN_MS: u64 = 100;
/// A gap of more than this many ms between two polls of the clock in a search (normally under
/// a millisecond apart) is a stall of the machine...
pub const STALL_GAP_MS: u64 = 50;
/// ...which is kept back on top of the margin for this long (ms)...
pub const STALL_MEMORY_MS: u64 = 120_000;
/// ...up to this much (ms).
pub const STALL_RESERVE_MAX_MS: u64 = 400;
/// Before a search on the clock, the df-pn mate solver gets 1/ROOT_MATE_SHARE of the optimum
/// budget, at most ROOT_MATE_MAX_MS (40 ms is some 10,000 solver nodes here).
pub const ROOT_MATE_SHARE: u64 = 8;
pub const ROOT_MATE_MAX_MS: u64 = 40;

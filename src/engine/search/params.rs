//! Every tunable number of the search: pruning and reduction margins, move-ordering history,
//! aspiration, time management (margins, budgets, the iteration timer) and the mate-solver share
//! of the clock. The evaluation's numbers are in `eval::params`.

/// Razoring: at depth ≤ RAZOR_DEPTH, a non-PV node whose eval is more than
/// RAZOR_BASE + RAZOR_PER_DEPTH2 × depth² below alpha is decided by the quiescence search
/// (measurements: docs/decisions/0016-search-techniques.md).
pub const RAZOR_DEPTH: i32 = 3;
pub const RAZOR_BASE: i32 = 300;
pub const RAZOR_PER_DEPTH2: i32 = 250;
/// Reverse futility: at depth d a static eval this far above beta is trusted.
pub const RFP_MARGIN: i32 = 110;
pub const RFP_DEPTH: i32 = 7;
/// Futility for quiet moves at a reduced depth below FUTILITY_DEPTH: eval + BASE + PER_DEPTH ×
/// depth must reach alpha.
pub const FUTILITY_DEPTH: i32 = 7;
pub const FUTILITY_BASE: i32 = 160;
pub const FUTILITY_PER_DEPTH: i32 = 130;
/// Null move from depth NULL_MOVE_DEPTH on, reduced by NULL_MOVE_R plies, one more per
/// NULL_MOVE_DEPTH_DIV plies of depth...
pub const NULL_MOVE_DEPTH: i32 = 2;
pub const NULL_MOVE_R: i32 = 3;
pub const NULL_MOVE_DEPTH_DIV: i32 = 4;
/// ...and one more per NULL_MOVE_EVAL_DIV of eval above beta (at most NULL_MOVE_EVAL_MAX).
pub const NULL_MOVE_EVAL_DIV: i32 = 200;
pub const NULL_MOVE_EVAL_MAX: i32 = 3;
/// Internal iterative reduction: a PV or cut node from this depth on without a TT move is
/// searched one ply shallower.
pub const IIR_DEPTH: i32 = 4;
/// Late-move reductions from depth LMR_DEPTH on: r = LMR_BASE + ln(depth) × ln(move number) / LMR_DIV (the divisor's
/// measurements: docs/decisions/0016-search-techniques.md).
pub const LMR_DEPTH: i32 = 3;
pub const LMR_BASE: f64 = 0.6;
pub const LMR_DIV: f64 = 2.2;
/// One ply less reduction per this much history score.
pub const LMR_HISTORY_DIV: i32 = 6_000;
/// Late-move pruning: quiet moves searched at depth d ≤ LMP_DEPTH before the rest are pruned
/// is (LMP_BASE + d²), halved when the eval is not improving.
pub const LMP_DEPTH: i32 = 8;
pub const LMP_BASE: i32 = 4;
/// SEE pruning of quiet moves at a reduced depth below SEE_QUIET_DEPTH: prune below
/// -SEE_QUIET × lmr_depth².
pub const SEE_QUIET_DEPTH: i32 = 8;
pub const SEE_QUIET: i32 = 25;
/// SEE pruning of captures at depth d < SEE_CAPTURE_DEPTH: prune below -SEE_CAPTURE × d.
pub const SEE_CAPTURE_DEPTH: i32 = 7;
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
/// Extensions (singular, check) only below EXTENSION_PLY_FACTOR × the iteration's depth, so
/// that a line of checks cannot grow without end.
pub const EXTENSION_PLY_FACTOR: usize = 2;
/// Quiescence delta pruning margin.
pub const QS_DELTA: i32 = 200;
/// Aspiration windows from depth ASPIRATION_DEPTH on: half-width ASPIRATION at the start of an
/// iteration, grown by half plus ASPIRATION_WIDEN on each fail, given up (full window) past
/// ASPIRATION_MAX.
pub const ASPIRATION_DEPTH: i32 = 4;
pub const ASPIRATION: i32 = 40;
pub const ASPIRATION_WIDEN: i32 = 10;
pub const ASPIRATION_MAX: i32 = 1_500;
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
/// A byoyomi without main time shorter than SHORT_BYOYOMI_DIV margins keeps back
/// 1/SHORT_BYOYOMI_DIV of itself instead of the margin (when the margin is at most the default
/// one; a larger one, set for a slow network, is kept back whole): a 100 ms byoyomi would
/// otherwise leave the search the 10 ms floor, a tenth of the time the clock gives it.
pub const SHORT_BYOYOMI_DIV: u64 = 4;
/// A fixed move time (`go movetime`) keeps back a quarter of the margin: the GUI asked for
/// that time and waits for it.
pub const MOVETIME_MARGIN_DIV: u64 = 4;
/// The optimum budget of a move is 1/MAIN_TIME_OPT_DIV of the main time left (plus the byoyomi
/// or most of the increment): a game of 60 moves each (120 plies, longer than most) still
/// leaves an eighth of the clock in sudden death; 1/45 left over a third of it unused.
pub const MAIN_TIME_OPT_DIV: u64 = 30;
/// With byoyomi, the maximum of a move is 1/BYOYOMI_MAX_DIV of the main time plus the byoyomi.
pub const BYOYOMI_MAX_DIV: u64 = 8;
/// With an increment (Fischer), the maximum is 1/INCREMENT_MAX_DIV of the main time plus the
/// increment, and the optimum counts this share of the increment (percent).
pub const INCREMENT_MAX_DIV: u64 = 6;
pub const INCREMENT_USED_PERCENT: u64 = 75;
/// In sudden death (no byoyomi, no increment), the maximum is 1/SUDDEN_DEATH_MAX_DIV of the
/// time left.
pub const SUDDEN_DEATH_MAX_DIV: u64 = 10;
/// Every budget is at least MIN_BUDGET_MS (ms), to finish a few plies; in sudden death with
/// little left, only 1/SUDDEN_DEATH_FLOOR_DIV of the time left: a short search each move keeps
/// a long game from running the clock to zero.
pub const MIN_BUDGET_MS: u64 = 10;
pub const SUDDEN_DEATH_FLOOR_DIV: u64 = 40;
/// No new iteration starts once this share of the optimum (stretched or shrunk by the
/// iteration timer's factor) is spent: the next iteration would most likely not finish.
pub const ITERATION_OPT_SHARE: f64 = 0.5;
/// The iteration timer's factor (Stockfish's time manager): a score falling by TIME_FALL_CP
/// centipawns asks for one more optimum, up to TIME_FALL_MAX times it...
pub const TIME_FALL_CP: f64 = 300.0;
pub const TIME_FALL_MAX: f64 = 1.6;
/// ...best-move changes (halved every iteration) add up to TIME_CHANGES_MAX optimums...
pub const TIME_CHANGES_MAX: f64 = 1.5;
/// ...the same best move for TIME_SETTLED_ITERATIONS iterations with the score falling by
/// less than TIME_SETTLED_FALL_CP centipawns spends TIME_SETTLED_SCALE of it...
pub const TIME_SETTLED_ITERATIONS: u32 = 8;
pub const TIME_SETTLED_FALL_CP: i32 = 20;
pub const TIME_SETTLED_SCALE: f64 = 0.7;
/// ...and the factor stays within TIME_SCALE_MIN..=TIME_SCALE_MAX.
pub const TIME_SCALE_MIN: f64 = 0.5;
pub const TIME_SCALE_MAX: f64 = 2.0;
/// Before a search on the clock, the df-pn mate solver gets 1/ROOT_MATE_SHARE of the optimum
/// budget, at most ROOT_MATE_MAX_MS (40 ms is some 10,000 solver nodes here).
pub const ROOT_MATE_SHARE: u64 = 8;
pub const ROOT_MATE_MAX_MS: u64 = 40;
/// A budget under ROOT_MATE_MIN_MS (ms) is not worth starting the solver for.
pub const ROOT_MATE_MIN_MS: u64 = 5;
/// The defence check (`defence.rs`): after each iteration from DEFENCE_CHECK_DEPTH on, the df-pn
/// solver gets 1/DEFENCE_CHECK_SHARE of the optimum budget, at most DEFENCE_CHECK_MAX_MS, to
/// find the opponent's mate after the best move; all the checks of a search together get at
/// most 1/DEFENCE_TOTAL_SHARE of the optimum, and none starts with under DEFENCE_CHECK_MIN_MS.
pub const DEFENCE_CHECK_DEPTH: i32 = 4;
pub const DEFENCE_CHECK_SHARE: u64 = 16;
pub const DEFENCE_CHECK_MAX_MS: u64 = 50;
pub const DEFENCE_TOTAL_SHARE: u64 = 5;
pub const DEFENCE_CHECK_MIN_MS: u64 = 5;

//! Whole-game analysis (棋譜解析): every position of a line of play searched for a fixed time,
//! giving for each move the evaluation after it, the engine's best move and line before it,
//! and a mark when the move lost much of the mover's expected score.
//!
//! Marks follow ShogiHome: the loss is the drop of the mover's expected score (win rate on
//! the scale `1 / (1 + e^(-cp/600))`, in percentage points) from the position before the move
//! (the engine's best play) to the position after it; a move the engine would have played
//! itself is never marked. The four levels are 緩手, 疑問手, 悪手 and 大悪手 (inaccuracy,
//! dubious, mistake, blunder); `record::annotation::Mark::from_level` gives their words.

use crate::core::{Color, Move, Position, Score};
use crate::engine::search::time::Limits;
use crate::engine::{Engine, EngineOptions};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Losses (percentage points of expected score) from which a move gets each mark level:
/// `[緩手, 疑問手, 悪手, 大悪手]`, positive and in increasing order. ShogiHome's defaults are
/// 5, 10, 20 and 50.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Thresholds {
    limits: [f64; 4],
}

/// Four mark thresholds that are not positive and in increasing order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the four thresholds must be positive and in increasing order")]
pub struct ThresholdsError;

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds { limits: [5.0, 10.0, 20.0, 50.0] }
    }
}

impl Thresholds {
    /// The thresholds `[緩手, 疑問手, 悪手, 大悪手]`, if they are finite, positive and in
    /// increasing order (equal neighbours allowed).
    pub fn new(limits: [f64; 4]) -> Result<Thresholds, ThresholdsError> {
        let ordered = limits.windows(2).all(|w| w[0] <= w[1]);
        if !ordered || !limits.iter().all(|t| t.is_finite()) || limits[0] <= 0.0 {
            return Err(ThresholdsError);
        }
        Ok(Thresholds { limits })
    }

    /// The four thresholds, `[緩手, 疑問手, 悪手, 大悪手]`.
    pub fn limits(&self) -> [f64; 4] {
        self.limits
    }

    /// The mark level (0 = 緩手 … 3 = 大悪手) of a loss, if it reaches the first threshold.
    pub fn level(&self, loss: f64) -> Option<usize> {
        (0..4).rev().find(|&i| loss >= self.limits[i])
    }
}

/// Settings of a whole-game analysis.
#[derive(Clone, Debug)]
pub struct GameAnalysisOptions {
    /// Time per position, in milliseconds.
    pub movetime_ms: u64,
    pub thresholds: Thresholds,
    pub hash_mb: usize,
}

impl Default for GameAnalysisOptions {
    fn default() -> Self {
        GameAnalysisOptions { movetime_ms: 1000, thresholds: Thresholds::default(), hash_mb: 64 }
    }
}

/// What the engine found in one position of the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionEval {
    pub score: Score,
    /// The engine's move here (none when the game is over in this position).
    pub best: Option<Move>,
    /// The engine's line from here.
    pub pv: Vec<Move>,
    pub depth: u32,
    pub nodes: u64,
}

/// The judgement of one move of the line.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveJudgement {
    /// Expected score the mover lost, in percentage points (0 or more).
    pub loss: f64,
    /// 0 = 緩手, 1 = 疑問手, 2 = 悪手, 3 = 大悪手.
    pub mark: Option<usize>,
    /// The move was the engine's own choice.
    pub best: bool,
}

/// Progress of an analysis: `ply` (0 = the start position) has just been searched.
#[derive(Clone, Debug)]
pub struct Progress<'a> {
    pub ply: usize,
    /// Number of positions in all (moves + 1).
    pub total: usize,
    pub eval: &'a PositionEval,
    /// The judgement of the move that led here (none for the start position).
    pub judgement: Option<&'a MoveJudgement>,
}

/// The analysis of a line: `evals[i]` is the position after `i` moves, `judgements[i]` the
/// move `i + 1`. Shorter than the line when stopped early.
#[derive(Clone, Debug, Default)]
pub struct GameAnalysis {
    pub evals: Vec<PositionEval>,
    pub judgements: Vec<MoveJudgement>,
    /// The analysis was stopped before the end of the line.
    pub stopped: bool,
}

/// Judges `mv` played by `mover` in a position evaluated `before`, leading to `after`.
pub fn judge(
    mover: Color,
    mv: Move,
    before: &PositionEval,
    after: &PositionEval,
    t: &Thresholds,
) -> MoveJudgement {
    let rate = |s: Score| {
        let r = s.win_rate();
        if mover == Color::Black { r } else { 1.0 - r }
    };
    let loss = ((rate(before.score) - rate(after.score)) * 100.0).max(0.0);
    let best = before.best == Some(mv);
    MoveJudgement { loss, mark: if best { None } else { t.level(loss) }, best }
}

/// Analyses `initial` and the position after each of `moves` (which must be legal in turn),
/// `opt.movetime_ms` each, calling `progress` after each position; stops early when `stop`
/// becomes true. The engine is made for the run (full strength, no book, `opt.hash_mb`).
pub fn analyse_game(
    initial: &Position,
    moves: &[Move],
    opt: &GameAnalysisOptions,
    stop: &Arc<AtomicBool>,
    progress: impl FnMut(Progress<'_>),
) -> GameAnalysis {
    let mut engine = Engine::new(EngineOptions {
        hash_mb: opt.hash_mb,
        level: crate::engine::levels::Level::MAX,
        own_book: false,
        ..EngineOptions::default()
    });
    analyse_game_with(&mut engine, initial, moves, opt, stop, progress)
}

/// [`analyse_game`] with an engine kept by the caller (set up as `analysis_engine` sets one up;
/// `opt.hash_mb` is the caller's to follow).
pub fn analyse_game_with(
    engine: &mut Engine,
    initial: &Position,
    moves: &[Move],
    opt: &GameAnalysisOptions,
    stop: &Arc<AtomicBool>,
    mut progress: impl FnMut(Progress<'_>),
) -> GameAnalysis {
    let mut out = GameAnalysis::default();
    let mut pos = initial.clone();
    let total = moves.len() + 1;
    for ply in 0..total {
        if stop.load(Ordering::Relaxed) {
            out.stopped = true;
            break;
        }
        if ply > 0 {
            pos.do_move(moves[ply - 1]);
        }
        let eval = evaluate(engine, &pos, opt.movetime_ms, stop);
        if stop.load(Ordering::Relaxed) {
            // cut short: not a judgement to keep
            out.stopped = true;
            break;
        }
        if ply > 0 {
            let mover = pos.side_to_move().flip();
            let j = judge(mover, moves[ply - 1], &out.evals[ply - 1], &eval, &opt.thresholds);
            out.judgements.push(j);
        }
        out.evals.push(eval);
        progress(Progress {
            ply,
            total,
            eval: &out.evals[ply],
            judgement: out.judgements.get(ply.wrapping_sub(1)),
        });
    }
    out
}

/// One position searched for `ms` milliseconds (stopped early with `stop`).
pub fn evaluate(engine: &mut Engine, pos: &Position, ms: u64, stop: &Arc<AtomicBool>) -> PositionEval {
    let side = pos.side_to_move();
    if pos.legal_moves().is_empty() {
        return PositionEval {
            score: Score::MATED.for_black(side),
            best: None,
            pv: Vec::new(),
            depth: 0,
            nodes: 0,
        };
    }
    let mut limits = Limits::movetime(ms);
    limits.overhead_ms = Some(0);
    let r = engine.search(pos, limits, Arc::clone(stop), |_| {});
    let score = if r.declare_win { Score::MATED.for_black(side.flip()) } else { r.score.for_black(side) };
    PositionEval { score, best: r.best, pv: r.pv, depth: r.depth, nodes: r.nodes }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(cp: i32, best: Option<Move>) -> PositionEval {
        PositionEval { score: Score::Cp(cp), best, pv: Vec::new(), depth: 1, nodes: 1 }
    }

    #[test]
    fn thresholds_must_be_positive_finite_and_rising() {
        assert_eq!(Thresholds::new([5.0, 10.0, 20.0, 50.0]), Ok(Thresholds::default()));
        assert_eq!(Thresholds::new([5.0, 5.0, 20.0, 50.0]).map(|t| t.limits()), Ok([5.0, 5.0, 20.0, 50.0]));
        for bad in [
            [20.0, 10.0, 5.0, 1.0],
            [0.0, 10.0, 20.0, 50.0],
            [f64::NAN, 10.0, 20.0, 50.0],
            [5.0, 10.0, 20.0, f64::INFINITY],
        ] {
            assert_eq!(Thresholds::new(bad), Err(ThresholdsError), "{bad:?}");
        }
        assert_eq!(
            ThresholdsError.to_string(),
            "the four thresholds must be positive and in increasing order"
        );
    }

    #[test]
    fn marks_follow_the_loss_of_expected_score() {
        let p = Position::startpos();
        let a = p.parse_usi_move("7g7f").unwrap();
        let b = p.parse_usi_move("2g2f").unwrap();
        let t = Thresholds::default();
        // ☗ from +0 to -600: 50% to about 27%, a loss of 23 points: 悪手
        let j = judge(Color::Black, a, &eval(0, Some(b)), &eval(-600, None), &t);
        assert!((j.loss - 23.1).abs() < 0.1, "{}", j.loss);
        assert_eq!(j.mark, Some(2));
        // the same loss for ☖ is a gain: no mark
        assert_eq!(judge(Color::White, a, &eval(0, Some(b)), &eval(-600, None), &t).mark, None);
        // the engine's own move is never marked
        let j = judge(Color::Black, b, &eval(0, Some(b)), &eval(-600, None), &t);
        assert!(j.best && j.mark.is_none());
        assert_eq!(t.level(4.9), None);
        assert_eq!(t.level(5.0), Some(0));
        assert_eq!(t.level(12.0), Some(1));
        assert_eq!(t.level(80.0), Some(3));
    }

    #[test]
    fn analyses_every_position_and_reports_progress() {
        let mut p = Position::startpos();
        let mut moves = Vec::new();
        for u in ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"] {
            let m = p.parse_usi_move(u).unwrap();
            moves.push(m);
            p.do_move(m);
        }
        let opt = GameAnalysisOptions { movetime_ms: 20, hash_mb: 16, ..Default::default() };
        let stop = Arc::new(AtomicBool::new(false));
        let mut seen = Vec::new();
        let a = analyse_game(&Position::startpos(), &moves, &opt, &stop, |pr| {
            seen.push((pr.ply, pr.total, pr.judgement.is_some()));
        });
        assert_eq!(a.evals.len(), 6);
        assert_eq!(a.judgements.len(), 5);
        assert!(!a.stopped);
        assert_eq!(seen[0], (0, 6, false));
        assert_eq!(seen[5], (5, 6, true));
        assert!(a.evals[..5].iter().all(|e| e.best.is_some() && !e.pv.is_empty()));
        let stopped =
            analyse_game(&Position::startpos(), &moves, &opt, &Arc::new(AtomicBool::new(true)), |_| {});
        assert!(stopped.stopped && stopped.evals.is_empty());
    }
}

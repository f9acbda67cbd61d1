//! The bench (`shogiban bench`): a fixed-depth search over built-in positions. The total node
//! count is a signature of the search (identical on every run and machine, as long as the search
//! code is unchanged); nodes per second measure the speed.

use crate::core::{Position, PositionCommandError, PositionSyntax, parse_position_command};
use crate::engine::search::root::run_search;
use crate::engine::search::time::Limits;
use crate::engine::search::tt::TranspositionTable;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Default bench depth.
pub const DEFAULT_DEPTH: u32 = 12;

/// Bench positions: an SFEN and USI moves played from it.
pub const POSITIONS: [(&str, &str); 10] = [
    ("startpos", ""),
    ("startpos", "7g7f 3c3d 2g2f 4c4d 3i4h 3a3b 5i6h 8b4b 6h7h 5a6b"),
    ("startpos", "7g7f 3c3d 8h2b+ 3a2b 2g2f 8c8d 3i3h 2b3c 7i7h 7a7b 4i5h 5a4b"),
    ("startpos", "7g7f 8c8d 6g6f 3c3d 6i7h 7a6b 5g5f 5c5d 3i4h 3a4b 4i5h 4a3b 5h6g 6a5b"),
    ("startpos", "2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d P*2c 2d2f 8e8f 8g8f 8b8f P*8g 8f8d"),
    ("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1", ""),
    ("8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124", ""),
    ("ln3gsn1/7kl/3+B1p1p1/p4s2p/2P6/P2B3PP/1PNP+rPP2/2G3SK1/L4G1NL b G3Prs3p 65", ""),
    ("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R2g2K2/LN4b1L w RGsn5p 3", ""),
    ("ln1g3nl/1r1s1kg2/p2pppsp1/2p3p1p/1p5P1/2PP4P/PPS1PPP2/1KG1G2R1/LN5NL b Bb 31", ""),
];

/// Why a bench position cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BenchError {
    /// There is no bench position with this index.
    #[error("there is no bench position {0} (there are {count})", count = POSITIONS.len())]
    NoSuchPosition(usize),
    /// Bench position `number` (1-based) does not read, or holds a bad move.
    #[error("bench position {number}: {error}")]
    Position { number: usize, error: PositionCommandError },
}

/// Sets up bench position `i` (0-based).
pub fn position(i: usize) -> Result<Position, BenchError> {
    let &(sfen, moves) = POSITIONS.get(i).ok_or(BenchError::NoSuchPosition(i))?;
    let mut words: Vec<&str> = if sfen == "startpos" { vec![sfen] } else { vec!["sfen", sfen] };
    words.push("moves");
    words.extend(moves.split_whitespace());
    let error = |error| BenchError::Position { number: i + 1, error };
    let parsed = parse_position_command(&words, PositionSyntax::Usi).map_err(error)?;
    match parsed.complete() {
        Ok(end) => Ok(end),
        Err(e) => Err(error(e)),
    }
}

/// Summary of a bench run.
#[derive(Clone, Debug)]
pub struct BenchReport {
    pub nodes: u64,
    pub time_ms: u64,
    pub lines: Vec<String>,
}

/// Runs the bench at `depth` (TT of 16 MB cleared before each position).
pub fn run_bench(depth: u32, mut out: impl FnMut(&str)) -> Result<BenchReport, BenchError> {
    let tt = TranspositionTable::new(16);
    let stop = AtomicBool::new(false);
    let mut total = 0u64;
    let mut lines = Vec::new();
    let start = Instant::now();
    for i in 0..POSITIONS.len() {
        let pos = position(i)?;
        tt.clear();
        let t0 = Instant::now();
        let r = run_search(&pos, &Limits::depth(depth), &tt, &stop, &mut |_| {});
        let ms = t0.elapsed().as_millis() as u64;
        total += r.nodes;
        let best = r.best.map_or("resign".to_string(), |m| m.usi());
        let line = format!(
            "position {:2}: depth {} bestmove {} score {} nodes {} time_ms {}",
            i + 1,
            r.depth,
            best,
            r.score.usi(),
            r.nodes,
            ms
        );
        out(&line);
        lines.push(line);
    }
    Ok(BenchReport { nodes: total, time_ms: start.elapsed().as_millis() as u64, lines })
}

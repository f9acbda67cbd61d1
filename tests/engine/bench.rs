//! The bench: every built-in position sets up, the node count is a deterministic signature, and
//! the command prints the summary lines.

use shogiban::engine::bench::{BenchError, POSITIONS, position, run_bench};
use std::process::Command;

#[test]
fn positions_set_up_and_signature_is_stable() {
    for i in 0..POSITIONS.len() {
        assert!(position(i).is_ok(), "bench position {}", i + 1);
    }
    let past = POSITIONS.len();
    assert!(matches!(position(past), Err(BenchError::NoSuchPosition(i)) if i == past));
    let a = run_bench(4, |_| {}).unwrap();
    let b = run_bench(4, |_| {}).unwrap();
    assert_eq!(a.nodes, b.nodes);
    assert_eq!(a.lines.len(), POSITIONS.len());
    for (x, y) in a.lines.iter().zip(&b.lines) {
        // same move, score and nodes; only the time may differ
        assert_eq!(x.split(" time_ms").next(), y.split(" time_ms").next());
    }
}

/// The node count of `shogiban bench` (depth 12), the signature of the search and evaluation:
/// any change to either changes it. A change that is meant must update this number (and say so
/// in its commit and the changelog).
const BENCH_SIGNATURE: u64 = 5_381_367;

#[test]
fn bench_signature_is_pinned() {
    let handle = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(|| run_bench(shogiban::engine::bench::DEFAULT_DEPTH, |_| {}).unwrap())
        .unwrap();
    assert_eq!(handle.join().unwrap().nodes, BENCH_SIGNATURE);
}

/// The levels' measured figures are of this engine: a change to the search or the evaluation
/// (a new signature) needs the table measured again with `shogiban tune levels`.
#[test]
fn the_level_ratings_were_measured_with_this_engine() {
    let table = shogiban::engine::levels::LevelTable::shipped();
    assert_eq!(
        table.bench_signature, BENCH_SIGNATURE,
        "assets/level_ratings.json was measured with another engine: measure it again"
    );
}

#[test]
fn bench_command_prints_summary() {
    let out = Command::new(env!("CARGO_BIN_EXE_shogiban")).args(["bench", "--depth", "3"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for key in ["nodes: ", "nps: ", "time_ms: "] {
        assert!(text.lines().any(|l| l.starts_with(key)), "{key} missing in {text}");
    }
    let bad =
        Command::new(env!("CARGO_BIN_EXE_shogiban")).args(["bench", "--depth", "zero"]).output().unwrap();
    assert!(!bad.status.success());
}

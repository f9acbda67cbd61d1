//! Measures the mate solver on a file of mate positions, one `SFEN<TAB>plies` a line (as
//! `tools/mate_positions.py` writes them; the plies are the reference solver's and only group
//! the figures): how many are solved within the time limit, by band of lengths, and the ones
//! missed. Run in release mode:
//!
//! ```text
//! cargo run --release --example mate_rate -- FILE [--time MS] [--nodes N] [--threads N]
//! ```
//!
//! `--nodes` bounds each solve by nodes as well (the time limit still applies): a comparison of
//! two versions of the solver by nodes does not depend on how busy the machine is. `--threads`
//! (default 1) is the solver's threads, as `shogiban mate --threads`.

use shogiban::core::Position;
use shogiban::engine::mate::{MateLimits, MateResult, solve_with_report};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mut file = None;
    let mut time_ms = 1000;
    let mut nodes = None;
    let mut threads = 1;
    while let Some(a) = args.next() {
        match a.as_str() {
            "--time" => time_ms = args.next().and_then(|v| v.parse().ok()).unwrap_or(time_ms),
            "--nodes" => nodes = args.next().and_then(|v| v.parse().ok()),
            "--threads" => threads = args.next().and_then(|v| v.parse().ok()).unwrap_or(threads),
            _ => file = Some(a),
        }
    }
    let Some(file) = file else {
        eprintln!("mate_rate: FILE [--time MS] [--nodes N] [--threads N]");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("mate_rate: {file}: {e}");
            return ExitCode::from(2);
        }
    };
    // by band of ten plies: (positions, solved, total seconds)
    let mut bands = [(0u32, 0u32, 0f64); 5];
    let mut longest = std::time::Duration::ZERO;
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let (sfen, plies) = line.split_once('\t').unwrap_or((line, "0"));
        let plies: usize = plies.trim().parse().unwrap_or(0);
        let Ok(pos) = Position::from_sfen(sfen) else {
            eprintln!("mate_rate: bad SFEN {sfen}");
            continue;
        };
        let r = solve_with_report(
            &pos,
            MateLimits { time_ms: Some(time_ms), nodes, stop: None, threads, first_line: false },
        );
        let band = &mut bands[(plies.saturating_sub(1) / 10).min(4)];
        band.0 += 1;
        band.2 += r.elapsed.as_secs_f64();
        longest = longest.max(r.elapsed);
        match &r.result {
            MateResult::Mate(l) => {
                band.1 += 1;
                println!(
                    "{sfen}\t{plies}\tmate {}\t{} ms\t{} nodes",
                    l.len(),
                    r.elapsed.as_millis(),
                    r.nodes
                );
            }
            other => {
                println!("{sfen}\t{plies}\tMISSED {other:?}\t{} ms\t{} nodes", r.elapsed.as_millis(), r.nodes)
            }
        }
    }
    let (n, solved) = bands.iter().fold((0, 0), |(n, s), b| (n + b.0, s + b.1));
    for (i, b) in bands.iter().enumerate().filter(|(_, b)| b.0 > 0) {
        println!(
            "# plies {}-{}: {}/{} solved, mean {:.0} ms",
            i * 10 + 1,
            i * 10 + 10,
            b.1,
            b.0,
            1000.0 * b.2 / b.0 as f64
        );
    }
    println!(
        "# all: {solved}/{n} solved within {time_ms} ms ({:.1}%), slowest {} ms",
        100.0 * solved as f64 / n.max(1) as f64,
        longest.as_millis()
    );
    ExitCode::SUCCESS
}

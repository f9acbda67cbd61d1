//! `shogiban perft`: counts the leaf nodes of the legal-move tree to a depth.

use shogiban::core::{Position, perft};
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// Depth in plies
    depth: u32,
    /// The position (default: the start position); may be given unquoted, as several words
    #[arg(long, num_args = 1.., value_name = "SFEN")]
    sfen: Option<Vec<String>>,
    /// Print the count below each legal move
    #[arg(long)]
    divide: bool,
}

pub fn run(a: Args) -> ExitCode {
    let mut pos = match a.sfen {
        None => Position::startpos(),
        Some(words) => match Position::from_sfen_allow_extra_pieces(&words.join(" ")) {
            Ok(p) => {
                if let Err(e) = p.check_piece_totals() {
                    say!("warning: {e} (more than one set has; counting anyway)");
                }
                p
            }
            Err(e) => return super::fail("perft", format!("invalid SFEN: {e}")),
        },
    };
    let start = Instant::now();
    let mut text = String::new();
    let total = if a.divide {
        let mut total = 0;
        for (m, n) in perft::divide(&mut pos, a.depth) {
            text.push_str(&format!("{}: {}\n", m.usi(), n));
            total += n;
        }
        total
    } else {
        perft::perft(&mut pos, a.depth)
    };
    let el = start.elapsed();
    let secs = el.as_secs_f64().max(1e-9);
    text.push_str(&format!(
        "total: {total}\ntime_ms: {}\nnps: {}\n",
        el.as_millis(),
        (total as f64 / secs) as u64
    ));
    match super::print("perft", &text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

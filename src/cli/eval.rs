//! `shogiban eval`: the evaluation of a position taken apart, term by term.

use shogiban::core::Position;
use shogiban::engine::eval::trace::trace;
use std::io::BufRead;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(after_help = "With '-', reads one SFEN a line from standard input and prints one line of \
                        terms for each ('error' for a line that is not a position).")]
pub struct Args {
    /// The position (default: the start position): prints every term of the evaluation; may be
    /// given unquoted, as several words
    #[arg(long, num_args = 1.., value_name = "SFEN", conflicts_with = "stdin")]
    sfen: Option<Vec<String>>,
    /// '-': read positions from standard input
    #[arg(value_name = "-", value_parser = ["-"])]
    stdin: Option<String>,
}

pub fn run(a: Args) -> ExitCode {
    // `from_sfen` takes a leading `sfen` and surrounding blanks itself
    let parse = |s: &str| Position::from_sfen(s).map_err(|e| format!("invalid SFEN '{}': {e}", s.trim()));
    if a.stdin.is_none() {
        let pos = match a.sfen.map(|w| parse(&w.join(" "))).unwrap_or_else(|| Ok(Position::startpos())) {
            Ok(p) => p,
            Err(e) => return super::fail("eval", e),
        };
        out!("eval", "{}", trace(&pos));
        return ExitCode::SUCCESS;
    }
    let mut failed = false;
    // lines are read as bytes: one that is not UTF-8 is reported and the next is read
    for (n, line) in std::io::stdin().lock().split(b'\n').enumerate() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                say!("shogiban eval: standard input, line {}: {e}", n + 1);
                failed = true;
                break;
            }
        };
        let Ok(line) = String::from_utf8(line) else {
            out!("eval", "error");
            say!("shogiban eval: line {}: not UTF-8 text (an SFEN is ASCII)", n + 1);
            failed = true;
            continue;
        };
        if line.trim().is_empty() {
            continue;
        }
        match parse(&line) {
            Ok(pos) => out!("eval", "{}", trace(&pos).line()),
            Err(e) => {
                // keep the output in step with the input: one line for each position
                out!("eval", "error");
                say!("shogiban eval: line {}: {e}", n + 1);
                failed = true;
            }
        }
    }
    if failed { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

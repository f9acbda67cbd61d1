//! Command-line entry points of the engine: `usi`, `bench`, `mate`, `book`, `tune`, `eval`.

use std::process::ExitCode;

/// `shogiban usi`: speak USI on stdin/stdout.
pub fn usi_main(args: &[String]) -> ExitCode {
    super::usi::usi_main(args)
}

/// `shogiban bench [--depth N]`.
pub fn bench_main(args: &[String]) -> ExitCode {
    super::bench::bench_main(args)
}

/// `shogiban mate [--sfen SFEN | FILE] [--time MS] [--nodes N]`.
pub fn mate_main(args: &[String]) -> ExitCode {
    super::mate::cli::run(args)
}

/// `shogiban book build FILES... -o OUT`.
pub fn book_main(args: &[String]) -> ExitCode {
    super::book_cli::run(args)
}

/// `shogiban tune ...`: fit the evaluation tables (see `tune`).
pub fn tune_main(args: &[String]) -> ExitCode {
    super::tune::run(args)
}

const EVAL_USAGE: &str = "usage: shogiban eval [--sfen SFEN | -]
  --sfen SFEN   the position (default: the start position): prints every term of the evaluation
  -             read one SFEN a line from standard input and print one line of terms for each";

/// `shogiban eval [--sfen SFEN | -]`: the evaluation of a position taken apart.
pub fn eval_main(args: &[String]) -> ExitCode {
    use crate::core::Position;
    use std::io::BufRead;
    let mut sfen = None;
    let mut batch = false;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--sfen" => {
                sfen = Some(sfen_option(args, &mut i));
                continue;
            }
            "-" => batch = true,
            "-h" | "--help" => {
                println!("{EVAL_USAGE}");
                return ExitCode::SUCCESS;
            }
            other => {
                eprintln!("shogiban eval: unexpected argument '{other}'\n{EVAL_USAGE}");
                return ExitCode::from(2);
            }
        }
        i += 1;
    }
    // `from_sfen` takes a leading `sfen` and surrounding blanks itself
    let parse = |s: &str| Position::from_sfen(s).map_err(|e| format!("invalid SFEN '{}': {e}", s.trim()));
    if !batch {
        let pos = match sfen.as_deref().map(parse).unwrap_or_else(|| Ok(Position::startpos())) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("shogiban eval: {e}");
                return ExitCode::from(1);
            }
        };
        println!("{}", super::eval::trace::trace(&pos));
        return ExitCode::SUCCESS;
    }
    let mut failed = false;
    for (n, line) in std::io::stdin().lock().lines().enumerate() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        match parse(&line) {
            Ok(pos) => println!("{}", super::eval::trace::trace(&pos).line()),
            Err(e) => {
                // keep the output in step with the input: one line for each position
                println!("error");
                eprintln!("shogiban eval: line {}: {e}", n + 1);
                failed = true;
            }
        }
    }
    if failed { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

/// The value of a `--sfen` option whose name is at `args[*i]`: one argument, or the following
/// words up to the next `--option` (a shell-unquoted SFEN). Leaves `*i` on the next option.
pub fn sfen_option(args: &[String], i: &mut usize) -> String {
    let mut parts = Vec::new();
    *i += 1;
    while *i < args.len() && !args[*i].starts_with("--") {
        parts.push(args[*i].as_str());
        *i += 1;
    }
    parts.join(" ")
}

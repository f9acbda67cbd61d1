//! Command-line entry points of the engine: `usi`, `bench`, `mate`, `book`.

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

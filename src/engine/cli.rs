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

/// `shogiban mate [--sfen SFEN] [--time MS]`.
pub fn mate_main(args: &[String]) -> ExitCode {
    super::mate::cli::run(args)
}

/// `shogiban book build FILES... -o OUT`.
pub fn book_main(args: &[String]) -> ExitCode {
    super::book_cli::run(args)
}

//! Command-line entry points of the engine: `usi`, `bench`, `mate`, `book`.

use std::process::ExitCode;

fn not_yet(cmd: &str) -> ExitCode {
    eprintln!("shogiban {cmd}: not implemented yet");
    ExitCode::from(2)
}

/// `shogiban usi`: speak USI on stdin/stdout.
pub fn usi_main(_args: &[String]) -> ExitCode {
    not_yet("usi")
}

/// `shogiban bench [--depth N]`.
pub fn bench_main(_args: &[String]) -> ExitCode {
    not_yet("bench")
}

/// `shogiban mate [--sfen SFEN] [--time MS]`.
pub fn mate_main(args: &[String]) -> ExitCode {
    super::mate::cli::run(args)
}

/// `shogiban book build FILES... -o OUT`.
pub fn book_main(args: &[String]) -> ExitCode {
    super::book_cli::run(args)
}

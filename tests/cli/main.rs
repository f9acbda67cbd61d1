//! The command line, run as the `shogiban` binary: help and usage conventions, and each subcommand.
//!
//! One test binary per layer, so the library links once for each; the modules are the files
//! beside this one.

/// Runs the binary with `args`: its exit status, stdout and stderr.
fn run(args: &[&str]) -> (i32, String, String) {
    let out =
        std::process::Command::new(env!("CARGO_BIN_EXE_shogiban")).args(args).output().expect("binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

mod analyze;
mod book;
mod changelog;
#[path = "../common/mod.rs"]
mod common;
mod completions;
mod convert;
mod eval;
mod help;
mod mate;
mod outside;
mod perft;
mod rating;

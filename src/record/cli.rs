//! `shogiban convert`: read a record in any supported format and write it in another.

use std::process::ExitCode;

/// Entry point of `shogiban convert [--to FORMAT] [--output FILE] [FILE|-]`.
pub fn convert_main(_args: &[String]) -> ExitCode {
    eprintln!("shogiban convert: not implemented yet");
    ExitCode::from(2)
}

//! `shogiban convert`: reads a record in any supported format and writes it in another.
//! Input format from the extension or the content; stdout is UTF-8; `--output` picks the
//! encoding from its extension (`.kif`/`.ki2` Shift_JIS, others UTF-8) and writes atomically.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use shogiban::bounded_read::{RECORD_LIMIT, read_all_bounded, read_bounded};
use shogiban::record::RecordError;
use shogiban::record::io::{
    Format, encode_for_file, read_bytes, write_file_atomically, write_stdout, write_text,
};
use shogiban::record::text::Encoding;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Output format: kif, kifu, ki2, ki2u, csa, usi, sfen, jkf (default: from the output file's
    /// extension, else kif)
    #[arg(short, long, value_name = "FORMAT", ignore_case = true,
          value_parser = PossibleValuesParser::new(FORMAT_NAMES).try_map(|name| parse_format(&name)))]
    to: Option<Format>,
    /// Write to FILE (atomically; Shift_JIS for .kif/.ki2, else UTF-8) instead of stdout (UTF-8)
    #[arg(short, long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    output: Option<String>,
    /// The record to read ('-' or none: standard input); its format from the extension or the
    /// content
    #[arg(value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    input: Option<String>,
}

/// The names `--to` takes, offered by the shell completions.
const FORMAT_NAMES: [&str; 9] = ["kif", "kifu", "ki2", "ki2u", "csa", "usi", "sfen", "jkf", "json"];

fn parse_format(name: &str) -> Result<Format, String> {
    Format::from_name(name).ok_or_else(|| format!("unknown format '{name}'"))
}

pub fn run(a: Args) -> ExitCode {
    match convert(&a) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => super::fail("convert", e),
    }
}

/// Converts; returns whether the input was read without errors.
fn convert(a: &Args) -> Result<bool, RecordError> {
    let (bytes, name, hint) = match a.input.as_deref() {
        None | Some("-") => {
            let b = read_all_bounded(std::io::stdin().lock(), RECORD_LIMIT)
                .and_then(|b| match b.is_empty() {
                    // a closed standard input reads as empty: not a record in no known format
                    true => Err(std::io::Error::new(
                        std::io::ErrorKind::UnexpectedEof,
                        "standard input is empty or closed: give a record file, or pipe one in",
                    )),
                    false => Ok(b),
                })
                .map_err(|source| RecordError::Io { path: "<stdin>".into(), source })?;
            (b, "<stdin>".to_string(), None)
        }
        Some(p) => {
            let b = read_bounded(Path::new(p), RECORD_LIMIT)
                .map_err(|source| RecordError::Io { path: p.to_string(), source })?;
            (b, p.to_string(), Format::from_path(Path::new(p)))
        }
    };
    let (record, warnings) = read_bytes(&bytes, hint).map_err(|e| e.with_file(&name))?;
    let mut clean = true;
    for mut w in warnings {
        w.file = Some(name.clone());
        clean &= !w.is_error();
        // a warning that cannot be shown (stderr full or closed) must not stop the conversion
        let _ = writeln!(std::io::stderr(), "{w}");
    }
    let out_format = a.output.as_deref().and_then(|p| Format::from_path(Path::new(p)));
    let to = a.to.or(out_format).unwrap_or(Format::Kif);
    let dropped = shogiban::record::variations_dropped(&record, to);
    if dropped > 0 {
        let format = format!("{to:?}").to_uppercase();
        let _ = writeln!(
            std::io::stderr(),
            "{name}: {format} has no variations; written: the main line only, {dropped} variation(s) left out"
        );
    }
    let text = write_text(&record, to);
    match a.output.as_deref() {
        Some(p) if p != "-" => {
            let enc = out_format.map(Format::file_encoding).unwrap_or(Encoding::Utf8);
            let (bytes, lossy) = encode_for_file(&text, enc);
            write_file_atomically(Path::new(p), &bytes)?;
            for mut w in lossy {
                w.file = Some(p.to_string());
                let _ = writeln!(std::io::stderr(), "{w}");
            }
        }
        _ => write_stdout(text.as_bytes())?,
    }
    Ok(clean)
}

//! `shogiban convert`: read a record in any supported format and write it in another.
//! Input format from the extension or the content; stdout is UTF-8; `--output` picks the
//! encoding from its extension (`.kif`/`.ki2` Shift_JIS, others UTF-8) and writes atomically.

use super::error::RecordError;
use super::io::{Format, read_bytes, write_file_atomically, write_stdout, write_text};
use super::text::{Encoding, encode};
use std::io::Read;
use std::path::Path;
use std::process::ExitCode;

const USAGE: &str = "usage: shogiban convert [--to kif|kifu|ki2|csa|usi|sfen|jkf] [--output FILE] [FILE|-]";

/// Parsed command line of `convert`.
#[derive(Debug, Default, PartialEq)]
struct Args {
    to: Option<Format>,
    output: Option<String>,
    input: Option<String>,
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut a = Args::default();
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        let mut value = |name: &str| -> Result<String, String> {
            i += 1;
            args.get(i).cloned().ok_or_else(|| format!("{name} needs a value"))
        };
        if let Some(v) = arg.strip_prefix("--to=") {
            a.to = Some(Format::from_name(v).ok_or_else(|| format!("unknown format '{v}'"))?);
        } else if let Some(v) = arg.strip_prefix("--output=") {
            a.output = Some(v.to_string());
        } else {
            match arg {
                "--to" | "-t" => {
                    let v = value("--to")?;
                    a.to = Some(Format::from_name(&v).ok_or_else(|| format!("unknown format '{v}'"))?);
                }
                "--output" | "-o" => a.output = Some(value("--output")?),
                "-h" | "--help" => return Err(String::new()),
                s if s.starts_with('-') && s != "-" => return Err(format!("unknown option '{s}'")),
                s => {
                    if a.input.is_some() {
                        return Err(format!("more than one input file ('{s}')"));
                    }
                    a.input = Some(s.to_string());
                }
            }
        }
        i += 1;
    }
    Ok(a)
}

/// Entry point of `shogiban convert [--to FORMAT] [--output FILE] [FILE|-]`.
pub fn convert_main(args: &[String]) -> ExitCode {
    let a = match parse_args(args) {
        Ok(a) => a,
        Err(e) if e.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("shogiban convert: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(&a) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("shogiban convert: {e}");
            ExitCode::from(1)
        }
    }
}

/// Converts; returns whether the input was read without errors.
fn run(a: &Args) -> Result<bool, RecordError> {
    let (bytes, name, hint) = match a.input.as_deref() {
        None | Some("-") => {
            let mut b = Vec::new();
            std::io::stdin()
                .read_to_end(&mut b)
                .map_err(|source| RecordError::Io { path: "<stdin>".into(), source })?;
            (b, "<stdin>".to_string(), None)
        }
        Some(p) => {
            let b = std::fs::read(p).map_err(|source| RecordError::Io { path: p.to_string(), source })?;
            (b, p.to_string(), Format::from_path(Path::new(p)))
        }
    };
    let (record, warnings) = read_bytes(&bytes, hint).map_err(|e| e.with_file(&name))?;
    let mut clean = true;
    for mut w in warnings {
        w.file = Some(name.clone());
        clean &= !w.is_error();
        eprintln!("{w}");
    }
    let out_format = a.output.as_deref().and_then(|p| Format::from_path(Path::new(p)));
    let to = a.to.or(out_format).unwrap_or(Format::Kif);
    let text = write_text(&record, to);
    match a.output.as_deref() {
        Some(p) if p != "-" => {
            let enc = out_format.map(Format::file_encoding).unwrap_or(Encoding::Utf8);
            write_file_atomically(Path::new(p), &encode(&text, enc))?;
        }
        _ => write_stdout(text.as_bytes())?,
    }
    Ok(clean)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_arguments() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let a = parse_args(&s(&["--to", "csa", "-o", "x.kif", "in.kifu"])).unwrap();
        assert_eq!(a.to, Some(Format::Csa));
        assert_eq!(a.output.as_deref(), Some("x.kif"));
        assert_eq!(a.input.as_deref(), Some("in.kifu"));
        assert_eq!(parse_args(&s(&["--to=jkf", "-"])).unwrap().input.as_deref(), Some("-"));
        assert!(parse_args(&s(&["--to", "pgn"])).is_err());
        assert!(parse_args(&s(&["a", "b"])).is_err());
        assert!(parse_args(&s(&["--output"])).is_err());
    }
}

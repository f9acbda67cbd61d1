//! `shogiban book ...`: building a book from game files and looking positions up in one.
//!
//! ```text
//! shogiban book build FILES... -o OUT [--plies N]
//! shogiban book probe [--book FILE] [--sfen SFEN | --moves USI...]
//! ```

use super::book::{Book, position_sfen};
use super::book_build::{BookBuilder, DEFAULT_BOOK_PLIES, read_usi_games};
use crate::core::Position;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage: shogiban book build FILES... -o OUT [--plies N]
       shogiban book probe [--book FILE] [--sfen SFEN | --moves USI...]";

/// Entry point called by `engine::cli::book_main`.
pub fn run(args: &[String]) -> ExitCode {
    let result = match args.first().map(String::as_str) {
        Some("build") => build(&args[1..]),
        Some("probe") => probe(&args[1..]),
        _ => Err(format!("expected 'build' or 'probe'\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("shogiban book: {e}");
            ExitCode::from(1)
        }
    }
}

fn build(args: &[String]) -> Result<(), String> {
    let mut files = Vec::new();
    let mut out: Option<PathBuf> = None;
    let mut plies = DEFAULT_BOOK_PLIES;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "-o" | "--output" => {
                out = Some(args.get(i + 1).ok_or("-o needs a file name")?.into());
                i += 2;
            }
            "--plies" => {
                let v = args.get(i + 1).ok_or("--plies needs a number")?;
                plies = v.parse().map_err(|_| format!("--plies: '{v}' is not a number"))?;
                i += 2;
            }
            f if f.starts_with('-') && f.len() > 1 => return Err(format!("unknown option '{f}'\n{USAGE}")),
            f => {
                files.push(PathBuf::from(f));
                i += 1;
            }
        }
    }
    let out = out.ok_or_else(|| format!("missing -o OUT\n{USAGE}"))?;
    if files.is_empty() {
        return Err(format!("no game files given\n{USAGE}"));
    }
    let mut builder = BookBuilder::new(plies);
    for f in &files {
        for (start, moves) in read_games(f)? {
            builder.add_game(&start, &moves).map_err(|e| format!("{}: {e}", f.display()))?;
        }
    }
    let games = builder.games();
    let book = builder.finish();
    book.save(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    println!("{} games, {} positions -> {}", games, book.len(), out.display());
    Ok(())
}

/// The games of one file: kifu formats (KIF, KI2, CSA with several games, JKF) through the record
/// layer, taking each record's main line; anything else as USI lines or plain move lists.
fn read_games(f: &std::path::Path) -> Result<Vec<(crate::core::Position, Vec<crate::core::Move>)>, String> {
    let ext = f.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    if matches!(ext.as_str(), "kif" | "kifu" | "ki2" | "ki2u" | "csa" | "jkf") {
        let records = crate::record::io::load_all_records(f).map_err(|e| e.to_string())?;
        for (_, warnings) in &records {
            for w in warnings {
                eprintln!("warning: {w}");
            }
        }
        Ok(records.into_iter().map(|(r, _)| (r.initial().clone(), r.main_line_moves())).collect())
    } else {
        read_usi_games(f).map_err(|e| e.to_string())
    }
}

fn probe(args: &[String]) -> Result<(), String> {
    let mut book_path: Option<PathBuf> = None;
    let mut pos = Position::startpos();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--book" => {
                book_path = Some(args.get(i + 1).ok_or("--book needs a file")?.into());
                i += 2;
            }
            "--sfen" | "--moves" => {
                let opt = args[i].clone();
                let mut words = Vec::new();
                i += 1;
                while i < args.len() && !args[i].starts_with("--") {
                    words.push(args[i].as_str());
                    i += 1;
                }
                if opt == "--sfen" {
                    pos = Position::from_sfen(&words.join(" ")).map_err(|e| format!("invalid SFEN: {e}"))?;
                } else {
                    for w in words {
                        let m = pos.parse_usi_move(w)?;
                        pos.do_move(m);
                    }
                }
            }
            other => return Err(format!("unexpected argument '{other}'\n{USAGE}")),
        }
    }
    let book = match &book_path {
        Some(p) => Book::load(Path::new(p)).map_err(|e| e.to_string())?,
        None => Book::builtin(),
    };
    println!("sfen {}", position_sfen(&pos));
    let moves = book.moves(&pos);
    if moves.is_empty() {
        println!("(not in book)");
    }
    for b in moves {
        println!("{} {}", b.mv.usi(), b.weight);
    }
    Ok(())
}

//! `shogiban book`: building a book from game files and looking positions up in one. Game
//! files are read here (kifu formats through `record`), so the engine's book builder is handed
//! positions and moves only.

use shogiban::core::{Move, Position};
use shogiban::engine::book::build::{BookBuilder, DEFAULT_BOOK_PLIES, read_usi_games};
use shogiban::engine::book::{Book, position_sfen};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(clap::Subcommand)]
enum BookCommand {
    /// Build a book from game files (KIF, KI2, CSA, JKF: main lines; other files: USI games)
    Build {
        /// Game files
        #[arg(value_name = "FILES", required = true)]
        files: Vec<PathBuf>,
        /// The book file to write
        #[arg(short, long, value_name = "OUT")]
        output: PathBuf,
        /// Plies of each game that go into the book
        #[arg(long, default_value_t = DEFAULT_BOOK_PLIES)]
        plies: usize,
    },
    /// Show the book moves of a position
    Probe {
        /// The book (default: the built-in one)
        #[arg(long, value_name = "FILE")]
        book: Option<PathBuf>,
        /// The position (default: the start position); may be given unquoted, as several words
        #[arg(long, num_args = 1.., value_name = "SFEN")]
        sfen: Option<Vec<String>>,
        /// USI moves played from that position
        #[arg(long, num_args = 1.., value_name = "USI")]
        moves: Vec<String>,
    },
}

pub fn run(a: Args) -> ExitCode {
    let result = match a.command {
        BookCommand::Build { files, output, plies } => build(&files, &output, plies),
        BookCommand::Probe { book, sfen, moves } => probe(book.as_deref(), sfen, &moves),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => super::fail("book", e),
    }
}

fn build(files: &[PathBuf], out: &Path, plies: usize) -> Result<(), String> {
    let mut builder = BookBuilder::new(plies);
    for f in files {
        for (start, moves) in read_games(f)? {
            builder.add_game(&start, &moves).map_err(|e| format!("{}: {e}", f.display()))?;
        }
    }
    let games = builder.games();
    let book = builder.finish();
    book.save(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let done = format!("{} games, {} positions -> {}\n", games, book.len(), out.display());
    shogiban::record::io::write_stdout(done.as_bytes()).map_err(|e| format!("cannot write the output: {e}"))
}

/// The games of one file: kifu formats (KIF, KI2, CSA with several games, JKF) through the record
/// layer, taking each record's main line; anything else as USI lines or plain move lists.
fn read_games(f: &Path) -> Result<Vec<(Position, Vec<Move>)>, String> {
    let ext = f.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    if matches!(ext.as_str(), "kif" | "kifu" | "ki2" | "ki2u" | "csa" | "jkf") {
        let records = shogiban::record::load_all_records(f).map_err(|e| e.to_string())?;
        for (_, warnings) in &records {
            for w in warnings {
                say!("warning: {w}");
            }
        }
        Ok(records.into_iter().map(|(r, _)| (r.initial().clone(), r.main_line_moves())).collect())
    } else {
        read_usi_games(f).map_err(|e| e.to_string())
    }
}

fn probe(book_path: Option<&Path>, sfen: Option<Vec<String>>, moves: &[String]) -> Result<(), String> {
    let mut pos = match sfen {
        None => Position::startpos(),
        Some(words) => Position::from_sfen(&words.join(" ")).map_err(|e| format!("invalid SFEN: {e}"))?,
    };
    for w in moves {
        let m = pos.parse_usi_move(w).map_err(|e| e.to_string())?;
        pos.do_move(m);
    }
    let book = match book_path {
        Some(p) => Book::load(p).map_err(|e| e.to_string())?,
        None => Book::builtin(),
    };
    let mut text = format!("sfen {}\n", position_sfen(&pos));
    let moves = book.moves(&pos);
    if moves.is_empty() {
        text.push_str("(not in book)\n");
    }
    for b in moves {
        text.push_str(&format!("{} {}\n", b.mv.usi(), b.weight));
    }
    shogiban::record::io::write_stdout(text.as_bytes()).map_err(|e| format!("cannot write the output: {e}"))
}

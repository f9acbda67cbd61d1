//! `shogiban mate`: solves a tsume and prints the line in USI and in KI2 notation. Reads the
//! position (from an SFEN or a record file through `record`), hands it to the engine's mate
//! solver and reports what it found in the output and the exit status.

use shogiban::core::{Position, Setup, SetupUse};
use shogiban::engine::mate::{MateLimits, MateResult, solve_with_report};
use std::process::ExitCode;

/// The exit status by outcome, shown in `shogiban mate --help` (grep's convention for 0–2).
pub const EXIT_STATUS: &str = "Exit status:
  0  a mate was found
  1  no mate: proven that no sequence of checks mates
  2  usage error, invalid SFEN, unreadable file, a position that is not a tsume, or output that
     could not be written
  3  undecided: the time or node limit was reached first, or memory ran out";

const EXIT_NO_MATE: u8 = 1;
const EXIT_BAD_INPUT: u8 = 2;
const EXIT_UNDECIDED: u8 = 3;

#[derive(clap::Args)]
pub struct Args {
    /// The position (default: the start position); may be given unquoted, as several words
    #[arg(long, num_args = 1.., value_name = "SFEN", conflicts_with = "file")]
    sfen: Option<Vec<String>>,
    /// A record (KIF/KI2/CSA/JKF/SFEN/USI, e.g. a tsume problem as a KIF board diagram): the
    /// position at the end of its main line, or its start when the main line ends in mate (a
    /// problem written with its solution)
    #[arg(value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    file: Option<String>,
    /// Time limit in milliseconds
    #[arg(long, value_name = "MS", default_value_t = 60_000)]
    time: u64,
    /// Node limit
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Threads: with 2 or more (and no node limit) two differently ordered searches run side by
    /// side; the first answer stops the other, the shorter of two mates is printed [default: the
    /// machine's cores]
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
}

fn bad_input(message: impl std::fmt::Display) -> ExitCode {
    say!("shogiban mate: {message}");
    ExitCode::from(EXIT_BAD_INPUT)
}

/// The position to solve in a record: the end of its main line, or the start when the main
/// line ends with the side to move mated (a tsume written with its solution), with the
/// solution's length.
fn problem_position(record: &shogiban::record::GameRecord) -> (Position, Option<usize>) {
    let end = record.main_line_end();
    let pos = record.position_at(end);
    let plies = record.main_line_moves().len();
    let mated = pos.is_checkmate()
        || record.ending().is_some_and(|s| s.kind == shogiban::record::SpecialKind::Checkmate);
    if plies > 0 && mated { (record.initial().clone(), Some(plies)) } else { (pos, None) }
}

pub fn run(a: Args) -> ExitCode {
    let sfen = a.sfen.map(|w| w.join(" "));
    let pos = match (&sfen, &a.file) {
        (None, Some(path)) => match shogiban::record::load_record(path) {
            Ok((record, warnings)) => {
                for w in &warnings {
                    say!("shogiban mate: {w}");
                }
                let (pos, solution) = problem_position(&record);
                if let Some(plies) = solution {
                    say!(
                        "shogiban mate: the record's main line ({plies} plies) ends in mate, so it is \
                         the solution: solving its start position"
                    );
                }
                pos
            }
            Err(e) => return bad_input(e),
        },
        (None, None) => Position::startpos(),
        (Some(s), _) if s.trim() == "startpos" => Position::startpos(),
        // what a composed problem draws on purpose (dead pieces, 二歩) is judged below, as for
        // a record file and tsume mode
        (Some(s), _) => match Position::from_sfen_lenient(s) {
            Ok((p, _)) => p,
            Err(e) => return bad_input(format!("invalid SFEN: {e}")),
        },
    };
    // one rule for a tsume, whatever gave the position: the app's tsume mode's
    let problems = Setup::from_position(&pos).blocking(SetupUse::Tsume);
    if !problems.is_empty() {
        let words: Vec<String> = problems.iter().map(ToString::to_string).collect();
        return bad_input(format!("not a position to solve: {}", words.join("; ")));
    }
    let threads =
        a.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get));
    let limits = MateLimits { time_ms: Some(a.time), nodes: a.nodes, stop: None, threads, first_line: false };
    let report = solve_with_report(&pos, limits);
    let ms = report.elapsed.as_millis();
    let mut text = String::new();
    let mut println = |line: String| {
        text.push_str(&line);
        text.push('\n');
    };
    let status = match &report.result {
        MateResult::Mate(line) => {
            println(format!("mate: {} plies", line.len()));
            println(format!("usi: {}", line.iter().map(|m| m.usi()).collect::<Vec<_>>().join(" ")));
            println(format!("ki2: {}", shogiban::record::pv_ki2(&pos, line).join(" ")));
            let mut end = pos.clone();
            line.iter().for_each(|&m| end.do_move(m));
            if !end.is_checkmate() {
                println(
                    "note: the defender can still drop a piece between king and checker, which is \
                     taken with mate; tsume convention does not count such a futile interposition (無駄合)"
                        .to_string(),
                );
            }
            ExitCode::SUCCESS
        }
        MateResult::NoMate => {
            println("no mate found (proven: no mate by checks)".to_string());
            ExitCode::from(EXIT_NO_MATE)
        }
        MateResult::Unknown if report.out_of_memory => {
            println("no mate found (out of memory, undecided)".to_string());
            ExitCode::from(EXIT_UNDECIDED)
        }
        MateResult::Unknown => {
            println("no mate found (search limit reached, undecided)".to_string());
            ExitCode::from(EXIT_UNDECIDED)
        }
    };
    println(format!("nodes: {} time_ms: {}", report.nodes, ms));
    // output that did not arrive is a failure (status 2: 1 means "no mate")
    match super::print("mate", &text) {
        Ok(()) => status,
        Err(_) => ExitCode::from(EXIT_BAD_INPUT),
    }
}

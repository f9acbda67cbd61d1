//! `shogiban mate`: solves a tsume and prints the line in USI and in KI2 notation. Reads the
//! position (from an SFEN or a record file through `record`), hands it to the engine's mate
//! solver and reports what it found in the output and the exit status.

use shogiban::core::{Move, Position};
use shogiban::engine::mate::{MateLimits, MateResult, solve_with_report};
use std::process::ExitCode;

/// The exit status by outcome, shown in `shogiban mate --help` (grep's convention for 0–2).
pub const EXIT_STATUS: &str = "Exit status:
  0  a mate was found
  1  no mate: proven that no sequence of checks mates
  2  usage error, invalid SFEN or unreadable file
  3  undecided: the time or node limit was reached first";

const EXIT_NO_MATE: u8 = 1;
const EXIT_BAD_INPUT: u8 = 2;
const EXIT_UNDECIDED: u8 = 3;

#[derive(clap::Args)]
pub struct Args {
    /// The position (default: the start position); may be given unquoted, as several words
    #[arg(long, num_args = 1.., value_name = "SFEN", conflicts_with = "file")]
    sfen: Option<Vec<String>>,
    /// A record (KIF/KI2/CSA/JKF/SFEN/USI, e.g. a tsume problem as a KIF board diagram): the
    /// position at the end of its main line
    #[arg(value_name = "FILE")]
    file: Option<String>,
    /// Time limit in milliseconds
    #[arg(long, value_name = "MS", default_value_t = 60_000)]
    time: u64,
    /// Node limit
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
}

fn bad_input(message: impl std::fmt::Display) -> ExitCode {
    say!("shogiban mate: {message}");
    ExitCode::from(EXIT_BAD_INPUT)
}

pub fn run(a: Args) -> ExitCode {
    let sfen = a.sfen.map(|w| w.join(" "));
    let pos = match (&sfen, &a.file) {
        (None, Some(path)) => match shogiban::record::load_record(path) {
            Ok((record, warnings)) => {
                for w in &warnings {
                    say!("shogiban mate: {w}");
                }
                record.position_at(record.main_line_end())
            }
            Err(e) => return bad_input(e),
        },
        (None, None) => Position::startpos(),
        (Some(s), _) if s.trim() == "startpos" => Position::startpos(),
        (Some(s), _) => match Position::from_sfen(s) {
            Ok(p) => p,
            Err(e) => return bad_input(format!("invalid SFEN: {e}")),
        },
    };
    let limits = MateLimits { time_ms: Some(a.time), nodes: a.nodes, stop: None };
    let report = solve_with_report(&pos, limits);
    let ms = report.elapsed.as_millis();
    let status = match &report.result {
        MateResult::Mate(line) => {
            println!("mate: {} plies", line.len());
            println!("usi: {}", line.iter().map(|m| m.usi()).collect::<Vec<_>>().join(" "));
            println!("ki2: {}", ki2_line(&pos, line));
            let mut end = pos.clone();
            line.iter().for_each(|&m| end.do_move(m));
            if !end.is_checkmate() {
                println!(
                    "note: the defender can still drop a piece between king and checker, which is \
                     taken with mate; tsume convention does not count such a futile interposition (無駄合)"
                );
            }
            ExitCode::SUCCESS
        }
        MateResult::NoMate => {
            println!("no mate found (proven: no mate by checks)");
            ExitCode::from(EXIT_NO_MATE)
        }
        MateResult::Unknown => {
            println!("no mate found (search limit reached, undecided)");
            ExitCode::from(EXIT_UNDECIDED)
        }
    };
    println!("nodes: {} time_ms: {}", report.nodes, ms);
    status
}

/// KI2 text of a line played from `pos`, moves separated by spaces (the record layer's writer).
fn ki2_line(pos: &Position, line: &[Move]) -> String {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(line.len());
    for &m in line {
        out.push(shogiban::record::notation::ki2_move_marked(&p, m, shogiban::record::notation::prev_to(&p)));
        p.do_move(m);
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ki2(sfen: &str, usi: &[&str]) -> String {
        let pos = Position::from_sfen(sfen).unwrap();
        let line: Vec<Move> = usi.iter().map(|u| Move::from_usi(u).unwrap()).collect();
        ki2_line(&pos, &line)
    }

    #[test]
    fn simple_moves_and_same_square() {
        let s = shogiban::core::START_SFEN;
        assert_eq!(ki2(s, &["7g7f", "3c3d", "8h2b+", "3a2b"]), "▲７六歩 △３四歩 ▲２二角成 △同　銀");
    }

    #[test]
    fn golden_gold_cases() {
        // golds on 4八 and 6九 to 5八: 寄 / 上
        let s = "4k4/9/9/9/9/9/9/5G3/3G1K3 b - 1";
        assert_eq!(ki2(s, &["4h5h"]), "▲５八金寄");
        assert_eq!(ki2(s, &["6i5h"]), "▲５八金上");
        // golds on 4九 and 6九 to 5八: 右 / 左
        let s = "4k4/9/9/9/9/9/9/9/3G1G3 b - 1";
        assert_eq!(ki2(s, &["4i5h"]), "▲５八金右");
        assert_eq!(ki2(s, &["6i5h"]), "▲５八金左");
        // golds on 5九 and 4九 to 5八: 直 / 右
        let s = "4k4/9/9/9/9/9/9/9/4GG3 b - 1";
        assert_eq!(ki2(s, &["5i5h"]), "▲５八金直");
        assert_eq!(ki2(s, &["4i5h"]), "▲５八金右");
    }

    #[test]
    fn drops_and_promotion_marks() {
        // a drop is 打 only when a board piece of that kind could go there too
        let s = "4k4/9/9/9/9/9/9/9/4K4 b G 1";
        assert_eq!(ki2(s, &["G*5b"]), "▲５二金");
        let s = "4k4/9/9/9/9/9/9/9/3GK4 b G 1";
        assert_eq!(ki2(s, &["G*5h"]), "▲５八金打");
        // a silver entering the zone without promoting is 不成
        let s = "4k4/9/9/4S4/9/9/9/9/4K4 b - 1";
        assert_eq!(ki2(s, &["5d5c"]), "▲５三銀不成");
        assert_eq!(ki2(s, &["5d5c+"]), "▲５三銀成");
    }
}

//! `shogiban mate [--sfen SFEN | FILE] [--time MS] [--nodes N]`: solves a tsume and prints the
//! line in USI and in KI2 notation. Owns the argument parsing and output of that command only.

use super::{MateLimits, MateResult, solve_with_report};
use crate::core::{Move, Position};
use std::process::ExitCode;

/// Time budget when `--time` is not given.
const DEFAULT_TIME_MS: u64 = 60_000;

const USAGE: &str = "usage: shogiban mate [--sfen SFEN | FILE] [--time MS] [--nodes N]
  --sfen SFEN   the position (default: the start position)
  FILE          a record (KIF/KI2/CSA/JKF/SFEN/USI, e.g. a tsume problem as a KIF board diagram):
                the position at the end of its main line
  --time MS     time limit in milliseconds (default 60000)
  --nodes N     node limit";

struct Args {
    sfen: Option<String>,
    file: Option<String>,
    help: bool,
    time_ms: u64,
    nodes: Option<u64>,
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut out = Args { sfen: None, file: None, help: false, time_ms: DEFAULT_TIME_MS, nodes: None };
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--sfen" => {
                let sfen = crate::engine::cli::sfen_option(args, &mut i);
                if sfen.is_empty() {
                    return Err("--sfen needs a position".into());
                }
                out.sfen = Some(sfen);
                continue;
            }
            "--time" | "--nodes" => {
                let opt = args[i].clone();
                let v = args.get(i + 1).ok_or_else(|| format!("{opt} needs a number"))?;
                let n: u64 = v.parse().map_err(|_| format!("{opt}: '{v}' is not a number"))?;
                if opt == "--time" {
                    out.time_ms = n;
                } else {
                    out.nodes = Some(n);
                }
                i += 2;
                continue;
            }
            "-h" | "--help" => {
                out.help = true;
                i += 1;
            }
            other if other.starts_with('-') => return Err(format!("unexpected argument '{other}'")),
            file => {
                if out.file.is_some() {
                    return Err(format!("unexpected argument '{file}' (one file at a time)"));
                }
                out.file = Some(file.to_string());
                i += 1;
            }
        }
    }
    if out.file.is_some() && out.sfen.is_some() {
        return Err("give either --sfen or a file, not both".into());
    }
    Ok(out)
}

/// Entry point called by `engine::cli::mate_main`.
pub fn run(args: &[String]) -> ExitCode {
    let a = match parse_args(args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("shogiban mate: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if a.help {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let pos = match (&a.sfen, &a.file) {
        (None, Some(path)) => match crate::record::io::load_record(path) {
            Ok((record, warnings)) => {
                for w in &warnings {
                    eprintln!("shogiban mate: {w}");
                }
                record.position_at(record.main_line_end())
            }
            Err(e) => {
                eprintln!("shogiban mate: {e}");
                return ExitCode::from(1);
            }
        },
        (None, None) => Position::startpos(),
        (Some(s), _) if s.trim() == "startpos" => Position::startpos(),
        (Some(s), _) => match Position::from_sfen(s) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("shogiban mate: invalid SFEN: {e}");
                return ExitCode::from(1);
            }
        },
    };
    let limits = MateLimits { time_ms: Some(a.time_ms), nodes: a.nodes, stop: None };
    let report = solve_with_report(&pos, limits);
    let ms = report.elapsed.as_millis();
    match &report.result {
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
        }
        MateResult::NoMate => println!("no mate found (proven: no mate by checks)"),
        MateResult::Unknown => println!("no mate found (search limit reached, undecided)"),
    }
    println!("nodes: {} time_ms: {}", report.nodes, ms);
    ExitCode::SUCCESS
}

/// KI2 text of a line played from `pos`, moves separated by spaces (the record layer's writer).
pub(crate) fn ki2_line(pos: &Position, line: &[Move]) -> String {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(line.len());
    for &m in line {
        out.push(crate::record::notation::ki2_move_marked(&p, m, crate::record::notation::prev_to(&p)));
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
        let s = crate::core::START_SFEN;
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

//! `shogiban mate [--sfen SFEN] [--time MS] [--nodes N]`: solves a tsume and prints the line in
//! USI and in KI2 notation. Owns the argument parsing and output of that command only.

use super::{MateLimits, MateResult, solve_with_report};
use crate::core::{Color, Move, Position};
use std::process::ExitCode;

/// Time budget when `--time` is not given.
const DEFAULT_TIME_MS: u64 = 60_000;

struct Args {
    sfen: Option<String>,
    time_ms: u64,
    nodes: Option<u64>,
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut out = Args { sfen: None, time_ms: DEFAULT_TIME_MS, nodes: None };
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--sfen" => {
                // the SFEN as one argument or as the following words up to the next option
                let mut parts = Vec::new();
                i += 1;
                while i < args.len() && !args[i].starts_with("--") {
                    parts.push(args[i].clone());
                    i += 1;
                }
                if parts.is_empty() {
                    return Err("--sfen needs a position".into());
                }
                out.sfen = Some(parts.join(" "));
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
            other => return Err(format!("unexpected argument '{other}'")),
        }
    }
    Ok(out)
}

/// Entry point called by `engine::cli::mate_main`.
pub fn run(args: &[String]) -> ExitCode {
    let a = match parse_args(args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("shogiban mate: {e}\nusage: shogiban mate [--sfen SFEN] [--time MS] [--nodes N]");
            return ExitCode::from(2);
        }
    };
    let pos = match &a.sfen {
        None => Position::startpos(),
        Some(s) if s.trim() == "startpos" => Position::startpos(),
        Some(s) => match Position::from_sfen(s) {
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
        }
        MateResult::NoMate => println!("no mate found (proven: no mate by checks)"),
        MateResult::Unknown => println!("no mate found (search limit reached, undecided)"),
    }
    println!("nodes: {} time_ms: {}", report.nodes, ms);
    ExitCode::SUCCESS
}

// TODO(lead): use record::notation KI2 writer
/// KI2 text of a line played from `pos`, moves separated by spaces.
pub(crate) fn ki2_line(pos: &Position, line: &[Move]) -> String {
    let mut p = pos.clone();
    let mut prev_to = None;
    let mut out = Vec::with_capacity(line.len());
    for &m in line {
        out.push(ki2_move(&p, m, prev_to));
        prev_to = Some(m.to());
        p.do_move(m);
    }
    out.join(" ")
}

/// One move in KI2: mark, destination (`同　` when it repeats the previous one), piece, the
/// modifiers 右/左/直 and 上/引/寄 when another piece of the same kind could go there too, then
/// 成 / 不成 / 打.
fn ki2_move(pos: &Position, m: Move, prev_to: Option<crate::core::Square>) -> String {
    let us = pos.side_to_move();
    let mut s = String::new();
    s.push(us.mark());
    let to = m.to();
    if prev_to == Some(to) {
        s.push_str("同　");
    } else {
        s.push_str(&to.japanese());
    }
    let kind = pos.moved_kind(m);
    s.push_str(kind.kanji());
    // other pieces of the same kind that could move to the same square
    let rivals: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|o| !o.is_drop() && o.to() == to && (m.is_drop() || o.from() != m.from()))
        .filter(|o| pos.moved_kind(*o) == kind)
        .collect();
    let mut rival_from: Vec<crate::core::Square> = rivals.iter().map(|o| o.from()).collect();
    rival_from.sort_by_key(|s| s.0);
    rival_from.dedup();
    if m.is_drop() {
        if !rival_from.is_empty() {
            s.push('打');
        }
        return s;
    }
    if !rival_from.is_empty() {
        s.push_str(&modifiers(us, kind, m.from(), to, &rival_from));
    }
    if m.is_promotion() {
        s.push('成');
    } else if kind.can_promote() && (m.from().in_zone(us) || to.in_zone(us)) {
        s.push_str("不成");
    }
    s
}

/// Forward distance of a step from `from` to `to` for `c` (positive = toward the opponent).
fn forward(c: Color, from: crate::core::Square, to: crate::core::Square) -> i32 {
    let d = from.rank() as i32 - to.rank() as i32;
    if c == Color::Black { d } else { -d }
}

/// How far to the mover's right a square is (sente's right is file 1).
fn rightness(c: Color, sq: crate::core::Square) -> i32 {
    if c == Color::Black { -(sq.file() as i32) } else { sq.file() as i32 }
}

fn movement(c: Color, from: crate::core::Square, to: crate::core::Square) -> char {
    match forward(c, from, to) {
        d if d > 0 => '上',
        d if d < 0 => '引',
        _ => '寄',
    }
}

/// The fewest modifiers that single out `from` among `rivals` (see the notation rules).
fn modifiers(
    c: Color,
    kind: crate::core::PieceKind,
    from: crate::core::Square,
    to: crate::core::Square,
    rivals: &[crate::core::Square],
) -> String {
    let mv = movement(c, from, to);
    if rivals.iter().all(|&r| movement(c, r, to) != mv) {
        return mv.to_string();
    }
    let relative = |among: &[crate::core::Square]| -> Option<char> {
        let straight = from.file() == to.file() && forward(c, from, to) == 1;
        let straight_kind = kind.is_gold_like() || kind == crate::core::PieceKind::Silver;
        if straight && straight_kind {
            return Some('直');
        }
        let me = rightness(c, from);
        if among.iter().all(|&r| rightness(c, r) < me) {
            Some('右')
        } else if among.iter().all(|&r| rightness(c, r) > me) {
            Some('左')
        } else {
            None
        }
    };
    if let Some(r) = relative(rivals) {
        return r.to_string();
    }
    let same_move: Vec<_> = rivals.iter().copied().filter(|&r| movement(c, r, to) == mv).collect();
    match relative(&same_move) {
        Some('直') | None => mv.to_string(),
        Some(r) => format!("{r}{mv}"),
    }
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

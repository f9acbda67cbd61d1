//! `shogiban tune rescore`: labels self-play positions again with a deeper search.
//!
//! ```text
//! shogiban tune rescore [--nodes N] [--every K] [--threads T] -o OUT DATA
//! ```
//!
//! `tune selfplay` labels each position with the search that played the move (a few thousand
//! nodes, so that games are cheap), and the fits' target is mostly that score. This command
//! searches every K-th line of DATA again at N nodes and writes it to OUT with the new score in
//! the score column (result, move and quiet flag kept). Neighbouring lines of one game say nearly
//! the same, so taking every other line loses little and halves the cost. Every chosen line is
//! checked first: a malformed one is reported by its line number and nothing is searched.
//!
//! T threads work on blocks of consecutive lines (one engine each, so the table carries from one
//! position of a game to the next); blocks are written in DATA's order. OUT is appended to: a run
//! stopped at any time and started again with the same DATA and K carries on after the last
//! whole line OUT has (a line cut short by the stop is dropped first).

use super::selfplay::{data_engine, score_cp};
use super::{DataProblem, TuneError};
use crate::core::Position;
use crate::engine::Engine;
use crate::engine::search::time::Limits;
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Settings of a rescoring run.
pub struct Rescore {
    pub nodes: u64,
    /// Every K-th line of DATA (1: all).
    pub every: usize,
    pub threads: usize,
    pub data: String,
    pub out: String,
}

/// Lines a thread takes at a time.
const BLOCK: usize = 64;

/// One data line (the columns `tune selfplay` writes) with its score column replaced by `score`.
fn relabelled(line: &str, score: i32) -> String {
    let mut f: Vec<&str> = line.split('\t').collect();
    let score = score.to_string();
    f[4] = &score;
    f.join("\t")
}

/// The position of a data line, or what is wrong with the line: `tune selfplay`'s columns, a
/// position first and a score fifth.
fn check_line(line: &str) -> Result<Position, DataProblem> {
    let f: Vec<&str> = line.split('\t').collect();
    let pos = Position::from_sfen(f[0]).map_err(DataProblem::Sfen)?;
    match f.get(4) {
        None => Err(DataProblem::NoScore),
        Some(s) if *s != "-" && s.parse::<i32>().is_err() => Err(DataProblem::BadScore),
        Some(_) => Ok(pos),
    }
}

/// The search's score for the side to move of `pos`, or `None` when it has no legal move.
fn score_of(engine: &mut Engine, pos: &Position, nodes: u64) -> Option<i32> {
    let r = engine.search(pos, Limits::nodes(nodes), Arc::new(AtomicBool::new(false)), |_| {});
    r.best?;
    Some(score_cp(r.score))
}

/// The whole lines `out` already holds (a line cut short at its end is removed from the file).
fn resume_point(out: &str) -> Result<usize, TuneError> {
    let text = match std::fs::read_to_string(out) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(source) => return Err(TuneError::Read { path: out.to_string(), source }),
    };
    if !text.is_empty() && !text.ends_with('\n') {
        let whole = text.rfind('\n').map_or(0, |i| i + 1);
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(out)
            .map_err(|source| TuneError::Open { path: out.to_string(), source })?;
        file.set_len(whole as u64).map_err(|source| TuneError::Write { path: out.to_string(), source })?;
        return Ok(text[..whole].lines().count());
    }
    Ok(text.lines().count())
}

/// Rescores `r.data` into `r.out`; prints progress every 10,000 lines.
pub fn run(r: &Rescore) -> Result<(), TuneError> {
    let text = std::fs::read_to_string(&r.data)
        .map_err(|source| TuneError::Read { path: r.data.clone(), source })?;
    let every = r.every.max(1);
    // every chosen line is checked before any is searched: a bad line is reported by its number
    // (the positions are parsed again when searched: a few hundred thousand held at once would
    // take hundreds of megabytes)
    let mut chosen: Vec<&str> = Vec::new();
    for (n, line) in text.lines().enumerate().step_by(every) {
        if line.trim().is_empty() {
            continue;
        }
        check_line(line).map_err(|problem| TuneError::Data { path: r.data.clone(), line: n + 1, problem })?;
        chosen.push(line);
    }
    let done = resume_point(&r.out)?;
    let todo = &chosen[done.min(chosen.len())..];
    println!("{} lines chosen, {} already in {}, {} to score", chosen.len(), done, r.out, todo.len());
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&r.out)
        .map_err(|source| TuneError::Open { path: r.out.clone(), source })?;
    // finished blocks wait here until every block before them is written
    struct Writer {
        file: std::fs::File,
        next: usize,
        waiting: BTreeMap<usize, String>,
        failed: Option<std::io::Error>,
    }
    let writer = Mutex::new(Writer { file, next: 0, waiting: BTreeMap::new(), failed: None });
    let next_block = AtomicUsize::new(0);
    let blocks = todo.len().div_ceil(BLOCK);
    let total = chosen.len();
    std::thread::scope(|scope| {
        for _ in 0..r.threads.max(1) {
            let (writer, next_block) = (&writer, &next_block);
            scope.spawn(move || {
                let mut engine = data_engine();
                loop {
                    let b = next_block.fetch_add(1, Ordering::Relaxed);
                    if b >= blocks {
                        break;
                    }
                    let mut out = String::new();
                    for line in &todo[b * BLOCK..((b + 1) * BLOCK).min(todo.len())] {
                        let pos = check_line(line).expect("every line was checked before the search");
                        // a position without a legal move keeps its score
                        let new = match score_of(&mut engine, &pos, r.nodes) {
                            Some(s) => relabelled(line, s),
                            None => line.to_string(),
                        };
                        out.push_str(&new);
                        out.push('\n');
                    }
                    let mut w = writer.lock().expect("no writer panics");
                    if w.failed.is_some() {
                        break;
                    }
                    w.waiting.insert(b, out);
                    while let Some(text) = {
                        let n = w.next;
                        w.waiting.remove(&n)
                    } {
                        if let Err(e) = w.file.write_all(text.as_bytes()) {
                            w.failed = Some(e);
                            break;
                        }
                        // lines written so far: every block before `next` is whole
                        let before = done + w.next * BLOCK;
                        w.next += 1;
                        let written = done + (w.next * BLOCK).min(todo.len());
                        if before / 10_000 != written / 10_000 {
                            println!("{written} of {total} lines");
                        }
                    }
                }
            });
        }
    });
    match writer.into_inner().expect("no writer panics").failed {
        Some(source) => Err(TuneError::Write { path: r.out.clone(), source }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A run of 2,000 nodes a position over every `every`-th line of `data`.
    fn settings(data: &std::path::Path, out: &std::path::Path, every: usize, threads: usize) -> Rescore {
        Rescore {
            nodes: 2_000,
            every,
            threads,
            data: data.to_str().unwrap().to_string(),
            out: out.to_str().unwrap().to_string(),
        }
    }

    #[test]
    fn relabelling_keeps_every_column_but_the_score() {
        let line = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\t0\t3c3d\t1\t-40";
        assert_eq!(
            relabelled(line, 25),
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\t0\t3c3d\t1\t25"
        );
    }

    #[test]
    fn a_bad_line_is_reported_by_its_number_before_any_search() {
        let dir = std::env::temp_dir().join(format!("shogiban-rescore-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let data = dir.join("data.tsv");
        let start = Position::startpos().to_sfen();
        let cases = [
            (format!("{start}\t1\t7g7f\t1\t30\n{start}\t1\t7g7f\t1\n"), 2, DataProblem::NoScore),
            (format!("{start}\t1\t7g7f\t1\tmuch\n"), 1, DataProblem::BadScore),
            (
                "9/9/9 b - 1\t1\t7g7f\t1\t30\n".to_string(),
                1,
                DataProblem::Sfen(Position::from_sfen("9/9/9 b - 1").unwrap_err()),
            ),
        ];
        for (text, bad_line, want) in cases {
            std::fs::write(&data, text).unwrap();
            let out = dir.join("out.tsv");
            match run(&settings(&data, &out, 1, 1)) {
                Err(TuneError::Data { line, problem, .. }) => assert_eq!((line, problem), (bad_line, want)),
                other => panic!("{other:?}"),
            }
            assert!(std::fs::read_to_string(&out).unwrap_or_default().is_empty(), "nothing written");
        }
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn rescoring_every_other_line_resumes_where_it_stopped() {
        let dir = std::env::temp_dir().join(format!("shogiban-rescore-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let data = dir.join("data.tsv");
        let out = dir.join("out.tsv");
        // five positions of one game, each labelled 12345 (a score no search of them gives)
        let mut pos = Position::startpos();
        let mut text = String::new();
        for m in ["7g7f", "3c3d", "2g2f", "8c8d", "2f2e"] {
            let mv = pos.parse_usi_move(m).unwrap();
            pos.do_move(mv);
            text.push_str(&format!("{}\t1\t{m}\t1\t12345\n", pos.to_sfen()));
        }
        std::fs::write(&data, &text).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        // a run stopped after one whole line and part of the next
        std::fs::write(&out, format!("{}\n{}", relabelled(lines[0], 7), &lines[2][..20])).unwrap();
        run(&settings(&data, &out, 2, 2)).unwrap();
        let got = std::fs::read_to_string(&out).unwrap();
        std::fs::remove_dir_all(&dir).ok();
        let got: Vec<&str> = got.lines().collect();
        assert_eq!(got.len(), 3, "lines 1, 3 and 5: {got:?}");
        assert_eq!(got[0], relabelled(lines[0], 7), "the line already written is kept");
        for (g, want) in got.iter().zip([lines[0], lines[2], lines[4]]) {
            let (g, want): (Vec<&str>, Vec<&str>) = (g.split('\t').collect(), want.split('\t').collect());
            assert_eq!(g[..4], want[..4], "position, result, move and flag kept");
        }
        // the first line a fresh engine scores is scored as a fresh engine scores it
        let mut fresh = data_engine();
        let third = Position::from_sfen(lines[2].split('\t').next().unwrap()).unwrap();
        let want = score_of(&mut fresh, &third, 2_000).unwrap();
        assert_eq!(got[1].split('\t').nth(4).unwrap(), want.to_string(), "the search's score written");
        assert_ne!(got[2].split('\t').nth(4).unwrap(), "12345", "the last line scored too");
    }
}

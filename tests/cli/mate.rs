//! `shogiban mate`: output format, SFEN given as one or several words, no mate, bad SFEN.

use crate::common;

use std::process::Command;

use super::run;

#[test]
fn prints_the_line_in_usi_and_ki2() {
    // the SFEN as separate words, with a leading `sfen`
    let (code, out, _) =
        run(&["mate", "--sfen", "sfen", "8k/9/8P/9/9/9/9/9/9", "b", "G", "1", "--time", "5000"]);
    assert_eq!(code, 0);
    assert!(out.contains("mate: 1 plies"), "{out}");
    assert!(out.contains("usi: G*1b"), "{out}");
    assert!(out.contains("ki2: ▲１二金"), "{out}");
    // as one argument; a mate in three with a capture on the same square
    let (code, out, _) = run(&["mate", "--sfen", "7B1/7kl/9/5Gp2/9/9/9/9/9 b B2G 1"]);
    assert_eq!(code, 0);
    assert!(out.contains("mate: 3 plies"), "{out}");
    let usi = out.lines().find_map(|l| l.strip_prefix("usi: ")).unwrap();
    assert_eq!(usi.split(' ').count(), 3);
    let ki2 = out.lines().find_map(|l| l.strip_prefix("ki2: ")).unwrap();
    let marks: Vec<char> = ki2.split(' ').map(|m| m.chars().next().unwrap()).collect();
    assert_eq!(marks, vec!['▲', '△', '▲']);
}

#[test]
fn no_mate_and_bad_input() {
    // exit status 1: proven that no checks mate (the start position has no check at all)
    let (code, out, _) = run(&["mate"]);
    assert_eq!(code, 1);
    assert!(out.contains("no mate found (proven"), "{out}");
    let (code, _, err) = run(&["mate", "--sfen", "9/9/9 b - 1"]);
    assert_eq!(code, 2);
    assert!(err.contains("invalid SFEN"), "{err}");
    let (code, _, err) = run(&["mate", "--time", "soon"]);
    assert_eq!(code, 2);
    assert!(err.contains("invalid value 'soon' for '--time"), "{err}");
    let (code, _, err) = run(&["mate", "no-such-file.kif"]);
    assert_eq!(code, 2);
    assert!(err.contains("no-such-file.kif"), "{err}");
}

#[test]
fn futile_interposition_is_noted() {
    // a published mate in 5: after ▲３二龍 only drops on 2b remain, each taken with mate
    let (code, out, _) = run(&["mate", "--sfen", "7nl/7k1/6ppp/9/9/9/9/9/5R3 b Sr2b4g3s3n3l15p 1"]);
    assert_eq!(code, 0);
    assert!(out.contains("mate: 5 plies"), "{out}");
    assert!(out.contains("無駄合"), "{out}");
    let (_, out, _) = run(&["mate", "--sfen", "8k/9/8P/9/9/9/9/9/9 b G 1"]);
    assert!(!out.contains("無駄合"), "{out}");
}

/// `shogiban mate ... | head -1`: the closed pipe ends the program quietly, without a panic.
#[test]
fn closed_output_pipe_is_not_a_crash() {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_shogiban"))
        .args(["mate", "--sfen", "4s4/8k/9/9/8G/5+R3/9/9/9 b BG 1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader goes away before anything is written
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_ne!(out.status.code(), Some(101), "{err}");
}

/// A tsume problem as a KIF board diagram (BOD), the usual way problems are passed around: the
/// file's position is solved. A missing file, two files, or a file and --sfen are refused.
#[test]
fn solves_a_problem_given_as_a_kif_file() {
    let dir = common::TempDir::new("mate-cli");
    let kif = dir.join("problem.kifu");
    std::fs::write(
        &kif,
        "後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n\
         | ・ ・ ・ ・ ・ ・ ・ ・v玉|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n\
         | ・ ・ ・ ・ ・ ・ ・ ・ 歩|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n\
         | ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n\
         | ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n\
         | ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n+---------------------------+\n先手の持駒：金\n",
    )
    .unwrap();
    let path = kif.to_str().unwrap();
    let (code, out, err) = run(&["mate", path, "--time", "5000"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("mate: 1 plies"), "{out}");
    assert!(out.contains("usi: G*1b"), "{out}");
    let (code, _, err) = run(&["mate", dir.join("missing.kif").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("missing.kif"), "{err}");
    let (code, _, err) = run(&["mate", path, path]);
    assert_eq!(code, 2);
    assert!(err.contains("unexpected argument"), "{err}");
    let (code, _, err) = run(&["mate", path, "--sfen", "8k/9/8P/9/9/9/9/9/9 b G 1"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot be used with"), "{err}");
}

/// A problem file written with its solution (as tsume mode saves it): its start position is
/// solved, not the mate at the end of the line.
#[test]
fn a_problem_with_its_solution_solves_the_start() {
    let dir = common::TempDir::new("mate-cli-solution");
    let kif = dir.join("solved.kifu");
    let shipped =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/tsume/01.kifu")).unwrap();
    let (start_code, start_out, _) = {
        std::fs::write(&kif, &shipped).unwrap();
        run(&["mate", kif.to_str().unwrap(), "--time", "20000"])
    };
    assert_eq!(start_code, 0, "{start_out}");
    let usi = start_out.lines().find_map(|l| l.strip_prefix("usi: ")).unwrap().to_string();
    // the same problem with its solution as the main line, ending in 詰み
    let (mut rec, _) = shogiban::record::read_text(&shipped, shogiban::record::Format::Kifu).unwrap();
    let moves: Vec<_> = usi.split(' ').map(|m| shogiban::core::Move::from_usi(m).unwrap()).collect();
    rec.push_main_line(&moves).unwrap();
    std::fs::write(&kif, shogiban::record::write_text(&rec, shogiban::record::Format::Kifu)).unwrap();
    let (code, out, err) = run(&["mate", kif.to_str().unwrap(), "--time", "20000"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains(&format!("usi: {usi}")), "{out}");
    assert!(err.contains("solving its start position"), "{err}");
}

/// The exit status tells the outcome: 0 mate, 1 proven no mate, 2 bad input, 3 undecided; the
/// help says so.
#[test]
fn exit_status_by_outcome() {
    // a mate in 5 that one node of budget cannot settle
    let (code, out, _) =
        run(&["mate", "--sfen", "7nl/7k1/6ppp/9/9/9/9/9/5R3 b Sr2b4g3s3n3l15p 1", "--nodes", "1"]);
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("undecided"), "{out}");
    let (code, out, _) = run(&["mate", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Usage: shogiban mate"), "{out}");
    for line in ["0  a mate was found", "1  no mate", "2  usage error", "3  undecided"] {
        assert!(out.contains(line), "{out}");
    }
}

#[test]
fn a_full_stderr_keeps_the_exit_status() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else { return };
    let status = Command::new(env!("CARGO_BIN_EXE_shogiban"))
        .args(["mate", "/nonexistent/problem.kif"])
        .stderr(full)
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2), "an unreadable file is exit 2, not a panic (101)");
}

/// Under a memory limit the solver's table stops growing while room is left for the rest of
/// the solve, and the search goes on in the room it has: an answer (here "undecided" at the node
/// limit), never a failed allocation and SIGABRT.
#[test]
fn a_memory_limit_keeps_the_table_small_and_the_solve_going() {
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 60000 && exec \"$0\" mate --time 120000 --nodes 150000 --sfen '9/9/9/9/4k4/9/9/9/9 b 2B2S2N 1'")
        .arg(env!("CARGO_BIN_EXE_shogiban"))
        .output()
        .unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(3), "{:?}\n{stdout}\n{stderr}", out.status);
    assert!(stdout.contains("no mate found (search limit reached, undecided)"), "{stdout}");
    assert!(stderr.is_empty(), "{stderr}");
}

/// `--threads 2` runs two searches side by side; each table stops growing under the memory
/// limit as one does, so the solve ends with an answer, not a failed allocation.
#[test]
fn two_threads_solve_and_keep_within_a_memory_limit() {
    let (code, out, _) = run(&["mate", "--threads", "2", "--sfen", "7B1/7kl/9/5Gp2/9/9/9/9/9 b B2G 1"]);
    assert_eq!(code, 0);
    assert!(out.contains("mate: 3 plies"), "{out}");
    let (code, out, _) = run(&["mate", "--threads", "1", "--sfen", "7B1/7kl/9/5Gp2/9/9/9/9/9 b B2G 1"]);
    assert_eq!(code, 0);
    assert!(out.contains("mate: 3 plies"), "{out}");

    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 150000 && exec \"$0\" mate --threads 2 --time 3000 --sfen '9/9/9/9/4k4/9/9/9/9 b 2B2S2N 1'")
        .arg(env!("CARGO_BIN_EXE_shogiban"))
        .output()
        .unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(matches!(out.status.code(), Some(0 | 1 | 3)), "{:?}\n{stdout}\n{stderr}", out.status);
    assert!(stderr.is_empty(), "{stderr}");
}

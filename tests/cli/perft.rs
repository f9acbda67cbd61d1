//! The `perft` subcommand of the real binary: output format, SFEN forms, and refusals.

use super::run;

#[test]
fn divide_lists_every_root_move_then_totals() {
    let (code, out, _) = run(&["perft", "2", "--divide"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    let moves: Vec<&&str> = lines
        .iter()
        .filter(|l| !l.starts_with("total") && !l.starts_with("time") && !l.starts_with("nps"))
        .collect();
    assert_eq!(moves.len(), 30);
    assert!(moves.iter().all(|l| l.ends_with(": 30")));
    assert!(out.contains("7g7f: 30"));
    let tail: Vec<&str> = lines[lines.len() - 3..].to_vec();
    assert_eq!(tail[0], "total: 900");
    assert!(tail[1].starts_with("time_ms: "));
    assert!(tail[2].starts_with("nps: "));
}

#[test]
fn sfen_with_or_without_prefix_and_as_one_or_many_words() {
    let s = "8k/9/6NS1/9/9/9/9/9/4K4 b P 1";
    for args in [
        vec!["perft", "1", "--sfen", s],
        vec!["perft", "1", "--sfen", "sfen 8k/9/6NS1/9/9/9/9/9/4K4 b P 1"],
        vec!["perft", "1", "--sfen", "8k/9/6NS1/9/9/9/9/9/4K4", "b", "P", "1"],
        vec!["perft", "--sfen", "sfen", "8k/9/6NS1/9/9/9/9/9/4K4", "b", "P", "1", "--divide", "1"],
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(out.contains("total: 85"), "{args:?}: {out}");
    }
}

#[test]
fn malformed_sfen_is_refused_without_panic() {
    for (sfen, want) in [
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1", "rank"),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL1 b - 1", "too many squares"),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPQ/1B5R1/LNSGKGSNL b - 1", "unknown piece"),
        ("4k4/9/9/9/9/9/9/9/4K4 b 19P 1", "hand"),
        ("P3k4/9/9/9/9/9/9/9/4K4 b - 1", "never move"),
        ("4k4/9/9/9/P8/P8/9/9/4K4 b - 1", "nifu"),
        ("4k4/9/9/9/9/9/9/4r4/4K4 w - 1", "not to move is in check"),
        ("", "empty"),
    ] {
        let (code, out, err) = run(&["perft", "1", "--sfen", sfen]);
        assert_ne!(code, 0, "{sfen}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(err.contains(want), "{sfen}: {err}");
        assert!(!out.contains("total"));
    }
}

#[test]
fn bad_arguments_are_refused() {
    assert_ne!(run(&["perft"]).0, 0);
    assert_ne!(run(&["perft", "x"]).0, 0);
}

//! Command-line conventions of every subcommand: `--help` on stdout with status 0, `--version`,
//! usage errors on stderr with status 2, and a suggestion for a mistyped subcommand.

use super::run;

const SUBCOMMANDS: [&str; 10] =
    ["usi", "perft", "convert", "bench", "mate", "book", "eval", "analyze", "completions", "man"];

#[test]
fn help_goes_to_stdout_with_status_0() {
    for sub in SUBCOMMANDS {
        for flag in ["--help", "-h"] {
            let (code, out, err) = run(&[sub, flag]);
            assert_eq!(code, 0, "{sub} {flag}: {err}");
            assert!(out.contains(&format!("Usage: shogiban {sub}")), "{sub} {flag}: {out}");
            assert!(err.is_empty(), "{sub} {flag}: {err}");
        }
    }
    let (code, out, _) = run(&["--help"]);
    assert_eq!(code, 0);
    for sub in SUBCOMMANDS {
        assert!(out.contains(&format!("\n  {sub} ")), "{sub} missing from: {out}");
    }
    // developer tools are not in the user's help, but have their own (when built with them)
    assert!(!out.contains("tune"), "{out}");
    if cfg!(feature = "dev-tools") {
        let (code, out, _) = run(&["tune", "--help"]);
        assert_eq!(code, 0);
        assert!(out.contains("Usage: shogiban tune"), "{out}");
    }
    let (code, out, _) = run(&["book", "build", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Usage: shogiban book build"), "{out}");
}

#[test]
fn version() {
    let (code, out, _) = run(&["--version"]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), format!("shogiban {}", env!("CARGO_PKG_VERSION")));
}

#[test]
fn usage_errors_go_to_stderr_with_status_2() {
    for args in [
        &["perft"][..],
        &["perft", "three"],
        &["perft", "3", "--bogus"],
        &["bench", "--depth", "0"],
        &["bench", "extra"],
        &["convert", "--to", "pgn"],
        &["convert", "a.kif", "b.kif"],
        &["mate", "--time", "soon"],
        &["book"],
        &["book", "build", "games.kif"],
        &["book", "fetch"],
        &["eval", "--depth", "3"],
        &["usi", "extra"],
        // with the developer tools, a bad group; without, an option the command line lacks
        &["tune", "--freeze", "everything", "x.tsv"],
        &["--bogus"],
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        // an error, or for `book` alone the list of its subcommands
        assert!(err.starts_with("error:") || err.contains("Usage: shogiban book"), "{args:?}: {err}");
    }
}

#[test]
fn a_mistyped_subcommand_is_not_opened_as_a_file() {
    for (typo, meant) in [("mtae", "mate"), ("covnert", "convert"), ("bnech", "bench"), ("prfet", "perft")] {
        let (code, out, err) = run(&[typo]);
        assert_eq!(code, 2, "{typo}: {err}");
        assert!(out.is_empty(), "{typo}: {out}");
        assert!(err.contains(&format!("a similar subcommand exists: '{meant}'")), "{typo}: {err}");
    }
}

#[test]
fn a_mistyped_subcommand_with_options_still_gets_the_suggestion() {
    for args in [
        &["mtae", "--sfen", "x"][..],
        &["covnert", "-o", "out.kif", "game.kif"],
        &["--engine", "gnushogi", "anlayze", "--time", "100"],
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains("a similar subcommand exists"), "{args:?}: {err}");
    }
    // an error inside a real subcommand stays that subcommand's error
    let (code, _, err) = run(&["convert", "--to", "pgn"]);
    assert_eq!(code, 2);
    assert!(err.contains("invalid value 'pgn'") && !err.contains("similar subcommand"), "{err}");
}

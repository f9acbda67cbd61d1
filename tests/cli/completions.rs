//! `shogiban completions SHELL` and `shogiban man`: generated from the command-line definition,
//! so they name every subcommand and option the program takes and none it hides. The bash
//! script is run in bash and asked for completions as the shell would ask; the manual page is
//! rendered by `man` where it is installed.

use super::common::TempDir;
use super::run;
use std::process::Command;

/// The subcommands a user sees (the developer tool `tune` is hidden).
const VISIBLE: [&str; 11] =
    ["usi", "perft", "convert", "bench", "mate", "book", "eval", "analyze", "rating", "completions", "man"];

/// What bash's completion offers for the command line `words` (the last one being completed),
/// after sourcing the script `shogiban completions bash` printed.
fn bash_completes(script: &str, words: &[&str]) -> Vec<String> {
    let dir = TempDir::new("completions-bash");
    let path = dir.join("shogiban.bash");
    std::fs::write(&path, script).unwrap();
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let program = format!(
        "source '{}'; COMP_WORDS=({}); COMP_CWORD={}; COMP_LINE='{}'; COMP_POINT=${{#COMP_LINE}}; \
         _shogiban shogiban '{}' '{}'; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        path.display(),
        quoted.join(" "),
        words.len() - 1,
        words.join(" "),
        words[words.len() - 1],
        words[words.len() - 2],
    );
    let out = Command::new("bash").arg("--norc").arg("-c").arg(program).output().expect("bash runs");
    assert!(out.status.success(), "bash: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

#[test]
fn bash_completes_subcommands_options_and_values() {
    let (code, script, err) = run(&["completions", "bash"]);
    assert_eq!(code, 0, "{err}");
    let subcommands = bash_completes(&script, &["shogiban", ""]);
    for sub in VISIBLE {
        assert!(subcommands.iter().any(|s| s == sub), "{sub} not offered: {subcommands:?}");
    }
    assert!(!subcommands.iter().any(|s| s == "tune"), "hidden tune offered: {subcommands:?}");
    assert_eq!(bash_completes(&script, &["shogiban", "ma"]), ["mate", "man"]);
    let options = bash_completes(&script, &["shogiban", "convert", "--"]);
    for option in ["--to", "--output", "--help"] {
        assert!(options.iter().any(|o| o == option), "{option} not offered: {options:?}");
    }
    let formats = bash_completes(&script, &["shogiban", "convert", "--to", "k"]);
    assert_eq!(formats, ["kif", "kifu", "ki2", "ki2u"]);
    assert_eq!(bash_completes(&script, &["shogiban", "completions", "f"]), ["fish"]);
}

#[test]
fn zsh_and_fish_scripts_name_every_visible_subcommand() {
    for (shell, opening) in [("zsh", "#compdef shogiban"), ("fish", "complete -c shogiban")] {
        let (code, script, err) = run(&["completions", shell]);
        assert_eq!(code, 0, "{shell}: {err}");
        assert!(script.contains(opening), "{shell}: {script}");
        for sub in VISIBLE {
            assert!(script.contains(sub), "{shell} lacks {sub}");
        }
        assert!(!script.contains("tune"), "{shell} offers the hidden tune");
        assert!(script.contains("variations") && script.contains("thresholds"), "{shell}");
    }
    let (code, _, err) = run(&["completions", "tcsh"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("possible values: bash, elvish, fish, powershell, zsh"), "{err}");
}

#[test]
fn the_manual_page_lists_every_command() {
    let (code, page, err) = run(&["man"]);
    assert_eq!(code, 0, "{err}");
    assert!(page.starts_with(".ie") && page.contains(".TH shogiban 1"), "{page}");
    assert!(page.contains("\\-\\-engine"), "{page}");
    for sub in VISIBLE {
        assert!(page.contains(&format!("shogiban\\-{sub}(1)")), "{sub} missing: {page}");
    }
    assert!(!page.contains("tune"), "{page}");

    let dir = TempDir::new("man-pages");
    let (code, out, err) = run(&["man", "--dir", dir.path().to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    let mut pages: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    pages.sort();
    for sub in VISIBLE {
        assert!(pages.contains(&format!("shogiban-{sub}.1")), "{sub}: {pages:?}");
    }
    assert!(
        pages.contains(&"shogiban.1".to_string()) && pages.contains(&"shogiban-book-build.1".to_string())
    );
    assert!(!pages.iter().any(|p| p.contains("tune")), "{pages:?}");
    let mate = std::fs::read_to_string(dir.join("shogiban-mate.1")).unwrap();
    assert!(mate.contains("\\-\\-sfen") && mate.contains("undecided"), "{mate}");

    // rendered as a reader sees it, where man is installed
    if let Ok(out) =
        Command::new("man").arg("-l").arg(dir.join("shogiban-mate.1")).env("MANPAGER", "cat").output()
        && out.status.success()
    {
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("shogiban-mate") && text.contains("--time"), "{text}");
    }
}

#[test]
fn the_manual_folder_must_be_writable() {
    let dir = TempDir::new("man-missing");
    let missing = dir.join("no/such/folder");
    let (code, _, err) = run(&["man", "--dir", missing.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.starts_with("shogiban man: ") && err.contains("no/such/folder"), "{err}");
}

//! `shogiban analyze`: records come back with the analysis in ShogiHome's comments and
//! everything else unchanged (moves, variations, the player's comments), in KIF and CSA; a
//! redirected stderr gets one result line per file and no progress bar (that is drawn only on a
//! terminal, see the e2e tests); formats without comments refused with a reason.

use crate::common;

use shogiban::record::annotation::{annotation, main_line_annotations, user_comments};
use shogiban::record::load_record;
use std::process::{Command, Output};

fn analyze(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shogiban")).arg("analyze").args(args).output().unwrap()
}

/// Five moves with a comment and a variation at move 3.
const GAME: &str = "手合割：平手\n先手：Alice\n後手：Bob\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:01/00:00:01)\n*角道を開ける\n   2 ３四歩(33)   ( 0:02/00:00:02)\n   3 ２二角成(88) ( 0:03/00:00:04)+\n   4 同　銀(31)   ( 0:01/00:00:03)\n   5 ４五角打     ( 0:05/00:00:09)\n\n変化：3手\n   3 ２六歩(27)   ( 0:01/00:00:02)\n*変化の手\n";

/// The marked-move count a result line states.
fn marks_in(stderr: &str) -> usize {
    let before = stderr.split(" marked moves").next().unwrap();
    before.rsplit(' ').next().unwrap().parse().unwrap()
}

#[test]
fn an_analysed_kif_keeps_its_moves_variations_and_comments() {
    let dir = common::TempDir::new("analyze-kif");
    let input = dir.join("game.kifu");
    std::fs::write(&input, GAME).unwrap();
    let out = analyze(&[input.to_str().unwrap(), "--time", "30"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let written = dir.join("game-analyzed.kifu");
    assert_eq!(
        stderr,
        format!("[1/1] {}: 6 positions, 0 marked moves, written to {}\n", input.display(), written.display())
            .replace(", 0 marked", &format!(", {} marked", marks_in(&stderr))),
        "one plain line, no bar and no terminal codes"
    );
    let (before, _) = load_record(&input).unwrap();
    let (after, warnings) = load_record(&written).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(after.main_line_moves(), before.main_line_moves());
    assert_eq!(after.headers, before.headers);
    // the variation and its comment are as they were, without analysis
    let third = after.main_line()[1];
    let var = after.node(third).children()[1];
    assert_eq!(after.node(var).comments, vec!["変化の手"]);
    assert!(annotation(&after, var).is_none());
    // every main-line position analysed, the player's comment kept
    let an = main_line_annotations(&after);
    assert_eq!(an.len(), 6);
    assert!(an.iter().all(|a| a.as_ref().is_some_and(|a| a.eval.is_some() && a.depth.is_some())));
    let first = after.main_line()[0];
    assert_eq!(user_comments(&after.node(first).comments), vec!["角道を開ける"]);
    let text = std::fs::read_to_string(&written).unwrap();
    assert!(
        text.contains("*#評価値=") && text.contains("*#読み筋=▲") || text.contains("*#読み筋=△"),
        "{text}"
    );
    assert!(text.contains("*#エンジン=shogiban"));
}

#[test]
fn with_variations_every_variation_is_analysed_too() {
    let dir = common::TempDir::new("analyze-variations");
    let input = dir.join("game.kifu");
    std::fs::write(&input, GAME).unwrap();
    let out = analyze(&[input.to_str().unwrap(), "--time", "20", "--variations"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("7 positions"), "6 on the main line and the variation's move: {stderr}");
    let (after, _) = load_record(dir.join("game-analyzed.kifu")).unwrap();
    let var = after.node(after.main_line()[1]).children()[1];
    assert!(annotation(&after, var).is_some_and(|a| a.eval.is_some()), "the variation's move is analysed");
    assert_eq!(user_comments(&after.node(var).comments), vec!["変化の手"], "its comment stays");
    assert_eq!(main_line_annotations(&after).len(), 6);
}

#[test]
fn csa_output_and_formats_without_comments() {
    let dir = common::TempDir::new("analyze-csa");
    let input = dir.join("game.kifu");
    std::fs::write(&input, GAME).unwrap();
    let csa = dir.join("out.csa");
    let out = analyze(&[input.to_str().unwrap(), "--time", "20", "-o", csa.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&csa).unwrap();
    assert!(text.contains("'*#評価値="), "{text}");
    let (back, _) = load_record(&csa).unwrap();
    assert_eq!(main_line_annotations(&back).iter().filter(|a| a.is_some()).count(), 6);
    // USI has no comments: refused, saying so, and nothing written
    let usi = dir.join("out.usi");
    let out = analyze(&[input.to_str().unwrap(), "--time", "20", "-o", usi.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("has no comments"));
    assert!(!usi.exists());
    // a missing file is an error naming it; bad thresholds are a usage error
    let out = analyze(&[dir.join("nope.kif").to_str().unwrap(), "--time", "20"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nope.kif"));
    let out = analyze(&[input.to_str().unwrap(), "--thresholds", "20,10,5,1"]);
    assert_eq!(out.status.code(), Some(2));
}

/// `analyze` run in `dir`.
fn analyze_in(dir: &common::TempDir, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shogiban"))
        .arg("analyze")
        .args(args)
        .current_dir(dir.path())
        .output()
        .unwrap()
}

fn names_in(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn two_inputs_of_one_name_into_one_folder_are_refused_before_any_analysis() {
    let dir = common::TempDir::new("analyze-clash");
    for sub in ["a", "b", "out"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    std::fs::write(dir.join("a/game.kifu"), GAME).unwrap();
    std::fs::write(dir.join("b/game.kifu"), GAME).unwrap();
    let out = analyze_in(&dir, &["a/game.kifu", "b/game.kifu", "-o", "out", "--time", "10"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("a/game.kifu and b/game.kifu would both be written to out/game.kifu"),
        "{stderr}"
    );
    assert!(names_in(&dir.join("out")).is_empty());
}

#[test]
fn an_input_is_overwritten_only_in_place() {
    let dir = common::TempDir::new("analyze-self");
    std::fs::write(dir.join("game.kifu"), GAME).unwrap();
    let out = analyze_in(&dir, &["game.kifu", "-o", ".", "--time", "10"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("would overwrite its input; --in-place"), "{stderr}");
    assert_eq!(std::fs::read_to_string(dir.join("game.kifu")).unwrap(), GAME);
    // --force is for earlier outputs, not inputs
    let out = analyze_in(&dir, &["game.kifu", "-o", "game.kifu", "--force", "--time", "10"]);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read_to_string(dir.join("game.kifu")).unwrap(), GAME);
    let out = analyze_in(&dir, &["game.kifu", "--in-place", "--time", "10"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(std::fs::read_to_string(dir.join("game.kifu")).unwrap().contains("*#評価値="));
    assert_eq!(names_in(dir.path()), ["game.kifu"]);
    // --in-place says where: not together with -o
    let out = analyze_in(&dir, &["game.kifu", "--in-place", "-o", "x.kifu"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn an_earlier_output_is_kept() {
    let dir = common::TempDir::new("analyze-earlier");
    std::fs::write(dir.join("game.kifu"), GAME).unwrap();
    std::fs::write(dir.join("game-analyzed.kifu"), "earlier analysis").unwrap();
    // the default name moves on to the next free one
    let out = analyze_in(&dir, &["game.kifu", "--time", "10"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("written to game-analyzed-2.kifu"), "{stderr}");
    assert_eq!(std::fs::read_to_string(dir.join("game-analyzed.kifu")).unwrap(), "earlier analysis");
    // a named output that exists is replaced only with --force
    let out = analyze_in(&dir, &["game.kifu", "-o", "game-analyzed.kifu", "--time", "10"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("game-analyzed.kifu exists; --force replaces it"), "{stderr}");
    assert_eq!(std::fs::read_to_string(dir.join("game-analyzed.kifu")).unwrap(), "earlier analysis");
    let out = analyze_in(&dir, &["game.kifu", "-o", "game-analyzed.kifu", "--force", "--time", "10"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(std::fs::read_to_string(dir.join("game-analyzed.kifu")).unwrap().contains("*#評価値="));
    assert_eq!(names_in(dir.path()), ["game-analyzed-2.kifu", "game-analyzed.kifu", "game.kifu"]);
}

//! `shogiban book build` and `book probe`.

use crate::common;

use shogiban::engine::book::Book;

use super::run;

#[test]
fn build_then_probe() {
    let dir = common::TempDir::new("bookcli-build");
    let games = dir.join("games.txt");
    let out = dir.join("book.sfen");
    std::fs::write(&games, "# two games\nposition startpos moves 7g7f 3c3d 2g2f\n7g7f 8c8d\n").unwrap();
    let (code, stdout, stderr) =
        run(&["book", "build", games.to_str().unwrap(), "-o", out.to_str().unwrap(), "--plies", "2"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("2 games"), "{stdout}");
    let book = Book::load(&out).unwrap();
    assert_eq!(book.len(), 2); // the start and the position after 7g7f (two answers there)
    let (code, stdout, _) = run(&["book", "probe", "--book", out.to_str().unwrap(), "--moves", "7g7f"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("3c3d 1") && stdout.contains("8c8d 1"), "{stdout}");
    // the built-in book by default
    let (code, stdout, _) = run(&["book", "probe"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("7g7f"), "{stdout}");
}

#[test]
fn illegal_game_is_rejected_with_its_line() {
    let dir = common::TempDir::new("bookcli-bad");
    let games = dir.join("bad.txt");
    let out = dir.join("bad.sfen");
    std::fs::write(&games, "7g7f 3c3d\n\n7g7f 3c3d 2g2f 2g2f\n").unwrap();
    let (code, _, stderr) = run(&["book", "build", games.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(stderr.contains(&format!("{}:3:", games.display())), "{stderr}");
    assert!(!out.exists());
    std::fs::remove_file(&games).ok();
    // no game files: a usage error
    let (code, _, _) = run(&["book", "build", "-o", out.to_str().unwrap()]);
    assert_eq!(code, 2);
}

#[test]
fn book_builds_from_kif_and_csa_through_the_record_layer() {
    let dir = common::TempDir::new("book-kif");
    let out = dir.join("book.sfen");
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_shogiban"))
        .args(["book", "build", &format!("{data}/kakinoki.kif"), &format!("{data}/games.csa"), "-o"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(status.status.success(), "{}", String::from_utf8_lossy(&status.stderr));
    let book = shogiban::engine::book::Book::load(&out).unwrap();
    // the first move of the Kakinoki game is in the book for the start position
    let start = shogiban::core::Position::startpos();
    assert!(book.moves(&start).iter().any(|b| b.mv.usi() == "7g7f"));
}

//! The player's rating end to end: rated and unrated games played in the real app, then read
//! with `shogiban rating --json`, both on one data folder.

use crate::common;
use crate::tui::Session;

/// `shogiban rating --json` on the data folder `data`.
fn rating_json(data: &std::path::Path, home: &std::path::Path) -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_shogiban"))
        .args(["rating", "--json"])
        .env("HOME", home)
        .env("XDG_DATA_HOME", data)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .output()
        .expect("binary runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// A new game of you (sente) against level 1 from the new-game dialog; the computer's answer
/// to 7g7f is waited for.
fn new_game_at_level_1_and_one_move(s: &mut Session) {
    s.send("n");
    s.wait_for("新規対局");
    s.send("2");
    s.send(&"\x1b[D".repeat(9)); // left arrow: level down to 1
    let figure = shogiban::engine::levels::Level::MIN.rating().rating;
    let sc = s.wait_for(&format!("(レベル1 · {figure:.0})"));
    assert!(sc.contains("レーティング対象の対局"), "{sc}");
    s.send("\r");
    s.wait_for("新しい対局");
    s.send(":7g7f\r");
    s.wait_for("   2 △");
}

#[test]
fn a_resigned_game_against_level_1_is_a_rated_loss_and_a_game_with_a_take_back_is_not() {
    let home = common::TempDir::new("e2e-rating");
    let data = common::TempDir::new("e2e-rating-data");
    let data_dir = data.path().to_str().expect("a UTF-8 path").to_string();
    let env = [("TERM", "xterm-256color"), ("XDG_DATA_HOME", data_dir.as_str())];
    let home_path = home.path().to_path_buf();
    let mut s = Session::start_with(&[], home, (110, 30), &env);
    s.wait_for("開始局面");
    new_game_at_level_1_and_one_move(&mut s);
    s.send("R");
    s.wait_for("投了しますか");
    s.send("y");
    // the rating after the game, once the files lane has written it
    let sc = s.wait_for(" ± ");
    assert!(sc.contains("レーティング"), "{sc}");
    let v = rating_json(data.path(), &home_path);
    assert_eq!(v["player"], "you");
    assert_eq!(v["games"], 1, "{v}");
    let game = &v["recent"][0];
    assert_eq!((game["result"].as_str(), game["level"].as_u64()), (Some("loss"), Some(1)), "{v}");
    assert!(v["rating"].as_f64().unwrap() < 1000.0, "{v}");
    assert_eq!(v["provisional"], true);
    // a second game with a take-back: unrated, said in the status line, not in the file
    new_game_at_level_1_and_one_move(&mut s);
    s.send("u");
    s.wait_for("レーティング対象外: 待った");
    s.send(":7g7f\r");
    // the taken-back moves stay in the record panel: wait for the computer's answer by the turn
    s.wait_for("☗先手 3手目");
    s.send("R");
    s.wait_for("投了しますか");
    s.send("y");
    s.wait_for("☗先手の投了");
    // the rating screen shows the one rated game
    s.send("#");
    let sc = s.wait_for("対象対局 1局");
    assert!(sc.contains("互角の相手: レベル"), "{sc}");
    s.send("x");
    s.quit();
    let v = rating_json(data.path(), &home_path);
    assert_eq!(v["games"], 1, "{v}");
}

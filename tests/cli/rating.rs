//! `shogiban rating`: the rating and recent games from the data folder's `ratings.json`.

use crate::common::TempDir;
use std::process::Command;

/// Runs `shogiban rating ARGS` with its data and config folders under `home`.
fn rating(home: &TempDir, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_shogiban"))
        .arg("rating")
        .args(args)
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", home.path().join("data"))
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .output()
        .expect("binary runs");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
}

const GAMES: &str = r#"{
  "version": 1,
  "games": [
    {"player": "you", "date": "2026-11-28 10:00:00", "level": 1, "level_rating": 700.0,
     "level_deviation": 40.0, "side": "sente", "result": "win",
     "before": {"rating": 1500.0, "deviation": 350.0, "volatility": 0.06},
     "after": {"rating": 1520.0, "deviation": 330.0, "volatility": 0.06}},
    {"player": "hanako", "date": "2026-11-28 11:00:00", "level": 4, "level_rating": 1350.0,
     "level_deviation": 40.0, "side": "gote", "handicap": "香落ち", "result": "loss",
     "before": {"rating": 1500.0, "deviation": 350.0, "volatility": 0.06},
     "after": {"rating": 1300.0, "deviation": 290.0, "volatility": 0.06}},
    {"player": "you", "date": "2026-11-28 12:00:00", "level": 3, "level_rating": 1100.0,
     "level_deviation": 40.0, "side": "gote", "result": "loss",
     "before": {"rating": 1520.0, "deviation": 330.0, "volatility": 0.06},
     "after": {"rating": 1390.0, "deviation": 280.0, "volatility": 0.06}},
    {"player": "meijin", "date": "2026-11-28 13:00:00", "level": 10, "level_rating": 2511.0,
     "level_deviation": 217.0, "side": "sente", "result": "draw",
     "before": {"rating": 2450.0, "deviation": 90.0, "volatility": 0.06},
     "after": {"rating": 2460.0, "deviation": 85.0, "volatility": 0.06}}
  ]
}
"#;

fn home_with_games() -> TempDir {
    let home = TempDir::new("cli-rating");
    let dir = home.path().join("data").join("shogiban");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("ratings.json"), GAMES).unwrap();
    home
}

#[test]
fn a_new_player_has_no_rated_games_and_is_told_how_to_get_some() {
    let home = TempDir::new("cli-rating-new");
    let (code, out, err) = rating(&home, &[]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("you: 1000? ± 350 (0 rated games)"), "{out}");
    assert!(out.contains("No rated games yet"), "{out}");
}

#[test]
fn the_rating_and_the_recent_games_newest_first() {
    let home = home_with_games();
    let (code, out, err) = rating(&home, &[]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("you: 1390? ± 280 (2 rated games)"), "{out}");
    let noon = out.find("2026-11-28 12:00:00").expect(&out);
    let ten = out.find("2026-11-28 10:00:00").expect(&out);
    assert!(noon < ten, "{out}");
    assert!(out.contains("loss") && out.contains("-130") && out.contains("+20"), "{out}");
    assert!(!out.contains("香落ち"), "another player's game: {out}");
    let (_, out, _) = rating(&home, &["--player", "hanako"]);
    assert!(out.starts_with("hanako: 1300? ± 290 (1 rated games)") && out.contains("香落ち"), "{out}");
}

#[test]
fn json_for_programs() {
    let home = home_with_games();
    let (code, out, err) = rating(&home, &["--json", "--games", "1"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect(&out);
    assert_eq!(v["player"], "you");
    assert_eq!(v["rating"], 1390.0);
    assert_eq!(v["games"], 2);
    assert_eq!(v["provisional"], true);
    let recent = v["recent"].as_array().unwrap();
    assert_eq!(recent.len(), 1);
    assert_eq!((recent[0]["result"].as_str(), recent[0]["change"].as_f64()), (Some("loss"), Some(-130.0)));
}

#[test]
fn a_damaged_ratings_file_is_set_aside_and_said() {
    let home = TempDir::new("cli-rating-damaged");
    let dir = home.path().join("data").join("shogiban");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("ratings.json"), "{ not json").unwrap();
    let (code, out, err) = rating(&home, &[]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("does not read") && err.contains("ratings.json.broken-"), "{err}");
    assert!(out.contains("0 rated games"), "{out}");
    let kept = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().starts_with("ratings.json.broken-"));
    assert_eq!(kept.count(), 1);
}

#[test]
fn a_player_far_below_level_10_is_suggested_a_handicap_and_one_near_it_is_not() {
    let home = home_with_games();
    let top = shogiban::engine::levels::Level::MAX.rating().rating;
    // 1390: about 11 ranks below level 10, beyond the ladder's end: its largest step
    let ranks = ((top - 1390.0) / 100.0).round();
    let (code, out, err) = rating(&home, &[]);
    assert_eq!(code, 0, "{err}");
    let line = format!(
        "Against level 10 ({top:.0}), {ranks} ranks above: 六枚落ち, level 10 gives rook, bishop, both lances and both knights · from a provisional rating"
    );
    assert!(out.contains(&line), "{line}\n{out}");
    let (_, out, _) = rating(&home, &["--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).expect(&out);
    let s = &v["handicap_suggestion"];
    assert_eq!((s["level"].as_u64(), s["handicap"].as_str()), (Some(10), Some("六枚落ち")), "{v}");
    assert_eq!((s["level_rating"].as_f64(), s["ranks"].as_f64()), (Some(top.round()), Some(ranks)), "{v}");
    assert_eq!(s["line"].as_str(), Some(line.as_str()), "{v}");
    // near level 10: an even game, no handicap (null in the JSON)
    let (_, out, _) = rating(&home, &["--player", "meijin"]);
    assert!(out.starts_with("meijin: 2460 ± 85") && !out.contains("Against level"), "{out}");
    let (_, out, _) = rating(&home, &["--json", "--player", "meijin"]);
    let v: serde_json::Value = serde_json::from_str(&out).expect(&out);
    assert!(v["handicap_suggestion"].is_null(), "{v}");
}

/// The level for an even game is named as the rating screen names it (expected score nearest
/// 50 %), in the text and in the JSON, for a new player too.
#[test]
fn the_level_for_an_even_game_is_named() {
    let home = home_with_games();
    let (_, out, _) = rating(&home, &["--json", "--player", "meijin"]);
    let v: serde_json::Value = serde_json::from_str(&out).expect(&out);
    let e = &v["even_game"];
    let level = e["level"].as_u64().expect("a level") as u8;
    let figure = shogiban::engine::levels::Level::new(level).expect("a level").rating().rating;
    assert!(level >= 9, "2460 plays level 9 or 10 evenly: {v}");
    assert_eq!(e["level_rating"].as_f64(), Some(figure.round()), "{v}");
    let expected = e["expected_score"].as_f64().unwrap();
    assert!((0.2..0.8).contains(&expected), "{v}");
    let line =
        format!("For an even game: level {level} ({figure:.0}), expected score {:.0}%", expected * 100.0);
    assert_eq!(e["line"].as_str(), Some(line.as_str()), "{v}");
    let (_, out, _) = rating(&home, &["--player", "meijin"]);
    assert!(out.contains(&line), "{line}\n{out}");

    let fresh = TempDir::new("cli-rating-even");
    let (code, out, _) = rating(&fresh, &[]);
    assert_eq!(code, 0);
    assert!(out.contains("For an even game: level "), "{out}");
}

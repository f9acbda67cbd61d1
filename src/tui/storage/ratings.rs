//! The players' rated games against the computer, kept in the data folder (`ratings.json`): for
//! each game the player, when, the level and its figure, the side, the handicap, the result
//! and the player's rating before and after it (`study::rating`, Glicko-2). The file is only
//! ever rewritten whole and atomically, so a kill at any moment leaves the old or the new file;
//! a file that does not read is set aside (`ratings.json.broken-<time>`), said, and a new one
//! begun, so nothing in it is lost.

use crate::study::rating::{Opponent, Outcome, Rating, START};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The file's format version.
const VERSION: u32 = 1;

/// One rated game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatedGame {
    /// The player's name (the `player_name` setting, `you` when it is unset).
    pub player: String,
    /// When the game ended, `YYYY-MM-DD HH:MM:SS` (local time).
    pub date: String,
    /// The computer's level and its figure with the error bar it was rated at.
    pub level: u8,
    pub level_rating: f64,
    pub level_deviation: f64,
    /// The player's side: `sente` or `gote`.
    pub side: String,
    /// The handicap's name (`香落ち` …) when the game was not even.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handicap: Option<String>,
    pub result: Outcome,
    pub before: Rating,
    pub after: Rating,
    /// When the game began (the record's `開始日時`): with the player, which game this is, so
    /// a game is never rated twice (a rating written, then the app killed before the game's
    /// autosave said so).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started: Option<String>,
}

impl RatedGame {
    /// How many points the game moved the rating.
    pub fn change(&self) -> f64 {
        self.after.rating - self.before.rating
    }
}

#[derive(Serialize, Deserialize)]
struct File {
    version: u32,
    games: Vec<RatedGame>,
}

/// Everyone's rated games, oldest first, and where they are kept.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RatingBook {
    file: Option<PathBuf>,
    games: Vec<RatedGame>,
}

/// What a player's record says.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRating {
    pub player: String,
    pub rating: Rating,
    /// Rated games played.
    pub games: usize,
    /// The player's games, newest first.
    pub recent: Vec<RatedGame>,
}

impl PlayerRating {
    /// Games won, lost and drawn against each level the player met, weakest level first.
    pub fn by_level(&self) -> Vec<(u8, [usize; 3])> {
        let mut tally = std::collections::BTreeMap::<u8, [usize; 3]>::new();
        for g in &self.recent {
            tally.entry(g.level).or_default()[result_index(g.result)] += 1;
        }
        tally.into_iter().collect()
    }

    /// Games won, lost and drawn as sente and as gote.
    pub fn by_side(&self) -> [[usize; 3]; 2] {
        let mut tally = [[0; 3]; 2];
        for g in &self.recent {
            tally[usize::from(g.side != "sente")][result_index(g.result)] += 1;
        }
        tally
    }
}

/// Where a result is counted: won, lost, drawn.
fn result_index(r: Outcome) -> usize {
    match r {
        Outcome::Win => 0,
        Outcome::Loss => 1,
        Outcome::Draw => 2,
    }
}

impl RatingBook {
    /// The games kept in `file` (none when it is missing). A file that cannot be read is
    /// renamed aside and the second value says where it went; the book starts empty.
    pub fn load(file: PathBuf) -> (RatingBook, Option<String>) {
        let text = match std::fs::read(&file) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return (RatingBook { file: Some(file), games: Vec::new() }, None);
            }
            Err(e) => {
                // unreadable but there: leave it where it is, write nothing over it
                let note =
                    format!("the ratings in {} cannot be read ({e}); games are not rated", file.display());
                return (RatingBook { file: None, games: Vec::new() }, Some(note));
            }
        };
        match serde_json::from_slice::<File>(&text) {
            Ok(f) if f.version == VERSION => (RatingBook { file: Some(file), games: f.games }, None),
            Ok(f) => {
                let note = format!(
                    "the ratings in {} are of format {} (this program reads {VERSION}); games are not rated",
                    file.display(),
                    f.version
                );
                (RatingBook { file: None, games: Vec::new() }, Some(note))
            }
            Err(e) => {
                let why = format!("{e}");
                let note = match set_aside(&file) {
                    Ok(kept) => format!(
                        "the ratings file {} does not read ({why}); it is kept as {} and a new one is begun",
                        file.display(),
                        kept.display()
                    ),
                    Err(e) => format!(
                        "the ratings file {} does not read ({why}) and cannot be set aside: {e}",
                        file.display()
                    ),
                };
                (RatingBook { file: Some(file), games: Vec::new() }, Some(note))
            }
        }
    }

    /// The file the games are kept in (`None`: nowhere).
    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    /// A book kept nowhere (tests, a data folder that cannot be found).
    pub fn in_memory() -> RatingBook {
        RatingBook::default()
    }

    /// Every game, oldest first.
    pub fn games(&self) -> &[RatedGame] {
        &self.games
    }

    /// `player`'s current rating: after their last rated game, else a new player's.
    pub fn rating(&self, player: &str) -> Rating {
        self.games.iter().rev().find(|g| g.player == player).map_or(START, |g| g.after)
    }

    /// `player`'s rating, games played and games, newest first.
    pub fn player(&self, player: &str) -> PlayerRating {
        let recent: Vec<RatedGame> =
            self.games.iter().rev().filter(|g| g.player == player).cloned().collect();
        PlayerRating { player: player.to_string(), rating: self.rating(player), games: recent.len(), recent }
    }

    /// Rates a finished game of `player` against a level of figure `level`: the game is added
    /// with the rating before and after, the file written (atomically), and the game returned.
    /// On a write error the game stays in the book (until the app quits) and the error is said.
    #[allow(clippy::too_many_arguments)]
    pub fn rate(
        &mut self,
        player: &str,
        date: &str,
        level: u8,
        opponent: Opponent,
        side: &str,
        handicap: Option<&str>,
        result: Outcome,
    ) -> (RatedGame, Result<(), String>) {
        let before = self.rating(player);
        let after = before.after(&[(opponent, result)]);
        let game = RatedGame {
            started: None,
            player: player.to_string(),
            date: date.to_string(),
            level,
            level_rating: opponent.rating,
            level_deviation: opponent.deviation,
            side: side.to_string(),
            handicap: handicap.map(str::to_string),
            result,
            before,
            after,
        };
        self.games.push(game.clone());
        (game, self.write())
    }

    /// Rates `game` (a game described with its rating still to work out: `before` and `after`
    /// are replaced) unless the book already has the game that began at `game.started` for
    /// that player; the game as kept, and whether the file was written.
    pub fn rate_once(&mut self, game: &RatedGame) -> (RatedGame, Result<(), String>) {
        let same =
            |g: &&RatedGame| g.player == game.player && g.started.is_some() && g.started == game.started;
        if let Some(kept) = self.games.iter().find(same) {
            return (kept.clone(), Ok(()));
        }
        let opponent = Opponent { rating: game.level_rating, deviation: game.level_deviation };
        let before = self.rating(&game.player);
        let rated = RatedGame { before, after: before.after(&[(opponent, game.result)]), ..game.clone() };
        self.games.push(rated.clone());
        (rated, self.write())
    }

    fn write(&self) -> Result<(), String> {
        let Some(file) = &self.file else { return Ok(()) };
        let f = File { version: VERSION, games: self.games.clone() };
        let mut text = serde_json::to_string_pretty(&f).map_err(|e| e.to_string())?;
        text.push('\n');
        if let Some(dir) = file.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        crate::record::io::write_file_atomically(file, text.as_bytes())
            .map_err(|e| format!("the rating could not be saved to {}: {e}", file.display()))
    }
}

/// Renames `file` to `<name>.broken-<time>` (a free name) and returns the new path.
fn set_aside(file: &Path) -> std::io::Result<PathBuf> {
    let stamp: String = super::now_string().chars().filter(char::is_ascii_digit).collect();
    let name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let mut kept = file.with_file_name(format!("{name}.broken-{stamp}"));
    let mut n = 1;
    while kept.exists() {
        kept = file.with_file_name(format!("{name}.broken-{stamp}-{n}"));
        n += 1;
    }
    std::fs::rename(file, &kept)?;
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::test_dir::TempDir;

    const LEVEL: Opponent = Opponent { rating: 1400.0, deviation: 50.0 };

    #[test]
    fn rated_games_are_kept_across_loads_per_player() {
        let d = TempDir::new("ratings-kept");
        let path = d.0.join("data").join("ratings.json");
        let (mut book, note) = RatingBook::load(path.clone());
        assert_eq!(note, None);
        assert_eq!(book.rating("you"), START);
        let (g, written) = book.rate("you", "2026-11-28 10:00:00", 3, LEVEL, "sente", None, Outcome::Loss);
        written.unwrap();
        assert!(g.change() < 0.0 && g.after.rating < START.rating, "{g:?}");
        book.rate("hanako", "2026-11-28 11:00:00", 5, LEVEL, "gote", Some("香落ち"), Outcome::Win).1.unwrap();
        let (again, note) = RatingBook::load(path);
        assert_eq!(note, None);
        assert_eq!(again, book);
        let you = again.player("you");
        assert_eq!((you.games, you.rating), (1, g.after));
        assert_eq!(you.recent[0].level, 3);
        let hanako = again.player("hanako");
        assert!(hanako.rating.rating > START.rating);
        assert_eq!(hanako.recent[0].handicap.as_deref(), Some("香落ち"));
        assert_eq!(again.player("nobody").games, 0);
        assert_eq!(you.by_level(), vec![(3, [0, 1, 0])]);
        assert_eq!(hanako.by_side(), [[0, 0, 0], [1, 0, 0]]);
    }

    #[test]
    fn a_game_is_rated_once_however_often_it_is_handed_in() {
        let d = TempDir::new("ratings-once");
        let path = d.0.join("ratings.json");
        let (mut book, _) = RatingBook::load(path.clone());
        let game = RatedGame {
            player: "you".into(),
            date: "2026-11-28 10:30:00".into(),
            level: 1,
            level_rating: 500.0,
            level_deviation: 150.0,
            side: "sente".into(),
            handicap: None,
            result: Outcome::Loss,
            before: START,
            after: START,
            started: Some("2026/11/28 10:00:00".into()),
        };
        let (first, written) = book.rate_once(&game);
        written.unwrap();
        assert!(first.after.rating < START.rating, "{first:?}");
        let (mut again, _) = RatingBook::load(path.clone());
        let (second, _) = again.rate_once(&game);
        assert_eq!(second, first);
        assert_eq!(RatingBook::load(path).0.player("you").games, 1);
        // another game of the same player is rated from the rating the first left
        let next = RatedGame { started: Some("2026/11/28 11:00:00".into()), ..game };
        let (third, _) = again.rate_once(&next);
        assert_eq!(third.before, first.after);
    }

    #[test]
    fn a_damaged_file_is_set_aside_said_and_a_new_one_begun() {
        let d = TempDir::new("ratings-damaged");
        let path = d.0.join("ratings.json");
        std::fs::write(&path, "{\"version\": 1, \"games\": [ {\"player\": \"you\"").unwrap();
        let (mut book, note) = RatingBook::load(path.clone());
        let note = note.expect("a note");
        assert!(note.contains("ratings.json.broken-") && note.contains("does not read"), "{note}");
        let kept: Vec<_> = std::fs::read_dir(&d.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("ratings.json.broken-"))
            .collect();
        assert_eq!(kept.len(), 1);
        assert!(std::fs::read_to_string(d.0.join(&kept[0])).unwrap().contains("\"player\": \"you\""));
        book.rate("you", "2026-11-28 10:00:00", 1, LEVEL, "sente", None, Outcome::Win).1.unwrap();
        assert_eq!(RatingBook::load(path).0.player("you").games, 1);
    }

    #[test]
    fn a_file_of_another_format_is_left_alone() {
        let d = TempDir::new("ratings-version");
        let path = d.0.join("ratings.json");
        std::fs::write(&path, "{\"version\": 9, \"games\": []}").unwrap();
        let (mut book, note) = RatingBook::load(path.clone());
        assert!(note.unwrap().contains("format 9"));
        book.rate("you", "2026-11-28 10:00:00", 1, LEVEL, "sente", None, Outcome::Win).1.unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{\"version\": 9, \"games\": []}");
    }
}

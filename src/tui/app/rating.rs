//! The player's rating in the app (decision 0038): whether the game being played is rated and,
//! when something makes it unrated, why; a finished rated game handed to the files lane to be
//! rated and written (never here); the rated games as last read, for the line after the game
//! and the rating screen. The arithmetic is `study::rating`'s, the file `storage::ratings`'.
//!
//! A game is rated when one person plays a built-in level from the even start (no handicap, no
//! set-up position, no external engine) and plays it to an end (詰み, 投了, 切れ負け, 千日手,
//! 持将棋, 入玉宣言, the move limit) with no take-back, hint, analysis, position edit, takeover
//! or level change. What is seen in the record (a take-back's `待った` comment or a branch on
//! the game's line, the `ヒントを使用` / `検討を使用` notes) is read from it, so a game resumed
//! from its autosave is judged by the same marks.

use super::{NewGameChoice, Outbox, Player, Status};
use crate::engine::levels::Level;
use crate::record::{GameRecord, NodeId, Outcome as RecordOutcome};
use crate::study::rating::Outcome;
use crate::tui::jobs::FileJob;
use crate::tui::storage::ratings::{RatedGame, RatingBook};
use crate::tui::text::rating::RatingText;
use serde::{Deserialize, Serialize};

/// Why a game is not rated.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Unrated {
    /// The game began where ratings were not kept (a session file without a rating standing).
    #[default]
    NotKept,
    /// Not one person against the built-in computer.
    NotAgainstLevel,
    ExternalEngine,
    /// Handicap games are unrated until the handicaps are measured (decision 0038).
    Handicap,
    /// The game began from a position set up in the editor.
    SetUpPosition,
    TakeBack,
    Hint,
    Analysis,
    PositionEdit,
    /// The person handed a side to the computer or took the computer's side.
    Takeover,
    LevelChange,
}

impl Unrated {
    /// Whether something done during the game made it unrated (not how it began).
    pub fn during_game(self) -> bool {
        matches!(
            self,
            Unrated::TakeBack
                | Unrated::Hint
                | Unrated::Analysis
                | Unrated::PositionEdit
                | Unrated::Takeover
                | Unrated::LevelChange
        )
    }

    /// The reason in words.
    pub fn words(self, t: &RatingText) -> &'static str {
        t.reasons[self as usize]
    }
}

/// Where the game being played stands for the rating. Kept in the game's session, so a game
/// resumed after a crash or a restart stays as it was.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RatedStanding {
    /// Rated so far: the person plays sente (or gote) against `level`.
    Rated {
        sente: bool,
        level: Level,
    },
    Unrated(Unrated),
    /// Played to an end and handed in to be rated.
    Handed,
}

impl Default for RatedStanding {
    fn default() -> RatedStanding {
        RatedStanding::Unrated(Unrated::NotKept)
    }
}

impl RatedStanding {
    /// Whether a game of `choice` (with an external engine or not, from the editor's position
    /// or not) is rated when it begins.
    pub fn of_choice(choice: &NewGameChoice, external_engine: bool, set_up: bool) -> RatedStanding {
        let players = choice.mode.players();
        let Some(human) = players.iter().position(|&p| p == Player::Human) else {
            return RatedStanding::Unrated(Unrated::NotAgainstLevel);
        };
        if players[1 - human] != Player::Engine {
            return RatedStanding::Unrated(Unrated::NotAgainstLevel);
        }
        let why = if external_engine {
            Unrated::ExternalEngine
        } else if set_up {
            Unrated::SetUpPosition
        } else if !crate::record::HANDICAPS[choice.handicap.min(crate::record::HANDICAPS.len() - 1)].is_even()
        {
            Unrated::Handicap
        } else {
            return RatedStanding::Rated { sente: human == 0, level: choice.levels()[1 - human] };
        };
        RatedStanding::Unrated(why)
    }
}

/// What the room reads of the game after an event.
pub(super) struct GameFacts<'a> {
    /// Which game the record is (`App`'s count of new games).
    pub serial: u64,
    pub players: [Player; 2],
    pub levels: [Level; 2],
    /// The position editor is open.
    pub editing: bool,
    /// Analysis (検討) or the whole-game analysis runs.
    pub analysing: bool,
    pub record: &'a GameRecord,
    /// The position shown.
    pub node: NodeId,
    /// The name the player is rated under.
    pub player: String,
}

/// The rating's room: the standing of the game being played, the rated games as last read.
#[derive(Debug, Default)]
pub struct Rating {
    standing: RatedStanding,
    /// The game `standing` is of.
    serial: u64,
    book: RatingBook,
}

impl Rating {
    /// The rated games as read at launch (and as each rating since left them).
    pub(super) fn with_book(book: RatingBook) -> Rating {
        Rating { book, ..Rating::default() }
    }

    /// Where the game being played stands.
    pub fn standing(&self) -> RatedStanding {
        self.standing
    }

    /// Every rated game, as last read.
    pub fn book(&self) -> &RatingBook {
        &self.book
    }

    /// The game of `record` (by its start time) with its rating, when `player` played it rated.
    pub fn rated(&self, record: &GameRecord, player: &str) -> Option<&RatedGame> {
        let started = record.header("開始日時")?;
        self.book.games().iter().rev().find(|g| g.player == player && g.started.as_deref() == Some(started))
    }

    /// Game `serial` begins (or comes back) with `standing`.
    pub(super) fn begin(&mut self, serial: u64, standing: RatedStanding) {
        self.serial = serial;
        self.standing = standing;
    }

    /// After an event: a rated game that something made unrated says why in the status line; a
    /// rated game played to an end is handed to the files lane. Whether the standing changed
    /// (the session is then written again).
    pub(super) fn after_event(
        &mut self,
        facts: &GameFacts,
        t: &RatingText,
        status: &mut Status,
        outbox: &mut Outbox,
    ) -> bool {
        if facts.serial != self.serial {
            // another record took the game's place (a file opened, a record pasted)
            self.serial = facts.serial;
            self.standing = RatedStanding::Unrated(Unrated::NotAgainstLevel);
            return false;
        }
        let RatedStanding::Rated { sente, level } = self.standing else { return false };
        if let Some(why) = disqualified(facts, sente, level) {
            self.standing = RatedStanding::Unrated(why);
            add_to_status(status, (t.unrated)(why.words(t)));
            return true;
        }
        let Some(result) = ending(facts, sente) else { return false };
        let level_rating = level.rating();
        let game = RatedGame {
            player: facts.player.clone(),
            date: crate::tui::storage::now_string().replace('/', "-"),
            level: level.get(),
            level_rating: level_rating.rating,
            level_deviation: level_rating.deviation,
            side: if sente { "sente" } else { "gote" }.to_string(),
            handicap: None,
            result,
            before: crate::study::rating::START,
            after: crate::study::rating::START,
            started: facts.record.header("開始日時").map(str::to_string),
        };
        outbox.start(FileJob::Rate { book: Box::new(self.book.clone()), game: Box::new(game) });
        self.standing = RatedStanding::Handed;
        true
    }

    /// The files lane rated the game: the book as it now stands, the game with its rating
    /// (said after the game's ending: `rating 1412 ± 86 (+23)`), whether the file was written,
    /// and a note when the file did not read.
    pub(super) fn rated_now(
        &mut self,
        report: (RatingBook, RatedGame, Result<(), String>, Option<String>),
        t: &RatingText,
        status: &mut Status,
    ) {
        let (book, game, written, note) = report;
        let r = game.after;
        add_to_status(status, (t.after_game)(&r.figure(), game.change(), r.is_provisional()));
        if let Err(e) = written {
            add_to_status(status, (t.not_saved)(&e));
        }
        if let Some(note) = note {
            add_to_status(status, note);
        }
        self.book = book;
    }
}

/// Says `more` after what the status line says (alone when it says nothing).
pub(super) fn add_to_status(status: &mut Status, more: String) {
    let text = if status.text().is_empty() { more } else { format!("{} · {more}", status.text()) };
    status.set(text);
}

/// What makes a rated game unrated, seen after an event.
fn disqualified(facts: &GameFacts, sente: bool, level: Level) -> Option<Unrated> {
    let (human, computer) = if sente { (0, 1) } else { (1, 0) };
    if facts.editing {
        return Some(Unrated::PositionEdit);
    }
    if facts.players[human] != Player::Human || facts.players[computer] != Player::Engine {
        return Some(Unrated::Takeover);
    }
    if facts.levels[computer] != level {
        return Some(Unrated::LevelChange);
    }
    if facts.analysing {
        return Some(Unrated::Analysis);
    }
    let rec = facts.record;
    let line = std::iter::once(crate::record::ROOT).chain(rec.path_to(facts.node));
    for id in line {
        let node = rec.node(id);
        let branched = node.parent().is_some_and(|p| rec.node(p).children().len() > 1);
        if branched || node.comments.iter().any(|c| c.starts_with("待った")) {
            return Some(Unrated::TakeBack);
        }
        if node.comments.iter().any(|c| c == "ヒントを使用") {
            return Some(Unrated::Hint);
        }
        if node.comments.iter().any(|c| c == "検討を使用") {
            return Some(Unrated::Analysis);
        }
    }
    None
}

/// The person's result when the game ends at the position shown (the side playing sente or
/// not); `None` while it goes on or when it stopped without a result (中断).
fn ending(facts: &GameFacts, sente: bool) -> Option<Outcome> {
    let rec = facts.record;
    let special = rec.node(facts.node).special.as_ref()?;
    let side = if sente { crate::core::Color::Black } else { crate::core::Color::White };
    match special.kind.outcome(rec.side_to_move_at(facts.node)) {
        RecordOutcome::Win(c) if c == side => Some(Outcome::Win),
        RecordOutcome::Win(_) => Some(Outcome::Loss),
        RecordOutcome::Draw => Some(Outcome::Draw),
        RecordOutcome::None => None,
    }
}

//! What the app must remember besides the record to bring an unfinished game back exactly as
//! it was: who plays which side, the level, the clocks, where the game stands, the board's
//! orientation. Written next to the autosave (see `storage`) and read on the next launch.
//! Also the 中断 ending written when a player leaves a game mid-way, taken off on resuming.

use super::Player;
use super::clock::{GameClock, TimeControl, TimeControls};
use crate::engine::levels::Level;
use crate::record::{Cursor, GameRecord, NodeId, Special, SpecialKind};
use serde::{Deserialize, Serialize};
use std::time::Instant;

/// The clocks of a timed game as they stood: used and remaining main time per side (ms).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockState {
    /// ☗'s main time and byoyomi (both sides' when `controls` is missing).
    pub main_ms: u64,
    pub byoyomi_ms: u64,
    /// Each side's time control, increment included.
    #[serde(default)]
    pub controls: Option<TimeControls>,
    pub remaining: [u64; 2],
    pub used: [u64; 2],
}

/// The app's side of an autosaved game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Session {
    pub players: [Player; 2],
    pub level: u8,
    /// ☖'s level when it differs from ☗'s (computer vs computer); `None`: the same.
    pub gote_level: Option<u8>,
    pub clock: Option<ClockState>,
    /// Where the game stands, as child indices from the start (see `App::node_path`).
    pub path: Vec<usize>,
    pub flipped: bool,
    pub pace_ms: u64,
    pub paused: bool,
    /// The file the record belongs to, if any.
    pub file: Option<std::path::PathBuf>,
    /// Whether the record is a game being played (not a file opened for review).
    pub playing: bool,
    /// The digest of the autosave written beside this session file (`storage::autosave_digest`): an
    /// autosave that does not match was changed or damaged since.
    pub record_digest: Option<String>,
    /// Whether the game is rated (and if not, why), or was handed in to be rated.
    pub rating: super::RatedStanding,
    /// The names the new-game dialog gave the two players at one keyboard.
    pub names: Option<[String; 2]>,
}

impl Default for Session {
    fn default() -> Self {
        Session {
            players: [Player::Human, Player::Engine],
            level: super::DEFAULT_LEVEL.get(),
            gote_level: None,
            clock: None,
            path: Vec::new(),
            flipped: false,
            pace_ms: super::DEFAULT_PACE_MS,
            paused: false,
            file: None,
            names: None,
            playing: true,
            record_digest: None,
            rating: Default::default(),
        }
    }
}

impl Session {
    /// The session read from its file's text (as the store gives it back); without one, the
    /// defaults at the end of the record's main line.
    pub fn from_file(text: Option<&str>, record: &GameRecord) -> Session {
        text.and_then(|t| serde_json::from_str(t).ok())
            .unwrap_or_else(|| Session { path: vec![0; record.main_line().len()], ..Session::default() })
    }
}

impl ClockState {
    /// The clocks of `clock` as they stand at `now`: the side to move's time is charged up to
    /// `now` while the game `runs`.
    pub(super) fn of(
        c: &GameClock,
        side_to_move: crate::core::Color,
        runs: bool,
        now: Instant,
    ) -> ClockState {
        let mut remaining = c.remaining;
        let mut used = c.used;
        if runs {
            let i = side_to_move.index();
            let spent = c.elapsed(now);
            remaining[i] = remaining[i].saturating_sub(spent);
            used[i] += spent;
        }
        let tc = c.control(crate::core::Color::Black);
        ClockState { main_ms: tc.main_ms, byoyomi_ms: tc.byoyomi_ms, controls: c.tc, remaining, used }
    }

    /// A game clock as these clocks stood, stopped (the time the program was not running is
    /// not charged).
    pub(super) fn stopped_clock(&self, now: Instant) -> GameClock {
        let tc = self.controls.unwrap_or([TimeControl::new(self.main_ms, self.byoyomi_ms); 2]);
        let mut clock = GameClock::new(Some(tc), now);
        clock.remaining = self.remaining;
        clock.used = self.used;
        clock.stopped = true;
        clock
    }
}

impl Session {
    /// The names of the two players at one keyboard, as far as a name typed in the new-game
    /// dialog could be each (names from a file are checked as such).
    pub(super) fn checked_names(&self) -> Option<[String; 2]> {
        let checked = |n: &String| crate::tui::settings::check_player_name(n).ok();
        self.names.as_ref().and_then(|[b, w]| Some([checked(b)?, checked(w)?]))
    }

    /// The computer's level on each side (☗, ☖).
    pub(super) fn levels(&self) -> [Level; 2] {
        let level = Level::nearest(self.level as i64);
        [level, self.gote_level.map_or(level, |l| Level::nearest(l as i64))]
    }
}

/// Whether the game at the place `game` shows can go on (nothing has ended it).
pub(super) fn unfinished(game: &Cursor) -> bool {
    let end = line_end(game);
    let rec = game.record();
    rec.node(end).special.is_none() && !rec.position_at(end).status().is_over()
}

/// The last node of the line through the place shown that redo would follow.
pub(super) fn line_end(game: &Cursor) -> NodeId {
    redo_line(game).last().copied().unwrap_or(game.node())
}

/// The nodes after the place shown along the line redo would follow (the branch last taken at
/// each step, else the main continuation).
pub(super) fn redo_line(game: &Cursor) -> Vec<NodeId> {
    let rec = game.record();
    let mut line = Vec::new();
    let mut n = game.node();
    loop {
        let node = rec.node(n);
        let next = match node.last_child {
            Some(i) => node.children().get(i).copied(),
            None => node.continuation(),
        };
        match next {
            Some(c) => {
                line.push(c);
                n = c;
            }
            None => return line,
        }
    }
}

/// The player leaves a game being played (`playing`): a game in progress gets 中断 at the end
/// of its line, so the record says how it stopped (and resuming takes it off again). `true`
/// when the record changed.
pub(super) fn interrupt(game: &mut Cursor, playing: bool) -> bool {
    if !playing || game.ply() == 0 && game.record().node(crate::record::ROOT).children().is_empty() {
        return false;
    }
    if !unfinished(game) {
        return false;
    }
    let end = line_end(game);
    game.record_mut().set_special(end, Some(Special::new(SpecialKind::Interrupt)));
    true
}

/// Takes off the 中断 ending written when the game was left, if there is one.
pub(super) fn take_off_interrupt(game: &mut Cursor) {
    let end = line_end(game);
    if game.record().node(end).special.as_ref().is_some_and(|s| s.kind == SpecialKind::Interrupt) {
        game.record_mut().set_special(end, None);
    }
}

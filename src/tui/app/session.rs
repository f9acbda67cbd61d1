//! What the app must remember besides the record to bring an unfinished game back exactly as
//! it was: who plays which side, the level, the clocks, where the game stands, the board's
//! orientation. Written next to the autosave (see `storage`) and read on the next launch.
//! Also the 中断 ending written when a player leaves a game mid-way, taken off on resuming.

use super::clock::{GameClock, TimeControl, TimeControls};
use super::{App, Player};
use crate::engine::levels::Level;
use crate::record::{GameRecord, NodeId, Special, SpecialKind};
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

impl App {
    /// The session to write next to the autosave; the side to move's clock is charged up to
    /// `now`.
    pub fn session(&self, now: Instant) -> Session {
        let clock = self.clock().map(|c| {
            let mut remaining = c.remaining;
            let mut used = c.used;
            if !self.line_ended() && !self.status().is_over() {
                let i = self.pos().side_to_move().index();
                let spent = c.elapsed(now);
                remaining[i] = remaining[i].saturating_sub(spent);
                used[i] += spent;
            }
            let tc = c.control(crate::core::Color::Black);
            ClockState { main_ms: tc.main_ms, byoyomi_ms: tc.byoyomi_ms, controls: c.tc, remaining, used }
        });
        Session {
            players: self.play.players,
            level: self.play.levels[0].get(),
            gote_level: (self.play.levels[1] != self.play.levels[0]).then_some(self.play.levels[1].get()),
            clock,
            path: self.node_path(),
            flipped: self.board.flipped,
            pace_ms: self.play.computer.pace_ms,
            paused: self.play.computer.paused,
            file: self.saving.file.clone(),
            playing: self.standing.playing,
            record_digest: Some(crate::tui::storage::autosave_digest(self.record())),
            rating: self.rating.standing(),
            names: self.play.names.clone(),
        }
    }

    /// The game of `record` brought back as `session` left it: same place, players, level and
    /// clocks. A timed game comes back paused, its clocks stopped (the time the program was not
    /// running is not charged) until the player resumes it or moves. A 中断 ending written when
    /// the game was left is taken off.
    pub fn resume(
        record: GameRecord,
        session: &Session,
        settings: crate::tui::settings::Settings,
        now: Instant,
    ) -> App {
        let mut app = App::with_record(record);
        app.set_settings(settings);
        app.play.players = session.players;
        // names from a file: only as a name typed in the dialog could be
        let checked = |n: &String| crate::tui::settings::check_player_name(n).ok();
        app.play.names = session.names.as_ref().and_then(|[b, w]| Some([checked(b)?, checked(w)?]));
        let level = Level::nearest(session.level as i64);
        app.play.levels = [level, session.gote_level.map_or(level, |l| Level::nearest(l as i64))];
        app.play.clock = session.clock.as_ref().map(|c| {
            let tc = c.controls.unwrap_or([TimeControl::new(c.main_ms, c.byoyomi_ms); 2]);
            let mut clock = GameClock::new(Some(tc), now);
            clock.remaining = c.remaining;
            clock.used = c.used;
            clock.stopped = true;
            clock
        });
        app.board.flipped = session.flipped;
        app.play.computer.pace_ms = session.pace_ms;
        app.play.computer.paused = session.paused || app.play.clock.as_ref().is_some_and(GameClock::timed);
        app.saving.file = session.file.clone();
        app.standing.playing = session.playing;
        app.standing.review = !session.playing;
        app.standing.resumed = true;
        app.rating.begin(app.standing.game_serial, session.rating);
        app.goto_path(&session.path);
        if app.play.clock.is_none() && app.standing.playing {
            // an untimed game's stopwatch: the totals so far are the record's
            app.play.clock = Some(GameClock::new(None, now));
            app.restore_clock_here(now);
        }
        let end = app.line_end();
        if app.record().node(end).special.as_ref().is_some_and(|s| s.kind == SpecialKind::Interrupt) {
            app.game.record_mut().set_special(end, None);
        }
        app
    }

    /// Whether the game at this place can go on (nothing has ended it).
    pub fn unfinished(&self) -> bool {
        let end = self.line_end();
        let rec = self.record();
        rec.node(end).special.is_none() && !rec.position_at(end).status().is_over()
    }

    /// The last node of the line through here that redo would follow.
    fn line_end(&self) -> NodeId {
        self.redo_line().last().copied().unwrap_or(self.game.node())
    }

    /// The nodes after here along the line redo would follow (the branch last taken at each
    /// step, else the main continuation).
    pub fn redo_line(&self) -> Vec<NodeId> {
        let rec = self.game.record();
        let mut line = Vec::new();
        let mut n = self.game.node();
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

    /// The player leaves: a game in progress gets 中断 at the end of its line, so the record
    /// says how it stopped (and resuming takes it off again).
    pub fn interrupt_game(&mut self) {
        if !self.standing.playing
            || self.ply() == 0 && self.game.record().node(crate::record::ROOT).children().is_empty()
        {
            return;
        }
        if !self.unfinished() {
            return;
        }
        let end = self.line_end();
        self.game.record_mut().set_special(end, Some(Special::new(SpecialKind::Interrupt)));
        self.saving.dirty = true;
    }
}

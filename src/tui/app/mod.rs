//! The application state and every change to it. `App` keeps what is shared (the record, the
//! status line, the outbox, the settings, the board as handled, the game as played, the mode)
//! and the rooms: each mode's and feature's own state, whose transitions are methods on that
//! state taking a narrow context (`ctx.rs`, decision 0032). The fields are private, so the
//! input layer can only ask for changes and the view can only read. No drawing,
//! no terminal I/O and no rules logic here: legality, endings and notation come from `core` and
//! `record`.
//!
//! `impl App` is in three files: this one (construction, resuming, the reads the view and the
//! loop make), `mode.rs` (what is on top, `Mode` and `Overlay`, and the dispatch: each action
//! handed to its room, what the room hands back carried out) and `jobs.rs` (commands out,
//! reports in). The rooms: `editor` (局面編集), `tsume` (詰将棋), `learn` (復習), `library`
//! (棋譜一覧) and `explorer`, `online` and `online_form` (online play), `popups` (modal
//! windows), `comments`, `navigate` (the variations list), `settings_menu`, `line` (the text
//! box and saving), `selection` (the board cursor, picking up and putting down pieces), `game`
//! (moves, take-backs, endings), `engine` (the computer's play), `new_game`, `clock`, `study`
//! and `threats` (analysis, hints, the threat indicator), `session` (resuming), `paste`.

mod board_view;
mod candidates;
pub mod clock;
mod comments;
mod ctx;
mod editor;
mod engine;
mod explorer;
mod game;
mod jobs;
mod learn;
mod library;
mod line;
pub mod line_editor;
mod mode;
mod navigate;
mod new_game;
mod online;
mod online_events;
mod online_form;
mod outbox;
mod paste;
mod popups;
mod rating;
mod selection;
mod session;
mod settings_menu;
mod status;
mod study;
mod threats;
mod tsume;

pub use crate::tui::settings::{DEFAULT_LEVEL, GameMode, Player};
pub use board_view::{Focus, Selection};
pub use candidates::{Candidate, Offered};
pub use comments::{COMMENT_WIDTH, CommentEditor};
pub use ctx::Ctx;
pub use editor::{Editor, EditorExit, EditorSlot};
pub use engine::{DEFAULT_PACE_MS, PACES_MS};
pub use learn::{Item, Learn, Phase, Same, Verdict, side_label};
pub use library::{Library, origin_word, result_words};
pub use line::{InputKind, LineInput};
pub use mode::{Mode, Overlay};
pub use navigate::{VariationList, subtree_moves};
pub use new_game::{ClockPart, NewGameChoice};
pub use online::{Online, OnlineSecrets, PROTOCOL_LINES, ProtocolLine, Stage, Watched};
pub use online_form::{FormField, OnlineForm, PlayAs};
pub use outbox::Outbox;
pub use popups::Popup;
pub use rating::{RatedStanding, Rating, Unrated};
pub use session::{ClockState, Session};
pub use settings_menu::{SettingItem, SettingsScreen, clock_label, options_text, parse_options};
pub use status::Status;
pub use tsume::{Problem, Tsume, shipped_problems};

use crate::core::{ImpasseRule, Position, Square};
use crate::engine::levels::Level;
use crate::record::{Cursor, GameRecord, NodeId};
use clock::GameClock;

use super::storage::now_string;

pub struct App {
    /// The game record and the position being shown (undo/redo and variations live here).
    game: Cursor,
    /// The record's file and how its saving stands; whether the record and the settings
    /// changed since they were last handed out to be written.
    saving: line::Saving,
    /// The board page as the player handles and sees it: the cursor, the focus, a piece picked
    /// up, the side shown at the bottom, the record panel's scroll and times, the colours.
    board: board_view::BoardView,
    /// The page shown: the board, the editor, tsume or learn mode, with that mode's state.
    mode: Mode,
    /// The popup or the one-line text box over the page, when one is open.
    overlay: Option<Overlay>,
    /// The game library's places, what its scan found, and the opening explorer shown or not.
    shelf: library::Shelf,
    /// The status line.
    status: Status,
    /// The game as it is played: the players and their levels, the computer's play, the
    /// clock and its byoyomi count, the impasse rule.
    play: Play,
    /// What the record shown is (a game played, a record reviewed) and where the app stands.
    standing: Standing,
    /// The player's settings (language, pieces, the next game's choices ...).
    settings: crate::tui::settings::Settings,
    /// The keys in force (the table's with the settings' remaps).
    keymap: crate::tui::keymap::Keymap,
    /// Analysis (検討), hints, the whole-game analysis and the threat indicator.
    study: study::Study,
    /// The tsume problems solved (the problem being solved is `Mode::Tsume`'s).
    tsume: tsume::TsumeState,
    /// The online password from the environment and the remembered ones.
    secrets: online::OnlineSecrets,
    /// What the app asks the event loop to do, in order.
    outbox: Outbox,
}

/// The game as it is played on the board.
#[derive(Debug)]
struct Play {
    players: [Player; 2],
    /// The level of the computer playing each side (☗, ☖); they differ only in computer vs
    /// computer.
    levels: [Level; 2],
    /// The computer's play: the search waited for, its thinking, the pace, pausing and holding.
    computer: engine::ComputerPlay,
    /// The impasse rule declarations are judged by.
    impasse_rule: ImpasseRule,
    /// The game clock, when the game is timed.
    clock: Option<GameClock>,
    /// The byoyomi count: the seconds counted and the clock panel's flash.
    count: clock::Count,
    /// The names the new-game dialog gave ☗ and ☖ in a two-player game (`None`: the default
    /// names).
    names: Option<[String; 2]>,
    /// The player's rating: whether the game being played is rated, the rated games.
    rating: Rating,
}

impl Default for Play {
    fn default() -> Play {
        Play {
            players: [Player::Human, Player::Human],
            levels: [DEFAULT_LEVEL; 2],
            computer: engine::ComputerPlay::default(),
            impasse_rule: ImpasseRule::default(),
            clock: None,
            count: Default::default(),
            names: None,
            rating: Rating::default(),
        }
    }
}

/// What the record shown is, and where the app stands.
#[derive(Debug, Default)]
struct Standing {
    /// The player asked to leave.
    should_quit: bool,
    /// The record is a game being played (a new or resumed game), not a file under review.
    playing: bool,
    /// The record was opened, pasted or set up to be reviewed (not a game, not a blank
    /// board): the status line says so and ← / → step through it.
    review: bool,
    /// Counts new games started, so the event loop knows when the autosave changes games.
    game_serial: u64,
    /// The game came back from the autosave (so the autosave is this game's).
    resumed: bool,
}

impl App {
    pub fn new(start: Position) -> App {
        let mut rec = GameRecord::new(start);
        rec.set_header("開始日時", &now_string());
        App::with_record(rec)
    }

    /// Opens a record for review (at its start).
    pub fn with_record(record: GameRecord) -> App {
        let study = study::Study::new(&record);
        App {
            study,
            game: Cursor::new(record),
            saving: Default::default(),
            board: board_view::BoardView::default(),
            mode: Mode::Board,
            overlay: None,
            shelf: Default::default(),
            status: Status::default(),
            play: Play::default(),
            standing: Standing::default(),
            settings: crate::tui::settings::Settings::default(),
            keymap: crate::tui::keymap::Keymap::defaults(),
            tsume: tsume::TsumeState::default(),
            secrets: Default::default(),
            outbox: Outbox::default(),
        }
    }

    /// Uses `settings` from now on (read at launch; not marked for saving).
    pub fn set_settings(&mut self, settings: crate::tui::settings::Settings) {
        self.play.levels = NewGameChoice::from_settings(&settings).levels();
        self.play.impasse_rule = settings.impasse_rule.core();
        self.play.computer.pace_ms = settings.min_move_ms;
        // the remaps were checked, and what was wrong said, when the settings were read
        self.keymap = crate::tui::keymap::Keymap::with_remaps(&settings.key_remaps()).0;
        self.settings = settings;
    }

    /// Opens the record read from `path` for review, with `message` shown.
    pub fn opened(record: GameRecord, path: &std::path::Path, message: String) -> App {
        let mut app = App::with_record(record);
        app.standing.review = true;
        app.saving.file = Some(path.to_path_buf());
        app.status.set(message);
        app
    }

    /// Marks the record as not read whole from its file (`problem` says what could not be
    /// read): saving over that file asks first and proposes `free_name` (a name beside it
    /// that names no file).
    pub fn mark_read_with_errors(&mut self, problem: String, free_name: std::path::PathBuf) {
        self.saving.read_with_errors = Some((problem, free_name));
    }

    /// A game as `settings` describe the next one (the first launch ever: you against the
    /// computer), ready to play.
    pub fn new_game(settings: crate::tui::settings::Settings) -> App {
        let mut app = App::with_record(GameRecord::default());
        app.set_settings(settings);
        app.start_new_game(app.last_choice());
        app
    }

    /// The game of `record` brought back as `session` left it: same place, players, level and
    /// clocks. A timed game comes back paused, its clocks stopped (the time the program was not
    /// running is not charged) until the player resumes it or moves. A 中断 ending written when
    /// the game was left is taken off.
    pub fn resume(
        record: GameRecord,
        session: &Session,
        settings: crate::tui::settings::Settings,
        now: std::time::Instant,
    ) -> App {
        let mut app = App::with_record(record);
        app.set_settings(settings);
        app.play.players = session.players;
        app.play.names = session.checked_names();
        app.play.levels = session.levels();
        app.play.clock = session.clock.as_ref().map(|c| c.stopped_clock(now));
        app.board.flipped = session.flipped;
        app.play.computer.pace_ms = session.pace_ms;
        app.play.computer.paused = session.paused || app.play.clock.as_ref().is_some_and(GameClock::timed);
        app.saving.file = session.file.clone();
        app.standing.playing = session.playing;
        app.standing.review = !session.playing;
        app.standing.resumed = true;
        app.play.rating.begin(app.standing.game_serial, session.rating);
        app.goto_path(&session.path);
        if app.play.clock.is_none() && app.standing.playing {
            // an untimed game's stopwatch: the totals so far are the record's
            app.play.clock = Some(GameClock::new(None, now));
            app.play.restore_clock_here(&app.game, now);
        }
        session::take_off_interrupt(&mut app.game);
        app
    }

    // ---- reading the state (for the view and the event loop) ----

    pub fn settings(&self) -> &crate::tui::settings::Settings {
        &self.settings
    }

    /// Whether the settings changed since the last call (the event loop then writes the file).
    pub fn take_settings_dirty(&mut self) -> bool {
        std::mem::take(&mut self.saving.settings_dirty)
    }

    /// The interface text in the chosen language.
    pub fn text(&self) -> &'static crate::tui::text::Text {
        crate::tui::text::Text::of(self.settings.language)
    }

    /// The session to write next to the autosave; the side to move's clock is charged up to
    /// `now`.
    pub fn session(&self, now: std::time::Instant) -> Session {
        let runs = !self.line_ended() && !self.status().is_over();
        let clock = self.clock().map(|c| ClockState::of(c, self.pos().side_to_move(), runs, now));
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
            rating: self.play.rating.standing(),
            names: self.play.names.clone(),
        }
    }

    /// Whether the board shows a record under review: a record opened, pasted or set up for
    /// review, or a game that is over. ← / → then step through it.
    pub fn reviewing(&self) -> bool {
        matches!(self.mode, Mode::Board)
            && (self.under_review() || self.standing.playing && !self.unfinished())
    }

    /// Whether the record panel shows each move's time.
    pub fn show_times(&self) -> bool {
        self.board.show_times
    }

    /// The last move number of the line shown (the path here and what redo would follow).
    pub fn line_length(&self) -> usize {
        self.ply() + self.redo_line().len()
    }

    /// Whether the engine should be thinking now.
    pub fn engine_to_move(&self) -> bool {
        self.play.computer_to_move(&self.game) && self.popup().is_none() && !self.learning()
    }

    /// Whether the computer should be thinking now: in an online game, the engine playing for
    /// the player (`Online::engine_to_move`); elsewhere as [`App::engine_to_move`].
    pub(super) fn computer_to_move(&self) -> bool {
        match self.online() {
            Some(o) => o.engine_to_move(&self.game),
            None => self.engine_to_move(),
        }
    }

    /// Whether an engine plays for the player in the online game on (the study panel shows its
    /// thinking).
    pub fn engine_plays_online(&self) -> bool {
        self.online().is_some_and(Online::engine_plays)
    }

    /// The external engine the app was started with, by name (`None`: the built-in one only).
    pub fn set_external_engine(&mut self, name: Option<String>) {
        self.play.computer.external = name;
    }

    /// Whether computer-against-computer play is paused.
    pub fn paused(&self) -> bool {
        self.play.computer.paused
    }

    /// The minimum time per move when the computer plays both sides.
    pub fn pace(&self) -> std::time::Duration {
        std::time::Duration::from_millis(self.play.computer.pace_ms)
    }

    // ---- online play ----

    pub fn online_text(&self) -> &'static crate::tui::text::online::OnlineText {
        crate::tui::text::online::OnlineText::of(self.settings.language)
    }

    /// The online page's state, when it is shown.
    pub fn online(&self) -> Option<&Online> {
        match &self.mode {
            Mode::Online(o) => Some(o),
            _ => None,
        }
    }

    /// The dialog's form, when the dialog is shown.
    pub fn online_form(&self) -> Option<&OnlineForm> {
        self.online().and_then(Online::form)
    }

    /// Whether a watched game is on the board (read-only).
    pub fn watching(&self) -> bool {
        self.online().is_some_and(Online::watching)
    }

    /// The side to move's and the other side's clock in an online game, as the local clock
    /// shows them (`m:ss`, `秒読み n`), with whether it runs; `None` without a server clock.
    pub fn online_clock(&self, side: crate::core::Color, now: std::time::Instant) -> Option<(String, bool)> {
        self.online()?.clock(side, now, self.text())
    }

    /// Online play in the status line: the players and the stage.
    pub fn online_status(&self) -> Option<String> {
        Some(self.online()?.status_line(self.online_text()))
    }

    /// The players' names (sente, gote) of the online game on the board.
    pub fn online_names(&self) -> Option<[String; 2]> {
        self.online()?.names()
    }

    /// Whether the clock panel shows the server's clock.
    pub fn has_online_clock(&self) -> bool {
        self.online().is_some_and(Online::has_clock)
    }

    /// When online play's next timer is due (see `App::online_tick`).
    pub(super) fn online_deadline(&self) -> Option<std::time::Instant> {
        self.online()?.deadline()
    }

    // ---- study (検討, hints, the whole-game analysis) ----

    /// The hint's move, while the position it was given for is shown.
    pub fn hint_move(&self) -> Option<crate::core::Move> {
        self.study.hint_move(self.game.node())
    }

    /// Whether continuous analysis (検討) is on.
    pub fn analysing(&self) -> bool {
        self.study.analysing()
    }

    /// The latest analysis of the position shown (none while it has not reported yet).
    pub fn analysis(&self) -> Option<&crate::engine::analysis::Update> {
        self.study.analysis(self.game.node())
    }

    /// Lines the analysis shows (1..=3).
    pub fn analysis_lines(&self) -> usize {
        study::analysis_lines(&self.settings)
    }

    /// The main line's analysis, one point per position (root first).
    pub fn review(&self) -> &crate::study::ReviewLine {
        self.study.review()
    }

    /// The whole-game analysis in progress: (positions done, positions in all).
    pub fn game_analysis_progress(&self) -> Option<(usize, usize)> {
        self.study.progress()
    }

    /// The ply of the position shown on the main line (none when it is in a variation).
    pub fn main_line_ply(&self) -> Option<usize> {
        study::main_line_ply(&self.game)
    }

    /// The mark of main-line node `node` from the analysis, if any.
    pub fn mark_of(&self, main_line_index: usize) -> Option<crate::record::annotation::Mark> {
        self.review().points.get(main_line_index + 1).and_then(|p| p.mark)
    }

    /// The evaluation of main-line position `ply` from the analysis.
    pub fn review_score(&self, ply: usize) -> Option<crate::core::Score> {
        self.review().points.get(ply).and_then(|p| p.score)
    }

    /// For a marked move shown: the engine's better line from the position before it.
    pub fn better_line(&self) -> Option<(crate::record::annotation::Mark, Position, Vec<crate::core::Move>)> {
        self.study.better_line(&self.game)
    }

    /// The evaluation and the engine's line of the position shown (from the analysis).
    pub fn analysis_here(&self) -> Option<(crate::core::Score, Vec<crate::core::Move>)> {
        self.study.analysis_here(&self.game)
    }

    /// Whether analysis and hints do anything here (the key bar leaves them out when not):
    /// always, except during a game against the computer, where the settings must allow it.
    pub fn help_offered(&self) -> bool {
        !self.in_game_against_computer() || self.settings.help_in_games
    }

    /// Whether a person is playing a game against the computer that goes on.
    pub(super) fn in_game_against_computer(&self) -> bool {
        self.standing.playing
            && self.play.players.contains(&Player::Engine)
            && self.play.players.contains(&Player::Human)
            && self.unfinished()
    }

    /// The mark thresholds the settings choose.
    pub(super) fn mark_thresholds(&self) -> crate::engine::analysis::game::Thresholds {
        study::mark_thresholds(&self.settings)
    }

    /// Whether the game at this place can go on (nothing has ended it).
    pub fn unfinished(&self) -> bool {
        session::unfinished(&self.game)
    }

    /// The nodes after here along the line redo would follow.
    pub fn redo_line(&self) -> Vec<NodeId> {
        session::redo_line(&self.game)
    }

    /// The record and the position being shown.
    pub fn game(&self) -> &Cursor {
        &self.game
    }

    pub fn pos(&self) -> &Position {
        self.game.position()
    }

    pub fn record(&self) -> &GameRecord {
        self.game.record()
    }

    /// The file the record belongs to, if any.
    pub fn file(&self) -> Option<&std::path::Path> {
        self.saving.file.as_deref()
    }

    pub fn cursor(&self) -> Square {
        self.board.cursor
    }

    pub fn focus(&self) -> Focus {
        self.board.focus
    }

    pub fn selection(&self) -> Option<Selection> {
        self.board.selection
    }

    pub fn message(&self) -> &str {
        self.status.text()
    }

    pub fn flipped(&self) -> bool {
        self.board.flipped
    }

    pub fn players(&self) -> [Player; 2] {
        self.play.players
    }

    /// The computer's level (☗'s when it plays both sides).
    pub fn level(&self) -> Level {
        if self.play.players[0] == Player::Engine { self.play.levels[0] } else { self.play.levels[1] }
    }

    /// The level of the computer on each side (☗, ☖).
    pub fn levels(&self) -> [Level; 2] {
        self.play.levels
    }

    pub fn engine_info(&self) -> Option<&crate::tui::jobs::ThinkingInfo> {
        self.play.computer.engine_info.as_ref()
    }

    /// The game clock when the game is timed (an untimed game's stopwatch is not a clock).
    pub fn clock(&self) -> Option<&GameClock> {
        self.play.timed_clock()
    }

    /// Whether the record was opened, pasted or set up to be reviewed.
    pub fn under_review(&self) -> bool {
        self.standing.review && !self.standing.playing
    }

    pub fn should_quit(&self) -> bool {
        self.standing.should_quit
    }

    /// Number of the move that led here (0 at the start).
    pub fn ply(&self) -> usize {
        self.game.ply()
    }

    /// Whether the record changed since the last call (the event loop then writes the autosave).
    pub fn take_dirty(&mut self) -> bool {
        let dirty = std::mem::take(&mut self.saving.dirty);
        if dirty {
            // a change since the record was saved by hand is in no file
            self.saving.saved_since_failure = false;
        }
        dirty
    }

    /// The autosave was written (`None`) or failed (why): a failure is said in the status
    /// line until an autosave is written again.
    pub fn set_autosave_result(&mut self, failure: Option<String>) {
        if let Some(e) = &failure {
            self.status.set((self.text().autosave_failed)(e));
            if self.saving.autosave_failure.is_none() {
                self.saving.saved_since_failure = false;
            }
        }
        self.saving.autosave_failure = failure;
    }

    /// Why the autosave fails, while the moves since the failure are kept in no file (neither
    /// an autosave since nor a save by hand since the last change).
    pub fn unsaved_after_autosave_failure(&self) -> Option<&str> {
        self.saving.autosave_failure.as_deref().filter(|_| !self.saving.saved_since_failure)
    }

    /// Where the library looks, and the recent-files list saves and opened records go to (set by
    /// the event loop from the platform's folders).
    pub fn set_library_sources(&mut self, sources: crate::study::library::Sources) {
        self.shelf.sources = sources;
    }

    /// Where the library looks.
    pub fn library_sources(&self) -> &crate::study::library::Sources {
        &self.shelf.sources
    }

    /// The player's comment on the position shown (empty when there is none).
    pub fn comment_here(&self) -> Vec<String> {
        crate::record::annotation::user_comments(&self.record().node(self.game.node()).comments)
    }

    /// `label` with the player's name, when one is set, in place of the word for "you".
    pub fn named(&self, label: &str) -> String {
        new_game::named(&self.settings, label)
    }

    /// A game mode in words, with the player's name when one is set.
    pub fn mode_label(&self, mode: GameMode) -> String {
        self.named(mode.label(self.text()))
    }

    /// The names the new-game dialog gave the two players at one keyboard, as the record's
    /// headers have them (`None`: no names were given).
    pub fn hot_seat_names(&self) -> Option<[String; 2]> {
        self.play.hot_seat_names(&self.settings)
    }

    /// The names of two players at one keyboard when the new-game dialog gives none: the
    /// player's name from the settings (else "you") and "guest".
    pub fn default_names(&self) -> [String; 2] {
        new_game::default_names(&self.settings)
    }

    /// A side as an ending names it: ☗ or ☖ with the player's name when the new-game dialog
    /// named the two players (`☗花子`), else as `side_name`.
    pub fn side_player(&self, c: crate::core::Color) -> String {
        game::side_player(self.record(), c, self.text(), self.hot_seat_names().as_ref())
    }

    /// Whether a person plays the side to move and the game goes on here.
    pub(super) fn human_to_move(&self) -> bool {
        self.play.human_to_move(&self.game)
    }

    pub fn status(&self) -> crate::core::GameStatus {
        self.game.position().status()
    }

    /// Whether the current line already ended with a special move (投了, 入玉勝ち ...).
    pub fn line_ended(&self) -> bool {
        game::line_ended(&self.game)
    }

    /// Whether the line shown ends here with the side to move out of time (切れ負け).
    pub fn ended_on_time(&self) -> bool {
        game::ended_on_time(&self.game)
    }

    /// The take-back question: the player to move is asked to let the other take back the
    /// last move.
    pub fn takeback_question(&self) -> String {
        game::takeback_question(&self.game, self.text())
    }

    /// What a declaration by the side to move would mean under the rule in force, in words.
    pub fn declaration_summary(&self) -> String {
        game::declaration_summary(self.pos(), self.play.impasse_rule, self.text())
    }

    /// A side as the screen names it: ☗先手 / ☖後手, or in a handicap game ☗下手 / ☖上手 as the
    /// record's files do.
    pub fn side_name(&self, c: crate::core::Color) -> &'static str {
        game::side_name(self.record(), c, self.text())
    }

    /// What the position itself says (check, or the ending it decides), in the interface's
    /// language.
    pub fn status_message(&self) -> String {
        game::status_message(&self.game, self.text(), self.hot_seat_names().as_ref())
    }

    /// Where the game stands as child indices from the start: survives saving and reading the
    /// record back, where node ids do not.
    pub fn node_path(&self) -> Vec<usize> {
        game::node_path(&self.game)
    }

    /// The help's lines (keys, what they do) for the page shown, from the keymap in force,
    /// then the mouse and the rest that are not keys of the keymap.
    pub fn help_keys(&self) -> Vec<(String, String)> {
        popups::help_keys(&self.keymap, self.key_mode(), self.settings.language)
    }

    /// The editor's and tsume mode's text in the chosen language.
    pub fn setup_text(&self) -> &'static crate::tui::text::setup::SetupText {
        crate::tui::text::setup::SetupText::of(self.settings.language)
    }

    /// Whether the shipped tsume problem `p` was solved (in this run of the app or an earlier
    /// one).
    pub fn tsume_solved(&self, p: &Problem) -> bool {
        self.tsume.solved(p)
    }

    /// How many of the shipped tsume problems were solved, of how many.
    pub fn tsume_progress(&self) -> (usize, usize) {
        let all = shipped_problems();
        (all.iter().filter(|p| self.tsume_solved(p)).count(), all.len())
    }

    /// The tsume problems solved in earlier runs of the app, and where solving more is kept.
    pub fn set_tsume_progress(&mut self, progress: crate::tui::storage::tsume_progress::TsumeProgress) {
        self.tsume = tsume::TsumeState::new(progress);
    }

    /// The player's rating: whether the game being played is rated, and the rated games.
    pub fn rating(&self) -> &Rating {
        &self.play.rating
    }

    /// The rated games read at launch (rating more writes them there, through the files lane).
    pub fn set_ratings(&mut self, book: crate::tui::storage::ratings::RatingBook) {
        let standing = self.play.rating.standing();
        self.play.rating = Rating::with_book(book);
        self.play.rating.begin(self.standing.game_serial, standing);
    }

    /// The name the player is rated under: the `player_name` setting, else `you`.
    pub fn rated_player(&self) -> String {
        let name = self.settings.player_name.trim();
        if name.is_empty() { "you".to_string() } else { name.to_string() }
    }

    /// The colours the terminal shows.
    pub fn color_depth(&self) -> crate::tui::color_depth::ColorDepth {
        self.board.color_depth
    }

    /// Draws in the colours `depth` shows from now on (set at launch from the environment).
    pub fn set_color_depth(&mut self, depth: crate::tui::color_depth::ColorDepth) {
        self.board.color_depth = depth;
    }

    /// The record panel's first line when scrolled by hand (`None`: it follows the game).
    pub fn record_scroll(&self) -> Option<usize> {
        self.board.record_scroll.filter(|&(n, _)| n == self.game.node()).map(|(_, first)| first)
    }

    /// Whether the clock panel flashes at `now` (a count, with the bell off).
    pub fn flashing(&self, now: std::time::Instant) -> bool {
        self.play.count.flash_until.is_some_and(|t| now < t)
    }

    /// When the flash of the clock panel ends, if it has not.
    pub(super) fn flash_until(&self) -> Option<std::time::Instant> {
        self.play.count.flash_until
    }

    /// The byoyomi count: when the side to move's countdown reaches 10 s or one of the last
    /// 5 s (once each), rings the bell (true: the event loop rings it) or flashes the clock
    /// panel, as the settings say.
    pub(super) fn byoyomi_count(&mut self, now: std::time::Instant) -> bool {
        use crate::tui::settings::ByoyomiCount;
        if self.play.count.flash_until.is_some_and(|t| now >= t) {
            self.play.count.flash_until = None;
        }
        let Some(c) = self.clock() else { return false };
        if c.stopped || self.line_ended() || self.status().is_over() {
            return false;
        }
        let Some(left) = c.countdown(self.pos().side_to_move(), now) else { return false };
        let here = (self.game.node(), left);
        if !clock::COUNT_AT.contains(&left) || self.play.count.counted == Some(here) {
            return false;
        }
        self.play.count.counted = Some(here);
        match self.settings.byoyomi_count {
            ByoyomiCount::Bell => true,
            ByoyomiCount::Flash => {
                self.play.count.flash_until = Some(now + clock::FLASH);
                false
            }
            ByoyomiCount::Off => false,
        }
    }

    // ---- small transitions ----

    /// Puts `record` in place of the game, for review (no clock, nobody's computer), at its
    /// start. It counts as a new game, so the autosave keeps the one it replaces.
    pub(super) fn replace_record(&mut self, record: GameRecord) {
        self.standing.game_serial += 1;
        self.standing.resumed = false;
        self.standing.playing = false;
        self.standing.review = true;
        self.play.computer.paused = false;
        self.play.computer.thinking = None;
        self.play.computer.engine_info = None;
        self.play.players = [Player::Human, Player::Human];
        self.play.names = None;
        self.play.clock = None;
        self.overlay = None;
        if let Mode::Learn(_) = self.mode {
            // learn mode is about the record it began on
            self.leave_to_board();
            self.learn_cancel_search();
        }
        self.board.selection = None;
        self.board.focus = Focus::Board;
        self.board.record_scroll = None;
        self.game = Cursor::new(record);
        self.saving.file = None;
        self.study.restart(self.game.record(), &mut self.outbox);
    }

    /// Scrolls the record panel so its first line is `first` (the mouse wheel).
    pub fn set_record_scroll(&mut self, first: usize) {
        self.board.record_scroll = Some((self.game.node(), first));
    }

    /// Shows the position after the record's node `node` (a click on a record line).
    pub fn goto_node(&mut self, node: NodeId) {
        if self.game.goto_node(node).is_ok() {
            self.board.selection = None;
            self.status.set(self.status_message());
        }
    }

    /// Shows `text` in the status line.
    pub fn set_message(&mut self, text: impl Into<String>) {
        self.status.set(text.into());
    }

    /// Leaves the app (Ctrl-C, a signal, or quitting after confirming); a game in progress
    /// is marked 中断 in the record.
    pub fn quit(&mut self) {
        if session::interrupt(&mut self.game, self.standing.playing) {
            self.saving.dirty = true;
        }
        self.standing.should_quit = true;
    }

    /// Ctrl-Z: asks the event loop to suspend the program.
    pub fn request_suspend(&mut self) {
        self.outbox.push(crate::tui::event::Command::Suspend);
    }

    /// Whether this game came back from the autosave.
    pub fn resumed(&self) -> bool {
        self.standing.resumed
    }

    /// Counts new games started in this app (see the event loop's autosave).
    pub fn game_serial(&self) -> u64 {
        self.standing.game_serial
    }

    /// The next game as the settings have it (the last one chosen).
    pub fn last_choice(&self) -> NewGameChoice {
        NewGameChoice::from_settings(&self.settings)
    }

    /// Turns the board round.
    pub fn flip(&mut self) {
        self.board.flipped = !self.board.flipped;
    }

    /// The impasse rule declarations are judged by.
    pub fn impasse_rule(&self) -> ImpasseRule {
        self.play.impasse_rule
    }

    pub fn set_impasse_rule(&mut self, rule: ImpasseRule) {
        self.play.impasse_rule = rule;
    }

    /// The computer's name, used in the players' headers; a game not yet begun takes it at once.
    pub fn set_engine_name(&mut self, name: &str) {
        self.play.computer.engine_name = name.to_string();
        if self.standing.playing && self.game.record().node(crate::record::ROOT).children().is_empty() {
            for (i, key) in ["先手", "後手"].into_iter().enumerate() {
                if self.play.players[i] == Player::Engine {
                    self.game.record_mut().set_header(key, name);
                }
            }
        }
    }
}

#[cfg(test)]
mod clock_tests;
#[cfg(test)]
mod editor_tests;
#[cfg(test)]
mod proptests;
#[cfg(test)]
mod rating_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) mod tests_support;
#[cfg(test)]
mod tsume_tests;

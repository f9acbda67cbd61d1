//! What is on top: the page the app shows (`Mode`, one at a time, each with its own state) and,
//! over it, at most one `Overlay` (a popup or the one-line text box). The input layer routes a
//! key with one `match` on these two (see `input::handle_key`); the view draws the page, then
//! the overlay.
//!
//! This file is App's dispatch: entering and leaving each mode and popup, handing each action
//! to the room that owns it with a `Ctx` (`ctx.rs`), and carrying out what the room hands back
//! and only `App` can do (play a move through the usual path, replace the record, open a
//! popup, leave a mode, mark the record or the settings for saving). The rooms' own state and
//! transitions are in their modules (decision 0032).

use super::Library;
use super::ctx::{Ctx, ctx};
use super::{
    App, Candidate, Editor, EditorExit, Learn, LineInput, Popup, Tsume, candidates, game, learn, navigate,
    paste, selection, tsume,
};
use super::{InputKind, VariationList, online};
use crate::core::SetupUse;
use crate::core::{Color, Move, Position};
use crate::engine::analysis::game::PositionEval;
use crate::engine::mate::tsume::Attack;
use crate::record::{GameRecord, Warning};
use crate::tui::jobs::StudyKind;
use crate::tui::jobs::{LibraryJob, LibraryKind};
use crate::tui::jobs::{MateJob, TsumeAnswer};
use crate::tui::keymap::{Action, KeyMode, Keymap};
use std::path::PathBuf;
use std::time::Instant;

/// The page shown. Modes exclude each other: opening one leaves the one before.
#[derive(Clone, Debug, Default)]
pub enum Mode {
    /// Playing, reviewing and analysing a record on the board.
    #[default]
    Board,
    /// The position editor (局面編集).
    Editor(Box<Editor>),
    /// Solving a tsume (詰将棋) on the board.
    Tsume(Box<Tsume>),
    /// Learn from your mistakes (復習): marked moves of the record, tried again.
    Learn(Box<Learn>),
    /// Online play on a CSA server: the connection dialog, waiting, the game summary, the game
    /// on the board, watching (`online.rs`).
    Online(Box<super::Online>),
    /// The game library (棋譜一覧): the player's records, to choose one to open.
    Library(Box<super::Library>),
}

/// What sits over the page and takes the keys first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// A modal window.
    Popup(Popup),
    /// The one-line text box (a typed move, a file name, a move number).
    Line(LineInput),
}

impl App {
    /// The page shown.
    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    /// The keys in force.
    pub fn keymap(&self) -> &Keymap {
        &self.keymap
    }

    /// Whose keys the page takes (and the help and the key bar show).
    pub fn key_mode(&self) -> KeyMode {
        match self.mode {
            Mode::Board if self.reviewing() => KeyMode::Review,
            Mode::Board => KeyMode::Board,
            Mode::Editor(_) => KeyMode::Editor,
            Mode::Tsume(_) => KeyMode::Tsume,
            Mode::Learn(_) => KeyMode::Learn,
            Mode::Online(_) => KeyMode::Online,
            Mode::Library(_) => KeyMode::Library,
        }
    }

    /// Whether `action` does anything now (the key bar leaves out what does not): analysis
    /// and hints where allowed, pause with a computer or a clock in a game that goes on,
    /// resignation in a game being played.
    pub fn offers(&self, action: crate::tui::keymap::Action) -> bool {
        use crate::tui::keymap::Action;
        match action {
            Action::Analysis | Action::Hint => self.help_offered(),
            Action::Pause => {
                (self.play.players.contains(&super::Player::Engine) || self.clock().is_some())
                    && self.unfinished()
            }
            Action::Resign => self.standing.playing && self.unfinished(),
            _ => true,
        }
    }

    /// Whether the threat indicator is on for the position shown: the setting is on, and the
    /// record is under review, analysed (検討) or finished; never during a game being played,
    /// a tsume being solved, the position editor or learn mode (it would give answers away).
    pub fn threats_shown(&self) -> bool {
        self.settings.threats
            && (self.analysing() || !self.standing.playing || !self.unfinished())
            && self.tsume().is_none()
            && self.editor().is_none()
            && !self.learning()
    }

    /// What the threat solver found for the position shown (none while it has not answered).
    pub fn threats(&self) -> Option<&crate::engine::mate::threats::Threats> {
        self.study.threats.found(self.pos().key()).filter(|_| self.threats_shown())
    }

    /// Shows or hides the opening explorer beside the board.
    pub fn toggle_explorer(&mut self) {
        self.shelf.toggle_explorer(&mut ctx!(self));
    }

    pub fn explorer_shown(&self) -> bool {
        self.shelf.explorer_shown
    }

    /// What the opening explorer reads, once the library's scan has answered.
    pub fn explorer(&self) -> Option<&crate::study::library::Found> {
        self.shelf.found.as_deref()
    }

    /// The moves the analysis and the explorer offer for the position shown, as drawn.
    pub fn candidates(&self) -> Vec<Candidate> {
        let explored =
            self.explorer().filter(|_| self.explorer_shown()).map(|f| f.explorer.explore(self.pos()));
        candidates::candidates(self.analysis(), explored.as_ref())
    }

    /// The move of the analysis or the explorer chosen to play, if any.
    pub fn chosen_candidate(&self) -> Option<Candidate> {
        let list = self.candidates();
        self.board.candidate.chosen(self.game.node(), list.len()).map(|i| list[i])
    }

    /// Chooses the next (`delta` 1) or previous (-1) move the analysis and the explorer offer;
    /// the status line names it and the key that plays it.
    pub fn step_candidate(&mut self, delta: i32) {
        let list = self.candidates();
        let text = self.text().review;
        let message = match self.board.candidate.step(self.game.node(), list.len(), delta) {
            Some(i) => (text.candidate_chosen)(
                &crate::record::pv::pv_text(self.pos(), &[list[i].mv]),
                &self.keymap.key_name(self.key_mode(), Action::Select),
            ),
            None => (text.no_candidates)(
                &self.keymap.key_name(KeyMode::Board, Action::Analysis),
                &self.keymap.key_name(KeyMode::Board, Action::Explorer),
            ),
        };
        self.status.set(message);
    }

    /// Plays the move chosen among the analysis's and the explorer's, as a move typed is
    /// played (checked, refused with the rule it breaks; in a record under review it follows
    /// the move there or starts a variation). `false` when none is chosen.
    pub fn play_candidate(&mut self) -> bool {
        let Some(chosen) = self.chosen_candidate() else { return false };
        self.board.candidate.clear();
        self.board.selection = None;
        let computers_turn = self.play.players[self.pos().side_to_move().index()] != super::Player::Human;
        if computers_turn && !self.status().is_over() && !self.line_ended() {
            self.status.set(self.text().review.computer_to_move.into());
            return true;
        }
        self.submit_move(chosen.mv);
        true
    }

    /// Leaves no move of the analysis or the explorer chosen.
    pub fn drop_candidate(&mut self) {
        self.board.candidate.clear();
    }

    /// The popup or text box over the page, if any.
    pub fn overlay(&self) -> Option<&Overlay> {
        self.overlay.as_ref()
    }

    pub fn popup(&self) -> Option<&Popup> {
        match &self.overlay {
            Some(Overlay::Popup(p)) => Some(p),
            _ => None,
        }
    }

    pub fn input(&self) -> Option<&LineInput> {
        match &self.overlay {
            Some(Overlay::Line(l)) => Some(l),
            _ => None,
        }
    }

    /// Opens `popup` over the page (in place of any popup or text box).
    pub fn open_popup(&mut self, popup: Popup) {
        self.overlay = Some(Overlay::Popup(popup));
    }

    /// Closes whatever popup is open, answering nothing.
    pub fn close_popup(&mut self) {
        self.take_popup();
    }

    // ---- online play (the room is `Online`) ----

    pub(super) fn online_mut(&mut self) -> Option<&mut super::Online> {
        match &mut self.mode {
            Mode::Online(o) => Some(o),
            _ => None,
        }
    }

    /// Changes the connection dialog's form (nothing when the dialog is not shown).
    pub fn edit_online_form(&mut self, edit: impl FnOnce(&mut super::OnlineForm)) {
        if let Some(f) = self.online_mut().and_then(|o| o.form_mut()) {
            edit(f);
        }
    }

    /// The password from the environment and the remembered ones (read at launch).
    pub fn set_online_secrets(&mut self, secrets: super::OnlineSecrets) {
        self.secrets = secrets;
    }

    /// Opens the connection dialog, filled from the settings and `overrides` (the command
    /// line's server, user and game), the password from the environment or remembered.
    pub fn open_online(&mut self, overrides: Option<crate::tui::settings::OnlineSettings>, now: Instant) {
        if self.online().is_some_and(super::Online::busy) {
            self.status.set(self.online_text().leave_first.into());
            return;
        }
        self.close_popup();
        self.leave_tsume();
        if let Mode::Learn(_) | Mode::Editor(_) = self.mode {
            self.leave_to_board();
            self.learn_cancel_search();
        }
        let settings = overrides.unwrap_or_else(|| self.settings.online.clone());
        let external = self.play.computer.external.clone();
        self.mode = Mode::Online(Box::new(super::Online::dialog(settings, &self.secrets, external, now)));
        self.status.set(self.online_text().dialog_opened.into());
    }

    /// Connects with the dialog's values (or says what is wrong with them); the non-secret
    /// values are remembered in the settings.
    pub fn online_connect(&mut self, now: Instant) {
        let t = self.online_text();
        let Some(form) = self.online_form().cloned() else { return };
        let checked = match form.check(t) {
            Ok(s) => s,
            Err(problem) => {
                self.edit_online_form(|f| f.problem = Some(problem.clone()));
                self.status.set(problem);
                return;
            }
        };
        if self.settings.online != checked {
            self.settings.online = checked.clone();
            self.saving.settings_dirty = true;
        }
        if let Mode::Online(o) = &mut self.mode {
            o.connect(&form, &checked, &mut self.secrets, now, &mut self.status, t);
        }
    }

    /// Cancels: the dialog closes (back to the board); waiting or logged in, logs out cleanly
    /// and leaves.
    pub fn online_cancel(&mut self, now: Instant) {
        let t = self.online_text();
        let Mode::Online(o) = &mut self.mode else { return };
        match o.cancel(now, &mut self.status, t) {
            online::Cancel::Leave(said) => {
                self.leave_online();
                if let Some(said) = said {
                    self.status.set(said.into());
                }
            }
            online::Cancel::Reject => self.online_answer(false, now),
            online::Cancel::Stay => {}
        }
    }

    /// Leaves online play for the board, keeping the record; the connection is closed.
    pub(super) fn leave_online(&mut self) {
        if let Some(o) = self.online_mut() {
            o.hang_up();
        }
        // the connection's stop goes out with the next commands; the page goes
        self.online_requests();
        self.leave_to_board();
    }

    /// Moves what the online page asks for into the outbox (called before the outbox is
    /// handed out, and when the page is left).
    pub(super) fn online_requests(&mut self) {
        if let Mode::Online(o) = &mut self.mode {
            o.requests(&mut self.outbox);
        }
    }

    /// Agrees to (`true`) or rejects the proposed game.
    pub fn online_answer(&mut self, agree: bool, now: Instant) {
        let t = self.online_text();
        if let Mode::Online(o) = &mut self.mode {
            o.answer(agree, now, &mut self.status, t);
        }
    }

    /// A move from the board in an online game: sent to the server (it enters the record when
    /// the server repeats it). `None`: not an online game, the board plays it as usual.
    pub(super) fn online_takes(&mut self, m: Move) -> Option<bool> {
        let Mode::Online(o) = &mut self.mode else { return None };
        o.takes(m, &mut ctx!(self));
        Some(false)
    }

    /// `R` in an online game: `%TORYO`. `None`: not an online game.
    pub(super) fn online_resign(&mut self) -> Option<()> {
        let t = self.online_text();
        let Mode::Online(o) = &mut self.mode else { return None };
        o.resign(&mut self.status, t);
        Some(())
    }

    /// `D` in an online game: `%KACHI` (the server judges it). `None`: not an online game.
    pub(super) fn online_declare(&mut self) -> Option<()> {
        let t = self.online_text();
        let Mode::Online(o) = &mut self.mode else { return None };
        o.declare(&mut self.status, t);
        Some(())
    }

    /// An extended-mode command (`WHO`, `LIST`, `MONITOR2ON id`, `CHAT text`).
    pub fn online_extended(&mut self, command: &str) {
        let t = self.online_text();
        if let Mode::Online(o) = &mut self.mode {
            o.extended(command, &mut self.status, t);
        }
    }

    /// Asks for a game in the extended mode (`%%GAME`, the dialog's game name and side); in
    /// the standard mode, after a game, logs in again for the next.
    pub fn online_ask_game(&mut self, now: Instant) {
        let t = self.online_text();
        let Mode::Online(o) = &mut self.mode else { return };
        if o.ask_game(now, &mut self.status, t) {
            self.online_connect(now);
        }
    }

    /// A board key online play does not keep: says why nothing happens.
    pub fn hold_in_online(&mut self) {
        let Some(o) = self.online() else { return };
        let t = self.online_text();
        self.status.set(if o.playing() { t.held_in_game } else { t.leave_online_first }.into());
    }

    /// Opens the protocol window.
    pub fn open_protocol(&mut self) {
        let Some(o) = self.online() else { return };
        let last = o.log().len();
        self.open_popup(Popup::Protocol { scroll: last });
    }

    /// Scrolls the protocol window (the view stops at the ends).
    pub fn scroll_protocol(&mut self, delta: i32) {
        let last = self.online().map_or(0, |o| o.log().len()) as i32;
        if let Some(Popup::Protocol { scroll }) = self.popup_mut() {
            *scroll = (*scroll as i32 + delta).clamp(0, last) as usize;
        }
    }

    /// Online play's timers: no answer to `LOGIN` in time goes back to the dialog saying so;
    /// no close in time after `LOGOUT` closes the connection from this side.
    pub(super) fn online_tick(&mut self, now: Instant) {
        let t = self.online_text();
        let Mode::Online(o) = &mut self.mode else { return };
        if let Some(said) = o.login_timed_out(now, t) {
            return self.back_to_dialog(said, now);
        }
        if let Some(leave) = o.logout_timed_out(now) {
            self.on_online(crate::online::Incoming::Closed, now);
            if !leave {
                self.status.set(t.logout_timeout.into());
            }
        }
    }

    /// Back to the connection dialog, with `problem` said.
    pub(super) fn back_to_dialog(&mut self, problem: String, now: Instant) {
        if let Mode::Online(o) = &mut self.mode {
            o.back_to_dialog(problem, now, &mut ctx!(self));
        }
    }

    /// Leaves online play with `X`: logs out first when logged in (a game on must be resigned).
    pub fn leave_online_play(&mut self, now: Instant) {
        self.online_cancel(now);
    }

    // ---- the game: moves, take-backs, endings ----

    /// Plays `m` if legal, with a clear message if not; the mode shown (tsume, learn, online)
    /// takes it first when it has its own way with moves.
    pub fn submit_move(&mut self, m: Move) -> bool {
        if self.tsume_takes(m) {
            return false;
        }
        if let Some(taken) = self.learn_takes(m) {
            return taken;
        }
        if let Some(taken) = self.online_takes(m) {
            return taken;
        }
        let played = self.play.play(m, &mut ctx!(self), self.standing.playing);
        self.saving.dirty |= played;
        played
    }

    /// Answers the promotion popup.
    pub fn answer_promotion(&mut self, promote: bool) {
        if let Some(Popup::Promotion { from, to }) = self.take_popup() {
            self.submit_move(Move::board(from, to, promote));
        }
    }

    /// Parses and plays typed move text. Japanese notation that leaves out 成/不成 where either is
    /// legal asks, as picking the move with the cursor does (USI and CSA text always say).
    pub fn submit_typed(&mut self, text: &str) -> bool {
        match game::read_typed(&self.game, text, self.text()) {
            game::Typed::Move(m) => self.submit_move(m),
            game::Typed::AskPromotion(m) => {
                self.open_popup(Popup::Promotion { from: m.from(), to: m.to() });
                false
            }
            game::Typed::Bad(why) => {
                self.status.set(why);
                false
            }
        }
    }

    /// Ends the line at the current node with `special` (投了, 切れ負け, 入玉宣言 ...).
    pub(super) fn end_line(&mut self, special: crate::record::Special) {
        game::end_line(&mut self.game, special);
        self.saving.dirty = true;
    }

    /// Writes the ending the position itself decides into the record, when it is not there yet.
    pub(super) fn settle_ending(&mut self) {
        self.saving.dirty |= game::settle_ending(&mut self.game);
    }

    /// Takes back a move (待った; see `Play::undo`); between two people on the clock the other
    /// player is asked first.
    pub fn undo(&mut self) {
        let now = std::time::Instant::now();
        match self.play.undo(&mut ctx!(self), self.standing.playing, now) {
            game::Undo::Ask => self.open_popup(Popup::ConfirmTakeback),
            game::Undo::Done(changed) => self.saving.dirty |= changed,
        }
    }

    /// The other player's answer to a take-back asked for in hot-seat.
    pub fn answer_takeback(&mut self, yes: bool) {
        if self.take_popup() != Some(Popup::ConfirmTakeback) {
            return;
        }
        if yes {
            let now = std::time::Instant::now();
            self.saving.dirty |= self.play.take_back(&mut ctx!(self), self.standing.playing, now);
        } else {
            let side = self.side_name(self.pos().side_to_move());
            self.status.set((self.text().clocks.takeback_refused)(side));
        }
    }

    /// Replays a move taken back; in a game being played with the time the record has for
    /// it, the next side's turn starting now.
    pub fn redo(&mut self) {
        self.saving.dirty |= self.play.redo(&mut ctx!(self), self.standing.playing);
    }

    /// Goes back to the starting position (the record stays as it is).
    pub fn to_start(&mut self) {
        self.game.to_start();
    }

    /// Goes to the end of the line redo would follow.
    pub fn to_end(&mut self) {
        self.game.to_end();
        self.settle_ending();
    }

    /// Goes to the node at `path` (child indices from the start), as far as the record has it.
    pub fn goto_path(&mut self, path: &[usize]) {
        game::goto_path(&mut self.game, path);
        self.board.selection = None;
    }

    /// Replaces the last move by its next (`delta` = 1) or previous (-1) alternative.
    pub fn switch_variation(&mut self, delta: i32) {
        self.saving.dirty |= game::switch_variation(&mut ctx!(self), delta);
    }

    /// The time passes: online play's deadlines, the computer's answer held back, and the
    /// clock (when the side to move has used all its time, the line ends with 切れ負け).
    pub fn tick(&mut self, now: std::time::Instant) {
        self.online_tick(now);
        self.play_engine_answer(now);
        self.saving.dirty |= self.play.flag(&mut ctx!(self), self.standing.playing, now);
    }

    /// The side to move resigns: the line ends with 投了.
    pub fn resign(&mut self) {
        self.close_popup();
        if self.online_resign().is_some() {
            return;
        }
        let names = self.hot_seat_names();
        self.saving.dirty |= game::resign(&mut ctx!(self), names.as_ref());
    }

    /// The side to move declares an impasse win (入玉宣言) under the rule in force: a win if
    /// every condition holds, 持将棋 (a draw) where the 24-point rule says so, otherwise the
    /// declaration loses.
    pub fn declare(&mut self) {
        self.close_popup();
        if self.online_declare().is_some() {
            return;
        }
        let rule = self.play.impasse_rule;
        self.saving.dirty |= game::declare(&mut ctx!(self), rule);
    }

    // ---- study (検討, hints, the whole-game analysis) ----

    /// Starts or stops continuous analysis (検討).
    pub fn toggle_analysis(&mut self) {
        let in_game = self.in_game_against_computer();
        self.saving.dirty |= self.study.toggle_analysis(&mut ctx!(self), in_game);
    }

    /// Shows 1, 2 or 3 lines (MultiPV), in turn.
    pub fn cycle_analysis_lines(&mut self) {
        let lines = self.analysis_lines() % crate::engine::analysis::MAX_LINES + 1;
        self.settings.analysis_lines = lines as u8;
        self.saving.settings_dirty = true;
        self.status.set((self.text().analysis_lines)(lines));
    }

    /// Asks the engine for the best move of the side to move (shown when it answers).
    pub fn request_hint(&mut self) {
        let in_game = self.in_game_against_computer();
        self.saving.dirty |= self.study.request_hint(&mut ctx!(self), in_game);
    }

    /// Starts the whole-game analysis of the main line and then of each variation, or stops the
    /// one running.
    pub fn toggle_game_analysis(&mut self) {
        let serial = self.standing.game_serial;
        self.study.toggle_game_analysis(&mut ctx!(self), serial);
    }

    /// Goes to the next (`forward`) or previous marked move of the main line.
    pub fn goto_marked(&mut self, forward: bool) {
        self.study.goto_marked(forward, &mut ctx!(self));
    }

    /// Reads the main line's analysis from the record again (after its lines changed).
    pub(super) fn reread_review(&mut self) {
        self.study.reread_review(self.game.record());
    }

    // ---- the computer's play ----

    /// Pauses or resumes the game: the computer (its search in progress is abandoned on
    /// pause) and the clocks.
    pub fn toggle_pause(&mut self) {
        self.play.toggle_pause(&mut self.status, crate::tui::text::Text::of(self.settings.language));
    }

    /// The event loop says, before each frame, whether the board is on the screen (`false`:
    /// the terminal is too small for it). While it is not, the game is held as by a pause (no
    /// clock runs, the computer waits) and it goes on when the board is shown again. The first
    /// frame starts the side to move's time afresh: the time before the first screen is not
    /// charged.
    pub fn set_board_shown(&mut self, shown: bool, now: std::time::Instant) {
        let online = matches!(self.mode, Mode::Online(_));
        self.play.board_shown(shown, now, online, self.standing.playing);
    }

    /// Hands the side to move from the computer to a person, or back.
    pub fn take_over(&mut self) {
        self.play.take_over(&mut ctx!(self));
        self.saving.dirty = true;
    }

    /// Steps the minimum time per move for computer against computer through `PACES_MS`.
    pub fn step_pace(&mut self, delta: i32) {
        let pace = self.play.step_pace(delta);
        self.settings.min_move_ms = pace;
        self.saving.settings_dirty = true;
        self.status.set((self.text().pace_set)(pace as f64 / 1000.0));
    }

    /// Sets the minimum time per move for computer against computer.
    pub fn set_pace(&mut self, pace: std::time::Duration) {
        self.play.computer.pace_ms = pace.as_millis() as u64;
    }

    // ---- a new game ----

    /// Starts a new game from the start position (or the handicap's, or the position editor's)
    /// with the chosen players; the choice is kept in the settings for the next one.
    pub fn start_new_game(&mut self, choice: super::NewGameChoice) {
        let choice = choice.clamped();
        let given = choice.mode == super::GameMode::HotSeat && choice.names.iter().any(|n| !n.is_empty());
        let names = given.then(|| choice.names.clone());
        self.play.names = names.clone();
        let mut settings = self.settings.clone();
        choice.apply_to(&mut settings);
        if settings != self.settings {
            self.settings = settings;
            self.saving.settings_dirty = true;
        }
        let players = choice.mode.players();
        self.play.levels = choice.levels();
        self.play.players = players;
        self.leave_tsume();
        let start = self.take_editor_start();
        let set_up = start.is_some();
        let rec = choice.record(start, &self.play, &self.settings);
        // the record is replaced as any new record is (the old analysis stops), then played
        self.replace_record(rec);
        self.standing.playing = true;
        self.play.players = players;
        self.play.names = names;
        // untimed games have a clock too: it measures each move for the record
        self.play.clock = Some(super::clock::GameClock::new(choice.clock, std::time::Instant::now()));
        self.saving.dirty = true;
        self.board.flipped = choice.mode == super::GameMode::HumanGote;
        let rated = super::RatedStanding::of_choice(&choice, self.settings.engine_command.is_some(), set_up);
        self.play.rating.begin(self.standing.game_serial, rated);
        self.status.set((self.text().new_game)(&self.mode_label(choice.mode)));
    }

    /// Starts typing the players' names in the new-game dialog, from the names shown.
    pub fn start_naming(&mut self) {
        let defaults = self.default_names();
        self.edit_new_game(|c| c.start_naming(&defaults));
    }

    /// Ends typing a name in the new-game dialog (see `NewGameChoice::finish_naming`); a name
    /// refused is said on the status line.
    pub fn finish_naming(&mut self, keep: bool) {
        let mut refused = None;
        self.edit_new_game(|c| refused = c.finish_naming(keep).err());
        if let Some(why) = refused {
            self.status.set((self.text().bad_player_name)(why.describe(self.settings.language)));
        }
    }

    /// Opens the rating screen.
    pub fn open_rating(&mut self) {
        self.open_popup(Popup::Rating);
    }

    /// From the rating screen: the new-game dialog set for the handicap suggested against the
    /// strongest level (`study::handicap`): you (☗, 下手) against that level giving it. With no
    /// suggestion, the dialog as last chosen.
    pub fn open_suggested_handicap_game(&mut self) {
        let rating = self.rating().book().rating(&self.rated_player());
        let mut choice = self.last_choice();
        if let Some(s) = crate::study::handicap::against_strongest(&rating) {
            choice.mode = super::GameMode::HumanSente;
            choice.level = s.level;
            choice.handicap = s.step.handicap_index();
        }
        self.open_popup(Popup::NewGame(choice));
    }

    // ---- the board: its cursor and the piece picked up ----

    /// Moves the board cursor by screen direction (dx right, dy down), honouring the flip.
    pub fn move_cursor(&mut self, dx: i32, dy: i32) {
        self.board.move_cursor(dx, dy, self.game.position());
    }

    /// Tab: switch between the board and the side to move's hand.
    pub fn toggle_hand_focus(&mut self) {
        selection::toggle_hand_focus(&mut ctx!(self));
    }

    /// Esc on the board: put the piece back and return the cursor to the board.
    pub fn cancel_selection(&mut self) {
        self.board.cancel_selection();
    }

    /// Enter / click on the square under the cursor (or the hand slot in focus).
    pub fn activate(&mut self) {
        let mover = self.mover();
        let put = selection::activate(&mut ctx!(self), mover);
        self.put(put);
    }

    /// A click on slot `i` (into `PieceKind::HAND_SFEN_ORDER`) of the side to move's hand:
    /// picks that piece up.
    pub fn click_hand_slot(&mut self, i: usize) {
        self.board.focus = super::Focus::Hand(i);
        self.activate();
    }

    /// Picks up a piece, or puts the picked-up piece down on `sq`.
    pub fn click_square(&mut self, sq: crate::core::Square) {
        let mover = self.mover();
        let put = selection::click_square(&mut ctx!(self), sq, mover);
        self.put(put);
    }

    /// Whether a person is to move here (`Err(over)`: nobody, the game being over or not).
    fn mover(&self) -> Result<(), bool> {
        if self.human_to_move() { Ok(()) } else { Err(self.status().is_over()) }
    }

    /// Carries out what the board asked: a move played, or the promotion asked about.
    fn put(&mut self, put: Option<selection::Put>) {
        match put {
            Some(selection::Put::Move(m)) => {
                self.submit_move(m);
            }
            Some(selection::Put::AskPromotion { from, to }) => self.open_popup(Popup::Promotion { from, to }),
            None => {}
        }
    }

    /// Squares the selected piece can move or drop to (for highlighting).
    pub fn destinations(&self) -> Vec<crate::core::Square> {
        self.board.destinations(self.game.position())
    }

    // ---- the one-line text box and saving ----

    /// Opens the box for a typed move.
    pub fn open_move_input(&mut self) {
        self.status.clear();
        self.open_input(LineInput { kind: InputKind::Move, editor: Default::default() });
    }

    /// Opens the box for an extended-mode line (a game to watch, a chat line).
    pub fn open_online_input(&mut self, kind: InputKind) {
        let Some(online) = self.online() else { return };
        // watching: the first game of the last `%%LIST`, to confirm or change
        let listed = online
            .list()
            .filter(|(what, _)| what == "LIST" && kind == InputKind::WatchGame)
            .and_then(|(_, games)| games.first())
            .map(|g| g.split_whitespace().next().unwrap_or_default().to_string());
        self.status.clear();
        let editor = super::line_editor::LineEditor::new(listed.unwrap_or_default());
        self.open_input(LineInput { kind, editor });
    }

    /// Opens the save box, prefilled with the current file or a new name in `default_dir`. A
    /// record that did not read whole from its file is proposed a new name beside it, and the
    /// message says why.
    pub fn open_save(&mut self, default_dir: Option<&std::path::Path>) {
        let input = self.saving.save_box(default_dir, &mut ctx!(self));
        self.open_input(input);
    }

    /// The open box's editor (the input layer sends it the editing keys).
    pub fn input_editor(&mut self) -> Option<&mut super::line_editor::LineEditor> {
        self.input_mut().map(|i| &mut i.editor)
    }

    /// Closes the box without doing anything.
    pub fn cancel_input(&mut self) {
        self.take_input();
    }

    /// Submits the text box.
    pub fn submit_input(&mut self) {
        let Some(LineInput { kind, editor }) = self.take_input() else { return };
        let text = editor.text().trim().to_string();
        if text.is_empty() {
            return;
        }
        match kind {
            InputKind::Move => {
                self.submit_typed(&text);
            }
            InputKind::SavePath => {
                if let Some(again) =
                    self.saving.submit_path(&text, &self.shelf.sources.recent, &mut ctx!(self))
                {
                    self.open_input(again);
                }
            }
            InputKind::GotoMove => self.submit_goto(&text),
            InputKind::WatchGame => self.online_extended(&format!("MONITOR2ON {text}")),
            InputKind::Chat => self.online_extended(&format!("CHAT {text}")),
        }
    }

    /// The file a save asked first about exists: the question whether to replace it.
    pub fn on_would_replace(&mut self, path: std::path::PathBuf) {
        self.saving.asked(&mut self.status);
        self.open_popup(Popup::ConfirmOverwrite(path));
    }

    /// The folder of a save that asked first does not exist: the question whether to create it.
    pub fn on_no_folder(&mut self, path: std::path::PathBuf) {
        self.saving.asked(&mut self.status);
        self.open_popup(Popup::ConfirmCreateFolder(path));
    }

    /// Answers the overwrite question: replace the file, or go back to the save box.
    pub fn answer_overwrite(&mut self, replace: bool) {
        let Some(Popup::ConfirmOverwrite(path)) = self.take_popup() else { return };
        if replace {
            self.saving.save_to(&path, &self.shelf.sources.recent, &mut ctx!(self));
        } else {
            self.open_input(LineInput::save_path(path.display().to_string()));
        }
    }

    /// Answers the question whether to create the missing folder of `path`: create it and
    /// save there, or go back to the save box.
    pub fn answer_create_folder(&mut self, create: bool) {
        let Some(Popup::ConfirmCreateFolder(path)) = self.take_popup() else { return };
        if create {
            self.saving.save(&path, false, true, &self.shelf.sources.recent, &mut ctx!(self));
        } else {
            self.open_input(LineInput::save_path(path.display().to_string()));
        }
    }

    /// Saves the record to `path` (format from the extension; written atomically, off the UI
    /// thread) in a folder that exists; the message says how it went when it is done.
    pub fn save_to(&mut self, path: &std::path::Path) {
        self.saving.save_to(path, &self.shelf.sources.recent, &mut ctx!(self));
    }

    /// A save ended: the record now belongs to `path`, or the message says why it was not
    /// written. A shown explorer looks again (the library has a record more).
    pub fn on_saved(&mut self, path: &std::path::Path, result: Result<Vec<String>, String>) {
        if self.saving.on_saved(path, result, &mut ctx!(self)) {
            self.shelf.explorer_after_save(&mut self.outbox);
        }
    }

    // ---- the settings screen ----

    pub fn open_settings(&mut self) {
        self.open_popup(Popup::Settings(super::SettingsScreen { row: 0, editing: None }));
    }

    fn settings_screen(&mut self) -> Option<&mut super::SettingsScreen> {
        match self.popup_mut() {
            Some(Popup::Settings(s)) => Some(s),
            _ => None,
        }
    }

    /// Moves the settings screen's row up or down (wrapping).
    pub fn settings_row(&mut self, delta: i32) {
        if let Some(s) = self.settings_screen() {
            s.step_row(delta);
        }
    }

    /// Changes the chosen setting (←/→), or starts editing a text setting (Enter).
    pub fn settings_change(&mut self, delta: i32) {
        if let Some(Overlay::Popup(Popup::Settings(screen))) = &mut self.overlay
            && screen.change(delta, &mut self.settings)
        {
            self.settings_changed();
        }
    }

    /// The text field of the settings screen, when one is being edited.
    pub fn settings_editor(&mut self) -> Option<&mut super::line_editor::LineEditor> {
        self.settings_screen().and_then(|s| s.editing.as_mut())
    }

    /// Ends editing a text setting: `keep` stores the text (an empty command: the built-in
    /// engine). Options that cannot be read stay in the editor with a message naming the entry.
    pub fn settings_finish_edit(&mut self, keep: bool) {
        if let Some(Overlay::Popup(Popup::Settings(screen))) = &mut self.overlay
            && screen.finish_edit(keep, &mut self.settings, &mut self.status)
        {
            self.saving.settings_dirty = true;
        }
    }

    /// Turns the threat indicator on or off (a setting, kept for the next launch).
    pub fn toggle_threats(&mut self) {
        self.settings.threats = !self.settings.threats;
        self.saving.settings_dirty = true;
        self.status
            .set(if self.settings.threats { self.text().threats_on } else { self.text().threats_off }.into());
    }

    /// A setting was stepped on the settings screen: what the game takes from the settings at
    /// once is taken, and they are marked for saving.
    fn settings_changed(&mut self) {
        self.play.impasse_rule = self.settings.impasse_rule.core();
        self.play.computer.pace_ms = self.settings.min_move_ms;
        self.saving.settings_dirty = true;
    }

    // ---- moving through the record ----

    /// Review's ← / →: one move back (`delta` < 0) or forward along the line shown, or, while
    /// a piece is picked up or a piece in hand is being chosen, the cursor one square across.
    pub fn step(&mut self, delta: i32) {
        if self.board.selection.is_some() || self.board.focus != super::Focus::Board {
            self.move_cursor(delta.signum(), 0);
            return;
        }
        let moved = if delta < 0 { self.game.back() } else { self.game.forward() };
        if !moved {
            self.status.set(if delta < 0 { self.text().at_start } else { self.text().at_end }.into());
            return;
        }
        if delta > 0 {
            self.settle_ending();
        }
        self.status.set(self.status_message());
    }

    /// Shows or hides each move's time (消費時間) in the record panel.
    pub fn toggle_times(&mut self) {
        navigate::toggle_times(&mut ctx!(self));
    }

    /// Opens the box asking for a move number.
    pub fn open_goto(&mut self) {
        self.status.clear();
        self.open_input(LineInput { kind: super::InputKind::GotoMove, editor: Default::default() });
    }

    /// Goes to move `text` (a number; 0 is the start) of the line shown. A number past the end
    /// goes to the end and says so; text that is not a number leaves the box open with it.
    pub(super) fn submit_goto(&mut self, text: &str) {
        let t = self.text().review;
        let Some(n) = navigate::move_number(text) else {
            self.status.set((t.goto_not_a_number)(text));
            let editor = super::line_editor::LineEditor::new(text);
            self.open_input(LineInput { kind: super::InputKind::GotoMove, editor });
            return;
        };
        let reached = self.game.to_ply(n);
        self.board.selection = None;
        self.status.set(if reached < n { (t.goto_past_end)(n, reached) } else { self.status_message() });
    }

    /// Refuses a change to the record's lines (or the record itself) while the whole-game
    /// analysis runs (its results are placed on the nodes it was given), and in the position
    /// editor or tsume mode (which keep their own places in the record).
    pub(super) fn lines_locked(&mut self) -> bool {
        let t = self.text().review;
        if self.game_analysis_progress().is_some() {
            self.status.set(t.wait_for_analysis.into());
        } else if self.editor().is_some() || self.tsume_list().is_some() || self.tsume().is_some() {
            self.status.set(t.leave_mode_first.into());
        } else {
            return false;
        }
        true
    }

    /// Opens the list of the variations at the current move.
    pub fn open_variations(&mut self) {
        match VariationList::at(&self.game) {
            Some(v) => self.open_popup(Popup::Variations(v)),
            None => self.status.set(self.text().review.no_variations.into()),
        }
    }

    /// A key's action in the variations list: choose (up, down, the ends), go to the one
    /// chosen, make it the main line, ask before deleting it, close the list.
    pub fn variations_action(&mut self, action: Action) {
        let Some(Popup::Variations(v)) = self.popup_mut() else { return };
        match action {
            Action::CursorUp => v.step(-1),
            Action::CursorDown => v.step(1),
            Action::ToStart => v.step(i32::MIN / 2),
            Action::ToEnd => v.step(i32::MAX / 2),
            Action::Remove => v.confirm_delete = true,
            Action::Select => {
                let chosen = v.chosen();
                self.close_popup();
                if self.game.goto_node(chosen).is_ok() {
                    self.board.selection = None;
                    self.status.set(self.status_message());
                }
            }
            Action::MainLine => {
                let v = v.clone();
                if self.lines_locked() {
                    return;
                }
                let v = v.promote(&mut ctx!(self));
                self.after_lines_changed();
                self.open_popup(Popup::Variations(v));
            }
            Action::Cancel => self.close_popup(),
            _ => {}
        }
    }

    /// Answers the delete question: removes the chosen move and everything after it.
    pub fn variations_delete(&mut self, yes: bool) {
        let Some(Popup::Variations(v)) = self.popup_mut() else { return };
        v.confirm_delete = false;
        let v = v.clone();
        if !yes || self.lines_locked() {
            return;
        }
        match v.delete(&mut ctx!(self)) {
            Ok(left) => {
                self.after_lines_changed();
                match left {
                    Some(v) => self.open_popup(Popup::Variations(v)),
                    None => self.close_popup(),
                }
            }
            Err(()) => self.close_popup(),
        }
    }

    /// After a variation was promoted or deleted: the record is to be saved and the main
    /// line's analysis read again.
    fn after_lines_changed(&mut self) {
        self.saving.dirty = true;
        self.board.selection = None;
        self.board.record_scroll = None;
        self.reread_review();
    }

    // ---- paste and copy ----

    /// Text pasted into the terminal: into the comment editor, the settings' text field or the
    /// one-line box when one is open; otherwise opened as a record. Other popups ignore it.
    /// Terminals send line breaks as CR (or CR LF): they become LF.
    pub fn paste(&mut self, text: &str) {
        let text = &text.replace("\r\n", "\n").replace('\r', "\n");
        if paste::paste_into(self.comment_editor(), None, text)
            || paste::paste_into(None, self.settings_editor(), text)
        {
            return;
        }
        // over the tsume list a paste is refused with the reason (see `lines_locked`)
        if self.popup().is_some() && self.tsume_list().is_none() {
            return;
        }
        if !paste::paste_into(None, self.input_editor(), text) {
            self.open_pasted(text);
        }
    }

    /// Opens pasted record text for review. Text that is not a record, or that does not read,
    /// changes nothing and says why.
    pub fn open_pasted(&mut self, text: &str) {
        if self.lines_locked() {
            return;
        }
        match paste::read_pasted(text, self.text().review) {
            Ok((record, said)) => {
                self.replace_record(record);
                self.status.set(said);
            }
            Err(said) => self.status.set(said),
        }
    }

    /// Queues the position shown, as SFEN, for the clipboard.
    pub fn copy_position(&mut self) {
        paste::copy_position(&mut ctx!(self));
    }

    /// Queues the whole record, as KIF (UTF-8), for the clipboard.
    pub fn copy_record(&mut self) {
        paste::copy_record(&mut ctx!(self));
    }

    // ---- the popups' own state ----

    /// Scrolls the help by `delta` lines.
    pub fn scroll_help(&mut self, delta: i32) {
        let lines = self.help_keys().len();
        if let Some(p) = self.popup_mut() {
            p.scroll_help(delta, lines);
        }
    }

    /// Opens the new-game dialog with the choice in the settings (the last game's, or as set).
    pub fn open_new_game(&mut self) {
        self.open_popup(Popup::NewGame(self.last_choice()));
    }

    /// Changes the choice shown in the new-game dialog (nothing when it is not open).
    pub fn edit_new_game(&mut self, edit: impl FnOnce(&mut super::NewGameChoice)) {
        if let Some(Popup::NewGame(choice)) = self.popup_mut() {
            edit(choice);
        }
    }

    /// Starts the game chosen in the new-game dialog.
    pub fn confirm_new_game(&mut self) {
        if let Some(Popup::NewGame(choice)) = self.take_popup() {
            self.start_new_game(choice);
        }
    }

    /// The tsume problem list's chosen row, when it is open.
    pub fn tsume_list(&self) -> Option<usize> {
        match self.popup() {
            Some(Popup::TsumeList { row }) => Some(*row),
            _ => None,
        }
    }

    /// Opens the list of tsume problems.
    pub fn open_tsume_list(&mut self) {
        self.open_popup(Popup::TsumeList { row: 0 });
    }

    /// A key's action over the tsume problem list: up and down choose, Enter solves the
    /// problem chosen, anything else closes the list.
    pub fn tsume_list_action(&mut self, action: Option<Action>) {
        match action {
            Some(Action::CursorUp) => self.tsume_list_step(-1),
            Some(Action::CursorDown) => self.tsume_list_step(1),
            Some(Action::Select) => self.tsume_list_confirm(),
            _ if self.tsume_list().is_some() => self.close_popup(),
            _ => {}
        }
    }

    pub fn tsume_list_step(&mut self, delta: i32) {
        if let Some(p) = self.popup_mut() {
            p.step_tsume_list(delta);
        }
    }

    /// Starts the problem chosen in the list.
    pub fn tsume_list_confirm(&mut self) {
        let Some(row) = self.tsume_list() else { return };
        self.close_popup();
        if let Some((pos, title, length)) = super::popups::tsume_list_choice(row, &ctx!(self)) {
            self.start_tsume(pos, title, length);
        }
    }

    /// Opens the comment editor on the position shown.
    pub fn open_comment_editor(&mut self) {
        self.open_popup(Popup::comment_on(&self.game));
    }

    /// The open comment editor (the input layer sends it the editing keys).
    pub fn comment_editor(&mut self) -> Option<&mut super::CommentEditor> {
        match self.popup_mut() {
            Some(Popup::Comment(e)) => Some(e),
            _ => None,
        }
    }

    /// Esc in the comment editor: closes it when nothing changed, else asks whether to keep
    /// the changes; Esc again while asking goes back to editing.
    pub fn comment_escape(&mut self) {
        if self.comment_editor().is_some_and(super::CommentEditor::escape) {
            self.finish_comment(false);
        }
    }

    /// Closes the comment editor, writing its text into the record when `keep`.
    pub fn finish_comment(&mut self, keep: bool) {
        let Some(Popup::Comment(e)) = self.take_popup() else { return };
        if e.finish(keep, &mut ctx!(self)) {
            self.saving.dirty = true;
        }
    }

    pub(super) fn popup_mut(&mut self) -> Option<&mut Popup> {
        match &mut self.overlay {
            Some(Overlay::Popup(p)) => Some(p),
            _ => None,
        }
    }

    /// Closes the popup and hands it back (`None`, and nothing changes, when none is open).
    pub(super) fn take_popup(&mut self) -> Option<Popup> {
        match self.overlay.take() {
            Some(Overlay::Popup(p)) => Some(p),
            other => {
                self.overlay = other;
                None
            }
        }
    }

    /// Opens the text box over the page (in place of any popup).
    pub(super) fn open_input(&mut self, input: LineInput) {
        self.overlay = Some(Overlay::Line(input));
    }

    pub(super) fn input_mut(&mut self) -> Option<&mut LineInput> {
        match &mut self.overlay {
            Some(Overlay::Line(l)) => Some(l),
            _ => None,
        }
    }

    /// Closes the text box and hands it back.
    pub(super) fn take_input(&mut self) -> Option<LineInput> {
        match self.overlay.take() {
            Some(Overlay::Line(l)) => Some(l),
            other => {
                self.overlay = other;
                None
            }
        }
    }

    /// The editor, when it is the page shown.
    pub fn editor(&self) -> Option<&Editor> {
        match &self.mode {
            Mode::Editor(e) => Some(e),
            _ => None,
        }
    }

    pub(super) fn editor_mut(&mut self) -> Option<&mut Editor> {
        match &mut self.mode {
            Mode::Editor(e) => Some(e),
            _ => None,
        }
    }

    /// The problem being solved, in tsume mode.
    pub fn tsume(&self) -> Option<&Tsume> {
        match &self.mode {
            Mode::Tsume(t) => Some(t),
            _ => None,
        }
    }

    pub(super) fn tsume_mut(&mut self) -> Option<&mut Tsume> {
        match &mut self.mode {
            Mode::Tsume(t) => Some(t),
            _ => None,
        }
    }

    // ---- the game library (棋譜一覧) ----

    /// The library page, when it is shown.
    pub fn library(&self) -> Option<&Library> {
        match &self.mode {
            Mode::Library(l) => Some(l),
            _ => None,
        }
    }

    /// Changes the library page (nothing when it is not shown): its filter, the line chosen.
    pub fn edit_library(&mut self, edit: impl FnOnce(&mut Library)) {
        if let Mode::Library(l) = &mut self.mode {
            edit(l);
        }
    }

    /// Shows the library and starts looking for records. Refused in the editor, tsume and learn
    /// modes (their own record would be left behind).
    pub fn open_library(&mut self) {
        match self.mode {
            Mode::Board => {}
            Mode::Library(_) => return,
            _ => {
                self.status.set(self.text().library.leave_mode_first.into());
                return;
            }
        }
        self.overlay = None;
        self.board.selection = None;
        self.mode = Mode::Library(Box::new(Library::new(self.pos().clone(), self.settings.language)));
        self.outbox.start(LibraryJob::Scan { sources: self.shelf.sources.clone() });
        self.status.clear();
    }

    /// Esc: empties the filter, or with none, leaves the library.
    pub fn library_escape(&mut self) {
        if let Mode::Library(l) = &mut self.mode
            && l.escape()
        {
            self.close_library();
        }
    }

    /// Leaves the library for the board, stopping its work.
    pub fn close_library(&mut self) {
        if self.library().is_some() {
            self.leave_to_board();
            self.outbox.stop(LibraryKind::Scan);
            self.outbox.stop(LibraryKind::Open);
        }
    }

    /// Opens the chosen record (read by a job; `on_library_opened` takes the answer).
    pub fn library_open(&mut self) {
        let recent = self.shelf.sources.recent.clone();
        if let Mode::Library(l) = &mut self.mode {
            l.open(recent, &mut ctx!(self));
        }
    }

    /// A record read for the library: shown for review in place of the game (which the autosave
    /// keeps among the earlier games), or why it could not be read (the library stays open). A
    /// record that did not read whole opens up to the problem, which the message names; saving
    /// it proposes `free_name` (the first free name beside it, looked up by the job).
    pub fn on_library_opened(
        &mut self,
        path: PathBuf,
        result: Result<(GameRecord, Vec<Warning>), String>,
        free_name: Option<PathBuf>,
    ) {
        if self.library().and_then(Library::opening) != Some(path.as_path()) {
            return;
        }
        let name = path.display().to_string();
        match result {
            Ok((record, warnings)) => {
                let moves = record.main_line().len();
                let ply = self.library().and_then(Library::opening_ply);
                self.leave_to_board();
                self.replace_record(record);
                if let Some(node) =
                    ply.and_then(|p| p.checked_sub(1)).and_then(|i| self.record().main_line().get(i).copied())
                {
                    self.game.goto_node(node).ok();
                }
                let free_name = free_name.unwrap_or_else(|| path.clone());
                self.saving.file = Some(path);
                self.saving.read_with_errors = warnings
                    .iter()
                    .find(|w| w.is_error())
                    .map(|w| ((self.text().line_unreadable)(w.line, &w.message), free_name));
                self.status.set(match warnings.first() {
                    Some(w) => format!("{name}: {w}"),
                    None => (self.text().library.opened)(&name, moves),
                });
            }
            Err(why) => {
                self.edit_library(Library::open_failed);
                self.status.set((self.text().library.open_failed)(&name, &why));
            }
        }
    }

    // ---- the position editor (局面編集) ----

    /// Opens the editor on the position shown.
    pub fn open_editor(&mut self) {
        let editor = Editor::new(self.pos(), self.board.cursor);
        self.leave_tsume();
        self.quit_learn();
        self.mode = Mode::Editor(Box::new(editor));
        self.board.selection = None;
        self.status.set(self.setup_text().editor_opened.into());
    }

    /// The editor, when it is the page shown, with the context its actions take (the input
    /// layer's way to them: `if let Some((e, mut ctx)) = app.editing() { e.tab(); }`).
    pub fn editing(&mut self) -> Option<(&mut Editor, Ctx<'_>)> {
        let Mode::Editor(e) = &mut self.mode else { return None };
        Some((e, ctx!(self)))
    }

    /// Takes the editor menu's chosen way out.
    pub fn editor_menu_confirm(&mut self) {
        if let Some(i) = self.editor().and_then(|e| e.menu()) {
            self.editor_exit(EditorExit::ALL[i]);
        }
    }

    /// Leaves the editor the way `exit` says; a position not fit for the way stays in the
    /// editor with the reasons shown.
    pub fn editor_exit(&mut self, exit: EditorExit) {
        let Some(e) = self.editor_mut() else { return };
        let setup = e.close_menu();
        let Some(purpose) = exit.purpose() else {
            if exit == EditorExit::Cancel {
                self.leave_to_board();
                self.status.set(self.setup_text().editor_cancelled.into());
            }
            return;
        };
        let pos = match setup.position(purpose) {
            Ok(pos) => pos,
            Err(problems) => return self.status.set(exit.refusal(&problems, self.setup_text())),
        };
        match exit {
            EditorExit::Play => {
                // the dialog's choice starts the game from the editor's position
                self.open_popup(Popup::NewGame(self.last_choice()));
            }
            EditorExit::Analyse => {
                self.leave_to_board();
                self.replace_record(crate::record::GameRecord::new(pos));
                self.saving.dirty = true;
                if !self.analysing() {
                    self.toggle_analysis();
                }
            }
            EditorExit::Tsume => {
                let mut setup = setup;
                setup.box_to_hand(setup.side.flip());
                let pos = setup.position(SetupUse::Tsume).unwrap_or(pos);
                self.leave_to_board();
                let title = self.setup_text().edited_position.to_string();
                self.start_tsume(pos, title, None);
            }
            EditorExit::Resume | EditorExit::Cancel => {}
        }
    }

    /// The editor's position for a game about to start from the new-game dialog (the editor
    /// closes), or `None` when the editor is not open.
    pub(super) fn take_editor_start(&mut self) -> Option<Position> {
        match self.leave_to_board() {
            Mode::Editor(e) => e.game_start(),
            other => {
                self.mode = other;
                None
            }
        }
    }

    // ---- tsume mode (詰将棋) ----

    /// Starts solving `pos` as a tsume, its side to move attacking. A position the defender
    /// has no king in, or where the defender is in check, is refused with the reason.
    pub fn start_tsume(&mut self, pos: Position, title: String, length: Option<usize>) {
        let attacker = pos.side_to_move();
        let rec = match tsume::problem_record(&pos, &title, length, self.setup_text()) {
            Ok(rec) => rec,
            Err(why) => return self.status.set(why),
        };
        tsume::stop_solver(&mut self.outbox);
        self.replace_record(rec);
        self.saving.dirty = true;
        self.board.flipped = attacker == Color::White;
        self.outbox.start(MateJob::TsumeSolve { pos: Box::new(pos) });
        self.quit_learn();
        self.mode = Mode::Tsume(Box::new(Tsume::new(title, length, attacker)));
        self.status.set((self.setup_text().tsume_started)(length, &super::tsume::tsume_keys(&self.keymap)));
    }

    /// Leaves tsume mode; the record stays for review.
    pub fn leave_tsume(&mut self) {
        if let Mode::Tsume(_) = self.mode {
            self.leave_to_board();
            tsume::stop_solver(&mut self.outbox);
            self.status.set(self.setup_text().tsume_left.into());
        }
    }

    /// In tsume mode, an attacking move goes to the solver instead of straight into the
    /// record; `true` when the move was taken here.
    pub(super) fn tsume_takes(&mut self, m: Move) -> bool {
        let Mode::Tsume(t) = &mut self.mode else { return false };
        t.takes(m, &mut ctx!(self))
    }

    /// Shows the solution from the position shown (asks the solver when it is not known).
    pub fn tsume_show_solution(&mut self) {
        if let Mode::Tsume(t) = &mut self.mode {
            t.show_solution(&mut ctx!(self));
        }
    }

    /// An answer from the solver; a judged attack still at its node is applied.
    pub(super) fn on_tsume_answer(&mut self, answer: TsumeAnswer) {
        let Mode::Tsume(t) = &mut self.mode else { return };
        if let Some((mv, attack)) = t.on_answer(answer, &mut ctx!(self)) {
            self.apply_judgement(mv, attack);
        }
    }

    /// A judged attack: refused with the reason, or played into the record with the
    /// defender's reply (or as the mate that solves the problem).
    fn apply_judgement(&mut self, mv: Move, attack: Attack) {
        if let Some(refused) = Tsume::refusal(mv, &attack, &ctx!(self)) {
            self.status.set(refused);
            return;
        }
        let text = self.setup_text();
        let said = match attack {
            Attack::Continues { reply, mate } => {
                let mut after = self.pos().clone();
                after.do_move(mv);
                let reply_shown = crate::record::pv::pv_text(&after, &[reply]);
                self.play_judged(&[mv, reply]);
                let (node, plies) = (self.game.node(), mate.len());
                if let Some(t) = self.tsume_mut() {
                    t.continues(node, mate);
                }
                (text.tsume_reply)(&reply_shown, plies)
            }
            _ => {
                self.play_judged(&[mv]);
                let plies = self.ply();
                if let Some(t) = self.tsume_mut() {
                    t.mated();
                }
                self.tsume.mark(self.game.record().initial(), &mut self.outbox);
                (text.tsume_solved)(plies)
            }
        };
        self.status.set(said);
    }

    /// Plays judged moves into the record through the usual path.
    fn play_judged(&mut self, moves: &[Move]) {
        if let Some(t) = self.tsume_mut() {
            t.set_applying(true);
        }
        for &m in moves {
            self.submit_move(m);
        }
        if let Some(t) = self.tsume_mut() {
            t.set_applying(false);
        }
    }

    /// Takes back the last attack and its reply (or the mating move), back to the attacker's
    /// turn.
    pub fn tsume_undo(&mut self) {
        let Some(attacker) = self.tsume().map(|t| t.attacker()) else { return self.undo() };
        if self.tsume().is_some_and(Tsume::busy) && self.game.node() != crate::record::ROOT {
            self.status.set(self.setup_text().tsume_wait.into());
            return;
        }
        self.undo();
        if self.pos().side_to_move() != attacker && self.game.node() != crate::record::ROOT {
            self.undo();
        }
        if let Some(t) = self.tsume_mut() {
            t.taken_back();
        }
    }

    // ---- learn mode (復習) ----

    /// Learn mode, when on (and still about the record shown).
    pub fn learn(&self) -> Option<&Learn> {
        self.learn_state().filter(|l| l.is_about(self.record()))
    }

    pub fn learning(&self) -> bool {
        self.learn().is_some()
    }

    /// The position before learn mode's current item's move.
    pub fn learn_position(&self) -> Option<Position> {
        let node = self.learn()?.node(&self.record().main_line())?;
        Some(self.record().position_at(node))
    }

    /// Starts learn mode, or offers the whole-game analysis first when there is none.
    pub fn start_learn(&mut self) {
        if self.learning() {
            return;
        }
        if let Some((done, total)) = self.game_analysis_progress() {
            self.study.learn_after = true;
            self.status.set((self.text().learn_after_analysis)(done, total));
            return;
        }
        if self.standing.playing && self.unfinished() {
            self.status.set(self.text().learn_in_game.into());
            return;
        }
        if !self.review().has_scores() {
            self.open_popup(Popup::ConfirmLearnAnalysis);
            return;
        }
        let (side, side_fixed) = learn::starting_side(self.play.players);
        let items = learn::items(self.record(), self.review(), side);
        if items.is_empty() {
            self.status.set((self.text().learn_nothing)(learn::side_label(self, side)));
            return;
        }
        if self.analysing() {
            self.toggle_analysis(); // its lines would give the answer away
        }
        let (start, moves) = (self.record().initial().clone(), self.record().main_line_moves());
        self.leave_tsume();
        self.mode = Mode::Learn(Box::new(Learn::new(side, side_fixed, items, start, moves)));
        if let Mode::Learn(l) = &mut self.mode {
            l.show(&mut ctx!(self));
        }
    }

    /// Answers the offer to analyse the game first: learn mode starts when it is done.
    pub fn answer_learn_analysis(&mut self, yes: bool) {
        self.close_popup();
        if yes {
            self.study.learn_after = true;
            self.toggle_game_analysis();
        }
    }

    /// The whole-game analysis ended: start learn mode if it was waiting for it.
    pub(super) fn learn_on_analysis_done(&mut self, stopped: bool) {
        if std::mem::take(&mut self.study.learn_after) && !stopped {
            self.start_learn();
        }
    }

    /// Leaves learn mode (the record is as it was).
    pub fn quit_learn(&mut self) {
        if let Mode::Learn(_) = self.mode {
            self.leave_to_board();
            self.outbox.stop(StudyKind::Learn);
            self.status.set(self.text().learn_quit.into());
        }
    }

    /// A key's action in learn mode: the mode's own (its items, a retry, the answer), leaving
    /// it, or switching the side (`false`: none of these, the board's to handle).
    pub fn learn_action(&mut self, action: Action) -> bool {
        match action {
            Action::SwitchSide => self.learn_cycle_side(),
            Action::Quit => self.quit_learn(),
            Action::Cancel if self.selection().is_none() => self.quit_learn(),
            _ => {
                let Mode::Learn(l) = &mut self.mode else { return false };
                return l.handle(action, &mut ctx!(self));
            }
        }
        true
    }

    /// In a review: the moves of both sides, ☗'s, ☖'s, in turn (the next that has any).
    fn learn_cycle_side(&mut self) {
        let Some(l) = self.learn() else { return };
        if l.side_fixed() {
            return;
        }
        let order = [None, Some(Color::Black), Some(Color::White)];
        let at = order.iter().position(|&s| s == l.side()).unwrap_or(0);
        let items = |side| learn::items(self.record(), self.review(), side);
        let side = (1..=3).map(|d| order[(at + d) % 3]).find(|&s| !items(s).is_empty());
        let Some(side) = side else { return };
        let items = items(side);
        if let Mode::Learn(l) = &mut self.mode {
            l.switch_side(side, items, &mut ctx!(self));
        }
    }

    /// A move chosen in learn mode: judged, never played into the record. `None` when learn
    /// mode does not take it (it is off; or the position shown is not the item's, which ends it).
    pub(super) fn learn_takes(&mut self, m: Move) -> Option<bool> {
        let Mode::Learn(l) = &mut self.mode else { return None };
        let taken = l.takes(m, &mut ctx!(self));
        if taken.is_none() {
            self.leave_to_board();
            self.outbox.stop(StudyKind::Learn);
        }
        taken
    }

    /// The search of learn mode's try answered.
    pub(super) fn on_learn_eval(&mut self, after: PositionEval) {
        let thresholds = self.mark_thresholds();
        if let Mode::Learn(l) = &mut self.mode {
            l.on_eval(after, &thresholds, &mut ctx!(self));
        }
    }

    /// Stops the learn-mode search, if one runs.
    pub(super) fn learn_cancel_search(&mut self) {
        self.outbox.stop(StudyKind::Learn);
    }

    /// Learn mode's state, whether or not it is still about the record shown (see `App::learn`).
    pub(super) fn learn_state(&self) -> Option<&Learn> {
        match &self.mode {
            Mode::Learn(l) => Some(l),
            _ => None,
        }
    }

    /// Goes back to the board page from whatever mode is shown (the mode's own leaving, with
    /// its message and its background work stopped, is the caller's).
    pub(super) fn leave_to_board(&mut self) -> Mode {
        std::mem::take(&mut self.mode)
    }
}

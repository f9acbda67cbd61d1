//! Online play (CSA server protocol): the connection dialog, the waiting screen, the game
//! summary to agree to, the game played on the board with the server's clock, the end, the
//! protocol window's lines and the extended mode's lists, chat and watched games.
//!
//! The dialog's form is `online_form.rs`; what the connection brings is taken in by
//! `online_events.rs`. The protocol is `online::CsaSession`'s (it keeps the record as the server rules it); the
//! connection is a job (`jobs::online`): this module hands the event loop what to send and takes
//! in what arrives ([`App::on_online`]), and never waits on the network. The record shown is the
//! session's, copied after every change, so autosave, saving and the record panel work as in a
//! local game. The password lives in memory only, unless the player asks to remember it.

use super::ctx::Ctx;
use super::online_form::{FormField, OnlineForm, PlayAs};
use super::{Outbox, Status};
use crate::core::{Color, Move};
use crate::engine::levels::Level;
use crate::engine::player::TimeBudget;
use crate::online::clock::MARGIN_MS;
use crate::online::connection::{LOGIN_TIMEOUT, MIN_KEEPALIVE};
use crate::online::{CsaPhase, CsaSession, LoginMode, SessionError};
use crate::record::Cursor;
use crate::record::explain::describe;
use crate::tui::event::Command;
use crate::tui::jobs::{ConnectRequest, JobKind, ThinkBy, ThinkRequest};
use crate::tui::settings::{OnlineSettings, OnlineSide};
use crate::tui::storage::passwords::password_key;
use crate::tui::text::online::OnlineText;
use std::collections::VecDeque;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Lines the protocol window keeps (the oldest go first).
pub const PROTOCOL_LINES: usize = 5000;
/// Chat lines kept.
pub(super) const CHAT_LINES: usize = 200;
/// How long a `LOGOUT` is answered before the connection is closed anyway.
pub const LOGOUT_WAIT: Duration = Duration::from_secs(3);

/// Where online play stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The connection dialog.
    Dialog(OnlineForm),
    /// Connecting and logging in.
    Connecting,
    /// Logged in in the extended mode: lists, chat, watching, asking for a game.
    Lobby,
    /// Waiting for an opponent.
    Waiting,
    /// A game is proposed: agree or reject.
    Summary,
    /// The game is on.
    Playing,
    /// The game ended; the record has its result.
    Ended,
    /// The connection is closed; the words say why.
    Closed(String),
}

/// One line of the protocol window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtocolLine {
    /// Sent by this client (else received).
    pub sent: bool,
    pub text: String,
}

/// A game watched in the extended mode (`%%MONITOR2ON`).
#[derive(Clone, Debug)]
pub struct Watched {
    pub game_id: String,
    /// The watched game's lines as the server sent them (CSA).
    pub lines: Vec<String>,
}

/// Online play's state (the page `Mode::Online`).
#[derive(Clone)]
pub struct Online {
    pub(super) stage: Stage,
    pub(super) settings: OnlineSettings,
    pub(super) session: CsaSession,
    /// When the stage began (the waiting screen's elapsed time).
    pub(super) since: Instant,
    pub(super) log: VecDeque<ProtocolLine>,
    /// Lines to send, in order, for the event loop.
    pub(super) outbox: Vec<String>,
    /// A connection to open, for the event loop.
    pub(super) connect: Option<ConnectRequest>,
    /// The connection is to be closed (the job stopped).
    pub(super) hang_up: bool,
    /// The connection job is running.
    pub(super) connected: bool,
    /// `LOGOUT` was sent: the closing that follows is expected.
    pub(super) logging_out: bool,
    /// When `LOGOUT` was sent (the connection is closed [`LOGOUT_WAIT`] later if the server has
    /// not closed it).
    pub(super) logout_sent: Option<Instant>,
    /// Leave online play once logged out.
    pub(super) leave_after_logout: bool,
    pub(super) chat: VecDeque<String>,
    /// The last `%%WHO` or `%%LIST` answer: which, and its lines.
    pub(super) list: Option<(String, Vec<String>)>,
    pub(super) watched: Option<Watched>,
    /// The password of this session, in memory only, to log in again for the next game.
    pub(super) password: String,
    /// Who plays the player's moves: the player, or an engine the player watches.
    pub(super) play_as: PlayAs,
    /// The external engine's name, when the app was started with one (the dialog offers it).
    pub(super) external: Option<String>,
}

impl std::fmt::Debug for Online {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Online").field("stage", &self.stage).finish()
    }
}

impl Online {
    fn new(form: OnlineForm, settings: OnlineSettings, now: Instant) -> Online {
        Online {
            stage: Stage::Dialog(form),
            session: CsaSession::new(&settings.user, LoginMode::Extended),
            settings,
            since: now,
            log: VecDeque::new(),
            outbox: Vec::new(),
            connect: None,
            hang_up: false,
            connected: false,
            logging_out: false,
            logout_sent: None,
            leave_after_logout: false,
            chat: VecDeque::new(),
            list: None,
            watched: None,
            password: String::new(),
            play_as: PlayAs::Me,
            external: None,
        }
    }

    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    pub fn session(&self) -> &CsaSession {
        &self.session
    }

    pub fn settings(&self) -> &OnlineSettings {
        &self.settings
    }

    /// Who plays the player's moves.
    pub fn play_as(&self) -> PlayAs {
        self.play_as
    }

    /// How long the stage has lasted at `now`.
    pub fn elapsed(&self, now: Instant) -> Duration {
        now.saturating_duration_since(self.since)
    }

    /// The protocol window's lines, oldest first.
    pub fn log(&self) -> &VecDeque<ProtocolLine> {
        &self.log
    }

    pub fn chat(&self) -> &VecDeque<String> {
        &self.chat
    }

    pub fn list(&self) -> Option<&(String, Vec<String>)> {
        self.list.as_ref()
    }

    pub fn watched(&self) -> Option<&Watched> {
        self.watched.as_ref()
    }

    /// Whether a game is on (the board sends moves).
    pub fn playing(&self) -> bool {
        self.stage == Stage::Playing
    }

    pub(super) fn set_stage(&mut self, stage: Stage, now: Instant) {
        self.stage = stage;
        self.since = now;
    }

    pub(super) fn note(&mut self, sent: bool, text: String) {
        if self.log.len() >= PROTOCOL_LINES {
            self.log.pop_front();
        }
        self.log.push_back(ProtocolLine { sent, text });
    }

    /// Queues `line` for sending; the protocol window shows `shown` (the password masked).
    pub(super) fn send(&mut self, line: String, shown: String) {
        self.note(true, shown);
        self.outbox.push(line);
    }

    pub(super) fn send_plain(&mut self, line: String) {
        self.send(line.clone(), line);
    }
}

/// What the app keeps for online play outside the page: the password from the environment
/// and the passwords remembered, read at launch.
#[derive(Clone, Default)]
pub struct OnlineSecrets {
    pub env_password: Option<String>,
    /// Remembered passwords by `password_key`, and the file they are kept in.
    pub remembered: std::collections::BTreeMap<String, String>,
    pub file: Option<PathBuf>,
}

/// What a cancel asks of the app beyond the online page.
pub(super) enum Cancel {
    /// Leave online play for the board (saying `Some` words).
    Leave(Option<&'static str>),
    /// Reject the game proposed.
    Reject,
    /// Nothing more.
    Stay,
}

impl Online {
    /// The dialog's form, when the dialog is shown.
    pub(super) fn form(&self) -> Option<&OnlineForm> {
        match &self.stage {
            Stage::Dialog(f) => Some(f),
            _ => None,
        }
    }

    pub(super) fn form_mut(&mut self) -> Option<&mut OnlineForm> {
        match &mut self.stage {
            Stage::Dialog(f) => Some(f),
            _ => None,
        }
    }

    /// The connection dialog filled from `settings` (the settings', or the command line's
    /// server, user and game), the password from the environment or remembered in `secrets`;
    /// `external` names the external engine the app was started with, which may play.
    pub(super) fn dialog(
        settings: OnlineSettings,
        secrets: &OnlineSecrets,
        external: Option<String>,
        now: Instant,
    ) -> Online {
        let key = password_key(&settings.host, settings.port, &settings.user);
        let password = secrets.env_password.clone().or_else(|| secrets.remembered.get(&key).cloned());
        let mut form =
            OnlineForm::from_settings(&settings, password).with_external(external.clone(), settings.play_as);
        // the first field not filled in
        form.field = FormField::ALL
            .iter()
            .position(|&f| form.clone().text_mut(f).is_some_and(|t| t.is_empty()))
            .unwrap_or(0);
        let mut online = Online::new(form, settings, now);
        online.external = external;
        online
    }

    /// Whether a connection is up or being made (the dialog can not be opened again).
    pub(super) fn busy(&self) -> bool {
        !matches!(self.stage, Stage::Dialog(_) | Stage::Closed(_) | Stage::Ended)
    }

    /// Connects with `checked` (the dialog's `form`, checked), the password remembered in
    /// `secrets` when the form asks to be; the status line says where to.
    pub(super) fn connect(
        &mut self,
        form: &OnlineForm,
        checked: &OnlineSettings,
        secrets: &mut OnlineSecrets,
        now: Instant,
        status: &mut Status,
        t: &OnlineText,
    ) {
        let key = password_key(&checked.host, checked.port, &checked.user);
        let remember = match (&secrets.file, form.remember) {
            (Some(path), true) => {
                secrets.remembered.insert(key.clone(), form.password.clone());
                Some((path.clone(), form.password.clone()))
            }
            _ => None,
        };
        let mode = if checked.extended {
            LoginMode::Extended
        } else {
            let suffix = match checked.side {
                OnlineSide::Any => "",
                OnlineSide::Sente => "-B",
                OnlineSide::Gote => "-W",
            };
            LoginMode::Standard { game: format!("{}{suffix}", checked.game) }
        };
        self.session = CsaSession::new(&checked.user, mode);
        self.settings = checked.clone();
        let keepalive = Duration::from_secs(checked.keepalive_s).max(MIN_KEEPALIVE);
        self.connect =
            Some(ConnectRequest { host: checked.host.clone(), port: checked.port, remember, key, keepalive });
        self.connected = true;
        self.logging_out = false;
        self.logout_sent = None;
        let peer = format!("{}:{}", checked.host, checked.port);
        self.note(true, format!("(connect {peer})"));
        self.password = form.password.clone();
        self.play_as = form.play_as;
        let (login, masked) = self.session.login_lines(&form.password);
        self.send(login, masked);
        self.set_stage(Stage::Connecting, now);
        status.set((t.connecting)(&peer));
    }

    /// Cancels: the dialog closes (back to the board); waiting or logged in, logs out cleanly
    /// and leaves; a game proposed is rejected; a game on must be resigned.
    pub(super) fn cancel(&mut self, now: Instant, status: &mut Status, t: &OnlineText) -> Cancel {
        match self.stage.clone() {
            Stage::Dialog(_) | Stage::Closed(_) => {
                let was_closed = matches!(self.stage, Stage::Closed(_));
                self.hang_up = self.connected;
                Cancel::Leave((!was_closed).then_some(t.dialog_cancelled))
            }
            Stage::Playing => {
                status.set(t.resign_to_leave.into());
                Cancel::Stay
            }
            Stage::Summary => Cancel::Reject,
            Stage::Connecting | Stage::Lobby | Stage::Waiting | Stage::Ended => {
                self.leave_after_logout = true;
                self.logging_out = true;
                self.logout_sent.get_or_insert(now);
                let line = self.session.logout_line();
                self.send_plain(line);
                status.set(t.logging_out.into());
                Cancel::Stay
            }
        }
    }

    /// The connection is to close (the page is being left).
    pub(super) fn hang_up(&mut self) {
        self.hang_up = self.hang_up || self.connected;
        self.connected = false;
    }

    /// Moves what the page asks for into `outbox`: the connection to open, the lines to send,
    /// the connection's close.
    pub(super) fn requests(&mut self, outbox: &mut Outbox) {
        if let Some(c) = self.connect.take() {
            outbox.start(c);
        }
        for line in self.outbox.drain(..) {
            outbox.push(Command::Send(line));
        }
        if std::mem::take(&mut self.hang_up) {
            outbox.stop(JobKind::Online);
        }
    }

    /// Agrees to (`true`) or rejects the proposed game.
    pub(super) fn answer(&mut self, agree: bool, now: Instant, status: &mut Status, t: &OnlineText) {
        if self.stage != Stage::Summary {
            return;
        }
        let line = if agree { self.session.agree() } else { self.session.reject() };
        if let Ok(line) = line {
            self.send_plain(line);
        }
        if agree {
            self.set_stage(Stage::Waiting, now);
            status.set(t.agreed.into());
        } else {
            // the standard mode is one game per connection: the server logs out after a reject
            let next = if self.session.is_extended() {
                Stage::Lobby
            } else {
                Stage::Closed(t.rejected_by_you.into())
            };
            self.set_stage(next, now);
            status.set(t.rejected_by_you.into());
        }
    }

    /// A move from the board in an online game, shown in `game`: sent to the server (it
    /// enters the record when the server repeats it), or why not in the status line; refused
    /// while an engine plays for the player.
    pub(super) fn takes(&mut self, m: Move, ctx: &mut Ctx) {
        if self.engine_plays() {
            ctx.board.selection = None;
            ctx.status.set(OnlineText::of(ctx.settings.language).engine_plays.into());
            return;
        }
        self.send_move(m, ctx);
    }

    /// Sends `m`, the player's or the engine's, as the player's move (see [`Online::takes`]).
    fn send_move(&mut self, m: Move, ctx: &mut Ctx) {
        let t = OnlineText::of(ctx.settings.language);
        let at_end = ctx.game.node() == ctx.game.record().main_line_end();
        let illegal =
            ctx.game.position().why_illegal(m).err().map(|why| describe(&why, ctx.settings.language));
        let message = match &self.stage {
            Stage::Playing if !at_end => t.go_to_end.to_string(),
            Stage::Playing if illegal.is_some() => illegal.unwrap_or_default(),
            Stage::Playing => match self.session.move_line(m) {
                Ok(line) => {
                    self.send_plain(line.clone());
                    (t.move_sent)(&line)
                }
                Err(SessionError::NotYourTurn) => t.not_your_turn.to_string(),
                Err(SessionError::AwaitingEcho) => t.awaiting_echo.to_string(),
                Err(e) => e.to_string(),
            },
            Stage::Ended | Stage::Closed(_) => t.game_over.to_string(),
            _ => t.no_game.to_string(),
        };
        ctx.board.selection = None;
        ctx.status.set(message);
    }

    /// Whether an engine plays for the player in the game on.
    pub fn engine_plays(&self) -> bool {
        self.play_as != PlayAs::Me && self.stage == Stage::Playing
    }

    /// Whether the engine playing for the player is to move: a game on, the player's turn,
    /// `game` (the board) at its last move.
    pub(super) fn engine_to_move(&self, game: &Cursor) -> bool {
        self.engine_plays() && self.session.is_my_turn() && game.node() == game.record().main_line_end()
    }

    /// The search of the engine playing for the player: the game so far, the built-in engine
    /// at its level or the external engine, on the server's clock less [`MARGIN_MS`].
    pub(super) fn think_request(&self, now: Instant) -> ThinkRequest {
        let side = self.session.position().side_to_move();
        let budget = match self.session.clock() {
            Some(c) => c.budget(side, MARGIN_MS, now),
            None => TimeBudget {
                time_ms: None,
                increment_ms: 0,
                byoyomi_ms: 0,
                margin_ms: MARGIN_MS,
                deadline: None,
            },
        };
        let (level, by) = match self.play_as {
            PlayAs::Builtin(level) => (level, ThinkBy::Builtin),
            PlayAs::External | PlayAs::Me => (Level::MAX, ThinkBy::Computer),
        };
        let record = self.session.record();
        ThinkRequest {
            start: Box::new(record.initial().clone()),
            moves: record.moves_to(record.main_line_end()),
            level,
            limits: budget.limits(),
            by,
            go: Some(Box::new(budget.go())),
        }
    }

    /// The answer of the engine playing for the player: its move sent, or the resignation or
    /// declaration it chose.
    pub(super) fn engine_result(&mut self, best: Option<Move>, declare_win: bool, ctx: &mut Ctx) {
        let t = OnlineText::of(ctx.settings.language);
        match best {
            Some(m) => self.send_move(m, ctx),
            None if declare_win => self.declare(ctx.status, t),
            None => self.resign(ctx.status, t),
        }
    }

    /// The engine playing for the player stopped (`why`): the player plays on, on the board.
    pub(super) fn engine_failed(&mut self, why: &str, status: &mut Status, t: &OnlineText) {
        self.play_as = PlayAs::Me;
        status.set((t.engine_stopped)(why));
    }

    /// `R` in an online game: `%TORYO`.
    pub(super) fn resign(&mut self, status: &mut Status, t: &OnlineText) {
        let said = match self.session.resign_line() {
            Ok(line) => {
                self.send_plain(line);
                t.resign_sent.into()
            }
            Err(_) => t.no_game.into(),
        };
        status.set(said);
    }

    /// `D` in an online game: `%KACHI` (the server judges it).
    pub(super) fn declare(&mut self, status: &mut Status, t: &OnlineText) {
        let said = match self.session.declare_line() {
            Ok(line) => {
                self.send_plain(line);
                t.declare_sent.into()
            }
            Err(e) => e.to_string(),
        };
        status.set(said);
    }

    /// An extended-mode command (`WHO`, `LIST`, `MONITOR2ON id`, `CHAT text`).
    pub(super) fn extended(&mut self, command: &str, status: &mut Status, t: &OnlineText) {
        if matches!(self.stage, Stage::Dialog(_) | Stage::Closed(_) | Stage::Connecting) {
            status.set(t.not_connected.into());
            return;
        }
        match self.session.extended_line(command) {
            Ok(line) => self.send_plain(line),
            Err(e) => status.set(format!("{e} ({})", t.x1_hint)),
        }
    }

    /// Asks for a game in the extended mode (`%%GAME`, the dialog's game name and side).
    /// `true`: the standard mode's game is over, and the dialog is back to log in again for
    /// the next (one game per connection).
    pub(super) fn ask_game(&mut self, now: Instant, status: &mut Status, t: &OnlineText) -> bool {
        let over = matches!(self.stage, Stage::Ended | Stage::Closed(_));
        if over && !self.session.is_extended() && !self.password.is_empty() {
            let mut form = OnlineForm::from_settings(&self.settings, Some(self.password.clone()));
            form.extended = false;
            form.play_as = self.play_as;
            form.external = self.external.clone();
            self.set_stage(Stage::Dialog(form), now);
            return true;
        }
        let between_games =
            self.stage == Stage::Lobby || (self.stage == Stage::Ended && self.session.is_extended());
        if !between_games {
            status.set(t.not_in_lobby.into());
            return false;
        }
        let side = match self.settings.side {
            OnlineSide::Any => '*',
            OnlineSide::Sente => '+',
            OnlineSide::Gote => '-',
        };
        let game = self.settings.game.clone();
        match self.session.game_request(&game, side) {
            Ok(line) => {
                self.send_plain(line);
                self.set_stage(Stage::Waiting, now);
                status.set((t.asked_for_game)(&game));
            }
            Err(e) => status.set(e.to_string()),
        }
        false
    }

    /// Whether a watched game is on the board (read-only).
    pub(super) fn watching(&self) -> bool {
        self.watched.is_some() && self.stage != Stage::Playing
    }

    /// Whether the clock panel shows the server's clock.
    pub(super) fn has_clock(&self) -> bool {
        matches!(self.stage, Stage::Playing | Stage::Ended | Stage::Closed(_))
            && self.session.clock().is_some_and(|c| !c.control().is_untimed())
    }

    /// The clock of `side` as the local clock shows it (`m:ss`, `秒読み n` in the words of
    /// `t`), with whether it runs; `None` without a server clock.
    pub(super) fn clock(
        &self,
        side: Color,
        now: Instant,
        t: &crate::tui::text::Text,
    ) -> Option<(String, bool)> {
        if !self.has_clock() {
            return None;
        }
        let c = self.session.clock()?;
        let r = c.reading(side, now);
        let text = if r.main_ms > 0 || c.control().byoyomi_ms == 0 {
            super::clock::time_left_text(r.main_ms / 1000)
        } else {
            (t.review.byoyomi)(r.byoyomi_ms.div_ceil(1000))
        };
        Some((text, r.running))
    }

    /// Online play in the status line: the players and the stage.
    pub(super) fn status_line(&self, t: &OnlineText) -> String {
        let stage = t.stages[match self.stage {
            Stage::Dialog(_) => 0,
            Stage::Connecting => 1,
            Stage::Lobby => 2,
            Stage::Waiting => 3,
            Stage::Summary => 4,
            Stage::Playing => 5,
            Stage::Ended => 6,
            Stage::Closed(_) => 7,
        }];
        let players = match (self.session.summary(), &self.watched) {
            (Some(s), _) if self.stage != Stage::Lobby => format!("☗{} ☖{}", s.names[0], s.names[1]),
            (_, Some(w)) => w.game_id.clone(),
            _ => self.settings.user.clone(),
        };
        format!("{}: {players} · {stage}", t.mode_label)
    }

    /// The players' names (sente, gote) of the online game on the board.
    pub(super) fn names(&self) -> Option<[String; 2]> {
        if !matches!(self.stage, Stage::Playing | Stage::Ended | Stage::Closed(_)) {
            return None;
        }
        self.session.summary().map(|s| s.names.clone())
    }

    /// Whether `LOGIN` went unanswered for [`LOGIN_TIMEOUT`] at `now` (as `shogiban csa`): the
    /// words that say so, noted in the protocol window.
    pub(super) fn login_timed_out(&mut self, now: Instant, t: &OnlineText) -> Option<String> {
        if self.stage == Stage::Connecting
            && self.session.phase() == CsaPhase::LoggingIn
            && self.elapsed(now) >= LOGIN_TIMEOUT
            && !self.logging_out
        {
            let said = (t.login_timeout)(LOGIN_TIMEOUT.as_secs());
            self.note(false, format!("({said})"));
            return Some(said);
        }
        None
    }

    /// Whether `LOGOUT` went unanswered for [`LOGOUT_WAIT`] at `now`: the connection is then
    /// closed from this side (`Some`: whether the page is left after it).
    pub(super) fn logout_timed_out(&mut self, now: Instant) -> Option<bool> {
        if self.connected && self.logout_sent.is_some_and(|at| now >= at + LOGOUT_WAIT) {
            self.logout_sent = None;
            self.hang_up = true;
            return Some(self.leave_after_logout);
        }
        None
    }

    /// When online play's next timer is due (see [`Online::login_timed_out`] and
    /// [`Online::logout_timed_out`]).
    pub(super) fn deadline(&self) -> Option<Instant> {
        let login = (self.stage == Stage::Connecting && self.session.phase() == CsaPhase::LoggingIn)
            .then(|| self.since + LOGIN_TIMEOUT);
        let logout = self.logout_sent.filter(|_| self.connected).map(|at| at + LOGOUT_WAIT);
        [login, logout].into_iter().flatten().min()
    }
}

#[cfg(test)]
#[path = "online_tests.rs"]
mod tests;

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

use super::online_form::{FormField, OnlineForm};
use super::{App, Mode, Popup};
use crate::core::{Color, Move};
use crate::online::connection::{LOGIN_TIMEOUT, MIN_KEEPALIVE};
use crate::online::{CsaPhase, CsaSession, Incoming, LoginMode, SessionError};
use crate::record::explain::describe;
use crate::tui::event::Command;
use crate::tui::jobs::{ConnectRequest, JobKind};
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

impl App {
    pub fn online_text(&self) -> &'static OnlineText {
        OnlineText::of(self.settings.language)
    }

    /// The online page's state, when it is shown.
    pub fn online(&self) -> Option<&Online> {
        match &self.mode {
            Mode::Online(o) => Some(o),
            _ => None,
        }
    }

    pub(super) fn online_mut(&mut self) -> Option<&mut Online> {
        match &mut self.mode {
            Mode::Online(o) => Some(o),
            _ => None,
        }
    }

    /// The dialog's form, when the dialog is shown.
    pub fn online_form(&self) -> Option<&OnlineForm> {
        match self.online().map(|o| &o.stage) {
            Some(Stage::Dialog(f)) => Some(f),
            _ => None,
        }
    }

    /// Changes the connection dialog's form (nothing when the dialog is not shown).
    pub fn edit_online_form(&mut self, edit: impl FnOnce(&mut OnlineForm)) {
        if let Some(f) = self.online_form_mut() {
            edit(f);
        }
    }

    pub(super) fn online_form_mut(&mut self) -> Option<&mut OnlineForm> {
        match self.online_mut().map(|o| &mut o.stage) {
            Some(Stage::Dialog(f)) => Some(f),
            _ => None,
        }
    }

    /// The password from the environment and the remembered ones (read at launch).
    pub fn set_online_secrets(&mut self, secrets: OnlineSecrets) {
        self.secrets = secrets;
    }

    /// Opens the connection dialog, filled from the settings and `overrides` (the command
    /// line's server, user and game), the password from the environment or remembered.
    pub fn open_online(&mut self, overrides: Option<OnlineSettings>, now: Instant) {
        if let Some(o) = self.online()
            && !matches!(o.stage, Stage::Dialog(_) | Stage::Closed(_) | Stage::Ended)
        {
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
        let key = password_key(&settings.host, settings.port, &settings.user);
        let password =
            self.secrets.env_password.clone().or_else(|| self.secrets.remembered.get(&key).cloned());
        let mut form = OnlineForm::from_settings(&settings, password);
        // the first field not filled in
        form.field = FormField::ALL
            .iter()
            .position(|&f| form.clone().text_mut(f).is_some_and(|t| t.is_empty()))
            .unwrap_or(0);
        let online = Online::new(form, settings, now);
        self.mode = Mode::Online(Box::new(online));
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
        let key = password_key(&checked.host, checked.port, &checked.user);
        let remember = match (&self.secrets.file, form.remember) {
            (Some(path), true) => {
                self.secrets.remembered.insert(key.clone(), form.password.clone());
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
        let Some(o) = self.online_mut() else { return };
        o.session = CsaSession::new(&checked.user, mode);
        o.settings = checked.clone();
        let keepalive = Duration::from_secs(checked.keepalive_s).max(MIN_KEEPALIVE);
        o.connect =
            Some(ConnectRequest { host: checked.host.clone(), port: checked.port, remember, key, keepalive });
        o.connected = true;
        o.logging_out = false;
        o.logout_sent = None;
        let peer = format!("{}:{}", checked.host, checked.port);
        o.note(true, format!("(connect {peer})"));
        o.password = form.password.clone();
        let (login, masked) = o.session.login_lines(&form.password);
        o.send(login, masked);
        o.set_stage(Stage::Connecting, now);
        self.status.set((t.connecting)(&peer));
    }

    /// Cancels: the dialog closes (back to the board); waiting or logged in, logs out cleanly
    /// and leaves.
    pub fn online_cancel(&mut self, now: Instant) {
        let t = self.online_text();
        let Some(o) = self.online_mut() else { return };
        match o.stage.clone() {
            Stage::Dialog(_) | Stage::Closed(_) => {
                let was_closed = matches!(o.stage, Stage::Closed(_));
                o.hang_up = o.connected;
                self.leave_online();
                if !was_closed {
                    self.status.set(t.dialog_cancelled.into());
                }
            }
            Stage::Playing => self.status.set(t.resign_to_leave.into()),
            Stage::Summary => self.online_answer(false, now),
            Stage::Connecting | Stage::Lobby | Stage::Waiting | Stage::Ended => {
                o.leave_after_logout = true;
                o.logging_out = true;
                o.logout_sent.get_or_insert(now);
                let line = o.session.logout_line();
                o.send_plain(line);
                self.status.set(t.logging_out.into());
            }
        }
    }

    /// Leaves online play for the board, keeping the record; the connection is closed.
    pub(super) fn leave_online(&mut self) {
        if let Some(o) = self.online_mut() {
            o.hang_up = o.hang_up || o.connected;
            o.connected = false;
        }
        // the connection's stop goes out with the next commands; the page goes
        self.online_requests();
        self.leave_to_board();
    }

    /// Moves what the online page asks for into the outbox: the connection to open, the lines
    /// to send, the connection's close (called before the outbox is handed out, and when the
    /// page is left).
    pub(super) fn online_requests(&mut self) {
        let Mode::Online(o) = &mut self.mode else { return };
        if let Some(c) = o.connect.take() {
            self.outbox.start(c);
        }
        for line in o.outbox.drain(..) {
            self.outbox.push(Command::Send(line));
        }
        if std::mem::take(&mut o.hang_up) {
            self.outbox.stop(JobKind::Online);
        }
    }

    /// Agrees to (`true`) or rejects the proposed game.
    pub fn online_answer(&mut self, agree: bool, now: Instant) {
        let t = self.online_text();
        let Some(o) = self.online_mut() else { return };
        if o.stage != Stage::Summary {
            return;
        }
        let line = if agree { o.session.agree() } else { o.session.reject() };
        if let Ok(line) = line {
            o.send_plain(line);
        }
        if agree {
            o.set_stage(Stage::Waiting, now);
            self.status.set(t.agreed.into());
        } else {
            // the standard mode is one game per connection: the server logs out after a reject
            let next =
                if o.session.is_extended() { Stage::Lobby } else { Stage::Closed(t.rejected_by_you.into()) };
            o.set_stage(next, now);
            self.status.set(t.rejected_by_you.into());
        }
    }

    /// A move from the board in an online game: sent to the server (it enters the record when
    /// the server repeats it). `None`: not an online game, the board plays it as usual.
    pub(super) fn online_takes(&mut self, m: Move) -> Option<bool> {
        let t = self.online_text();
        let at_end = self.game.node() == self.game.record().main_line_end();
        let illegal = self.pos().why_illegal(m).err().map(|why| describe(&why, self.settings.language));
        let o = self.online_mut()?;
        let message = match &o.stage {
            Stage::Playing if !at_end => t.go_to_end.to_string(),
            Stage::Playing if illegal.is_some() => illegal.unwrap_or_default(),
            Stage::Playing => match o.session.move_line(m) {
                Ok(line) => {
                    o.send_plain(line.clone());
                    (t.move_sent)(&line)
                }
                Err(SessionError::NotYourTurn) => t.not_your_turn.to_string(),
                Err(SessionError::AwaitingEcho) => t.awaiting_echo.to_string(),
                Err(e) => e.to_string(),
            },
            Stage::Ended | Stage::Closed(_) => t.game_over.to_string(),
            _ => t.no_game.to_string(),
        };
        self.board.selection = None;
        self.status.set(message);
        Some(false)
    }

    /// `R` in an online game: `%TORYO`. `None`: not an online game.
    pub(super) fn online_resign(&mut self) -> Option<()> {
        let t = self.online_text();
        let o = self.online_mut()?;
        let said = match o.session.resign_line() {
            Ok(line) => {
                o.send_plain(line);
                t.resign_sent.into()
            }
            Err(_) => t.no_game.into(),
        };
        self.status.set(said);
        Some(())
    }

    /// `D` in an online game: `%KACHI` (the server judges it). `None`: not an online game.
    pub(super) fn online_declare(&mut self) -> Option<()> {
        let t = self.online_text();
        let o = self.online_mut()?;
        let said = match o.session.declare_line() {
            Ok(line) => {
                o.send_plain(line);
                t.declare_sent.into()
            }
            Err(e) => e.to_string(),
        };
        self.status.set(said);
        Some(())
    }

    /// An extended-mode command (`WHO`, `LIST`, `MONITOR2ON id`, `CHAT text`).
    pub fn online_extended(&mut self, command: &str) {
        let t = self.online_text();
        let Some(o) = self.online_mut() else { return };
        if matches!(o.stage, Stage::Dialog(_) | Stage::Closed(_) | Stage::Connecting) {
            self.status.set(t.not_connected.into());
            return;
        }
        match o.session.extended_line(command) {
            Ok(line) => o.send_plain(line),
            Err(e) => self.status.set(format!("{e} ({})", t.x1_hint)),
        }
    }

    /// Asks for a game in the extended mode (`%%GAME`, the dialog's game name and side).
    pub fn online_ask_game(&mut self, now: Instant) {
        let t = self.online_text();
        let Some(o) = self.online_mut() else { return };
        let over = matches!(o.stage, Stage::Ended | Stage::Closed(_));
        if over && !o.session.is_extended() && !o.password.is_empty() {
            // the standard mode is one game per connection: log in again for the next
            let mut form = OnlineForm::from_settings(&o.settings, Some(o.password.clone()));
            form.extended = false;
            o.set_stage(Stage::Dialog(form), now);
            return self.online_connect(now);
        }
        let between_games = o.stage == Stage::Lobby || (o.stage == Stage::Ended && o.session.is_extended());
        if !between_games {
            self.status.set(t.not_in_lobby.into());
            return;
        }
        let side = match o.settings.side {
            OnlineSide::Any => '*',
            OnlineSide::Sente => '+',
            OnlineSide::Gote => '-',
        };
        let game = o.settings.game.clone();
        match o.session.game_request(&game, side) {
            Ok(line) => {
                o.send_plain(line);
                o.set_stage(Stage::Waiting, now);
                self.status.set((t.asked_for_game)(&game));
            }
            Err(e) => self.status.set(e.to_string()),
        }
    }

    /// Whether a watched game is on the board (read-only).
    pub fn watching(&self) -> bool {
        self.online().is_some_and(|o| o.watched.is_some() && o.stage != Stage::Playing)
    }

    /// The side to move's and the other side's clock in an online game, as the local clock
    /// shows them (`m:ss`, `秒読み n`), with whether it runs; `None` without a server clock.
    pub fn online_clock(&self, side: Color, now: Instant) -> Option<(String, bool)> {
        if !self.has_online_clock() {
            return None;
        }
        let c = self.online()?.session.clock()?;
        let r = c.reading(side, now);
        let text = if r.main_ms > 0 || c.control().byoyomi_ms == 0 {
            super::clock::time_left_text(r.main_ms / 1000)
        } else {
            (self.text().review.byoyomi)(r.byoyomi_ms.div_ceil(1000))
        };
        Some((text, r.running))
    }

    /// Online play in the status line: the players and the stage.
    pub fn online_status(&self) -> Option<String> {
        let o = self.online()?;
        let t = self.online_text();
        let stage = t.stages[match o.stage {
            Stage::Dialog(_) => 0,
            Stage::Connecting => 1,
            Stage::Lobby => 2,
            Stage::Waiting => 3,
            Stage::Summary => 4,
            Stage::Playing => 5,
            Stage::Ended => 6,
            Stage::Closed(_) => 7,
        }];
        let players = match (o.session.summary(), &o.watched) {
            (Some(s), _) if o.stage != Stage::Lobby => format!("☗{} ☖{}", s.names[0], s.names[1]),
            (_, Some(w)) => w.game_id.clone(),
            _ => o.settings.user.clone(),
        };
        Some(format!("{}: {players} · {stage}", t.mode_label))
    }

    /// The players' names (sente, gote) of the online game on the board.
    pub fn online_names(&self) -> Option<[String; 2]> {
        let o = self.online()?;
        if !matches!(o.stage, Stage::Playing | Stage::Ended | Stage::Closed(_)) {
            return None;
        }
        o.session.summary().map(|s| s.names.clone())
    }

    /// Whether the clock panel shows the server's clock.
    pub fn has_online_clock(&self) -> bool {
        self.online().is_some_and(|o| {
            matches!(o.stage, Stage::Playing | Stage::Ended | Stage::Closed(_))
                && o.session.clock().is_some_and(|c| !c.control().is_untimed())
        })
    }

    /// A board key online play does not keep: says why nothing happens.
    pub fn hold_in_online(&mut self) {
        let Some(o) = self.online() else { return };
        self.status.set(
            match o.stage {
                Stage::Playing => self.online_text().held_in_game,
                _ => self.online_text().leave_online_first,
            }
            .into(),
        );
    }

    /// Opens the protocol window.
    pub fn open_protocol(&mut self) {
        if self.online().is_none() {
            return;
        }
        let last = self.online().map_or(0, |o| o.log.len());
        self.open_popup(Popup::Protocol { scroll: last });
    }

    /// Scrolls the protocol window (the view stops at the ends).
    pub fn scroll_protocol(&mut self, delta: i32) {
        let last = self.online().map_or(0, |o| o.log.len()) as i32;
        if let Some(Popup::Protocol { scroll }) = self.popup_mut() {
            *scroll = (*scroll as i32 + delta).clamp(0, last) as usize;
        }
    }

    /// Online play's timers: no answer to `LOGIN` within [`LOGIN_TIMEOUT`] (as `shogiban csa`)
    /// goes back to the dialog saying so; no close within [`LOGOUT_WAIT`] of `LOGOUT` closes the
    /// connection from this side.
    pub(super) fn online_tick(&mut self, now: Instant) {
        let t = self.online_text();
        let Some(o) = self.online_mut() else { return };
        if o.stage == Stage::Connecting
            && o.session.phase() == CsaPhase::LoggingIn
            && o.elapsed(now) >= LOGIN_TIMEOUT
            && !o.logging_out
        {
            o.note(false, format!("({})", (t.login_timeout)(LOGIN_TIMEOUT.as_secs())));
            return self.back_to_dialog((t.login_timeout)(LOGIN_TIMEOUT.as_secs()), now);
        }
        if o.connected && o.logout_sent.is_some_and(|at| now >= at + LOGOUT_WAIT) {
            o.logout_sent = None;
            o.hang_up = true;
            let leave = o.leave_after_logout;
            self.on_online(Incoming::Closed, now);
            if !leave {
                self.status.set(t.logout_timeout.into());
            }
        }
    }

    /// When online play's next timer is due (see [`App::online_tick`]).
    pub(super) fn online_deadline(&self) -> Option<Instant> {
        let o = self.online()?;
        let login = (o.stage == Stage::Connecting && o.session.phase() == CsaPhase::LoggingIn)
            .then(|| o.since + LOGIN_TIMEOUT);
        let logout = o.logout_sent.filter(|_| o.connected).map(|at| at + LOGOUT_WAIT);
        [login, logout].into_iter().flatten().min()
    }

    /// Leaves online play with `X`: logs out first when logged in (a game on must be resigned).
    pub fn leave_online_play(&mut self, now: Instant) {
        self.online_cancel(now);
    }
}

#[cfg(test)]
#[path = "online_tests.rs"]
mod tests;

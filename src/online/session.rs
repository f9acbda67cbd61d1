//! The client side of the CSA server protocol as a state machine: it is given each line the
//! server sends and says what happened ([`SessionEvent`]s); it gives back the lines to send
//! (login, `AGREE`, moves, `%TORYO` …). It keeps the game record as the server rules it (a move
//! enters the record when the server repeats it, with the time it charged), the server's clock,
//! and the extended mode's lists. It does no I/O and never trusts a line: a move the rules refuse
//! or a line out of place is an event that says so, and the record so far is kept.

use super::check::printable;
use super::clock::ServerClock;
use super::ending::{GameEnd, Reason, Verdict};
use super::message::ServerLine;
use super::summary::{GameSummary, SummaryReader};
use crate::core::{Color, Move, Position};
use crate::record::notation::csa_move;
use crate::record::{GameRecord, MoveTime, NodeId, Special, SpecialKind, parse_csa_move};
use std::time::Instant;

/// How to log in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoginMode {
    /// The standard mode: `LOGIN name game,password` (the server pairs by the game name, a
    /// `-B`/`-W` suffix asks for a side), one game per connection.
    Standard { game: String },
    /// The extended mode (`x1`): `LOGIN name password x1`; games are asked for with `%%GAME`, and
    /// `%%WHO`, `%%LIST`, `%%MONITOR2ON`, `%%CHAT` are available.
    Extended,
}

/// Where the session is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CsaPhase {
    /// `LOGIN` sent, no answer yet.
    LoggingIn,
    /// Logged in (extended mode), no game asked for.
    Lobby,
    /// Waiting for an opponent.
    Waiting,
    /// A game summary arrived: `AGREE` or `REJECT` is expected.
    Proposed,
    /// `AGREE` sent; waiting for `START`.
    Agreed,
    /// The game is on.
    Playing,
    /// The game ended (the record has its result).
    Ended,
    /// Logged out, refused, or the session cannot go on.
    Closed,
}

/// What a line from the server meant.
#[derive(Clone, Debug)]
pub enum SessionEvent {
    LoggedIn,
    /// The server refused the login.
    LoginRefused,
    /// A game is proposed: its summary (agree or reject next).
    Proposed(Box<GameSummary>),
    /// The proposed game cannot be played: the summary was broken (reject it).
    BadSummary(String),
    Started,
    /// The game was called off before it started (`by` names who).
    Rejected {
        by: String,
    },
    /// A move entered the record (`mine`: this client's).
    Moved {
        mv: Move,
        color: Color,
        text: String,
        seconds: Option<u64>,
        mine: bool,
    },
    Ended(GameEnd),
    LoggedOut,
    /// `%%CHAT`: a line from `from`.
    Chat {
        from: String,
        text: String,
    },
    /// `%%WHO`: who is logged in, one line each.
    Who(Vec<String>),
    /// `%%LIST`: the games in progress (their ids).
    Games(Vec<String>),
    /// `%%MONITOR2ON`: lines of a watched game (its record so far, then each move).
    Monitor {
        game_id: String,
        lines: Vec<String>,
    },
    /// `##[ERROR]` or any other extended-mode message.
    Notice(String),
    /// Something the server sent was odd and was dealt with as said (a move's time that is no
    /// number, taken as 0; a `START` for another game); the game goes on.
    Warning(String),
    /// A line that has no place here; it was ignored.
    Ignored {
        line: String,
        why: String,
    },
    /// The server said something that makes the game impossible to follow (a move the rules
    /// refuse, a move for the wrong side): the record so far is kept; the session is closed.
    Broken {
        line: String,
        why: String,
    },
}

/// Why a line cannot be sent now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    #[error("no game is being played")]
    NotPlaying,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("that move is not legal here")]
    IllegalMove,
    #[error("a move was sent and the server has not answered it yet")]
    AwaitingEcho,
    #[error("no game is proposed")]
    NothingProposed,
    #[error("that needs the extended mode (x1)")]
    NotExtended,
}

/// Most lines an extended-mode list (`%%WHO`, `%%LIST`, a watched game) collects before it is
/// handed on anyway.
const MAX_LIST: usize = 10_000;

/// The client's state.
#[derive(Clone)]
pub struct CsaSession {
    user: String,
    mode: LoginMode,
    phase: CsaPhase,
    summary_reader: Option<SummaryReader>,
    summary: Option<GameSummary>,
    record: GameRecord,
    cur: NodeId,
    pos: Position,
    clock: Option<ServerClock>,
    /// A move or special sent and not yet repeated by the server.
    sent: Option<String>,
    special: Option<String>,
    reason: Option<Reason>,
    end: Option<GameEnd>,
    who: Vec<String>,
    games: Vec<String>,
    monitor: Vec<(String, Vec<String>)>,
}

impl CsaSession {
    pub fn new(user: &str, mode: LoginMode) -> CsaSession {
        let record = GameRecord::default();
        let pos = record.initial().clone();
        CsaSession {
            user: user.to_string(),
            mode,
            phase: CsaPhase::LoggingIn,
            summary_reader: None,
            summary: None,
            record,
            cur: crate::record::ROOT,
            pos,
            clock: None,
            sent: None,
            special: None,
            reason: None,
            end: None,
            who: Vec::new(),
            games: Vec::new(),
            monitor: Vec::new(),
        }
    }

    /// The login line, and the same line with the password masked (for logs and the screen).
    pub fn login_lines(&self, password: &str) -> (String, String) {
        let mask = "*".repeat(password.chars().count().clamp(1, 8));
        match &self.mode {
            LoginMode::Standard { game } => (
                format!("LOGIN {} {game},{password}", self.user),
                format!("LOGIN {} {game},{mask}", self.user),
            ),
            LoginMode::Extended => {
                (format!("LOGIN {} {password} x1", self.user), format!("LOGIN {} {mask} x1", self.user))
            }
        }
    }

    pub fn phase(&self) -> CsaPhase {
        self.phase
    }

    pub fn user(&self) -> &str {
        &self.user
    }

    pub fn is_extended(&self) -> bool {
        self.mode == LoginMode::Extended
    }

    /// The summary of the game proposed or being played.
    pub fn summary(&self) -> Option<&GameSummary> {
        self.summary.as_ref()
    }

    /// The record of the current (or last) game.
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    pub fn clock(&self) -> Option<&ServerClock> {
        self.clock.as_ref()
    }

    pub fn end(&self) -> Option<&GameEnd> {
        self.end.as_ref()
    }

    pub fn my_color(&self) -> Option<Color> {
        self.summary.as_ref().map(|s| s.my_color)
    }

    /// Whether this client is to move and may send a move.
    pub fn is_my_turn(&self) -> bool {
        self.phase == CsaPhase::Playing
            && self.sent.is_none()
            && self.my_color() == Some(self.pos.side_to_move())
    }

    /// `%%GAME name side` (extended mode): ask for a game; `side` is `+`, `-` or `*`.
    pub fn game_request(&mut self, game: &str, side: char) -> Result<String, SessionError> {
        if self.mode != LoginMode::Extended {
            return Err(SessionError::NotExtended);
        }
        self.phase = CsaPhase::Waiting;
        Ok(format!("%%GAME {game} {side}"))
    }

    /// Agrees to the proposed game.
    pub fn agree(&mut self) -> Result<String, SessionError> {
        if self.phase != CsaPhase::Proposed {
            return Err(SessionError::NothingProposed);
        }
        self.phase = CsaPhase::Agreed;
        Ok("AGREE".to_string())
    }

    /// Rejects the proposed game.
    pub fn reject(&mut self) -> Result<String, SessionError> {
        if self.phase != CsaPhase::Proposed {
            return Err(SessionError::NothingProposed);
        }
        self.phase = if self.is_extended() { CsaPhase::Lobby } else { CsaPhase::Closed };
        Ok("REJECT".to_string())
    }

    /// The line for this client's move; the move enters the record when the server repeats it.
    pub fn move_line(&mut self, mv: Move) -> Result<String, SessionError> {
        self.check_turn()?;
        if !self.pos.is_legal(mv) {
            return Err(SessionError::IllegalMove);
        }
        let text = csa_move(&self.pos, mv);
        self.sent = Some(text.clone());
        Ok(text)
    }

    /// `%TORYO`: resign (nothing more is to be sent for this game: the server ends it).
    pub fn resign_line(&mut self) -> Result<String, SessionError> {
        if self.phase != CsaPhase::Playing {
            return Err(SessionError::NotPlaying);
        }
        self.sent = Some("%TORYO".to_string());
        Ok("%TORYO".to_string())
    }

    /// `%KACHI`: declare an impasse win (the server judges it).
    pub fn declare_line(&mut self) -> Result<String, SessionError> {
        self.check_turn()?;
        self.sent = Some("%KACHI".to_string());
        Ok("%KACHI".to_string())
    }

    /// `LOGOUT`.
    pub fn logout_line(&self) -> String {
        "LOGOUT".to_string()
    }

    /// An extended-mode command (`%%WHO`, `%%LIST`, `%%MONITOR2ON id`, `%%CHAT text` …).
    pub fn extended_line(&self, command: &str) -> Result<String, SessionError> {
        if self.mode != LoginMode::Extended {
            return Err(SessionError::NotExtended);
        }
        Ok(format!("%%{}", command.trim_start_matches('%').replace(['\r', '\n'], " ")))
    }

    fn check_turn(&self) -> Result<(), SessionError> {
        if self.phase != CsaPhase::Playing {
            return Err(SessionError::NotPlaying);
        }
        if self.sent.is_some() {
            return Err(SessionError::AwaitingEcho);
        }
        if self.my_color() != Some(self.pos.side_to_move()) {
            return Err(SessionError::NotYourTurn);
        }
        Ok(())
    }

    /// The connection is gone: the session is over. A game that was on is cut off: its record
    /// ends with `%CHUDAN` (中断) where the game stopped.
    pub fn closed(&mut self) {
        if let Some(c) = &mut self.clock {
            c.stop();
        }
        if self.phase == CsaPhase::Playing {
            self.record.set_special(self.cur, Some(Special::new(SpecialKind::Interrupt)));
            self.record.set_header("終了日時", &crate::record::timestamp::now_local());
        }
        self.phase = CsaPhase::Closed;
    }

    /// Takes one line from the server.
    pub fn receive(&mut self, line: &str, now: Instant) -> Vec<SessionEvent> {
        let mut out = Vec::new();
        if let Some(reader) = &mut self.summary_reader {
            if let Some(result) = reader.feed(line) {
                self.summary_reader = None;
                match result {
                    Ok(s) => self.propose(s, &mut out),
                    Err(e) => {
                        self.phase = CsaPhase::Proposed;
                        out.push(SessionEvent::BadSummary(e.to_string()));
                    }
                }
            }
            return out;
        }
        let ignored = |why: &str| SessionEvent::Ignored { line: line.to_string(), why: why.to_string() };
        match ServerLine::parse(line) {
            ServerLine::Empty => {}
            ServerLine::LoginOk { name } if self.phase == CsaPhase::LoggingIn => {
                if name != self.user {
                    out.push(ignored("the login answer names another user"));
                }
                self.phase = if self.is_extended() { CsaPhase::Lobby } else { CsaPhase::Waiting };
                out.push(SessionEvent::LoggedIn);
            }
            ServerLine::LoginIncorrect if self.phase == CsaPhase::LoggingIn => {
                self.phase = CsaPhase::Closed;
                out.push(SessionEvent::LoginRefused);
            }
            ServerLine::LogoutCompleted => {
                self.phase = CsaPhase::Closed;
                out.push(SessionEvent::LoggedOut);
            }
            ServerLine::SummaryBegin
                if matches!(self.phase, CsaPhase::Waiting | CsaPhase::Lobby | CsaPhase::Ended) =>
            {
                self.summary_reader = Some(SummaryReader::default());
            }
            ServerLine::Start { game_id } if self.phase == CsaPhase::Agreed => {
                let agreed = self.summary.as_ref().map(|s| s.game_id.clone()).unwrap_or_default();
                if agreed != printable(&game_id) {
                    out.push(SessionEvent::Warning(format!(
                        "the server started the game '{}', not the game agreed to ('{agreed}'): ignored",
                        printable(&game_id)
                    )));
                    return out;
                }
                self.phase = CsaPhase::Playing;
                let start = crate::record::timestamp::now_local();
                self.record.set_header("開始日時", &start);
                if let Some(c) = &mut self.clock {
                    c.start(now);
                }
                out.push(SessionEvent::Started);
            }
            ServerLine::Reject { by, .. } if matches!(self.phase, CsaPhase::Proposed | CsaPhase::Agreed) => {
                self.phase = if self.is_extended() { CsaPhase::Lobby } else { CsaPhase::Closed };
                out.push(SessionEvent::Rejected { by });
            }
            ServerLine::Move { color, text, time, bad_time } if self.phase == CsaPhase::Playing => {
                let time = if bad_time.is_some() { Some(0) } else { time };
                self.play(line, color, &text, time, now, &mut out);
                // said after the move, which stands
                if let Some(field) =
                    bad_time.filter(|_| out.iter().any(|e| matches!(e, SessionEvent::Moved { .. })))
                {
                    out.push(SessionEvent::Warning(format!(
                        "the server's time '{}' for the move {text} is not a number of time units: taken as 0",
                        printable(&field)
                    )));
                }
            }
            ServerLine::Special(word) if self.phase == CsaPhase::Playing => {
                if self.special.is_none() {
                    self.special = Some(word);
                }
            }
            ServerLine::Reason(r) if self.phase == CsaPhase::Playing => {
                if self.reason.is_none() {
                    self.reason = Some(r);
                }
            }
            ServerLine::Verdict(v) if self.phase == CsaPhase::Playing => self.finish(v, &mut out),
            ServerLine::Extended { tag, arg, body } => self.extended(&tag, arg, body, line, &mut out),
            ServerLine::Other(_) => out.push(ignored("not a line of the CSA protocol")),
            _ => out.push(ignored("out of place here")),
        }
        out
    }

    fn propose(&mut self, s: GameSummary, out: &mut Vec<SessionEvent>) {
        let mut record = s.record.clone();
        record.set_header("棋戦", &s.game_id);
        record.set_header("先手", &s.names[0]);
        record.set_header("後手", &s.names[1]);
        if !s.time.is_untimed() {
            record.set_header("持ち時間", &s.time.kif_header());
            if s.time.increment_ms > 0 {
                record.set_header("INCREMENT", &(s.time.increment_ms / 1000).to_string());
            }
        }
        if let Some(n) = s.max_moves.filter(|&n| n > 0) {
            record.set_header("MAX_MOVES", &n.to_string());
        }
        self.cur = record.main_line_end();
        self.pos = record.position_at(self.cur);
        self.record = record;
        let mut clock = ServerClock::new(s.time, s.to_move);
        if let Some(r) = s.remaining_ms {
            clock.set_remaining(r);
        }
        self.clock = Some(clock);
        self.sent = None;
        self.special = None;
        self.reason = None;
        self.end = None;
        self.phase = CsaPhase::Proposed;
        self.summary = Some(s.clone());
        out.push(SessionEvent::Proposed(Box::new(s)));
    }

    fn play(
        &mut self,
        line: &str,
        color: Color,
        text: &str,
        time: Option<u64>,
        now: Instant,
        out: &mut Vec<SessionEvent>,
    ) {
        let broken = |why: String| SessionEvent::Broken { line: printable(line), why };
        if self.reason.is_some() || self.special.is_some() {
            out.push(SessionEvent::Ignored { line: line.to_string(), why: "a move after the end".into() });
            return;
        }
        if color != self.pos.side_to_move() {
            self.closed();
            out.push(broken("a move for the side not to move".into()));
            return;
        }
        let mv = match parse_csa_move(&self.pos, text) {
            Ok(mv) => mv,
            Err(e) => {
                self.closed();
                out.push(broken(format!("the move is not legal here: {e}")));
                return;
            }
        };
        let mine = self.my_color() == Some(color);
        if mine {
            self.sent = None;
        }
        let unit = self.clock.as_ref().map_or(1000, |c| c.control().unit_ms);
        let seconds = time.map(|t| t.saturating_mul(unit) / 1000);
        let node = match self.record.add_move(self.cur, mv) {
            Ok(n) => n,
            Err(e) => {
                self.closed();
                out.push(broken(e.to_string()));
                return;
            }
        };
        self.record.node_mut(node).time =
            seconds.map(|s| MoveTime { spent: s.min(u32::MAX as u64) as u32, total: None });
        self.cur = node;
        self.pos.do_move(mv);
        if let Some(c) = &mut self.clock {
            c.charge(color, time, now);
        }
        out.push(SessionEvent::Moved { mv, color, text: text.to_string(), seconds, mine });
    }

    fn finish(&mut self, verdict: Verdict, out: &mut Vec<SessionEvent>) {
        let me = self.my_color().unwrap_or(Color::Black);
        let reason = self.reason.take().unwrap_or(match verdict {
            Verdict::Chudan => Reason::Chudan,
            Verdict::Censored => Reason::Censored,
            _ if self.special.as_deref() == Some("TORYO") => Reason::Resign,
            _ => Reason::Censored,
        });
        let end =
            GameEnd { reason, verdict, special: self.special.take(), me, to_move: self.pos.side_to_move() };
        self.record.set_special(self.cur, Some(Special::new(end.special_kind())));
        self.record.set_header("終了日時", &crate::record::timestamp::now_local());
        if let Some(c) = &mut self.clock {
            c.stop();
        }
        self.sent = None;
        self.phase = CsaPhase::Ended;
        self.end = Some(end.clone());
        out.push(SessionEvent::Ended(end));
    }

    fn extended(
        &mut self,
        tag: &str,
        arg: Option<String>,
        body: String,
        line: &str,
        out: &mut Vec<SessionEvent>,
    ) {
        // what is shown or read into a record has its control characters made visible
        let (arg, body, line) = (arg.map(|a| printable(&a)), printable(&body), printable(line));
        let line = line.as_str();
        let done = body == "+OK";
        match tag {
            "LOGIN" => {}
            "CHAT" => out.push(SessionEvent::Chat { from: arg.unwrap_or_default(), text: body }),
            "WHO" | "LIST" => {
                let list = if tag == "WHO" { &mut self.who } else { &mut self.games };
                if !done {
                    list.push(body);
                }
                if done || list.len() >= MAX_LIST {
                    let items = std::mem::take(list);
                    out.push(if tag == "WHO" {
                        SessionEvent::Who(items)
                    } else {
                        SessionEvent::Games(items)
                    });
                }
            }
            "MONITOR2" | "MONITOR" => {
                let id = arg.unwrap_or_default();
                let at = match self.monitor.iter().position(|(g, _)| *g == id) {
                    Some(i) => i,
                    None => {
                        if self.monitor.len() >= 16 {
                            self.monitor.remove(0);
                        }
                        self.monitor.push((id.clone(), Vec::new()));
                        self.monitor.len() - 1
                    }
                };
                if !done {
                    self.monitor[at].1.push(body);
                }
                if done || self.monitor[at].1.len() >= MAX_LIST {
                    let (game_id, lines) = self.monitor.remove(at);
                    out.push(SessionEvent::Monitor { game_id, lines });
                }
            }
            _ => out.push(SessionEvent::Notice(line.to_string())),
        }
    }
}

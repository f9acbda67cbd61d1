//! What the connection to the CSA server brings, taken in: connected, each line (through the
//! `online::CsaSession`, whose events move online play along), closed or failed. The record shown
//! follows the session's; a watched game's lines are read as a CSA record. What only `App` can
//! do (a new game's record in place of the old, a popup, leaving the page) is handed back as a
//! [`Then`].

use super::ctx::Ctx;
use super::online::{CHAT_LINES, Online, Stage, Watched};
use super::online_form::{FormField, OnlineForm};
use crate::core::Color;
use crate::online::{Incoming, SessionEvent};
use crate::record::Cursor;
use crate::tui::text::online::OnlineText;
use std::time::Instant;

/// What online play asks of the app after taking something in.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Then {
    /// Nothing more.
    Nothing,
    /// The record changed (the autosave is to be written).
    Changed,
    /// A game starts, played as `Color`: its record takes the place of the one shown (a new
    /// game for the autosave), the board turned to that side.
    Started(Color),
    /// The connection was lost mid-game: the record changed, and saving it is offered (the
    /// words say why).
    OfferSave(String),
    /// The server's list came: shown in a window of its own away from the lobby.
    ServerList,
    /// The page is left for the board.
    Leave,
}

impl Online {
    /// Takes in what the connection brought: the events of the lines it brought, one by one
    /// (`each` carries out what each asks of the app, and says whether the page is still up).
    pub(super) fn on_incoming(
        &mut self,
        incoming: Incoming,
        now: Instant,
        ctx: &mut Ctx,
    ) -> Result<Then, Vec<SessionEvent>> {
        let t = OnlineText::of(ctx.settings.language);
        match incoming {
            Incoming::Connected => self.note(false, "(connected)".into()),
            Incoming::TooLong(n) => {
                self.note(false, format!("({})", (t.line_too_long)(n)));
                ctx.status.set((t.line_too_long)(n));
            }
            Incoming::Line(line) => {
                self.note(false, line.clone());
                return Err(self.session.receive(&line, now));
            }
            Incoming::Closed | Incoming::Failed(_) => {
                let why = match &incoming {
                    Incoming::Failed(w) => w.clone(),
                    _ => t.server_closed.into(),
                };
                self.note(false, format!("({why})"));
                self.connected = false;
                self.session.closed();
                let expected = self.logging_out;
                let leave = self.leave_after_logout;
                match self.stage.clone() {
                    Stage::Connecting => {
                        self.back_to_dialog((t.cannot_connect)(&why), now, ctx);
                    }
                    Stage::Playing => {
                        self.set_stage(Stage::Closed(why.clone()), now);
                        // the record shown ends as the session's: cut off (中断)
                        self.sync_record(ctx);
                        ctx.status.set((t.connection_lost)(&why));
                        return Ok(Then::OfferSave((t.connection_lost)(&why)));
                    }
                    Stage::Dialog(_) | Stage::Closed(_) => {}
                    _ if leave => {
                        ctx.status.set(t.logged_out.into());
                        return Ok(Then::Leave);
                    }
                    Stage::Ended => {
                        self.set_stage(Stage::Closed(t.logged_out.into()), now);
                    }
                    _ => {
                        let words =
                            if expected { t.logged_out.to_string() } else { (t.connection_lost_idle)(&why) };
                        self.set_stage(Stage::Closed(words.clone()), now);
                        ctx.status.set(words);
                    }
                }
            }
        }
        Ok(Then::Nothing)
    }

    /// Back to the dialog (filled from the settings, the password to type), with `problem`
    /// said.
    pub(super) fn back_to_dialog(&mut self, problem: String, now: Instant, ctx: &mut Ctx) {
        let mut form = OnlineForm::from_settings(&ctx.settings.online, None);
        form.play_as = self.play_as;
        form.external = self.external.clone();
        form.password = String::new();
        form.field = FormField::ALL.iter().position(|&f| f == FormField::Password).unwrap_or(0);
        form.problem = Some(problem.clone());
        self.set_stage(Stage::Dialog(form), now);
        self.hang_up = self.connected;
        self.connected = false;
        ctx.status.set(problem);
    }

    /// One event of the session.
    pub(super) fn on_session_event(&mut self, ev: SessionEvent, now: Instant, ctx: &mut Ctx) -> Then {
        let t = OnlineText::of(ctx.settings.language);
        match ev {
            SessionEvent::LoggedIn => {
                if self.session.is_extended() {
                    self.set_stage(Stage::Lobby, now);
                    ctx.status.set(t.logged_in_x1.into());
                } else {
                    self.set_stage(Stage::Waiting, now);
                    ctx.status.set((t.waiting_for)(&self.settings.game));
                }
            }
            SessionEvent::LoginRefused => self.back_to_dialog(t.login_refused.into(), now, ctx),
            SessionEvent::Proposed(_) => {
                self.set_stage(Stage::Summary, now);
                if self.settings.auto_agree {
                    self.answer(true, now, ctx.status, t);
                } else {
                    ctx.status.set(t.summary_arrived.into());
                }
            }
            SessionEvent::BadSummary(why) => {
                self.stage = Stage::Summary;
                self.answer(false, now, ctx.status, t);
                ctx.status.set((t.bad_summary)(&why));
            }
            SessionEvent::Started => {
                self.set_stage(Stage::Playing, now);
                // the board is this game's now: the game watched is let go
                if let Some(w) = self.watched.take()
                    && let Ok(line) = self.session.extended_line(&format!("MONITOR2OFF {}", w.game_id))
                {
                    self.send_plain(line);
                }
                return Then::Started(self.session.my_color().unwrap_or(Color::Black));
            }
            SessionEvent::Rejected { by } => {
                let words = (t.rejected)(&by);
                let next =
                    if self.session.is_extended() { Stage::Lobby } else { Stage::Closed(words.clone()) };
                self.set_stage(next, now);
                ctx.status.set(words);
            }
            SessionEvent::Moved { mine, text, seconds, .. } => {
                self.sync_record(ctx);
                let said = super::game::status_message(ctx.game, ctx.text(), None);
                if !mine {
                    let secs = seconds.map(|s| format!(" ({s}s)")).unwrap_or_default();
                    // the move as the record shows it (▲２六歩(27)), else as the server sent it
                    let rec = ctx.game.record();
                    let node = rec.node(ctx.game.node());
                    let shown = node
                        .parent()
                        .map(|parent| {
                            let pos = rec.position_at(parent);
                            crate::record::move_text(&pos, node.mv, crate::record::MoveStyle::KifMarked)
                        })
                        .unwrap_or(text);
                    ctx.status.set(format!("{}{secs}", (t.opponent_moved)(&shown)));
                    if !said.is_empty() {
                        ctx.status.set(format!("{} · {said}", ctx.status.text()));
                    }
                } else {
                    ctx.status.set(said);
                }
                return Then::Changed;
            }
            SessionEvent::Ended(end) => {
                let names = self
                    .session
                    .summary()
                    .map(|s| s.names.clone())
                    .unwrap_or_else(|| ["sente".to_string(), "gote".to_string()]);
                self.set_stage(Stage::Ended, now);
                if !self.session.is_extended() {
                    // one game per connection: log out cleanly
                    self.logging_out = true;
                    self.logout_sent.get_or_insert(now);
                    let line = self.session.logout_line();
                    self.send_plain(line);
                }
                self.sync_record(ctx);
                ctx.status.set((t.ended)(&end, [&names[0], &names[1]]));
                return Then::Changed;
            }
            SessionEvent::LoggedOut => self.logging_out = true,
            SessionEvent::Chat { from, text } => {
                if self.chat.len() >= CHAT_LINES {
                    self.chat.pop_front();
                }
                self.chat.push_back(format!("{from}: {text}"));
                // also in the message line, for a screen with no room under the board
                ctx.status.set(format!("{}: {from}: {text}", t.chat_title));
            }
            SessionEvent::Who(lines) => {
                self.list = Some(("WHO".into(), lines));
                return self.server_list();
            }
            SessionEvent::Games(lines) => {
                self.list = Some(("LIST".into(), lines));
                return self.server_list();
            }
            SessionEvent::Monitor { game_id, lines } => self.on_watched(game_id, lines, ctx),
            SessionEvent::Notice(line) => ctx.status.set(line),
            SessionEvent::Warning(w) => {
                self.note(false, format!("({w})"));
                let warning = (t.server_warning)(&w);
                let said = if ctx.status.text().is_empty() {
                    warning
                } else {
                    format!("{} · {warning}", ctx.status.text())
                };
                ctx.status.set(said);
            }
            SessionEvent::Ignored { .. } => {}
            SessionEvent::Broken { line, why } => {
                self.set_stage(Stage::Closed((t.broken)(&line, &why)), now);
                self.hang_up = self.connected;
                self.connected = false;
                self.sync_record(ctx);
                ctx.status.set((t.broken)(&line, &why));
                return Then::Changed;
            }
        }
        Then::Nothing
    }

    /// The server's list, which the lobby shows, comes up in a window of its own over a game.
    fn server_list(&self) -> Then {
        if self.stage != Stage::Lobby { Then::ServerList } else { Then::Nothing }
    }

    /// The record shown becomes the session's (the game's end shown).
    fn sync_record(&self, ctx: &mut Ctx) {
        *ctx.game = Cursor::new(self.session.record().clone());
        ctx.board.selection = None;
        ctx.game.to_end();
    }

    /// A watched game's lines (`%%MONITOR2ON`): the game so far, then each move; the board
    /// follows it, read-only.
    fn on_watched(&mut self, game_id: String, lines: Vec<String>, ctx: &mut Ctx) {
        let t = OnlineText::of(ctx.settings.language);
        if matches!(self.stage, Stage::Summary | Stage::Playing) {
            // a game of one's own is on the board: what is still watched waits
            return;
        }
        if self.watched.as_ref().is_none_or(|w| w.game_id != game_id) {
            self.watched = Some(Watched { game_id: game_id.clone(), lines: Vec::new() });
        }
        let w = self.watched.get_or_insert_with(|| Watched { game_id: game_id.clone(), lines: Vec::new() });
        w.lines.extend(lines);
        let text = w.lines.join("\n");
        match crate::record::read_text(&text, crate::record::Format::Csa) {
            Ok((record, _)) => {
                let ending = record.ending().map(|s| s.kind);
                *ctx.game = Cursor::new(record);
                ctx.game.to_end();
                ctx.board.selection = None;
                let ply = ctx.game.ply();
                ctx.status.set(match ending {
                    Some(kind) => {
                        let word = kind.kif(ctx.game.position().side_to_move());
                        (t.watched_ended)(&game_id, ply, word)
                    }
                    None => (t.watching)(&game_id, ply),
                });
            }
            Err(e) => ctx.status.set((t.watch_unreadable)(&game_id, &e.to_string())),
        }
    }
}

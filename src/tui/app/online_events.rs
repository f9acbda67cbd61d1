//! What the connection to the CSA server brings, taken in: connected, each line (through the
//! `online::CsaSession`, whose events move online play along), closed or failed. The record shown
//! follows the session's; a watched game's lines are read as a CSA record.

use super::online::{CHAT_LINES, Stage, Watched};
use super::online_form::{FormField, OnlineForm, PlayAs};
use super::{App, Popup};
use crate::core::Color;
use crate::online::{Incoming, SessionEvent};
use crate::record::{Cursor, GameRecord};
use std::time::Instant;

impl App {
    /// Takes in what the connection brought.
    pub fn on_online(&mut self, incoming: Incoming, now: Instant) {
        let t = self.online_text();
        let Some(o) = self.online_mut() else { return };
        match incoming {
            Incoming::Connected => o.note(false, "(connected)".into()),
            Incoming::TooLong(n) => {
                o.note(false, format!("({})", (t.line_too_long)(n)));
                self.status.set((t.line_too_long)(n));
            }
            Incoming::Line(line) => {
                o.note(false, line.clone());
                let events = o.session.receive(&line, now);
                for ev in events {
                    self.on_session_event(ev, now);
                }
            }
            Incoming::Closed | Incoming::Failed(_) => {
                let why = match &incoming {
                    Incoming::Failed(w) => w.clone(),
                    _ => t.server_closed.into(),
                };
                o.note(false, format!("({why})"));
                o.connected = false;
                o.session.closed();
                let expected = o.logging_out;
                let leave = o.leave_after_logout;
                match o.stage.clone() {
                    Stage::Connecting => {
                        self.back_to_dialog((t.cannot_connect)(&why), now);
                    }
                    Stage::Playing => {
                        o.set_stage(Stage::Closed(why.clone()), now);
                        // the record shown ends as the session's: cut off (中断)
                        self.sync_online_record(false);
                        self.status.set((t.connection_lost)(&why));
                        self.saving.dirty = true;
                        self.open_popup(Popup::OfferSaveLost((t.connection_lost)(&why)));
                    }
                    Stage::Dialog(_) | Stage::Closed(_) => {}
                    _ if leave => {
                        self.leave_online();
                        self.status.set(t.logged_out.into());
                    }
                    Stage::Ended => {
                        o.set_stage(Stage::Closed(t.logged_out.into()), now);
                    }
                    _ => {
                        let words =
                            if expected { t.logged_out.to_string() } else { (t.connection_lost_idle)(&why) };
                        o.set_stage(Stage::Closed(words.clone()), now);
                        self.status.set(words);
                    }
                }
            }
        }
    }

    /// Back to the dialog, with `problem` said.
    pub(super) fn back_to_dialog(&mut self, problem: String, now: Instant) {
        let settings = self.settings.online.clone();
        let password = None;
        let external = self.play.computer.external.clone();
        let Some(o) = self.online_mut() else { return };
        let mut form = OnlineForm::from_settings(&settings, password);
        form.play_as = o.play_as;
        form.external = external;
        form.password = String::new();
        form.field = FormField::ALL.iter().position(|&f| f == FormField::Password).unwrap_or(0);
        form.problem = Some(problem.clone());
        o.set_stage(Stage::Dialog(form), now);
        o.hang_up = o.connected;
        o.connected = false;
        self.status.set(problem);
    }

    fn on_session_event(&mut self, ev: SessionEvent, now: Instant) {
        let t = self.online_text();
        let Some(o) = self.online_mut() else { return };
        match ev {
            SessionEvent::LoggedIn => {
                if o.session.is_extended() {
                    o.set_stage(Stage::Lobby, now);
                    self.status.set(t.logged_in_x1.into());
                } else {
                    o.set_stage(Stage::Waiting, now);
                    let said = (t.waiting_for)(&o.settings.game);
                    self.status.set(said);
                }
            }
            SessionEvent::LoginRefused => {
                self.back_to_dialog(t.login_refused.into(), now);
            }
            SessionEvent::Proposed(_) => {
                o.set_stage(Stage::Summary, now);
                if o.settings.auto_agree {
                    self.online_answer(true, now);
                } else {
                    self.status.set(t.summary_arrived.into());
                }
            }
            SessionEvent::BadSummary(why) => {
                o.stage = Stage::Summary;
                self.online_answer(false, now);
                self.status.set((t.bad_summary)(&why));
            }
            SessionEvent::Started => {
                o.set_stage(Stage::Playing, now);
                // the board is this game's now: the game watched is let go
                if let Some(w) = o.watched.take()
                    && let Ok(line) = o.session.extended_line(&format!("MONITOR2OFF {}", w.game_id))
                {
                    o.send_plain(line);
                }
                let me = o.session.my_color().unwrap_or(Color::Black);
                let engine = o.play_as != PlayAs::Me;
                self.sync_online_record(true);
                self.board.flipped = me == Color::White;
                self.status.set((t.started)(me == Color::Black, self.pos().side_to_move() == me));
                if engine {
                    self.status.set(format!("{} · {}", self.status.text(), t.engine_plays));
                }
            }
            SessionEvent::Rejected { by } => {
                let words = (t.rejected)(&by);
                let next = if o.session.is_extended() { Stage::Lobby } else { Stage::Closed(words.clone()) };
                o.set_stage(next, now);
                self.status.set(words);
            }
            SessionEvent::Moved { mine, text, seconds, .. } => {
                self.sync_online_record(false);
                if !mine {
                    let secs = seconds.map(|s| format!(" ({s}s)")).unwrap_or_default();
                    // the move as the record shows it (▲２六歩(27)), else as the server sent it
                    let node = self.record().node(self.game.node());
                    let shown = node
                        .parent()
                        .map(|parent| {
                            let pos = self.record().position_at(parent);
                            crate::record::move_text(&pos, node.mv, crate::record::MoveStyle::KifMarked)
                        })
                        .unwrap_or(text);
                    self.status.set(format!("{}{secs}", (t.opponent_moved)(&shown)));
                    let status = self.status_message();
                    if !status.is_empty() {
                        self.status.set(format!("{} · {status}", self.status.text()));
                    }
                } else {
                    self.status.set(self.status_message());
                }
            }
            SessionEvent::Ended(end) => {
                let names = o
                    .session
                    .summary()
                    .map(|s| s.names.clone())
                    .unwrap_or_else(|| ["sente".to_string(), "gote".to_string()]);
                o.set_stage(Stage::Ended, now);
                if !o.session.is_extended() {
                    // one game per connection: log out cleanly
                    o.logging_out = true;
                    o.logout_sent.get_or_insert(now);
                    let line = o.session.logout_line();
                    o.send_plain(line);
                }
                self.sync_online_record(false);
                self.status.set((t.ended)(&end, [&names[0], &names[1]]));
            }
            SessionEvent::LoggedOut => {
                o.logging_out = true;
            }
            SessionEvent::Chat { from, text } => {
                if o.chat.len() >= CHAT_LINES {
                    o.chat.pop_front();
                }
                o.chat.push_back(format!("{from}: {text}"));
                // also in the message line, for a screen with no room under the board
                self.status.set(format!("{}: {from}: {text}", t.chat_title));
            }
            SessionEvent::Who(lines) => {
                o.list = Some(("WHO".into(), lines));
                self.show_server_list();
            }
            SessionEvent::Games(lines) => {
                o.list = Some(("LIST".into(), lines));
                self.show_server_list();
            }
            SessionEvent::Monitor { game_id, lines } => self.on_watched(game_id, lines),
            SessionEvent::Notice(line) => self.status.set(line),
            SessionEvent::Warning(w) => {
                o.note(false, format!("({w})"));
                let warning = (t.server_warning)(&w);
                self.status.set(if self.status.text().is_empty() {
                    warning
                } else {
                    format!("{} · {warning}", self.status.text())
                });
            }
            SessionEvent::Ignored { .. } => {}
            SessionEvent::Broken { line, why } => {
                o.set_stage(Stage::Closed((t.broken)(&line, &why)), now);
                o.hang_up = o.connected;
                o.connected = false;
                self.sync_online_record(false);
                self.status.set((t.broken)(&line, &why));
            }
        }
    }

    /// The server's list, which the lobby shows, comes up in a window of its own over a game
    /// (when no other popup is open; the protocol window has it too).
    fn show_server_list(&mut self) {
        let away = self.online().is_some_and(|o| o.stage != Stage::Lobby);
        if away && self.overlay().is_none() {
            self.open_popup(Popup::ServerList);
        }
    }

    /// The record shown becomes the session's (the game's end shown); a new game starts the
    /// autosave's new game.
    fn sync_online_record(&mut self, new_game: bool) {
        let Some(o) = self.online() else { return };
        let record: GameRecord = o.session.record().clone();
        if new_game {
            self.replace_record(record);
            self.standing.game_serial += 1;
        } else {
            self.game = Cursor::new(record);
            self.board.selection = None;
        }
        self.game.to_end();
        self.saving.dirty = true;
    }

    /// A watched game's lines (`%%MONITOR2ON`): the game so far, then each move; the board
    /// follows it, read-only.
    fn on_watched(&mut self, game_id: String, lines: Vec<String>) {
        let t = self.online_text();
        let Some(o) = self.online_mut() else { return };
        if matches!(o.stage, Stage::Summary | Stage::Playing) {
            // a game of one's own is on the board: what is still watched waits
            return;
        }
        if o.watched.as_ref().is_none_or(|w| w.game_id != game_id) {
            o.watched = Some(Watched { game_id: game_id.clone(), lines: Vec::new() });
        }
        let w = o.watched.get_or_insert_with(|| Watched { game_id: game_id.clone(), lines: Vec::new() });
        w.lines.extend(lines);
        let text = w.lines.join("\n");
        match crate::record::read_text(&text, crate::record::Format::Csa) {
            Ok((record, _)) => {
                let ending = record.ending().map(|s| s.kind);
                self.game = Cursor::new(record);
                self.game.to_end();
                self.board.selection = None;
                self.status.set(match ending {
                    Some(kind) => {
                        let word = kind.kif(self.pos().side_to_move());
                        (t.watched_ended)(&game_id, self.ply(), word)
                    }
                    None => (t.watching)(&game_id, self.ply()),
                });
            }
            Err(e) => self.status.set((t.watch_unreadable)(&game_id, &e.to_string())),
        }
    }
}

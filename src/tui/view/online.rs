//! Online play's windows over the board: the connection dialog, the waiting screen, the game
//! summary, the extended mode's lobby, the protocol window, and the chat under the board.

use super::frame::{centered, clear_under, frame};
use super::key_line::keys_line;
use crate::tui::app::{App, FormField, OnlineForm, PlayAs, Stage};
use crate::tui::keymap::{Action, KeyMode};
use crate::tui::settings::OnlineSide;
use crate::tui::text::online::OnlineText;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;
use std::time::Instant;
use unicode_width::UnicodeWidthStr;

/// Draws the window of the stage online play is at, if it has one.
pub(super) fn draw_online(f: &mut Frame, app: &App, now: Instant) {
    let Some(o) = app.online() else { return };
    let t = app.online_text();
    match o.stage() {
        Stage::Dialog(form) => {
            let keys = format!("{} · {}", t.dialog_typing, keys_line(app, KeyMode::OnlineDialog, 0));
            window(f, app, t.dialog_title, dialog_lines(t, form), Some(&keys))
        }
        Stage::Connecting => {
            window(f, app, t.waiting_title, vec![t.connecting_body.into()], Some(&waiting_keys(app)))
        }
        Stage::Waiting => {
            let body = (t.waiting_body)(&o.settings().game, o.elapsed(now).as_secs());
            window(f, app, t.waiting_title, vec![body], Some(&waiting_keys(app)))
        }
        Stage::Summary => {
            let lines = o.session().summary().map(|s| (t.summary_lines)(s)).unwrap_or_default();
            let protocol = (t.protocol_window)(&app.keymap().key_name(KeyMode::Online, Action::Protocol));
            let keys = format!("{} · {protocol}", keys_line(app, KeyMode::OnlineSummary, 0));
            window(f, app, t.summary_title, lines, Some(&keys))
        }
        Stage::Lobby => {
            let mut lines = vec![t.lobby_body.to_string()];
            if let Some(list) = list_lines(app) {
                lines.push(String::new());
                lines.extend(list);
            }
            if o.watched().is_none() {
                window(f, app, t.lobby_title, lines, None)
            }
        }
        Stage::Playing | Stage::Ended | Stage::Closed(_) => {}
    }
}

/// The server's last answer to `%%WHO` or `%%LIST`: its name, then at most 15 lines.
fn list_lines(app: &App) -> Option<Vec<String>> {
    let (what, items) = app.online()?.list()?;
    let mut lines = vec![format!("%%{what}:")];
    lines.extend(items.iter().take(15).map(|l| format!("  {l}")));
    if items.is_empty() {
        lines.push("  -".into());
    }
    Some(lines)
}

/// The server's last list over a game, in a window any key closes.
pub(super) fn draw_server_list(f: &mut Frame, app: &App) {
    let Some(lines) = list_lines(app) else { return };
    let t = app.online_text();
    window(f, app, t.lobby_title, lines, Some(t.list_keys))
}

/// The dialog's lines: one per field, the focused one marked, the password as `*`.
pub fn dialog_lines(t: &OnlineText, form: &OnlineForm) -> Vec<String> {
    let label_w = t.fields.iter().map(|l| l.width()).max().unwrap_or(0);
    let mut out: Vec<String> = FormField::ALL
        .iter()
        .enumerate()
        .map(|(i, &field)| {
            let value = match field {
                FormField::Host => form.host.clone(),
                FormField::Port => form.port.clone(),
                FormField::User => form.user.clone(),
                FormField::Password => "*".repeat(form.password.chars().count()),
                FormField::Game => form.game.clone(),
                FormField::Side => {
                    let i = match form.side {
                        OnlineSide::Any => 0,
                        OnlineSide::Sente => 1,
                        OnlineSide::Gote => 2,
                    };
                    format!("◀ {} ▶", t.sides[i])
                }
                FormField::AutoAgree => yes_no(t, form.auto_agree),
                FormField::Extended => yes_no(t, form.extended),
                FormField::Remember => yes_no(t, form.remember),
                FormField::PlayAs => {
                    let who = match form.play_as {
                        PlayAs::Me => t.play_as_me.to_string(),
                        PlayAs::Builtin(level) => (t.play_as_builtin)(level.get()),
                        PlayAs::External => {
                            (t.play_as_external)(form.external.as_deref().unwrap_or_default())
                        }
                    };
                    format!("◀ {who} ▶")
                }
            };
            let focused = i == form.field;
            let mark = if focused { "▶" } else { " " };
            let caret = if focused && field.is_text() { "_" } else { "" };
            let label = t.fields[i];
            format!("{mark} {label}{} : {value}{caret}", " ".repeat(label_w - label.width()))
        })
        .collect();
    if let Some(p) = &form.problem {
        out.push(String::new());
        out.push(format!("! {p}"));
    }
    out
}

fn yes_no(t: &OnlineText, on: bool) -> String {
    format!("[{}] {}", if on { "x" } else { " " }, if on { t.yes_no[0] } else { t.yes_no[1] })
}

/// The keys while connecting or waiting: cancel (log out), the protocol window.
fn waiting_keys(app: &App) -> String {
    let key = |a| app.keymap().key_name(KeyMode::Online, a);
    (app.online_text().waiting_keys)(&key(Action::Cancel), &key(Action::Protocol))
}

/// A window over the board with `lines` and the keys in its bottom edge.
fn window(f: &mut Frame, app: &App, title: &str, lines: Vec<String>, keys: Option<&str>) {
    let g = super::glyphs(app);
    let area = f.area();
    let widest =
        lines.iter().map(|l| l.width()).chain([title.width(), keys.map_or(0, |k| k.width() + 2)]).max();
    let w = (widest.unwrap_or(10) as u16 + 4).min(area.width);
    let body: Vec<Line> = lines.iter().map(|l| Line::from(g.pad(l))).collect();
    let body = super::wrap::wrap_lines(body, w.saturating_sub(2));
    let r = centered(area, w, body.len() as u16 + 2);
    clear_under(f.buffer_mut(), r);
    f.render_widget(Paragraph::new(body).block(frame(&g, title, keys)), r);
}

/// The protocol window: the lines sent (→) and received (←), the password masked, ending at
/// line `scroll` (as many as fit).
pub(super) fn draw_protocol(f: &mut Frame, app: &App, scroll: usize) {
    let Some(o) = app.online() else { return };
    let t = app.online_text();
    let g = super::glyphs(app);
    let area = f.area();
    let w = area.width.saturating_sub(4).max(20).min(area.width);
    let h = area.height.saturating_sub(2).max(5).min(area.height);
    let r = centered(area, w, h);
    let visible = h.saturating_sub(2) as usize;
    let log = o.log();
    let end = scroll.clamp(visible.min(log.len()), log.len());
    let first = end.saturating_sub(visible);
    let room = w.saturating_sub(2) as usize;
    let body: Vec<Line> = log
        .iter()
        .skip(first)
        .take(end - first)
        .map(|l| {
            let arrow = if l.sent { "→ " } else { "← " };
            let text: String = l.text.chars().take(room.saturating_sub(2)).collect();
            Line::from(g.pad(&format!("{arrow}{text}")))
        })
        .collect();
    clear_under(f.buffer_mut(), r);
    let keys = format!("{} · {}", keys_line(app, KeyMode::Protocol, 0), app.text().other_keys_close);
    let note = format!("{}-{}/{} {keys}", first + usize::from(end > first), end, log.len());
    f.render_widget(Paragraph::new(body).block(frame(&g, t.protocol_title, Some(&note))), r);
}

/// The chat lines under the board (the newest last), in the rows left there.
pub(super) fn draw_chat(f: &mut Frame, app: &App, area: Rect) {
    let Some(o) = app.online() else { return };
    if o.chat().is_empty() || area.height < 2 {
        return;
    }
    let g = super::glyphs(app);
    let rows = area.height.saturating_sub(1) as usize;
    let skip = o.chat().len().saturating_sub(rows);
    let mut lines = vec![Line::styled(
        g.pad(app.online_text().chat_title),
        Style::default().add_modifier(Modifier::BOLD),
    )];
    lines.extend(o.chat().iter().skip(skip).map(|l| Line::from(g.pad(l))));
    f.render_widget(Paragraph::new(lines), area);
}

//! The rows under the board: the status line (side to move, move number, mode, level),
//! the message and the computer's thinking (wrapped, never cut), or the text box; and the key
//! bar, shortened to the width by dropping the least important keys first (`q` and `?` stay).

use super::wrap::wrap;
use crate::tui::app::{App, GameMode, InputKind, LineInput, Player};
use crate::tui::keymap::{Action, KeyMode};
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use unicode_width::UnicodeWidthStr;

/// The message and the thinking line, each wrapped to `width`.
fn message_lines(app: &App, width: u16) -> Vec<String> {
    let (mut lines, thinking) = message_parts(app, width);
    lines.extend(thinking);
    lines
}

/// The message (with the autosave's failure, if any) and the thinking line, each wrapped to
/// `width`, as two lists.
fn message_parts(app: &App, width: u16) -> (Vec<String>, Vec<String>) {
    let g = super::glyphs(app);
    let key = |a| app.keymap().key_name(KeyMode::Board, a);
    // an empty message shows how to get help
    let message = match app.message() {
        "" => (app.text().help_hint)(&key(Action::Help)),
        m => m.to_string(),
    };
    let mut lines = wrap(&g.pad(&message), width);
    // a failed autosave is said until one is written (or the record is saved by hand)
    if let Some(e) = app.unsaved_after_autosave_failure()
        && !app.message().contains(e)
    {
        lines.extend(wrap(&g.pad(&(app.text().autosave_failing)(e, &key(Action::Save))), width));
    }
    let thinking = super::thinking::thinking_text(app);
    let thinking = if thinking.is_empty() { Vec::new() } else { wrap(&g.pad(&thinking), width) };
    (lines, thinking)
}

/// At most `rows` lines of `message` then `thinking`: a message too long for the room keeps its
/// start (where a file's path and the first problem are) and ends its last line shown with
/// `…`; the thinking line keeps a row when the message has one.
fn fit_lines(message: Vec<String>, thinking: Vec<String>, rows: usize, width: u16) -> Vec<String> {
    let rows = rows.max(1);
    let think_rows = if message.is_empty() { thinking.len().min(rows) } else { thinking.len().min(rows - 1) };
    let room = rows - think_rows;
    let cut = message.len() > room;
    let mut out: Vec<String> = message.into_iter().take(room).collect();
    if cut && let Some(last) = out.last_mut() {
        let mut shown = String::new();
        for c in last.chars() {
            if (shown.width() + c.to_string().width() + 1) > width as usize {
                break;
            }
            shown.push(c);
        }
        *last = format!("{}…", shown.trim_end());
    }
    out.extend(thinking.into_iter().take(think_rows));
    out
}

/// Rows the message and thinking need at `width` (at least one).
pub(super) fn message_rows(app: &App, width: u16) -> u16 {
    if app.input().is_some() {
        // the prompt, under the message that refused its last text, if any
        return 1 + prompt_message_lines(app, width).len() as u16;
    }
    message_lines(app, width).len().max(1) as u16
}

/// With the text box open: the message above it (why its text was refused), wrapped.
fn prompt_message_lines(app: &App, width: u16) -> Vec<String> {
    if app.message().is_empty() {
        return Vec::new();
    }
    wrap(&super::glyphs(app).pad(app.message()), width)
}

/// The game mode as the status line names it (index into `Text::mode_short`).
fn mode_index(players: [Player; 2]) -> usize {
    GameMode::ALL.iter().position(|m| m.players() == players).unwrap_or(0)
}

/// The status line: whose turn, which move, the mode, the level (when the computer plays), the
/// pace (when it plays both sides) and whether it is paused (the clocks have their own panel).
pub(super) fn status_line(app: &App) -> String {
    let t = app.text();
    let pos = app.pos();
    let side = app.side_name(pos.side_to_move());
    if let Some(e) = app.editor() {
        let side = app.text().sides[e.setup().side.index()];
        return format!("{} · {side}", super::editor::status_mode(app).unwrap_or_default());
    }
    let mut parts = vec![format!("{side} {}", (t.move_number)(app.ply() + 1))];
    if let Some(words) = app.online_status() {
        parts.push(words);
        return parts.join(" · ");
    }
    // a record under review is nobody's game (unless the computer took a side on `t`)
    let who = if app.under_review() && !app.players().contains(&Player::Engine) {
        t.clocks.review_mode.to_string()
    } else if let Some([b, w]) = app.hot_seat_names() {
        (t.players_vs)(&b, &w)
    } else {
        app.named(t.mode_short[mode_index(app.players())])
    };
    parts.push(super::editor::status_mode(app).unwrap_or(who));
    if app.players().contains(&Player::Engine) {
        let [b, w] = app.levels();
        parts.push(if app.players() == [Player::Engine; 2] && b != w {
            (t.levels_short)(b.get(), w.get())
        } else if app.settings().engine_command.is_none() {
            (t.level_rated)(app.level().get(), app.level().rating().rating)
        } else {
            (t.level_short)(app.level().get())
        });
    }
    parts.extend(super::rating::status_part(app));
    if app.players() == [Player::Engine, Player::Engine] {
        parts.push((t.pace)(app.pace().as_millis() as u64));
    }
    if app.paused() {
        parts.push(t.paused.to_string());
    }
    parts.extend(super::threats::indicator(app));
    parts.join(" · ")
}

/// One entry of the key bar: the key, its label, and a priority (lower stays longer when the bar
/// is shortened to fit the width; 0 never goes).
#[derive(Clone, Debug)]
pub(super) struct KeyHint {
    pub key: String,
    pub label: &'static str,
    pub priority: u8,
}

/// The key bar of the page shown, from the keymap in force, in the app's language: the keys
/// that do something now, each with its importance in this mode.
pub(super) fn key_hints(app: &App) -> Vec<KeyHint> {
    let ja = app.text().language == crate::tui::settings::Language::Ja;
    app.keymap()
        .bar(app.key_mode())
        .into_iter()
        .filter(|e| app.offers(e.action))
        .map(|e| KeyHint { key: e.keys, label: e.label.of(ja), priority: e.priority })
        .collect()
}

/// The key bar's hints that fit in `width` columns, in their order; the hints with the highest
/// priority number go first.
pub(super) fn key_bar(hints: &[KeyHint], width: u16) -> String {
    let mut kept: Vec<&KeyHint> = hints.iter().collect();
    let render = |hints: &[&KeyHint]| {
        hints.iter().map(|h| format!("{} {}", h.key, h.label)).collect::<Vec<_>>().join("  ")
    };
    while render(&kept).width() > width as usize {
        let Some((i, _)) =
            kept.iter().enumerate().filter(|(_, h)| h.priority > 0).max_by_key(|(i, h)| (h.priority, *i))
        else {
            break;
        };
        kept.remove(i);
    }
    render(&kept)
}

pub(super) fn draw_status(f: &mut Frame, app: &App, area: Rect) {
    let t = app.text();
    let g = super::glyphs(app);
    let mut lines = vec![Line::from(Span::styled(
        g.pad(&status_line(app)),
        Style::default().add_modifier(Modifier::BOLD),
    ))];
    let bar = match app.input() {
        Some(LineInput { kind, editor }) => {
            let (prompt, hint) = match kind {
                InputKind::Move => (t.prompt_move, t.prompt_move_hint.to_string()),
                InputKind::SavePath => (t.prompt_save, t.prompt_save_hint.to_string()),
                InputKind::GotoMove => (t.review.prompt_goto, (t.review.prompt_goto_hint)(app.line_length())),
                InputKind::WatchGame => (app.online_text().watch_prompt, "%%MONITOR2ON".to_string()),
                InputKind::Chat => (app.online_text().chat_prompt, "%%CHAT".to_string()),
            };
            let rows = area.height.saturating_sub(3) as usize;
            let msg = prompt_message_lines(app, area.width);
            if rows > 0 {
                lines.extend(fit_lines(msg, Vec::new(), rows, area.width).into_iter().map(Line::from));
            }
            let room = area.width.saturating_sub(prompt.width() as u16);
            let (shown, cur) = editor.window(room);
            let y = area.y + lines.len() as u16;
            f.set_cursor_position(Position::new(area.x + prompt.width() as u16 + cur, y));
            lines.push(Line::from(format!("{prompt}{shown}")));
            g.pad(&hint)
        }
        None => {
            let rows = area.height.saturating_sub(2) as usize;
            let (msg, thinking) = message_parts(app, area.width);
            // the start of a message too long for even the tallest status area is kept
            lines.extend(fit_lines(msg, thinking, rows, area.width).into_iter().map(Line::from));
            g.pad(&key_bar(&key_hints(app), area.width))
        }
    };
    while lines.len() + 1 < area.height as usize {
        lines.push(Line::from(""));
    }
    lines.push(Line::from(Span::styled(bar, Style::default().fg(super::palette(app).dim))));
    f.render_widget(Paragraph::new(lines), area);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_too_long_for_the_status_area_keeps_its_start() {
        let mut app = App::new(crate::core::Position::startpos());
        let problems: Vec<String> = (0..40).map(|i| format!("'field{i}': not a valid value")).collect();
        app.set_message(format!("/home/u/.config/shogiban/settings.json: {}", problems.join("; ")));
        let s = super::super::screen_text(&app, 80, 24, std::time::Instant::now());
        assert!(s.contains("/home/u/.config/shogiban/settings.json"), "{s}");
        assert!(s.contains('…'), "{s}");
        // the key bar stays
        assert!(s.contains("q quit"), "{s}");
    }

    #[test]
    fn key_bar_keeps_quit_and_help_at_every_width() {
        for lang in [crate::tui::settings::Language::En, crate::tui::settings::Language::Ja] {
            let mut app = App::new(crate::core::Position::startpos());
            app.set_settings(crate::tui::settings::Settings { language: lang, ..Default::default() });
            let hints = key_hints(&app);
            for w in 20..200u16 {
                let bar = key_bar(&hints, w);
                assert!(bar.contains("q "), "width {w}: {bar}");
                assert!(bar.contains("? "), "width {w}: {bar}");
                if w >= 40 {
                    assert!(bar.width() <= w as usize, "width {w}: {bar}");
                }
            }
            assert_eq!(key_bar(&hints, 500).matches("  ").count() + 1, hints.len());
        }
    }

    #[test]
    fn wrap_breaks_at_spaces_and_inside_long_words() {
        assert_eq!(wrap("abc def ghi", 7), vec!["abc def", "ghi"]);
        assert_eq!(wrap("abcdefghij", 4), vec!["abcd", "efgh", "ij"]);
        assert_eq!(wrap("７六歩 は 指せません", 6), vec!["７六歩", "は", "指せま", "せん"]);
        // a line of moves breaks between moves, never inside one
        assert_eq!(wrap("解答: ▲１二龍上△同玉▲２三金打", 16), vec!["解答: ▲１二龍上", "△同玉▲２三金打"]);
        assert_eq!(wrap("▲ １二龍上△ 同玉", 12), vec!["▲ １二龍上", "△ 同玉"]);
        for l in wrap("a long message about a pinned 金 on ５八 and the 飛 on ５一", 10) {
            assert!(l.width() <= 10, "{l}");
        }
    }
}

#[cfg(test)]
mod bar_tests {
    use super::*;
    use crate::tui::app::{GameMode, NewGameChoice};
    use crate::tui::settings::{Language, Settings};

    fn bar_at(app: &App, w: u16) -> String {
        key_bar(&key_hints(app), w)
    }

    fn game(lang: Language, mode: GameMode, clock: usize) -> App {
        let mut app = App::new(crate::core::Position::startpos());
        app.set_settings(Settings { language: lang, ..Settings::default() });
        let clock = crate::tui::app::clock::preset(clock);
        app.start_new_game(NewGameChoice {
            mode,
            level: crate::engine::levels::Level::new(3).unwrap(),
            gote_level: crate::engine::levels::Level::new(3).unwrap(),
            clock,
            clock_side: None,
            handicap: 0,
            names: Default::default(),
            naming: None,
        });
        app
    }

    fn review(lang: Language) -> App {
        let kif = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n";
        let (rec, _) = crate::record::read_text(kif, crate::record::Format::Kifu).unwrap();
        let mut app = App::opened(rec, std::path::Path::new("g.kifu"), String::new());
        app.set_settings(Settings { language: lang, ..Settings::default() });
        app
    }

    #[test]
    fn at_80_columns_the_bar_keeps_what_matters_in_the_mode() {
        for lang in [Language::En, Language::Ja] {
            // a game against the computer on the clock: undo, resign, pause, no analysis or hint
            let app = game(lang, GameMode::HumanSente, 2);
            let bar = bar_at(&app, 80);
            for key in ["u ", "R ", "p ", ": ", "? ", "q "] {
                assert!(bar.contains(key), "{lang:?} game: {key:?} missing: {bar}");
            }
            assert!(!bar.contains("a ") && !bar.contains("i "), "{lang:?}: {bar}");
            // a record under review: stepping, analysis, hint, the editor and tsume
            let app = review(lang);
            let bar = bar_at(&app, 80);
            for key in ["←→ ", "a ", "i ", "e ", "P ", "? ", "q "] {
                assert!(bar.contains(key), "{lang:?} review: {key:?} missing: {bar}");
            }
            assert!(!bar.contains("R ") && !bar.contains("u "), "{lang:?}: {bar}");
            assert!(bar.width() <= 80);
        }
    }
}

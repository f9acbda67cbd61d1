//! The clock panel at the top of the right-hand column: each side's time, the side to move
//! marked, its last ten seconds in a warning colour. With room, the times are drawn three rows
//! tall; on a small screen each side takes one row, never cut.

use crate::tui::app::App;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use std::time::Instant;

/// Rows of the panel, border included, in its two forms.
const SMALL_ROWS: u16 = 4;
const LARGE_ROWS: u16 = 10;
/// Columns the large form needs (border included).
const LARGE_W: u16 = 30;

/// Rows the panel takes at the top of a right-hand column `column` (none without a clock), on a
/// screen `screen_h` rows tall.
pub fn rows(app: &App, column: Rect, screen_h: u16) -> u16 {
    if (app.clock().is_none() && !app.has_online_clock()) || app.editor().is_some() {
        return 0;
    }
    if column.width >= LARGE_W && screen_h >= 34 { LARGE_ROWS } else { SMALL_ROWS }
}

/// A 3×5 pixel font, one string of five rows per character (`#` set), for the large times.
fn glyph(c: char) -> Option<[&'static str; 5]> {
    Some(match c {
        '0' => ["###", "#.#", "#.#", "#.#", "###"],
        '1' => [".#.", "##.", ".#.", ".#.", "###"],
        '2' => ["###", "..#", "###", "#..", "###"],
        '3' => ["###", "..#", "###", "..#", "###"],
        '4' => ["#.#", "#.#", "###", "..#", "..#"],
        '5' => ["###", "#..", "###", "..#", "###"],
        '6' => ["###", "#..", "###", "#.#", "###"],
        '7' => ["###", "..#", "..#", "..#", "..#"],
        '8' => ["###", "#.#", "###", "#.#", "###"],
        '9' => ["###", "#.#", "###", "..#", "###"],
        ':' => [".", "#", ".", "#", "."],
        _ => return None,
    })
}

/// `digits` (digits and colons) drawn three rows tall with half blocks, one column between
/// characters; in `ascii` (ambiguous-width terminals, where blocks are drawn two columns wide)
/// with `#`.
pub fn big_digits(digits: &str, ascii: bool) -> [String; 3] {
    let mut rows = [String::new(), String::new(), String::new()];
    for (i, g) in digits.chars().filter_map(glyph).enumerate() {
        for (r, row) in rows.iter_mut().enumerate() {
            if i > 0 {
                row.push(' ');
            }
            let top = g[2 * r].chars();
            let bottom: Vec<char> = g.get(2 * r + 1).map_or(vec!['.'; g[0].len()], |b| b.chars().collect());
            for (t, b) in top.zip(bottom) {
                row.push(match (t == '#', b == '#', ascii) {
                    (false, false, _) => ' ',
                    (_, _, true) => '#',
                    (true, true, false) => '█',
                    (true, false, false) => '▀',
                    (false, true, false) => '▄',
                });
            }
        }
    }
    rows
}

/// A clock's text split into a label and the figures (`秒読み 30` → `秒読み `, `30`).
fn split_figures(text: &str) -> (&str, &str) {
    let at = text.find(|c: char| c.is_ascii_digit()).unwrap_or(text.len());
    text.split_at(at)
}

/// Whether a clock showing `text` is in its last ten seconds.
fn is_low(text: &str) -> bool {
    let (_, figures) = split_figures(text);
    let seconds = figures
        .split(':')
        .map(|p| p.trim().parse::<u64>().unwrap_or(u64::MAX / 3600))
        .fold(0u64, |acc, p| acc.saturating_mul(60).saturating_add(p));
    seconds <= 10
}

pub(super) fn draw_clock(f: &mut Frame, app: &App, area: Rect, now: Instant) {
    let (local, online) = (app.clock(), app.has_online_clock());
    if local.is_none() && !online {
        return;
    }
    let g = super::glyphs(app);
    let p = super::palette(app);
    let t = app.text();
    let pos = app.pos();
    let running = !app.line_ended() && !app.status().is_over();
    let large = area.height >= LARGE_ROWS;
    let mut lines = Vec::new();
    for top in [true, false] {
        let side = super::hand_owner(top, app.flipped());
        let mut to_move = pos.side_to_move() == side;
        let text = match (app.online_clock(side, now), local) {
            // the server's clock: the side whose clock runs (none once the game is over)
            (Some((text, runs)), _) => {
                to_move = runs;
                text
            }
            // the side whose time ran out has none, not what it had when its turn began
            (None, Some(c)) if to_move && app.ended_on_time() => {
                c.display_out_of_time(side, t.review.byoyomi)
            }
            (None, Some(c)) => c.display(side, running && to_move, now, t.review.byoyomi),
            (None, None) => String::new(),
        };
        let mut time_style = Style::default().add_modifier(Modifier::BOLD);
        if to_move {
            time_style = time_style.fg(p.clock_running);
        }
        if is_low(&text) {
            time_style = time_style.fg(p.clock_low);
        }
        let name = match app.online_names() {
            Some(names) => g.pad(&format!(
                "{} {}",
                if side == crate::core::Color::Black { "☗" } else { "☖" },
                names[side.index()]
            )),
            None => g.pad(app.side_name(side)),
        };
        let arrow = if to_move { "▶ " } else { "  " };
        let name_span =
            Span::styled(format!("{arrow}{name}"), Style::default().fg(super::side_color(app, side)));
        if large {
            let (label, figures) = split_figures(&text);
            lines.push(Line::from(vec![name_span, Span::styled(format!("  {label}"), time_style)]));
            for row in big_digits(figures, app.settings().ambiguous_wide) {
                lines.push(Line::from(Span::styled(format!("  {row}"), time_style)));
            }
        } else {
            lines.push(Line::from(vec![name_span, Span::raw(" "), Span::styled(g.pad(&text), time_style)]));
        }
    }
    let mut block = Block::bordered().border_set(g.border()).title(g.pad(t.clock_title));
    if app.flashing(now) {
        // the byoyomi count with the bell off
        block = block.style(Style::default().add_modifier(Modifier::REVERSED));
    }
    f.render_widget(Paragraph::new(lines).block(block), area);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_digits_are_three_rows_and_ascii_on_ambiguous_terminals() {
        let rows = big_digits("1:05", false);
        assert_eq!(rows[0], "▄█  ▄ █▀█ █▀▀");
        assert_eq!(rows[1], " █  ▄ █ █ ▀▀█");
        assert_eq!(rows[2], "▀▀▀   ▀▀▀ ▀▀▀");
        let ascii = big_digits("1:05", true);
        assert!(ascii.iter().all(|r| r.chars().all(|c| c == '#' || c == ' ')), "{ascii:?}");
        assert_eq!(ascii[0].len(), rows[0].chars().count());
    }

    #[test]
    fn the_last_ten_seconds_are_low() {
        assert!(is_low("秒読み 10"));
        assert!(is_low("0:09"));
        assert!(!is_low("秒読み 11"));
        assert!(!is_low("1:00"));
        assert!(!is_low("1:00:00"));
        assert_eq!(split_figures("秒読み 30"), ("秒読み ", "30"));
        assert_eq!(split_figures("9:59"), ("", "9:59"));
    }
}

#[cfg(test)]
mod screen_tests {
    use crate::core::Position;
    use crate::tui::app::{App, GameMode, NewGameChoice};
    use crate::tui::settings::{Language, Settings};
    use crate::tui::view::screen_text;
    use std::time::{Duration, Instant};

    fn timed_game(language: Language, time: usize) -> App {
        let mut app = App::new(Position::startpos());
        app.set_settings(Settings { language, ..Settings::default() });
        app.start_new_game(NewGameChoice {
            mode: GameMode::HumanSente,
            level: crate::engine::levels::Level::new(3).unwrap(),
            clock: crate::tui::app::clock::preset(time),
            clock_side: None,
            handicap: 0,
            names: Default::default(),
            naming: None,
            gote_level: crate::engine::levels::Level::new(3).unwrap(),
        });
        app
    }

    #[test]
    fn both_clocks_stay_whole_at_the_smallest_size() {
        for (language, sente, gote, byoyomi) in
            [(Language::Ja, "☗先手", "☖後手", "秒読み 30"), (Language::En, "☗ sente", "☖ gote", "byoyomi 30")]
        {
            // 30 s a move: both sides show the byoyomi, in the interface's language
            let app = timed_game(language, 4);
            let s = screen_text(&app, 67, 17, Instant::now());
            let line =
                |who: &str| s.lines().find(|l| l.contains(who)).unwrap_or_else(|| panic!("{who}:\n{s}"));
            assert!(line(gote).contains(byoyomi), "{s}");
            assert!(line(sente).contains(byoyomi), "{s}");
            assert!(line(sente).contains('▶'), "sente is to move:\n{s}");
            // the status line keeps its own words
            assert!(s.contains(if language == Language::Ja { "レベル3" } else { "level 3" }), "{s}");
        }
    }

    #[test]
    fn the_clock_runs_and_is_large_when_there_is_room() {
        let app = timed_game(Language::En, 2);
        let now = Instant::now();
        let small = screen_text(&app, 80, 24, now + Duration::from_secs(5));
        assert!(small.contains("9:55"), "{small}");
        assert!(small.contains("10:00"), "{small}");
        let large = screen_text(&app, 160, 50, now + Duration::from_secs(5));
        // 9:55 three rows tall: the top row of 9, :, 5 and 5
        assert!(large.contains(&super::big_digits("9:55", false)[0]), "{large}");
        assert!(large.contains(&super::big_digits("10:00", false)[1]), "{large}");
        // no clock, no panel
        let untimed = screen_text(&timed_game(Language::En, 0), 160, 50, now);
        assert!(!untimed.contains(" Clock "), "{untimed}");
    }
}

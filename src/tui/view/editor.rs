//! The position editor's screen (局面編集): the edited board, both hands with every kind and its
//! count, a panel with the side to move, the piece box, what is wrong with the position and the
//! keys; its menu of ways out; and tsume mode's problem list.

use super::board::{draw_board_with, piece_span};
use super::geometry::HAND_ORDER;
use super::glyphs::Glyphs;
use super::key_line::keys_line;
use crate::core::{Color, Hand, PieceKind, SetupProblem, SetupUse, Square};
use crate::tui::app::{App, Editor, EditorExit, EditorSlot};
use crate::tui::keymap::KeyMode;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use unicode_width::UnicodeWidthStr;

/// The start of the status line in the editor or tsume mode (in place of the game mode).
pub(super) fn status_mode(app: &App) -> Option<String> {
    let t = app.setup_text();
    if app.editor().is_some() {
        return Some(t.editor_title.trim().to_string());
    }
    let ts = app.tsume()?;
    let mut s = (t.tsume_status)(ts.title(), ts.length());
    if ts.solved() {
        s.push_str(&format!(" · {}", t.tsume_solved_mark));
    }
    Some(s)
}

/// A hand in the editor: every kind with its count (`飛0 角1 …`), as (slot, text, column offset).
pub fn hand_layout(hand: &Hand, g: &Glyphs, owner: Color) -> Vec<(usize, String, u16)> {
    let mut x = 0;
    HAND_ORDER
        .iter()
        .enumerate()
        .map(|(i, &k)| {
            let text = format!("{}{}", g.hand_piece(k, owner), hand.count(k));
            let at = x;
            x += text.width() as u16 + 1;
            (i, text, at)
        })
        .collect()
}

/// The editor hand slot under `column`, for a hand whose pieces start at column `x`.
pub fn hand_slot_at(hand: &Hand, g: &Glyphs, owner: Color, x: u16, column: u16) -> Option<usize> {
    let col = column.checked_sub(x)?;
    hand_layout(hand, g, owner).into_iter().find_map(|(i, text, off)| {
        let w = text.width() as u16;
        (col >= off && col < off + w).then_some(i)
    })
}

/// Squares named by a problem (marked on the board).
fn problem_squares(problems: &[SetupProblem]) -> Vec<Square> {
    problems
        .iter()
        .filter_map(|p| match p {
            SetupProblem::DeadPiece { square, .. } => Some(*square),
            _ => None,
        })
        .collect()
}

/// Draws the editor over the board page's areas.
pub(super) fn draw(f: &mut Frame, app: &App, e: &Editor, a: &super::Areas) {
    let setup = e.setup();
    let problems = e.problems();
    let marked = problem_squares(&problems);
    let style = |sq: Square| {
        let mut st = Style::default();
        if marked.contains(&sq) {
            st = st.bg(super::palette(app).check);
        }
        if e.slot() == EditorSlot::Board(sq) {
            st = st.add_modifier(Modifier::REVERSED);
        }
        st
    };
    draw_board_with(f, app, a.board, &|sq| setup.piece_at(sq), &style);
    for (rect, top) in [(a.gote_hand, true), (a.sente_hand, false)] {
        draw_hand(f, app, e, rect, super::hand_owner(top, app.flipped()));
    }
    // the whole right column: the record, study and comment panels are not shown
    draw_panel(f, app, e, &problems, a.record.union(a.study).union(a.comment));
    if let Some(row) = e.menu() {
        draw_menu(f, app, row);
    }
}

fn draw_hand(f: &mut Frame, app: &App, e: &Editor, area: Rect, owner: Color) {
    let g = super::glyphs(app);
    let fg = super::side_color(app, owner);
    let mut spans = vec![Span::styled(super::hand_label(app, owner), Style::default().fg(fg))];
    let hand = &e.setup().hands[owner.index()];
    for (i, text, _) in hand_layout(hand, &g, owner) {
        let mut st = Style::default().fg(fg);
        if hand.count(HAND_ORDER[i]) == 0 {
            st = st.fg(super::palette(app).dim);
        }
        if e.slot() == EditorSlot::Hand(owner, i) {
            st = st.add_modifier(Modifier::REVERSED);
        }
        spans.push(Span::styled(text, st));
        spans.push(Span::raw(" "));
    }
    f.render_widget(Paragraph::new(Line::from(spans)), area);
}

/// The name of start choice `i`: a handicap, kings only, or the empty board.
fn start_name(app: &App, i: usize) -> &'static str {
    let h = &crate::record::HANDICAPS;
    match i {
        i if i < h.len() => h[i].name,
        i if i == h.len() => app.setup_text().kings_only,
        _ => app.setup_text().empty_board,
    }
}

/// The panel's lines above the keys: side to move, start, the piece a click puts, the box, the
/// problems and the ways out they leave.
pub(super) fn panel_lines(app: &App, e: &Editor, problems: &[SetupProblem]) -> Vec<Line<'static>> {
    let t = app.setup_text();
    let g = super::glyphs(app);
    let setup = e.setup();
    let side = app.text().sides[setup.side.index()];
    let mut lines = vec![Line::from(format!("{}: {side}", t.to_move))];
    if let Some(i) = e.start() {
        lines.push(Line::from(format!("{}: {}", t.start_label, start_name(app, i))));
    }
    let mut pen = vec![Span::raw(format!("{}: ", t.pen))];
    pen.push(piece_span(
        app,
        e.pen(),
        g.cell(e.pen(), super::hand_owner(true, app.flipped())),
        Style::default(),
    ));
    lines.push(Line::from(pen));
    let mut boxed = vec![Span::raw(format!("{}: ", t.piece_box))];
    for kind in HAND_ORDER.iter().copied().chain([PieceKind::King]) {
        let n = setup.in_box(kind);
        let st = if n < 0 { Style::default().fg(super::palette(app).bad) } else { Style::default() };
        boxed.push(Span::styled(format!("{}{n} ", g.hand_piece(kind, Color::Black)), st));
    }
    lines.push(Line::from(boxed));
    lines.push(Line::from(""));
    if problems.is_empty() {
        lines.push(Line::from(Span::styled(t.no_problem, Style::default().fg(super::palette(app).good))));
    }
    for p in problems {
        lines.push(Line::from(Span::styled(
            format!("⚠ {}", (t.problem)(p)),
            Style::default().fg(super::palette(app).bad),
        )));
    }
    let fit = |u| setup.blocking(u).is_empty();
    lines.push(Line::from((t.fit_for)(fit(SetupUse::Play), fit(SetupUse::Analyse), fit(SetupUse::Tsume))));
    lines.push(Line::from(""));
    lines
}

/// The width of the keys' column in the panel.
const KEY_COLUMN: usize = 16;

/// The keys in two columns `width` wide: the key, then what it does, wrapped under itself; a
/// key too wide for its column stands on a line of its own, what it does under it.
fn key_lines(app: &App, width: u16) -> Vec<Line<'static>> {
    let g = super::glyphs(app);
    let accent = Style::default().fg(super::palette(app).accent);
    let indent = " ".repeat(KEY_COLUMN);
    let what_width = (width as usize).saturating_sub(KEY_COLUMN).max(8) as u16;
    let mut lines = Vec::new();
    for (key, what) in app.help_keys() {
        let key = g.pad(&key);
        let what = super::wrap::wrap_lines(vec![Line::from(g.pad(&what))], what_width);
        let mut first = if key.width() < KEY_COLUMN {
            Some(format!("{key}{}", " ".repeat(KEY_COLUMN - key.width())))
        } else {
            lines.push(Line::from(Span::styled(key, accent)));
            None
        };
        for part in what {
            let lead = match first.take() {
                Some(key) => Span::styled(key, accent),
                None => Span::raw(indent.clone()),
            };
            lines.push(Line::from([vec![lead], part.spans].concat()));
        }
    }
    lines
}

fn draw_panel(f: &mut Frame, app: &App, e: &Editor, problems: &[SetupProblem], area: Rect) {
    let g = super::glyphs(app);
    let block = Block::bordered().border_set(g.border()).title(g.pad(app.setup_text().editor_title));
    let lines: Vec<Line> = panel_lines(app, e, problems)
        .into_iter()
        .map(|l| {
            Line::from(
                l.spans.into_iter().map(|s| Span::styled(g.pad(&s.content), s.style)).collect::<Vec<_>>(),
            )
        })
        .collect();
    let width = block.inner(area).width;
    let mut lines = super::wrap::wrap_lines(lines, width);
    lines.extend(key_lines(app, width));
    f.render_widget(Paragraph::new(lines).block(block), area);
}

/// A list with the chosen row marked, then a blank line and the keys.
fn menu_lines(rows: Vec<String>, chosen: usize, keys: &str) -> Vec<String> {
    numbered_lines(rows, 0, chosen, keys)
}

/// Menu lines for `rows`, the first of which is row `first` of the menu.
fn numbered_lines(rows: Vec<String>, first: usize, chosen: usize, keys: &str) -> Vec<String> {
    let mut lines: Vec<String> = rows
        .into_iter()
        .enumerate()
        .map(|(i, r)| (i + first, r))
        .map(|(i, r)| format!("{} {:>2}. {r}", if i == chosen { "▶" } else { " " }, i + 1))
        .collect();
    lines.push(String::new());
    lines.push(format!("  {keys}"));
    lines
}

fn draw_menu(f: &mut Frame, app: &App, chosen: usize) {
    let t = app.setup_text();
    let rows = EditorExit::ALL.iter().map(|&x| t.exits[x as usize].to_string()).collect();
    super::frame::simple(
        f,
        &super::glyphs(app),
        t.exit_title,
        menu_lines(rows, chosen, &keys_line(app, KeyMode::EditorMenu, 0)),
    );
}

/// Tsume mode's problem list: the position shown, then the shipped problems with their length.
pub(super) fn draw_tsume_list(f: &mut Frame, app: &App, chosen: usize) {
    let t = app.setup_text();
    let mut rows = vec![t.position_shown.to_string()];
    rows.extend(crate::tui::app::shipped_problems().iter().map(|p| {
        let done = if app.tsume_solved(p) { "✓" } else { " " };
        format!("{done} {}  {}", p.title, (t.length)(p.length))
    }));
    let (solved, all) = app.tsume_progress();
    let title = format!("{}{} ", t.list_title, (t.list_progress)(solved, all));
    // a list longer than the screen shows the part around the chosen row
    let fit = (f.area().height as usize).saturating_sub(6).max(1);
    let first = chosen.saturating_sub(fit / 2).min(rows.len().saturating_sub(fit));
    let shown: Vec<String> = rows.into_iter().skip(first).take(fit).collect();
    let keys = keys_line(app, KeyMode::TsumeList, 0);
    super::frame::simple(f, &super::glyphs(app), &title, numbered_lines(shown, first, chosen, &keys));
}

#[cfg(test)]
mod tests {
    use super::super::{areas, screen_text};
    use super::*;
    use crate::core::{Piece, Position};
    use crate::tui::app::tests_support::edit;
    use crate::tui::settings::{Language, Settings};
    use std::time::Instant;

    fn editing(lang: Language, sfen: &str) -> App {
        let mut app = App::new(Position::from_sfen_lenient(sfen).unwrap().0);
        app.set_settings(Settings { language: lang, ..Settings::default() });
        app.open_editor();
        app
    }

    #[test]
    fn the_editor_shows_both_hands_the_box_and_what_is_wrong() {
        // ☗ pawn on 1a (can never move), two ☗ pawns on file 5, no ☗ king
        let app = editing(Language::Ja, "4k3P/9/9/9/4P4/4P4/9/9/9 w 2G 1");
        let s = screen_text(&app, 120, 30, Instant::now());
        assert!(s.contains("局面編集"), "{s}");
        assert!(s.contains("☗持駒 飛0 角0 金2 銀0 桂0 香0 歩0"), "{s}");
        assert!(s.contains("☖持駒 飛0 角0 金0"), "{s}");
        assert!(s.contains("駒箱: 飛2 角2 金2 銀4 桂4 香4 歩15 玉1"), "{s}");
        assert!(s.contains("☗先手の玉がありません"), "{s}");
        assert!(s.contains("二歩: ☗先手の歩が5筋に二枚"), "{s}");
        assert!(s.contains("１一の歩は動けません"), "{s}");
        assert!(s.contains("対局 ×  検討 ×  詰将棋 ×"), "{s}");
        assert!(s.contains("手番: ☖後手"), "{s}");
        assert!(s.contains("Enter 完了"), "{s}");

        let app = editing(Language::En, crate::core::START_SFEN);
        let s = screen_text(&app, 120, 30, Instant::now());
        assert!(s.contains("no problem: a legal position"), "{s}");
        assert!(s.contains("play: yes  analyse: yes  tsume: yes"), "{s}");
        assert!(s.contains("Enter done"), "{s}");
    }

    #[test]
    fn the_panels_keys_keep_their_columns_apart_at_100_by_32() {
        let app = editing(Language::En, crate::core::START_SFEN);
        let s = screen_text(&app, 100, 32, Instant::now());
        // the panel's text: between the last two borders of each line
        let panel: Vec<&str> =
            s.lines().filter_map(|l| l.rsplit('│').nth(1)).filter(|p| !p.is_empty()).collect();
        let at = |needle: &str| panel.iter().position(|p| p.contains(needle)).expect(needle);
        let wide = at("x / Del / Backspace");
        assert_eq!(panel[wide].trim_end(), "x / Del / Backspace", "a wide key stands alone: {s}");
        assert!(panel[wide + 1].starts_with(&format!("{}remove the piece", " ".repeat(KEY_COLUMN))), "{s}");
        let long = at("put a ☗ piece");
        assert!(panel[long].starts_with("p l n s g b r k put a ☗ piece"), "{s}");
        assert!(panel[long + 1].starts_with(&" ".repeat(KEY_COLUMN)), "wrapped under itself: {s}");
        assert!(!panel[long + 1].trim().is_empty(), "{s}");
    }

    #[test]
    fn the_exit_menu_and_the_problem_list() {
        let mut app = editing(Language::En, crate::core::START_SFEN);
        edit(&mut app, |e, _| e.open_menu());
        edit(&mut app, |e, _| e.menu_step(1));
        let s = screen_text(&app, 120, 30, Instant::now());
        assert!(s.contains("▶  2. analyse (検討)"), "{s}");
        assert!(s.contains("   3. solve as tsume (詰将棋)"), "{s}");

        let mut app = App::new(Position::startpos());
        app.open_tsume_list();
        let s = screen_text(&app, 120, 30, Instant::now());
        assert!(s.contains("▶  1. the position shown"), "{s}");
        assert!(s.contains("shogiban 詰将棋 第1番  mate in 1"), "{s}");
        // a list longer than the screen scrolls with the chosen row, keeping its numbers
        let last = crate::tui::app::shipped_problems().len();
        assert!(!s.contains(&format!("第{last}番")), "{s}");
        app.tsume_list_step(-1);
        let s = screen_text(&app, 120, 30, Instant::now());
        assert!(s.contains(&format!("▶ {:>2}.   shogiban 詰将棋 第{last}番", last + 1)), "{s}");
        // graded up to a mate in fifteen: the last rows show it
        assert!(s.contains(&format!("第{last}番  mate in 15")), "{s}");
        assert!(s.contains(&format!("0 of {last} solved")), "{s}");
        assert!(!s.contains("the position shown"), "{s}");
        assert!(s.lines().all(|l| l.chars().count() <= 120));
    }

    #[test]
    fn clicks_on_the_drawn_hand_hit_the_slot_drawn_there() {
        let mut app = editing(Language::Ja, crate::core::START_SFEN);
        let full = Rect::new(0, 0, 120, 30);
        let a = areas(full, &app);
        let g = crate::tui::view::glyphs(&app);
        let x = a.sente_hand.x + crate::tui::view::hand_label_w(&app);
        for (i, text, off) in hand_layout(&Hand::default(), &g, Color::Black) {
            assert_eq!(hand_slot_at(&Hand::default(), &g, Color::Black, x, x + off), Some(i), "{text}");
        }
        // a click on the board's 5e through the input layer puts the last piece placed there
        let geo = crate::tui::view::geometry::BoardGeometry::new(a.board, false);
        let r = geo.rect_of(Square::from_usi("5e").unwrap());
        let click = crossterm::event::MouseEvent {
            kind: crossterm::event::MouseEventKind::Down(crossterm::event::MouseButton::Left),
            column: r.x + 1,
            row: r.y,
            modifiers: crossterm::event::KeyModifiers::NONE,
        };
        crate::tui::input::handle_event(&mut app, crossterm::event::Event::Mouse(click), full);
        assert_eq!(
            app.editor().unwrap().setup().piece_at(Square::from_usi("5e").unwrap()),
            Piece::new(Color::Black, PieceKind::Pawn)
        );
    }
}

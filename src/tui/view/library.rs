//! The game library page: the filter, the list of records (where found, date, players,
//! result, length, file) with the chosen one marked, and, when there is room, the chosen
//! record's final position.

use super::board::draw_board_with;
use super::geometry::COMPACT;
use crate::core::Color;
use crate::record::bod::hand_text;
use crate::study::library::{Entry, SCAN_LIMIT};
use crate::tui::app::{App, Library, origin_word, result_words};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use unicode_width::UnicodeWidthChar;

/// The narrowest list that leaves room for the preview beside it.
const LIST_MIN_W: u16 = 44;

/// Where the page's parts go: the list's frame, and the preview's when there is room.
struct PageLayout {
    list: Rect,
    preview: Option<Rect>,
}

/// Rows above the list inside its frame: the filter and the keys.
const HEAD_ROWS: u16 = 2;

fn layout(area: Rect) -> PageLayout {
    let preview_w = COMPACT.total_w() + 2;
    if area.width >= LIST_MIN_W + preview_w && area.height >= COMPACT.total_h() + 5 {
        let list = Rect { width: area.width - preview_w, ..area };
        PageLayout { list, preview: Some(Rect { x: list.x + list.width, width: preview_w, ..area }) }
    } else {
        PageLayout { list: area, preview: None }
    }
}

/// How many records the list shows at once, and the first one shown (it scrolls by pages so
/// that the chosen line is always in sight).
fn list_window(lib: &Library, list: Rect) -> (usize, usize) {
    let rows = list.height.saturating_sub(2 + HEAD_ROWS) as usize;
    let first = lib.selected().checked_div(rows).map_or(0, |page| page * rows);
    (rows, first)
}

/// The line of the filtered list drawn at screen cell (`column`, `row`) of the page `area`.
pub fn list_row_at(lib: &Library, area: Rect, column: u16, row: u16) -> Option<usize> {
    let list = layout(area).list;
    let (rows, first) = list_window(lib, list);
    let top = list.y + 1 + HEAD_ROWS;
    if column <= list.x || column + 1 >= list.x + list.width || row < top || row >= top + rows as u16 {
        return None;
    }
    let i = first + (row - top) as usize;
    (i < lib.visible().len()).then_some(i)
}

pub(super) fn draw(f: &mut Frame, app: &App, lib: &Library, area: Rect) {
    let t = app.text().library;
    let PageLayout { list: list_area, preview } = layout(area);
    let visible = lib.visible();
    let count = match lib.entries() {
        None => t.scanning.to_string(),
        Some(all) => (t.count)(visible.len(), all.len()),
    };
    let mut block = Block::default().borders(Borders::ALL).title(format!(" {} · {count} ", t.title));
    // the files past the scan's limit, on the bottom edge where the title's width does not cut it
    if lib.left_out() > 0 {
        block = block.title_bottom(format!(" {} ", (t.left_out)(lib.left_out(), SCAN_LIMIT)));
    }
    let inner = block.inner(list_area);
    f.render_widget(block, list_area);
    let w = inner.width as usize;
    let mut lines = vec![
        Line::from(vec![
            Span::styled(t.filter_prompt, Style::default().add_modifier(Modifier::DIM)),
            Span::raw(cut(lib.filter(), w.saturating_sub(t.filter_prompt.chars().count()))),
        ]),
        Line::from(Span::styled(
            cut(if lib.only_here() { t.only_here } else { t.keys }, w),
            Style::default().add_modifier(Modifier::DIM),
        )),
    ];
    let (rows, first) = list_window(lib, list_area);
    if let Some(entries) = lib.entries() {
        if entries.is_empty() {
            lines.push(Line::from(cut(&(t.empty)(&folders_text(app)), w)));
        }
        for (row, &i) in visible.iter().enumerate().skip(first).take(rows) {
            let mut style = Style::default();
            if row == lib.selected() {
                style = style.add_modifier(Modifier::REVERSED);
            }
            let mut line = entry_line(app, &entries[i]);
            if lib.only_here()
                && let Some(ply) = lib.reached_at(i)
            {
                line = format!("{} · {line}", (t.explorer_at)(ply));
            }
            lines.push(Line::from(Span::styled(pad(&line, w), style)));
        }
    }
    f.render_widget(Paragraph::new(lines), inner);
    if let Some(area) = preview
        && let Some(e) = lib.selected_entry()
    {
        draw_preview(f, app, e, area);
    }
}

fn folders_text(app: &App) -> String {
    app.library_sources().folders.iter().map(|(_, p)| p.display().to_string()).collect::<Vec<_>>().join(", ")
}

/// What a record's line and its preview say: the date, the players (with the handicap), the
/// result and how it ended, and the length.
struct Described {
    date: String,
    players: String,
    result: String,
    moves: String,
}

fn describe(app: &App, s: &crate::record::RecordSummary) -> Described {
    let t = app.text().library;
    let date = s.date.clone().unwrap_or_else(|| "----/--/--".into());
    let handicap = s.handicap.map(|h| format!(" {h}")).unwrap_or_default();
    let players =
        format!("☗{} ☖{}{handicap}", s.sente.as_deref().unwrap_or("?"), s.gote.as_deref().unwrap_or("?"));
    Described { date, players, result: result_words(t, s), moves: (t.moves)(s.moves) }
}

fn entry_line(app: &App, e: &Entry) -> String {
    let t = app.text().library;
    let origin_w = [t.recent, t.documents, t.saved, t.previous].iter().map(|o| width(o)).max().unwrap_or(0);
    let origin = pad(origin_word(t, e.origin), origin_w);
    let name = e.file_name();
    match &e.summary {
        Err(why) => format!("{origin} {name} · {}", (t.unreadable)(why)),
        Ok(s) => {
            let d = describe(app, s);
            let day = d.date.split_whitespace().next().unwrap_or(&d.date).to_string();
            format!("{origin} {day} {} · {} · {} · {name}", d.players, d.result, d.moves)
        }
    }
}

fn draw_preview(f: &mut Frame, app: &App, e: &Entry, area: Rect) {
    let t = app.text().library;
    let block = Block::default().borders(Borders::ALL).title(format!(" {} ", t.preview));
    let inner = block.inner(area);
    f.render_widget(block, area);
    let w = inner.width as usize;
    let path = cut_front(&e.path.display().to_string(), w);
    let Ok(s) = &e.summary else {
        f.render_widget(Paragraph::new(path), inner);
        return;
    };
    let pos = &s.final_position;
    let hand = |c: Color| {
        let mark = if c == Color::Black { "☗" } else { "☖" };
        let pieces = pos.hand(c);
        let pieces = if pieces.is_empty() { app.text().hand_none.to_string() } else { hand_text(pieces) };
        format!("{mark}{pieces}")
    };
    let top = if app.flipped() { Color::Black } else { Color::White };
    f.render_widget(Paragraph::new(cut(&hand(top), w)), Rect { height: 1, ..inner });
    let board =
        Rect { y: inner.y + 1, height: COMPACT.total_h().min(inner.height.saturating_sub(2)), ..inner };
    draw_board_with(f, app, board, &|sq| pos.piece_at(sq), &|_| Style::default());
    let below =
        Rect { y: board.y + board.height, height: inner.bottom().saturating_sub(board.bottom()), ..inner };
    let d = describe(app, s);
    let lines: Vec<Line> =
        [hand(top.flip()), String::new(), path, d.players, d.date, format!("{} · {}", d.result, d.moves)]
            .into_iter()
            .map(|l| Line::from(cut(&l, w)))
            .collect();
    f.render_widget(Paragraph::new(lines), below);
}

/// `s` cut to its last `width` terminal columns, `…` in front when it was cut (a path's file
/// name stays in sight).
fn cut_front(s: &str, width: usize) -> String {
    if self::width(s) <= width {
        return s.to_string();
    }
    let mut out: Vec<char> = Vec::new();
    let mut used = 1;
    for c in s.chars().rev() {
        let w = c.width().unwrap_or(0);
        if used + w > width {
            break;
        }
        used += w;
        out.push(c);
    }
    std::iter::once('…').chain(out.into_iter().rev()).collect()
}

/// `s` cut to `width` terminal columns.
fn cut(s: &str, width: usize) -> String {
    let mut out = String::new();
    let mut used = 0;
    for c in s.chars() {
        let w = c.width().unwrap_or(0);
        if used + w > width {
            break;
        }
        used += w;
        out.push(c);
    }
    out
}

fn width(s: &str) -> usize {
    s.chars().map(|c| c.width().unwrap_or(0)).sum()
}

/// `s` cut or padded with spaces to exactly `width` columns.
fn pad(s: &str, cols: usize) -> String {
    let mut out = cut(s, cols);
    let used = width(&out);
    out.extend(std::iter::repeat_n(' ', cols - used));
    out
}

#[cfg(test)]
mod tests {
    use crate::core::Position;
    use crate::record::{Format, RecordSummary, read_text};
    use crate::study::library::{Entry, Origin, Sources};
    use crate::tui::app::App;

    fn app_with(entries: Vec<Entry>) -> App {
        let mut app = App::new(Position::startpos());
        app.set_library_sources(Sources {
            recent: None,
            folders: vec![(Origin::Documents, "/home/u/Documents".into())],
        });
        app.open_library();
        app.take_command(|c| matches!(c, crate::tui::event::Command::Start(_)));
        app.on_library_scanned(std::sync::Arc::new(crate::study::library::Found {
            entries,
            ..Default::default()
        }));
        app
    }

    fn entry(name: &str, text: &str) -> Entry {
        let (record, _) = read_text(text, Format::Kifu).unwrap();
        Entry {
            path: format!("/home/u/Documents/{name}").into(),
            origin: Origin::Documents,
            modified: None,
            summary: Ok(RecordSummary::of(&record)),
        }
    }

    const GAME: &str = "開始日時：2026/11/20 19:00:00\n先手：花子\n後手：太郎\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n";

    #[test]
    fn the_files_past_the_scans_limit_are_counted_where_the_width_does_not_cut_it() {
        let mut app = App::new(Position::startpos());
        app.open_library();
        app.take_command(|c| matches!(c, crate::tui::event::Command::Start(_)));
        app.on_library_scanned(std::sync::Arc::new(crate::study::library::Found {
            entries: vec![entry("club.kifu", GAME)],
            left_out: 5,
            ..Default::default()
        }));
        let screen = super::super::screen_text(&app, 100, 30, std::time::Instant::now());
        assert!(screen.contains("5 older files left out (the newest 400 are read)"), "{screen}");
    }

    #[test]
    fn the_list_shows_players_date_result_length_and_file_and_the_preview_the_final_position() {
        let app = app_with(vec![entry("club.kifu", GAME)]);
        let screen = super::super::screen_text(&app, 120, 30, std::time::Instant::now());
        assert!(screen.contains("2026/11/20"), "{screen}");
        assert!(screen.contains("☗花子 ☖太郎"), "{screen}");
        assert!(screen.contains("☖ won (投了)"), "{screen}");
        assert!(screen.contains("2 moves"), "{screen}");
        assert!(screen.contains("club.kifu"), "{screen}");
        assert!(screen.contains("final position"), "{screen}");
        // the hands in the interface's language
        assert!(screen.contains("☖none") && !screen.contains("なし"), "{screen}");
        // the preview names the whole file, the full date and the result
        assert!(screen.contains("/home/u/Documents/club.kifu"), "{screen}");
        assert!(screen.contains("2026/11/20 19:00:00"), "{screen}");
        // the key bar is the library's, from the keymap
        assert!(screen.contains("Enter open") && screen.contains("Esc back"), "{screen}");
        assert!(screen.contains("documents 2026"), "{screen}");
        // the preview's board has the pawns moved: ７六 and ３四 (gote's pawn on rank 4)
        let rank4 = screen.lines().find(|l| l.contains("│四")).unwrap();
        assert!(rank4.contains("v歩"), "{rank4}");
    }

    #[test]
    fn a_click_finds_the_line_drawn_there() {
        let app = app_with((0..30).map(|i| entry(&format!("g{i:02}.kifu"), GAME)).collect());
        let lib = app.library().unwrap();
        let page = ratatui::layout::Rect::new(0, 0, 80, 21);
        let screen = super::super::screen_text(&app, 80, 24, std::time::Instant::now());
        let row = screen.lines().position(|l| l.contains("g03.kifu")).unwrap() as u16;
        assert_eq!(super::list_row_at(lib, page, 5, row), Some(3));
        assert_eq!(super::list_row_at(lib, page, 5, 0), None);
        assert_eq!(super::list_row_at(lib, page, 0, row), None);
    }

    #[test]
    fn an_empty_library_names_where_it_looked_and_a_narrow_screen_drops_the_preview() {
        let app = app_with(vec![]);
        let screen = super::super::screen_text(&app, 80, 24, std::time::Instant::now());
        assert!(screen.contains("/home/u/Documents"), "{screen}");
        assert!(!screen.contains("final position"), "{screen}");
    }
}

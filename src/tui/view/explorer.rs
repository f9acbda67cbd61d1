//! The opening explorer panel (序盤研究) under the record: for the position on the board, the
//! opening book's moves, the moves the games of the library played here with each side's
//! results, and the games that reached it. It reads what the library's scan found
//! (`App::explorer`) and the position shown; it looks positions up and never reads a file.

use crate::record::notation::ki2_move_marked;
use crate::study::explorer::Results;
use crate::study::library::Found;
use crate::tui::app::{App, Offered};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

/// Rows the panel wants at most (the record keeps the rest).
pub const ROWS_WANTED: u16 = 12;

pub(super) fn draw_explorer(f: &mut Frame, app: &App, area: Rect) {
    let g = super::glyphs(app);
    let t = app.text().library;
    let (title, lines) = match app.explorer() {
        None => (t.explorer_title.to_string(), vec![Line::from(t.scanning)]),
        Some(found) => {
            let mut lines = lines(app, found);
            if found.left_out > 0 {
                // the index holds the games read, not every file found
                let note = (t.left_out)(found.left_out, crate::study::library::SCAN_LIMIT);
                lines.push(Line::from(Span::styled(note, Style::default().add_modifier(Modifier::DIM))));
            }
            let here = found.explorer.index.games_at(app.pos()).len();
            (format!("{} · {}", t.explorer_title, (t.explorer_games)(here)), lines)
        }
    };
    let block = Block::bordered().border_set(g.border()).title(g.pad(&format!(" {title} ")));
    f.render_widget(Paragraph::new(lines).block(block), area);
}

/// `☗3 ☖1 =1`: wins of each side, and draws when there are any.
fn results_text(r: &Results) -> String {
    let mut s = format!("☗{} ☖{}", r.sente_wins, r.gote_wins);
    if r.draws > 0 {
        s.push_str(&format!(" ={}", r.draws));
    }
    s
}

fn lines(app: &App, found: &Found) -> Vec<Line<'static>> {
    let t = app.text().library;
    let pos = app.pos();
    let here = found.explorer.explore(pos);
    let dim = Style::default().add_modifier(Modifier::DIM);
    // the move chosen to play (`.` / `,`) stands out
    let chosen = app.chosen_candidate().map(|c| c.offered);
    let mark = |offered: Offered| {
        if chosen == Some(offered) {
            Style::default().add_modifier(Modifier::REVERSED)
        } else {
            Style::default()
        }
    };
    let mut out = Vec::new();
    // the book: its moves with their share of the weight
    let total: u64 = here.book.iter().map(|m| m.weight as u64).sum();
    let mut book = vec![Span::styled(format!("{} ", t.explorer_book), dim)];
    if here.book.is_empty() {
        book.push(Span::raw(t.explorer_no_book.to_string()));
    }
    for (i, m) in here.book.iter().enumerate() {
        if i > 0 {
            book.push(Span::raw("  "));
        }
        let share = (m.weight as u64 * 100).checked_div(total).unwrap_or(0);
        book.push(Span::styled(
            format!("{} {share}%", ki2_move_marked(pos, m.mv, None)),
            mark(Offered::Book(i)),
        ));
    }
    out.push(Line::from(book));
    // the games' moves: how often, and how those games ended
    if here.played.is_empty() {
        out.push(Line::from(Span::styled(t.explorer_no_games.to_string(), dim)));
    }
    for (i, m) in here.played.iter().enumerate() {
        let mv = ki2_move_marked(pos, m.mv, None);
        let pad = 10usize.saturating_sub(unicode_width::UnicodeWidthStr::width(mv.as_str()));
        let games = (t.explorer_games)(m.results.games as usize);
        let games_pad = 9usize.saturating_sub(unicode_width::UnicodeWidthStr::width(games.as_str()));
        out.push(Line::styled(
            format!("{mv}{} {games}{} {}", " ".repeat(pad), " ".repeat(games_pad), results_text(&m.results)),
            mark(Offered::Played(i)),
        ));
    }
    // the games that reached the position
    if !here.reached.is_empty() {
        out.push(Line::from(Span::styled(t.explorer_reached.to_string(), dim)));
    }
    for r in &here.reached {
        let Some(e) = found.entries.get(r.game) else { continue };
        let who = match &e.summary {
            Ok(s) => format!(
                "☗{} ☖{} {}",
                s.sente.as_deref().unwrap_or("?"),
                s.gote.as_deref().unwrap_or("?"),
                s.date.as_deref().and_then(|d| d.split_whitespace().next()).unwrap_or("")
            ),
            Err(_) => String::new(),
        };
        out.push(Line::from(format!("{who} · {} · {}", (t.explorer_at)(r.ply), e.file_name())));
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::core::Position;
    use crate::record::{Format, RecordSummary, read_text};
    use crate::study::explorer::{Explorer, PositionIndex};
    use crate::study::library::{Entry, Found, Origin};
    use crate::tui::app::App;
    use std::sync::Arc;
    use std::time::Instant;

    const A: &str = "先手：花子\n後手：太郎\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 投了\n";
    const B: &str = "先手：次郎\n後手：花子\n手数----指手---------消費時間--\n   1 ２六歩(27)\n   2 ３四歩(33)\n   3 ７六歩(77)\n   4 ８四歩(83)\n";

    /// An app showing the explorer over the games `A` and `B`, on the record `A`.
    fn app() -> App {
        let mut index = PositionIndex::new();
        let mut entries = Vec::new();
        for (i, (name, text)) in [("a.kifu", A), ("b.kifu", B)].into_iter().enumerate() {
            let (record, _) = read_text(text, Format::Kifu).unwrap();
            index.add_game(i, &record);
            entries.push(Entry {
                path: format!("/games/{name}").into(),
                origin: Origin::Documents,
                modified: None,
                summary: Ok(RecordSummary::of(&record)),
            });
        }
        let (record, _) = read_text(A, Format::Kifu).unwrap();
        let mut app = App::with_record(record);
        app.toggle_explorer();
        let book = crate::engine::book::Book::builtin();
        app.on_library_scanned(Arc::new(Found {
            entries,
            explorer: Explorer::new(index, book),
            left_out: 0,
        }));
        app
    }

    #[test]
    fn the_panel_shows_the_book_and_the_games_moves_here_and_follows_each_step() {
        let mut app = app();
        // the start: the book's moves, both games' first moves with their results
        let screen = crate::tui::view::screen_text(&app, 120, 40, Instant::now());
        assert!(screen.contains("Explorer · 2 games"), "{screen}");
        assert!(screen.contains("book: ▲"), "{screen}");
        let first = screen
            .lines()
            .find(|l| l.contains("▲７六歩") && l.contains("1 game"))
            .unwrap_or_else(|| panic!("{screen}"));
        assert!(first.contains("☗1 ☖0"), "{first}");
        assert!(screen.lines().any(|l| l.contains("▲２六歩") && l.contains("1 game")), "{screen}");
        // after ▲76歩 △34歩 ▲26歩: both games are here, by different orders
        for _ in 0..3 {
            app.redo();
        }
        let screen = crate::tui::view::screen_text(&app, 120, 40, Instant::now());
        assert!(screen.contains("Explorer · 2 games"), "{screen}");
        assert!(screen.contains("☗花子 ☖太郎"), "{screen}");
        assert!(screen.contains("☗次郎 ☖花子"), "{screen}");
        assert!(screen.contains("after move 3 · b.kifu"), "{screen}");
        // one step back: only game A went through ▲76歩 △34歩
        app.undo();
        let screen = crate::tui::view::screen_text(&app, 120, 40, Instant::now());
        assert!(screen.contains("Explorer · 1 game "), "{screen}");
        assert!(!screen.contains("b.kifu"), "{screen}");
    }

    #[test]
    fn before_the_scan_answers_the_panel_says_it_is_looking() {
        let mut app = App::new(Position::startpos());
        app.toggle_explorer();
        let screen = crate::tui::view::screen_text(&app, 120, 40, Instant::now());
        assert!(screen.contains("looking for records"), "{screen}");
        app.toggle_explorer();
        let screen = crate::tui::view::screen_text(&app, 120, 40, Instant::now());
        assert!(!screen.contains("Explorer"), "{screen}");
    }

    #[test]
    fn a_move_of_the_explorer_is_chosen_drawn_reversed_and_played_with_enter() {
        use crate::tui::app::Offered;
        let mut app = app();
        let list = app.candidates();
        let book = list.iter().filter(|c| matches!(c.offered, Offered::Book(_))).count();
        assert!(book > 0 && list.len() == book + 2, "{list:?}");
        // `,` from nothing chosen: the last of the games' moves
        app.step_candidate(-1);
        let chosen = app.chosen_candidate().unwrap();
        assert_eq!(chosen.offered, Offered::Played(1));
        let pos = Position::startpos();
        let name = crate::record::notation::ki2_move_marked(&pos, chosen.mv, None);
        let buf = crate::tui::view::buffer_at(&app, 120, 40, Instant::now());
        let reversed: Vec<String> = (0..40)
            .map(|y| {
                (0..120)
                    .filter(|&x| buf[(x, y)].modifier.contains(ratatui::style::Modifier::REVERSED))
                    .map(|x| buf[(x, y)].symbol().to_string())
                    .collect()
            })
            .collect();
        assert!(reversed.iter().any(|r| r.contains(&name) && r.contains("1 game")), "{reversed:?}");
        // `.` goes round to the first book move, which is drawn reversed alone on the book's line
        app.step_candidate(1);
        assert_eq!(app.chosen_candidate().unwrap().offered, Offered::Book(0));
        // Enter plays it on the board, as a move typed
        let mv = app.chosen_candidate().unwrap().mv;
        assert!(app.play_candidate());
        let mut after = pos.clone();
        after.do_move(mv);
        assert_eq!(app.pos(), &after);
        assert_eq!(app.chosen_candidate(), None);
    }
}

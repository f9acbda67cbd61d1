//! The evaluation bar beside the board while analysing (検討): a column as tall as the board's
//! squares, filled from sente's side (the bottom, unless the board is flipped) in proportion to
//! sente's winning chances from the analysis's best line, the rest in gote's colour.

use super::geometry::BoardGeometry;
use crate::core::Color;
use crate::tui::app::App;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// The bar's column and rows for a board drawn in `board` (the left column's board area, two
/// columns wider than the board widget): the second spare column, from the top of the frame's
/// inside to its bottom.
pub fn bar_rect(board: Rect, flipped: bool) -> Rect {
    let g = BoardGeometry::new(board, flipped);
    let x = board.x + g.size.total_w() + 1;
    Rect { x, y: board.y + 2, width: 1, height: g.size.total_h().saturating_sub(3) }
}

/// Rows (of `rows`) of sente's part for a ☗ winning chance `rate` (0 to 1), in halves.
pub fn sente_halves(rate: f64, rows: u16) -> u16 {
    (rate.clamp(0.0, 1.0) * (2 * rows) as f64).round() as u16
}

pub(super) fn draw_eval_bar(f: &mut Frame, app: &App, board: Rect) {
    if !app.analysing() {
        return;
    }
    let Some(best) = app.analysis().and_then(|u| u.lines.first()) else { return };
    let r = bar_rect(board, app.flipped());
    if r.right() > f.area().right() || r.height == 0 {
        return;
    }
    let halves = sente_halves(best.score.win_rate(), r.height);
    let sente = super::side_color(app, Color::Black);
    let gote = super::side_color(app, Color::White);
    let ascii = app.settings().ambiguous_wide;
    let buf = f.buffer_mut();
    for i in 0..r.height {
        // counted from sente's end of the bar
        let y = if app.flipped() { r.y + i } else { r.bottom() - 1 - i };
        let filled = halves.saturating_sub(2 * i).min(2);
        let (symbol, style) = match (filled, ascii) {
            (2, false) => ("█", Style::default().fg(sente)),
            (2, true) => ("#", Style::default().fg(sente)),
            (0, false) => ("█", Style::default().fg(gote)),
            (0, true) => (":", Style::default().fg(gote)),
            // half a row: sente's half towards its end
            (_, true) => ("+", Style::default().fg(sente)),
            (_, false) if app.flipped() => ("▀", Style::default().fg(sente).bg(gote)),
            (_, false) => ("▄", Style::default().fg(sente).bg(gote)),
        };
        buf[(r.x, y)].set_symbol(symbol).set_style(style);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Position;
    use crate::core::Score;
    use crate::engine::analysis::{Line, Update};
    use crate::tui::view::{areas, draw};
    use std::time::Instant;

    fn analysing(cp: i32) -> App {
        let mut app = App::new(Position::startpos());
        app.toggle_analysis();
        let Some(crate::tui::event::Command::Start(crate::tui::jobs::JobRequest::Study(
            crate::tui::jobs::StudyJob::Analyse { pos, .. },
        ))) = app.take_command(|c| {
            matches!(c, crate::tui::event::Command::Start(crate::tui::jobs::JobRequest::Study(_)))
        })
        else {
            panic!()
        };
        let m = pos.parse_usi_move("2g2f").unwrap();
        let lines = vec![Line { score: Score::Cp(cp), pv: vec![m] }];
        app.on_analysis_update(Update { depth: 9, nodes: 1, nps: 1, time_ms: 1, lines, done: false });
        app
    }

    /// The bar's cells from top to bottom as drawn, `S` sente's, `G` gote's, `h` half.
    fn bar(app: &App, w: u16, h: u16) -> String {
        let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h)).unwrap();
        t.draw(|f| draw(f, app, Instant::now())).unwrap();
        let buf = t.backend().buffer().clone();
        let r = bar_rect(areas(buf.area, app).board, app.flipped());
        let sente = crate::tui::view::side_color(app, Color::Black);
        (r.y..r.bottom())
            .map(|y| {
                let c = &buf[(r.x, y)];
                match (c.symbol(), c.fg == sente) {
                    ("█", true) => 'S',
                    ("█", false) => 'G',
                    ("▄" | "▀", _) => 'h',
                    _ => '?',
                }
            })
            .collect()
    }

    #[test]
    fn the_bar_shows_sentes_chances_beside_the_board_at_every_size() {
        for (w, h) in [(80, 24), (120, 40), (160, 50)] {
            let even = bar(&analysing(0), w, h);
            let rows = even.len();
            assert!(rows >= 9, "{even}");
            assert_eq!(even.matches('S').count() * 2 + even.matches('h').count(), rows, "{w}x{h}: {even}");
            assert!(even.ends_with('S') && even.starts_with('G'), "sente fills from the bottom: {even}");
            let ahead = bar(&analysing(1500), w, h);
            assert!(ahead.matches('S').count() > rows * 3 / 4, "{w}x{h}: {ahead}");
            let behind = bar(&analysing(-1500), w, h);
            assert!(behind.matches('G').count() > rows * 3 / 4, "{w}x{h}: {behind}");
        }
        let mut flipped = analysing(1500);
        flipped.flip();
        assert!(bar(&flipped, 80, 24).starts_with('S'), "sente at the top when flipped");
    }

    #[test]
    fn no_bar_without_analysis() {
        let app = App::new(Position::startpos());
        let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
        t.draw(|f| draw(f, &app, Instant::now())).unwrap();
        let buf = t.backend().buffer();
        let r = bar_rect(areas(buf.area, &app).board, false);
        assert!((r.y..r.bottom()).all(|y| buf[(r.x, y)].symbol() == " "));
    }
}

//! The record tools drawn: the comment panel under the record (the player's comment on the
//! position shown, whenever it has one), the comment editor and the variations list.

use super::frame::{centered, clear_under};
use super::glyphs::Glyphs;
use super::key_line::{ask, keys_line};
use super::wrap::wrap;
use crate::record::{MoveStyle, NodeId, ROOT, move_text, pv_text};
use crate::tui::app::{App, CommentEditor, VariationList};
use crate::tui::keymap::KeyMode;
use ratatui::Frame;
use ratatui::layout::{Constraint, Direction, Layout, Position, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use unicode_width::UnicodeWidthStr;

/// Rows the record panel keeps at least when the comment panel takes the rest.
const RECORD_MIN: u16 = 6;

fn frame<'a>(g: &Glyphs, title: &str, note: Option<&str>) -> Block<'a> {
    let mut b = Block::bordered().border_set(g.border()).title(g.pad(title));
    if let Some(n) = note {
        b = b.title_bottom(g.pad(&format!(" {n} ")));
    }
    b
}

/// The comment's lines wrapped to `width` columns.
fn comment_rows(app: &App, width: u16) -> Vec<String> {
    let g = super::glyphs(app);
    app.comment_here().iter().flat_map(|l| wrap(&g.pad(l), width)).collect()
}

/// Splits the record's area into the record panel and the comment panel under it. The comment
/// panel is there when the position shown has a comment and there is room (else the study
/// panel, when shown, lists the comment); it takes what the comment needs, up to half the column.
pub fn split(area: Rect, app: &App) -> (Rect, Rect) {
    let none = (area, Rect::new(area.x, area.bottom(), area.width, 0));
    let rows = comment_rows(app, area.width.saturating_sub(2)).len() as u16;
    if rows == 0 {
        return none;
    }
    let room = area.height.saturating_sub(RECORD_MIN).min(area.height / 2);
    if room < 3 {
        return none;
    }
    let parts = Layout::default()
        .direction(Direction::Vertical)
        .constraints([Constraint::Min(RECORD_MIN), Constraint::Length((rows + 2).min(room))])
        .split(area);
    (parts[0], parts[1])
}

/// Draws the comment panel in `area`.
pub(super) fn draw_comment(f: &mut Frame, app: &App, area: Rect) {
    let g = super::glyphs(app);
    let block = frame(&g, app.text().review.comment_panel, None);
    let inner = block.inner(area);
    let lines: Vec<Line> = comment_rows(app, inner.width)
        .into_iter()
        .map(|l| Line::from(Span::styled(l, Style::default().fg(super::palette(app).accent))))
        .collect();
    f.render_widget(Paragraph::new(lines).block(block), area);
}

/// What the record panel adds after a move: `*` when it has a comment, and its time when
/// times are shown (`0:12/0:01:23`: this move, and the mover's total when known).
pub(super) fn row_notes(app: &App, id: NodeId) -> Vec<Span<'static>> {
    let node = app.record().node(id);
    let mut out = Vec::new();
    if !crate::record::annotation::user_comments(&node.comments).is_empty() {
        out.push(Span::styled("*", Style::default().fg(super::palette(app).accent)));
    }
    if app.show_times()
        && id != ROOT
        && let Some(t) = node.time
    {
        let mut s = format!(" {}:{:02}", t.spent / 60, t.spent % 60);
        if let Some(total) = t.total {
            s.push_str(&format!("/{}:{:02}:{:02}", total / 3600, total / 60 % 60, total % 60));
        }
        out.push(Span::styled(s, Style::default().fg(super::palette(app).dim)));
    }
    out
}

/// The move that leads to `node`, with its number (`12 ▲７六歩(77)`), or the start position.
fn move_label(app: &App, node: NodeId) -> String {
    let rec = app.record();
    if node == ROOT || !rec.contains(node) {
        return app.text().start_position.to_string();
    }
    let parent = rec.node(node).parent().unwrap_or(ROOT);
    let pos = rec.position_at(parent);
    format!("{} {}", rec.depth(node), move_text(&pos, rec.node(node).mv, MoveStyle::KifMarked))
}

/// The comment editor over the screen, with the terminal cursor in it.
pub(super) fn draw_editor(f: &mut Frame, app: &App, e: &CommentEditor) {
    let t = app.text().review;
    let g = super::glyphs(app);
    let area = f.area();
    let r = centered(area, crate::tui::app::COMMENT_WIDTH + 3, 14);
    clear_under(f.buffer_mut(), r);
    let note = match e.asking {
        true => format!("{} {}", t.comment_ask, keys_line(app, KeyMode::CommentAsk, 0)),
        false => t.comment_keys.to_string(),
    };
    let block = frame(&g, &(t.comment_title)(&move_label(app, e.node())), Some(&note));
    let inner = block.inner(r);
    f.render_widget(block, r);
    let (lines, (x, y)) = e.window(inner.height);
    let body: Vec<Line> = lines.into_iter().map(Line::from).collect();
    f.render_widget(Paragraph::new(body), inner);
    if !e.asking {
        f.set_cursor_position(Position::new(inner.x + x, inner.y + y));
    }
}

/// One line of the variations list: the move in KIF notation, the moves after it on its line
/// (as many as fit), its length, and which one is the main line.
fn variation_line(app: &App, v: &VariationList, i: usize, room: usize) -> String {
    let rec = app.record();
    let child = v.children[i];
    let mut pos = rec.position_at(v.parent);
    let first = move_text(&pos, rec.node(child).mv, MoveStyle::KifMarked);
    pos.do_move(rec.node(child).mv);
    let mut line = Vec::new();
    let mut n = child;
    while let Some(c) = rec.node(n).continuation() {
        line.push(rec.node(c).mv);
        n = c;
    }
    let main = i == 0 && rec.node(v.parent).continuation() == Some(child);
    let tag = if main { format!(" ({})", app.text().review.main_line) } else { String::new() };
    let count = format!("  {}", line.len() + 1);
    let head = format!("{}. {first}{tag}", i + 1);
    let mut after = String::new();
    for k in 1..=line.len().min(6) {
        let s = format!(" {}", pv_text(&pos, &line[..k]));
        if head.width() + s.width() + count.width() + 2 > room {
            break;
        }
        after = s;
    }
    if !after.is_empty() && line.len() > after.matches(['▲', '△']).count() {
        after.push('…');
    }
    format!("{head}{after}{count}")
}

/// The variations list over the screen.
pub(super) fn draw_variations(f: &mut Frame, app: &App, v: &VariationList) {
    let t = app.text().review;
    let g = super::glyphs(app);
    let area = f.area();
    let w = area.width.min(72);
    let room = w.saturating_sub(4) as usize;
    let lines: Vec<String> = (0..v.children.len()).map(|i| variation_line(app, v, i, room)).collect();
    let note = if v.confirm_delete {
        let pos = app.record().position_at(v.parent);
        let m = move_text(&pos, app.record().node(v.chosen()).mv, MoveStyle::KifMarked);
        let question = (t.delete_question)(&m, crate::tui::app::subtree_moves(app.record(), v.chosen()));
        ask(app, &question, KeyMode::Question)
    } else {
        keys_line(app, KeyMode::Variations, 0)
    };
    let note = note.as_str();
    let widest = lines.iter().map(|l| l.width()).chain([note.width() + 2]).max().unwrap_or(10) as u16;
    let r = centered(area, (widest + 4).min(w), lines.len() as u16 + 2);
    clear_under(f.buffer_mut(), r);
    let number = (app.text().move_number)(app.record().depth(v.parent) + 1);
    let title = format!(" {}: {number} ", t.variations_title.trim());
    let body: Vec<Line> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let st =
                if i == v.row { Style::default().add_modifier(Modifier::REVERSED) } else { Style::default() };
            Line::from(Span::styled(g.pad(l), st))
        })
        .collect();
    f.render_widget(Paragraph::new(body).block(frame(&g, &title, Some(note))), r);
}

#[cfg(test)]
mod tests {
    use crate::core::Position;
    use crate::tui::app::App;
    use crate::tui::view::screen_text;
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use std::time::Instant;

    fn key(app: &mut App, code: KeyCode) {
        crate::tui::input::handle_key(app, KeyEvent::new(code, KeyModifiers::NONE));
    }

    #[test]
    fn the_comment_shows_beside_the_record_at_80_by_24() {
        let mut app = App::new(Position::startpos());
        app.submit_typed("7g7f");
        app.submit_typed("3c3d");
        app.undo();
        key(&mut app, KeyCode::Char('c'));
        app.paste("角道を開ける手。\n次に△３四歩なら角交換も。");
        let s = screen_text(&app, 80, 24, Instant::now());
        assert!(s.contains("Comment: 1 ▲７六歩(77)"), "{s}");
        crate::tui::input::handle_key(&mut app, KeyEvent::new(KeyCode::Char('s'), KeyModifiers::CONTROL));
        let s = screen_text(&app, 80, 24, Instant::now());
        assert!(s.contains("角道を開ける手。"), "{s}");
        assert!(s.contains("次に△３四歩なら"), "{s}");
        assert!(s.contains("▲７六歩(77)") && s.contains("△３四歩(33)"), "the record stays: {s}");
        // no comment on the next move: no panel
        app.redo();
        let s = screen_text(&app, 80, 24, Instant::now());
        assert!(!s.contains("Comment"), "{s}");
    }

    #[test]
    fn the_variations_list_names_each_move_in_kif() {
        let mut app = App::new(Position::startpos());
        for m in ["7g7f", "3c3d", "2g2f"] {
            app.submit_typed(m);
        }
        app.undo();
        app.submit_typed("8h2b+");
        app.submit_typed("3a2b");
        app.undo();
        key(&mut app, KeyCode::Char('b'));
        let s = screen_text(&app, 80, 24, Instant::now());
        assert!(s.contains("1. ▲２六歩(27) (main line)  1"), "{s}");
        assert!(s.contains("2. ▲２二角成(88) △同　銀  2"), "{s}");
        assert!(s.contains("p main line"), "{s}");
        key(&mut app, KeyCode::Char('d'));
        let s = screen_text(&app, 80, 24, Instant::now());
        assert!(s.contains("Delete ▲２二角成(88) and its line (2 moves)?"), "{s}");
    }

    #[test]
    fn times_and_variation_marks_show_in_the_record() {
        let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:12/00:00:12)\n   2 ３四歩(33)   ( 1:05/00:01:05)\n\n変化：2手\n   2 ８四歩(83)   ( 0:03/00:00:03)\n*【悪手】\n*#評価値=400\n*指しにくい\n";
        let (rec, _) = crate::record::read_text(kif, crate::record::Format::Kifu).unwrap();
        let mut app = App::with_record(rec);
        app.redo();
        app.redo();
        app.switch_variation(1);
        let s = screen_text(&app, 80, 24, Instant::now());
        assert!(s.contains("▲７六歩(77)"), "{s}");
        assert!(s.contains("△８四歩(83)* 悪手"), "{s}");
        assert!(s.contains("指しにくい"), "the comment panel: {s}");
        key(&mut app, KeyCode::Char('T'));
        let s = screen_text(&app, 80, 24, Instant::now());
        assert!(s.contains("▲７六歩(77) 0:12/0:00:12"), "{s}");
        assert!(s.contains("△８四歩(83)* 0:03/0:00:03 悪手"), "{s}");
    }

    #[test]
    fn a_marked_variation_move_shows_its_mark_and_the_better_line() {
        let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n*#評価値=50\n*#読み筋=△３四歩(33)▲２六歩(27)\n   2 ３四歩(33)\n*#評価値=40\n   3 ２六歩(27)\n*#評価値=60\n\n変化：2手\n   2 ９四歩(93)\n*【悪手】\n*#評価値=300\n*#読み筋=▲２六歩(27)\n";
        let (rec, _) = crate::record::read_text(kif, crate::record::Format::Kifu).unwrap();
        let mut app = App::with_record(rec);
        app.redo();
        app.redo();
        app.switch_variation(1);
        assert_eq!(app.main_line_ply(), None);
        let (score, pv) = app.analysis_here().unwrap();
        assert_eq!(score, crate::core::Score::Cp(300));
        assert_eq!(pv.len(), 1);
        let s = screen_text(&app, 100, 34, Instant::now());
        assert!(s.contains("△９四歩(93) 悪手"), "the record panel: {s}");
        assert!(s.contains("悪手  best △３四歩▲２六歩"), "the study panel: {s}");
    }

    #[test]
    fn with_the_study_panel_the_comment_gets_its_panel_where_there_is_room() {
        let kif = "手合割：平手\n   1 ７六歩(77)\n*角道を開ける\n*#評価値=50\n   2 ３四歩(33)\n*#評価値=40\n";
        let (rec, _) = crate::record::read_text(kif, crate::record::Format::Kifu).unwrap();
        let mut app = App::with_record(rec);
        app.redo();
        let s = screen_text(&app, 120, 40, Instant::now());
        assert!(s.contains("┌ Comment") && s.contains("│角道を開ける"), "{s}");
        assert!(!s.contains("* 角道を開ける"), "not twice: {s}");
        // no room for a panel at 80×24: the study panel lists it
        let s = screen_text(&app, 80, 24, Instant::now());
        assert!(!s.contains("┌ Comment") && s.contains("* 角道を開ける"), "{s}");
    }
}

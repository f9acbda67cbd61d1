//! Comments (コメント) on the position shown: the multi-line editor that opens over the screen,
//! and writing its text back into the record. Only the player's own lines are edited; lines
//! written by an analysis (`#評価値=`, `【悪手】` …) are kept as they are, after them.

use super::ctx::Ctx;
use super::line_editor::LineEditor;
use crate::record::NodeId;
use crate::record::annotation::{is_analysis_line, user_comments};
use crate::record::tree::clean_comment;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use unicode_width::UnicodeWidthChar;

/// Columns of text a row of the comment editor holds (the editor box is this wide plus the
/// cursor's column and its frame; the smallest screen the app draws on has room for it).
pub const COMMENT_WIDTH: u16 = 60;

/// A multi-line text editor: one [`LineEditor`] a line, the cursor on line `row`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommentEditor {
    lines: Vec<LineEditor>,
    row: usize,
    /// The node whose comment this is.
    node: NodeId,
    /// The text when the editor opened (to know whether anything changed).
    original: String,
    /// Esc was pressed with changes: asking whether to keep them.
    pub asking: bool,
}

/// Display columns of the first `chars` characters of `s`.
fn columns(s: &str, chars: usize) -> usize {
    s.chars().take(chars).map(|c| c.width().unwrap_or(0)).sum()
}

/// The character index in `s` whose start is nearest at or before column `col`.
fn char_at_column(s: &str, col: usize) -> usize {
    let mut used = 0;
    for (i, c) in s.chars().enumerate() {
        let w = c.width().unwrap_or(0);
        if used + w > col {
            return i;
        }
        used += w;
    }
    s.chars().count()
}

impl CommentEditor {
    /// An editor holding `text` (lines split at `\n`), the cursor at its end.
    pub fn new(node: NodeId, text: &str) -> CommentEditor {
        let lines: Vec<LineEditor> = text.split('\n').map(LineEditor::new).collect();
        CommentEditor { row: lines.len() - 1, lines, node, original: text.to_string(), asking: false }
    }

    /// The text, lines joined with `\n`.
    pub fn text(&self) -> String {
        self.lines.iter().map(LineEditor::text).collect::<Vec<_>>().join("\n")
    }

    pub fn node(&self) -> NodeId {
        self.node
    }

    /// Whether the text differs from what it was when the editor opened.
    pub fn changed(&self) -> bool {
        self.text() != self.original
    }

    /// The cursor: (line, character in the line).
    pub fn cursor(&self) -> (usize, usize) {
        (self.row, self.lines[self.row].cursor_chars())
    }

    fn cur(&mut self) -> &mut LineEditor {
        &mut self.lines[self.row]
    }

    fn at_line_start(&self) -> bool {
        self.lines[self.row].cursor_chars() == 0
    }

    fn at_line_end(&self) -> bool {
        let l = &self.lines[self.row];
        l.cursor_chars() == l.text().chars().count()
    }

    /// Splits the line at the cursor (Enter).
    pub fn newline(&mut self) {
        let l = &self.lines[self.row];
        let at = l.text().char_indices().nth(l.cursor_chars()).map_or(l.text().len(), |(b, _)| b);
        let (before, after) = l.text().split_at(at);
        let (before, after) = (before.to_string(), after.to_string());
        self.lines[self.row] = LineEditor::new(before);
        let mut next = LineEditor::new(after);
        next.home();
        self.lines.insert(self.row + 1, next);
        self.row += 1;
    }

    /// Joins line `row + 1` onto line `row`, the cursor at the join.
    fn join_next(&mut self, row: usize) {
        if row + 1 >= self.lines.len() {
            return;
        }
        let next = self.lines.remove(row + 1);
        let at = self.lines[row].text().chars().count();
        let joined = format!("{}{}", self.lines[row].text(), next.text());
        self.lines[row] = LineEditor::new(joined);
        self.lines[row].set_cursor_chars(at);
        self.row = row;
    }

    /// The rows the text is shown in, wrapped at [`COMMENT_WIDTH`] columns (a wide character
    /// never split): (line, first character, end character) each.
    fn rows(&self) -> Vec<(usize, usize, usize)> {
        let mut rows = Vec::new();
        for (i, l) in self.lines.iter().enumerate() {
            let (mut start, mut used) = (0, 0);
            let mut n = 0;
            for c in l.text().chars() {
                let w = c.width().unwrap_or(0);
                if used + w > COMMENT_WIDTH as usize && n > start {
                    rows.push((i, start, n));
                    (start, used) = (n, 0);
                }
                used += w;
                n += 1;
            }
            rows.push((i, start, n));
        }
        rows
    }

    /// The cursor's row (index into `rows`) and its column in that row.
    fn cursor_row(&self, rows: &[(usize, usize, usize)]) -> (usize, usize) {
        let at = self.lines[self.row].cursor_chars();
        let r = rows
            .iter()
            .rposition(|&(line, start, _)| line == self.row && start <= at)
            .expect("every line has a row");
        let text = self.lines[self.row].text();
        let col = columns(text, at) - columns(text, rows[r].1);
        (r, col)
    }

    /// Moves the cursor `delta` shown rows up or down (through wrapped lines too), keeping its
    /// column as near as it can.
    fn vertical(&mut self, delta: i32) {
        let rows = self.rows();
        let (r, col) = self.cursor_row(&rows);
        let target = (r as i32 + delta).clamp(0, rows.len() as i32 - 1) as usize;
        if target == r {
            return;
        }
        let (line, start, end) = rows[target];
        let text = self.lines[line].text();
        let skip: String = text.chars().skip(start).take(end - start).collect();
        let mut i = start + char_at_column(&skip, col);
        // on a row that wraps, the end is the next row's start: stay on this row
        let wraps = rows.get(target + 1).is_some_and(|&(l, _, _)| l == line);
        if wraps && i >= end {
            i = end.saturating_sub(1).max(start);
        }
        self.row = line;
        self.lines[line].set_cursor_chars(i);
    }

    /// Inserts text (typed or pasted); `\n` starts a new line, `\r` and other control characters
    /// but tabs (a space) are dropped.
    pub fn insert_str(&mut self, text: &str) {
        for c in text.chars() {
            match c {
                '\n' => self.newline(),
                '\t' => self.cur().insert(' '),
                c if c.is_control() => {}
                c => self.cur().insert(c),
            }
        }
    }

    /// Applies an editing key: arrows (across lines at the ends), Home/End, Enter (a new line),
    /// Backspace/Delete (joining lines at the ends), and the one-line editor's keys (Ctrl-U, W,
    /// K …). Returns whether it was one; Esc and Ctrl-S are the owner's.
    pub fn handle_key(&mut self, k: &KeyEvent) -> bool {
        let plain = !k.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        match k.code {
            KeyCode::Enter => self.newline(),
            KeyCode::Up => self.vertical(-1),
            KeyCode::Down => self.vertical(1),
            KeyCode::PageUp => self.vertical(-10),
            KeyCode::PageDown => self.vertical(10),
            KeyCode::Left if plain && self.at_line_start() && self.row > 0 => {
                self.row -= 1;
                self.cur().end();
            }
            KeyCode::Right if plain && self.at_line_end() && self.row + 1 < self.lines.len() => {
                self.row += 1;
                self.cur().home();
            }
            KeyCode::Backspace if plain && self.at_line_start() && self.row > 0 => {
                self.join_next(self.row - 1)
            }
            KeyCode::Delete if self.at_line_end() => self.join_next(self.row),
            _ => return self.cur().handle_key(k),
        }
        true
    }

    /// What a box [`COMMENT_WIDTH`] columns wide (one more for the cursor) and `height` rows
    /// high shows: the lines wrapped at whole characters, scrolled to keep the cursor in sight,
    /// and the cursor's (column, row) in the box.
    pub fn window(&self, height: u16) -> (Vec<String>, (u16, u16)) {
        let rows = self.rows();
        let (r, col) = self.cursor_row(&rows);
        let height = height.max(1) as usize;
        let first = (r + 1).saturating_sub(height);
        let shown = rows
            .iter()
            .skip(first)
            .take(height)
            .map(|&(line, start, end)| {
                self.lines[line].text().chars().skip(start).take(end - start).collect()
            })
            .collect();
        (shown, (col as u16, (r - first) as u16))
    }
}

/// The player's comment of `comments` as one text (lines joined with `\n`).
pub fn comment_text(comments: &[String]) -> String {
    user_comments(comments).join("\n")
}

/// `comments` with the player's lines replaced by `text` (cleaned, empty lines at its ends
/// dropped); the analysis lines are kept after them.
pub fn with_comment_text(comments: &[String], text: &str) -> Vec<String> {
    let mut user: Vec<String> = text.split('\n').map(clean_comment).collect();
    while user.last().is_some_and(|l| l.trim().is_empty()) {
        user.pop();
    }
    let lead = user.iter().take_while(|l| l.trim().is_empty()).count();
    user.drain(..lead);
    user.extend((0..comments.len()).filter(|&i| is_analysis_line(comments, i)).map(|i| comments[i].clone()));
    user
}

impl CommentEditor {
    /// Esc: `true` when the editor is to close with nothing changed; else it asks whether to
    /// keep the changes, and Esc again while asking goes back to editing.
    pub(super) fn escape(&mut self) -> bool {
        if self.asking {
            self.asking = false;
        } else if self.changed() {
            self.asking = true;
        } else {
            return true;
        }
        false
    }

    /// Closes the editor, writing its text into the record when `keep`; `true` when the record
    /// changed.
    pub(super) fn finish(self, keep: bool, ctx: &mut Ctx) -> bool {
        let t = ctx.text().review;
        if !keep || !self.changed() {
            ctx.status.set(t.comment_unchanged.into());
            return false;
        }
        if !ctx.game.record().contains(self.node()) {
            ctx.status.set(t.comment_node_gone.into());
            return false;
        }
        let node = ctx.game.record_mut().node_mut(self.node());
        node.comments = with_comment_text(&node.comments, &self.text());
        let empty = user_comments(&node.comments).is_empty();
        ctx.status.set(if empty { t.comment_removed } else { t.comment_kept }.into());
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Position;
    use crate::tui::app::App;

    const N: KeyModifiers = KeyModifiers::NONE;

    fn key(app: &mut App, code: KeyCode, mods: KeyModifiers) {
        crate::tui::input::handle_key(app, KeyEvent::new(code, mods));
    }

    fn typed(app: &mut App, s: &str) {
        for c in s.chars() {
            match c {
                '\n' => key(app, KeyCode::Enter, N),
                c => key(app, KeyCode::Char(c), N),
            }
        }
    }

    #[test]
    fn lines_split_join_and_keep_their_column_in_wide_text() {
        let mut e = CommentEditor::new(0, "");
        e.insert_str("角道を開ける\n次は");
        assert_eq!(e.text(), "角道を開ける\n次は");
        assert_eq!(e.cursor(), (1, 2));
        // up keeps the column (2 wide characters = 4 columns)
        e.handle_key(&KeyEvent::new(KeyCode::Up, N));
        assert_eq!(e.cursor(), (0, 2));
        e.handle_key(&KeyEvent::new(KeyCode::Enter, N));
        assert_eq!(e.text(), "角道\nを開ける\n次は");
        e.handle_key(&KeyEvent::new(KeyCode::Backspace, N));
        assert_eq!(e.text(), "角道を開ける\n次は");
        assert_eq!(e.cursor(), (0, 2));
        e.handle_key(&KeyEvent::new(KeyCode::End, N));
        e.handle_key(&KeyEvent::new(KeyCode::Delete, N));
        assert_eq!(e.text(), "角道を開ける次は");
        e.handle_key(&KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
        assert_eq!(e.text(), "次は");
        // Left at a line's start goes to the end of the line before
        e.insert_str("a\n");
        e.handle_key(&KeyEvent::new(KeyCode::Left, N));
        assert_eq!(e.cursor(), (0, 1));
        e.handle_key(&KeyEvent::new(KeyCode::Right, N));
        assert_eq!(e.cursor(), (1, 0));
        let (shown, cur) = e.window(1);
        assert_eq!(shown, vec!["次は".to_string()]);
        assert_eq!(cur, (0, 0));
    }

    #[test]
    fn long_lines_wrap_and_up_down_move_through_the_wrapped_rows() {
        // 70 wide characters: 30 a row (60 columns), so three rows
        let long: String = "あいうえおかきくけこ".repeat(7);
        let mut e = CommentEditor::new(0, &format!("{long}\nx"));
        let (shown, cur) = e.window(10);
        assert_eq!(shown.len(), 4);
        assert_eq!(shown[0].chars().count(), 30);
        assert_eq!(shown[2].chars().count(), 10);
        assert_eq!(cur, (1, 3), "the cursor at the end of 'x'");
        e.handle_key(&KeyEvent::new(KeyCode::Up, N));
        assert_eq!(e.cursor(), (0, 60), "the start of the last wrapped row");
        e.handle_key(&KeyEvent::new(KeyCode::End, N));
        e.handle_key(&KeyEvent::new(KeyCode::Up, N));
        assert_eq!(e.cursor(), (0, 40), "column 20 of the row above: 10 characters into it");
        e.handle_key(&KeyEvent::new(KeyCode::Up, N));
        assert_eq!(e.cursor(), (0, 10));
        // scrolled to keep the cursor in a box of two rows
        e.handle_key(&KeyEvent::new(KeyCode::Down, N));
        e.handle_key(&KeyEvent::new(KeyCode::Down, N));
        e.handle_key(&KeyEvent::new(KeyCode::Down, N));
        let (shown, cur) = e.window(2);
        assert_eq!(shown[1], "x");
        assert_eq!(cur, (1, 1));
    }

    #[test]
    fn a_comment_is_kept_with_ctrl_s_beside_the_analysis_lines() {
        let mut app = App::new(Position::startpos());
        app.submit_typed("7g7f");
        let n = app.game().node();
        app.game.record_mut().node_mut(n).comments =
            vec!["古い".into(), "【悪手】".into(), "#評価値=-300".into()];
        key(&mut app, KeyCode::Char('c'), N);
        assert_eq!(app.comment_editor().unwrap().text(), "古い");
        typed(&mut app, "\n二行目\n\n");
        key(&mut app, KeyCode::Char('s'), KeyModifiers::CONTROL);
        assert!(app.popup().is_none());
        assert_eq!(app.record().node(n).comments, vec!["古い", "二行目", "【悪手】", "#評価値=-300"]);
        assert!(app.take_dirty());
        assert_eq!(app.comment_here(), vec!["古い", "二行目"]);
    }

    #[test]
    fn esc_asks_before_dropping_changes_and_the_start_position_takes_comments_too() {
        let mut app = App::new(Position::startpos());
        key(&mut app, KeyCode::Char('c'), N);
        // nothing typed: Esc just closes
        key(&mut app, KeyCode::Esc, N);
        assert!(app.popup().is_none());
        key(&mut app, KeyCode::Char('c'), N);
        typed(&mut app, "平手の初形");
        key(&mut app, KeyCode::Esc, N);
        assert!(app.comment_editor().unwrap().asking);
        // Esc again: back to editing, the text still there
        key(&mut app, KeyCode::Esc, N);
        assert!(!app.comment_editor().unwrap().asking);
        key(&mut app, KeyCode::Esc, N);
        key(&mut app, KeyCode::Char('n'), N);
        assert!(app.popup().is_none());
        assert!(app.record().node(crate::record::ROOT).comments.is_empty());
        assert!(!app.take_dirty());
        key(&mut app, KeyCode::Char('c'), N);
        typed(&mut app, "平手の初形");
        key(&mut app, KeyCode::Esc, N);
        key(&mut app, KeyCode::Char('y'), N);
        assert_eq!(app.record().node(crate::record::ROOT).comments, vec!["平手の初形"]);
        // clearing the text removes the comment
        key(&mut app, KeyCode::Char('c'), N);
        key(&mut app, KeyCode::Char('u'), KeyModifiers::CONTROL);
        key(&mut app, KeyCode::Char('s'), KeyModifiers::CONTROL);
        assert!(app.record().node(crate::record::ROOT).comments.is_empty());
    }

    #[test]
    fn a_kept_comment_survives_every_format_with_comments() {
        let mut app = App::new(Position::startpos());
        app.submit_typed("7g7f");
        key(&mut app, KeyCode::Char('c'), N);
        typed(&mut app, "一行目\n  二行目, 続き");
        key(&mut app, KeyCode::Char('s'), KeyModifiers::CONTROL);
        for f in [crate::record::Format::Kif, crate::record::Format::Ki2, crate::record::Format::Jkf] {
            let back = super::super::tests_support::reopen(app.record(), f);
            super::super::tests_support::assert_same_tree(app.record(), &back);
        }
        let back = super::super::tests_support::reopen(app.record(), crate::record::Format::Csa);
        assert_eq!(back.node(back.main_line()[0]).comments, vec!["一行目", "  二行目, 続き"]);
    }
}

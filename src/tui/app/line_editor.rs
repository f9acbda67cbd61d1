//! A one-line text editor for prompts (typed moves, file names): a cursor that moves by
//! characters and words, insertion anywhere, and the usual readline keys. Columns are counted
//! with Unicode widths, so `７六歩` and file names in Japanese scroll and place the cursor right.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use unicode_width::UnicodeWidthChar;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineEditor {
    text: String,
    /// Byte offset of the cursor, always on a character boundary.
    cursor: usize,
}

impl LineEditor {
    /// An editor holding `text`, the cursor at its end.
    pub fn new(text: impl Into<String>) -> LineEditor {
        let text = text.into();
        LineEditor { cursor: text.len(), text }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// The cursor as a character index.
    pub fn cursor_chars(&self) -> usize {
        self.text[..self.cursor].chars().count()
    }

    /// Puts the cursor before character `i` (clamped to the end).
    pub fn set_cursor_chars(&mut self, i: usize) {
        self.cursor = self.text.char_indices().nth(i).map_or(self.text.len(), |(b, _)| b);
    }

    pub fn insert(&mut self, c: char) {
        self.text.insert(self.cursor, c);
        self.cursor += c.len_utf8();
    }

    fn prev_boundary(&self) -> usize {
        self.text[..self.cursor].char_indices().next_back().map_or(0, |(i, _)| i)
    }

    fn next_boundary(&self) -> usize {
        self.text[self.cursor..].chars().next().map_or(self.cursor, |c| self.cursor + c.len_utf8())
    }

    pub fn left(&mut self) {
        self.cursor = self.prev_boundary();
    }

    pub fn right(&mut self) {
        self.cursor = self.next_boundary();
    }

    pub fn home(&mut self) {
        self.cursor = 0;
    }

    pub fn end(&mut self) {
        self.cursor = self.text.len();
    }

    /// Deletes the character before the cursor.
    pub fn backspace(&mut self) {
        let p = self.prev_boundary();
        self.text.replace_range(p..self.cursor, "");
        self.cursor = p;
    }

    /// Deletes the character under the cursor.
    pub fn delete(&mut self) {
        let n = self.next_boundary();
        self.text.replace_range(self.cursor..n, "");
    }

    /// Ctrl-U: deletes from the start of the line to the cursor.
    pub fn kill_to_start(&mut self) {
        self.text.replace_range(..self.cursor, "");
        self.cursor = 0;
    }

    /// Ctrl-K: deletes from the cursor to the end of the line.
    pub fn kill_to_end(&mut self) {
        self.text.truncate(self.cursor);
    }

    /// Where the word before the cursor starts: skip separators backwards, then the word.
    /// Separators are spaces and path separators, so Ctrl-W removes one folder of a path.
    fn word_start(&self) -> usize {
        let sep = |c: char| c.is_whitespace() || c == '/' || c == '\\';
        let before: Vec<(usize, char)> = self.text[..self.cursor].char_indices().collect();
        let mut i = before.len();
        while i > 0 && sep(before[i - 1].1) {
            i -= 1;
        }
        while i > 0 && !sep(before[i - 1].1) {
            i -= 1;
        }
        before.get(i).map_or(self.cursor, |&(b, _)| b)
    }

    fn word_end(&self) -> usize {
        let sep = |c: char| c.is_whitespace() || c == '/' || c == '\\';
        let mut it = self.text[self.cursor..].char_indices().peekable();
        while it.next_if(|&(_, c)| sep(c)).is_some() {}
        while it.next_if(|&(_, c)| !sep(c)).is_some() {}
        it.peek().map_or(self.text.len(), |&(i, _)| self.cursor + i)
    }

    /// Ctrl-W: deletes the word before the cursor.
    pub fn delete_word_back(&mut self) {
        let w = self.word_start();
        self.text.replace_range(w..self.cursor, "");
        self.cursor = w;
    }

    pub fn word_left(&mut self) {
        self.cursor = self.word_start();
    }

    pub fn word_right(&mut self) {
        self.cursor = self.word_end();
    }

    /// Applies an editing key; returns whether the key was one (Enter and Esc are not: the
    /// prompt's owner handles them).
    pub fn handle_key(&mut self, k: &KeyEvent) -> bool {
        let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
        let alt = k.modifiers.contains(KeyModifiers::ALT);
        match k.code {
            KeyCode::Left if ctrl || alt => self.word_left(),
            KeyCode::Right if ctrl || alt => self.word_right(),
            KeyCode::Left => self.left(),
            KeyCode::Right => self.right(),
            KeyCode::Home => self.home(),
            KeyCode::End => self.end(),
            KeyCode::Backspace if ctrl || alt => self.delete_word_back(),
            KeyCode::Backspace => self.backspace(),
            KeyCode::Delete => self.delete(),
            KeyCode::Char(c) if ctrl => match c {
                'a' => self.home(),
                'e' => self.end(),
                'b' => self.left(),
                'f' => self.right(),
                'u' => self.kill_to_start(),
                'k' => self.kill_to_end(),
                'w' => self.delete_word_back(),
                'h' => self.backspace(),
                'd' => self.delete(),
                _ => return false,
            },
            KeyCode::Char(c) if alt => match c {
                'b' => self.word_left(),
                'f' => self.word_right(),
                _ => return false,
            },
            KeyCode::Char(c) if !c.is_control() => self.insert(c),
            _ => return false,
        }
        true
    }

    /// The part of the text shown in `width` columns and the cursor's column in it. The view
    /// scrolls so the cursor is always visible (with a column left for it at the end), and a
    /// wide character is never cut in half.
    pub fn window(&self, width: u16) -> (String, u16) {
        let width = width.max(2) as usize;
        let chars: Vec<(char, usize)> = self.text.chars().map(|c| (c, c.width().unwrap_or(0))).collect();
        let at = self.cursor_chars();
        // the first character shown: the earliest one that keeps the cursor inside the window
        let mut start = 0;
        let mut before: usize = chars[..at].iter().map(|&(_, w)| w).sum();
        let cursor_w = chars.get(at).map_or(1, |&(_, w)| w.max(1));
        while before + cursor_w > width && start < at {
            before -= chars[start].1;
            start += 1;
        }
        let mut shown = String::new();
        let mut used = 0;
        for &(c, w) in &chars[start..] {
            if used + w > width {
                break;
            }
            shown.push(c);
            used += w;
        }
        (shown, before as u16)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode, mods: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, mods)
    }

    fn typed(e: &mut LineEditor, s: &str) {
        for c in s.chars() {
            assert!(e.handle_key(&key(KeyCode::Char(c), KeyModifiers::NONE)));
        }
    }

    const N: KeyModifiers = KeyModifiers::NONE;
    const C: KeyModifiers = KeyModifiers::CONTROL;

    #[test]
    fn insertion_in_the_middle_and_deletion_both_ways() {
        let mut e = LineEditor::new("76");
        e.handle_key(&key(KeyCode::Left, N));
        typed(&mut e, "x");
        assert_eq!(e.text(), "7x6");
        e.handle_key(&key(KeyCode::Backspace, N));
        assert_eq!(e.text(), "76");
        e.handle_key(&key(KeyCode::Home, N));
        e.handle_key(&key(KeyCode::Delete, N));
        assert_eq!(e.text(), "6");
        typed(&mut e, "7");
        e.handle_key(&key(KeyCode::End, N));
        typed(&mut e, "歩");
        assert_eq!(e.text(), "76歩");
        assert_eq!(e.cursor_chars(), 3);
    }

    #[test]
    fn readline_keys() {
        let mut e = LineEditor::new("games/2026 first.kif");
        e.handle_key(&key(KeyCode::Char('w'), C));
        assert_eq!(e.text(), "games/2026 ");
        e.handle_key(&key(KeyCode::Char('w'), C));
        assert_eq!(e.text(), "games/");
        e.handle_key(&key(KeyCode::Char('a'), C));
        typed(&mut e, "~/");
        assert_eq!(e.text(), "~/games/");
        e.handle_key(&key(KeyCode::Char('e'), C));
        typed(&mut e, "a.csa");
        e.handle_key(&key(KeyCode::Left, N));
        e.handle_key(&key(KeyCode::Left, N));
        e.handle_key(&key(KeyCode::Left, N));
        e.handle_key(&key(KeyCode::Char('u'), C));
        assert_eq!(e.text(), "csa");
        assert_eq!(e.cursor_chars(), 0);
        e.handle_key(&key(KeyCode::Right, N));
        e.handle_key(&key(KeyCode::Char('k'), C));
        assert_eq!(e.text(), "c");
        assert!(!e.handle_key(&key(KeyCode::Enter, N)), "Enter is the prompt's");
        assert!(!e.handle_key(&key(KeyCode::Esc, N)));
    }

    #[test]
    fn wide_characters_move_and_delete_as_one() {
        let mut e = LineEditor::new("７六歩");
        e.handle_key(&key(KeyCode::Left, N));
        e.handle_key(&key(KeyCode::Backspace, N));
        assert_eq!(e.text(), "７歩");
        assert_eq!(e.window(20), ("７歩".to_string(), 2));
        e.handle_key(&key(KeyCode::Delete, N));
        assert_eq!(e.text(), "７");
        let mut e = LineEditor::new("棋譜/対局.kif");
        e.handle_key(&key(KeyCode::Char('w'), C));
        assert_eq!(e.text(), "棋譜/");
    }

    #[test]
    fn window_scrolls_to_keep_the_cursor_visible_without_cutting_wide_characters() {
        let e = LineEditor::new("あいうえお"); // 10 columns, cursor at the end
        let (shown, col) = e.window(6);
        // the cursor needs a column: at most 5 columns of text before it, whole characters only
        assert_eq!(shown, "えお");
        assert_eq!(col, 4);
        let (shown, col) = e.window(7);
        assert_eq!(shown, "うえお");
        assert_eq!(col, 6);
        let mut e = e;
        e.home();
        assert_eq!(e.window(6), ("あいう".to_string(), 0));
        e.set_cursor_chars(2);
        assert_eq!(e.window(6), ("あいう".to_string(), 4));
    }
}

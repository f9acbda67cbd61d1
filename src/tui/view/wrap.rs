//! Styled lines broken to a width in terminal columns. Ratatui's own wrapping can put a wide
//! character in the last column of an area, where its second half lands on the border; these
//! lines never exceed the width, so they are drawn without it.

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// `lines` broken into lines of at most `width` columns, keeping each character's style: after
/// a space, or before a wide character (Japanese text breaks anywhere), where it can; in a line
/// of moves (`▲７六歩△３四歩…`) only before a ▲ or △, so a move stays whole; inside a word only
/// when the word alone is wider than the line.
pub fn wrap_lines(lines: Vec<Line<'_>>, width: u16) -> Vec<Line<'static>> {
    let width = width.max(2) as usize;
    let mut out = Vec::new();
    for line in lines {
        let chars: Vec<(char, Style)> = line
            .spans
            .iter()
            .flat_map(|s| s.content.chars().map(move |c| (c, line.style.patch(s.style))))
            .collect();
        let moves = chars.iter().any(|&(c, _)| matches!(c, '▲' | '△'));
        let breaks_before = |c: char| if moves { matches!(c, '▲' | '△') } else { c.width() == Some(2) };
        let mut start = 0;
        while start < chars.len() || (start == 0 && chars.is_empty()) {
            let (mut used, mut end, mut last_break) = (0, start, None);
            while end < chars.len() {
                let c = chars[end].0;
                let w = c.width().unwrap_or(0);
                if used + w > width {
                    break;
                }
                // a break may come before a wide character or after a space
                if end > start && (breaks_before(c) || chars[end - 1].0 == ' ') {
                    last_break = Some(end);
                }
                used += w;
                end += 1;
            }
            if end < chars.len()
                && let Some(b) = last_break
                && !(chars[end].0 == ' ' || breaks_before(chars[end].0))
            {
                end = b;
            }
            out.push(spans_of(&chars[start..end]));
            start = end.max(start + 1);
            // a line does not start with the space it broke at
            while start < chars.len() && chars[start].0 == ' ' && end < chars.len() {
                start += 1;
            }
        }
    }
    out
}

/// Characters with their styles, joined into as few spans as the styles allow.
fn spans_of(chars: &[(char, Style)]) -> Line<'static> {
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut text = String::new();
    let mut style = None;
    for &(c, st) in chars {
        if style.is_some_and(|s| s != st) {
            spans.push(Span::styled(std::mem::take(&mut text), style.unwrap_or_default()));
        }
        style = Some(st);
        text.push(c);
    }
    if !text.is_empty() {
        spans.push(Span::styled(text, style.unwrap_or_default()));
    }
    Line::from(spans)
}

/// `text` broken into lines of at most `width` columns: at spaces, and before a ▲ or △ in a
/// line of moves (`解答: ▲１二龍上△同玉…`) so a move stays whole, where it can; inside a word
/// only when the word alone is wider than the line.
pub fn wrap(text: &str, width: u16) -> Vec<String> {
    let width = width.max(1) as usize;
    let mut lines = vec![String::new()];
    for (sep, word) in break_points(text) {
        let cur = lines.last_mut().expect("never empty");
        let need = if cur.is_empty() { word.width() } else { cur.width() + sep.width() + word.width() };
        if need <= width {
            if !cur.is_empty() {
                cur.push_str(sep);
            }
            cur.push_str(word);
            continue;
        }
        if !cur.is_empty() {
            lines.push(String::new());
        }
        for c in word.chars() {
            let cur = lines.last_mut().expect("never empty");
            if cur.width() + c.width().unwrap_or(0) > width {
                lines.push(String::new());
            }
            lines.last_mut().expect("never empty").push(c);
        }
    }
    lines
}

/// `text` cut where a line may break, each piece with what goes before it when the two stay on
/// one line: `" "` after a space, `""` before a ▲ or △ that follows other text. A space right
/// after a mark (the ambiguous-width padding, `▲ ７六歩`) is no break.
fn break_points(text: &str) -> Vec<(&'static str, &str)> {
    let is_mark = |c: char| matches!(c, '▲' | '△');
    let mut out = Vec::new();
    let (mut start, mut sep, mut prev) = (0, "", None);
    for (i, c) in text.char_indices() {
        if c == ' ' && !prev.is_some_and(is_mark) {
            out.push((sep, &text[start..i]));
            (start, sep) = (i + 1, " ");
        } else if is_mark(c) && i > start {
            out.push((sep, &text[start..i]));
            (start, sep) = (i, "");
        }
        prev = Some(c);
    }
    out.push((sep, &text[start..]));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_width::UnicodeWidthStr;

    fn texts(lines: &[Line]) -> Vec<String> {
        lines.iter().map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect()).collect()
    }

    #[test]
    fn lines_never_pass_the_width_and_keep_their_styles() {
        // 18 wide characters (36 columns) in 35: 17 on the first line, not 18
        let l = Line::from("成る・戻す、持駒は一枚増やす・減らす");
        let w = wrap_lines(vec![l], 35);
        assert_eq!(texts(&w), vec!["成る・戻す、持駒は一枚増やす・減ら", "す"]);
        let l = Line::from(vec![
            Span::styled("o               ", Style::new().bold()),
            Span::raw("駒の先後を入れ替える"),
        ]);
        let w = wrap_lines(vec![l], 35);
        for line in &w {
            assert!(line.width() <= 35, "{line:?}");
        }
        assert_eq!(w[0].spans[0].style, Style::new().bold());
        assert_eq!(texts(&w).concat(), "o               駒の先後を入れ替える");
    }

    #[test]
    fn a_line_of_moves_breaks_between_moves() {
        let w = wrap_lines(vec![Line::from("最善 -419 △８九馬▲５八玉△７六馬▲４七玉")], 20);
        assert_eq!(texts(&w), vec!["最善 -419 △８九馬", "▲５八玉△７六馬", "▲４七玉"]);
    }

    #[test]
    fn english_breaks_at_spaces() {
        let w = wrap_lines(vec![Line::from("a long message about a pinned gold")], 12);
        assert_eq!(texts(&w), vec!["a long ", "message ", "about a ", "pinned gold"]);
        for l in texts(&w) {
            assert!(l.width() <= 12);
        }
        assert_eq!(texts(&wrap_lines(vec![Line::from("abcdefghij")], 4)), vec!["abcd", "efgh", "ij"]);
        assert_eq!(texts(&wrap_lines(vec![Line::from("")], 4)), vec![""]);
    }
}

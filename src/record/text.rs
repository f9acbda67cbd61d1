//! Text helpers shared by the readers and writers: encoding detection (BOM, UTF-8, Shift_JIS
//! and EUC-JP via `encoding_rs`, chosen by which reads the bytes best), line endings, digits in
//! their full-width, half-width and kanji forms, kanji numerals for hand counts, and display
//! width for column alignment.

use encoding_rs::{EUC_JP, SHIFT_JIS};
use std::borrow::Cow;

/// The encoding a text was decoded from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    ShiftJis,
    EucJp,
}

impl Encoding {
    /// The encoding's usual name.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::ShiftJis => "Shift_JIS",
            Encoding::EucJp => "EUC-JP",
        }
    }
}

/// File bytes decoded: the text, the encoding chosen, and the lines (1-based, counted as the
/// readers count them) where bytes that are not valid in that encoding were read as U+FFFD.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    pub text: String,
    pub encoding: Encoding,
    pub damaged_lines: Vec<usize>,
}

/// Decodes file bytes by evidence, with no convention to break a tie (see
/// [`decode_by_evidence`]). Returns the text and the encoding chosen.
pub fn decode(bytes: &[u8]) -> (String, Encoding) {
    let d = decode_by_evidence(bytes, None);
    (d.text, d.encoding)
}

/// Decodes file bytes by evidence: a UTF-8 BOM means UTF-8; valid UTF-8 is UTF-8; otherwise
/// each of UTF-8, Shift_JIS and EUC-JP reads the bytes and the one with the fewest signs of a
/// wrong guess wins (bytes it cannot read, and half-width katakana, which records do not use
/// but which a wrong guess produces), `convention` (the file extension's encoding) breaking a
/// tie. Bytes the chosen encoding cannot read become U+FFFD, and their lines are listed.
pub fn decode_by_evidence(bytes: &[u8], convention: Option<Encoding>) -> Decoded {
    if let Some(rest) = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        let text = String::from_utf8_lossy(rest).into_owned();
        let damaged_lines =
            if std::str::from_utf8(rest).is_ok() { Vec::new() } else { replaced_lines(&text) };
        return Decoded { text, encoding: Encoding::Utf8, damaged_lines };
    }
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Decoded { text: s.to_string(), encoding: Encoding::Utf8, damaged_lines: Vec::new() };
    }
    let read = |enc: Encoding| -> (String, usize) {
        let text = match enc {
            Encoding::Utf8 => String::from_utf8_lossy(bytes).into_owned(),
            Encoding::ShiftJis => SHIFT_JIS.decode_without_bom_handling(bytes).0.into_owned(),
            Encoding::EucJp => EUC_JP.decode_without_bom_handling(bytes).0.into_owned(),
        };
        let doubt =
            text.chars().filter(|&c| c == '\u{FFFD}' || ('\u{FF61}'..='\u{FF9F}').contains(&c)).count();
        (text, doubt)
    };
    // the convention first, so that it wins a tie
    let mut order = vec![Encoding::Utf8, Encoding::ShiftJis, Encoding::EucJp];
    if let Some(c) = convention {
        order.retain(|&e| e != c);
        order.insert(0, c);
    }
    let (encoding, text) = order
        .into_iter()
        .map(|e| (e, read(e)))
        .min_by_key(|(_, (_, doubt))| *doubt)
        .map(|(e, (text, _))| (e, text))
        .expect("three candidates");
    let damaged_lines = replaced_lines(&text);
    Decoded { text, encoding, damaged_lines }
}

/// The lines (1-based, as [`normalize_newlines`] splits them) holding U+FFFD.
fn replaced_lines(text: &str) -> Vec<usize> {
    normalize_newlines(text)
        .split('\n')
        .enumerate()
        .filter(|(_, l)| l.contains('\u{FFFD}'))
        .map(|(i, _)| i + 1)
        .collect()
}

/// Text with every line ending a `\n` (or `\r\n`): a lone `\r`, as old Mac files end lines,
/// becomes `\n`, so that readers splitting at `\n` see the lines.
pub fn normalize_newlines(text: &str) -> Cow<'_, str> {
    let b = text.as_bytes();
    if !b.iter().enumerate().any(|(i, &c)| c == b'\r' && b.get(i + 1) != Some(&b'\n')) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' && chars.peek() != Some(&'\n') {
            out.push('\n');
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Encodes text for a file.
pub fn encode(text: &str, enc: Encoding) -> Vec<u8> {
    match enc {
        Encoding::Utf8 => text.as_bytes().to_vec(),
        Encoding::ShiftJis => SHIFT_JIS.encode(text).0.into_owned(),
        Encoding::EucJp => EUC_JP.encode(text).0.into_owned(),
    }
}

/// Characters of `text` that `enc` cannot hold, with their lines (1-based): what [`encode`]
/// writes as `&#NNNNN;` references in Shift_JIS or EUC-JP.
pub fn unencodable(text: &str, enc: Encoding) -> Vec<(usize, Vec<char>)> {
    let codec = match enc {
        Encoding::Utf8 => return Vec::new(),
        Encoding::ShiftJis => SHIFT_JIS,
        Encoding::EucJp => EUC_JP,
    };
    let mut out = Vec::new();
    for (i, line) in normalize_newlines(text).split('\n').enumerate() {
        if !codec.encode(line).2 {
            continue;
        }
        let mut buf = [0u8; 4];
        let mut chars: Vec<char> = Vec::new();
        for c in line.chars() {
            if codec.encode(c.encode_utf8(&mut buf)).2 && !chars.contains(&c) {
                chars.push(c);
            }
        }
        out.push((i + 1, chars));
    }
    out
}

/// A digit 1–9 written half-width, full-width or as a kanji numeral.
pub fn digit_value(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        '１'..='９' => Some((c as u32 - '０' as u32) as u8),
        '一' => Some(1),
        '二' => Some(2),
        '三' => Some(3),
        '四' => Some(4),
        '五' => Some(5),
        '六' => Some(6),
        '七' => Some(7),
        '八' => Some(8),
        '九' => Some(9),
        _ => None,
    }
}

/// Replaces full-width ASCII digits by half-width ones.
pub fn halfwidth_digits(s: &str) -> String {
    s.chars()
        .map(|c| {
            if ('０'..='９').contains(&c) { char::from(b'0' + (c as u32 - '０' as u32) as u8) } else { c }
        })
        .collect()
}

/// A count written in kanji (一 .. 十八) as in hand lists; 1 gives the empty string.
pub fn kanji_count(n: u8) -> String {
    const D: [&str; 10] = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    match n {
        0 | 1 => String::new(),
        2..=9 => D[n as usize].to_string(),
        10 => "十".to_string(),
        _ => format!("十{}", D[(n % 10) as usize]),
    }
}

/// Parses a kanji count (`二`, `十`, `十八`) or digits; empty means 1.
pub fn parse_kanji_count(s: &str) -> Option<u8> {
    let s = halfwidth_digits(s.trim());
    if s.is_empty() {
        return Some(1);
    }
    if let Ok(n) = s.parse::<u8>() {
        return Some(n);
    }
    let mut chars = s.chars();
    match (chars.next(), chars.next(), chars.next()) {
        (Some('十'), None, _) => Some(10),
        (Some('十'), Some(d), None) => digit_value(d).map(|v| 10 + v),
        (Some(d), None, _) => digit_value(d),
        _ => None,
    }
}

/// Display width in a monospaced terminal/editor: 2 for East Asian wide characters.
pub fn display_width(s: &str) -> usize {
    s.chars().map(|c| if (c as u32) < 0x1100 || ('\u{FF61}'..='\u{FF9F}').contains(&c) { 1 } else { 2 }).sum()
}

/// Pads `s` with spaces to `width` display columns (no padding if already wider).
pub fn pad_to(s: &str, width: usize) -> String {
    let w = display_width(s);
    let mut out = s.to_string();
    for _ in w..width {
        out.push(' ');
    }
    out
}

/// Whether `c` must not reach a terminal from text that came from outside (a record's names,
/// headers and comments, a server's or an engine's words): a control character (ESC starts a
/// terminal command) or a bidirectional mark (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F,
/// U+061C), which reorders what is drawn after it.
pub fn unsafe_for_terminal(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// Text from outside made safe to draw: every character [`unsafe_for_terminal`] dropped (the
/// app draws through this, see `tui::view`; headers are kept without them, see
/// `tree::clean_header`).
pub fn outside_text(s: &str) -> std::borrow::Cow<'_, str> {
    if s.chars().any(unsafe_for_terminal) {
        std::borrow::Cow::Owned(s.chars().filter(|&c| !unsafe_for_terminal(c)).collect())
    } else {
        std::borrow::Cow::Borrowed(s)
    }
}

/// Trims ASCII whitespace and ideographic spaces.
pub fn trim_all(s: &str) -> &str {
    s.trim_matches(|c: char| c.is_whitespace())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_digits() {
        for n in 1..=18u8 {
            assert_eq!(parse_kanji_count(&kanji_count(n)), Some(n));
        }
        assert_eq!(digit_value('７'), Some(7));
        assert_eq!(digit_value('七'), Some(7));
        assert_eq!(halfwidth_digits("（７７）"), "（77）");
        assert_eq!(display_width("７六歩(77)"), 10);
    }

    #[test]
    fn decodes_both_encodings() {
        let text = "先手：羽生\n";
        let sjis = encode(text, Encoding::ShiftJis);
        assert_ne!(sjis, text.as_bytes());
        assert_eq!(decode(&sjis), (text.to_string(), Encoding::ShiftJis));
        assert_eq!(decode(text.as_bytes()), (text.to_string(), Encoding::Utf8));
        let mut bom = vec![0xEF, 0xBB, 0xBF];
        bom.extend_from_slice(text.as_bytes());
        assert_eq!(decode(&bom).0, text);
    }
}

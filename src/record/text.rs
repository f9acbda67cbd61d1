//! Text helpers shared by the readers and writers: encoding detection (BOM, UTF-8,
//! Shift_JIS via `encoding_rs`), digits in their full-width, half-width and kanji forms, kanji
//! numerals for hand counts, and display width for column alignment.

use encoding_rs::SHIFT_JIS;

/// The encoding a text was decoded from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    ShiftJis,
}

/// Decodes file bytes: a UTF-8 BOM or valid UTF-8 means UTF-8, anything else is read as
/// Shift_JIS (Windows-31J). Returns the text and the encoding found.
pub fn decode(bytes: &[u8]) -> (String, Encoding) {
    if let Some(rest) = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        return (String::from_utf8_lossy(rest).into_owned(), Encoding::Utf8);
    }
    if let Ok(s) = std::str::from_utf8(bytes) {
        return (s.to_string(), Encoding::Utf8);
    }
    let (s, _, _) = SHIFT_JIS.decode(bytes);
    (s.into_owned(), Encoding::ShiftJis)
}

/// Encodes text for a file.
pub fn encode(text: &str, enc: Encoding) -> Vec<u8> {
    match enc {
        Encoding::Utf8 => text.as_bytes().to_vec(),
        Encoding::ShiftJis => SHIFT_JIS.encode(text).0.into_owned(),
    }
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

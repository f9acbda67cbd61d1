//! What the USI server reads, held against any GUI or harness: lines of bounded length (an
//! over-long line is skipped without being kept or echoed), numbers read leniently (`1e3`,
//! `0x10`, a value beyond 64 bits) with a note on what was made of them, and text quoted back
//! in `info string` cut short.

use std::borrow::Cow;
use std::io::{self, BufRead};

/// The longest line the server reads, in bytes: a `position` line of a game hundreds of
/// thousands of moves long fits; a longer line is skipped.
pub const MAX_LINE: usize = 16 << 20;

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The line without its line break (invalid UTF-8 replaced).
    Text(String),
    /// A line longer than the limit: its length in bytes and how it began.
    TooLong {
        bytes: u64,
        start: String,
    },
    Eof,
}

/// Reads a line of at most `max` bytes; the rest of a longer line is read and dropped, so
/// memory stays bounded whatever comes in.
pub fn read_line_bounded<R: BufRead>(r: &mut R, max: usize) -> io::Result<Line> {
    let mut buf = Vec::new();
    let mut total: u64 = 0;
    let mut too_long = false;
    let mut any = false;
    loop {
        let avail = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if avail.is_empty() {
            if !any {
                return Ok(Line::Eof);
            }
            break;
        }
        any = true;
        let (chunk_len, used, found) = match avail.iter().position(|&b| b == b'\n') {
            Some(i) => (i, i + 1, true),
            None => (avail.len(), avail.len(), false),
        };
        total += chunk_len as u64;
        if !too_long {
            if buf.len() + chunk_len > max {
                too_long = true;
                let keep = 48usize.saturating_sub(buf.len()).min(chunk_len);
                buf.extend_from_slice(&avail[..keep]);
                buf.truncate(48);
                buf.shrink_to_fit();
            } else {
                buf.extend_from_slice(&avail[..chunk_len]);
            }
        }
        r.consume(used);
        if found {
            break;
        }
    }
    if buf.last() == Some(&b'\r') && !too_long {
        buf.pop();
    }
    let text = String::from_utf8_lossy(&buf).into_owned();
    Ok(if too_long { Line::TooLong { bytes: total, start: text } } else { Line::Text(text) })
}

/// `s` cut to `max` characters with `…` when longer, for quoting input back.
pub fn shorten(s: &str, max: usize) -> Cow<'_, str> {
    match s.char_indices().nth(max) {
        None => Cow::Borrowed(s),
        Some((i, _)) => Cow::Owned(format!("{}…", &s[..i])),
    }
}

/// A number read from a `go` argument.
#[derive(Debug, PartialEq, Eq)]
pub enum Number {
    Exact(u64),
    /// Read, but not as written: the value and what was done, for an `info string`.
    Adjusted(u64, String),
    Invalid,
}

/// Reads a count of milliseconds or nodes: decimal digits exactly; and leniently, with a
/// note, a negative value (0), a value beyond 64 bits (the largest), hexadecimal (`0x10`) and
/// decimals or exponents (`1e3`, `2.5`, rounded).
pub fn parse_number(text: &str) -> Number {
    let t = text.trim();
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        return match t.parse::<u64>() {
            Ok(v) => Number::Exact(v),
            Err(_) => {
                Number::Adjusted(u64::MAX, format!("is too large ({}); read as {}", shorten(t, 24), u64::MAX))
            }
        };
    }
    if let Some(digits) = t.strip_prefix("-")
        && !digits.is_empty()
        && !digits.starts_with('-')
        && matches!(parse_number(digits), Number::Exact(_) | Number::Adjusted(..))
    {
        return Number::Adjusted(0, format!("is negative ({}); read as 0", shorten(t, 24)));
    }
    if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X"))
        && !hex.is_empty()
        && hex.bytes().all(|b| b.is_ascii_hexdigit())
    {
        let v = u64::from_str_radix(hex, 16).unwrap_or(u64::MAX);
        return Number::Adjusted(v, format!("is hexadecimal ({}); read as {v}", shorten(t, 24)));
    }
    let looks_decimal =
        t.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-'))
            && t.bytes().any(|b| b.is_ascii_digit());
    if looks_decimal
        && let Ok(v) = t.parse::<f64>()
        && v.is_finite()
    {
        let r = v.round().clamp(0.0, u64::MAX as f64) as u64;
        return Number::Adjusted(r, format!("is not a whole number ({}); read as {r}", shorten(t, 24)));
    }
    Number::Invalid
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_skipped_with_bounded_memory() {
        let mut input = Vec::new();
        input.extend_from_slice(b"isready\r\n");
        input.extend(std::iter::repeat_n(b'x', 5000));
        input.extend_from_slice(b"\nusi\nlast");
        let mut r = io::BufReader::with_capacity(64, &input[..]);
        assert_eq!(read_line_bounded(&mut r, 1000).unwrap(), Line::Text("isready".into()));
        match read_line_bounded(&mut r, 1000).unwrap() {
            Line::TooLong { bytes, start } => {
                assert_eq!(bytes, 5000);
                assert_eq!(start, "x".repeat(48));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(read_line_bounded(&mut r, 1000).unwrap(), Line::Text("usi".into()));
        assert_eq!(read_line_bounded(&mut r, 1000).unwrap(), Line::Text("last".into()));
        assert_eq!(read_line_bounded(&mut r, 1000).unwrap(), Line::Eof);
    }

    #[test]
    fn numbers_read_leniently_with_a_note() {
        assert_eq!(parse_number("1500"), Number::Exact(1500));
        assert!(matches!(parse_number("1e3"), Number::Adjusted(1000, _)));
        assert!(matches!(parse_number("0x10"), Number::Adjusted(16, _)));
        assert!(matches!(parse_number("99999999999999999999999"), Number::Adjusted(u64::MAX, _)));
        assert!(matches!(parse_number("-5"), Number::Adjusted(0, _)));
        assert!(matches!(parse_number("2.6"), Number::Adjusted(3, _)));
        for bad in ["", "abc", "nan", "inf", "-", "0x", "1e", "--5", "e"] {
            assert_eq!(parse_number(bad), Number::Invalid, "{bad}");
        }
        assert_eq!(shorten("abcdef", 3), "abc…");
        assert_eq!(shorten("ab", 3), "ab");
    }
}

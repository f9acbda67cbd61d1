//! The terminal's writer for a terminal of sixteen colours. crossterm writes every colour, the
//! sixteen named ones too, as a 256-colour code (`ESC[38;5;9m`), which such a terminal does not
//! read; this writer holds each frame until it is flushed and writes those colours as the
//! classic codes (`ESC[91m`). Frames for other terminals pass through untouched.

use super::color_depth::ColorDepth;
use std::io::{self, Write};

pub struct ColorWriter<W: Write> {
    inner: W,
    depth: ColorDepth,
    /// The frame written so far (sixteen colours only).
    pending: Vec<u8>,
}

impl<W: Write> ColorWriter<W> {
    pub fn new(inner: W, depth: ColorDepth) -> ColorWriter<W> {
        ColorWriter { inner, depth, pending: Vec::new() }
    }
}

impl<W: Write> Write for ColorWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.depth > ColorDepth::Ansi16 {
            return self.inner.write(buf);
        }
        self.pending.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if !self.pending.is_empty() {
            let out = classic_colours(&self.pending);
            self.pending.clear();
            self.inner.write_all(&out)?;
        }
        self.inner.flush()
    }
}

impl<W: Write> Drop for ColorWriter<W> {
    fn drop(&mut self) {
        let _ = self.flush();
    }
}

/// `bytes` with every SGR sequence's 256-colour codes for colours 0 to 15 written as the classic
/// codes: `38;5;N` as `30+N` or `90+N-8`, `48;5;N` as `40+N` or `100+N-8`.
pub fn classic_colours(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == 0x1b && bytes.get(i + 1) == Some(&b'[') {
            let start = i + 2;
            let end = start + bytes[start..].iter().take_while(|b| b.is_ascii_digit() || **b == b';').count();
            if bytes.get(end) == Some(&b'm') {
                out.extend_from_slice(b"\x1b[");
                out.extend_from_slice(rewrite_params(&bytes[start..end]).as_bytes());
                out.push(b'm');
                i = end + 1;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    out
}

fn rewrite_params(params: &[u8]) -> String {
    let text = std::str::from_utf8(params).unwrap_or_default();
    let tokens: Vec<&str> = text.split(';').collect();
    let mut out: Vec<String> = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        let colour = tokens.get(i + 2).and_then(|n| n.parse::<u8>().ok()).filter(|&n| n < 16);
        match (tokens[i], tokens.get(i + 1), colour) {
            ("38" | "48", Some(&"5"), Some(n)) => {
                let base = if tokens[i] == "38" { 30 } else { 40 };
                out.push(if n < 8 { base + n as u32 } else { base + 60 + n as u32 - 8 }.to_string());
                i += 3;
            }
            (t, ..) => {
                out.push(t.to_string());
                i += 1;
            }
        }
    }
    out.join(";")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_colours_become_classic_codes_and_the_rest_is_kept() {
        let t = |s: &str| String::from_utf8(classic_colours(s.as_bytes())).unwrap();
        assert_eq!(t("\x1b[38;5;9m歩"), "\x1b[91m歩");
        assert_eq!(t("\x1b[38;5;15;48;5;0m"), "\x1b[97;40m");
        assert_eq!(t("\x1b[48;5;8mx\x1b[38;5;7m"), "\x1b[100mx\x1b[37m");
        assert_eq!(t("\x1b[39m\x1b[49m\x1b[0m"), "\x1b[39m\x1b[49m\x1b[0m");
        assert_eq!(t("\x1b[1;38;5;3m"), "\x1b[1;33m");
        // not a colour of the sixteen, or not SGR: untouched
        assert_eq!(t("\x1b[38;5;196m"), "\x1b[38;5;196m");
        assert_eq!(t("\x1b[5;10H\x1b[?25l"), "\x1b[5;10H\x1b[?25l");
        assert_eq!(t("a\x1b"), "a\x1b");
    }

    #[test]
    fn a_frame_is_held_until_flushed_only_for_sixteen_colours() {
        let mut w = ColorWriter::new(Vec::new(), ColorDepth::Ansi16);
        w.write_all(b"\x1b[38;5;").unwrap();
        w.write_all(b"9m").unwrap();
        assert!(w.inner.is_empty());
        w.flush().unwrap();
        assert_eq!(w.inner, b"\x1b[91m");
        let mut w = ColorWriter::new(Vec::new(), ColorDepth::Ansi256);
        w.write_all(b"\x1b[38;5;9m").unwrap();
        assert_eq!(w.inner, b"\x1b[38;5;9m");
    }
}

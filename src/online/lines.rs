//! Lines from an untrusted byte stream: each line is bounded in length (a longer one is dropped
//! up to its end and reported as too long), bytes that are not UTF-8 are replaced, and a `\r`
//! before the `\n` is removed. A last line without `\n` is still a line.

use std::io::{self, BufRead};

/// The longest line accepted from a server, in bytes (a summary line, a chat line, a watched
/// game's line are far shorter).
pub const MAX_LINE_BYTES: usize = 8192;

/// One read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineRead {
    Line(String),
    /// A line longer than the limit was dropped (its length so far).
    TooLong(usize),
    /// The stream ended.
    End,
}

/// Reads bounded lines from `input`.
pub struct BoundedLines<R> {
    input: R,
    max: usize,
}

impl<R: BufRead> BoundedLines<R> {
    pub fn new(input: R, max: usize) -> BoundedLines<R> {
        BoundedLines { input, max }
    }

    /// The next line. I/O errors (a timeout, a reset connection) are passed on.
    pub fn next_line(&mut self) -> io::Result<LineRead> {
        let mut line: Vec<u8> = Vec::new();
        let mut dropped = 0usize;
        loop {
            let buf = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                return Ok(if dropped > 0 {
                    LineRead::TooLong(dropped)
                } else if line.is_empty() {
                    LineRead::End
                } else {
                    LineRead::Line(finish(line))
                });
            }
            let (chunk, found) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..i], Some(i)),
                None => (buf, None),
            };
            if dropped > 0 || line.len() + chunk.len() > self.max {
                dropped += line.len() + chunk.len();
                line.clear();
            } else {
                line.extend_from_slice(chunk);
            }
            let used = found.map_or(buf.len(), |i| i + 1);
            self.input.consume(used);
            if found.is_some() {
                return Ok(if dropped > 0 {
                    LineRead::TooLong(dropped)
                } else {
                    LineRead::Line(finish(line))
                });
            }
        }
    }
}

fn finish(mut line: Vec<u8>) -> String {
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    String::from_utf8_lossy(&line).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(bytes: &[u8], max: usize) -> Vec<LineRead> {
        let mut r = BoundedLines::new(io::BufReader::with_capacity(7, bytes), max);
        let mut out = Vec::new();
        loop {
            let l = r.next_line().unwrap();
            let end = l == LineRead::End;
            out.push(l);
            if end {
                return out;
            }
        }
    }

    #[test]
    fn lines_are_bounded_and_cleaned() {
        let long = "x".repeat(50);
        let text = [b"LOGIN:a OK\r\n".as_slice(), long.as_bytes(), b"\nafter\n\xff\xfeok\nlast"].concat();
        let got = all(&text, 20);
        assert_eq!(
            got,
            vec![
                LineRead::Line("LOGIN:a OK".into()),
                LineRead::TooLong(50),
                LineRead::Line("after".into()),
                LineRead::Line("\u{fffd}\u{fffd}ok".into()),
                LineRead::Line("last".into()),
                LineRead::End,
            ]
        );
    }

    #[test]
    fn an_endless_line_does_not_grow_memory() {
        let text = vec![b'a'; 100_000];
        assert_eq!(all(&text, 64), vec![LineRead::TooLong(100_000), LineRead::End]);
    }
}

//! A small JSON reader for JKF that never recurses: values go into a flat arena (containers
//! hold the indices of their children), the parser keeps its open containers on an explicit
//! stack, and dropping the result frees flat vectors. So a document nested to any depth (a JKF
//! with thousands of nested `forks`) is read with constant stack, where a recursive parser
//! (serde_json's included) would hit its recursion limit or overflow the stack.

/// One JSON value; containers refer to their children by index into [`Doc::values`].
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Number(f64),
    Str(String),
    Array(Vec<usize>),
    Object(Vec<(String, usize)>),
}

/// A parsed document: the values, where each starts in the text, and the root (index 0).
#[derive(Debug)]
pub struct Doc<'a> {
    pub values: Vec<Value>,
    /// Byte offset of each value's first character.
    pub starts: Vec<usize>,
    /// Byte offset one past each value's last character.
    pub ends: Vec<usize>,
    text: &'a str,
}

/// A syntax error: the byte offset where it was found and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonError {
    pub offset: usize,
    pub message: String,
}

impl<'a> Doc<'a> {
    /// The root value (index 0).
    pub const ROOT: usize = 0;

    pub fn value(&self, i: usize) -> &Value {
        &self.values[i]
    }

    /// The 1-based line a value starts on.
    pub fn line_of(&self, i: usize) -> usize {
        line_at(self.text, self.starts[i])
    }

    /// The source text of a value (as written, for non-string header values).
    pub fn raw(&self, i: usize) -> &'a str {
        &self.text[self.starts[i]..self.ends[i]]
    }

    /// The member `key` of object `i` (the last one if the key repeats, as serde does).
    pub fn get(&self, i: usize, key: &str) -> Option<usize> {
        match &self.values[i] {
            Value::Object(m) => m.iter().rev().find(|(k, _)| k == key).map(|&(_, v)| v),
            _ => None,
        }
    }
}

/// The 1-based line of a byte offset.
pub fn line_at(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())].iter().filter(|&&b| b == b'\n').count() + 1
}

enum Frame {
    Array(usize),
    /// An object and the key whose value comes next.
    Object(usize, Option<String>),
}

struct Parser<'a> {
    b: &'a [u8],
    text: &'a str,
    i: usize,
}

impl<'a> Parser<'a> {
    fn err<T>(&self, message: impl Into<String>) -> Result<T, JsonError> {
        Err(JsonError { offset: self.i, message: message.into() })
    }

    fn ws(&mut self) {
        while self.i < self.b.len() && matches!(self.b[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn string(&mut self) -> Result<String, JsonError> {
        // at the opening quote
        self.i += 1;
        let mut s = String::new();
        loop {
            let start = self.i;
            while self.i < self.b.len() && !matches!(self.b[self.i], b'"' | b'\\') && self.b[self.i] >= 0x20 {
                self.i += 1;
            }
            s.push_str(&self.text[start..self.i]);
            match self.peek() {
                None => return self.err("unterminated string"),
                Some(b'"') => {
                    self.i += 1;
                    return Ok(s);
                }
                Some(b'\\') => {
                    self.i += 1;
                    let Some(e) = self.peek() else { return self.err("unterminated string") };
                    self.i += 1;
                    match e {
                        b'"' => s.push('"'),
                        b'\\' => s.push('\\'),
                        b'/' => s.push('/'),
                        b'b' => s.push('\u{8}'),
                        b'f' => s.push('\u{c}'),
                        b'n' => s.push('\n'),
                        b'r' => s.push('\r'),
                        b't' => s.push('\t'),
                        b'u' => {
                            let hi = self.hex4()?;
                            let c = if (0xD800..0xDC00).contains(&hi) {
                                if self.b.get(self.i..self.i + 2) != Some(b"\\u") {
                                    return self.err("lone surrogate in \\u escape");
                                }
                                self.i += 2;
                                let lo = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&lo) {
                                    return self.err("lone surrogate in \\u escape");
                                }
                                char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00))
                            } else {
                                char::from_u32(hi)
                            };
                            match c {
                                Some(c) => s.push(c),
                                None => return self.err("lone surrogate in \\u escape"),
                            }
                        }
                        _ => {
                            self.i -= 1;
                            return self.err("invalid escape in string");
                        }
                    }
                }
                Some(_) => return self.err("control character in string"),
            }
        }
    }

    fn hex4(&mut self) -> Result<u32, JsonError> {
        let Some(h) = self.b.get(self.i..self.i + 4) else { return self.err("expected 4 hex digits") };
        let h = std::str::from_utf8(h)
            .ok()
            .and_then(|h| u32::from_str_radix(h, 16).ok().filter(|_| !h.starts_with('+')));
        match h {
            Some(v) => {
                self.i += 4;
                Ok(v)
            }
            None => self.err("expected 4 hex digits"),
        }
    }

    fn number(&mut self) -> Result<f64, JsonError> {
        let start = self.i;
        let digits = |p: &mut Parser| {
            let s = p.i;
            while p.peek().is_some_and(|c| c.is_ascii_digit()) {
                p.i += 1;
            }
            p.i > s
        };
        if self.peek() == Some(b'-') {
            self.i += 1;
        }
        if self.peek() == Some(b'0') {
            self.i += 1;
        } else if !digits(self) {
            return self.err("expected a value");
        }
        if self.peek() == Some(b'.') {
            self.i += 1;
            if !digits(self) {
                return self.err("expected digits after '.'");
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.i += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.i += 1;
            }
            if !digits(self) {
                return self.err("expected digits in the exponent");
            }
        }
        match self.text[start..self.i].parse::<f64>() {
            Ok(v) => Ok(v),
            Err(_) => self.err("number out of range"),
        }
    }

    fn literal(&mut self, word: &[u8], v: Value) -> Result<Value, JsonError> {
        if self.b.get(self.i..self.i + word.len()) == Some(word) {
            self.i += word.len();
            Ok(v)
        } else {
            self.err("expected a value")
        }
    }
}

/// Parses a whole JSON document (one value, white space around it).
pub fn parse(text: &str) -> Result<Doc<'_>, JsonError> {
    let mut p = Parser { b: text.as_bytes(), text, i: 0 };
    let mut doc = Doc { values: Vec::new(), starts: Vec::new(), ends: Vec::new(), text };
    let mut stack: Vec<Frame> = Vec::new();
    // true when a value is expected next, false when one was just completed
    let mut want_value = true;
    loop {
        p.ws();
        if want_value {
            // an object expects a key (or its end) before each value
            if let Some(Frame::Object(obj, key @ None)) = stack.last_mut() {
                match p.peek() {
                    Some(b'"') => {
                        *key = Some(p.string()?);
                        p.ws();
                        if p.peek() != Some(b':') {
                            return p.err("expected ':' after an object key");
                        }
                        p.i += 1;
                        continue;
                    }
                    Some(b'}') if matches!(&doc.values[*obj], Value::Object(m) if m.is_empty()) => {
                        p.i += 1;
                        doc.ends[*obj] = p.i;
                        stack.pop();
                        want_value = false;
                        continue;
                    }
                    _ => return p.err("expected a string key"),
                }
            }
            if let Some(Frame::Array(arr)) = stack.last()
                && p.peek() == Some(b']')
                && matches!(&doc.values[*arr], Value::Array(a) if a.is_empty())
            {
                p.i += 1;
                doc.ends[*arr] = p.i;
                stack.pop();
                want_value = false;
                continue;
            }
            let start = p.i;
            let (v, open) = match p.peek() {
                None => return p.err("unexpected end of input, expected a value"),
                Some(b'{') => {
                    p.i += 1;
                    (Value::Object(Vec::new()), true)
                }
                Some(b'[') => {
                    p.i += 1;
                    (Value::Array(Vec::new()), true)
                }
                Some(b'"') => (Value::Str(p.string()?), false),
                Some(b't') => (p.literal(b"true", Value::Bool(true))?, false),
                Some(b'f') => (p.literal(b"false", Value::Bool(false))?, false),
                Some(b'n') => (p.literal(b"null", Value::Null)?, false),
                Some(_) => (Value::Number(p.number()?), false),
            };
            let idx = doc.values.len();
            let is_object = matches!(v, Value::Object(_));
            doc.values.push(v);
            doc.starts.push(start);
            doc.ends.push(p.i);
            match stack.last_mut() {
                Some(Frame::Array(a)) => {
                    if let Value::Array(items) = &mut doc.values[*a] {
                        items.push(idx);
                    }
                }
                Some(Frame::Object(o, key)) => {
                    let k = key.take().unwrap_or_default();
                    if let Value::Object(members) = &mut doc.values[*o] {
                        members.push((k, idx));
                    }
                }
                None => {}
            }
            if open {
                stack.push(if is_object { Frame::Object(idx, None) } else { Frame::Array(idx) });
                want_value = true;
            } else {
                want_value = false;
            }
            continue;
        }
        // after a value: a separator, the end of the container, or the end of the document
        match (stack.last(), p.peek()) {
            (None, None) => return Ok(doc),
            (None, Some(_)) => return p.err("trailing characters after the JSON value"),
            (Some(_), Some(b',')) => {
                p.i += 1;
                want_value = true;
            }
            (Some(Frame::Array(a)), Some(b']')) => {
                p.i += 1;
                doc.ends[*a] = p.i;
                stack.pop();
            }
            (Some(Frame::Object(o, _)), Some(b'}')) => {
                p.i += 1;
                doc.ends[*o] = p.i;
                stack.pop();
            }
            (Some(Frame::Array(_)), _) => return p.err("expected ',' or ']'"),
            (Some(Frame::Object(..)), _) => return p.err("expected ',' or '}'"),
        }
    }
}

/// Appends `s` as a JSON string literal.
pub fn push_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_values_and_rejects_bad_syntax() {
        let d =
            parse(r#" {"a": [1, -2.5e1, true, null, "x\n\u00e9\ud83d\ude00"], "b": {}, "c": []} "#).unwrap();
        let a = d.get(Doc::ROOT, "a").unwrap();
        let Value::Array(items) = d.value(a) else { panic!() };
        assert_eq!(d.value(items[1]), &Value::Number(-25.0));
        assert_eq!(d.value(items[4]), &Value::Str("x\né😀".into()));
        assert_eq!(d.raw(items[1]), "-2.5e1");
        assert_eq!(d.value(d.get(Doc::ROOT, "b").unwrap()), &Value::Object(vec![]));
        for bad in
            ["", "[1,]", "{\"a\" 1}", "[1 2]", "{\"a\":1,}", "\"\\x\"", "01", "[", "{} x", "\"\\ud800\""]
        {
            assert!(parse(bad).is_err(), "{bad}");
        }
        let mut s = String::new();
        push_string(&mut s, "a\"\\\n\u{1}é");
        let d = parse(&s).unwrap();
        assert_eq!(d.value(0), &Value::Str("a\"\\\n\u{1}é".into()));
    }

    #[test]
    fn deep_nesting_uses_no_stack() {
        let depth = 200_000;
        let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let d = parse(&text).unwrap();
        assert_eq!(d.values.len(), depth);
        let text = "{\"a\":".repeat(depth) + "1" + &"}".repeat(depth);
        assert_eq!(parse(&text).unwrap().values.len(), depth + 1);
    }
}

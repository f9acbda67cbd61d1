//! Reading KIF (`.kif` / `.kifu`) and KI2 (`.ki2` / `.ki2u`) text. One lenient reader serves
//! both: header lines `キー：値`, BOD diagrams, `手合割`, KIF move lines with times, KI2 lines of
//! `▲７六歩　△３四歩`, `*` comments, `変化：N手` variations, special moves and `まで…` summaries.
//! `#` and `&` lines and the `手数----指手--` line are skipped. An unreadable or illegal move is
//! reported with its line and ends that line of play; everything before it is kept.

use super::bod::BodReader;
use super::error::{RecordError, Warning};
use super::handicap::Handicap;
use super::parse_move::parse_japanese_move;
use super::special::SpecialKind;
use super::text::{halfwidth_digits, trim_all};
use super::tree::{GameRecord, MoveTime, NodeId, ROOT, Special, clean_comment, clean_header};
use crate::core::{Color, MAX_MOVE_NUMBER, Position};

/// Reads KIF text (decoded already). KI2 move lines are accepted too.
pub fn read_kif(text: &str) -> Result<(GameRecord, Vec<Warning>), RecordError> {
    KifReader::new().run(text)
}

/// Reads KI2 text (decoded already). KIF move lines are accepted too.
pub fn read_ki2(text: &str) -> Result<(GameRecord, Vec<Warning>), RecordError> {
    KifReader::new().run(text)
}

const MARKS: [char; 6] = ['▲', '△', '☗', '☖', '▼', '▽'];

struct KifReader {
    record: GameRecord,
    warnings: Vec<Warning>,
    bod: BodReader,
    handicap: Option<&'static Handicap>,
    started: bool,
    cur: NodeId,
    pos: Position,
    /// The current line of play hit an error: skip its moves until the next 変化.
    dead: bool,
    /// Comments from here on belong to the special that ended the line.
    after_special: bool,
    /// Just jumped to a branch point with 変化: a move here is a variation, even after a special.
    at_branch: bool,
    /// First move number minus one (files that number from a diagram's move count).
    offset: Option<usize>,
    /// Moves played before the start position, from a `手数＝N` line.
    start_number: Option<usize>,
    pending_comments: Vec<String>,
    /// The first line of the board diagram, where what is wrong with it is reported.
    diagram_line: Option<usize>,
}

impl KifReader {
    fn new() -> KifReader {
        KifReader {
            record: GameRecord::default(),
            warnings: Vec::new(),
            bod: BodReader::default(),
            handicap: None,
            started: false,
            cur: ROOT,
            pos: Position::startpos(),
            dead: false,
            after_special: false,
            at_branch: false,
            offset: None,
            start_number: None,
            pending_comments: Vec::new(),
            diagram_line: None,
        }
    }

    /// Fixes the starting position when the first move (or variation) arrives.
    fn start(&mut self, line: usize) -> Result<(), RecordError> {
        if self.started {
            return Ok(());
        }
        self.started = true;
        let mut initial = if self.bod.has_board() {
            // what is wrong with the diagram is on the diagram's first line
            let at = self.diagram_line.unwrap_or(line);
            let (pos, problems) = self.bod.position().map_err(|m| RecordError::parse(at, m.to_string()))?;
            for p in problems {
                self.warnings.push(Warning::note(at, p));
            }
            pos
        } else if let Some(h) = self.handicap {
            h.position()
        } else {
            Position::startpos()
        };
        if self.offset.is_none() {
            self.offset = self.start_number;
        }
        let before = self.offset.unwrap_or(0);
        initial.set_move_number(u32::try_from(before + 1).unwrap_or(MAX_MOVE_NUMBER));
        self.record.set_initial(initial)?;
        self.pos = self.record.initial().clone();
        self.record.node_mut(ROOT).comments.append(&mut self.pending_comments);
        Ok(())
    }

    fn run(mut self, text: &str) -> Result<(GameRecord, Vec<Warning>), RecordError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for (i, raw) in text.split('\n').enumerate() {
            let n = i + 1;
            // a byte that could not be decoded (U+FFFD) at either end of a line is as blank
            let line = raw.trim_end_matches(|c: char| c.is_whitespace() || c == '\u{FFFD}');
            if line.is_empty() {
                continue;
            }
            // elsewhere than in a comment, such a byte is taken to be one stray byte: dropped
            if line.contains('\u{FFFD}') && !line.trim_start().starts_with('*') {
                self.line(n, &line.replace('\u{FFFD}', ""))?;
            } else {
                self.line(n, line)?;
            }
        }
        self.start(0)?;
        Ok((self.record, self.warnings))
    }

    fn line(&mut self, n: usize, line: &str) -> Result<(), RecordError> {
        // any white space (also \v, \f, no-break and ideographic spaces) before a line is ignored
        let t = line.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{FFFD}');
        if t.starts_with('#') || t.starts_with('&') || t.starts_with("手数----") {
            return Ok(());
        }
        if let Some(rest) = t.strip_prefix("手数＝").or_else(|| t.strip_prefix("手数=")) {
            let digits: String =
                halfwidth_digits(trim_all(rest)).chars().take_while(|c| c.is_ascii_digit()).collect();
            match digits.parse::<usize>() {
                Ok(v) if !self.started && v < MAX_MOVE_NUMBER as usize => self.start_number = Some(v),
                Ok(_) if !self.started => {
                    self.warnings.push(Warning::note(n, format!("move count out of range, ignored: {t}")))
                }
                Ok(_) => {}
                Err(_) => {
                    self.warnings.push(Warning::note(n, format!("move count not understood, ignored: {t}")))
                }
            }
            return Ok(());
        }
        if let Some(c) = t.strip_prefix('*') {
            self.comment(clean_comment(c));
            return Ok(());
        }
        if let Some(rest) = t.strip_prefix("変化：").or_else(|| t.strip_prefix("変化:")) {
            return self.variation(n, rest);
        }
        if t.starts_with("まで") {
            self.start(n)?;
            if self.dead {
                return Ok(());
            }
            let stm = self.pos.side_to_move();
            let summary = SpecialKind::from_summary(t, stm).map(|k| k.refine(&self.pos));
            match (self.record.node_mut(self.cur).special.as_mut(), summary) {
                (None, Some(k)) => {
                    self.record.set_special(self.cur, Some(Special::new(k)));
                    self.after_special = true;
                }
                (None, None) => {
                    self.warnings.push(Warning::note(n, format!("summary line not understood: {t}")))
                }
                // 反則勝ち/反則負け lines say who won; the summary may say why
                (Some(sp), Some(k))
                    if matches!(k, SpecialKind::PerpetualCheck(_) | SpecialKind::DeclarationLoss)
                        && k.outcome(stm) == sp.kind.outcome(stm) =>
                {
                    sp.kind = k
                }
                (Some(_), _) => {}
            }
            return Ok(());
        }
        if !self.started {
            match self.bod.line(t) {
                Ok(true) => {
                    self.diagram_line.get_or_insert(n);
                    return Ok(());
                }
                Ok(false) => {}
                Err(m) => return Err(RecordError::parse(n, m.to_string())),
            }
        }
        let first = t.chars().next().unwrap_or(' ');
        if first.is_ascii_digit() || ('０'..='９').contains(&first) {
            let after = t.trim_start_matches(|c: char| c.is_ascii_digit() || ('０'..='９').contains(&c));
            if after.is_empty() || after.starts_with(char::is_whitespace) || after.starts_with(MARKS) {
                return self.kif_move_line(n, t);
            }
            // KI2 moves written without ▲/△: `７六歩 ３四歩`
            return self.ki2_plain_line(n, t);
        }
        if first == '同' {
            return self.ki2_plain_line(n, t);
        }
        if MARKS.contains(&first) {
            return self.ki2_move_line(n, t);
        }
        if !self.started {
            return self.header_line(n, t);
        }
        if let Some((k, v)) = split_header(t) {
            // a header after the moves (終了日時 written at the end, ...)
            self.push_header(n, k, v);
            return Ok(());
        }
        self.warnings.push(Warning::note(n, format!("line not understood, skipped: {t}")));
        Ok(())
    }

    fn header_line(&mut self, n: usize, t: &str) -> Result<(), RecordError> {
        match t {
            "先手番" | "下手番" => {
                self.bod.side = Some(Color::Black);
                return Ok(());
            }
            "後手番" | "上手番" => {
                self.bod.side = Some(Color::White);
                return Ok(());
            }
            _ => {}
        }
        let Some((key, value)) = split_header(t) else {
            self.warnings.push(Warning::note(n, format!("line not understood, skipped: {t}")));
            return Ok(());
        };
        match key {
            "先手の持駒" | "下手の持駒" => {
                self.bod.hand_line(Color::Black, value).map_err(|m| RecordError::parse(n, m.to_string()))?
            }
            "後手の持駒" | "上手の持駒" => {
                self.bod.hand_line(Color::White, value).map_err(|m| RecordError::parse(n, m.to_string()))?
            }
            "手合割" => {
                match Handicap::by_name(value) {
                    Some(h) => self.handicap = Some(h),
                    None if value.contains("その他") || value.is_empty() => {}
                    None => self
                        .warnings
                        .push(Warning::note(n, format!("unknown handicap '{value}', using 平手"))),
                }
                self.record.headers.push((key.to_string(), value.to_string()));
            }
            _ => self.push_header(n, key, value),
        }
        Ok(())
    }

    fn push_header(&mut self, n: usize, key: &str, value: &str) {
        // the players are kept as 先手/後手 whatever the file calls them (handicap games are
        // written with 下手/上手 again)
        let key = match key {
            "下手" => "先手",
            "上手" => "後手",
            "下手省略名" => "先手省略名",
            "上手省略名" => "後手省略名",
            k => k,
        };
        match clean_header(key, value) {
            Ok(h) => self.record.headers.push(h),
            Err(why) => self.warnings.push(Warning::note(n, why.to_string())),
        }
    }

    fn comment(&mut self, c: String) {
        if !self.started {
            self.pending_comments.push(c);
        } else if self.dead {
            // the line of play was cut at an error; its comments go with it
        } else if self.after_special {
            if let Some(s) = self.record.node_mut(self.cur).special.as_mut() {
                s.comments.push(c);
            }
        } else {
            self.record.node_mut(self.cur).comments.push(c);
        }
    }

    fn variation(&mut self, n: usize, rest: &str) -> Result<(), RecordError> {
        self.start(n)?;
        let digits: String =
            halfwidth_digits(trim_all(rest)).chars().take_while(|c| c.is_ascii_digit()).collect();
        let Ok(ply) = digits.parse::<usize>() else {
            self.warnings.push(Warning::error(n, format!("expected 変化：N手, found 変化：{rest}")));
            self.dead = true;
            return Ok(());
        };
        let offset = self.offset.unwrap_or(0);
        if ply <= offset || self.record.depth(self.cur) < ply - offset - 1 {
            self.warnings
                .push(Warning::error(n, format!("変化：{ply}手 does not branch from any line read so far")));
            self.dead = true;
            return Ok(());
        }
        // the branch point is an ancestor of the current move: take moves back up to it
        let target = ply - offset - 1;
        while self.record.depth(self.cur) > target {
            self.cur = self.record.node(self.cur).parent().unwrap_or(ROOT);
            self.pos.undo_move();
        }
        self.dead = false;
        self.after_special = false;
        self.at_branch = true;
        Ok(())
    }

    fn kif_move_line(&mut self, n: usize, t: &str) -> Result<(), RecordError> {
        let t = halfwidth_leading_number(t);
        let num_len = t.chars().take_while(|c| c.is_ascii_digit()).count();
        let number: Option<usize> = t[..num_len].parse().ok().filter(|&v| v <= MAX_MOVE_NUMBER as usize);
        let mut rest = trim_all(&t[num_len..]);
        if !self.started {
            match (self.start_number, number) {
                (Some(s), Some(v)) if v != s + 1 => self.warnings.push(Warning::note(
                    n,
                    format!("the first move is numbered {v} but 手数＝{s} says {}; numbered from {v}", s + 1),
                )),
                _ => {}
            }
            self.offset = Some(number.unwrap_or(1).saturating_sub(1));
        }
        self.start(n)?;
        if self.dead {
            return Ok(());
        }
        let expected = self.record.depth(self.cur) + 1 + self.offset.unwrap_or(0);
        if number != Some(expected) {
            self.warnings.push(Warning::note(
                n,
                format!(
                    "move number {} where {expected} was expected; read as move {expected}",
                    &t[..num_len]
                ),
            ));
        }
        rest = rest.trim_end_matches(['+', ' ', '\u{3000}']);
        let (move_text, time) = split_time(rest);
        let time = match time {
            Some(tt) => match parse_kif_time(tt) {
                Some(x) => Some(x),
                None => {
                    self.warnings.push(Warning::note(n, format!("time '{tt}' not understood, ignored")));
                    None
                }
            },
            None => None,
        };
        let move_text = trim_all(move_text);
        // some writers put several moves on one line: keep the first word
        let word = move_text.trim_start_matches(MARKS);
        self.play(n, word, time, "a move like ７六歩(77) or a special move like 投了")
    }

    fn ki2_move_line(&mut self, n: usize, t: &str) -> Result<(), RecordError> {
        self.start(n)?;
        let mut tokens: Vec<String> = Vec::new();
        for c in t.chars() {
            if MARKS.contains(&c) {
                tokens.push(String::new());
            } else if let Some(last) = tokens.last_mut() {
                last.push(c);
            }
        }
        for tok in tokens {
            if self.dead {
                return Ok(());
            }
            let word = trim_all(&tok);
            self.play(n, word, None, "a move like ７六歩 or 同　歩")?;
        }
        Ok(())
    }

    /// KI2 moves without marks, separated by ASCII spaces or tabs (`同　歩` keeps its U+3000).
    fn ki2_plain_line(&mut self, n: usize, t: &str) -> Result<(), RecordError> {
        self.start(n)?;
        for word in t.split([' ', '\t']).filter(|w| !w.is_empty()) {
            if self.dead {
                break;
            }
            self.play(n, word, None, "a move like ７六歩 or 同　歩")?;
        }
        Ok(())
    }

    /// Plays a move or special word on the current line of play.
    fn play(
        &mut self,
        n: usize,
        word: &str,
        time: Option<MoveTime>,
        expected: &str,
    ) -> Result<(), RecordError> {
        let stm = self.pos.side_to_move();
        if let Some(kind) = SpecialKind::from_kif(word, stm) {
            if self.record.node(self.cur).special.is_some() {
                self.warnings.push(Warning::note(n, format!("second special move '{word}' ignored")));
                return Ok(());
            }
            let mut s = Special::new(kind.refine(&self.pos));
            s.time = time;
            self.record.set_special(self.cur, Some(s));
            self.after_special = true;
            return Ok(());
        }
        if self.record.node(self.cur).special.is_some() && !self.at_branch {
            self.warnings.push(Warning::error(n, format!("move '{word}' after the end of the game")));
            self.dead = true;
            return Ok(());
        }
        let prev = self.pos.last_move().map(|m| m.to());
        match parse_japanese_move(&self.pos, word, prev) {
            Ok(m) => {
                let child = self.record.add_move_at(self.cur, &self.pos, m)?;
                self.pos.do_move(m);
                self.cur = child;
                self.record.node_mut(child).time = time;
                self.after_special = false;
                self.at_branch = false;
            }
            Err(e) => {
                self.warnings.push(Warning::error(
                    n,
                    format!(
                        "expected {expected} (move {}): {e}; the rest of this line of play is skipped",
                        self.record.depth(self.cur) + 1
                    ),
                ));
                self.dead = true;
            }
        }
        Ok(())
    }
}

/// `キー：値` (full-width or ASCII colon) → (key, value).
fn split_header(t: &str) -> Option<(&str, &str)> {
    let (k, v) = t.split_once('：').or_else(|| t.split_once(':'))?;
    let k = trim_all(k);
    let first = k.chars().next()?;
    if first.is_ascii_digit() || ('０'..='９').contains(&first) {
        return None;
    }
    Some((k, trim_all(v)))
}

/// Converts a leading full-width move number to half-width.
fn halfwidth_leading_number(t: &str) -> String {
    let n = t.chars().take_while(|c| c.is_ascii_digit() || ('０'..='９').contains(c)).count();
    let split = t.char_indices().nth(n).map(|(i, _)| i).unwrap_or(t.len());
    format!("{}{}", halfwidth_digits(&t[..split]), &t[split..])
}

/// Splits `７六歩(77)   ( 0:01/00:00:01)` into the move and the time text inside parentheses.
fn split_time(s: &str) -> (&str, Option<&str>) {
    for (i, c) in s.char_indices() {
        if c == '(' || c == '（' {
            let inner = &s[i + c.len_utf8()..];
            let end = inner.find([')', '）']).unwrap_or(inner.len());
            if inner[..end].contains(':') || inner[..end].contains('/') {
                return (&s[..i], Some(&inner[..end]));
            }
        }
    }
    (s, None)
}

/// ` 0:01/00:00:01` → spent 1 s, total 1 s. Either part may be missing.
pub(crate) fn parse_kif_time(t: &str) -> Option<MoveTime> {
    let secs = |part: &str| -> Option<u32> {
        let part = trim_all(part);
        if part.is_empty() {
            return None;
        }
        let mut total: u32 = 0;
        for f in part.split(':') {
            // whole seconds, minutes or hours: no signs, no fractions, no nan
            let f = halfwidth_digits(trim_all(f));
            if f.is_empty() || !f.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let v: u32 = f.parse().ok()?;
            total = total.checked_mul(60)?.checked_add(v)?;
        }
        Some(total)
    };
    let (a, b) = match t.split_once('/') {
        Some((a, b)) => (a, Some(b)),
        None => (t, None),
    };
    let spent = if trim_all(a).is_empty() { Some(0) } else { secs(a) }?;
    let total = match b {
        Some(b) if !trim_all(b).is_empty() => Some(secs(b)?),
        _ => None,
    };
    Some(MoveTime { spent, total })
}

//! JKF, the JSON kifu format (https://github.com/na2hiro/json-kifu-format):
//! `{header, initial?: {preset, data?}, moves: [{comments}, {move, time?, comments?, forks?},
//! ..., {special}]}`. Variations are `forks` on the move they replace. Writing and reading
//! both walk the tree with explicit stacks (reading through [`super::json`], which does not
//! recurse), so a record nested to any depth is written and read back. A start position with
//! a move number other than 1 keeps it in the header as `手数` (moves played before it).

use super::error::{RecordError, Warning};
use super::handicap::Handicap;
use super::json::{self, Doc, Value, push_string};
use super::kif_write::{moves_before_start, running_totals};
use super::names::PieceKindNames;
use super::notation::{Movement, Relative, declined_promotion, ki2_modifiers};
use super::special::SpecialKind;
use super::tree::{GameRecord, MoveTime, NodeId, ROOT, Special, Walker, clean_comment, clean_header};
use crate::core::{Color, Hand, Move, Piece, PieceKind, Position, Square};

/// The header key that carries the start position's move number (moves played before it).
const MOVE_NUMBER_KEY: &str = "手数";

/// JKF hand order.
const HAND_KEYS: [(&str, PieceKind); 7] = [
    ("FU", PieceKind::Pawn),
    ("KY", PieceKind::Lance),
    ("KE", PieceKind::Knight),
    ("GI", PieceKind::Silver),
    ("KI", PieceKind::Gold),
    ("KA", PieceKind::Bishop),
    ("HI", PieceKind::Rook),
];

fn color_num(c: Color) -> u8 {
    if c == Color::Black { 0 } else { 1 }
}

// ----- writing ----------------------------------------------------------------------------

/// Deepest indentation written; deeper forks stay at this column so the file stays linear in
/// the record's size.
const MAX_INDENT: usize = 24;

fn newline(out: &mut String, level: usize) {
    out.push('\n');
    for _ in 0..2 * level.min(MAX_INDENT) {
        out.push(' ');
    }
}

fn push_xy(out: &mut String, key: &str, sq: Square) {
    out.push_str(&format!(",\"{key}\":{{\"x\":{},\"y\":{}}}", sq.file(), sq.rank()));
}

fn push_comments(out: &mut String, comments: &[String]) {
    out.push_str("\"comments\":[");
    for (i, c) in comments.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_string(out, c);
    }
    out.push(']');
}

fn push_time(out: &mut String, spent: u32, total: u32) {
    out.push_str(&format!(
        "\"time\":{{\"now\":{{\"m\":{},\"s\":{}}},\"total\":{{\"h\":{},\"m\":{},\"s\":{}}}}}",
        spent / 60,
        spent % 60,
        total / 3600,
        total / 60 % 60,
        total % 60
    ));
}

/// The `move` object of `mv` played in `pos`.
fn push_move(out: &mut String, pos: &Position, mv: Move) {
    let prev = pos.last_move().map(|m| m.to());
    out.push_str(&format!("\"move\":{{\"color\":{}", color_num(pos.side_to_move())));
    if !mv.is_drop() {
        push_xy(out, "from", mv.from());
    }
    push_xy(out, "to", mv.to());
    out.push_str(&format!(",\"piece\":\"{}\"", pos.moved_kind(mv).csa()));
    if prev == Some(mv.to()) {
        out.push_str(",\"same\":true");
    }
    if mv.is_promotion() {
        out.push_str(",\"promote\":true");
    } else if declined_promotion(pos, mv) {
        out.push_str(",\"promote\":false");
    }
    if let Some(k) = pos.captured_by(mv).kind() {
        out.push_str(&format!(",\"capture\":\"{}\"", k.csa()));
    }
    if let Some(r) = relative_text(pos, mv) {
        out.push_str(&format!(",\"relative\":\"{r}\""));
    }
    out.push('}');
}

/// The `initial` member for a start other than 平手 (with its leading comma), or nothing.
fn push_initial(out: &mut String, init: &Position) {
    match Handicap::of_position(init) {
        Some(h) if h.is_even() => {}
        Some(h) if h.jkf != "OTHER" => {
            out.push_str(&format!(",\n  \"initial\": {{\"preset\":\"{}\"}}", h.jkf))
        }
        _ => {
            out.push_str(",\n  \"initial\": {\"preset\":\"OTHER\",\"data\":{");
            out.push_str(&format!("\"color\":{},\"board\":[", color_num(init.side_to_move())));
            for f in 1..=9u8 {
                out.push_str(if f > 1 { ",[" } else { "[" });
                for r in 1..=9u8 {
                    if r > 1 {
                        out.push(',');
                    }
                    let p = init.piece_at(Square::new(f, r).expect("on board"));
                    match p.kind() {
                        None => out.push_str("{}"),
                        Some(k) => out.push_str(&format!(
                            "{{\"color\":{},\"kind\":\"{}\"}}",
                            color_num(p.color()),
                            k.csa()
                        )),
                    }
                }
                out.push(']');
            }
            out.push_str("],\"hands\":[");
            for c in Color::ALL {
                if c == Color::White {
                    out.push(',');
                }
                out.push('{');
                for (i, (key, k)) in HAND_KEYS.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push_str(&format!("\"{key}\":{}", init.hand(c).count(*k)));
                }
                out.push('}');
            }
            out.push_str("]}}");
        }
    }
}

/// What the writer does next, kept on an explicit stack.
enum Task {
    /// Write the entries of a line of play: `next` is its next move (a child of `last`), and
    /// `special_done` says whether the special that may end it has been written.
    Line { next: Option<NodeId>, last: NodeId, written: usize, special_done: bool },
    /// Write the forks of an entry: the children of `parent` from `index` to `end`.
    Forks { parent: NodeId, index: usize, end: usize, first: usize },
}

/// The record as JKF (JSON, one entry per line).
pub fn write_jkf(record: &GameRecord) -> String {
    let mut out = String::from("{\n  \"header\": {");
    let mut headers: Vec<(String, String)> =
        record.headers.iter().filter(|(k, _)| k != MOVE_NUMBER_KEY).cloned().collect();
    let before = moves_before_start(record);
    if before > 0 {
        headers.push((MOVE_NUMBER_KEY.to_string(), before.to_string()));
    }
    for (i, (k, v)) in headers.iter().enumerate() {
        out.push_str(if i > 0 { ",\n    " } else { "\n    " });
        push_string(&mut out, k);
        out.push_str(": ");
        push_string(&mut out, v);
    }
    out.push_str(if headers.is_empty() { "}" } else { "\n  }" });
    push_initial(&mut out, record.initial());
    out.push_str(",\n  \"moves\": [");
    newline(&mut out, 2);
    out.push('{');
    let root = record.node(ROOT);
    if !root.comments.is_empty() {
        push_comments(&mut out, &root.comments);
    }
    out.push('}');
    let totals = running_totals(record);
    let mut walker = Walker::new(record);
    let mut stack =
        vec![Task::Line { next: root.continuation(), last: ROOT, written: 1, special_done: false }];
    loop {
        // lines nest two levels per fork (the forks array and the line array)
        let level = 2 * stack.len();
        let Some(task) = stack.last_mut() else { break };
        match task {
            Task::Line { next: Some(n), last, written, .. } => {
                let n = *n;
                let nd = record.node(n);
                let parent = nd.parent().unwrap_or(ROOT);
                walker.goto(record, parent);
                let pos = walker.position();
                let us = pos.side_to_move();
                if *written > 0 {
                    out.push(',');
                }
                *written += 1;
                newline(&mut out, level);
                out.push('{');
                if !nd.comments.is_empty() {
                    push_comments(&mut out, &nd.comments);
                    out.push(',');
                }
                push_move(&mut out, pos, nd.mv);
                if let Some(t) = nd.time {
                    out.push(',');
                    push_time(&mut out, t.spent, totals[n][us.index()]);
                }
                *last = n;
                task_advance(task, nd.continuation());
                // alternatives to this move (the first move of a fork has its siblings listed already)
                let sibs = record.node(parent).children();
                if record.node(parent).continuation() == Some(n) && sibs.len() > 1 {
                    out.push_str(",\"forks\":[");
                    stack.push(Task::Forks { parent, index: 1, end: sibs.len(), first: 1 });
                } else {
                    out.push('}');
                }
            }
            Task::Line { next: None, last, written, special_done } if !*special_done => {
                *special_done = true;
                let last = *last;
                let Some(sp) = &record.node(last).special else { continue };
                walker.goto(record, last);
                let us = walker.position().side_to_move();
                if *written > 0 {
                    out.push(',');
                }
                *written += 1;
                newline(&mut out, level);
                out.push('{');
                if !sp.comments.is_empty() {
                    push_comments(&mut out, &sp.comments);
                    out.push(',');
                }
                if let Some(t) = sp.time {
                    let total = t.total.unwrap_or(totals[last][us.index()].saturating_add(t.spent));
                    push_time(&mut out, t.spent, total);
                    out.push(',');
                }
                out.push_str(&format!("\"special\":\"{}\"", sp.kind.csa()));
                // moves played instead of the special are forks of the special entry
                let alts = record.node(last).children().len();
                if alts > 0 {
                    out.push_str(",\"forks\":[");
                    stack.push(Task::Forks { parent: last, index: 0, end: alts, first: 0 });
                } else {
                    out.push('}');
                }
            }
            Task::Line { next: None, .. } => {
                stack.pop();
                newline(&mut out, level.saturating_sub(1));
                out.push(']');
            }
            Task::Forks { parent, index, end, first } => {
                if *index == *end {
                    stack.pop();
                    out.push_str("]}");
                    continue;
                }
                if *index > *first {
                    out.push(',');
                }
                let (p, alt) = (*parent, record.node(*parent).children()[*index]);
                *index += 1;
                out.push('[');
                stack.push(Task::Line { next: Some(alt), last: p, written: 0, special_done: false });
            }
        }
    }
    out.push_str("\n}\n");
    out
}

fn task_advance(task: &mut Task, next: Option<NodeId>) {
    if let Task::Line { next: n, .. } = task {
        *n = next;
    }
}

fn relative_text(pos: &Position, mv: Move) -> Option<String> {
    let m = ki2_modifiers(pos, mv);
    let mut s = String::new();
    match m.relative {
        Some(Relative::Left) => s.push('L'),
        Some(Relative::Right) => s.push('R'),
        Some(Relative::Straight) => s.push('C'),
        None => {}
    }
    match m.movement {
        Some(Movement::Up) => s.push('U'),
        Some(Movement::Down) => s.push('D'),
        Some(Movement::Sideways) => s.push('M'),
        None => {}
    }
    if m.drop {
        s.push('H');
    }
    (!s.is_empty()).then_some(s)
}

// ----- reading ----------------------------------------------------------------------------

/// A JKF structure error at a value.
fn bad(doc: &Doc, i: usize, what: &str) -> RecordError {
    RecordError::parse(doc.line_of(i), format!("invalid JKF: {what}"))
}

fn object<'d>(doc: &'d Doc, i: usize, what: &str) -> Result<&'d [(String, usize)], RecordError> {
    match doc.value(i) {
        Value::Object(m) => Ok(m),
        _ => Err(bad(doc, i, &format!("{what} must be an object"))),
    }
}

fn array<'d>(doc: &'d Doc, i: usize, what: &str) -> Result<&'d [usize], RecordError> {
    match doc.value(i) {
        Value::Array(a) => Ok(a),
        _ => Err(bad(doc, i, &format!("{what} must be an array"))),
    }
}

fn string<'d>(doc: &'d Doc, i: usize, what: &str) -> Result<&'d str, RecordError> {
    match doc.value(i) {
        Value::Str(s) => Ok(s),
        _ => Err(bad(doc, i, &format!("{what} must be a string"))),
    }
}

fn integer(doc: &Doc, i: usize, what: &str, max: u32) -> Result<u32, RecordError> {
    match doc.value(i) {
        Value::Number(v) if v.fract() == 0.0 && *v >= 0.0 && *v <= max as f64 => Ok(*v as u32),
        _ => Err(bad(doc, i, &format!("{what} must be a whole number from 0 to {max}"))),
    }
}

fn optional<'d, T>(
    doc: &'d Doc,
    obj: usize,
    key: &str,
    f: impl FnOnce(&'d Doc, usize) -> Result<T, RecordError>,
) -> Result<Option<T>, RecordError> {
    match doc.get(obj, key) {
        None => Ok(None),
        Some(i) if matches!(doc.value(i), Value::Null) => Ok(None),
        Some(i) => f(doc, i).map(Some),
    }
}

fn comments_of(doc: &Doc, e: usize) -> Result<Vec<String>, RecordError> {
    let Some(list) = optional(doc, e, "comments", |d, i| array(d, i, "comments"))? else {
        return Ok(Vec::new());
    };
    // a comment with line breaks becomes one comment per line, as KIF and CSA keep them
    let mut out = Vec::new();
    for &c in list {
        out.extend(string(doc, c, "a comment")?.split('\n').map(clean_comment));
    }
    Ok(out)
}

fn time_of(doc: &Doc, e: usize) -> Result<Option<MoveTime>, RecordError> {
    let Some(t) = optional(doc, e, "time", |d, i| object(d, i, "time").map(|_| i))? else { return Ok(None) };
    let Some(now) = doc.get(t, "now") else { return Err(bad(doc, t, "time needs 'now'")) };
    object(doc, now, "time.now")?;
    let field = |o: usize, k: &str| -> Result<u32, RecordError> {
        Ok(optional(doc, o, k, |d, i| integer(d, i, k, u32::MAX))?.unwrap_or(0))
    };
    let spent = field(now, "m")?.saturating_mul(60).saturating_add(field(now, "s")?);
    let total = match optional(doc, t, "total", |d, i| object(d, i, "time.total").map(|_| i))? {
        Some(tt) => Some(
            field(tt, "h")?
                .saturating_mul(3600)
                .saturating_add(field(tt, "m")?.saturating_mul(60))
                .saturating_add(field(tt, "s")?),
        ),
        None => None,
    };
    Ok(Some(MoveTime { spent, total }))
}

fn square_of(doc: &Doc, i: usize, what: &str) -> Result<Option<Square>, RecordError> {
    object(doc, i, what)?;
    let coord = |k: &str| -> Result<u8, RecordError> {
        match doc.get(i, k) {
            Some(v) => Ok(integer(doc, v, k, 255)? as u8),
            None => Err(bad(doc, i, &format!("{what} needs '{k}'"))),
        }
    };
    Ok(Square::new(coord("x")?, coord("y")?))
}

/// Why a well-formed `move` object does not fit the position it is played in.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum UnplayableMove {
    #[error("move for color {color} but it is the other side's turn")]
    WrongColor { color: u32 },
    #[error("bad 'to' square")]
    BadTo,
    #[error("'same' without a previous move")]
    SameWithoutPrevious,
    #[error("move without 'to'")]
    NoTo,
    #[error("unknown piece '{piece}'")]
    UnknownPiece { piece: String },
    #[error("bad 'from' square")]
    BadFrom,
    #[error("'piece' says {piece} but the piece on {from} is {found}")]
    WrongPiece { piece: String, from: String, found: String },
    #[error("{} is not legal here", .mv.usi())]
    Illegal { mv: Move },
}

/// The move an entry's `move` object describes, checked for legality in `pos`. A malformed
/// object is an error; a move that does not fit the position is `Ok(Err(reason))`.
fn move_of(doc: &Doc, jm: usize, pos: &Position) -> Result<Result<Move, UnplayableMove>, RecordError> {
    object(doc, jm, "move")?;
    let color = match doc.get(jm, "color") {
        Some(c) => integer(doc, c, "color", 255)?,
        None => return Err(bad(doc, jm, "move needs 'color'")),
    };
    let piece = match doc.get(jm, "piece") {
        Some(p) => string(doc, p, "piece")?,
        None => return Err(bad(doc, jm, "move needs 'piece'")),
    };
    let from = optional(doc, jm, "from", |d, i| square_of(d, i, "from"))?;
    let to = optional(doc, jm, "to", |d, i| square_of(d, i, "to"))?;
    let same = optional(doc, jm, "same", |d, i| match d.value(i) {
        Value::Bool(b) => Ok(*b),
        _ => Err(bad(d, i, "same must be true or false")),
    })?;
    let promote = optional(doc, jm, "promote", |d, i| match d.value(i) {
        Value::Bool(b) => Ok(*b),
        _ => Err(bad(d, i, "promote must be true or false")),
    })?;
    let us = pos.side_to_move();
    if color != color_num(us) as u32 {
        return Ok(Err(UnplayableMove::WrongColor { color }));
    }
    let to = match (to, same) {
        (Some(Some(t)), _) => t,
        (Some(None), _) => return Ok(Err(UnplayableMove::BadTo)),
        (None, Some(true)) => match pos.last_move() {
            Some(m) => m.to(),
            None => return Ok(Err(UnplayableMove::SameWithoutPrevious)),
        },
        _ => return Ok(Err(UnplayableMove::NoTo)),
    };
    let mv = match from {
        None => match PieceKind::from_csa(piece) {
            Some(k) => Move::drop(k, to),
            None => return Ok(Err(UnplayableMove::UnknownPiece { piece: piece.to_string() })),
        },
        Some(None) => return Ok(Err(UnplayableMove::BadFrom)),
        Some(Some(f)) => {
            // `piece` is the piece as it stands before the move
            let on = pos.piece_at(f).kind();
            if on.is_some() && on != PieceKind::from_csa(piece) {
                let found = on.map(|k| k.csa()).unwrap_or_default().to_string();
                let from = format!("{}{}", f.file(), f.rank());
                return Ok(Err(UnplayableMove::WrongPiece { piece: piece.to_string(), from, found }));
            }
            Move::board(f, to, promote == Some(true))
        }
    };
    Ok(if pos.is_legal(mv) { Ok(mv) } else { Err(UnplayableMove::Illegal { mv }) })
}

fn position_of(doc: &Doc, data: usize, warnings: &mut Vec<Warning>) -> Result<Position, RecordError> {
    object(doc, data, "initial.data")?;
    let err = |m: String| RecordError::parse(doc.line_of(data), m);
    let mut board = [Piece::EMPTY; 81];
    let files = match doc.get(data, "board") {
        Some(b) => array(doc, b, "initial.data.board")?,
        None => return Err(bad(doc, data, "initial.data needs 'board'")),
    };
    if files.len() != 9 {
        return Err(err("JKF initial board must be 9×9".into()));
    }
    for (x, &file) in files.iter().enumerate() {
        let cells = array(doc, file, "a board file")?;
        if cells.len() != 9 {
            return Err(err("JKF initial board must be 9×9".into()));
        }
        for (y, &cell) in cells.iter().enumerate() {
            object(doc, cell, "a board square")?;
            let color = optional(doc, cell, "color", |d, i| integer(d, i, "color", 255))?;
            let kind = optional(doc, cell, "kind", |d, i| string(d, i, "kind"))?;
            if let (Some(c), Some(k)) = (color, kind) {
                let kind = PieceKind::from_csa(k).ok_or_else(|| err(format!("unknown piece '{k}'")))?;
                let color = if c == 0 { Color::Black } else { Color::White };
                board[Square::new(x as u8 + 1, y as u8 + 1).expect("on board").index()] =
                    Piece::new(color, kind);
            }
        }
    }
    let mut hands = [Hand::default(); 2];
    if let Some(hs) = optional(doc, data, "hands", |d, i| array(d, i, "initial.data.hands"))? {
        for (c, &h) in hs.iter().take(2).enumerate() {
            object(doc, h, "a hand")?;
            for (key, kind) in HAND_KEYS {
                let n = optional(doc, h, key, |d, i| integer(d, i, key, 255))?.unwrap_or(0);
                hands[c].set_count(kind, n as u8);
            }
        }
    }
    let side = match optional(doc, data, "color", |d, i| integer(d, i, "color", 255))? {
        Some(0) | None => Color::Black,
        Some(_) => Color::White,
    };
    let (pos, problems) =
        super::csa::position_from_parts(&board, &hands, side).map_err(|e| err(e.to_string()))?;
    for p in problems {
        warnings.push(Warning::note(doc.line_of(data), p));
    }
    Ok(pos)
}

/// Reads JKF text.
pub fn read_jkf(text: &str) -> Result<(GameRecord, Vec<Warning>), RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let doc = json::parse(text).map_err(|e| {
        RecordError::parse(json::line_at(text, e.offset), format!("invalid JKF: {}", e.message))
    })?;
    let root = Doc::ROOT;
    object(&doc, root, "a JKF record")?;
    let mut warnings = Vec::new();
    let mut headers = Vec::new();
    let mut start_number = None;
    if let Some(h) = optional(&doc, root, "header", |d, i| object(d, i, "header"))? {
        for (k, v) in h {
            let value = match doc.value(*v) {
                Value::Str(s) => s.clone(),
                _ => doc.raw(*v).to_string(),
            };
            if k == MOVE_NUMBER_KEY {
                match value.trim().parse::<u32>() {
                    Ok(n) if n < crate::core::MAX_MOVE_NUMBER => {
                        start_number = Some(n + 1);
                        continue;
                    }
                    _ => warnings.push(Warning::note(
                        doc.line_of(*v),
                        format!("header {k} is not a number of moves: '{value}'; kept as a header"),
                    )),
                }
            }
            match clean_header(k, &value) {
                Ok(h) => headers.push(h),
                Err(why) => warnings.push(Warning::note(doc.line_of(*v), why.to_string())),
            }
        }
    }
    let mut initial = match optional(&doc, root, "initial", |d, i| object(d, i, "initial").map(|_| i))? {
        None => Position::startpos(),
        Some(init) => {
            let preset = match doc.get(init, "preset") {
                Some(p) => string(&doc, p, "initial.preset")?,
                None => return Err(bad(&doc, init, "initial needs 'preset'")),
            };
            let data = optional(&doc, init, "data", |_, i| Ok(i))?;
            match (Handicap::by_jkf(preset), data) {
                (Some(h), _) if preset != "OTHER" => h.position(),
                (_, Some(d)) => position_of(&doc, d, &mut warnings)?,
                _ => {
                    return Err(RecordError::parse(
                        doc.line_of(init),
                        format!("unknown JKF preset '{preset}' without data"),
                    ));
                }
            }
        }
    };
    if let Some(n) = start_number {
        initial.set_move_number(n);
    }
    let mut record = GameRecord::new(initial);
    record.headers = headers;
    let moves: &[usize] = match optional(&doc, root, "moves", |d, i| array(d, i, "moves"))? {
        Some(m) => m,
        None => &[],
    };
    let mut first_index = 0;
    if let Some(&first) = moves.first() {
        object(&doc, first, "a move entry")?;
        if doc.get(first, "move").is_none() && doc.get(first, "special").is_none() {
            first_index = 1;
            record.node_mut(ROOT).comments = comments_of(&doc, first)?;
        }
    }
    // (entries, next index, node the next move follows): one frame per line of play
    let mut stack: Vec<(&[usize], usize, NodeId)> = vec![(moves, first_index, ROOT)];
    let mut walker = Walker::new(&record);
    while let Some((entries, i, cur)) = stack.pop() {
        let Some(&e) = entries.get(i) else { continue };
        object(&doc, e, "a move entry")?;
        let forks = match optional(&doc, e, "forks", |d, i| array(d, i, "forks"))? {
            Some(f) => f.iter().map(|&f| array(&doc, f, "a fork")).collect::<Result<Vec<_>, _>>()?,
            None => Vec::new(),
        };
        if let Some(sp) = optional(&doc, e, "special", |d, i| string(d, i, "special"))? {
            walker.goto(&record, cur);
            match SpecialKind::from_csa(sp, walker.position()) {
                Some(k) => {
                    let mut s = Special::new(k);
                    s.time = time_of(&doc, e)?;
                    s.comments = comments_of(&doc, e)?;
                    record.set_special(cur, Some(s));
                }
                None => {
                    warnings.push(Warning::note(doc.line_of(e), format!("unknown special '{sp}' ignored")))
                }
            }
            // moves listed after the end of the game (not as forks) are not part of it
            if let Some(&after) = entries[i + 1..].iter().find(|&&a| doc.get(a, "move").is_some()) {
                warnings.push(Warning::error(
                    doc.line_of(after),
                    format!("a move after the end of the game ({sp}); the rest of this line is skipped"),
                ));
            }
            // the line ends here; moves played instead of the special are its forks
            for f in forks.into_iter().rev() {
                stack.push((f, 0, cur));
            }
            continue;
        }
        let Some(jm) = doc.get(e, "move").filter(|&m| !matches!(doc.value(m), Value::Null)) else {
            warnings.push(Warning::note(doc.line_of(e), "entry without a move skipped"));
            stack.push((entries, i + 1, cur));
            continue;
        };
        walker.goto(&record, cur);
        match move_of(&doc, jm, walker.position())? {
            Ok(m) => {
                let child = record.add_move_at(cur, walker.position(), m)?;
                record.node_mut(child).time = time_of(&doc, e)?;
                record.node_mut(child).comments = comments_of(&doc, e)?;
                // the rest of this line waits below the forks (alternatives to this move)
                stack.push((entries, i + 1, child));
                for f in forks.into_iter().rev() {
                    stack.push((f, 0, cur));
                }
            }
            Err(m) => warnings.push(Warning::error(
                doc.line_of(jm),
                format!("expected a legal move: {m}; the rest of this line is skipped"),
            )),
        }
    }
    Ok((record, warnings))
}

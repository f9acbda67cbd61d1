//! Writing KIF and KI2 text in Kakinoki's layout: headers in their order with `手合割` (or a
//! BOD diagram for other starts), `手数----指手---------消費時間--`, move lines
//! `   1 ７六歩(77)   ( 0:01/00:00:01)` (a `+` marks a move with variations), `*` comments,
//! the special move and `まで…` summary, then `変化：N手` blocks, deepest branch first.

use super::bod::write_bod;
use super::notation::{ki2_move_marked, kif_move};
use super::text::pad_to;
use super::tree::{GameRecord, NodeId, ROOT};
use crate::core::Position;

#[derive(Copy, Clone, PartialEq, Eq)]
enum Style {
    Kif,
    Ki2,
}

/// The whole record as KIF text (UTF-8; encode for `.kif`).
pub fn write_kif(record: &GameRecord) -> String {
    let mut out = String::from("# ---- shogiban 棋譜ファイル ----\n");
    write_headers(record, &mut out);
    out.push_str("手数----指手---------消費時間--\n");
    for c in &record.node(ROOT).comments {
        out.push_str(&format!("*{c}\n"));
    }
    write_line(record, first_move(record), true, Style::Kif, &mut out);
    out
}

/// The whole record as KI2 text.
pub fn write_ki2(record: &GameRecord) -> String {
    let mut out = String::new();
    write_headers(record, &mut out);
    out.push('\n');
    for c in &record.node(ROOT).comments {
        out.push_str(&format!("*{c}\n"));
    }
    write_line(record, first_move(record), true, Style::Ki2, &mut out);
    out
}

fn first_move(record: &GameRecord) -> Option<NodeId> {
    record.node(ROOT).continuation()
}

/// Header lines, with `手合割` (or the diagram) at its place, else before the player names.
fn write_headers(record: &GameRecord, out: &mut String) {
    let mut start_done = false;
    let start = |out: &mut String| match record.handicap() {
        Some(h) => out.push_str(&format!("手合割：{}\n", h.name)),
        None => out.push_str(&write_bod(record.initial())),
    };
    for (k, v) in &record.headers {
        if k == "手合割" {
            if !start_done {
                start(out);
                start_done = true;
            }
            continue;
        }
        if !start_done && matches!(k.as_str(), "先手" | "後手" | "下手" | "上手") {
            start(out);
            start_done = true;
        }
        out.push_str(&format!("{k}：{v}\n"));
    }
    if !start_done {
        start(out);
    }
}

/// `( 0:01/00:00:01)`.
fn kif_time(spent: u32, total: u32) -> String {
    format!(
        "({:>2}:{:02}/{:02}:{:02}:{:02})",
        spent / 60,
        spent % 60,
        total / 3600,
        total / 60 % 60,
        total % 60
    )
}

/// Running time totals per colour along the path to `node` (for records without totals).
fn totals_to(record: &GameRecord, node: NodeId) -> [u32; 2] {
    let mut t = [0u32; 2];
    let mut c = record.initial().side_to_move();
    for n in record.path_to(node) {
        if let Some(tm) = record.node(n).time {
            t[c.index()] = tm.total.unwrap_or(t[c.index()] + tm.spent);
        }
        c = c.flip();
    }
    t
}

/// Writes the line of play starting at `first` (following first children), then the
/// variations that branch off it, deepest first. `main` marks the main line, whose
/// alternatives at its first move are written here too.
fn write_line(record: &GameRecord, first: Option<NodeId>, main: bool, style: Style, out: &mut String) {
    let start_parent = first.and_then(|f| record.node(f).parent()).unwrap_or(ROOT);
    let mut pos: Position = record.position_at(start_parent);
    let mut totals = totals_to(record, start_parent);
    let mut line = Vec::new();
    let mut node = first;
    let mut ki2_col = 0;
    while let Some(n) = node {
        line.push(n);
        let nd = record.node(n);
        let us = pos.side_to_move();
        let prev = pos.last_move().map(|m| m.to());
        let number = record.depth(n);
        let (spent, total) = match nd.time {
            Some(t) => (t.spent, t.total.unwrap_or(totals[us.index()] + t.spent)),
            None => (0, totals[us.index()]),
        };
        totals[us.index()] = total;
        match style {
            Style::Kif => {
                let parent = nd.parent().unwrap_or(ROOT);
                let sibs = record.node(parent).children();
                let has_var = sibs.len() > 1 && sibs.last() != Some(&n);
                let text = kif_move(&pos, nd.mv, prev);
                out.push_str(&format!(
                    "{:>4} {} {}{}\n",
                    number,
                    pad_to(&text, 12),
                    kif_time(spent, total),
                    if has_var { "+" } else { "" }
                ));
                for c in &nd.comments {
                    out.push_str(&format!("*{c}\n"));
                }
            }
            Style::Ki2 => {
                let text = ki2_move_marked(&pos, nd.mv, prev);
                let last_here = nd.continuation().is_none() || !nd.comments.is_empty() || ki2_col == 5;
                if last_here {
                    out.push_str(&text);
                    out.push('\n');
                    ki2_col = 0;
                } else {
                    out.push_str(&pad_to(&text, 12));
                    ki2_col += 1;
                }
                for c in &nd.comments {
                    out.push_str(&format!("*{c}\n"));
                }
            }
        }
        pos.do_move(nd.mv);
        node = nd.continuation();
    }
    // the special move that ends this line
    let end = line.last().copied().unwrap_or(start_parent);
    if let Some(sp) = &record.node(end).special {
        let us = pos.side_to_move();
        let moves = record.depth(end);
        let plus = if record.node(end).children().is_empty() { "" } else { "+" };
        if style == Style::Kif {
            // Kakinoki writes the special without a time when none was recorded
            match sp.time {
                Some(t) => {
                    let total = t.total.unwrap_or(totals[us.index()] + t.spent);
                    let word = pad_to(sp.kind.kif(us), 12);
                    out.push_str(&format!("{:>4} {} {}{plus}\n", moves + 1, word, kif_time(t.spent, total)));
                }
                None => out.push_str(&format!("{:>4} {}{plus}\n", moves + 1, sp.kind.kif(us))),
            }
            for c in &sp.comments {
                out.push_str(&format!("*{c}\n"));
            }
        }
        if main || style == Style::Ki2 {
            out.push_str(&sp.kind.summary(moves, us, record.is_handicap_game()));
            out.push('\n');
        }
        if style == Style::Ki2 {
            for c in &sp.comments {
                out.push_str(&format!("*{c}\n"));
            }
        }
    }
    // variations, deepest branch first: alternatives to the special, then to each move
    let alternatives_to = |n: NodeId| -> &[NodeId] {
        let parent = record.node(n).parent().unwrap_or(ROOT);
        &record.node(parent).children()[1..]
    };
    let skip = if main { 0 } else { 1 };
    let special_alts: &[NodeId] =
        if record.node(end).special.is_some() { record.node(end).children() } else { &[] };
    let move_alts = line.iter().skip(skip).rev().flat_map(|&n| alternatives_to(n).iter());
    for &alt in special_alts.iter().chain(move_alts) {
        out.push_str(&format!("\n変化：{}手\n", record.depth(alt)));
        write_line(record, Some(alt), false, style, out);
    }
}

//! Writing KIF and KI2 text in Kakinoki's layout: headers in their order with `手合割` (or a
//! BOD diagram for other starts), `手数----指手---------消費時間--`, move lines
//! `   1 ７六歩(77)   ( 0:01/00:00:01)` (a `+` marks a move with variations), `*` comments,
//! the special move and `まで…` summary, then `変化：N手` blocks, deepest branch first.

use super::bod::write_bod;
use super::notation::{ki2_move_marked, kif_move};
use super::text::pad_to;
use super::tree::{GameRecord, NodeId, ROOT, Walker};

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
    write_tree(record, Style::Kif, &mut out);
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
    write_tree(record, Style::Ki2, &mut out);
    out
}

/// Moves played before the start position (its SFEN move number minus one): KIF numbers the
/// moves from there and says so in a `手数＝N` line.
pub(crate) fn moves_before_start(record: &GameRecord) -> usize {
    (record.initial().ply() as usize).saturating_sub(1)
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
    let before = moves_before_start(record);
    if before > 0 {
        out.push_str(&format!("手数＝{before}\n"));
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

/// Running time totals per colour after each node's move, indexed by node id, for moves
/// recorded without totals (one pass: parents come before their children).
pub(crate) fn running_totals(record: &GameRecord) -> Vec<[u32; 2]> {
    let mut after = vec![[0u32; 2]; record.id_bound()];
    for n in record.node_ids() {
        let Some(p) = record.node(n).parent() else { continue };
        let mut t = after[p];
        if let Some(tm) = record.node(n).time {
            let us = record.side_to_move_at(p).index();
            t[us] = tm.total.unwrap_or(t[us].saturating_add(tm.spent));
        }
        after[n] = t;
    }
    after
}

/// Writes every line of play: the main line, then the variations that branch off it, deepest
/// branch first, each followed by its own variations. The lines wait on an explicit stack
/// and one position follows the walk, so deep or wide trees cost time linear in their size.
fn write_tree(record: &GameRecord, style: Style, out: &mut String) {
    let totals = running_totals(record);
    let offset = moves_before_start(record);
    let mut walker = Walker::new(record);
    // (parent, first move of the line, whether it is the main line)
    let mut stack: Vec<(NodeId, Option<NodeId>, bool)> = vec![(ROOT, record.node(ROOT).continuation(), true)];
    let mut line = Vec::new();
    while let Some((start_parent, first, main)) = stack.pop() {
        if let (false, Some(f)) = (main, first) {
            out.push_str(&format!("\n変化：{}手\n", record.depth(f) + offset));
        }
        walker.goto(record, start_parent);
        line.clear();
        let mut node = first;
        let mut ki2_col = 0;
        while let Some(n) = node {
            line.push(n);
            let nd = record.node(n);
            let pos = walker.position();
            let us = pos.side_to_move();
            let prev = pos.last_move().map(|m| m.to());
            let parent = nd.parent().unwrap_or(ROOT);
            match style {
                Style::Kif => {
                    let (spent, total) = match nd.time {
                        Some(t) => (t.spent, totals[n][us.index()]),
                        None => (0, totals[parent][us.index()]),
                    };
                    let sibs = record.node(parent).children();
                    let has_var = sibs.len() > 1 && sibs.last() != Some(&n);
                    let text = kif_move(pos, nd.mv, prev);
                    out.push_str(&format!(
                        "{:>4} {} {}{}\n",
                        record.depth(n) + offset,
                        pad_to(&text, 12),
                        kif_time(spent, total),
                        if has_var { "+" } else { "" }
                    ));
                }
                Style::Ki2 => {
                    let text = ki2_move_marked(pos, nd.mv, prev);
                    let last_here = nd.continuation().is_none() || !nd.comments.is_empty() || ki2_col == 5;
                    if last_here {
                        out.push_str(&text);
                        out.push('\n');
                        ki2_col = 0;
                    } else {
                        out.push_str(&pad_to(&text, 12));
                        ki2_col += 1;
                    }
                }
            }
            for c in &nd.comments {
                out.push_str(&format!("*{c}\n"));
            }
            walker.enter(record, n);
            node = nd.continuation();
        }
        let end = walker.node();
        write_special(record, end, main, style, offset, &totals, walker.position().side_to_move(), out);
        // variations, deepest branch first: alternatives to the special, then to each move
        // (pushed in reverse, so that the first to write is on top)
        let alternatives_to = |n: NodeId| -> &[NodeId] {
            let parent = record.node(n).parent().unwrap_or(ROOT);
            &record.node(parent).children()[1..]
        };
        let skip = if main { 0 } else { 1 };
        let special_alts: &[NodeId] =
            if record.node(end).special.is_some() { record.node(end).children() } else { &[] };
        for &n in line.iter().skip(skip) {
            for &alt in alternatives_to(n).iter().rev() {
                stack.push((record.node(n).parent().unwrap_or(ROOT), Some(alt), false));
            }
        }
        for &alt in special_alts.iter().rev() {
            stack.push((end, Some(alt), false));
        }
    }
}

/// The special move that ends a line at `end` (`stm` to move there), and the `まで…` summary.
#[allow(clippy::too_many_arguments)]
fn write_special(
    record: &GameRecord,
    end: NodeId,
    main: bool,
    style: Style,
    offset: usize,
    totals: &[[u32; 2]],
    us: crate::core::Color,
    out: &mut String,
) {
    let Some(sp) = &record.node(end).special else { return };
    let moves = record.depth(end) + offset;
    let plus = if record.node(end).children().is_empty() { "" } else { "+" };
    if style == Style::Kif {
        // Kakinoki writes the special without a time when none was recorded
        match sp.time {
            Some(t) => {
                let total = t.total.unwrap_or(totals[end][us.index()].saturating_add(t.spent));
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

//! Engine analysis kept in a record's comments, in ShogiHome's wording so that ShogiHome (and
//! programs that read its records) shows the same evaluation graph and lines:
//!
//! ```text
//! 【悪手】                 a mark: 緩手, 疑問手, 悪手 or 大悪手
//! 先手有利                 the situation in words (互角, 先手有望 ... 後手勝勢)
//! #評価値=450              the evaluation from ☗'s side, in centipawns
//! #詰み=先手勝ち:7手        or a mate, with its length when known
//! #読み筋=▲２四歩△同　歩▲同　飛
//! #深さ=12
//! #ノード数=123456
//! #エンジン=shogiban
//! ```
//!
//! The lines belong to the node after the move they judge: the evaluation and the line are of
//! the position after the move (the line starts with the opponent's reply), the mark says how
//! much the move lost. Each line is one entry of the node's `comments`, so KIF/KI2 write them
//! as `*#評価値=450`, CSA as `'*#評価値=450` and JKF as comment strings. Lines written by a
//! player during a game (`*評価値=`, `*読み筋=`) are read too, after the `#` ones.

use super::notation::prev_to;
use super::parse_move::parse_japanese_move;
use super::pv::pv_text;
use super::tree::{GameRecord, NodeId};
use crate::core::{MATE_CP, Move, Position, Score};

/// How much a move lost, in ShogiHome's four words (least to most).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// 緩手: a slack move.
    Inaccuracy,
    /// 疑問手: a dubious move.
    Dubious,
    /// 悪手: a bad move.
    Mistake,
    /// 大悪手: a blunder.
    Blunder,
}

impl Mark {
    pub const ALL: [Mark; 4] = [Mark::Inaccuracy, Mark::Dubious, Mark::Mistake, Mark::Blunder];

    /// The Japanese word: `緩手`, `疑問手`, `悪手`, `大悪手`.
    pub fn word(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "緩手",
            Mark::Dubious => "疑問手",
            Mark::Mistake => "悪手",
            Mark::Blunder => "大悪手",
        }
    }

    /// 0 for 緩手 up to 3 for 大悪手.
    pub fn level(self) -> usize {
        self as usize
    }

    /// The mark of a level (0..=3).
    pub fn from_level(level: usize) -> Option<Mark> {
        Mark::ALL.get(level).copied()
    }

    /// The mark written as a comment line header: `【悪手】`.
    fn parse_header(line: &str) -> Option<Mark> {
        let inner = line.trim().strip_prefix('【')?.strip_suffix('】')?;
        Mark::ALL.into_iter().find(|m| m.word() == inner)
    }
}

/// ShogiHome's words for an evaluation (`互角` within ±200 ... `先手勝勢` from 1500).
pub fn situation_text(cp: i32) -> &'static str {
    match cp {
        1500.. => "先手勝勢",
        600..1500 => "先手優勢",
        400..600 => "先手有利",
        200..400 => "先手有望",
        -200..200 => "互角",
        -400..-200 => "後手有望",
        -600..-400 => "後手有利",
        -1500..-600 => "後手優勢",
        _ => "後手勝勢",
    }
}

const SITUATIONS: [&str; 9] =
    ["先手勝勢", "先手優勢", "先手有利", "先手有望", "互角", "後手有望", "後手有利", "後手優勢", "後手勝勢"];

/// Keys of the analysis lines (`#評価値=` ...), in the order they are written.
const SCORE: &str = "評価値=";
const MATE: &str = "詰み=";
const PV: &str = "読み筋=";
const DEPTH: &str = "深さ=";
const NODES: &str = "ノード数=";
const ENGINE: &str = "エンジン=";
const KEYS: [&str; 6] = [MATE, SCORE, PV, DEPTH, NODES, ENGINE];

/// The analysis of one node: what an engine said about the position after its move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotation {
    pub mark: Option<Mark>,
    /// From ☗'s side.
    pub eval: Option<Score>,
    /// The engine's line from the position after the move.
    pub pv: Vec<Move>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub engine: Option<String>,
}

/// A line written by an analysis (`#…=`), rather than a player's own words.
fn analysis_key(line: &str) -> Option<&'static str> {
    let rest = line.strip_prefix('#')?;
    KEYS.into_iter().find(|k| rest.starts_with(k))
}

/// Whether comment line `i` of `lines` belongs to an analysis: a `#key=` line, a mark header,
/// or the situation words ShogiHome writes just before `#評価値=`.
pub fn is_analysis_line(lines: &[String], i: usize) -> bool {
    let l = &lines[i];
    analysis_key(l).is_some()
        || Mark::parse_header(l).is_some()
        || SITUATIONS.contains(&l.trim()) && lines.get(i + 1).is_some_and(|n| n.starts_with("#評価値="))
}

/// The line after `prefix`+`key`, for `#` (an analysis) or `*` (a player's own search).
fn value<'a>(line: &'a str, prefix: char, key: &str) -> Option<&'a str> {
    line.strip_prefix(prefix)?.strip_prefix(key).map(str::trim)
}

/// Parses `先手勝ち:7手`, `後手勝ち` (length unknown).
fn parse_mate(v: &str) -> Option<Score> {
    let (side, len) = match v.split_once(':') {
        Some((s, l)) => (s, Some(l.strip_suffix('手')?.trim().parse::<i32>().ok()?)),
        None => (v, None),
    };
    let black_wins = match side.trim() {
        "先手勝ち" => true,
        "後手勝ち" => false,
        _ => return None,
    };
    Some(match len {
        Some(n) if n > 0 => Score::Mate(if black_wins { n } else { -n }),
        _ => Score::MateUnknown(black_wins),
    })
}

/// Parses a number as ShogiHome writes it (it accepts `+350`, `-1.5`; fractions are cut).
fn parse_score(v: &str) -> Option<i32> {
    let n: f64 = v.trim_start_matches('+').parse().ok()?;
    n.is_finite().then_some(n as i32)
}

/// Parses a line of play written as `▲７六歩△３四歩▲２六歩…` (KI2 or KIF moves, each after
/// its ▲/△ mark) from `pos`; stops at the first move that does not parse or is illegal.
pub fn parse_pv(pos: &Position, text: &str) -> Vec<Move> {
    let mut p = pos.clone();
    let mut out = Vec::new();
    let mut starts: Vec<usize> =
        text.char_indices().filter(|(_, c)| matches!(c, '▲' | '△' | '☗' | '☖')).map(|(i, _)| i).collect();
    starts.push(text.len());
    for w in starts.windows(2) {
        let mv_text = text[w[0]..w[1]].trim();
        match parse_japanese_move(&p, mv_text, prev_to(&p)) {
            Ok(m) => {
                out.push(m);
                p.do_move(m);
            }
            Err(_) => break,
        }
    }
    out
}

impl Annotation {
    /// Reads the analysis in `comments`, the comment lines of a node whose position is `pos`
    /// (after its move). `#` lines take precedence over a player's `*` lines. `None` when the
    /// comments hold no evaluation, line or mark.
    pub fn read(pos: &Position, comments: &[String]) -> Option<Annotation> {
        let mut a = Annotation::default();
        for prefix in ['*', '#'] {
            for line in comments {
                if let Some(v) = value(line, prefix, SCORE).and_then(parse_score) {
                    if a.eval.is_none_or(|e| e.mate_for().is_none()) || prefix == '#' {
                        a.eval = Some(Score::Cp(v));
                    }
                } else if let Some(e) = value(line, prefix, MATE).and_then(parse_mate) {
                    a.eval = Some(e);
                } else if let Some(v) = value(line, prefix, PV) {
                    let pv = parse_pv(pos, v);
                    if !pv.is_empty() {
                        a.pv = pv;
                    }
                } else if let Some(v) = value(line, prefix, DEPTH) {
                    a.depth = v.parse().ok().or(a.depth);
                } else if let Some(v) = value(line, prefix, NODES) {
                    a.nodes = v.parse().ok().or(a.nodes);
                } else if let Some(v) = value(line, prefix, ENGINE) {
                    a.engine = Some(v.to_string());
                } else if let Some(m) = Mark::parse_header(line) {
                    a.mark = Some(m);
                }
            }
        }
        // a mate line is followed by the ±30000 score written for graphs: keep the mate
        if let Some(Score::Cp(c)) = a.eval
            && c.abs() >= MATE_CP
            && let Some(e) = comments.iter().find_map(|l| value(l, '#', MATE).and_then(parse_mate))
        {
            a.eval = Some(e);
        }
        (a.eval.is_some() || !a.pv.is_empty() || a.mark.is_some()).then_some(a)
    }

    /// The comment lines for this analysis, ShogiHome's order: mark, situation, evaluation,
    /// line, depth, nodes, engine. `pos` is the position after the node's move.
    pub fn lines(&self, pos: &Position) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(m) = self.mark {
            out.push(format!("【{}】", m.word()));
        }
        match self.eval {
            Some(mate @ (Score::Mate(_) | Score::MateUnknown(_))) => {
                let side = if mate.mate_for() == Some(true) { "先手勝ち" } else { "後手勝ち" };
                let len = if let Score::Mate(n) = mate { format!(":{}手", n.abs()) } else { String::new() };
                out.push(format!("#{MATE}{side}{len}"));
                let cp = mate.cp();
                out.push(situation_text(cp).to_string());
                out.push(format!("#{SCORE}{cp}"));
            }
            Some(Score::Cp(c)) => {
                out.push(situation_text(c).to_string());
                out.push(format!("#{SCORE}{c}"));
            }
            None => {}
        }
        let pv = pv_text(pos, &self.pv);
        if !pv.is_empty() {
            out.push(format!("#{PV}{pv}"));
        }
        if let Some(d) = self.depth {
            out.push(format!("#{DEPTH}{d}"));
        }
        if let Some(n) = self.nodes {
            out.push(format!("#{NODES}{n}"));
        }
        if let Some(e) = &self.engine {
            out.push(format!("#{ENGINE}{e}"));
        }
        out
    }
}

/// The mark (`【悪手】` …) among a node's comment lines, if any.
pub fn mark_in(comments: &[String]) -> Option<Mark> {
    comments.iter().find_map(|l| Mark::parse_header(l))
}

/// The player's own comment lines of a node: its comments without the analysis lines.
pub fn user_comments(comments: &[String]) -> Vec<String> {
    (0..comments.len()).filter(|&i| !is_analysis_line(comments, i)).map(|i| comments[i].clone()).collect()
}

/// The analysis of node `id`, read from its comments.
pub fn annotation(record: &GameRecord, id: NodeId) -> Option<Annotation> {
    let pos = record.position_at(id);
    Annotation::read(&pos, &record.node(id).comments)
}

/// Writes `a` into node `id`'s comments, replacing any earlier analysis there and keeping the
/// player's own comments first; `None` removes the analysis.
pub fn set_annotation(record: &mut GameRecord, id: NodeId, a: Option<&Annotation>) {
    let lines = a.map(|a| a.lines(&record.position_at(id))).unwrap_or_default();
    let node = record.node_mut(id);
    let mut c = user_comments(&node.comments);
    c.extend(lines);
    node.comments = c;
}

/// The analysis of every node of the main line, root first (index = ply).
pub fn main_line_annotations(record: &GameRecord) -> Vec<Option<Annotation>> {
    let mut pos = record.initial().clone();
    let mut out = vec![Annotation::read(&pos, &record.node(super::tree::ROOT).comments)];
    for id in record.main_line() {
        pos.do_move(record.node(id).mv);
        out.push(Annotation::read(&pos, &record.node(id).comments));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::ROOT;

    fn line(pos: &Position, usis: &[&str]) -> Vec<Move> {
        let mut p = pos.clone();
        usis.iter()
            .map(|u| {
                let m = p.parse_usi_move(u).unwrap();
                p.do_move(m);
                m
            })
            .collect()
    }

    #[test]
    fn writes_shogihome_lines_and_reads_them_back() {
        let pos = Position::startpos();
        let a = Annotation {
            mark: Some(Mark::Mistake),
            eval: Some(Score::Cp(-450)),
            pv: line(&pos, &["7g7f", "3c3d", "2g2f", "2b8h+", "7i8h"]),
            depth: Some(12),
            nodes: Some(98765),
            engine: Some("shogiban".into()),
        };
        let lines = a.lines(&pos);
        assert_eq!(
            lines,
            vec![
                "【悪手】",
                "後手有利",
                "#評価値=-450",
                "#読み筋=▲７六歩△３四歩▲２六歩△８八角成▲同　銀",
                "#深さ=12",
                "#ノード数=98765",
                "#エンジン=shogiban"
            ]
        );
        assert_eq!(Annotation::read(&pos, &lines), Some(a));
    }

    #[test]
    fn mate_is_written_with_its_length_and_graph_value() {
        let pos = Position::startpos();
        let a = Annotation { eval: Some(Score::Mate(-7)), ..Default::default() };
        let lines = a.lines(&pos);
        assert_eq!(lines, vec!["#詰み=後手勝ち:7手", "後手勝勢", "#評価値=-30000"]);
        assert_eq!(Annotation::read(&pos, &lines).unwrap().eval, Some(Score::Mate(-7)));
        let unknown = vec!["#詰み=先手勝ち".to_string()];
        assert_eq!(Annotation::read(&pos, &unknown).unwrap().eval, Some(Score::MateUnknown(true)));
        // a mate of ☖ without a length stays ☖'s
        let unknown = Annotation { eval: Some(Score::MateUnknown(false)), ..Default::default() };
        let lines = unknown.lines(&pos);
        assert_eq!(lines, vec!["#詰み=後手勝ち", "後手勝勢", "#評価値=-30000"]);
        assert_eq!(Annotation::read(&pos, &lines), Some(unknown));
    }

    #[test]
    fn reads_shogihome_output_and_player_lines() {
        // the comment ShogiHome's own test expects after a player's and a researcher's search
        let text = "先手有望\n*評価値=210\n*読み筋=▲２六歩△３四歩\n*深さ=10\n\n互角\n#評価値=158\n#読み筋=▲７六歩△３四歩\n#深さ=8\n#エンジン=Engine01";
        let comments: Vec<String> = text.lines().map(String::from).collect();
        let pos = Position::startpos();
        let a = Annotation::read(&pos, &comments).unwrap();
        assert_eq!(a.eval, Some(Score::Cp(158)));
        assert_eq!(a.pv, line(&pos, &["7g7f", "3c3d"]));
        assert_eq!(a.depth, Some(8));
        assert_eq!(a.engine.as_deref(), Some("Engine01"));
        let player = Annotation::read(&pos, &comments[..4]).unwrap();
        assert_eq!(player.eval, Some(Score::Cp(210)));
        assert_eq!(player.pv, line(&pos, &["2g2f", "3c3d"]));
        assert_eq!(Annotation::read(&pos, &["好手".to_string()]), None);
    }

    #[test]
    fn a_pv_stops_at_the_first_move_that_does_not_parse() {
        let pos = Position::startpos();
        assert_eq!(parse_pv(&pos, "▲７六歩△３四歩▲９九龍△８四歩"), line(&pos, &["7g7f", "3c3d"]));
        assert!(parse_pv(&pos, "△３四歩").is_empty());
    }

    #[test]
    fn setting_an_annotation_replaces_the_old_one_and_keeps_the_players_words() {
        let mut r = GameRecord::default();
        let n = r.push_main_line(&line(&Position::startpos(), &["7g7f"])).unwrap();
        r.node_mut(n).comments = vec!["角道を開ける".into(), "互角".into()];
        let first = Annotation { eval: Some(Score::Cp(40)), ..Default::default() };
        set_annotation(&mut r, n, Some(&first));
        assert_eq!(r.node(n).comments, vec!["角道を開ける", "互角", "互角", "#評価値=40"]);
        let second =
            Annotation { eval: Some(Score::Cp(-900)), mark: Some(Mark::Blunder), ..Default::default() };
        set_annotation(&mut r, n, Some(&second));
        assert_eq!(
            r.node(n).comments,
            vec!["角道を開ける", "互角", "【大悪手】", "後手優勢", "#評価値=-900"]
        );
        assert_eq!(annotation(&r, n), Some(second));
        set_annotation(&mut r, n, None);
        assert_eq!(r.node(n).comments, vec!["角道を開ける", "互角"]);
        assert_eq!(main_line_annotations(&r), vec![None, None]);
        assert!(annotation(&r, ROOT).is_none());
    }
}

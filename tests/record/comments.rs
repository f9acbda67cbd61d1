//! Comments written by a player (several lines, on the start position, on moves of the main line
//! and of variations) survive a write and a read in every format that keeps comments.

use shogiban::core::Position;
use shogiban::record::io::{Format, read_text, write_text};
use shogiban::record::{GameRecord, NodeId, ROOT};

/// Lines a player may type: Japanese, an empty line between paragraphs, leading spaces, and
/// characters that mean something at the start of a line in some format.
const LINES: [&str; 8] =
    ["角交換の後の形", "", "  字下げ", "#評価値ではない", "&しおりではない", "'引用", "a, b, c", "*星"];

fn commented() -> (GameRecord, Vec<NodeId>) {
    let mut rec = GameRecord::new(Position::startpos());
    rec.node_mut(ROOT).comments = vec!["開始局面の説明".into(), "二行目".into()];
    let mut pos = Position::startpos();
    let mut ids = Vec::new();
    let mut n = ROOT;
    for usi in ["7g7f", "3c3d", "8h2b+", "3a2b"] {
        let m = pos.parse_usi_move(usi).unwrap();
        n = rec.add_move(n, m).unwrap();
        pos.do_move(m);
        ids.push(n);
    }
    rec.node_mut(ids[0]).comments = LINES.iter().map(|s| s.to_string()).collect();
    rec.node_mut(ids[3]).comments = vec!["最後".into(), "".into(), "三行目".into()];
    // a variation with its own comment of two lines
    let alt = rec.add_move(ids[0], Position::startpos().tap_usi(&["7g7f"]).parse_usi_move("8c8d").unwrap());
    let alt = alt.unwrap();
    rec.node_mut(alt).comments = vec!["変化の".into(), "コメント".into()];
    ids.push(alt);
    (rec, ids)
}

trait TapUsi {
    fn tap_usi(self, moves: &[&str]) -> Position;
}

impl TapUsi for Position {
    fn tap_usi(mut self, moves: &[&str]) -> Position {
        for u in moves {
            let m = self.parse_usi_move(u).unwrap();
            self.do_move(m);
        }
        self
    }
}

fn reread(rec: &GameRecord, f: Format) -> GameRecord {
    let text = write_text(rec, f);
    read_text(&text, f).unwrap_or_else(|e| panic!("{f:?}: {e}\n{text}")).0
}

#[test]
fn multi_line_comments_round_trip_in_kif_ki2_and_jkf() {
    let (rec, ids) = commented();
    for f in [Format::Kif, Format::Kifu, Format::Ki2, Format::Ki2u, Format::Jkf] {
        let back = reread(&rec, f);
        let text = write_text(&rec, f);
        assert_eq!(back.node(ROOT).comments, rec.node(ROOT).comments, "{f:?} start\n{text}");
        let main = back.main_line();
        assert_eq!(back.node(main[0]).comments, rec.node(ids[0]).comments, "{f:?}\n{text}");
        assert_eq!(back.node(main[3]).comments, rec.node(ids[3]).comments, "{f:?}\n{text}");
        let alt = back.node(back.node(main[0]).children()[1]);
        assert_eq!(alt.comments, rec.node(ids[4]).comments, "{f:?} variation\n{text}");
    }
}

#[test]
fn multi_line_comments_round_trip_in_csa_on_the_main_line() {
    let (rec, ids) = commented();
    let back = reread(&rec, Format::Csa);
    let text = write_text(&rec, Format::Csa);
    let main = back.main_line();
    assert_eq!(back.node(ROOT).comments, rec.node(ROOT).comments, "start\n{text}");
    assert_eq!(back.node(main[0]).comments, rec.node(ids[0]).comments, "{text}");
    assert_eq!(back.node(main[3]).comments, rec.node(ids[3]).comments, "{text}");
}

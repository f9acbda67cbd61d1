//! Analysis comments (ShogiHome's `#評価値=`, `#読み筋=`, `【悪手】` …) survive a save and a
//! reopen in every format that has comments, next to the player's own comments, and a record
//! analysed by ShogiHome is read back as an analysis.

use shogiban::core::{Move, Position, Score};
use shogiban::record::annotation::{
    Annotation, Mark, annotation, main_line_annotations, set_annotation, user_comments,
};
use shogiban::record::io::{Format, read_text, write_text};
use shogiban::record::{GameRecord, ROOT};

fn sample() -> GameRecord {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/sample.kifu")).unwrap();
    read_text(&text, Format::Kifu).unwrap().0
}

/// A made-up analysis of every main-line position: a score, a line of up to 4 legal moves, and
/// a mark on every fifth move.
fn analyse(record: &mut GameRecord) -> Vec<Option<Annotation>> {
    let mut ids = vec![ROOT];
    ids.extend(record.main_line());
    for (ply, &id) in ids.iter().enumerate() {
        let pos = record.position_at(id);
        let mut p = pos.clone();
        let mut pv: Vec<Move> = Vec::new();
        for k in 0..4 {
            let ms = p.legal_moves();
            if ms.is_empty() {
                break;
            }
            let m = ms.as_slice()[(ply * 7 + k * 3) % ms.len()];
            pv.push(m);
            p.do_move(m);
        }
        let eval = if ply % 17 == 16 {
            Score::Mate(if ply % 2 == 0 { 9 } else { -5 })
        } else {
            Score::Cp(ply as i32 * 37 - 1500)
        };
        let a = Annotation {
            mark: (ply > 0 && ply % 5 == 0).then(|| Mark::from_level(ply / 5 % 4).unwrap()),
            eval: Some(eval),
            pv,
            depth: Some(ply as u32 % 20 + 1),
            nodes: Some(ply as u64 * 1000),
            engine: Some("shogiban".into()),
        };
        set_annotation(record, id, Some(&a));
    }
    main_line_annotations(record)
}

#[test]
fn analysed_records_round_trip_through_every_format() {
    let mut rec = sample();
    // the player's own words on a move, kept before the analysis
    let third = rec.main_line()[2];
    rec.node_mut(third).comments.push("急戦策".into());
    let expected = analyse(&mut rec);
    assert_eq!(expected.len(), rec.main_line().len() + 1);
    assert!(expected.iter().all(Option::is_some));
    for format in [Format::Kif, Format::Kifu, Format::Ki2, Format::Ki2u, Format::Csa, Format::Jkf] {
        let text = write_text(&rec, format);
        let (back, _) = read_text(&text, format).unwrap_or_else(|e| panic!("{format:?}: {e}"));
        assert_eq!(back.main_line_moves(), rec.main_line_moves(), "{format:?}");
        assert_eq!(main_line_annotations(&back), expected, "{format:?}");
        let third_back = back.main_line()[2];
        assert_eq!(user_comments(&back.node(third_back).comments), vec!["急戦策"], "{format:?}");
        // written the way ShogiHome writes it
        let marker = match format {
            Format::Csa => "'*#評価値=",
            Format::Jkf => "\"#評価値=",
            _ => "*#評価値=",
        };
        assert!(text.contains(marker), "{format:?} has no {marker}");
        // and written again unchanged
        assert_eq!(write_text(&back, format), text, "{format:?} second write differs");
    }
}

#[test]
fn analysis_in_variations_is_kept_in_kif_and_jkf() {
    let mut rec = sample();
    let fork = rec.main_line()[9];
    let parent = rec.node(fork).parent().unwrap();
    let pos = rec.position_at(parent);
    let other = pos.legal_moves().as_slice().iter().copied().find(|&m| m != rec.node(fork).mv).unwrap();
    let var = rec.add_move(parent, other).unwrap();
    let a = Annotation { mark: Some(Mark::Dubious), eval: Some(Score::Cp(-321)), ..Default::default() };
    set_annotation(&mut rec, var, Some(&a));
    for format in [Format::Kifu, Format::Jkf] {
        let (back, _) = read_text(&write_text(&rec, format), format).unwrap();
        let parent_back = back.main_line()[8];
        let var_back = back.node(parent_back).children()[1];
        assert_eq!(back.node(var_back).mv, other, "{format:?}");
        assert_eq!(annotation(&back, var_back), Some(a.clone()), "{format:?}");
        assert_eq!(main_line_annotations(&back), main_line_annotations(&rec), "{format:?}");
    }
}

#[test]
fn a_shogihome_analysis_file_is_read_as_an_analysis() {
    // as ShogiHome writes a 棋譜解析 result into KIF
    let kif = "手合割：平手\n手数----指手---------消費時間--\n*互角\n*#評価値=35\n*#読み筋=▲７六歩△３四歩\n   1 ２六歩(27)   ( 0:01/00:00:01)\n*互角\n*#評価値=20\n*#読み筋=△３四歩▲７六歩\n*#深さ=15\n*#ノード数=1000000\n*#エンジン=水匠\n   2 ４二玉(51)   ( 0:01/00:00:02)\n*【悪手】\n*先手有利\n*#評価値=480\n*#読み筋=▲２五歩△３二玉▲２四歩\n";
    let (rec, _) = read_text(kif, Format::Kifu).unwrap();
    let an = main_line_annotations(&rec);
    assert_eq!(an.len(), 3);
    assert_eq!(an[0].as_ref().unwrap().eval, Some(Score::Cp(35)));
    assert_eq!(an[1].as_ref().unwrap().depth, Some(15));
    assert_eq!(an[1].as_ref().unwrap().engine.as_deref(), Some("水匠"));
    let last = an[2].as_ref().unwrap();
    assert_eq!(last.mark, Some(Mark::Mistake));
    assert_eq!(last.eval, Some(Score::Cp(480)));
    let p = rec.position_at(rec.main_line()[1]);
    assert_eq!(last.pv.len(), 3);
    assert_eq!(last.pv[0], p.parse_usi_move("2f2e").unwrap());
    assert_eq!(Position::startpos().side_to_move(), shogiban::core::Color::Black);
}

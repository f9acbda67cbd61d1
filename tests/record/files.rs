//! Reading the hand-written golden files in tests/data (KIF in Shift_JIS and UTF-8, KI2, CSA,
//! JKF, USI, and KIF as other programs write it), writing them back, the error and warning
//! reports, `load_record`/`save_record`, and the `convert` command.

use crate::common;

use shogiban::core::{Color, Move, Position};
use shogiban::record::io::Format;
use shogiban::record::kif_read::read_kif;
use shogiban::record::kif_write::{write_ki2, write_kif};
use shogiban::record::text::{Encoding, decode};
use shogiban::record::{GameRecord, NodeId, Outcome, ROOT, SpecialKind, Warning, load_record, save_record};
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

fn load(name: &str) -> (GameRecord, Vec<Warning>) {
    load_record(data(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn load_clean(name: &str) -> GameRecord {
    let (r, w) = load(name);
    assert!(w.is_empty(), "{name}: unexpected warnings {w:?}");
    r
}

fn text_of(name: &str) -> String {
    let (t, _) = decode(&std::fs::read(data(name)).unwrap());
    t.replace("\r\n", "\n")
}

fn usi_line(r: &GameRecord, node: NodeId) -> String {
    r.moves_to(node).into_iter().map(Move::usi).collect::<Vec<_>>().join(" ")
}

fn main_usi(r: &GameRecord) -> String {
    usi_line(r, r.main_line_end())
}

fn game_usi() -> String {
    let t = text_of("game.usi");
    t.trim().trim_start_matches("position startpos moves ").to_string()
}

/// The last node of the line that starts with child `idx` of the node at `depth` on the main
/// line, following first children.
fn variation_end(r: &GameRecord, depth: usize, idx: usize) -> NodeId {
    let parent = if depth == 0 { ROOT } else { r.main_line()[depth - 1] };
    let mut n = r.node(parent).children()[idx];
    while let Some(&c) = r.node(n).children().first() {
        n = c;
    }
    n
}

/// Writer output must equal the golden file apart from its first line (the writer's
/// `# ---- shogiban` banner) and Kakinoki's trailing spaces after 手合割.
fn assert_kif_written_back(name: &str, r: &GameRecord) {
    let golden = text_of(name).replace("手合割：平手　　", "手合割：平手");
    let written = write_kif(r);
    let skip_first = |s: &str| match s.strip_prefix('#') {
        Some(rest) => rest.split_once('\n').map(|x| x.1.to_string()).unwrap_or_default(),
        None => s.to_string(),
    };
    assert_eq!(skip_first(&written), skip_first(&golden), "{name}");
}

#[test]
fn kakinoki_kif_shift_jis() {
    let bytes = std::fs::read(data("kakinoki.kif")).unwrap();
    assert_eq!(decode(&bytes).1, Encoding::ShiftJis);
    let r = load_clean("kakinoki.kif");
    let keys: Vec<&str> = r.headers.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["開始日時", "終了日時", "棋戦", "持ち時間", "手合割", "先手", "後手"]);
    assert_eq!(r.sente_name(), Some("先手太郎"));
    assert_eq!(main_usi(&r), game_usi());
    assert_eq!(r.node(ROOT).comments, ["対局開始"]);
    let main = r.main_line();
    assert_eq!(r.node(main[1]).comments, ["角道を開ける"]);
    assert_eq!(r.node(main[11]).comments, ["成らずに取る"]);
    let t = r.node(main[11]).time.unwrap();
    assert_eq!((t.spent, t.total), (10, Some(26)));
    let end = r.ending().unwrap();
    assert_eq!(end.kind, SpecialKind::Resign);
    assert_eq!(end.time.unwrap().total, Some(35));
    assert_eq!(r.outcome(), Outcome::Win(Color::Black));
    // variations: at move 12 (promoting, ends 中断) and at move 3
    let v12 = variation_end(&r, 11, 1);
    assert!(usi_line(&r, v12).ends_with("2c1b 2b2g+ 2h2g"));
    assert_eq!(r.node(v12).special.as_ref().unwrap().kind, SpecialKind::Interrupt);
    let v3 = variation_end(&r, 2, 1);
    assert_eq!(usi_line(&r, v3), "7g7f 3c3d 2g2f 8c8d");
    assert_kif_written_back("kakinoki.kif", &r);
}

#[test]
fn kakinoki_ki2_matches_the_kif() {
    let r = load_clean("kakinoki.ki2");
    let k = load_clean("kakinoki.kif");
    assert_eq!(main_usi(&r), main_usi(&k));
    assert_eq!(usi_line(&r, variation_end(&r, 11, 1)), usi_line(&k, variation_end(&k, 11, 1)));
    assert_eq!(usi_line(&r, variation_end(&r, 2, 1)), usi_line(&k, variation_end(&k, 2, 1)));
    assert_eq!(r.node(r.main_line()[11]).comments, ["成らずに取る"]);
    assert_eq!(r.ending().unwrap().kind, SpecialKind::Resign);
    assert_eq!(r.node(variation_end(&r, 11, 1)).special.as_ref().unwrap().kind, SpecialKind::Interrupt);
    assert_eq!(write_ki2(&r), text_of("kakinoki.ki2"));
}

#[test]
fn bod_start_and_handicap_names() {
    let r = load_clean("handicap_bod.kifu");
    assert_eq!(r.initial().to_sfen(), "7nl/6gk1/6ppp/9/9/9/6PPP/6SK1/7NL w BSNPr2g3p 1");
    assert_eq!(r.main_line().len(), 9);
    assert_eq!(r.ending().unwrap().kind, SpecialKind::Interrupt);
    assert_eq!(r.node(r.main_line()[1]).comments, ["王手ではない"]);
    assert_kif_written_back("handicap_bod.kifu", &r);

    let r = load_clean("kyo_ochi.kifu");
    assert_eq!(r.handicap().unwrap().name, "香落ち");
    assert_eq!(r.initial().side_to_move(), Color::White);
    assert_eq!(r.sente_name(), Some("下手四郎"));
    assert_eq!(r.outcome(), Outcome::Win(Color::Black));
    assert_kif_written_back("kyo_ochi.kifu", &r);
}

#[test]
fn every_special_ending_in_kif() {
    let r = load_clean("specials.kifu");
    let kinds: Vec<SpecialKind> = (0..r.node(ROOT).children().len())
        .map(|i| r.node(variation_end(&r, 0, i)).special.as_ref().unwrap().kind)
        .collect();
    use SpecialKind::*;
    assert_eq!(
        kinds,
        [
            Resign,
            Interrupt,
            Sennichite,
            Checkmate,
            Jishogi,
            TimeUp,
            IllegalAction(Color::Black),
            IllegalLoss,
            EnteringKingWin
        ]
    );
    // after one move gote is to move: 反則勝ち means sente acted illegally, gote wins
    let outcomes: Vec<Outcome> = kinds.iter().map(|k| k.outcome(Color::White)).collect();
    assert_eq!(outcomes[6], Outcome::Win(Color::White));
    assert_eq!(outcomes[7], Outcome::Win(Color::Black));
    assert_eq!(outcomes[8], Outcome::Win(Color::White));
    assert_kif_written_back("specials.kifu", &r);
}

#[test]
fn csa_games_and_endings() {
    let text = text_of("games.csa");
    let games = shogiban::record::csa::read_csa_games(&text).unwrap();
    assert_eq!(games.len(), 2);
    let (r, w) = &games[0];
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(main_usi(r), game_usi());
    assert_eq!(r.header("棋戦"), Some("テスト棋戦"));
    assert_eq!(r.header("開始日時"), Some("2026/11/22 10:00:00"));
    assert_eq!(r.header("戦型"), Some("角換わり"));
    assert_eq!(r.sente_name(), Some("先手太郎"));
    assert_eq!(r.node(ROOT).comments, ["対局開始"]);
    let main = r.main_line();
    assert_eq!(r.node(main[1]).comments, ["角道を開ける"]);
    assert_eq!(r.node(main[4]).time.unwrap().spent, 5);
    assert_eq!(r.node(main[5]).time.unwrap().spent, 4);
    assert_eq!(r.ending().unwrap().kind, SpecialKind::Resign);
    assert_eq!(r.ending().unwrap().time.unwrap().spent, 5);
    let (r2, _) = &games[1];
    assert_eq!(r2.handicap().unwrap().name, "二枚落ち");
    assert_eq!(main_usi(r2), "5a4b 7g7f 6a5b");
    assert_eq!(r2.ending().unwrap().kind, SpecialKind::Interrupt);

    let games = shogiban::record::csa::read_csa_games(&text_of("specials.csa")).unwrap();
    let kinds: Vec<&str> = games.iter().map(|(r, _)| r.ending().unwrap().kind.csa()).collect();
    assert_eq!(
        kinds,
        [
            "TORYO",
            "CHUDAN",
            "SENNICHITE",
            "TIME_UP",
            "ILLEGAL_MOVE",
            "+ILLEGAL_ACTION",
            "-ILLEGAL_ACTION",
            "JISHOGI",
            "KACHI",
            "HIKIWAKE",
            "TSUMI",
            "FUZUMI",
            "ERROR"
        ]
    );
    // every ending survives a CSA round trip
    for (r, _) in &games {
        let back = shogiban::record::csa::read_csa(&shogiban::record::csa::write_csa(r)).unwrap().0;
        assert_eq!(&back, r);
    }
}

#[test]
fn csa_board_rows_and_all_remaining_pieces() {
    let r = load_clean("tsume.csa");
    let h = r.initial().hand(Color::White);
    use shogiban::core::PieceKind::*;
    assert_eq!((h.count(Rook), h.count(Bishop), h.count(Gold), h.count(Pawn)), (2, 2, 1, 15));
    assert_eq!(r.initial().hand(Color::Black).count(Gold), 2);
    assert_eq!(main_usi(&r), "G*3a 2b3a G*4a");
    assert_eq!(r.ending().unwrap().kind, SpecialKind::Resign);
}

#[test]
fn handwritten_jkf_with_forks() {
    let r = load_clean("handwritten.jkf");
    assert_eq!(r.handicap().unwrap().name, "香落ち");
    assert_eq!(r.header("棋戦"), Some("JKF手書き"));
    assert_eq!(main_usi(&r), "3c3d 7g7f 2b8h+ 7i8h B*5e");
    assert_eq!(r.node(ROOT).comments, ["香落ちの対局"]);
    assert_eq!(r.ending().unwrap().kind, SpecialKind::Resign);
    assert_eq!(r.ending().unwrap().time.unwrap().spent, 60);
    let fork = variation_end(&r, 1, 1);
    assert_eq!(usi_line(&r, fork), "3c3d 2g2f 8c8d 2f2e");
    assert_eq!(r.node(fork).comments, ["棒銀へ"]);
    assert_eq!(r.node(fork).special.as_ref().unwrap().kind, SpecialKind::Interrupt);
}

#[test]
fn usi_file() {
    let r = load_clean("game.usi");
    assert_eq!(main_usi(&r), game_usi());
    let r2 = shogiban::record::usi::read_usi(
        "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f",
    )
    .unwrap()
    .0;
    assert_eq!(main_usi(&r2), "7g7f");
}

#[test]
fn other_programs_kif() {
    let cases = [
        ("81dojo.kif", "7g7f 3c3d 8h2b+ 3a2b B*4e", Some(SpecialKind::Resign)),
        ("shogigui.kifu", "7g7f 3c3d 8h2b+ 3a2b", Some(SpecialKind::Interrupt)),
        ("shogidokoro.kif", "7g7f 8c8d 7i6h 3c3d 6h7g", Some(SpecialKind::TimeUp)),
        ("shogiquest.kif", "7g7f 3c3d 7f7e 8b4b 2h7h", Some(SpecialKind::IllegalLoss)),
        ("lenient.kifu", "7g7f 3c3d 8h2b+ 3a2b B*4e 5a6b 4e3d 6b5a 3d2c 2b2c 7i6h", None),
    ];
    for (name, moves, special) in cases {
        let r = load_clean(name);
        assert_eq!(main_usi(&r), moves, "{name}");
        assert_eq!(r.ending().map(|s| s.kind), special, "{name}");
    }
    let r = load_clean("shogidokoro.kif");
    let t = r.node(r.main_line()[4]).time.unwrap();
    assert_eq!((t.spent, t.total), (1, Some(8)));
    let r = load_clean("shogigui.kifu");
    assert!(r.node(r.main_line()[0]).comments[0].starts_with("*解析"));
}

#[test]
fn illegal_move_keeps_the_record_up_to_there() {
    let text = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ５五飛(88)\n   4 ８四歩(83)\n\n変化：2手\n   2 ８四歩(83)\n   3 ２六歩(27)\n";
    let (r, w) = read_kif(text).unwrap();
    assert_eq!(main_usi(&r), "7g7f 3c3d");
    assert_eq!(w.len(), 1);
    assert!(w[0].is_error());
    assert_eq!(w[0].line, 5);
    assert!(w[0].message.contains("５五飛(88)"), "{}", w[0]);
    // the variation after the error is still read
    assert_eq!(usi_line(&r, variation_end(&r, 1, 1)), "7g7f 8c8d 2g2f");
    let (r, w) = read_kif("1▲７六歩(77)\n2 foo\n").unwrap();
    assert_eq!(main_usi(&r), "7g7f");
    assert_eq!(w[0].line, 2);
    assert!(w[0].to_string().starts_with("line 2: error"), "{}", w[0]);
    // file name and line in load_record warnings
    let dir = common::TempDir::new("record-test");
    let p = dir.join("bad.kifu");
    std::fs::write(&p, "1 ７六歩(77)\n2 ７六歩(77)\n").unwrap();
    let (_, w) = load_record(&p).unwrap();
    assert!(w[0].to_string().contains("bad.kifu:2:"), "{}", w[0]);
    assert!(load_record(dir.join("missing.kif")).is_err());
}

#[test]
fn save_and_load_every_format() {
    let r = load_clean("kakinoki.kif");
    let dir = common::TempDir::new("record-save");
    for ext in ["kif", "kifu", "ki2", "ki2u", "csa", "jkf", "usi"] {
        let p = dir.join(format!("game.{ext}"));
        save_record(&p, &r).unwrap();
        let bytes = std::fs::read(&p).unwrap();
        let expected = Format::from_name(ext).unwrap().file_encoding();
        assert_eq!(decode(&bytes).1, expected, "{ext}");
        let (back, w) = load_record(&p).unwrap();
        assert!(w.is_empty(), "{ext}: {w:?}");
        assert_eq!(main_usi(&back), main_usi(&r), "{ext}");
        if matches!(ext, "kif" | "kifu" | "jkf") {
            assert_eq!(back, r, "{ext}");
        }
    }
    // no temporary files are left behind
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty());
}

#[test]
fn final_position_sfen() {
    let r = load_clean("game.usi");
    let mut p = Position::startpos();
    for m in r.main_line_moves() {
        p.do_move(m);
    }
    assert_eq!(shogiban::record::usi::write_sfen(&r).trim(), p.to_sfen());
}

#[test]
fn kakinoki_layout_of_a_new_record() {
    let mut r = GameRecord::default();
    r.set_header("開始日時", "2026/11/22 10:00:00");
    r.set_header("先手", "Alice");
    r.set_header("後手", "Bob");
    let p = Position::startpos();
    let m1 = p.parse_usi_move("7g7f").unwrap();
    let mut p1 = p.clone();
    p1.do_move(m1);
    let m2 = p1.parse_usi_move("3c3d").unwrap();
    let end = r.push_main_line(&[m1, m2]).unwrap();
    r.set_special(end, Some(shogiban::record::Special::new(SpecialKind::Resign)));
    let expected = "# ---- shogiban 棋譜ファイル ----
開始日時：2026/11/22 10:00:00
手合割：平手
先手：Alice
後手：Bob
手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:00/00:00:00)
   2 ３四歩(33)   ( 0:00/00:00:00)
   3 投了
まで2手で後手の勝ち
";
    assert_eq!(write_kif(&r), expected);
    assert_eq!(r.outcome(), Outcome::Win(Color::White));
}

#[test]
fn csa_as_cshogi_writes_it() {
    let text = "V2.2\nN+O'Brien\nN-B\n$START_TIME:2026/11/22 10:00:00\nPI\n+\n+7776FU,T1,'* 30 -3334FU\n-3334FU,T2,'plain comment, ignored\n+2726FU\nT3\n%TORYO\nT0\n";
    let (r, w) = shogiban::record::csa::read_csa(text).unwrap();
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(main_usi(&r), "7g7f 3c3d 2g2f");
    assert_eq!(r.sente_name(), Some("O'Brien"));
    let main = r.main_line();
    assert_eq!(r.node(main[0]).comments, [" 30 -3334FU"]);
    assert!(r.node(main[1]).comments.is_empty());
    assert_eq!(r.node(main[2]).time.unwrap().spent, 3);
    // a board given by rows with empty hand lines, as cshogi writes non-PI starts
    let rows = "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI *  *  *  *  * -KA * \nP3-FU-FU-FU-FU-FU-FU-FU-FU-FU\nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA *  *  *  *  * +HI * \nP9+KY+KE+GI+KI+OU+KI+GI+KE+KY\nP+\nP-\n+\n+7776FU\n";
    let (r, w) = shogiban::record::csa::read_csa(rows).unwrap();
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(r.handicap().unwrap().name, "平手");
}

#[test]
fn ki2_without_marks_and_half_width() {
    let text = "手合割：平手\n\n７六歩 ３四歩\t2二角成 同　銀\n45角 △５二金左\nまで6手で先手の勝ち\n";
    let (r, w) = shogiban::record::kif_read::read_ki2(text).unwrap();
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(main_usi(&r), "7g7f 3c3d 8h2b+ 3a2b B*4e 4a5b");
    assert_eq!(r.outcome(), Outcome::Win(Color::Black));
}

#[test]
fn variation_instead_of_a_special_move() {
    let r = load_clean("special_variation.kifu");
    assert_eq!(main_usi(&r), "7g7f 3c3d");
    assert_eq!(r.ending().unwrap().kind, SpecialKind::Resign);
    let end = r.main_line_end();
    let alt = r.node(end).children()[0];
    assert_eq!(usi_line(&r, alt), "7g7f 3c3d 2g2f");
    assert_eq!(r.node(alt).special.as_ref().unwrap().kind, SpecialKind::Interrupt);
    assert_kif_written_back("special_variation.kifu", &r);
    // the same tree through JKF (a fork on the special entry) and KI2
    for f in [Format::Jkf, Format::Ki2u] {
        let text = shogiban::record::write_text(&r, f);
        let back = shogiban::record::read_text(&text, f).unwrap().0;
        assert_eq!(usi_line(&back, back.node(back.main_line_end()).children()[0]), "7g7f 3c3d 2g2f", "{f:?}");
    }
}

#[test]
fn all_games_of_a_csa_file() {
    let games = shogiban::record::load_all_records(data("specials.csa")).unwrap();
    assert_eq!(games.len(), 13);
    assert!(games.iter().all(|(r, w)| w.is_empty() && r.main_line().len() == 1));
    let one = shogiban::record::load_all_records(data("kakinoki.kif")).unwrap();
    assert_eq!(one.len(), 1);
}

#[test]
fn bare_usi_move_list_is_read_from_the_start_position() {
    use shogiban::record::{Format, read_text};
    assert_eq!(Format::detect("7g7f 3c3d 8h2b+\n"), Some(Format::Usi));
    let (rec, warnings) = read_text("7g7f 3c3d 8h2b+ 3a2b B*4e\n", Format::Usi).unwrap();
    assert!(warnings.is_empty());
    let got: Vec<String> = rec.main_line_moves().iter().map(|m| m.usi()).collect();
    assert_eq!(got, ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]);
    // an illegal move keeps the moves before it and says where
    let (rec, warnings) = read_text("7g7f 7g7f\n", Format::Usi).unwrap();
    assert_eq!(rec.main_line_moves().len(), 1);
    assert!(warnings[0].to_string().contains("move 2"), "{}", warnings[0]);
}

/// The sample game shipped in `assets/` (the app's `shogiban assets/sample.kifu`) loads without
/// warnings, is the whole game, and is written back byte for byte.
#[test]
fn shipped_sample_kifu() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/sample.kifu");
    let (r, w) = load_record(&path).unwrap();
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(r.main_line().len(), 115);
    assert_eq!(r.sente_name(), Some("shogiban"));
    assert_eq!(r.ending().unwrap().kind, SpecialKind::Resign);
    assert_eq!(r.outcome(), Outcome::Win(Color::Black));
    assert!(main_usi(&r).starts_with("7g7f 8c8d 6g6f 3c3d 6f6e"));
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(write_kif(&r), text);
}

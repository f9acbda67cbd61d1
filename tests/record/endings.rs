//! Every ending written in each format's own way (KIF and KI2 as Kifu for Windows writes them,
//! CSA `%` lines, JKF `special`), read back to the same ending; 下手/上手 in handicap games; a
//! real perpetual check read back with the right loser.

use shogiban::core::{Color, GameStatus, Position};
use shogiban::record::io::{Format, read_text, write_text};
use shogiban::record::{GameRecord, HANDICAPS, Outcome, Special, SpecialKind};

/// Two moves from the start (sente to move), then `kind`.
fn ended(kind: SpecialKind) -> GameRecord {
    let mut r = GameRecord::new(Position::startpos());
    let p = Position::startpos();
    let moves = ["7g7f", "3c3d"].map(|m| shogiban::core::Move::from_usi(m).unwrap());
    let last = r.push_main_line(&moves).unwrap();
    assert!(p.is_legal(moves[0]));
    r.set_special(last, Some(Special::new(kind)));
    r
}

/// (ending, KIF special-move word, summary line, CSA line, JKF special); 連続王手の千日手 needs a
/// real repetition and has its own test below.
fn table() -> Vec<(SpecialKind, &'static str, &'static str, &'static str, &'static str)> {
    use SpecialKind::*;
    vec![
        (Resign, "投了", "まで2手で後手の勝ち", "%TORYO", "TORYO"),
        (Checkmate, "詰み", "まで2手で詰み", "%TSUMI", "TSUMI"),
        (Sennichite, "千日手", "まで2手で千日手", "%SENNICHITE", "SENNICHITE"),
        (EnteringKingWin, "入玉勝ち", "まで2手で先手の入玉勝ち", "%KACHI", "KACHI"),
        (TimeUp, "切れ負け", "まで2手で時間切れにより後手の勝ち", "%TIME_UP", "TIME_UP"),
        (IllegalLoss, "反則負け", "まで2手で先手の反則負け", "%ILLEGAL_MOVE", "ILLEGAL_MOVE"),
        (
            IllegalAction(Color::White),
            "反則勝ち",
            "まで2手で先手の反則勝ち",
            "%-ILLEGAL_ACTION",
            "-ILLEGAL_ACTION",
        ),
        (Jishogi, "持将棋", "まで2手で持将棋", "%JISHOGI", "JISHOGI"),
        (Interrupt, "中断", "まで2手で中断", "%CHUDAN", "CHUDAN"),
    ]
}

#[test]
fn each_ending_in_each_format() {
    for (kind, word, summary, csa, jkf) in table() {
        let r = ended(kind);
        let kif = write_text(&r, Format::Kif);
        assert!(kif.contains(&format!("   3 {word}\n{summary}\n")), "{kind:?}:\n{kif}");
        let ki2 = write_text(&r, Format::Ki2);
        assert!(ki2.ends_with(&format!("{summary}\n")), "{kind:?}:\n{ki2}");
        let c = write_text(&r, Format::Csa);
        assert!(c.ends_with(&format!("{csa}\n")), "{kind:?}:\n{c}");
        let j = write_text(&r, Format::Jkf);
        assert!(j.contains(&format!("\"special\":\"{jkf}\"")), "{kind:?}:\n{j}");
        for (format, text) in [(Format::Kif, &kif), (Format::Ki2, &ki2), (Format::Csa, &c), (Format::Jkf, &j)]
        {
            let (back, _) = read_text(text, format).unwrap();
            let read = back.ending().map(|s| s.kind).unwrap_or_else(|| panic!("{format:?} lost {kind:?}"));
            assert_eq!(read, kind, "{format:?}");
            assert_eq!(back.outcome(), r.outcome(), "{format:?} {kind:?}");
        }
    }
}

#[test]
fn handicap_games_name_the_sides_shitate_and_uwate() {
    let h = HANDICAPS.iter().find(|h| h.name == "香落ち").unwrap();
    let mut r = GameRecord::with_handicap(h);
    r.set_header("先手", "Hanako");
    r.set_header("後手", "Taro");
    // 上手 (gote) moves first; 下手 resigns after one move
    let m = r.initial().parse_usi_move("3c3d").unwrap();
    let last = r.push_main_line(&[m]).unwrap();
    r.set_special(last, Some(Special::new(SpecialKind::Resign)));
    let kif = write_text(&r, Format::Kif);
    assert!(kif.contains("手合割：香落ち\n下手：Hanako\n上手：Taro\n"), "{kif}");
    assert!(kif.contains("まで1手で上手の勝ち\n"), "{kif}");
    let (back, _) = read_text(&kif, Format::Kif).unwrap();
    assert_eq!(back.sente_name(), Some("Hanako"));
    assert_eq!(back.gote_name(), Some("Taro"));
    assert_eq!(back.outcome(), Outcome::Win(Color::White));
    let ki2 = write_text(&r, Format::Ki2);
    assert!(ki2.contains("下手：Hanako\n上手：Taro\n") && ki2.ends_with("まで1手で上手の勝ち\n"), "{ki2}");
    // an even game keeps 先手/後手
    let mut even = ended(SpecialKind::Resign);
    even.set_header("先手", "Hanako");
    assert!(write_text(&even, Format::Kif).contains("先手：Hanako\n"));
}

#[test]
fn perpetual_check_read_back_names_the_checker() {
    // ☗'s rook checks along ranks a and b while ☖'s king steps between 1a and 1b
    let start = Position::from_sfen("R7k/9/9/9/9/9/9/9/K8 w - 1").unwrap();
    let cycle = ["1a1b", "9a9b", "1b1a", "9b9a"];
    let mut pos = start.clone();
    let mut moves = Vec::new();
    'play: loop {
        for m in cycle {
            let mv = pos.parse_usi_move(m).unwrap();
            pos.do_move(mv);
            moves.push(mv);
            if pos.status().is_over() {
                break 'play;
            }
        }
    }
    assert_eq!(pos.status(), GameStatus::PerpetualCheck { loser: Color::Black });
    let mut r = GameRecord::new(start.clone());
    let last = r.push_main_line(&moves).unwrap();
    r.set_special(last, Some(Special::new(SpecialKind::PerpetualCheck(Color::Black))));
    let n = moves.len();
    let kif = write_text(&r, Format::Kif);
    assert!(kif.contains(&format!("まで{n}手で連続王手の千日手により後手の勝ち\n")), "{kif}");
    assert!(write_text(&r, Format::Csa).ends_with("%OUTE_SENNICHITE\n"));
    assert!(write_text(&r, Format::Jkf).contains("\"special\":\"OUTE_SENNICHITE\""));
    for format in [Format::Kif, Format::Ki2, Format::Csa, Format::Jkf] {
        let (back, _) = read_text(&write_text(&r, format), format).unwrap();
        assert_eq!(
            back.ending().map(|s| s.kind),
            Some(SpecialKind::PerpetualCheck(Color::Black)),
            "{format:?}"
        );
        assert_eq!(back.outcome(), Outcome::Win(Color::White), "{format:?}");
    }
    // in a variation KIF writes no summary: the position tells the 反則 line is the perpetual check
    let mut r = GameRecord::new(start.clone());
    let end = r.push_main_line(&moves).unwrap();
    r.set_special(end, Some(Special::new(SpecialKind::PerpetualCheck(Color::Black))));
    let alt = r.add_move(shogiban::record::ROOT, start.parse_usi_move("1a2b").unwrap()).unwrap();
    r.promote_to_main_line(alt);
    let kif = write_text(&r, Format::Kif);
    assert!(kif.contains("変化：1手"), "{kif}");
    let (back, _) = read_text(&kif, Format::Kif).unwrap();
    let ends: Vec<_> =
        (0..back.node_count()).filter_map(|n| back.node(n).special.as_ref().map(|s| s.kind)).collect();
    assert_eq!(ends, [SpecialKind::PerpetualCheck(Color::Black)], "{kif}");
}

#[test]
fn start_and_end_times_in_both_header_styles() {
    let mut r = ended(SpecialKind::Resign);
    r.set_header("開始日時", "2026/11/25 10:00:00");
    r.set_header("終了日時", "2026/11/25 11:04:00");
    let kif = write_text(&r, Format::Kif);
    assert!(kif.contains("開始日時：2026/11/25 10:00:00\n終了日時：2026/11/25 11:04:00\n"), "{kif}");
    let csa = write_text(&r, Format::Csa);
    assert!(csa.contains("$START_TIME:2026/11/25 10:00:00\n$END_TIME:2026/11/25 11:04:00\n"), "{csa}");
    let (back, _) = read_text(&csa, Format::Csa).unwrap();
    assert_eq!(back.header("開始日時"), Some("2026/11/25 10:00:00"));
    assert_eq!(back.header("終了日時"), Some("2026/11/25 11:04:00"));
}

//! Opening book: building from games, the text format round trip, legality of the shipped book,
//! the weighted pick and the on/off switch.

use shogiban::core::{Move, Position};
use shogiban::engine::book::build::{BookBuilder, parse_usi_games};
use shogiban::engine::book::{BUILTIN_BOOK, Book, BookProblem, position_sfen};
use shogiban::engine::rng::Rng;

const OPENINGS: &str = include_str!("../../assets/openings.txt");

fn mv(s: &str) -> Move {
    Move::from_usi(s).unwrap()
}

fn book_from(text: &str, plies: usize) -> Book {
    let mut b = BookBuilder::new(plies);
    for (start, moves) in parse_usi_games(text, "test").unwrap() {
        b.add_game(&start, &moves).unwrap();
    }
    b.finish()
}

#[test]
fn shipped_book_is_built_from_the_openings_file() {
    let built = book_from(OPENINGS, 24);
    let shipped = Book::parse(BUILTIN_BOOK, "assets/book.sfen").unwrap();
    assert_eq!(built, shipped, "assets/book.sfen is stale: rebuild it with `shogiban book build`");
    assert_eq!(Book::builtin(), shipped);
    // byte for byte, so the file in git is exactly what the command writes
    assert_eq!(built.to_text(), BUILTIN_BOOK);
}

#[test]
fn every_book_move_is_legal_in_its_position() {
    let book = Book::builtin();
    assert!(book.len() > 100, "the shipped book has only {} positions", book.len());
    for e in book.entries() {
        let pos = Position::from_sfen(&e.sfen).unwrap();
        assert!(!e.moves.is_empty());
        for b in &e.moves {
            assert!(pos.is_legal(b.mv), "{} not legal in {}", b.mv.usi(), e.sfen);
            assert!(b.weight > 0);
        }
    }
}

#[test]
fn openings_cover_the_main_lines_and_each_has_10_to_24_plies() {
    let games = parse_usi_games(OPENINGS, "openings").unwrap();
    assert!(games.len() >= 15);
    for (_, moves) in &games {
        assert!((10..=24).contains(&moves.len()), "a line of {} plies", moves.len());
    }
    // named openings from the comments are present
    for name in [
        "矢倉",
        "角換わり",
        "相掛かり",
        "横歩取り",
        "四間飛車",
        "三間飛車",
        "中飛車",
        "向かい飛車",
        "石田流",
        "ゴキゲン",
    ] {
        assert!(OPENINGS.contains(name), "{name} missing");
    }
    // the book answers the usual first moves
    let book = Book::builtin();
    let start = Position::startpos();
    let first: Vec<Move> = book.moves(&start).iter().map(|b| b.mv).collect();
    assert!(first.contains(&mv("7g7f")) && first.contains(&mv("2g2f")));
}

#[test]
fn round_trip_build_write_read() {
    let games = "position startpos moves 7g7f 3c3d 2g2f 8c8d\n\
                 startpos moves 7g7f 3c3d 2g2f 4c4d\n\
                 7g7f 8c8d\n\
                 # a comment\n\
                 \n\
                 sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 2g2f 8c8d 2f2e\n";
    let book = book_from(games, 24);
    let start = Position::startpos();
    let weights: Vec<(String, u32)> = book.moves(&start).iter().map(|b| (b.mv.usi(), b.weight)).collect();
    assert_eq!(weights, vec![("7g7f".to_string(), 3), ("2g2f".to_string(), 1)]);
    let text = book.to_text();
    let again = Book::parse(&text, "round trip").unwrap();
    assert_eq!(book, again);
    assert_eq!(again.to_text(), text);
    // through a file as well
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("book.sfen");
    book.save(&path).unwrap();
    let loaded = Book::load(&path).unwrap();
    assert_eq!(book, loaded);
}

#[test]
fn positions_are_found_whatever_the_move_number_and_path() {
    // the same position by two move orders
    let book = book_from("7g7f 3c3d 2g2f\n", 24);
    let mut p = Position::startpos();
    for m in ["2g2f", "3c3d", "7g7f"] {
        p.do_move(mv(m));
    }
    let mut q = Position::startpos();
    for m in ["7g7f", "3c3d", "2g2f"] {
        q.do_move(mv(m));
    }
    assert_eq!(position_sfen(&p), position_sfen(&q));
    // after 7g7f 3c3d the book knows 2g2f; the position after 2g2f 3c3d is a different one
    let mut r = Position::startpos();
    r.do_move(mv("7g7f"));
    r.do_move(mv("3c3d"));
    assert_eq!(book.best(&r), Some(mv("2g2f")));
    let from_sfen = Position::from_sfen(&format!("{} 37", position_sfen(&r))).unwrap();
    assert_eq!(book.best(&from_sfen), Some(mv("2g2f")));
}

#[test]
fn plies_limit() {
    let book = book_from("7g7f 3c3d 2g2f 8c8d 2f2e 8d8e\n", 2);
    assert_eq!(book.len(), 2);
}

#[test]
fn weighted_pick_is_deterministic_with_a_seed_and_follows_weights() {
    let book = Book::parse(
        "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -\n7g7f 3\n2g2f 1\n5g5f 0\n",
        "t",
    )
    .unwrap();
    let start = Position::startpos();
    let draw = |seed| {
        let mut rng = Rng::new(seed);
        (0..50).map(|_| book.pick(&start, &mut rng).unwrap()).collect::<Vec<_>>()
    };
    assert_eq!(draw(7), draw(7));
    assert_ne!(draw(7), draw(8));
    let mut rng = Rng::new(42);
    let mut counts = std::collections::HashMap::new();
    for _ in 0..4000 {
        *counts.entry(book.pick(&start, &mut rng).unwrap().usi()).or_insert(0) += 1;
    }
    let a = counts["7g7f"];
    let b = counts["2g2f"];
    assert!(!counts.contains_key("5g5f"), "a zero-weight move was picked");
    // 3:1 expected; generous bounds
    assert!(a > 2 * b && a < 4 * b, "7g7f {a} vs 2g2f {b}");
}

#[test]
fn switching_off() {
    let mut book = Book::builtin();
    let start = Position::startpos();
    let mut rng = Rng::new(1);
    assert!(book.pick(&start, &mut rng).is_some());
    book.set_enabled(false);
    assert!(!book.is_enabled());
    assert!(book.pick(&start, &mut rng).is_none());
    assert!(book.moves(&start).is_empty());
    assert!(book.best(&start).is_none());
    book.set_enabled(true);
    assert!(book.best(&start).is_some());
    // out of book
    let far = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1").unwrap();
    assert!(book.pick(&far, &mut rng).is_none());
}

#[test]
fn errors_name_the_line() {
    // an illegal move in a game file
    let e = parse_usi_games("7g7f 3c3d\n\n7g7f 3c3d 7g7f\n", "games.txt").unwrap_err();
    assert_eq!(e.line, 3);
    assert!(e.to_string().starts_with("games.txt:3:"), "{e}");
    // an illegal move, a bad weight, a move before any position in a book file
    let start = "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -\n";
    let e = Book::parse(&format!("{start}7g7f 1\n7g7e 1\n"), "b").unwrap_err();
    assert_eq!(e.line, 3);
    let e = Book::parse(&format!("{start}7g7f x\n"), "b").unwrap_err();
    assert_eq!(e.line, 2);
    let e = Book::parse("7g7f 1\n", "b").unwrap_err();
    assert_eq!(e.line, 1);
    assert_eq!(e.problem, BookProblem::MoveBeforeSfen);
    let e = Book::parse("sfen nonsense\n", "b").unwrap_err();
    assert_eq!(e.line, 1);
    // the builder refuses an illegal game and adds nothing
    let mut b = BookBuilder::new(24);
    let err = b.add_game(&Position::startpos(), &[mv("7g7f"), mv("7g7f")]).unwrap_err();
    assert_eq!(err.ply, 2);
    assert_eq!(err.to_string(), "move 2 (7g7f) is not legal");
    assert_eq!(b.games(), 0);
    assert!(b.finish().is_empty());
}

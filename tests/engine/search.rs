//! Search behaviour: mates found, legal answers, limits honoured, stop, determinism, special
//! answers (resign, impasse declaration, single move), levels.

use shogiban::core::Position;
use shogiban::core::Score;
use shogiban::engine::mate::quickmate::{CheckMateResult, check_mate_search};
use shogiban::engine::search::root::SearchResult;
use shogiban::engine::search::time::Limits;
use shogiban::engine::{Engine, EngineOptions};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

fn engine() -> Engine {
    Engine::new(EngineOptions { hash_mb: 16, ..EngineOptions::default() })
}

fn search(pos: &Position, limits: Limits) -> SearchResult {
    engine().search(pos, limits, Arc::new(AtomicBool::new(false)), |_| {})
}

/// After `first`, every defence is mated within `plies` more plies (checked exhaustively).
fn forced_mate_after(pos: &Position, first: shogiban::core::Move, plies: u32) -> bool {
    let mut p = pos.clone();
    assert!(p.is_legal(first));
    p.do_move(first);
    if p.is_checkmate() {
        return true;
    }
    let replies = p.legal_moves();
    replies.iter().all(|&r| {
        let mut q = p.clone();
        q.do_move(r);
        matches!(check_mate_search(&q, plies, &mut || false), CheckMateResult::Mate(_))
    })
}

#[test]
fn finds_mate_in_one() {
    let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
    let r = search(&pos, Limits::depth(4));
    assert_eq!(r.best.unwrap().usi(), "G*5b");
    assert_eq!(r.score, Score::Mate(1));
}

#[test]
fn finds_mates_in_three() {
    for sfen in ["4k4/9/4P4/9/9/9/9/9/4K4 b RS 1", "7kl/9/6PPp/9/9/9/9/9/4K4 b RS 1"] {
        let pos = Position::from_sfen(sfen).unwrap();
        let r = search(&pos, Limits::depth(6));
        assert_eq!(r.score, Score::Mate(3), "{sfen}");
        assert!(forced_mate_after(&pos, r.best.unwrap(), 1), "{sfen}: {:?}", r.best);
    }
}

#[test]
fn finds_mate_in_five() {
    let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b RGG 1").unwrap();
    let r = search(&pos, Limits::depth(9));
    // the check-only search needs five plies; the engine may find a quiet first move that mates
    // sooner, which must then really force mate
    let Score::Mate(n) = r.score else { panic!("no mate found: {:?}", r.score) };
    assert!(n == 3 || n == 5, "{n}");
    assert!(forced_mate_after(&pos, r.best.unwrap(), n as u32 - 2), "{:?} {:?}", r.best, r.pv);
}

#[test]
fn sees_being_mated() {
    // gote to move, sente threatens G*5b mate... gote (to move) has nothing; it is mated next
    let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 w G 1").unwrap();
    let r = search(&pos, Limits::depth(4));
    assert!(r.best.is_some());
    assert!(matches!(r.score, Score::Mate(n) if n < 0) || matches!(r.score, Score::Cp(c) if c < 0));
}

#[test]
fn a_lost_side_resists_instead_of_checking_perpetually() {
    // gote's horse has checked sente's king 2e <-> 1f twice round; sente threatens G*9b mate.
    // Playing 2g3f again would be the perpetual check (連続王手の千日手), a loss by rule that match
    // runners record as an illegal move. It is no better than being mated on the spot, so gote
    // must prefer the longest resistance (the horse given up with check, mated later).
    let mut pos = Position::from_sfen("k8/2+R6/3P5/6SGG/6pKS/9/7+b1/6s2/9 w G 1").unwrap();
    for m in ["2g3f", "2e1f", "3f2g", "1f2e"] {
        let m = pos.parse_usi_move(m).unwrap();
        pos.do_move(m);
    }
    let r = search(&pos, Limits::depth(8));
    let best = r.best.unwrap().usi();
    assert_ne!(best, "2g3f", "{:?} {:?}", r.score, r.pv);
    // every other move is mated; the longest resistance is a mate in six
    assert_eq!(r.score, Score::Mate(-6), "{best} {:?}", r.pv);
}

/// Deterministic pseudo-random numbers for the playouts.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize
    }
}

#[test]
fn never_returns_an_illegal_move() {
    let mut rng = Lcg(2024);
    let mut e = engine();
    let mut checked = 0;
    for game in 0..6 {
        let mut pos = Position::startpos();
        let plies = 20 + game * 25;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.do_move(moves.as_slice()[rng.next() % moves.len()]);
        }
        let r = e.search(&pos, Limits::nodes(3_000), Arc::new(AtomicBool::new(false)), |_| {});
        let legal = pos.legal_moves();
        match r.best {
            Some(m) => {
                assert!(legal.contains(m), "{} in {}", m.usi(), pos.to_sfen());
                if let Some(p) = r.ponder {
                    let mut after = pos.clone();
                    after.do_move(m);
                    assert!(after.is_legal(p), "ponder {} after {}", p.usi(), m.usi());
                }
                let mut p = pos.clone();
                for &mv in &r.pv {
                    assert!(p.is_legal(mv), "pv move {} in {}", mv.usi(), p.to_sfen());
                    p.do_move(mv);
                }
            }
            None => assert!(legal.is_empty() || r.declare_win),
        }
        checked += 1;
    }
    assert_eq!(checked, 6);
}

#[test]
fn honours_depth_and_node_limits() {
    let pos = Position::startpos();
    let r = search(&pos, Limits::depth(5));
    assert_eq!(r.depth, 5);
    let r = search(&pos, Limits::nodes(5_000));
    assert!(r.nodes <= 5_000 + 64, "{}", r.nodes);
    assert!(r.best.is_some());
}

#[test]
fn same_search_same_nodes() {
    let pos =
        Position::from_sfen("ln3gsn1/7kl/3+B1p1p1/p4s2p/2P6/P2B3PP/1PNP+rPP2/2G3SK1/L4G1NL b G3Prs3p 65")
            .unwrap();
    let a = search(&pos, Limits::depth(6));
    let b = search(&pos, Limits::depth(6));
    assert_eq!(a.nodes, b.nodes);
    assert_eq!(a.best, b.best);
    assert_eq!(a.pv, b.pv);
}

#[test]
fn stop_flag_ends_an_infinite_search() {
    // stopped once the search has reported its first iteration
    let stop = Arc::new(AtomicBool::new(false));
    let s2 = Arc::clone(&stop);
    let limits = Limits { infinite: true, ..Limits::default() };
    let r = engine().search(&Position::startpos(), limits, stop, move |_| s2.store(true, Ordering::Relaxed));
    assert!(Position::startpos().is_legal(r.best.unwrap()));
}

#[test]
fn no_legal_move_resigns() {
    // gote is checkmated (gold on 5b supported by the pawn)
    let pos = Position::from_sfen("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1").unwrap();
    assert!(pos.is_checkmate());
    let r = search(&pos, Limits::depth(3));
    assert!(r.best.is_none() && !r.declare_win);
}

#[test]
fn declares_impasse_win() {
    let pos =
        Position::from_sfen("+R+B2K4/9/+P+P+P+P+P+P+P+P+P/9/9/9/9/9/8k b 2G2S2N2LP2g2s2n2l8p 1").unwrap();
    let r = search(&pos, Limits::depth(3));
    assert!(r.declare_win && r.best.is_none());
    // one point short: no declaration, an ordinary move
    let pos =
        Position::from_sfen("+R+B2K4/9/+P+P+P+P+P+P+P+P+P/9/9/9/9/9/8k b 2G2S2N2L2g2s2n2l9p 1").unwrap();
    let r = search(&pos, Limits::depth(3));
    assert!(!r.declare_win && r.best.is_some());
}

#[test]
fn single_legal_move_is_played() {
    // sente king on 9i in check from a dragon... only one escape
    let pos = Position::from_sfen("4k4/9/9/9/9/9/9/1+r7/K8 b - 1").unwrap();
    let legal = pos.legal_moves();
    assert_eq!(legal.len(), 1);
    let r = search(&pos, Limits::depth(10));
    assert_eq!(r.best, Some(legal.as_slice()[0]));
}

#[test]
fn weak_levels_play_legal_moves() {
    let mut pos = Position::startpos();
    for level in shogiban::engine::levels::Level::all().take(5) {
        let mut e = engine();
        e.set_level(level);
        e.set_seed(level.get() as u64);
        let r = e.search(&pos, Limits::movetime(10_000), Arc::new(AtomicBool::new(false)), |_| {});
        let m = r.best.unwrap();
        assert!(pos.is_legal(m));
        assert!(r.depth <= 3);
        pos.do_move(m);
    }
}

#[test]
fn book_hook_is_used_when_legal() {
    let mut e = engine();
    e.set_book(Some(Box::new(|p: &Position| p.parse_usi_move("2g2f").ok())));
    // the book answers games on a clock (here a 60 s move time, answered at once)...
    let r =
        e.search(&Position::startpos(), Limits::movetime(60_000), Arc::new(AtomicBool::new(false)), |_| {});
    assert_eq!(r.best.unwrap().usi(), "2g2f");
    assert_eq!(r.depth, 0);
    // ...but never fixed-depth or infinite searches (analysis)
    let r = e.search(&Position::startpos(), Limits::depth(2), Arc::new(AtomicBool::new(false)), |_| {});
    assert_eq!(r.depth, 2);
    e.set_own_book(false);
    let r = e.search(&Position::startpos(), Limits::depth(3), Arc::new(AtomicBool::new(false)), |_| {});
    assert!(r.depth == 3);
}

#[test]
fn two_threads_play_legal_moves() {
    let mut e = engine();
    e.set_threads(2);
    let pos =
        Position::from_sfen("ln3gsn1/7kl/3+B1p1p1/p4s2p/2P6/P2B3PP/1PNP+rPP2/2G3SK1/L4G1NL b G3Prs3p 65")
            .unwrap();
    let r = e.search(&pos, Limits::depth(6), Arc::new(AtomicBool::new(false)), |_| {});
    assert!(pos.is_legal(r.best.unwrap()));
    assert_eq!(r.depth, 6);
    let stop = Arc::new(AtomicBool::new(false));
    let s2 = Arc::clone(&stop);
    let limits = Limits { infinite: true, ..Limits::default() };
    let r = e.search(&pos, limits, stop, move |_| s2.store(true, Ordering::Relaxed));
    assert!(pos.is_legal(r.best.unwrap()));
}

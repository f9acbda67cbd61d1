//! Hand-made positions for the rules every generator gets wrong once, sennichite, impasse and
//! game-over detection.

use shogiban::core::*;

fn pos(sfen: &str) -> Position {
    Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

fn usi_moves(p: &Position) -> Vec<String> {
    p.legal_moves().iter().map(|m| m.usi()).collect()
}

fn play(p: &mut Position, moves: &str) {
    for u in moves.split_whitespace() {
        let m = p.parse_usi_move(u).unwrap_or_else(|e| panic!("{u}: {e}"));
        p.do_move(m);
    }
}

#[test]
fn uchifuzume_refused() {
    let p = pos("8k/9/7+R1/9/9/9/9/9/K8 b P 1");
    let moves = usi_moves(&p);
    assert_eq!(moves.len(), 92);
    assert!(!moves.contains(&"P*1b".to_string()));
    assert!(!p.is_legal(Move::from_usi("P*1b").unwrap()));
    // the same pawn may be dropped elsewhere
    assert!(moves.contains(&"P*1c".to_string()));
}

#[test]
fn uchifuzume_with_pinned_defender() {
    // The silver on 2a could take the pawn on 1b but is pinned by the rook on 5a.
    let p = pos("4R2sk/9/6G2/7N1/9/9/9/9/4K4 b P 1");
    assert!(!p.is_legal(Move::from_usi("P*1b").unwrap()));
    // Without the rook the silver is free, so the drop is legal (it is check, not mate).
    let q = pos("7sk/9/6G2/7N1/9/9/9/9/4K4 b RP 1");
    assert!(q.is_legal(Move::from_usi("P*1b").unwrap()));
}

#[test]
fn uchifuzume_protected_pawn() {
    let p = pos("8k/9/6NS1/9/9/9/9/9/4K4 b P 1");
    let moves = usi_moves(&p);
    assert_eq!(moves.len(), 85);
    assert!(!moves.contains(&"P*1b".to_string()));
}

#[test]
fn pawn_push_mate_is_legal() {
    // 突き歩詰め: pushing a pawn from the board to mate is fine.
    let mut p = pos("8k/9/6NSP/9/9/9/9/9/4K4 b - 1");
    let m = p.parse_usi_move("1c1b+").or_else(|_| p.parse_usi_move("1c1b")).unwrap();
    p.do_move(m);
    assert!(p.is_checkmate());
}

#[test]
fn pawn_drop_check_that_can_be_answered_is_legal() {
    let p = pos("8k/9/9/9/9/9/9/9/4K4 b P 1");
    assert!(p.is_legal(Move::from_usi("P*1b").unwrap()));
}

#[test]
fn forced_promotion() {
    let p = pos("4k4/7P1/9/9/9/9/9/9/4K4 b - 1");
    let pawn: Vec<String> = usi_moves(&p).into_iter().filter(|m| m.starts_with("2b")).collect();
    assert_eq!(pawn, vec!["2b2a+"]);

    let p = pos("4k4/9/7N1/9/9/9/9/9/4K4 b - 1");
    let mut knight: Vec<String> = usi_moves(&p).into_iter().filter(|m| m.starts_with("2c")).collect();
    knight.sort();
    assert_eq!(knight, vec!["2c1a+", "2c3a+"]);

    let p = pos("4k4/9/9/9/7L1/9/9/9/4K4 b - 1");
    let lance = usi_moves(&p);
    assert!(lance.contains(&"2e2a+".to_string()));
    assert!(!lance.contains(&"2e2a".to_string()));
    assert!(lance.contains(&"2e2b".to_string()));
    assert!(lance.contains(&"2e2b+".to_string()));
    assert!(lance.contains(&"2e2c".to_string()));
    assert!(lance.contains(&"2e2d".to_string()));
    assert!(!lance.contains(&"2e2d+".to_string()));
}

#[test]
fn forced_promotion_for_gote() {
    let p = pos("4k4/9/9/9/9/9/9/1p7/4K4 w - 1");
    let pawn: Vec<String> = usi_moves(&p).into_iter().filter(|m| m.starts_with("8h")).collect();
    assert_eq!(pawn, vec!["8h8i+"]);
}

#[test]
fn dead_drops_refused() {
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b PLN 1");
    for m in usi_moves(&p) {
        let mv = Move::from_usi(&m).unwrap();
        if let Some(k) = mv.drop_kind() {
            let r = mv.to().rank();
            match k {
                PieceKind::Pawn | PieceKind::Lance => assert!(r >= 2, "{m}"),
                PieceKind::Knight => assert!(r >= 3, "{m}"),
                _ => {}
            }
        }
    }
    // 79 empty squares; pawn and lance lose rank a, knight ranks a and b
    let drops = usi_moves(&p).iter().filter(|m| m.contains('*')).count();
    let empty_a = 9 - 1; // king on 5a
    assert_eq!(drops, (79 - empty_a) * 2 + (79 - empty_a - 9));
}

#[test]
fn nifu_refused() {
    let p = pos("4k4/9/9/9/9/9/2P6/9/4K4 b P 1");
    let moves = usi_moves(&p);
    assert!(!moves.iter().any(|m| m.starts_with("P*7")), "no pawn drop on file 7");
    assert!(moves.contains(&"P*6e".to_string()));
    // a tokin on the file does not count
    let p = pos("4k4/9/9/9/9/9/2+P6/9/4K4 b P 1");
    assert!(usi_moves(&p).contains(&"P*7e".to_string()));
}

#[test]
fn unpromoted_moves_stay_legal() {
    let p = pos("lnsgk1snl/1r4g2/p1ppppb1p/6pP1/7R1/2P6/P2PPPP1P/1SG6/LN2KGSNL b BP2p 21");
    let moves = usi_moves(&p);
    assert!(moves.contains(&"2d2c".to_string()));
    assert!(moves.contains(&"2d2c+".to_string()));
}

#[test]
fn unpromoted_bishop_and_rook_moves_counted() {
    let p = pos("4k4/9/9/9/9/9/9/1B5R1/4K4 b - 1");
    let moves = usi_moves(&p);
    assert!(moves.contains(&"8h3c".to_string()));
    assert!(moves.contains(&"8h3c+".to_string()));
    assert!(moves.contains(&"2h2a".to_string()));
    assert!(moves.contains(&"2h2a+".to_string()));
}

#[test]
fn pinned_piece_stays_on_line() {
    // Gold on 5h pinned by the rook on 5a: it may move along the file only.
    let p = pos("4r4/9/9/9/9/9/9/4G4/4K4 b - 1");
    let gold: Vec<String> = usi_moves(&p).into_iter().filter(|m| m.starts_with("5h")).collect();
    assert_eq!(gold, vec!["5h5g"]);
}

#[test]
fn king_cannot_step_back_along_checking_line() {
    let p = pos("4r4/9/9/9/9/9/9/9/4K4 b - 1");
    assert!(p.in_check());
    let moves = usi_moves(&p);
    assert!(!moves.contains(&"5i5h".to_string()));
    assert!(moves.contains(&"5i4i".to_string()));
}

#[test]
fn evasions_include_interposing_drops() {
    let p = pos("4r4/9/9/9/9/9/9/9/4K4 b G 1");
    let moves = usi_moves(&p);
    for r in ['b', 'c', 'd', 'e', 'f', 'g', 'h'] {
        assert!(moves.contains(&format!("G*5{r}")), "G*5{r}");
    }
    assert_eq!(moves.iter().filter(|m| m.contains('*')).count(), 7);
}

#[test]
fn double_check_allows_king_moves_only() {
    let p = pos("ln2+r1r2/5s+Pkl/3+B1p1p1/p4B2p/2P6/P6PP/1PNP1P3/2G3SK1/L4G1NL w 2GSN3Ps3p 76");
    assert!(p.checkers().more_than_one());
    let ksq = p.king_square(Color::White).unwrap();
    for m in p.legal_moves().iter() {
        assert_eq!(m.from(), ksq);
    }
}

#[test]
fn sennichite_plain_draw() {
    let mut p = Position::startpos();
    for _ in 0..2 {
        play(&mut p, "5i5h 5a5b 5h5i 5b5a");
        assert_eq!(p.repetition(), Repetition::None);
    }
    play(&mut p, "5i5h 5a5b 5h5i 5b5a");
    assert_eq!(p.repetition(), Repetition::Draw);
    assert_eq!(p.status(), GameStatus::Sennichite);
}

#[test]
fn perpetual_check_loses() {
    let mut p = pos("lnsg1gsnl/1r5b1/ppppppppp/4k4/9/5R3/PPPPPPPPP/1B7/LNSGKGSNL b - 1");
    for _ in 0..2 {
        play(&mut p, "4f5f 5d4d 5f4f 4d5d");
        assert_eq!(p.repetition(), Repetition::None);
    }
    play(&mut p, "4f5f 5d4d 5f4f 4d5d");
    assert_eq!(p.repetition(), Repetition::PerpetualCheck { loser: Color::Black });
    assert_eq!(p.status(), GameStatus::PerpetualCheck { loser: Color::Black });
    assert_eq!(p.status().winner(), Some(Color::White));
}

#[test]
fn impasse_declaration_27_point_rule() {
    let p = pos("+R+B2K4/9/+P+P+P+P+P+P+P+P+P/9/9/9/9/9/8k b 2G2S2N2LP2g2s2n2l8p 1");
    assert_eq!(p.impasse_count(Color::Black), (28, 11));
    assert_eq!(p.declaration(ImpasseRule::Csa27), Declaration::Win);
    let q = pos("+R+B2K4/9/+P+P+P+P+P+P+P+P+P/9/9/9/9/9/8k b 2G2S2N2L2g2s2n2l9p 1");
    assert_eq!(q.impasse_count(Color::Black).0, 27);
    assert_eq!(q.declaration(ImpasseRule::Csa27), Declaration::Lose);
    // Under the 24-point rule 27 and 28 points are a draw.
    assert_eq!(p.declaration(ImpasseRule::Jsa24), Declaration::Draw);
    assert_eq!(q.declaration(ImpasseRule::Jsa24), Declaration::Draw);
}

#[test]
fn impasse_needs_king_in_camp_and_ten_pieces() {
    let p = Position::startpos();
    assert_eq!(p.declaration(ImpasseRule::Csa27), Declaration::Lose);
    // king in camp but too few pieces there
    let q = pos("4K4/9/+P+P+P6/9/9/9/9/9/8k b 2R2B4G4S4N4L15p 1");
    assert_eq!(q.impasse_count(Color::Black).1, 3);
    assert_eq!(q.declaration(ImpasseRule::Csa27), Declaration::Lose);
}

#[test]
fn checkmate_and_status() {
    // Fool's-mate-like: gold drop mate.
    let mut p = pos("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    play(&mut p, "G*5b");
    assert!(p.is_checkmate());
    assert_eq!(p.status(), GameStatus::Checkmate { loser: Color::White });
    assert_eq!(Position::startpos().status(), GameStatus::Ongoing);
}

#[test]
fn gives_check_matches_reality() {
    let p = pos("ln3gsn1/7kl/3+B1p1p1/p4s2p/2P6/P2B3PP/1PNP+rPP2/2G3SK1/L4G1NL b G3Prs3p 65");
    for &m in p.legal_moves().iter() {
        let mut q = p.clone();
        q.do_move(m);
        assert_eq!(p.gives_check(m), q.in_check(), "{m}");
    }
}

#[test]
fn move_text_and_squares() {
    let sq = Square::from_usi("7f").unwrap();
    assert_eq!((sq.file(), sq.rank()), (7, 6));
    assert_eq!(Square::from_index(80), Square::new(9, 9));
    assert_eq!(Square::from_index(81), None);
    for t in ["7g7f", "8h2b+", "P*5e"] {
        assert_eq!(Move::from_usi(t).unwrap().usi(), t);
    }
    for bad in ["", "7g7g", "K*5e", "0a1b", "7g7f*", "P*5j"] {
        assert!(Move::from_usi(bad).is_none(), "{bad}");
    }
    let p = Position::startpos();
    assert!(p.parse_usi_move("7g7f").is_ok());
    let e = p.parse_usi_move("7g7e").unwrap_err();
    assert_eq!(e, shogiban::core::UsiMoveError::Illegal("7g7e".into()));
    assert_eq!(e.to_string(), "7g7e is not legal in this position");
    let e = p.parse_usi_move("7g").unwrap_err();
    assert_eq!(e.to_string(), "'7g' is not USI move text (like 7g7f, 8h2b+ or P*5e)");
}

#[test]
fn capture_generator_equals_filtered_legal_moves() {
    for s in [
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "ln3gsn1/7kl/3+B1p1p1/p4s2p/2P6/P2B3PP/1PNP+rPP2/2G3SK1/L4G1NL b G3Prs3p 65",
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
        "ln2+r1r2/5s+Pkl/3+B1p1p1/p4B2p/2P6/P6PP/1PNP1P3/2G3SK1/L4G1NL w 2GSN3Ps3p 76",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    ] {
        let p = pos(s);
        let enemy = p.pieces_of(!p.side_to_move());
        let mut want: Vec<String> = p
            .legal_moves()
            .iter()
            .filter(|m| m.is_promotion() || (!m.is_drop() && enemy.contains(m.to())))
            .map(|m| m.usi())
            .collect();
        let mut l = MoveList::new();
        p.generate_captures(&mut l);
        let mut got: Vec<String> = l.iter().map(|m| m.usi()).collect();
        want.sort();
        got.sort();
        assert_eq!(got, want, "{s}");
        assert_eq!(checks_of(&p), checking_moves_by_playing(&p), "{s}");
    }
}

fn checks_of(p: &Position) -> Vec<Move> {
    let mut checks = MoveList::new();
    p.generate_checks(&mut checks);
    checks.iter().copied().collect()
}

/// The reference: every legal move, in generation order, that leaves the opponent in check.
fn checking_moves_by_playing(p: &Position) -> Vec<Move> {
    let mut q = p.clone();
    p.legal_moves()
        .iter()
        .copied()
        .filter(|&m| {
            q.do_move(m);
            let check = q.in_check();
            q.undo_move();
            check
        })
        .collect()
}

/// `generate_checks` tries drops only on the squares from which they would attack the king;
/// along random games with full hands (tsume-like: the attacker holds many pieces, pawn drops
/// near the king, pins, checks while in check) it must give exactly the legal checking moves,
/// in the order of the full generation.
#[test]
fn check_generation_matches_playing_every_move() {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut next = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    let starts = [
        "4k4/9/9/9/9/9/9/9/4K4 b RBGSNLPrb3g3s3n3l17p 1",
        "3g1k3/4p4/9/9/9/9/9/9/4K4 b RB2G2S2N2L9Prbg2s2n2l8p 1",
        "ln3gsn1/7kl/3+B1p1p1/p4s2p/2P6/P2B3PP/1PNP+rPP2/2G3SK1/L4G1NL b G3Prs3p 65",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
    ];
    let mut positions = 0;
    for s in starts {
        for _ in 0..12 {
            let mut p = pos(s);
            for _ in 0..40 {
                assert_eq!(checks_of(&p), checking_moves_by_playing(&p), "{}", p.to_sfen());
                positions += 1;
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // prefer checks now and then, to reach positions in check
                let checks = checks_of(&p);
                let m = if !checks.is_empty() && next(3) == 0 {
                    checks[next(checks.len())]
                } else {
                    moves.as_slice()[next(moves.len())]
                };
                p.do_move(m);
            }
        }
    }
    assert!(positions > 1000);
}

#[test]
fn is_legal_agrees_with_generation_on_every_16_bit_value() {
    // quiet middle games (the direct single-move test), positions in check (the generating
    // path), a pawn drop that would be uchifuzume, a pinned piece, a promoted-piece position
    for s in [
        "ln3gsn1/7kl/3+B1p1p1/p4s2p/2P6/P2B3PP/1PNP+rPP2/2G3SK1/L4G1NL b G3Prs3p 65",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "kn7/9/1G7/9/9/9/9/9/8K b P 1",
        "4k4/9/4r4/9/9/9/4B4/9/4K4 b - 1",
        "4k4/4r4/9/9/9/9/9/4S4/4K4 b GN2P 1",
    ] {
        let p = pos(s);
        let legal = p.legal_moves();
        let mut n = 0;
        for v in 0..=u16::MAX {
            let m = Move::from_bits(v);
            let ok = p.is_legal(m);
            assert_eq!(ok, legal.contains(m), "{m:?} in {s}");
            n += ok as usize;
        }
        assert_eq!(n, legal.len(), "{s}");
    }
}

/// `has_legal_move` stops at the first evasion in check; it must agree with full generation.
#[test]
fn has_legal_move_agrees_with_generation() {
    fn walk(p: &mut Position, depth: u32, in_check_seen: &mut u32, mates: &mut u32) {
        if p.in_check() {
            *in_check_seen += 1;
            let any = !p.legal_moves().is_empty();
            assert_eq!(p.has_legal_move(), any, "{}", p.to_sfen());
            assert_eq!(p.is_checkmate(), !any);
            *mates += !any as u32;
        }
        if depth == 0 {
            return;
        }
        for &m in p.legal_moves().iter() {
            p.do_move(m);
            walk(p, depth - 1, in_check_seen, mates);
            p.undo_move();
        }
    }
    let (mut checks, mut mates) = (0, 0);
    for (s, d) in [
        // checks everywhere, pieces in hand on both sides
        ("ln3gsn1/7kl/3+B1p1p1/p4s2p/2P6/P2B3PP/1PNP+rPP2/2G3SK1/L4G1NL b G3Prs3p 65", 2),
        ("8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124", 2),
        // mates in one by drops and interpositions; pawn drops that would be uchifuzume
        ("7nk/7p1/9/8P/9/9/9/9/K8 b GSNLP2r2b3g3s2n3l15p 1", 3),
        ("4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l16p 1", 3),
    ] {
        let mut p = pos(s);
        walk(&mut p, d, &mut checks, &mut mates);
    }
    assert!(checks > 1000 && mates > 10, "checks {checks}, mates {mates}");
    // the only capturer of the checking gold is pinned by the bishop on 8f: mate
    let p = pos("8k/9/9/9/9/1b7/5s3/3Gg4/4K4 b - 1");
    assert!(p.in_check() && p.legal_moves().is_empty());
    assert!(!p.has_legal_move() && p.is_checkmate());
    // without the pin the gold takes
    let p = pos("8k/9/9/9/9/9/5s3/3Gg4/4K4 b B 1");
    assert!(p.has_legal_move() && !p.is_checkmate());
}

#[test]
fn usi_squares_below_rank_a_are_refused_not_overflowed() {
    // '`' is the byte before 'a': the rank must not wrap around to a panic
    assert_eq!(Square::from_usi("5`"), None);
    assert_eq!(Move::from_usi("7`7f"), None);
    assert_eq!(Move::from_usi("P*5`"), None);
}

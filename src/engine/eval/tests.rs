//! Tests of the static evaluation.

use super::*;

#[test]
fn start_position_is_balanced() {
    let pos = Position::startpos();
    let t = EvalTables::new(&pos);
    assert_eq!(t.strategy, [Strategy::DoubleWing, Strategy::DoubleWing]);
    // symmetric position: only the tempo bonus remains
    assert_eq!(evaluate(&pos, &t), tuned::TEMPO);
}

/// The position turned round with the colours swapped (same game, other side).
pub(crate) fn flipped(pos: &Position) -> Position {
    let mut sfen = String::new();
    for rank in 1..=9u8 {
        let mut empty = 0;
        for file in (1..=9u8).rev() {
            let p = pos.piece_at(Square::new(file, rank).unwrap().flip());
            if p.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                sfen.push_str(&empty.to_string());
                empty = 0;
            }
            let q = crate::core::Piece::new(p.color().flip(), p.kind_unchecked());
            sfen.push_str(&q.sfen());
        }
        if empty > 0 {
            sfen.push_str(&empty.to_string());
        }
        if rank < 9 {
            sfen.push('/');
        }
    }
    sfen.push_str(if pos.side_to_move() == Color::Black { " w " } else { " b " });
    let mut hand = String::new();
    for c in [Color::White, Color::Black] {
        for (k, n) in pos.hand(c).iter() {
            if n > 1 {
                hand.push_str(&n.to_string());
            }
            let l = k.usi_letter();
            hand.push(if c == Color::White { l } else { l.to_ascii_lowercase() });
        }
    }
    sfen.push_str(if hand.is_empty() { "-" } else { &hand });
    sfen.push_str(" 1");
    Position::from_sfen(&sfen).unwrap()
}

#[test]
fn mirror_symmetry() {
    for sfen in [
        "lnsgk2nl/1r4gs1/p1pppp1pp/6p2/1p7/2P6/PP1PPPPPP/1S5R1/LN1GKGSNL w Bb 1",
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
        "ln3gsn1/7kl/3+B1p1p1/p4s2p/2P6/P2B3PP/1PNP+rPP2/2G3SK1/L4G1NL b G3Prs3p 65",
    ] {
        let a = Position::from_sfen(sfen).unwrap();
        let b = flipped(&a);
        assert_eq!(evaluate(&a, &EvalTables::new(&a)), evaluate(&b, &EvalTables::new(&b)), "{sfen}");
    }
}

/// The incremental accumulator matches one built from scratch along random games that move
/// the kings often (a king move recomputes the king-relative terms measured from it).
#[test]
fn accumulator_follows_moves_and_king_moves() {
    let mut seed = 12345u64;
    for sfen in [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    ] {
        let mut pos = Position::from_sfen(sfen).unwrap();
        let t = EvalTables::new(&pos);
        let mut acc = Accumulator::new(&pos, &t);
        for _ in 0..300 {
            let moves: Vec<_> = pos.legal_moves().iter().copied().collect();
            if moves.is_empty() {
                break;
            }
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let r = (seed >> 33) as usize;
            let king = |m: &crate::core::Move| {
                m.drop_kind().is_none() && pos.piece_at(m.from()).kind_unchecked() == PieceKind::King
            };
            let kings: Vec<_> = moves.iter().filter(|m| king(m)).copied().collect();
            let m = if r.is_multiple_of(3) && !kings.is_empty() {
                kings[r % kings.len()]
            } else {
                moves[r % moves.len()]
            };
            acc = acc.after(&pos, m, &t);
            pos.do_move(m);
            assert_eq!(acc, Accumulator::new(&pos, &t), "after {m:?} in {}", pos.to_sfen());
        }
    }
}

#[test]
fn extra_material_is_good() {
    let pos = Position::from_sfen("lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b R 1").unwrap();
    let t = EvalTables::new(&pos);
    assert!(evaluate(&pos, &t) > 500);
}

#[test]
fn strategy_detection() {
    // sente ranging rook (rook on 7h), gote static
    let pos =
        Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1BR6/LNSGKGSNL w - 1").unwrap();
    assert_eq!(detect_strategy(&pos), [Strategy::RangingVsStatic, Strategy::StaticVsRanging]);
    let pos = Position::from_sfen("lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/7R1/LNSGKGSNL b Bb 1").unwrap();
    assert_eq!(detect_strategy(&pos)[0], Strategy::BishopExchange);
}

/// Every king (colour index and square) with every piece code on every square.
fn king_piece_cases() -> impl Iterator<Item = (usize, Square, usize, Square)> {
    (0..2).flat_map(|ki| {
        Square::all().flat_map(move |k| {
            Color::ALL.into_iter().flat_map(move |c| {
                PieceKind::ALL.into_iter().flat_map(move |kind| {
                    let p = crate::core::Piece::new(c, kind).code() as usize;
                    Square::all().map(move |sq| (ki, k, p, sq))
                })
            })
        })
    })
}

/// Each king-piece row the search reads holds the learned table's value and the king-relative
/// term of every piece on every square it stands for, seen from every king square: the rows are
/// shared by mirror images, and so must their terms be.
#[test]
fn the_king_piece_rows_hold_the_learned_and_king_relative_terms() {
    let st = statics();
    let mut checked = 0;
    for (ki, k, p, sq) in king_piece_cases() {
        let Some(i) = st.kp.orientation().index(ki, k, p, sq) else { continue };
        let rel = rel_from_king(st, ki, k, p, sq);
        let expected = st.kp.piece(ki, k, p, sq) + if ki == 0 { rel } else { -rel };
        assert_eq!(st.king_piece[i], expected, "king {ki} on {k:?}, piece {p} on {sq:?}");
        checked += 1;
    }
    assert!(checked > 300_000, "{checked}");
}

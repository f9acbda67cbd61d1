//! The evaluation taken apart (`shogiban eval`): every term of `evaluate` on its own, to see
//! what the engine thinks of a position and why. The terms add up to `evaluate` exactly (a test
//! checks it), so the trace cannot drift from the evaluation it explains.

use super::*;
use std::fmt;

/// The terms of the evaluation of one position, sente positive unless noted, in centipawns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// The strategies (戦形) detected for sente and gote (they choose the castle tables).
    pub strategy: [Strategy; 2],
    /// Pieces on the board at their material value.
    pub material: i32,
    /// Pieces in hand (their value by count, including the no-pawn-in-hand penalty).
    pub hand: i32,
    /// Piece-square terms (rank terms and the fitted per-square tables).
    pub piece_square: i32,
    /// Castle building (駒組み): king, gold and silver tables of each side's strategy.
    pub castle: i32,
    /// King-relative terms of every piece (zero while the tables are unused).
    pub king_relative: i32,
    /// The learned king-piece terms (`eval::kp`) of the board and both hands.
    pub king_piece: i32,
    /// The learned king-piece network (`net`), sente positive.
    pub king_network: i32,
    /// Endgame degree (終盤度) of `[sente, gote]`: how hard each side is attacked, 0..DEGREE_MAX.
    pub degree: [i32; 2],
    /// The degree difference term.
    pub degree_term: i32,
    /// Attacker / defender bonuses (攻め駒・守り駒) weighted by the degrees.
    pub attack_defence: i32,
    /// King-danger units of `[sente's king, gote's king]` and their empty neighbours the enemy
    /// attacks.
    pub king_units: [(i32, i32); 2],
    /// King-danger penalties of `[sente's king, gote's king]` (positive = bad for that side).
    pub king_danger: [i32; 2],
    /// Bonus for the side to move (not sente positive: it goes to whoever moves).
    pub tempo: i32,
    /// The evaluation from the side to move's point of view (what `evaluate` returns).
    pub total: i32,
    /// Whether sente is to move.
    pub sente_to_move: bool,
}

impl Trace {
    /// The sente-positive sum of the terms before the tempo.
    pub fn sente_sum(&self) -> i32 {
        self.material
            + self.hand
            + self.piece_square
            + self.castle
            + self.king_relative
            + self.king_piece
            + self.king_network
            + self.degree_term
            + self.attack_defence
            - self.king_danger[0]
            + self.king_danger[1]
    }

    /// The terms on one line, `name=value` separated by spaces, for scripts.
    pub fn line(&self) -> String {
        format!(
            "total={} material={} hand={} piece_square={} castle={} king_relative={} king_piece={} king_network={} \
             degree={} attack_defence={} king_danger_sente={} king_danger_gote={} tempo={}",
            self.total,
            self.material,
            self.hand,
            self.piece_square,
            self.castle,
            self.king_relative,
            self.king_piece,
            self.king_network,
            self.degree_term,
            self.attack_defence,
            self.king_danger[0],
            self.king_danger[1],
            self.tempo
        )
    }
}

/// Takes the evaluation of `pos` apart (tables for a search rooted at `pos`).
pub fn trace(pos: &Position) -> Trace {
    let t = EvalTables::new(pos);
    let acc = Accumulator::new(pos, &t);
    let sign = |c: Color, v: i32| if c == Color::Black { v } else { -v };
    let (mut material, mut piece_square, mut castle) = (0, 0, 0);
    for sq in pos.occupied() {
        let p = pos.piece_at(sq);
        let (c, kind) = (p.color(), p.kind_unchecked());
        let own = owner_square(c, sq);
        material += sign(c, BOARD_VALUE[kind as usize]);
        piece_square += sign(c, tuned::PSQ[kind as usize][own.index()] as i32);
        castle += sign(c, castle_term(kind, t.strategy[c.index()], own));
    }
    debug_assert_eq!(material + piece_square + castle, acc.psq);
    let (hand, d) = hands_and_degrees(pos, &acc);
    let (degree_term, attack_defence) = degree_terms(&acc, d);
    let mut king_units = [(0, 0); 2];
    let mut king_danger = [0; 2];
    for c in Color::ALL {
        if let Some(k) = pos.king_square(c) {
            king_units[c.index()] = king_units_with(pos, c, k, t.st);
            king_danger[c.index()] = super::king_danger(pos, c, k, t.st);
        }
    }
    // the accumulator holds the king-relative and learned king-piece terms together
    let ksq = [pos.king_square(Color::Black), pos.king_square(Color::White)];
    let king_relative: i32 = pos
        .occupied()
        .map(|sq| super::rel_terms(t.st, ksq, pos.piece_at(sq).code() as usize, sq).iter().sum::<i32>())
        .sum();
    let mut tr = Trace {
        strategy: t.strategy,
        material,
        hand,
        piece_square,
        castle,
        king_relative,
        king_piece: acc.kp[0] + acc.kp[1] - king_relative + super::kp_hands(pos, t.st),
        king_network: super::net_term(pos, t.st, &acc),
        degree: d,
        degree_term,
        attack_defence,
        king_units,
        king_danger,
        tempo: tuned::TEMPO,
        total: 0,
        sente_to_move: pos.side_to_move() == Color::Black,
    };
    let s = tr.sente_sum();
    tr.total = if tr.sente_to_move { s } else { -s } + tr.tempo;
    tr
}

/// The Japanese name of a strategy, with the English one.
fn strategy_name(s: Strategy) -> &'static str {
    match s {
        Strategy::StaticVsRanging => "居飛車対振り飛車 (static rook vs ranging rook)",
        Strategy::StaticVsCentral => "居飛車対中飛車 (static rook vs central rook)",
        Strategy::RangingVsRanging => "相振り飛車 (both rooks ranging)",
        Strategy::RangingVsStatic => "振り飛車対居飛車 (ranging rook vs static rook)",
        Strategy::CentralVsStatic => "中飛車対居飛車 (central rook vs static rook)",
        Strategy::BishopExchange => "角換わり (bishop exchange)",
        Strategy::DoubleWing => "相掛かり (double wing or other static rook)",
        Strategy::Unknown => "不明 (unknown)",
    }
}

impl fmt::Display for Trace {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        writeln!(f, "strategy: sente {}", strategy_name(self.strategy[0]))?;
        writeln!(f, "          gote  {}", strategy_name(self.strategy[1]))?;
        writeln!(f, "term (centipawns, sente positive)")?;
        let rows = [
            ("material (board)", self.material),
            ("pieces in hand", self.hand),
            ("piece-square", self.piece_square),
            ("castle (駒組み)", self.castle),
            ("king-relative", self.king_relative),
            ("king-piece (learned)", self.king_piece),
            ("king-piece net (learned)", self.king_network),
            ("endgame degree (終盤度)", self.degree_term),
            ("attackers/defenders", self.attack_defence),
            ("sente's king danger", -self.king_danger[0]),
            ("gote's king danger", self.king_danger[1]),
        ];
        for (name, v) in rows {
            // pad by display width: the Japanese names are two columns a character
            let pad = 26usize.saturating_sub(unicode_width::UnicodeWidthStr::width(name));
            writeln!(f, "  {name}{:pad$}{v:>+7}", "")?;
        }
        writeln!(f, "  {:26}{:>+7}", "sum", self.sente_sum())?;
        writeln!(f, "degree: sente {} gote {} (of {DEGREE_MAX})", self.degree[0], self.degree[1])?;
        for (i, side) in ["sente", "gote"].iter().enumerate() {
            let (units, cut) = self.king_units[i];
            writeln!(f, "{side}'s king: {units} danger units, {cut} escape squares attacked")?;
        }
        let mover = if self.sente_to_move { "sente" } else { "gote" };
        write!(f, "evaluation: {:+} for {mover} (to move, tempo {:+} included)", self.total, self.tempo)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_terms_add_up_to_the_evaluation() {
        for sfen in [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "lnsk3nl/2g1r1g2/ppppps1p1/5pp1p/2PP2b2/P4P1P1/1P1SP1P1P/1B1G1R3/LNK2GSNL w - 26",
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
            "ln3gsn1/7kl/3+B1p1p1/p4s2p/2P6/P2B3PP/1PNP+rPP2/2G3SK1/L4G1NL b G3Prs3p 65",
        ] {
            let pos = Position::from_sfen(sfen).unwrap();
            let tr = trace(&pos);
            assert_eq!(tr.total, evaluate(&pos, &EvalTables::new(&pos)), "{sfen}");
        }
    }

    #[test]
    fn terms_say_what_they_measure() {
        // sente has an extra rook in hand: the hand term carries it, the board is even
        let pos =
            Position::from_sfen("lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b R 1").unwrap();
        let tr = trace(&pos);
        assert!(tr.hand > 700, "{tr:?}");
        // gote's rook is off the board: sente is up a rook's board value
        assert_eq!(tr.material, BOARD_VALUE[PieceKind::Rook as usize]);
        // a bare gote king facing a dragon and gold in hand is in danger; sente's is not
        let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K3+R b G 1").unwrap();
        let tr = trace(&pos);
        assert!(tr.king_danger[1] > tr.king_danger[0], "{tr:?}");
        let text = tr.to_string();
        assert!(text.contains("evaluation: ") && text.contains("for sente"), "{text}");
    }
}

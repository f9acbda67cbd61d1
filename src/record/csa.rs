//! CSA records (v2.2 and v3.0): `V2.2`, `N+`/`N-` names, `$KEY:VALUE` headers, the position by
//! `PI` (with handicap removals) or `P1`–`P9` rows and `P+`/`P-` piece lines (incl. `00AL`),
//! the `+`/`-` side line, moves `+7776FU`, `T` times, `%` endings, `'` comments and `,`
//! separated statements. Several games in one file are separated by `/`. CSA has no
//! variations: only the main line is written.

use super::error::{RecordError, Warning};
use super::handicap::Handicap;
use super::names::PieceKindNames;
use super::notation::csa_move;
use super::parse_move::parse_csa_move;
use super::special::SpecialKind;
use super::tree::{GameRecord, MoveTime, NodeId, ROOT, Special, clean_comment, clean_header};
use crate::core::{Color, Hand, Piece, PieceKind, Position, Square};

/// CSA `$` keys and the KIF header names shogiban stores them under.
const HEADER_KEYS: [(&str, &str); 6] = [
    ("EVENT", "棋戦"),
    ("SITE", "場所"),
    ("START_TIME", "開始日時"),
    ("END_TIME", "終了日時"),
    ("TIME_LIMIT", "持ち時間"),
    ("OPENING", "戦型"),
];

/// Reads the first game of CSA text (a note is added if the file holds more).
pub fn read_csa(text: &str) -> Result<(GameRecord, Vec<Warning>), RecordError> {
    let mut games = read_csa_games(text)?;
    let extra = games.len() - 1;
    let (record, mut warnings) = games.swap_remove(0);
    if extra > 0 {
        warnings
            .push(Warning::note(0, format!("the file holds {} games; only the first was read", extra + 1)));
    }
    Ok((record, warnings))
}

/// Reads every game of a CSA file (games are separated by a `/` line).
pub fn read_csa_games(text: &str) -> Result<Vec<(GameRecord, Vec<Warning>)>, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut games = Vec::new();
    let mut chunk: Vec<(usize, &str)> = Vec::new();
    for (i, line) in text.split('\n').enumerate() {
        // a byte that could not be decoded (U+FFFD) at either end of a line is as blank
        let l = line.trim_end_matches(['\r', ' ', '\t', '\u{FFFD}']);
        if l.trim() == "/" {
            games.push(read_game(&chunk)?);
            chunk.clear();
        } else {
            chunk.push((i + 1, l));
        }
    }
    if chunk.iter().any(|(_, l)| !l.trim().is_empty()) || games.is_empty() {
        games.push(read_game(&chunk)?);
    }
    Ok(games)
}

struct CsaGame {
    record: GameRecord,
    warnings: Vec<Warning>,
    board: Option<[Piece; 81]>,
    hands: [Hand; 2],
    side: Color,
    started: bool,
    cur: NodeId,
    pos: Position,
    dead: bool,
    /// Where a `T` line goes: the last move, or the special.
    time_to_special: bool,
    names: [Option<String>; 2],
    /// Moves played before the start position, from a `'手数=N` comment.
    start_number: Option<u32>,
    /// The first line of the position (`PI`, `P1`…, `P+`…), where what is wrong with it is
    /// reported.
    position_at: Option<usize>,
    /// Whether a `+`/`-` line said who moves first.
    side_given: bool,
}

fn read_game(lines: &[(usize, &str)]) -> Result<(GameRecord, Vec<Warning>), RecordError> {
    let mut g = CsaGame {
        record: GameRecord::default(),
        warnings: Vec::new(),
        board: None,
        hands: [Hand::default(); 2],
        side: Color::Black,
        started: false,
        cur: ROOT,
        pos: Position::startpos(),
        dead: false,
        time_to_special: false,
        names: [None, None],
        start_number: None,
        position_at: None,
        side_given: false,
    };
    for &(n, line) in lines {
        let t = line.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{FFFD}');
        // elsewhere than in a comment, such a byte is taken to be one stray byte: dropped
        let kept;
        let t = if t.contains('\u{FFFD}') && !t.contains('\'') {
            kept = t.replace('\u{FFFD}', "");
            kept.as_str()
        } else {
            t
        };
        if t.is_empty() {
            continue;
        }
        // header and name lines run to the end of the line (their values may hold commas)
        if t.starts_with('$') || t.starts_with("N+") || t.starts_with("N-") {
            g.statement(n, t)?;
            continue;
        }
        // a comment runs to the end of the line, also after `,` (`+7776FU,T1,'* good`)
        let (statements, comment) = split_comment(t);
        for stmt in statements.split(',') {
            let s = stmt.trim();
            if !s.is_empty() {
                g.statement(n, s)?;
            }
        }
        if let Some(c) = comment {
            if let Some(c) = c.strip_prefix('*') {
                g.comment(n, clean_comment(c))?;
            } else if let Some(v) = c.trim().strip_prefix("手数=").or_else(|| c.trim().strip_prefix("手数＝"))
            {
                g.move_count(n, v);
            }
        }
    }
    g.start(0)?;
    for (key, name) in ["先手", "後手"].into_iter().zip(g.names) {
        if let Some(name) = name {
            let (k, v) = clean_header(key, &name).expect("names are valid header keys");
            g.record.headers.push((k, v));
        }
    }
    Ok((g.record, g.warnings))
}

/// Splits a line into its statements and the comment (text after a `'` that starts a
/// statement, without the `'`).
fn split_comment(t: &str) -> (&str, Option<&str>) {
    let mut start = 0;
    for part in t.split(',') {
        if part.trim_start().starts_with('\'') {
            let i = start + part.find('\'').expect("starts with a quote");
            return (&t[..start], Some(&t[i + 1..]));
        }
        start += part.len() + 1;
    }
    (t, None)
}

fn color_of_sign(c: u8) -> Option<Color> {
    match c {
        b'+' => Some(Color::Black),
        b'-' => Some(Color::White),
        _ => None,
    }
}

impl CsaGame {
    /// `'手数=N`: the start position comes after N moves (shogiban writes it for such starts).
    fn move_count(&mut self, n: usize, v: &str) {
        match v.trim().parse::<u32>() {
            Ok(c) if !self.started && c < crate::core::MAX_MOVE_NUMBER => self.start_number = Some(c),
            Ok(_) if self.started => {}
            _ => self.warnings.push(Warning::note(n, format!("move count '{v}' not understood, ignored"))),
        }
    }

    /// Fixes the start position; `first_move` is the sign of the move that starts the game,
    /// which says who moves first when no `+`/`-` line did.
    fn start_with(&mut self, n: usize, first_move: Option<Color>) -> Result<(), RecordError> {
        if self.started {
            return Ok(());
        }
        let first_move = first_move.filter(|_| !self.side_given && self.position_at.is_some());
        if let Some(c) = first_move {
            self.side = c;
        }
        self.started = true;
        if let Some(at) = self.position_at
            && !self.side_given
        {
            self.warnings.push(Warning::note(
                at,
                format!(
                    "the position has no side-to-move line (+ or -); {} to move{}",
                    if self.side == Color::Black { "black (先手)" } else { "white (後手)" },
                    if first_move.is_some() { ", as the first move says" } else { " assumed" }
                ),
            ));
        }
        let mut pos = match self.board {
            None if self.hands.iter().all(Hand::is_empty) && self.side == Color::Black => {
                Position::startpos()
            }
            board => {
                let board = board.unwrap_or([Piece::EMPTY; 81]);
                // what is wrong with the position is on its first line
                let at = self.position_at.unwrap_or(n);
                let (pos, problems) = position_from_parts(&board, &self.hands, self.side)
                    .map_err(|e| RecordError::parse(at, e.to_string()))?;
                for p in problems {
                    self.warnings.push(Warning::note(at, p));
                }
                pos
            }
        };
        if let Some(c) = self.start_number {
            pos.set_move_number(c + 1);
        }
        self.record.set_initial(pos)?;
        self.pos = self.record.initial().clone();
        Ok(())
    }

    fn start(&mut self, n: usize) -> Result<(), RecordError> {
        self.start_with(n, None)
    }

    fn comment(&mut self, n: usize, c: String) -> Result<(), RecordError> {
        if !self.started {
            // comments before the first move describe the game
            self.start(n)?;
        }
        if self.dead {
            return Ok(());
        }
        match (self.time_to_special, self.record.node_mut(self.cur).special.as_mut()) {
            (true, Some(s)) => s.comments.push(c),
            _ => self.record.node_mut(self.cur).comments.push(c),
        }
        Ok(())
    }

    fn statement(&mut self, n: usize, s: &str) -> Result<(), RecordError> {
        let b = s.as_bytes();
        match b[0] {
            b'V' => Ok(()),
            b'N' if b.len() >= 2 && color_of_sign(b[1]).is_some() => {
                // names go after the `$` headers, where KIF has them
                self.names[if b[1] == b'+' { 0 } else { 1 }] = Some(s[2..].to_string());
                Ok(())
            }
            b'$' => {
                let (k, v) = s[1..].split_once(':').unwrap_or((&s[1..], ""));
                let key = HEADER_KEYS
                    .iter()
                    .find(|(c, _)| *c == k)
                    .map(|(_, j)| j.to_string())
                    .unwrap_or(k.to_string());
                let kif = (k == "TIME_LIMIT").then(|| super::time_limit::csa_to_kif(v)).flatten();
                match clean_header(&key, kif.as_deref().unwrap_or(v)) {
                    Ok(h) => self.record.headers.push(h),
                    Err(why) => self.warnings.push(Warning::note(n, why.to_string())),
                }
                Ok(())
            }
            b'P' if !self.started => {
                self.position_at.get_or_insert(n);
                self.position_line(n, s)
            }
            b'+' | b'-' if b.len() == 1 && !self.started => {
                self.side = color_of_sign(b[0]).expect("sign");
                self.side_given = true;
                Ok(())
            }
            b'+' | b'-' => self.play(n, s),
            b'T' => {
                // whole seconds (a fraction is dropped); a sign, nan or a time beyond u32 is refused
                let text = s[1..].trim();
                let whole = text.split_once('.').map_or(text, |(w, _)| w);
                let valid = !whole.is_empty()
                    && text.bytes().filter(|&b| b == b'.').count() <= 1
                    && text.bytes().all(|b| b.is_ascii_digit() || b == b'.');
                let Some(secs) = whole.parse::<u32>().ok().filter(|_| valid) else {
                    self.warnings.push(Warning::note(
                        n,
                        format!(
                            "expected a time in seconds like T12 (0 to {}), found '{s}'; ignored",
                            u32::MAX
                        ),
                    ));
                    return Ok(());
                };
                if self.started && !self.dead {
                    let t = Some(MoveTime { spent: secs, total: None });
                    if self.time_to_special {
                        if let Some(sp) = self.record.node_mut(self.cur).special.as_mut() {
                            sp.time = t;
                        }
                    } else if self.cur != ROOT {
                        self.record.node_mut(self.cur).time = t;
                    }
                }
                Ok(())
            }
            b'%' => {
                self.start(n)?;
                if self.dead {
                    return Ok(());
                }
                match SpecialKind::from_csa(&s[1..], &self.pos) {
                    Some(k) => {
                        if self.record.node(self.cur).special.is_none() {
                            self.record.set_special(self.cur, Some(Special::new(k)));
                            self.time_to_special = true;
                        }
                    }
                    None => self.warnings.push(Warning::note(n, format!("unknown ending '{s}' ignored"))),
                }
                Ok(())
            }
            _ => {
                self.warnings.push(Warning::note(n, format!("statement not understood, skipped: {s}")));
                Ok(())
            }
        }
    }

    fn position_line(&mut self, n: usize, s: &str) -> Result<(), RecordError> {
        let err = |m: String| RecordError::parse(n, m);
        let b = s.as_bytes();
        if let Some(rest) = s.strip_prefix("PI") {
            let mut board = Position::board(&Position::startpos());
            if !rest.len().is_multiple_of(4) {
                return Err(err(format!("PI removals come in groups of 4 like 82HI: '{rest}'")));
            }
            for chunk in rest.as_bytes().chunks(4) {
                let sq = square_of(chunk[0], chunk[1])
                    .ok_or_else(|| err(format!("bad square in PI: '{rest}'")))?;
                board[sq.index()] = Piece::EMPTY;
            }
            self.board = Some(board);
            return Ok(());
        }
        if b.len() >= 2 && (b'1'..=b'9').contains(&b[1]) {
            let rank = b[1] - b'0';
            let board = self.board.get_or_insert([Piece::EMPTY; 81]);
            let cells: Vec<char> = s[2..].chars().collect();
            for i in 0..9 {
                let cell: String = (0..3).map(|j| cells.get(i * 3 + j).copied().unwrap_or(' ')).collect();
                let file = 9 - i as u8;
                let sq = Square::new(file, rank).expect("on board");
                let cell_t = cell.trim();
                if cell_t == "*" || cell_t.is_empty() {
                    board[sq.index()] = Piece::EMPTY;
                    continue;
                }
                let cb = cell.as_bytes();
                let color = color_of_sign(cb[0]).ok_or_else(|| err(format!("bad square '{cell}' in {s}")))?;
                let kind = PieceKind::from_csa(&cell[1..])
                    .ok_or_else(|| err(format!("unknown piece '{cell}' in {s}")))?;
                board[sq.index()] = Piece::new(color, kind);
            }
            return Ok(());
        }
        if b.len() >= 2
            && let Some(color) = color_of_sign(b[1])
        {
            let rest = &s[2..];
            if !rest.len().is_multiple_of(4) {
                return Err(err(format!("pieces come in groups of 4 like 00FU: '{rest}'")));
            }
            for chunk in rest.as_bytes().chunks(4) {
                let code = std::str::from_utf8(&chunk[2..]).unwrap_or("");
                if &chunk[..2] == b"00" {
                    if code == "AL" {
                        self.fill_rest(color);
                        continue;
                    }
                    let kind =
                        PieceKind::from_csa(code).filter(|k| !k.is_promoted() && *k != PieceKind::King);
                    let kind = kind.ok_or_else(|| err(format!("'{code}' cannot be in hand")))?;
                    if self.hands[color.index()].count(kind) >= kind.max_count() {
                        return Err(err(format!("too many {code} in hand")));
                    }
                    self.hands[color.index()].add(kind);
                } else {
                    let sq =
                        square_of(chunk[0], chunk[1]).ok_or_else(|| err(format!("bad square in '{s}'")))?;
                    let kind =
                        PieceKind::from_csa(code).ok_or_else(|| err(format!("unknown piece '{code}'")))?;
                    self.board.get_or_insert([Piece::EMPTY; 81])[sq.index()] = Piece::new(color, kind);
                }
            }
            return Ok(());
        }
        Err(err(format!("position line not understood: {s}")))
    }

    /// `00AL`: every piece not yet placed goes to `color`'s hand (kings excepted).
    fn fill_rest(&mut self, color: Color) {
        let board = self.board.get_or_insert([Piece::EMPTY; 81]);
        for k in PieceKind::HAND {
            let used = board.iter().filter(|p| p.kind().is_some_and(|pk| pk.unpromote() == k)).count() as u8
                + self.hands[0].count(k)
                + self.hands[1].count(k);
            let hand = &mut self.hands[color.index()];
            hand.set_count(k, hand.count(k) + k.max_count().saturating_sub(used));
        }
    }

    fn play(&mut self, n: usize, s: &str) -> Result<(), RecordError> {
        self.start_with(n, color_of_sign(s.as_bytes()[0]))?;
        if self.dead {
            return Ok(());
        }
        if self.record.node(self.cur).special.is_some() {
            self.warnings.push(Warning::error(n, format!("move '{s}' after the end of the game")));
            self.dead = true;
            return Ok(());
        }
        match parse_csa_move(&self.pos, s) {
            Ok(m) => {
                self.cur = self.record.add_move_at(self.cur, &self.pos, m)?;
                self.pos.do_move(m);
                self.time_to_special = false;
            }
            Err(e) => {
                self.warnings.push(Warning::error(
                    n,
                    format!(
                        "expected a legal move like +7776FU (move {}): {e}; the rest is skipped",
                        self.record.depth(self.cur) + 1
                    ),
                ));
                self.dead = true;
            }
        }
        Ok(())
    }
}

fn square_of(f: u8, r: u8) -> Option<Square> {
    Square::new(f.wrapping_sub(b'0'), r.wrapping_sub(b'0'))
}

/// A starting position drawn in a record that the rules refuse (see [`position_from_parts`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a valid position: {source}")]
pub(crate) struct InvalidPosition {
    source: crate::core::SfenError,
}

/// Builds (and validates) a position from a board, hands and side to move: more pieces of a
/// kind than one set holds is an error; pieces that can never move and two pawns on a file
/// (composed problems draw them) are accepted and described in the returned warnings.
pub(crate) fn position_from_parts(
    board: &[Piece; 81],
    hands: &[Hand; 2],
    side: Color,
) -> Result<(Position, Vec<String>), InvalidPosition> {
    let (pos, problems) =
        Position::from_parts_lenient(board, hands, side).map_err(|source| InvalidPosition { source })?;
    Ok((pos, problems.iter().map(|p| format!("the position has {p}; read as given")).collect()))
}

/// The main line as CSA v2.2 text.
pub fn write_csa(record: &GameRecord) -> String {
    let mut out = String::from("V2.2\n");
    if let Some(n) = record.sente_name() {
        out.push_str(&format!("N+{n}\n"));
    }
    if let Some(n) = record.gote_name() {
        out.push_str(&format!("N-{n}\n"));
    }
    for (k, v) in &record.headers {
        if let Some((c, _)) = HEADER_KEYS.iter().find(|(_, j)| j == k) {
            let csa = (*c == "TIME_LIMIT").then(|| super::time_limit::kif_to_csa(v)).flatten();
            out.push_str(&format!("${c}:{}\n", csa.as_deref().unwrap_or(v)));
        } else if !k.is_empty()
            && k.bytes().all(|b| b.is_ascii_uppercase() || b == b'_' || b.is_ascii_digit())
        {
            out.push_str(&format!("${k}:{v}\n"));
        }
    }
    let init = record.initial();
    match Handicap::of_position(init) {
        Some(h) => {
            out.push_str("PI");
            for (f, r, code) in h.removed {
                out.push_str(&format!("{f}{r}{code}"));
            }
            out.push('\n');
        }
        None => {
            for rank in 1..=9u8 {
                out.push_str(&format!("P{rank}"));
                for file in (1..=9u8).rev() {
                    let p = init.piece_at(Square::new(file, rank).expect("on board"));
                    match p.kind() {
                        None => out.push_str(" * "),
                        Some(k) => out.push_str(&format!(
                            "{}{}",
                            if p.color() == Color::Black { '+' } else { '-' },
                            k.csa()
                        )),
                    }
                }
                out.push('\n');
            }
            for c in Color::ALL {
                let hand = init.hand(c);
                if !hand.is_empty() {
                    out.push_str(if c == Color::Black { "P+" } else { "P-" });
                    for (k, n) in hand.iter() {
                        for _ in 0..n {
                            out.push_str(&format!("00{}", k.csa()));
                        }
                    }
                    out.push('\n');
                }
            }
        }
    }
    out.push_str(if init.side_to_move() == Color::Black { "+\n" } else { "-\n" });
    let before = super::kif_write::moves_before_start(record);
    if before > 0 {
        out.push_str(&format!("'手数={before}\n"));
    }
    for c in &record.node(ROOT).comments {
        out.push_str(&format!("'*{c}\n"));
    }
    let mut pos = init.clone();
    let mut last = ROOT;
    for n in record.main_line() {
        let nd = record.node(n);
        out.push_str(&csa_move(&pos, nd.mv));
        out.push('\n');
        if let Some(t) = nd.time {
            out.push_str(&format!("T{}\n", t.spent));
        }
        for c in &nd.comments {
            out.push_str(&format!("'*{c}\n"));
        }
        pos.do_move(nd.mv);
        last = n;
    }
    if let Some(sp) = &record.node(last).special {
        out.push_str(&format!("%{}\n", sp.kind.csa()));
        if let Some(t) = sp.time {
            out.push_str(&format!("T{}\n", t.spent));
        }
        for c in &sp.comments {
            out.push_str(&format!("'*{c}\n"));
        }
    }
    out
}

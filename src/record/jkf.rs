//! JKF, the JSON kifu format (https://github.com/na2hiro/json-kifu-format), through serde:
//! `{header, initial?: {preset, data?}, moves: [{comments}, {move, time?, comments?, forks?},
//! ..., {special}]}`. Variations are `forks` on the move they replace.

use super::error::{RecordError, Warning};
use super::handicap::Handicap;
use super::notation::{Movement, Relative, declined_promotion, ki2_modifiers};
use super::special::SpecialKind;
use super::tree::{GameRecord, MoveTime, NodeId, ROOT, Special};
use crate::core::{Color, Hand, Move, Piece, PieceKind, Position, Square};
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Header entries in file order (JSON objects are read in order, values kept as text).
#[derive(Clone, Debug, Default, PartialEq)]
struct Header(Vec<(String, String)>);

impl Serialize for Header {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

impl<'de> Deserialize<'de> for Header {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Header, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Header;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object of header entries")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Header, A::Error> {
                let mut v = Vec::new();
                while let Some((k, val)) = map.next_entry::<String, serde_json::Value>()? {
                    let text = match val {
                        serde_json::Value::String(s) => s,
                        other => other.to_string(),
                    };
                    v.push((k, text));
                }
                Ok(Header(v))
            }
        }
        d.deserialize_map(V)
    }
}

#[derive(Serialize, Deserialize, Default)]
struct Jkf {
    #[serde(default)]
    header: Header,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    initial: Option<Initial>,
    #[serde(default)]
    moves: Vec<Entry>,
}

#[derive(Serialize, Deserialize)]
struct Initial {
    preset: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    data: Option<StateData>,
}

#[derive(Serialize, Deserialize)]
struct StateData {
    color: u8,
    board: Vec<Vec<Cell>>,
    hands: Vec<HandData>,
}

#[derive(Serialize, Deserialize, Default)]
struct Cell {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    color: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    kind: Option<String>,
}

#[derive(Serialize, Deserialize, Default)]
#[allow(non_snake_case)]
struct HandData {
    #[serde(default)]
    FU: u8,
    #[serde(default)]
    KY: u8,
    #[serde(default)]
    KE: u8,
    #[serde(default)]
    GI: u8,
    #[serde(default)]
    KI: u8,
    #[serde(default)]
    KA: u8,
    #[serde(default)]
    HI: u8,
}

impl HandData {
    fn from_hand(h: &Hand) -> HandData {
        let c = |k| h.count(k);
        HandData {
            FU: c(PieceKind::Pawn),
            KY: c(PieceKind::Lance),
            KE: c(PieceKind::Knight),
            GI: c(PieceKind::Silver),
            KI: c(PieceKind::Gold),
            KA: c(PieceKind::Bishop),
            HI: c(PieceKind::Rook),
        }
    }

    fn to_hand(&self) -> Hand {
        Hand([self.FU, self.KY, self.KE, self.GI, self.KA, self.HI, self.KI])
    }
}

#[derive(Serialize, Deserialize, Default)]
struct Entry {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    comments: Option<Vec<String>>,
    #[serde(default, rename = "move", skip_serializing_if = "Option::is_none")]
    mv: Option<JkfMove>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    time: Option<Time>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    special: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    forks: Option<Vec<Vec<Entry>>>,
}

#[derive(Serialize, Deserialize, Clone, Copy)]
struct Xy {
    x: u8,
    y: u8,
}

#[derive(Serialize, Deserialize)]
struct JkfMove {
    color: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    from: Option<Xy>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    to: Option<Xy>,
    piece: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    same: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    promote: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    capture: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    relative: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct Ms {
    #[serde(default)]
    m: u32,
    #[serde(default)]
    s: u32,
}

#[derive(Serialize, Deserialize)]
struct Hms {
    #[serde(default)]
    h: u32,
    #[serde(default)]
    m: u32,
    #[serde(default)]
    s: u32,
}

#[derive(Serialize, Deserialize)]
struct Time {
    now: Ms,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    total: Option<Hms>,
}

fn xy(sq: Square) -> Xy {
    Xy { x: sq.file(), y: sq.rank() }
}

fn color_num(c: Color) -> u8 {
    if c == Color::Black { 0 } else { 1 }
}

// ----- writing ----------------------------------------------------------------------------

/// The record as JKF (pretty-printed JSON).
pub fn write_jkf(record: &GameRecord) -> String {
    let init = record.initial();
    let initial = match Handicap::of_position(init) {
        Some(h) if h.is_even() => None,
        Some(h) if h.jkf != "OTHER" => Some(Initial { preset: h.jkf.to_string(), data: None }),
        _ => Some(Initial { preset: "OTHER".to_string(), data: Some(state_data(init)) }),
    };
    let root = record.node(ROOT);
    let mut moves = vec![Entry {
        comments: (!root.comments.is_empty()).then(|| root.comments.clone()),
        ..Entry::default()
    }];
    let mut totals = [0u32; 2];
    moves.extend(line_entries(record, root.continuation(), ROOT, &mut totals));
    let jkf = Jkf { header: Header(record.headers.clone()), initial, moves };
    let mut s = serde_json::to_string_pretty(&jkf).expect("JKF serialises");
    s.push('\n');
    s
}

fn state_data(pos: &Position) -> StateData {
    let board = (1..=9u8)
        .map(|f| {
            (1..=9u8)
                .map(|r| {
                    let p = pos.piece_at(Square::new(f, r).expect("on board"));
                    match p.kind() {
                        None => Cell::default(),
                        Some(k) => {
                            Cell { color: Some(color_num(p.color())), kind: Some(k.csa().to_string()) }
                        }
                    }
                })
                .collect()
        })
        .collect();
    StateData {
        color: color_num(pos.side_to_move()),
        board,
        hands: vec![HandData::from_hand(pos.hand(Color::Black)), HandData::from_hand(pos.hand(Color::White))],
    }
}

fn time_of(t: Option<MoveTime>, total: &mut u32) -> Option<Time> {
    let t = t?;
    *total = t.total.unwrap_or(*total + t.spent);
    Some(Time {
        now: Ms { m: t.spent / 60, s: t.spent % 60 },
        total: Some(Hms { h: *total / 3600, m: *total / 60 % 60, s: *total % 60 }),
    })
}

fn relative_text(pos: &Position, mv: Move) -> Option<String> {
    let m = ki2_modifiers(pos, mv);
    let mut s = String::new();
    match m.relative {
        Some(Relative::Left) => s.push('L'),
        Some(Relative::Right) => s.push('R'),
        Some(Relative::Straight) => s.push('C'),
        None => {}
    }
    match m.movement {
        Some(Movement::Up) => s.push('U'),
        Some(Movement::Down) => s.push('D'),
        Some(Movement::Sideways) => s.push('M'),
        None => {}
    }
    if m.drop {
        s.push('H');
    }
    (!s.is_empty()).then_some(s)
}

/// Entries for the line starting at `first` (a child of `parent`), forks included.
fn line_entries(
    record: &GameRecord,
    first: Option<NodeId>,
    parent: NodeId,
    totals: &mut [u32; 2],
) -> Vec<Entry> {
    let mut out = Vec::new();
    let mut pos = record.position_at(parent);
    let mut last = parent;
    let mut node = first;
    while let Some(n) = node {
        let nd = record.node(n);
        let us = pos.side_to_move();
        let prev = pos.last_move().map(|m| m.to());
        let mv = nd.mv;
        let kind = pos.moved_kind(mv);
        let cap = pos.captured_by(mv).kind();
        let promote = if mv.is_promotion() {
            Some(true)
        } else if declined_promotion(&pos, mv) {
            Some(false)
        } else {
            None
        };
        let before = *totals;
        let jm = JkfMove {
            color: color_num(us),
            from: (!mv.is_drop()).then(|| xy(mv.from())),
            to: Some(xy(mv.to())),
            piece: kind.csa().to_string(),
            same: (prev == Some(mv.to())).then_some(true),
            promote,
            capture: cap.map(|k| k.csa().to_string()),
            relative: relative_text(&pos, mv),
        };
        let time = time_of(nd.time, &mut totals[us.index()]);
        let mut entry = Entry {
            comments: (!nd.comments.is_empty()).then(|| nd.comments.clone()),
            mv: Some(jm),
            time,
            special: None,
            forks: None,
        };
        // alternatives to this move (the first node of a fork has its siblings listed already)
        let p = nd.parent().unwrap_or(ROOT);
        let sibs = record.node(p).children();
        if record.node(p).continuation() == Some(n) && sibs.len() > 1 {
            let forks = sibs[1..]
                .iter()
                .map(|&alt| {
                    let mut t = before;
                    line_entries(record, Some(alt), p, &mut t)
                })
                .collect();
            entry.forks = Some(forks);
        }
        out.push(entry);
        pos.do_move(mv);
        last = n;
        node = nd.continuation();
    }
    if let Some(sp) = &record.node(last).special {
        let us = pos.side_to_move();
        let before = *totals;
        // moves played instead of the special are forks of the special entry
        let alts = record.node(last).children();
        let forks = (!alts.is_empty()).then(|| {
            alts.iter()
                .map(|&alt| {
                    let mut t = before;
                    line_entries(record, Some(alt), last, &mut t)
                })
                .collect()
        });
        out.push(Entry {
            comments: (!sp.comments.is_empty()).then(|| sp.comments.clone()),
            mv: None,
            time: time_of(sp.time, &mut totals[us.index()]),
            special: Some(sp.kind.csa().to_string()),
            forks,
        });
    }
    out
}

// ----- reading ----------------------------------------------------------------------------

/// Reads JKF text.
pub fn read_jkf(text: &str) -> Result<(GameRecord, Vec<Warning>), RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let jkf: Jkf =
        serde_json::from_str(text).map_err(|e| RecordError::parse(e.line(), format!("invalid JKF: {e}")))?;
    let initial = match &jkf.initial {
        None => Position::startpos(),
        Some(Initial { preset, data: Some(d) })
            if preset == "OTHER" || Handicap::by_jkf(preset).is_none() =>
        {
            position_of(d).map_err(|m| RecordError::parse(0, m))?
        }
        Some(Initial { preset, .. }) => match Handicap::by_jkf(preset) {
            Some(h) => h.position(),
            None => return Err(RecordError::parse(0, format!("unknown JKF preset '{preset}' without data"))),
        },
    };
    let mut record = GameRecord::new(initial);
    record.headers = jkf.header.0;
    let mut warnings = Vec::new();
    let mut entries = jkf.moves.iter();
    if let Some(first) = jkf.moves.first()
        && first.mv.is_none()
        && first.special.is_none()
    {
        entries.next();
        if let Some(c) = &first.comments {
            record.node_mut(ROOT).comments = c.clone();
        }
    }
    let pos = record.initial().clone();
    read_entries(&mut record, entries.as_slice(), ROOT, pos, &mut warnings, "moves")?;
    Ok((record, warnings))
}

fn position_of(d: &StateData) -> Result<Position, String> {
    let mut board = [Piece::EMPTY; 81];
    if d.board.len() != 9 || d.board.iter().any(|f| f.len() != 9) {
        return Err("JKF initial board must be 9×9".into());
    }
    for (x, file) in d.board.iter().enumerate() {
        for (y, cell) in file.iter().enumerate() {
            if let (Some(c), Some(k)) = (cell.color, &cell.kind) {
                let kind = PieceKind::from_csa(k).ok_or(format!("unknown piece '{k}'"))?;
                let color = if c == 0 { Color::Black } else { Color::White };
                board[Square::new(x as u8 + 1, y as u8 + 1).expect("on board").index()] =
                    Piece::new(color, kind);
            }
        }
    }
    let hands = [
        d.hands.first().map(HandData::to_hand).unwrap_or_default(),
        d.hands.get(1).map(HandData::to_hand).unwrap_or_default(),
    ];
    let side = if d.color == 0 { Color::Black } else { Color::White };
    super::csa::position_from_parts(&board, &hands, side)
}

fn move_of(pos: &Position, jm: &JkfMove) -> Result<Move, String> {
    let us = pos.side_to_move();
    if jm.color != color_num(us) {
        return Err(format!("move for color {} but it is the other side's turn", jm.color));
    }
    let to = match (jm.to, jm.same) {
        (Some(t), _) => Square::new(t.x, t.y).ok_or("bad 'to' square")?,
        (None, Some(true)) => pos.last_move().ok_or("'same' without a previous move")?.to(),
        _ => return Err("move without 'to'".into()),
    };
    let mv = match jm.from {
        None => {
            Move::drop(PieceKind::from_csa(&jm.piece).ok_or(format!("unknown piece '{}'", jm.piece))?, to)
        }
        Some(f) => {
            Move::board(Square::new(f.x, f.y).ok_or("bad 'from' square")?, to, jm.promote == Some(true))
        }
    };
    if pos.is_legal(mv) { Ok(mv) } else { Err(format!("{} is not legal here", mv.usi())) }
}

fn jkf_time(t: &Time) -> MoveTime {
    MoveTime { spent: t.now.m * 60 + t.now.s, total: t.total.as_ref().map(|h| h.h * 3600 + h.m * 60 + h.s) }
}

fn read_entries(
    record: &mut GameRecord,
    entries: &[Entry],
    mut cur: NodeId,
    mut pos: Position,
    warnings: &mut Vec<Warning>,
    path: &str,
) -> Result<(), RecordError> {
    for (i, e) in entries.iter().enumerate() {
        let here = format!("{path}[{i}]");
        if let Some(sp) = &e.special {
            match SpecialKind::from_csa(sp) {
                Some(k) => {
                    let mut s = Special::new(k);
                    s.time = e.time.as_ref().map(jkf_time);
                    s.comments = e.comments.clone().unwrap_or_default();
                    record.set_special(cur, Some(s));
                }
                None => warnings.push(Warning::note(0, format!("{here}: unknown special '{sp}' ignored"))),
            }
            if let Some(forks) = &e.forks {
                for (j, f) in forks.iter().enumerate() {
                    read_entries(record, f, cur, pos.clone(), warnings, &format!("{here}.forks[{j}]"))?;
                }
            }
            return Ok(());
        }
        let Some(jm) = &e.mv else {
            warnings.push(Warning::note(0, format!("{here}: entry without a move skipped")));
            continue;
        };
        let parent = cur;
        let parent_pos = pos.clone();
        match move_of(&pos, jm) {
            Ok(m) => {
                cur = record.add_move_at(cur, &pos, m)?;
                pos.do_move(m);
                record.node_mut(cur).time = e.time.as_ref().map(jkf_time);
                record.node_mut(cur).comments = e.comments.clone().unwrap_or_default();
            }
            Err(m) => {
                warnings.push(Warning::error(
                    0,
                    format!("{here}: expected a legal move: {m}; the rest of this line is skipped"),
                ));
                return Ok(());
            }
        }
        if let Some(forks) = &e.forks {
            for (j, f) in forks.iter().enumerate() {
                read_entries(record, f, parent, parent_pos.clone(), warnings, &format!("{here}.forks[{j}]"))?;
            }
        }
    }
    Ok(())
}

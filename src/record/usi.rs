//! USI and SFEN records: `position startpos moves 7g7f ...`, `position sfen <SFEN> moves ...`,
//! a bare SFEN (optionally followed by `moves ...`). Only the main line is written; times,
//! comments and variations have no place in these formats.

use super::error::{RecordError, Warning};
use super::tree::GameRecord;
use crate::core::{Position, START_SFEN};

/// Reads `position ...`, `startpos moves ...`, `sfen ... moves ...`, a bare SFEN, or a bare list
/// of USI moves from the start position. The first non-empty, non-`#` line is used.
pub fn read_usi(text: &str) -> Result<(GameRecord, Vec<Warning>), RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let Some((n, line)) = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .find(|(_, l)| !l.is_empty() && !l.starts_with('#'))
    else {
        return Err(RecordError::parse(0, "empty USI record"));
    };
    let mut words: Vec<&str> = line.split_whitespace().collect();
    if words.first() == Some(&"position") {
        words.remove(0);
    }
    // A bare list of USI moves (`7g7f 3c3d ...`) is played from the start position.
    if words.first().is_some_and(|w| crate::core::Move::from_usi(w).is_some()) {
        words.insert(0, "moves");
        words.insert(0, "startpos");
    }
    let (sfen, rest): (String, &[&str]) = match words.first() {
        Some(&"startpos") => (START_SFEN.to_string(), &words[1..]),
        Some(&"sfen") => {
            let end = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
            (words[1..end].join(" "), &words[end..])
        }
        Some(_) => {
            let end = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
            (words[..end].join(" "), &words[end..])
        }
        None => return Err(RecordError::parse(n, "empty USI record")),
    };
    // pieces that can never move and two pawns on a file are read with a warning (composed
    // problems are drawn that way); anything else wrong with the SFEN is an error
    let (pos, problems) = Position::from_sfen_lenient(&sfen)
        .map_err(|e| RecordError::parse(n, format!("invalid SFEN: {e}")))?;
    let mut warnings: Vec<Warning> =
        problems.iter().map(|p| Warning::note(n, format!("the position has {p}; read as given"))).collect();
    let mut record = GameRecord::new(pos.clone());
    let moves = match rest.first() {
        Some(&"moves") => &rest[1..],
        Some(w) => return Err(RecordError::parse(n, format!("expected 'moves', found '{w}'"))),
        None => &rest[..0],
    };
    let mut pos = pos;
    let mut node = super::tree::ROOT;
    for (i, w) in moves.iter().enumerate() {
        match pos.parse_usi_move(w) {
            Ok(m) => {
                node = record.add_move_at(node, &pos, m)?;
                pos.do_move(m);
            }
            Err(e) => {
                warnings.push(Warning::error(
                    n,
                    format!("move {}: expected a legal USI move: {e}; stopped there", i + 1),
                ));
                break;
            }
        }
    }
    Ok((record, warnings))
}

/// `position startpos moves ...` (or `position sfen ...`) for the main line.
pub fn write_usi(record: &GameRecord) -> String {
    let init = record.initial();
    let mut s = if *init == Position::startpos() && init.ply() == 1 {
        "position startpos".to_string()
    } else {
        format!("position sfen {}", init.to_sfen())
    };
    let moves = record.main_line_moves();
    if !moves.is_empty() {
        s.push_str(" moves");
        for m in moves {
            s.push(' ');
            s.push_str(&m.usi());
        }
    }
    s.push('\n');
    s
}

/// The SFEN of the final position of the main line.
pub fn write_sfen(record: &GameRecord) -> String {
    format!("{}\n", record.position_at(record.main_line_end()).to_sfen())
}

//! USI and SFEN records: `position startpos moves 7g7f ...`, `position sfen <SFEN> moves ...`,
//! a bare SFEN (optionally followed by `moves ...`). Only the main line is written; times,
//! comments and variations have no place in these formats.

use super::error::{RecordError, Warning};
use super::tree::GameRecord;
use crate::core::{PositionCommandError, PositionSyntax, parse_position_command, position_command};

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
        return Err(RecordError::parse(1, "empty USI record: no position and no moves"));
    };
    let words: Vec<&str> = line.split_whitespace().collect();
    let parsed = parse_position_command(&words, PositionSyntax::Lenient).map_err(|e| match e {
        PositionCommandError::Empty => RecordError::parse(n, "empty USI record"),
        e => RecordError::parse(n, e.to_string()),
    })?;
    // pieces that can never move and two pawns on a file are read with a warning (composed
    // problems are drawn that way); anything else wrong with the SFEN is an error
    let mut warnings: Vec<Warning> = parsed
        .start_problems
        .iter()
        .map(|p| Warning::note(n, format!("the position has {p}; read as given")))
        .collect();
    match parsed.stopped {
        Some(e @ PositionCommandError::ExpectedMoves(_)) => return Err(RecordError::parse(n, e.to_string())),
        Some(e) => warnings.push(Warning::error(n, format!("{e}; stopped there"))),
        None => {}
    }
    let mut record = GameRecord::new(parsed.start.clone());
    let mut pos = parsed.start;
    let mut node = super::tree::ROOT;
    for m in parsed.moves {
        node = record.add_move_at(node, &pos, m)?;
        pos.do_move(m);
    }
    Ok((record, warnings))
}

/// `position startpos moves ...` (or `position sfen ...`) for the main line.
pub fn write_usi(record: &GameRecord) -> String {
    format!("{}\n", position_command(record.initial(), &record.main_line_moves()))
}

/// The SFEN of the final position of the main line.
pub fn write_sfen(record: &GameRecord) -> String {
    format!("{}\n", record.position_at(record.main_line_end()).to_sfen())
}

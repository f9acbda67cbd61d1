//! A game record in one line, for a list of games: who played, when, how it ended, how long,
//! and the position it reached. Reads the record only; finding and reading files is the
//! caller's.

use super::special::{Outcome, SpecialKind};
use super::tree::GameRecord;
use crate::core::{Color, Position};

/// What a list of games shows of one record.
#[derive(Clone, Debug)]
pub struct RecordSummary {
    /// The player of the first side (先手, or 下手 in a handicap game), as the record names them.
    pub sente: Option<String>,
    /// The player of the second side (後手, or 上手).
    pub gote: Option<String>,
    /// When the game was played, as the record writes it (`開始日時`, else `対局日`).
    pub date: Option<String>,
    /// The special move that ends the main line, with the side to move there.
    pub ending: Option<(SpecialKind, Color)>,
    /// Who won the main line.
    pub outcome: Outcome,
    /// Moves in the main line.
    pub moves: usize,
    /// The handicap's name (`香落ち` ...), when the game is a handicap game.
    pub handicap: Option<&'static str>,
    /// The position at the end of the main line.
    pub final_position: Position,
}

impl RecordSummary {
    /// Summarises `record`'s main line.
    pub fn of(record: &GameRecord) -> RecordSummary {
        let end = record.main_line_end();
        let date = ["開始日時", "対局日"]
            .iter()
            .find_map(|key| record.header(key).map(str::trim).filter(|d| !d.is_empty()))
            .map(str::to_string);
        RecordSummary {
            sente: record.sente_name().map(str::to_string),
            gote: record.gote_name().map(str::to_string),
            date,
            ending: record.ending().map(|s| (s.kind, record.side_to_move_at(end))),
            outcome: record.outcome(),
            moves: record.depth(end),
            handicap: record.handicap().filter(|_| record.is_handicap_game()).map(|h| h.name),
            final_position: record.position_at(end),
        }
    }

    /// The ending's KIF word (`投了`, `千日手` ...), if the main line has one.
    pub fn ending_word(&self) -> Option<&'static str> {
        self.ending.map(|(kind, stm)| kind.kif(stm))
    }

    /// Whether every word of `filter` (split at white space, compared without case) is in the
    /// players' names, the date, the ending, the handicap or `extra` (a file name, say).
    pub fn matches(&self, filter: &str, extra: &str) -> bool {
        let mut text = String::new();
        for part in [
            self.sente.as_deref(),
            self.gote.as_deref(),
            self.date.as_deref(),
            self.ending_word(),
            self.handicap,
        ]
        .into_iter()
        .flatten()
        .chain([extra])
        {
            text.push_str(part);
            text.push('\n');
        }
        let text = text.to_lowercase();
        filter.split_whitespace().all(|word| text.contains(&word.to_lowercase()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Format, read_text};

    const GAME: &str = "開始日時：2026/11/20 19:00:00\n先手：花子\n後手：太郎\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n";

    #[test]
    fn a_finished_game_reads_as_its_players_date_ending_and_length() {
        let (record, _) = read_text(GAME, Format::Kifu).unwrap();
        let s = RecordSummary::of(&record);
        assert_eq!(s.sente.as_deref(), Some("花子"));
        assert_eq!(s.gote.as_deref(), Some("太郎"));
        assert_eq!(s.date.as_deref(), Some("2026/11/20 19:00:00"));
        assert_eq!(s.moves, 2);
        assert_eq!(s.ending_word(), Some("投了"));
        assert_eq!(s.outcome, Outcome::Win(Color::White));
        assert_eq!(s.final_position.to_sfen(), record.position_at(record.main_line_end()).to_sfen());
        assert!(s.handicap.is_none());
    }

    #[test]
    fn the_filter_needs_every_word_somewhere() {
        let (record, _) = read_text(GAME, Format::Kifu).unwrap();
        let s = RecordSummary::of(&record);
        assert!(s.matches("花子 2026/11", "game.kifu"));
        assert!(s.matches("GAME", "game.kifu"));
        assert!(s.matches("投了", ""));
        assert!(!s.matches("花子 次郎", "game.kifu"));
        assert!(s.matches("", ""));
    }

    #[test]
    fn an_unfinished_game_has_no_ending() {
        let (record, _) = read_text("position startpos moves 7g7f", Format::Usi).unwrap();
        let s = RecordSummary::of(&record);
        assert_eq!(s.moves, 1);
        assert_eq!(s.ending_word(), None);
        assert_eq!(s.outcome, Outcome::None);
    }
}

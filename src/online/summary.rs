//! The game summary the server sends before a game (`BEGIN Game_Summary` … `END Game_Summary`):
//! the game id, the players, which side this client plays, the move limit, the time control
//! (`BEGIN Time`: unit, total, byoyomi, Fischer increment, least time per move) and the start
//! position with any moves already played (`BEGIN Position`, read by `record`'s CSA reader).
//! Unknown keys are ignored; a missing or impossible field is a [`SummaryError`].

use super::check::printable;
use super::clock::TimeControl;
use crate::core::Color;
use crate::record::csa::read_csa;
use crate::record::{GameRecord, Severity};

/// Most lines a summary may have (a start position with a few hundred moves fits).
pub const MAX_SUMMARY_LINES: usize = 2000;

/// Everything the server says about a game before it starts.
#[derive(Clone, Debug)]
pub struct GameSummary {
    pub game_id: String,
    /// Sente's and gote's names.
    pub names: [String; 2],
    /// The side this client plays.
    pub my_color: Color,
    /// The side to move in the start position (after the moves already played).
    pub to_move: Color,
    /// The move limit (`None` or 0: none).
    pub max_moves: Option<u32>,
    pub time: TimeControl,
    /// Each side's remaining time when the server says it (a game being resumed).
    pub remaining_ms: Option<[u64; 2]>,
    /// `Rematch_On_Draw:YES`.
    pub rematch_on_draw: bool,
    /// The start position and the moves already played (with their times).
    pub record: GameRecord,
    /// Every line of the summary, as received.
    pub lines: Vec<String>,
}

/// Why a summary could not be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the game summary is not usable: {0}")]
pub struct SummaryError(pub String);

impl GameSummary {
    /// The opponent's name.
    pub fn opponent(&self) -> &str {
        &self.names[self.my_color.flip().index()]
    }

    /// The handicap's name (`香落ち` ...) when the start position is a handicap, else `None`
    /// (an even game or a position of its own).
    pub fn handicap(&self) -> Option<&'static str> {
        self.record.handicap().filter(|h| !h.is_even()).map(|h| h.name)
    }

    /// The summary in a few lines of plain words, for the player to agree to.
    pub fn describe(&self) -> Vec<String> {
        let side = |c: Color| if c == Color::Black { "sente ☗" } else { "gote ☖" };
        let mut out = vec![
            format!("Game {}", self.game_id),
            format!(
                "You play {} against {} ({}).",
                side(self.my_color),
                self.opponent(),
                side(self.my_color.flip())
            ),
            format!("Time: {}.", self.time.describe()),
        ];
        if let Some(h) = self.handicap() {
            out.push(format!("Handicap: {h}."));
        }
        let played = self.record.main_line().len();
        if played > 0 {
            out.push(format!("The game starts after {played} moves already played."));
        }
        match self.max_moves {
            Some(n) if n > 0 => out.push(format!("At most {n} moves.")),
            _ => {}
        }
        out
    }
}

/// Reads a summary line by line.
#[derive(Clone, Default)]
pub struct SummaryReader {
    lines: Vec<String>,
    block: Option<&'static str>,
    position: Vec<String>,
    fields: Vec<(String, String)>,
    time: Vec<(String, String)>,
}

impl SummaryReader {
    /// Takes the next line after `BEGIN Game_Summary`. Returns the summary at
    /// `END Game_Summary`, `None` while more lines are expected.
    pub fn feed(&mut self, line: &str) -> Option<Result<GameSummary, SummaryError>> {
        let line = line.trim_end_matches('\r');
        if self.lines.len() >= MAX_SUMMARY_LINES {
            return Some(Err(SummaryError(format!("more than {MAX_SUMMARY_LINES} lines"))));
        }
        self.lines.push(line.to_string());
        match (self.block, line) {
            (_, "END Game_Summary") => {
                if let Some(b) = self.block {
                    return Some(Err(SummaryError(format!("the {b} block is not closed"))));
                }
                return Some(self.finish());
            }
            (None, "BEGIN Time") => self.block = Some("Time"),
            (None, "BEGIN Position") => self.block = Some("Position"),
            (Some("Time"), "END Time") | (Some("Position"), "END Position") => self.block = None,
            (Some("Position"), l) => self.position.push(l.to_string()),
            (block, l) => {
                if let Some((k, v)) = l.split_once(':') {
                    let kv = (k.trim().to_string(), v.trim().to_string());
                    if block == Some("Time") { self.time.push(kv) } else { self.fields.push(kv) }
                }
            }
        }
        None
    }

    fn finish(&mut self) -> Result<GameSummary, SummaryError> {
        let err = |m: String| SummaryError(m);
        let field = |k: &str| self.fields.iter().rev().find(|(key, _)| key == k).map(|(_, v)| v.as_str());
        let time = |k: &str| self.time.iter().rev().find(|(key, _)| key == k).map(|(_, v)| v.as_str());
        let game_id = field("Game_ID").filter(|v| !v.is_empty()).ok_or_else(|| err("no Game_ID".into()))?;
        if game_id.len() > 256 {
            return Err(err("the Game_ID is longer than 256 characters".into()));
        }
        let name = |k: &str| {
            // a name is shown and written into the record: its control characters made visible
            field(k).filter(|v| !v.is_empty()).map(printable).ok_or_else(|| err(format!("no {k}")))
        };
        let names = [name("Name+")?, name("Name-")?];
        let color = |k: &str| match field(k) {
            Some("+") => Ok(Color::Black),
            Some("-") => Ok(Color::White),
            Some(v) => Err(err(format!("{k} should be + or -, not '{v}'"))),
            None => Err(err(format!("no {k}"))),
        };
        let my_color = color("Your_Turn")?;
        let to_move = match field("To_Move") {
            None => None,
            Some(_) => Some(color("To_Move")?),
        };
        let number = |v: Option<&str>, what: &str| -> Result<Option<u64>, SummaryError> {
            match v {
                None => Ok(None),
                Some(v) => v
                    .parse::<u64>()
                    .ok()
                    .filter(|&n| n <= u32::MAX as u64)
                    .map(Some)
                    .ok_or_else(|| err(format!("{what} should be a whole number, not '{v}'"))),
            }
        };
        let max_moves = number(field("Max_Moves"), "Max_Moves")?.map(|n| n as u32);
        let unit_ms = match time("Time_Unit") {
            None => 1000,
            Some(u) => time_unit_ms(u).ok_or_else(|| err(format!("Time_Unit '{u}' not understood")))?,
        };
        let in_ms = |k: &str| -> Result<u64, SummaryError> { Ok(number(time(k), k)?.unwrap_or(0) * unit_ms) };
        let control = TimeControl {
            unit_ms,
            total_ms: in_ms("Total_Time")?,
            byoyomi_ms: in_ms("Byoyomi")?,
            increment_ms: in_ms("Increment")?,
            least_per_move_ms: in_ms("Least_Time_Per_Move")?,
        };
        let remaining_ms = match (time("Remaining_Time+"), time("Remaining_Time-")) {
            (Some(_), Some(_)) => Some([in_ms("Remaining_Time+")?, in_ms("Remaining_Time-")?]),
            _ => None,
        };
        let record = position_record(&self.position)?;
        let end_stm = record.side_to_move_at(record.main_line_end());
        if let Some(t) = to_move
            && t != end_stm
        {
            return Err(err(format!(
                "To_Move says {} but the position has {} to move",
                if t == Color::Black { "+" } else { "-" },
                if end_stm == Color::Black { "+" } else { "-" }
            )));
        }
        Ok(GameSummary {
            game_id: printable(game_id),
            names,
            my_color,
            to_move: end_stm,
            max_moves,
            time: control,
            remaining_ms,
            rematch_on_draw: field("Rematch_On_Draw") == Some("YES"),
            record,
            lines: std::mem::take(&mut self.lines),
        })
    }
}

/// `1sec`, `1min`, `1msec`, `10msec` … as milliseconds.
fn time_unit_ms(u: &str) -> Option<u64> {
    let digits = u.bytes().take_while(u8::is_ascii_digit).count();
    let n: u64 = if digits == 0 { 1 } else { u[..digits].parse().ok().filter(|&n| n > 0 && n <= 3600)? };
    let per = match &u[digits..] {
        "sec" => 1000,
        "min" => 60_000,
        "msec" => 1,
        _ => return None,
    };
    Some(n * per)
}

/// The `BEGIN Position` block as a record: only position and move lines are taken (a header or a
/// game separator in the block is refused), and a move the rules refuse is an error.
fn position_record(lines: &[String]) -> Result<GameRecord, SummaryError> {
    let mut text = String::new();
    for l in lines {
        let t = l.trim_end();
        match t.as_bytes().first() {
            None => continue,
            Some(b'P' | b'+' | b'-' | b'T') => {}
            Some(_) => return Err(SummaryError(format!("unexpected line in the position: '{t}'"))),
        }
        text.push_str(t);
        text.push('\n');
    }
    if text.is_empty() {
        return Err(SummaryError("the position is missing".into()));
    }
    let (record, warnings) = read_csa(&text).map_err(|e| SummaryError(format!("the position: {e}")))?;
    if let Some(w) = warnings.iter().find(|w| w.severity == Severity::Error) {
        return Err(SummaryError(format!("the position: {}", w.message)));
    }
    Ok(record)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The even start position as a summary's position block.
    pub(crate) const EVEN: &str = "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY
P2 * -HI *  *  *  *  * -KA * 
P3-FU-FU-FU-FU-FU-FU-FU-FU-FU
P4 *  *  *  *  *  *  *  *  * 
P5 *  *  *  *  *  *  *  *  * 
P6 *  *  *  *  *  *  *  *  * 
P7+FU+FU+FU+FU+FU+FU+FU+FU+FU
P8 * +KA *  *  *  *  * +HI * 
P9+KY+KE+GI+KI+OU+KI+GI+KE+KY
+";

    fn summary(time: &str, position: &str, your: &str) -> String {
        format!(
            "Protocol_Version:1.2\nGame_ID:test+g-60-5F+bob+alice+1\nName+:bob\nName-:alice\nYour_Turn:{your}\n\
             To_Move:+\nMax_Moves:256\nBEGIN Time\n{time}END Time\nBEGIN Position\n{position}\nEND Position\n\
             END Game_Summary"
        )
    }

    fn read(text: &str) -> Result<GameSummary, SummaryError> {
        let mut r = SummaryReader::default();
        for l in text.lines() {
            if let Some(s) = r.feed(l) {
                return s;
            }
        }
        panic!("the summary did not end");
    }

    #[test]
    fn a_fischer_summary() {
        let s = read(&summary(
            "Time_Unit:1sec\nTotal_Time:60\nByoyomi:0\nIncrement:5\nLeast_Time_Per_Move:1\n",
            EVEN,
            "-",
        ))
        .unwrap();
        assert_eq!(s.game_id, "test+g-60-5F+bob+alice+1");
        assert_eq!(s.names, ["bob".to_string(), "alice".to_string()]);
        assert_eq!(s.my_color, Color::White);
        assert_eq!(s.opponent(), "bob");
        assert_eq!(s.max_moves, Some(256));
        assert_eq!(
            s.time,
            TimeControl {
                unit_ms: 1000,
                total_ms: 60_000,
                byoyomi_ms: 0,
                increment_ms: 5000,
                least_per_move_ms: 1000
            }
        );
        assert_eq!(s.handicap(), None);
        assert!(
            s.describe().iter().any(|l| l == "Time: 1 min + 5 s per move (Fischer), at least 1 s a move.")
        );
    }

    #[test]
    fn moves_already_played_and_a_handicap() {
        let position = "PI82HI22KA\n-\n-3334FU,T5\n+7776FU,T2";
        let mut text = summary("Total_Time:600\nByoyomi:10\n", position, "+");
        text = text.replace("To_Move:+", "To_Move:-");
        let s = read(&text).unwrap();
        assert_eq!(s.handicap(), Some("二枚落ち"));
        assert_eq!(s.record.main_line().len(), 2);
        assert_eq!(s.to_move, Color::White);
        assert_eq!(s.record.node(s.record.main_line()[0]).time.unwrap().spent, 5);
    }

    #[test]
    fn a_minute_unit() {
        let s = read(&summary("Time_Unit:1min\nTotal_Time:10\nByoyomi:1\n", EVEN, "+")).unwrap();
        assert_eq!(s.time.total_ms, 600_000);
        assert_eq!(s.time.byoyomi_ms, 60_000);
    }

    #[test]
    fn broken_summaries_are_refused_with_the_reason() {
        let cases = [
            (summary("", EVEN, "x"), "Your_Turn should be + or -"),
            (summary("Total_Time:-5\n", EVEN, "+"), "Total_Time should be a whole number"),
            (summary("Time_Unit:1fortnight\n", EVEN, "+"), "Time_Unit"),
            (summary("", "P1garbage", "+"), "the position"),
            (summary("", &format!("{EVEN}\n+5152OU"), "+"), "the position"),
            (summary("", &format!("{EVEN}\n$EVENT:x"), "+"), "unexpected line"),
            (summary("", "", "+"), "the position is missing"),
            (summary("", EVEN, "+").replace("Game_ID:test+g-60-5F+bob+alice+1\n", ""), "no Game_ID"),
            (summary("", EVEN, "+").replace("Name-:alice\n", ""), "no Name-"),
            (summary("", EVEN, "+").replace("To_Move:+", "To_Move:-"), "To_Move says -"),
            (summary("", EVEN, "+").replace("END Position\n", ""), "block is not closed"),
        ];
        for (text, want) in cases {
            let e = read(&text).unwrap_err();
            assert!(e.to_string().contains(want), "{e} / {want}");
        }
    }

    #[test]
    fn an_endless_summary_is_cut_off() {
        let mut r = SummaryReader::default();
        let mut ended = None;
        for _ in 0..MAX_SUMMARY_LINES + 1 {
            if let Some(s) = r.feed("Junk:line") {
                ended = Some(s);
                break;
            }
        }
        assert!(ended.unwrap().unwrap_err().to_string().contains("more than"));
    }
}

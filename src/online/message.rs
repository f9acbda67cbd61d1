//! One line from a CSA server, read into what it means: login replies, the start or refusal of a
//! game, a move with the time the mover used (`+7776FU,T3`), the special moves the server repeats
//! (`%TORYO`, `%KACHI`), the reason and the result of the end (`#RESIGN`, `#WIN` ...) and the
//! extended mode's `##[TAG]` replies. Lines of the game summary are read by `summary`. Nothing
//! here trusts the line: anything that does not fit a form is [`ServerLine::Other`].

use super::ending::{Reason, Verdict};
use crate::core::Color;

/// What one line from the server says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerLine {
    /// An empty line: the server's answer to a keep-alive.
    Empty,
    /// `LOGIN:<name> OK`.
    LoginOk { name: String },
    /// `LOGIN:incorrect`.
    LoginIncorrect,
    /// `LOGOUT:completed`.
    LogoutCompleted,
    /// `BEGIN Game_Summary`: the summary's lines follow up to `END Game_Summary`.
    SummaryBegin,
    /// `START:<game id>`: both sides agreed; the game is on.
    Start { game_id: String },
    /// `REJECT:<game id> by <name>`: the game was called off before it started.
    Reject { game_id: String, by: String },
    /// A move as the server repeats it to both players, with the mover's time in time units.
    /// `bad_time` is a `T` field that is not a number of time units (`Tabc`, `T-5`), as sent:
    /// the move stands, its time does not.
    Move { color: Color, text: String, time: Option<u64>, bad_time: Option<String> },
    /// A special move the server repeats: `TORYO`, `KACHI` (without the `%`).
    Special(String),
    /// The reason a game ended (`#RESIGN` ...).
    Reason(Reason),
    /// The result of a game for this player (`#WIN` ...).
    Verdict(Verdict),
    /// An extended-mode reply `##[TAG][ARG] body` (`ARG` is the chat sender or the game id).
    Extended { tag: String, arg: Option<String>, body: String },
    /// Anything else.
    Other(String),
}

/// The longest time figure accepted in a `T` field (in time units): a hundred days in seconds.
pub const MAX_TIME_FIGURE: u64 = 100 * 24 * 3600;

impl ServerLine {
    /// Reads one line (without its line break).
    pub fn parse(line: &str) -> ServerLine {
        let l = line.trim_end_matches(['\r', '\n']);
        if l.trim().is_empty() {
            return ServerLine::Empty;
        }
        if let Some(rest) = l.strip_prefix("LOGIN:") {
            if rest == "incorrect" {
                return ServerLine::LoginIncorrect;
            }
            if let Some(name) = rest.strip_suffix(" OK")
                && !name.is_empty()
                && !name.contains(' ')
            {
                return ServerLine::LoginOk { name: name.to_string() };
            }
            return ServerLine::Other(l.to_string());
        }
        if l == "LOGOUT:completed" {
            return ServerLine::LogoutCompleted;
        }
        if l == "BEGIN Game_Summary" {
            return ServerLine::SummaryBegin;
        }
        if let Some(id) = l.strip_prefix("START:") {
            return ServerLine::Start { game_id: id.trim().to_string() };
        }
        if let Some(rest) = l.strip_prefix("REJECT:") {
            let (id, by) = rest.split_once(" by ").unwrap_or((rest, ""));
            return ServerLine::Reject { game_id: id.trim().to_string(), by: by.trim().to_string() };
        }
        if let Some(rest) = l.strip_prefix("##[") {
            return parse_extended(rest).unwrap_or_else(|| ServerLine::Other(l.to_string()));
        }
        if let Some(word) = l.strip_prefix('#') {
            if let Some(r) = Reason::from_word(word) {
                return ServerLine::Reason(r);
            }
            if let Some(v) = Verdict::from_word(word) {
                return ServerLine::Verdict(v);
            }
            return ServerLine::Other(l.to_string());
        }
        if let Some(word) = l.strip_prefix('%')
            && !word.starts_with('%')
        {
            let word = word.split(',').next().unwrap_or("");
            if !word.is_empty() && word.bytes().all(|b| b.is_ascii_uppercase() || b == b'_') {
                return ServerLine::Special(word.to_string());
            }
            return ServerLine::Other(l.to_string());
        }
        parse_move_line(l).unwrap_or_else(|| ServerLine::Other(l.to_string()))
    }
}

/// `+7776FU` or `+7776FU,T12` (further fields, such as a comment, are ignored).
fn parse_move_line(l: &str) -> Option<ServerLine> {
    let mut fields = l.split(',');
    let text = fields.next()?;
    let b = text.as_bytes();
    let color = match b.first()? {
        b'+' => Color::Black,
        b'-' => Color::White,
        _ => return None,
    };
    if b.len() != 7 || !b[1..5].iter().all(u8::is_ascii_digit) || !b[5..].iter().all(u8::is_ascii_uppercase) {
        return None;
    }
    let mut time = None;
    let mut bad_time = None;
    for f in fields {
        if let Some(t) = f.strip_prefix('T') {
            let figure = Some(t)
                .filter(|t| !t.is_empty() && t.len() <= 12 && t.bytes().all(|c| c.is_ascii_digit()))
                .and_then(|t| t.parse::<u64>().ok())
                .filter(|&t| t <= MAX_TIME_FIGURE);
            match figure {
                Some(t) => time = Some(t),
                None => bad_time = Some(f.chars().take(40).collect()),
            }
        }
    }
    Some(ServerLine::Move { color, text: text.to_string(), time, bad_time })
}

/// `TAG] body` or `TAG][ARG] body` (after the leading `##[`).
fn parse_extended(rest: &str) -> Option<ServerLine> {
    let (tag, rest) = rest.split_once(']')?;
    if tag.is_empty() || !tag.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_') {
        return None;
    }
    let (arg, body) = match rest.strip_prefix('[') {
        Some(r) => {
            let (arg, body) = r.split_once(']')?;
            (Some(arg.to_string()), body)
        }
        None => (None, rest),
    };
    Some(ServerLine::Extended {
        tag: tag.to_string(),
        arg,
        body: body.strip_prefix(' ').unwrap_or(body).to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read_into_what_they_say() {
        use ServerLine as L;
        assert_eq!(L::parse("LOGIN:alice OK"), L::LoginOk { name: "alice".into() });
        assert_eq!(L::parse("LOGIN:incorrect"), L::LoginIncorrect);
        assert_eq!(L::parse(""), L::Empty);
        assert_eq!(L::parse("START:g+1"), L::Start { game_id: "g+1".into() });
        assert_eq!(L::parse("REJECT:g+1 by bob"), L::Reject { game_id: "g+1".into(), by: "bob".into() });
        assert_eq!(
            L::parse("+7776FU,T3"),
            L::Move { color: Color::Black, text: "+7776FU".into(), time: Some(3), bad_time: None }
        );
        assert_eq!(
            L::parse("-3334FU"),
            L::Move { color: Color::White, text: "-3334FU".into(), time: None, bad_time: None }
        );
        // a time that is not a number of units: the move, with the field said
        for (line, field) in [("-8384FU,Tabc", "Tabc"), ("-8384FU,T-5", "T-5"), ("-8384FU,T", "T")] {
            assert_eq!(
                L::parse(line),
                L::Move {
                    color: Color::White,
                    text: "-8384FU".into(),
                    time: None,
                    bad_time: Some(field.into())
                }
            );
        }
        assert_eq!(L::parse("%TORYO"), L::Special("TORYO".into()));
        assert_eq!(L::parse("#RESIGN"), L::Reason(Reason::Resign));
        assert_eq!(L::parse("#WIN"), L::Verdict(Verdict::Win));
        assert_eq!(L::parse("#CENSORED"), L::Verdict(Verdict::Censored));
        assert_eq!(
            L::parse("##[CHAT][bob] hello there"),
            L::Extended { tag: "CHAT".into(), arg: Some("bob".into()), body: "hello there".into() }
        );
        assert_eq!(L::parse("##[WHO] +OK"), L::Extended { tag: "WHO".into(), arg: None, body: "+OK".into() });
    }

    #[test]
    fn malformed_lines_are_other() {
        for l in [
            "+7776F",
            "+77a6FU,T3",
            "#NONSENSE",
            "##[",
            "##[who] x",
            "##[CHAT][unterminated",
            "%toryo",
            "LOGIN:",
            "LOGIN:a b OK",
            "+",
        ] {
            assert!(matches!(ServerLine::parse(l), ServerLine::Other(_)), "{l}");
        }
    }
}

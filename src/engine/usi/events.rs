//! Parsing what a USI engine says: `id`, `option`, `usiok`, `readyok`, `info`, `bestmove` and
//! `checkmate` lines, into [`EngineEvent`]s. Pure functions, no I/O; the process handling is in
//! `client.rs`.

use crate::core::{Move, Score};

/// `lowerbound` / `upperbound` after a score.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Lower,
    Upper,
}

/// One `info` line. Fields the engine did not send are `None` / empty.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    pub depth: Option<u32>,
    pub seldepth: Option<u32>,
    pub time_ms: Option<u64>,
    pub nodes: Option<u64>,
    pub nps: Option<u64>,
    pub hashfull: Option<u32>,
    pub multipv: Option<u32>,
    /// From the side to move's point of view.
    pub score: Option<Score>,
    pub bound: Option<Bound>,
    pub currmove: Option<String>,
    /// The principal variation as USI text (not checked against a position).
    pub pv: Vec<String>,
    /// `info string ...`: the rest of the line.
    pub string: Option<String>,
}

impl Info {
    /// The PV as moves, as far as it parses as USI move text.
    pub fn pv_moves(&self) -> Vec<Move> {
        self.pv.iter().map_while(|s| Move::from_usi(s)).collect()
    }
}

/// An engine's final answer to `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BestMove {
    Move {
        mv: Move,
        ponder: Option<Move>,
    },
    Resign,
    /// Declares an impasse win (入玉宣言).
    Win,
}

/// The answer to `go mate`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckmateAnswer {
    Mate(Vec<Move>),
    NoMate,
    Timeout,
    NotImplemented,
}

/// One `option` line of the handshake.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UsiOption {
    pub name: String,
    /// `check`, `spin`, `combo`, `button`, `string` or `filename`.
    pub kind: String,
    pub default: Option<String>,
    pub min: Option<i64>,
    pub max: Option<i64>,
    /// The `var` values of a combo.
    pub vars: Vec<String>,
}

/// Why the client could not talk to the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The program could not be started.
    Spawn { path: String, message: String },
    /// The engine exited or closed its output. `stderr_tail` holds its last stderr lines.
    Died { exit: Option<String>, stderr_tail: String },
    /// No answer in time (`waiting_for` names the expected reply, such as `usiok`).
    Timeout { waiting_for: String },
    /// The engine said something that breaks the protocol.
    Protocol(String),
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Spawn { path, message } => write!(f, "cannot start engine '{path}': {message}"),
            EngineError::Died { exit, stderr_tail } => {
                write!(f, "the engine died")?;
                if let Some(e) = exit {
                    write!(f, " ({e})")?;
                }
                if !stderr_tail.is_empty() {
                    write!(f, "; its last words: {stderr_tail}")?;
                }
                Ok(())
            }
            EngineError::Timeout { waiting_for } => {
                write!(f, "the engine did not answer '{waiting_for}' in time")
            }
            EngineError::Protocol(m) => write!(f, "engine protocol error: {m}"),
        }
    }
}

impl std::error::Error for EngineError {}

/// Everything the reader thread delivers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineEvent {
    IdName(String),
    IdAuthor(String),
    Option(UsiOption),
    UsiOk,
    ReadyOk,
    Info(Info),
    BestMove(BestMove),
    Checkmate(CheckmateAnswer),
    /// A line the client does not understand (kept for logs).
    Other(String),
    /// The engine's output ended; always the last event.
    Died(EngineError),
}

/// Parses one line of engine output.
pub fn parse_line(line: &str) -> EngineEvent {
    let line = line.trim();
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or("");
    let rest = line[first.len()..].trim_start();
    match first {
        "usiok" => EngineEvent::UsiOk,
        "readyok" => EngineEvent::ReadyOk,
        "id" => {
            let key = words.next().unwrap_or("");
            let value = rest[key.len()..].trim().to_string();
            match key {
                "name" => EngineEvent::IdName(value),
                "author" => EngineEvent::IdAuthor(value),
                _ => EngineEvent::Other(line.to_string()),
            }
        }
        "option" => parse_option(rest)
            .map(EngineEvent::Option)
            .unwrap_or_else(|| EngineEvent::Other(line.to_string())),
        "info" => EngineEvent::Info(parse_info(rest)),
        "bestmove" => parse_bestmove(rest)
            .map(EngineEvent::BestMove)
            .unwrap_or_else(|| EngineEvent::Other(line.to_string())),
        "checkmate" => EngineEvent::Checkmate(parse_checkmate(rest)),
        _ => EngineEvent::Other(line.to_string()),
    }
}

/// `option name <name words> type <t> [default <v>] [min <n>] [max <n>] [var <v>]*`.
fn parse_option(rest: &str) -> Option<UsiOption> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let keywords = ["name", "type", "default", "min", "max", "var"];
    let mut opt = UsiOption::default();
    let mut i = 0;
    while i < words.len() {
        let key = words[i];
        let mut j = i + 1;
        while j < words.len() && !keywords.contains(&words[j]) {
            j += 1;
        }
        let value = words[i + 1..j].join(" ");
        match key {
            "name" => opt.name = value,
            "type" => opt.kind = value,
            "default" => opt.default = Some(value),
            "min" => opt.min = value.parse().ok(),
            "max" => opt.max = value.parse().ok(),
            "var" => opt.vars.push(value),
            _ => {}
        }
        i = j.max(i + 1);
    }
    if opt.name.is_empty() { None } else { Some(opt) }
}

fn parse_info(rest: &str) -> Info {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let mut info = Info::default();
    let mut i = 0;
    let num = |i: usize| words.get(i + 1).and_then(|w| w.parse::<u64>().ok());
    while i < words.len() {
        match words[i] {
            "depth" => info.depth = num(i).map(|n| n as u32),
            "seldepth" => info.seldepth = num(i).map(|n| n as u32),
            "time" => info.time_ms = num(i),
            "nodes" => info.nodes = num(i),
            "nps" => info.nps = num(i),
            "hashfull" => info.hashfull = num(i).map(|n| n as u32),
            "multipv" => info.multipv = num(i).map(|n| n as u32),
            "currmove" => info.currmove = words.get(i + 1).map(|s| s.to_string()),
            "lowerbound" => info.bound = Some(Bound::Lower),
            "upperbound" => info.bound = Some(Bound::Upper),
            "score" => {
                let kind = words.get(i + 1).copied().unwrap_or("");
                let value = words.get(i + 2).copied().unwrap_or("");
                info.score = match kind {
                    "cp" => value.parse().ok().map(Score::Cp),
                    "mate" => match value {
                        "+" => Some(Score::MateUnknown(true)),
                        "-" => Some(Score::MateUnknown(false)),
                        // `mate 0` / `mate -0`: the side to move is mated on the board
                        v => v.parse().ok().map(|n| if n == 0 { Score::MATED } else { Score::Mate(n) }),
                    },
                    _ => None,
                };
                i += 3;
                continue;
            }
            "pv" => {
                info.pv = words[i + 1..].iter().map(|s| s.to_string()).collect();
                break;
            }
            "string" => {
                let pos = rest.find("string").map(|p| p + "string".len()).unwrap_or(rest.len());
                info.string = Some(rest[pos..].trim().to_string());
                break;
            }
            _ => {}
        }
        i += 1;
    }
    info
}

fn parse_bestmove(rest: &str) -> Option<BestMove> {
    let mut words = rest.split_whitespace();
    match words.next()? {
        "resign" => Some(BestMove::Resign),
        "win" => Some(BestMove::Win),
        m => {
            let mv = Move::from_usi(m)?;
            let ponder = match (words.next(), words.next()) {
                (Some("ponder"), Some(p)) => Move::from_usi(p),
                _ => None,
            };
            Some(BestMove::Move { mv, ponder })
        }
    }
}

fn parse_checkmate(rest: &str) -> CheckmateAnswer {
    match rest.trim() {
        "nomate" => CheckmateAnswer::NoMate,
        "timeout" => CheckmateAnswer::Timeout,
        "notimplemented" => CheckmateAnswer::NotImplemented,
        moves => CheckmateAnswer::Mate(moves.split_whitespace().filter_map(Move::from_usi).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines() {
        let EngineEvent::Info(i) = parse_line(
            "info depth 10 seldepth 14 score cp -35 lowerbound nodes 12345 nps 1000 time 12 hashfull 7 multipv 2 pv 7g7f 3c3d",
        ) else {
            panic!()
        };
        assert_eq!(i.depth, Some(10));
        assert_eq!(i.seldepth, Some(14));
        assert_eq!(i.score, Some(Score::Cp(-35)));
        assert_eq!(i.bound, Some(Bound::Lower));
        assert_eq!(i.nodes, Some(12345));
        assert_eq!(i.multipv, Some(2));
        assert_eq!(i.pv, vec!["7g7f", "3c3d"]);
        assert_eq!(i.pv_moves().len(), 2);
        let EngineEvent::Info(i) = parse_line("info score mate -3 pv 2b3a+") else { panic!() };
        assert_eq!(i.score, Some(Score::Mate(-3)));
        let EngineEvent::Info(i) = parse_line("info score mate + depth 3") else { panic!() };
        assert_eq!(i.score, Some(Score::MateUnknown(true)));
        assert_eq!(i.depth, Some(3));
        let EngineEvent::Info(i) = parse_line("info depth 2 string hello  world pv") else { panic!() };
        assert_eq!(i.string.as_deref(), Some("hello  world pv"));
    }

    #[test]
    fn handshake_and_answers() {
        assert_eq!(parse_line("id name Foo Bar 1.0"), EngineEvent::IdName("Foo Bar 1.0".into()));
        assert_eq!(parse_line("usiok"), EngineEvent::UsiOk);
        let EngineEvent::Option(o) =
            parse_line("option name Style Choice type combo default Normal var Normal var Very Aggressive")
        else {
            panic!()
        };
        assert_eq!(o.name, "Style Choice");
        assert_eq!(o.kind, "combo");
        assert_eq!(o.vars, vec!["Normal", "Very Aggressive"]);
        let EngineEvent::Option(o) = parse_line("option name USI_Hash type spin default 256 min 1 max 4096")
        else {
            panic!()
        };
        assert_eq!((o.min, o.max, o.default.as_deref()), (Some(1), Some(4096), Some("256")));
        assert_eq!(
            parse_line("bestmove 7g7f ponder 3c3d"),
            EngineEvent::BestMove(BestMove::Move {
                mv: Move::from_usi("7g7f").unwrap(),
                ponder: Move::from_usi("3c3d")
            })
        );
        assert_eq!(parse_line("bestmove resign"), EngineEvent::BestMove(BestMove::Resign));
        assert_eq!(parse_line("bestmove win"), EngineEvent::BestMove(BestMove::Win));
        assert!(matches!(parse_line("bestmove ???"), EngineEvent::Other(_)));
        assert_eq!(parse_line("checkmate nomate"), EngineEvent::Checkmate(CheckmateAnswer::NoMate));
        assert_eq!(
            parse_line("checkmate G*1b"),
            EngineEvent::Checkmate(CheckmateAnswer::Mate(vec![Move::from_usi("G*1b").unwrap()]))
        );
        assert!(matches!(parse_line("hello"), EngineEvent::Other(_)));
    }
}

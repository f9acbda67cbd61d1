//! `shogiban usi`: the engine speaking USI on stdin/stdout.
//!
//! Standard input is read on its own thread and handed to the command loop through a channel,
//! so `stop`, `ponderhit`, `isready` and `quit` are handled while a search runs on the search
//! thread (which prints `info` lines and the final `bestmove`). Malformed input is answered with
//! `info string <what was wrong>` and otherwise ignored; nothing the GUI sends can crash the
//! engine.

use super::input::{Line, MAX_LINE, Number, parse_number, read_line_bounded, shorten};
use crate::core::{Color, Move, Position, PositionCommandError, PositionSyntax, parse_position_command};
use crate::engine::Engine;
use crate::engine::builtin_player::BuiltinPlayer;
use crate::engine::levels::Level;
use crate::engine::search::root::SearchInfo;
use crate::engine::search::time::Limits;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

/// The answer to `go mate`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateAnswer {
    Mate(Vec<Move>),
    NoMate,
    Timeout,
}

impl MateAnswer {
    /// USI text: `checkmate <moves>`, `checkmate nomate` or `checkmate timeout`.
    pub fn usi(&self) -> String {
        match self {
            MateAnswer::Mate(line) => {
                let moves: Vec<String> = line.iter().map(|m| m.usi()).collect();
                format!("checkmate {}", moves.join(" "))
            }
            MateAnswer::NoMate => "checkmate nomate".to_string(),
            MateAnswer::Timeout => "checkmate timeout".to_string(),
        }
    }
}

/// Answers `go mate` with the df-pn solver (`engine::mate`); `time_ms` None = until stopped.
pub fn go_mate(pos: &Position, time_ms: Option<u64>, threads: usize, stop: &Arc<AtomicBool>) -> MateAnswer {
    let limits = crate::engine::mate::MateLimits {
        time_ms,
        nodes: None,
        stop: Some(Arc::clone(stop)),
        threads,
        first_line: false,
    };
    match crate::engine::mate::solve(pos, limits) {
        crate::engine::mate::MateResult::Mate(line) => MateAnswer::Mate(line),
        crate::engine::mate::MateResult::NoMate => MateAnswer::NoMate,
        crate::engine::mate::MateResult::Unknown => MateAnswer::Timeout,
    }
}

/// The player the USI server plays with: the built-in engine with default options and the
/// built-in opening book (used while `OwnBook` is on).
fn new_player() -> BuiltinPlayer {
    BuiltinPlayer::new(Level::MAX)
}

/// Formats an `info` line.
pub fn info_line(i: &SearchInfo, show_multipv: bool) -> String {
    let mut s = format!("info depth {} seldepth {}", i.depth, i.seldepth);
    if show_multipv {
        s.push_str(&format!(" multipv {}", i.multipv));
    }
    s.push_str(&format!(
        " score {} nodes {} nps {} time {} hashfull {}",
        i.score.usi(),
        i.nodes,
        i.nps,
        i.time_ms,
        i.hashfull
    ));
    if !i.pv.is_empty() {
        s.push_str(" pv");
        for m in &i.pv {
            s.push(' ');
            s.push_str(&m.usi());
        }
    }
    s
}

/// Longest `info string` written: messages quote the input, which may be long.
const MAX_INFO_STRING: usize = 300;

fn say(line: &str) {
    use std::io::Write;
    let line = if line.starts_with("info string") { shorten(line, MAX_INFO_STRING) } else { line.into() };
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

struct Job {
    handle: JoinHandle<BuiltinPlayer>,
    stop: Arc<AtomicBool>,
    ponderhit: Arc<AtomicBool>,
    /// Set by the search thread just before it prints its answer.
    done: Arc<AtomicBool>,
}

/// The command loop's state.
pub struct Server {
    /// The player, away on the search thread while a search runs.
    player: Option<BuiltinPlayer>,
    job: Option<Job>,
    pos: Position,
    ponder_option: bool,
    /// `NetworkDelay`: milliseconds kept back on every move for transmission.
    network_delay: u64,
}

impl Default for Server {
    fn default() -> Self {
        Server::new()
    }
}

/// Parses the `position` command's arguments. Returns the position reached and, when a move
/// was illegal or malformed or a stray word followed the start, a note saying so (the position
/// is then the one before it). A composed problem's start (pieces that can never move, two
/// pawns on a file) is accepted, with a note.
pub fn parse_position(args: &[&str]) -> Result<(Position, Option<String>), PositionCommandError> {
    let parsed = parse_position_command(args, PositionSyntax::Usi)?;
    let note = match &parsed.stopped {
        Some(e @ PositionCommandError::Move { .. }) => {
            Some(format!("position: {e}; kept the moves before it"))
        }
        Some(e) => Some(format!("position: {e}")),
        None if !parsed.start_problems.is_empty() => {
            let list: Vec<String> = parsed.start_problems.iter().map(ToString::to_string).collect();
            Some(format!("position: {}; searched as given", list.join("; ")))
        }
        None => None,
    };
    Ok((parsed.end, note))
}

/// What `go` asked for.
#[derive(Debug, Default)]
pub struct GoCommand {
    pub limits: Limits,
    pub ponder: bool,
    /// `go mate`: Some(None) = infinite, Some(Some(ms)).
    pub mate: Option<Option<u64>>,
    pub errors: Vec<String>,
}

const GO_KEYWORDS: [&str; 14] = [
    "btime",
    "wtime",
    "binc",
    "winc",
    "byoyomi",
    "movetime",
    "depth",
    "nodes",
    "movestogo",
    "infinite",
    "ponder",
    "mate",
    "searchmoves",
    "ponderhit",
];

/// The search time given to a `go` whose limits were all unreadable (`go btime abc`): every
/// `go` gets a `bestmove`, so such a line searches this long.
pub const DEFAULT_MOVETIME_MS: u64 = 1000;

impl GoCommand {
    /// A search that only `stop` would end although `go` did not say `infinite`: what is left of
    /// a malformed line (`go btime abc`). Such a line searches [`DEFAULT_MOVETIME_MS`].
    pub fn unbounded_after_errors(&self) -> bool {
        let l = &self.limits;
        !self.errors.is_empty()
            && !l.timed()
            && l.depth.is_none()
            && l.nodes.is_none()
            && !l.infinite
            && !self.ponder
            && self.mate.is_none()
    }
}

/// Parses the arguments of `go`.
pub fn parse_go(args: &[&str]) -> GoCommand {
    let mut g = GoCommand::default();
    let mut i = 0;
    let num = |i: usize, g: &mut GoCommand| -> Option<u64> {
        match args.get(i + 1).map(|t| parse_number(t)) {
            Some(Number::Exact(v)) => Some(v),
            Some(Number::Adjusted(v, what)) => {
                g.errors.push(format!("go: '{}' {what}", args[i]));
                Some(v)
            }
            Some(Number::Invalid) => {
                g.errors.push(format!("go: '{}' needs a number, got '{}'", args[i], args[i + 1]));
                None
            }
            None => {
                g.errors.push(format!("go: '{}' needs a number", args[i]));
                None
            }
        }
    };
    while i < args.len() {
        let t = args[i];
        let mut skip = 1;
        match t {
            "btime" | "wtime" | "binc" | "winc" | "byoyomi" | "movetime" | "depth" | "nodes"
            | "movestogo" => {
                let v = num(i, &mut g);
                // a bad value is skipped with its keyword (unless it is the next keyword)
                if v.is_some() || args.get(i + 1).is_some_and(|n| !GO_KEYWORDS.contains(n)) {
                    skip = 2;
                }
                if let Some(v) = v {
                    match t {
                        "btime" => g.limits.time[Color::Black.index()] = Some(v),
                        "wtime" => g.limits.time[Color::White.index()] = Some(v),
                        "binc" => g.limits.inc[Color::Black.index()] = v,
                        "winc" => g.limits.inc[Color::White.index()] = v,
                        "byoyomi" => g.limits.byoyomi = v,
                        "movetime" => g.limits.movetime = Some(v),
                        "depth" => g.limits.depth = Some(v.clamp(1, 100) as u32),
                        "nodes" => g.limits.nodes = Some(v.max(1)),
                        _ => {}
                    }
                }
            }
            "infinite" => g.limits.infinite = true,
            "ponder" => g.ponder = true,
            "mate" => match args.get(i + 1) {
                Some(&"infinite") => {
                    g.mate = Some(None);
                    skip = 2;
                }
                Some(v) if v.parse::<u64>().is_ok() => {
                    g.mate = Some(v.parse::<u64>().ok());
                    skip = 2;
                }
                _ => g.mate = Some(None),
            },
            "searchmoves" => {
                g.errors.push("go: searchmoves is not supported; searching all moves".to_string());
                while i + skip < args.len() && Move::from_usi(args[i + skip]).is_some() {
                    skip += 1;
                }
            }
            other => g.errors.push(format!("go: unknown token '{other}'")),
        }
        i += skip;
    }
    g
}

impl Server {
    pub fn new() -> Server {
        Server {
            player: Some(new_player()),
            job: None,
            pos: Position::startpos(),
            ponder_option: false,
            network_delay: crate::engine::search::params::TIME_MARGIN_MS,
        }
    }

    fn searching(&self) -> bool {
        self.job.as_ref().is_some_and(|j| !j.done.load(Ordering::Acquire) && !j.handle.is_finished())
    }

    /// Waits for the search thread (after asking it to stop when `stop`) and takes the player
    /// back.
    fn finish_job(&mut self, stop: bool) {
        if let Some(job) = self.job.take() {
            if stop {
                job.stop.store(true, Ordering::Relaxed);
            }
            match job.handle.join() {
                Ok(player) => self.player = Some(player),
                Err(_) => {
                    say("info string the search thread failed; engine restarted");
                    self.player = Some(new_player());
                }
            }
        }
    }

    /// The engine (for installing the opening book: `server.engine_mut().set_book(...)`).
    /// Waits for a running search to finish.
    pub fn engine_mut(&mut self) -> &mut Engine {
        self.engine()
    }

    fn engine(&mut self) -> &mut Engine {
        if self.player.is_none() {
            self.finish_job(false);
        }
        self.player.get_or_insert_with(new_player).engine()
    }

    /// Handles one line; returns false on `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = tokens.first() else { return true };
        let args = &tokens[1..];
        if self.job.as_ref().is_some_and(|j| j.handle.is_finished()) {
            self.finish_job(false);
        }
        match cmd {
            "usi" => {
                say("id name shogiban");
                say("id author the shogiban authors");
                let o = self.engine().options().clone();
                say(&format!("option name USI_Hash type spin default {} min 1 max 4096", o.hash_mb));
                say(&format!(
                    "option name Threads type spin default {} min 1 max {}",
                    o.threads,
                    crate::engine::MAX_THREADS
                ));
                say(&format!(
                    "option name Level type spin default {} min {} max {}",
                    o.level,
                    Level::MIN,
                    Level::MAX
                ));
                say(&format!("option name OwnBook type check default {}", o.own_book));
                say("option name MultiPV type spin default 1 min 1 max 32");
                say("option name USI_Ponder type check default false");
                say(&format!(
                    "option name NetworkDelay type spin default {} min 0 max 10000",
                    crate::engine::search::params::TIME_MARGIN_MS
                ));
                say("usiok");
            }
            "isready" => say("readyok"),
            "setoption" => self.setoption(args),
            "usinewgame" => {
                self.finish_job(true);
                self.engine().new_game();
            }
            "position" => match parse_position(args) {
                Ok((pos, err)) => {
                    if let Some(e) = err {
                        say(&format!("info string {e}"));
                    }
                    self.pos = pos;
                }
                Err(e) => say(&format!("info string position: {e}; position unchanged")),
            },
            "go" => self.go(args),
            "stop" => self.finish_job(true),
            "ponderhit" => {
                if let Some(j) = &self.job {
                    j.ponderhit.store(true, Ordering::Relaxed);
                }
            }
            "gameover" => self.finish_job(true),
            "quit" => {
                self.finish_job(true);
                return false;
            }
            other => say(&format!("info string unknown command '{}'", shorten(other, 40))),
        }
        true
    }

    fn setoption(&mut self, args: &[&str]) {
        if args.first() != Some(&"name") {
            say("info string setoption: expected 'setoption name <id> [value <x>]'");
            return;
        }
        let vpos = args.iter().position(|&t| t == "value");
        let name = args[1..vpos.unwrap_or(args.len())].join(" ");
        let value = vpos.map(|v| args[v + 1..].join(" ")).unwrap_or_default();
        let (name, value) = (shorten(&name, 60).into_owned(), shorten(&value, 60).into_owned());
        if self.searching() {
            say(&format!("info string setoption {name}: ignored while searching"));
            return;
        }
        let spin =
            |lo: i64, hi: i64| -> Option<i64> { value.parse::<i64>().ok().filter(|v| (lo..=hi).contains(v)) };
        let check = || match value.as_str() {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        };
        let ok = match name.to_ascii_lowercase().as_str() {
            "usi_hash" | "hash" => spin(1, 4096)
                .map(|v| {
                    let got = self.engine().set_hash_mb(v as usize);
                    if got < v as usize {
                        say(&format!(
                            "info string setoption {name}: {v} MB could not be had; using {got} MB"
                        ));
                    }
                })
                .is_some(),
            "threads" => spin(1, crate::engine::MAX_THREADS as i64)
                .map(|v| self.engine().set_threads(v as usize))
                .is_some(),
            "level" => spin(Level::MIN.get() as i64, Level::MAX.get() as i64)
                .map(|v| self.engine().set_level(Level::nearest(v)))
                .is_some(),
            "ownbook" => check().map(|b| self.engine().set_own_book(b)).is_some(),
            "multipv" => spin(1, 32).map(|v| self.engine().set_multipv(v as usize)).is_some(),
            "usi_ponder" => check().map(|b| self.ponder_option = b).is_some(),
            "networkdelay" => spin(0, 10_000).map(|v| self.network_delay = v as u64).is_some(),
            _ => {
                say(&format!("info string setoption: unknown option '{name}'"));
                return;
            }
        };
        if !ok {
            say(&format!("info string setoption {name}: bad value '{value}'"));
        }
    }

    fn go(&mut self, args: &[&str]) {
        if self.searching() {
            // every `go` gets its `bestmove`: the running search answers now, then this one starts
            say("info string go: already searching; that search is stopped first");
        }
        self.finish_job(true);
        let mut g = parse_go(args);
        for e in &g.errors {
            say(&format!("info string {e}"));
        }
        if g.unbounded_after_errors() {
            say(&format!(
                "info string go: no limit left after the errors above; searching {DEFAULT_MOVETIME_MS} ms"
            ));
            g.limits.movetime = Some(DEFAULT_MOVETIME_MS);
        }
        let stop = Arc::new(AtomicBool::new(false));
        let ponderhit = Arc::new(AtomicBool::new(false));
        let pos = self.pos.clone();
        let mut player = self.player.take().unwrap_or_else(new_player);
        let threads = player.options().threads;
        let done = Arc::new(AtomicBool::new(false));
        let (stop2, hit2, done2) = (Arc::clone(&stop), Arc::clone(&ponderhit), Arc::clone(&done));
        let handle = if let Some(mate_time) = g.mate {
            std::thread::spawn(move || {
                let answer =
                    std::panic::catch_unwind(AssertUnwindSafe(|| go_mate(&pos, mate_time, threads, &stop2)))
                        .unwrap_or(MateAnswer::Timeout);
                done2.store(true, Ordering::Release);
                say(&answer.usi());
                player
            })
        } else {
            let mut limits = g.limits;
            limits.overhead_ms = Some(self.network_delay);
            let reserve = crate::engine::search::time::stall_reserve_ms();
            if reserve > 0 && limits.timed() {
                say(&format!("info string the machine stalled {reserve} ms lately; keeping that back too"));
            }
            let ponder = g.ponder;
            if ponder {
                limits.ponder = Some(Arc::clone(&hit2));
            }
            let infinite = limits.infinite;
            std::thread::spawn(move || {
                let engine = player.engine();
                let show_multipv = engine.options().multipv > 1;
                let user_lines = engine.options().multipv;
                let searched = std::panic::catch_unwind(AssertUnwindSafe(|| {
                    engine.search(&pos, limits, Arc::clone(&stop2), |i| {
                        // weaker levels compare extra lines internally; report only what was asked for
                        if i.multipv <= user_lines {
                            say(&info_line(i, show_multipv))
                        }
                    })
                }));
                let Ok(r) = searched else {
                    // a failed search still answers: any legal move, else resign
                    done2.store(true, Ordering::Release);
                    say("info string the search failed; answering with a legal move");
                    match pos.legal_moves().iter().next() {
                        Some(m) => say(&format!("bestmove {}", m.usi())),
                        None => say("bestmove resign"),
                    }
                    return new_player();
                };
                // an infinite or ponder search reports only when told to
                while (infinite || ponder)
                    && !stop2.load(Ordering::Relaxed)
                    && !(ponder && hit2.load(Ordering::Relaxed))
                {
                    std::thread::sleep(Duration::from_millis(1));
                }
                let line = if r.declare_win {
                    "bestmove win".to_string()
                } else {
                    match r.best {
                        None => "bestmove resign".to_string(),
                        Some(m) => match r.ponder {
                            Some(p) => format!("bestmove {} ponder {}", m.usi(), p.usi()),
                            None => format!("bestmove {}", m.usi()),
                        },
                    }
                };
                done2.store(true, Ordering::Release);
                say(&line);
                player
            })
        };
        self.job = Some(Job { handle, stop, ponderhit, done });
    }
}

/// Serves USI on stdin/stdout until `quit` or the end of the input.
pub fn serve_stdio() {
    let (tx, rx) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        let mut stdin = std::io::stdin().lock();
        loop {
            // a line longer than MAX_LINE is skipped as it comes in, never held whole
            match read_line_bounded(&mut stdin, MAX_LINE) {
                Ok(Line::Eof) | Err(_) => {
                    let _ = tx.send("quit".to_string());
                    break;
                }
                Ok(Line::TooLong { bytes, start }) => say(&format!(
                    "info string a line of {bytes} bytes was ignored (the limit is {MAX_LINE}); it began '{}'",
                    shorten(start.trim(), 40)
                )),
                Ok(Line::Text(line)) => {
                    // invalid UTF-8 is replaced, not fatal: the line is then reported as malformed
                    if tx.send(line.trim().to_string()).is_err() {
                        break;
                    }
                }
            }
        }
    });
    let mut server = Server::new();
    while let Ok(line) = rx.recv() {
        if !server.handle(&line) {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_with_moves_and_errors() {
        let (p, e) = parse_position(&["startpos", "moves", "7g7f", "3c3d"]).unwrap();
        assert!(e.is_none());
        assert_eq!(p.moves_played(), 2);
        let (p, e) = parse_position(&["startpos", "moves", "7g7f", "7g7f", "3c3d"]).unwrap();
        assert!(e.unwrap().contains("move 2"));
        assert_eq!(p.moves_played(), 1);
        assert!(parse_position(&["sfen", "garbage"]).is_err());
        assert!(parse_position(&[]).is_err());
        let (p, _) =
            parse_position(&["sfen", "4k4/9/9/9/9/9/9/9/4K4", "b", "G", "1", "moves", "G*5b"]).unwrap();
        assert_eq!(p.moves_played(), 1);
        // a composed problem: two pawns on a file and a pawn that can never move
        let (p, note) = parse_position(&["sfen", "P3k4/9/9/4P4/4P4/9/9/9/4K4", "b", "-", "1"]).unwrap();
        assert!(!p.legal_moves().is_empty());
        assert!(note.unwrap().contains("nifu"));
    }

    #[test]
    fn go_tokens() {
        let g = parse_go(&["btime", "1000", "wtime", "2000", "byoyomi", "3000", "ponder"]);
        assert_eq!(g.limits.time, [Some(1000), Some(2000)]);
        assert_eq!(g.limits.byoyomi, 3000);
        assert!(g.ponder && g.errors.is_empty());
        // the bad value goes with its keyword: one error, and the rest of the line is read
        let g = parse_go(&["depth", "x", "nodes", "500"]);
        assert_eq!(g.errors, ["go: 'depth' needs a number, got 'x'"]);
        assert_eq!(g.limits.nodes, Some(500));
        assert!(!g.unbounded_after_errors());
        // a keyword in place of the value stays a keyword
        let g = parse_go(&["btime", "byoyomi", "1000"]);
        assert_eq!((g.errors.len(), g.limits.byoyomi), (1, 1000));
        // nothing left to stop the search: the line is ignored, not searched for ever
        assert!(parse_go(&["btime", "abc"]).unbounded_after_errors());
        assert!(parse_go(&["bogus"]).unbounded_after_errors());
        assert!(!parse_go(&[]).unbounded_after_errors()); // plain `go` searches until `stop`
        assert!(!parse_go(&["bogus", "infinite"]).unbounded_after_errors());
        // a negative time (some GUIs send one when the clock has run out) is read as 0, and said
        let g = parse_go(&["btime", "-5", "wtime", "1000", "byoyomi", "100"]);
        assert_eq!(g.limits.time, [Some(0), Some(1000)]);
        assert_eq!(g.errors, ["go: 'btime' is negative (-5); read as 0"]);
        assert!(!g.unbounded_after_errors());
        assert_eq!(parse_go(&["mate", "1000"]).mate, Some(Some(1000)));
        assert_eq!(parse_go(&["mate", "infinite"]).mate, Some(None));
    }

    #[test]
    fn mate_answer_text() {
        let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
        let a = go_mate(&pos, Some(5_000), 1, &Arc::new(AtomicBool::new(false)));
        assert_eq!(a.usi(), "checkmate G*5b");
        // with two threads (the Threads option): two searches side by side, the same answer
        let a = go_mate(&pos, Some(5_000), 2, &Arc::new(AtomicBool::new(false)));
        assert_eq!(a.usi(), "checkmate G*5b");
        assert_eq!(MateAnswer::NoMate.usi(), "checkmate nomate");
    }
}

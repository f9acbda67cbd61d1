//! Playing against an external USI engine: starts the program, does the handshake
//! (`usi`/`usiok`, `setoption`, `isready`/`readyok`), sends positions and `go`, and delivers
//! what the engine says as [`EngineEvent`]s through an `mpsc` channel fed by a reader thread,
//! so the app never blocks on the engine. A crash, an exit or a silent engine becomes an
//! [`EngineError`] value (with the engine's last stderr lines), never a hang or a panic. The
//! process is told to quit and then killed when the [`UsiEngine`] is dropped.
//!
//! Line parsing lives in `events.rs`.

pub use super::events::{
    BestMove, Bound, CheckmateAnswer, EngineError, EngineEvent, Info, UsiOption, parse_line,
};
use crate::core::{Move, Position, position_command};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Where the reader thread sends events when the app has asked for them (`forward_events`).
type EventSink = Arc<Mutex<Option<Box<dyn Fn(EngineEvent) + Send>>>>;

/// How many stderr lines are kept for error messages.
const STDERR_TAIL_LINES: usize = 20;

/// The longest line an engine may write (a USI line is a few hundred bytes; a PV of 500 moves
/// a few KB): a longer one means the engine misbehaves.
pub const MAX_LINE_BYTES: usize = 64 << 10;

/// The most lines an engine may write in one second (a busy search writes a few hundred `info`
/// lines; `yes` writes millions): more means it floods, and it is given up as a dead one.
pub const MAX_LINES_PER_SECOND: u32 = 20_000;

/// Events waiting in the client's own channel at the most (the reader waits when it is full).
const EVENT_QUEUE: usize = 4096;

/// How to start an engine.
#[derive(Clone, Debug)]
pub struct EngineConfig {
    pub path: String,
    pub args: Vec<String>,
    /// Working directory (engines often load their evaluation files relative to it).
    pub dir: Option<std::path::PathBuf>,
    /// Longest wait for `usiok`. (`readyok` can take much longer, since engines load their
    /// evaluation files then: `is_ready` takes its own timeout.)
    pub handshake_timeout: Duration,
}

impl EngineConfig {
    pub fn new(path: impl Into<String>) -> EngineConfig {
        EngineConfig {
            path: path.into(),
            args: Vec::new(),
            dir: None,
            handshake_timeout: Duration::from_secs(10),
        }
    }
}

/// What the engine told about itself in the handshake.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineId {
    pub name: String,
    pub author: String,
    pub options: Vec<UsiOption>,
}

/// Time control and mode of one `go`. Times in milliseconds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    pub btime: Option<u64>,
    pub wtime: Option<u64>,
    pub byoyomi: Option<u64>,
    pub binc: Option<u64>,
    pub winc: Option<u64>,
    pub ponder: bool,
    pub infinite: bool,
    /// `go mate <ms>` (`Some(None)` = `go mate infinite`).
    pub mate: Option<Option<u64>>,
}

impl GoParams {
    /// The `go` command text.
    pub fn to_command(&self) -> String {
        if let Some(m) = self.mate {
            return match m {
                Some(ms) => format!("go mate {ms}"),
                None => "go mate infinite".to_string(),
            };
        }
        let mut s = String::from("go");
        if self.ponder {
            s.push_str(" ponder");
        }
        if self.infinite {
            s.push_str(" infinite");
            return s;
        }
        for (k, v) in [("btime", self.btime), ("wtime", self.wtime)] {
            if let Some(v) = v {
                s.push_str(&format!(" {k} {v}"));
            }
        }
        if let Some(b) = self.byoyomi {
            s.push_str(&format!(" byoyomi {b}"));
        } else {
            for (k, v) in [("binc", self.binc), ("winc", self.winc)] {
                if let Some(v) = v {
                    s.push_str(&format!(" {k} {v}"));
                }
            }
        }
        s
    }
}

/// A running USI engine.
pub struct UsiEngine {
    child: Child,
    stdin: Option<ChildStdin>,
    events: Receiver<EngineEvent>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    stderr_done: Arc<AtomicBool>,
    sink: EventSink,
    id: EngineId,
    dead: Option<EngineError>,
}

impl UsiEngine {
    /// Starts the engine and does the `usi` handshake.
    pub fn start(config: &EngineConfig) -> Result<UsiEngine, EngineError> {
        let mut cmd = Command::new(&config.path);
        cmd.args(&config.args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        if let Some(d) = &config.dir {
            cmd.current_dir(d);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| EngineError::Spawn { path: config.path.clone(), message: e.to_string() })?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let stderr = child.stderr.take();
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let stderr_done = Arc::new(AtomicBool::new(stderr.is_none()));
        if let Some(err) = stderr {
            let tail = Arc::clone(&stderr_tail);
            let done = Arc::clone(&stderr_done);
            std::thread::spawn(move || {
                let mut reader = BufReader::new(err);
                loop {
                    let line = match read_line_bounded(&mut reader) {
                        Ok(Some(line)) => line,
                        Ok(None) => break,
                        // a piece of an over-long line, let go: stderr is only kept as a tail
                        Err(_) => continue,
                    };
                    if let Ok(mut t) = tail.lock() {
                        if t.len() == STDERR_TAIL_LINES {
                            t.pop_front();
                        }
                        t.push_back(line);
                    }
                }
                done.store(true, Ordering::SeqCst);
            });
        }
        let (tx, rx) = sync_channel(EVENT_QUEUE);
        let sink: EventSink = Arc::new(Mutex::new(None));
        if let Some(out) = stdout {
            let tail = Arc::clone(&stderr_tail);
            let done = Arc::clone(&stderr_done);
            let sink = Arc::clone(&sink);
            std::thread::spawn(move || read_stdout(out, tx, sink, tail, done));
        }
        let mut engine = UsiEngine {
            child,
            stdin,
            events: rx,
            stderr_tail,
            stderr_done,
            sink,
            id: EngineId::default(),
            dead: None,
        };
        engine.handshake(config.handshake_timeout)?;
        Ok(engine)
    }

    fn handshake(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send("usi")?;
        let deadline = Instant::now() + timeout;
        loop {
            match self.next_before(deadline, "usiok")? {
                EngineEvent::IdName(n) => self.id.name = n,
                EngineEvent::IdAuthor(a) => self.id.author = a,
                EngineEvent::Option(o) => self.id.options.push(o),
                EngineEvent::UsiOk => return Ok(()),
                _ => {}
            }
        }
    }

    /// Name, author and options from the handshake.
    pub fn id(&self) -> &EngineId {
        &self.id
    }

    /// Sends `setoption name <name> value <value>` (or without value for a button).
    pub fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), EngineError> {
        match value {
            Some(v) => self.send(&format!("setoption name {name} value {v}")),
            None => self.send(&format!("setoption name {name}")),
        }
    }

    /// `isready`, then waits for `readyok` (other lines meanwhile are dropped).
    pub fn is_ready(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send("isready")?;
        let deadline = Instant::now() + timeout;
        loop {
            if let EngineEvent::ReadyOk = self.next_before(deadline, "readyok")? {
                return Ok(());
            }
        }
    }

    /// `usinewgame`.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.send("usinewgame")
    }

    /// `position ... moves ...`.
    pub fn position(&mut self, start: &Position, moves: &[Move]) -> Result<(), EngineError> {
        self.send(&position_command(start, moves))
    }

    /// `go ...`; the answer comes as events (`Info`..., then `BestMove` or `Checkmate`).
    pub fn go(&mut self, params: &GoParams) -> Result<(), EngineError> {
        self.send(&params.to_command())
    }

    /// `stop`: the engine should answer with its best move soon.
    pub fn stop(&mut self) -> Result<(), EngineError> {
        self.send("stop")
    }

    /// `ponderhit`.
    pub fn ponderhit(&mut self) -> Result<(), EngineError> {
        self.send("ponderhit")
    }

    /// `gameover win|lose|draw`.
    pub fn game_over(&mut self, result: &str) -> Result<(), EngineError> {
        self.send(&format!("gameover {result}"))
    }

    /// Sends one raw line.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        if let Some(e) = &self.dead {
            return Err(e.clone());
        }
        let ok = match self.stdin.as_mut() {
            Some(w) => writeln!(w, "{line}").and_then(|_| w.flush()).is_ok(),
            None => false,
        };
        if ok { Ok(()) } else { Err(self.died()) }
    }

    /// The event channel, for an app's event loop (`try_recv`, or `recv_timeout` on a thread).
    /// An `EngineEvent::Died` is the last event.
    pub fn events(&self) -> &Receiver<EngineEvent> {
        &self.events
    }

    /// Hands all further events to `sink` (called on the reader thread), typically to wrap them
    /// into the app's own event type and send them down the app's channel, so one loop waits
    /// for keys and engine output alike. Events already queued are passed on first. After this
    /// the waiting helpers (`is_ready`, `wait_bestmove`, `next_event`) no longer see events:
    /// use them for the handshake and set-up, then forward.
    pub fn forward_events(&mut self, sink: impl Fn(EngineEvent) + Send + 'static) {
        let Ok(mut slot) = self.sink.lock() else { return };
        while let Ok(ev) = self.events.try_recv() {
            sink(ev);
        }
        *slot = Some(Box::new(sink));
    }

    /// The next event if there is one now; `Err` once the engine has died.
    pub fn try_event(&mut self) -> Result<Option<EngineEvent>, EngineError> {
        if let Some(e) = &self.dead {
            return Err(e.clone());
        }
        match self.events.try_recv() {
            Ok(EngineEvent::Died(e)) => Err(self.mark_dead(e)),
            Ok(ev) => Ok(Some(ev)),
            Err(std::sync::mpsc::TryRecvError::Empty) => Ok(None),
            Err(std::sync::mpsc::TryRecvError::Disconnected) => Err(self.died()),
        }
    }

    /// Waits up to `timeout` for the next event (`Ok(None)` when nothing came).
    pub fn next_event(&mut self, timeout: Duration) -> Result<Option<EngineEvent>, EngineError> {
        match self.next_before(Instant::now() + timeout, "") {
            Ok(ev) => Ok(Some(ev)),
            Err(EngineError::Timeout { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Waits for the `bestmove` of the current `go`, collecting the `info` lines on the way.
    /// With a timeout, gives `EngineError::Timeout` if it does not come (the engine keeps
    /// running: send `stop` and wait again, or drop it).
    pub fn wait_bestmove(&mut self, timeout: Option<Duration>) -> Result<(BestMove, Vec<Info>), EngineError> {
        let deadline = timeout.map(|t| Instant::now() + t);
        let mut infos = Vec::new();
        loop {
            let ev = match deadline {
                Some(d) => self.next_before(d, "bestmove")?,
                None => self.next_blocking()?,
            };
            match ev {
                EngineEvent::Info(i) => infos.push(i),
                EngineEvent::BestMove(b) => return Ok((b, infos)),
                _ => {}
            }
        }
    }

    /// Asks the engine to quit and waits briefly; the process is killed if it does not exit.
    pub fn quit(mut self) {
        self.shutdown();
    }

    /// The engine's last stderr lines, joined by " | ".
    pub fn stderr_tail(&self) -> String {
        tail_text(&self.stderr_tail)
    }

    fn next_blocking(&mut self) -> Result<EngineEvent, EngineError> {
        if let Some(e) = &self.dead {
            return Err(e.clone());
        }
        match self.events.recv() {
            Ok(EngineEvent::Died(e)) => Err(self.mark_dead(e)),
            Ok(ev) => Ok(ev),
            Err(_) => Err(self.died()),
        }
    }

    fn next_before(&mut self, deadline: Instant, waiting_for: &str) -> Result<EngineEvent, EngineError> {
        if let Some(e) = &self.dead {
            return Err(e.clone());
        }
        let left = deadline.saturating_duration_since(Instant::now());
        match self.events.recv_timeout(left) {
            Ok(EngineEvent::Died(e)) => Err(self.mark_dead(e)),
            Ok(ev) => Ok(ev),
            Err(RecvTimeoutError::Timeout) => {
                Err(EngineError::Timeout { waiting_for: waiting_for.to_string() })
            }
            Err(RecvTimeoutError::Disconnected) => Err(self.died()),
        }
    }

    fn mark_dead(&mut self, mut e: EngineError) -> EngineError {
        if let EngineError::Died { exit, .. } = &mut e
            && exit.is_none()
        {
            *exit = self.exit_status(Duration::from_millis(200));
        }
        self.dead = Some(e.clone());
        e
    }

    /// The engine is gone: builds the error with its exit status and stderr.
    fn died(&mut self) -> EngineError {
        let exit = self.exit_status(Duration::from_millis(200));
        wait_flag(&self.stderr_done, Duration::from_millis(300));
        let e = EngineError::Died { exit, stderr_tail: tail_text(&self.stderr_tail) };
        self.dead = Some(e.clone());
        e
    }

    /// The exit status text if the process ends within `wait`.
    fn exit_status(&mut self, wait: Duration) -> Option<String> {
        let end = Instant::now() + wait;
        loop {
            match self.child.try_wait() {
                Ok(Some(st)) => return Some(st.to_string()),
                Ok(None) if Instant::now() < end => std::thread::sleep(Duration::from_millis(5)),
                _ => return None,
            }
        }
    }

    fn shutdown(&mut self) {
        if self.dead.is_none()
            && let Some(w) = self.stdin.as_mut()
        {
            let _ = writeln!(w, "quit").and_then(|_| w.flush());
        }
        self.stdin = None; // closing stdin also tells most engines to go
        if self.exit_status(Duration::from_millis(500)).is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

impl Drop for UsiEngine {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// Waits until `flag` is set or `limit` has passed.
fn wait_flag(flag: &AtomicBool, limit: Duration) {
    let end = Instant::now() + limit;
    while !flag.load(Ordering::SeqCst) && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn tail_text(tail: &Mutex<VecDeque<String>>) -> String {
    tail.lock().map(|t| t.iter().cloned().collect::<Vec<_>>().join(" | ")).unwrap_or_default()
}

/// The reader thread: one event per line, then `Died` when the output ends, or when the
/// engine misbehaves (a line over [`MAX_LINE_BYTES`], more than [`MAX_LINES_PER_SECOND`]):
/// then it is read no more, and the client takes it for a dead engine.
fn read_stdout(
    out: std::process::ChildStdout,
    tx: SyncSender<EngineEvent>,
    sink: EventSink,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    stderr_done: Arc<AtomicBool>,
) {
    let mut reader = BufReader::new(out);
    let (mut second, mut lines) = (Instant::now(), 0u32);
    loop {
        let line = match read_line_bounded(&mut reader) {
            Ok(Some(line)) => line,
            Ok(None) => break,
            Err(why) => {
                deliver(&tx, &sink, EngineEvent::Died(EngineError::Protocol(why)));
                return;
            }
        };
        lines += 1;
        if lines > MAX_LINES_PER_SECOND {
            if second.elapsed() < Duration::from_secs(1) {
                let why = format!(
                    "the engine floods its output (over {MAX_LINES_PER_SECOND} lines a second); it is no \
                     longer read"
                );
                deliver(&tx, &sink, EngineEvent::Died(EngineError::Protocol(why)));
                return;
            }
            (second, lines) = (Instant::now(), 0);
        }
        if line.trim().is_empty() {
            continue;
        }
        if !deliver(&tx, &sink, parse_line(&line)) {
            return; // the client is gone
        }
    }
    // let the stderr reader catch the last words (bounded wait: it may never close)
    wait_flag(&stderr_done, Duration::from_millis(300));
    let died = EngineEvent::Died(EngineError::Died { exit: None, stderr_tail: tail_text(&stderr_tail) });
    deliver(&tx, &sink, died);
}

/// One line without its end-of-line, decoding invalid UTF-8 leniently (engines print Shift_JIS
/// now and then); `None` at the end of the stream or on a read error. A line is never held
/// whole past [`MAX_LINE_BYTES`]: a longer one is `Err` (why, in words).
fn read_line_bounded(reader: &mut impl BufRead) -> Result<Option<String>, String> {
    let mut buf = Vec::new();
    match reader.by_ref().take(MAX_LINE_BYTES as u64 + 1).read_until(b'\n', &mut buf) {
        Ok(0) | Err(_) => Ok(None),
        Ok(_) if buf.len() > MAX_LINE_BYTES && buf.last() != Some(&b'\n') => Err(format!(
            "the engine wrote a line longer than {} KiB; it is no longer read",
            MAX_LINE_BYTES >> 10
        )),
        Ok(_) => {
            while buf.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
                buf.pop();
            }
            Ok(Some(String::from_utf8_lossy(&buf).into_owned()))
        }
    }
}

/// Sends one event to the app's sink if there is one, else down the client's channel. False
/// when nobody listens any more.
fn deliver(tx: &SyncSender<EngineEvent>, sink: &EventSink, ev: EngineEvent) -> bool {
    match sink.lock() {
        Ok(guard) => match guard.as_ref() {
            Some(f) => {
                f(ev);
                true
            }
            None => tx.send(ev).is_ok(),
        },
        Err(_) => false,
    }
}

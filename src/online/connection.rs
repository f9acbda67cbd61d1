//! The TCP connection to a CSA server: connecting with a timeout, a reader thread that hands each
//! bounded line to a sink (a channel of the caller's choice, so the caller never blocks on the
//! network), and a writer thread that sends the caller's lines and an empty keep-alive line at a
//! steady interval, whoever is to move and whatever else is sent. The socket also has TCP
//! keep-alive on (Linux), so a connection whose far end vanished is found. Dropping the
//! [`Connection`] sends what was queued (a `REJECT`, a `LOGOUT`), then closes the socket and ends
//! both threads.

use super::lines::{BoundedLines, LineRead, MAX_LINE_BYTES};
use std::io::{BufReader, Write};
use std::net::{Shutdown, TcpStream, ToSocketAddrs};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long to wait for the server to accept the connection.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// How long to wait for the answer to `LOGIN`.
pub const LOGIN_TIMEOUT: Duration = Duration::from_secs(30);
/// An empty line is sent this often (servers such as floodgate drop connections silent for
/// minutes; the protocol asks for no more than one each 30 seconds).
pub const KEEPALIVE: Duration = Duration::from_secs(30);
/// The shortest keep-alive interval the settings and the command line accept (the protocol's
/// rule, as ShogiHome applies it).
pub const MIN_KEEPALIVE: Duration = Duration::from_secs(30);
/// TCP keep-alive: the first probe after this long without traffic.
pub const TCP_KEEPALIVE_IDLE: Duration = Duration::from_secs(60);
/// How long dropping a connection waits for the lines queued before it to be sent.
pub const FLUSH_WAIT: Duration = Duration::from_secs(2);

/// What the reader thread hands on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Incoming {
    /// The connection is made (only from [`Connection::start`]).
    Connected,
    Line(String),
    /// A line longer than the limit was dropped.
    TooLong(usize),
    /// The server closed the connection.
    Closed,
    /// Reading or writing failed (a reset connection ...).
    Failed(String),
}

/// Why the connection could not be made or used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConnectionError {
    #[error("cannot find the server '{host}': {message}")]
    Resolve { host: String, message: String },
    #[error("cannot connect to {address}: {message}")]
    Connect { address: String, message: String },
    #[error("the connection is closed")]
    Closed,
}

type Sink = Arc<dyn Fn(Incoming) + Send + Sync>;

/// An open connection, or one being opened (see [`Connection::start`]).
pub struct Connection {
    out: Sender<Option<String>>,
    stream: Arc<Mutex<Option<TcpStream>>>,
    peer: String,
    /// Closed (its sender dropped) when the writer has ended.
    written: Receiver<()>,
}

/// Turns TCP keep-alive on: probes after `idle` without traffic, every 10 s, 6 of them (Linux;
/// elsewhere the system's timings). A failure is not worth refusing the connection for.
pub fn set_tcp_keepalive(stream: &TcpStream, idle: Duration) {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        let fd = stream.as_raw_fd();
        let set = |level: i32, name: i32, value: i32| {
            // SAFETY: a valid socket descriptor and a pointer to an int of the size given.
            unsafe {
                libc::setsockopt(
                    fd,
                    level,
                    name,
                    (&value as *const i32).cast(),
                    std::mem::size_of::<i32>() as libc::socklen_t,
                )
            }
        };
        set(libc::SOL_SOCKET, libc::SO_KEEPALIVE, 1);
        set(libc::IPPROTO_TCP, libc::TCP_KEEPIDLE, idle.as_secs().clamp(1, 32_767) as i32);
        set(libc::IPPROTO_TCP, libc::TCP_KEEPINTVL, 10);
        set(libc::IPPROTO_TCP, libc::TCP_KEEPCNT, 6);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (stream, idle);
}

/// Connects to `host:port`, trying each address the name resolves to.
fn connect(host: &str, port: u16, timeout: Duration) -> Result<TcpStream, ConnectionError> {
    let addresses: Vec<_> = (host, port)
        .to_socket_addrs()
        .map_err(|e| ConnectionError::Resolve { host: host.to_string(), message: e.to_string() })?
        .collect();
    let mut last = None;
    for a in &addresses {
        match TcpStream::connect_timeout(a, timeout) {
            Ok(s) => {
                let _ = s.set_nodelay(true);
                set_tcp_keepalive(&s, TCP_KEEPALIVE_IDLE);
                return Ok(s);
            }
            Err(e) => last = Some(e.to_string()),
        }
    }
    Err(ConnectionError::Connect {
        address: format!("{host}:{port}"),
        message: last.unwrap_or_else(|| "no address found".into()),
    })
}

/// Starts the reader thread over `stream`.
fn spawn_reader(stream: &TcpStream, sink: Sink) -> std::io::Result<()> {
    let reading = stream.try_clone()?;
    std::thread::Builder::new().name("csa-reader".into()).spawn(move || {
        let mut lines = BoundedLines::new(BufReader::new(reading), MAX_LINE_BYTES);
        loop {
            match lines.next_line() {
                Ok(LineRead::Line(l)) => sink(Incoming::Line(l)),
                Ok(LineRead::TooLong(n)) => sink(Incoming::TooLong(n)),
                Ok(LineRead::End) => return sink(Incoming::Closed),
                Err(e) => return sink(Incoming::Failed(e.to_string())),
            }
        }
    })?;
    Ok(())
}

/// Sends the lines from `rx` on `writing`, and an empty line every `keepalive` (counted from the
/// last empty line, so the lines sent in between do not put it off), until the connection is
/// dropped or a write fails.
fn write_lines(mut writing: TcpStream, rx: Receiver<Option<String>>, keepalive: Duration, sink: Sink) {
    let mut next_ping = Instant::now() + keepalive;
    loop {
        let wait = next_ping.saturating_duration_since(Instant::now());
        let line = match rx.recv_timeout(wait) {
            Ok(Some(l)) => l,
            Err(RecvTimeoutError::Timeout) => {
                next_ping = Instant::now() + keepalive;
                String::new()
            }
            Ok(None) | Err(RecvTimeoutError::Disconnected) => return,
        };
        let sent = writing.write_all(format!("{line}\n").as_bytes()).and_then(|_| writing.flush());
        if let Err(e) = sent {
            let _ = writing.shutdown(Shutdown::Both);
            return sink(Incoming::Failed(e.to_string()));
        }
    }
}

impl Connection {
    /// Connects to `host:port` (waiting at most `timeout`) and starts the reader and writer
    /// threads; every line from the server goes to `sink`, then `Closed` or `Failed` once.
    pub fn open(
        host: &str,
        port: u16,
        timeout: Duration,
        keepalive: Duration,
        sink: impl Fn(Incoming) + Send + Sync + 'static,
    ) -> Result<Connection, ConnectionError> {
        let stream = connect(host, port, timeout)?;
        let io = |e: std::io::Error| ConnectionError::Connect {
            address: format!("{host}:{port}"),
            message: e.to_string(),
        };
        let sink: Sink = Arc::new(sink);
        spawn_reader(&stream, Arc::clone(&sink)).map_err(io)?;
        let writing = stream.try_clone().map_err(io)?;
        let (out, rx) = channel::<Option<String>>();
        let (done, written) = channel::<()>();
        std::thread::Builder::new()
            .name("csa-writer".into())
            .spawn(move || {
                write_lines(writing, rx, keepalive, sink);
                drop(done);
            })
            .map_err(io)?;
        Ok(Connection {
            out,
            stream: Arc::new(Mutex::new(Some(stream))),
            peer: format!("{host}:{port}"),
            written,
        })
    }

    /// As [`Connection::open`], without waiting: the connection is made on a thread of its own,
    /// `sink` gets `Connected` (or `Failed` with the reason), and lines sent meanwhile go out once
    /// it is made. For a caller that must never block, such as the app.
    pub fn start(
        host: &str,
        port: u16,
        timeout: Duration,
        keepalive: Duration,
        sink: impl Fn(Incoming) + Send + Sync + 'static,
    ) -> Connection {
        let (out, rx) = channel::<Option<String>>();
        let (done, written) = channel::<()>();
        let slot: Arc<Mutex<Option<TcpStream>>> = Arc::new(Mutex::new(None));
        let peer = format!("{host}:{port}");
        let sink: Sink = Arc::new(sink);
        let (host, thread_slot) = (host.to_string(), Arc::clone(&slot));
        let spawned = std::thread::Builder::new().name("csa-connect".into()).spawn({
            let sink = Arc::clone(&sink);
            move || {
                let stream = match connect(&host, port, timeout) {
                    Ok(s) => s,
                    Err(e) => return sink(Incoming::Failed(e.to_string())),
                };
                let (Ok(writing), Ok(mut slot)) = (stream.try_clone(), thread_slot.lock()) else {
                    return sink(Incoming::Failed("cannot use the connection".into()));
                };
                if Arc::strong_count(&thread_slot) == 1 {
                    // the connection was dropped while it was being made
                    let _ = stream.shutdown(Shutdown::Both);
                    return;
                }
                sink(Incoming::Connected);
                if let Err(e) = spawn_reader(&stream, Arc::clone(&sink)) {
                    return sink(Incoming::Failed(e.to_string()));
                }
                *slot = Some(stream);
                drop(slot);
                write_lines(writing, rx, keepalive, sink);
                drop(done);
            }
        });
        if let Err(e) = spawned {
            sink(Incoming::Failed(e.to_string()));
        }
        Connection { out, stream: slot, peer, written }
    }

    /// `host:port`.
    pub fn peer(&self) -> &str {
        &self.peer
    }

    /// Sends one line (a line break inside it is sent as a space: one call is one line).
    pub fn send(&self, line: &str) -> Result<(), ConnectionError> {
        self.out.send(Some(line.replace(['\r', '\n'], " "))).map_err(|_| ConnectionError::Closed)
    }
}

impl Drop for Connection {
    /// The lines queued go out first (for at most [`FLUSH_WAIT`]): a `REJECT` or a `LOGOUT` sent
    /// just before is not lost to the close.
    fn drop(&mut self) {
        let _ = self.out.send(None);
        let open = self.stream.lock().is_ok_and(|s| s.is_some());
        if open {
            let _ = self.written.recv_timeout(FLUSH_WAIT);
        }
        if let Ok(s) = self.stream.lock()
            && let Some(s) = s.as_ref()
        {
            let _ = s.shutdown(Shutdown::Both);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufRead, Write};
    use std::net::TcpListener;
    use std::sync::mpsc;

    #[test]
    fn lines_go_both_ways_and_keep_alives_fill_silence() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let server = std::thread::spawn(move || {
            let (mut s, _) = listener.accept().unwrap();
            let mut r = std::io::BufReader::new(s.try_clone().unwrap());
            let mut got = Vec::new();
            for _ in 0..2 {
                let mut l = String::new();
                r.read_line(&mut l).unwrap();
                got.push(l);
            }
            s.write_all(b"LOGIN:a OK\n").unwrap();
            s.write_all(&vec![b'x'; MAX_LINE_BYTES + 10]).unwrap();
            s.write_all(b"\nbye\n").unwrap();
            got
        });
        let (tx, rx) = mpsc::channel();
        let c = Connection::open("127.0.0.1", port, CONNECT_TIMEOUT, Duration::from_millis(50), move |i| {
            let _ = tx.send(i);
        })
        .unwrap();
        c.send("LOGIN a b\nc").unwrap();
        // the writer sends an empty line when nothing else was sent for the keep-alive time
        let got = server.join().unwrap();
        assert_eq!(got, vec!["LOGIN a b c\n".to_string(), "\n".to_string()]);
        let mut seen = Vec::new();
        while let Ok(i) = rx.recv_timeout(Duration::from_secs(10)) {
            let last = matches!(i, Incoming::Closed | Incoming::Failed(_));
            seen.push(i);
            if last {
                break;
            }
        }
        assert_eq!(
            seen,
            vec![
                Incoming::Line("LOGIN:a OK".into()),
                Incoming::TooLong(MAX_LINE_BYTES + 10),
                Incoming::Line("bye".into()),
                Incoming::Closed
            ]
        );
    }

    #[test]
    fn a_connection_started_in_the_background_sends_what_was_queued() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let (tx, rx) = mpsc::channel();
        let c = Connection::start("127.0.0.1", port, CONNECT_TIMEOUT, KEEPALIVE, move |i| {
            let _ = tx.send(i);
        });
        // queued before the connection is made
        c.send("LOGIN a b").unwrap();
        let (mut s, _) = listener.accept().unwrap();
        let mut r = std::io::BufReader::new(s.try_clone().unwrap());
        let mut l = String::new();
        r.read_line(&mut l).unwrap();
        assert_eq!(l, "LOGIN a b\n");
        s.write_all(b"LOGIN:a OK\n").unwrap();
        assert_eq!(rx.recv_timeout(Duration::from_secs(10)), Ok(Incoming::Connected));
        assert_eq!(rx.recv_timeout(Duration::from_secs(10)), Ok(Incoming::Line("LOGIN:a OK".into())));
        // dropping it closes the socket
        drop(c);
        l.clear();
        assert_eq!(r.read_line(&mut l).unwrap(), 0);

        // a server that is not there is reported, not waited on
        drop(listener);
        let (tx, rx) = mpsc::channel();
        let _c = Connection::start("127.0.0.1", port, CONNECT_TIMEOUT, KEEPALIVE, move |i| {
            let _ = tx.send(i);
        });
        match rx.recv_timeout(Duration::from_secs(10)) {
            Ok(Incoming::Failed(why)) => assert!(why.contains("cannot connect"), "{why}"),
            other => panic!("{other:?}"),
        }
    }

    /// Keep-alives go out at their interval whoever is to move: lines sent more often than the
    /// interval (this side's moves, chat) do not hold them back.
    #[test]
    fn keep_alives_are_sent_at_their_interval_whatever_else_is_sent() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let interval = Duration::from_millis(150);
        let c = Connection::open("127.0.0.1", port, CONNECT_TIMEOUT, interval, |_| {}).unwrap();
        let (s, _) = listener.accept().unwrap();
        // the socket has TCP keep-alive on
        #[cfg(target_os = "linux")]
        {
            use std::os::fd::AsRawFd;
            let mut on: i32 = 0;
            let mut len = std::mem::size_of::<i32>() as libc::socklen_t;
            let guard = c.stream.lock().unwrap();
            let fd = guard.as_ref().unwrap().as_raw_fd();
            // SAFETY: a valid socket and an int-sized buffer.
            let rc = unsafe {
                libc::getsockopt(
                    fd,
                    libc::SOL_SOCKET,
                    libc::SO_KEEPALIVE,
                    (&mut on as *mut i32).cast(),
                    &mut len,
                )
            };
            assert_eq!((rc, on), (0, 1));
        }
        // a line every third of the interval, for six intervals
        let start = Instant::now();
        while start.elapsed() < interval * 6 {
            c.send("%%CHAT hello").unwrap();
            std::thread::sleep(interval / 3);
        }
        drop(c);
        let r = std::io::BufReader::new(s);
        let empty = r.lines().map_while(Result::ok).filter(|l| l.is_empty()).count();
        assert!((3..=8).contains(&empty), "{empty} keep-alives in six intervals");
    }

    /// A line queued just before the connection is dropped (a `REJECT`) reaches the server.
    #[test]
    fn lines_queued_before_the_drop_are_sent() {
        for _ in 0..20 {
            let listener = TcpListener::bind("127.0.0.1:0").unwrap();
            let port = listener.local_addr().unwrap().port();
            let c = Connection::open("127.0.0.1", port, CONNECT_TIMEOUT, KEEPALIVE, |_| {}).unwrap();
            let (s, _) = listener.accept().unwrap();
            c.send("REJECT").unwrap();
            drop(c);
            let lines: Vec<String> = std::io::BufReader::new(s).lines().map_while(Result::ok).collect();
            assert_eq!(lines, ["REJECT"]);
        }
    }

    #[test]
    fn a_refused_connection_is_an_error_not_a_hang() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        drop(listener);
        let e = Connection::open("127.0.0.1", port, CONNECT_TIMEOUT, KEEPALIVE, |_| {}).err().unwrap();
        assert!(e.to_string().starts_with(&format!("cannot connect to 127.0.0.1:{port}")), "{e}");
    }
}

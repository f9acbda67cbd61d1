//! The connection to a CSA server, as a job: `JobRequest::Connect` opens it (without waiting:
//! `online::Connection::start`), and every line the server sends comes back as a progress report
//! of that job (`Report::Online`), until the server closes it or it fails (the job's last
//! report). Lines to send go to the lane with `Runner::send_line`. Stopping the job, or starting
//! another connection, closes the socket. A password to remember is written here too, off the UI
//! thread, to a file only its owner can read.

use super::lane::{LaneMsg, Pending};
use super::{JobContext, Report};
use crate::online::connection::CONNECT_TIMEOUT;
use crate::online::{Connection, Incoming};
use crate::tui::storage::passwords::remember_password;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender};

/// A connection to open.
#[derive(Clone, PartialEq, Eq)]
pub struct ConnectRequest {
    pub host: String,
    pub port: u16,
    /// A password to remember for this server and user, and the file it goes in.
    pub remember: Option<(PathBuf, String)>,
    /// The key of the remembered password (`host:port user`).
    pub key: String,
    /// The interval of the empty keep-alive lines.
    pub keepalive: std::time::Duration,
}

impl std::fmt::Debug for ConnectRequest {
    /// Never prints the password.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ConnectRequest")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("remember", &self.remember.as_ref().map(|(p, _)| p))
            .finish()
    }
}

/// The connection's lane: one connection at a time; its lines are reports of the job that
/// opened it.
pub(super) fn lane(
    inbox: &Receiver<LaneMsg<ConnectRequest>>,
    me: Sender<LaneMsg<ConnectRequest>>,
    pending: &Pending,
) {
    let mut current: Option<(JobContext, Connection)> = None;
    let end = |current: &mut Option<(JobContext, Connection)>| {
        if current.take().is_some() {
            pending.done();
        }
    };
    while let Ok(msg) = inbox.recv() {
        match msg {
            LaneMsg::Start(job) => {
                end(&mut current);
                if job.context.stopped() {
                    pending.done();
                    continue;
                }
                let c = job.request;
                if let Some((path, password)) = &c.remember
                    && let Err(e) = remember_password(path, &c.key, password)
                {
                    let why = format!("{}: {e}", path.display());
                    job.context.progress(Report::PasswordNotKept(why));
                }
                let me = me.clone();
                let ticket = job.context.ticket;
                let conn = Connection::start(&c.host, c.port, CONNECT_TIMEOUT, c.keepalive, move |i| {
                    let _ = me.send(LaneMsg::Online(ticket, i));
                });
                current = Some((job.context, conn));
            }
            LaneMsg::Send(line) => {
                if let Some((_, conn)) = &current
                    && conn.send(&line).is_err()
                {
                    // the writer has ended: it reported why, or the reader will
                }
            }
            LaneMsg::Online(ticket, incoming) => {
                let Some((job, _)) = current.as_ref().filter(|(j, _)| j.ticket == ticket) else { continue };
                let last = matches!(incoming, Incoming::Closed | Incoming::Failed(_));
                if last {
                    job.finish(Report::Online(incoming));
                    end(&mut current);
                } else {
                    job.progress(Report::Online(incoming));
                }
            }
            LaneMsg::Stopped(ticket) => {
                if current.as_ref().is_some_and(|(j, _)| j.ticket == ticket) {
                    end(&mut current);
                }
            }
            LaneMsg::Usi(_) => {}
            // dropping the connection closes the socket
            LaneMsg::Quit => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::jobs::{Computer, JobKind, JobRequest, Runner};
    use std::io::{BufRead, BufReader, Write};
    use std::net::TcpListener;
    use std::sync::mpsc;
    use std::time::Duration;

    #[test]
    fn a_connect_request_never_shows_the_password() {
        let path = std::path::PathBuf::from("csa-passwords");
        let req = ConnectRequest {
            host: "h".into(),
            port: 1,
            remember: Some((path, "secret".into())),
            key: "k".into(),
            keepalive: crate::online::connection::KEEPALIVE,
        };
        assert!(!format!("{req:?}").contains("secret"));
    }

    #[test]
    fn the_connection_job_reports_lines_sends_lines_and_ends_when_the_server_closes() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let (tx, rx) = mpsc::channel();
        let tx = std::sync::Mutex::new(tx);
        let mut runner = Runner::new(
            move |e| {
                let _ = tx.lock().unwrap().send(e);
            },
            Computer::builtin(crate::engine::levels::Level::MAX),
        );
        let ticket = runner.start(JobRequest::Connect(ConnectRequest {
            host: "127.0.0.1".into(),
            port,
            remember: None,
            key: String::new(),
            keepalive: crate::online::connection::KEEPALIVE,
        }));
        runner.send_line("LOGIN alice g,pw");
        let (mut s, _) = listener.accept().unwrap();
        let mut r = BufReader::new(s.try_clone().unwrap());
        let mut l = String::new();
        r.read_line(&mut l).unwrap();
        assert_eq!(l, "LOGIN alice g,pw\n");
        s.write_all(b"LOGIN:alice OK\n").unwrap();
        drop(s);
        drop(r);
        let mut seen = Vec::new();
        loop {
            let ev = rx.recv_timeout(Duration::from_secs(30)).expect("a report");
            let Some(ev) = runner.accept(ev) else { continue };
            assert_eq!((ev.ticket, ev.kind), (ticket, JobKind::Online));
            let Report::Online(i) = ev.report else { panic!() };
            seen.push(i);
            if ev.done {
                break;
            }
        }
        assert_eq!(
            seen,
            vec![Incoming::Connected, Incoming::Line("LOGIN:alice OK".into()), Incoming::Closed]
        );
        assert!(!runner.running(JobKind::Online));
    }
}

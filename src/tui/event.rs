//! What the event loop waits for and what the app asks it to do. Every source — the terminal
//! (a reader thread), the background jobs (`jobs::Runner`), signals and the app's timers —
//! arrives as one [`Event`] on one channel; the app's answer to each event is a list of
//! [`Command`]s that the loop carries out (`tui::run`).

use super::jobs::{JobEvent, JobKind, JobRequest};

/// Something that happened.
#[derive(Debug)]
pub enum Event {
    /// A key, a click, a paste or a resize, from the terminal.
    Terminal(crossterm::event::Event),
    /// The terminal has gone away without a signal saying so (its window or pane closed).
    HungUp,
    /// A signal reached the program.
    Signal(Signal),
    /// A background job reported.
    Job(JobEvent),
    /// A time the app asked to be woken at has come (the clocks, the pace of play).
    Tick,
}

/// The signals the app handles.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Signal {
    /// SIGTERM, SIGHUP or SIGINT: leave, keeping the game.
    Quit,
    /// SIGTSTP: stop as Ctrl-Z does.
    Suspend,
    /// SIGWINCH: the terminal changed size.
    Resize,
}

/// What the app asks the loop to do.
#[derive(Debug)]
pub enum Command {
    /// Start a background job (the one of its kind still running is stopped).
    Start(JobRequest),
    /// Stop the background job of this kind (what it still reports is dropped).
    Stop(JobKind),
    /// Send this line on the connection to the CSA server (`JobKind::Online`).
    Send(String),
    /// Put this text on the terminal's clipboard.
    Copy(String),
    /// Ring the terminal's bell (the byoyomi count).
    Bell,
    /// Stop the program as Ctrl-Z does in a shell.
    Suspend,
    /// Leave the program.
    Quit,
}

//! The app's one outbox: every feature pushes what it wants done outside the app (start or stop
//! a job, send a line to the server, copy text, ring the bell, suspend) here, in the order it
//! decides, and the event loop takes them all after each event ([`App::commands`](super::App::commands)).
//! Jobs are asked for by their lane's own request type (`StudyJob`, `MateJob`, …), which says
//! which lane runs them.

use crate::tui::event::Command;
use crate::tui::jobs::{JobKind, JobRequest};

/// Commands waiting for the event loop, in order.
#[derive(Debug, Default)]
pub struct Outbox(Vec<Command>);

impl Outbox {
    /// Queues `command`.
    pub fn push(&mut self, command: Command) {
        self.0.push(command);
    }

    /// Queues the start of a job (the one of its kind still running is stopped).
    pub fn start(&mut self, request: impl Into<JobRequest>) {
        self.push(Command::Start(request.into()));
    }

    /// Queues the stop of the job of `kind`.
    pub fn stop(&mut self, kind: impl Into<JobKind>) {
        self.push(Command::Stop(kind.into()));
    }

    /// Takes every command queued, in order.
    pub fn take(&mut self) -> Vec<Command> {
        std::mem::take(&mut self.0)
    }

    /// Takes the first command queued that `pick` picks.
    #[cfg(test)]
    pub fn take_first(&mut self, pick: impl Fn(&Command) -> bool) -> Option<Command> {
        let i = self.0.iter().position(pick)?;
        Some(self.0.remove(i))
    }
}

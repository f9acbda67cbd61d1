//! The terminal as the app uses it: raw mode, the alternate screen, mouse reporting and
//! bracketed paste, entered
//! through one guard and undone when the guard drops, when a panic unwinds, and around a
//! suspension (Ctrl-Z); the input reader thread; signals. Signals that end the program
//! (SIGTERM, SIGHUP, SIGINT), SIGTSTP and SIGWINCH become events on the event loop's channel,
//! so it can restore the terminal and flush the autosave before leaving or stopping.

use super::event::{Event, Signal};
use crossterm::cursor::Show;
use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use crossterm::execute;
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode};
use std::io;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::Sender;

/// Raw mode + alternate screen + mouse + bracketed paste, undone on drop and on panic.
pub struct TerminalGuard;

impl TerminalGuard {
    pub fn enter() -> io::Result<TerminalGuard> {
        enter()?;
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            prev(info);
        }));
        Ok(TerminalGuard)
    }
}

fn enter() -> io::Result<()> {
    enable_raw_mode()?;
    execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture, EnableBracketedPaste)
}

/// Puts the terminal back as the shell expects it: mouse reporting and bracketed paste off, the
/// main screen, the cursor shown, cooked mode.
pub fn restore() {
    let _ = execute!(io::stdout(), DisableBracketedPaste, DisableMouseCapture, LeaveAlternateScreen, Show);
    let _ = disable_raw_mode();
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore();
    }
}

/// The OSC 52 sequence that asks the terminal to put `text` on the clipboard
/// (`ESC ] 52 ; c ; <base64> BEL`).
pub fn osc52(text: &str) -> String {
    format!("\x1b]52;c;{}\x07", base64(text.as_bytes()))
}

/// Standard base64 (RFC 4648, with `=` padding).
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ABC[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Puts `text` on the clipboard of the terminal (and, through it, of the desktop) with OSC 52;
/// terminals that do not support it ignore the sequence.
pub fn copy_to_clipboard(text: &str) -> io::Result<()> {
    use std::io::Write;
    let mut out = io::stdout().lock();
    out.write_all(osc52(text).as_bytes())?;
    out.flush()
}

/// Rings the terminal's bell (BEL).
pub fn ring_bell() -> io::Result<()> {
    use std::io::Write;
    let mut out = io::stdout().lock();
    out.write_all(b"\x07")?;
    out.flush()
}

/// Signals forwarded to the event loop as [`Event::Signal`]s, by a thread of their own.
pub struct Signals {
    #[cfg(unix)]
    handle: signal_hook::iterator::Handle,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Signals {
    /// Catches SIGTERM, SIGHUP and SIGINT (a second one while the first is handled ends the
    /// program at once), SIGTSTP and SIGWINCH, and sends each to `events`.
    #[cfg(unix)]
    pub fn install(events: Sender<Event>) -> io::Result<Signals> {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM, SIGTSTP, SIGWINCH};
        let quitting = Arc::new(AtomicBool::new(false));
        for sig in [SIGTERM, SIGHUP, SIGINT] {
            signal_hook::flag::register_conditional_shutdown(sig, 1, quitting.clone())?;
            signal_hook::flag::register(sig, quitting.clone())?;
        }
        let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT, SIGTSTP, SIGWINCH])?;
        let handle = signals.handle();
        let thread = std::thread::Builder::new().name("signals".into()).spawn(move || {
            for sig in signals.forever() {
                let signal = match sig {
                    SIGTSTP => Signal::Suspend,
                    SIGWINCH => Signal::Resize,
                    _ => Signal::Quit,
                };
                if events.send(Event::Signal(signal)).is_err() {
                    return;
                }
            }
        })?;
        Ok(Signals { handle, thread: Some(thread) })
    }

    #[cfg(not(unix))]
    pub fn install(events: Sender<Event>) -> io::Result<Signals> {
        drop(events);
        Ok(Signals { thread: None })
    }
}

impl Drop for Signals {
    fn drop(&mut self) {
        #[cfg(unix)]
        self.handle.close();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Reads the terminal on a thread of its own and sends every key, click, paste and resize to
/// `events`; when the terminal has gone away it sends [`Event::HungUp`] and ends. The thread
/// waits in `poll` on the input, so it costs nothing while the user does nothing.
///
/// A resize wakes the thread too (SIGWINCH, through a pipe of its own). Crossterm reads the
/// terminal with its level-triggered source (the `use-dev-tty` feature): its edge-triggered
/// one, when a resize and a key were ready in one wait, gave the resize and lost sight of the
/// key, which then waited for the next key to be read. That source answers nothing to a wait
/// of zero, so each read waits [`READ_WAIT`] at most, after this thread's own wait has said
/// that something is there.
pub fn spawn_input_reader(events: Sender<Event>) -> io::Result<()> {
    use crossterm::event;
    use std::time::Duration;
    // where the hang-up wait below cannot wait, crossterm's own poll does
    let first_wait = if cfg!(target_os = "linux") { READ_WAIT } else { Duration::from_secs(3600) };
    let wake = ResizeWake::install()?;
    std::thread::Builder::new().name("terminal input".into()).spawn(move || {
        loop {
            if wait_input_hung_up(wake.fd(), None) {
                let _ = events.send(Event::HungUp);
                return;
            }
            wake.drain();
            // read what is waiting (a resize, which crossterm learns from its own signal
            // pipe, too), waiting no more than a moment
            let mut wait = first_wait;
            loop {
                match event::poll(wait) {
                    Ok(true) => match event::read() {
                        Ok(ev) => {
                            if events.send(Event::Terminal(ev)).is_err() {
                                return;
                            }
                        }
                        Err(_) => break,
                    },
                    Ok(false) => break,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => break,
                    Err(_) => {
                        let _ = events.send(Event::HungUp);
                        return;
                    }
                }
                wait = READ_WAIT;
            }
        }
    })?;
    Ok(())
}

/// How long the input reader lets crossterm wait for what is there when it reads.
const READ_WAIT: std::time::Duration = std::time::Duration::from_millis(1);

/// The read end of a pipe that SIGWINCH writes a byte into: it wakes the input reader.
struct ResizeWake {
    #[cfg(unix)]
    read: std::os::unix::net::UnixStream,
}

impl ResizeWake {
    #[cfg(unix)]
    fn install() -> io::Result<ResizeWake> {
        let (read, write) = std::os::unix::net::UnixStream::pair()?;
        read.set_nonblocking(true)?;
        write.set_nonblocking(true)?;
        signal_hook::low_level::pipe::register(signal_hook::consts::SIGWINCH, write)?;
        Ok(ResizeWake { read })
    }

    #[cfg(not(unix))]
    fn install() -> io::Result<ResizeWake> {
        Ok(ResizeWake {})
    }

    /// The descriptor to wait on beside the input.
    fn fd(&self) -> Option<i32> {
        #[cfg(unix)]
        {
            use std::os::fd::AsRawFd;
            Some(self.read.as_raw_fd())
        }
        #[cfg(not(unix))]
        None
    }

    /// Empties the pipe (it never blocks).
    fn drain(&self) {
        #[cfg(unix)]
        {
            let mut buf = [0u8; 64];
            while matches!(io::Read::read(&mut &self.read, &mut buf), Ok(n) if n > 0) {}
        }
    }
}

/// Waits for standard input (at most `timeout`; `None`: for as long as it takes) and says
/// whether the terminal has gone away: input reports a hang-up (the terminal window or the
/// multiplexer's pane closed without a SIGHUP reaching this process). Such an input reads as
/// empty at once, for ever, and crossterm's reader would spin on it without returning, so the
/// input reader asks this first and ends.
/// The wait also ends when `wake` (a descriptor) can be read.
#[cfg(target_os = "linux")]
pub fn wait_input_hung_up(wake: Option<i32>, timeout: Option<std::time::Duration>) -> bool {
    wait_hung_up(0, wake, timeout)
}

#[cfg(target_os = "linux")]
fn wait_hung_up(fd: i32, wake: Option<i32>, timeout: Option<std::time::Duration>) -> bool {
    let mut fds = [
        libc::pollfd { fd, events: libc::POLLIN, revents: 0 },
        libc::pollfd { fd: wake.unwrap_or(-1), events: libc::POLLIN, revents: 0 },
    ];
    let ms = timeout.map_or(-1, |t| t.as_millis().min(i32::MAX as u128) as i32);
    // SAFETY: two valid pollfds (a negative descriptor is ignored by poll).
    let ready = unsafe { libc::poll(fds.as_mut_ptr(), 2, ms) };
    ready > 0 && fds[0].revents & (libc::POLLHUP | libc::POLLNVAL) != 0
}

#[cfg(not(target_os = "linux"))]
pub fn wait_input_hung_up(wake: Option<i32>, timeout: Option<std::time::Duration>) -> bool {
    let _ = (wake, timeout);
    false
}

/// Stops the program as Ctrl-Z does in a shell: the terminal is restored first and entered
/// again, cleared, when the shell continues the program (the caller then redraws everything).
pub fn suspend() -> io::Result<()> {
    restore();
    #[cfg(unix)]
    signal_hook::low_level::raise(signal_hook::consts::SIGSTOP)?;
    enter()?;
    execute!(io::stdout(), crossterm::terminal::Clear(crossterm::terminal::ClearType::All))
}

#[cfg(test)]
mod osc52_tests {
    use super::{base64, osc52};

    #[test]
    fn base64_pads_and_osc52_wraps_it() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
        // UTF-8 bytes of Japanese text
        assert_eq!(base64("７六歩".as_bytes()), "77yX5YWt5q2p");
        let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        assert_eq!(
            osc52(sfen),
            "\x1b]52;c;bG5zZ2tnc25sLzFyNWIxL3BwcHBwcHBwcC85LzkvOS9QUFBQUFBQUFAvMUI1UjEvTE5TR0tHU05MIGIgLSAx\x07"
        );
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::wait_hung_up;
    use std::time::Duration;

    #[test]
    fn an_input_whose_other_end_closed_is_hung_up() {
        let mut fds = [0i32; 2];
        // SAFETY: a pipe into a two-element array, both ends closed below.
        assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
        assert!(!wait_hung_up(fds[0], None, Some(Duration::from_millis(1))), "open and empty: not hung up");
        // SAFETY: closing the write end this test opened.
        unsafe { libc::close(fds[1]) };
        assert!(wait_hung_up(fds[0], None, None), "writer gone: hung up");
        // SAFETY: closing the read end this test opened.
        unsafe { libc::close(fds[0]) };
    }
}

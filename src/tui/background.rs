//! The terminal's background colour, asked at launch when the settings name no theme, and the
//! theme it calls for. The question is OSC 11 (`ESC ] 11 ; ? ESC \`) followed by the primary
//! device attributes (`ESC [ c`), which every terminal answers, in order: its answer ends the
//! wait at once, with or without a colour before it. A terminal that answers neither (or a
//! program reading the other end of a pseudo-terminal) is waited for at most `WAIT`, and the
//! theme stays dark. Nothing here draws; it runs before the terminal is set up for the app.

use super::settings::Theme;
use std::time::Duration;

/// The longest wait for the terminal's answer.
pub const WAIT: Duration = Duration::from_millis(200);

/// The question: the background colour (OSC 11), then the device attributes (DA1).
pub const QUESTION: &[u8] = b"\x1b]11;?\x1b\\\x1b[c";

/// A colour as a terminal reports it, each channel from 0.0 to 1.0.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rgb {
    pub r: f64,
    pub g: f64,
    pub b: f64,
}

/// The background colour in a terminal's answer: `ESC ] 11 ; rgb:R/G/B` ended by `ESC \` or
/// BEL, each channel one to four hexadecimal digits (`rgb:ffff/ffff/ffff`, `rgb:1e/1e/2e`), or
/// `rgba:R/G/B/A`. `None` when the answer holds no such colour.
pub fn parse_answer(answer: &[u8]) -> Option<Rgb> {
    let start = find(answer, b"\x1b]11;")? + 5;
    let rest = &answer[start..];
    let end = rest.iter().position(|&b| b == 0x07 || b == 0x1b || b == 0x9c)?;
    let spec = std::str::from_utf8(&rest[..end]).ok()?;
    let (channels, count) =
        if let Some(c) = spec.strip_prefix("rgb:") { (c, 3) } else { (spec.strip_prefix("rgba:")?, 4) };
    let values: Vec<f64> = channels.split('/').map(channel).collect::<Option<_>>()?;
    if values.len() != count {
        return None;
    }
    Some(Rgb { r: values[0], g: values[1], b: values[2] })
}

/// One channel of X11's `rgb:` form: one to four hexadecimal digits, scaled to 0.0..=1.0.
fn channel(hex: &str) -> Option<f64> {
    if !(1..=4).contains(&hex.len()) || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let max = (1u32 << (4 * hex.len())) - 1;
    Some(u32::from_str_radix(hex, 16).ok()? as f64 / max as f64)
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Whether `answer` holds the end of the device attributes' answer (`ESC [ ? … c`): the
/// terminal has answered everything it will.
fn answered(answer: &[u8]) -> bool {
    find(answer, b"\x1b[?").is_some_and(|i| answer[i + 3..].contains(&b'c'))
}

/// The theme for a background: light when its relative luminance (sRGB weights) is over one
/// half, dark otherwise.
pub fn theme_for(background: Rgb) -> Theme {
    let luminance = 0.2126 * background.r + 0.7152 * background.g + 0.0722 * background.b;
    if luminance > 0.5 { Theme::Light } else { Theme::Dark }
}

/// The theme the terminal's background calls for, when standard input and output are a
/// terminal that says its background colour within `WAIT`; `None` otherwise.
pub fn theme_from_terminal() -> Option<Theme> {
    ask_terminal(WAIT).as_deref().and_then(parse_answer).map(theme_for)
}

/// Asks the terminal on standard output and reads its answer from standard input, in raw mode,
/// until the device attributes arrive or `wait` has passed. `None` when either is no terminal.
#[cfg(target_os = "linux")]
fn ask_terminal(wait: Duration) -> Option<Vec<u8>> {
    use std::io::Write;
    use std::time::Instant;
    // SAFETY: isatty only reads the descriptor's state
    if unsafe { libc::isatty(0) != 1 || libc::isatty(1) != 1 } {
        return None;
    }
    crossterm::terminal::enable_raw_mode().ok()?;
    let mut answer = Vec::new();
    let mut out = std::io::stdout().lock();
    if out.write_all(QUESTION).and_then(|()| out.flush()).is_ok() {
        let deadline = Instant::now() + wait;
        while !answered(&answer) && answer.len() < 1024 {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            let mut poll = libc::pollfd { fd: 0, events: libc::POLLIN, revents: 0 };
            // SAFETY: one valid pollfd, for the length given
            let ready = unsafe { libc::poll(&mut poll, 1, left.as_millis().max(1) as libc::c_int) };
            if ready <= 0 || poll.revents & libc::POLLIN == 0 {
                if ready < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                    continue;
                }
                break;
            }
            let mut buf = [0u8; 256];
            // SAFETY: reads at most the buffer's length into it
            let n = unsafe { libc::read(0, buf.as_mut_ptr().cast(), buf.len()) };
            if n <= 0 {
                break;
            }
            answer.extend_from_slice(&buf[..n as usize]);
        }
    }
    let _ = crossterm::terminal::disable_raw_mode();
    Some(answer)
}

#[cfg(not(target_os = "linux"))]
fn ask_terminal(_wait: Duration) -> Option<Vec<u8>> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_endings_and_every_channel_width_are_read() {
        let white = Some(Rgb { r: 1.0, g: 1.0, b: 1.0 });
        assert_eq!(parse_answer(b"\x1b]11;rgb:ffff/ffff/ffff\x1b\\"), white);
        assert_eq!(parse_answer(b"\x1b]11;rgb:ffff/ffff/ffff\x07"), white);
        assert_eq!(parse_answer(b"\x1b]11;rgb:ff/ff/ff\x1b\\"), white);
        assert_eq!(parse_answer(b"\x1b]11;rgb:f/f/f\x07"), white);
        assert_eq!(parse_answer(b"\x1b]11;rgba:ffff/ffff/ffff/ffff\x1b\\"), white);
        let c = parse_answer(b"\x1b]11;rgb:1e1e/1e1e/2e2e\x1b\\\x1b[?62;22c").unwrap();
        assert!((c.r - 0x1e1e as f64 / 65535.0).abs() < 1e-9 && (c.b - 0x2e2e as f64 / 65535.0).abs() < 1e-9);
        let half = parse_answer(b"\x1b]11;rgb:80/80/80\x07").unwrap();
        assert!((half.g - 128.0 / 255.0).abs() < 1e-9);
    }

    #[test]
    fn answers_without_a_colour_are_none() {
        for answer in [
            &b""[..],
            b"\x1b[?62;22c",
            b"\x1b]11;rgb:ffff/ffff\x1b\\",
            b"\x1b]11;rgb:fffff/0/0\x07",
            b"\x1b]11;rgb:gg/00/00\x07",
            b"\x1b]11;rgb:ff/ff/ff",
            b"\x1b]11;#ffffff\x07",
            b"\x1b]11;rgb:/ff/ff\x07",
            b"\x1b]10;rgb:ff/ff/ff\x07",
        ] {
            assert_eq!(parse_answer(answer), None, "{answer:?}");
        }
    }

    #[test]
    fn light_backgrounds_get_the_light_theme_and_dark_ones_the_dark() {
        let theme = |a: &[u8]| parse_answer(a).map(theme_for);
        assert_eq!(theme(b"\x1b]11;rgb:ffff/ffff/ffff\x1b\\"), Some(Theme::Light));
        assert_eq!(theme(b"\x1b]11;rgb:fdfd/f6f6/e3e3\x1b\\"), Some(Theme::Light)); // solarized light
        assert_eq!(theme(b"\x1b]11;rgb:0000/0000/0000\x1b\\"), Some(Theme::Dark));
        assert_eq!(theme(b"\x1b]11;rgb:0000/2b2b/3636\x07"), Some(Theme::Dark)); // solarized dark
        assert_eq!(theme(b"\x1b]11;rgb:30/30/30\x07"), Some(Theme::Dark));
        // a saturated blue is dark however bright its one channel
        assert_eq!(theme(b"\x1b]11;rgb:0000/0000/ffff\x07"), Some(Theme::Dark));
        assert_eq!(theme(b"\x1b]11;rgb:0000/ffff/0000\x07"), Some(Theme::Light));
    }

    #[test]
    fn the_device_attributes_end_the_wait() {
        assert!(answered(b"\x1b]11;rgb:0/0/0\x07\x1b[?62;22c"));
        assert!(answered(b"\x1b[?1;2c"));
        assert!(!answered(b"\x1b]11;rgb:0/0/0\x07"));
        assert!(!answered(b"\x1b[?62;22"));
    }
}

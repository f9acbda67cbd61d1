//! The colours a terminal can show, read from its environment (`NO_COLOR`, `COLORTERM`, `TERM`),
//! and a finished frame brought down to them: 24-bit colours become the nearest of the 256-colour
//! palette, and those the nearest of the sixteen named colours. Pure functions; the environment
//! is read through the lookup the caller passes.

use ratatui::buffer::Buffer;
use ratatui::style::Color as Tc;

/// How many colours the terminal shows.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum ColorDepth {
    /// No colour at all (`NO_COLOR`, or `TERM=dumb`).
    Mono,
    /// The sixteen named colours (`TERM=xterm`, `linux`, `screen`, ...).
    Ansi16,
    /// The 256-colour palette (`TERM=xterm-256color`, ...).
    Ansi256,
    /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    #[default]
    TrueColor,
}

impl ColorDepth {
    /// What the terminal described by `var` (an environment lookup) can show: `NO_COLOR` set to
    /// anything non-empty turns colour off (<https://no-color.org>); `COLORTERM=truecolor` or
    /// `24bit` gives 24-bit colour; a `TERM` naming `direct` or `truecolor` too, one naming
    /// `256color` the 256-colour palette, `dumb` none, and any other the sixteen colours.
    pub fn detect(var: impl Fn(&str) -> Option<String>) -> ColorDepth {
        let get = |k: &str| var(k).filter(|v| !v.is_empty()).map(|v| v.to_ascii_lowercase());
        if get("NO_COLOR").is_some() {
            return ColorDepth::Mono;
        }
        if get("COLORTERM").is_some_and(|c| c == "truecolor" || c == "24bit") {
            return ColorDepth::TrueColor;
        }
        match get("TERM") {
            Some(t) if t == "dumb" => ColorDepth::Mono,
            Some(t) if t.contains("direct") || t.contains("truecolor") || t.contains("24bit") => {
                ColorDepth::TrueColor
            }
            Some(t) if t.contains("256") => ColorDepth::Ansi256,
            _ => ColorDepth::Ansi16,
        }
    }
}

/// The sixteen named colours with the values xterm gives them.
const NAMED: [(Tc, (u8, u8, u8)); 16] = [
    (Tc::Black, (0, 0, 0)),
    (Tc::Red, (205, 0, 0)),
    (Tc::Green, (0, 205, 0)),
    (Tc::Yellow, (205, 205, 0)),
    (Tc::Blue, (0, 0, 238)),
    (Tc::Magenta, (205, 0, 205)),
    (Tc::Cyan, (0, 205, 205)),
    (Tc::Gray, (229, 229, 229)),
    (Tc::DarkGray, (127, 127, 127)),
    (Tc::LightRed, (255, 0, 0)),
    (Tc::LightGreen, (0, 255, 0)),
    (Tc::LightYellow, (255, 255, 0)),
    (Tc::LightBlue, (92, 92, 255)),
    (Tc::LightMagenta, (255, 0, 255)),
    (Tc::LightCyan, (0, 255, 255)),
    (Tc::White, (255, 255, 255)),
];

/// The levels of each channel in the 6×6×6 colour cube (indices 16 to 231).
const CUBE: [u8; 6] = [0, 95, 135, 175, 215, 255];

fn distance(a: (u8, u8, u8), b: (u8, u8, u8)) -> u32 {
    let d = |x: u8, y: u8| (x as i32 - y as i32).pow(2) as u32;
    // weighted towards green, as the eye is
    2 * d(a.0, b.0) + 4 * d(a.1, b.1) + 3 * d(a.2, b.2)
}

/// The red, green and blue of a palette index.
pub(super) fn indexed_rgb(i: u8) -> (u8, u8, u8) {
    match i {
        0..=15 => NAMED[i as usize].1,
        16..=231 => {
            let n = i - 16;
            (CUBE[(n / 36) as usize], CUBE[(n / 6 % 6) as usize], CUBE[(n % 6) as usize])
        }
        _ => {
            let v = 8 + 10 * (i - 232);
            (v, v, v)
        }
    }
}

/// The nearest entry of the 256-colour palette beyond the sixteen named ones (whose values
/// terminals change) to an RGB colour.
fn nearest_256(rgb: (u8, u8, u8)) -> u8 {
    let level = |v: u8| CUBE.iter().enumerate().min_by_key(|(_, c)| (**c as i32 - v as i32).abs()).unwrap().0;
    let cube = 16 + 36 * level(rgb.0) as u8 + 6 * level(rgb.1) as u8 + level(rgb.2) as u8;
    let grey_level = ((rgb.0 as u32 + rgb.1 as u32 + rgb.2 as u32) / 3).saturating_sub(3) / 10;
    let grey = 232 + grey_level.min(23) as u8;
    if distance(indexed_rgb(grey), rgb) < distance(indexed_rgb(cube), rgb) { grey } else { cube }
}

/// How far apart two colours look once a terminal of `depth` shows them (the weighted
/// distance `nearest_*` use; `None` for a colour with no fixed value, such as `Reset`). For
/// the palettes' tests.
#[cfg(test)]
pub(crate) fn shown_distance(a: Tc, b: Tc, depth: ColorDepth) -> Option<u32> {
    let rgb = |c: Tc| match reduce(c, depth) {
        Tc::Rgb(r, g, b) => Some((r, g, b)),
        Tc::Indexed(i) => Some(indexed_rgb(i)),
        named => NAMED.iter().find(|(n, _)| *n == named).map(|(_, v)| *v),
    };
    Some(distance(rgb(a)?, rgb(b)?))
}

fn nearest_16(rgb: (u8, u8, u8)) -> Tc {
    NAMED.iter().min_by_key(|(_, v)| distance(*v, rgb)).expect("sixteen colours").0
}

/// `c` as a terminal of depth `depth` can show it (`Reset` when it shows no colour).
pub fn reduce(c: Tc, depth: ColorDepth) -> Tc {
    match (c, depth) {
        (Tc::Reset, _) | (_, ColorDepth::TrueColor) => c,
        (_, ColorDepth::Mono) => Tc::Reset,
        (Tc::Rgb(r, g, b), ColorDepth::Ansi256) => Tc::Indexed(nearest_256((r, g, b))),
        (Tc::Rgb(r, g, b), ColorDepth::Ansi16) => nearest_16((r, g, b)),
        (Tc::Indexed(i), ColorDepth::Ansi16) => nearest_16(indexed_rgb(i)),
        _ => c,
    }
}

/// Brings every colour of a finished frame down to what `depth` shows. Without colour, a cell
/// marked only by its background (last move, destinations, check, selection, hint) is
/// underlined instead, so every highlight is still seen.
pub fn reduce_frame(buf: &mut Buffer, depth: ColorDepth) {
    if depth == ColorDepth::TrueColor {
        return;
    }
    for cell in buf.content.iter_mut() {
        if depth == ColorDepth::Mono && cell.bg != Tc::Reset {
            cell.modifier.insert(ratatui::style::Modifier::UNDERLINED);
        }
        cell.fg = reduce(cell.fg, depth);
        cell.bg = reduce(cell.bg, depth);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |k| pairs.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string())
    }

    #[test]
    fn depth_follows_no_color_colorterm_and_term() {
        let d = |pairs: &[(&str, &str)]| ColorDepth::detect(env(pairs));
        assert_eq!(d(&[("TERM", "xterm")]), ColorDepth::Ansi16);
        assert_eq!(d(&[("TERM", "xterm-256color")]), ColorDepth::Ansi256);
        assert_eq!(d(&[("TERM", "screen-256color")]), ColorDepth::Ansi256);
        assert_eq!(d(&[("TERM", "xterm-256color"), ("COLORTERM", "truecolor")]), ColorDepth::TrueColor);
        assert_eq!(d(&[("TERM", "xterm"), ("COLORTERM", "24bit")]), ColorDepth::TrueColor);
        assert_eq!(d(&[("TERM", "xterm-direct")]), ColorDepth::TrueColor);
        assert_eq!(d(&[("TERM", "linux")]), ColorDepth::Ansi16);
        assert_eq!(d(&[("TERM", "dumb")]), ColorDepth::Mono);
        assert_eq!(d(&[]), ColorDepth::Ansi16);
        assert_eq!(
            d(&[("TERM", "xterm-256color"), ("COLORTERM", "truecolor"), ("NO_COLOR", "1")]),
            ColorDepth::Mono
        );
        // an empty NO_COLOR or COLORTERM counts as unset
        assert_eq!(
            d(&[("TERM", "xterm-256color"), ("NO_COLOR", ""), ("COLORTERM", "")]),
            ColorDepth::Ansi256
        );
        // a COLORTERM that promises nothing in particular leaves TERM to decide
        assert_eq!(d(&[("TERM", "xterm"), ("COLORTERM", "yes")]), ColorDepth::Ansi16);
    }

    #[test]
    fn colours_come_down_to_the_nearest_the_terminal_shows() {
        let olive = Tc::Rgb(70, 60, 20);
        assert_eq!(reduce(olive, ColorDepth::TrueColor), olive);
        assert_eq!(reduce(Tc::Rgb(255, 0, 0), ColorDepth::Ansi256), Tc::Indexed(196));
        assert_eq!(reduce(Tc::Rgb(128, 128, 128), ColorDepth::Ansi256), Tc::Indexed(244));
        assert_eq!(reduce(Tc::Rgb(0, 0, 0), ColorDepth::Ansi256), Tc::Indexed(16));
        assert_eq!(reduce(Tc::Rgb(250, 10, 10), ColorDepth::Ansi16), Tc::LightRed);
        assert_eq!(reduce(Tc::Rgb(20, 70, 30), ColorDepth::Ansi16), Tc::Black);
        assert_eq!(reduce(Tc::Indexed(196), ColorDepth::Ansi16), Tc::LightRed);
        assert_eq!(reduce(Tc::Indexed(4), ColorDepth::Ansi16), Tc::Blue);
        // named colours are what every colour terminal shows
        for depth in [ColorDepth::Ansi16, ColorDepth::Ansi256] {
            assert_eq!(reduce(Tc::LightRed, depth), Tc::LightRed);
            assert_eq!(reduce(Tc::Reset, depth), Tc::Reset);
        }
        assert_eq!(reduce(Tc::LightRed, ColorDepth::Mono), Tc::Reset);
        // every palette entry comes back as itself (the cube and the greys)
        for i in 16..=255u8 {
            let (r, g, b) = indexed_rgb(i);
            assert_eq!(indexed_rgb(nearest_256((r, g, b))), (r, g, b), "index {i}");
        }
    }
}

//! The colours of every part of the screen, one palette per theme (`settings::Theme`): each
//! drawing function asks the palette for a role (sente's pieces, the last move, a 悪手 mark)
//! rather than naming a colour. A palette for a terminal of sixteen colours replaces the 24-bit
//! highlights with named colours chosen to stay readable, since the nearest named colour to a
//! dark tint is black.

use crate::tui::color_depth::ColorDepth;
use crate::tui::settings::Theme;
use ratatui::style::{Color as Tc, Modifier};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Palette {
    /// Sente's pieces, hand and marks.
    pub sente: Tc,
    /// Gote's pieces, hand and marks.
    pub gote: Tc,
    /// Added to every piece (bold in the high-contrast theme).
    pub piece_modifier: Modifier,
    /// The dot of an empty square.
    pub empty: Tc,
    /// The file and rank numbers around the board.
    pub label: Tc,
    /// The board's frame and grid.
    pub grid: Tc,
    /// Secondary text: the key bar, notes, "no comment".
    pub dim: Tc,
    /// Comments and key names.
    pub accent: Tc,
    /// A right answer, a position without problems.
    pub good: Tc,
    /// A wrong answer, a problem in a position.
    pub bad: Tc,
    /// Backgrounds: the last move's square, where the piece picked up may go, the king in
    /// check, the piece picked up, the hint's squares.
    pub last_move: Tc,
    pub destination: Tc,
    pub check: Tc,
    pub selection: Tc,
    pub hint: Tc,
    /// The marks of a whole-game analysis: 緩手, 疑問手, 悪手, 大悪手.
    pub marks: [Tc; 4],
    /// The evaluation graph's line, and the position shown on it.
    pub graph: Tc,
    pub graph_cursor: Tc,
    /// The clock of the side to move, and a clock in its last ten seconds.
    pub clock_running: Tc,
    pub clock_low: Tc,
}

/// The dark-background look (the default).
const DARK: Palette = Palette {
    sente: Tc::White,
    gote: Tc::LightRed,
    piece_modifier: Modifier::empty(),
    empty: Tc::DarkGray,
    label: Tc::Gray,
    grid: Tc::Reset,
    dim: Tc::DarkGray,
    accent: Tc::Cyan,
    good: Tc::Green,
    bad: Tc::LightRed,
    // dark, and entries of the 256-colour cube, so that a 256-colour terminal shows them as
    // the colours they are, not as three neighbouring greys
    last_move: Tc::Rgb(95, 95, 0),
    destination: Tc::Rgb(0, 95, 0),
    check: Tc::Red,
    selection: Tc::Blue,
    hint: Tc::Rgb(0, 95, 135),
    marks: [Tc::Yellow, Tc::LightYellow, Tc::LightRed, Tc::Red],
    graph: Tc::Green,
    graph_cursor: Tc::Yellow,
    clock_running: Tc::LightYellow,
    clock_low: Tc::LightRed,
};

const DARK_16: Palette =
    Palette { last_move: Tc::DarkGray, destination: Tc::Green, hint: Tc::Magenta, ..DARK };

/// For a light background: dark pieces and text, pale highlights; nothing drawn in white.
const LIGHT: Palette = Palette {
    sente: Tc::Black,
    gote: Tc::Red,
    piece_modifier: Modifier::empty(),
    empty: Tc::DarkGray,
    label: Tc::DarkGray,
    grid: Tc::DarkGray,
    dim: Tc::DarkGray,
    accent: Tc::Blue,
    good: Tc::Rgb(0, 120, 0),
    bad: Tc::Red,
    last_move: Tc::Rgb(245, 225, 150),
    destination: Tc::Rgb(185, 230, 185),
    check: Tc::Rgb(250, 150, 150),
    selection: Tc::Rgb(160, 200, 250),
    hint: Tc::Rgb(215, 175, 255),
    marks: [Tc::Rgb(150, 110, 0), Tc::Rgb(190, 90, 0), Tc::Red, Tc::Red],
    graph: Tc::Rgb(0, 130, 0),
    graph_cursor: Tc::Blue,
    clock_running: Tc::Blue,
    clock_low: Tc::Red,
};

const LIGHT_16: Palette = Palette {
    good: Tc::Green,
    last_move: Tc::Yellow,
    destination: Tc::LightGreen,
    check: Tc::LightRed,
    selection: Tc::LightBlue,
    hint: Tc::LightCyan,
    marks: [Tc::Yellow, Tc::Magenta, Tc::Red, Tc::Red],
    graph: Tc::Green,
    ..LIGHT
};

/// The plainest colours, the same on every terminal, and bold pieces.
const HIGH_CONTRAST: Palette = Palette {
    sente: Tc::White,
    gote: Tc::LightYellow,
    piece_modifier: Modifier::BOLD,
    empty: Tc::Gray,
    label: Tc::White,
    grid: Tc::White,
    dim: Tc::Gray,
    accent: Tc::LightCyan,
    good: Tc::LightGreen,
    bad: Tc::LightMagenta,
    last_move: Tc::Blue,
    destination: Tc::Green,
    check: Tc::Red,
    selection: Tc::Magenta,
    hint: Tc::Cyan,
    marks: [Tc::LightYellow, Tc::LightYellow, Tc::LightMagenta, Tc::LightRed],
    graph: Tc::LightGreen,
    graph_cursor: Tc::LightYellow,
    clock_running: Tc::LightYellow,
    clock_low: Tc::LightRed,
};

/// The palette of `theme` for a terminal of `depth`.
pub fn palette(theme: Theme, depth: ColorDepth) -> &'static Palette {
    let few = depth <= ColorDepth::Ansi16;
    match theme {
        Theme::Dark if few => &DARK_16,
        Theme::Dark => &DARK,
        Theme::Light if few => &LIGHT_16,
        Theme::Light => &LIGHT,
        Theme::HighContrast => &HIGH_CONTRAST,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn colours(p: &Palette) -> Vec<Tc> {
        let mut v = vec![
            p.sente,
            p.gote,
            p.empty,
            p.label,
            p.grid,
            p.dim,
            p.accent,
            p.good,
            p.bad,
            p.last_move,
            p.destination,
            p.check,
            p.selection,
            p.hint,
            p.graph,
            p.graph_cursor,
            p.clock_running,
            p.clock_low,
        ];
        v.extend(p.marks);
        v
    }

    #[test]
    fn high_contrast_and_sixteen_colour_palettes_use_named_colours_only() {
        for p in [&HIGH_CONTRAST, &DARK_16, &LIGHT_16] {
            for c in colours(p) {
                assert!(!matches!(c, Tc::Rgb(..) | Tc::Indexed(_)), "{c:?} in {p:?}");
            }
        }
    }

    #[test]
    fn highlights_differ_from_each_other_in_every_palette() {
        for theme in Theme::ALL {
            for depth in [ColorDepth::Ansi16, ColorDepth::Ansi256, ColorDepth::TrueColor] {
                let p = palette(theme, depth);
                let bgs = [p.last_move, p.destination, p.check, p.selection, p.hint];
                for (i, a) in bgs.iter().enumerate() {
                    for b in &bgs[i + 1..] {
                        let (a, b) = (
                            crate::tui::color_depth::reduce(*a, depth),
                            crate::tui::color_depth::reduce(*b, depth),
                        );
                        assert_ne!(a, b, "{theme:?} at {depth:?}");
                        // and far enough apart to be told apart at a glance (grey 236 and 237,
                        // which the dark theme's last move and hint were at 256 colours, are not)
                        let d = crate::tui::color_depth::shown_distance(a, b, depth).unwrap();
                        assert!(d >= 6000, "{theme:?} at {depth:?}: {a:?} and {b:?} look alike ({d})");
                    }
                    assert_ne!(crate::tui::color_depth::reduce(*a, depth), Tc::Black, "{theme:?} {depth:?}");
                }
            }
        }
    }
}

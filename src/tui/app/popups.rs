//! Modal windows: what each asks, and the transitions that open, answer and close them. While a
//! popup is open it receives the keys (see `input`).

use super::ctx::Ctx;
use super::{CommentEditor, NewGameChoice, comments, tsume};
use crate::core::{Position, Square};
use crate::record::Cursor;
use crate::tui::keymap::{KeyMode, Keymap};

/// Modal windows; when one is open it receives the keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Popup {
    /// Promotion is optional for this move: ask.
    Promotion {
        from: Square,
        to: Square,
    },
    /// The key list, scrolled down by `scroll` lines.
    Help {
        scroll: usize,
    },
    ConfirmQuit,
    /// The side to move resigns (投了) after confirming.
    ConfirmResign,
    /// The side to move declares an impasse win (入玉宣言) after seeing the count.
    ConfirmDeclare,
    /// Choosing who plays each side, the computer's level, the clock and the handicap.
    NewGame(NewGameChoice),
    /// The file chosen in the save box exists: replace it?
    ConfirmOverwrite(std::path::PathBuf),
    /// The folder of the file chosen in the save box does not exist: create it and save?
    ConfirmCreateFolder(std::path::PathBuf),
    /// The settings screen.
    Settings(super::SettingsScreen),
    /// The comment editor on a position.
    Comment(Box<super::CommentEditor>),
    /// The variations at the current move, to choose from, promote or delete.
    Variations(super::VariationList),
    /// Two people on the clock: the player to move is asked to allow a take-back (待った).
    ConfirmTakeback,
    /// Learn mode needs the whole-game analysis: run it first?
    ConfirmLearnAnalysis,
    /// The tsume problems to choose from, this row chosen (row 0: the position shown).
    TsumeList {
        row: usize,
    },
    /// The connection to the CSA server was lost mid-game (the words say why): save the
    /// record?
    OfferSaveLost(String),
    /// Online play's extended mode, away from the lobby (a game on the board): the server's
    /// last answer to `%%WHO` or `%%LIST`, over the board until a key closes it.
    ServerList,
    /// The rating screen: the player's rating over time, results by level and by side, the
    /// level for an even game.
    Rating,
    /// The protocol window of online play: the lines sent and received, the last shown at
    /// line `scroll`.
    Protocol {
        scroll: usize,
    },
}

impl Popup {
    /// Scrolls the help by `delta` lines of its `lines` (the view shows as many as fit; it
    /// stops at the end). Nothing for another popup.
    pub(super) fn scroll_help(&mut self, delta: i32, lines: usize) {
        let last = lines.saturating_sub(1) as i32;
        if let Popup::Help { scroll } = self {
            *scroll = (*scroll as i32 + delta).clamp(0, last) as usize;
        }
    }

    /// The tsume problem list's row `delta` rows on, round the list (row 0 is the position
    /// shown, then the shipped problems). Nothing for another popup.
    pub(super) fn step_tsume_list(&mut self, delta: i32) {
        let n = tsume::SHIPPED.len() as i32 + 1;
        if let Popup::TsumeList { row } = self {
            *row = (*row as i32 + delta).rem_euclid(n) as usize;
        }
    }

    /// The comment editor on the position `game` shows (the start position included).
    pub(super) fn comment_on(game: &Cursor) -> Popup {
        let node = game.node();
        let text = comments::comment_text(&game.record().node(node).comments);
        Popup::Comment(Box::new(CommentEditor::new(node, &text)))
    }
}

/// The help's lines (keys, what they do) for the keys of `mode`, from `keymap`, then the mouse
/// and the rest that are not keys of the keymap, in `language`.
pub(super) fn help_keys(
    keymap: &Keymap,
    mode: KeyMode,
    language: crate::tui::settings::Language,
) -> Vec<(String, String)> {
    let ja = language == crate::tui::settings::Language::Ja;
    let keys = keymap.help(mode).into_iter().map(|l| (l.keys, l.label.of(ja).to_string()));
    let more = match mode {
        KeyMode::Editor => crate::tui::text::setup::SetupText::of(language).editor_more,
        _ => crate::tui::text::Text::of(language).help_more,
    };
    keys.chain(more.iter().map(|(k, d)| (k.to_string(), d.to_string()))).collect()
}

/// The problem row `row` of the tsume list stands for: the position shown (row 0; a problem
/// file opened at its start keeps its title and stated length) or a shipped problem, as the
/// position, the title and the stated length.
pub(super) fn tsume_list_choice(row: usize, ctx: &Ctx) -> Option<(Position, String, Option<usize>)> {
    if row == 0 {
        let rec = ctx.game.record();
        let at_start = ctx.game.node() == crate::record::ROOT;
        let title = rec.header("作品名").filter(|_| at_start).unwrap_or(ctx.setup_text().position_shown);
        let length = rec.header("備考").filter(|_| at_start).and_then(tsume::stated_length);
        return Some((ctx.game.position().clone(), title.to_string(), length));
    }
    let p = tsume::shipped_problems().get(row - 1)?;
    Some((p.position.clone(), p.title.clone(), p.length))
}

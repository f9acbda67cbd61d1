//! What a room (a mode's or a feature's own state) may touch of the app beside itself: the
//! record and the position shown, the board page as handled, the status line, the outbox and the settings. A room's
//! methods take a [`Ctx`] (or only the parts they need) instead of the whole `App`, so what a
//! feature can change is written in its signature; what only `App` can do (replace the record,
//! play a move through the usual path, open another mode) the room hands back as a value for
//! `App` to carry out.
//!
//! Outside the app (the input layer) a `Ctx` is opaque: it is only handed on to a room's
//! methods (`App::editing`).
//!
//! `App` makes one with the [`ctx!`] macro, which borrows these fields alone and so leaves the
//! room's own field free to be borrowed beside it.

use super::board_view::BoardView;
use super::{Outbox, Status};
use crate::record::Cursor;
use crate::tui::keymap::Keymap;
use crate::tui::settings::Settings;

/// The shared parts of the app a room works with.
pub struct Ctx<'a> {
    /// The record and the position shown.
    pub(super) game: &'a mut Cursor,
    /// The board page as the player handles it (the cursor, a piece picked up, …).
    pub(super) board: &'a mut BoardView,
    /// The status line.
    pub(super) status: &'a mut Status,
    /// Where the room asks for work outside the app (jobs, lines, copies).
    pub(super) outbox: &'a mut Outbox,
    /// The player's settings (read only: changing them is `App`'s, which marks them for saving).
    pub(super) settings: &'a Settings,
    /// The keys in force (for messages that name a key).
    pub(super) keymap: &'a Keymap,
}

impl Ctx<'_> {
    /// The interface text in the chosen language.
    pub(super) fn text(&self) -> &'static crate::tui::text::Text {
        crate::tui::text::Text::of(self.settings.language)
    }

    /// The editor's and tsume mode's text in the chosen language.
    pub(super) fn setup_text(&self) -> &'static crate::tui::text::setup::SetupText {
        crate::tui::text::setup::SetupText::of(self.settings.language)
    }
}

/// A [`Ctx`] over `$app`'s shared fields (`App` only; the fields are borrowed one by one, so
/// a room's own field can be borrowed mutably beside it).
macro_rules! ctx {
    ($app:expr) => {
        $crate::tui::app::ctx::Ctx {
            game: &mut $app.game,
            board: &mut $app.board,
            status: &mut $app.status,
            outbox: &mut $app.outbox,
            settings: &$app.settings,
            keymap: &$app.keymap,
        }
    };
}
pub(super) use ctx;

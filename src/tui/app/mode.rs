//! What is on top: the page the app shows (`Mode`, one at a time, each with its own state) and,
//! over it, at most one `Overlay` (a popup or the one-line text box). The input layer routes a
//! key with one `match` on these two (see `input::handle_key`); the view draws the page, then
//! the overlay.
//!
//! Each mode's state and transitions live in its own module: the board page's in `game.rs`,
//! `selection.rs` and the review modules, the position editor's in `editor.rs`, tsume mode's in
//! `tsume.rs`, learn mode's in `learn.rs`, the popups' in `popups.rs` (and the modules that open
//! them), the text box's in `line.rs`, online play's in `online.rs`. A new page is a new variant
//! here with its module beside it.

use super::ctx::ctx;
use super::{App, Editor, Learn, LineInput, Popup, Tsume};
use crate::tui::keymap::{KeyMode, Keymap};

/// The page shown. Modes exclude each other: opening one leaves the one before.
#[derive(Clone, Debug, Default)]
pub enum Mode {
    /// Playing, reviewing and analysing a record on the board.
    #[default]
    Board,
    /// The position editor (局面編集).
    Editor(Box<Editor>),
    /// Solving a tsume (詰将棋) on the board.
    Tsume(Box<Tsume>),
    /// Learn from your mistakes (復習): marked moves of the record, tried again.
    Learn(Box<Learn>),
    /// Online play on a CSA server: the connection dialog, waiting, the game summary, the game
    /// on the board, watching (`online.rs`).
    Online(Box<super::Online>),
    /// The game library (棋譜一覧): the player's records, to choose one to open.
    Library(Box<super::Library>),
}

/// What sits over the page and takes the keys first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// A modal window.
    Popup(Popup),
    /// The one-line text box (a typed move, a file name, a move number).
    Line(LineInput),
}

impl App {
    /// The page shown.
    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    /// The keys in force.
    pub fn keymap(&self) -> &Keymap {
        &self.keymap
    }

    /// Whose keys the page takes (and the help and the key bar show).
    pub fn key_mode(&self) -> KeyMode {
        match self.mode {
            Mode::Board if self.reviewing() => KeyMode::Review,
            Mode::Board => KeyMode::Board,
            Mode::Editor(_) => KeyMode::Editor,
            Mode::Tsume(_) => KeyMode::Tsume,
            Mode::Learn(_) => KeyMode::Learn,
            Mode::Online(_) => KeyMode::Online,
            Mode::Library(_) => KeyMode::Library,
        }
    }

    /// Whether `action` does anything now (the key bar leaves out what does not): analysis
    /// and hints where allowed, pause with a computer or a clock in a game that goes on,
    /// resignation in a game being played.
    pub fn offers(&self, action: crate::tui::keymap::Action) -> bool {
        use crate::tui::keymap::Action;
        match action {
            Action::Analysis | Action::Hint => self.help_offered(),
            Action::Pause => {
                (self.play.players.contains(&super::Player::Engine) || self.clock().is_some())
                    && self.unfinished()
            }
            Action::Resign => self.standing.playing && self.unfinished(),
            _ => true,
        }
    }

    /// Whether the threat indicator is on for the position shown: the setting is on, and the
    /// record is under review, analysed (検討) or finished; never during a game being played,
    /// a tsume being solved, the position editor or learn mode (it would give answers away).
    pub fn threats_shown(&self) -> bool {
        self.settings.threats
            && (self.analysing() || !self.standing.playing || !self.unfinished())
            && self.tsume().is_none()
            && self.editor().is_none()
            && !self.learning()
    }

    /// What the threat solver found for the position shown (none while it has not answered).
    pub fn threats(&self) -> Option<&crate::engine::mate::threats::Threats> {
        self.study.threats.found(self.pos().key()).filter(|_| self.threats_shown())
    }

    /// Shows or hides the opening explorer beside the board.
    pub fn toggle_explorer(&mut self) {
        self.shelf.toggle_explorer(&mut ctx!(self));
    }

    pub fn explorer_shown(&self) -> bool {
        self.shelf.explorer_shown
    }

    /// What the opening explorer reads, once the library's scan has answered.
    pub fn explorer(&self) -> Option<&crate::study::library::Found> {
        self.shelf.found.as_deref()
    }

    /// The popup or text box over the page, if any.
    pub fn overlay(&self) -> Option<&Overlay> {
        self.overlay.as_ref()
    }

    pub fn popup(&self) -> Option<&Popup> {
        match &self.overlay {
            Some(Overlay::Popup(p)) => Some(p),
            _ => None,
        }
    }

    pub fn input(&self) -> Option<&LineInput> {
        match &self.overlay {
            Some(Overlay::Line(l)) => Some(l),
            _ => None,
        }
    }

    /// Opens `popup` over the page (in place of any popup or text box).
    pub(super) fn open_popup(&mut self, popup: Popup) {
        self.overlay = Some(Overlay::Popup(popup));
    }

    pub(super) fn popup_mut(&mut self) -> Option<&mut Popup> {
        match &mut self.overlay {
            Some(Overlay::Popup(p)) => Some(p),
            _ => None,
        }
    }

    /// Closes the popup and hands it back (`None`, and nothing changes, when none is open).
    pub(super) fn take_popup(&mut self) -> Option<Popup> {
        match self.overlay.take() {
            Some(Overlay::Popup(p)) => Some(p),
            other => {
                self.overlay = other;
                None
            }
        }
    }

    /// Opens the text box over the page (in place of any popup).
    pub(super) fn open_input(&mut self, input: LineInput) {
        self.overlay = Some(Overlay::Line(input));
    }

    pub(super) fn input_mut(&mut self) -> Option<&mut LineInput> {
        match &mut self.overlay {
            Some(Overlay::Line(l)) => Some(l),
            _ => None,
        }
    }

    /// Closes the text box and hands it back.
    pub(super) fn take_input(&mut self) -> Option<LineInput> {
        match self.overlay.take() {
            Some(Overlay::Line(l)) => Some(l),
            other => {
                self.overlay = other;
                None
            }
        }
    }

    /// The editor, when it is the page shown.
    pub fn editor(&self) -> Option<&Editor> {
        match &self.mode {
            Mode::Editor(e) => Some(e),
            _ => None,
        }
    }

    pub(super) fn editor_mut(&mut self) -> Option<&mut Editor> {
        match &mut self.mode {
            Mode::Editor(e) => Some(e),
            _ => None,
        }
    }

    /// The problem being solved, in tsume mode.
    pub fn tsume(&self) -> Option<&Tsume> {
        match &self.mode {
            Mode::Tsume(t) => Some(t),
            _ => None,
        }
    }

    pub(super) fn tsume_mut(&mut self) -> Option<&mut Tsume> {
        match &mut self.mode {
            Mode::Tsume(t) => Some(t),
            _ => None,
        }
    }

    /// Learn mode's state, whether or not it is still about the record shown (see `App::learn`).
    pub(super) fn learn_state(&self) -> Option<&Learn> {
        match &self.mode {
            Mode::Learn(l) => Some(l),
            _ => None,
        }
    }

    pub(super) fn learn_mut(&mut self) -> Option<&mut Learn> {
        match &mut self.mode {
            Mode::Learn(l) => Some(l),
            _ => None,
        }
    }

    /// Goes back to the board page from whatever mode is shown (the mode's own leaving, with
    /// its message and its background work stopped, is the caller's).
    pub(super) fn leave_to_board(&mut self) -> Mode {
        std::mem::take(&mut self.mode)
    }
}

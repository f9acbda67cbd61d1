//! Modal windows: what each asks, and the transitions that open, answer and close them. While a
//! popup is open it receives the keys (see `input`).

use super::ctx::ctx;
use super::{App, CommentEditor, NewGameChoice, comments, tsume};
use crate::core::Square;

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

impl App {
    /// Closes whatever popup is open, answering nothing.
    pub fn close_popup(&mut self) {
        self.take_popup();
    }

    pub fn open_help(&mut self) {
        self.open_popup(Popup::Help { scroll: 0 });
    }

    /// The help's lines (keys, what they do) for the page shown, from the keymap in force,
    /// then the mouse and the rest that are not keys of the keymap.
    pub fn help_keys(&self) -> Vec<(String, String)> {
        let ja = self.settings.language == crate::tui::settings::Language::Ja;
        let mode = self.key_mode();
        let keys = self.keymap.help(mode).into_iter().map(|l| (l.keys, l.label.of(ja).to_string()));
        let more = match mode {
            crate::tui::keymap::KeyMode::Editor => self.setup_text().editor_more,
            _ => self.text().help_more,
        };
        keys.chain(more.iter().map(|(k, d)| (k.to_string(), d.to_string()))).collect()
    }

    /// Scrolls the help by `delta` lines (the view shows as many as fit; it stops at the end).
    pub fn scroll_help(&mut self, delta: i32) {
        let last = self.help_keys().len().saturating_sub(1) as i32;
        if let Some(Popup::Help { scroll }) = self.popup_mut() {
            *scroll = (*scroll as i32 + delta).clamp(0, last) as usize;
        }
    }

    /// Opens the rating screen.
    pub fn open_rating(&mut self) {
        self.open_popup(Popup::Rating);
    }

    pub fn ask_quit(&mut self) {
        self.open_popup(Popup::ConfirmQuit);
    }

    pub fn ask_resign(&mut self) {
        self.open_popup(Popup::ConfirmResign);
    }

    pub fn ask_declare(&mut self) {
        self.open_popup(Popup::ConfirmDeclare);
    }

    /// Opens the new-game dialog with the choice in the settings (the last game's, or as set).
    pub fn open_new_game(&mut self) {
        self.open_popup(Popup::NewGame(self.last_choice()));
    }

    /// The names of two players at one keyboard when the new-game dialog gives none: the
    /// player's name from the settings (else "you") and "guest".
    pub fn default_names(&self) -> [String; 2] {
        let t = self.text();
        let first = self.settings.player_name.trim();
        [if first.is_empty() { t.you } else { first }.to_string(), t.guest.to_string()]
    }

    /// Starts typing the players' names in the new-game dialog, from the names shown.
    pub fn start_naming(&mut self) {
        let defaults = self.default_names();
        self.edit_new_game(|c| c.start_naming(&defaults));
    }

    /// Ends typing a name in the new-game dialog (see `NewGameChoice::finish_naming`); a name
    /// refused is said on the status line.
    pub fn finish_naming(&mut self, keep: bool) {
        let mut refused = None;
        self.edit_new_game(|c| refused = c.finish_naming(keep).err());
        if let Some(why) = refused {
            self.status.set((self.text().bad_player_name)(why.describe(self.settings.language)));
        }
    }

    /// Changes the choice shown in the new-game dialog (nothing when it is not open).
    pub fn edit_new_game(&mut self, edit: impl FnOnce(&mut NewGameChoice)) {
        if let Some(Popup::NewGame(choice)) = self.popup_mut() {
            edit(choice);
        }
    }

    /// Starts the game chosen in the new-game dialog.
    pub fn confirm_new_game(&mut self) {
        if let Some(Popup::NewGame(choice)) = self.take_popup() {
            self.start_new_game(choice);
        }
    }

    // ---- the tsume problem list ----

    /// The problem list's chosen row, when it is open (row 0 is the position shown, then the
    /// shipped problems).
    pub fn tsume_list(&self) -> Option<usize> {
        match self.popup() {
            Some(Popup::TsumeList { row }) => Some(*row),
            _ => None,
        }
    }

    /// Opens the list of problems.
    pub fn open_tsume_list(&mut self) {
        self.open_popup(Popup::TsumeList { row: 0 });
    }

    pub fn close_tsume_list(&mut self) {
        if self.tsume_list().is_some() {
            self.close_popup();
        }
    }

    pub fn tsume_list_step(&mut self, delta: i32) {
        let n = tsume::SHIPPED.len() as i32 + 1;
        if let Some(Popup::TsumeList { row }) = self.popup_mut() {
            *row = (*row as i32 + delta).rem_euclid(n) as usize;
        }
    }

    /// Starts the problem chosen in the list.
    pub fn tsume_list_confirm(&mut self) {
        let Some(i) = self.tsume_list() else { return };
        self.close_popup();
        if i == 0 {
            // a problem file opened at its start keeps its title and stated length
            let rec = self.record();
            let at_start = self.game.node() == crate::record::ROOT;
            let title = rec.header("作品名").filter(|_| at_start).unwrap_or(self.setup_text().position_shown);
            let length = rec.header("備考").filter(|_| at_start).and_then(tsume::stated_length);
            let (pos, title) = (self.pos().clone(), title.to_string());
            return self.start_tsume(pos, title, length);
        }
        if let Some(p) = tsume::shipped_problems().get(i - 1) {
            self.start_tsume(p.position.clone(), p.title.clone(), p.length);
        }
    }

    // ---- the comment editor ----

    /// Opens the comment editor on the position shown (the start position included).
    pub fn open_comment_editor(&mut self) {
        let node = self.game.node();
        let text = comments::comment_text(&self.record().node(node).comments);
        self.open_popup(Popup::Comment(Box::new(CommentEditor::new(node, &text))));
    }

    /// The open comment editor (the input layer sends it the editing keys).
    pub fn comment_editor(&mut self) -> Option<&mut CommentEditor> {
        match self.popup_mut() {
            Some(Popup::Comment(e)) => Some(e),
            _ => None,
        }
    }

    /// Esc in the comment editor: closes it when nothing changed, else asks whether to keep
    /// the changes; Esc again while asking goes back to editing.
    pub fn comment_escape(&mut self) {
        if self.comment_editor().is_some_and(CommentEditor::escape) {
            self.finish_comment(false);
        }
    }

    /// Closes the comment editor, writing its text into the record when `keep`.
    pub fn finish_comment(&mut self, keep: bool) {
        let Some(Popup::Comment(e)) = self.take_popup() else { return };
        if e.finish(keep, &mut ctx!(self)) {
            self.saving.dirty = true;
        }
    }
}

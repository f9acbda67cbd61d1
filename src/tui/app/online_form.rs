//! The connection dialog of online play: its fields, their values checked, and editing them.
//! The password is only ever in memory here (never printed: `Debug` leaves it out).

use crate::engine::levels::Level;
use crate::tui::settings::{OnlinePlayer, OnlineSettings, OnlineSide};
use crate::tui::text::online::OnlineText;

/// The fields of the connection dialog, in order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FormField {
    Host,
    Port,
    User,
    Password,
    Game,
    Side,
    AutoAgree,
    Extended,
    Remember,
    PlayAs,
}

impl FormField {
    pub const ALL: [FormField; 10] = [
        FormField::Host,
        FormField::Port,
        FormField::User,
        FormField::Password,
        FormField::Game,
        FormField::Side,
        FormField::AutoAgree,
        FormField::Extended,
        FormField::Remember,
        FormField::PlayAs,
    ];

    /// Whether the field is text typed in (the others are choices).
    pub fn is_text(self) -> bool {
        matches!(
            self,
            FormField::Host | FormField::Port | FormField::User | FormField::Password | FormField::Game
        )
    }
}

/// Who plays the player's moves in an online game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlayAs {
    /// The player, on the board.
    Me,
    /// The built-in engine at a level; the player watches and may resign for it.
    Builtin(Level),
    /// The external USI engine the app was started with.
    External,
}

impl PlayAs {
    /// The choice the settings remember, when it can be had: an external engine only when
    /// `external`, a level only when it is one; else the player.
    pub fn from_settings(remembered: OnlinePlayer, external: bool) -> PlayAs {
        match remembered {
            OnlinePlayer::Level(n) => Level::new(n).map_or(PlayAs::Me, PlayAs::Builtin),
            OnlinePlayer::External if external => PlayAs::External,
            OnlinePlayer::Me | OnlinePlayer::External => PlayAs::Me,
        }
    }

    /// The choice as the settings keep it.
    pub fn remembered(self) -> OnlinePlayer {
        match self {
            PlayAs::Me => OnlinePlayer::Me,
            PlayAs::Builtin(level) => OnlinePlayer::Level(level.get()),
            PlayAs::External => OnlinePlayer::External,
        }
    }

    /// The choices in the dialog's order: the player, the built-in engine at each level, the
    /// external engine when there is one.
    pub fn choices(external: bool) -> Vec<PlayAs> {
        let mut all = vec![PlayAs::Me];
        all.extend(Level::all().map(PlayAs::Builtin));
        if external {
            all.push(PlayAs::External);
        }
        all
    }
}

/// The connection dialog's values.
#[derive(Clone, PartialEq, Eq)]
pub struct OnlineForm {
    pub host: String,
    pub port: String,
    pub user: String,
    pub password: String,
    pub game: String,
    pub side: OnlineSide,
    pub auto_agree: bool,
    pub extended: bool,
    /// Remember the password (in a file only its owner can read).
    pub remember: bool,
    /// The keep-alive interval of the settings, in seconds (not a field of the dialog).
    pub keepalive_s: u64,
    /// Who plays: the player or an engine.
    pub play_as: PlayAs,
    /// The external engine's name, when the app was started with one (not a field).
    pub external: Option<String>,
    /// The field being edited (index into `FormField::ALL`).
    pub field: usize,
    /// What was wrong with the values, or why the last try failed.
    pub problem: Option<String>,
}

impl std::fmt::Debug for OnlineForm {
    /// Never prints the password.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OnlineForm").field("host", &self.host).field("user", &self.user).finish()
    }
}

impl OnlineForm {
    /// The dialog as the settings remember it, with `password` filled in (and no external
    /// engine: a remembered external engine is the player until `with_external` is called).
    pub fn from_settings(s: &OnlineSettings, password: Option<String>) -> OnlineForm {
        OnlineForm {
            host: s.host.clone(),
            port: s.port.to_string(),
            user: s.user.clone(),
            password: password.unwrap_or_default(),
            game: s.game.clone(),
            side: s.side,
            auto_agree: s.auto_agree,
            extended: s.extended,
            remember: false,
            keepalive_s: s.keepalive_s,
            play_as: PlayAs::from_settings(s.play_as, false),
            external: None,
            field: 0,
            problem: None,
        }
    }

    /// The external engine the app was started with, if any, which the settings may have
    /// remembered as the one who plays.
    pub fn with_external(mut self, external: Option<String>, remembered: OnlinePlayer) -> OnlineForm {
        self.play_as = PlayAs::from_settings(remembered, external.is_some());
        self.external = external;
        self
    }

    pub fn focused(&self) -> FormField {
        FormField::ALL[self.field.min(FormField::ALL.len() - 1)]
    }

    /// The text of a text field.
    pub fn text_mut(&mut self, field: FormField) -> Option<&mut String> {
        Some(match field {
            FormField::Host => &mut self.host,
            FormField::Port => &mut self.port,
            FormField::User => &mut self.user,
            FormField::Password => &mut self.password,
            FormField::Game => &mut self.game,
            _ => return None,
        })
    }

    /// The values checked: the settings to remember, or what is wrong (the first problem).
    pub fn check(&self, t: &OnlineText) -> Result<OnlineSettings, String> {
        let host = self.host.trim();
        if host.is_empty() || host.contains(char::is_whitespace) {
            return Err(t.bad_host.into());
        }
        let port = match self.port.trim().parse::<u16>() {
            Ok(p) if p > 0 => p,
            _ => return Err((t.bad_port)(self.port.trim())),
        };
        let user = self.user.trim();
        // the server takes a name of letters, digits, `_` and `-` (login.rb)
        if user.is_empty() || !user.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
            return Err(t.bad_user.into());
        }
        if self.password.is_empty() || self.password.contains(char::is_whitespace) {
            return Err(t.bad_password.into());
        }
        let game = self.game.trim();
        // the form the server pairs by (the side is the dialog's choice, not a suffix here)
        if (!self.extended || !game.is_empty()) && crate::online::check::check_game_name(game).is_err() {
            return Err(t.bad_game.into());
        }
        Ok(OnlineSettings {
            host: host.to_string(),
            port,
            user: user.to_string(),
            game: game.to_string(),
            side: self.side,
            auto_agree: self.auto_agree,
            extended: self.extended,
            keepalive_s: self.keepalive_s,
            play_as: self.play_as.remembered(),
        })
    }
}

impl OnlineForm {
    /// Moves to the next (`delta` 1) or previous (-1) field.
    pub fn step(&mut self, delta: i32) {
        let n = FormField::ALL.len() as i32;
        self.field = (self.field as i32 + delta).rem_euclid(n) as usize;
    }

    /// Changes the focused choice (side, agree by itself, x1, remember, who plays).
    pub fn toggle(&mut self, delta: i32) {
        match self.focused() {
            FormField::Side => {
                let all = [OnlineSide::Any, OnlineSide::Sente, OnlineSide::Gote];
                let i = all.iter().position(|&s| s == self.side).unwrap_or(0) as i32;
                self.side = all[(i + delta).rem_euclid(3) as usize];
            }
            FormField::AutoAgree => self.auto_agree = !self.auto_agree,
            FormField::Extended => self.extended = !self.extended,
            FormField::Remember => self.remember = !self.remember,
            FormField::PlayAs => {
                let all = PlayAs::choices(self.external.is_some());
                let i = all.iter().position(|&p| p == self.play_as).unwrap_or(0) as i32;
                self.play_as = all[(i + delta).rem_euclid(all.len() as i32) as usize];
            }
            _ => {}
        }
    }

    /// Types `c` into the focused text field.
    pub fn type_char(&mut self, c: char) {
        if c.is_control() {
            return;
        }
        let field = self.focused();
        if let Some(t) = self.text_mut(field)
            && t.chars().count() < 200
        {
            t.push(c);
        }
    }

    /// Ctrl-W (`word`): deletes the last word of the focused text field (with the spaces after
    /// it); Ctrl-U: empties the field.
    pub fn kill(&mut self, word: bool) {
        let field = self.focused();
        if let Some(t) = self.text_mut(field) {
            if word {
                let kept = t.trim_end().trim_end_matches(|c: char| !c.is_whitespace()).len();
                t.truncate(kept);
            } else {
                t.clear();
            }
        }
    }

    /// Deletes the last character of the focused text field.
    pub fn backspace(&mut self) {
        let field = self.focused();
        if let Some(t) = self.text_mut(field) {
            t.pop();
        }
    }
}

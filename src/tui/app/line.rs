//! The one-line text box (a typed move or a file name) and saving the record.

use super::App;

/// What the one-line text box is asking for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InputKind {
    /// A move in any notation (USI, Japanese, CSA).
    Move,
    /// A file name to save the record to.
    SavePath,
}

/// The text box: what it is for and the text typed so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineInput {
    pub kind: InputKind,
    pub text: String,
}

impl App {
    /// Opens the box for a typed move.
    pub fn open_move_input(&mut self) {
        self.input = Some(LineInput { kind: InputKind::Move, text: String::new() });
    }

    /// Opens the save box, prefilled with the current file or a new name in `default_dir`.
    pub fn open_save(&mut self, default_dir: Option<&std::path::Path>) {
        let text = match &self.file {
            Some(p) => p.display().to_string(),
            None => {
                let stamp: String = super::now_string().chars().filter(|c| c.is_ascii_digit()).collect();
                let name = format!("shogiban-{}-{}.kifu", &stamp[..8], &stamp[8..]);
                match default_dir {
                    Some(d) => d.join(name).display().to_string(),
                    None => name,
                }
            }
        };
        self.input = Some(LineInput { kind: InputKind::SavePath, text });
    }

    /// Types a character into the open box.
    pub fn input_char(&mut self, c: char) {
        if let Some(input) = self.input.as_mut() {
            input.text.push(c);
        }
    }

    /// Deletes the character before the end of the box.
    pub fn input_backspace(&mut self) {
        if let Some(input) = self.input.as_mut() {
            input.text.pop();
        }
    }

    /// Closes the box without doing anything.
    pub fn cancel_input(&mut self) {
        self.input = None;
    }

    /// Submits the text box.
    pub fn submit_input(&mut self) {
        let Some(LineInput { kind, text }) = self.input.take() else { return };
        let text = text.trim().to_string();
        if text.is_empty() {
            return;
        }
        match kind {
            InputKind::Move => {
                self.submit_typed(&text);
            }
            InputKind::SavePath => {
                let path = std::path::PathBuf::from(text);
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    let _ = std::fs::create_dir_all(dir);
                }
                self.save_to(&path);
            }
        }
    }

    /// Saves the record to `path` (format from the extension; written atomically).
    pub fn save_to(&mut self, path: &std::path::Path) -> bool {
        match crate::record::save_record(path, self.game.record()) {
            Ok(()) => {
                self.message = format!("saved {}", path.display());
                self.file = Some(path.to_path_buf());
                true
            }
            Err(e) => {
                self.message = format!("could not save {}: {e}", path.display());
                false
            }
        }
    }
}

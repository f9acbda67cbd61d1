//! The one-line text box (a typed move or a file name) and saving the record.

use super::line_editor::LineEditor;
use super::{App, Popup};

/// What the one-line text box is asking for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InputKind {
    /// A move in any notation (USI, Japanese, CSA).
    Move,
    /// A file name to save the record to.
    SavePath,
    /// A move number to go to on the line shown.
    GotoMove,
}

/// The text box: what it is for and the text typed so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineInput {
    pub kind: InputKind,
    pub editor: LineEditor,
}

impl App {
    /// Opens the box for a typed move.
    pub fn open_move_input(&mut self) {
        self.message.clear();
        self.open_input(LineInput { kind: InputKind::Move, editor: LineEditor::default() });
    }

    /// Opens the save box, prefilled with the current file or a new name in `default_dir`.
    pub fn open_save(&mut self, default_dir: Option<&std::path::Path>) {
        let text = match &self.file {
            Some(p) => p.display().to_string(),
            None => {
                let name = default_file_name(self.game.record(), &super::now_string());
                match default_dir {
                    Some(d) => d.join(name).display().to_string(),
                    None => name,
                }
            }
        };
        self.message.clear();
        self.open_input(LineInput { kind: InputKind::SavePath, editor: LineEditor::new(text) });
    }

    /// The open box's editor (the input layer sends it the editing keys).
    pub fn input_editor(&mut self) -> Option<&mut LineEditor> {
        self.input_mut().map(|i| &mut i.editor)
    }

    /// Closes the box without doing anything.
    pub fn cancel_input(&mut self) {
        self.take_input();
    }

    /// Submits the text box.
    pub fn submit_input(&mut self) {
        let Some(LineInput { kind, editor }) = self.take_input() else { return };
        let text = editor.text().trim().to_string();
        if text.is_empty() {
            return;
        }
        match kind {
            InputKind::Move => {
                self.submit_typed(&text);
            }
            InputKind::SavePath => self.submit_save_path(&text),
            InputKind::GotoMove => self.submit_goto(&text),
        }
    }

    /// A file name typed in the save box: an unknown extension is refused (the box stays open
    /// with the text), an existing file other than the record's own asks before it is replaced.
    fn submit_save_path(&mut self, text: &str) {
        let path = expand_home(text);
        let reopen = |app: &mut App| {
            app.open_input(LineInput { kind: InputKind::SavePath, editor: LineEditor::new(text) });
        };
        if crate::record::Format::from_path(&path).is_none() {
            let ext = path.extension().map(|e| format!(".{}", e.to_string_lossy())).unwrap_or_default();
            self.message = (self.text().unknown_extension)(&ext);
            reopen(self);
            return;
        }
        if path.exists() && self.file.as_deref() != Some(path.as_path()) {
            self.open_popup(Popup::ConfirmOverwrite(path));
            return;
        }
        self.save_to(&path);
    }

    /// Answers the overwrite question: replace the file, or go back to the save box.
    pub fn answer_overwrite(&mut self, replace: bool) {
        let Some(Popup::ConfirmOverwrite(path)) = self.take_popup() else { return };
        if replace {
            self.save_to(&path);
        } else {
            let text = path.display().to_string();
            self.open_input(LineInput { kind: InputKind::SavePath, editor: LineEditor::new(text) });
        }
    }

    /// Saves the record to `path` (format from the extension; written atomically), creating
    /// its folder if needed.
    pub fn save_to(&mut self, path: &std::path::Path) -> bool {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            let _ = std::fs::create_dir_all(dir);
        }
        match crate::record::save_record(path, self.game.record()) {
            Ok(lossy) => {
                let format = crate::record::Format::from_path(path).unwrap_or(crate::record::Format::Kif);
                let shown = path.display().to_string();
                self.message = match crate::record::variations_dropped(self.game.record(), format) {
                    0 => (self.text().saved)(&shown),
                    n => (self.text().saved_without_variations)(&shown, n),
                };
                if let Some(w) = lossy.first() {
                    self.message = format!("{} · {w}", self.message);
                }
                self.file = Some(path.to_path_buf());
                true
            }
            Err(e) => {
                self.message = (self.text().save_failed)(&path.display().to_string(), &e.to_string());
                false
            }
        }
    }
}

/// `~/...` with the home directory put in.
fn expand_home(text: &str) -> std::path::PathBuf {
    match (text.strip_prefix("~/"), directories::BaseDirs::new()) {
        (Some(rest), Some(d)) => d.home_dir().join(rest),
        _ => std::path::PathBuf::from(text),
    }
}

/// A new record's file name: its start date and time and the players, as KIF
/// (`20261125-1030 you vs shogiban.kifu`); characters that are not safe in file names become `_`.
pub fn default_file_name(record: &crate::record::GameRecord, now: &str) -> String {
    let date = record.header("開始日時").unwrap_or(now);
    let digits: String = date.chars().filter(char::is_ascii_digit).take(12).collect();
    let stamp = if digits.len() >= 12 { format!("{}-{}", &digits[..8], &digits[8..12]) } else { digits };
    let players = match (record.sente_name(), record.gote_name()) {
        (Some(s), Some(g)) => format!(" {s} vs {g}"),
        _ => String::new(),
    };
    let name: String = format!("{stamp}{players}")
        .chars()
        .map(|c| if c.is_control() || "/\\:*?\"<>|".contains(c) { '_' } else { c })
        .collect();
    format!("{name}.kifu")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Position;

    use crate::tui::test_dir::TempDir;

    fn type_into(app: &mut App, text: &str) {
        let e = app.input_editor().expect("the box is open");
        e.kill_to_start();
        e.kill_to_end();
        for c in text.chars() {
            e.insert(c);
        }
    }

    #[test]
    fn default_name_has_the_date_and_players_in_the_given_folder() {
        let mut app = App::new(Position::startpos());
        app.game.record_mut().set_header("開始日時", "2026/11/25 10:30:07");
        app.game.record_mut().set_header("先手", "you");
        app.game.record_mut().set_header("後手", "shogi/ban");
        app.open_save(Some(std::path::Path::new("/docs")));
        let text = app.input().unwrap().editor.text().to_string();
        assert_eq!(text, "/docs/20261125-1030 you vs shogi_ban.kifu");
    }

    #[test]
    fn saving_as_csa_says_the_variations_are_left_out() {
        let d = TempDir::new("save-csa-variations");
        let mut app = App::new(Position::startpos());
        let rec = app.game.record_mut();
        for usi in ["7g7f", "2g2f"] {
            rec.add_move(crate::record::ROOT, crate::core::Move::from_usi(usi).unwrap()).unwrap();
        }
        assert!(app.save_to(&d.0.join("game.csa")));
        assert_eq!(
            app.message(),
            format!(
                "saved {}: the main line only, 1 variation left out (the format has no variations; save as .kif to keep them)",
                d.0.join("game.csa").display()
            )
        );
        assert!(app.save_to(&d.0.join("game.kifu")));
        assert_eq!(app.message(), format!("saved {}", d.0.join("game.kifu").display()));
    }

    #[test]
    fn unknown_extension_is_refused_and_the_box_keeps_the_text() {
        let d = TempDir::new("save-ext");
        let mut app = App::new(Position::startpos());
        app.open_save(Some(&d.0));
        let name = d.0.join("game.txt").display().to_string();
        type_into(&mut app, &name);
        app.submit_input();
        assert!(app.message().contains("unknown extension '.txt'"), "{}", app.message());
        assert_eq!(app.input().unwrap().editor.text(), name);
        assert!(!d.0.join("game.txt").exists());
    }

    #[test]
    fn an_existing_file_is_replaced_only_after_asking() {
        let d = TempDir::new("save-overwrite");
        let path = d.0.join("mine.kifu");
        std::fs::write(&path, "precious").unwrap();
        let mut app = App::new(Position::startpos());
        app.open_save(None);
        type_into(&mut app, &path.display().to_string());
        app.submit_input();
        assert_eq!(app.popup(), Some(&Popup::ConfirmOverwrite(path.clone())));
        app.answer_overwrite(false);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "precious");
        assert_eq!(app.input().unwrap().editor.text(), path.display().to_string(), "back in the box");
        app.submit_input();
        app.answer_overwrite(true);
        assert!(std::fs::read_to_string(&path).unwrap().contains("手合割"));
        // saving again to the record's own file does not ask
        app.open_save(None);
        app.submit_input();
        assert_eq!(app.popup(), None);
        assert!(app.message().starts_with("saved"), "{}", app.message());
    }

    #[test]
    fn typed_japanese_move_with_optional_promotion_asks() {
        // sente silver on 6b... a position where 62銀 can promote or not: silver on 7c moving to 6b
        let pos = Position::from_sfen("4k4/9/2S6/9/9/9/9/9/4K4 b - 1").unwrap();
        let mut app = App::new(pos);
        assert!(!app.submit_typed("62銀"));
        assert!(matches!(app.popup(), Some(Popup::Promotion { .. })), "asks: {:?}", app.popup());
        app.answer_promotion(false);
        assert_eq!(app.ply(), 1);
        assert!(!app.pos().last_move().unwrap().is_promotion());
        // 成 / 不成 written, or USI: no question
        let pos = Position::from_sfen("4k4/9/2S6/9/9/9/9/9/4K4 b - 1").unwrap();
        for (text, promotes) in [("62銀成", true), ("62銀不成", false), ("7c6b", false), ("7c6b+", true)]
        {
            let mut app = App::new(pos.clone());
            assert!(app.submit_typed(text), "{text}: {}", app.message());
            assert_eq!(app.popup(), None);
            assert_eq!(app.pos().last_move().unwrap().is_promotion(), promotes, "{text}");
        }
    }
}

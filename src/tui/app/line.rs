//! The one-line text box (a typed move or a file name) and saving the record.

use super::Status;
use super::ctx::Ctx;
use super::line_editor::LineEditor;

/// What the one-line text box is asking for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InputKind {
    /// A move in any notation (USI, Japanese, CSA).
    Move,
    /// A file name to save the record to.
    SavePath,
    /// A move number to go to on the line shown.
    GotoMove,
    /// Online play (x1): the id of a game to watch.
    WatchGame,
    /// Online play (x1): a chat line.
    Chat,
}

/// The text box: what it is for and the text typed so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineInput {
    pub kind: InputKind,
    pub editor: LineEditor,
}

/// The record's file and how its saving stands, and what changed since it was last handed out
/// to be written (the record, the settings).
#[derive(Debug, Default)]
pub(super) struct Saving {
    /// Where the record is saved (the file it was opened from, or chosen with save).
    pub(super) file: Option<std::path::PathBuf>,
    /// What could not be read of `file` when the record did not read whole from it, and the
    /// first free name beside it (looked up where the file was read): saving over it asks
    /// first and proposes that name.
    pub(super) read_with_errors: Option<(String, std::path::PathBuf)>,
    /// While a save that asks before replacing a file is out: what the status line said
    /// before it, said again when the question comes.
    pub(super) asking: Option<String>,
    /// The Shift_JIS file name already answered with a UTF-8 proposal: given again, it is
    /// saved as asked.
    pub(super) lossy_asked: Option<std::path::PathBuf>,
    /// Why the last autosave failed, until one is written again: the status line keeps saying
    /// so and quitting warns.
    pub(super) autosave_failure: Option<String>,
    /// Since the autosave failed, the record was saved to a file by hand and has not changed
    /// since: quitting loses nothing.
    pub(super) saved_since_failure: bool,
    /// The record changed and the autosave should be written.
    pub(super) dirty: bool,
    /// The settings changed and the settings file should be written.
    pub(super) settings_dirty: bool,
}

impl LineInput {
    /// The save box holding `text`.
    pub(super) fn save_path(text: impl Into<String>) -> LineInput {
        LineInput { kind: InputKind::SavePath, editor: LineEditor::new(text) }
    }
}

/// Where the recent-files list is kept (a save adds the file to it).
type Recent = Option<crate::study::library::RecentFiles>;

impl Saving {
    /// The save box, prefilled with the record's file or a new name in `default_dir`. A record
    /// that did not read whole from its file is proposed a new name beside it, and the status
    /// line says why.
    pub(super) fn save_box(&self, default_dir: Option<&std::path::Path>, ctx: &mut Ctx) -> LineInput {
        if let (Some(file), Some((problem, free))) = (&self.file, &self.read_with_errors) {
            ctx.status.set((ctx.text().save_partial_proposed)(&file.display().to_string(), problem));
            return LineInput::save_path(free.display().to_string());
        }
        let text = match &self.file {
            Some(p) => p.display().to_string(),
            None => {
                let name = default_file_name(ctx.game.record(), &super::now_string());
                match default_dir {
                    Some(d) => d.join(name).display().to_string(),
                    None => name,
                }
            }
        };
        ctx.status.clear();
        LineInput::save_path(text)
    }

    /// A file name typed in the save box: an unknown extension is refused (the box comes back
    /// with the text); a folder that does not exist asks before it is created; an existing
    /// file other than the record's own, or the record's own when it did not read whole, asks
    /// before it is replaced; a Shift_JIS name for a record holding characters Shift_JIS
    /// cannot is answered with the UTF-8 name proposed (the same name again saves it as
    /// asked). The box to open again, if any.
    pub(super) fn submit_path(&mut self, text: &str, recent: &Recent, ctx: &mut Ctx) -> Option<LineInput> {
        let path = expand_home(text);
        let Some(format) = crate::record::Format::from_path(&path) else {
            let ext = path.extension().map(|e| format!(".{}", e.to_string_lossy())).unwrap_or_default();
            ctx.status.set((ctx.text().unknown_extension)(&ext));
            return Some(LineInput::save_path(text));
        };
        if self.lossy_asked.as_deref() != Some(path.as_path()) {
            let enc = format.file_encoding();
            let lost =
                crate::record::text::unencodable(&crate::record::write_text(ctx.game.record(), format), enc);
            if !lost.is_empty() {
                let chars: String = lost.iter().flat_map(|(_, c)| c.iter()).collect();
                let lines: Vec<String> = lost.iter().map(|(l, _)| l.to_string()).collect();
                let utf8 =
                    path.with_extension(if format == crate::record::Format::Ki2 { "ki2u" } else { "kifu" });
                ctx.status.set((ctx.text().save_lossy_proposed)(enc.name(), &chars, &lines.join(", "), text));
                self.lossy_asked = Some(path);
                return Some(LineInput::save_path(utf8.display().to_string()));
            }
        }
        let own = self.file.as_deref() == Some(path.as_path());
        if !own || self.read_with_errors.is_some() {
            // the files lane looks whether the folder and the file exist, and asks back before
            // creating the one or replacing the other
            self.asking = Some(ctx.status.text().to_string());
            self.save(&path, true, false, recent, ctx);
        } else {
            self.save_to(&path, recent, ctx);
        }
        None
    }

    /// A save that asked first is asked about: the status line says again what it said before.
    pub(super) fn asked(&mut self, status: &mut Status) {
        if let Some(said) = self.asking.take() {
            status.set(said);
        }
    }

    /// Saves the record to `path` (format from the extension; written atomically, off the UI
    /// thread) in a folder that exists; the message says how it went when it is done.
    pub(super) fn save_to(&mut self, path: &std::path::Path, recent: &Recent, ctx: &mut Ctx) {
        self.asking = None;
        self.save(path, false, false, recent, ctx);
    }

    /// Saves the record to `path`; with `ask_first`, a missing folder or an existing file is
    /// asked about (`App::on_no_folder`, `App::on_would_replace`) before anything is written;
    /// with `create_folder`, a missing folder is made first.
    pub(super) fn save(
        &mut self,
        path: &std::path::Path,
        ask_first: bool,
        create_folder: bool,
        recent: &Recent,
        ctx: &mut Ctx,
    ) {
        let record = Box::new(ctx.game.record().clone());
        let path = path.to_path_buf();
        ctx.outbox.start(crate::tui::jobs::FileJob::Save {
            path: path.clone(),
            record,
            recent: recent.clone(),
            ask_first,
            create_folder,
        });
        ctx.status.set((ctx.text().saving)(&path.display().to_string()));
    }

    /// A save ended: the record now belongs to `path` (the message adds what the format could
    /// not hold, `lossy`; `true`), or the message says why it was not written.
    pub(super) fn on_saved(
        &mut self,
        path: &std::path::Path,
        result: Result<Vec<String>, String>,
        ctx: &mut Ctx,
    ) -> bool {
        self.asking = None;
        match result {
            Ok(lossy) => {
                let format = crate::record::Format::from_path(path).unwrap_or(crate::record::Format::Kif);
                let shown = path.display().to_string();
                let t = ctx.text();
                ctx.status.set(match crate::record::variations_dropped(ctx.game.record(), format) {
                    0 => (t.saved)(&shown),
                    n => (t.saved_without_variations)(&shown, n),
                });
                if let Some(w) = lossy.first() {
                    ctx.status.set(format!("{} · {w}", ctx.status.text()));
                }
                self.file = Some(path.to_path_buf());
                self.saved_since_failure = true;
                // the file holds this record now, whole
                self.read_with_errors = None;
                self.lossy_asked = None;
                true
            }
            Err(e) => {
                ctx.status.set((ctx.text().save_failed)(&path.display().to_string(), &e));
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
    use crate::core::Position;
    use crate::tui::app::{App, Popup};

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
        assert!(crate::tui::app::tests_support::save_now(&mut app, &d.0.join("game.csa")));
        assert_eq!(
            app.message(),
            format!(
                "saved {}: the main line only, 1 variation left out (the format has no variations; save as .kif to keep them)",
                d.0.join("game.csa").display()
            )
        );
        assert!(crate::tui::app::tests_support::save_now(&mut app, &d.0.join("game.kifu")));
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
    fn a_missing_folder_is_created_only_after_asking() {
        let d = TempDir::new("save-new-folder");
        let path = d.0.join("new/games/mine.kifu");
        let mut app = App::new(Position::startpos());
        app.open_save(None);
        type_into(&mut app, &path.display().to_string());
        app.submit_input();
        // the files lane looks for the folder and asks back
        crate::tui::app::tests_support::run_jobs_until(&mut app, |a| a.popup().is_some());
        assert_eq!(app.popup(), Some(&Popup::ConfirmCreateFolder(path.clone())));
        let s = crate::tui::view::screen_text(&app, 120, 30, std::time::Instant::now());
        let dir = d.0.join("new/games").display().to_string();
        assert!(s.contains(&format!("The folder {dir} does not exist")), "{s}");
        // no: back in the box, nothing made
        app.answer_create_folder(false);
        assert!(!d.0.join("new").exists());
        assert_eq!(app.input().unwrap().editor.text(), path.display().to_string(), "back in the box");
        // yes: the folder made and the record saved in it
        app.submit_input();
        crate::tui::app::tests_support::run_jobs_until(&mut app, |a| a.popup().is_some());
        app.answer_create_folder(true);
        let saved = |a: &App| a.message().starts_with("saved");
        crate::tui::app::tests_support::run_jobs_until(&mut app, saved);
        assert!(std::fs::read_to_string(&path).unwrap().contains("手合割"));
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
        let asked = |a: &App| a.popup().is_some();
        crate::tui::app::tests_support::run_jobs_until(&mut app, asked);
        assert_eq!(app.popup(), Some(&Popup::ConfirmOverwrite(path.clone())));
        app.answer_overwrite(false);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "precious");
        assert_eq!(app.input().unwrap().editor.text(), path.display().to_string(), "back in the box");
        app.submit_input();
        crate::tui::app::tests_support::run_jobs_until(&mut app, asked);
        app.answer_overwrite(true);
        let saved = |a: &App| a.message().starts_with("saved");
        crate::tui::app::tests_support::run_jobs_until(&mut app, saved);
        assert!(std::fs::read_to_string(&path).unwrap().contains("手合割"));
        // saving again to the record's own file does not ask
        app.open_save(None);
        app.submit_input();
        assert_eq!(app.popup(), None);
        assert!(app.message().starts_with("saving"), "{}", app.message());
        crate::tui::app::tests_support::run_jobs_until(&mut app, saved);
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

    /// A 24-move game whose move 10 cannot be read, opened as the app opens a file.
    fn partly_read(d: &TempDir) -> (std::path::PathBuf, Vec<u8>, App) {
        let mut full = App::new(Position::startpos());
        for m in [
            "7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "6i7h", "4a3b", "2e2d", "2c2d", "2h2d", "8e8f",
            "8g8f", "8b8f", "2d3d", "2b3c", "3d3f", "8f8d", "3f2f", "5a4b", "9g9f", "9c9d", "1g1f", "1c1d",
        ] {
            assert!(full.submit_typed(m), "{m}: {}", full.message());
        }
        let text = crate::record::write_text(full.record(), crate::record::Format::Kifu);
        let tenth = text.lines().find(|l| l.trim_start().starts_with("10 ")).unwrap().to_string();
        let bytes = text.replace(&tenth, "  10 ９九玉(11)").into_bytes();
        let path = d.0.join("game.kifu");
        std::fs::write(&path, &bytes).unwrap();
        let app = crate::tui::open_with(
            Some(&path),
            None,
            crate::tui::settings::Settings::default(),
            std::time::Instant::now(),
        )
        .unwrap();
        assert_eq!(app.record().main_line().len(), 9);
        (path, bytes, app)
    }

    /// Submits the text box and, when that started a save, waits for it.
    fn submit_and_save(app: &mut App) {
        app.submit_input();
        super::super::tests_support::run_jobs_until(app, |a| !a.message().contains("saving"));
    }

    #[test]
    fn a_record_that_did_not_read_whole_is_saved_under_a_new_name_unless_asked() {
        let d = TempDir::new("save-partial");
        let (path, bytes, mut app) = partly_read(&d);
        // s + Enter: a new name, the file untouched
        app.open_save(None);
        assert!(
            app.message().contains("did not read whole") && app.message().contains("line"),
            "{}",
            app.message()
        );
        assert_eq!(app.input().unwrap().editor.text(), d.0.join("game-2.kifu").display().to_string());
        submit_and_save(&mut app);
        assert_eq!(std::fs::read(&path).unwrap(), bytes);
        assert!(d.0.join("game-2.kifu").exists());
        // its own name typed: asked first
        let (path, bytes, mut app) = partly_read(&d);
        app.open_save(None);
        type_into(&mut app, &path.display().to_string());
        app.submit_input();
        let asked = |a: &App| a.popup().is_some();
        crate::tui::app::tests_support::run_jobs_until(&mut app, asked);
        assert_eq!(app.popup(), Some(&Popup::ConfirmOverwrite(path.clone())));
        app.answer_overwrite(false);
        assert_eq!(std::fs::read(&path).unwrap(), bytes);
    }

    #[test]
    fn a_shift_jis_name_for_characters_it_cannot_hold_gets_the_utf8_name_proposed() {
        let d = TempDir::new("save-lossy");
        let mut app = App::new(Position::startpos());
        app.game.record_mut().set_header("先手", "森雞二九段");
        assert!(app.submit_typed("7g7f"));
        let kif = d.0.join("game.kif");
        app.open_save(None);
        type_into(&mut app, &kif.display().to_string());
        app.submit_input();
        assert!(!kif.exists());
        assert!(app.message().contains("Shift_JIS cannot hold 雞"), "{}", app.message());
        assert_eq!(app.input().unwrap().editor.text(), d.0.join("game.kifu").display().to_string());
        // Enter: saved as UTF-8, every character kept
        submit_and_save(&mut app);
        let (r, _) = crate::record::load_record(d.0.join("game.kifu")).unwrap();
        assert_eq!(r.header("先手"), Some("森雞二九段"));
        // the .kif name given again: saved as asked, with a warning naming the character
        app.open_save(None);
        type_into(&mut app, &kif.display().to_string());
        app.submit_input();
        type_into(&mut app, &kif.display().to_string());
        submit_and_save(&mut app);
        assert!(kif.exists(), "{}", app.message());
        assert!(app.message().contains("雞"), "{}", app.message());
    }
}

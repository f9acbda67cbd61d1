//! The settings file on disk: where it is, reading it at launch, and writing it so that
//! nothing the player wrote is lost: a file that could not be read exactly is kept aside before
//! it is first overwritten, and edits made by hand while the app runs are kept beside the app's
//! changes.

use super::read::{Parsed, parse};
use super::{Settings, Theme, language_from_locale};
use crate::tui::storage::StorageError;
use crate::tui::text::settings_file::SettingsFileText as Words;
use std::path::{Path, PathBuf};

/// The settings at the platform's place, on top of the locale's defaults (defaults alone, with
/// no file to save to, when there is no home directory).
pub fn load_default() -> Loaded {
    match SettingsFile::default_path() {
        Some(path) => SettingsFile::load(path, defaults_for_locale()),
        None => Loaded {
            file: None,
            settings: defaults_for_locale(),
            message: Some(Words::of(defaults_for_locale().language).no_home.into()),
            theme_set: false,
        },
    }
}

/// The defaults, in the language of the process's locale.
pub fn defaults_for_locale() -> Settings {
    Settings { language: language_from_locale(|k| std::env::var(k).ok()), ..Settings::default() }
}

/// The settings file on disk: where it is and whether the file there must be kept aside before
/// it is first overwritten (because it could not be read exactly).
#[derive(Debug)]
pub struct SettingsFile {
    path: PathBuf,
    keep_original: bool,
    /// The file's bytes as read or last written (`None`: there was no file): a file that
    /// differs when the settings are next saved was edited by hand meanwhile.
    on_disk: Option<Vec<u8>>,
    /// The settings as read or last written, as JSON: what the app changed since is what a
    /// save writes over a file edited by hand.
    base: serde_json::Value,
    /// The theme the terminal's background called for, when the file names none: it is not
    /// written while the settings keep it, so the next launch asks the terminal again.
    background_theme: Option<Theme>,
}

/// What `SettingsFile::load` found.
#[derive(Debug)]
pub struct Loaded {
    /// Where to save (`None`: nowhere to save).
    pub file: Option<SettingsFile>,
    pub settings: Settings,
    /// A message for the player when the file had problems (`None` when it was read cleanly or
    /// did not exist yet).
    pub message: Option<String>,
    /// Whether the file names a theme it could use (else the terminal's background decides).
    pub theme_set: bool,
}

impl Loaded {
    /// When the file names no theme, the theme `ask` finds for the terminal's background (it
    /// is asked only then); none found leaves the default, dark. A theme so found is not
    /// written to the file unless the player chooses another.
    pub fn take_background_theme(&mut self, ask: impl FnOnce() -> Option<Theme>) {
        if self.theme_set {
            return;
        }
        let Some(theme) = ask() else { return };
        self.settings.theme = theme;
        if let Some(file) = self.file.as_mut() {
            file.background_theme = Some(theme);
            if let Some(base) = file.base.as_object_mut() {
                base.insert("theme".into(), serde_json::to_value(theme).unwrap_or_default());
            }
        }
    }
}

impl SettingsFile {
    /// `settings.json` in the platform config directory (`None` when there is no home).
    pub fn default_path() -> Option<PathBuf> {
        directories::ProjectDirs::from("", "", "shogiban").map(|d| d.config_dir().join("settings.json"))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads the file at `path` on top of `defaults`. A missing file is the first launch: the
    /// defaults, no message. Never fails.
    pub fn load(path: PathBuf, defaults: Settings) -> Loaded {
        let base = serde_json::to_value(&defaults).unwrap_or_default();
        match crate::bounded_read::read_bounded(&path, crate::bounded_read::SMALL_FILE_LIMIT) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Loaded {
                file: Some(SettingsFile {
                    path,
                    keep_original: false,
                    on_disk: None,
                    base,
                    background_theme: None,
                }),
                settings: defaults,
                message: None,
                theme_set: false,
            },
            Err(e) => Loaded {
                message: Some((Words::of(defaults.language).cannot_read)(
                    &path.display().to_string(),
                    &e.to_string(),
                )),
                file: Some(SettingsFile {
                    path,
                    keep_original: true,
                    on_disk: None,
                    base,
                    background_theme: None,
                }),
                settings: defaults,
                theme_set: false,
            },
            Ok(bytes) => {
                let theme_set = std::str::from_utf8(&bytes)
                    .ok()
                    .and_then(super::read::fields_of)
                    .and_then(|fields| fields.get("theme").cloned())
                    .is_some_and(|t| serde_json::from_value::<Theme>(t).is_ok());
                let parsed = match std::str::from_utf8(&bytes) {
                    Ok(text) => parse(text, defaults),
                    // Shift_JIS or other bytes: a broken file, kept aside before it is replaced
                    Err(_) => Parsed {
                        problems: vec![Words::of(defaults.language).not_utf8.to_string()],
                        settings: defaults,
                    },
                };
                let w = Words::of(parsed.settings.language);
                let message = (!parsed.problems.is_empty()).then(|| {
                    (w.kept_until_a_change)(&path.display().to_string(), &parsed.problems.join(w.separator))
                });
                let keep_original = message.is_some();
                let base = serde_json::to_value(&parsed.settings).unwrap_or_default();
                Loaded {
                    file: Some(SettingsFile {
                        path,
                        keep_original,
                        on_disk: Some(bytes),
                        base,
                        background_theme: None,
                    }),
                    settings: parsed.settings,
                    message,
                    theme_set,
                }
            }
        }
    }

    /// What to write for `settings` over a file edited by hand since it was read or written
    /// (`on_disk` differs from what is there now): the file's own fields (in this version's
    /// layout), with those the app changed since replaced. `None` when the file was not edited, or does not read as a
    /// settings object (then it is kept aside as a broken file).
    fn merge_with_edits(&mut self, settings: &serde_json::Value) -> Option<serde_json::Value> {
        let now = crate::bounded_read::read_bounded(&self.path, crate::bounded_read::SMALL_FILE_LIMIT);
        let now = match now {
            Ok(bytes) => bytes,
            // gone, or unreadable: nothing to keep or nothing that could be kept
            Err(_) => return None,
        };
        if self.on_disk.as_deref() == Some(&now[..]) {
            return None;
        }
        let edited = std::str::from_utf8(&now).ok().and_then(super::read::fields_of);
        let (Some(mut edited), serde_json::Value::Object(ours)) = (edited, settings) else {
            self.keep_original = true;
            return None;
        };
        for (field, value) in ours {
            if self.base.get(field) != Some(value) {
                edited.insert(field.clone(), value.clone());
            }
        }
        Some(serde_json::Value::Object(edited))
    }

    /// Writes `settings` (atomically, see `record::io::write_file_atomically`). When the file
    /// on disk could not be read exactly, it is first renamed to `settings.json.broken-<time>`;
    /// the returned message names it. A theme the terminal's background called for, still
    /// the one in use, is left out.
    pub fn save(&mut self, settings: &Settings) -> Result<Option<String>, StorageError> {
        let mut note = None;
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir).map_err(StorageError::io(dir))?;
        }
        let ours = serde_json::to_value(settings)?;
        let mut fields = ours.clone();
        match self.background_theme {
            Some(theme) if theme == settings.theme => {
                if let Some(f) = fields.as_object_mut() {
                    f.remove("theme");
                }
            }
            _ => self.background_theme = None,
        }
        let merged = if self.keep_original { None } else { self.merge_with_edits(&fields) };
        if merged.is_some() {
            note = Some((Words::of(settings.language).edits_kept)(&self.path.display().to_string()));
        }
        if self.keep_original && self.path.exists() {
            let stamp: String =
                crate::tui::storage::now_string().chars().filter(char::is_ascii_digit).collect();
            let mut kept = self.path.with_file_name(format!("{}.broken-{stamp}", file_name(&self.path)));
            let mut n = 1;
            while kept.exists() {
                kept = self.path.with_file_name(format!("{}.broken-{stamp}-{n}", file_name(&self.path)));
                n += 1;
            }
            std::fs::rename(&self.path, &kept).map_err(StorageError::io(&self.path))?;
            note = Some((Words::of(settings.language).old_file_kept)(&kept.display().to_string()));
        }
        self.keep_original = false;
        let mut text = serde_json::to_string_pretty(merged.as_ref().unwrap_or(&fields))?;
        text.push('\n');
        crate::record::io::write_file_atomically(&self.path, text.as_bytes())?;
        self.on_disk = Some(text.into_bytes());
        self.base = ours;
        Ok(note)
    }
}

fn file_name(p: &Path) -> String {
    p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "settings.json".into())
}

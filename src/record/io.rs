//! Record files: format from the extension or the content, encoding (Shift_JIS for `.kif` and
//! `.ki2`, UTF-8 otherwise; detected with BOM and validity when reading), and atomic writes
//! (temporary file + rename). [`load_record`] and [`save_record`] are what the app and the book
//! builder call.

use super::error::{RecordError, Warning};
use super::text::{Encoding, decode, encode};
use super::tree::GameRecord;
use super::{csa, jkf, kif_read, kif_write, usi};
use std::path::Path;

/// A record format.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// KIF, Shift_JIS (`.kif`).
    Kif,
    /// KIF, UTF-8 (`.kifu`).
    Kifu,
    /// KI2, Shift_JIS (`.ki2`).
    Ki2,
    /// KI2, UTF-8 (`.ki2u`).
    Ki2u,
    Csa,
    Usi,
    Sfen,
    Jkf,
}

impl Format {
    /// The format named by `--to` or an extension (`kif`, `kifu`, `ki2`, `ki2u`, `csa`, `usi`,
    /// `sfen`, `jkf`, `json`).
    pub fn from_name(name: &str) -> Option<Format> {
        Some(match name.to_ascii_lowercase().as_str() {
            "kif" => Format::Kif,
            "kifu" => Format::Kifu,
            "ki2" => Format::Ki2,
            "ki2u" => Format::Ki2u,
            "csa" => Format::Csa,
            "usi" => Format::Usi,
            "sfen" => Format::Sfen,
            "jkf" | "json" => Format::Jkf,
            _ => return None,
        })
    }

    /// The format of a path, by extension.
    pub fn from_path(path: &Path) -> Option<Format> {
        path.extension().and_then(|e| e.to_str()).and_then(Format::from_name)
    }

    /// The encoding a file of this format is written in.
    pub fn file_encoding(self) -> Encoding {
        match self {
            Format::Kif | Format::Ki2 => Encoding::ShiftJis,
            _ => Encoding::Utf8,
        }
    }

    /// Guesses the format of decoded text.
    pub fn detect(text: &str) -> Option<Format> {
        let t = text.trim_start_matches('\u{feff}').trim_start();
        if t.starts_with('{') {
            return Some(Format::Jkf);
        }
        let first_line = t.lines().next().unwrap_or("").trim();
        let bare_usi_moves = !first_line.is_empty()
            && first_line.split_whitespace().all(|w| crate::core::Move::from_usi(w).is_some());
        if first_line.starts_with("position ")
            || first_line.starts_with("startpos")
            || first_line.starts_with("sfen ")
            || bare_usi_moves
        {
            return Some(Format::Usi);
        }
        let mut csa_score = 0;
        let mut kif_moves = false;
        let mut ki2_moves = false;
        for line in t.lines().take(400) {
            let l = line.trim();
            if l.starts_with("V2")
                || l.starts_with("V3")
                || l.starts_with("PI")
                || l.starts_with("P1")
                || l.starts_with("N+")
                || l.starts_with("N-")
                || l.starts_with('$')
            {
                csa_score += 2;
            }
            if (l.starts_with('+') || l.starts_with('-')) && l.len() >= 7 && l.as_bytes()[1].is_ascii_digit()
            {
                csa_score += 1;
            }
            if l.starts_with("手数----")
                || l.chars().next().is_some_and(|c| c.is_ascii_digit()) && l.contains('(') && !l.is_ascii()
            {
                kif_moves = true;
            }
            if l.starts_with('▲') || l.starts_with('△') || l.starts_with('☗') || l.starts_with('☖') {
                ki2_moves = true;
            }
        }
        if kif_moves {
            return Some(Format::Kifu);
        }
        if ki2_moves {
            return Some(Format::Ki2u);
        }
        if csa_score >= 2 {
            return Some(Format::Csa);
        }
        if t.contains('：') {
            return Some(Format::Kifu);
        }
        let words: Vec<&str> = first_line.split_whitespace().collect();
        if words.len() >= 3 && words[0].matches('/').count() == 8 {
            return Some(Format::Sfen);
        }
        None
    }
}

/// Parses decoded text in a format.
pub fn read_text(text: &str, format: Format) -> Result<(GameRecord, Vec<Warning>), RecordError> {
    match format {
        Format::Kif | Format::Kifu => kif_read::read_kif(text),
        Format::Ki2 | Format::Ki2u => kif_read::read_ki2(text),
        Format::Csa => csa::read_csa(text),
        Format::Usi | Format::Sfen => usi::read_usi(text),
        Format::Jkf => jkf::read_jkf(text),
    }
}

/// Writes a record as text (UTF-8) in a format.
pub fn write_text(record: &GameRecord, format: Format) -> String {
    match format {
        Format::Kif | Format::Kifu => kif_write::write_kif(record),
        Format::Ki2 | Format::Ki2u => kif_write::write_ki2(record),
        Format::Csa => csa::write_csa(record),
        Format::Usi => usi::write_usi(record),
        Format::Sfen => usi::write_sfen(record),
        Format::Jkf => jkf::write_jkf(record),
    }
}

/// Reads record bytes: decodes them, picks the format from `hint` (an extension's format) or
/// the content, and parses.
pub fn read_bytes(bytes: &[u8], hint: Option<Format>) -> Result<(GameRecord, Vec<Warning>), RecordError> {
    let (text, _) = decode(bytes);
    let format = match hint {
        Some(f) => f,
        None => Format::detect(&text)
            .ok_or_else(|| RecordError::UnknownFormat("not KIF, KI2, CSA, USI, SFEN or JKF".to_string()))?,
    };
    read_text(&text, format)
}

/// Loads a record file, picking the format by extension (or content when the extension is
/// unknown). Warnings carry the file name; a warning of severity `Error` means the record
/// stops early at that line.
pub fn load_record(path: impl AsRef<Path>) -> Result<(GameRecord, Vec<Warning>), RecordError> {
    let path = path.as_ref();
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| RecordError::Io { path: name.clone(), source })?;
    let (record, mut warnings) =
        read_bytes(&bytes, Format::from_path(path)).map_err(|e| e.with_file(&name))?;
    for w in &mut warnings {
        w.file = Some(name.clone());
    }
    Ok((record, warnings))
}

/// Writes `bytes` to `path` atomically: a temporary file in the same directory, then rename.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), RecordError> {
    let name = path.display().to_string();
    let io = |source| RecordError::Io { path: name.clone(), source };
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let file_name = path.file_name().and_then(|n| n.to_str()).unwrap_or("record");
    let tmp = dir.join(format!(".{file_name}.{}.tmp", std::process::id()));
    std::fs::write(&tmp, bytes).map_err(io)?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        io(e)
    })
}

/// Saves a record, format and encoding from the extension (KIF when unknown).
pub fn save_record(path: impl AsRef<Path>, record: &GameRecord) -> Result<(), RecordError> {
    let path = path.as_ref();
    let format = Format::from_path(path).unwrap_or(Format::Kif);
    let text = write_text(record, format);
    write_atomic(path, &encode(&text, format.file_encoding()))
}

/// Loads every game of a file: all games of a multi-game CSA file (separated by `/`), or the
/// one record of other formats. For the opening-book builder.
pub fn load_all_records(path: impl AsRef<Path>) -> Result<Vec<(GameRecord, Vec<Warning>)>, RecordError> {
    let path = path.as_ref();
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| RecordError::Io { path: name.clone(), source })?;
    let (text, _) = decode(&bytes);
    let format = match Format::from_path(path).or_else(|| Format::detect(&text)) {
        Some(f) => f,
        None => return Err(RecordError::UnknownFormat(name)),
    };
    let mut games = match format {
        Format::Csa => csa::read_csa_games(&text),
        f => read_text(&text, f).map(|g| vec![g]),
    }
    .map_err(|e| e.with_file(&name))?;
    for (_, warnings) in &mut games {
        for w in warnings.iter_mut() {
            w.file = Some(name.clone());
        }
    }
    Ok(games)
}

//! Record files: format from the extension or the content, encoding (Shift_JIS for `.kif` and
//! `.ki2`, UTF-8 otherwise; detected with BOM and validity when reading), written through
//! [`write_file_atomically`] (`safe_write.rs`). [`load_record`] and [`save_record`] are what the app and the
//! book builder call.

use super::error::{RecordError, Warning};
use super::text::{Decoded, Encoding, decode_by_evidence, encode, normalize_newlines};
use super::tree::GameRecord;
use super::{csa, jkf, kif_read, kif_write, usi};
use std::path::Path;

pub use super::safe_write::{write_file_atomically, write_stdout};

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

/// Parses decoded text in a format (lines may end in `\n`, `\r\n` or a lone `\r`).
pub fn read_text(text: &str, format: Format) -> Result<(GameRecord, Vec<Warning>), RecordError> {
    let text = &*normalize_newlines(text);
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

/// How many variations (branches off the main line or off another variation) writing `record`
/// as `format` leaves out: CSA, USI and SFEN have no place for them; KIF, KI2 and JKF keep them.
pub fn variations_dropped(record: &GameRecord, format: Format) -> usize {
    match format {
        Format::Csa | Format::Usi | Format::Sfen => {
            record.node_ids().map(|id| record.node(id).alternatives().len()).sum()
        }
        Format::Kif | Format::Kifu | Format::Ki2 | Format::Ki2u | Format::Jkf => 0,
    }
}

/// Reads record bytes: decodes them (see [`decode_record`]), picks the format from `hint` (an
/// extension's format) or the content, and parses. Bytes the chosen encoding cannot read come
/// first among the warnings.
pub fn read_bytes(bytes: &[u8], hint: Option<Format>) -> Result<(GameRecord, Vec<Warning>), RecordError> {
    let (text, mut warnings) = decode_record(bytes, hint);
    let format = match hint {
        Some(f) => f,
        None => Format::detect(&text).ok_or(RecordError::UnknownFormat { file: None })?,
    };
    let (record, more) = read_text(&text, format)?;
    warnings.extend(more);
    Ok((record, warnings))
}

/// At most this many lines with unreadable bytes are named one by one.
const DAMAGED_LINES_NAMED: usize = 10;

/// Decodes record bytes by evidence (BOM, validity, which encoding reads them best, the
/// format's convention on a tie: Shift_JIS for `.kif`/`.ki2`, UTF-8 otherwise), with a note for
/// each line where bytes could not be read and were replaced by U+FFFD.
pub fn decode_record(bytes: &[u8], hint: Option<Format>) -> (String, Vec<Warning>) {
    let Decoded { text, encoding, damaged_lines } =
        decode_by_evidence(bytes, hint.map(Format::file_encoding));
    let what = format!("bytes that are not {} were read as \u{FFFD}", encoding.name());
    let mut warnings: Vec<Warning> =
        damaged_lines.iter().take(DAMAGED_LINES_NAMED).map(|&l| Warning::note(l, what.clone())).collect();
    if let Some(&first) = damaged_lines.get(DAMAGED_LINES_NAMED) {
        let rest = damaged_lines.len() - DAMAGED_LINES_NAMED;
        warnings.push(Warning::note(first, format!("{what} on {rest} more lines from here")));
    }
    (text, warnings)
}

/// Loads a record file, picking the format by extension (or content when the extension is
/// unknown). Warnings carry the file name; a warning of severity `Error` means the record
/// stops early at that line.
pub fn load_record(path: impl AsRef<Path>) -> Result<(GameRecord, Vec<Warning>), RecordError> {
    let path = path.as_ref();
    let name = path.display().to_string();
    let bytes = crate::bounded_read::read_bounded(path, crate::bounded_read::RECORD_LIMIT)
        .map_err(|source| RecordError::Io { path: name.clone(), source })?;
    let (record, mut warnings) =
        read_bytes(&bytes, Format::from_path(path)).map_err(|e| e.with_file(&name))?;
    for w in &mut warnings {
        w.file = Some(name.clone());
    }
    Ok((record, warnings))
}

/// Saves a record, format and encoding from the extension (KIF when unknown). Returns a note
/// for each line that held characters the file's encoding cannot (see [`encode_for_file`]).
pub fn save_record(path: impl AsRef<Path>, record: &GameRecord) -> Result<Vec<Warning>, RecordError> {
    let path = path.as_ref();
    let format = Format::from_path(path).unwrap_or(Format::Kif);
    let text = write_text(record, format);
    let (bytes, mut warnings) = encode_for_file(&text, format.file_encoding());
    write_file_atomically(path, &bytes)?;
    let name = path.display().to_string();
    for w in &mut warnings {
        w.file = Some(name.clone());
    }
    Ok(warnings)
}

/// Text encoded for a file, with a note for each line holding characters the encoding cannot
/// (Shift_JIS has no 雞, 𠮷 or emoji): they are written as `&#NNNNN;` references, and the note
/// names them and says how to keep them (a UTF-8 format such as `.kifu`).
pub fn encode_for_file(text: &str, enc: Encoding) -> (Vec<u8>, Vec<Warning>) {
    let warnings = super::text::unencodable(text, enc)
        .into_iter()
        .map(|(line, chars)| {
            let list: Vec<String> = chars.iter().map(|c| format!("{c} (written &#{};)", *c as u32)).collect();
            Warning::note(
                line,
                format!(
                    "{} cannot hold {}; save as .kifu or .ki2u (UTF-8) to keep them",
                    enc.name(),
                    list.join(", ")
                ),
            )
        })
        .collect();
    (encode(text, enc), warnings)
}

/// Loads every game of a file: all games of a multi-game CSA file (separated by `/`), or the
/// one record of other formats. For the opening-book builder.
pub fn load_all_records(path: impl AsRef<Path>) -> Result<Vec<(GameRecord, Vec<Warning>)>, RecordError> {
    let path = path.as_ref();
    let name = path.display().to_string();
    let bytes = crate::bounded_read::read_bounded(path, crate::bounded_read::RECORD_LIMIT)
        .map_err(|source| RecordError::Io { path: name.clone(), source })?;
    let hint = Format::from_path(path);
    let (text, decoding) = decode_record(&bytes, hint);
    let format = match hint.or_else(|| Format::detect(&text)) {
        Some(f) => f,
        None => return Err(RecordError::UnknownFormat { file: Some(name) }),
    };
    let mut games = match format {
        Format::Csa => csa::read_csa_games(&normalize_newlines(&text)),
        f => read_text(&text, f).map(|g| vec![g]),
    }
    .map_err(|e| e.with_file(&name))?;
    if let Some((_, first)) = games.first_mut() {
        first.splice(0..0, decoding);
    }
    for (_, warnings) in &mut games {
        for w in warnings.iter_mut() {
            w.file = Some(name.clone());
        }
    }
    Ok(games)
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    struct Dir(std::path::PathBuf);
    impl Dir {
        fn new(name: &str) -> Dir {
            let p = std::env::temp_dir().join(format!("shogiban-io-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&p);
            std::fs::create_dir_all(&p).unwrap();
            Dir(p)
        }
    }
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn text_in_no_known_format_is_refused_naming_the_file_when_there_is_one() {
        let e = read_bytes(b"hello\nworld\n", None).unwrap_err();
        assert!(matches!(e, RecordError::UnknownFormat { file: None }), "{e}");
        assert_eq!(e.to_string(), "unrecognised record format: not KIF, KI2, CSA, USI, SFEN or JKF");
        let d = Dir::new("unknown");
        let f = d.0.join("notes.txt");
        std::fs::write(&f, "hello\nworld\n").unwrap();
        let e = load_all_records(&f).unwrap_err();
        assert!(
            matches!(&e, RecordError::UnknownFormat { file: Some(n) } if n.ends_with("notes.txt")),
            "{e}"
        );
    }
}

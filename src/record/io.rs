//! Record files: format from the extension or the content, encoding (Shift_JIS for `.kif` and
//! `.ki2`, UTF-8 otherwise; detected with BOM and validity when reading), and safe writes
//! ([`write_file_atomically`]). [`load_record`] and [`save_record`] are what the app and the
//! book builder call.

use super::error::{RecordError, Warning};
use super::text::{Decoded, Encoding, decode_by_evidence, encode, normalize_newlines};
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
    let bytes = std::fs::read(path).map_err(|source| RecordError::Io { path: name.clone(), source })?;
    let (record, mut warnings) =
        read_bytes(&bytes, Format::from_path(path)).map_err(|e| e.with_file(&name))?;
    for w in &mut warnings {
        w.file = Some(name.clone());
    }
    Ok((record, warnings))
}

/// Writes `bytes` to `path` without ever leaving it half-written or damaging what is there:
///
/// - a symlink is followed and its target written (the link stays a link);
/// - a regular file is replaced atomically: a temporary file in the same directory is written,
///   flushed to disk (fsync), given the old file's permissions (and owner, where allowed),
///   renamed over it, and the directory is flushed too; the temporary is removed on any failure;
/// - a read-only file is refused with a message, not replaced;
/// - anything else that is not a directory (a device such as `/dev/null`, a FIFO) is written in
///   place, as a shell redirection would, and a write error (`/dev/full`) is reported.
pub fn write_file_atomically(path: &Path, bytes: &[u8]) -> Result<(), RecordError> {
    let target = resolve_symlinks(path)?;
    let name = target.display().to_string();
    let io = |source| RecordError::Io { path: name.clone(), source };
    let existing = match std::fs::metadata(&target) {
        Ok(m) => Some(m),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(io(e)),
    };
    if let Some(m) = &existing {
        if m.is_dir() {
            return Err(io(std::io::Error::other("is a directory")));
        }
        if !m.is_file() {
            return write_in_place(&target, bytes).map_err(io);
        }
        if m.permissions().readonly() || !writable(&target) {
            return Err(io(std::io::Error::new(
                std::io::ErrorKind::PermissionDenied,
                "the file is read-only; not replaced (make it writable or save under another name)",
            )));
        }
    }
    let dir = target.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let file_name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or("record".into());
    let (tmp, mut file) = create_temporary(dir, &file_name).map_err(io)?;
    let mut guard = RemoveOnDrop(Some(tmp.clone()));
    use std::io::Write;
    file.write_all(bytes).map_err(io)?;
    if let Some(m) = &existing {
        file.set_permissions(m.permissions()).map_err(io)?;
        keep_owner(&file, m);
    }
    file.sync_all().map_err(io)?;
    drop(file);
    std::fs::rename(&tmp, &target).map_err(io)?;
    guard.0 = None;
    // the rename is durable once the directory is flushed; a file system that cannot flush a
    // directory has still replaced the file, so that failure is not reported
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Removes the temporary file unless the write got as far as the rename.
struct RemoveOnDrop(Option<std::path::PathBuf>);

impl Drop for RemoveOnDrop {
    fn drop(&mut self) {
        if let Some(p) = self.0.take() {
            let _ = std::fs::remove_file(p);
        }
    }
}

/// The file a path finally names, following symlinks (also a dangling one: its target is
/// created).
fn resolve_symlinks(path: &Path) -> Result<std::path::PathBuf, RecordError> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = std::fs::read_link(&p)
                    .map_err(|source| RecordError::Io { path: p.display().to_string(), source })?;
                p = match p.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(RecordError::Io {
        path: path.display().to_string(),
        source: std::io::Error::other("too many levels of symbolic links"),
    })
}

/// A new file next to the target, created exclusively (never an existing one).
fn create_temporary(dir: &Path, file_name: &str) -> std::io::Result<(std::path::PathBuf, std::fs::File)> {
    static COUNTER: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    loop {
        let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let tmp = dir.join(format!(".{file_name}.{}.{n}.tmp", std::process::id()));
        match std::fs::OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < u32::MAX => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Writes a device, FIFO or other non-regular file as it is (no rename over it).
fn write_in_place(target: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut f = std::fs::OpenOptions::new().write(true).open(target)?;
    f.write_all(bytes)?;
    f.flush()?;
    // devices and pipes need not support fsync
    let _ = f.sync_all();
    Ok(())
}

/// Whether this process may write the file (the permission bits alone do not say for files
/// owned by someone else).
#[cfg(target_os = "linux")]
fn writable(path: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let Ok(c) = std::ffi::CString::new(path.as_os_str().as_bytes()) else { return true };
    // SAFETY: `c` is a valid NUL-terminated path for the duration of the call.
    unsafe { libc::access(c.as_ptr(), libc::W_OK) == 0 }
}

#[cfg(not(target_os = "linux"))]
fn writable(_path: &Path) -> bool {
    true
}

/// Gives the replacement the owner and group of the file it replaces, where allowed.
#[cfg(target_os = "linux")]
fn keep_owner(file: &std::fs::File, old: &std::fs::Metadata) {
    use std::os::unix::fs::MetadataExt;
    use std::os::unix::io::AsRawFd;
    if let Ok(new) = file.metadata()
        && (new.uid() != old.uid() || new.gid() != old.gid())
    {
        // SAFETY: the descriptor is open for the duration of the call; failure is harmless.
        unsafe {
            libc::fchown(file.as_raw_fd(), old.uid(), old.gid());
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn keep_owner(_file: &std::fs::File, _old: &std::fs::Metadata) {}

/// Writes `text` to standard output; any error (a full disk, a closed pipe) is returned so
/// the command can fail with a message instead of exiting 0.
pub fn write_stdout(bytes: &[u8]) -> Result<(), RecordError> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)
        .and_then(|_| out.flush())
        .map_err(|source| RecordError::Io { path: "<stdout>".to_string(), source })
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
    let bytes = std::fs::read(path).map_err(|source| RecordError::Io { path: name.clone(), source })?;
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
    use std::os::unix::fs::{FileTypeExt, PermissionsExt};

    struct Dir(std::path::PathBuf);
    impl Dir {
        fn new(name: &str) -> Dir {
            let p = std::env::temp_dir().join(format!("shogiban-io-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&p);
            std::fs::create_dir_all(&p).unwrap();
            Dir(p)
        }
        /// Names in the directory other than `keep` (temporaries left behind).
        fn others(&self, keep: &[&str]) -> Vec<String> {
            std::fs::read_dir(&self.0)
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|n| !keep.contains(&n.as_str()))
                .collect()
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

    #[test]
    fn writes_new_and_replaces_keeping_permissions() {
        let d = Dir::new("perm");
        let f = d.0.join("a.kifu");
        write_file_atomically(&f, b"one").unwrap();
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o600)).unwrap();
        write_file_atomically(&f, b"two").unwrap();
        assert_eq!(std::fs::read(&f).unwrap(), b"two");
        assert_eq!(std::fs::metadata(&f).unwrap().permissions().mode() & 0o7777, 0o600);
        assert!(d.others(&["a.kifu"]).is_empty());
    }

    #[test]
    fn follows_symlinks() {
        let d = Dir::new("link");
        let real = d.0.join("real.kifu");
        std::fs::write(&real, b"old").unwrap();
        let link = d.0.join("link.kifu");
        std::os::unix::fs::symlink("real.kifu", &link).unwrap();
        write_file_atomically(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        // a dangling link creates its target
        let dangling = d.0.join("dangling.kifu");
        std::os::unix::fs::symlink("target.kifu", &dangling).unwrap();
        write_file_atomically(&dangling, b"x").unwrap();
        assert_eq!(std::fs::read(d.0.join("target.kifu")).unwrap(), b"x");
        assert!(d.others(&["real.kifu", "link.kifu", "dangling.kifu", "target.kifu"]).is_empty());
    }

    #[test]
    fn refuses_read_only_files_and_directories() {
        let d = Dir::new("ro");
        let f = d.0.join("ro.kifu");
        std::fs::write(&f, b"keep").unwrap();
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o444)).unwrap();
        let e = write_file_atomically(&f, b"new").unwrap_err().to_string();
        assert!(e.contains("read-only") && e.contains("ro.kifu"), "{e}");
        assert_eq!(std::fs::read(&f).unwrap(), b"keep");
        assert!(write_file_atomically(&d.0, b"x").is_err());
        assert!(d.others(&["ro.kifu"]).is_empty());
    }

    #[test]
    fn devices_are_written_in_place_and_errors_reported() {
        write_file_atomically(Path::new("/dev/null"), b"data").unwrap();
        assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device());
        if Path::new("/dev/full").exists() {
            let e = write_file_atomically(Path::new("/dev/full"), b"data").unwrap_err().to_string();
            assert!(e.contains("/dev/full"), "{e}");
        }
    }

    #[test]
    fn failed_writes_leave_no_temporary() {
        let d = Dir::new("fail");
        // the target's directory does not exist: nothing may be left anywhere
        assert!(write_file_atomically(&d.0.join("no/such.kifu"), b"x").is_err());
        assert!(d.others(&[]).is_empty());
    }

    #[test]
    fn fifos_are_written_in_place() {
        let d = Dir::new("fifo");
        let p = d.0.join("pipe");
        let c = std::ffi::CString::new(p.to_str().unwrap()).unwrap();
        // SAFETY: a valid path string.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let reader = {
            let p = p.clone();
            std::thread::spawn(move || std::fs::read(p).unwrap())
        };
        write_file_atomically(&p, b"through the pipe").unwrap();
        assert_eq!(reader.join().unwrap(), b"through the pipe");
        assert!(std::fs::symlink_metadata(&p).unwrap().file_type().is_fifo());
    }
}

//! Reading a file whole, safely: the one way every layer reads a file it did not write itself
//! (records, the settings, the app's own files, books). Only a regular file is read: a FIFO, a
//! terminal (`/dev/tty` behind a symlink), a socket or a device is refused without being
//! opened in a way that could block. A file larger than the caller's limit is refused with a
//! "too large" error instead of being read into memory (`/dev/zero`, a 2 GB file).
//!
//! The errors are `std::io::Error`s, so the callers' own error types (which carry the path)
//! stay as they are: [`std::io::ErrorKind::FileTooLarge`] for a file over the limit,
//! [`std::io::ErrorKind::InvalidInput`] for one that is not a regular file.

use std::io::{self, Read};
use std::path::Path;

/// The most a record file may hold (KIF, CSA with many games, JKF): 64 MiB.
pub const RECORD_LIMIT: u64 = 64 << 20;

/// The most one of the app's small files may hold (settings, sessions, lists): 4 MiB.
pub const SMALL_FILE_LIMIT: u64 = 4 << 20;

/// The most an opening book may hold: 256 MiB.
pub const BOOK_LIMIT: u64 = 256 << 20;

/// The bytes of the regular file at `path` (symlinks followed), at most `limit` of them.
pub fn read_bounded(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    // the type is checked before opening, so that opening a FIFO never waits for a writer
    refuse_unless_regular(&std::fs::metadata(path)?)?;
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // in case the path changed since it was looked at: open never blocks, never takes a
        // controlling terminal
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    refuse_unless_regular(&meta)?;
    if meta.len() > limit {
        return Err(too_large(limit));
    }
    read_all_bounded(file, limit)
}

/// The text of the regular file at `path`, as [`read_bounded`]; bytes that are not UTF-8 are
/// an [`io::ErrorKind::InvalidData`] error.
pub fn read_to_string_bounded(path: &Path, limit: u64) -> io::Result<String> {
    String::from_utf8(read_bounded(path, limit)?)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not UTF-8 text"))
}

/// Everything `reader` gives (standard input, a pipe), at most `limit` bytes.
pub fn read_all_bounded(reader: impl Read, limit: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_large(limit));
    }
    Ok(bytes)
}

/// Whether `e` is the refusal of a file over the limit.
pub fn is_too_large(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::FileTooLarge
}

fn too_large(limit: u64) -> io::Error {
    io::Error::new(io::ErrorKind::FileTooLarge, format!("too large: over {}, not read", size_words(limit)))
}

fn refuse_unless_regular(meta: &std::fs::Metadata) -> io::Result<()> {
    let t = meta.file_type();
    if t.is_file() {
        return Ok(());
    }
    let what = if t.is_dir() {
        "a folder"
    } else {
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if t.is_fifo() {
                "a FIFO (named pipe)"
            } else if t.is_char_device() {
                "a device (such as a terminal)"
            } else if t.is_block_device() {
                "a block device"
            } else if t.is_socket() {
                "a socket"
            } else {
                "not a regular file"
            }
        }
        #[cfg(not(unix))]
        {
            "not a regular file"
        }
    };
    Err(io::Error::new(io::ErrorKind::InvalidInput, format!("{what}, not a file that can be read")))
}

/// `64 MiB`, `4 MiB`, `512 KiB`.
fn size_words(bytes: u64) -> String {
    if bytes >= 1 << 20 { format!("{} MiB", bytes >> 20) } else { format!("{} KiB", bytes.div_ceil(1 << 10)) }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn dir(name: &str) -> std::path::PathBuf {
        let p = std::env::temp_dir().join(format!("shogiban-bounded-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        p
    }

    #[test]
    fn a_regular_file_is_read_and_one_over_the_limit_is_refused_as_too_large() {
        let d = dir("limit");
        let f = d.join("a.kifu");
        std::fs::write(&f, b"0123456789").unwrap();
        assert_eq!(read_bounded(&f, 10).unwrap(), b"0123456789");
        let e = read_bounded(&f, 9).unwrap_err();
        assert!(is_too_large(&e) && e.to_string().contains("too large"), "{e}");
        // a device that never ends (its size says 0) is refused too, not read forever
        let e = read_bounded(Path::new("/dev/zero"), 1 << 20).unwrap_err();
        assert!(e.to_string().contains("device"), "{e}");
        let e = read_all_bounded(std::fs::File::open("/dev/zero").unwrap(), 1000).unwrap_err();
        assert!(is_too_large(&e), "{e}");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_fifo_a_folder_and_a_symlink_to_a_terminal_are_refused_without_blocking() {
        let d = dir("kinds");
        let fifo = d.join("fifo.kifu");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        #[cfg(target_os = "linux")]
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let _ = c;
        let link = d.join("tty.kifu");
        std::os::unix::fs::symlink("/dev/tty", &link).unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let paths = [fifo, link, d.clone()];
        std::thread::spawn(move || {
            let answers: Vec<String> = paths
                .iter()
                .map(|p| read_bounded(p, 1 << 20).map_or_else(|e| e.to_string(), |_| "read".into()))
                .collect();
            let _ = tx.send(answers);
        });
        let answers = rx.recv_timeout(std::time::Duration::from_secs(5)).expect("a read blocked");
        #[cfg(target_os = "linux")]
        assert!(answers[0].contains("FIFO"), "{answers:?}");
        // /dev/tty may not exist where the tests run: then the link is dangling, also refused
        assert!(answers[1].contains("device") || answers[1].contains("No such"), "{answers:?}");
        assert!(answers[2].contains("folder"), "{answers:?}");
        let _ = std::fs::remove_dir_all(&d);
    }
}

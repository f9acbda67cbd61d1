//! Writing a file without ever losing what was there: [`write_file_atomically`] for records,
//! settings and session files, [`write_stdout`] for a command's output. Owns how a target is
//! found (symlinks, this process's own descriptors such as `/dev/stdout`), how a regular file
//! is replaced (an unnamed temporary file linked into place, then renamed over the target) and
//! the clearing of temporaries that a killed writer left behind. Knows nothing of formats.

use super::error::RecordError;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` without ever leaving it half-written or damaging what is there:
///
/// - a symlink is followed and its target written (the link stays a link);
/// - one of this process's own descriptors (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`,
///   `/proc/self/fd/N`) is written through that descriptor, as a shell redirection would: a
///   file the shell appends to (`>> log`) is appended to, a pipe is written into; a standard
///   output that was closed is an error;
/// - a regular file is replaced atomically: the bytes go to a temporary file in the same folder
///   (on Linux an unnamed one, `O_TMPFILE`, so a writer killed even by SIGKILL leaves nothing
///   behind), flushed to disk (fsync), given the old file's permissions (and owner, where
///   allowed), renamed over the target, and the folder is flushed too. The temporary is removed
///   on any failure, and temporaries of this naming left for the same target by a writer that
///   no longer runs are removed on the next write;
/// - a read-only file is refused with a message, not replaced;
/// - anything else that is not a directory (a device such as `/dev/null`, a FIFO) is written in
///   place, and a write error (`/dev/full`) is reported.
pub fn write_file_atomically(path: &Path, bytes: &[u8]) -> Result<(), RecordError> {
    let target = match resolve(path)? {
        Target::Path(p) => p,
        Target::Descriptor(fd) => {
            let io = |source| RecordError::Io { path: path.display().to_string(), source };
            return write_descriptor(fd, bytes).map_err(io);
        }
    };
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
    let stem = temporary_stem(&file_name);
    clear_stale_temporaries(dir, &stem);
    let prefix = format!("{stem}{}.", std::process::id());
    let prepare = |file: &mut File| -> std::io::Result<()> {
        file.write_all(bytes)?;
        if let Some(m) = &existing {
            file.set_permissions(m.permissions())?;
            keep_owner(file, m);
        }
        file.sync_all()
    };
    replace_with_unnamed(dir, &prefix, &target, &prepare)
        .unwrap_or_else(|| replace_with_named(dir, &prefix, &target, &prepare))
        .map_err(io)?;
    // the rename is durable once the directory is flushed; a file system that cannot flush a
    // directory has still replaced the file, so that failure is not reported
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Writes `bytes` to standard output; any error (a full disk, a closed pipe, a standard output
/// that was closed when the program started) is returned so the command can fail with a
/// message instead of exiting 0.
pub fn write_stdout(bytes: &[u8]) -> Result<(), RecordError> {
    let io = |source| RecordError::Io { path: "<stdout>".to_string(), source };
    #[cfg(target_os = "linux")]
    if closed_at_start(1) {
        return Err(io(closed_error()));
    }
    let mut out = std::io::stdout().lock();
    out.write_all(bytes).and_then(|_| out.flush()).map_err(io)
}

/// What a path finally names.
enum Target {
    /// A file, followed through its symlinks (a dangling one names the file to create).
    Path(PathBuf),
    /// One of this process's open descriptors.
    Descriptor(i32),
}

/// Follows symlinks, stopping at a name for one of this process's descriptors (`/dev/stdout` is
/// a link to `/proc/self/fd/1`, which the kernel shows as a link to the file, or to
/// `pipe:[…]` for a pipe: neither may be replaced by a rename).
fn resolve(path: &Path) -> Result<Target, RecordError> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        if let Some(fd) = own_descriptor(&p) {
            return Ok(Target::Descriptor(fd));
        }
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = std::fs::read_link(&p)
                    .map_err(|source| RecordError::Io { path: p.display().to_string(), source })?;
                p = match p.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(Target::Path(p)),
        }
    }
    Err(RecordError::Io {
        path: path.display().to_string(),
        source: std::io::Error::other("too many levels of symbolic links"),
    })
}

/// The descriptor a path names when it is one of this process's own: `/dev/stdin`,
/// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`, `/proc/thread-self/fd/N` or
/// `/proc/<this process>/fd/N`.
#[cfg(target_os = "linux")]
fn own_descriptor(path: &Path) -> Option<i32> {
    let text = path.to_str()?;
    let number = match text {
        "/dev/stdin" => return Some(0),
        "/dev/stdout" => return Some(1),
        "/dev/stderr" => return Some(2),
        _ => {
            let pid_fd = format!("/proc/{}/fd/", std::process::id());
            ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", pid_fd.as_str()]
                .iter()
                .find_map(|prefix| text.strip_prefix(prefix))?
        }
    };
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    number.parse().ok()
}

#[cfg(not(target_os = "linux"))]
fn own_descriptor(_path: &Path) -> Option<i32> {
    None
}

/// Writes through a copy of descriptor `fd`, which stays open for the rest of the program.
#[cfg(target_os = "linux")]
fn write_descriptor(fd: i32, bytes: &[u8]) -> std::io::Result<()> {
    use std::os::fd::FromRawFd;
    if closed_at_start(fd) {
        return Err(closed_error());
    }
    // SAFETY: F_DUPFD_CLOEXEC only reads `fd`; a closed one gives -1 (EBADF).
    let copy = unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 0) };
    if copy < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: `copy` is a new descriptor that nothing else owns.
    let mut file = unsafe { File::from_raw_fd(copy) };
    file.write_all(bytes)?;
    file.flush()?;
    // a regular file behind the descriptor is flushed to disk; pipes and terminals need not be
    if file.metadata().is_ok_and(|m| m.is_file()) {
        let _ = file.sync_all();
    }
    Ok(())
}

#[cfg(not(target_os = "linux"))]
fn write_descriptor(_fd: i32, _bytes: &[u8]) -> std::io::Result<()> {
    Err(std::io::Error::other("not supported"))
}

/// Whether standard descriptor `fd` was closed when the program started. Rust's runtime opens
/// `/dev/null` read-write in the place of a closed standard descriptor (so that no file opened
/// later takes its number); a shell redirection to `/dev/null` opens it for writing only.
#[cfg(target_os = "linux")]
fn closed_at_start(fd: i32) -> bool {
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    if !(0..=2).contains(&fd) {
        return false;
    }
    // SAFETY: F_GETFL only reads the descriptor's flags.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags < 0 {
        return true;
    }
    if flags & libc::O_ACCMODE != libc::O_RDWR {
        return false;
    }
    // SAFETY: F_DUPFD_CLOEXEC only reads `fd`; a closed one gives -1.
    let copy = unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 0) };
    if copy < 0 {
        return true;
    }
    // SAFETY: `copy` is a new descriptor that nothing else owns; the file closes it.
    let file = unsafe { <File as std::os::fd::FromRawFd>::from_raw_fd(copy) };
    match (file.metadata(), std::fs::metadata("/dev/null")) {
        (Ok(m), Ok(null)) => m.file_type().is_char_device() && m.rdev() == null.rdev(),
        _ => false,
    }
}

fn closed_error() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::BrokenPipe, "standard output is closed")
}

/// The start of every temporary name for a target, `.NAME.` (the full name being
/// `.NAME.PID.XXXXXX.tmp`), with NAME shortened on a character boundary so that the temporary
/// name stays within the 255 bytes a file name may have, for any target name that fits.
fn temporary_stem(file_name: &str) -> String {
    // '.' + name + '.' + pid (at most 10) + '.' + 6 random or counter characters + ".tmp"
    const ROOM: usize = 255 - 1 - 1 - 10 - 1 - 6 - 4;
    let mut end = file_name.len().min(ROOM);
    while !file_name.is_char_boundary(end) {
        end -= 1;
    }
    format!(".{}.", &file_name[..end])
}

/// Removes temporaries for this target (`.NAME.PID.….tmp`) whose writer no longer runs: what a
/// writer killed between linking and renaming, or one writing a named temporary, left behind.
fn clear_stale_temporaries(dir: &Path, stem: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some(rest) = name.strip_prefix(stem).and_then(|r| r.strip_suffix(".tmp")) else { continue };
        let Some((pid, _)) = rest.split_once('.') else { continue };
        let Ok(pid) = pid.parse::<u32>() else { continue };
        if !process_runs(pid) && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether a process with this id runs (any process: one that reused the id keeps its
/// temporaries safe, at worst until the next write after it ends).
#[cfg(target_os = "linux")]
fn process_runs(pid: u32) -> bool {
    let Ok(pid) = i32::try_from(pid) else { return false };
    if pid <= 0 {
        return true;
    }
    // SAFETY: signal 0 only checks that the process exists.
    let r = unsafe { libc::kill(pid, 0) };
    r == 0 || std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
}

#[cfg(not(target_os = "linux"))]
fn process_runs(pid: u32) -> bool {
    pid == std::process::id()
}

/// Linux: the bytes go to an unnamed file in `dir` (`O_TMPFILE`, through the `tempfile`
/// crate), which is given a temporary name only once complete and renamed over the target at
/// once. `None` when the file system or the system cannot do it, so the caller writes a named
/// temporary instead.
#[cfg(target_os = "linux")]
fn replace_with_unnamed(
    dir: &Path,
    prefix: &str,
    target: &Path,
    prepare: &dyn Fn(&mut File) -> std::io::Result<()>,
) -> Option<std::io::Result<()>> {
    use std::os::fd::AsRawFd;
    use std::os::unix::ffi::OsStrExt;
    let mut file = tempfile::tempfile_in(dir).ok()?;
    // tempfile falls back to a named file removed at once where O_TMPFILE is missing; such a
    // file cannot be linked, which the first link below finds out
    if let Err(e) = prepare(&mut file) {
        return Some(Err(e));
    }
    let source = std::ffi::CString::new(format!("/proc/self/fd/{}", file.as_raw_fd())).ok()?;
    for n in 0..100u32 {
        let temporary = dir.join(format!("{prefix}{n:06}.tmp"));
        let name = std::ffi::CString::new(temporary.as_os_str().as_bytes()).ok()?;
        // SAFETY: both paths are valid NUL-terminated strings for the duration of the call.
        let linked = unsafe {
            libc::linkat(
                libc::AT_FDCWD,
                source.as_ptr(),
                libc::AT_FDCWD,
                name.as_ptr(),
                libc::AT_SYMLINK_FOLLOW,
            )
        };
        if linked != 0 {
            let e = std::io::Error::last_os_error();
            if e.kind() == std::io::ErrorKind::AlreadyExists {
                continue;
            }
            return None;
        }
        let renamed = std::fs::rename(&temporary, target);
        if renamed.is_err() {
            let _ = std::fs::remove_file(&temporary);
        }
        return Some(renamed);
    }
    None
}

#[cfg(not(target_os = "linux"))]
fn replace_with_unnamed(
    _dir: &Path,
    _prefix: &str,
    _target: &Path,
    _prepare: &dyn Fn(&mut File) -> std::io::Result<()>,
) -> Option<std::io::Result<()>> {
    None
}

/// The bytes go to a named temporary in `dir` (removed again on any failure), renamed over the
/// target once complete.
fn replace_with_named(
    dir: &Path,
    prefix: &str,
    target: &Path,
    prepare: &dyn Fn(&mut File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(prefix).suffix(".tmp").rand_bytes(6);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // as a new file would be made (less the umask); an existing target's are set in `prepare`
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut temporary = builder.tempfile_in(dir)?;
    prepare(temporary.as_file_mut())?;
    temporary.persist(target).map(drop).map_err(|e| e.error)
}

/// Writes a device, FIFO or other non-regular file as it is (no rename over it).
fn write_in_place(target: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut f = open_in_place(target)?;
    f.write_all(bytes)?;
    f.flush()?;
    // devices and pipes need not support fsync
    let _ = f.sync_all();
    Ok(())
}

/// Opens a file that is not a regular one for writing, never waiting: a FIFO no process reads
/// is an error at once (opening it would block until one does, an app's quit with it), not a
/// wait. Once open, writes block as usual.
#[cfg(target_os = "linux")]
fn open_in_place(target: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    use std::os::unix::io::AsRawFd;
    let f =
        std::fs::OpenOptions::new().write(true).custom_flags(libc::O_NONBLOCK).open(target).map_err(|e| {
            if e.raw_os_error() == Some(libc::ENXIO) {
                std::io::Error::new(e.kind(), "a FIFO (named pipe) that no program reads; not written")
            } else {
                e
            }
        })?;
    // SAFETY: F_GETFL and F_SETFL only read and set the flags of a descriptor `f` owns.
    unsafe {
        let flags = libc::fcntl(f.as_raw_fd(), libc::F_GETFL);
        if flags >= 0 {
            libc::fcntl(f.as_raw_fd(), libc::F_SETFL, flags & !libc::O_NONBLOCK);
        }
    }
    Ok(f)
}

#[cfg(not(target_os = "linux"))]
fn open_in_place(target: &Path) -> std::io::Result<File> {
    std::fs::OpenOptions::new().write(true).open(target)
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
fn keep_owner(file: &File, old: &std::fs::Metadata) {
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
fn keep_owner(_file: &File, _old: &std::fs::Metadata) {}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::os::unix::fs::{FileTypeExt, PermissionsExt};

    struct Dir(std::path::PathBuf);
    impl Dir {
        fn new(name: &str) -> Dir {
            let p = std::env::temp_dir().join(format!("shogiban-write-{name}-{}", std::process::id()));
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
        // with no reader, at once an error, not a wait (an app quitting would hang on it)
        let e = write_file_atomically(&p, b"nobody reads").unwrap_err();
        assert!(e.to_string().contains("no program reads"), "{e}");
        let reader = {
            let p = p.clone();
            std::thread::spawn(move || std::fs::read(p).unwrap())
        };
        // the reader is there once its thread has begun to open the pipe
        let end = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while let Err(e) = write_file_atomically(&p, b"through the pipe") {
            assert!(std::time::Instant::now() < end, "{e}");
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert_eq!(reader.join().unwrap(), b"through the pipe");
        assert!(std::fs::symlink_metadata(&p).unwrap().file_type().is_fifo());
    }

    #[test]
    fn a_254_character_name_is_written_and_replaced() {
        let d = Dir::new("long");
        let name = format!("{}.kifu", "将".repeat(83)); // 249 + 5 bytes
        assert_eq!(name.len(), 254);
        let f = d.0.join(&name);
        write_file_atomically(&f, b"one").unwrap();
        write_file_atomically(&f, b"two").unwrap();
        assert_eq!(std::fs::read(&f).unwrap(), b"two");
        assert!(d.others(&[&name]).is_empty());
        assert!(temporary_stem(&"x".repeat(255)).len() + 10 + 1 + 6 + 4 <= 255);
    }

    #[test]
    fn nothing_is_named_in_the_folder_while_the_bytes_are_written() {
        let d = Dir::new("unnamed");
        let target = d.0.join("game.jkf");
        std::fs::write(&target, b"old").unwrap();
        let prepare = |file: &mut File| {
            file.write_all(b"new")?;
            // a writer killed here leaves no trace: the temporary has no name yet
            assert_eq!(std::fs::read_dir(&d.0).unwrap().count(), 1, "{:?}", d.others(&[]));
            file.sync_all()
        };
        let prefix = format!(".game.jkf.{}.", std::process::id());
        let done = replace_with_unnamed(&d.0, &prefix, &target, &prepare);
        // a temporary folder on a file system without O_TMPFILE has nothing to check
        if let Some(result) = done {
            result.unwrap();
            assert_eq!(std::fs::read(&target).unwrap(), b"new");
            assert!(d.others(&["game.jkf"]).is_empty());
        }
    }

    #[test]
    fn temporaries_a_killed_writer_left_are_cleared_on_the_next_write() {
        let d = Dir::new("stale");
        let target = d.0.join("game.jkf");
        // no process has this id (above any pid_max); ours runs
        let dead = ".game.jkf.999999999.0.tmp";
        let dead_named = ".game.jkf.999999999.a1B2c3.tmp";
        let alive = format!(".game.jkf.{}.000007.tmp", std::process::id());
        let other_target = ".notes.txt.999999999.0.tmp";
        for name in [dead, dead_named, alive.as_str(), other_target] {
            std::fs::write(d.0.join(name), b"partial").unwrap();
        }
        write_file_atomically(&target, b"record").unwrap();
        let mut left = d.others(&["game.jkf"]);
        left.sort();
        assert_eq!(left, [alive, other_target.to_string()]);
    }

    #[test]
    fn descriptor_names_are_recognised() {
        assert_eq!(own_descriptor(Path::new("/dev/stdout")), Some(1));
        assert_eq!(own_descriptor(Path::new("/dev/stderr")), Some(2));
        assert_eq!(own_descriptor(Path::new("/dev/fd/7")), Some(7));
        assert_eq!(own_descriptor(Path::new("/proc/self/fd/1")), Some(1));
        let ours = format!("/proc/{}/fd/3", std::process::id());
        assert_eq!(own_descriptor(Path::new(&ours)), Some(3));
        assert_eq!(own_descriptor(Path::new("/proc/1/fd/1")), None);
        assert_eq!(own_descriptor(Path::new("/dev/fd/")), None);
        assert_eq!(own_descriptor(Path::new("/dev/fd/1x")), None);
        assert_eq!(own_descriptor(Path::new("/dev/null")), None);
    }
}

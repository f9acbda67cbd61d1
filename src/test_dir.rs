//! A fresh temporary folder for a unit test (made by `tempfile`), removed when the test ends.

/// The folder's path, and the `tempfile` handle that removes the folder when dropped.
pub(crate) struct TempDir(pub std::path::PathBuf, #[allow(dead_code)] tempfile::TempDir);

impl TempDir {
    /// `<tmp>/shogiban-<tag>-<random>`, unique to this run.
    pub(crate) fn new(tag: &str) -> TempDir {
        let dir = tempfile::Builder::new()
            .prefix(&format!("shogiban-{tag}-"))
            .tempdir()
            .expect("a temporary folder");
        TempDir(dir.path().to_path_buf(), dir)
    }
}

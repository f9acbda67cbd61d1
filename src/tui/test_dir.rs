//! A fresh temporary folder for a unit test (made by `tempfile`), removed when the test ends.

pub(crate) struct TempDir(pub std::path::PathBuf, tempfile::TempDir);

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

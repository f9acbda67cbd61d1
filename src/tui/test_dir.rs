//! A fresh temporary folder for a unit test, removed when the test ends.

pub(crate) struct TempDir(pub std::path::PathBuf);

impl TempDir {
    /// `<tmp>/shogiban-<tag>-<pid>`, emptied first.
    pub(crate) fn new(tag: &str) -> TempDir {
        let p = std::env::temp_dir().join(format!("shogiban-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).expect("a temporary folder");
        TempDir(p)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

//! Helpers shared by the integration tests.

// each test crate compiles this module and uses only part of it
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// A fresh directory under the system's temporary directory, removed again when dropped (also
/// when the test fails), so test runs leave nothing behind.
pub struct TempDir(PathBuf);

impl TempDir {
    /// `<tmp>/shogiban-<name>-<pid>`, emptied first if an earlier run left it.
    pub fn new(name: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!("shogiban-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    pub fn join(&self, name: impl AsRef<Path>) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

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

/// Whether two records are the same as far as every tree-keeping format (KIF, KI2, JKF) can
/// say: the `手合割` header (KIF and KI2 add it for an even or handicap start) is ignored, and
/// times compare by the seconds spent, none being 0 (KIF writes a time and a running total for
/// every move). With `times` false, times are ignored (KI2 has none).
pub fn same_record(a: &shogiban::record::GameRecord, b: &shogiban::record::GameRecord, times: bool) -> bool {
    use shogiban::record::{GameRecord, MoveTime};
    let norm = |t: Option<MoveTime>| {
        t.filter(|t| times && t.spent > 0).map(|t| MoveTime { spent: t.spent, total: None })
    };
    let strip = |r: &GameRecord| {
        let mut r = r.clone();
        r.headers.retain(|(k, _)| k != "手合割");
        let ids: Vec<_> = r.node_ids().collect();
        for n in ids {
            let nd = r.node_mut(n);
            nd.time = norm(nd.time);
            if let Some(s) = nd.special.as_mut() {
                s.time = norm(s.time);
            }
        }
        r
    };
    strip(a) == strip(b)
}

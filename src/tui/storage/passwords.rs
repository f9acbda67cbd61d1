//! The remembered passwords for CSA servers: `host:port user<TAB>password` lines in
//! `csa-passwords` beside the settings file, readable by its owner alone. The connection job
//! writes it (off the UI thread); the app and `shogiban csa` read it.

use std::path::{Path, PathBuf};

/// The remembered passwords' file: `host:port user<TAB>password` lines, readable by its owner
/// alone. Replaces the line of `key`.
pub fn remember_password(path: &Path, key: &str, password: &str) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    let old = std::fs::read_to_string(path).unwrap_or_default();
    let mut text: String = old
        .lines()
        .filter(|l| l.split('\t').next() != Some(key) && !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect();
    text.push_str(&format!("{key}\t{}\n", password.replace(['\n', '\r', '\t'], " ")));
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut f = std::fs::OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(path)?;
    // a file made before with wider permissions is narrowed
    f.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    f.write_all(text.as_bytes())
}

/// The password remembered for `key`, if any.
pub fn remembered_password(path: &Path, key: &str) -> Option<String> {
    let text = std::fs::read_to_string(path).ok()?;
    text.lines().find_map(|l| l.split_once('\t').filter(|(k, _)| *k == key).map(|(_, p)| p.to_string()))
}

/// Every remembered password by its key (none when the file is missing or unreadable).
pub fn remembered_passwords(path: &Path) -> std::collections::BTreeMap<String, String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines().filter_map(|l| l.split_once('\t')).map(|(k, p)| (k.to_string(), p.to_string())).collect()
}

/// Where remembered passwords are kept: `csa-passwords` beside the settings file.
pub fn passwords_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "shogiban").map(|d| d.config_dir().join("csa-passwords"))
}

/// The key a password is remembered under.
pub fn password_key(host: &str, port: u16, user: &str) -> String {
    format!("{host}:{port} {user}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::test_dir::TempDir;

    #[test]
    fn a_remembered_password_is_the_owners_alone_and_replaced_per_key() {
        use std::os::unix::fs::PermissionsExt;
        let dir = TempDir::new("csa-passwords");
        let path = dir.0.join("sub/csa-passwords");
        remember_password(&path, "h:4081 alice", "one").unwrap();
        remember_password(&path, "h:4081 bob", "two").unwrap();
        remember_password(&path, "h:4081 alice", "three").unwrap();
        assert_eq!(remembered_password(&path, "h:4081 alice").as_deref(), Some("three"));
        assert_eq!(remembered_password(&path, "h:4081 bob").as_deref(), Some("two"));
        assert_eq!(remembered_password(&path, "h:4081 carol"), None);
        assert_eq!(remembered_passwords(&path).len(), 2);
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
}

//! The tsume problems the player has solved, kept in the data folder (`tsume-solved.txt`, one
//! problem's start position as SFEN a line), so the problem list can mark them and count them
//! across launches. A file that cannot be read is taken as empty; nothing in it is lost, as it
//! is only ever added to.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The solved problems and where they are kept (`None`: nowhere, they last until the app quits).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TsumeProgress {
    file: Option<PathBuf>,
    solved: BTreeSet<String>,
}

impl TsumeProgress {
    /// The problems listed in `file` (none when it is missing or unreadable); solving more adds
    /// them there.
    pub fn load(file: PathBuf) -> TsumeProgress {
        let solved =
            crate::bounded_read::read_to_string_bounded(&file, crate::bounded_read::SMALL_FILE_LIMIT)
                .map(|text| {
                    text.lines().map(str::trim).filter(|l| !l.is_empty()).map(str::to_string).collect()
                })
                .unwrap_or_default();
        TsumeProgress { file: Some(file), solved }
    }

    /// Whether the problem starting at `sfen` was solved.
    pub fn is_solved(&self, sfen: &str) -> bool {
        self.solved.contains(sfen)
    }

    /// How many of `problems` (start positions as SFEN) were solved.
    pub fn count<'a>(&self, problems: impl IntoIterator<Item = &'a str>) -> usize {
        problems.into_iter().filter(|p| self.is_solved(p)).count()
    }

    /// Marks the problem starting at `sfen` solved and writes the file (atomically); the error
    /// when it could not be written (the mark stays until the app quits).
    pub fn mark_solved(&mut self, sfen: &str) -> Result<(), crate::record::RecordError> {
        if !self.mark(sfen) {
            return Ok(());
        }
        self.save()
    }

    /// Marks the problem starting at `sfen` solved, in memory; whether it was not already.
    pub fn mark(&mut self, sfen: &str) -> bool {
        self.solved.insert(sfen.to_string())
    }

    /// Writes the file (atomically); the error when it could not be written.
    pub fn save(&self) -> Result<(), crate::record::RecordError> {
        let Some(file) = &self.file else { return Ok(()) };
        if let Some(dir) = file.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let text: String = self.solved.iter().map(|s| format!("{s}\n")).collect();
        crate::record::write_file_atomically(Path::new(file), text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::test_dir::TempDir;

    #[test]
    fn solved_problems_are_kept_across_loads() {
        let d = TempDir::new("tsume-progress");
        let file = d.0.join("data").join("tsume-solved.txt");
        let mut p = TsumeProgress::load(file.clone());
        assert_eq!(p.count(["a", "b"]), 0);
        p.mark_solved("8k/9/8P/9/9/9/9/9/9 b G 1").unwrap();
        p.mark_solved("8k/9/8P/9/9/9/9/9/9 b G 1").unwrap();
        let again = TsumeProgress::load(file.clone());
        assert!(again.is_solved("8k/9/8P/9/9/9/9/9/9 b G 1"));
        assert_eq!(again.count(["8k/9/8P/9/9/9/9/9/9 b G 1", "other"]), 1);
        assert_eq!(std::fs::read_to_string(&file).unwrap().lines().count(), 1);
        // an unreadable file is taken as empty
        let p = TsumeProgress::load(d.0.join("missing").join("nothing.txt"));
        assert_eq!(
            p,
            TsumeProgress { file: Some(d.0.join("missing").join("nothing.txt")), ..Default::default() }
        );
    }
}

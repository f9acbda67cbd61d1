//! shogiban: a shogi game, kifu tool and USI engine for the terminal.
//!
//! Layers, each depending only on those before it: [`core`] (rules), [`record`] (notation and
//! files), [`engine`] (search and USI), [`study`] (engine analysis kept in records), [`online`]
//! (games over the CSA server protocol), `tui` (the terminal app).

pub mod core;
pub mod engine;
pub mod online;
pub mod record;
pub mod study;
pub mod tui;

/// The layers, checked in the source: no module names a layer to its right.
#[cfg(test)]
mod layer_tests {
    use std::path::Path;

    /// Each layer and the layers it must not use.
    const FORBIDDEN: [(&str, &[&str]); 5] = [
        ("core", &["record", "engine", "study", "online", "tui", "cli"]),
        ("record", &["engine", "study", "online", "tui", "cli"]),
        ("engine", &["record", "study", "online", "tui", "cli"]),
        ("study", &["online", "tui", "cli"]),
        ("online", &["tui", "cli"]),
    ];

    fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                rust_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }

    #[test]
    fn no_layer_uses_one_to_its_right() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut against = Vec::new();
        for (layer, forbidden) in FORBIDDEN {
            let mut files = Vec::new();
            rust_files(&src.join(layer), &mut files);
            assert!(!files.is_empty(), "no source found for {layer}");
            for file in files {
                let text = std::fs::read_to_string(&file).unwrap();
                for (n, line) in text.lines().enumerate() {
                    for other in forbidden {
                        if line.contains(&format!("crate::{other}")) {
                            against.push(format!("{}:{}: {layer} uses {other}", file.display(), n + 1));
                        }
                    }
                }
            }
        }
        assert!(against.is_empty(), "edges against the layers:\n{}", against.join("\n"));
    }
}

//! shogiban: a shogi game, kifu tool and USI engine for the terminal.
//!
//! Layers, each depending only on those before it: [`core`] (rules), [`record`] (notation and
//! files), [`engine`] (search and USI), [`study`] (engine analysis kept in records), [`online`]
//! (games over the CSA server protocol), `tui` (the terminal app).

pub mod bounded_read;
pub mod core;
pub mod engine;
pub mod online;
pub mod record;
pub mod study;
pub mod tui;

#[cfg(test)]
mod test_dir;

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

/// The UI thread never touches the file system, checked in the source: the app (`tui/app`) and
/// the event loop (`tui/mod.rs`, `tui/event.rs`, `tui/autosave.rs`) name no `std::fs`, and
/// the app and the autosave call none of the functions that write files (they are called by
/// the files lane, `tui/jobs/files.rs`). What `tui/mod.rs` reads at launch, before the loop
/// starts (the record to open, the tsume progress), goes through `record` and `tsume_progress`.
/// Test code, which checks what the jobs wrote, is left out.
#[cfg(test)]
mod ui_thread_tests {
    use std::path::{Path, PathBuf};

    /// The event loop's files beside the app's folder.
    const EVENT_LOOP: [&str; 3] = ["tui/mod.rs", "tui/event.rs", "tui/autosave.rs"];

    /// What no file of the app, nor the event loop's, names.
    const FILE_SYSTEM: [&str; 3] = ["std::fs", " fs::", "(fs::"];

    /// The functions that write files, which the app and the autosave leave to the files lane.
    const WRITES: [&str; 5] =
        ["keep_previous(", "mark_solved(", "write_file_atomically", "save_record(", ".remember("];

    /// `text` up to its test module (`#[cfg(test)]` followed by `mod`).
    fn code_of(text: &str) -> &str {
        let lines: Vec<&str> = text.lines().collect();
        let mut at = 0;
        for w in lines.windows(2) {
            if w[0].trim() == "#[cfg(test)]" && w[1].trim_start().starts_with("mod ") {
                return &text[..at];
            }
            at += w[0].len() + 1;
        }
        text
    }

    #[test]
    fn the_app_and_the_event_loop_name_no_file_system_calls() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files: Vec<PathBuf> = EVENT_LOOP.iter().map(|f| src.join(f)).collect();
        for entry in std::fs::read_dir(src.join("tui/app")).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            // test-only files (`#[cfg(test)] mod tests;` and `#[path = "…_tests.rs"]`)
            let test_only = name.ends_with("tests.rs") || name == "tests_support.rs";
            if path.extension().is_some_and(|e| e == "rs") && !test_only {
                files.push(path);
            }
        }
        assert!(files.len() > EVENT_LOOP.len(), "no source found in tui/app");
        let mut found = Vec::new();
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            for (n, line) in code_of(&text).lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                let writes = !file.ends_with("tui/mod.rs") && !file.ends_with("tui/event.rs");
                let named = |words: &[&str]| words.iter().any(|w| code.contains(w));
                if named(&FILE_SYSTEM) || (writes && named(&WRITES)) {
                    found.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
                }
            }
        }
        assert!(found.is_empty(), "the file system touched on the UI thread:\n{}", found.join("\n"));
    }

    #[test]
    fn test_modules_are_left_out_and_code_before_them_is_kept() {
        let text = "fn a() { std::fs::write(p, b); }\n#[cfg(test)]\nmod tests {\n    std::fs::read(p);\n}\n";
        assert_eq!(code_of(text), "fn a() { std::fs::write(p, b); }\n");
    }
}

/// Import circles, checked in the source: within every folder of `src/` (`src/` itself
/// included), no module uses another that (directly or through others of the folder) uses it
/// back.
#[cfg(test)]
mod import_circle_tests {
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::{Path, PathBuf};

    /// Every folder under `src/`, as its path from there (`""` for `src/` itself, then
    /// `engine`, `engine/search` …): the folders whose modules must not import each other in a
    /// circle. A module of a folder is a file or a subfolder directly in it; the folder's own
    /// `mod.rs` is not one.
    fn folders() -> Vec<String> {
        fn walk(dir: &Path, rel: &str, out: &mut Vec<String>) {
            out.push(rel.to_string());
            let mut subs: Vec<PathBuf> =
                std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_dir()).collect();
            subs.sort();
            for sub in subs {
                let name = sub.file_name().unwrap().to_string_lossy().into_owned();
                let rel = if rel.is_empty() { name } else { format!("{rel}/{name}") };
                walk(&sub, &rel, out);
            }
        }
        let mut out = Vec::new();
        walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), "", &mut out);
        out
    }

    /// A source file as a module path: `src/engine/search/tt.rs` → `engine::search::tt`,
    /// `src/record/mod.rs` → `record`.
    fn module_of(src: &Path, file: &Path) -> Vec<String> {
        let rel = file.strip_prefix(src).unwrap().with_extension("");
        let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
        if parts.last().is_some_and(|p| p == "mod") {
            parts.pop();
        }
        parts
    }

    /// Every module file under `dir` except test-only ones (`#[cfg(test)] mod name;` in the
    /// parent), with its text up to its own `#[cfg(test)]` module.
    fn sources(src: &Path, dir: &Path, out: &mut Vec<(Vec<String>, String)>) {
        let mut test_only = BTreeSet::new();
        if let Ok(parent) = std::fs::read_to_string(dir.join("mod.rs")) {
            let lines: Vec<&str> = parent.lines().map(str::trim).collect();
            for w in lines.windows(2) {
                if w[0] == "#[cfg(test)]"
                    && let Some(name) = w[1].strip_prefix("mod ").and_then(|r| r.strip_suffix(';'))
                {
                    test_only.insert(name.to_string());
                }
            }
        }
        // test modules kept in a file of their own beside the module they test:
        // `#[cfg(test)] #[path = "learn_tests.rs"] mod tests;`
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let Ok(text) = std::fs::read_to_string(&path) else { continue };
            let lines: Vec<&str> = text.lines().map(str::trim).collect();
            for w in lines.windows(2) {
                if w[0] == "#[cfg(test)]"
                    && let Some(file) = w[1].strip_prefix("#[path = \"").and_then(|r| r.strip_suffix("\"]"))
                {
                    test_only.insert(file.trim_end_matches(".rs").to_string());
                }
            }
        }
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            if test_only.contains(&stem) {
                continue;
            }
            if path.is_dir() {
                sources(src, &path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                let code = text.find("#[cfg(test)]\nmod ").map_or(&text[..], |i| &text[..i]);
                let code: String =
                    code.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
                out.push((module_of(src, &path), code));
            }
        }
    }

    /// The paths a source names (`use` trees expanded, and `crate::…`/`super::…` paths in code),
    /// each as the words it is made of.
    fn paths(code: &str) -> Vec<Vec<String>> {
        fn ident(c: char) -> bool {
            c.is_alphanumeric() || c == '_'
        }
        // a `use` tree: `a::b::{c, d::e}` → [a,b,c], [a,b,d,e]
        fn expand(tree: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
            let tree = tree.trim();
            if let Some(open) = tree.find('{') {
                let mut base = prefix.to_vec();
                base.extend(
                    tree[..open].split("::").map(str::trim).filter(|s| !s.is_empty()).map(String::from),
                );
                let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
                let (mut depth, mut start) = (0, 0);
                for (i, c) in inner.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => depth -= 1,
                        ',' if depth == 0 => {
                            expand(&inner[start..i], &base, out);
                            start = i + 1;
                        }
                        _ => {}
                    }
                }
                expand(&inner[start..], &base, out);
            } else if !tree.is_empty() {
                let tree = tree.split(" as ").next().unwrap_or(tree);
                let mut p = prefix.to_vec();
                p.extend(tree.split("::").map(str::trim).map(String::from));
                out.push(p);
            }
        }
        let mut out = Vec::new();
        let mut from = 0;
        while let Some(i) = code[from..].find("use ") {
            let at = from + i;
            // a `use` item starts its line, after at most a visibility (not `use` in a string)
            let line_start = code[..at].rfind('\n').map_or(0, |n| n + 1);
            let before = code[line_start..at].trim();
            let is_item = before.is_empty() || before == "pub" || before.starts_with("pub(");
            let after = &code[at + 4..];
            let end = after.find(';').unwrap_or(after.len());
            if is_item {
                expand(&after[..end], &[], &mut out);
                from = at + 4 + end;
            } else {
                from = at + 4;
            }
        }
        for root in ["crate::", "super::", "self::"] {
            let mut from = 0;
            while let Some(i) = code[from..].find(root) {
                let at = from + i;
                from = at + root.len();
                if at > 0 && (ident(code[..at].chars().next_back().unwrap()) || code[..at].ends_with("::")) {
                    continue;
                }
                let len = code[at..].find(|c: char| !(ident(c) || c == ':')).unwrap_or(code.len() - at);
                let path: Vec<String> =
                    code[at..at + len].split("::").filter(|s| !s.is_empty()).map(String::from).collect();
                out.push(path);
            }
        }
        out
    }

    /// The module a path in module `from` points into, as a module path.
    fn resolve(from: &[String], is_mod_rs: bool, path: &[String]) -> Option<Vec<String>> {
        let mut here: Vec<String> = from.to_vec();
        if !is_mod_rs {
            here.pop(); // `super::` of a file is its folder's parent module's child: the folder
        }
        let mut words = path.iter().peekable();
        match words.peek().map(|s| s.as_str()) {
            Some("crate") => {
                here.clear();
                words.next();
            }
            Some("self") => {
                here = from.to_vec();
                words.next();
            }
            Some("super") => {
                words.next();
                while words.peek().is_some_and(|w| *w == "super") {
                    here.pop();
                    words.next();
                }
                if is_mod_rs {
                    here.pop();
                }
            }
            _ => return None,
        }
        here.extend(words.cloned());
        Some(here)
    }

    /// The circles among the modules of `folder`, each as its modules in order.
    fn circles(folder: &str) -> Vec<Vec<String>> {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let base: Vec<String> = folder.split('/').filter(|w| !w.is_empty()).map(String::from).collect();
        let mut files = Vec::new();
        sources(&src, &src.join(folder), &mut files);
        let child =
            |m: &[String]| (m.len() > base.len() && m.starts_with(&base)).then(|| m[base.len()].clone());
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (module, code) in &files {
            let Some(from) = child(module) else { continue };
            let file: PathBuf = src.join(module.join("/"));
            let is_mod_rs = file.join("mod.rs").exists();
            edges.entry(from.clone()).or_default();
            for p in paths(code) {
                if let Some(target) = resolve(module, is_mod_rs, &p)
                    && let Some(to) = child(&target)
                    && to != from
                    && (src.join(base.join("/")).join(format!("{to}.rs")).exists()
                        || src.join(base.join("/")).join(&to).is_dir())
                {
                    edges.entry(from.clone()).or_default().insert(to);
                }
            }
        }
        // every module on a circle, found by a walk from each module back to itself
        let mut found: Vec<Vec<String>> = Vec::new();
        for start in edges.keys() {
            let mut stack = vec![(start.clone(), vec![start.clone()])];
            let mut seen = BTreeSet::new();
            while let Some((m, trail)) = stack.pop() {
                for next in edges.get(&m).into_iter().flatten() {
                    if next == start {
                        let mut c = trail.clone();
                        let min = (0..c.len()).min_by_key(|&i| &c[i]).unwrap();
                        c.rotate_left(min);
                        if !found.contains(&c) {
                            found.push(c);
                        }
                    } else if seen.insert(next.clone()) {
                        let mut t = trail.clone();
                        t.push(next.clone());
                        stack.push((next.clone(), t));
                    }
                }
            }
        }
        found
    }

    #[test]
    fn no_module_imports_one_that_imports_it_back() {
        let mut all = Vec::new();
        let folders = folders();
        assert!(folders.iter().any(|f| f == "engine/search"), "{folders:?}");
        for folder in &folders {
            for c in circles(folder) {
                all.push(format!("src/{folder}: {} → {}", c.join(" → "), c[0]));
            }
        }
        assert!(all.is_empty(), "import circles:\n{}", all.join("\n"));
    }

    #[test]
    fn the_checker_sees_use_trees_and_paths_in_code() {
        let code = "use super::{a, b::{c, d as e}};\nfn f() { crate::x::y::z(); super::super::q::r(); }";
        let p = paths(code);
        let words = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        for want in ["super a", "super b c", "super b d", "crate x y z", "super super q r"] {
            assert!(p.contains(&words(want)), "{want} in {p:?}");
        }
        assert!(
            paths("let s = format!(\"we use {enc} here; {x}\");").is_empty(),
            "`use` in a string is no import"
        );
        let m = words("engine search alphabeta");
        assert_eq!(resolve(&m, false, &words("super tt Bound")), Some(words("engine search tt Bound")));
        assert_eq!(resolve(&m, false, &words("super super eval x")), Some(words("engine eval x")));
        assert_eq!(resolve(&words("engine search"), true, &words("super eval")), Some(words("engine eval")));
    }
}

//! A scan of the interface text's sources for lines in the other language: Japanese text with
//! English words in it (beyond key names, file formats and settings-file field names), and
//! English text that is more Japanese than English. Shogi terms may stay Japanese in English
//! text when the line also says what they mean; that judgement is left to review, this scan
//! catches strings left untranslated.

/// The sources of every interface text table.
const SOURCES: [(&str, &str); 6] = [
    ("text.rs", include_str!("../text.rs")),
    ("text/review.rs", include_str!("review.rs")),
    ("text/setup.rs", include_str!("setup.rs")),
    ("text/settings_file.rs", include_str!("settings_file.rs")),
    ("text/clocks.rs", include_str!("clocks.rs")),
    ("text/rating.rs", include_str!("rating.rs")),
];

/// English words a Japanese line may hold: keys, formats, names and settings fields.
const ALLOWED_IN_JAPANESE: [&str; 30] = [
    "Enter",
    "Space",
    "Tab",
    "Esc",
    "Backspace",
    "Ctrl",
    "Del",
    "hjkl",
    "KIF",
    "CSA",
    "USI",
    "SFEN",
    "JKF",
    "BOD",
    "ASCII",
    "JSON",
    "UTF",
    "Shift_JIS",
    "COM",
    "nps",
    "shogiban",
    "English",
    "plnsgbrk",
    "PLNSGBRK",
    "max_moves",
    "mark_thresholds",
    "player_name",
    "clock",
    "gote_clock",
    "handicap",
];

/// The string literals of each `pub static EN` / `pub static JA` table in `source`, outside
/// tests.
fn literals(source: &str) -> Vec<(&'static str, String)> {
    let source = source.split("#[cfg(test)]").next().unwrap_or_default();
    let mut out = Vec::new();
    let mut lang = None;
    for line in source.lines() {
        if line.starts_with("pub static EN") {
            lang = Some("EN");
        } else if line.starts_with("pub static JA") {
            lang = Some("JA");
        } else if line.starts_with("};") {
            lang = None;
        }
        let Some(l) = lang else { continue };
        let mut rest = line;
        while let Some(start) = rest.find('"') {
            let after = &rest[start + 1..];
            let Some(end) = after.find('"') else { break };
            out.push((l, after[..end].to_string()));
            rest = &after[end + 1..];
        }
    }
    out
}

fn is_japanese(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{30ff}' | '\u{4e00}'..='\u{9fff}')
}

/// The English words of `text` (three letters or more; `{…}` placeholders and paths left out).
fn english_words(text: &str) -> Vec<String> {
    let mut plain = String::new();
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            c if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    plain
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '/' || c == '.'))
        .filter(|w| !w.contains('/') && !w.starts_with('.'))
        .map(|w| w.trim_matches(|c: char| !c.is_ascii_alphabetic() && c != '_'))
        .filter(|w| w.len() >= 3 && w.chars().all(|c| c.is_ascii_alphabetic() || c == '_'))
        .map(str::to_string)
        .collect()
}

#[test]
fn japanese_text_has_no_english_words() {
    let mut found = Vec::new();
    for (file, source) in SOURCES {
        for (lang, text) in literals(source) {
            let stray: Vec<String> = english_words(&text)
                .into_iter()
                .filter(|w| !ALLOWED_IN_JAPANESE.contains(&w.as_str()))
                .collect();
            if lang == "JA" && !stray.is_empty() {
                found.push(format!("{file}: {text:?} {stray:?}"));
            }
        }
    }
    assert!(found.is_empty(), "English in the Japanese interface:\n{}", found.join("\n"));
}

#[test]
fn english_text_says_in_english_what_it_says_in_japanese() {
    let mut found = Vec::new();
    for (file, source) in SOURCES {
        for (lang, text) in literals(source) {
            // the language's own name is written in that language
            if lang != "EN" || text == "日本語" {
                continue;
            }
            let runs = text.split(|c: char| !is_japanese(c)).filter(|r| !r.is_empty()).count();
            if runs > english_words(&text).len() {
                found.push(format!("{file}: {text:?}"));
            }
        }
    }
    assert!(found.is_empty(), "Japanese left untranslated in the English interface:\n{}", found.join("\n"));
}

#[test]
fn the_scan_sees_both_tables_and_catches_a_mixed_line() {
    let sample = "pub static EN: T = T {\n    a: \"検討 棋譜解析 x\",\n};\npub static JA: T = T {\n    a: \"depth 深さ\",\n};\n";
    let l = literals(sample);
    assert_eq!(l, [("EN", "検討 棋譜解析 x".to_string()), ("JA", "depth 深さ".to_string())]);
    assert_eq!(english_words("{e} — previous/ に残して depth {n}"), ["depth"]);
}

//! CHANGELOG.md keeps the Keep a Changelog form: one `## [Unreleased]` at the top, then versions
//! newest first, each with the standard kinds of change, and nothing internal such as issue
//! numbers.

const CHANGELOG: &str = include_str!("../../CHANGELOG.md");

const KINDS: [&str; 6] = ["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"];

fn version_headings() -> Vec<&'static str> {
    CHANGELOG.lines().filter(|l| l.starts_with("## ")).collect()
}

#[test]
fn one_unreleased_section_comes_first() {
    let headings = version_headings();
    assert_eq!(headings.first(), Some(&"## [Unreleased]"), "headings: {headings:?}");
    let unreleased = CHANGELOG.lines().filter(|l| l.to_lowercase().contains("unreleased")).count();
    assert_eq!(unreleased, 1, "\"unreleased\" appears on {unreleased} lines");
}

#[test]
fn versions_are_semantic_and_newest_first() {
    let versions: Vec<Vec<u64>> = version_headings()
        .iter()
        .skip(1)
        .map(|h| {
            let inner = h
                .strip_prefix("## [")
                .and_then(|r| r.split(']').next())
                .unwrap_or_else(|| panic!("heading {h:?}"));
            inner.split('.').map(|n| n.parse().unwrap_or_else(|_| panic!("version {inner:?}"))).collect()
        })
        .collect();
    assert!(!versions.is_empty(), "no released version heading");
    assert!(versions.windows(2).all(|w| w[0] > w[1]), "versions out of order: {versions:?}");
}

#[test]
fn subsections_are_kinds_of_change() {
    for line in CHANGELOG.lines().filter(|l| l.starts_with("### ")) {
        let kind = &line[4..];
        assert!(KINDS.contains(&kind), "subsection {line:?} is not one of {KINDS:?}");
    }
}

#[test]
fn each_kind_of_change_comes_once_per_version() {
    let mut seen: Vec<&str> = Vec::new();
    for line in CHANGELOG.lines() {
        if line.starts_with("## ") {
            seen.clear();
        } else if let Some(kind) = line.strip_prefix("### ") {
            assert!(!seen.contains(&kind), "a second \"### {kind}\" under one version");
            seen.push(kind);
        }
    }
}

#[test]
fn no_internal_issue_numbers() {
    for (n, line) in CHANGELOG.lines().enumerate() {
        let lower = line.to_lowercase();
        let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric()).collect();
        let names_issue = words.windows(2).any(|w| w[0] == "issue" && w[1].parse::<u32>().is_ok());
        assert!(!names_issue, "line {} names an internal issue: {line}", n + 1);
    }
}

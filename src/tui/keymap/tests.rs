//! The table's own consistency, remapping and its messages, and the README's key table against
//! the keymap.

use super::*;

fn remaps(pairs: &[(&str, &[&str])]) -> BTreeMap<String, Vec<String>> {
    pairs.iter().map(|(a, ks)| (a.to_string(), ks.iter().map(|k| k.to_string()).collect())).collect()
}

#[test]
fn the_tables_keys_are_keys_and_no_key_does_two_things_in_a_mode() {
    for r in all_rows() {
        for k in r.keys {
            assert!(Key::parse(k).is_ok(), "{:?}: {k}", r.action);
        }
        let same = all_rows().filter(|o| o.mode == r.mode && o.action == r.action).count();
        assert_eq!(same, 1, "{:?} twice in {:?}", r.action, r.mode);
    }
    assert_eq!(Keymap::defaults().first_clash(), None);
    for a in Action::ALL {
        assert_eq!(Action::from_name(a.name()), Some(*a));
        assert!(all_rows().any(|r| r.action == *a), "{a:?} has no key");
    }
}

#[test]
fn a_remap_moves_the_action_to_its_key_in_every_mode_and_the_help_and_bar_follow() {
    let (map, problems) = Keymap::with_remaps(&remaps(&[("undo", &["z"])]));
    assert!(problems.is_empty(), "{problems:?}");
    let (z, u) = (Key::char('z'), Key::char('u'));
    assert_eq!(map.action(KeyMode::Board, z), Some(Action::Undo));
    assert_eq!(map.action(KeyMode::Board, u), None);
    assert_eq!(map.action(KeyMode::Tsume, z), Some(Action::Undo));
    // the editor's z is its own
    assert_eq!(map.action(KeyMode::Editor, z), Some(Action::BoxToHand));
    let help = map.help(KeyMode::Board);
    let undo = help.iter().find(|l| l.label.en == "take back a move").unwrap();
    assert_eq!(undo.keys, "z");
    let bar = map.bar(KeyMode::Board);
    assert!(bar.iter().any(|e| e.keys == "z" && e.label.en == "undo"), "{bar:?}");
    assert!(!bar.iter().any(|e| e.keys == "u"), "{bar:?}");
}

#[test]
fn defaults_show_as_before() {
    let map = Keymap::defaults();
    let bar: Vec<String> = map.bar(KeyMode::Board).iter().map(|e| e.keys.clone()).collect();
    assert_eq!(bar[..4], ["hjkl", "Enter", "Tab", ":"]);
    let bar: Vec<String> = map.bar(KeyMode::Editor).iter().map(|e| e.keys.clone()).collect();
    assert_eq!(bar[..3], ["←↑↓→", "plnsgbrk", "PLNSGBRK"]);
    let help = map.help(KeyMode::Board);
    assert_eq!(help[0].keys, "hjkl / ←↓↑→");
    assert!(help.iter().any(|l| l.keys == "[ / ]"), "{help:?}");
    let editor = map.help(KeyMode::Editor);
    assert!(editor.iter().any(|l| l.keys == "p l n s g b r k"), "{editor:?}");
    assert!(help.iter().any(|l| l.keys == "u / Backspace"), "{help:?}");
    assert!(help.iter().any(|l| l.keys == ": or /"), "{help:?}");
    // learn mode holds the board's other keys; tsume mode keeps them all
    assert_eq!(map.action(KeyMode::Learn, Key::char('n')), Some(Action::NextItem));
    assert_eq!(map.action(KeyMode::Learn, Key::char('u')), None);
    assert_eq!(map.action(KeyMode::Learn, Key::char('h')), Some(Action::CursorLeft));
    assert_eq!(map.action(KeyMode::Tsume, Key::char('n')), Some(Action::NewGame));
    assert_eq!(map.action(KeyMode::Tsume, Key::char('u')), Some(Action::Undo));
}

#[test]
fn unknown_actions_bad_keys_and_clashes_are_named_and_left_out() {
    let (map, problems) = Keymap::with_remaps(&remaps(&[
        ("undoo", &["z"]),
        ("redo", &["Ctrl-R"]),
        ("flip", &["r"]),
        ("place_sente", &["q"]),
        ("hint", &[]),
    ]));
    assert_eq!(map, Keymap::defaults(), "{problems:?}");
    let all = problems.join("\n");
    assert_eq!(problems.len(), 5, "{all}");
    assert!(all.contains("'undoo' is not an action; did you mean 'undo'?"), "{all}");
    assert!(all.contains("'redo': 'Ctrl-R' is not a key"), "{all}");
    assert!(all.contains("'flip': r is already the key of 'redo' in board mode; 'flip' keeps f"), "{all}");
    assert!(all.contains("'place_sente' cannot be remapped"), "{all}");
    assert!(all.contains("'hint' needs at least one key"), "{all}");
}

#[test]
fn two_actions_can_swap_keys() {
    let (map, problems) = Keymap::with_remaps(&remaps(&[("undo", &["r"]), ("redo", &["u", "Backspace"])]));
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(map.action(KeyMode::Board, Key::char('r')), Some(Action::Undo));
    assert_eq!(map.action(KeyMode::Board, Key::char('u')), Some(Action::Redo));
    // a clash in learn mode only (its r is retry) is still a clash
    let (_, problems) = Keymap::with_remaps(&remaps(&[("flip", &["w"])]));
    assert!(problems.len() == 1 && problems[0].contains("in learn mode"), "{problems:?}");
}

/// A key table row: its mode, then each action with its keys.
type TableRow = (String, Vec<(String, Vec<Key>)>);

/// The README's key table.
fn readme_rows() -> Vec<TableRow> {
    let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
    let mut lines = text.lines().skip_while(|l| !l.starts_with("| mode | keys | action |"));
    assert!(lines.next().is_some(), "README.md has no key table (| mode | keys | action | … |)");
    let ticks =
        |cell: &str| -> Vec<String> { cell.split('`').skip(1).step_by(2).map(str::to_string).collect() };
    lines
        .skip(1)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cells: Vec<&str> =
                l.split(" | ").map(|c| c.trim_matches(|c: char| c == '|' || c == ' ')).collect();
            assert!(cells.len() >= 4, "README key table row: {l}");
            let keys: Vec<Vec<Key>> = cells[1]
                .split(", ")
                .map(|group| {
                    ticks(group)
                        .iter()
                        .map(|k| Key::parse(k).unwrap_or_else(|e| panic!("README: {e}")))
                        .collect()
                })
                .collect();
            let actions = ticks(cells[2]);
            assert_eq!(keys.len(), actions.len(), "README row: each action its keys: {l}");
            (cells[0].to_string(), actions.into_iter().zip(keys).collect())
        })
        .collect()
}

#[test]
fn the_readmes_key_table_is_the_keymap() {
    let map = Keymap::defaults();
    let mut ours = Vec::new();
    for mode in KeyMode::ALL {
        for g in map.groups(mode) {
            if g[0].mode != mode {
                continue; // the board's keys another mode keeps are in the board's rows
            }
            let actions = g.iter().map(|r| (r.action.name().to_string(), map.keys(r))).collect::<Vec<_>>();
            ours.push((mode.name().to_string(), actions));
        }
    }
    let readme = readme_rows();
    for row in &ours {
        assert!(readme.contains(row), "README.md's key table lacks or differs on {row:?}");
    }
    for row in &readme {
        assert!(ours.contains(row), "README.md's key table has {row:?}, which the keymap has not");
    }
}

#[test]
fn a_popups_key_line_and_answers_come_from_the_table_and_follow_remaps() {
    let map = Keymap::defaults();
    assert_eq!(map.hint(KeyMode::Promotion, 0, false), "y/Enter promote (成) · n do not (不成)");
    assert_eq!(
        map.hint(KeyMode::NewGame, 0, false),
        "↑/↓ 1-4 mode · 5/o online · ←/→ level · t clock · c handicap · Enter start · Esc/q cancel"
    );
    assert_eq!(map.hint(KeyMode::NewGame, 1, false), "m/M main ±1 min · b/B byoyomi ±5 s · f/F Fischer ±1 s");
    assert_eq!(map.hint(KeyMode::Protocol, 0, false), "↑/↓ PgUp/PgDn Home/End scroll");
    assert_eq!(map.group_keys(KeyMode::NewGame, Action::GoteLevelDown), "< / >");
    assert_eq!(map.answers(KeyMode::Question), "y / n");
    let (map, problems) = Keymap::with_remaps(&remaps(&[("yes", &["Space"]), ("main_line", &["m"])]));
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(map.answers(KeyMode::Offer), "Space / n");
    assert_eq!(map.action(KeyMode::Promotion, Key::parse("Enter").unwrap()), None);
    assert_eq!(map.action(KeyMode::Variations, Key::char('m')), Some(Action::MainLine));
    assert!(map.hint(KeyMode::Variations, 0, false).contains("m main line"));
}

#[test]
fn a_remap_that_clashes_in_a_popup_is_named_with_the_popup() {
    let (map, problems) = Keymap::with_remaps(&remaps(&[("yes", &["n"]), ("number", &["x"])]));
    assert_eq!(map, Keymap::defaults(), "{problems:?}");
    let all = problems.join("\n");
    assert!(
        all.contains("'yes': n is already the key of 'no' in promotion mode; 'yes' keeps y / Enter"),
        "{all}"
    );
    assert!(all.contains("'number' cannot be remapped (the digits are the lists')"), "{all}");
}

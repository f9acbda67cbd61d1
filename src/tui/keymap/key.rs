//! One key as the keymap names it: read from the settings file (`"z"`, `"Enter"`, `"←"`) and
//! shown in the help and the key bar.

use crossterm::event::{KeyCode, KeyEvent};

/// A key without modifiers (Shift is part of the letter: `R` is Shift-r). Ctrl-C and Ctrl-Z
/// are the app's own and are never bound.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Key(KeyCode);

/// Named keys: the name the settings file takes (any case), the name shown, the key.
const NAMED: [(&str, &str, KeyCode); 16] = [
    ("Enter", "Enter", KeyCode::Enter),
    ("Space", "Space", KeyCode::Char(' ')),
    ("Tab", "Tab", KeyCode::Tab),
    ("BackTab", "Shift-Tab", KeyCode::BackTab),
    ("Esc", "Esc", KeyCode::Esc),
    ("Backspace", "Backspace", KeyCode::Backspace),
    ("Delete", "Del", KeyCode::Delete),
    ("Insert", "Ins", KeyCode::Insert),
    ("Left", "←", KeyCode::Left),
    ("Right", "→", KeyCode::Right),
    ("Up", "↑", KeyCode::Up),
    ("Down", "↓", KeyCode::Down),
    ("Home", "Home", KeyCode::Home),
    ("End", "End", KeyCode::End),
    ("PageUp", "PgUp", KeyCode::PageUp),
    ("PageDown", "PgDn", KeyCode::PageDown),
];

/// Other spellings the settings file accepts.
const ALIASES: [(&str, KeyCode); 6] = [
    ("Shift-Tab", KeyCode::BackTab),
    ("Return", KeyCode::Enter),
    ("Escape", KeyCode::Esc),
    ("Del", KeyCode::Delete),
    ("PgUp", KeyCode::PageUp),
    ("PgDn", KeyCode::PageDown),
];

impl Key {
    pub const fn char(c: char) -> Key {
        Key(KeyCode::Char(c))
    }

    /// Whether the key types a character into a text field (a letter, a digit, Space).
    pub fn types_text(&self) -> bool {
        matches!(self.0, KeyCode::Char(_))
    }

    /// The key a terminal event is (its modifiers aside).
    pub fn of(event: &KeyEvent) -> Key {
        Key(event.code)
    }

    /// Reads a key name: one printable character (`z`, `Z`, `?`), a named key in any case
    /// (`Enter`, `space`, `PageDown`, `Left` or `←`), or `F1` to `F12`.
    pub fn parse(name: &str) -> Result<Key, String> {
        let mut chars = name.chars();
        if let (Some(c), None) = (chars.next(), chars.next())
            && !c.is_control()
        {
            if let Some((_, _, code)) = NAMED.iter().find(|(_, shown, _)| shown.chars().eq([c])) {
                return Ok(Key(*code));
            }
            if c == ' ' {
                return Ok(Key(KeyCode::Char(' ')));
            }
            return Ok(Key(KeyCode::Char(c)));
        }
        let named = NAMED.iter().map(|(n, _, code)| (*n, *code)).chain(ALIASES);
        if let Some((_, code)) = named.clone().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
            return Ok(Key(code));
        }
        if let Some(n) = name.strip_prefix(['F', 'f']).and_then(|n| n.parse::<u8>().ok())
            && (1..=12).contains(&n)
        {
            return Ok(Key(KeyCode::F(n)));
        }
        Err(format!(
            "'{name}' is not a key (a key is one character such as \"z\" or \"?\", or one of {}, F1-F12)",
            NAMED.iter().map(|(n, _, _)| *n).collect::<Vec<_>>().join(", ")
        ))
    }

    /// The key as the help and the key bar show it (`u`, `Enter`, `←`).
    pub fn name(self) -> String {
        if let Some((_, shown, _)) = NAMED.iter().find(|(_, _, code)| *code == self.0) {
            return shown.to_string();
        }
        match self.0 {
            KeyCode::Char(c) => c.to_string(),
            KeyCode::F(n) => format!("F{n}"),
            other => format!("{other:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_as_the_same_key() {
        for name in ["z", "Z", "?", "[", "Enter", "Space", "←", "Left", "left", "PgDn", "F5", "歩", "BackTab"]
        {
            let key = Key::parse(name).unwrap();
            assert_eq!(Key::parse(&key.name()), Ok(key), "{name}");
        }
        assert_eq!(Key::parse("left"), Key::parse("←"));
        assert_eq!(Key::parse(" "), Key::parse("Space"));
        assert_eq!(Key::parse("Escape"), Ok(Key(KeyCode::Esc)));
    }

    #[test]
    fn a_bad_name_says_what_a_key_is() {
        for bad in ["", "zz", "Ctrl-Q", "F13", "\t"] {
            let e = Key::parse(bad).unwrap_err();
            assert!(e.contains("is not a key") && e.contains("Enter"), "{bad:?}: {e}");
        }
    }
}

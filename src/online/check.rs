//! What is checked before anything is sent, and what is cleaned before anything from a server is
//! shown or written: game names in the form the server pairs by, the login's name and password,
//! and text with its control characters made visible.

/// The longest name part of a game name (shogi-server's default `--max-identifier`).
pub const MAX_IDENTIFIER: usize = 32;

/// The forms a game name takes, for messages.
pub const GAME_NAME_FORMS: &str = "NAME-TOTAL-BYOYOMI (casual-600-10) or NAME-TOTAL-INCREMENTF (floodgate-300-10F), \
     with -B or -W at the end to ask for sente or gote";

/// Whether `s` is a name shogi-server takes (`[A-Za-z0-9_@.-]`, 1 to 32 characters).
fn identifier(s: &str) -> bool {
    (1..=MAX_IDENTIFIER).contains(&s.len())
        && s.bytes().all(|b| b.is_ascii_alphanumeric() || b"_@.-".contains(&b))
}

/// Checks a game name as shogi-server's `Login.good_game_name?` and `parse_gamename_turn` read
/// it: `NAME-TOTAL-BYOYOMI` or `NAME-TOTAL-INCREMENTF`, optionally followed by `-B` or `-W`
/// (either case). The error names the forms.
pub fn check_game_name(game: &str) -> Result<(), String> {
    let bad = || Err(format!("'{}' is not a game name: use {GAME_NAME_FORMS}", printable(game)));
    let base = match game.rsplit_once('-') {
        Some((b, side)) if ["B", "W", "b", "w"].contains(&side) => b,
        _ => game,
    };
    let mut parts = base.rsplitn(3, '-');
    let (Some(last), Some(total), Some(name)) = (parts.next(), parts.next(), parts.next()) else {
        return bad();
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let last = last.strip_suffix('F').unwrap_or(last);
    if !digits(total) || !digits(last) || !identifier(name) {
        return bad();
    }
    Ok(())
}

/// Checks the login name: not empty, no spaces, line breaks or other control characters (the
/// login line is split at spaces).
pub fn check_user(user: &str) -> Result<(), String> {
    if user.is_empty() {
        return Err("the user name is empty".into());
    }
    if user.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(format!("the user name '{}' has a space or a control character", printable(user)));
    }
    Ok(())
}

/// Checks the password: not empty, no spaces, line breaks or other control characters (never
/// printed).
pub fn check_password(password: &str) -> Result<(), String> {
    if password.is_empty() {
        return Err("the password is empty".into());
    }
    if password.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err("the password has a space or a control character".into());
    }
    Ok(())
}

/// `text` with every control character (C0, DEL, C1: escape sequences, line breaks, bells)
/// written out as `\x1b` or `\u{9b}`, so that text from a server can be printed or written into
/// a record without acting on the terminal or breaking a line.
pub fn printable(text: &str) -> String {
    if !text.chars().any(char::is_control) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            c if (c as u32) < 0x80 && c.is_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_names_are_checked_as_the_server_reads_them() {
        for good in [
            "casual-600-10",
            "floodgate-300-10F",
            "floodgate-300-10F-B",
            "g-60-0-w",
            "hclance_x-600-10",
            "a.b@c-1-0",
            "my-club-600-10",
        ] {
            assert_eq!(check_game_name(good), Ok(()), "{good}");
        }
        for bad in
            ["", "casual", "casual-600", "casual-600-x", "-600-10", "a b-600-10", "g-60-10-X", "g-60-10G"]
        {
            let e = check_game_name(bad).unwrap_err();
            assert!(e.contains("NAME-TOTAL-BYOYOMI"), "{e}");
        }
        assert!(check_game_name(&format!("{}-60-10", "a".repeat(33))).is_err());
    }

    #[test]
    fn control_characters_are_made_visible() {
        assert_eq!(printable("alice"), "alice");
        assert_eq!(printable("a\x1b[31mb\n\u{9b}c"), "a\\x1b[31mb\\x0a\\u{9b}c");
        assert_eq!(printable("先手\t"), "先手\\x09");
    }

    #[test]
    fn user_names_and_passwords_without_spaces_or_line_breaks() {
        assert!(check_user("").is_err());
        assert!(check_user("a b").is_err());
        assert!(check_user("a\nb").is_err());
        assert!(check_user("alice").is_ok());
        assert!(check_password("").is_err());
        assert!(check_password("p w").is_err());
        assert!(check_password("p\rw").is_err());
        assert!(check_password("pw").is_ok());
    }
}

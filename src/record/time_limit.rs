//! The `持ち時間` header in the two ways records write it: KIF's words, main time then byoyomi
//! (`5分+10秒`, `1時間+30秒`), and CSA's `$TIME_LIMIT` figures (`00:05+10`: hours, minutes, and
//! the byoyomi in seconds). Each is turned into the other where it says the same thing.

/// KIF's `持ち時間` for `main_s` seconds of main time and `byoyomi_s` seconds of byoyomi:
/// `5分+10秒`, `10分+0秒`, `1時間30分+60秒`.
pub fn kif_time_limit(main_s: u64, byoyomi_s: u64) -> String {
    format!("{}+{}秒", kif_duration(main_s), byoyomi_s)
}

/// A duration in KIF's words: `1時間5分`, `10分`, `30秒`, `0秒`.
pub fn kif_duration(s: u64) -> String {
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    let mut out = String::new();
    if h > 0 {
        out.push_str(&format!("{h}時間"));
    }
    if m > 0 {
        out.push_str(&format!("{m}分"));
    }
    if s > 0 || out.is_empty() {
        out.push_str(&format!("{s}秒"));
    }
    out
}

/// CSA's `HH:MM+SS` in KIF's words, `None` when `text` is not in that form.
pub fn csa_to_kif(text: &str) -> Option<String> {
    let (main, byoyomi) = text.trim().split_once('+')?;
    let (h, m) = main.split_once(':')?;
    let number =
        |t: &str| t.parse::<u64>().ok().filter(|_| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()));
    let (h, m, b) = (number(h)?, number(m)?, number(byoyomi)?);
    Some(kif_time_limit(h * 3600 + m * 60, b))
}

/// KIF's `5分+10秒` as CSA's `00:05+10`, `None` when `text` is not in that form or its main
/// time is not whole minutes (CSA has no seconds there).
pub fn kif_to_csa(text: &str) -> Option<String> {
    let (main, byoyomi) = text.trim().split_once('+')?;
    let main_s = kif_seconds(main)?;
    let byoyomi_s = kif_seconds(byoyomi)?;
    if main_s % 60 != 0 {
        return None;
    }
    Some(format!("{:02}:{:02}+{:02}", main_s / 3600, main_s / 60 % 60, byoyomi_s))
}

/// `1時間5分30秒` in seconds; every part is optional but one.
fn kif_seconds(text: &str) -> Option<u64> {
    let mut rest = text;
    let mut total = 0;
    let mut any = false;
    for (unit, secs) in [("時間", 3600), ("分", 60), ("秒", 1)] {
        if let Some((n, after)) = rest.split_once(unit)
            && !n.is_empty()
            && n.bytes().all(|b| b.is_ascii_digit())
        {
            total += n.parse::<u64>().ok()? * secs;
            rest = after;
            any = true;
        }
    }
    (any && rest.is_empty()).then_some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kif_writes_main_time_then_byoyomi_in_words() {
        assert_eq!(kif_time_limit(300, 10), "5分+10秒");
        assert_eq!(kif_time_limit(600, 0), "10分+0秒");
        assert_eq!(kif_time_limit(5400, 60), "1時間30分+60秒");
        assert_eq!(kif_time_limit(0, 30), "0秒+30秒");
    }

    #[test]
    fn csa_and_kif_forms_turn_into_each_other() {
        assert_eq!(csa_to_kif("00:05+10").as_deref(), Some("5分+10秒"));
        assert_eq!(csa_to_kif("01:05+30").as_deref(), Some("1時間5分+30秒"));
        assert_eq!(kif_to_csa("5分+10秒").as_deref(), Some("00:05+10"));
        assert_eq!(kif_to_csa("15分+60秒").as_deref(), Some("00:15+60"));
        assert_eq!(kif_to_csa("1時間5分+30秒").as_deref(), Some("01:05+30"));
        for odd in ["10分 秒読み30秒", "5分30秒+10秒", "各10分", "+10秒", "00:05"] {
            assert_eq!(kif_to_csa(odd), None, "{odd}");
        }
        for odd in ["5分+10秒", "a:05+10", "00:05", ":+"] {
            assert_eq!(csa_to_kif(odd), None, "{odd}");
        }
    }
}

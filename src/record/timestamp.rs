//! Dates as records write them, in local time: `2026/11/25 10:00:00` for KIF `開始日時：` /
//! `終了日時：` and CSA `$START_TIME:` / `$END_TIME:` (the same text; `csa` maps the keys).

use std::time::{SystemTime, UNIX_EPOCH};

/// `YYYY/MM/DD hh:mm:ss` for `secs` since the Unix epoch shifted by `offset` seconds (the local
/// zone's offset from UTC).
pub fn format_timestamp(secs: i64, offset: i64) -> String {
    let t = secs + offset;
    let (days, rem) = (t.div_euclid(86400), t.rem_euclid(86400));
    // civil-from-days (Howard Hinnant's algorithm)
    let z = days + 719468;
    let era = z.div_euclid(146097);
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + if m <= 2 { 1 } else { 0 };
    format!("{y:04}/{m:02}/{d:02} {:02}:{:02}:{:02}", rem / 3600, rem / 60 % 60, rem % 60)
}

/// The local zone's offset from UTC at `secs` (seconds; 0 where it cannot be known).
fn utc_offset(secs: i64) -> i64 {
    #[cfg(target_os = "linux")]
    {
        let t: libc::time_t = secs as libc::time_t;
        // SAFETY: localtime_r writes only into the tm we own; a null result is handled.
        let mut tm: libc::tm = unsafe { std::mem::zeroed() };
        if unsafe { libc::localtime_r(&t, &mut tm) }.is_null() {
            return 0;
        }
        tm.tm_gmtoff
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = secs;
        0
    }
}

/// `time` in local time as records write it: `2026/11/25 10:00:00`.
pub fn local_timestamp(time: SystemTime) -> String {
    let secs = match time.duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_secs() as i64,
        Err(e) => -(e.duration().as_secs() as i64),
    };
    format_timestamp(secs, utc_offset(secs))
}

/// Now, in local time as records write it.
pub fn now_local() -> String {
    local_timestamp(SystemTime::now())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_with_the_zone_offset() {
        assert_eq!(format_timestamp(0, 0), "1970/01/01 00:00:00");
        // 2026-11-25 01:00:00 UTC is 10:00 in Japan (UTC+9)
        assert_eq!(format_timestamp(1_795_568_400, 9 * 3600), "2026/11/25 10:00:00");
        assert_eq!(format_timestamp(1_795_568_400, -5 * 3600), "2026/11/24 20:00:00");
        assert_eq!(format_timestamp(951_782_400, 0), "2000/02/29 00:00:00");
    }

    #[test]
    fn now_has_the_record_shape() {
        let s = now_local();
        assert_eq!(s.len(), 19, "{s}");
        assert_eq!(&s[4..5], "/");
        assert_eq!(&s[13..14], ":");
    }
}

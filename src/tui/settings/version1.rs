//! The layout of settings files of version 1 (and of those with no version), read as they were
//! meant: `mode` (`vs-computer`, `hot-seat`, `computer-vs-computer`) with `side` (`sente`,
//! `gote`) is one `GameMode` now, and `clock` with `gote_clock` (each `main_seconds`,
//! `byoyomi_seconds`, `increment_seconds`) are each side's `TimeControl` in milliseconds.
//! Everything else reads as it did.

use super::TimeControl;
use crate::tui::text::settings_file::SettingsFileText as Words;
use serde::Deserialize;
use serde_json::{Map, Value};

/// A clock as version 1 wrote it, in seconds.
#[derive(Deserialize)]
struct Clock {
    main_seconds: u64,
    byoyomi_seconds: u64,
    #[serde(default)]
    increment_seconds: u64,
}

/// A version 1 clock as a time control; `None` when it is not one.
fn control(v: &Value) -> Option<TimeControl> {
    let c = Clock::deserialize(v).ok()?;
    Some(TimeControl {
        main_ms: c.main_seconds.saturating_mul(1000),
        byoyomi_ms: c.byoyomi_seconds.saturating_mul(1000),
        increment_ms: c.increment_seconds.saturating_mul(1000),
    })
}

/// Rewrites the fields of a version 1 settings object in this version's layout. A `side` or
/// `gote_clock` that cannot be used is reported in `problems` (☗ and ☗'s clock are used); a
/// `mode` or `clock` that is not version 1's is left for the reader to refuse.
pub fn upgrade(obj: &mut Map<String, Value>, problems: &mut Vec<String>, w: &Words) {
    let side = match obj.remove("side") {
        None => None,
        Some(Value::String(s)) if s == "sente" || s == "gote" => Some(s),
        Some(v) => {
            problems.push((w.invalid)("side", &v.to_string()));
            Some("sente".to_string())
        }
    };
    let mode = match (obj.get("mode").and_then(Value::as_str), side) {
        (Some("vs-computer"), side) | (None, side @ Some(_)) => {
            Some(format!("human-{}", side.as_deref().unwrap_or("sente")))
        }
        (Some("computer-vs-computer"), _) => Some("engine-vs-engine".to_string()),
        _ => None,
    };
    if let Some(mode) = mode {
        obj.insert("mode".into(), mode.into());
    }
    let gote = obj.remove("gote_clock").filter(|g| !g.is_null());
    let Some(sente) = obj.get("clock").and_then(control) else { return };
    let gote = match gote {
        None => sente,
        Some(g) => match control(&g) {
            Some(t) if t.is_valid() => t,
            Some(_) => {
                problems.push(w.gote_clock_invalid.into());
                sente
            }
            None => {
                problems.push((w.invalid)("gote_clock", &g.to_string()));
                sente
            }
        },
    };
    obj.insert("clock".into(), serde_json::json!([sente, gote]));
}

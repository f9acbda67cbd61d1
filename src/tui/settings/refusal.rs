//! The checks a settings field makes beyond its type (a handicap no one plays, a clock with no
//! time, a level of 99), each a `deserialize_with` of a `Settings` field, and why a value was
//! refused. serde's errors carry only text, so a check writes its `Refusal` into the error as
//! JSON and the reader takes it back out typed (`Refusal::of`) to say it in the file's language.

use super::{
    ANALYSIS_LINES, BadName, GAME_ANALYSIS_MS, Level, MIN_MOVE_MS, MOVE_LIMITS, TimeControls,
    check_player_name,
};
use serde::{Deserialize, Deserializer, Serialize, de::Error};

/// Why a value in the settings file was refused; the value's default is used instead.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Refusal {
    /// A number outside `lo..=hi`.
    OutOfRange { lo: u64, hi: u64 },
    /// A clock with no time at all, or more than `TimeControl::clamped` allows.
    Clock,
    /// A 手合割 that is not in `record::HANDICAPS`.
    Handicap,
    /// A move limit outside `MOVE_LIMITS`.
    MoveLimit(u32),
    /// Mark thresholds that do not rise from 1 to 100.
    Thresholds([u32; 4]),
    /// A player name a record cannot hold.
    PlayerName(BadName),
}

/// What starts the text of an error that carries a refusal.
const MARK: &str = "refused: ";

impl Refusal {
    /// The refusal as serde's error.
    fn error<E: Error>(&self) -> E {
        E::custom(format!("{MARK}{}", serde_json::to_string(self).unwrap_or_default()))
    }

    /// The refusal a failed read carries; `None` when no check refused the value (it is not of
    /// the field's type at all).
    pub fn of(e: &serde_json::Error) -> Option<Refusal> {
        e.to_string().strip_prefix(MARK).and_then(|json| serde_json::from_str(json).ok())
    }
}

/// A whole number within `range`.
fn within<'de, D: Deserializer<'de>>(d: D, range: std::ops::RangeInclusive<u64>) -> Result<u64, D::Error> {
    let n = u64::deserialize(d)?;
    if range.contains(&n) {
        Ok(n)
    } else {
        Err(Refusal::OutOfRange { lo: *range.start(), hi: *range.end() }.error())
    }
}

pub(super) fn level<'de, D: Deserializer<'de>>(d: D) -> Result<Level, D::Error> {
    let n = within(d, Level::MIN.get().into()..=Level::MAX.get().into())?;
    Ok(Level::nearest(n as i64))
}

pub(super) fn analysis_lines<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let n = within(d, (*ANALYSIS_LINES.start()).into()..=(*ANALYSIS_LINES.end()).into())?;
    Ok(n as u8)
}

pub(super) fn game_analysis_ms<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    within(d, GAME_ANALYSIS_MS)
}

pub(super) fn min_move_ms<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    within(d, MIN_MOVE_MS)
}

pub(super) fn max_moves<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    match Option::<u32>::deserialize(d)? {
        Some(n) if !MOVE_LIMITS.contains(&n) => Err(Refusal::MoveLimit(n).error()),
        limit => Ok(limit),
    }
}

pub(super) fn clock<'de, D: Deserializer<'de>>(d: D) -> Result<Option<TimeControls>, D::Error> {
    match Option::<TimeControls>::deserialize(d)? {
        Some(tc) if !tc.iter().all(|t| t.is_valid()) => Err(Refusal::Clock.error()),
        tc => Ok(tc),
    }
}

pub(super) fn handicap<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let name = String::deserialize(d)?;
    if crate::record::HANDICAPS.iter().any(|h| h.name == name) {
        Ok(name)
    } else {
        Err(Refusal::Handicap.error())
    }
}

pub(super) fn mark_thresholds<'de, D: Deserializer<'de>>(d: D) -> Result<[u32; 4], D::Error> {
    let v = <[u32; 4]>::deserialize(d)?;
    if v.windows(2).all(|w| w[0] < w[1]) && v[0] >= 1 && v[3] <= 100 {
        Ok(v)
    } else {
        Err(Refusal::Thresholds(v).error())
    }
}

/// The name trimmed, or refused.
pub(super) fn player_name<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    check_player_name(&String::deserialize(d)?).map_err(|why| Refusal::PlayerName(why).error())
}

/// A command of blanks is no command (the built-in engine).
pub(super) fn engine_command<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(Option::<String>::deserialize(d)?.filter(|c| !c.trim().is_empty()))
}

//! Reading settings from JSON text, forgivingly: each field of the file is read on its own by
//! `Settings`' own deserialization, and one that is refused keeps its default and is reported
//! in a sentence that names the field, the value and what is used instead. The field list is
//! serde's (`field_names`), so a new setting needs no line here.

use super::refusal::Refusal;
use super::{KeyNames, SETTINGS_VERSION, Settings};
use crate::tui::text::settings_file::SettingsFileText as Words;
use serde::de::{self, Deserialize, Visitor};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// Settings read from text, with what could not be read.
#[derive(Debug, PartialEq, Eq)]
pub struct Parsed {
    pub settings: Settings,
    /// One sentence per problem (field name, what was wrong, what is used instead).
    pub problems: Vec<String>,
}

/// Reads settings from JSON text, field by field, on top of `base` (the defaults). Never fails:
/// whatever cannot be used is reported in `problems` and takes the default. The problems are
/// told in the language the file sets, else in `base`'s.
pub fn parse(text: &str, base: Settings) -> Parsed {
    // a byte order mark, as some editors write one, is not part of the JSON
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut problems = Vec::new();
    let mut obj = match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(o)) => o,
        Ok(_) => {
            problems.push(Words::of(base.language).not_an_object.into());
            return Parsed { settings: base, problems };
        }
        Err(e) => {
            problems.push((Words::of(base.language).not_json)(&e.to_string()));
            return Parsed { settings: base, problems };
        }
    };
    let language = obj.get("language").and_then(|v| serde_json::from_value(v.clone()).ok());
    let w = Words::of(language.unwrap_or(base.language));
    match obj.get("version").map(Value::as_u64) {
        Some(Some(v)) if v == SETTINGS_VERSION as u64 => {}
        Some(Some(v)) if v > SETTINGS_VERSION as u64 => problems.push((w.newer)(v, SETTINGS_VERSION)),
        Some(Some(1)) => super::version1::upgrade(&mut obj, &mut problems, w),
        _ => {
            problems.push(w.older.into());
            super::version1::upgrade(&mut obj, &mut problems, w);
        }
    }
    let fields = field_names::<Settings>();
    let Ok(Value::Object(mut read)) = serde_json::to_value(&base) else {
        return Parsed { settings: base, problems };
    };
    for &name in fields {
        let Some(value) = obj.get(name) else { continue };
        if name == "version" || name == "keys" {
            continue;
        }
        let before = read.insert(name.to_string(), value.clone());
        if let Err(e) = serde_json::from_value::<Settings>(Value::Object(read.clone())) {
            problems.push(refused(name, value, before.as_ref().unwrap_or(&Value::Null), Refusal::of(&e), w));
            match before {
                Some(using) => read.insert(name.to_string(), using),
                None => read.remove(name),
            };
        }
    }
    let mut settings = serde_json::from_value(Value::Object(read)).unwrap_or(base);
    if let Some(keys) = obj.get("keys") {
        settings.keys = parse_keys(keys, &mut problems);
    }
    let unknown: Vec<&str> = obj.keys().map(String::as_str).filter(|k| !fields.contains(k)).collect();
    if !unknown.is_empty() {
        problems.push((w.unknown_fields)(&unknown.join(", ")));
    }
    settings.version = SETTINGS_VERSION;
    Parsed { settings, problems }
}

/// The sentence for `value` of field `name` refused (`why`, when a check said), `using` kept.
fn refused(name: &str, value: &Value, using: &Value, why: Option<Refusal>, w: &Words) -> String {
    match why {
        Some(Refusal::OutOfRange { lo, hi }) => {
            (w.not_between)(name, &value.to_string(), lo, hi, &shown(using))
        }
        Some(Refusal::Clock) => w.clock_invalid.into(),
        Some(Refusal::Handicap) => (w.unknown_handicap)(&shown(value), &shown(using)),
        Some(Refusal::MoveLimit(n)) => (w.move_limit_out_of_range)(n),
        Some(Refusal::Thresholds(v)) => (w.thresholds)(&format!("{v:?}"), &shown(using)),
        Some(Refusal::PlayerName(why)) => (w.bad_player_name)(why.describe(w.language)),
        None => (w.invalid)(name, &value.to_string()),
    }
}

/// A value as a sentence shows it: text without quotes, a list as `[5, 10, 20, 50]`.
fn shown(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(items) => format!("[{}]", items.iter().map(shown).collect::<Vec<_>>().join(", ")),
        v => v.to_string(),
    }
}

/// The names of `T`'s fields, as its derived `Deserialize` reads them (a struct's names are all
/// it tells a deserializer before it reads).
pub(super) fn field_names<'de, T: Deserialize<'de>>() -> &'static [&'static str] {
    struct Names<'a>(&'a mut &'static [&'static str]);
    impl<'de> de::Deserializer<'de> for Names<'_> {
        type Error = de::value::Error;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
            Err(de::Error::custom("not a struct"))
        }
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Self::Error> {
            *self.0 = fields;
            Err(de::Error::custom("the names are all that is asked"))
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
            option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
            ignored_any
        }
    }
    let mut names: &'static [&'static str] = &[];
    let _ = T::deserialize(Names(&mut names));
    names
}

/// Reads `"keys": {"<action>": "<key>" or ["<key>", ...]}`: the remaps the keymap accepts, and
/// a sentence for each it does not (an unknown action, a name that is not a key, a key another
/// action of the same mode has).
fn parse_keys(v: &Value, problems: &mut Vec<String>) -> BTreeMap<String, KeyNames> {
    let Value::Object(o) = v else {
        problems.push(format!("'keys': {v} is not an object like {{\"undo\": \"z\"}}; no keys remapped"));
        return BTreeMap::new();
    };
    let mut given = BTreeMap::new();
    for (action, keys) in o {
        match serde_json::from_value::<KeyNames>(keys.clone()) {
            Ok(k) => {
                given.insert(action.clone(), k);
            }
            Err(_) => problems.push(format!(
                "'keys': '{action}': {keys} is not a key name or a list of them; it keeps its own"
            )),
        }
    }
    let remaps = given.iter().map(|(a, k)| (a.clone(), k.names())).collect();
    let (map, found) = crate::tui::keymap::Keymap::with_remaps(&remaps);
    problems.extend(found);
    given.into_iter().filter(|(a, _)| map.remaps(a)).collect()
}

/// The object a settings text holds, as the file's fields (for merging a file edited by hand
/// with the app's changes): in this version's layout, or `None` when it is no settings object.
pub(super) fn fields_of(text: &str) -> Option<Map<String, Value>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let Ok(Value::Object(mut obj)) = serde_json::from_str::<Value>(text) else { return None };
    if obj.get("version").and_then(Value::as_u64).is_none_or(|v| v < SETTINGS_VERSION as u64) {
        let w = Words::of(crate::record::Language::En);
        super::version1::upgrade(&mut obj, &mut Vec::new(), w);
    }
    Some(obj)
}

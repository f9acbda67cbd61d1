//! What is said about the settings file (a field that could not be used, a file that could not
//! be read or was kept aside), in Japanese and English; the language is the one the file sets,
//! else the locale's.

use super::Language;

pub struct SettingsFileText {
    pub language: Language,
    pub not_an_object: &'static str,
    /// The JSON error.
    pub not_json: fn(&str) -> String,
    /// The file's version and the version this program reads.
    pub newer: fn(u64, u32) -> String,
    pub older: &'static str,
    /// The field and its value.
    pub invalid: fn(&str, &str) -> String,
    /// The field, its value, the lowest and highest allowed, the value used instead.
    pub not_between: fn(&str, &str, u64, u64, &str) -> String,
    pub clock_invalid: &'static str,
    pub gote_clock_invalid: &'static str,
    /// The 手合割 written and the one used instead.
    pub unknown_handicap: fn(&str, &str) -> String,
    /// The move limit written.
    pub move_limit_out_of_range: fn(u32) -> String,
    /// The thresholds written and the ones used instead.
    pub thresholds: fn(&str, &str) -> String,
    /// The names of the fields ignored.
    pub unknown_fields: fn(&str) -> String,
    /// The file and the system's error.
    pub cannot_read: fn(&str, &str) -> String,
    /// The file and its problems.
    pub kept_until_a_change: fn(&str, &str) -> String,
    /// Between two problems.
    pub separator: &'static str,
    pub no_home: &'static str,
    /// Where the unreadable file was moved.
    pub old_file_kept: fn(&str) -> String,
    /// A player name that cannot go into a record (the reason).
    pub bad_player_name: fn(&str) -> String,
    /// The file's bytes are not UTF-8 text.
    pub not_utf8: &'static str,
    /// The file was edited while the app ran; the edits were kept beside the app's changes.
    pub edits_kept: fn(&str) -> String,
}

impl SettingsFileText {
    pub fn of(language: Language) -> &'static SettingsFileText {
        match language {
            Language::Ja => &JA,
            Language::En => &EN,
        }
    }
}

pub static EN: SettingsFileText = SettingsFileText {
    language: Language::En,
    not_an_object: "not a settings object; using the defaults",
    not_json: |e| format!("not valid JSON ({e}); using the defaults"),
    newer: |v, ours| {
        format!("written by a newer shogiban (version {v}, this one reads {ours}); read what it could")
    },
    older: "from an older shogiban (no version); read what it could",
    invalid: |name, v| format!("'{name}': {v} is not a valid value; using the default"),
    not_between: |name, v, lo, hi, using| {
        format!("'{name}': {v} is not between {lo} and {hi}; using {using}")
    },
    clock_invalid: "'clock': the time is zero or too long; no clock",
    gote_clock_invalid: "'gote_clock': the time is zero or too long; ☖ has ☗'s clock",
    unknown_handicap: |v, using| format!("'handicap': {v} is not a known 手合割 (handicap); using {using}"),
    move_limit_out_of_range: |n| format!("'max_moves': {n} is not between 2 and 10000; no limit"),
    thresholds: |v, using| {
        format!("'mark_thresholds': {v} are not rising percentages from 1 to 100; using {using}")
    },
    unknown_fields: |names| format!("unknown fields ignored: {names}"),
    cannot_read: |p, e| format!("{p}: cannot be read ({e}); using the defaults"),
    kept_until_a_change: |p, problems| {
        format!("{p}: {problems}. The file is kept as it is until a setting changes.")
    },
    separator: "; ",
    no_home: "no home directory: settings will not be saved",
    old_file_kept: |p| format!("the old settings file was kept as {p}"),
    bad_player_name: |why| format!("'player_name': {why}; using none"),
    not_utf8: "not UTF-8 text (saved as Shift_JIS?); using the defaults",
    edits_kept: |p| {
        format!(
            "{p} was edited while shogiban ran: the edits are kept beside this change (some take effect at the next launch)"
        )
    },
};

pub static JA: SettingsFileText = SettingsFileText {
    language: Language::Ja,
    not_an_object: "設定の形になっていません。既定の設定を使います",
    not_json: |e| format!("JSON として読めません ({e})。既定の設定を使います"),
    newer: |v, ours| {
        format!(
            "新しい shogiban で書かれています (版 {v}、この版が読むのは {ours})。読める項目だけ読みました"
        )
    },
    older: "古い shogiban で書かれています (版の記載なし)。読める項目だけ読みました",
    invalid: |name, v| format!("「{name}」: {v} は使えない値です。既定値を使います"),
    not_between: |name, v, lo, hi, using| {
        format!("「{name}」: {v} は {lo} から {hi} の範囲外です。{using} を使います")
    },
    clock_invalid: "「clock」: 持ち時間が 0 か長すぎます。時計なしにします",
    gote_clock_invalid: "「gote_clock」: 持ち時間が 0 か長すぎます。☖も☗と同じ持ち時間にします",
    unknown_handicap: |v, using| format!("「handicap」: {v} という手合割はありません。{using} を使います"),
    move_limit_out_of_range: |n| {
        format!("「max_moves」: {n} は 2 から 10000 の範囲外です。手数制限なしにします")
    },
    thresholds: |v, using| {
        format!("「mark_thresholds」: {v} は 1 から 100 の増えていく百分率ではありません。{using} を使います")
    },
    unknown_fields: |names| format!("知らない項目を無視しました: {names}"),
    cannot_read: |p, e| format!("{p} を読めません ({e})。既定の設定を使います"),
    kept_until_a_change: |p, problems| {
        format!("{p}: {problems}。設定を変えるまでファイルはそのまま残します。")
    },
    separator: "。",
    no_home: "ホームフォルダがないため設定を保存できません",
    old_file_kept: |p| format!("前の設定ファイルを {p} として残しました"),
    bad_player_name: |why| format!("「player_name」: {why}。名前なしにします"),
    not_utf8: "UTF-8 のテキストではありません (Shift_JIS で保存されていますか？)。既定の設定を使います",
    edits_kept: |p| {
        format!(
            "{p} は起動中に編集されていました。編集はこの変更とともに残しました (次の起動から効くものもあります)"
        )
    },
};

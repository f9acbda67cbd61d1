//! Interface text of clocks and take-backs (待った), the time controls of the new-game dialog,
//! reviewing a record and help during a game, in Japanese and English; reached as
//! `Text::clocks`.

pub struct ClockText {
    /// Play reopens after an ending was taken back: the side to move, and its clock if timed.
    pub reopened: fn(&str, Option<&str>) -> String,
    /// Moves taken back (in KI2), and whether the clocks were set back to the record's times.
    pub taken_back: fn(&str, bool) -> String,
    /// The consent popup's title.
    pub takeback_title: &'static str,
    /// Hot-seat on the clock: the side asked (to move), the side asking and its move (the
    /// answers' keys follow it).
    pub takeback_question: fn(&str, &str, &str) -> String,
    /// The side that said no.
    pub takeback_refused: fn(&str) -> String,
    /// Which side's clock the keys change: the key that changes it, the side (both, ☗, ☖).
    pub clock_side_line: fn(&str, &str) -> String,
    /// Which side's clock the keys change: both, ☗, ☖.
    pub clock_sides: [&'static str; 3],
    /// Said with a time-out in a game: how to take it back.
    pub time_up_undo: &'static str,
    /// The status line's word for a record under review.
    pub review_mode: &'static str,
    /// `a` or `i` refused in a game against the computer.
    pub no_help_in_game: &'static str,
    /// The byoyomi count setting's values: bell, flash, off.
    pub byoyomi_counts: [&'static str; 3],
}

pub static EN: ClockText = ClockText {
    reopened: |side, clock| match clock {
        Some(c) => format!("play reopens here: {side} to move, {c} on the clock"),
        None => format!("play reopens here: {side} to move"),
    },
    taken_back: |moves, timed| {
        if timed {
            format!("taken back (待った): {moves}; the clocks are as the record has them here")
        } else {
            format!("taken back (待った): {moves}")
        }
    },
    takeback_title: " Take back? (待った) ",
    takeback_question: |asked, asking, mv| format!("{asked}: let {asking} take back {mv}?"),
    takeback_refused: |side| format!("{side} said no: the move stands"),
    clock_side_line: |key, side| format!("{key} for whom: {side} (time odds)"),
    clock_sides: ["both sides", "☗ only", "☖ only"],
    time_up_undo: "u takes it back",
    review_mode: "review",
    no_help_in_game: "analysis and hints are off in a game against the computer (settings: analysis and hints in games)",
    byoyomi_counts: ["terminal bell", "flash the clock", "off"],
};

pub static JA: ClockText = ClockText {
    reopened: |side, clock| match clock {
        Some(c) => format!("ここから対局再開: {side}の手番 (時計 {c})"),
        None => format!("ここから対局再開: {side}の手番"),
    },
    taken_back: |moves, timed| {
        if timed {
            format!("待った: {moves} を戻しました。時計は棋譜のこの局面の時間です")
        } else {
            format!("待った: {moves} を戻しました")
        }
    },
    takeback_title: " 待った ",
    takeback_question: |asked, asking, mv| format!("{asked}: {asking}の {mv} の待ったを認めますか?"),
    takeback_refused: |side| format!("{side}が待ったを認めませんでした"),
    clock_side_line: |key, side| format!("{key} 対象: {side} (時間差)"),
    clock_sides: ["両者", "☗のみ", "☖のみ"],
    time_up_undo: "u で取り消し",
    review_mode: "棋譜再生",
    no_help_in_game: "コンピュータとの対局中は検討・ヒントを使えません (設定: 対局中の検討・ヒント)",
    byoyomi_counts: ["ベル", "時計を点滅", "なし"],
};

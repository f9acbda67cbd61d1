//! Interface text of the game library (棋譜一覧), in Japanese and English; reached as
//! `Text::library`.

pub struct LibraryText {
    pub title: &'static str,
    pub scanning: &'static str,
    /// No record found; the folders looked in.
    pub empty: fn(&str) -> String,
    /// How many records match the filter, of how many.
    pub count: fn(usize, usize) -> String,
    /// Record files found past the scan's limit and left out, and the limit.
    pub left_out: fn(usize, usize) -> String,
    pub filter_prompt: &'static str,
    /// What the filter looks in (the keys are in the key bar).
    pub keys: &'static str,
    /// In place of `keys` while only the games that reached the board's position are listed.
    pub only_here: &'static str,
    pub recent: &'static str,
    pub documents: &'static str,
    pub saved: &'static str,
    pub previous: &'static str,
    /// A record that could not be read: why.
    pub unreadable: fn(&str) -> String,
    /// Moves in a record.
    pub moves: fn(usize) -> String,
    pub unfinished: &'static str,
    pub sente_won: &'static str,
    pub gote_won: &'static str,
    pub draw: &'static str,
    /// The names of ☗ and ☖, which the filter finds them by.
    pub mark_names: [&'static str; 2],
    pub opening: fn(&str) -> String,
    /// The file and how many moves were read.
    pub opened: fn(&str, usize) -> String,
    /// The file and what went wrong.
    pub open_failed: fn(&str, &str) -> String,
    pub leave_mode_first: &'static str,
    pub preview: &'static str,
    pub explorer_title: &'static str,
    /// A number of games.
    pub explorer_games: fn(usize) -> String,
    /// Before the book's moves.
    pub explorer_book: &'static str,
    pub explorer_no_book: &'static str,
    pub explorer_no_games: &'static str,
    /// Before the games that reached the position.
    pub explorer_reached: &'static str,
    /// Where a game reached the position: after this many moves (0: the start).
    pub explorer_at: fn(usize) -> String,
    /// The explorer shown; the key that hides it.
    pub explorer_on: fn(&str) -> String,
    pub explorer_off: &'static str,
}

pub static EN: LibraryText = LibraryText {
    title: "Game library",
    scanning: "looking for records…",
    empty: |dirs| format!("no records found (looked in the recent files and {dirs})"),
    count: |shown, all| {
        if shown == all { format!("{all} records") } else { format!("{shown} of {all} records") }
    },
    left_out: |n, limit| format!("{n} older files left out (the newest {limit} are read)"),
    filter_prompt: "filter: ",
    keys: "type to filter by player, date, result or file name",
    only_here: "only the games that reached the position on the board (Enter opens there)",
    recent: "recent",
    documents: "documents",
    saved: "saved",
    previous: "earlier",
    unreadable: |why| format!("cannot be read: {why}"),
    moves: |n| format!("{n} moves"),
    unfinished: "unfinished",
    sente_won: "☗ won",
    gote_won: "☖ won",
    draw: "draw",
    mark_names: ["sente", "gote"],
    opening: |f| format!("opening {f}…"),
    opened: |f, n| format!("opened {f} ({n} moves)"),
    open_failed: |f, why| format!("cannot open {f}: {why}"),
    leave_mode_first: "leave the editor, tsume or learn mode first",
    preview: "final position",
    explorer_title: "Explorer",
    explorer_games: |n| if n == 1 { "1 game".into() } else { format!("{n} games") },
    explorer_book: "book:",
    explorer_no_book: "nothing here",
    explorer_no_games: "no game in the library played on from here",
    explorer_reached: "games that reached this position:",
    explorer_at: |ply| if ply == 0 { "at the start".into() } else { format!("after move {ply}") },
    explorer_on: |key| {
        format!("explorer on: the book's and the library's moves from the position shown ({key} hides it)")
    },
    explorer_off: "explorer off",
};

pub static JA: LibraryText = LibraryText {
    title: "棋譜一覧",
    scanning: "棋譜を探しています…",
    empty: |dirs| format!("棋譜が見つかりません（最近のファイルと {dirs} を探しました）"),
    count: |shown, all| if shown == all { format!("{all} 局") } else { format!("{all} 局中 {shown} 局") },
    left_out: |n, limit| format!("古い {n} ファイルは省きました (新しい {limit} ファイルまで読みます)"),
    filter_prompt: "絞り込み: ",
    keys: "対局者・日付・結果・ファイル名で絞り込み (文字を入力)",
    only_here: "盤面の局面を通った対局のみ (Enter でその局面から開く)",
    recent: "最近",
    documents: "書類",
    saved: "保存",
    previous: "過去",
    unreadable: |why| format!("読めません: {why}"),
    moves: |n| format!("{n}手"),
    unfinished: "未終局",
    sente_won: "先手勝ち",
    gote_won: "後手勝ち",
    draw: "引き分け",
    mark_names: ["先手", "後手"],
    opening: |f| format!("{f} を開いています…"),
    opened: |f, n| format!("{f} を開きました（{n}手）"),
    open_failed: |f, why| format!("{f} を開けません: {why}"),
    leave_mode_first: "局面編集・詰将棋・復習を終えてから開いてください",
    preview: "最終局面",
    explorer_title: "序盤研究",
    explorer_games: |n| format!("{n}局"),
    explorer_book: "定跡:",
    explorer_no_book: "なし",
    explorer_no_games: "棋譜一覧にこの局面から指された対局はありません",
    explorer_reached: "この局面を通った対局:",
    explorer_at: |ply| if ply == 0 { "開始局面".into() } else { format!("{ply}手目") },
    explorer_on: |key| format!("序盤研究: 表示中の局面の定跡と棋譜一覧の指し手 ({key} で閉じる)"),
    explorer_off: "序盤研究を閉じました",
};

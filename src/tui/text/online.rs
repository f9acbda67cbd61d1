//! The interface text of online play (CSA server), in Japanese and English, beside the rest of
//! the interface text (`super::Text`).

use super::Language;
use crate::online::{GameEnd, GameSummary, Reason, Verdict};

pub struct OnlineText {
    pub mode_label: &'static str,
    /// The stages in the status line: dialog, connecting, lobby, waiting, summary, playing,
    /// ended, closed.
    pub stages: [&'static str; 8],
    pub dialog_title: &'static str,
    /// The dialog's labels, in `FormField::ALL` order.
    pub fields: [&'static str; 10],
    /// Who plays: the player, the built-in engine at a level, the external engine by name.
    pub play_as_me: &'static str,
    pub play_as_builtin: fn(u8) -> String,
    pub play_as_external: fn(&str) -> String,
    /// A move from the board while the engine plays for the player.
    pub engine_plays: &'static str,
    /// The engine playing for the player stopped (why): the player plays on.
    pub engine_stopped: fn(&str) -> String,
    /// The study panel's title while the engine plays for the player (its depth, 0 before
    /// the first).
    pub engine_title: fn(u32) -> String,
    /// Any side, sente, gote.
    pub sides: [&'static str; 3],
    pub yes_no: [&'static str; 2],
    /// Before the dialog's keys: printable keys type into a text field.
    pub dialog_typing: &'static str,
    pub bad_host: &'static str,
    pub bad_port: fn(&str) -> String,
    pub bad_user: &'static str,
    pub bad_password: &'static str,
    pub bad_game: &'static str,
    pub leave_first: &'static str,
    pub dialog_opened: &'static str,
    pub connecting: fn(&str) -> String,
    pub dialog_cancelled: &'static str,
    pub resign_to_leave: &'static str,
    pub logging_out: &'static str,
    pub agreed: &'static str,
    pub rejected_by_you: &'static str,
    pub go_to_end: &'static str,
    pub move_sent: fn(&str) -> String,
    pub not_your_turn: &'static str,
    pub awaiting_echo: &'static str,
    pub game_over: &'static str,
    pub no_game: &'static str,
    pub resign_sent: &'static str,
    pub declare_sent: &'static str,
    pub not_connected: &'static str,
    pub x1_hint: &'static str,
    pub not_in_lobby: &'static str,
    pub asked_for_game: fn(&str) -> String,
    pub line_too_long: fn(usize) -> String,
    pub server_closed: &'static str,
    pub cannot_connect: fn(&str) -> String,
    pub connection_lost: fn(&str) -> String,
    pub connection_lost_idle: fn(&str) -> String,
    pub logged_out: &'static str,
    pub logged_in_x1: &'static str,
    pub waiting_for: fn(&str) -> String,
    pub login_refused: &'static str,
    pub summary_arrived: &'static str,
    pub bad_summary: fn(&str) -> String,
    /// You play sente; it is your move.
    pub started: fn(bool, bool) -> String,
    pub rejected: fn(&str) -> String,
    pub opponent_moved: fn(&str) -> String,
    /// The end in plain words, the players' names (sente, gote) given.
    pub ended: fn(&GameEnd, [&str; 2]) -> String,
    /// The line and why it cannot be followed.
    pub broken: fn(&str, &str) -> String,
    pub watching: fn(&str, usize) -> String,
    /// A watched game ended: its id, its length and its ending (投了 …).
    pub watched_ended: fn(&str, usize, &str) -> String,
    /// No answer to LOGIN within so many seconds.
    pub login_timeout: fn(u64) -> String,
    /// No answer to LOGOUT: the connection was closed anyway.
    pub logout_timeout: &'static str,
    /// The server sent something odd, dealt with as said.
    pub server_warning: fn(&str) -> String,
    pub watch_unreadable: fn(&str, &str) -> String,
    /// A board key held during an online game.
    pub held_in_game: &'static str,
    /// A board key held while online play is on, no game being played.
    pub leave_online_first: &'static str,
    pub password_not_kept: fn(&str) -> String,
    pub waiting_title: &'static str,
    /// The game name and the time waited, in seconds.
    pub waiting_body: fn(&str, u64) -> String,
    pub connecting_body: &'static str,
    /// The keys while connecting or waiting: the cancel key, the protocol window's.
    pub waiting_keys: fn(&str, &str) -> String,
    pub summary_title: &'static str,
    /// After the summary's answers: the protocol window's key.
    pub protocol_window: fn(&str) -> String,
    pub summary_lines: fn(&GameSummary) -> Vec<String>,
    pub protocol_title: &'static str,
    pub lobby_title: &'static str,
    pub lobby_body: &'static str,
    /// The key line of the server's list shown over a game.
    pub list_keys: &'static str,
    pub chat_title: &'static str,
    pub closed_keys: &'static str,
    pub watch_prompt: &'static str,
    pub chat_prompt: &'static str,
    pub save_offer: &'static str,
    pub lost_title: &'static str,
    /// Quitting while a game is on.
    pub quit_leaves_game: &'static str,
    pub save_question: &'static str,
}

impl OnlineText {
    pub fn of(lang: Language) -> &'static OnlineText {
        match lang {
            Language::Ja => &JA,
            Language::En => &EN,
        }
    }
}

fn ended_en(end: &GameEnd, names: [&str; 2]) -> String {
    format!("{} {}", end.sentence(names), "(s saves the record, N the next game, X leaves)")
}

fn ended_ja(end: &GameEnd, names: [&str; 2]) -> String {
    let winner = end.winner().map(|c| names[c.index()]);
    let loser = end.winner().map(|c| names[c.flip().index()]);
    let (w, l) = (winner.unwrap_or("一方"), loser.unwrap_or("一方"));
    let declared = end.special.as_deref() == Some("KACHI");
    let why = match end.reason {
        Reason::Resign => format!("{l}の投了"),
        Reason::TimeUp => format!("{l}の時間切れ"),
        Reason::IllegalMove if declared => format!("{l}の入玉宣言が条件を満たさず"),
        Reason::IllegalMove => format!("{l}の反則"),
        Reason::Sennichite => "千日手".to_string(),
        Reason::OuteSennichite => format!("{l}の連続王手の千日手"),
        Reason::Jishogi if winner.is_some() => format!("{w}の入玉宣言"),
        Reason::Jishogi => "持将棋".to_string(),
        Reason::MaxMoves => "手数制限に到達".to_string(),
        Reason::Chudan => "中断".to_string(),
        Reason::Censored => "打ち切り".to_string(),
    };
    let result = match end.verdict {
        Verdict::Win => "あなたの勝ち",
        Verdict::Lose => "あなたの負け",
        Verdict::Draw => "引き分け",
        Verdict::Censored | Verdict::Chudan => "勝敗なし",
    };
    format!("{result}: {why}。(s で棋譜を保存、N で次の対局、X で終了)")
}

fn summary_ja(s: &GameSummary) -> Vec<String> {
    let side =
        |c: crate::core::Color| if c == crate::core::Color::Black { "先手 ☗" } else { "後手 ☖" };
    let t = &s.time;
    let secs = |ms: u64| {
        if ms.is_multiple_of(1000) {
            format!("{}秒", ms / 1000)
        } else {
            format!("{}秒", ms as f64 / 1000.0)
        }
    };
    let mut time =
        if t.is_untimed() { "なし".to_string() } else { format!("持ち時間 {}", secs(t.total_ms)) };
    if t.byoyomi_ms > 0 {
        time.push_str(&format!("、秒読み {}", secs(t.byoyomi_ms)));
    }
    if t.increment_ms > 0 {
        time.push_str(&format!("、1手ごとに {} 加算 (フィッシャー)", secs(t.increment_ms)));
    }
    if t.least_per_move_ms > 0 {
        time.push_str(&format!("、1手最低 {}", secs(t.least_per_move_ms)));
    }
    let mut out = vec![
        format!("対局 {}", s.game_id),
        format!("あなたは{}、相手は {} ({})", side(s.my_color), s.opponent(), side(s.my_color.flip())),
        format!("時間: {time}"),
        format!("手合割: {}", s.handicap().unwrap_or("平手")),
    ];
    let played = s.record.main_line().len();
    if played > 0 {
        out.push(format!("{played}手目から再開"));
    }
    out.push(match s.max_moves.filter(|&n| n > 0) {
        Some(n) => format!("最大手数: {n}"),
        None => "最大手数: なし".to_string(),
    });
    out
}

fn summary_en(s: &GameSummary) -> Vec<String> {
    let mut out = s.describe();
    if s.handicap().is_none() {
        out.push("Handicap: none (even game).".into());
    }
    if s.max_moves.is_none_or(|n| n == 0) {
        out.push("No move limit.".into());
    }
    out
}

pub static EN: OnlineText = OnlineText {
    mode_label: "online (CSA server)",
    stages: [
        "not connected",
        "connecting",
        "logged in (x1)",
        "waiting",
        "game proposed",
        "playing",
        "game over",
        "disconnected",
    ],
    dialog_title: "Play online (CSA server)",
    fields: [
        "server",
        "port",
        "user name",
        "password",
        "game name",
        "side",
        "agree by itself",
        "extended mode (x1)",
        "remember the password",
        "play as",
    ],
    play_as_me: "me",
    play_as_builtin: |n| format!("the built-in engine, level {n}"),
    play_as_external: |name| format!("the external engine {name}"),
    engine_plays: "the engine plays for you: watch it, or resign for it (R)",
    engine_stopped: |why| format!("the engine stopped ({why}): you play on"),
    engine_title: |depth| match depth {
        0 => " The engine plays for you ".to_string(),
        d => format!(" The engine plays for you  depth {d} "),
    },
    sides: ["any (the server decides)", "☗ sente", "☖ gote"],
    yes_no: ["yes", "no"],
    dialog_typing: "type",
    bad_host: "the server is empty or has a space in it",
    bad_port: |p| format!("the port '{p}' is not a number from 1 to 65535"),
    bad_user: "the user name must be letters, digits, _ or - (and not empty)",
    bad_password: "the password is empty or has a space in it (the protocol cannot send that)",
    bad_game: "the game name must be NAME-TOTAL-BYOYOMI (casual-600-10) or NAME-TOTAL-INCREMENTF (floodgate-300-10F)",
    leave_first: "an online session is on: leave it first (X)",
    dialog_opened: "online play: fill in the server and Enter connects",
    connecting: |p| format!("connecting to {p} …"),
    dialog_cancelled: "online play cancelled",
    resign_to_leave: "a game is on: resign (R) to end it first",
    logging_out: "logging out …",
    agreed: "agreed: waiting for the game to start",
    rejected_by_you: "you rejected the game",
    go_to_end: "go to the last move (]) to play",
    move_sent: |l| format!("sent {l}: waiting for the server"),
    not_your_turn: "it is not your turn",
    awaiting_echo: "your move was sent: the server has not answered it yet",
    game_over: "the game is over",
    no_game: "no game is on",
    resign_sent: "resigned (%TORYO sent)",
    declare_sent: "impasse declared (%KACHI sent): the server judges it",
    not_connected: "not connected",
    x1_hint: "tick 'extended mode (x1)' in the dialog",
    not_in_lobby: "a game is asked for in the extended mode (x1), when no game is on",
    asked_for_game: |g| format!("asked for a game '{g}': waiting for an opponent"),
    line_too_long: |n| format!("the server sent a line of {n} bytes: too long, dropped"),
    server_closed: "the server closed the connection",
    cannot_connect: |w| format!("cannot connect: {w}"),
    connection_lost: |w| {
        format!("the connection to the server was lost ({w}): the record so far is kept; s saves it")
    },
    connection_lost_idle: |w| format!("the connection to the server was lost ({w})"),
    logged_out: "logged out",
    logged_in_x1: "logged in (x1): N asks for a game, W who is on, G games, w watch, c chat",
    waiting_for: |g| format!("logged in: waiting for an opponent for '{g}'"),
    login_refused: "the server refused the login: check the user name and the password",
    summary_arrived: "a game is proposed: y agrees, n rejects",
    bad_summary: |w| format!("the server's game summary cannot be played ({w}): rejected"),
    started: |sente, to_move| {
        let side = if sente { "☗ sente" } else { "☖ gote" };
        let turn = if to_move { "your move" } else { "the opponent's move" };
        format!("the game has started: you play {side}; {turn}")
    },
    rejected: |by| {
        if by.is_empty() {
            "the game was called off".into()
        } else {
            format!("the game was called off by {by}")
        }
    },
    opponent_moved: |m| format!("the opponent played {m}"),
    ended: ended_en,
    broken: |l, w| {
        format!(
            "the server sent '{l}', which cannot be followed ({w}); the record so far is kept (s saves it)"
        )
    },
    watching: |g, n| format!("watching {g}: move {n}"),
    watched_ended: |g, n, e| format!("watched {g} to its end: {e} after {n} moves"),
    login_timeout: |s| format!("no answer to LOGIN within {s} s"),
    logout_timeout: "the server did not answer LOGOUT: disconnected",
    server_warning: |w| format!("the server: {w}"),
    watch_unreadable: |g, e| format!("the watched game {g} cannot be read: {e}"),
    held_in_game: "an online game is on: no take-backs, engine or analysis until it ends",
    leave_online_first: "online play is on: leave it first (X)",
    password_not_kept: |w| format!("the password was not remembered: {w}"),
    waiting_title: "Waiting",
    waiting_body: |g, s| format!("Waiting for an opponent for '{g}' … {}:{:02}", s / 60, s % 60),
    connecting_body: "Connecting and logging in …",
    waiting_keys: |esc, p| format!("{esc} cancels (logs out) · {p} protocol window"),
    summary_title: "Game proposed",
    protocol_window: |p| format!("{p} protocol window"),
    summary_lines: summary_en,
    protocol_title: "Protocol (→ sent, ← received)",
    lobby_title: "Extended mode (x1)",
    lobby_body: "N ask for a game · W who · G games · w watch · c chat · X leave",
    list_keys: "any key closes",
    chat_title: "Chat",
    closed_keys: "s saves the record · X leaves",
    watch_prompt: "game id to watch",
    chat_prompt: "chat",
    save_offer: "s saves the record",
    lost_title: "Connection lost",
    quit_leaves_game: "An online game is on: quitting cuts the connection, and the server may count it as a loss.",
    save_question: "Save the record now?",
};

pub static JA: OnlineText = OnlineText {
    mode_label: "オンライン対局 (CSAサーバ)",
    stages: ["未接続", "接続中", "ログイン中 (x1)", "対局待ち", "対局の提案", "対局中", "終局", "切断"],
    dialog_title: "オンライン対局 (CSAサーバ)",
    fields: [
        "サーバ",
        "ポート",
        "ユーザ名",
        "パスワード",
        "対局名",
        "手番",
        "自動で同意",
        "拡張モード (x1)",
        "パスワードを記憶",
        "指し手",
    ],
    play_as_me: "自分",
    play_as_builtin: |n| format!("内蔵エンジン レベル{n}"),
    play_as_external: |name| format!("外部エンジン {name}"),
    engine_plays: "エンジンが代わりに指しています: 見守るか、代わりに投了できます (R)",
    engine_stopped: |why| format!("エンジンが止まりました ({why}): 続きはあなたが指します"),
    engine_title: |depth| match depth {
        0 => " エンジンが代わりに指しています ".to_string(),
        d => format!(" エンジンが代わりに指しています  深さ{d} "),
    },
    sides: ["どちらでも (サーバが決める)", "☗ 先手", "☖ 後手"],
    yes_no: ["はい", "いいえ"],
    dialog_typing: "入力",
    bad_host: "サーバが空か、空白を含んでいます",
    bad_port: |p| format!("ポート '{p}' は 1〜65535 の数ではありません"),
    bad_user: "ユーザ名は英数字・_・- で (空にはできません)",
    bad_password: "パスワードが空か、空白を含んでいます (プロトコルで送れません)",
    bad_game: "対局名は 名前-持ち時間-秒読み (casual-600-10) か 名前-持ち時間-加算F (floodgate-300-10F) の形にしてください",
    leave_first: "オンライン対局中です: 先に終えてください (X)",
    dialog_opened: "オンライン対局: サーバを入力して Enter で接続",
    connecting: |p| format!("{p} に接続中 …"),
    dialog_cancelled: "オンライン対局を取り消しました",
    resign_to_leave: "対局中です: 終えるには投了 (R)",
    logging_out: "ログアウト中 …",
    agreed: "同意しました: 対局開始を待っています",
    rejected_by_you: "対局を拒否しました",
    go_to_end: "指すには最終局面へ (])",
    move_sent: |l| format!("{l} を送信: サーバの応答待ち"),
    not_your_turn: "相手の手番です",
    awaiting_echo: "指し手を送信済み: サーバの応答を待っています",
    game_over: "対局は終わりました",
    no_game: "対局中ではありません",
    resign_sent: "投了しました (%TORYO を送信)",
    declare_sent: "入玉宣言しました (%KACHI を送信): サーバが判定します",
    not_connected: "接続していません",
    x1_hint: "接続画面で「拡張モード (x1)」を選んでください",
    not_in_lobby: "対局の申し込みは拡張モード (x1) で対局していないときにできます",
    asked_for_game: |g| format!("対局 '{g}' を申し込みました: 相手を待っています"),
    line_too_long: |n| format!("サーバから {n} バイトの長すぎる行が届いたので捨てました"),
    server_closed: "サーバが接続を閉じました",
    cannot_connect: |w| format!("接続できません: {w}"),
    connection_lost: |w| format!("サーバとの接続が切れました ({w}): ここまでの棋譜は残っています。s で保存"),
    connection_lost_idle: |w| format!("サーバとの接続が切れました ({w})"),
    logged_out: "ログアウトしました",
    logged_in_x1: "ログインしました (x1): N 対局申込 · W ログイン中 · G 対局一覧 · w 観戦 · c チャット",
    waiting_for: |g| format!("ログインしました: '{g}' の相手を待っています"),
    login_refused: "サーバがログインを拒否しました: ユーザ名とパスワードを確かめてください",
    summary_arrived: "対局の提案が届きました: y で同意、n で拒否",
    bad_summary: |w| format!("サーバの対局条件が読めないため拒否しました ({w})"),
    started: |sente, to_move| {
        let side = if sente { "☗ 先手" } else { "☖ 後手" };
        let turn = if to_move { "あなたの手番" } else { "相手の手番" };
        format!("対局開始: あなたは{side}、{turn}です")
    },
    rejected: |by| {
        if by.is_empty() {
            "対局は取り消されました".into()
        } else {
            format!("{by} が対局を取り消しました")
        }
    },
    opponent_moved: |m| format!("相手の指し手 {m}"),
    ended: ended_ja,
    broken: |l, w| format!("サーバの行 '{l}' をたどれません ({w})。ここまでの棋譜は残っています (s で保存)"),
    watching: |g, n| format!("{g} を観戦中: {n}手目"),
    watched_ended: |g, n, e| format!("{g} の観戦終了: {n}手で{e}"),
    login_timeout: |s| format!("{s}秒以内に LOGIN の応答がありません"),
    logout_timeout: "サーバが LOGOUT に応答しないため切断しました",
    server_warning: |w| format!("サーバ: {w}"),
    watch_unreadable: |g, e| format!("観戦中の {g} が読めません: {e}"),
    held_in_game: "オンライン対局中は使えません (待った・エンジン・検討なし)",
    leave_online_first: "オンライン対局中は使えません: 先に終えてください (X)",
    password_not_kept: |w| format!("パスワードを記憶できませんでした: {w}"),
    waiting_title: "対局待ち",
    waiting_body: |g, s| format!("'{g}' の相手を待っています … {}:{:02}", s / 60, s % 60),
    connecting_body: "接続してログイン中 …",
    waiting_keys: |esc, p| format!("{esc} 取消 (ログアウト) · {p} 通信ログ"),
    summary_title: "対局の提案",
    protocol_window: |p| format!("{p} 通信ログ"),
    summary_lines: summary_ja,
    protocol_title: "通信ログ (→ 送信、← 受信)",
    lobby_title: "拡張モード (x1)",
    lobby_body: "N 対局申込 · W ログイン中 · G 対局一覧 · w 観戦 · c チャット · X 終了",
    list_keys: "どれかのキーで閉じる",
    chat_title: "チャット",
    closed_keys: "s 棋譜を保存 · X 終了",
    watch_prompt: "観戦する対局ID",
    chat_prompt: "チャット",
    save_offer: "s で棋譜を保存",
    lost_title: "接続が切れました",
    quit_leaves_game: "オンライン対局中です: 終了すると接続が切れ、サーバは負けと扱うことがあります。",
    save_question: "棋譜を保存しますか?",
};

//! Interface text of the record tools (comments, moving through a record, paste and copy), in
//! Japanese and English; reached as `Text::review`.

pub struct ReviewText {
    /// The comment editor's title: the move (or the start position) commented.
    pub comment_title: fn(&str) -> String,
    pub comment_keys: &'static str,
    /// The comment editor's question (the answers' keys follow it).
    pub comment_ask: &'static str,
    pub comment_kept: &'static str,
    pub comment_removed: &'static str,
    pub comment_unchanged: &'static str,
    pub comment_node_gone: &'static str,
    /// The comment panel's title.
    pub comment_panel: &'static str,
    pub times_on: &'static str,
    pub times_off: &'static str,
    pub prompt_goto: &'static str,
    /// The last move number of the line shown.
    pub prompt_goto_hint: fn(usize) -> String,
    /// The text typed.
    pub goto_not_a_number: fn(&str) -> String,
    /// The number asked for and the last move of the line.
    pub goto_past_end: fn(usize, usize) -> String,
    pub no_variations: &'static str,
    pub variations_title: &'static str,
    pub main_line: &'static str,
    /// The move and how many moves go with it (the answers' keys follow it).
    pub delete_question: fn(&str, usize) -> String,
    /// The move.
    pub promoted: fn(&str) -> String,
    /// The move and how many moves went.
    pub deleted: fn(&str, usize) -> String,
    pub wait_for_analysis: &'static str,
    /// A move of the analysis or the explorer chosen: the move, and the key that plays it.
    pub candidate_chosen: fn(&str, &str) -> String,
    /// A chosen move played, or a piece picked up, while the computer is to move.
    pub computer_to_move: &'static str,
    /// A piece picked up after the game ended.
    pub game_is_over: &'static str,
    /// No move to choose: the keys of the analysis and the explorer.
    pub no_candidates: fn(&str, &str) -> String,
    /// Pasting a record or changing the record's lines in the position editor or tsume mode.
    pub leave_mode_first: &'static str,
    /// The format's name and the number of moves.
    pub pasted: fn(&str, usize) -> String,
    /// The start of the pasted text.
    pub paste_unknown: fn(&str) -> String,
    /// The format's name and what was wrong.
    pub paste_failed: fn(&str, &str) -> String,
    /// The format's name and the first warning.
    pub pasted_with_warning: fn(&str, &str) -> String,
    pub copied_position: &'static str,
    /// The number of moves.
    pub copied_record: fn(usize) -> String,
    /// The analysis panel's title while analysing: depth and speed (`12k`).
    pub analysis_title: fn(u32, &str) -> String,
    /// The analysis panel's title before the first line, and in review.
    pub analysis_waiting: &'static str,
    pub review_title: &'static str,
    /// The whole-game analysis' progress (done, total).
    pub game_analysis_title: fn(usize, usize) -> String,
    /// Before the better line of a marked move.
    pub best: &'static str,
    /// A variation chosen: which of how many.
    pub variation_of: fn(usize, usize) -> String,
    /// A marked move reached: its number and the mark.
    pub marked_move: fn(usize, crate::record::annotation::Mark) -> String,
    /// The byoyomi seconds left.
    pub byoyomi: fn(u64) -> String,
}

fn moves(n: usize) -> String {
    if n == 1 { "1 move".into() } else { format!("{n} moves") }
}

pub static EN: ReviewText = ReviewText {
    analysis_title: |depth, nps| format!(" Analysis (検討)  depth {depth}  {nps} nps "),
    analysis_waiting: " Analysis (検討) ",
    review_title: " Analysis ",
    game_analysis_title: |done, total| format!(" Game analysis (棋譜解析) {done}/{total} "),
    best: "best",
    variation_of: |i, n| format!("variation {i} of {n}"),
    marked_move: |ply, mark| {
        use crate::record::annotation::Mark;
        let meaning = match mark {
            Mark::Inaccuracy => "an inaccuracy",
            Mark::Dubious => "a dubious move",
            Mark::Mistake => "a mistake",
            Mark::Blunder => "a blunder",
        };
        format!("move {ply}: {} ({meaning})", mark.word())
    },
    byoyomi: |s| format!("byoyomi {s}"),
    comment_title: |m| format!(" Comment: {m} "),
    comment_keys: "Ctrl-S keep · Esc cancel · Enter new line",
    comment_ask: "Keep the changes?",
    comment_kept: "comment kept (s saves the record)",
    comment_removed: "comment removed",
    comment_unchanged: "comment not changed",
    comment_node_gone: "the move was removed from the record; comment not kept",
    comment_panel: " Comment ",
    times_on: "times (消費時間) shown in the record",
    times_off: "times hidden",
    prompt_goto: "go to move> ",
    prompt_goto_hint: |n| format!("a move number 0-{n} on this line · Enter goes · Esc cancels"),
    goto_not_a_number: |t| format!("'{t}' is not a move number"),
    goto_past_end: |n, last| format!("this line ends at move {last}, not {n}: showing move {last}"),
    no_variations: "no variations at this move",
    variations_title: " Variations ",
    main_line: "main line",
    delete_question: |m, n| format!("Delete {m} and its line ({})?", moves(n)),
    promoted: |m| format!("{m} is now the main line"),
    deleted: |m, n| format!("deleted {m} ({})", moves(n)),
    wait_for_analysis: "the whole-game analysis is running: stop it (A) before changing the record's lines",
    candidate_chosen: |m, key| format!("{m}: {key} plays it"),
    computer_to_move: "the computer is to move: wait for its move",
    game_is_over: "the game is over",
    no_candidates: |analysis, explorer| {
        format!("no move to choose: the analysis ({analysis}) or the explorer ({explorer}) offers moves")
    },
    leave_mode_first: "leave the position editor or tsume mode first (Esc / x)",
    pasted: |f, n| format!("opened the pasted {f} ({}); the previous game is kept", moves(n)),
    paste_unknown: |t| {
        format!("the pasted text is not a record (KIF, KI2, CSA, JKF, SFEN or USI): \"{t}\"; nothing changed")
    },
    paste_failed: |f, e| format!("the pasted {f} could not be read: {e}; nothing changed"),
    pasted_with_warning: |f, w| format!("opened the pasted {f}, with a problem: {w}"),
    copied_position: "copied the position (SFEN) to the clipboard",
    copied_record: |n| format!("copied the record (KIF, {}) to the clipboard", moves(n)),
};

pub static JA: ReviewText = ReviewText {
    analysis_title: |depth, nps| format!(" 検討  深さ {depth}  {nps} nps "),
    analysis_waiting: " 検討 ",
    review_title: " 解析 ",
    game_analysis_title: |done, total| format!(" 棋譜解析 {done}/{total} "),
    best: "最善",
    variation_of: |i, n| format!("変化 {i}/{n}"),
    marked_move: |ply, mark| format!("{ply}手目: {}", mark.word()),
    byoyomi: |s| format!("秒読み {s}"),
    comment_title: |m| format!(" コメント: {m} "),
    comment_keys: "Ctrl-S 確定 · Esc 取消 · Enter 改行",
    comment_ask: "変更を残しますか?",
    comment_kept: "コメントを記録しました (s で棋譜を保存)",
    comment_removed: "コメントを消しました",
    comment_unchanged: "コメントは変わっていません",
    comment_node_gone: "その手は棋譜から消えたため、コメントは残せませんでした",
    comment_panel: " コメント ",
    times_on: "消費時間を表示",
    times_off: "消費時間を隠しました",
    prompt_goto: "手数> ",
    prompt_goto_hint: |n| format!("この手順の 0-{n} 手目 · Enter 移動 · Esc 取消"),
    goto_not_a_number: |t| format!("「{t}」は手数ではありません"),
    goto_past_end: |n, last| {
        format!("この手順は {last} 手目までです ({n} 手目はありません): {last} 手目を表示")
    },
    no_variations: "この手に変化はありません",
    variations_title: " 変化 ",
    main_line: "本譜",
    delete_question: |m, n| format!("{m} とその先 {n} 手を削除しますか?"),
    promoted: |m| format!("{m} を本譜にしました"),
    deleted: |m, n| format!("{m} を削除しました ({n} 手)"),
    wait_for_analysis: "棋譜解析の実行中です: 手順を変える前に A で止めてください",
    candidate_chosen: |m, key| format!("{m}: {key} で指します"),
    computer_to_move: "コンピュータの手番です: 指すまでお待ちください",
    game_is_over: "対局は終わっています",
    no_candidates: |analysis, explorer| {
        format!("選べる手がありません: 検討 ({analysis}) か序盤研究 ({explorer}) が手を示します")
    },
    leave_mode_first: "先に局面編集か詰将棋モードを終えてください (Esc / x)",
    pasted: |f, n| format!("貼り付けた {f} を開きました ({n} 手)。前の対局は保存されています"),
    paste_unknown: |t| {
        format!(
            "貼り付けたテキストは棋譜ではありません (KIF, KI2, CSA, JKF, SFEN, USI): 「{t}」。何も変えていません"
        )
    },
    paste_failed: |f, e| format!("貼り付けた {f} を読めませんでした: {e}。何も変えていません"),
    pasted_with_warning: |f, w| format!("貼り付けた {f} を開きました。問題: {w}"),
    copied_position: "局面 (SFEN) をクリップボードにコピーしました",
    copied_record: |n| format!("棋譜 (KIF, {n} 手) をクリップボードにコピーしました"),
};

//! The interface text of the position editor (局面編集) and tsume mode (詰将棋), in Japanese and
//! English, beside the rest of the interface text (`super::Text`).

use super::Language;
use crate::core::{Color, SetupProblem};
use crate::record::{PieceKindNames, SquareNames};

pub struct SetupText {
    /// The editor's help after the keymap's lines (key column, then what it does).
    pub editor_more: &'static [(&'static str, &'static str)],
    pub editor_title: &'static str,
    pub editor_opened: &'static str,
    pub editor_cancelled: &'static str,
    pub hand_refused: &'static str,
    /// One problem of the position, in words.
    pub problem: fn(&SetupProblem) -> String,
    /// The way out refused and the reasons.
    pub cannot_use: fn(&str, &str) -> String,
    /// The editor's ways out, in `EditorExit::ALL` order.
    pub exits: [&'static str; 5],
    pub exit_title: &'static str,
    /// Labels of the editor panel.
    pub to_move: &'static str,
    pub pen: &'static str,
    pub piece_box: &'static str,
    pub start_label: &'static str,
    pub no_problem: &'static str,
    /// Which ways out the position allows: play, analyse, tsume.
    pub fit_for: fn(bool, bool, bool) -> String,
    pub kings_only: &'static str,
    pub empty_board: &'static str,
    pub edited_position: &'static str,
    pub position_shown: &'static str,
    pub list_title: &'static str,
    /// A length in plies (`5手詰`).
    pub length: fn(Option<usize>) -> String,
    pub tsume_no_king: &'static str,
    /// The problem's length, with the keys of the solution and of taking back.
    pub tsume_started: fn(Option<usize>, &TsumeKeys) -> String,
    pub tsume_left: &'static str,
    pub tsume_wait: &'static str,
    pub tsume_already_solved: fn(&TsumeKeys) -> String,
    pub tsume_defender_moves: fn(&TsumeKeys) -> String,
    /// The move.
    pub tsume_not_check: fn(&str) -> String,
    pub tsume_judging: fn(&str) -> String,
    /// The solution from here.
    pub tsume_solution: fn(&str) -> String,
    pub tsume_solving: &'static str,
    pub tsume_no_mate: &'static str,
    pub tsume_unknown: &'static str,
    /// The move and the defence that escapes.
    pub tsume_escapes: fn(&str, &str) -> String,
    pub tsume_unclear: fn(&str, &str) -> String,
    /// Plies played.
    pub tsume_solved: fn(usize) -> String,
    /// The defender's reply and the plies of mate left after it.
    pub tsume_reply: fn(&str, usize) -> String,
    /// The status line's mode: the problem's title and length.
    pub tsume_status: fn(&str, Option<usize>) -> String,
    pub tsume_solved_mark: &'static str,
    /// The problems solved, of how many.
    pub list_progress: fn(usize, usize) -> String,
    /// Why the solved problem could not be remembered.
    pub progress_not_kept: fn(&str) -> String,
}

/// The keys tsume mode's messages name, as the keymap has them (remaps included).
pub struct TsumeKeys {
    pub solution: String,
    pub undo: String,
    pub problems: String,
}

impl SetupText {
    pub fn of(lang: Language) -> &'static SetupText {
        match lang {
            Language::Ja => &JA,
            Language::En => &EN,
        }
    }
}

fn side_en(c: Color) -> &'static str {
    if c == Color::Black { "☗ sente" } else { "☖ gote" }
}

fn side_ja(c: Color) -> &'static str {
    if c == Color::Black { "☗先手" } else { "☖後手" }
}

fn square(sq: crate::core::Square) -> String {
    sq.japanese()
}

pub static EN: SetupText = SetupText {
    editor_more: &[("click", "empty square: the last piece; again: other side; right: remove")],
    editor_title: " 局面編集 position editor ",
    editor_opened: "position editor (局面編集): set up a position (Enter when done, Esc cancels)",
    editor_cancelled: "position editor (局面編集) closed: nothing changed",
    hand_refused: "no more of that piece in this hand (or none to take)",
    problem: |p| match *p {
        SetupProblem::NoKing(c) => format!("{} has no king", side_en(c)),
        SetupProblem::TooManyKings(c) => format!("{} has two kings", side_en(c)),
        SetupProblem::TooManyPieces { kind, count, max } => {
            format!("{count} {} in use, a set has {max}", kind.kanji())
        }
        SetupProblem::DeadPiece { square: sq, piece } => {
            format!("the {} on {} can never move", piece.kind_unchecked().kanji(), square(sq))
        }
        SetupProblem::Nifu { color, file } => format!("二歩: two {} pawns on file {file}", side_en(color)),
        SetupProblem::OpponentInCheck => "the side not to move is in check".into(),
    },
    cannot_use: |way, why| format!("cannot {way}: {why}"),
    exits: ["play from here", "analyse (検討)", "solve as tsume (詰将棋)", "back to editing", "cancel"],
    exit_title: " Done editing ",
    to_move: "to move",
    pen: "click puts",
    piece_box: "box (駒箱)",
    start_label: "start",
    no_problem: "no problem: a legal position",
    fit_for: |play, analyse, tsume| {
        let yn = |b: bool| if b { "yes" } else { "no" };
        format!("play: {}  analyse: {}  tsume: {}", yn(play), yn(analyse), yn(tsume))
    },
    kings_only: "kings only",
    empty_board: "empty board",
    edited_position: "edited position",
    position_shown: "the position shown",
    list_title: " 詰将棋 tsume problems ",
    length: |n| match n {
        Some(n) => format!("mate in {n}"),
        None => "length unknown".into(),
    },
    tsume_no_king: "not a tsume: the side not to move has no king",
    tsume_started: |n, k| {
        let len = n.map(|n| format!(", mate in {n}")).unwrap_or_default();
        format!(
            "tsume (詰将棋){len}: play the attacking side; every move must check ({} solution, {} take back)",
            k.solution, k.undo
        )
    },
    tsume_left: "left tsume mode: the record stays",
    tsume_wait: "the solver is still thinking…",
    tsume_already_solved: |k| format!("solved: {} takes back, {} for another problem", k.undo, k.problems),
    tsume_defender_moves: |k| {
        format!("the defender's moves are the app's: take back ({}) to the attacker's turn", k.undo)
    },
    tsume_not_check: |m| format!("{m} is not a check: in tsume every attacking move must check"),
    tsume_judging: |m| format!("{m}: the defender is thinking…"),
    tsume_solution: |line| format!("solution: {line}"),
    tsume_solving: "solving… the solution shows here when it is found",
    tsume_no_mate: "不詰: the solver proved there is no mate from here",
    tsume_unknown: "the solver could not decide within its budget",
    tsume_escapes: |m, r| format!("{m} fails: {r} and there is no mate any more"),
    tsume_unclear: |m, r| format!("{m}: the solver could not decide after {r}; try another move"),
    tsume_solved: |n| format!("詰み — solved in {n} move{}!", if n == 1 { "" } else { "s" }),
    tsume_reply: |r, left| format!("{r} — mate in {left} more"),
    tsume_status: |title, n| match n {
        Some(n) => format!("tsume (詰将棋) {title}, mate in {n}"),
        None => format!("tsume (詰将棋) {title}"),
    },
    tsume_solved_mark: "solved",
    list_progress: |n, all| format!("· {n} of {all} solved"),
    progress_not_kept: |e| format!("not remembered as solved: {e}"),
};

pub static JA: SetupText = SetupText {
    editor_more: &[("クリック", "空きマスに直前の駒、もう一度で先後反転、右クリックで削除")],
    editor_title: " 局面編集 ",
    editor_opened: "局面編集: 局面を作ってください (Enter で完了、Esc で取消)",
    editor_cancelled: "局面編集を取り消しました (変更なし)",
    hand_refused: "その持駒はこれ以上増やせません (または減らせません)",
    problem: |p| match *p {
        SetupProblem::NoKing(c) => format!("{}の玉がありません", side_ja(c)),
        SetupProblem::TooManyKings(c) => format!("{}の玉が二枚あります", side_ja(c)),
        SetupProblem::TooManyPieces { kind, count, max } => {
            format!("{}が{count}枚あります (一組{max}枚)", kind.kanji())
        }
        SetupProblem::DeadPiece { square: sq, piece } => {
            format!("{}の{}は動けません (行き所のない駒)", square(sq), piece.kind_unchecked().kanji())
        }
        SetupProblem::Nifu { color, file } => format!("二歩: {}の歩が{file}筋に二枚", side_ja(color)),
        SetupProblem::OpponentInCheck => "手番でない側に王手がかかっています".into(),
    },
    cannot_use: |way, why| format!("{way}はできません: {why}"),
    exits: ["この局面から対局", "検討", "詰将棋として解く", "編集に戻る", "取消"],
    exit_title: " 編集完了 ",
    to_move: "手番",
    pen: "クリックで置く駒",
    piece_box: "駒箱",
    start_label: "初期配置",
    no_problem: "問題なし (指せる局面です)",
    fit_for: |play, analyse, tsume| {
        let yn = |b: bool| if b { "○" } else { "×" };
        format!("対局 {}  検討 {}  詰将棋 {}", yn(play), yn(analyse), yn(tsume))
    },
    kings_only: "玉のみ",
    empty_board: "空の盤",
    edited_position: "編集した局面",
    position_shown: "表示中の局面",
    list_title: " 詰将棋 ",
    length: |n| match n {
        Some(n) => format!("{n}手詰"),
        None => "手数不明".into(),
    },
    tsume_no_king: "詰将棋にできません: 手番でない側に玉がありません",
    tsume_started: |n, k| {
        let len = n.map(|n| format!(" ({n}手詰)")).unwrap_or_default();
        format!(
            "詰将棋{len}: 攻方を指してください。王手の連続で詰ませます ({} 解答、{} 待った)",
            k.solution, k.undo
        )
    },
    tsume_left: "詰将棋を終了しました (棋譜はそのまま)",
    tsume_wait: "ソルバーが考慮中です…",
    tsume_already_solved: |k| format!("詰みました: {} で戻る、{} で別の問題", k.undo, k.problems),
    tsume_defender_moves: |k| format!("玉方はアプリが指します: {} で攻方の手番に戻してください", k.undo),
    tsume_not_check: |m| format!("{m}は王手ではありません: 詰将棋の攻方は毎手王手です"),
    tsume_judging: |m| format!("{m}: 玉方が考慮中…"),
    tsume_solution: |line| format!("解答: {line}"),
    tsume_solving: "解答を探しています… 見つかり次第ここに表示します",
    tsume_no_mate: "不詰: この局面から詰みはありません (ソルバーが証明)",
    tsume_unknown: "ソルバーが制限内に判定できませんでした",
    tsume_escapes: |m, r| format!("{m}は失敗です: {r}で詰みがなくなります"),
    tsume_unclear: |m, r| format!("{m}: {r}の後をソルバーが判定できません。別の手を試してください"),
    tsume_solved: |n| format!("詰み — {n}手で詰みました！"),
    tsume_reply: |r, left| format!("{r} — 残り{left}手で詰み"),
    tsume_status: |title, n| match n {
        Some(n) => format!("詰将棋 {title} {n}手詰"),
        None => format!("詰将棋 {title}"),
    },
    tsume_solved_mark: "詰み",
    list_progress: |n, all| format!("· {all}問中 {n}問 正解"),
    progress_not_kept: |e| format!("正解の記録を残せません: {e}"),
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_languages_have_the_same_help_rows() {
        assert_eq!(EN.editor_more.len(), JA.editor_more.len());
    }
}

//! The key table of the pages: every key of the board page, tsume mode, learn mode, the
//! position editor and the game library, with the action it does and its words in the help and
//! the key bar, in English and Japanese. The popups' and dialogs' keys are in `dialogs.rs`.

use super::{Action, KeyMode};

/// Words in both languages.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub en: &'static str,
    pub ja: &'static str,
}

impl Label {
    pub fn of(&self, japanese: bool) -> &'static str {
        if japanese { self.ja } else { self.en }
    }
}

/// An entry of the key bar: how much it matters while playing (and in the other modes) and
/// in review (lower stays longer when the bar is shortened to fit; 0 never goes; `HIDDEN` is
/// not in that bar), and its word. In a popup's mode (`dialogs.rs`) the priority is the key
/// line of the popup the entry is on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Bar {
    pub priority: u8,
    pub review: u8,
    pub label: Label,
}

/// A bar priority: not in that mode's bar.
pub const HIDDEN: u8 = u8::MAX;

/// One row: in `mode`, `keys` (unless remapped) do `action`. `help` starts a line of the help;
/// a row without one shares the line above (`[ / ]`: first / last position). `bar` puts it in
/// the key bar (a row without help shares the bar entry above, as `hjkl` do).
#[derive(Copy, Clone, Debug)]
pub struct Row {
    pub mode: KeyMode,
    pub action: Action,
    pub keys: &'static [&'static str],
    pub help: Option<Label>,
    pub bar: Option<Bar>,
}

pub(super) const fn l(en: &'static str, ja: &'static str) -> Label {
    Label { en, ja }
}

pub(super) const fn bar(priority: u8, en: &'static str, ja: &'static str) -> Option<Bar> {
    Some(Bar { priority, review: priority, label: Label { en, ja } })
}

/// A board entry whose importance differs in play and in review.
pub(super) const fn bars(priority: u8, review: u8, en: &'static str, ja: &'static str) -> Option<Bar> {
    Some(Bar { priority, review, label: Label { en, ja } })
}

/// A row that starts a help line.
pub(super) const fn row(
    mode: KeyMode,
    action: Action,
    keys: &'static [&'static str],
    help: Label,
    bar: Option<Bar>,
) -> Row {
    Row { mode, action, keys, help: Some(help), bar }
}

/// A row on the help line (and the bar entry) of the row above.
pub(super) const fn also(mode: KeyMode, action: Action, keys: &'static [&'static str]) -> Row {
    Row { mode, action, keys, help: None, bar: None }
}

use Action as A;
use KeyMode::{Board as B, Editor as E, Learn as L, Library as Y, Online as O, Review as V, Tsume as T};

/// Board actions learn mode keeps (choosing a move and looking around); every other board key
/// is held in learn mode, so the record stays as it is.
pub const LEARN_KEEPS: &[Action] = &[
    A::CursorLeft,
    A::CursorDown,
    A::CursorUp,
    A::CursorRight,
    A::Select,
    A::Hand,
    A::TypeMove,
    A::Flip,
    A::Settings,
    A::Help,
];

/// Board actions online play keeps (choosing a move, looking around, saving); every other board
/// key is held in an online game, with a message saying so.
pub const ONLINE_KEEPS: &[Action] = &[
    A::CursorLeft,
    A::CursorDown,
    A::CursorUp,
    A::CursorRight,
    A::Select,
    A::Hand,
    A::TypeMove,
    A::ToStart,
    A::ToEnd,
    A::Flip,
    A::Save,
    A::Times,
    A::CopyPosition,
    A::CopyRecord,
    A::Settings,
    A::Help,
    A::Quit,
];

pub const TABLE: &[Row] = &[
    // ---- the board page ----
    row(B, A::CursorLeft, &["h", "Left"], l("move the cursor", "カーソル移動"), bars(2, 7, "move", "移動")),
    also(B, A::CursorDown, &["j", "Down"]),
    also(B, A::CursorUp, &["k", "Up"]),
    also(B, A::CursorRight, &["l", "Right"]),
    row(
        B,
        A::Select,
        &["Enter", "Space"],
        l("pick up a piece, then put it down (or click it)", "駒を選んで、置く (クリックでも可)"),
        bars(2, 6, "select", "選択"),
    ),
    row(
        B,
        A::Hand,
        &["Tab"],
        l("your pieces in hand (then ←/→ and Enter)", "持駒を選ぶ (←/→ と Enter)"),
        bars(3, 8, "hand", "持駒"),
    ),
    row(
        B,
        A::TypeMove,
        &[":", "/"],
        l(
            "type a move: 76歩 同歩 58金右 55角打 7g7f 7776FU",
            "指し手入力: 76歩 同歩 58金右 55角打 7g7f 7776FU",
        ),
        bars(1, 6, "type move", "入力"),
    ),
    row(
        B,
        A::Undo,
        &["u", "Backspace"],
        l("take back a move", "一手戻る (待った)"),
        bars(1, HIDDEN, "undo", "戻る"),
    ),
    row(B, A::Redo, &["r"], l("replay a taken-back move", "一手進む"), bars(4, HIDDEN, "redo", "進む")),
    row(B, A::ToStart, &["["], l("first / last position", "開始局面 / 最終局面"), None),
    also(B, A::ToEnd, &["]"]),
    row(B, A::PreviousVariation, &["{"], l("other variation of the last move", "最後の手の別の変化"), None),
    also(B, A::NextVariation, &["}"]),
    row(B, A::Flip, &["f"], l("flip the board", "盤面反転"), None),
    row(
        B,
        A::NewGame,
        &["n"],
        l("new game: mode, level, clock, handicap", "新規対局 (対局形式・レベル・持ち時間・手合割)"),
        bars(3, 5, "new", "新規"),
    ),
    row(
        B,
        A::Save,
        &["s"],
        l("save the record (.kif .kifu .ki2 .csa .jkf .usi)", "棋譜を保存 (.kif .kifu .ki2 .csa .jkf .usi)"),
        bars(3, 5, "save", "保存"),
    ),
    row(B, A::Resign, &["R"], l("resign (投了)", "投了"), bars(2, HIDDEN, "resign", "投了")),
    row(B, A::Declare, &["D"], l("declare an impasse win (入玉宣言)", "入玉宣言"), None),
    row(
        B,
        A::Pause,
        &["p"],
        l("pause / resume the computer and the clocks", "コンピュータと時計の一時停止 / 再開"),
        bars(2, HIDDEN, "pause", "停止"),
    ),
    row(
        B,
        A::TakeOver,
        &["t"],
        l("take over the side to move (or hand it back)", "手番の側を代わりに指す (もう一度で戻す)"),
        None,
    ),
    row(
        B,
        A::Slower,
        &["<"],
        l("computer vs computer: slower / faster", "コンピュータ同士: 遅く / 速く"),
        None,
    ),
    also(B, A::Faster, &[">"]),
    row(
        B,
        A::Analysis,
        &["a"],
        l("analysis (検討) on / off; 1-3 lines", "検討の開始 / 終了、候補手の数 (1〜3)"),
        bars(4, 1, "analysis", "検討"),
    ),
    also(B, A::AnalysisLines, &["v"]),
    row(
        B,
        A::NextCandidate,
        &["."],
        l("choose an analysis or explorer move (Enter plays)", "検討・序盤研究の手を選ぶ (Enter で指す)"),
        bars(HIDDEN, 5, "choose move", "手を選ぶ"),
    ),
    also(B, A::PreviousCandidate, &[","]),
    row(
        B,
        A::Hint,
        &["i"],
        l("hint: the engine's move here", "ヒント (この局面のエンジンの手)"),
        bars(4, 2, "hint", "ヒント"),
    ),
    row(
        B,
        A::GameAnalysis,
        &["A"],
        l("analyse the whole game (棋譜解析); again stops", "棋譜解析 (もう一度で中断)"),
        bars(HIDDEN, 4, "analyse game", "棋譜解析"),
    ),
    row(B, A::NextMarked, &["m"], l("next / previous marked move (悪手 …)", "次 / 前の悪手・疑問手へ"), None),
    also(B, A::PreviousMarked, &["M"]),
    row(
        B,
        A::Comment,
        &["c"],
        l("comment on the position shown (Ctrl-S keeps)", "この局面のコメントを編集 (Ctrl-S で確定)"),
        None,
    ),
    row(B, A::Times, &["T"], l("show / hide each move's time (消費時間)", "消費時間の表示 / 非表示"), None),
    row(B, A::GoTo, &["g"], l("go to a move number", "手数を指定して移動"), None),
    row(
        B,
        A::Variations,
        &["b"],
        l("variations here: go, make main line, delete", "この手の変化: 移動、本譜にする、削除"),
        None,
    ),
    row(
        B,
        A::CopyPosition,
        &["y"],
        l("copy the position (SFEN) / the record (KIF)", "局面 (SFEN) / 棋譜 (KIF) をコピー"),
        None,
    ),
    also(B, A::CopyRecord, &["Y"]),
    row(
        B,
        A::Editor,
        &["e"],
        l("position editor (局面編集)", "局面編集 (好きな局面を作る)"),
        bars(5, 3, "edit", "局面編集"),
    ),
    row(
        B,
        A::TsumeProblems,
        &["P"],
        l("tsume problems (詰将棋)", "詰将棋 (収録問題か表示中の局面)"),
        bars(5, 4, "tsume", "詰将棋"),
    ),
    row(
        B,
        A::Threats,
        &["x"],
        l("threats (詰めろ, 詰みあり) shown / hidden", "詰めろ・詰みありの表示 / 非表示"),
        None,
    ),
    row(
        B,
        A::Learn,
        &["L"],
        l("learn from mistakes (復習): retry marked moves", "復習: 疑問手・悪手の局面で指し直す"),
        None,
    ),
    row(
        B,
        A::Library,
        &["O"],
        l("game library (棋譜一覧): your records", "棋譜一覧: 書類・最近・過去の対局"),
        bar(4, "library", "棋譜一覧"),
    ),
    row(B, A::Rating, &["#"], l("your rating and rated games", "レーティングと対象の対局"), None),
    row(
        B,
        A::Explorer,
        &["E"],
        l("opening explorer: book and library moves here", "序盤研究: この局面の定跡と棋譜の指し手"),
        None,
    ),
    row(
        B,
        A::Settings,
        &["o"],
        l("settings (saved as you change them)", "設定 (変更すると保存)"),
        bars(4, 5, "settings", "設定"),
    ),
    row(B, A::Cancel, &["Esc"], l("cancel the selection", "選択の取り消し"), None),
    row(
        B,
        A::Help,
        &["?"],
        l("this help (↑/↓ scrolls it)", "このヘルプ (↑/↓ でスクロール)"),
        bar(0, "help", "ヘルプ"),
    ),
    row(
        B,
        A::Quit,
        &["q"],
        l("quit (the game is kept and comes back)", "終了 (対局は保存され、次回再開)"),
        bar(0, "quit", "終了"),
    ),
    // ---- review (a record not being played, or a game over): these, then the board page's ----
    row(
        V,
        A::StepBack,
        &["Left"],
        l("step back / forward through the record", "棋譜を一手戻る / 進む"),
        bar(0, "step", "手順"),
    ),
    also(V, A::StepForward, &["Right"]),
    row(V, A::FirstMove, &["Home"], l("the start / the last move", "開始局面 / 最後の手"), None),
    also(V, A::LastMove, &["End"]),
    row(
        V,
        A::CursorLeft,
        &["h"],
        l("move the cursor (←/→ too with a piece picked up)", "カーソル移動 (駒を選んだら ←/→ も)"),
        bar(7, "move", "移動"),
    ),
    also(V, A::CursorDown, &["j", "Down"]),
    also(V, A::CursorUp, &["k", "Up"]),
    also(V, A::CursorRight, &["l"]),
    // ---- tsume mode: these, then the board page's keys ----
    row(
        T,
        A::Undo,
        &["u", "Backspace"],
        l("take back your move and the reply", "自分の手と応手を戻す"),
        bar(1, "take back", "待った"),
    ),
    row(
        T,
        A::Solution,
        &["S"],
        l("the solution from here", "ここからの正解手順"),
        bar(1, "solution", "解答"),
    ),
    row(
        T,
        A::LeaveTsume,
        &["X"],
        l("leave tsume mode (the record stays)", "詰将棋を終える (棋譜は残る)"),
        bar(2, "leave tsume", "詰将棋終了"),
    ),
    // ---- learn mode: these, then the board page's keys in `LEARN_KEEPS` ----
    row(L, A::NextItem, &["n"], l("next marked move", "次の局面"), bar(1, "next", "次")),
    row(L, A::PreviousItem, &["p"], l("previous marked move", "前の局面"), bar(1, "prev", "前")),
    row(L, A::Retry, &["r"], l("try again", "やり直し"), bar(1, "retry", "やり直し")),
    row(L, A::ShowAnswer, &["a"], l("show the answer", "正解を見る"), bar(1, "answer", "正解")),
    row(
        L,
        A::SwitchSide,
        &["w"],
        l("whose moves: both sides, ☗, ☖ (in a review)", "どちらの手か: 両対局者・☗・☖ (棋譜の再生で)"),
        bar(2, "side", "手番"),
    ),
    row(
        L,
        A::Quit,
        &["q"],
        l("leave learn mode (the record is as it was)", "復習を終える (棋譜はそのまま)"),
        bar(0, "quit", "終了"),
    ),
    row(
        L,
        A::Cancel,
        &["Esc"],
        l("cancel the selection; with none, leave learn mode", "選択の取り消し、なければ復習を終える"),
        None,
    ),
    // ---- online play: these, then the board page's keys in `ONLINE_KEEPS` ----
    row(
        O,
        A::Resign,
        &["R"],
        l("resign (投了): sends %TORYO", "投了 (%TORYO を送る)"),
        bar(2, "resign", "投了"),
    ),
    row(
        O,
        A::Declare,
        &["D"],
        l("declare an impasse win (入玉宣言): the count, then %KACHI", "入玉宣言 (点数を確認して %KACHI)"),
        None,
    ),
    row(
        O,
        A::Protocol,
        &["P"],
        l("protocol window: the lines sent and received", "通信ログ (送受信した行)"),
        bar(3, "protocol", "通信ログ"),
    ),
    row(
        O,
        A::Cancel,
        &["Esc"],
        l("cancel the selection; waiting: log out", "選択の取り消し、対局待ちならログアウト"),
        None,
    ),
    row(
        O,
        A::LeaveOnline,
        &["X"],
        l("log out and leave online play (the record stays)", "ログアウトして終える (棋譜は残る)"),
        bar(1, "leave", "終了"),
    ),
    row(
        O,
        A::AskGame,
        &["N"],
        l("the next game: log in again (x1: %%GAME)", "次の対局: 再ログイン (x1 では %%GAME)"),
        bar(2, "next game", "次の対局"),
    ),
    row(O, A::Who, &["W"], l("x1: who is logged in (%%WHO)", "x1: ログイン中の人 (%%WHO)"), None),
    row(O, A::GameList, &["G"], l("x1: games in progress (%%LIST)", "x1: 対局中の一覧 (%%LIST)"), None),
    row(
        O,
        A::Watch,
        &["w"],
        l("x1: watch a game by its id (%%MONITOR2ON)", "x1: 対局を観戦 (%%MONITOR2ON)"),
        None,
    ),
    row(O, A::Chat, &["c"], l("x1: chat (%%CHAT)", "x1: チャット (%%CHAT)"), None),
    // ---- the position editor ----
    row(E, A::CursorLeft, &["Left"], l("move over the board", "盤上を移動"), bar(6, "move", "移動")),
    also(E, A::CursorUp, &["Up"]),
    also(E, A::CursorDown, &["Down"]),
    also(E, A::CursorRight, &["Right"]),
    row(E, A::Hand, &["Tab"], l("☗'s hand, ☖'s hand, the board", "☗の持駒・☖の持駒・盤"), None),
    row(
        E,
        A::PlaceSente,
        &["p", "l", "n", "s", "g", "b", "r", "k"],
        l(
            "put a ☗ piece (pawn lance knight silver gold bishop rook king)",
            "☗の駒を置く (歩 香 桂 銀 金 角 飛 玉)",
        ),
        bar(1, "place ☗", "☗の駒"),
    ),
    row(
        E,
        A::PlaceGote,
        &["P", "L", "N", "S", "G", "B", "R", "K"],
        l("put a ☖ piece (on a hand: add one)", "☖の駒を置く (持駒の上では一枚増やす)"),
        bar(1, "☖", "☖の駒"),
    ),
    row(
        E,
        A::Remove,
        &["x", "Delete", "Backspace"],
        l("remove the piece (to the box); on a hand: one fewer", "駒を駒箱に戻す、持駒は一枚減らす"),
        bar(2, "remove", "削除"),
    ),
    row(
        E,
        A::Promote,
        &["+"],
        l("promote or turn back; on a hand: one more / fewer", "成る・戻す、持駒は一枚増やす・減らす"),
        bar(3, "promote", "成/不成"),
    ),
    also(E, A::Demote, &["-"]),
    row(
        E,
        A::ChangeOwner,
        &["o"],
        l("give the piece to the other side", "駒の先後を入れ替える"),
        bar(3, "owner", "先後"),
    ),
    row(E, A::SideToMove, &["t"], l("side to move", "手番"), bar(4, "turn", "手番")),
    row(
        E,
        A::NextStart,
        &["i"],
        l("start over: 平手, handicaps, kings only, empty", "初期配置: 平手・駒落ち・玉のみ・空"),
        bar(4, "start", "初期配置"),
    ),
    also(E, A::PreviousStart, &["I"]),
    row(
        E,
        A::BoxToHand,
        &["z"],
        l("the rest of the box to the side not to move (tsume)", "駒箱の残りを手番でない側の持駒に (詰将棋)"),
        None,
    ),
    row(
        E,
        A::Done,
        &["Enter"],
        l("done: play, analyse, solve as tsume, or cancel", "完了: 対局・検討・詰将棋・取消"),
        bar(0, "done", "完了"),
    ),
    row(
        E,
        A::Cancel,
        &["Esc"],
        l("cancel (the record shown before stays)", "取消 (元の棋譜はそのまま)"),
        bar(0, "cancel", "取消"),
    ),
    row(
        E,
        A::Help,
        &["?"],
        l("this list (↑/↓ scrolls it)", "この一覧 (↑/↓ でスクロール)"),
        bar(0, "keys", "キー一覧"),
    ),
    // ---- the game library: printable keys type into the filter ----
    row(Y, A::CursorUp, &["Up"], l("choose a record", "棋譜を選ぶ"), bar(2, "choose", "選択")),
    also(Y, A::CursorDown, &["Down"]),
    row(Y, A::PageUp, &["PageUp"], l("a page up / down", "1ページ上 / 下"), None),
    also(Y, A::PageDown, &["PageDown"]),
    row(Y, A::ToStart, &["Home"], l("the first / last record", "最初 / 最後の棋譜"), None),
    also(Y, A::ToEnd, &["End"]),
    row(
        Y,
        A::ReachedHere,
        &["Tab"],
        l("only the games that reached the board's position", "盤面の局面を通った対局だけ"),
        bar(1, "reached here", "この局面"),
    ),
    row(
        Y,
        A::Select,
        &["Enter"],
        l("open the record for review", "棋譜を開いて再生"),
        bar(0, "open", "開く"),
    ),
    row(
        Y,
        A::Cancel,
        &["Esc"],
        l("clear the filter; with none, back to the board", "絞り込みを消す、なければ盤面に戻る"),
        bar(0, "back", "戻る"),
    ),
];

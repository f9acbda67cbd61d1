//! Every piece of interface text, in Japanese and English. Shogi notation (moves, `☗先手`,
//! `手合割` names, ending names such as `詰み`) stays Japanese in both; the words around it follow
//! the language setting. One struct per language, so a string missing in either fails to build.

pub use crate::record::Language;

mod clocks;
mod library;
pub mod review;
pub use clocks::ClockText;
pub use library::LibraryText;
pub use review::ReviewText;
#[cfg(test)]
mod one_language;
pub mod online;
pub mod rating;
pub mod settings_file;
pub mod setup;

pub struct Text {
    /// The language of this table.
    pub language: crate::record::Language,
    /// The help screen's lines after the keymap's: the mouse, paste, Ctrl-C (key column, then
    /// what it does).
    pub help_more: &'static [(&'static str, &'static str)],
    pub help_title: &'static str,
    /// After a scrolling window's keys (the help, the protocol window, the problem list).
    pub other_keys_close: &'static str,
    pub promote_title: &'static str,
    pub quit_title: &'static str,
    /// The quit question (the answers' keys follow it).
    pub quit_question: &'static str,
    /// The quit question after a failed autosave: why, and that the moves since are in no file.
    pub quit_unsaved: fn(&str) -> String,
    /// Said under the message while the autosave fails.
    /// (why, the key that saves).
    pub autosave_failing: fn(&str, &str) -> String,
    /// At launch: the data folder cannot be written (the folder, why).
    pub data_dir_unwritable: fn(&str, &str) -> String,
    pub resign_title: &'static str,
    pub resign_question: &'static str,
    pub declare_title_csa: &'static str,
    pub declare_title_24: &'static str,
    pub declare_warning: &'static str,
    pub declare_question: &'static str,
    pub new_game_title: &'static str,
    pub level_line: fn(u8, Option<f64>) -> String,
    /// Computer vs computer: one side's level (the side, its level, the keys that change it).
    pub side_level_line: fn(&str, u8, Option<f64>, &str) -> String,
    /// The new-game dialog's two players: ☗'s name, ☖'s, the key that names them.
    pub names_line: fn(&str, &str, &str) -> String,
    /// The new-game dialog: the side whose name is typed.
    pub name_prompt: fn(&str) -> String,
    /// The status line's two players at one keyboard: ☗'s name, ☖'s.
    pub players_vs: fn(&str, &str) -> String,
    /// Computer vs computer with two levels, on the status line (☗'s, ☖'s).
    pub levels_short: fn(u8, u8) -> String,
    /// The new-game dialog's clock and handicap lines, with the key that changes each.
    pub clock_line: fn(&str) -> String,
    pub handicap_line: fn(&str) -> String,
    pub uwate_moves_first: &'static str,
    /// Game modes: hot-seat, you ☗, you ☖, computer vs computer.
    pub modes: [&'static str; 4],
    /// Short mode names for the status line.
    pub mode_short: [&'static str; 4],
    pub level_short: fn(u8) -> String,
    /// The status line's level with its measured figure: `level 4 · 1350`.
    pub level_rated: fn(u8, f64) -> String,
    /// Computer vs computer: the least time per move.
    pub pace: fn(u64) -> String,
    pub paused: &'static str,
    pub move_number: fn(usize) -> String,
    pub prompt_move: &'static str,
    pub prompt_move_hint: &'static str,
    pub prompt_save: &'static str,
    pub prompt_save_hint: &'static str,
    pub prompt_overwrite: fn(&str) -> String,
    pub overwrite_title: &'static str,
    /// The folder the save box names that does not exist.
    pub prompt_create_folder: fn(&str) -> String,
    pub create_folder_title: &'static str,
    pub thinking: &'static str,
    pub depth: &'static str,
    /// The score label; the score is from ☗'s side.
    pub score_sente: &'static str,
    /// `pv` label.
    pub line: &'static str,
    /// A mate: the winner's mark (☗/☖) and the length in plies (`None`: length unknown).
    pub mate_in: fn(&str, Option<i32>) -> String,
    pub too_small: fn(u16, u16, u16, u16) -> String,
    pub settings_title: &'static str,
    /// After the settings screen's keys.
    pub settings_saved_note: &'static str,
    pub settings_labels: [&'static str; 24],
    /// Why the name typed cannot be used (`settings::BadName` in words).
    pub bad_player_name: fn(&str) -> String,
    /// The themes' names on the settings screen, in `settings::Theme::ALL` order.
    pub themes: [&'static str; 3],
    /// A number of moves (`256手`).
    pub plies: fn(u32) -> String,
    /// The engine options text has an entry that is not `name=value`.
    pub bad_engine_option: fn(&str) -> String,
    /// The game reached the move limit: 持将棋.
    pub move_limit: fn(u32) -> String,
    pub on_off: [&'static str; 2],
    pub none: &'static str,
    pub builtin_engine: &'static str,
    pub next_launch: &'static str,
    pub piece_styles: [&'static str; 2],
    pub languages: [&'static str; 2],
    pub impasse_rules: [&'static str; 2],
    pub no_clock: &'static str,
    pub settings_saved: &'static str,
    pub settings_not_saved: fn(&str) -> String,
    pub hand: &'static str,
    pub hand_none: &'static str,
    pub record_title: &'static str,
    pub start_position: &'static str,
    pub unknown_extension: fn(&str) -> String,
    pub saving: fn(&str) -> String,
    pub saved: fn(&str) -> String,
    /// Saved in a format without variations (CSA, USI, SFEN): the path and how many were left out.
    pub saved_without_variations: fn(&str, usize) -> String,
    /// Saving a record that did not read whole from its file (the file, what could not be
    /// read): a new name is proposed.
    pub save_partial_proposed: fn(&str, &str) -> String,
    /// Saving in an encoding that cannot hold some characters (encoding, the characters, their
    /// lines, the name typed): the UTF-8 name is proposed.
    pub save_lossy_proposed: fn(&str, &str, &str, &str) -> String,
    pub save_failed: fn(&str, &str) -> String,
    /// The status line with nothing to say: the help's key.
    pub help_hint: fn(&str) -> String,
    /// ☗ and ☖ by name.
    pub sides: [&'static str; 2],
    /// The sides in a handicap game: 下手 (☗, the weaker player) and 上手 (☖).
    pub handicap_sides: [&'static str; 2],
    /// The word for the player, replaced by the player's name when one is set.
    pub you: &'static str,
    /// A side's player header after a change of hands: the old name, the new, the first move
    /// the new one played.
    pub took_over: fn(&str, &str, usize) -> String,
    /// The second player of a two-player game at one keyboard, in the record's header.
    pub guest: &'static str,
    /// The clock panel's title.
    pub clock_title: &'static str,
    /// The evaluation graph's title: the position shown (moves played) and its score.
    pub graph_title: fn(usize, &str) -> String,
    pub in_check: fn(&str) -> String,
    /// The winner's name.
    pub checkmate: fn(&str) -> String,
    /// The loser's name.
    pub no_legal_move: fn(&str) -> String,
    pub sennichite: &'static str,
    /// The winner's name.
    pub perpetual_check: fn(&str) -> String,
    pub over_here: &'static str,
    pub at_start: &'static str,
    pub at_end: &'static str,
    pub no_variation_at_start: &'static str,
    pub no_other_variation: &'static str,
    pub already_over: &'static str,
    /// A record file was opened: its path and number of moves.
    pub opened_file: fn(&str, usize) -> String,
    /// The hint: the engine's move and its score.
    pub hint: fn(&str, &str) -> String,
    /// The hint found no move.
    pub hint_none: &'static str,
    /// What an impasse declaration came to: a win, 持将棋 (a draw), a loss.
    pub declared: [&'static str; 3],
    /// The side's name.
    pub time_up: fn(&str) -> String,
    /// The side's name.
    pub resigns: fn(&str) -> String,
    pub no_pieces_in_hand: &'static str,
    /// The piece's kanji.
    pub none_in_hand: fn(&str) -> String,
    /// The piece's kanji.
    pub choose_drop_square: fn(&str) -> String,
    pub select_own_piece: &'static str,
    /// Hot-seat, you as ☗, you as ☖, computer vs computer.
    pub mode_labels: [&'static str; 4],
    /// The mode's label.
    pub new_game: fn(&str) -> String,
    /// The mode's label, on launch.
    /// The game started at launch; the keys for another game, the game library and the help.
    pub new_game_at_launch: fn(&str, &str, &str, &str) -> String,
    /// The moves played and when the game started (empty if unknown).
    pub resumed_game: fn(usize, &str) -> String,
    /// A record that could not be read, kept under previous/.
    pub autosave_kept: fn(&str) -> String,
    /// An autosave that did not read cleanly: moves resumed, moves it had (when known), what
    /// could not be read, where the file as it was is kept.
    pub autosave_damaged: fn(usize, Option<usize>, &str, &str) -> String,
    /// A line of a file that could not be read, and why.
    pub line_unreadable: fn(usize, &str) -> String,
    /// Other unfinished games' autosaves (a list of paths).
    pub other_unfinished: fn(&str) -> String,
    pub nothing_to_pause: &'static str,
    pub paused_note: &'static str,
    pub resumed: &'static str,
    /// ☗ or ☖.
    pub you_play: fn(&str) -> String,
    /// ☗ or ☖.
    pub computer_plays: fn(&str) -> String,
    /// Seconds a move.
    pub pace_set: fn(f64) -> String,
    pub engine_failed: fn(&str) -> String,
    /// The configured external engine's command and why it could not start.
    pub engine_fallback: fn(&str, &str) -> String,
    /// The move in USI.
    pub engine_illegal: fn(&str) -> String,
    pub computer_resigns: &'static str,
    pub analysis_on: &'static str,
    pub analysis_off: &'static str,
    pub analysis_lines: fn(usize) -> String,
    pub hint_in_analysis: &'static str,
    pub hint_thinking: &'static str,
    pub game_analysis_stopping: &'static str,
    /// Positions and milliseconds a position.
    pub game_analysis_started: fn(usize, u64) -> String,
    /// Whether it was stopped, positions analysed, marked moves.
    pub game_analysis_done: fn(bool, usize, usize) -> String,
    pub no_marked_move: &'static str,
    pub threats_on: &'static str,
    pub threats_off: &'static str,
    pub learn_title: &'static str,
    /// Labels: the engine's best line; the engine's line after the try.
    pub learn_best: &'static str,
    pub learn_after_try: &'static str,
    pub learn_offer_title: &'static str,
    pub learn_offer_question: &'static str,
    /// Both sides, ☗, ☖.
    pub learn_sides: [&'static str; 3],
    /// Positions done and in all of the analysis running.
    pub learn_after_analysis: fn(usize, usize) -> String,
    /// Whose moves.
    pub learn_nothing: fn(&str) -> String,
    pub learn_quit: &'static str,
    pub learn_in_game: &'static str,
    /// Item number, count, move number, the move played, its mark.
    pub learn_item: fn(usize, usize, usize, &str, &str) -> String,
    pub learn_busy: &'static str,
    /// The move tried.
    pub learn_evaluating: fn(&str) -> String,
    pub learn_same_move: fn(&str) -> String,
    pub learn_engine_move: fn(&str) -> String,
    /// The move tried and the expected score it loses (percentage points).
    pub learn_good: fn(&str, f64) -> String,
    pub learn_bad: fn(&str, f64) -> String,
    /// The side to move mates in this many plies (詰みあり).
    pub mate_found: fn(usize) -> String,
    /// The opponent would mate in this many plies after a pass (詰めろ).
    pub mate_threat: fn(usize) -> String,
    /// What went wrong.
    pub autosave_failed: fn(&str) -> String,
    pub previous_not_kept: fn(&str) -> String,
    /// The impasse count: king in the enemy camp, pieces there, points, points needed, in check.
    pub declaration_summary: fn(bool, u32, u32, u32, bool) -> String,
    /// The record tools' text (comments, moving through a record, paste and copy).
    pub review: &'static ReviewText,
    pub library: &'static LibraryText,
    /// Clocks, take-backs, reviewing, help in games.
    pub clocks: &'static ClockText,
}

impl Text {
    pub fn of(lang: Language) -> &'static Text {
        match lang {
            Language::Ja => &JA,
            Language::En => &EN,
        }
    }
}

pub static EN: Text = Text {
    language: crate::record::Language::En,
    help_more: &[
        ("click", "play by clicking; a record line jumps there"),
        ("wheel", "scroll the record"),
        ("paste", "a KIF, KI2, CSA, JKF, SFEN or USI text opens it"),
        ("Ctrl-C", "quit at once"),
    ],
    help_title: " Help ",
    other_keys_close: "any other key closes",
    promote_title: " Promote? ",
    quit_title: " Quit ",
    quit_question: "Quit shogiban?",
    quit_unsaved: |e| {
        format!("The last autosave failed ({e}): the moves since are in no file, and quitting loses them.")
    },
    autosave_failing: |e, s| format!("autosave failing: {e} — {s} saves the record elsewhere"),
    data_dir_unwritable: |d, e| {
        format!("the data folder {d} cannot be written ({e}): this game will not be autosaved; s saves it")
    },
    resign_title: " Resign (投了) ",
    resign_question: "Resign this game?",
    declare_title_csa: " Impasse declaration 入玉宣言 (CSA 27-point rule) ",
    declare_title_24: " Impasse declaration 入玉宣言 (24-point rule) ",
    declare_warning: "A declaration that does not meet every condition loses.",
    declare_question: "Declare?",
    new_game_title: " New game ",
    level_line: |l, r| format!("computer level: ◀ {l:>2} ▶{}  (1 beginner … 10 full strength)", figure(r)),
    side_level_line: |side, l, r, keys| format!("{side} level: ◀ {l:>2} ▶{}  ({keys})", figure(r)),
    names_line: |b, w, key| format!("players: ☗ {b} · ☖ {w}  ({key}: names)"),
    name_prompt: |side| format!("{side}'s name: "),
    players_vs: |b, w| format!("☗{b} vs ☖{w}"),
    levels_short: |b, w| format!("☗ level {b} vs ☖ level {w}"),
    clock_line: |key| format!("clock ({key})"),
    handicap_line: |key| format!("handicap 手合割 ({key})"),
    uwate_moves_first: "(上手 = ☖ moves first)",
    modes: [
        "hot-seat: two players, one keyboard",
        "☗ you vs ☖ computer",
        "☗ computer vs ☖ you",
        "computer vs computer",
    ],
    mode_short: ["two players", "you ☗ vs computer", "computer vs you ☖", "computer vs computer"],
    level_short: |l| format!("level {l}"),
    level_rated: |l, r| format!("level {l} · {r:.0}"),
    pace: |ms| format!("{:.1} s/move", ms as f64 / 1000.0),
    paused: "paused (p resumes)",
    move_number: |n| format!("move {n}"),
    prompt_move: "move> ",
    prompt_move_hint: "76歩 同歩 58金右 7g7f · Enter plays · Esc cancels",
    prompt_save: "save as> ",
    prompt_save_hint: ".kif .kifu .ki2 .csa .jkf .usi · Enter saves · Esc cancels",
    prompt_overwrite: |p| format!("{p} exists. Overwrite it?"),
    overwrite_title: " Overwrite? ",
    prompt_create_folder: |d| format!("The folder {d} does not exist. Create it and save there?"),
    create_folder_title: " New folder? ",
    thinking: "thinking…",
    depth: "depth",
    score_sente: "score(☗)",
    line: "line",
    mate_in: |who, n| match n {
        Some(n) => format!("詰み {n}手: {who} mates"),
        None => format!("詰み: {who} mates"),
    },
    too_small: |w, h, mw, mh| {
        format!("The terminal is {w}×{h}; shogiban needs at least {mw}×{mh}. Enlarge it (q quits).")
    },
    settings_title: " Settings ",
    settings_saved_note: "saved on change",
    settings_labels: [
        "Your name (in records)",
        "Mode",
        "Your side",
        "Computer level (☗'s when it plays both)",
        "☖'s level, computer vs computer",
        "Clock",
        "Handicap (手合割)",
        "Pieces",
        "Colours",
        "Ambiguous width is wide",
        "Language",
        "Record notation",
        "Impasse rule (入玉)",
        "Engine command",
        "External engine options",
        "Computer vs computer pace",
        "Move limit (持将棋)",
        "Analysis lines (検討)",
        "Game analysis (棋譜解析): time a position",
        "Mistake marks (緩手/疑問手/悪手/大悪手) from",
        "Threats (詰めろ, 詰みあり, x)",
        "Computer takes a natural time",
        "Byoyomi count (last seconds)",
        "Analysis and hints in games",
    ],
    plies: |n| format!("{n} moves"),
    bad_player_name: |why| format!("name not kept: {why}"),
    bad_engine_option: |e| format!("engine options: '{e}' is not name=value (write Name=Value; Name=Value)"),
    move_limit: |n| format!("the game reached the {n}-move limit: 持将棋, a draw"),
    on_off: ["off", "on"],
    none: "none",
    builtin_engine: "built-in",
    next_launch: "(from the next launch)",
    piece_styles: ["kanji (歩 と)", "ASCII letters (P +P)"],
    themes: ["dark background", "light background", "high contrast"],
    languages: ["日本語", "English"],
    impasse_rules: ["CSA 27-point", "24-point"],
    no_clock: "no clock",
    settings_saved: "settings saved",
    settings_not_saved: |e| format!("settings not saved: {e}"),
    hand: "hand",
    hand_none: "none",
    record_title: " Record ",
    start_position: "start",
    unknown_extension: |e| format!("unknown extension '{e}': use .kif, .kifu, .ki2, .csa, .jkf or .usi"),
    saving: |p| format!("saving {p} …"),
    saved: |p| format!("saved {p}"),
    save_partial_proposed: |f, why| {
        format!(
            "{f} did not read whole ({why}): saving over it would lose the rest, so a new name is proposed"
        )
    },
    save_lossy_proposed: |enc, chars, lines, name| {
        format!(
            "{enc} cannot hold {chars} (line {lines}): proposed a UTF-8 name — Enter {name} to save with &#…; in their place"
        )
    },
    saved_without_variations: |p, n| {
        let what = if n == 1 { "1 variation".to_string() } else { format!("{n} variations") };
        format!(
            "saved {p}: the main line only, {what} left out (the format has no variations; save as .kif to keep them)"
        )
    },
    save_failed: |p, e| format!("could not save {p}: {e}"),
    help_hint: |key| format!("{key} for help"),
    sides: ["☗ sente", "☖ gote"],
    handicap_sides: ["☗ shitate (下手)", "☖ uwate (上手)"],
    you: "you",
    guest: "guest",
    took_over: |old, new, n| format!("{old}→{new} (from move {n})"),
    clock_title: " Clock ",
    graph_title: |n, score| format!(" Evaluation · move {n}: {score} "),
    in_check: |s| format!("王手 — {s} is in check"),
    checkmate: |w| format!("詰み — checkmate, {w} wins"),
    no_legal_move: |l| format!("{l} has no legal move and loses"),
    sennichite: "千日手 — repetition, the game is a draw",
    perpetual_check: |w| format!("連続王手の千日手 — perpetual check, {w} wins"),
    over_here: "the game is over here; take back (u) to play a variation",
    at_start: "at the start",
    at_end: "at the end of the line",
    no_variation_at_start: "no variation at the start",
    no_other_variation: "no other variation here",
    already_over: "the game is already over",
    opened_file: |p, n| format!("opened {p} ({n} moves)"),
    hint: |m, score| format!("hint: {m}  ({score})"),
    hint_none: "hint: the engine found no move",
    declared: [
        "impasse declaration (入玉宣言): the declaration wins",
        "impasse declaration (入玉宣言): 持将棋, the game is a draw",
        "impasse declaration (入玉宣言): the conditions are not met, the declaration loses",
    ],
    time_up: |s| format!("time is up: {s} ran out of time"),
    resigns: |s| format!("{s} resigns"),
    no_pieces_in_hand: "no pieces in hand",
    none_in_hand: |k| format!("no {k} in hand"),
    choose_drop_square: |k| format!("drop {k}: choose a square"),
    select_own_piece: "select one of your pieces",
    mode_labels: [
        "二人対局 (hot-seat: two players, one keyboard)",
        "☗ you (sente) vs ☖ computer",
        "☗ computer vs ☖ you (gote)",
        "computer vs computer",
    ],
    new_game: |m| format!("new game: {m}"),
    new_game_at_launch: |m, new, library, help| {
        format!("new game: {m} — {new} for another, {library} for your records, {help} for help")
    },
    resumed_game: |n, d| {
        let started = if d.is_empty() { String::new() } else { format!(", started {d}") };
        format!("resumed your unfinished game ({n} moves{started}) — n starts a new one")
    },
    autosave_kept: |e| format!("{e} — it is kept in previous/"),
    autosave_damaged: |read, saved, problem, kept| {
        let moves = match saved {
            Some(n) if n > read => format!("{read} of {n} moves"),
            _ => format!("{read} moves"),
        };
        let problem = if problem.is_empty() { String::new() } else { format!("; {problem}") };
        format!("resumed {moves}{problem}; the autosave as it was is kept as {kept}")
    },
    line_unreadable: |line, why| format!("line {line} could not be read: {why}"),
    other_unfinished: |list| format!("other unfinished games: {list}"),
    nothing_to_pause: "nothing to pause: no computer and no clock in this game",
    paused_note: "paused — p resumes, t takes over the side to move",
    resumed: "resumed",
    you_play: |m| format!("you now play {m}"),
    computer_plays: |m| format!("the computer now plays {m}"),
    pace_set: |s| format!("computer vs computer: at least {s:.1} s a move"),
    engine_failed: |e| format!("engine failed: {e} — both sides are now played by hand"),
    engine_fallback: |cmd, e| {
        format!(
            "the engine '{cmd}' could not start ({e}); the built-in engine plays until the engine setting is fixed"
        )
    },
    engine_illegal: |m| format!("反則負け — the computer played an illegal move ({m})"),
    computer_resigns: "投了 — the computer resigns",
    analysis_on: "analysis (検討) follows the position shown (a stops, v lines)",
    analysis_off: "analysis (検討) stopped",
    analysis_lines: |n| format!("{n} line(s)"),
    hint_in_analysis: "analysis (検討) is on: its first line is the engine's move",
    hint_thinking: "hint: thinking…",
    game_analysis_stopping: "game analysis (棋譜解析): stopping…",
    game_analysis_started: |n, ms| format!("game analysis (棋譜解析): {n} positions at {ms} ms (A stops)"),
    game_analysis_done: |stopped, n, marks| {
        let how = if stopped { "stopped" } else { "done" };
        format!(
            "game analysis (棋譜解析) {how}: {n} positions, {marks} marked moves (m / M: next / previous)"
        )
    },
    no_marked_move: "no marked move that way (the game analysis, A, marks them)",
    threats_on: "threats (詰めろ, 詰みあり) shown in review and analysis (x hides)",
    threats_off: "threats (詰めろ, 詰みあり) hidden (x shows)",
    mate_found: |n| format!("詰みあり: mate in {n}"),
    learn_title: " 復習: learn from mistakes ",
    learn_best: "best",
    learn_after_try: "after it",
    learn_offer_title: " Learn from your mistakes ",
    learn_offer_question: "This record has no analysis yet. Run the whole-game analysis (棋譜解析) first?",
    learn_sides: ["both sides", "☗", "☖"],
    learn_after_analysis: |d, n| format!("learning (復習) starts when the game analysis is done ({d}/{n})"),
    learn_nothing: |side| format!("no dubious move (疑問手) or worse for {side} in the analysis"),
    learn_quit: "learning (復習) ended; the record is as it was",
    learn_in_game: "learning (復習) is for a finished game or a record under review",
    learn_item: |i, n, ply, played, mark| {
        format!(
            "learning (復習) {i}/{n}: move {ply} {played} was a {mark}. Find a better move (the board or :)"
        )
    },
    learn_busy: "still judging the last try…",
    learn_evaluating: |m| format!("{m}: thinking…"),
    learn_same_move: |m| format!("{m} is the move played in the game; try another (r) or see the answer (a)"),
    learn_engine_move: |m| format!("{m}: the engine's own move. Well found! (n: next)"),
    learn_good: |m, loss| format!("{m} keeps the evaluation (loses {loss:.0} points). Good! (n: next)"),
    learn_bad: |m, loss| {
        format!("{m} loses {loss:.0} points: not good enough. r tries again, a shows the answer")
    },
    mate_threat: |n| format!("詰めろ: threat of mate in {n}"),
    autosave_failed: |e| format!("autosave failed: {e}"),
    previous_not_kept: |e| format!("could not keep the previous autosave: {e}"),
    declaration_summary: |king_in, pieces, points, need, check| {
        let yn = |b: bool| if b { "yes" } else { "no" };
        format!(
            "king in the enemy camp: {}  pieces there: {pieces}/10  points: {points}/{need}  in check: {}",
            yn(king_in),
            yn(check)
        )
    },
    review: &review::EN,
    library: &library::EN,
    clocks: &clocks::EN,
};

pub static JA: Text = Text {
    language: crate::record::Language::Ja,
    help_more: &[
        ("クリック", "盤と持駒で指す、棋譜の行でその局面へ"),
        ("ホイール", "棋譜を送る"),
        ("貼り付け", "KIF, KI2, CSA, JKF, SFEN, USI のテキストを開く"),
        ("Ctrl-C", "すぐに終了"),
    ],
    help_title: " ヘルプ ",
    other_keys_close: "他のキーで閉じる",
    promote_title: " 成りますか？ ",
    quit_title: " 終了 ",
    quit_question: "終了しますか？",
    quit_unsaved: |e| {
        format!(
            "最後の自動保存に失敗しました ({e})。それ以後の指し手はどこにも保存されておらず、終了すると失われます。"
        )
    },
    autosave_failing: |e, s| format!("自動保存できていません: {e} — {s} で別の場所に保存できます"),
    data_dir_unwritable: |d, e| {
        format!("データフォルダ {d} に書き込めません ({e})。この対局は自動保存されません。s で保存できます")
    },
    resign_title: " 投了 ",
    resign_question: "投了しますか？",
    declare_title_csa: " 入玉宣言 (CSA 27点法) ",
    declare_title_24: " 入玉宣言 (24点法) ",
    declare_warning: "条件を満たさない宣言は負けになります。",
    declare_question: "宣言しますか？",
    new_game_title: " 新規対局 ",
    level_line: |l, r| format!("コンピュータのレベル: ◀ {l:>2} ▶{}  (1 初心者 … 10 最強)", figure(r)),
    side_level_line: |side, l, r, keys| format!("{side}のレベル: ◀ {l:>2} ▶{}  ({keys})", figure(r)),
    names_line: |b, w, key| format!("対局者: ☗ {b} · ☖ {w}  ({key} で名前)"),
    name_prompt: |side| format!("{side}の名前: "),
    players_vs: |b, w| format!("☗{b} 対 ☖{w}"),
    levels_short: |b, w| format!("☗レベル{b} 対 ☖レベル{w}"),
    clock_line: |key| format!("持ち時間 ({key})"),
    handicap_line: |key| format!("手合割 ({key})"),
    uwate_moves_first: "(上手 = ☖ が先に指す)",
    modes: [
        "二人対局 (一つのキーボードで)",
        "☗ あなた vs ☖ コンピュータ",
        "☗ コンピュータ vs ☖ あなた",
        "コンピュータ同士",
    ],
    mode_short: ["二人対局", "あなた☗ 対 COM", "COM 対 あなた☖", "COM 対 COM"],
    level_short: |l| format!("レベル{l}"),
    level_rated: |l, r| format!("レベル{l} · {r:.0}"),
    pace: |ms| format!("1手{:.1}秒", ms as f64 / 1000.0),
    paused: "一時停止中 (p で再開)",
    move_number: |n| format!("{n}手目"),
    prompt_move: "指し手> ",
    prompt_move_hint: "76歩 同歩 58金右 7g7f · Enter 指す · Esc 取消",
    prompt_save: "保存先> ",
    prompt_save_hint: ".kif .kifu .ki2 .csa .jkf .usi · Enter 保存 · Esc 取消",
    prompt_overwrite: |p| format!("{p} は既にあります。上書きしますか？"),
    overwrite_title: " 上書き ",
    prompt_create_folder: |d| format!("フォルダ {d} はありません。作成して保存しますか？"),
    create_folder_title: " フォルダ作成 ",
    thinking: "考慮中…",
    depth: "深さ",
    score_sente: "評価値(☗)",
    line: "読み筋",
    mate_in: |who, n| match n {
        Some(n) => format!("{who}の勝ち 詰み {n}手"),
        None => format!("{who}の勝ち 詰みあり"),
    },
    too_small: |w, h, mw, mh| format!("端末が {w}×{h} です。{mw}×{mh} 以上に広げてください (q で終了)。"),
    settings_title: " 設定 ",
    settings_saved_note: "変更はすぐ保存",
    settings_labels: [
        "あなたの名前 (棋譜に記録)",
        "対局形式",
        "あなたの手番",
        "コンピュータのレベル (同士では☗)",
        "コンピュータ同士の☖のレベル",
        "持ち時間",
        "手合割",
        "駒の表示",
        "配色",
        "曖昧幅の文字を全角で",
        "言語",
        "棋譜の表記",
        "入玉ルール",
        "エンジンのコマンド",
        "外部エンジンのオプション",
        "COM 対 COM の速さ",
        "手数制限 (持将棋)",
        "検討の候補手の数",
        "棋譜解析の1局面の時間",
        "緩手/疑問手/悪手/大悪手の基準",
        "詰めろ・詰みありの表示 (x)",
        "コンピュータが自然な間で指す",
        "秒読みの音",
        "対局中の検討・ヒント",
    ],
    plies: |n| format!("{n}手"),
    bad_player_name: |why| format!("名前を変えませんでした: {why}"),
    bad_engine_option: |e| {
        format!("エンジンのオプション: 「{e}」が 名前=値 の形ではありません (名前=値; 名前=値 と書きます)")
    },
    move_limit: |n| format!("{n}手の手数制限に達しました: 持将棋 (引き分け)"),
    on_off: ["いいえ", "はい"],
    none: "なし",
    builtin_engine: "内蔵",
    next_launch: "(次回起動から)",
    piece_styles: ["漢字 (歩 と)", "ASCII 文字 (P +P)"],
    themes: ["暗い背景用", "明るい背景用", "ハイコントラスト"],
    languages: ["日本語", "English"],
    impasse_rules: ["CSA 27点法", "24点法"],
    no_clock: "なし",
    settings_saved: "設定を保存しました",
    settings_not_saved: |e| format!("設定を保存できません: {e}"),
    hand: "持駒",
    hand_none: "なし",
    record_title: " 棋譜 ",
    start_position: "開始局面",
    unknown_extension: |e| {
        format!("拡張子 '{e}' は使えません: .kif .kifu .ki2 .csa .jkf .usi のどれかにしてください")
    },
    saving: |p| format!("{p} に保存しています…"),
    saved: |p| format!("{p} に保存しました"),
    save_partial_proposed: |f, why| {
        format!(
            "{f} は全部は読めませんでした ({why})。上書きすると残りが失われるので、新しい名前を提案します"
        )
    },
    save_lossy_proposed: |enc, chars, lines, name| {
        format!(
            "{enc} では {chars} ({lines}行目) を書けません: UTF-8 の名前を提案します — {name} で保存すると &#…; に置き換わります"
        )
    },
    saved_without_variations: |p, n| {
        format!(
            "{p} に本譜だけを保存しました: この形式には変化を書けないため変化{n}つを省きました(.kif なら残せます)"
        )
    },
    save_failed: |p, e| format!("{p} に保存できません: {e}"),
    help_hint: |key| format!("{key} でヘルプ"),
    sides: ["☗先手", "☖後手"],
    handicap_sides: ["☗下手", "☖上手"],
    you: "あなた",
    guest: "ゲスト",
    took_over: |old, new, n| format!("{old}→{new}（{n}手目から）"),
    clock_title: " 持ち時間 ",
    graph_title: |n, score| format!(" 評価値 {n}手目 {score} "),
    in_check: |s| format!("王手 — {s}に王手がかかっています"),
    checkmate: |w| format!("詰み — {w}の勝ち"),
    no_legal_move: |l| format!("{l}は指せる手がなく負け"),
    sennichite: "千日手 — 引き分け",
    perpetual_check: |w| format!("連続王手の千日手 — {w}の勝ち"),
    over_here: "この局面で対局は終わっています。変化を指すには u で戻してください",
    at_start: "開始局面です",
    at_end: "この手順の最後です",
    no_variation_at_start: "開始局面に変化はありません",
    no_other_variation: "ここに別の変化はありません",
    already_over: "対局はもう終わっています",
    opened_file: |p, n| format!("{p} を開きました ({n}手)"),
    hint: |m, score| format!("ヒント: {m}  ({score})"),
    hint_none: "ヒント: 指せる手が見つかりません",
    declared: [
        "入玉宣言: 宣言した側の勝ちです",
        "入玉宣言: 持将棋 (引き分け) です",
        "入玉宣言: 条件を満たしていないため、宣言した側の負けです",
    ],
    time_up: |s| format!("切れ負け — {s}の時間切れ"),
    resigns: |s| format!("投了 — {s}の投了"),
    no_pieces_in_hand: "持駒がありません",
    none_in_hand: |k| format!("持駒に{k}がありません"),
    choose_drop_square: |k| format!("{k}を打つ: マスを選んでください"),
    select_own_piece: "自分の駒を選んでください",
    mode_labels: [
        "二人対局 (一つのキーボードで交互に指す)",
        "☗あなた 対 ☖コンピュータ",
        "☗コンピュータ 対 ☖あなた",
        "コンピュータ同士",
    ],
    new_game: |m| format!("新しい対局: {m}"),
    new_game_at_launch: |m, new, library, help| {
        format!("新しい対局: {m} — {new} で別の対局、{library} で棋譜一覧、{help} でヘルプ")
    },
    resumed_game: |n, d| {
        let started = if d.is_empty() { String::new() } else { format!("、{d} 開始") };
        format!("中断していた対局を再開しました ({n}手{started}) — n で新しい対局")
    },
    autosave_kept: |e| format!("{e} — previous/ に残してあります"),
    autosave_damaged: |read, saved, problem, kept| {
        let moves = match saved {
            Some(n) if n > read => format!("{n}手のうち{read}手"),
            _ => format!("{read}手"),
        };
        let problem = if problem.is_empty() { String::new() } else { format!("。{problem}") };
        format!("{moves}を再開しました{problem}。読めなかった自動保存はそのまま {kept} に残してあります")
    },
    line_unreadable: |line, why| format!("{line}行目が読めません: {why}"),
    other_unfinished: |list| format!("ほかの中断中の対局: {list}"),
    nothing_to_pause: "一時停止するものはありません: この対局にはコンピュータも時計もありません",
    paused_note: "一時停止 — p で再開、t で手番の側を引き継ぐ",
    resumed: "再開しました",
    you_play: |m| format!("{m}をあなたが指します"),
    computer_plays: |m| format!("{m}をコンピュータが指します"),
    pace_set: |s| format!("コンピュータ同士: 1手に最低 {s:.1} 秒"),
    engine_failed: |e| format!("エンジンが止まりました: {e} — 両方の手を人が指します"),
    engine_fallback: |cmd, e| {
        format!("エンジン「{cmd}」を起動できません（{e}）— 設定を直すまで内蔵エンジンが指します")
    },
    engine_illegal: |m| format!("反則負け — コンピュータが反則手を指しました ({m})"),
    computer_resigns: "投了 — コンピュータの投了",
    analysis_on: "検討: 表示中の局面を解析します (a で終了、v で読み筋の数)",
    analysis_off: "検討を終了しました",
    analysis_lines: |n| format!("読み筋 {n} 本"),
    hint_in_analysis: "検討中です: 一番目の読み筋がエンジンの手です",
    hint_thinking: "ヒント: 考慮中…",
    game_analysis_stopping: "棋譜解析: 停止中…",
    game_analysis_started: |n, ms| format!("棋譜解析: {n} 局面、1局面 {ms} ミリ秒 (A で停止)"),
    game_analysis_done: |stopped, n, marks| {
        let how = if stopped { "停止" } else { "完了" };
        format!("棋譜解析 {how}: {n} 局面、印のついた手 {marks} (m / M で次 / 前)")
    },
    no_marked_move: "その方向に印のついた手はありません (A の棋譜解析で印がつきます)",
    threats_on: "詰めろ・詰みありを検討と棋譜の再生中に表示します (x で非表示)",
    threats_off: "詰めろ・詰みありを表示しません (x で表示)",
    mate_found: |n| format!("詰みあり {n}手"),
    learn_title: " 復習 ",
    learn_best: "最善",
    learn_after_try: "その後",
    learn_offer_title: " 復習 ",
    learn_offer_question: "この棋譜はまだ解析されていません。先に棋譜解析をしますか?",
    learn_sides: ["両対局者", "☗", "☖"],
    learn_after_analysis: |d, n| format!("棋譜解析が終わると復習を始めます ({d}/{n})"),
    learn_nothing: |side| format!("{side}の疑問手・悪手はありません"),
    learn_quit: "復習を終了しました (棋譜はそのままです)",
    learn_in_game: "復習は終わった対局か棋譜の再生で使えます",
    learn_item: |i, n, ply, played, mark| {
        format!("復習 {i}/{n}: {ply}手目 {played} は{mark}でした。よりよい手を指してください")
    },
    learn_busy: "前の手を判定中です…",
    learn_evaluating: |m| format!("{m}: 考慮中…"),
    learn_same_move: |m| format!("{m} は実戦の手です。r でやり直し、a で正解"),
    learn_engine_move: |m| format!("{m}: エンジンの最善手です。正解! (n で次へ)"),
    learn_good: |m, loss| format!("{m} は形勢を保ちます (損失 {loss:.0})。正解! (n で次へ)"),
    learn_bad: |m, loss| format!("{m} は損失 {loss:.0} です。r でやり直し、a で正解"),
    mate_threat: |n| format!("詰めろ ({n}手)"),
    autosave_failed: |e| format!("自動保存に失敗しました: {e}"),
    previous_not_kept: |e| format!("前の自動保存を残せませんでした: {e}"),
    declaration_summary: |king_in, pieces, points, need, check| {
        let yn = |b: bool| if b { "はい" } else { "いいえ" };
        format!(
            "玉が敵陣に: {}  敵陣の駒: {pieces}/10  点数: {points}/{need}  王手: {}",
            yn(king_in),
            yn(check)
        )
    },
    review: &review::JA,
    library: &library::JA,
    clocks: &clocks::JA,
};

/// A level's measured figure after its number in the new-game dialog (` · 1350`), when the
/// built-in engine plays.
fn figure(rating: Option<f64>) -> String {
    rating.map(|r| format!(" · {r:.0}")).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_languages_have_the_same_help_rows() {
        assert_eq!(EN.help_more.len(), JA.help_more.len());
    }
}

//! The keymap: which key does what in each mode, as data (`table.rs` for the pages,
//! `dialogs.rs` for the popups and dialogs). The input layer asks it for the action of a key
//! (`Keymap::action`); the help, the key bar and each popup's key line (`Keymap::hint`) are
//! made from it, so they show the keys in force. Keys are remapped in the settings file as
//! `"keys": {"<action>": "<key>"}` (or a list of keys); `Keymap::with_remaps` checks each remap
//! and says what it could not use. This module knows nothing of the app's state or settings.

mod dialogs;
mod key;
mod table;

pub use dialogs::DIALOGS;
pub use key::Key;
pub use table::{Bar, HIDDEN, LEARN_KEEPS, Label, ONLINE_KEEPS, Row, TABLE};

/// Every row: the pages' (`TABLE`), then the popups' and dialogs' (`DIALOGS`).
fn all_rows() -> impl Iterator<Item = &'static Row> {
    TABLE.iter().chain(DIALOGS)
}

use std::collections::BTreeMap;

/// The modes with keys of their own.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum KeyMode {
    /// The board page while a game is played.
    Board,
    /// The board page reviewing a record (not a game being played, or a game that is over):
    /// ← / → step through the moves; then the board page's keys.
    Review,
    /// Tsume mode: its own keys, then the board page's.
    Tsume,
    /// Learn mode: its own keys, then the board page's in `LEARN_KEEPS`.
    Learn,
    /// The position editor.
    Editor,
    /// Online play: its own keys, then the board page's in `ONLINE_KEEPS`.
    Online,
    /// The game library (棋譜一覧): printable keys type into its filter, so its rows are the
    /// other keys.
    Library,
    /// The promotion question (成 / 不成).
    Promotion,
    /// A yes / no question where any other key is no or does nothing: resign, declare, replace
    /// a file, allow a take-back, delete a variation.
    Question,
    /// A yes / no question where Enter is yes: quit, run the whole-game analysis for learn
    /// mode, save the record after a lost connection.
    Offer,
    /// The quit question after a failed autosave: quit anyway, save elsewhere, or stay.
    QuitUnsaved,
    /// The comment editor asking whether to keep the changes.
    CommentAsk,
    /// The help window: it scrolls; any other key closes it.
    Help,
    /// Online play's protocol window: it scrolls; any other key closes it.
    Protocol,
    /// The settings screen (a text setting being typed takes the text box's keys).
    Settings,
    /// The new-game dialog.
    NewGame,
    /// Tsume mode's problem list: any other key closes it.
    TsumeList,
    /// The rating screen: any other key closes it.
    Rating,
    /// The position editor's menu of ways out.
    EditorMenu,
    /// The variations at a move.
    Variations,
    /// Online play's connection dialog: printable keys type into its text fields.
    OnlineDialog,
    /// Online play's game summary: agree or reject; then online play's keys.
    OnlineSummary,
}

impl KeyMode {
    pub const ALL: [KeyMode; 22] = [
        KeyMode::Board,
        KeyMode::Review,
        KeyMode::Tsume,
        KeyMode::Learn,
        KeyMode::Editor,
        KeyMode::Online,
        KeyMode::Library,
        KeyMode::Promotion,
        KeyMode::Question,
        KeyMode::Offer,
        KeyMode::QuitUnsaved,
        KeyMode::CommentAsk,
        KeyMode::Help,
        KeyMode::Protocol,
        KeyMode::Settings,
        KeyMode::NewGame,
        KeyMode::TsumeList,
        KeyMode::Rating,
        KeyMode::EditorMenu,
        KeyMode::Variations,
        KeyMode::OnlineDialog,
        KeyMode::OnlineSummary,
    ];

    /// The name in the README's key table.
    pub fn name(self) -> &'static str {
        match self {
            KeyMode::Board => "board",
            KeyMode::Review => "review",
            KeyMode::Tsume => "tsume",
            KeyMode::Learn => "learn",
            KeyMode::Editor => "editor",
            KeyMode::Online => "online",
            KeyMode::Library => "library",
            KeyMode::Promotion => "promotion",
            KeyMode::Question => "question",
            KeyMode::Offer => "offer",
            KeyMode::QuitUnsaved => "quit_unsaved",
            KeyMode::CommentAsk => "comment_ask",
            KeyMode::Help => "help",
            KeyMode::Protocol => "protocol",
            KeyMode::Settings => "settings",
            KeyMode::NewGame => "new_game",
            KeyMode::TsumeList => "tsume_list",
            KeyMode::Rating => "rating",
            KeyMode::EditorMenu => "editor_menu",
            KeyMode::Variations => "variations",
            KeyMode::OnlineDialog => "online_dialog",
            KeyMode::OnlineSummary => "online_summary",
        }
    }

    /// Whether `action` of the board page also works here (when this mode has no row for it).
    fn keeps_from_board(self, action: Action) -> bool {
        match self {
            KeyMode::Tsume | KeyMode::Review => true,
            KeyMode::Learn => LEARN_KEEPS.contains(&action),
            KeyMode::Online => ONLINE_KEEPS.contains(&action),
            _ => false,
        }
    }
}

macro_rules! actions {
    ($($(#[$doc:meta])* $variant:ident = $name:literal,)*) => {
        /// Everything a key can do. The name is what the settings file's `"keys"` uses.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Action {
            $($(#[$doc])* $variant,)*
        }

        impl Action {
            pub const ALL: &'static [Action] = &[$(Action::$variant,)*];

            pub fn name(self) -> &'static str {
                match self {
                    $(Action::$variant => $name,)*
                }
            }
        }
    };
}

actions! {
    CursorLeft = "cursor_left",
    CursorDown = "cursor_down",
    CursorUp = "cursor_up",
    CursorRight = "cursor_right",
    /// Pick up or put down (the board); the exit menu (the editor has `Done`).
    Select = "select",
    Hand = "hand",
    TypeMove = "type_move",
    Undo = "undo",
    /// Review: one move back or forward along the record.
    StepBack = "step_back",
    StepForward = "step_forward",
    /// Review: the start and the end of the line shown (as `[` and `]`).
    FirstMove = "first_move",
    LastMove = "last_move",
    Redo = "redo",
    ToStart = "to_start",
    ToEnd = "to_end",
    PreviousVariation = "previous_variation",
    NextVariation = "next_variation",
    Flip = "flip",
    NewGame = "new_game",
    Save = "save",
    Resign = "resign",
    Declare = "declare",
    Pause = "pause",
    TakeOver = "take_over",
    Slower = "slower",
    Faster = "faster",
    Analysis = "analysis",
    AnalysisLines = "analysis_lines",
    /// The next / previous move the analysis and the explorer offer (Enter plays it).
    NextCandidate = "next_candidate",
    PreviousCandidate = "previous_candidate",
    Hint = "hint",
    GameAnalysis = "game_analysis",
    NextMarked = "next_marked",
    PreviousMarked = "previous_marked",
    Comment = "comment",
    Times = "times",
    GoTo = "go_to",
    Variations = "variations",
    CopyPosition = "copy_position",
    CopyRecord = "copy_record",
    Editor = "editor",
    TsumeProblems = "tsume_problems",
    Threats = "threats",
    Learn = "learn",
    Library = "library",
    Explorer = "explorer",
    Rating = "rating",
    Settings = "settings",
    Cancel = "cancel",
    Help = "help",
    Quit = "quit",
    Solution = "solution",
    LeaveTsume = "leave_tsume",
    NextItem = "next_item",
    PreviousItem = "previous_item",
    Retry = "retry",
    ShowAnswer = "show_answer",
    SwitchSide = "switch_side",
    /// The editor's piece letters; they cannot be remapped.
    PlaceSente = "place_sente",
    PlaceGote = "place_gote",
    Remove = "remove",
    Promote = "promote",
    Demote = "demote",
    ChangeOwner = "change_owner",
    SideToMove = "side_to_move",
    NextStart = "next_start",
    PreviousStart = "previous_start",
    BoxToHand = "box_to_hand",
    Done = "done",
    Protocol = "protocol",
    Who = "who",
    GameList = "game_list",
    Watch = "watch",
    Chat = "chat",
    AskGame = "ask_game",
    LeaveOnline = "leave_online",
    PageUp = "page_up",
    PageDown = "page_down",
    ReachedHere = "reached_here",
    /// A question's answers.
    Yes = "yes",
    No = "no",
    /// A numbered list's numbers (the new-game dialog's modes, the editor's ways out); they
    /// cannot be remapped.
    Number = "number",
    /// The new-game dialog: online play's connection dialog.
    Online = "online",
    /// The new-game dialog: the names of the two players at one keyboard.
    Names = "names",
    /// The new-game dialog: ☖'s level with two computers.
    GoteLevelDown = "gote_level_down",
    GoteLevelUp = "gote_level_up",
    /// The new-game dialog: the next time control.
    Clock = "clock",
    /// The new-game dialog: main time, byoyomi and Fischer increment, one step up or down.
    MainTimeUp = "main_time_up",
    MainTimeDown = "main_time_down",
    ByoyomiUp = "byoyomi_up",
    ByoyomiDown = "byoyomi_down",
    IncrementUp = "increment_up",
    IncrementDown = "increment_down",
    /// The new-game dialog: whose clock the time keys change.
    ClockSide = "clock_side",
    /// The new-game dialog: the next handicap.
    Handicap = "handicap",
    /// The variations: make the chosen one the main line.
    MainLine = "main_line",
    /// The connection dialog: the field below / above.
    NextField = "next_field",
    PreviousField = "previous_field",
}

impl Action {
    /// The piece letters are the pieces' names (USI letters) and a list's numbers are its
    /// numbers: they stay as they are.
    pub fn remappable(self) -> bool {
        !matches!(self, Action::PlaceSente | Action::PlaceGote | Action::Number)
    }

    pub fn from_name(name: &str) -> Option<Action> {
        Action::ALL.iter().copied().find(|a| a.name() == name)
    }
}

/// One line of the help: the keys (as shown) and what they do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelpLine {
    pub keys: String,
    pub label: Label,
}

/// One entry of the key bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BarEntry {
    /// The action of the entry's first row.
    pub action: Action,
    pub keys: String,
    pub label: Label,
    pub priority: u8,
}

/// The keys in force: the table's, with the player's remaps.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Keymap {
    remapped: BTreeMap<Action, Vec<Key>>,
}

impl Keymap {
    /// The table's keys.
    pub fn defaults() -> Keymap {
        Keymap::default()
    }

    /// The table's keys with `remaps` (action name to key names) applied, and one sentence for
    /// each remap that could not be used: an unknown action, a name that is not a key, a key
    /// another action of the same mode has. Such a remap is left out; the action keeps its keys.
    pub fn with_remaps(remaps: &BTreeMap<String, Vec<String>>) -> (Keymap, Vec<String>) {
        let mut problems = Vec::new();
        let mut map = Keymap::default();
        for (name, keys) in remaps {
            let Some(action) = Action::from_name(name) else {
                let near = Action::ALL
                    .iter()
                    .map(|a| a.name())
                    .filter(|a| strsim::jaro_winkler(a, name) > 0.8)
                    .max_by(|a, b| strsim::jaro_winkler(a, name).total_cmp(&strsim::jaro_winkler(b, name)));
                let hint = near.map(|n| format!("did you mean '{n}'? ")).unwrap_or_default();
                problems.push(format!(
                    "'keys': '{name}' is not an action; {hint}(the actions are in the README's key table)"
                ));
                continue;
            };
            if !action.remappable() {
                let why = if action == Action::Number {
                    "the digits are the lists'"
                } else {
                    "the letters are the pieces'"
                };
                problems.push(format!("'keys': '{name}' cannot be remapped ({why})"));
                continue;
            }
            if keys.is_empty() {
                problems.push(format!("'keys': '{name}' needs at least one key; it keeps its own"));
                continue;
            }
            match keys.iter().map(|k| Key::parse(k)).collect::<Result<Vec<Key>, String>>() {
                // letters type into the library's filter: `cancel` must keep a key that leaves it
                Ok(parsed) if action == Action::Cancel && parsed.iter().all(Key::types_text) => {
                    problems.push(format!(
                        "'keys': '{name}': {} would type into the library's filter and leave no way out \
                         of it; it keeps its own",
                        keys.join(" / ")
                    ));
                }
                Ok(parsed) => {
                    map.remapped.insert(action, parsed);
                }
                Err(e) => problems.push(format!("'keys': '{name}': {e}; it keeps its own")),
            }
        }
        // a key two actions of one mode would share: those remaps are left out, until none is
        while let Some((mode, key, actions)) = map.first_clash() {
            let undone: Vec<Action> =
                actions.iter().copied().filter(|a| map.remapped.contains_key(a)).collect();
            let others: Vec<&str> = actions.iter().map(|a| a.name()).collect();
            for a in &undone {
                map.remapped.remove(a);
                let kept = map.keys_of(mode, *a).iter().map(|k| k.name()).collect::<Vec<_>>().join(" / ");
                let other = others.iter().copied().filter(|o| *o != a.name()).collect::<Vec<_>>().join(", ");
                problems.push(format!(
                    "'keys': '{}': {} is already the key of '{other}' in {} mode; '{}' keeps {kept}",
                    a.name(),
                    key.name(),
                    mode.name(),
                    a.name()
                ));
            }
        }
        (map, problems)
    }

    /// Whether the action named `name` is remapped (a remap the keymap accepted).
    pub fn remaps(&self, name: &str) -> bool {
        Action::from_name(name).is_some_and(|a| self.remapped.contains_key(&a))
    }

    /// The action's keys in `mode`'s own rows (remapped or the table's).
    fn keys_of(&self, mode: KeyMode, action: Action) -> Vec<Key> {
        if let Some(keys) = self.remapped.get(&action) {
            return keys.clone();
        }
        all_rows()
            .find(|r| r.mode == mode && r.action == action)
            .map(|r| r.keys.iter().map(|k| Key::parse(k).expect("the table's keys are keys")).collect())
            .unwrap_or_default()
    }

    /// The first key of `action` in `mode` as the help writes it (empty when it has none), for
    /// messages that name a key.
    pub fn key_name(&self, mode: KeyMode, action: Action) -> String {
        self.rows(mode)
            .into_iter()
            .find(|r| r.action == action)
            .and_then(|r| self.keys(r).first().map(|k| k.name()))
            .unwrap_or_default()
    }

    /// The rows in force in `mode`: its own, then the board page's it keeps (in table order).
    pub fn rows(&self, mode: KeyMode) -> Vec<&'static Row> {
        let own: Vec<&Row> = all_rows().filter(|r| r.mode == mode).collect();
        let kept = TABLE.iter().filter(|r| {
            r.mode == KeyMode::Board
                && mode.keeps_from_board(r.action)
                && !own.iter().any(|o| o.action == r.action)
        });
        own.iter().copied().chain(kept).collect()
    }

    /// The keys of a row as they are now.
    pub fn keys(&self, row: &Row) -> Vec<Key> {
        self.keys_of(row.mode, row.action)
    }

    /// What `key` does in `mode`, if anything.
    pub fn action(&self, mode: KeyMode, key: Key) -> Option<Action> {
        self.rows(mode).into_iter().find(|r| self.keys(r).contains(&key)).map(|r| r.action)
    }

    /// The first key two actions of one mode share, with those actions.
    fn first_clash(&self) -> Option<(KeyMode, Key, Vec<Action>)> {
        for mode in KeyMode::ALL {
            let mut seen: Vec<(Key, Action)> = Vec::new();
            for r in self.rows(mode) {
                for k in self.keys(r) {
                    if let Some(&(_, other)) = seen.iter().find(|(s, a)| *s == k && *a != r.action) {
                        return Some((mode, k, vec![other, r.action]));
                    }
                    seen.push((k, r.action));
                }
            }
        }
        None
    }

    /// `mode`'s rows in groups: a row with help and the rows after it that share its line.
    fn groups(&self, mode: KeyMode) -> Vec<Vec<&'static Row>> {
        let mut groups: Vec<Vec<&Row>> = Vec::new();
        for r in self.rows(mode) {
            match groups.last_mut() {
                Some(g) if r.help.is_none() => g.push(r),
                _ => groups.push(vec![r]),
            }
        }
        groups
    }

    /// The help's lines for `mode`: one action's keys (`u / Backspace`), a line's actions by
    /// their keys in turn (`[ / ]`, and `hjkl / ←↓↑→` for four actions of two keys each).
    pub fn help(&self, mode: KeyMode) -> Vec<HelpLine> {
        self.groups(mode)
            .into_iter()
            .filter_map(|g| {
                let names: Vec<Vec<String>> =
                    g.iter().map(|r| self.keys(r).iter().map(|k| k.name()).collect()).collect();
                let keys = if !g[0].action.remappable() {
                    names.concat().join(" ")
                } else if names.iter().all(|n| n.len() == names[0].len()) {
                    (0..names[0].len())
                        .map(|i| {
                            let column: Vec<&str> = names.iter().map(|n| n[i].as_str()).collect();
                            let short = column.len() > 2 && column.iter().all(|k| k.chars().count() == 1);
                            column.join(if short { "" } else { " / " })
                        })
                        .collect::<Vec<_>>()
                        .join(" / ")
                } else {
                    names.iter().map(|n| n.join(" / ")).collect::<Vec<_>>().join(", ")
                };
                // the `/` key itself: `: or /`
                let keys =
                    if names.concat().iter().any(|k| k == "/") { keys.replace(" / ", " or ") } else { keys };
                Some(HelpLine { keys, label: g[0].help? })
            })
            .collect()
    }

    /// The key bar's entries for `mode`, in table order, with their priority in that mode: a
    /// group whose first row has a bar entry, by each action's first key (the piece letters by
    /// all of theirs); one-character keys run together (`hjkl`, `←↑↓→`), except a pair of
    /// letters, shown by the first (`a` for `a` / `v`).
    pub fn bar(&self, mode: KeyMode) -> Vec<BarEntry> {
        self.groups(mode)
            .into_iter()
            .filter_map(|g| {
                let b = g[0].bar?;
                let priority = if mode == KeyMode::Review { b.review } else { b.priority };
                if priority == HIDDEN {
                    return None;
                }
                let parts: Vec<String> = g
                    .iter()
                    .map(|r| {
                        let keys = self.keys(r);
                        if r.action.remappable() {
                            keys.first().map(|k| k.name()).unwrap_or_default()
                        } else {
                            keys.iter().map(|k| k.name()).collect()
                        }
                    })
                    .collect();
                // directions run together (`hjkl`, `←→`); a letter's companion (`v` of `a`) is
                // for the help
                let short = parts.iter().all(|p| p.chars().count() == 1);
                let letters = parts.len() < 3 && parts.iter().all(|p| p.chars().all(char::is_alphabetic));
                let keys = if letters { parts[0].clone() } else { parts.join(if short { "" } else { "/" }) };
                Some(BarEntry { action: g[0].action, keys, label: b.label, priority })
            })
            .collect()
    }

    /// The keys of one group as a popup's key line writes them: a lone action's keys in turn
    /// (`y/Enter`), else each action's first (`↑/↓`, `m/M`); a list's numbers as a range
    /// (`1-4`).
    fn group_text(&self, g: &[&Row]) -> String {
        let names: Vec<String> = match g {
            [one] => self.keys(one).iter().map(|k| k.name()).collect(),
            _ => g.iter().filter_map(|r| self.keys(r).first().map(|k| k.name())).collect(),
        };
        let digits = !g[0].action.remappable()
            && names.iter().all(|n| n.len() == 1 && n.as_bytes()[0].is_ascii_digit());
        // a sign beside the slash is spaced off it: `< / >`
        let signs = names.iter().any(|n| n.len() == 1 && n.as_bytes()[0].is_ascii_punctuation());
        match (digits, names.first(), names.last()) {
            (true, Some(first), Some(last)) if names.len() > 2 => format!("{first}-{last}"),
            _ => names.join(if signs { " / " } else { "/" }),
        }
    }

    /// The keys of the group in `mode` that `action` starts, as a popup's key line writes them
    /// (for a line that names its keys: `←/→` beside a level).
    pub fn group_keys(&self, mode: KeyMode, action: Action) -> String {
        self.groups(mode)
            .into_iter()
            .find(|g| g[0].action == action)
            .map(|g| self.group_text(&g))
            .unwrap_or_default()
    }

    /// A popup's key line: each group of `mode` whose bar entry is on line `line` (a popup's bar
    /// priority is the line it is on, 0 the popup's own key line), by its keys and word
    /// (`↑/↓ choose · Enter go`); groups with one word run together (`↑/↓ 1-4 mode`).
    pub fn hint(&self, mode: KeyMode, line: u8, japanese: bool) -> String {
        let mut entries: Vec<(String, &str)> = Vec::new();
        for g in self.groups(mode) {
            let Some(b) = g[0].bar.filter(|b| b.priority == line) else { continue };
            let keys = self.group_text(&g);
            let word = b.label.of(japanese);
            match entries.last_mut() {
                Some((k, w)) if *w == word => *k = format!("{k} {keys}"),
                _ => entries.push((keys, word)),
            }
        }
        entries.iter().map(|(k, w)| format!("{k} {w}")).collect::<Vec<_>>().join(" · ")
    }

    /// A question's answers by their first keys: `y / n`.
    pub fn answers(&self, mode: KeyMode) -> String {
        format!("{} / {}", self.key_name(mode, Action::Yes), self.key_name(mode, Action::No))
    }
}

#[cfg(test)]
mod tests;

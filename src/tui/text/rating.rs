//! The interface text of the player's rating (whether a game is rated, the rating after it, the
//! rating screen and its handicap suggestion), in Japanese and English, beside the rest of the
//! interface text (`super::Text`).

use super::Language;

pub struct RatingText {
    /// Why a game is not rated, in the order of `app::Unrated`'s variants: a game begun before
    /// ratings were kept, not one person against a built-in level, an external engine, a
    /// handicap, a set-up position, a take-back, a hint, analysis, the position editor, a
    /// takeover, a level change.
    pub reasons: [&'static str; 11],
    /// The status line while the game being played is rated.
    pub rated: &'static str,
    /// The status line when something makes the game unrated: `unrated: take-back`.
    pub unrated: fn(&str) -> String,
    /// The new-game dialog: the game will be rated (against a level of this figure).
    pub will_be_rated: fn(u8, f64) -> String,
    /// The new-game dialog: the game will not be rated, and why.
    pub will_not_be_rated: fn(&str) -> String,
    /// After a rated game: `rating 1412 ± 86 (+23)`, and whether it is provisional.
    pub after_game: fn(&str, f64, bool) -> String,
    /// The rating could not be saved (why).
    pub not_saved: fn(&str) -> String,
    /// The rating screen's title (the player's name).
    pub title: fn(&str) -> String,
    /// The rating, its games and whether it is provisional.
    pub summary: fn(&str, usize, bool) -> String,
    pub no_games: &'static str,
    /// The graph's title.
    pub graph_title: &'static str,
    /// Before the results by level and by side.
    pub by_level: &'static str,
    pub by_side: &'static str,
    /// Wins, losses, draws.
    pub record: fn(usize, usize, usize) -> String,
    /// Sente, gote.
    pub sides: [&'static str; 2],
    /// The level for an even game: level, its figure, the expected score in percent.
    pub suggestion: fn(u8, f64, f64) -> String,
    /// What the strongest level takes off the board for each step of the handicap ladder,
    /// in the order of `study::handicap::LADDER`.
    pub handicap_gives: [&'static str; 7],
    /// The handicap the strongest level would give: the level, its figure, how many ranks it
    /// is above the player, the handicap's name, what it takes off (`handicap_gives`), and
    /// whether the player's rating is provisional.
    pub handicap: fn(u8, f64, i64, &str, &str, bool) -> String,
    /// The key that closes the screen.
    pub close: &'static str,
}

impl RatingText {
    pub fn of(lang: Language) -> &'static RatingText {
        match lang {
            Language::Ja => &JA,
            Language::En => &EN,
        }
    }

    /// The line that names `level` for an even game, with the player's `expected` score
    /// against it (0 to 1).
    pub fn even_line(&self, level: crate::engine::levels::Level, expected: f64) -> String {
        (self.suggestion)(level.get(), level.rating().rating, expected * 100.0)
    }

    /// The line that suggests handicap `s` against the strongest level to a player whose
    /// rating is `provisional` or not.
    pub fn handicap_line(&self, s: &crate::study::handicap::Suggestion, provisional: bool) -> String {
        let gives = self.handicap_gives[s.step.index()];
        (self.handicap)(s.level.get(), s.level_rating, s.ranks, s.step.name, gives, provisional)
    }
}

pub static EN: RatingText = RatingText {
    reasons: [
        "begun before ratings were kept",
        "not you against a built-in level",
        "an external engine",
        "handicap games are unrated until the handicaps are measured",
        "a set-up position",
        "take-back",
        "hint",
        "analysis",
        "position edit",
        "takeover",
        "level change",
    ],
    rated: "rated",
    unrated: |why| format!("unrated: {why}"),
    will_be_rated: |level, figure| format!("Rated game (level {level} · {figure:.0})"),
    will_not_be_rated: |why| format!("Unrated game: {why}"),
    after_game: |figure, change, provisional| {
        let note = if provisional { " · provisional" } else { "" };
        format!("rating {figure} ({change:+.0}){note}")
    },
    not_saved: |why| format!("the rating was not saved: {why}"),
    title: |player| format!(" Rating · {player} "),
    summary: |figure, games, provisional| {
        let note = if provisional { " · provisional until more games are played" } else { "" };
        let plural = if games == 1 { "" } else { "s" };
        format!("{figure} · {games} rated game{plural}{note}")
    },
    no_games: "No rated games yet: play a built-in level to the end, without take-backs, hints or analysis.",
    graph_title: "rating after each rated game",
    by_level: "by level",
    by_side: "by side",
    record: |w, l, d| format!("{w} won {l} lost {d} drawn"),
    sides: ["sente", "gote"],
    suggestion: |level, figure, expected| {
        format!("For an even game: level {level} ({figure:.0}), expected score {expected:.0}%")
    },
    handicap_gives: [
        "left lance",
        "bishop",
        "rook",
        "rook and left lance",
        "rook and bishop",
        "rook, bishop and both lances",
        "rook, bishop, both lances and both knights",
    ],
    handicap: |level, figure, ranks, name, gives, provisional| {
        let note = if provisional { " · from a provisional rating" } else { "" };
        format!(
            "Against level {level} ({figure:.0}), {ranks} ranks above: {name}, level {level} gives {gives}{note}"
        )
    },
    close: "any key closes",
};

pub static JA: RatingText = RatingText {
    reasons: [
        "レーティング記録前に始まった対局",
        "あなたと内蔵レベルの対局ではない",
        "外部エンジン",
        "駒落ちは手合の測定まで対象外",
        "局面編集からの対局",
        "待った",
        "ヒント",
        "検討",
        "局面編集",
        "手番の交代",
        "レベル変更",
    ],
    rated: "レーティング対象",
    unrated: |why| format!("レーティング対象外: {why}"),
    will_be_rated: |level, figure| format!("レーティング対象の対局 (レベル{level} · {figure:.0})"),
    will_not_be_rated: |why| format!("レーティング対象外: {why}"),
    after_game: |figure, change, provisional| {
        let note = if provisional { " · 暫定" } else { "" };
        format!("レーティング {figure} ({change:+.0}){note}")
    },
    not_saved: |why| format!("レーティングを保存できません: {why}"),
    title: |player| format!(" レーティング · {player} "),
    summary: |figure, games, provisional| {
        let note = if provisional { " · 対局数が少ないため暫定" } else { "" };
        format!("{figure} · 対象対局 {games}局{note}")
    },
    no_games: "まだ対象の対局がありません: 待った・ヒント・検討なしで内蔵レベルと最後まで指すと記録されます。",
    graph_title: "対局ごとのレーティング",
    by_level: "レベル別",
    by_side: "手番別",
    record: |w, l, d| format!("{w}勝{l}敗{d}分"),
    sides: ["先手", "後手"],
    suggestion: |level, figure, expected| {
        format!("互角の相手: レベル{level} ({figure:.0})、期待勝率 {expected:.0}%")
    },
    handicap_gives: [
        "左の香",
        "角",
        "飛車",
        "飛車と左の香",
        "飛車と角",
        "飛車・角・香2枚",
        "飛車・角・香2枚・桂2枚",
    ],
    handicap: |level, figure, ranks, name, gives, provisional| {
        let note = if provisional { " · 暫定のレーティングから" } else { "" };
        format!(
            "レベル{level} ({figure:.0}) とは{ranks}段級差: {name} (レベル{level}が{gives}を落とす){note}"
        )
    },
    close: "どのキーでも閉じる",
};

//! Popups drawn over the screen, one case per `Popup`. Each is sized to the screen (never wider
//! or taller than it) and drawn over a fully cleared area: a wide character half under the
//! popup's left edge is blanked too, or the terminal would keep it and swallow the border.

use super::frame::{centered, clear_under, frame, simple};
use super::glyphs::Glyphs;
use super::key_line::{ask, keys_line};
use crate::record::SquareNames;
use crate::tui::app::{App, GameMode, NewGameChoice, Popup, SettingItem, SettingsScreen};
use crate::tui::keymap::{Action, KeyMode};
use crate::tui::settings::{ImpasseRule, Language, Notation, PieceStyle, Settings};
use crate::tui::text::Text;
use ratatui::Frame;

use ratatui::layout::Position;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use unicode_width::UnicodeWidthStr;

pub(super) fn draw_popup(f: &mut Frame, app: &App, p: &Popup) {
    let t = app.text();
    let g = super::glyphs(app);
    match p {
        Popup::Promotion { from, to } => simple(
            f,
            &g,
            t.promote_title,
            vec![format!("{} → {}", from.japanese(), to.japanese()), keys_line(app, KeyMode::Promotion, 0)],
        ),
        Popup::ConfirmQuit => {
            let mut lines = vec![ask(app, t.quit_question, KeyMode::Offer)];
            if let Some(e) = app.unsaved_after_autosave_failure() {
                lines = vec![(t.quit_unsaved)(e), keys_line(app, KeyMode::QuitUnsaved, 0)];
            }
            if app.online().is_some_and(|o| o.playing()) {
                lines.insert(0, app.online_text().quit_leaves_game.into());
            }
            simple(f, &g, t.quit_title, lines)
        }
        Popup::ConfirmLearnAnalysis => {
            simple(f, &g, t.learn_offer_title, vec![ask(app, t.learn_offer_question, KeyMode::Offer)])
        }
        Popup::ConfirmOverwrite(path) => {
            let question = (t.prompt_overwrite)(&path.display().to_string());
            simple(f, &g, t.overwrite_title, vec![ask(app, &question, KeyMode::Question)])
        }
        Popup::ConfirmCreateFolder(path) => {
            let dir = path.parent().unwrap_or(path).display().to_string();
            let question = (t.prompt_create_folder)(&dir);
            simple(f, &g, t.create_folder_title, vec![ask(app, &question, KeyMode::Question)])
        }
        Popup::ConfirmResign => {
            simple(f, &g, t.resign_title, vec![ask(app, t.resign_question, KeyMode::Question)])
        }
        Popup::ConfirmTakeback => {
            let question = ask(app, &app.takeback_question(), KeyMode::Question);
            simple(f, &g, t.clocks.takeback_title, vec![question])
        }
        Popup::ConfirmDeclare => {
            let title = match app.impasse_rule() {
                crate::core::ImpasseRule::Csa27 => t.declare_title_csa,
                crate::core::ImpasseRule::Jsa24 => t.declare_title_24,
            };
            let question = ask(app, t.declare_question, KeyMode::Question);
            let lines = vec![app.declaration_summary(), t.declare_warning.into(), question];
            simple(f, &g, title, lines)
        }
        Popup::Help { scroll } => {
            let note = format!("{} · {}", keys_line(app, KeyMode::Help, 0), t.other_keys_close);
            draw_help(f, &g, t, &app.help_keys(), *scroll, &note)
        }
        Popup::NewGame(choice) => {
            let edited = app.editor().map(|_| app.setup_text().edited_position);
            simple(f, &g, t.new_game_title, new_game_body(app, choice, edited))
        }
        Popup::Settings(screen) => {
            let keys = format!("{} · {}", keys_line(app, KeyMode::Settings, 0), t.settings_saved_note);
            draw_settings(f, &g, t, app.settings(), screen, &keys)
        }
        Popup::Comment(e) => super::comment::draw_editor(f, app, e),
        Popup::Variations(v) => super::comment::draw_variations(f, app, v),
        Popup::TsumeList { row } => super::editor::draw_tsume_list(f, app, *row),
        Popup::OfferSaveLost(why) => {
            let t = app.online_text();
            simple(f, &g, t.lost_title, vec![why.clone(), ask(app, t.save_question, KeyMode::Offer)])
        }
        Popup::Protocol { scroll } => super::online::draw_protocol(f, app, *scroll),
        Popup::ServerList => super::online::draw_server_list(f, app),
        Popup::Rating => super::rating::draw_rating(f, app),
    }
}

/// The help's lines: the key column padded to one width, then what it does.
pub(super) fn help_lines(keys: &[(String, String)]) -> Vec<String> {
    let kw = keys.iter().map(|(k, _)| k.width()).max().unwrap_or(0);
    keys.iter().map(|(k, d)| format!("{k}{}  {d}", " ".repeat(kw - k.width()))).collect()
}

/// The help, as many lines as fit from `scroll` on; a note in the bottom edge (`scroll_keys`)
/// says how to scroll when not everything fits.
fn draw_help(
    f: &mut Frame,
    g: &Glyphs,
    t: &Text,
    keys: &[(String, String)],
    scroll: usize,
    scroll_keys: &str,
) {
    let area = f.area();
    let lines = help_lines(keys);
    let widest = lines.iter().map(|l| l.width()).max().unwrap_or(0) as u16;
    let w = (widest + 4).min(area.width);
    let h = (lines.len() as u16 + 2).min(area.height);
    let r = centered(area, w, h);
    let visible = h.saturating_sub(2) as usize;
    let fits = visible >= lines.len();
    let first = if fits { 0 } else { scroll.min(lines.len() - visible) };
    let note = (!fits).then(|| format!("{}-{}/{} {scroll_keys}", first + 1, first + visible, lines.len()));
    clear_under(f.buffer_mut(), r);
    let body: Vec<Line> = lines.iter().skip(first).take(visible).map(|l| Line::from(g.pad(l))).collect();
    f.render_widget(Paragraph::new(body).block(frame(g, t.help_title, note.as_deref())), r);
}

/// The new-game dialog; `edited` names the position a game from the editor starts from, in
/// place of the handicap.
fn new_game_body(app: &App, choice: &NewGameChoice, edited: Option<&str>) -> Vec<String> {
    let t = app.text();
    let NewGameChoice { mode, level, gote_level, ref clock, clock_side, handicap, ref naming, .. } = *choice;
    let mut body: Vec<String> = GameMode::ALL
        .iter()
        .enumerate()
        .map(|(i, &m)| format!("{} {}. {}", if m == mode { "▶" } else { " " }, i + 1, app.named(t.modes[i])))
        .collect();
    let online = crate::tui::text::online::OnlineText::of(t.language).mode_label;
    body.push(format!("  {}. {online} …", GameMode::ALL.len() + 1));
    body.push(String::new());
    // two players at one keyboard: their names, or the one being typed (the cursor a bar)
    match naming {
        Some((side, editor)) => {
            let text = editor.text();
            let at = text.char_indices().nth(editor.cursor_chars()).map_or(text.len(), |(i, _)| i);
            let typed = format!("{}▏{}", &text[..at], &text[at..]);
            body.push(format!("  {}{typed}", (t.name_prompt)(t.sides[*side])));
            body.push(String::new());
        }
        None if mode == GameMode::HotSeat => {
            let key = app.keymap().key_name(KeyMode::NewGame, Action::Names);
            let [b, w] = choice.names_or(&app.default_names());
            body.push(format!("  {}", (t.names_line)(&b, &w, &key)));
            body.push(String::new());
        }
        None => {}
    }
    // the measured figure belongs to the built-in engine's levels
    let figure =
        |l: crate::engine::levels::Level| app.settings().engine_command.is_none().then(|| l.rating().rating);
    if mode == GameMode::EngineVsEngine {
        let keys = |a| app.keymap().group_keys(KeyMode::NewGame, a);
        body.push(format!(
            "  {}",
            (t.side_level_line)(t.sides[0], level.get(), figure(level), &keys(Action::CursorLeft))
        ));
        body.push(format!(
            "  {}",
            (t.side_level_line)(
                t.sides[1],
                gote_level.get(),
                figure(gote_level),
                &keys(Action::GoteLevelDown)
            )
        ));
    } else {
        body.push(format!("  {}", (t.level_line)(level.get(), figure(level))));
    }
    let clock_text = match (clock, t.language) {
        (None, _) => t.no_clock.to_string(),
        (Some(tc), crate::tui::settings::Language::Ja) => crate::tui::app::clock::controls_label_ja(tc),
        (Some(tc), crate::tui::settings::Language::En) => crate::tui::app::clock::controls_label_en(tc),
    };
    let key = |a| app.keymap().key_name(KeyMode::NewGame, a);
    body.push(format!("  {}: {clock_text}", (t.clock_line)(&key(Action::Clock))));
    let editing = match clock_side {
        None => t.clocks.clock_sides[0],
        Some(crate::core::Color::Black) => t.clocks.clock_sides[1],
        Some(crate::core::Color::White) => t.clocks.clock_sides[2],
    };
    body.push(format!("    {}", keys_line(app, KeyMode::NewGame, 1)));
    body.push(format!("    {}", (t.clocks.clock_side_line)(&key(Action::ClockSide), editing)));
    let h = &crate::record::HANDICAPS[handicap];
    let who = if h.is_even() { String::new() } else { format!("  {}", t.uwate_moves_first) };
    match edited {
        Some(name) => body.push(format!("  {name}")),
        None => body.push(format!("  {}: {}{who}", (t.handicap_line)(&key(Action::Handicap)), h.name)),
    }
    body.push(format!("  {}", rated_line(app, choice, edited.is_some())));
    body.push(String::new());
    body.push(format!("  {}", keys_line(app, KeyMode::NewGame, 0)));
    body
}

/// Whether the game the dialog would start is rated, against which level's figure, or why not.
fn rated_line(app: &App, choice: &NewGameChoice, set_up: bool) -> String {
    use crate::tui::app::RatedStanding;
    let t = crate::tui::text::rating::RatingText::of(app.settings().language);
    match RatedStanding::of_choice(choice, app.settings().engine_command.is_some(), set_up) {
        RatedStanding::Rated { level, .. } => (t.will_be_rated)(level.get(), level.rating().rating),
        RatedStanding::Unrated(why) => (t.will_not_be_rated)(why.words(t)),
        RatedStanding::Handed => String::new(),
    }
}

/// The value of one setting, in words.
pub(super) fn setting_value(t: &Text, s: &Settings, item: SettingItem) -> String {
    match item {
        SettingItem::Mode => {
            // against the computer is one choice; the Side row says which side you take
            let i = match s.mode {
                GameMode::HotSeat => 0,
                GameMode::HumanSente | GameMode::HumanGote => 1,
                GameMode::EngineVsEngine => 3,
            };
            t.mode_short[i].to_string()
        }
        SettingItem::Side if s.mode == GameMode::HumanGote => t.sides[1].into(),
        SettingItem::Side => t.sides[0].into(),
        SettingItem::Level => format!("{}", s.level),
        SettingItem::GoteLevel => format!("{}", s.gote_level),
        SettingItem::Clock => crate::tui::app::clock_label(s).unwrap_or_else(|| t.no_clock.to_string()),
        SettingItem::Handicap => s.handicap.clone(),
        SettingItem::PieceStyle => t.piece_styles[(s.piece_style == PieceStyle::Ascii) as usize].into(),
        SettingItem::Theme => {
            let i = crate::tui::settings::Theme::ALL.iter().position(|&x| x == s.theme).unwrap_or(0);
            t.themes[i].into()
        }
        SettingItem::AmbiguousWide => t.on_off[s.ambiguous_wide as usize].into(),
        SettingItem::Language => t.languages[(s.language == Language::En) as usize].into(),
        SettingItem::Notation => match s.notation {
            Notation::Kif => "KIF ▲７六歩(77)",
            Notation::Ki2 => "KI2 ▲７六歩",
            Notation::Csa => "CSA +7776FU",
            Notation::Usi => "USI 7g7f",
        }
        .into(),
        SettingItem::ImpasseRule => {
            t.impasse_rules[(s.impasse_rule == ImpasseRule::Points24) as usize].into()
        }
        SettingItem::PlayerName if s.player_name.is_empty() => t.you.into(),
        SettingItem::PlayerName => s.player_name.clone(),
        SettingItem::EngineCommand => {
            let cmd = s.engine_command.as_deref().unwrap_or(t.builtin_engine);
            format!("{cmd} {}", t.next_launch)
        }
        SettingItem::EngineOptions => {
            let opts = crate::tui::app::options_text(&s.engine_options);
            let opts = if opts.is_empty() { t.none.to_string() } else { opts };
            format!("{opts} {}", t.next_launch)
        }
        SettingItem::MinMoveMs => format!("{:.2} s", s.min_move_ms as f64 / 1000.0),
        SettingItem::MaxMoves => s.max_moves.map_or(t.none.to_string(), |n| (t.plies)(n)),
        SettingItem::AnalysisLines => s.analysis_lines.to_string(),
        SettingItem::GameAnalysisMs => format!("{:.1} s", s.game_analysis_ms as f64 / 1000.0),
        SettingItem::MarkThresholds => {
            let [a, b, c, d] = s.mark_thresholds;
            format!("{a}/{b}/{c}/{d} %")
        }
        SettingItem::Threats => t.on_off[s.threats as usize].into(),
        SettingItem::ByoyomiCount => {
            let i = crate::tui::settings::ByoyomiCount::ALL.iter().position(|&c| c == s.byoyomi_count);
            t.clocks.byoyomi_counts[i.unwrap_or(0)].into()
        }
        SettingItem::HelpInGames => t.on_off[s.help_in_games as usize].into(),
        SettingItem::NaturalThinkingTime => t.on_off[s.natural_thinking_time as usize].into(),
    }
}

/// The settings screen: one row per setting, the chosen one highlighted, then `keys`; the
/// engine command shows its line editor (with the terminal cursor in it) while being edited.
fn draw_settings(f: &mut Frame, g: &Glyphs, t: &Text, s: &Settings, screen: &SettingsScreen, keys: &str) {
    let area = f.area();
    let lw = t.settings_labels.iter().map(|l| l.width()).max().unwrap_or(0);
    let w = (lw as u16 + 40).max(keys.width() as u16 + 4).min(area.width);
    let h = (SettingItem::ALL.len() as u16 + 4).min(area.height);
    let r = centered(area, w, h);
    clear_under(f.buffer_mut(), r);
    let block = frame(g, t.settings_title, None);
    let inner = block.inner(r);
    f.render_widget(block, r);
    let visible = inner.height.saturating_sub(2) as usize;
    let first = screen.row.saturating_sub(visible.saturating_sub(1));
    let mut lines = Vec::new();
    for (i, &item) in SettingItem::ALL.iter().enumerate().skip(first).take(visible) {
        let label = t.settings_labels[i];
        let pad = " ".repeat(lw - label.width());
        let chosen = i == screen.row;
        let marker = if chosen { ">" } else { " " };
        let value = match (&screen.editing, chosen) {
            (Some(ed), true) => {
                let col = inner.x + 1 + (lw + 3) as u16;
                let room = inner.right().saturating_sub(col);
                let (shown, cur) = ed.window(room);
                f.set_cursor_position(Position::new(col + cur, inner.y + (i - first) as u16));
                shown
            }
            _ => setting_value(t, s, item),
        };
        let st = if chosen { Style::default().add_modifier(Modifier::REVERSED) } else { Style::default() };
        lines.push(Line::from(vec![
            Span::raw(format!("{marker}{label}{pad}  ")),
            Span::styled(g.pad(&value), st),
        ]));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(g.pad(keys)));
    f.render_widget(Paragraph::new(lines), inner);
}

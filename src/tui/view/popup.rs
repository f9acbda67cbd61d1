//! Popups drawn over the screen, one case per `Popup`.

use crate::tui::app::clock::TIME_PRESETS;
use crate::tui::app::{App, GameMode, NewGameChoice, Popup};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect { x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h }
}

pub(super) fn draw_popup(f: &mut Frame, app: &App, p: &Popup) {
    let (title, body, w, h): (&str, Vec<String>, u16, u16) = match p {
        Popup::Promotion { from, to } => (
            " 成りますか？ ",
            vec![format!("{} → {}", from.japanese(), to.japanese()), "y / Enter: 成る    n: 不成".into()],
            36,
            4,
        ),
        Popup::ConfirmQuit => (" 終了 ", vec!["Quit shogiban? (y / n)".into()], 30, 3),
        Popup::ConfirmResign => (" 投了 ", vec!["Resign this game? (y / n)".into()], 34, 3),
        Popup::ConfirmDeclare => (
            " 入玉宣言 (CSA 27-point rule) ",
            vec![
                app.declaration_summary(),
                "A declaration that does not meet every condition loses.".into(),
                "Declare? (y / n)".into(),
            ],
            96,
            5,
        ),
        Popup::Help => (" ヘルプ ", HELP.iter().map(|s| s.to_string()).collect(), 64, HELP.len() as u16 + 2),
        Popup::NewGame(choice) => (" 新規対局 ", new_game_body(choice), 78, 12),
    };
    let r = centered(f.area(), w, h);
    f.render_widget(Clear, r);
    let block = Block::default().borders(Borders::ALL).title(title);
    f.render_widget(Paragraph::new(body.join("\n")).block(block).wrap(Wrap { trim: false }), r);
}

fn new_game_body(choice: &NewGameChoice) -> Vec<String> {
    let NewGameChoice { mode, level, time, handicap } = *choice;
    let mut body: Vec<String> = GameMode::ALL
        .iter()
        .enumerate()
        .map(|(i, &m)| format!("{} {}. {}", if m == mode { "▶" } else { " " }, i + 1, m.label()))
        .collect();
    body.push(String::new());
    body.push(format!("  computer level: ◀ {level:>2} ▶   (1 beginner … 10 full strength)"));
    body.push(format!("  clock (t): {}", TIME_PRESETS[time].1));
    let h = &crate::record::HANDICAPS[handicap];
    let who = if h.is_even() { "" } else { "  (上手 = ☖ gote moves first)" };
    body.push(format!("  手合割 (c): {}{who}", h.name));
    body.push(String::new());
    body.push("  ↑/↓ or 1-4 choose  ←/→ level  t clock  c handicap  Enter start  Esc cancel".into());
    body
}

pub const HELP: [&str; 13] = [
    "arrows / hjkl   move the cursor",
    "Enter / Space   pick up a piece, then put it down (or click)",
    "Tab             switch to your pieces in hand (then ←/→, Enter)",
    ": or /          type a move (76歩 同歩 58金右 55角打 7g7f 7776FU)",
    "u / Backspace   take back a move      r   replay it      s  save",
    "[ / ]           first / last position     { / }  other variation",
    "f               flip the board          n   new game / vs computer",
    "R               resign                  D   declare an impasse win (入玉宣言)",
    "p               pause the computer      t   take over / hand back the side to move",
    "< / >           computer vs computer: slower / faster",
    "Esc             cancel the selection",
    "q               quit",
    "? / Esc         close this help",
];

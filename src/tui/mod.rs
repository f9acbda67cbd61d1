//! The terminal app: one event loop — draw the whole frame from `App`, wait for an event, update
//! `App`. Keys go to the popup on top if there is one, else to the typed-move box, else to the
//! board. The terminal is restored by a guard on every exit path, panics included.

pub mod app;
pub mod clock;
pub mod engine_link;
pub mod geometry;
pub mod state;
pub mod storage;
pub mod ui;

use crate::core::Position;
use app::{App, Focus, GameMode, InputKind, Popup};
use crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers,
    MouseButton, MouseEvent, MouseEventKind,
};
use crossterm::execute;
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use std::io;
use std::time::Duration;

/// Raw mode + alternate screen + mouse, undone on drop and on panic.
struct TerminalGuard;

impl TerminalGuard {
    fn enter() -> io::Result<TerminalGuard> {
        enable_raw_mode()?;
        execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture)?;
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            prev(info);
        }));
        Ok(TerminalGuard)
    }
}

fn restore() {
    let _ = execute!(io::stdout(), DisableMouseCapture, LeaveAlternateScreen);
    let _ = disable_raw_mode();
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore();
    }
}

/// Runs the app on the real terminal until the user quits. The record is autosaved after every
/// change (see `storage`), so a crash or a closed terminal loses nothing.
pub fn run(mut app: App, mut engine: engine_link::EngineLink) -> io::Result<()> {
    let _guard = TerminalGuard::enter()?;
    let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    app.engine_name = engine.name.clone();
    while !app.should_quit {
        terminal.draw(|f| ui::draw(f, &app))?;
        if event::poll(Duration::from_millis(50))? {
            let size = terminal.size()?;
            let area = ratatui::layout::Rect::new(0, 0, size.width, size.height);
            handle_event(&mut app, event::read()?, area);
        }
        app.tick(std::time::Instant::now());
        drive_engine(&mut app, &mut engine);
        if app.dirty {
            app.dirty = false;
            if let Err(e) = storage::autosave(app.game.record()) {
                app.message = format!("autosave failed: {e}");
            }
        }
    }
    Ok(())
}

/// Starts, stops and collects the computer's thinking as the game requires.
fn drive_engine(app: &mut App, engine: &mut engine_link::EngineLink) {
    use engine_link::EngineEvent;
    while let Some(ev) = engine.poll() {
        match ev {
            EngineEvent::Info { text, .. } => app.engine_info = text,
            EngineEvent::Done { best, declare_win, .. } => {
                if let Some(node) = app.engine_node {
                    app.engine_result(node, best, declare_win);
                }
                app.engine_info.clear();
            }
            EngineEvent::Failed { message } => {
                // nothing is lost: the game stays, both sides become human
                app.players = [app::Player::Human, app::Player::Human];
                app.engine_node = None;
                app.engine_info.clear();
                app.message = format!("engine failed: {message} — both sides are now played by hand");
            }
        }
    }
    let here = app.game.node();
    if app.engine_node.is_some_and(|n| n != here) || (app.engine_node.is_some() && !app.engine_to_move()) {
        // the user moved elsewhere: forget that search
        engine.stop_thinking();
        app.engine_node = None;
        app.engine_info.clear();
    }
    if app.engine_to_move() && app.engine_node.is_none() {
        let limits = match &app.clock {
            // on the clock: the engine manages its own time
            Some(c) => {
                let now = std::time::Instant::now();
                let side = app.pos().side_to_move().index();
                let mut remaining = c.remaining;
                remaining[side] = remaining[side].saturating_sub(c.elapsed(now));
                crate::engine::search::time::Limits {
                    time: [Some(remaining[0]), Some(remaining[1])],
                    byoyomi: c.tc.byoyomi_ms,
                    ..Default::default()
                }
            }
            None => crate::engine::search::time::Limits::movetime(engine_link::think_time_ms(app.level)),
        };
        let moves = app.game.record().moves_to(here);
        engine.think(app.game.record().initial(), &moves, app.level, limits);
        app.engine_node = Some(here);
        app.engine_info = "考慮中…".into();
    }
}

/// Opens `path` for review, or a new game when `None`. A file that cannot be read is an error;
/// a file with an unreadable move opens up to that move, with the problem shown.
pub fn open(path: Option<&std::path::Path>) -> Result<App, String> {
    let Some(path) = path else { return Ok(App::new(Position::startpos())) };
    let (record, warnings) =
        crate::record::load_record(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let mut app = App::with_record(record);
    app.file = Some(path.to_path_buf());
    app.message = match warnings.first() {
        Some(w) => format!("{}: {w}", path.display()),
        None => format!("opened {} ({} moves)", path.display(), app.game.record().main_line().len()),
    };
    Ok(app)
}

/// Routes one terminal event to the app. `area` is the whole screen (for mouse hit-testing).
pub fn handle_event(app: &mut App, ev: Event, area: ratatui::layout::Rect) {
    match ev {
        Event::Key(k) if k.kind != KeyEventKind::Release => handle_key(app, k),
        Event::Mouse(m) => handle_mouse(app, m, area),
        _ => {}
    }
}

pub fn handle_key(app: &mut App, k: KeyEvent) {
    if k.code == KeyCode::Char('c') && k.modifiers.contains(KeyModifiers::CONTROL) {
        app.should_quit = true;
        return;
    }
    match app.popup.clone() {
        Some(p) => handle_popup_key(app, p, k),
        None if app.input.is_some() => handle_input_key(app, k),
        None => handle_board_key(app, k),
    }
}

fn handle_popup_key(app: &mut App, p: Popup, k: KeyEvent) {
    match p {
        Popup::Promotion { .. } => match k.code {
            KeyCode::Char('y') | KeyCode::Enter => app.answer_promotion(true),
            KeyCode::Char('n') => app.answer_promotion(false),
            KeyCode::Esc => app.popup = None,
            _ => {}
        },
        Popup::ConfirmResign => match k.code {
            KeyCode::Char('y') => app.resign(),
            _ => app.popup = None,
        },
        Popup::ConfirmDeclare => match k.code {
            KeyCode::Char('y') => app.declare(),
            _ => app.popup = None,
        },
        Popup::ConfirmQuit => match k.code {
            KeyCode::Char('y') | KeyCode::Enter => app.should_quit = true,
            _ => app.popup = None,
        },
        Popup::Help => app.popup = None,
        Popup::NewGame { mode, level, time, handicap } => {
            let i = GameMode::ALL.iter().position(|&m| m == mode).unwrap_or(0);
            let n = GameMode::ALL.len();
            let nt = clock::TIME_PRESETS.len();
            let nh = crate::record::HANDICAPS.len();
            let set = |app: &mut App, mode, level, time| {
                app.popup = Some(Popup::NewGame { mode, level, time, handicap })
            };
            match k.code {
                KeyCode::Up | KeyCode::Char('k') => set(app, GameMode::ALL[(i + n - 1) % n], level, time),
                KeyCode::Down | KeyCode::Char('j') => set(app, GameMode::ALL[(i + 1) % n], level, time),
                KeyCode::Left | KeyCode::Char('h') | KeyCode::Char('-') => {
                    set(app, mode, level.max(2) - 1, time)
                }
                KeyCode::Right | KeyCode::Char('l') | KeyCode::Char('+') => {
                    set(app, mode, (level + 1).min(10), time)
                }
                KeyCode::Char('t') => set(app, mode, level, (time + 1) % nt),
                KeyCode::Char('c') => {
                    app.popup = Some(Popup::NewGame { mode, level, time, handicap: (handicap + 1) % nh })
                }
                KeyCode::Char(c @ '1'..='4') => {
                    set(app, GameMode::ALL[c as usize - '1' as usize], level, time)
                }
                KeyCode::Enter => app.start_new_game(mode, level, time, handicap),
                KeyCode::Esc | KeyCode::Char('q') => app.popup = None,
                _ => {}
            }
        }
    }
}

fn handle_input_key(app: &mut App, k: KeyEvent) {
    let Some((_, buf)) = app.input.as_mut() else { return };
    match k.code {
        KeyCode::Esc => app.input = None,
        KeyCode::Backspace => {
            buf.pop();
        }
        KeyCode::Enter => app.submit_input(),
        KeyCode::Char(c) => buf.push(c),
        _ => {}
    }
}

fn handle_board_key(app: &mut App, k: KeyEvent) {
    match k.code {
        KeyCode::Left | KeyCode::Char('h') => app.move_cursor(-1, 0),
        KeyCode::Right | KeyCode::Char('l') => app.move_cursor(1, 0),
        KeyCode::Up | KeyCode::Char('k') => app.move_cursor(0, -1),
        KeyCode::Down | KeyCode::Char('j') => app.move_cursor(0, 1),
        KeyCode::Enter | KeyCode::Char(' ') => app.activate(),
        KeyCode::Tab => app.toggle_hand_focus(),
        KeyCode::Esc => {
            app.selection = None;
            app.focus = Focus::Board;
        }
        KeyCode::Char(':') | KeyCode::Char('/') => app.input = Some((InputKind::Move, String::new())),
        KeyCode::Char('s') => app.open_save(storage::games_dir().as_deref()),
        KeyCode::Char('u') | KeyCode::Backspace => app.undo(),
        KeyCode::Char('r') => app.redo(),
        KeyCode::Char('[') => app.game.to_start(),
        KeyCode::Char(']') => app.game.to_end(),
        KeyCode::Char('{') => app.switch_variation(-1),
        KeyCode::Char('}') => app.switch_variation(1),
        KeyCode::Char('f') => app.flipped = !app.flipped,
        KeyCode::Char('?') => app.popup = Some(Popup::Help),
        KeyCode::Char('n') => app.open_new_game(),
        KeyCode::Char('q') => app.popup = Some(Popup::ConfirmQuit),
        KeyCode::Char('R') => app.popup = Some(Popup::ConfirmResign),
        KeyCode::Char('D') => app.popup = Some(Popup::ConfirmDeclare),
        _ => {}
    }
}

fn handle_mouse(app: &mut App, m: MouseEvent, area: ratatui::layout::Rect) {
    if m.kind != MouseEventKind::Down(MouseButton::Left) || app.popup.is_some() {
        return;
    }
    let a = ui::areas(area);
    let g = geometry::BoardGeometry::new(a.board, app.flipped);
    if let Some(sq) = g.hit(m.column, m.row) {
        app.focus = Focus::Board;
        app.click_square(sq);
        return;
    }
    let side = app.pos().side_to_move();
    for (rect, top) in [(a.gote_hand, true), (a.sente_hand, false)] {
        if m.row == rect.y
            && ui::hand_owner(top, app.flipped) == side
            && let Some(i) =
                geometry::hand_slot_at(app.pos().hand(side), rect.x + ui::hand_label_w(), m.column)
        {
            app.focus = Focus::Hand(i);
            app.activate();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::backend::TestBackend;

    fn key(c: KeyCode) -> Event {
        Event::Key(KeyEvent::new(c, KeyModifiers::NONE))
    }

    fn screen(app: &App) -> String {
        let mut t = Terminal::new(TestBackend::new(100, 20)).unwrap();
        t.draw(|f| ui::draw(f, app)).unwrap();
        let buf = t.backend().buffer().clone();
        let mut s = String::new();
        for y in 0..buf.area.height {
            let mut x = 0;
            while x < buf.area.width {
                let sym = buf[(x, y)].symbol();
                s.push_str(sym);
                x += unicode_width::UnicodeWidthStr::width(sym).max(1) as u16;
            }
            s.push('\n');
        }
        s
    }

    #[test]
    fn start_position_is_drawn_with_coordinates_and_hands() {
        let app = App::new(Position::startpos());
        let s = screen(&app);
        assert!(s.contains("９"), "{s}");
        assert!(s.contains("v香"), "{s}");
        assert!(s.contains("一"));
        assert!(s.contains("九"));
        assert!(s.contains("☖持駒"));
        assert!(s.contains("☗持駒"));
        assert!(s.contains("開始局面"));
    }

    #[test]
    fn typed_move_shows_in_record() {
        let mut app = App::new(Position::startpos());
        let area = ratatui::layout::Rect::new(0, 0, 100, 20);
        handle_event(&mut app, key(KeyCode::Char(':')), area);
        for c in "7g7f".chars() {
            handle_event(&mut app, key(KeyCode::Char(c)), area);
        }
        handle_event(&mut app, key(KeyCode::Enter), area);
        assert_eq!(app.ply(), 1);
        let s = screen(&app);
        assert!(s.contains("▲７六歩(77)"), "{s}");
    }

    #[test]
    fn mouse_clicks_play_a_move() {
        let mut app = App::new(Position::startpos());
        let area = ratatui::layout::Rect::new(0, 0, 100, 20);
        let a = ui::areas(area);
        let g = geometry::BoardGeometry::new(a.board, false);
        for s in ["2g", "2f"] {
            let r = g.rect_of(crate::core::Square::from_usi(s).unwrap());
            let ev = Event::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column: r.x + 1,
                row: r.y,
                modifiers: KeyModifiers::NONE,
            });
            handle_event(&mut app, ev, area);
        }
        assert_eq!(app.pos().last_move().unwrap().usi(), "2g2f");
    }

    #[test]
    fn tiny_terminal_gets_a_message_not_a_broken_board() {
        let app = App::new(Position::startpos());
        let mut t = Terminal::new(TestBackend::new(30, 8)).unwrap();
        t.draw(|f| ui::draw(f, &app)).unwrap();
        let buf = t.backend().buffer().clone();
        let text: String = buf.content().iter().map(|c| c.symbol()).collect();
        assert!(text.contains("needs at least"), "{text}");
    }

    #[test]
    fn quit_asks_first() {
        let mut app = App::new(Position::startpos());
        let area = ratatui::layout::Rect::new(0, 0, 100, 20);
        handle_event(&mut app, key(KeyCode::Char('q')), area);
        assert!(!app.should_quit);
        handle_event(&mut app, key(KeyCode::Char('y')), area);
        assert!(app.should_quit);
    }
}

//! Paste and copy. Pasted text (bracketed paste) goes into the editor that is open; with none
//! open, a record in any format the record layer reads (KIF, KI2, CSA, JKF, SFEN, USI) is opened
//! for review, the game it replaces kept as a new game does (see the event loop's autosave).
//! Copying puts the position (SFEN) or the record (KIF) in a queue the event loop writes to the
//! terminal's clipboard (OSC 52).

use super::CommentEditor;
use super::ctx::Ctx;
use super::line_editor::LineEditor;
use crate::record::{Format, GameRecord};
use crate::tui::event::Command;
use crate::tui::text::ReviewText;

/// The name of a format in messages.
fn format_name(f: Format) -> &'static str {
    match f {
        Format::Kif | Format::Kifu => "KIF",
        Format::Ki2 | Format::Ki2u => "KI2",
        Format::Csa => "CSA",
        Format::Usi => "USI",
        Format::Sfen => "SFEN",
        Format::Jkf => "JKF",
    }
}

/// Pasted text into a one-line editor: line breaks become spaces, other control characters go.
fn paste_into_line(e: &mut LineEditor, text: &str) {
    let text = text.trim_end_matches(['\r', '\n']);
    for c in text.chars() {
        match c {
            '\n' | '\t' => e.insert(' '),
            c if c.is_control() => {}
            c => e.insert(c),
        }
    }
}

/// The start of `text` for a message: its first non-empty line, at most 30 characters.
fn excerpt(text: &str) -> String {
    let line = text.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("");
    let mut s: String = line.chars().filter(|c| !c.is_control()).take(30).collect();
    if line.chars().count() > 30 {
        s.push('…');
    }
    s
}

/// Pasted text (line breaks already LF) read as a record: the record and the message that
/// says so, or the message that says why it is not one or did not read.
pub(super) fn read_pasted(text: &str, t: &ReviewText) -> Result<(GameRecord, String), String> {
    let Some(format) = Format::detect(text) else {
        return Err((t.paste_unknown)(&excerpt(text)));
    };
    let name = format_name(format);
    match crate::record::read_text(text, format) {
        Ok((record, warnings)) => {
            let said = match warnings.first() {
                Some(w) => (t.pasted_with_warning)(name, &w.to_string()),
                None => (t.pasted)(name, record.main_line().len()),
            };
            Ok((record, said))
        }
        Err(e) => Err((t.paste_failed)(name, &e.to_string())),
    }
}

/// Text pasted into an open text box: into the comment editor (whole), else into the one-line
/// `line` (line breaks become spaces); `false` when there is neither.
pub(super) fn paste_into(
    comment: Option<&mut CommentEditor>,
    line: Option<&mut LineEditor>,
    text: &str,
) -> bool {
    match (comment, line) {
        (Some(e), _) => e.insert_str(text),
        (None, Some(e)) => paste_into_line(e, text),
        (None, None) => return false,
    }
    true
}

/// Queues the position shown, as SFEN, for the clipboard.
pub(super) fn copy_position(ctx: &mut Ctx) {
    ctx.outbox.push(Command::Copy(ctx.game.position().to_sfen()));
    ctx.status.set(ctx.text().review.copied_position.into());
}

/// Queues the whole record, as KIF (UTF-8), for the clipboard.
pub(super) fn copy_record(ctx: &mut Ctx) {
    ctx.outbox.push(Command::Copy(crate::record::write_text(ctx.game.record(), Format::Kifu)));
    ctx.status.set((ctx.text().review.copied_record)(ctx.game.record().main_line().len()));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Position;
    use crate::tui::app::App;

    /// The text waiting to be copied, if any (the event loop writes it to the terminal).
    fn take_clipboard(app: &mut App) -> Option<String> {
        match app.outbox.take_first(|c| matches!(c, Command::Copy(_)))? {
            Command::Copy(text) => Some(text),
            _ => None,
        }
    }
    use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    use ratatui::layout::Rect;

    const AREA: Rect = Rect { x: 0, y: 0, width: 100, height: 30 };

    fn paste(app: &mut App, text: &str) {
        crate::tui::input::handle_event(app, Event::Paste(text.to_string()), AREA);
    }

    fn key(app: &mut App, code: KeyCode) {
        crate::tui::input::handle_event(app, Event::Key(KeyEvent::new(code, KeyModifiers::NONE)), AREA);
    }

    const KIF: &str = "手合割：平手\n先手：甲\n後手：乙\n手数----指手---------消費時間--\n   1 ７六歩(77)\n*角道\n   2 ３四歩(33)\n";
    const KI2: &str = "手合割：平手\n▲７六歩　△３四歩　▲２六歩\n";
    const CSA: &str = "V2.2\nN+甲\nN-乙\nPI\n+\n+7776FU\n-3334FU\n+2726FU\n-8384FU\n";
    const SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n";
    const USI: &str = "position startpos moves 7g7f 3c3d 2g2f\n";
    const JKF: &str = r#"{"header":{},"initial":{"preset":"HIRATE"},"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU","color":0}}]}"#;

    #[test]
    fn each_format_pasted_opens_as_a_record() {
        for (text, name, moves) in [
            (KIF, "KIF", 2),
            (KI2, "KI2", 3),
            (CSA, "CSA", 4),
            (SFEN, "SFEN", 0),
            (USI, "USI", 3),
            (JKF, "JKF", 1),
        ] {
            let mut app = App::new(Position::startpos());
            app.submit_typed("5g5f");
            let serial = app.game_serial();
            paste(&mut app, text);
            assert_eq!(app.record().main_line().len(), moves, "{name}: {}", app.message());
            assert!(app.message().contains(&format!("pasted {name} ({moves} move")), "{}", app.message());
            assert_eq!(app.ply(), 0);
            assert_eq!(app.game_serial(), serial + 1, "the game it replaces is kept");
            assert!(app.file().is_none());
        }
        let mut app = App::new(Position::startpos());
        paste(&mut app, SFEN);
        assert_eq!(app.pos().side_to_move(), crate::core::Color::White);
    }

    #[test]
    fn a_paste_from_a_terminal_with_cr_line_breaks_reads() {
        let mut app = App::new(Position::startpos());
        paste(&mut app, &CSA.replace('\n', "\r"));
        assert_eq!(app.record().main_line().len(), 4, "{}", app.message());
        assert_eq!(app.record().sente_name(), Some("甲"));
        paste(&mut app, &KIF.replace('\n', "\r\n"));
        assert_eq!(app.record().main_line().len(), 2, "{}", app.message());
    }

    #[test]
    fn broken_text_changes_nothing_and_says_why() {
        let mut app = App::new(Position::startpos());
        app.submit_typed("5g5f");
        let before = app.record().clone();
        paste(&mut app, "hello\nworld");
        assert!(
            app.message().contains("not a record") && app.message().contains("\"hello\""),
            "{}",
            app.message()
        );
        assert_eq!(*app.record(), before);
        paste(&mut app, "lnsgkgsnl/9/9/9/9/9/9/9/X8 b - 1\n");
        assert!(app.message().contains("SFEN could not be read"), "{}", app.message());
        assert_eq!(*app.record(), before);
        // a record that reads up to a bad move opens up to it, saying where it stopped
        paste(&mut app, "position startpos moves 7g7f 7g7f\n");
        assert!(app.message().contains("with a problem"), "{}", app.message());
        assert_eq!(app.record().main_line().len(), 1);
    }

    #[test]
    fn no_record_is_pasted_over_tsume_mode() {
        let mut app = App::new(Position::startpos());
        key(&mut app, KeyCode::Char('P'));
        assert!(app.tsume_list().is_some(), "the tsume list is open");
        paste(&mut app, KIF);
        assert!(app.message().contains("leave the position editor or tsume mode"), "{}", app.message());
        assert_eq!(app.record().main_line().len(), 0);
    }

    #[test]
    fn a_paste_goes_into_the_open_editor() {
        let mut app = App::new(Position::startpos());
        key(&mut app, KeyCode::Char(':'));
        paste(&mut app, "7g7f\n");
        assert_eq!(app.input().unwrap().editor.text(), "7g7f");
        key(&mut app, KeyCode::Enter);
        assert_eq!(app.ply(), 1);
        key(&mut app, KeyCode::Char('c'));
        paste(&mut app, "一行目\r\n二行目\r三行目");
        assert_eq!(app.comment_editor().unwrap().text(), "一行目\n二行目\n三行目");
        assert_eq!(app.ply(), 1, "the record was not replaced");
    }

    #[test]
    fn copies_queue_sfen_and_kif() {
        let mut app = App::new(Position::startpos());
        app.submit_typed("7g7f");
        key(&mut app, KeyCode::Char('y'));
        assert_eq!(take_clipboard(&mut app).unwrap(), app.pos().to_sfen());
        assert!(app.message().contains("SFEN"), "{}", app.message());
        assert!(take_clipboard(&mut app).is_none());
        key(&mut app, KeyCode::Char('Y'));
        let kif = take_clipboard(&mut app).unwrap();
        assert!(kif.contains("７六歩(77)"), "{kif}");
        assert!(app.message().contains("KIF, 1 move)"), "{}", app.message());
    }
}

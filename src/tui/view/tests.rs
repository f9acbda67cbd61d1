//! Renders of the whole screen on a test terminal.

use super::*;
use crate::core::Position;

#[test]
fn start_position_is_drawn_with_coordinates_and_hands() {
    let mut app = App::new(Position::startpos());
    app.set_settings(crate::tui::settings::Settings {
        language: crate::tui::settings::Language::Ja,
        ..Default::default()
    });
    let s = screen_text(&app, 100, 20, Instant::now());
    assert!(s.contains("９"), "{s}");
    assert!(s.contains("v香"), "{s}");
    assert!(s.contains("一"));
    assert!(s.contains("九"));
    assert!(s.contains("☖持駒"));
    assert!(s.contains("☗持駒"));
    assert!(s.contains("開始局面"));
}

#[test]
fn tiny_terminal_gets_a_message_not_a_broken_board() {
    let app = App::new(Position::startpos());
    let s = screen_text(&app, 30, 8, Instant::now());
    assert!(s.contains("needs at"), "{s}");
}

/// Rows the drawn board takes on a `w`×`h` screen: from the file numbers to the frame's bottom.
fn board_rows(w: u16, h: u16) -> usize {
    let app = App::new(Position::startpos());
    let s = screen_text(&app, w, h, Instant::now());
    let lines: Vec<&str> = s.lines().collect();
    let top = lines.iter().position(|l| l.trim_start().starts_with('９')).expect("file numbers");
    let bottom = lines.iter().position(|l| l.starts_with('└')).expect("the frame's bottom");
    bottom - top + 1
}

#[test]
fn the_board_grows_with_the_terminal_and_keeps_hands_and_record_beside_it() {
    let small = board_rows(80, 24);
    assert_eq!(small, 12);
    let mid = board_rows(120, 40);
    let large = board_rows(160, 50);
    assert!(mid > small && large >= mid, "{small} {mid} {large}");
    assert!(large as f64 >= 1.8 * small as f64, "{small} → {large}");
    for (w, h) in [(80, 24), (100, 30), (120, 40), (160, 50)] {
        let app = App::new(Position::startpos());
        let s = screen_text(&app, w, h, Instant::now());
        let lines: Vec<&str> = s.lines().collect();
        let top = lines.iter().position(|l| l.trim_start().starts_with('９')).unwrap();
        let bottom = lines.iter().position(|l| l.starts_with('└')).unwrap();
        // the hands right above and below the board, the record beside it, the status under it
        assert!(lines[top - 1].starts_with("☖hand"), "{w}x{h}:\n{s}");
        assert!(lines[bottom + 1].starts_with("☗hand"), "{w}x{h}:\n{s}");
        assert!(lines[top].contains("start"), "{w}x{h}:\n{s}");
        assert!(lines[h as usize - 1].contains("q quit"), "{w}x{h}:\n{s}");
        // every piece is drawn, centred in its cell
        assert_eq!(s.matches('歩').count(), 18, "{w}x{h}");
    }
}

/// Names, headers and comments with bidirectional marks and control characters, as a record
/// from outside may hold them.
const EVIL: &str = "\u{202E}evil\u{2066}名\u{2069}\u{200F}\u{1b}[31m";

/// Every cell of a drawn screen is free of what must not reach the terminal.
fn assert_no_unsafe_cell(buf: &ratatui::buffer::Buffer, place: &str) {
    for (i, cell) in buf.content.iter().enumerate() {
        assert!(
            !cell.symbol().chars().any(crate::record::text::unsafe_for_terminal),
            "{place}: cell {i} holds {:?}",
            cell.symbol()
        );
    }
}

#[test]
fn names_headers_and_comments_from_outside_reach_the_screen_without_bidi_marks_or_controls() {
    let kif = "手合割：平手\n先手：P1\n後手：P2\n棋戦：P3\n作品名：P4\n*P5\n   1 ７六歩(77)\n*P5\n   2 ３四歩(33)\n";
    let (mut rec, _) = crate::record::read_text(kif, crate::record::Format::Kifu).unwrap();
    // set as a reader or a server would give them, past any cleaning
    for (k, v) in rec.headers.iter_mut() {
        if k != "手合割" {
            *v = format!("{EVIL}{k}");
        }
    }
    for id in [crate::record::ROOT, rec.main_line()[0]] {
        rec.node_mut(id).comments = vec![format!("{EVIL}comment")];
    }
    let mut app =
        App::opened(rec.clone(), std::path::Path::new("evil\u{202E}.kifu"), format!("{EVIL}message"));
    let now = Instant::now();
    // the board: record panel title, status, comment panel
    for (w, h) in [(80, 24), (120, 40), (160, 50)] {
        assert_no_unsafe_cell(&buffer_at(&app, w, h, now), "board");
    }
    app.step(1);
    assert_no_unsafe_cell(&buffer_at(&app, 120, 40, now), "board after a move");
    // the library: the list and the chosen record's preview
    let mut summary = crate::record::RecordSummary::of(&rec);
    summary.sente = Some(format!("{EVIL}sente"));
    summary.gote = Some(format!("{EVIL}gote"));
    let entry = crate::study::library::Entry {
        path: std::path::PathBuf::from(format!("/games/{EVIL}.kifu")),
        origin: crate::study::library::Origin::Documents,
        modified: None,
        summary: Ok(summary),
    };
    app.set_library_sources(crate::study::library::Sources {
        recent: None,
        folders: vec![(crate::study::library::Origin::Documents, "/games".into())],
    });
    app.open_library();
    app.on_library_scanned(std::sync::Arc::new(crate::study::library::Found {
        entries: vec![entry],
        ..Default::default()
    }));
    let buf = buffer_at(&app, 120, 40, now);
    let s = screen_text(&app, 120, 40, now);
    assert!(s.contains("evil名"), "the names are still shown: {s}");
    assert_no_unsafe_cell(&buf, "library");
}

#[test]
fn headers_set_by_the_app_hold_no_control_characters_or_bidi_marks() {
    let mut rec = crate::record::GameRecord::new(Position::startpos());
    rec.set_header("先手", EVIL);
    let kif = crate::record::write_text(&rec, crate::record::Format::Kifu);
    assert!(!kif.contains('\u{1b}') && !kif.contains('\u{202E}'), "{kif:?}");
    assert!(kif.contains("先手：evil名 [31m"), "{kif:?}");
}

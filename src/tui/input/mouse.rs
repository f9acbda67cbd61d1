//! Mouse clicks and the wheel, mapped back to squares, hand slots and record lines through the
//! view's own geometry.

use super::editor::edit;
use crate::tui::app::App;
use crate::tui::view::{self, geometry, record};
use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;

/// Lines the record moves per wheel step.
const WHEEL_LINES: i32 = 3;

pub(super) fn handle_mouse(app: &mut App, m: MouseEvent, area: Rect) {
    if app.overlay().is_some() {
        return;
    }
    let a = view::areas(area, app);
    if let Some(lib) = app.library() {
        let page = view::library_page(area, &a);
        match m.kind {
            MouseEventKind::ScrollUp => app.edit_library(|l| l.move_by(-1)),
            MouseEventKind::ScrollDown => app.edit_library(|l| l.move_by(1)),
            MouseEventKind::Down(MouseButton::Left) => {
                if let Some(row) = view::library::list_row_at(lib, page, m.column, m.row) {
                    // a click chooses a line; a click on the chosen line opens it
                    if row == lib.selected() {
                        app.library_open();
                    } else {
                        app.edit_library(|l| l.select_row(row));
                    }
                }
            }
            _ => {}
        }
        return;
    }
    if app.editor().is_some() {
        return editor_mouse(app, m, &a);
    }
    let in_record = a.record.contains(ratatui::layout::Position::new(m.column, m.row));
    match m.kind {
        MouseEventKind::ScrollUp | MouseEventKind::ScrollDown if in_record => {
            let rows = record::record_rows(app, a.record);
            let delta = if m.kind == MouseEventKind::ScrollUp { -WHEEL_LINES } else { WHEEL_LINES };
            let first = (rows.first as i32 + delta).clamp(0, rows.max_first() as i32);
            app.set_record_scroll(first as usize);
            return;
        }
        MouseEventKind::Down(MouseButton::Left) => {}
        _ => return,
    }
    if in_record {
        if let Some(node) = record::record_node_at(app, a.record, m.column, m.row) {
            app.goto_node(node);
        }
        return;
    }
    if let Some(ply) = view::study::graph_ply_at(app, a.study, m.column, m.row) {
        let node = if ply == 0 { crate::record::ROOT } else { app.record().main_line()[ply - 1] };
        app.goto_node(node);
        return;
    }
    let g = geometry::BoardGeometry::new(a.board, app.flipped());
    if let Some(sq) = g.hit(m.column, m.row) {
        app.click_square(sq);
        return;
    }
    let side = app.pos().side_to_move();
    for (rect, top) in [(a.gote_hand, true), (a.sente_hand, false)] {
        if m.row == rect.y
            && view::hand_owner(top, app.flipped()) == side
            && let Some(i) = geometry::hand_slot_at(
                app.pos().hand(side),
                &view::glyphs(app),
                side,
                rect.x + view::hand_label_w(app),
                m.column,
            )
        {
            app.click_hand_slot(i);
        }
    }
}

/// The editor: a left click puts down or picks, a right click removes (see `App::editor_click`).
fn editor_mouse(app: &mut App, m: MouseEvent, a: &view::Areas) {
    let right = match m.kind {
        MouseEventKind::Down(MouseButton::Left) => false,
        MouseEventKind::Down(MouseButton::Right) => true,
        _ => return,
    };
    if app.editor().is_some_and(|e| e.menu().is_some()) {
        return;
    }
    if let Some(sq) = geometry::BoardGeometry::new(a.board, app.flipped()).hit(m.column, m.row) {
        return edit(app, |e, c| e.click(sq, right, c));
    }
    for (rect, top) in [(a.gote_hand, true), (a.sente_hand, false)] {
        let owner = view::hand_owner(top, app.flipped());
        let Some(hand) = app.editor().map(|e| e.setup().hands[owner.index()]) else { return };
        if m.row == rect.y
            && let Some(i) = view::editor_hand_slot_at(
                &hand,
                &view::glyphs(app),
                owner,
                rect.x + view::hand_label_w(app),
                m.column,
            )
        {
            edit(app, |e, c| e.click_hand(owner, i, right, c));
        }
    }
}

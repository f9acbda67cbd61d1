//! Mouse clicks, mapped back to squares and hand slots through the view's own geometry.

use crate::tui::app::App;
use crate::tui::view::{self, geometry};
use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;

pub(super) fn handle_mouse(app: &mut App, m: MouseEvent, area: Rect) {
    if m.kind != MouseEventKind::Down(MouseButton::Left) || app.popup().is_some() {
        return;
    }
    let a = view::areas(area);
    let g = geometry::BoardGeometry::new(a.board, app.flipped());
    if let Some(sq) = g.hit(m.column, m.row) {
        app.click_square(sq);
        return;
    }
    let side = app.pos().side_to_move();
    for (rect, top) in [(a.gote_hand, true), (a.sente_hand, false)] {
        if m.row == rect.y
            && view::hand_owner(top, app.flipped()) == side
            && let Some(i) =
                geometry::hand_slot_at(app.pos().hand(side), rect.x + view::hand_label_w(), m.column)
        {
            app.click_hand_slot(i);
        }
    }
}

//! The opening explorer (序盤研究) beside the board: shown or hidden, and what the library's scan
//! found for it. Turning it on asks for a scan when none has come yet; the panel reads the scan's
//! index for the position shown, so it follows every step.

use super::ctx::Ctx;
use super::library::Shelf;
use crate::tui::jobs::LibraryJob;
use crate::tui::keymap::{Action, KeyMode};

impl Shelf {
    /// Shows or hides the explorer; shown with nothing found yet, it asks for a scan.
    pub(super) fn toggle_explorer(&mut self, ctx: &mut Ctx) {
        self.explorer_shown = !self.explorer_shown;
        if self.explorer_shown && self.found.is_none() {
            ctx.outbox.start(LibraryJob::Scan { sources: self.sources.clone() });
        }
        ctx.status.set(if self.explorer_shown {
            let key = ctx.keymap.key_name(KeyMode::Board, Action::Explorer);
            (ctx.text().library.explorer_on)(&key)
        } else {
            ctx.text().library.explorer_off.to_string()
        });
    }

    /// After a save the library has a record more: a shown explorer looks again.
    pub(super) fn explorer_after_save(&mut self, outbox: &mut super::Outbox) {
        if self.explorer_shown {
            outbox.start(LibraryJob::Scan { sources: self.sources.clone() });
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::core::Position;
    use crate::study::library::Found;
    use crate::study::library::Sources;
    use crate::tui::app::App;
    use crate::tui::app::library::tests::{Asked, library_command};

    #[test]
    fn showing_the_explorer_asks_for_a_scan_once_and_a_save_asks_again_while_it_is_shown() {
        let mut app = App::new(Position::startpos());
        app.set_library_sources(Sources::default());
        app.toggle_explorer();
        assert!(app.explorer_shown());
        assert!(app.message().contains("(E hides it)"), "{}", app.message());
        assert!(app.explorer().is_none());
        assert!(matches!(library_command(&mut app), Some(Asked::Scan(_))));
        assert_eq!(library_command(&mut app), None);
        app.on_library_scanned(std::sync::Arc::new(Found::default()));
        assert!(app.explorer().is_some());
        // hidden and shown again: what was found is kept, no new scan
        app.toggle_explorer();
        app.toggle_explorer();
        assert_eq!(library_command(&mut app), None);
        // a save adds a record: the explorer looks again; hidden, it does not
        app.on_saved(std::path::Path::new("/games/new.kifu"), Ok(vec![]));
        assert!(matches!(library_command(&mut app), Some(Asked::Scan(_))));
        app.toggle_explorer();
        app.on_saved(std::path::Path::new("/games/new.kifu"), Ok(vec![]));
        assert_eq!(library_command(&mut app), None);
    }
}

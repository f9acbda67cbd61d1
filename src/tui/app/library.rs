//! The game library (棋譜一覧) page: the records the player has, found by a background scan
//! (`study::library`), filtered by what is typed, one chosen and opened for review. The list and
//! the filter are this page's state; reading the folders and the chosen file are library jobs
//! (`LibraryJob`, asked for through the outbox).

use super::ctx::Ctx;
use crate::core::Color;
use crate::record::{Outcome, RecordSummary};
use crate::study::library::{Entry, Found, Origin, Sources};
use crate::tui::jobs::LibraryJob;
use crate::tui::settings::Language;
use crate::tui::text::{LibraryText, Text};
use std::path::PathBuf;
use std::sync::Arc;

/// How far PgUp and PgDn move in the list.
const PAGE: usize = 10;

/// The library page's state.
#[derive(Clone, Debug, Default)]
pub struct Library {
    /// What the scan found (`None` while it runs).
    found: Option<Arc<Found>>,
    /// What the player typed to narrow the list.
    filter: String,
    /// The chosen line, counted in the filtered list.
    selected: usize,
    /// The file being opened, while its job runs.
    opening: Option<PathBuf>,
    /// The position on the board when the page was opened: `only_here` lists the games that
    /// reached it.
    board: Option<Box<crate::core::Position>>,
    /// Only the games that reached `board` (Tab).
    only_here: bool,
    /// Where the record being opened reached `board` (it opens there).
    opening_ply: Option<usize>,
    /// The interface's language when the page was opened: the filter also matches the words
    /// the list shows in it.
    language: Option<Language>,
}

/// The word the list shows for where a record was found.
pub fn origin_word(t: &LibraryText, origin: Origin) -> &'static str {
    match origin {
        Origin::Recent => t.recent,
        Origin::Documents => t.documents,
        Origin::Saved => t.saved,
        Origin::Previous => t.previous,
    }
}

/// How a record ended, as the list shows it: `☖ won (投了)`, `draw (千日手)`, `unfinished`.
pub fn result_words(t: &LibraryText, s: &RecordSummary) -> String {
    match (s.outcome, s.ending_word()) {
        (Outcome::Win(Color::Black), Some(w)) => format!("{} ({w})", t.sente_won),
        (Outcome::Win(Color::White), Some(w)) => format!("{} ({w})", t.gote_won),
        (Outcome::Draw, Some(w)) => format!("{} ({w})", t.draw),
        (_, Some(w)) => w.to_string(),
        (_, None) => t.unfinished.to_string(),
    }
}

/// What the filter finds a record by beyond its summary: the words its line shows (where it
/// was found, the result, the length) and the names of the marks ☗ and ☖ in them.
fn shown_words(t: &LibraryText, e: &Entry) -> String {
    let mut words = origin_word(t, e.origin).to_string();
    if let Ok(s) = &e.summary {
        words.push('\n');
        let result = result_words(t, s);
        words.push_str(&result.replace('☗', t.mark_names[0]).replace('☖', t.mark_names[1]));
        words.push('\n');
        words.push_str(&result);
        words.push('\n');
        words.push_str(&(t.moves)(s.moves));
    }
    words
}

impl Library {
    /// How many record files the scan found past its limit and left out.
    pub fn left_out(&self) -> usize {
        self.found.as_ref().map_or(0, |f| f.left_out)
    }

    /// The records found, once the scan has answered.
    pub fn entries(&self) -> Option<&[Entry]> {
        self.found.as_ref().map(|f| f.entries.as_slice())
    }

    pub fn filter(&self) -> &str {
        &self.filter
    }

    /// The indices (into `entries`) of the records the filter lets through, in list order.
    pub fn visible(&self) -> Vec<usize> {
        let Some(entries) = self.entries() else { return Vec::new() };
        let t = Text::of(self.language.unwrap_or(Language::En)).library;
        entries
            .iter()
            .enumerate()
            .filter(|(i, e)| {
                e.matches(&self.filter, &shown_words(t, e))
                    && (!self.only_here || self.reached_at(*i).is_some())
            })
            .map(|(i, _)| i)
            .collect()
    }

    /// Whether only the games that reached the board's position are listed.
    pub fn only_here(&self) -> bool {
        self.only_here
    }

    /// Where the record `entries[i]` reached the position on the board (moves played before
    /// it), if it did.
    pub fn reached_at(&self, i: usize) -> Option<usize> {
        let (found, board) = (self.found.as_ref()?, self.board.as_ref()?);
        found.explorer.index.games_at(board).iter().find(|r| r.game == i).map(|r| r.ply)
    }

    /// The chosen line's place in the filtered list.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// The chosen record, if the filtered list has any.
    pub fn selected_entry(&self) -> Option<&Entry> {
        let i = *self.visible().get(self.selected)?;
        self.entries()?.get(i)
    }

    /// The chosen record's index in `entries`.
    fn selected_index(&self) -> Option<usize> {
        self.visible().get(self.selected).copied()
    }

    /// The file being opened, if any.
    pub fn opening(&self) -> Option<&std::path::Path> {
        self.opening.as_deref()
    }

    fn clamp(&mut self) {
        let n = self.visible().len();
        self.selected = self.selected.min(n.saturating_sub(1));
    }
}

/// What the game library keeps beside the page: where it looks, what its last scan found (the
/// records and the explorer's index), and whether the opening explorer is shown by the board.
#[derive(Debug, Default)]
pub(super) struct Shelf {
    pub(super) sources: Sources,
    pub(super) found: Option<Arc<Found>>,
    pub(super) explorer_shown: bool,
}

impl Library {
    /// The page over `board` (the position on the board, for the games that reached it), its
    /// words in `language`, nothing found yet.
    pub(super) fn new(board: crate::core::Position, language: Language) -> Library {
        Library { board: Some(Box::new(board)), language: Some(language), ..Library::default() }
    }

    /// Adds `c` to the filter.
    pub fn type_char(&mut self, c: char) {
        self.filter.push(c);
        self.selected = 0;
    }

    /// Takes the last character off the filter.
    pub fn backspace(&mut self) {
        self.filter.pop();
        self.clamp();
    }

    /// Empties the filter.
    pub fn clear_filter(&mut self) {
        self.filter.clear();
        self.clamp();
    }

    /// Esc: empties the filter; `true` when there was none (the library is to be left).
    pub(super) fn escape(&mut self) -> bool {
        if self.filter.is_empty() {
            return true;
        }
        self.clear_filter();
        false
    }

    /// Moves the chosen line by `delta`, staying in the list.
    pub fn move_by(&mut self, delta: isize) {
        let n = self.visible().len();
        if n > 0 {
            self.selected = self.selected.saturating_add_signed(delta).min(n - 1);
        }
    }

    /// PgUp / PgDn: a page up or down.
    pub fn page(&mut self, down: bool) {
        self.move_by(if down { PAGE as isize } else { -(PAGE as isize) });
    }

    /// Chooses the first (`false`) or the last (`true`) line.
    pub fn jump(&mut self, to_end: bool) {
        self.selected = if to_end { self.visible().len().saturating_sub(1) } else { 0 };
    }

    /// Chooses the line at `row` of the filtered list (a click).
    pub fn select_row(&mut self, row: usize) {
        if row < self.visible().len() {
            self.selected = row;
        }
    }

    /// Tab: lists only the games that reached the position on the board, or all again.
    pub fn toggle_here(&mut self) {
        self.only_here = !self.only_here;
        self.selected = 0;
    }

    /// Asks for the chosen record to be read (`App::on_library_opened` takes the answer), at
    /// the position on the board when only the games that reached it are listed, else at the
    /// start; once read, it is remembered in `recent`.
    pub(super) fn open(&mut self, recent: Option<crate::study::library::RecentFiles>, ctx: &mut Ctx) {
        let Some(path) = self.selected_entry().map(|e| e.path.clone()) else { return };
        ctx.status.set((ctx.text().library.opening)(&path.display().to_string()));
        self.opening = Some(path.clone());
        self.opening_ply =
            if self.only_here { self.selected_index().and_then(|i| self.reached_at(i)) } else { None };
        ctx.outbox.start(LibraryJob::Open { path, recent });
    }

    /// The move number the record being read is to open at (none: its start).
    pub(super) fn opening_ply(&self) -> Option<usize> {
        self.opening_ply
    }

    /// The record being read could not be: none is being read.
    pub(super) fn open_failed(&mut self) {
        self.opening = None;
    }

    /// The scan's answer.
    pub(super) fn scanned(&mut self, found: Arc<Found>) {
        self.found = Some(found);
        self.clamp();
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::core::Position;
    use crate::record::{Format, Warning, read_text};
    use crate::tui::app::{App, Mode};
    use crate::tui::jobs::LibraryKind;

    fn entry(name: &str, sente: &str, text: &str) -> Entry {
        let (record, _) = read_text(text, Format::Kifu).unwrap();
        let mut summary = RecordSummary::of(&record);
        summary.sente = Some(sente.into());
        Entry {
            path: PathBuf::from(format!("/games/{name}")),
            origin: Origin::Documents,
            modified: None,
            summary: Ok(summary),
        }
    }

    /// A scan's answer with `entries` (and no games in the explorer's index).
    pub(crate) fn found(entries: Vec<Entry>) -> Arc<Found> {
        Arc::new(Found { entries, ..Found::default() })
    }

    fn game(moves: &str) -> String {
        format!("手数----指手---------消費時間--\n{moves}")
    }

    fn app_in_library() -> App {
        let mut app = App::new(Position::startpos());
        app.set_library_sources(Sources {
            recent: None,
            folders: vec![(Origin::Documents, "/games".into())],
        });
        app.open_library();
        app
    }

    /// A library command the app handed out, as these tests look at it.
    #[derive(Debug, PartialEq)]
    pub(in crate::tui::app) enum Asked {
        Scan(Sources),
        Open(PathBuf),
        Stop,
    }

    /// The next library command in the outbox (a stop of both jobs is one).
    pub(in crate::tui::app) fn library_command(app: &mut App) -> Option<Asked> {
        use crate::tui::event::Command;
        use crate::tui::jobs::{JobKind, JobRequest};
        let library = |c: &Command| {
            matches!(c, Command::Start(JobRequest::Library(_)) | Command::Stop(JobKind::Library(_)))
        };
        Some(match app.outbox.take_first(library)? {
            Command::Start(JobRequest::Library(LibraryJob::Scan { sources })) => Asked::Scan(sources),
            Command::Start(JobRequest::Library(LibraryJob::Open { path, .. })) => Asked::Open(path),
            _ => {
                let open_stopped = app
                    .outbox
                    .take_first(|c| matches!(c, Command::Stop(JobKind::Library(LibraryKind::Open))));
                assert!(open_stopped.is_some(), "the scan stopped without the reading");
                Asked::Stop
            }
        })
    }

    #[test]
    fn opening_the_library_asks_for_a_scan_of_its_sources_and_shows_it_when_it_comes() {
        let mut app = app_in_library();
        assert!(app.library().unwrap().entries().is_none());
        let Some(Asked::Scan(sources)) = library_command(&mut app) else { panic!("no scan asked") };
        assert_eq!(sources.folders.len(), 1);
        app.on_library_scanned(found(vec![entry("a.kifu", "花子", &game("   1 ７六歩(77)\n"))]));
        assert_eq!(app.library().unwrap().entries().unwrap().len(), 1);
    }

    fn filtered(app: &mut App, filter: &str) -> Vec<usize> {
        app.edit_library(|l| l.clear_filter());
        filter.chars().for_each(|c| app.edit_library(|l| l.type_char(c)));
        app.library().unwrap().visible()
    }

    #[test]
    fn the_filter_finds_the_words_the_list_shows_in_the_interface_language() {
        let mut app = app_in_library();
        library_command(&mut app);
        app.on_library_scanned(found(vec![
            entry("a.kifu", "花子", &game("   1 ７六歩(77)\n   2 投了\n")),
            entry("b.kifu", "太郎", &game("   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n")),
            entry("c.kifu", "花子", &game("   1 ７六歩(77)\n")),
        ]));
        assert_eq!(filtered(&mut app, "won"), vec![0, 1]);
        assert_eq!(filtered(&mut app, "unfinished"), vec![2]);
        assert_eq!(filtered(&mut app, "gote"), vec![1], "☖ won reads as gote won");
        assert_eq!(filtered(&mut app, "sente won"), vec![0]);
        assert_eq!(filtered(&mut app, "documents 2 moves"), vec![1]);
        assert_eq!(filtered(&mut app, "投了"), vec![0, 1], "the record's own word still finds it");
    }

    #[test]
    fn typing_filters_the_list_and_the_choice_stays_inside_it() {
        let mut app = app_in_library();
        library_command(&mut app);
        app.on_library_scanned(found(vec![
            entry("a.kifu", "花子", &game("   1 ７六歩(77)\n")),
            entry("b.kifu", "太郎", &game("   1 ２六歩(27)\n")),
            entry("c.kifu", "花子", &game("")),
        ]));
        app.edit_library(|l| l.move_by(5));
        assert_eq!(app.library().unwrap().selected(), 2);
        for c in "花子".chars() {
            app.edit_library(|l| l.type_char(c));
        }
        let l = app.library().unwrap();
        assert_eq!(l.visible(), vec![0, 2]);
        assert_eq!(l.selected(), 0);
        app.edit_library(|l| l.jump(true));
        assert_eq!(app.library().unwrap().selected_entry().unwrap().file_name(), "c.kifu");
        app.edit_library(|l| l.clear_filter());
        assert_eq!(app.library().unwrap().visible().len(), 3);
    }

    #[test]
    fn enter_opens_the_chosen_record_for_review_and_a_failure_keeps_the_library() {
        let mut app = app_in_library();
        library_command(&mut app);
        let text = game("   1 ７六歩(77)\n   2 ３四歩(33)\n");
        app.on_library_scanned(found(vec![entry("a.kifu", "花子", &text)]));
        app.library_open();
        assert_eq!(library_command(&mut app), Some(Asked::Open("/games/a.kifu".into())));
        app.on_library_opened("/games/a.kifu".into(), Err("permission denied".into()), None);
        assert!(app.library().is_some());
        assert!(app.message().contains("permission denied"), "{}", app.message());
        app.library_open();
        library_command(&mut app);
        let read = read_text(&text, Format::Kifu).unwrap();
        app.on_library_opened("/games/a.kifu".into(), Ok(read), None);
        assert!(matches!(app.mode(), Mode::Board));
        assert_eq!(app.record().main_line().len(), 2);
        assert_eq!(app.file(), Some(std::path::Path::new("/games/a.kifu")));
        assert!(!app.standing.playing);
    }

    #[test]
    fn an_answer_for_a_file_no_longer_being_opened_is_ignored() {
        let mut app = app_in_library();
        app.close_library();
        let read = read_text(&game("   1 ７六歩(77)\n"), Format::Kifu).unwrap();
        app.on_library_opened("/games/a.kifu".into(), Ok(read), None);
        assert_eq!(app.record().main_line().len(), 0);
    }

    #[test]
    fn the_library_s_work_goes_to_the_runner_as_jobs_and_their_reports_come_back_through_on_job() {
        use crate::study::library::RecentFiles;
        use crate::tui::event::Command;
        use crate::tui::jobs::{JobKind, JobRequest, LibraryReport, Report};
        let now = std::time::Instant::now();
        let library = |c: &Command| match c {
            Command::Start(r) => matches!(r.kind(), JobKind::Library(_)),
            Command::Stop(k) => matches!(k, JobKind::Library(_)),
            _ => false,
        };
        let mut app = App::new(Position::startpos());
        let recent = RecentFiles::in_dir(std::path::Path::new("/data"));
        app.set_library_sources(Sources {
            recent: Some(recent.clone()),
            folders: vec![(Origin::Documents, "/games".into())],
        });
        app.open_library();
        let cmds: Vec<Command> = app.commands(now).into_iter().filter(library).collect();
        assert!(
            matches!(cmds.as_slice(), [Command::Start(JobRequest::Library(LibraryJob::Scan { sources }))] if sources.folders.len() == 1),
            "{cmds:?}"
        );
        let text = game("   1 ７六歩(77)\n");
        app.on_job(Report::Library(LibraryReport::Scanned(found(vec![entry("a.kifu", "花子", &text)]))), now);
        assert_eq!(app.library().unwrap().entries().unwrap().len(), 1);
        app.library_open();
        let cmds: Vec<Command> = app.commands(now).into_iter().filter(library).collect();
        assert!(
            matches!(cmds.as_slice(), [Command::Start(JobRequest::Library(LibraryJob::Open { path, recent: Some(r) }))]
                if path.as_path() == std::path::Path::new("/games/a.kifu") && *r == recent),
            "{cmds:?}"
        );
        // the record read, with a warning that the file did not read whole: it opens up to there
        let mut read = read_text(&text, Format::Kifu).unwrap();
        read.1.push(Warning::error(3, "bad move"));
        app.on_job(
            Report::Library(LibraryReport::Opened {
                path: "/games/a.kifu".into(),
                result: Ok(Box::new(read)),
                free_name: None,
            }),
            now,
        );
        assert!(matches!(app.mode(), Mode::Board));
        assert_eq!(app.record().main_line().len(), 1);
        assert!(app.message().contains("bad move"), "{}", app.message());
        // leaving the library stops both of its jobs
        app.open_library();
        app.commands(now);
        app.close_library();
        let cmds: Vec<Command> = app.commands(now).into_iter().filter(library).collect();
        assert!(
            matches!(
                cmds.as_slice(),
                [
                    Command::Stop(JobKind::Library(LibraryKind::Scan)),
                    Command::Stop(JobKind::Library(LibraryKind::Open))
                ]
            ),
            "{cmds:?}"
        );
    }

    #[test]
    fn a_save_remembers_the_file_among_the_recent_ones() {
        use crate::study::library::RecentFiles;
        use crate::tui::jobs::JobRequest;
        let mut app = App::new(Position::startpos());
        let recent = RecentFiles::in_dir(std::path::Path::new("/data"));
        app.set_library_sources(Sources { recent: Some(recent.clone()), folders: vec![] });
        app.save_to(std::path::Path::new("/games/b.kifu"));
        let cmds = app.commands(std::time::Instant::now());
        assert!(
            cmds.iter().any(|c| matches!(c, crate::tui::event::Command::Start(JobRequest::Files(crate::tui::jobs::FileJob::Save { recent: Some(r), .. })) if *r == recent)),
            "{cmds:?}"
        );
    }

    #[test]
    fn tab_lists_the_games_that_reached_the_board_s_position_and_enter_opens_one_there() {
        use crate::study::explorer::{Explorer, PositionIndex};
        let a = game("   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n");
        let b = game("   1 ２六歩(27)\n   2 ３四歩(33)\n   3 ７六歩(77)\n   4 ８四歩(83)\n");
        let c = game("   1 ５六歩(57)\n");
        let mut index = PositionIndex::new();
        let mut entries = Vec::new();
        for (i, (name, text)) in [("a.kifu", &a), ("b.kifu", &b), ("c.kifu", &c)].into_iter().enumerate() {
            index.add_game(i, &read_text(text, Format::Kifu).unwrap().0);
            entries.push(entry(name, "花子", text));
        }
        let found =
            Arc::new(Found { entries, explorer: Explorer::new(index, Default::default()), left_out: 0 });
        // the board shows game a after three moves
        let mut app = App::with_record(read_text(&a, Format::Kifu).unwrap().0);
        app.to_end();
        app.open_library();
        app.on_library_scanned(found);
        assert_eq!(app.library().unwrap().visible(), vec![0, 1, 2]);
        app.edit_library(|l| l.toggle_here());
        let l = app.library().unwrap();
        assert!(l.only_here());
        assert_eq!(l.visible(), vec![0, 1], "c never reached it");
        assert_eq!((l.reached_at(1), l.reached_at(2)), (Some(3), None));
        // b opens at the position, after its third move
        app.edit_library(|l| l.move_by(1));
        app.library_open();
        let read = read_text(&b, Format::Kifu).unwrap();
        app.on_library_opened("/games/b.kifu".into(), Ok(read), None);
        assert_eq!(app.record().main_line().len(), 4);
        assert_eq!(app.ply(), 3);
        // without the Tab, a record opens at its start
        app.open_library();
        app.on_library_scanned(found_again(&app));
        app.library_open();
        let read = read_text(&a, Format::Kifu).unwrap();
        app.on_library_opened("/games/a.kifu".into(), Ok(read), None);
        assert_eq!(app.ply(), 0);
    }

    /// The last scan's answer again.
    fn found_again(app: &App) -> Arc<Found> {
        Arc::new(app.explorer().cloned().unwrap_or_default())
    }
}

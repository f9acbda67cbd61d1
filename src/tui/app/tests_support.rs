//! Helpers shared by the app's tests.

use crate::record::{Format, GameRecord, MoveTime, NodeId, ROOT, SpecialKind};

/// `record` written in `format` and read back.
pub(super) fn reopen(record: &GameRecord, format: Format) -> GameRecord {
    let text = crate::record::write_text(record, format);
    match crate::record::read_text(&text, format) {
        Ok((back, _)) => back,
        Err(e) => panic!("{format:?} written by us does not read back: {e}\n{text}"),
    }
}

/// The same start and tree: moves, endings, comments, times and the order of variations.
/// Headers are the record layer's business, a move without a time equals one of zero
/// seconds (KIF writes `0:00` for both), and a failed declaration equals the 反則負け that
/// formats without a word for it write.
pub(super) fn assert_same_tree(a: &GameRecord, b: &GameRecord) {
    fn time(t: Option<MoveTime>) -> MoveTime {
        t.unwrap_or(MoveTime { spent: 0, total: Some(0) })
    }
    fn kind(s: Option<&crate::record::Special>) -> Option<SpecialKind> {
        s.map(|s| match s.kind {
            SpecialKind::DeclarationLoss => SpecialKind::IllegalLoss,
            k => k,
        })
    }
    fn same(a: &GameRecord, an: NodeId, b: &GameRecord, bn: NodeId) -> bool {
        let (x, y) = (a.node(an), b.node(bn));
        x.mv == y.mv
            && (an == ROOT || time(x.time) == time(y.time))
            && x.comments == y.comments
            && kind(x.special.as_ref()) == kind(y.special.as_ref())
            && x.children().len() == y.children().len()
            && x.children().iter().zip(y.children()).all(|(&c, &d)| same(a, c, b, d))
    }
    assert!(
        a.initial() == b.initial() && same(a, ROOT, b, ROOT),
        "trees differ:\n{}\n---\n{}",
        kif_of(a),
        kif_of(b)
    );
}

pub(super) fn kif_of(r: &GameRecord) -> String {
    crate::record::write_text(r, Format::Kif)
}

/// Runs the app's jobs on a real job runner, as the event loop does, until `done(app)`; panics
/// after a minute.
pub(crate) fn run_jobs_until(app: &mut super::App, done: impl Fn(&super::App) -> bool) {
    use crate::tui::event::Command;
    use crate::tui::jobs::{Computer, Runner};
    use std::time::{Duration, Instant};
    let (tx, rx) = std::sync::mpsc::channel();
    let mut runner = Runner::new(
        move |e| {
            let _ = tx.send(e);
        },
        Computer::builtin(crate::engine::levels::Level::MAX),
    );
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        for command in app.commands(Instant::now()) {
            match command {
                Command::Start(request) => {
                    runner.start(request);
                }
                Command::Stop(kind) => runner.stop(kind),
                _ => {}
            }
        }
        if done(app) {
            return;
        }
        let left = deadline
            .checked_duration_since(Instant::now())
            .unwrap_or_else(|| panic!("the jobs did not finish in a minute: {}", app.message()));
        if let Ok(ev) = rx.recv_timeout(left)
            && let Some(ev) = runner.accept(ev)
        {
            app.on_job(ev.report, Instant::now());
        }
    }
}

/// Saves the record to `path` through the job runner; whether it was written.
pub(crate) fn save_now(app: &mut super::App, path: &std::path::Path) -> bool {
    app.save_to(path);
    let saving = (app.text().saving)(&path.display().to_string());
    run_jobs_until(app, |a| a.message() != saving);
    app.file() == Some(path)
}

/// Hands the editor, when it is the page shown, and its context to `f` (as the input layer does).
pub(crate) fn edit(app: &mut super::App, f: impl FnOnce(&mut super::Editor, &mut super::Ctx)) {
    if let Some((e, mut ctx)) = app.editing() {
        f(e, &mut ctx);
    }
}

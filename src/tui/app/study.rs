//! Study (検討 and 棋譜解析), seen from the app: continuous analysis of the position shown,
//! following every step through the record; a hint for the side to move; the whole-game
//! analysis with its progress, marks and evaluation graph. The searches are study jobs (`jobs`,
//! `StudyJob`) started and stopped through the outbox by what is decided here; the runner
//! lets through only the reports of the search last asked for.

use super::Outbox;
use super::ctx::Ctx;
use crate::core::Score;
use crate::core::{Move, Position};
use crate::engine::analysis::Update;
use crate::engine::analysis::game::{
    GameAnalysis, GameAnalysisOptions, MoveJudgement, PositionEval, Thresholds,
};
use crate::engine::search::time::Limits;
use crate::record::annotation::Mark;
use crate::record::{Cursor, GameRecord, NodeId, ROOT};
use crate::study::{ReviewLine, ReviewPoint};
use crate::tui::jobs::{StudyJob, StudyKind};
use crate::tui::settings::Settings;

/// Thinking time of a hint (ms).
pub const HINT_MS: u64 = 1000;

/// The study state of the app.
#[derive(Debug)]
pub(super) struct Study {
    /// Continuous analysis (検討) is on.
    on: bool,
    /// Lines (MultiPV) of the running analysis.
    lines: usize,
    /// The node the running analysis is about.
    analysed: Option<NodeId>,
    /// A hint is wanted for this node.
    hint: Option<NodeId>,
    /// The last hint given: the node it is for and the move.
    hint_given: Option<(NodeId, crate::core::Move)>,
    /// The latest update of that analysis.
    live: Option<Update>,
    /// The main line's analysis (read from the record's comments, or arriving from a run).
    review: ReviewLine,
    /// A whole-game analysis is running: (positions done, positions in all).
    run: Option<(usize, usize)>,
    /// The whole-game analysis's runs after the main line's: one a variation.
    sweep: Sweep,
    /// The threat indicator (詰めろ, 詰みあり).
    pub(super) threats: super::threats::ThreatState,
    /// Learn mode starts when the whole-game analysis asked for it finishes.
    pub(super) learn_after: bool,
}

/// The variations a whole-game analysis goes through after the main line, one run each.
#[derive(Debug, Default)]
struct Sweep {
    /// Lines still to analyse (the last first): the node each is played from, and its nodes.
    pending: Vec<(NodeId, Vec<NodeId>)>,
    /// The nodes of the variation being analysed (`None`: the main line).
    line: Option<Vec<NodeId>>,
    /// Positions analysed and moves marked by the runs finished.
    positions: usize,
    marks: usize,
    /// The game (`App::game_serial`) the analysis is of.
    serial: u64,
}

impl Study {
    pub(super) fn new(record: &GameRecord) -> Study {
        Study {
            on: false,
            lines: 3,
            analysed: None,
            hint: None,
            hint_given: None,
            live: None,
            review: ReviewLine::from_record(record),
            run: None,
            sweep: Sweep::default(),
            threats: Default::default(),
            learn_after: false,
        }
    }
}

impl Study {
    // ---- reading ----

    /// The hint's move, while the position it was given for (`here`) is shown.
    pub(super) fn hint_move(&self, here: NodeId) -> Option<Move> {
        self.hint_given.filter(|(node, _)| *node == here).map(|(_, m)| m)
    }

    /// Whether continuous analysis (検討) is on.
    pub(super) fn analysing(&self) -> bool {
        self.on
    }

    /// The latest analysis of the position `here` (none while it has not reported yet).
    pub(super) fn analysis(&self, here: NodeId) -> Option<&Update> {
        self.live.as_ref().filter(|_| self.analysed == Some(here))
    }

    /// The main line's analysis, one point per position (root first).
    pub(super) fn review(&self) -> &ReviewLine {
        &self.review
    }

    /// The whole-game analysis in progress: (positions done, positions in all).
    pub(super) fn progress(&self) -> Option<(usize, usize)> {
        self.run
    }

    /// For a marked move shown in `game`: the engine's better line from the position before
    /// it. On the main line from the review; in a variation from the comments of the move and
    /// of the position before it, when an analysis wrote them there.
    pub(super) fn better_line(&self, game: &Cursor) -> Option<(Mark, Position, Vec<Move>)> {
        let rec = game.record();
        let Some(ply) = main_line_ply(game) else {
            let node = rec.node(game.node());
            let mark = crate::record::annotation::mark_in(&node.comments)?;
            let parent = node.parent()?;
            let pv = crate::record::annotation::annotation(rec, parent)?.pv;
            return (pv.first().is_some_and(|&m| m != node.mv)).then(|| (mark, rec.position_at(parent), pv));
        };
        let mark = self.review.points.get(ply)?.mark?;
        let (pos, pv) = self.review.better_line(ply, rec)?;
        Some((mark, pos, pv))
    }

    /// The evaluation and the engine's line of the position `game` shows: on the main line
    /// from the review, in a variation from its own comments (when an analysis wrote them).
    pub(super) fn analysis_here(&self, game: &Cursor) -> Option<(Score, Vec<Move>)> {
        if let Some(ply) = main_line_ply(game) {
            let p = self.review.points.get(ply)?;
            return p.score.map(|s| (s, p.pv.clone()));
        }
        let a = crate::record::annotation::annotation(game.record(), game.node())?;
        Some((a.eval?, a.pv))
    }

    // ---- transitions ----

    /// Starts or stops continuous analysis (検討); during a game against the computer (`in_game`)
    /// only as the settings allow (see [`help_allowed`]). `true` when the record changed.
    pub(super) fn toggle_analysis(&mut self, ctx: &mut Ctx, in_game: bool) -> bool {
        let mut changed = false;
        if !self.on {
            match help_allowed(ctx, "検討", in_game) {
                Some(noted) => changed = noted,
                None => return false,
            }
        }
        self.on = !self.on;
        if self.on {
            ctx.status.set(ctx.text().analysis_on.into());
        } else {
            self.analysed = None;
            self.live = None;
            ctx.outbox.stop(StudyKind::Analysis);
            ctx.status.set(ctx.text().analysis_off.into());
        }
        changed
    }

    /// Asks the engine for the best move of the side to move (shown when it answers); see
    /// [`help_allowed`] for `in_game`. `true` when the record changed.
    pub(super) fn request_hint(&mut self, ctx: &mut Ctx, in_game: bool) -> bool {
        if self.on {
            ctx.status.set(ctx.text().hint_in_analysis.into());
            return false;
        }
        let Some(noted) = help_allowed(ctx, "ヒント", in_game) else { return false };
        let node = ctx.game.node();
        self.hint = Some(node);
        self.analysed = Some(node);
        self.live = None;
        ctx.outbox.start(StudyJob::Analyse {
            pos: Box::new(ctx.game.position().clone()),
            lines: 1,
            limits: Limits::movetime(HINT_MS),
        });
        ctx.status.set(ctx.text().hint_thinking.into());
        noted
    }

    /// Asks for the continuous analysis of the position `game` shows in `lines` lines, when it
    /// is on and the position or the number of lines changed.
    pub(super) fn requests(&mut self, game: &Cursor, lines: usize, outbox: &mut Outbox) {
        let node = game.node();
        // a new position, or a new number of lines (set with v or in the settings)
        if self.on && (self.analysed != Some(node) || self.lines != lines) {
            self.analysed = Some(node);
            self.live = None;
            self.lines = lines;
            outbox.start(StudyJob::Analyse {
                pos: Box::new(game.position().clone()),
                lines: self.lines,
                limits: Limits::default(),
            });
        }
    }

    /// An update of the analysis last asked for; dropped when none is wanted any more. The
    /// hint's answer is said.
    pub(super) fn on_update(&mut self, u: Update, ctx: &mut Ctx) {
        if self.analysed.is_none() {
            return;
        }
        let done = u.done;
        self.live = Some(u);
        let here = ctx.game.node();
        if done && self.hint.take().is_some_and(|n| n == here) {
            let live = self.live.as_ref().expect("just set");
            let best = live.lines.first().and_then(|l| l.pv.first()).copied();
            self.hint_given = best.map(|m| (here, m));
            let t = ctx.text();
            ctx.status.set(match best {
                Some(m) => (t.hint)(
                    &crate::record::pv::pv_text(ctx.game.position(), &[m]),
                    &live.lines[0].score.text(),
                ),
                None => t.hint_none.into(),
            });
        }
    }

    /// Starts the whole-game analysis of the main line and then of each variation of the game
    /// numbered `serial`, or stops the one running.
    pub(super) fn toggle_game_analysis(&mut self, ctx: &mut Ctx, serial: u64) {
        if self.run.is_some() {
            ctx.outbox.stop(StudyKind::GameAnalysis);
            ctx.status.set(ctx.text().game_analysis_stopping.into());
            return;
        }
        let rec = ctx.game.record();
        let moves = rec.main_line_moves();
        let total = moves.len() + 1;
        let start = Box::new(rec.initial().clone());
        let mut pending = crate::study::variation_lines(rec);
        pending.reverse();
        self.review =
            ReviewLine { points: vec![ReviewPoint { score: None, mark: None, pv: Vec::new() }; total] };
        let total = total + pending.iter().map(|(_, line)| line.len()).sum::<usize>();
        self.sweep = Sweep { pending, serial, ..Sweep::default() };
        self.run = Some((0, total));
        ctx.outbox.start(game_analysis_job(ctx.settings, start, moves));
        ctx.status.set((ctx.text().game_analysis_started)(total, ctx.settings.game_analysis_ms));
    }

    /// One position of the whole-game analysis is done (the game shown is numbered `serial`).
    pub(super) fn on_game_progress(
        &mut self,
        ply: usize,
        eval: &PositionEval,
        judgement: Option<&MoveJudgement>,
        ctx: &mut Ctx,
        serial: u64,
    ) {
        if !self.run_current(ctx, serial) {
            return;
        }
        // a variation's run starts at the position before it, counted with the line it left
        let main = self.sweep.line.is_none();
        if let Some((done, total)) = self.run.as_mut() {
            *done = (self.sweep.positions + ply + usize::from(main)).min(*total);
        }
        if !main {
            return;
        }
        if let Some(p) = self.review.points.get_mut(ply) {
            p.score = Some(eval.score);
            p.pv = eval.pv.clone();
            p.mark = judgement.and_then(|j| j.mark).and_then(Mark::from_level);
        }
    }

    /// The whole-game analysis ended (finished or stopped): its result goes into the record's
    /// comments, kept on save. A run that is not stopped goes on with the next variation.
    /// Reports of a run for a game no longer shown (not `serial`) are dropped. `None` when
    /// the record did not change; else whether the whole analysis is over, and stopped.
    pub(super) fn on_game_analysis_done(
        &mut self,
        analysis: &GameAnalysis,
        ctx: &mut Ctx,
        serial: u64,
    ) -> Option<Option<bool>> {
        if !self.run_current(ctx, serial) {
            return None;
        }
        let sweep = &mut self.sweep;
        match sweep.line.take() {
            None => {
                crate::study::write_analysis(ctx.game.record_mut(), analysis);
                self.review = ReviewLine::from_record(ctx.game.record());
                sweep.positions += analysis.evals.len();
            }
            Some(nodes) => {
                crate::study::write_line_analysis(ctx.game.record_mut(), &nodes, analysis);
                sweep.positions += analysis.evals.len().saturating_sub(1);
            }
        }
        sweep.marks += analysis.judgements.iter().filter(|j| j.mark.is_some()).count();
        if !analysis.stopped
            && let Some((parent, nodes)) = sweep.pending.pop()
        {
            let rec = ctx.game.record();
            let start = Box::new(rec.position_at(parent));
            let moves = nodes.iter().map(|&n| rec.node(n).mv).collect();
            sweep.line = Some(nodes);
            ctx.outbox.start(game_analysis_job(ctx.settings, start, moves));
            return Some(None);
        }
        self.run = None;
        let (positions, marks) = (sweep.positions, sweep.marks);
        ctx.status.set((ctx.text().game_analysis_done)(analysis.stopped, positions, marks));
        Some(Some(analysis.stopped))
    }

    /// Whether the whole-game analysis reporting is of the game shown (numbered `serial`).
    /// When another game took its place (a new game, a pasted record), the analysis is stopped
    /// and forgotten.
    fn run_current(&mut self, ctx: &mut Ctx, serial: u64) -> bool {
        if self.run.is_none() {
            return false;
        }
        if self.sweep.serial != serial {
            self.run = None;
            self.sweep = Sweep::default();
            self.review = ReviewLine::from_record(ctx.game.record());
            ctx.outbox.stop(StudyKind::GameAnalysis);
            return false;
        }
        true
    }

    /// Goes to the next (`forward`) or previous marked move of the main line, and says which.
    pub(super) fn goto_marked(&self, forward: bool, ctx: &mut Ctx) {
        let here = main_line_ply(ctx.game).unwrap_or(0);
        let target = if forward { self.review.next_marked(here) } else { self.review.prev_marked(here) };
        match target {
            Some(ply) => {
                let node = ctx.game.record().main_line()[ply - 1];
                if ctx.game.goto_node(node).is_ok() {
                    ctx.board.selection = None;
                    if let Some(mark) = self.review.points[ply].mark {
                        ctx.status.set((ctx.text().review.marked_move)(ply, mark));
                    }
                }
            }
            None => ctx.status.set(ctx.text().no_marked_move.into()),
        }
    }

    /// A new record is shown: the analysis of the old one is dropped (a continuous analysis
    /// that is on starts again on the new position).
    pub(super) fn restart(&mut self, record: &GameRecord, outbox: &mut Outbox) {
        let (on, running) = (self.on, self.run.is_some());
        let threats = std::mem::take(&mut self.threats);
        let learn_after = self.learn_after;
        *self = Study { on, threats, learn_after, ..Study::new(record) };
        if running {
            outbox.stop(StudyKind::GameAnalysis);
        }
        if on {
            outbox.stop(StudyKind::Analysis);
        }
    }

    /// Reads the main line's analysis from `record` again (after its lines changed).
    pub(super) fn reread_review(&mut self, record: &GameRecord) {
        self.review = ReviewLine::from_record(record);
    }
}

/// Whether analysis or a hint (`what`, as the record names it) may be used here: always,
/// except during a game against the computer (`in_game`), where the settings must allow it
/// and the record then says it was used (`備考` in the headers, a comment on the position).
/// `None`, refused, with the message saying why; else whether the record changed.
pub(super) fn help_allowed(ctx: &mut Ctx, what: &str, in_game: bool) -> Option<bool> {
    if !in_game {
        return Some(false);
    }
    if !ctx.settings.help_in_games {
        ctx.status.set(ctx.text().clocks.no_help_in_game.into());
        return None;
    }
    let note = format!("{what}を使用");
    let rec = ctx.game.record_mut();
    let headline = "対局中に検討・ヒントを使用";
    if rec.header("備考") != Some(headline) {
        rec.set_header("備考", headline);
    }
    let here = ctx.game.node();
    let comments = &mut ctx.game.record_mut().node_mut(here).comments;
    if !comments.contains(&note) {
        comments.push(note);
    }
    Some(true)
}

/// The ply of the position `game` shows on the main line (none when it is in a variation).
pub(super) fn main_line_ply(game: &Cursor) -> Option<usize> {
    let node = game.node();
    if node == ROOT {
        return Some(0);
    }
    game.record().main_line().iter().position(|&n| n == node).map(|i| i + 1)
}

/// Lines the analysis shows (1..=3), as `settings` have it.
pub(super) fn analysis_lines(settings: &Settings) -> usize {
    (settings.analysis_lines as usize).clamp(1, crate::engine::analysis::MAX_LINES)
}

/// The mark thresholds the settings choose (the settings file keeps them rising from 1 to
/// 100, so the defaults stand in only for values no setting can hold).
pub(super) fn mark_thresholds(settings: &Settings) -> Thresholds {
    Thresholds::new(settings.mark_thresholds.map(f64::from)).unwrap_or_default()
}

/// The whole-game analysis of `start` + `moves`, as `settings` set it up.
fn game_analysis_job(settings: &Settings, start: Box<Position>, moves: Vec<Move>) -> StudyJob {
    let options = GameAnalysisOptions {
        movetime_ms: settings.game_analysis_ms,
        thresholds: mark_thresholds(settings),
        ..GameAnalysisOptions::default()
    };
    StudyJob::AnalyseGame { start, moves, options }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::analysis::Line;
    use crate::tui::app::App;
    use crate::tui::event::Command;
    use crate::tui::jobs::{JobKind, JobRequest};

    /// A study command the app handed out, as these tests look at it.
    #[derive(Debug)]
    enum Asked {
        Analyse { pos: Box<Position>, lines: usize, movetime_ms: Option<u64> },
        StopAnalysis,
        AnalyseGame { start: Box<Position>, moves: Vec<Move>, movetime_ms: u64, thresholds: Thresholds },
        StopGame,
    }

    /// The next study command in the outbox (after the analysis of the position shown is asked
    /// for, when none is queued).
    fn study_command(a: &mut App) -> Option<Asked> {
        let study = |c: &Command| {
            matches!(
                c,
                Command::Start(JobRequest::Study(StudyJob::Analyse { .. } | StudyJob::AnalyseGame { .. }))
                    | Command::Stop(JobKind::Study(StudyKind::Analysis | StudyKind::GameAnalysis))
            )
        };
        let c = match a.outbox.take_first(study) {
            Some(c) => c,
            None => {
                a.study_requests();
                a.outbox.take_first(study)?
            }
        };
        Some(match c {
            Command::Start(JobRequest::Study(StudyJob::Analyse { pos, lines, limits })) => {
                Asked::Analyse { pos, lines, movetime_ms: limits.movetime }
            }
            Command::Start(JobRequest::Study(StudyJob::AnalyseGame { start, moves, options })) => {
                Asked::AnalyseGame {
                    start,
                    moves,
                    movetime_ms: options.movetime_ms,
                    thresholds: options.thresholds,
                }
            }
            Command::Stop(JobKind::Study(StudyKind::Analysis)) => Asked::StopAnalysis,
            Command::Stop(_) => Asked::StopGame,
            other => panic!("not a study command: {other:?}"),
        })
    }

    fn app() -> App {
        let kif =
            "手合割：平手\n   1 ７六歩(77)\n*角道\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n";
        let (rec, _) = crate::record::read_text(kif, crate::record::Format::Kifu).unwrap();
        App::with_record(rec)
    }

    fn update(pos: &Position, usi: &str, cp: i32, done: bool) -> Update {
        let m = pos.parse_usi_move(usi).unwrap();
        Update {
            depth: 9,
            nodes: 1000,
            nps: 250_000,
            time_ms: 4,
            lines: vec![Line { score: Score::Cp(cp), pv: vec![m] }],
            done,
        }
    }

    #[test]
    fn analysis_follows_every_step() {
        let mut a = app();
        assert!(study_command(&mut a).is_none());
        a.toggle_analysis();
        let Some(Asked::Analyse { pos, lines: 3, movetime_ms: None }) = study_command(&mut a) else {
            panic!("no analysis asked for")
        };
        assert_eq!(*pos, Position::startpos());
        assert!(study_command(&mut a).is_none(), "asked twice for the same position");
        a.on_analysis_update(update(&pos, "7g7f", 40, false));
        assert_eq!(a.analysis().unwrap().lines[0].score, Score::Cp(40));
        // a step through the record asks again (the runner drops the old request's updates)
        a.redo();
        let Some(Asked::Analyse { pos: p2, .. }) = study_command(&mut a) else { panic!() };
        assert_eq!(p2.side_to_move(), crate::core::Color::White);
        assert!(a.analysis().is_none());
        a.on_analysis_update(update(&p2, "3c3d", -20, false));
        assert_eq!(a.analysis().unwrap().lines[0].score, Score::Cp(-20));
        a.cycle_analysis_lines();
        assert_eq!(a.analysis_lines(), 1);
        assert!(matches!(study_command(&mut a), Some(Asked::Analyse { lines: 1, .. })));
        a.toggle_analysis();
        assert!(matches!(study_command(&mut a), Some(Asked::StopAnalysis)));
        assert!(!a.analysing() && a.analysis().is_none());
    }

    #[test]
    fn a_new_game_drops_the_analysis_of_the_old_one_and_analyses_the_new() {
        let mut a = app();
        a.toggle_analysis();
        let Some(Asked::Analyse { pos, .. }) = study_command(&mut a) else { panic!() };
        a.on_analysis_update(update(&pos, "7g7f", 40, false));
        assert!(a.analysis().is_some());
        let mut choice = a.last_choice();
        choice.handicap = 2; // 角落ち: another start position
        a.start_new_game(choice);
        assert!(a.analysis().is_none(), "the old game's lines are not shown for the new one");
        assert!(matches!(study_command(&mut a), Some(Asked::StopAnalysis)));
        let Some(Asked::Analyse { pos: p2, .. }) = study_command(&mut a) else { panic!("not re-asked") };
        assert_eq!(*p2, a.pos().clone());
    }

    /// Feeds a made-up analysis of `moves` from `start` to the app, as the analysis thread
    /// would, with the move at ply `marked` (if any) marked 悪手.
    fn feed(a: &mut App, start: &Position, moves: &[Move], marked: Option<usize>) {
        let mut analysis = GameAnalysis::default();
        let mut pos = start.clone();
        for ply in 0..=moves.len() {
            if ply > 0 {
                pos.do_move(moves[ply - 1]);
            }
            let best = pos.legal_moves().as_slice().first().copied();
            let eval = PositionEval {
                score: Score::Cp(10 * ply as i32),
                best,
                pv: best.into_iter().collect(),
                depth: 5,
                nodes: 10,
            };
            let j = (ply > 0).then(|| MoveJudgement {
                loss: 0.0,
                mark: (marked == Some(ply)).then_some(2),
                best: false,
            });
            a.on_game_progress(ply, &eval, j.as_ref());
            analysis.evals.push(eval);
            analysis.judgements.extend(j);
        }
        a.on_game_analysis_done(&analysis);
    }

    #[test]
    fn whole_game_analysis_goes_on_through_the_variations() {
        let kif = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n\n変化：2手\n   2 ８四歩(83)\n*角道を止めない\n   3 ２六歩(27)\n";
        let (rec, _) = crate::record::read_text(kif, crate::record::Format::Kifu).unwrap();
        let mut a = App::with_record(rec);
        a.toggle_game_analysis();
        let Some(Asked::AnalyseGame { start, moves, .. }) = study_command(&mut a) else { panic!() };
        assert_eq!(
            a.game_analysis_progress(),
            Some((0, 6)),
            "4 positions of the main line, 2 moves of the variation"
        );
        feed(&mut a, &start, &moves, Some(3));
        assert_eq!(a.game_analysis_progress(), Some((4, 6)), "still running: the variation is next");
        let Some(Asked::AnalyseGame { start, moves, .. }) = study_command(&mut a) else { panic!() };
        assert_eq!(start.side_to_move(), crate::core::Color::White, "from the position after ７六歩");
        assert_eq!(moves.iter().map(|m| m.usi()).collect::<Vec<_>>(), ["8c8d", "2g2f"]);
        feed(&mut a, &start, &moves, Some(1));
        assert!(a.game_analysis_progress().is_none());
        assert!(a.message().contains("6 positions, 2 marked"), "{}", a.message());
        // the variation's move carries its mark, after the player's comment; the main line keeps its own
        let first = a.record().main_line()[0];
        let var = a.record().node(first).children()[1];
        let c = &a.record().node(var).comments;
        assert_eq!(c[0], "角道を止めない");
        assert!(c.contains(&"【悪手】".to_string()), "{c:?}");
        assert!(a.record().node(first).comments.contains(&"#評価値=10".to_string()));
        assert_eq!(a.mark_of(2), Some(Mark::Mistake));
        a.redo();
        a.redo();
        a.switch_variation(1);
        let s = crate::tui::view::screen_text(&a, 110, 34, std::time::Instant::now());
        assert!(s.contains("△８四歩(83)* 悪手"), "{s}");
    }

    #[test]
    fn a_whole_game_analysis_of_a_game_left_behind_is_dropped() {
        let kif = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化：2手\n   2 ８四歩(83)\n";
        let (rec, _) = crate::record::read_text(kif, crate::record::Format::Kifu).unwrap();
        let mut a = App::with_record(rec);
        a.toggle_game_analysis();
        let Some(Asked::AnalyseGame { start, moves, .. }) = study_command(&mut a) else { panic!() };
        feed(&mut a, &start, &moves, None);
        let Some(Asked::AnalyseGame { start, moves, .. }) = study_command(&mut a) else { panic!() };
        // a new game while the variation is analysed: its report must not land in the new record
        a.start_new_game(a.last_choice());
        feed(&mut a, &start, &moves, Some(1));
        assert!(matches!(study_command(&mut a), Some(Asked::StopGame)));
        assert!(a.game_analysis_progress().is_none());
        assert!(a.record().node(crate::record::ROOT).comments.is_empty());
        assert!(!a.review().has_scores());
    }

    #[test]
    fn lines_time_and_thresholds_come_from_the_settings() {
        let mut a = app();
        a.set_settings(crate::tui::settings::Settings {
            analysis_lines: 2,
            game_analysis_ms: 1000,
            mark_thresholds: [3, 6, 12, 30],
            ..Default::default()
        });
        a.toggle_analysis();
        assert!(matches!(study_command(&mut a), Some(Asked::Analyse { lines: 2, .. })));
        // v steps the setting (saved) and the analysis starts again with it
        a.cycle_analysis_lines();
        assert_eq!(a.settings().analysis_lines, 3);
        assert!(a.take_settings_dirty());
        assert!(matches!(study_command(&mut a), Some(Asked::Analyse { lines: 3, .. })));
        a.toggle_analysis();
        let _ = study_command(&mut a);
        a.toggle_game_analysis();
        let Some(Asked::AnalyseGame { movetime_ms: 1000, thresholds, .. }) = study_command(&mut a) else {
            panic!()
        };
        assert_eq!(thresholds, Thresholds::new([3.0, 6.0, 12.0, 30.0]).unwrap());
    }

    #[test]
    fn a_hint_names_the_engines_move() {
        let mut a = app();
        a.request_hint();
        let Some(Asked::Analyse { pos, lines: 1, movetime_ms: Some(HINT_MS) }) = study_command(&mut a) else {
            panic!()
        };
        a.on_analysis_update(update(&pos, "2g2f", 30, true));
        assert!(a.message().contains("hint: ▲２六歩"), "{}", a.message());
        assert_eq!(a.hint_move().map(|m| m.usi()), Some("2g2f".to_string()));
        // only while its position is shown
        a.submit_typed("7g7f");
        assert_eq!(a.hint_move(), None);
        a.undo();
        assert_eq!(a.hint_move().map(|m| m.usi()), Some("2g2f".to_string()));
    }

    #[test]
    fn whole_game_analysis_marks_moves_and_writes_the_record() {
        let mut a = app();
        a.toggle_game_analysis();
        let Some(Asked::AnalyseGame { moves, .. }) = study_command(&mut a) else { panic!() };
        assert_eq!(moves.len(), 4);
        assert_eq!(a.game_analysis_progress(), Some((0, 5)));
        let mut analysis = GameAnalysis::default();
        let mut pos = Position::startpos();
        for ply in 0..5 {
            if ply > 0 {
                pos.do_move(moves[ply - 1]);
            }
            let best = pos.legal_moves().as_slice().first().copied();
            let eval = PositionEval {
                score: Score::Cp([0, 30, 20, -700, -650][ply]),
                best,
                pv: best.into_iter().collect(),
                depth: 5,
                nodes: 10,
            };
            let j =
                (ply > 0).then(|| MoveJudgement { loss: 0.0, mark: (ply == 3).then_some(2), best: false });
            a.on_game_progress(ply, &eval, j.as_ref());
            analysis.evals.push(eval);
            analysis.judgements.extend(j);
        }
        assert_eq!(a.game_analysis_progress(), Some((5, 5)));
        assert_eq!(a.mark_of(2), Some(Mark::Mistake));
        a.on_game_analysis_done(&analysis);
        assert!(a.game_analysis_progress().is_none());
        // kept in the record's comments, beside the player's own
        let third = a.record().main_line()[2];
        assert!(a.record().node(third).comments.contains(&"【悪手】".to_string()));
        let first = a.record().main_line()[0];
        assert_eq!(a.record().node(first).comments[0], "角道");
        assert!(a.take_dirty());
        // jumping between marked moves, and the better line of a marked one
        a.goto_marked(true);
        assert_eq!(a.main_line_ply(), Some(3));
        let (mark, before, pv) = a.better_line().unwrap();
        assert_eq!(mark, Mark::Mistake);
        assert_eq!(before.side_to_move(), crate::core::Color::Black);
        assert_eq!(pv.len(), 1);
        a.goto_marked(true);
        assert!(a.message().contains("no marked move"));
        a.to_end();
        a.goto_marked(false);
        assert_eq!(a.main_line_ply(), Some(3));
        // reopened, the analysis is read back from the comments
        let reopened =
            App::with_record(crate::tui::app::tests_support::reopen(a.record(), crate::record::Format::Kif));
        assert_eq!(reopened.mark_of(2), Some(Mark::Mistake));
        assert_eq!(reopened.review_score(3), Some(Score::Cp(-700)));
    }

    #[test]
    fn the_graph_and_marks_are_drawn() {
        let mut a = app();
        a.toggle_game_analysis();
        let _ = study_command(&mut a);
        let mut pos = Position::startpos();
        let moves = a.record().main_line_moves();
        for ply in 0..5 {
            if ply > 0 {
                pos.do_move(moves[ply - 1]);
            }
            let eval = PositionEval {
                score: Score::Cp([0, 300, 600, -1200, -1500][ply]),
                best: None,
                pv: Vec::new(),
                depth: 5,
                nodes: 10,
            };
            let j = MoveJudgement { loss: 30.0, mark: (ply == 3).then_some(3), best: false };
            a.on_game_progress(ply, &eval, (ply > 0).then_some(&j));
        }
        a.redo();
        a.redo();
        a.redo();
        let s = crate::tui::view::screen_text(&a, 110, 34, std::time::Instant::now());
        assert!(s.contains("大悪手"), "{s}");
        assert!(s.contains("Evaluation · move 3: -1200"), "{s}");
        // the chart draws braille dots
        assert!(s.chars().any(|c| ('\u{2801}'..='\u{28ff}').contains(&c)), "{s}");
    }
}

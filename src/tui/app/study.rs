//! Study (検討 and 棋譜解析), seen from the app: continuous analysis of the position shown,
//! following every step through the record; a hint for the side to move; the whole-game
//! analysis with its progress, marks and evaluation graph. The searches are study jobs (`jobs`,
//! `StudyJob`) started and stopped through the outbox by what is decided here; the runner
//! lets through only the reports of the search last asked for.

use super::App;
use crate::core::Score;
use crate::core::{Move, Position};
use crate::engine::analysis::Update;
use crate::engine::analysis::game::{
    GameAnalysis, GameAnalysisOptions, MoveJudgement, PositionEval, Thresholds,
};
use crate::engine::search::time::Limits;
use crate::record::annotation::Mark;
use crate::record::{GameRecord, NodeId, ROOT};
use crate::study::{ReviewLine, ReviewPoint};
use crate::tui::jobs::{StudyJob, StudyKind};

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

impl App {
    // ---- reading ----

    /// The hint's move, while the position it was given for is shown.
    pub fn hint_move(&self) -> Option<crate::core::Move> {
        self.study.hint_given.filter(|(node, _)| *node == self.game.node()).map(|(_, m)| m)
    }

    /// Whether continuous analysis (検討) is on.
    pub fn analysing(&self) -> bool {
        self.study.on
    }

    /// The latest analysis of the position shown (none while it has not reported yet).
    pub fn analysis(&self) -> Option<&Update> {
        self.study.live.as_ref().filter(|_| self.study.analysed == Some(self.game.node()))
    }

    /// Lines the analysis shows (1..=3).
    pub fn analysis_lines(&self) -> usize {
        (self.settings.analysis_lines as usize).clamp(1, crate::engine::analysis::MAX_LINES)
    }

    /// The main line's analysis, one point per position (root first).
    pub fn review(&self) -> &ReviewLine {
        &self.study.review
    }

    /// The whole-game analysis in progress: (positions done, positions in all).
    pub fn game_analysis_progress(&self) -> Option<(usize, usize)> {
        self.study.run
    }

    /// The ply of the position shown on the main line (none when it is in a variation).
    pub fn main_line_ply(&self) -> Option<usize> {
        let node = self.game.node();
        if node == ROOT {
            return Some(0);
        }
        self.record().main_line().iter().position(|&n| n == node).map(|i| i + 1)
    }

    /// The mark of main-line node `node` from the analysis, if any.
    pub fn mark_of(&self, main_line_index: usize) -> Option<Mark> {
        self.study.review.points.get(main_line_index + 1).and_then(|p| p.mark)
    }

    // ---- transitions ----

    /// Starts or stops continuous analysis (検討).
    pub fn toggle_analysis(&mut self) {
        if !self.study.on && !self.help_allowed("検討") {
            return;
        }
        self.study.on = !self.study.on;
        if self.study.on {
            self.status.set(self.text().analysis_on.into());
        } else {
            self.stop_live();
            self.status.set(self.text().analysis_off.into());
        }
    }

    fn stop_live(&mut self) {
        self.study.analysed = None;
        self.study.live = None;
        self.outbox.stop(StudyKind::Analysis);
    }

    /// Shows 1, 2 or 3 lines (MultiPV), in turn.
    pub fn cycle_analysis_lines(&mut self) {
        let lines = self.analysis_lines() % crate::engine::analysis::MAX_LINES + 1;
        self.settings.analysis_lines = lines as u8;
        self.saving.settings_dirty = true;
        self.status.set((self.text().analysis_lines)(lines));
    }

    /// Whether analysis or a hint (`what`, as the record names it) may be used here: always,
    /// except during a game against the computer, where the settings must allow it and the
    /// record then says it was used (`備考` in the headers, a comment on the position).
    /// Refused, the message says why.
    pub fn help_allowed(&mut self, what: &str) -> bool {
        if !self.in_game_against_computer() {
            return true;
        }
        if !self.settings.help_in_games {
            self.status.set(self.text().clocks.no_help_in_game.into());
            return false;
        }
        let note = format!("{what}を使用");
        let rec = self.game.record_mut();
        let headline = "対局中に検討・ヒントを使用";
        if rec.header("備考") != Some(headline) {
            rec.set_header("備考", headline);
        }
        let here = self.game.node();
        let comments = &mut self.game.record_mut().node_mut(here).comments;
        if !comments.contains(&note) {
            comments.push(note);
        }
        self.saving.dirty = true;
        true
    }

    /// Whether `a` and `i` do anything here (the key bar leaves them out when not).
    pub fn help_offered(&self) -> bool {
        !self.in_game_against_computer() || self.settings.help_in_games
    }

    /// Whether a person is playing a game against the computer that goes on.
    fn in_game_against_computer(&self) -> bool {
        self.standing.playing
            && self.play.players.contains(&super::Player::Engine)
            && self.play.players.contains(&super::Player::Human)
            && self.unfinished()
    }

    /// Asks the engine for the best move of the side to move (shown when it answers).
    pub fn request_hint(&mut self) {
        if self.study.on {
            self.status.set(self.text().hint_in_analysis.into());
            return;
        }
        if !self.help_allowed("ヒント") {
            return;
        }
        let node = self.game.node();
        self.study.hint = Some(node);
        self.study.analysed = Some(node);
        self.study.live = None;
        self.outbox.start(StudyJob::Analyse {
            pos: Box::new(self.pos().clone()),
            lines: 1,
            limits: Limits::movetime(HINT_MS),
        });
        self.status.set(self.text().hint_thinking.into());
    }

    /// Asks for the continuous analysis of the position shown, when it is on and the position
    /// or the number of lines changed (called before the outbox is handed out).
    pub(super) fn study_requests(&mut self) {
        let node = self.game.node();
        // a new position, or a new number of lines (set with v or in the settings)
        if self.study.on && (self.study.analysed != Some(node) || self.study.lines != self.analysis_lines()) {
            self.study.analysed = Some(node);
            self.study.live = None;
            self.study.lines = self.analysis_lines();
            self.outbox.start(StudyJob::Analyse {
                pos: Box::new(self.pos().clone()),
                lines: self.study.lines,
                limits: Limits::default(),
            });
        }
    }

    /// An update of the analysis last asked for; dropped when none is wanted any more.
    pub fn on_analysis_update(&mut self, u: Update) {
        if self.study.analysed.is_none() {
            return;
        }
        let done = u.done;
        self.study.live = Some(u);
        if done && self.study.hint.take().is_some_and(|n| n == self.game.node()) {
            let live = self.study.live.as_ref().expect("just set");
            let best = live.lines.first().and_then(|l| l.pv.first()).copied();
            self.study.hint_given = best.map(|m| (self.game.node(), m));
            self.status.set(match best {
                Some(m) => (self.text().hint)(
                    &crate::record::pv::pv_text(self.pos(), &[m]),
                    &live.lines[0].score.text(),
                ),
                None => self.text().hint_none.into(),
            });
        }
    }

    /// Starts the whole-game analysis of the main line and then of each variation, or stops the
    /// one running.
    pub fn toggle_game_analysis(&mut self) {
        if self.study.run.is_some() {
            self.outbox.stop(StudyKind::GameAnalysis);
            self.status.set(self.text().game_analysis_stopping.into());
            return;
        }
        let rec = self.record();
        let moves = rec.main_line_moves();
        let total = moves.len() + 1;
        let start = Box::new(rec.initial().clone());
        let mut pending = crate::study::variation_lines(rec);
        pending.reverse();
        self.study.review =
            ReviewLine { points: vec![ReviewPoint { score: None, mark: None, pv: Vec::new() }; total] };
        let total = total + pending.iter().map(|(_, line)| line.len()).sum::<usize>();
        self.study.sweep = Sweep { pending, serial: self.standing.game_serial, ..Sweep::default() };
        self.study.run = Some((0, total));
        self.outbox.start(self.game_analysis_job(start, moves));
        self.status.set((self.text().game_analysis_started)(total, self.settings.game_analysis_ms));
    }

    /// The whole-game analysis of `start` + `moves`, as the settings set it up.
    fn game_analysis_job(&self, start: Box<Position>, moves: Vec<Move>) -> StudyJob {
        let options = GameAnalysisOptions {
            movetime_ms: self.settings.game_analysis_ms,
            thresholds: self.mark_thresholds(),
            ..GameAnalysisOptions::default()
        };
        StudyJob::AnalyseGame { start, moves, options }
    }

    /// The mark thresholds the settings choose (the settings file keeps them rising from 1 to
    /// 100, so the defaults stand in only for values no setting can hold).
    pub(super) fn mark_thresholds(&self) -> Thresholds {
        Thresholds::new(self.settings.mark_thresholds.map(f64::from)).unwrap_or_default()
    }

    /// One position of the whole-game analysis is done.
    pub fn on_game_progress(&mut self, ply: usize, eval: &PositionEval, judgement: Option<&MoveJudgement>) {
        if !self.game_run_current() {
            return;
        }
        // a variation's run starts at the position before it, counted with the line it left
        let main = self.study.sweep.line.is_none();
        if let Some((done, total)) = self.study.run.as_mut() {
            *done = (self.study.sweep.positions + ply + usize::from(main)).min(*total);
        }
        if !main {
            return;
        }
        if let Some(p) = self.study.review.points.get_mut(ply) {
            p.score = Some(eval.score);
            p.pv = eval.pv.clone();
            p.mark = judgement.and_then(|j| j.mark).and_then(Mark::from_level);
        }
    }

    /// The whole-game analysis ended (finished or stopped): its result goes into the record's
    /// comments, kept on save.
    /// A run that is not stopped goes on with the next variation. Reports of a run for a game
    /// no longer shown are dropped.
    pub fn on_game_analysis_done(&mut self, analysis: &GameAnalysis) {
        if !self.game_run_current() {
            return;
        }
        let sweep = &mut self.study.sweep;
        match sweep.line.take() {
            None => {
                crate::study::write_analysis(self.game.record_mut(), analysis);
                self.study.review = ReviewLine::from_record(self.game.record());
                sweep.positions += analysis.evals.len();
            }
            Some(nodes) => {
                crate::study::write_line_analysis(self.game.record_mut(), &nodes, analysis);
                sweep.positions += analysis.evals.len().saturating_sub(1);
            }
        }
        let sweep = &mut self.study.sweep;
        sweep.marks += analysis.judgements.iter().filter(|j| j.mark.is_some()).count();
        self.saving.dirty = true;
        if !analysis.stopped
            && let Some((parent, nodes)) = sweep.pending.pop()
        {
            let rec = self.game.record();
            let start = Box::new(rec.position_at(parent));
            let moves = nodes.iter().map(|&n| rec.node(n).mv).collect();
            self.study.sweep.line = Some(nodes);
            self.outbox.start(self.game_analysis_job(start, moves));
            return;
        }
        self.study.run = None;
        let (positions, marks) = (self.study.sweep.positions, self.study.sweep.marks);
        self.status.set((self.text().game_analysis_done)(analysis.stopped, positions, marks));
        self.learn_on_analysis_done(analysis.stopped);
    }

    /// Whether the whole-game analysis reporting is of the game shown. When another game took
    /// its place (a new game, a pasted record), the analysis is stopped and forgotten.
    fn game_run_current(&mut self) -> bool {
        if self.study.run.is_none() {
            return false;
        }
        if self.study.sweep.serial != self.standing.game_serial {
            self.study.run = None;
            self.study.sweep = Sweep::default();
            self.study.review = ReviewLine::from_record(self.game.record());
            self.outbox.stop(StudyKind::GameAnalysis);
            return false;
        }
        true
    }

    /// Goes to the next (`forward`) or previous marked move of the main line.
    pub fn goto_marked(&mut self, forward: bool) {
        let here = self.main_line_ply().unwrap_or(0);
        let target =
            if forward { self.study.review.next_marked(here) } else { self.study.review.prev_marked(here) };
        match target {
            Some(ply) => {
                let node = self.record().main_line()[ply - 1];
                if self.game.goto_node(node).is_ok() {
                    self.board.selection = None;
                    if let Some(mark) = self.study.review.points[ply].mark {
                        self.status.set((self.text().review.marked_move)(ply, mark));
                    }
                }
            }
            None => self.status.set(self.text().no_marked_move.into()),
        }
    }

    /// For a marked move shown: the engine's better line from the position before it. On the
    /// main line from the review; in a variation from the comments of the move and of the
    /// position before it, when an analysis wrote them there.
    pub fn better_line(&self) -> Option<(Mark, Position, Vec<Move>)> {
        let Some(ply) = self.main_line_ply() else {
            let rec = self.record();
            let node = rec.node(self.game.node());
            let mark = crate::record::annotation::mark_in(&node.comments)?;
            let parent = node.parent()?;
            let pv = crate::record::annotation::annotation(rec, parent)?.pv;
            return (pv.first().is_some_and(|&m| m != node.mv)).then(|| (mark, rec.position_at(parent), pv));
        };
        let mark = self.study.review.points.get(ply)?.mark?;
        let (pos, pv) = self.study.review.better_line(ply, self.record())?;
        Some((mark, pos, pv))
    }

    /// The evaluation and the engine's line of the position shown: on the main line from the
    /// review, in a variation from its own comments (when an analysis wrote them).
    pub fn analysis_here(&self) -> Option<(Score, Vec<Move>)> {
        if let Some(ply) = self.main_line_ply() {
            let p = self.study.review.points.get(ply)?;
            return p.score.map(|s| (s, p.pv.clone()));
        }
        let a = crate::record::annotation::annotation(self.record(), self.game.node())?;
        Some((a.eval?, a.pv))
    }

    /// A new record is shown: the analysis of the old one is dropped (a continuous analysis
    /// that is on starts again on the new position).
    pub(super) fn restart_study(&mut self) {
        let (on, running) = (self.study.on, self.study.run.is_some());
        let threats = std::mem::take(&mut self.study.threats);
        let learn_after = self.study.learn_after;
        self.study = Study { on, threats, learn_after, ..Study::new(self.game.record()) };
        if running {
            self.outbox.stop(StudyKind::GameAnalysis);
        }
        if on {
            self.outbox.stop(StudyKind::Analysis);
        }
    }

    /// Reads the main line's analysis from the record again (after its lines changed).
    pub(super) fn reread_review(&mut self) {
        self.study.review = ReviewLine::from_record(self.game.record());
    }

    /// The evaluation of main-line position `ply` from the analysis.
    pub fn review_score(&self, ply: usize) -> Option<Score> {
        self.study.review.points.get(ply).and_then(|p| p.score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::analysis::Line;
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

//! Tsume mode (詰将棋): the player attacks, the app answers each check with the defender's
//! longest resistance from the mate solver, refuses an attack that is not a check or lets the
//! king escape (saying why), takes back a move pair, and shows the solution on request. The
//! solver runs as mate jobs (`jobs`, `MateJob`): the app asks through the outbox,
//! the runner lets through only the answer of the latest request of each kind, and the app drops
//! an answer it no longer waits for.

use super::{App, Mode, Popup};
use crate::core::{Color, Move, Position};
use crate::engine::mate::MateResult;
use crate::engine::mate::tsume::Attack;
use crate::record::{Format, GameRecord, ROOT};
use crate::tui::jobs::{FileJob, MateJob, MateKind, TsumeAnswer};

/// The problems shipped with the program (composed and proved by its own solver), as KIF.
pub const SHIPPED: [&str; 61] = [
    include_str!("../../../assets/tsume/01.kifu"),
    include_str!("../../../assets/tsume/02.kifu"),
    include_str!("../../../assets/tsume/03.kifu"),
    include_str!("../../../assets/tsume/04.kifu"),
    include_str!("../../../assets/tsume/05.kifu"),
    include_str!("../../../assets/tsume/06.kifu"),
    include_str!("../../../assets/tsume/07.kifu"),
    include_str!("../../../assets/tsume/08.kifu"),
    include_str!("../../../assets/tsume/09.kifu"),
    include_str!("../../../assets/tsume/10.kifu"),
    include_str!("../../../assets/tsume/11.kifu"),
    include_str!("../../../assets/tsume/12.kifu"),
    include_str!("../../../assets/tsume/13.kifu"),
    include_str!("../../../assets/tsume/14.kifu"),
    include_str!("../../../assets/tsume/15.kifu"),
    include_str!("../../../assets/tsume/16.kifu"),
    include_str!("../../../assets/tsume/17.kifu"),
    include_str!("../../../assets/tsume/18.kifu"),
    include_str!("../../../assets/tsume/19.kifu"),
    include_str!("../../../assets/tsume/20.kifu"),
    include_str!("../../../assets/tsume/21.kifu"),
    include_str!("../../../assets/tsume/22.kifu"),
    include_str!("../../../assets/tsume/23.kifu"),
    include_str!("../../../assets/tsume/24.kifu"),
    include_str!("../../../assets/tsume/25.kifu"),
    include_str!("../../../assets/tsume/26.kifu"),
    include_str!("../../../assets/tsume/27.kifu"),
    include_str!("../../../assets/tsume/28.kifu"),
    include_str!("../../../assets/tsume/29.kifu"),
    include_str!("../../../assets/tsume/30.kifu"),
    include_str!("../../../assets/tsume/31.kifu"),
    include_str!("../../../assets/tsume/32.kifu"),
    include_str!("../../../assets/tsume/33.kifu"),
    include_str!("../../../assets/tsume/34.kifu"),
    include_str!("../../../assets/tsume/35.kifu"),
    include_str!("../../../assets/tsume/36.kifu"),
    include_str!("../../../assets/tsume/37.kifu"),
    include_str!("../../../assets/tsume/38.kifu"),
    include_str!("../../../assets/tsume/39.kifu"),
    include_str!("../../../assets/tsume/40.kifu"),
    include_str!("../../../assets/tsume/41.kifu"),
    include_str!("../../../assets/tsume/42.kifu"),
    include_str!("../../../assets/tsume/43.kifu"),
    include_str!("../../../assets/tsume/44.kifu"),
    include_str!("../../../assets/tsume/45.kifu"),
    include_str!("../../../assets/tsume/46.kifu"),
    include_str!("../../../assets/tsume/47.kifu"),
    include_str!("../../../assets/tsume/48.kifu"),
    include_str!("../../../assets/tsume/49.kifu"),
    include_str!("../../../assets/tsume/50.kifu"),
    include_str!("../../../assets/tsume/51.kifu"),
    include_str!("../../../assets/tsume/52.kifu"),
    include_str!("../../../assets/tsume/53.kifu"),
    include_str!("../../../assets/tsume/54.kifu"),
    include_str!("../../../assets/tsume/55.kifu"),
    include_str!("../../../assets/tsume/56.kifu"),
    include_str!("../../../assets/tsume/57.kifu"),
    include_str!("../../../assets/tsume/58.kifu"),
    include_str!("../../../assets/tsume/59.kifu"),
    include_str!("../../../assets/tsume/60.kifu"),
    include_str!("../../../assets/tsume/61.kifu"),
];

/// A shipped problem: its title, its length in plies and its position.
#[derive(Clone, Debug)]
pub struct Problem {
    pub title: String,
    pub length: Option<usize>,
    pub position: Position,
}

/// The shipped problems, read from their KIF once (a problem that does not read is left out).
pub fn shipped_problems() -> &'static [Problem] {
    static PROBLEMS: std::sync::OnceLock<Vec<Problem>> = std::sync::OnceLock::new();
    PROBLEMS.get_or_init(read_shipped)
}

fn read_shipped() -> Vec<Problem> {
    SHIPPED
        .iter()
        .filter_map(|text| {
            let (rec, _) = crate::record::read_text(text, Format::Kifu).ok()?;
            let title = rec.header("作品名").unwrap_or("詰将棋").to_string();
            let length = rec.header("備考").and_then(stated_length);
            Some(Problem { title, length, position: rec.initial().clone() })
        })
        .collect()
}

/// The length a problem's note states (`5手詰`).
fn stated_length(note: &str) -> Option<usize> {
    note.trim().strip_suffix("手詰")?.parse().ok()
}

/// Why a solve was asked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum SolveFor {
    /// The problem's own length and whether it has a mate, at the start.
    Start,
    /// The solution shown on request.
    Show,
}

/// A problem being solved.
#[derive(Clone, Debug)]
pub struct Tsume {
    title: String,
    /// The length in plies (stated, or found by the solver).
    length: Option<usize>,
    attacker: Color,
    /// The attack being judged: the move and the node it is played from.
    judging: Option<(Move, crate::record::NodeId)>,
    /// The solve being waited for: why, and the node it solves.
    solving: Option<(SolveFor, crate::record::NodeId)>,
    /// The mate that remains from the position shown (attacker first), when known.
    plan: Option<(crate::record::NodeId, Vec<Move>)>,
    solved: bool,
    /// The solution was asked for while the solver worked: shown when its answer comes.
    show_when_known: bool,
    /// Set while the app plays a judged attack and its reply into the record.
    applying: bool,
}

impl Tsume {
    pub fn title(&self) -> &str {
        &self.title
    }

    pub fn length(&self) -> Option<usize> {
        self.length
    }

    pub fn attacker(&self) -> Color {
        self.attacker
    }

    pub fn solved(&self) -> bool {
        self.solved
    }

    /// Whether the solver is working for it now.
    pub fn busy(&self) -> bool {
        self.judging.is_some() || self.solving.is_some()
    }
}

/// The tsume solver's side in the app (the problem being solved is `Mode::Tsume`'s).
#[derive(Clone, Debug, Default)]
pub(super) struct TsumeState {
    /// The problems solved, across launches.
    progress: crate::tui::storage::tsume_progress::TsumeProgress,
}

impl App {
    // ---- reading ----

    /// The problem list's chosen row, when it is open (row 0 is the position shown, then the
    /// shipped problems).
    pub fn tsume_list(&self) -> Option<usize> {
        match self.popup() {
            Some(Popup::TsumeList { row }) => Some(*row),
            _ => None,
        }
    }

    /// Whether the shipped problem `p` was solved (in this run of the app or an earlier one).
    pub fn tsume_solved(&self, p: &Problem) -> bool {
        self.tsume.progress.is_solved(&p.position.to_sfen())
    }

    /// How many of the shipped problems were solved, of how many.
    pub fn tsume_progress(&self) -> (usize, usize) {
        let all = shipped_problems();
        (all.iter().filter(|p| self.tsume_solved(p)).count(), all.len())
    }

    /// The problems solved in earlier runs of the app, and where solving more is kept.
    pub fn set_tsume_progress(&mut self, progress: crate::tui::storage::tsume_progress::TsumeProgress) {
        self.tsume.progress = progress;
    }

    // ---- the problem list ----

    /// Opens the list of problems.
    pub fn open_tsume_list(&mut self) {
        self.open_popup(Popup::TsumeList { row: 0 });
    }

    pub fn close_tsume_list(&mut self) {
        if self.tsume_list().is_some() {
            self.close_popup();
        }
    }

    pub fn tsume_list_step(&mut self, delta: i32) {
        let n = SHIPPED.len() as i32 + 1;
        if let Some(Popup::TsumeList { row }) = self.popup_mut() {
            *row = (*row as i32 + delta).rem_euclid(n) as usize;
        }
    }

    /// Starts the problem chosen in the list.
    pub fn tsume_list_confirm(&mut self) {
        let Some(i) = self.tsume_list() else { return };
        self.close_popup();
        if i == 0 {
            // a problem file opened at its start keeps its title and stated length
            let rec = self.record();
            let at_start = self.game.node() == ROOT;
            let title = rec.header("作品名").filter(|_| at_start).unwrap_or(self.setup_text().position_shown);
            let length = rec.header("備考").filter(|_| at_start).and_then(stated_length);
            let (pos, title) = (self.pos().clone(), title.to_string());
            return self.start_tsume(pos, title, length);
        }
        if let Some(p) = shipped_problems().get(i - 1) {
            self.start_tsume(p.position.clone(), p.title.clone(), p.length);
        }
    }

    // ---- playing ----

    /// Starts solving `pos` as a tsume, its side to move attacking. A position the defender
    /// has no king in, or where the defender is in check, is refused with the reason.
    pub fn start_tsume(&mut self, pos: Position, title: String, length: Option<usize>) {
        let attacker = pos.side_to_move();
        let t = self.setup_text();
        if pos.king_square(attacker.flip()).is_none() {
            self.status.set(t.tsume_no_king.into());
            return;
        }
        if let Err(problems) = crate::core::Setup::from_position(&pos).position(crate::core::SetupUse::Tsume)
        {
            let reasons: Vec<String> = problems.iter().map(|p| (t.problem)(p)).collect();
            self.status.set((t.cannot_use)(t.exits[2], &reasons.join(" / ")));
            return;
        }
        let mut rec = GameRecord::new(pos.clone());
        rec.set_header("作品名", &title);
        if let Some(n) = length {
            rec.set_header("備考", &format!("{n}手詰"));
        }
        self.stop_solver();
        self.replace_record(rec);
        self.saving.dirty = true;
        self.board.flipped = attacker == Color::White;
        self.outbox.start(MateJob::TsumeSolve { pos: Box::new(pos) });
        self.quit_learn();
        self.mode = Mode::Tsume(Box::new(Tsume {
            title,
            length,
            attacker,
            judging: None,
            solving: Some((SolveFor::Start, ROOT)),
            plan: None,
            solved: false,
            show_when_known: false,
            applying: false,
        }));
        self.status.set((self.setup_text().tsume_started)(length));
    }

    /// Leaves tsume mode; the record stays for review.
    pub fn leave_tsume(&mut self) {
        if let Mode::Tsume(_) = self.mode {
            self.leave_to_board();
            self.stop_solver();
            self.status.set(self.setup_text().tsume_left.into());
        }
    }

    /// In tsume mode, an attacking move goes to the solver instead of straight into the
    /// record (the reply comes with the judgement); `true` when the move was taken here.
    pub(super) fn tsume_takes(&mut self, m: Move) -> bool {
        let Some(t) = self.tsume() else { return false };
        if t.applying {
            return false;
        }
        let text = self.setup_text();
        let refusal = if t.judging.is_some() {
            Some(text.tsume_wait.to_string())
        } else if t.solved || self.status().is_over() {
            Some(text.tsume_already_solved.to_string())
        } else if self.pos().side_to_move() != t.attacker {
            Some(text.tsume_defender_moves.to_string())
        } else if let Err(why) = self.pos().why_illegal(m) {
            Some(crate::record::explain::describe(&why, self.explain_lang()))
        } else if !self.pos().gives_check(m) {
            Some((text.tsume_not_check)(&self.move_text(m)))
        } else {
            None
        };
        self.board.selection = None;
        if let Some(r) = refusal {
            self.status.set(r);
            return true;
        }
        self.outbox.start(MateJob::TsumeJudge { pos: Box::new(self.pos().clone()), mv: m });
        let node = self.game.node();
        if let Some(t) = self.tsume_mut() {
            t.judging = Some((m, node));
        }
        self.status.set((self.setup_text().tsume_judging)(&self.move_text(m)));
        true
    }

    /// `m` in Japanese notation from the position shown.
    fn move_text(&self, m: Move) -> String {
        crate::record::pv::pv_text(self.pos(), &[m])
    }

    /// The problems solved were written, or why not (said after the problem's own message).
    pub fn on_tsume_progress_written(&mut self, result: Result<(), String>) {
        if let Err(e) = result {
            let not_kept = (self.setup_text().progress_not_kept)(&e);
            self.status.set(format!("{} · {not_kept}", self.status.text()));
        }
    }

    /// Stops whatever the solver runs.
    fn stop_solver(&mut self) {
        self.outbox.stop(MateKind::TsumeJudge);
        self.outbox.stop(MateKind::TsumeSolve);
    }

    /// An answer from the solver to its latest request of the kind; dropped unless the app
    /// still waits for it.
    pub fn on_tsume_answer(&mut self, answer: TsumeAnswer) {
        match answer {
            TsumeAnswer::Judged(attack) => {
                let Some(t) = self.tsume_mut() else { return };
                let Some((mv, node)) = t.judging.take() else { return };
                if node == self.game.node() {
                    self.apply_judgement(mv, attack);
                }
            }
            TsumeAnswer::Solved(result) => {
                let here = self.game.node();
                let text = self.setup_text();
                // the mode's state beside the record and the message (borrowed apart)
                let Mode::Tsume(t) = &mut self.mode else { return };
                let Some((why, node)) = t.solving.take() else { return };
                let show = why == SolveFor::Show || std::mem::take(&mut t.show_when_known);
                match result {
                    MateResult::Mate(line) => {
                        if why == SolveFor::Start && t.length.is_none() {
                            t.length = Some(line.len());
                            self.game.record_mut().set_header("備考", &format!("{}手詰", line.len()));
                        }
                        // a line for a position the player has left is of no use any more
                        if node == here {
                            self.status.set(if show {
                                (text.tsume_solution)(&crate::record::pv::pv_text(
                                    self.game.position(),
                                    &line,
                                ))
                            } else {
                                (text.tsume_started)(t.length)
                            });
                            t.plan = Some((node, line));
                        }
                    }
                    MateResult::NoMate if node == here => self.status.set(text.tsume_no_mate.into()),
                    MateResult::Unknown if node == here => self.status.set(text.tsume_unknown.into()),
                    MateResult::NoMate | MateResult::Unknown => {}
                }
            }
        }
    }

    fn apply_judgement(&mut self, mv: Move, attack: Attack) {
        let text = self.setup_text();
        let shown = self.move_text(mv);
        let reply_text = |app: &App, reply: Move| {
            let mut after = app.pos().clone();
            after.do_move(mv);
            crate::record::pv::pv_text(&after, &[reply])
        };
        let said = match attack {
            Attack::Illegal => (text.tsume_not_check)(&shown),
            Attack::NotCheck => (text.tsume_not_check)(&shown),
            Attack::Escapes { reply } => (text.tsume_escapes)(&shown, &reply_text(self, reply)),
            Attack::Unclear { reply } => (text.tsume_unclear)(&shown, &reply_text(self, reply)),
            Attack::Mates => {
                self.play_judged(&[mv]);
                let plies = self.ply();
                if let Some(t) = self.tsume_mut() {
                    t.solved = true;
                    t.plan = None;
                }
                let start = self.record().initial().to_sfen();
                if self.tsume.progress.mark(&start) {
                    self.outbox.start(FileJob::TsumeProgress(Box::new(self.tsume.progress.clone())));
                }
                (text.tsume_solved)(plies)
            }
            Attack::Continues { reply, mate } => {
                let reply_shown = reply_text(self, reply);
                self.play_judged(&[mv, reply]);
                let node = self.game.node();
                if let Some(t) = self.tsume_mut() {
                    t.plan = Some((node, mate.clone()));
                }
                (text.tsume_reply)(&reply_shown, mate.len())
            }
        };
        self.status.set(said);
    }

    /// Plays judged moves into the record through the usual path.
    fn play_judged(&mut self, moves: &[Move]) {
        if let Some(t) = self.tsume_mut() {
            t.applying = true;
        }
        for &m in moves {
            self.submit_move(m);
        }
        if let Some(t) = self.tsume_mut() {
            t.applying = false;
        }
    }

    /// Takes back the last attack and its reply (or the mating move), back to the attacker's
    /// turn.
    pub fn tsume_undo(&mut self) {
        let Some(attacker) = self.tsume().map(|t| t.attacker) else { return self.undo() };
        if self.tsume().is_some_and(Tsume::busy) && self.game.node() != ROOT {
            self.status.set(self.setup_text().tsume_wait.into());
            return;
        }
        self.undo();
        if self.pos().side_to_move() != attacker && self.game.node() != ROOT {
            self.undo();
        }
        if let Some(t) = self.tsume_mut() {
            t.solved = false;
            t.judging = None;
        }
    }

    /// Shows the solution from the position shown (asks the solver when it is not known).
    pub fn tsume_show_solution(&mut self) {
        let node = self.game.node();
        let Some(t) = self.tsume() else { return };
        let text = self.setup_text();
        if t.solved || self.status().is_over() {
            self.status.set(text.tsume_already_solved.into());
            return;
        }
        if self.pos().side_to_move() != t.attacker {
            self.status.set(text.tsume_defender_moves.into());
            return;
        }
        if let Some((at, line)) = &t.plan
            && *at == node
        {
            self.status.set((text.tsume_solution)(&crate::record::pv::pv_text(self.pos(), line)));
            return;
        }
        if t.solving.is_some_and(|(_, at)| at == node) {
            // the solve under way brings the solution: shown when it comes
            if let Some(t) = self.tsume_mut() {
                t.show_when_known = true;
            }
            self.status.set(text.tsume_solving.into());
            return;
        }
        if t.busy() {
            self.status.set(text.tsume_wait.into());
            return;
        }
        self.outbox.start(MateJob::TsumeSolve { pos: Box::new(self.pos().clone()) });
        if let Some(t) = self.tsume_mut() {
            t.solving = Some((SolveFor::Show, node));
        }
        self.status.set(text.tsume_solving.into());
    }
}

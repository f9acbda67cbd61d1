//! Tsume mode (詰将棋): the player attacks, the app answers each check with the defender's
//! longest resistance from the mate solver, refuses an attack that is not a check or lets the
//! king escape (saying why), takes back a move pair, and shows the solution on request. The
//! solver runs as mate jobs (`jobs`, `MateJob`): the app asks through the outbox,
//! the runner lets through only the answer of the latest request of each kind, and the app drops
//! an answer it no longer waits for.

use super::Outbox;
use super::ctx::Ctx;
use crate::core::{Color, Move, Position};
use crate::engine::mate::MateResult;
use crate::engine::mate::tsume::Attack;
use crate::record::{Format, ROOT};
use crate::tui::jobs::{FileJob, MateJob, MateKind, TsumeAnswer};
use crate::tui::keymap::{Action, KeyMode, Keymap};
use crate::tui::text::setup::TsumeKeys;

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
pub(super) fn stated_length(note: &str) -> Option<usize> {
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
    /// `title` (of `length` plies, when stated) with `attacker` to move, its solver asked
    /// for the problem's length at the start.
    pub(super) fn new(title: String, length: Option<usize>, attacker: Color) -> Tsume {
        Tsume {
            title,
            length,
            attacker,
            judging: None,
            solving: Some((SolveFor::Start, ROOT)),
            plan: None,
            solved: false,
            show_when_known: false,
            applying: false,
        }
    }

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

    /// While `on`, the app plays a judged attack and its reply into the record: moves are not
    /// taken here.
    pub(super) fn set_applying(&mut self, on: bool) {
        self.applying = on;
    }

    /// A judged attack and the defender's reply were played, at `node`: `mate` remains.
    pub(super) fn continues(&mut self, node: crate::record::NodeId, mate: Vec<Move>) {
        self.plan = Some((node, mate));
    }

    /// The mating move was played.
    pub(super) fn mated(&mut self) {
        self.solved = true;
        self.plan = None;
    }

    /// A take-back: not solved, no attack being judged.
    pub(super) fn taken_back(&mut self) {
        self.solved = false;
        self.judging = None;
    }

    /// An attacking move goes to the solver instead of straight into the record (the reply
    /// comes with the judgement), or is refused with the reason; `false` (not taken here)
    /// while the app plays a judged attack and its reply into the record.
    pub(super) fn takes(&mut self, m: Move, ctx: &mut Ctx) -> bool {
        if self.applying {
            return false;
        }
        let text = ctx.setup_text();
        let pos = ctx.game.position();
        let refusal = if self.judging.is_some() {
            Some(text.tsume_wait.to_string())
        } else if self.solved || pos.status().is_over() {
            Some((text.tsume_already_solved)(&tsume_keys(ctx.keymap)))
        } else if pos.side_to_move() != self.attacker {
            Some((text.tsume_defender_moves)(&tsume_keys(ctx.keymap)))
        } else if let Err(why) = pos.why_illegal(m) {
            Some(crate::record::explain::describe(&why, ctx.settings.language))
        } else if !pos.gives_check(m) {
            Some((text.tsume_not_check)(&move_text(pos, m)))
        } else {
            None
        };
        ctx.board.selection = None;
        if let Some(r) = refusal {
            ctx.status.set(r);
            return true;
        }
        ctx.outbox.start(MateJob::TsumeJudge { pos: Box::new(pos.clone()), mv: m });
        self.judging = Some((m, ctx.game.node()));
        ctx.status.set((text.tsume_judging)(&move_text(ctx.game.position(), m)));
        true
    }

    /// An answer from the solver to its latest request of the kind; dropped unless the mode
    /// still waits for it. A judged attack still at its node is handed back for the app to
    /// apply (`apply_judgement`).
    pub(super) fn on_answer(&mut self, answer: TsumeAnswer, ctx: &mut Ctx) -> Option<(Move, Attack)> {
        let here = ctx.game.node();
        match answer {
            TsumeAnswer::Judged(attack) => {
                let (mv, node) = self.judging.take()?;
                (node == here).then_some((mv, attack))
            }
            TsumeAnswer::Solved(result) => {
                let text = ctx.setup_text();
                let (why, node) = self.solving.take()?;
                let show = why == SolveFor::Show || std::mem::take(&mut self.show_when_known);
                match result {
                    MateResult::Mate(line) => {
                        if why == SolveFor::Start && self.length.is_none() {
                            self.length = Some(line.len());
                            ctx.game.record_mut().set_header("備考", &format!("{}手詰", line.len()));
                        }
                        // a line for a position the player has left is of no use any more
                        if node == here {
                            ctx.status.set(if show {
                                (text.tsume_solution)(&crate::record::pv::pv_text(ctx.game.position(), &line))
                            } else {
                                (text.tsume_started)(self.length, &tsume_keys(ctx.keymap))
                            });
                            self.plan = Some((node, line));
                        }
                    }
                    MateResult::NoMate if node == here => ctx.status.set(text.tsume_no_mate.into()),
                    MateResult::Unknown if node == here => ctx.status.set(text.tsume_unknown.into()),
                    MateResult::NoMate | MateResult::Unknown => {}
                }
                None
            }
        }
    }

    /// What the status line says of a judged attack that is not played (none: it is played).
    pub(super) fn refusal(mv: Move, attack: &Attack, ctx: &Ctx) -> Option<String> {
        let text = ctx.setup_text();
        let pos = ctx.game.position();
        let shown = move_text(pos, mv);
        let reply_text = |reply: Move| {
            let mut after = pos.clone();
            after.do_move(mv);
            crate::record::pv::pv_text(&after, &[reply])
        };
        match *attack {
            Attack::Illegal | Attack::NotCheck => Some((text.tsume_not_check)(&shown)),
            Attack::Escapes { reply } => Some((text.tsume_escapes)(&shown, &reply_text(reply))),
            Attack::Unclear { reply } => Some((text.tsume_unclear)(&shown, &reply_text(reply))),
            Attack::Mates | Attack::Continues { .. } => None,
        }
    }

    /// Shows the solution from the position shown (asks the solver when it is not known).
    pub(super) fn show_solution(&mut self, ctx: &mut Ctx) {
        let node = ctx.game.node();
        let text = ctx.setup_text();
        let pos = ctx.game.position();
        if self.solved || pos.status().is_over() {
            ctx.status.set((text.tsume_already_solved)(&tsume_keys(ctx.keymap)));
            return;
        }
        if pos.side_to_move() != self.attacker {
            ctx.status.set((text.tsume_defender_moves)(&tsume_keys(ctx.keymap)));
            return;
        }
        if let Some((at, line)) = &self.plan
            && *at == node
        {
            ctx.status.set((text.tsume_solution)(&crate::record::pv::pv_text(pos, line)));
            return;
        }
        if self.solving.is_some_and(|(_, at)| at == node) {
            // the solve under way brings the solution: shown when it comes
            self.show_when_known = true;
            ctx.status.set(text.tsume_solving.into());
            return;
        }
        if self.busy() {
            ctx.status.set(text.tsume_wait.into());
            return;
        }
        ctx.outbox.start(MateJob::TsumeSolve { pos: Box::new(pos.clone()) });
        self.solving = Some((SolveFor::Show, node));
        ctx.status.set(text.tsume_solving.into());
    }
}

/// `m` in Japanese notation from `pos`.
fn move_text(pos: &Position, m: Move) -> String {
    crate::record::pv::pv_text(pos, &[m])
}

/// Stops whatever the solver runs.
pub(super) fn stop_solver(outbox: &mut Outbox) {
    outbox.stop(MateKind::TsumeJudge);
    outbox.stop(MateKind::TsumeSolve);
}

/// The tsume solver's side in the app (the problem being solved is `Mode::Tsume`'s).
#[derive(Clone, Debug, Default)]
pub(super) struct TsumeState {
    /// The problems solved, across launches.
    progress: crate::tui::storage::tsume_progress::TsumeProgress,
}

impl TsumeState {
    /// The problems solved in earlier runs of the app, and where solving more is kept.
    pub(super) fn new(progress: crate::tui::storage::tsume_progress::TsumeProgress) -> TsumeState {
        TsumeState { progress }
    }

    /// Whether the shipped problem `p` was solved (in this run of the app or an earlier one).
    pub(super) fn solved(&self, p: &Problem) -> bool {
        self.progress.is_solved(&p.position.to_sfen())
    }

    /// Marks the problem that starts at `start` solved, and asks for the progress to be written
    /// when that is news.
    pub(super) fn mark(&mut self, start: &Position, outbox: &mut Outbox) {
        if self.progress.mark(&start.to_sfen()) {
            outbox.start(FileJob::TsumeProgress(Box::new(self.progress.clone())));
        }
    }
}

/// The record of `pos` solved as a tsume titled `title` (its stated `length` in its notes), or
/// why it cannot be one in the words of `t`: the defender has no king, or is in check.
pub(super) fn problem_record(
    pos: &Position,
    title: &str,
    length: Option<usize>,
    t: &crate::tui::text::setup::SetupText,
) -> Result<crate::record::GameRecord, String> {
    if pos.king_square(pos.side_to_move().flip()).is_none() {
        return Err(t.tsume_no_king.into());
    }
    if let Err(problems) = crate::core::Setup::from_position(pos).position(crate::core::SetupUse::Tsume) {
        return Err(super::EditorExit::Tsume.refusal(&problems, t));
    }
    let mut rec = crate::record::GameRecord::new(pos.clone());
    rec.set_header("作品名", title);
    if let Some(n) = length {
        rec.set_header("備考", &format!("{n}手詰"));
    }
    Ok(rec)
}

/// The keys tsume mode's messages name, remaps included.
pub(super) fn tsume_keys(keymap: &Keymap) -> TsumeKeys {
    let key = |action| keymap.key_name(KeyMode::Tsume, action);
    TsumeKeys {
        solution: key(Action::Solution),
        undo: key(Action::Undo),
        problems: key(Action::TsumeProblems),
    }
}

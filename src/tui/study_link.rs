//! The study searches off the UI thread: the continuous analysis (an [`Analyzer`], started on
//! first use) and the whole-game analysis (a thread per run, reporting each position over a
//! channel). The event loop calls [`StudyLink::drive`] every turn; nothing here ever blocks.

use crate::engine::EngineOptions;
use crate::engine::analysis::Analyzer;
use crate::engine::analysis::game::{
    GameAnalysis, GameAnalysisOptions, MoveJudgement, PositionEval, analyse_game,
};
use crate::engine::search::time::Limits;
use crate::tui::app::{App, StudyCommand};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};

enum GameEvent {
    Progress { ply: usize, eval: PositionEval, judgement: Option<MoveJudgement> },
    Done(GameAnalysis),
}

struct GameRun {
    stop: Arc<AtomicBool>,
    events: Receiver<GameEvent>,
}

/// The analysis threads of the app.
#[derive(Default)]
pub struct StudyLink {
    analyzer: Option<Analyzer>,
    game: Option<GameRun>,
}

impl StudyLink {
    pub fn new() -> StudyLink {
        StudyLink::default()
    }

    /// Carries the app's study commands to the searches and their findings back to the app.
    pub fn drive(&mut self, app: &mut App) {
        while let Some(cmd) = app.study_command() {
            self.command(app, cmd);
        }
        if let Some(a) = &self.analyzer {
            for u in a.drain() {
                app.on_analysis_update(u);
            }
        }
        let mut finished = false;
        if let Some(run) = &self.game {
            for ev in run.events.try_iter() {
                match ev {
                    GameEvent::Progress { ply, eval, judgement } => {
                        app.on_game_progress(ply, &eval, judgement.as_ref())
                    }
                    GameEvent::Done(analysis) => {
                        app.on_game_analysis_done(&analysis);
                        finished = true;
                    }
                }
            }
        }
        if finished {
            self.game = None;
        }
    }

    fn command(&mut self, app: &mut App, cmd: StudyCommand) {
        match cmd {
            StudyCommand::Analyse { pos, lines, movetime_ms } => {
                let a = self.analyzer.get_or_insert_with(|| {
                    Analyzer::new(EngineOptions { hash_mb: 64, ..EngineOptions::default() })
                });
                let limits = movetime_ms.map(Limits::movetime).unwrap_or_default();
                let id = a.analyse(&pos, lines, limits);
                app.analysis_started(id);
            }
            StudyCommand::StopAnalysis => {
                if let Some(a) = &self.analyzer {
                    a.stop();
                }
            }
            StudyCommand::AnalyseGame { start, moves, movetime_ms, thresholds } => {
                if let Some(old) = self.game.take() {
                    old.stop.store(true, Ordering::Relaxed);
                }
                let stop = Arc::new(AtomicBool::new(false));
                let (tx, rx) = mpsc::channel();
                let flag = Arc::clone(&stop);
                let opt = GameAnalysisOptions { movetime_ms, thresholds, ..GameAnalysisOptions::default() };
                std::thread::Builder::new()
                    .name("game analysis".into())
                    .spawn(move || {
                        let analysis = analyse_game(&start, &moves, &opt, &flag, |p| {
                            let _ = tx.send(GameEvent::Progress {
                                ply: p.ply,
                                eval: p.eval.clone(),
                                judgement: p.judgement.cloned(),
                            });
                        });
                        let _ = tx.send(GameEvent::Done(analysis));
                    })
                    .expect("cannot start the game analysis thread");
                self.game = Some(GameRun { stop, events: rx });
            }
            StudyCommand::StopGame => {
                if let Some(run) = &self.game {
                    run.stop.store(true, Ordering::Relaxed);
                }
            }
        }
    }
}

impl Drop for StudyLink {
    fn drop(&mut self) {
        if let Some(run) = &self.game {
            run.stop.store(true, Ordering::Relaxed);
        }
    }
}

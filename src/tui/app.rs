//! The application state and every change to it. No drawing and no terminal I/O here: the
//! event loop turns keys, mouse clicks and engine messages into calls on `App`, and the UI module
//! draws whatever `App` holds.

use crate::core::{Color, GameStatus, Move, Position, Square};
use crate::record::{Cursor, GameRecord, NodeId};

use super::geometry::HAND_ORDER;
pub use super::state::{Focus, GameMode, InputKind, Player, Popup, Selection};
use super::storage::now_string;

pub struct App {
    /// The game record and the position being shown (undo/redo and variations live here).
    pub game: Cursor,
    /// Where the record is saved (the file it was opened from, or chosen with save).
    pub file: Option<std::path::PathBuf>,
    /// Set when the record changed and the autosave should be written.
    pub dirty: bool,
    pub cursor: Square,
    pub focus: Focus,
    pub selection: Option<Selection>,
    pub popup: Option<Popup>,
    /// The one-line text box, when open: what it is for and the text typed so far.
    pub input: Option<(InputKind, String)>,
    pub message: String,
    pub flipped: bool,
    pub players: [Player; 2],
    /// Engine level 1..=10 for the computer's sides.
    pub level: u8,
    /// The node the computer is thinking about (its answer is played only if we are still there).
    pub engine_node: Option<NodeId>,
    /// The computer's latest progress line.
    pub engine_info: String,
    /// The computer's name (for the record's player headers).
    pub engine_name: String,
    /// The game clock, when the game is timed.
    pub clock: Option<super::clock::GameClock>,
    /// The time-control preset chosen last (index into `TIME_PRESETS`).
    pub time_preset: usize,
    pub should_quit: bool,
}

impl App {
    pub fn new(start: Position) -> App {
        let mut rec = GameRecord::new(start);
        rec.set_header("開始日時", &now_string());
        App::with_record(rec)
    }

    /// Opens a record for review (at its start).
    pub fn with_record(record: GameRecord) -> App {
        App {
            game: Cursor::new(record),
            file: None,
            dirty: false,
            cursor: Square::new(7, 7).expect("7g is on the board"),
            focus: Focus::Board,
            selection: None,
            popup: None,
            input: None,
            message: String::from("? for help"),
            flipped: false,
            players: [Player::Human, Player::Human],
            level: 5,
            engine_node: None,
            engine_info: String::new(),
            engine_name: "shogiban".into(),
            clock: None,
            time_preset: 0,
            should_quit: false,
        }
    }

    /// Opens the new-game dialog with the current settings.
    pub fn open_new_game(&mut self) {
        let mode =
            GameMode::ALL.iter().copied().find(|m| m.players() == self.players).unwrap_or(GameMode::HotSeat);
        self.popup = Some(Popup::NewGame { mode, level: self.level, time: self.time_preset, handicap: 0 });
    }

    /// Starts a new game from the start position with the chosen players.
    pub fn start_new_game(&mut self, mode: GameMode, level: u8, time: usize, handicap: usize) {
        self.popup = None;
        self.players = mode.players();
        self.level = level.clamp(1, 10);
        let h = &crate::record::HANDICAPS[handicap.min(crate::record::HANDICAPS.len() - 1)];
        let mut rec = GameRecord::with_handicap(h);
        rec.set_header("開始日時", &now_string());
        let name = |p: Player| if p == Player::Human { "you".to_string() } else { self.engine_name.clone() };
        rec.set_header("先手", &name(self.players[0]));
        rec.set_header("後手", &name(self.players[1]));
        self.time_preset = time.min(super::clock::TIME_PRESETS.len() - 1);
        let (tc, label) = super::clock::TIME_PRESETS[self.time_preset];
        if tc.is_some() {
            rec.set_header("持ち時間", label);
        }
        self.clock = tc.map(|tc| super::clock::GameClock::new(tc, std::time::Instant::now()));
        self.game = Cursor::new(rec);
        self.file = None;
        self.dirty = true;
        self.selection = None;
        self.focus = Focus::Board;
        self.flipped = mode == GameMode::HumanGote;
        self.message = format!("new game: {}", mode.label());
    }

    /// Whether the engine should be thinking now.
    pub fn engine_to_move(&self) -> bool {
        self.players[self.pos().side_to_move().index()] == Player::Engine
            && self.popup.is_none()
            && !self.line_ended()
            && !self.status().is_over()
    }

    pub fn pos(&self) -> &Position {
        self.game.position()
    }

    pub fn status(&self) -> GameStatus {
        self.game.position().status()
    }

    /// Moves the board cursor by screen direction (dx right, dy down), honouring the flip.
    pub fn move_cursor(&mut self, dx: i32, dy: i32) {
        match self.focus {
            Focus::Board => {
                let (df, dr) = if self.flipped { (dx, -dy) } else { (-dx, dy) };
                let f = (self.cursor.file() as i32 + df).clamp(1, 9) as u8;
                let r = (self.cursor.rank() as i32 + dr).clamp(1, 9) as u8;
                self.cursor = Square::new(f, r).expect("clamped to the board");
            }
            Focus::Hand(i) => {
                // step to the next held kind in that direction
                let hand = *self.pos().hand(self.pos().side_to_move());
                let held: Vec<usize> =
                    (0..HAND_ORDER.len()).filter(|&j| hand.count(HAND_ORDER[j]) > 0).collect();
                if dy != 0 || held.is_empty() {
                    self.focus = Focus::Board;
                    return;
                }
                let at = held.iter().position(|&j| j == i).unwrap_or(0) as i32;
                let next = (at + dx).rem_euclid(held.len() as i32) as usize;
                self.focus = Focus::Hand(held[next]);
            }
        }
    }

    /// Tab: switch between the board and the side to move's hand.
    pub fn toggle_hand_focus(&mut self) {
        self.focus = match self.focus {
            Focus::Board => {
                let hand = self.pos().hand(self.pos().side_to_move());
                match HAND_ORDER.iter().position(|&k| hand.count(k) > 0) {
                    Some(first) => Focus::Hand(first),
                    None => {
                        self.message = "no pieces in hand".into();
                        Focus::Board
                    }
                }
            }
            Focus::Hand(_) => Focus::Board,
        };
    }

    fn human_to_move(&self) -> bool {
        self.players[self.pos().side_to_move().index()] == Player::Human
            && !self.status().is_over()
            && !self.line_ended()
    }

    /// Enter / click on the square under the cursor (or the hand slot in focus).
    pub fn activate(&mut self) {
        if let Focus::Hand(i) = self.focus {
            let kind = HAND_ORDER[i];
            let side = self.pos().side_to_move();
            if self.pos().hand(side).count(kind) == 0 {
                self.message = format!("no {} in hand", kind.kanji());
                return;
            }
            self.selection = Some(Selection::Hand(kind));
            self.focus = Focus::Board;
            self.message = format!("drop {}: choose a square", kind.kanji());
            return;
        }
        self.click_square(self.cursor);
    }

    /// Picks up a piece, or puts the picked-up piece down on `sq`.
    pub fn click_square(&mut self, sq: Square) {
        self.cursor = sq;
        if !self.human_to_move() {
            self.message = if self.status().is_over() {
                "the game is over".into()
            } else {
                "wait: the engine is to move".into()
            };
            return;
        }
        let side = self.pos().side_to_move();
        let here = self.pos().piece_at(sq);
        match self.selection {
            Some(Selection::Square(from)) if from == sq => {
                self.selection = None;
            }
            Some(Selection::Square(_)) if !here.is_empty() && here.color() == side => {
                self.selection = Some(Selection::Square(sq));
            }
            Some(Selection::Square(from)) => self.try_board_move(from, sq),
            Some(Selection::Hand(kind)) => {
                self.selection = None;
                self.submit_move(Move::drop(kind, sq));
            }
            None => {
                if !here.is_empty() && here.color() == side {
                    self.selection = Some(Selection::Square(sq));
                    self.message.clear();
                } else {
                    self.message = "select one of your pieces".into();
                }
            }
        }
    }

    fn try_board_move(&mut self, from: Square, to: Square) {
        let pos = self.pos();
        let plain = Move::board(from, to, false);
        let promo = Move::board(from, to, true);
        let (p, n) = (pos.is_legal(promo), pos.is_legal(plain));
        self.selection = None;
        match (p, n) {
            (true, true) => self.popup = Some(Popup::Promotion { from, to }),
            (true, false) => {
                self.submit_move(promo);
            }
            (false, true) => {
                self.submit_move(plain);
            }
            (false, false) => self.message = "illegal move".into(),
        }
    }

    /// Answers the promotion popup.
    pub fn answer_promotion(&mut self, promote: bool) {
        if let Some(Popup::Promotion { from, to }) = self.popup.take() {
            self.submit_move(Move::board(from, to, promote));
        }
    }

    /// Plays `m` if legal, with a clear message if not.
    pub fn submit_move(&mut self, m: Move) -> bool {
        if self.line_ended() || self.status().is_over() {
            self.message = "the game is over here; take back (u) to play a variation".into();
            return false;
        }
        if !self.pos().is_legal(m) {
            self.message = format!("{} is not legal here", m.usi());
            return false;
        }
        let side = self.pos().side_to_move();
        let node = match self.game.play(m) {
            Ok(n) => n,
            Err(e) => {
                self.message = e.to_string();
                return false;
            }
        };
        if let Some(clock) = self.clock.as_mut() {
            let spent = clock.on_move(side, std::time::Instant::now());
            let total = clock.used[side.index()];
            self.game.record_mut().node_mut(node).time = Some(crate::record::MoveTime {
                spent: (spent / 1000) as u32,
                total: Some((total / 1000) as u32),
            });
        }
        self.dirty = true;
        self.selection = None;
        self.message = self.status_message();
        true
    }

    /// Parses and plays typed move text.
    pub fn submit_typed(&mut self, text: &str) -> bool {
        match self.game.parse_move(text) {
            Ok(m) => self.submit_move(m),
            Err(e) => {
                self.message = e.to_string();
                false
            }
        }
    }

    /// Takes back a move. Against the computer, takes back to the human's last turn.
    pub fn undo(&mut self) {
        self.selection = None;
        if self.clock.is_some() && !self.line_ended() && !self.status().is_over() {
            self.message = "no take-backs while the clock runs".into();
            return;
        }
        if !self.game.back() {
            self.message = "at the start".into();
            return;
        }
        self.message.clear();
        let vs_engine = self.players.contains(&Player::Engine) && self.players.contains(&Player::Human);
        if vs_engine && self.players[self.pos().side_to_move().index()] == Player::Engine && !self.game.back()
        {
            // the computer moved first from the start: stay at the start, it will move again
            self.message = "at the start".into();
        }
    }

    /// The computer's answer for `node`: play it, resign, or declare an impasse win.
    pub fn engine_result(&mut self, node: NodeId, best: Option<Move>, declare_win: bool) {
        if self.game.node() != node || self.engine_node != Some(node) {
            return; // the user went elsewhere meanwhile
        }
        self.engine_node = None;
        use crate::record::{Special, SpecialKind};
        if let Some(m) = best {
            if !self.submit_move(m) {
                self.message =
                    format!("the computer played an illegal move ({}); you keep the game", m.usi());
                self.players = [Player::Human, Player::Human];
            }
        } else {
            let kind = if declare_win { SpecialKind::EnteringKingWin } else { SpecialKind::Resign };
            self.game.record_mut().set_special(node, Some(Special::new(kind)));
            self.dirty = true;
            self.message = match kind {
                SpecialKind::EnteringKingWin => "入玉宣言 — the computer declares an impasse win".into(),
                _ => "投了 — the computer resigns".into(),
            };
        }
    }

    /// Checks the clock: when the side to move has used all its time, the line ends with 切れ負け.
    pub fn tick(&mut self, now: std::time::Instant) {
        let Some(clock) = &self.clock else { return };
        if self.line_ended() || self.status().is_over() {
            return;
        }
        let side = self.pos().side_to_move();
        if clock.flag_fell(side, now) {
            let node = self.game.node();
            let special = crate::record::Special::new(crate::record::SpecialKind::TimeUp);
            self.game.record_mut().set_special(node, Some(special));
            self.dirty = true;
            let who = if side == Color::Black { "☗ sente" } else { "☖ gote" };
            self.message = format!("切れ負け — {who} ran out of time");
        }
    }

    /// The side to move resigns: the line ends with 投了.
    pub fn resign(&mut self) {
        self.popup = None;
        if self.line_ended() || self.status().is_over() {
            self.message = "the game is already over".into();
            return;
        }
        let node = self.game.node();
        self.game
            .record_mut()
            .set_special(node, Some(crate::record::Special::new(crate::record::SpecialKind::Resign)));
        self.dirty = true;
        let side = if self.pos().side_to_move() == Color::Black { "☗ sente" } else { "☖ gote" };
        self.message = format!("投了 — {side} resigns");
    }

    /// What a declaration by the side to move would mean under the CSA 27-point rule, in words.
    pub fn declaration_summary(&self) -> String {
        let pos = self.pos();
        let us = pos.side_to_move();
        let (points, pieces) = pos.impasse_count(us);
        let need = crate::core::game::csa_points_needed(us);
        let king_in = pos.king_square(us).is_some_and(|k| k.in_zone(us));
        format!(
            "king in the enemy camp: {}  pieces there: {pieces}/10  points: {points}/{need}  in check: {}",
            if king_in { "yes" } else { "no" },
            if pos.in_check() { "yes" } else { "no" }
        )
    }

    /// The side to move declares (CSA 27-point rule): a win if every condition holds, otherwise
    /// the declaration loses.
    pub fn declare(&mut self) {
        self.popup = None;
        if self.line_ended() || self.status().is_over() {
            self.message = "the game is already over".into();
            return;
        }
        use crate::core::{Declaration, ImpasseRule};
        use crate::record::{Special, SpecialKind};
        let us = self.pos().side_to_move();
        let node = self.game.node();
        let kind = match self.pos().declaration(ImpasseRule::Csa27) {
            Declaration::Win => SpecialKind::EnteringKingWin,
            // a declaration that does not meet the conditions loses
            _ => SpecialKind::IllegalAction(us),
        };
        self.game.record_mut().set_special(node, Some(Special::new(kind)));
        self.dirty = true;
        self.message = if kind == SpecialKind::EnteringKingWin {
            "入玉宣言 — the declaration wins".into()
        } else {
            "入玉宣言 — the conditions are not met: the declaration loses".into()
        };
    }

    /// Whether the current line already ended with a special move (投了, 入玉勝ち ...).
    pub fn line_ended(&self) -> bool {
        self.game.record().node(self.game.node()).special.is_some()
    }

    pub fn redo(&mut self) {
        self.selection = None;
        if !self.game.forward() {
            self.message = "at the end of the line".into();
        } else {
            self.message = self.status_message();
        }
    }

    /// Replaces the last move by its next (`delta` = 1) or previous (-1) alternative.
    pub fn switch_variation(&mut self, delta: i32) {
        let Some(parent) = self.game.record().node(self.game.node()).parent() else {
            self.message = "no variation at the start".into();
            return;
        };
        let siblings: Vec<NodeId> = self.game.record().node(parent).children().to_vec();
        if siblings.len() < 2 {
            self.message = "no other variation here".into();
            return;
        }
        let i = siblings.iter().position(|&c| c == self.game.node()).unwrap_or(0) as i32;
        let n = siblings.len() as i32;
        let j = (i + delta).rem_euclid(n) as usize;
        self.game.back();
        if self.game.choose_variation(j).is_ok() {
            self.message = format!("変化 {}/{}", j + 1, n);
        }
    }

    /// Saves the record to `path` (format from the extension; written atomically).
    pub fn save_to(&mut self, path: &std::path::Path) -> bool {
        match crate::record::save_record(path, self.game.record()) {
            Ok(()) => {
                self.message = format!("saved {}", path.display());
                self.file = Some(path.to_path_buf());
                true
            }
            Err(e) => {
                self.message = format!("could not save {}: {e}", path.display());
                false
            }
        }
    }

    /// Opens the save box, prefilled with the current file or a new name.
    pub fn open_save(&mut self, default_dir: Option<&std::path::Path>) {
        let text = match &self.file {
            Some(p) => p.display().to_string(),
            None => {
                let stamp: String = now_string().chars().filter(|c| c.is_ascii_digit()).collect();
                let name = format!("shogiban-{}-{}.kifu", &stamp[..8], &stamp[8..]);
                match default_dir {
                    Some(d) => d.join(name).display().to_string(),
                    None => name,
                }
            }
        };
        self.input = Some((InputKind::SavePath, text));
    }

    /// Submits the text box.
    pub fn submit_input(&mut self) {
        let Some((kind, text)) = self.input.take() else { return };
        let text = text.trim().to_string();
        if text.is_empty() {
            return;
        }
        match kind {
            InputKind::Move => {
                self.submit_typed(&text);
            }
            InputKind::SavePath => {
                let path = std::path::PathBuf::from(text);
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    let _ = std::fs::create_dir_all(dir);
                }
                self.save_to(&path);
            }
        }
    }

    /// Number of the move that led here (0 at the start).
    pub fn ply(&self) -> usize {
        self.game.ply()
    }

    pub fn status_message(&self) -> String {
        let name = |c: Color| if c == Color::Black { "☗ sente" } else { "☖ gote" };
        match self.status() {
            GameStatus::Ongoing => {
                if self.pos().in_check() {
                    format!("王手 — {} is in check", name(self.pos().side_to_move()))
                } else {
                    String::new()
                }
            }
            GameStatus::Checkmate { loser } => format!("詰み — checkmate, {} wins", name(loser.flip())),
            GameStatus::NoLegalMoves { loser } => format!("{} has no legal move and loses", name(loser)),
            GameStatus::Sennichite => "千日手 — repetition, the game is a draw".into(),
            GameStatus::PerpetualCheck { loser } => {
                format!("連続王手の千日手 — perpetual check, {} wins", name(loser.flip()))
            }
        }
    }

    /// Squares the selected piece can move or drop to (for highlighting).
    pub fn destinations(&self) -> Vec<Square> {
        let Some(sel) = self.selection else { return vec![] };
        self.pos()
            .legal_moves()
            .iter()
            .filter(|m| match sel {
                Selection::Square(from) => !m.is_drop() && m.from() == from,
                Selection::Hand(k) => m.drop_kind() == Some(k),
            })
            .map(|m| m.to())
            .collect()
    }
}

#[cfg(test)]
mod tests;

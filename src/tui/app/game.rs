//! The game itself: playing moves, taking them back and replaying them, variations, and the
//! endings that close a line (resignation, declaration, time-out). Legality and the endings'
//! meaning come from `core` and `record`.

use super::{App, Player, Popup};

use crate::core::{Color, Declaration, GameStatus, Move};
use crate::record::explain::describe;
use crate::record::{MoveTime, NodeId, Special, SpecialKind};
use crate::tui::settings::Language;

impl App {
    pub fn status(&self) -> GameStatus {
        self.game.position().status()
    }

    /// Whether the current line already ended with a special move (投了, 入玉勝ち ...).
    pub fn line_ended(&self) -> bool {
        self.game.record().node(self.game.node()).special.is_some()
    }

    /// Whether the line shown ends here with the side to move out of time (切れ負け).
    pub fn ended_on_time(&self) -> bool {
        self.game
            .record()
            .node(self.game.node())
            .special
            .as_ref()
            .is_some_and(|s| s.kind == SpecialKind::TimeUp)
    }

    /// Answers the promotion popup.
    pub fn answer_promotion(&mut self, promote: bool) {
        if let Some(Popup::Promotion { from, to }) = self.take_popup() {
            self.submit_move(Move::board(from, to, promote));
        }
    }

    /// Plays `m` if legal, with a clear message if not.
    pub fn submit_move(&mut self, m: Move) -> bool {
        if self.tsume_takes(m) {
            return false;
        }
        if let Some(taken) = self.learn_takes(m) {
            return taken;
        }
        if let Some(taken) = self.online_takes(m) {
            return taken;
        }
        if self.line_ended() || self.status().is_over() {
            self.status.set(self.text().over_here.into());
            return false;
        }
        if let Err(why) = self.pos().why_illegal(m) {
            self.status.set(describe(&why, self.explain_lang()));
            return false;
        }
        let side = self.pos().side_to_move();
        let node = match self.game.play(m) {
            Ok(n) => n,
            Err(e) => {
                self.status.set(e.to_string());
                return false;
            }
        };
        // a move played while the game is paused resumes it
        self.play.computer.paused = false;
        if let Some(clock) = self.play.clock.as_mut() {
            let spent = clock.on_move(side, std::time::Instant::now());
            let total = clock.used[side.index()];
            self.game.record_mut().node_mut(node).time =
                Some(MoveTime { spent: (spent / 1000) as u32, total: Some((total / 1000) as u32) });
        }
        self.saving.dirty = true;
        self.board.selection = None;
        self.settle_ending();
        // a note the player has not acted on yet (a resumed game's: what was lost and where)
        // outlives the computer's answer when that has nothing to say
        let status = self.status_message();
        if !status.is_empty() || self.play.players[side.index()] != Player::Engine {
            self.status.set(status);
        }
        if self.reached_move_limit() {
            self.end_line(Special::new(SpecialKind::Jishogi));
            self.status.set((self.text().move_limit)(self.ply() as u32));
        }
        true
    }

    /// Ends the line at the current node with `special` (投了, 切れ負け, 入玉宣言 ...).
    pub(super) fn end_line(&mut self, special: Special) {
        let node = self.game.node();
        self.game.record_mut().set_special(node, Some(special));
        self.saving.dirty = true;
    }

    /// Whether a game being played has just reached the move limit of the settings, with no
    /// other ending.
    fn reached_move_limit(&self) -> bool {
        self.standing.playing
            && !self.line_ended()
            && self.settings.max_moves.is_some_and(|n| self.ply() as u32 >= n)
    }

    /// Writes the ending the position itself decides (詰み, 千日手, 連続王手の千日手) into the
    /// record at the current node, when it is not there yet.
    pub(super) fn settle_ending(&mut self) {
        if self.line_ended() {
            return;
        }
        let kind = match self.status() {
            GameStatus::Ongoing => return,
            GameStatus::Checkmate { .. } | GameStatus::NoLegalMoves { .. } => SpecialKind::Checkmate,
            GameStatus::Sennichite => SpecialKind::Sennichite,
            // the side that kept checking loses (連続王手の千日手)
            GameStatus::PerpetualCheck { loser } => SpecialKind::PerpetualCheck(loser),
        };
        self.end_line(Special::new(kind));
    }

    /// Parses and plays typed move text. Japanese notation that leaves out 成/不成 where either is
    /// legal asks, as picking the move with the cursor does (USI and CSA text always say).
    pub fn submit_typed(&mut self, text: &str) -> bool {
        match self.game.parse_move(text) {
            Ok(m) => {
                let says_promotion = text.contains('成') || text.contains('生') || text.is_ascii();
                let other = (!m.is_drop()).then(|| Move::board(m.from(), m.to(), !m.is_promotion()));
                if !says_promotion && other.is_some_and(|o| self.pos().is_legal(o)) && self.pos().is_legal(m)
                {
                    self.open_popup(Popup::Promotion { from: m.from(), to: m.to() });
                    return false;
                }
                self.submit_move(m)
            }
            Err(e) => {
                self.status.set(format!("{}: {}", text.trim(), e.describe(self.explain_lang())));
                false
            }
        }
    }

    /// The language refusals are explained in: the interface language.
    pub(super) fn explain_lang(&self) -> Language {
        self.settings().language
    }

    /// Takes back a move (待った). In a game being played, an ending that is not a move (a
    /// time-out, a resignation, a declaration) is taken back alone: play reopens where it happened, with that side's clock
    /// as at the start of its move. Against the computer, takes back to the human's last turn;
    /// between two people on the clock, the other player is asked first. In a game being
    /// played the clocks go back to the record's times, and on the clock or against the
    /// computer the record's comment says a move was taken back.
    pub fn undo(&mut self) {
        let now = std::time::Instant::now();
        self.board.selection = None;
        if self.reopen_ending(now) {
            return;
        }
        let ended = self.line_ended() || self.status().is_over();
        let on_the_clock = self.clock().is_some();
        if !ended
            && on_the_clock
            && self.play.players == [Player::Human, Player::Human]
            && self.standing.playing
            && self.ply() > 0
        {
            self.open_popup(Popup::ConfirmTakeback);
            return;
        }
        self.take_back(now);
    }

    /// The other player's answer to a take-back asked for in hot-seat.
    pub fn answer_takeback(&mut self, yes: bool) {
        if self.take_popup() != Some(Popup::ConfirmTakeback) {
            return;
        }
        if yes {
            self.take_back(std::time::Instant::now());
        } else {
            let side = self.side_name(self.pos().side_to_move());
            self.status.set((self.text().clocks.takeback_refused)(side));
        }
    }

    /// The take-back question: the player to move is asked to let the other take back the
    /// last move.
    pub fn takeback_question(&self) -> String {
        let t = self.text();
        let side = self.pos().side_to_move();
        let mv = match (self.game.last_move(), self.game.record().node(self.game.node()).parent()) {
            (Some(mv), Some(parent)) => {
                let pos = self.game.record().position_at(parent);
                crate::record::notation::ki2_move_marked(&pos, mv, crate::record::notation::prev_to(&pos))
            }
            _ => String::new(),
        };
        (t.clocks.takeback_question)(self.side_name(side), self.side_name(side.flip()), &mv)
    }

    /// Takes an ending that is not a move off the line at this node (切れ負け, 投了, 中断, a
    /// declaration): play reopens here with the clocks as the record has them. Against the
    /// computer, when it was the computer that resigned, its opponent's move goes too.
    /// Whether there was such an ending.
    fn reopen_ending(&mut self, now: std::time::Instant) -> bool {
        let here = self.game.node();
        let Some(kind) = self.game.record().node(here).special.as_ref().map(|s| s.kind) else {
            return false;
        };
        if !self.standing.playing {
            // a record under review: `u` goes back a move, as it always does there
            return false;
        }
        let limit = self.settings.max_moves.is_some_and(|n| self.ply() as u32 >= n);
        if self.status().is_over() || (kind == SpecialKind::Jishogi && limit) {
            // the position (or the move limit) decided it: the move goes with it
            return false;
        }
        self.game.record_mut().set_special(here, None);
        self.saving.dirty = true;
        self.restore_clock_here(now);
        if kind == SpecialKind::Resign && self.vs_engine() && !self.human_to_move() {
            self.take_back(now);
            return true;
        }
        let side = self.pos().side_to_move();
        let clock = self.clock().map(|c| c.display(side, true, now, self.text().review.byoyomi));
        self.status.set((self.text().clocks.reopened)(self.side_name(side), clock.as_deref()));
        true
    }

    /// Whether a person plays against the computer.
    fn vs_engine(&self) -> bool {
        self.play.players.contains(&Player::Engine) && self.play.players.contains(&Player::Human)
    }

    /// Takes back the last move (against the computer, to the human's turn); a line that ended
    /// with it loses its ending.
    fn take_back(&mut self, now: std::time::Instant) {
        let from = self.game.node();
        let ended = self.line_ended() || self.status().is_over();
        let mut taken = Vec::new();
        if !self.step_back(&mut taken) {
            self.status.set(self.text().at_start.into());
            return;
        }
        if ended {
            self.game.record_mut().set_special(from, None);
            self.saving.dirty = true;
        }
        self.status.clear();
        if self.vs_engine()
            && self.play.players[self.pos().side_to_move().index()] == Player::Engine
            && !self.step_back(&mut taken)
        {
            // the computer moved first from the start: stay at the start, it will move again
            self.status.set(self.text().at_start.into());
        }
        if !self.standing.playing {
            return;
        }
        self.restore_clock_here(now);
        let timed = self.clock().is_some();
        if (timed || self.vs_engine()) && !ended {
            taken.reverse();
            let moves = taken.join(" ");
            let here = self.game.node();
            self.game.record_mut().node_mut(here).comments.push(format!("待った（{moves}）"));
            self.saving.dirty = true;
            self.status.set((self.text().clocks.taken_back)(&moves, timed));
        }
    }

    /// One move back, its KI2 text added to `taken`; false at the start.
    fn step_back(&mut self, taken: &mut Vec<String>) -> bool {
        let Some(mv) = self.game.last_move() else { return false };
        if !self.game.back() {
            return false;
        }
        let pos = self.pos();
        taken.push(crate::record::notation::ki2_move_marked(pos, mv, crate::record::notation::prev_to(pos)));
        true
    }

    /// Sets the clocks to the times the record holds for the moves up to here; the side to
    /// move's turn starts at `now`.
    pub(super) fn restore_clock_here(&mut self, now: std::time::Instant) {
        let Some(clock) = self.play.clock.as_mut() else { return };
        let rec = self.game.record();
        let mut used = [0u64; 2];
        let mut moves = [0u64; 2];
        for id in rec.path_to(self.game.node()) {
            let mover = rec.side_to_move_at(rec.node(id).parent().unwrap_or(crate::record::ROOT));
            let i = mover.index();
            moves[i] += 1;
            if let Some(t) = rec.node(id).time {
                used[i] = match t.total {
                    Some(total) => total as u64 * 1000,
                    None => used[i] + t.spent as u64 * 1000,
                };
            }
        }
        clock.restore(used, moves, now);
    }

    /// Replays a move taken back; in a game being played with the time the record has for
    /// it, the next side's turn starting now.
    pub fn redo(&mut self) {
        self.board.selection = None;
        if !self.game.forward() {
            self.status.set(self.text().at_end.into());
        } else {
            self.settle_ending();
            self.status.set(self.status_message());
            if self.standing.playing {
                self.restore_clock_here(std::time::Instant::now());
            }
        }
    }

    /// Where the game stands as child indices from the start: survives saving and reading the
    /// record back, where node ids do not.
    pub fn node_path(&self) -> Vec<usize> {
        let rec = self.game.record();
        rec.path_to(self.game.node())
            .into_iter()
            .map(|id| {
                let parent = rec.node(id).parent().unwrap_or(crate::record::ROOT);
                rec.node(parent).children().iter().position(|&c| c == id).unwrap_or(0)
            })
            .collect()
    }

    /// Goes to the node at `path` (child indices from the start), as far as the record has it.
    pub fn goto_path(&mut self, path: &[usize]) {
        self.game.to_start();
        for &i in path {
            if self.game.choose_variation(i).is_err() {
                break;
            }
        }
        self.board.selection = None;
    }

    /// Goes back to the starting position (the record stays as it is).
    pub fn to_start(&mut self) {
        self.game.to_start();
    }

    /// Goes to the end of the line redo would follow.
    pub fn to_end(&mut self) {
        self.game.to_end();
        self.settle_ending();
    }

    /// Replaces the last move by its next (`delta` = 1) or previous (-1) alternative.
    pub fn switch_variation(&mut self, delta: i32) {
        let Some(parent) = self.game.record().node(self.game.node()).parent() else {
            self.status.set(self.text().no_variation_at_start.into());
            return;
        };
        let siblings: Vec<NodeId> = self.game.record().node(parent).children().to_vec();
        if siblings.len() < 2 {
            self.status.set(self.text().no_other_variation.into());
            return;
        }
        let i = siblings.iter().position(|&c| c == self.game.node()).unwrap_or(0) as i32;
        let n = siblings.len() as i32;
        let j = (i + delta).rem_euclid(n) as usize;
        self.game.back();
        if self.game.choose_variation(j).is_ok() {
            self.settle_ending();
            self.status.set((self.text().review.variation_of)(j + 1, n as usize));
        }
    }

    /// Checks the clock: when the side to move has used all its time, the line ends with 切れ負け.
    pub fn tick(&mut self, now: std::time::Instant) {
        self.online_tick(now);
        self.play_engine_answer(now);
        let Some(clock) = &self.play.clock else { return };
        if self.line_ended() || self.status().is_over() {
            return;
        }
        let side = self.pos().side_to_move();
        if clock.flag_fell(side, now) {
            let spent = (clock.elapsed(now) / 1000) as u32;
            let mut special = Special::new(SpecialKind::TimeUp);
            special.time = Some(MoveTime { spent, total: None });
            self.end_line(special);
            self.status.set((self.text().time_up)(&self.side_player(side)));
            if self.standing.playing {
                self.status.set(format!("{} ({})", self.status.text(), self.text().clocks.time_up_undo));
            }
        }
    }

    /// The side to move resigns: the line ends with 投了.
    pub fn resign(&mut self) {
        self.close_popup();
        if self.online_resign().is_some() {
            return;
        }
        if self.line_ended() || self.status().is_over() {
            self.status.set(self.text().already_over.into());
            return;
        }
        self.end_line(Special::new(SpecialKind::Resign));
        let side = self.side_player(self.pos().side_to_move());
        self.status.set((self.text().resigns)(&side));
    }

    /// What a declaration by the side to move would mean under the rule in force, in words.
    pub fn declaration_summary(&self) -> String {
        let pos = self.pos();
        let us = pos.side_to_move();
        let (points, pieces) = pos.impasse_count(us);
        let need = match self.play.impasse_rule {
            crate::core::ImpasseRule::Csa27 => crate::core::game::csa_points_needed(us),
            crate::core::ImpasseRule::Jsa24 => 31,
        };
        let king_in = pos.king_square(us).is_some_and(|k| k.in_zone(us));
        (self.text().declaration_summary)(king_in, pieces, points, need, pos.in_check())
    }

    /// The side to move declares an impasse win (入玉宣言) under the rule in force: a win if
    /// every condition holds, 持将棋 (a draw) where the 24-point rule says so, otherwise the
    /// declaration loses.
    pub fn declare(&mut self) {
        self.close_popup();
        if self.online_declare().is_some() {
            return;
        }
        if self.line_ended() || self.status().is_over() {
            self.status.set(self.text().already_over.into());
            return;
        }
        let [win, draw, lose] = self.text().declared;
        let (kind, text) = match self.pos().declaration(self.play.impasse_rule) {
            Declaration::Win => (SpecialKind::EnteringKingWin, win),
            Declaration::Draw => (SpecialKind::Jishogi, draw),
            // a declaration that does not meet the conditions loses
            Declaration::Lose => (SpecialKind::DeclarationLoss, lose),
        };
        self.end_line(Special::new(kind));
        self.status.set(text.into());
    }

    /// A side as the screen names it: ☗先手 / ☖後手, or in a handicap game ☗下手 / ☖上手 as the
    /// record's files do.
    pub fn side_name(&self, c: Color) -> &'static str {
        let t = self.text();
        if self.record().is_handicap_game() { t.handicap_sides[c.index()] } else { t.sides[c.index()] }
    }

    /// A side as an ending names it: ☗ or ☖ with the player's name when the new-game dialog
    /// named the two players (`☗花子`), else as `side_name`.
    pub fn side_player(&self, c: Color) -> String {
        match self.hot_seat_names() {
            Some(names) => format!("{}{}", if c == Color::Black { "☗" } else { "☖" }, names[c.index()]),
            None => self.side_name(c).to_string(),
        }
    }

    /// What the position itself says (check, or the ending it decides), in the interface's
    /// language.
    pub fn status_message(&self) -> String {
        let t = self.text();
        let name = |c: Color| self.side_player(c);
        match self.status() {
            GameStatus::Ongoing => {
                if self.pos().in_check() {
                    (t.in_check)(&name(self.pos().side_to_move()))
                } else {
                    String::new()
                }
            }
            GameStatus::Checkmate { loser } => (t.checkmate)(&name(loser.flip())),
            GameStatus::NoLegalMoves { loser } => (t.no_legal_move)(&name(loser)),
            GameStatus::Sennichite => t.sennichite.into(),
            GameStatus::PerpetualCheck { loser } => (t.perpetual_check)(&name(loser.flip())),
        }
    }
}

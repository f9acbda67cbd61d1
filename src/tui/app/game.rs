//! The game itself: playing moves, taking them back and replaying them, variations, and the
//! endings that close a line (resignation, declaration, time-out). Legality and the endings'
//! meaning come from `core` and `record`.
//!
//! The record's side is free functions over the record (`Cursor`) and a `Ctx`; the side of the
//! game as played (the players, the clock) is `Play`'s. What changes the record says so
//! (`true`), and `App` marks it for the autosave; a move played from the board goes through
//! `App::submit_move`, which first lets the mode shown (tsume, learn, online) take it.

use super::ctx::Ctx;
use super::{Play, Player};

use crate::core::{Color, Declaration, GameStatus, ImpasseRule, Move, Position};
use crate::record::explain::describe;
use crate::record::{Cursor, GameRecord, MoveTime, NodeId, Special, SpecialKind};
use crate::tui::text::Text;
use std::time::Instant;

/// Whether the line shown already ended with a special move (投了, 入玉勝ち ...).
pub(super) fn line_ended(game: &Cursor) -> bool {
    game.record().node(game.node()).special.is_some()
}

/// Whether nothing more can be played here: the line ended, or the position decides the game.
fn over(game: &Cursor) -> bool {
    line_ended(game) || game.position().status().is_over()
}

/// Whether the line shown ends here with the side to move out of time (切れ負け).
pub(super) fn ended_on_time(game: &Cursor) -> bool {
    game.record().node(game.node()).special.as_ref().is_some_and(|s| s.kind == SpecialKind::TimeUp)
}

/// Ends the line at the current node with `special` (投了, 切れ負け, 入玉宣言 ...).
pub(super) fn end_line(game: &mut Cursor, special: Special) {
    let node = game.node();
    game.record_mut().set_special(node, Some(special));
}

/// Writes the ending the position itself decides (詰み, 千日手, 連続王手の千日手) into the
/// record at the current node, when it is not there yet: `true` when it was written.
pub(super) fn settle_ending(game: &mut Cursor) -> bool {
    if line_ended(game) {
        return false;
    }
    let kind = match game.position().status() {
        GameStatus::Ongoing => return false,
        GameStatus::Checkmate { .. } | GameStatus::NoLegalMoves { .. } => SpecialKind::Checkmate,
        GameStatus::Sennichite => SpecialKind::Sennichite,
        // the side that kept checking loses (連続王手の千日手)
        GameStatus::PerpetualCheck { loser } => SpecialKind::PerpetualCheck(loser),
    };
    end_line(game, Special::new(kind));
    true
}

/// A side as the screen names it: ☗先手 / ☖後手, or in a handicap game ☗下手 / ☖上手 as the
/// record's files do.
pub(super) fn side_name(record: &GameRecord, c: Color, t: &Text) -> &'static str {
    if record.is_handicap_game() { t.handicap_sides[c.index()] } else { t.sides[c.index()] }
}

/// A side as an ending names it: ☗ or ☖ with the player's name when the new-game dialog named
/// the two players (`names`, as the record's headers have them: `☗花子`), else as
/// [`side_name`].
pub(super) fn side_player(record: &GameRecord, c: Color, t: &Text, names: Option<&[String; 2]>) -> String {
    match names {
        Some(names) => format!("{}{}", if c == Color::Black { "☗" } else { "☖" }, names[c.index()]),
        None => side_name(record, c, t).to_string(),
    }
}

/// What the position shown says (check, or the ending it decides), in the language of `t`,
/// the sides named as [`side_player`] names them.
pub(super) fn status_message(game: &Cursor, t: &Text, names: Option<&[String; 2]>) -> String {
    let name = |c: Color| side_player(game.record(), c, t, names);
    let pos = game.position();
    match pos.status() {
        GameStatus::Ongoing => {
            if pos.in_check() {
                (t.in_check)(&name(pos.side_to_move()))
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

/// What a declaration by the side to move in `pos` would mean under `rule`, in words.
pub(super) fn declaration_summary(pos: &Position, rule: ImpasseRule, t: &Text) -> String {
    let us = pos.side_to_move();
    let (points, pieces) = pos.impasse_count(us);
    let need = match rule {
        ImpasseRule::Csa27 => crate::core::game::csa_points_needed(us),
        ImpasseRule::Jsa24 => 31,
    };
    let king_in = pos.king_square(us).is_some_and(|k| k.in_zone(us));
    (t.declaration_summary)(king_in, pieces, points, need, pos.in_check())
}

/// The take-back question: the player to move is asked to let the other take back the last
/// move.
pub(super) fn takeback_question(game: &Cursor, t: &Text) -> String {
    let side = game.position().side_to_move();
    let mv = match (game.last_move(), game.record().node(game.node()).parent()) {
        (Some(mv), Some(parent)) => {
            let pos = game.record().position_at(parent);
            crate::record::notation::ki2_move_marked(&pos, mv, crate::record::notation::prev_to(&pos))
        }
        _ => String::new(),
    };
    let name = |c| side_name(game.record(), c, t);
    (t.clocks.takeback_question)(name(side), name(side.flip()), &mv)
}

/// Where the game stands as child indices from the start: survives saving and reading the
/// record back, where node ids do not.
pub(super) fn node_path(game: &Cursor) -> Vec<usize> {
    let rec = game.record();
    rec.path_to(game.node())
        .into_iter()
        .map(|id| {
            let parent = rec.node(id).parent().unwrap_or(crate::record::ROOT);
            rec.node(parent).children().iter().position(|&c| c == id).unwrap_or(0)
        })
        .collect()
}

/// Goes to the node at `path` (child indices from the start), as far as the record has it.
pub(super) fn goto_path(game: &mut Cursor, path: &[usize]) {
    game.to_start();
    for &i in path {
        if game.choose_variation(i).is_err() {
            break;
        }
    }
}

/// Typed move text as read in the position shown.
pub(super) enum Typed {
    /// The move to play.
    Move(Move),
    /// Japanese notation that leaves out 成/不成 where either is legal: the promotion question
    /// is asked, as picking the move with the cursor does (USI and CSA text always say).
    AskPromotion(Move),
    /// Not a move here, and why.
    Bad(String),
}

/// Reads typed move text in the position `game` shows.
pub(super) fn read_typed(game: &Cursor, text: &str, t: &Text) -> Typed {
    match game.parse_move(text) {
        Ok(m) => {
            let pos = game.position();
            let says_promotion = text.contains('成') || text.contains('生') || text.is_ascii();
            let other = (!m.is_drop()).then(|| Move::board(m.from(), m.to(), !m.is_promotion()));
            if !says_promotion && other.is_some_and(|o| pos.is_legal(o)) && pos.is_legal(m) {
                return Typed::AskPromotion(m);
            }
            Typed::Move(m)
        }
        Err(e) => Typed::Bad(format!("{}: {}", text.trim(), e.describe(t.language))),
    }
}

/// Replaces the last move by its next (`delta` = 1) or previous (-1) alternative, and says
/// which it is: `true` when an ending was written on reaching it.
pub(super) fn switch_variation(ctx: &mut Ctx, delta: i32) -> bool {
    let t = ctx.text();
    let Some(parent) = ctx.game.record().node(ctx.game.node()).parent() else {
        ctx.status.set(t.no_variation_at_start.into());
        return false;
    };
    let siblings: Vec<NodeId> = ctx.game.record().node(parent).children().to_vec();
    if siblings.len() < 2 {
        ctx.status.set(t.no_other_variation.into());
        return false;
    }
    let i = siblings.iter().position(|&c| c == ctx.game.node()).unwrap_or(0) as i32;
    let n = siblings.len() as i32;
    let j = (i + delta).rem_euclid(n) as usize;
    ctx.game.back();
    if ctx.game.choose_variation(j).is_err() {
        return false;
    }
    let ended = settle_ending(ctx.game);
    ctx.status.set((t.review.variation_of)(j + 1, n as usize));
    ended
}

/// The side to move resigns: the line ends with 投了 (`false`: it was over already); the
/// sides are named as [`side_player`] names them.
pub(super) fn resign(ctx: &mut Ctx, names: Option<&[String; 2]>) -> bool {
    let t = ctx.text();
    if over(ctx.game) {
        ctx.status.set(t.already_over.into());
        return false;
    }
    end_line(ctx.game, Special::new(SpecialKind::Resign));
    let side = side_player(ctx.game.record(), ctx.game.position().side_to_move(), t, names);
    ctx.status.set((t.resigns)(&side));
    true
}

/// The side to move declares an impasse win (入玉宣言) under `rule`: a win if every condition
/// holds, 持将棋 (a draw) where the 24-point rule says so, otherwise the declaration loses
/// (`false`: it was over already).
pub(super) fn declare(ctx: &mut Ctx, rule: ImpasseRule) -> bool {
    let t = ctx.text();
    if over(ctx.game) {
        ctx.status.set(t.already_over.into());
        return false;
    }
    let [win, draw, lose] = t.declared;
    let (kind, said) = match ctx.game.position().declaration(rule) {
        Declaration::Win => (SpecialKind::EnteringKingWin, win),
        Declaration::Draw => (SpecialKind::Jishogi, draw),
        // a declaration that does not meet the conditions loses
        Declaration::Lose => (SpecialKind::DeclarationLoss, lose),
    };
    end_line(ctx.game, Special::new(kind));
    ctx.status.set(said.into());
    true
}

/// One move back, its KI2 text added to `taken`; false at the start.
fn step_back(game: &mut Cursor, taken: &mut Vec<String>) -> bool {
    let Some(mv) = game.last_move() else { return false };
    if !game.back() {
        return false;
    }
    let pos = game.position();
    taken.push(crate::record::notation::ki2_move_marked(pos, mv, crate::record::notation::prev_to(pos)));
    true
}

/// What a take-back (待った) did.
pub(super) enum Undo {
    /// The other player is to be asked first (two people on the clock).
    Ask,
    /// Done: `true` when the record changed.
    Done(bool),
}

impl Play {
    /// Whether a person plays the side to move and the game goes on at the place `game` shows.
    pub(super) fn human_to_move(&self, game: &Cursor) -> bool {
        self.players[game.position().side_to_move().index()] == Player::Human && !over(game)
    }

    /// Whether a person plays against the computer.
    fn vs_engine(&self) -> bool {
        self.players.contains(&Player::Engine) && self.players.contains(&Player::Human)
    }

    /// Plays `m` in a game being `playing` (or a record reviewed) if legal, with a clear
    /// message if not: the clock's time goes into the record, the ending the position decides
    /// and the settings' move limit end the line. `true` when it was played (the record
    /// changed).
    pub(super) fn play(&mut self, m: Move, ctx: &mut Ctx, playing: bool) -> bool {
        let t = ctx.text();
        if over(ctx.game) {
            ctx.status.set(t.over_here.into());
            return false;
        }
        let pos = ctx.game.position();
        if let Err(why) = pos.why_illegal(m) {
            ctx.status.set(describe(&why, ctx.settings.language));
            return false;
        }
        let side = pos.side_to_move();
        let node = match ctx.game.play(m) {
            Ok(n) => n,
            Err(e) => {
                ctx.status.set(e.to_string());
                return false;
            }
        };
        // a move played while the game is paused resumes it
        self.computer.paused = false;
        if let Some(clock) = self.clock.as_mut() {
            let spent = clock.on_move(side, Instant::now());
            let total = clock.used[side.index()];
            ctx.game.record_mut().node_mut(node).time =
                Some(MoveTime { spent: (spent / 1000) as u32, total: Some((total / 1000) as u32) });
        }
        ctx.board.selection = None;
        settle_ending(ctx.game);
        // a note the player has not acted on yet (a resumed game's: what was lost and where)
        // outlives the computer's answer when that has nothing to say
        let status = status_message(ctx.game, t, self.hot_seat_names(ctx.settings).as_ref());
        if !status.is_empty() || self.players[side.index()] != Player::Engine {
            ctx.status.set(status);
        }
        // a game being played that has just reached the move limit, with no other ending
        let ply = ctx.game.ply() as u32;
        if playing && !line_ended(ctx.game) && ctx.settings.max_moves.is_some_and(|n| ply >= n) {
            end_line(ctx.game, Special::new(SpecialKind::Jishogi));
            ctx.status.set((t.move_limit)(ply));
        }
        true
    }

    /// Takes back a move (待った). In a game being `playing`, an ending that is not a move (a
    /// time-out, a resignation, a declaration) is taken back alone: play reopens where it
    /// happened, with that side's clock as at the start of its move. Against the computer,
    /// takes back to the human's last turn; between two people on the clock, the other
    /// player is asked first. In a game being played the clocks go back to the record's
    /// times, and on the clock or against the computer the record's comment says a move was
    /// taken back.
    pub(super) fn undo(&mut self, ctx: &mut Ctx, playing: bool, now: Instant) -> Undo {
        ctx.board.selection = None;
        if self.reopen_ending(ctx, playing, now) {
            return Undo::Done(true);
        }
        let ended = over(ctx.game);
        if !ended
            && self.timed_clock().is_some()
            && self.players == [Player::Human, Player::Human]
            && playing
            && ctx.game.ply() > 0
        {
            return Undo::Ask;
        }
        Undo::Done(self.take_back(ctx, playing, now))
    }

    /// Takes an ending that is not a move off the line at this node (切れ負け, 投了, 中断, a
    /// declaration): play reopens here with the clocks as the record has them. Against the
    /// computer, when it was the computer that resigned, its opponent's move goes too.
    /// Whether there was such an ending (the record changed).
    fn reopen_ending(&mut self, ctx: &mut Ctx, playing: bool, now: Instant) -> bool {
        let here = ctx.game.node();
        let Some(kind) = ctx.game.record().node(here).special.as_ref().map(|s| s.kind) else {
            return false;
        };
        if !playing {
            // a record under review: `u` goes back a move, as it always does there
            return false;
        }
        let limit = ctx.settings.max_moves.is_some_and(|n| ctx.game.ply() as u32 >= n);
        if ctx.game.position().status().is_over() || (kind == SpecialKind::Jishogi && limit) {
            // the position (or the move limit) decided it: the move goes with it
            return false;
        }
        ctx.game.record_mut().set_special(here, None);
        self.restore_clock_here(ctx.game, now);
        if kind == SpecialKind::Resign && self.vs_engine() && !self.human_to_move(ctx.game) {
            self.take_back(ctx, playing, now);
            return true;
        }
        let t = ctx.text();
        let side = ctx.game.position().side_to_move();
        let clock = self.timed_clock().map(|c| c.display(side, true, now, t.review.byoyomi));
        ctx.status.set((t.clocks.reopened)(side_name(ctx.game.record(), side, t), clock.as_deref()));
        true
    }

    /// Takes back the last move (against the computer, to the human's turn); a line that ended
    /// with it loses its ending. `true` when the record changed beyond the place shown.
    pub(super) fn take_back(&mut self, ctx: &mut Ctx, playing: bool, now: Instant) -> bool {
        let t = ctx.text();
        let from = ctx.game.node();
        let ended = over(ctx.game);
        let mut taken = Vec::new();
        if !step_back(ctx.game, &mut taken) {
            ctx.status.set(t.at_start.into());
            return false;
        }
        let mut changed = false;
        if ended {
            ctx.game.record_mut().set_special(from, None);
            changed = true;
        }
        ctx.status.clear();
        if self.vs_engine()
            && self.players[ctx.game.position().side_to_move().index()] == Player::Engine
            && !step_back(ctx.game, &mut taken)
        {
            // the computer moved first from the start: stay at the start, it will move again
            ctx.status.set(t.at_start.into());
        }
        if !playing {
            return changed;
        }
        self.restore_clock_here(ctx.game, now);
        let timed = self.timed_clock().is_some();
        if (timed || self.vs_engine()) && !ended {
            taken.reverse();
            let moves = taken.join(" ");
            let here = ctx.game.node();
            ctx.game.record_mut().node_mut(here).comments.push(format!("待った（{moves}）"));
            ctx.status.set((t.clocks.taken_back)(&moves, timed));
            changed = true;
        }
        changed
    }

    /// Sets the clocks to the times the record holds for the moves up to the place `game`
    /// shows; the side to move's turn starts at `now`.
    pub(super) fn restore_clock_here(&mut self, game: &Cursor, now: Instant) {
        let Some(clock) = self.clock.as_mut() else { return };
        let rec = game.record();
        let mut used = [0u64; 2];
        let mut moves = [0u64; 2];
        for id in rec.path_to(game.node()) {
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

    /// Replays a move taken back; in a game being `playing` with the time the record has for
    /// it, the next side's turn starting now. `true` when an ending was written on reaching it.
    pub(super) fn redo(&mut self, ctx: &mut Ctx, playing: bool) -> bool {
        ctx.board.selection = None;
        if !ctx.game.forward() {
            ctx.status.set(ctx.text().at_end.into());
            return false;
        }
        let ended = settle_ending(ctx.game);
        ctx.status.set(status_message(ctx.game, ctx.text(), self.hot_seat_names(ctx.settings).as_ref()));
        if playing {
            self.restore_clock_here(ctx.game, Instant::now());
        }
        ended
    }

    /// Checks the clock: when the side to move has used all its time, the line ends with
    /// 切れ負け (`true`: the record changed).
    pub(super) fn flag(&mut self, ctx: &mut Ctx, playing: bool, now: Instant) -> bool {
        let Some(clock) = &self.clock else { return false };
        if over(ctx.game) {
            return false;
        }
        let side = ctx.game.position().side_to_move();
        if !clock.flag_fell(side, now) {
            return false;
        }
        let t = ctx.text();
        let spent = (clock.elapsed(now) / 1000) as u32;
        let mut special = Special::new(SpecialKind::TimeUp);
        special.time = Some(MoveTime { spent, total: None });
        end_line(ctx.game, special);
        let names = self.hot_seat_names(ctx.settings);
        ctx.status.set((t.time_up)(&side_player(ctx.game.record(), side, t, names.as_ref())));
        if playing {
            ctx.status.set(format!("{} ({})", ctx.status.text(), t.clocks.time_up_undo));
        }
        true
    }
}

//! Composes tsume problems (詰将棋) the way the ones in `assets/tsume/` were made: random
//! attacking positions around a lone defending king (a few attacking pieces on the board and in
//! hand, a few defenders, every other piece in the defender's hand as tsume convention has it),
//! kept when the mate solver proves a mate of the wanted length and the solution, played
//! against the defender's longest resistance (as tsume mode plays it), takes exactly that long.
//! With `--unique`, also only one check may mate at every attacking turn but the last (no
//! 余詰; several mates on the last move are let pass, as composers do): random positions
//! rarely pass that, so it needs many more tries.
//!
//! ```text
//! compose_tsume [--count 3] [--min 5] [--max 11] [--seed S] [--tries 20000] [--unique] [--out DIR]
//! ```
//! Prints each problem as KIF (with `備考：N手詰`) to stdout, or writes `DIR/NN.kifu` from the
//! first free number. Run in release mode: `cargo run --release --example compose_tsume`.

use shogiban::core::{Color, Piece, PieceKind, Position, Setup, SetupProblem, SetupUse, Square};
use shogiban::engine::mate::tsume::{Attack, judge_attack};
use shogiban::engine::mate::{MateLimits, MateResult, solve};
use shogiban::engine::rng::Rng;
use shogiban::record::{Format, GameRecord, write_text};
use std::process::ExitCode;

struct Options {
    count: usize,
    min: usize,
    max: usize,
    seed: Option<u64>,
    tries: usize,
    unique: bool,
    out: Option<std::path::PathBuf>,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options { count: 3, min: 5, max: 11, seed: None, tries: 20_000, unique: false, out: None };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{a} needs a value"));
        let number = |v: String| v.parse::<u64>().map_err(|_| format!("{a}: '{v}' is not a number"));
        match a.as_str() {
            "--count" => o.count = number(value()?)? as usize,
            "--min" => o.min = number(value()?)? as usize,
            "--max" => o.max = number(value()?)? as usize,
            "--seed" => o.seed = Some(number(value()?)?),
            "--tries" => o.tries = number(value()?)? as usize,
            "--out" => o.out = Some(value()?.into()),
            "--unique" => o.unique = true,
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(o)
}

fn pick<T: Copy>(rng: &mut Rng, items: &[T]) -> T {
    items[(rng.next_u64() % items.len() as u64) as usize]
}

/// A random square within `reach` files and ranks of `around`, if that is on the board.
fn near(rng: &mut Rng, around: Square, reach: i32) -> Option<Square> {
    let d = |rng: &mut Rng| (rng.next_u64() % (2 * reach as u64 + 1)) as i32 - reach;
    let f = around.file() as i32 + d(rng);
    let r = around.rank() as i32 + d(rng);
    Square::new(f.clamp(0, 10) as u8, r.clamp(0, 10) as u8)
}

/// A random tsume-like position: ☗ attacks, ☖'s king in its camp; `None` when the draw is not
/// a legal tsume (a piece that can never move, 二歩, ☖ already in check ...).
fn random_problem(rng: &mut Rng) -> Option<Position> {
    use PieceKind::*;
    let mut s = Setup::empty();
    let king = Square::new(1 + (rng.next_u64() % 9) as u8, 1 + (rng.next_u64() % 3) as u8)?;
    s.set_piece(king, Piece::new(Color::White, King));
    let attackers = [Pawn, Lance, Knight, Silver, Gold, Bishop, Rook, ProPawn, ProSilver, Horse, Dragon];
    for _ in 0..2 + rng.next_u64() % 3 {
        let Some(sq) = near(rng, king, 3) else { continue };
        if s.piece_at(sq).is_empty() {
            s.set_piece(sq, Piece::new(Color::Black, pick(rng, &attackers)));
        }
    }
    for _ in 0..rng.next_u64() % 3 {
        let Some(sq) = near(rng, king, 2) else { continue };
        if s.piece_at(sq).is_empty() {
            s.set_piece(sq, Piece::new(Color::White, pick(rng, &[Pawn, Silver, Gold, Knight, Lance])));
        }
    }
    for _ in 0..1 + rng.next_u64() % 3 {
        s.add_to_hand(Color::Black, pick(rng, &[Pawn, Lance, Knight, Silver, Gold, Bishop, Rook]));
    }
    s.box_to_hand(Color::White);
    // a clean problem: nothing wrong but the missing attacker king
    if s.problems() != [SetupProblem::NoKing(Color::Black)] {
        return None;
    }
    s.position(SetupUse::Tsume).ok()
}

/// The checks in `pos` that still mate (the defence answering with its longest resistance).
fn mating_checks(pos: &Position, limits: &MateLimits) -> Vec<(shogiban::core::Move, Attack)> {
    pos.legal_moves()
        .iter()
        .filter(|&&m| pos.gives_check(m))
        .map(|&m| (m, judge_attack(pos, m, limits)))
        .filter(|(_, a)| matches!(a, Attack::Mates | Attack::Continues { .. }))
        .collect()
}

/// Whether the solution `line`, played against the longest resistance to the end, takes
/// exactly its length; with `unique`, whether also only one check mates at every attacking
/// turn but the last.
fn sound(pos: &Position, line: &[shogiban::core::Move], unique: bool, limits: &MateLimits) -> bool {
    let len = line.len();
    let mut p = pos.clone();
    let mut plan = line.to_vec();
    let mut plies = 0;
    loop {
        let (m, attack) = if unique && plies + 1 < len {
            let checks = mating_checks(&p, limits);
            let [(m, attack)] = checks.as_slice() else { return false };
            (*m, attack.clone())
        } else {
            let Some(&m) = plan.first() else { return false };
            (m, judge_attack(&p, m, limits))
        };
        match &attack {
            Attack::Mates => return plies + 1 == len,
            Attack::Continues { reply, mate } => {
                p.do_move(m);
                p.do_move(*reply);
                plan = mate.clone();
                plies += 2;
            }
            _ => return false,
        }
        if plies >= len {
            return false;
        }
    }
}

fn main() -> ExitCode {
    let o = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("compose_tsume: {e}");
            return ExitCode::from(2);
        }
    };
    let mut rng = o.seed.map(Rng::new).unwrap_or_else(Rng::from_time);
    let solve_limits = MateLimits { time_ms: None, nodes: Some(50_000), stop: None };
    let judge_limits = MateLimits { time_ms: None, nodes: Some(50_000), stop: None };
    let mut found = 0;
    let mut number = 1;
    // drawn positions that were legal tsume, had a mate, had one of the wanted length
    let (mut legal, mut mates, mut in_range) = (0, 0, 0);
    for attempt in 0..o.tries {
        if found == o.count {
            break;
        }
        let Some(pos) = random_problem(&mut rng) else { continue };
        legal += 1;
        let MateResult::Mate(line) = solve(&pos, solve_limits.clone()) else { continue };
        mates += 1;
        if line.len() < o.min || line.len() > o.max {
            continue;
        }
        in_range += 1;
        if !sound(&pos, &line, o.unique, &judge_limits) {
            continue;
        }
        found += 1;
        let mut rec = GameRecord::new(pos);
        rec.set_header("作品名", &format!("shogiban 詰将棋 (composed, try {attempt})"));
        rec.set_header("作者", "shogiban（詰将棋ソルバーで作成・証明）");
        rec.set_header("備考", &format!("{}手詰", line.len()));
        let kif = write_text(&rec, Format::Kifu);
        match &o.out {
            None => println!("{kif}"),
            Some(dir) => {
                while dir.join(format!("{number:02}.kifu")).exists() {
                    number += 1;
                }
                let path = dir.join(format!("{number:02}.kifu"));
                if let Err(e) = std::fs::write(&path, kif) {
                    eprintln!("compose_tsume: cannot write {}: {e}", path.display());
                    return ExitCode::FAILURE;
                }
                eprintln!("{}: {}手詰", path.display(), line.len());
            }
        }
    }
    eprintln!(
        "compose_tsume: {legal} legal positions drawn, {mates} with a mate, {in_range} of the length wanted, {found} sound"
    );
    if found < o.count {
        eprintln!("compose_tsume: {found} of {} problems found in {} tries", o.count, o.tries);
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

//! Composes tsume problems (詰将棋) the way the ones in `assets/tsume/` were made: random
//! attacking positions around a lone defending king (a few attacking pieces on the board and in
//! hand, a few defenders, every other piece in the defender's hand as tsume convention has it),
//! kept when the mate solver proves a mate of the wanted length and the solution, played
//! against the defender's longest resistance (as tsume mode plays it), takes exactly that long.
//! With `--unique`, also only one check may mate at every attacking turn but the last (no
//! 余詰; several mates on the last move are let pass, as composers do): random positions
//! rarely pass that, so it needs many more tries.
//!
//! Long problems (13 and 15 moves) are rare among random positions; `--from FILE...` composes
//! them by mutation instead, as composers rework a problem: starting from the given problems, a
//! piece is moved, added or taken away (or one in the attacker's hand), and the change is kept
//! when the position is still a sound problem no shorter than before; a problem of the wanted
//! length found on the way is printed. The shipped 13- and 15-move problems were made so from
//! the 11-move ones.
//!
//! ```text
//! compose_tsume [--count 3] [--min 5] [--max 11] [--seed S] [--tries 20000] [--unique] [--out DIR]
//!               [--from FILE...] [--nodes 50000] [--screen NODES]
//! compose_tsume --check FILE... [--nodes 50000]
//! compose_tsume --fix FILE... [--nodes 50000]
//! ```
//! `--fix` looks for the smallest change that gives a problem of several solutions one solution
//! at the same length: a piece taken from the attacker's hand, a defending piece added near the
//! king, an attacking piece taken off or moved one square; the first such problem is printed.
//! `--nodes` is the budget of each solve (a check the solver cannot judge within it counts as
//! not mating). `--screen` gives random positions (not a walk) a first, cheaper solve within
//! that many nodes: only a position with a mate of the wanted length there is solved again
//! and judged within `--nodes` (a mate that needs more nodes is missed, but each problem kept
//! is judged as without it, and more are found an hour). `--check` says of each problem whether it is sound and whether its solution is unique.
//! Prints each problem as KIF (with `備考：N手詰`) to stdout, or writes `DIR/NN.kifu` from the
//! first free number. Run in release mode: `cargo run --release --example compose_tsume`.

use shogiban::core::{Color, Piece, PieceKind, Position, Setup, SetupProblem, SetupUse, Square};
use shogiban::engine::mate::tsume::{Attack, Solution, has_one_solution, judge_attack, solution};
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
    from: Vec<std::path::PathBuf>,
    check: Vec<std::path::PathBuf>,
    fix: Vec<std::path::PathBuf>,
    nodes: u64,
    screen: Option<u64>,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        count: 3,
        min: 5,
        max: 11,
        seed: None,
        tries: 20_000,
        unique: false,
        out: None,
        from: Vec::new(),
        check: Vec::new(),
        fix: Vec::new(),
        nodes: 50_000,
        screen: None,
    };
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
            "--from" => o.from.push(value()?.into()),
            "--check" => o.check.push(value()?.into()),
            "--fix" => o.fix.push(value()?.into()),
            "--nodes" => o.nodes = number(value()?)?,
            "--screen" => o.screen = Some(number(value()?)?),
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

/// `pos` changed a little, as a composer reworks a problem: a piece (not the king) moved to a
/// square near its own or taken off, a piece added near the defending king, or a piece added to
/// or taken from the attacker's hand; the defender holds every piece left, as before. `None`
/// when the change does not make a clean tsume position.
fn mutate(rng: &mut Rng, pos: &Position) -> Option<Position> {
    use PieceKind::*;
    let mut s = Setup::from_position(pos);
    // the defender's hand back into the box, refilled after the change
    for kind in PieceKind::HAND {
        while s.take_from_hand(Color::White, kind) {}
    }
    let squares: Vec<Square> = Square::all().collect();
    let occupied: Vec<Square> =
        squares.iter().copied().filter(|&sq| s.piece_at(sq).kind().is_some_and(|k| k != King)).collect();
    let king = squares.iter().copied().find(|&sq| s.piece_at(sq) == Piece::new(Color::White, King))?;
    let attackers = [Pawn, Lance, Knight, Silver, Gold, Bishop, Rook, ProPawn, ProSilver, Horse, Dragon];
    match rng.next_u64() % 6 {
        0 | 1 if !occupied.is_empty() => {
            let from = pick(rng, &occupied);
            let to = near(rng, from, 2)?;
            if !s.piece_at(to).is_empty() {
                return None;
            }
            let p = s.piece_at(from);
            s.set_piece(from, Piece::EMPTY);
            s.set_piece(to, p);
        }
        2 if !occupied.is_empty() => s.set_piece(pick(rng, &occupied), Piece::EMPTY),
        3 => {
            let to = near(rng, king, 3)?;
            if !s.piece_at(to).is_empty() {
                return None;
            }
            let p = if rng.next_u64().is_multiple_of(2) {
                Piece::new(Color::Black, pick(rng, &attackers))
            } else {
                Piece::new(Color::White, pick(rng, &[Pawn, Silver, Gold, Knight, Lance]))
            };
            s.set_piece(to, p);
        }
        4 => {
            s.add_to_hand(Color::Black, pick(rng, &[Pawn, Lance, Knight, Silver, Gold, Bishop, Rook]));
        }
        _ => {
            let kind = pick(rng, &PieceKind::HAND);
            if !s.take_from_hand(Color::Black, kind) {
                return None;
            }
        }
    }
    s.box_to_hand(Color::White);
    if s.problems() != [SetupProblem::NoKing(Color::Black)] {
        return None;
    }
    s.position(SetupUse::Tsume).ok()
}

/// Whether the solution `line`, played against the longest resistance to the end, takes
/// exactly its length.
fn sound(pos: &Position, line: &[shogiban::core::Move], limits: &MateLimits) -> bool {
    let len = line.len();
    let mut p = pos.clone();
    let mut plan = line.to_vec();
    let mut plies = 0;
    loop {
        let Some(&m) = plan.first() else { return false };
        match judge_attack(&p, m, limits) {
            Attack::Mates => return plies + 1 == len,
            Attack::Continues { reply, mate } => {
                p.do_move(m);
                p.do_move(reply);
                plan = mate;
                plies += 2;
            }
            _ => return false,
        }
        if plies >= len {
            return false;
        }
    }
}

/// Sound, and with `unique` also of one solution (`has_one_solution`).
fn wanted(pos: &Position, line: &[shogiban::core::Move], unique: bool, limits: &MateLimits) -> bool {
    sound(pos, line, limits) && (!unique || has_one_solution(pos, line.len(), limits))
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
    let solve_limits =
        MateLimits { time_ms: None, nodes: Some(o.nodes), stop: None, threads: 1, first_line: false };
    let judge_limits =
        MateLimits { time_ms: None, nodes: Some(o.nodes), stop: None, threads: 1, first_line: false };
    if !o.check.is_empty() {
        return check(&o.check, &solve_limits, &judge_limits);
    }
    if !o.fix.is_empty() {
        return fix(&o.fix, &solve_limits, &judge_limits);
    }
    let mut found = 0;
    let mut number = 1;
    let mut seeds: Vec<(Position, usize)> = Vec::new();
    for f in &o.from {
        match shogiban::record::load_record(f) {
            Ok((rec, _)) => match solve(rec.initial(), solve_limits.clone()) {
                MateResult::Mate(line) => seeds.push((rec.initial().clone(), line.len())),
                _ => eprintln!("compose_tsume: {}: no mate found, not used", f.display()),
            },
            Err(e) => {
                eprintln!("compose_tsume: {}: {e}", f.display());
                return ExitCode::FAILURE;
            }
        }
    }
    let mut walk = seeds.first().cloned();
    // the seeds themselves are not new problems
    let mut seen: Vec<String> = seeds.iter().map(|(p, _)| p.to_sfen()).collect();
    // a walk prints each length once, and each length gets its share of the count, so the
    // problems differ: after its longest, the walk starts again from the next seed
    let lengths = (o.min..=o.max).filter(|l| l % 2 == 1).count().max(1);
    let share = o.count.div_ceil(lengths);
    let mut printed: Vec<usize> = Vec::new();
    let mut walk_printed: Vec<usize> = Vec::new();
    let mut next_seed = 1;
    // drawn positions that were legal tsume, had a mate, had one of the wanted length
    let (mut legal, mut mates, mut in_range) = (0, 0, 0);
    for attempt in 0..o.tries {
        if found == o.count {
            break;
        }
        // now and then a fresh start from one of the seeds
        if walk.is_some() && attempt % 400 == 399 {
            walk = Some(seeds[next_seed % seeds.len()].clone());
            next_seed += 1;
            walk_printed.clear();
        }
        let pos = match &walk {
            Some((from, _)) => {
                let Some(p) = mutate(&mut rng, from) else { continue };
                p
            }
            None => {
                let Some(p) = random_problem(&mut rng) else { continue };
                p
            }
        };
        legal += 1;
        if let Some(screen) = o.screen.filter(|_| walk.is_none()) {
            let quick =
                MateLimits { time_ms: None, nodes: Some(screen), stop: None, threads: 1, first_line: false };
            match solve(&pos, quick) {
                MateResult::Mate(line) if (o.min..=o.max).contains(&line.len()) => {}
                _ => continue,
            }
        }
        let MateResult::Mate(line) = solve(&pos, solve_limits.clone()) else { continue };
        mates += 1;
        if let Some((_, len)) = &walk {
            // the walk goes on from any sound change no shorter than where it stands
            if line.len() < *len || line.len() > o.max || !sound(&pos, &line, &judge_limits) {
                continue;
            }
            walk = Some((pos.clone(), line.len()));
            let sfen = pos.to_sfen();
            if seen.contains(&sfen) {
                continue;
            }
            seen.push(sfen);
            let n = line.len();
            if walk_printed.contains(&n) || printed.iter().filter(|&&l| l == n).count() >= share {
                continue;
            }
        }
        if line.len() < o.min || line.len() > o.max {
            continue;
        }
        in_range += 1;
        if !wanted(&pos, &line, o.unique, &judge_limits) {
            continue;
        }
        found += 1;
        printed.push(line.len());
        if walk.is_some() {
            walk_printed.push(line.len());
            if line.len() == o.max {
                walk = Some(seeds[next_seed % seeds.len()].clone());
                next_seed += 1;
                walk_printed.clear();
            }
        }
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

/// `--check`: each problem's length, whether it is sound and whether its solution is unique.
fn check(files: &[std::path::PathBuf], solve_limits: &MateLimits, judge_limits: &MateLimits) -> ExitCode {
    let mut all_sound = true;
    for f in files {
        let pos = match shogiban::record::load_record(f) {
            Ok((rec, _)) => rec.initial().clone(),
            Err(e) => {
                eprintln!("compose_tsume: {}: {e}", f.display());
                return ExitCode::FAILURE;
            }
        };
        let MateResult::Mate(line) = solve(&pos, solve_limits.clone()) else {
            println!("{}: no mate found", f.display());
            all_sound = false;
            continue;
        };
        let sound_ = sound(&pos, &line, judge_limits);
        all_sound &= sound_;
        let unique = match sound_.then(|| solution(&pos, line.len(), judge_limits)) {
            None => "no".to_string(),
            Some(Solution::One) => "yes".to_string(),
            Some(Solution::Several { line, checks }) => {
                let usi =
                    |ms: &[shogiban::core::Move]| ms.iter().map(|m| m.usi()).collect::<Vec<_>>().join(" ");
                format!("no: after {} both mate: {}", usi(&line), usi(&checks))
            }
            Some(Solution::NotMate { ply }) => format!("no: no mate at ply {}", ply + 1),
        };
        println!("{}: {} plies, sound {sound_}, unique {unique}", f.display(), line.len());
    }
    if all_sound { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

/// The changes `--fix` tries, smallest first: one piece of the attacker's hand back to the
/// defender, one defending piece (from the defender's hand) on an empty square within two of
/// the king, one attacking piece off the board, one attacking piece moved a square.
fn small_changes(pos: &Position) -> Vec<Position> {
    use PieceKind::*;
    let base = Setup::from_position(pos);
    let mut out = Vec::new();
    let mut keep = |mut s: Setup| {
        for kind in PieceKind::HAND {
            while s.take_from_hand(Color::White, kind) {}
        }
        s.box_to_hand(Color::White);
        if s.problems() == [SetupProblem::NoKing(Color::Black)]
            && let Ok(p) = s.position(SetupUse::Tsume)
        {
            out.push(p);
        }
    };
    for kind in PieceKind::HAND {
        let mut s = base.clone();
        if s.take_from_hand(Color::Black, kind) {
            keep(s);
        }
    }
    let squares: Vec<Square> = Square::all().collect();
    let Some(king) = squares.iter().copied().find(|&sq| base.piece_at(sq) == Piece::new(Color::White, King))
    else {
        return out;
    };
    let near = |a: Square, b: Square, d: i32| {
        (a.file() as i32 - b.file() as i32).abs() <= d && (a.rank() as i32 - b.rank() as i32).abs() <= d
    };
    for kind in [Pawn, Lance, Knight, Silver, Gold, Bishop, Rook] {
        for &sq in &squares {
            if near(sq, king, 2) && base.piece_at(sq).is_empty() && pos.hand(Color::White).count(kind) > 0 {
                let mut s = base.clone();
                s.set_piece(sq, Piece::new(Color::White, kind));
                keep(s);
            }
        }
    }
    let attackers: Vec<Square> = squares
        .iter()
        .copied()
        .filter(|&sq| !base.piece_at(sq).is_empty() && base.piece_at(sq).color() == Color::Black)
        .collect();
    for &from in &attackers {
        let mut s = base.clone();
        s.set_piece(from, Piece::EMPTY);
        keep(s);
    }
    for &from in &attackers {
        for &to in &squares {
            if to != from && near(to, from, 1) && base.piece_at(to).is_empty() {
                let mut s = base.clone();
                s.set_piece(to, base.piece_at(from));
                s.set_piece(from, Piece::EMPTY);
                keep(s);
            }
        }
    }
    out
}

/// `--fix`: for each problem, the first of its small changes that is a sound problem of the same
/// length with one solution, printed as KIF.
fn fix(files: &[std::path::PathBuf], solve_limits: &MateLimits, judge_limits: &MateLimits) -> ExitCode {
    let mut all = true;
    for f in files {
        let (rec, _) = match shogiban::record::load_record(f) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("compose_tsume: {}: {e}", f.display());
                return ExitCode::FAILURE;
            }
        };
        let pos = rec.initial().clone();
        let MateResult::Mate(line) = solve(&pos, solve_limits.clone()) else {
            eprintln!("{}: no mate found", f.display());
            all = false;
            continue;
        };
        let len = line.len();
        // a change after which the main line still reaches the same two mating checks is
        // refused at once
        let fork = match solution(&pos, len, judge_limits) {
            Solution::Several { line, checks } => Some((line, checks)),
            _ => None,
        };
        let still_forks = |p: &Position| {
            let Some((line, checks)) = &fork else { return false };
            let mut q = p.clone();
            for &m in line {
                if !q.is_legal(m) {
                    return false;
                }
                q.do_move(m);
            }
            checks.iter().all(|&c| {
                matches!(judge_attack(&q, c, judge_limits), Attack::Mates | Attack::Continues { .. })
            })
        };
        let changes = small_changes(&pos);
        let found = changes.iter().enumerate().find(|(i, p)| {
            if i % 20 == 0 {
                eprintln!("{}: change {i} of {}", f.display(), changes.len());
            }
            !still_forks(p)
                && matches!(solve(p, solve_limits.clone()), MateResult::Mate(l) if l.len() == len
                && has_one_solution(p, len, judge_limits) && sound(p, &l, judge_limits))
        });
        match found {
            Some((i, p)) => {
                let mut out = GameRecord::new(p.clone());
                for key in ["作品名", "作者", "備考"] {
                    if let Some(v) = rec.header(key) {
                        out.set_header(key, v);
                    }
                }
                println!("# {}: change {i}: {}", f.display(), p.to_sfen());
                println!("{}", write_text(&out, Format::Kifu));
            }
            None => {
                println!("# {}: no small change gives one solution", f.display());
                all = false;
            }
        }
    }
    if all { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

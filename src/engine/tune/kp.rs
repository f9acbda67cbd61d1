//! `shogiban tune kp`: learns the king-piece tables (`eval::kp`) from self-play data.
//!
//! ```text
//! shogiban tune kp [--mix X] [--epochs N] [--l2 X] [--rate R] [--k K] [--from-zero] -o OUT DATA...
//! ```
//!
//! DATA is what `tune selfplay` writes (`SFEN<TAB>result<TAB>bestmove<TAB>quiet<TAB>score`).
//! Each position's target is a win probability for the side to move, a mix of the search's
//! score and the game's result: `mix × σ(score / k) + (1 − mix) × result`. The prediction is
//! `σ((rest + kp) / k)`, where `rest` is the rest of the evaluation (held fixed) and `kp` the
//! sum of the position's king-piece features; the fit is logistic regression on those features
//! (cross-entropy, Adam on mini-batches, an L2 pull towards 0), starting from the shipped tables
//! unless `--from-zero`. k is fitted to the results with the evaluation as it is unless given.
//!
//! Most king squares are rare in the data, so each feature is learned three times over and the
//! three added up when the tables are written (a factorisation, as NNUE trainers do): once for
//! its king square, once for the king's region (three rank bands × three file bands) and once
//! for any king square.
//! One block of 500 lines in ten is held out, as for the other fits.

use super::TuneError;
use crate::core::Position;
use crate::engine::eval::{EvalTables, evaluate, kp};
use crate::engine::rng::Rng;

/// One training position.
pub struct KpSample {
    /// The rest of the evaluation (side to move).
    rest: f32,
    /// The target win probability (side to move).
    target: f32,
    /// Game result for the side to move (1, 0.5, 0).
    result: f32,
    /// Feature indices, the top bit set where the feature counts against the side to move.
    features: Vec<u32>,
    held_out: bool,
}

/// Settings of a KP fit.
pub struct KpFit {
    /// Weight of the search score in the target (the rest is the game result).
    pub mix: f64,
    pub epochs: usize,
    pub l2: f64,
    /// Adam step size in centipawns.
    pub rate: f64,
    /// Centipawns per unit of logit (fitted to the results when `None`).
    pub k: Option<f64>,
    /// Start from zero weights instead of the shipped ones.
    pub from_zero: bool,
    pub files: Vec<String>,
    pub out: String,
}

pub(super) const AGAINST: u32 = 1 << 31;

/// King regions of the factorisation.
const REGIONS: usize = 9;
/// Weights of the fit: the tables, then the any-king features, then the region features.
pub(super) const FIT_LEN: usize = kp::LEN + (1 + REGIONS) * kp::FEATURES;

/// The region of a king index (`file × 9 + rank`, files 1..=5 after the mirror, ranks from the
/// owner's side): rank bands 1–3, 4–6, 7–9 × file bands 1–2, 3–4, 5.
fn region(king: usize) -> usize {
    let (file, rank) = (king / 9, king % 9);
    (rank / 3) * 3 + [0, 0, 1, 1, 2][file]
}

/// A table feature with its two shared ones.
pub(super) fn factorised(index: u32) -> [u32; 3] {
    let (king, f) = (index as usize / kp::FEATURES, index as usize % kp::FEATURES);
    [index, (kp::LEN + f) as u32, (kp::LEN + (1 + region(king)) * kp::FEATURES + f) as u32]
}

/// The tables with the shared features folded in.
fn fold(w: &[f64]) -> Vec<f64> {
    (0..kp::LEN).map(|i| factorised(i as u32).iter().map(|&j| w[j as usize]).sum()).collect()
}

pub(super) fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// A raw data line: position, result, score (none for a position of a played game, `tune
/// games`: no search scored it).
pub(super) struct Line {
    pub(super) pos: Position,
    pub(super) result: f32,
    pub(super) score: Option<f32>,
    pub(super) held_out: bool,
}

impl Line {
    /// The fit's target for the side to move: `mix × σ(score / k) + (1 − mix) × result`, or the
    /// result alone where no search scored the position.
    pub(super) fn target(&self, mix: f64, k: f64) -> f64 {
        match self.score {
            Some(score) => mix * sigmoid(score as f64 / k) + (1.0 - mix) * self.result as f64,
            None => self.result as f64,
        }
    }
}

/// Reads the data files (positions in check, mates and lines without a score column are
/// skipped; a score of `-` says no search scored the position).
pub(super) fn read(files: &[String]) -> Result<Vec<Line>, TuneError> {
    use super::DataProblem;
    let mut lines = Vec::new();
    for path in files {
        let text =
            std::fs::read_to_string(path).map_err(|source| TuneError::Read { path: path.clone(), source })?;
        let last = text.lines().count().saturating_sub(1);
        for (n, line) in text.lines().enumerate() {
            // a run stopped while writing leaves its last line cut short
            if line.trim().is_empty() || (n == last && !text.ends_with('\n')) {
                continue;
            }
            let f: Vec<&str> = line.split('\t').collect();
            let bad = |problem| TuneError::Data { path: path.clone(), line: n + 1, problem };
            let pos = Position::from_sfen(f[0]).map_err(|e| bad(DataProblem::Sfen(e)))?;
            let result: f32 = f
                .get(1)
                .ok_or_else(|| bad(DataProblem::NoScore))?
                .parse()
                .map_err(|_| bad(DataProblem::BadScore))?;
            let score = match f.get(4) {
                None => continue,
                Some(&"-") => None,
                Some(s) => Some(s.parse::<f32>().map_err(|_| bad(DataProblem::BadScore))?),
            };
            if score.is_some_and(|s| s.abs() >= 3000.0) || pos.in_check() || f.get(3) == Some(&"0") {
                continue;
            }
            lines.push(Line { pos, result, score, held_out: n / 500 % 10 == 0 });
        }
    }
    Ok(lines)
}

/// `f` applied to each item, on every core, in order.
pub(super) fn on_every_core<T: Send, U: Send>(items: Vec<T>, f: impl Fn(T) -> U + Sync) -> Vec<U> {
    let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    let chunk = items.len().div_ceil(threads).max(1);
    let mut parts: Vec<Vec<T>> = Vec::new();
    let mut it = items.into_iter();
    loop {
        let part: Vec<T> = it.by_ref().take(chunk).collect();
        if part.is_empty() {
            break;
        }
        parts.push(part);
    }
    let f = &f;
    std::thread::scope(|scope| {
        let handles: Vec<_> = parts
            .into_iter()
            .map(|part| scope.spawn(move || part.into_iter().map(f).collect::<Vec<_>>()))
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("no worker panics")).collect()
    })
}

/// The rest of the evaluation and the KP features of each line, on every core.
fn prepare(lines: Vec<Line>) -> Vec<(Line, f32, Vec<u32>)> {
    on_every_core(lines, |l| {
        let whole = evaluate(&l.pos, &EvalTables::new(&l.pos));
        let rest = (whole - kp::evaluate(&l.pos, kp::shipped())) as f32;
        let f = kp::features(&l.pos)
            .into_iter()
            .flat_map(|(i, s)| factorised(i).map(|j| if s > 0 { j } else { j | AGAINST }))
            .collect();
        (l, rest, f)
    })
}

/// The k for which σ(eval / k) best predicts the results (squared error, 100 .. 2000).
pub(super) fn fit_k(evals: &[(f32, f32)]) -> f64 {
    let err = |k: f64| evals.iter().map(|&(e, r)| (sigmoid(e as f64 / k) - r as f64).powi(2)).sum::<f64>();
    (2..=40)
        .map(|i| i as f64 * 50.0)
        .map(|k| (err(k), k))
        .fold((f64::MAX, 600.0), |a, b| if b.0 < a.0 { b } else { a })
        .1
}

impl KpSample {
    fn kp(&self, w: &[f64]) -> f64 {
        self.features
            .iter()
            .map(|&f| if f & AGAINST != 0 { -w[(f & !AGAINST) as usize] } else { w[f as usize] })
            .sum()
    }
}

/// Mean cross-entropy against the targets (less their entropy) and mean squared error against
/// the results.
fn losses(samples: &[&KpSample], w: &[f64], k: f64) -> (f64, f64) {
    let (mut ce, mut mse) = (0.0, 0.0);
    for s in samples {
        let p = sigmoid((s.rest as f64 + s.kp(w)) / k).clamp(1e-9, 1.0 - 1e-9);
        let y = (s.target as f64).clamp(1e-9, 1.0 - 1e-9);
        ce += y * (y / p).ln() + (1.0 - y) * ((1.0 - y) / (1.0 - p)).ln();
        mse += (p - s.result as f64).powi(2);
    }
    let n = samples.len().max(1) as f64;
    (ce / n, mse / n)
}

/// Runs the fit and writes the weights file; progress on stdout.
pub fn run(o: &KpFit) -> Result<(), TuneError> {
    if o.files.is_empty() {
        return Err(TuneError::NoData);
    }
    let lines = read(&o.files)?;
    let prepared = prepare(lines);
    let k = o.k.unwrap_or_else(|| {
        let evals: Vec<(f32, f32)> = prepared.iter().map(|(l, rest, _)| (*rest, l.result)).collect();
        fit_k(&evals)
    });
    let samples: Vec<KpSample> = prepared
        .into_iter()
        .map(|(l, rest, features)| {
            let target = l.target(o.mix, k);
            KpSample { rest, target: target as f32, result: l.result, features, held_out: l.held_out }
        })
        .collect();
    let (test, train): (Vec<&KpSample>, Vec<&KpSample>) = samples.iter().partition(|s| s.held_out);
    println!("{} training positions, {} held out; k {k}, mix {}", train.len(), test.len(), o.mix);
    let mut w: Vec<f64> = vec![0.0; FIT_LEN];
    if !o.from_zero {
        for (x, &v) in w.iter_mut().zip(&kp::shipped_weights()) {
            *x = v as f64;
        }
    }
    let report = |label: &str, w: &[f64]| {
        let (ct, mt) = losses(&train, w, k);
        let (ch, mh) = losses(&test, w, k);
        println!("{label}: train loss {ct:.5} (results mse {mt:.5})  held out {ch:.5} (results mse {mh:.5})");
    };
    report("before", &w);
    let (b1, b2, eps): (f64, f64, f64) = (0.9, 0.999, 1e-8);
    let mut m = vec![0.0; FIT_LEN];
    let mut v = vec![0.0; FIT_LEN];
    let mut grad = vec![0.0; FIT_LEN];
    let mut touched: Vec<u32> = Vec::new();
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = Rng::new(11);
    let batch = 1024;
    let mut step = 0i32;
    for epoch in 1..=o.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        for chunk in order.chunks(batch) {
            step += 1;
            for &i in chunk {
                let s = train[i];
                let p = sigmoid((s.rest as f64 + s.kp(&w)) / k);
                let e = (p - s.target as f64) / (k * chunk.len() as f64);
                for &f in &s.features {
                    let (idx, sign) =
                        if f & AGAINST != 0 { ((f & !AGAINST) as usize, -1.0) } else { (f as usize, 1.0) };
                    if grad[idx] == 0.0 {
                        touched.push(idx as u32);
                    }
                    grad[idx] += e * sign;
                }
            }
            // Adam on the features this batch touched (lazy: the others keep their moments)
            let (c1, c2) = (1.0 - b1.powi(step), 1.0 - b2.powi(step));
            for &idx in &touched {
                let i = idx as usize;
                let g = grad[i] + o.l2 * w[i];
                m[i] = b1 * m[i] + (1.0 - b1) * g;
                v[i] = b2 * v[i] + (1.0 - b2) * g * g;
                w[i] -= o.rate * (m[i] / c1) / ((v[i] / c2).sqrt() + eps);
                grad[i] = 0.0;
            }
            touched.clear();
        }
        report(&format!("epoch {epoch}"), &w);
    }
    let quantized: Vec<i16> =
        fold(&w).iter().map(|&x| x.round().clamp(i16::MIN as f64, i16::MAX as f64) as i16).collect();
    let mut q = vec![0.0; FIT_LEN];
    for (x, &v) in q.iter_mut().zip(&quantized) {
        *x = v as f64;
    }
    report("folded and rounded", &q);
    let bytes = kp::to_bytes(&quantized);
    let tmp = format!("{}.tmp", o.out);
    std::fs::write(&tmp, bytes)
        .and_then(|_| std::fs::rename(&tmp, &o.out))
        .map_err(|source| TuneError::Write { path: o.out.clone(), source })?;
    println!("wrote {}", o.out);
    Ok(())
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Positions whose side to move won every game: the fit raises their KP value.
    /// A data file of one position whose side to move won every game, 600 times over (the first
    /// 500 lines are held out, the rest trained on): the file and the position.
    pub(in crate::engine::tune) fn winner_data(dir: &std::path::Path) -> (std::path::PathBuf, Position) {
        let data = dir.join("d.tsv");
        let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
        std::fs::write(&data, format!("{sfen}\t1\t3c3d\t1\t400\n").repeat(600)).unwrap();
        (data, Position::from_sfen(sfen).unwrap())
    }

    #[test]
    fn the_fit_moves_towards_the_winner() {
        let dir = tempfile::tempdir().unwrap();
        let (data, pos) = winner_data(dir.path());
        let out = dir.path().join("kp.bin");
        let fit = KpFit {
            mix: 0.5,
            epochs: 20,
            l2: 0.0,
            rate: 2.0,
            k: Some(600.0),
            from_zero: true,
            files: vec![data.display().to_string()],
            out: out.display().to_string(),
        };
        run(&fit).unwrap();
        let w = kp::parse(&std::fs::read(&out).unwrap()).unwrap();
        let t = kp::KpTables::new(&w);
        assert!(kp::evaluate(&pos, &t) > 50, "{}", kp::evaluate(&pos, &t));
    }

    #[test]
    fn bad_lines_are_reported_with_their_place() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("d.tsv");
        std::fs::write(
            &data,
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\t1\t7g7f\t1\tx\n",
        )
        .unwrap();
        let e = read(&[data.display().to_string()]).err().unwrap();
        assert!(e.to_string().ends_with("d.tsv:1: bad score"), "{e}");
    }

    #[test]
    fn a_position_no_search_scored_has_the_result_for_its_target() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("d.tsv");
        let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
        std::fs::write(&data, format!("{sfen}\t0\t3c3d\t1\t-\n{sfen}\t0\t3c3d\t1\t400\n")).unwrap();
        let lines = read(&[data.display().to_string()]).unwrap();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].score, None);
        assert_eq!(lines[0].target(0.7, 600.0), 0.0);
        assert_eq!(lines[1].score, Some(400.0));
        let scored = 0.7 * sigmoid(400.0 / 600.0);
        assert!((lines[1].target(0.7, 600.0) - scored).abs() < 1e-9);
    }
}

//! `shogiban tune net`: learns the king-piece network (`eval::net`) from self-play data.
//!
//! ```text
//! shogiban tune net [--mix X] [--epochs N] [--l2 X] [--rate R] [--k K] [--from-zero] [--seed S]
//!                   -o OUT DATA...
//! ```
//!
//! The data and the target are those of `tune kp`: a mix of σ(score / k) and the game's result
//! for the side to move. The prediction is `σ((rest + net) / k)`, where `rest` is the rest of the
//! evaluation (the king-piece tables included, held fixed) and `net` the network's term, so the
//! network learns what the tables cannot say. Cross-entropy, Adam on mini-batches, an L2 pull
//! towards 0 on the feature weights. As for the tables, each feature's weights are learned three
//! times over (its king square, its king's region, any king square) and added up when written.
//!
//! The network's weights are fitted in floating point (the accumulator in units where 1 clips,
//! the output in centipawns) and rounded to the file's integers at the end; the loss of the
//! rounded network is reported beside the float one.

use super::TuneError;
use super::kp::{AGAINST, FIT_LEN, Line, factorised, fit_k, on_every_core, read, sigmoid};
use crate::engine::eval::net::{self, H, MAX_BIAS, MAX_OUT, MAX_WEIGHT, NetWeights, ONE, OUT_SCALE};
use crate::engine::eval::{EvalTables, evaluate, kp};
use crate::engine::rng::Rng;

/// Settings of a network fit.
pub struct NetFit {
    /// Weight of the search score in the target (the rest is the game result).
    pub mix: f64,
    pub epochs: usize,
    /// L2 pull of the feature weights towards 0.
    pub l2: f64,
    /// Adam step size of the feature weights and biases (units where 1 clips); the output
    /// weights take 500 times it in centipawns.
    pub rate: f64,
    /// Centipawns per unit of logit (fitted to the results when `None`).
    pub k: Option<f64>,
    /// Start from fresh random weights instead of the shipped network.
    pub from_zero: bool,
    pub seed: u64,
    /// Learn rows of their own for each king square (otherwise only the region and any-king
    /// rows, which generalise from less data).
    pub king_squares: bool,
    pub files: Vec<String>,
    pub out: String,
}

/// One training position.
struct Sample {
    rest: f32,
    target: f32,
    result: f32,
    /// KP feature indices (within `kp::LEN`), the top bit set for the king of the side not to
    /// move.
    features: Vec<u32>,
    held_out: bool,
}

/// The float network: feature rows (`FIT_LEN` of them: the tables' rows, then the shared ones),
/// biases and output weights.
struct Model {
    rows: Vec<[f32; H]>,
    bias: [f32; H],
    out: [f32; H],
}

/// The two kings' accumulators of a sample (side to move first).
fn accumulate(m: &Model, s: &Sample) -> [[f32; H]; 2] {
    let mut a = [m.bias; 2];
    for &f in &s.features {
        let side = (f & AGAINST != 0) as usize;
        for j in factorised(f & !AGAINST) {
            for (x, &w) in a[side].iter_mut().zip(&m.rows[j as usize]) {
                *x += w;
            }
        }
    }
    a
}

/// The network's term (side to move, centipawns) from the accumulators.
fn term(m: &Model, a: &[[f32; H]; 2]) -> f32 {
    m.out
        .iter()
        .zip(a[0].iter().zip(&a[1]))
        .map(|(o, (x, y))| o * (x.clamp(0.0, 1.0) - y.clamp(0.0, 1.0)))
        .sum()
}

/// Mean cross-entropy against the targets (less their entropy) and mean squared error against
/// the results.
fn losses(samples: &[&Sample], m: Option<&Model>, k: f64) -> (f64, f64) {
    let (mut ce, mut mse) = (0.0, 0.0);
    for s in samples {
        // without a model: the rest of the evaluation alone
        let net = m.map_or(0.0, |m| term(m, &accumulate(m, s)));
        let p = sigmoid((s.rest + net) as f64 / k).clamp(1e-9, 1.0 - 1e-9);
        let y = (s.target as f64).clamp(1e-9, 1.0 - 1e-9);
        ce += y * (y / p).ln() + (1.0 - y) * ((1.0 - y) / (1.0 - p)).ln();
        mse += (p - s.result as f64).powi(2);
    }
    let n = samples.len().max(1) as f64;
    (ce / n, mse / n)
}

/// The positions with the rest of their evaluation and their features, on every core.
fn prepare(lines: Vec<Line>, k: Option<f64>, mix: f64) -> (Vec<Sample>, f64) {
    let prepared = on_every_core(lines, |l| {
        let whole = evaluate(&l.pos, &EvalTables::new(&l.pos));
        let rest = (whole - net::evaluate(&l.pos, net::shipped())) as f32;
        let f = kp::features(&l.pos).into_iter().map(|(i, s)| if s > 0 { i } else { i | AGAINST }).collect();
        (l, rest, f)
    });
    let k = k.unwrap_or_else(|| {
        let evals: Vec<(f32, f32)> = prepared.iter().map(|(l, rest, _)| (*rest, l.result)).collect();
        fit_k(&evals)
    });
    let samples = prepared
        .into_iter()
        .map(|(l, rest, features)| {
            let target = l.target(mix, k);
            Sample { rest, target: target as f32, result: l.result, features, held_out: l.held_out }
        })
        .collect();
    (samples, k)
}

/// A fresh model: random any-king rows (the others 0), biases in the middle of the clip.
fn fresh(seed: u64) -> Model {
    let mut rng = Rng::new(seed);
    let mut uniform = |a: f32| (rng.below(1 << 20) as f32 / (1 << 20) as f32 * 2.0 - 1.0) * a;
    let mut rows = vec![[0.0f32; H]; FIT_LEN];
    for row in &mut rows[kp::LEN..kp::LEN + kp::FEATURES] {
        *row = std::array::from_fn(|_| uniform(0.05));
    }
    Model { rows, bias: [0.5; H], out: std::array::from_fn(|_| uniform(20.0)) }
}

/// The shipped network as a model (its rows on the king squares, the shared rows 0).
fn from_shipped(w: &NetWeights) -> Model {
    let mut rows = vec![[0.0f32; H]; FIT_LEN];
    for (r, q) in rows.iter_mut().zip(&w.features) {
        *r = std::array::from_fn(|h| q[h] as f32 / ONE as f32);
    }
    Model {
        rows,
        bias: std::array::from_fn(|h| w.bias[h] as f32 / ONE as f32),
        out: std::array::from_fn(|h| w.out[h] as f32 / OUT_SCALE as f32),
    }
}

/// The model rounded to the file's integers (shared rows folded in).
fn quantize(m: &Model) -> NetWeights {
    let q = |x: f32, max: i16| (x * ONE as f32).round().clamp(-max as f32, max as f32) as i16;
    let features = (0..kp::LEN)
        .map(|i| {
            let idx = factorised(i as u32);
            std::array::from_fn(|h| q(idx.iter().map(|&j| m.rows[j as usize][h]).sum(), MAX_WEIGHT))
        })
        .collect();
    NetWeights {
        features,
        bias: std::array::from_fn(|h| q(m.bias[h], MAX_BIAS)),
        out: std::array::from_fn(|h| {
            (m.out[h] * OUT_SCALE as f32).round().clamp(-MAX_OUT as f32, MAX_OUT as f32) as i32
        }),
    }
}

/// Adam's moments of one block of weights.
#[derive(Clone, Copy)]
struct Moments {
    m: [f32; H],
    v: [f32; H],
}

const ZERO_MOMENTS: Moments = Moments { m: [0.0; H], v: [0.0; H] };

/// One Adam step on `w` with gradient `g` (L2 `l2` added).
#[inline]
fn adam(w: &mut [f32; H], g: &[f32; H], mo: &mut Moments, rate: f32, l2: f32, c: (f32, f32)) {
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    for h in 0..H {
        let g = g[h] + l2 * w[h];
        mo.m[h] = b1 * mo.m[h] + (1.0 - b1) * g;
        mo.v[h] = b2 * mo.v[h] + (1.0 - b2) * g * g;
        w[h] -= rate * (mo.m[h] / c.0) / ((mo.v[h] / c.1).sqrt() + eps);
    }
}

/// Runs the fit and writes the weights file; progress on stdout.
pub fn run(o: &NetFit) -> Result<(), TuneError> {
    if o.files.is_empty() {
        return Err(TuneError::NoData);
    }
    let (samples, k) = prepare(read(&o.files)?, o.k, o.mix);
    let (test, train): (Vec<&Sample>, Vec<&Sample>) = samples.iter().partition(|s| s.held_out);
    println!("{} training positions, {} held out; k {k}, mix {}, width {H}", train.len(), test.len(), o.mix);
    // a fit from zero reads no shipped weights, so a build of another width can make its own
    let shipped = if o.from_zero { None } else { net::shipped_weights() };
    let mut model = match &shipped {
        Some(w) => from_shipped(w),
        None => fresh(o.seed),
    };
    // the training loss on a fixed sample of the training positions (the whole set is slow)
    let probe: Vec<&Sample> = train.iter().step_by((train.len() / 100_000).max(1)).copied().collect();
    let report = |label: &str, m: &Model| {
        let (ct, mt) = losses(&probe, Some(m), k);
        let (ch, mh) = losses(&test, Some(m), k);
        println!("{label}: train loss {ct:.5} (results mse {mt:.5})  held out {ch:.5} (results mse {mh:.5})");
        ch
    };
    let (ct, ch) = (losses(&probe, None, k).0, losses(&test, None, k).0);
    println!("without the network: train loss {ct:.5}  held out {ch:.5}");
    report("before", &model);
    let first = if o.king_squares { 0 } else { 1 };
    let mut row_moments = vec![ZERO_MOMENTS; FIT_LEN];
    let (mut bias_moments, mut out_moments) = (ZERO_MOMENTS, ZERO_MOMENTS);
    let mut grad = vec![[0.0f32; H]; FIT_LEN];
    let mut touched_flag = vec![false; FIT_LEN];
    let mut touched: Vec<u32> = Vec::new();
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = Rng::new(o.seed ^ 0x5eed);
    let batch = 1024;
    let mut step = 0i32;
    let (rate, l2) = (o.rate as f32, o.l2 as f32);
    let mut best: Option<(f64, usize, NetWeights)> = None;
    for epoch in 1..=o.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        for chunk in order.chunks(batch) {
            step += 1;
            let mut g_bias = [0.0f32; H];
            let mut g_out = [0.0f32; H];
            for &i in chunk {
                let s = train[i];
                let a = accumulate(&model, s);
                let p = sigmoid((s.rest + term(&model, &a)) as f64 / k);
                let e = ((p - s.target as f64) / (k * chunk.len() as f64)) as f32;
                // d term / d a[side][h] = ±out[h] where the clip passes, 0 elsewhere
                let mut d = [[0.0f32; H]; 2];
                for h in 0..H {
                    let z0 = a[0][h].clamp(0.0, 1.0);
                    let z1 = a[1][h].clamp(0.0, 1.0);
                    g_out[h] += e * (z0 - z1);
                    if a[0][h] > 0.0 && a[0][h] < 1.0 {
                        d[0][h] = e * model.out[h];
                    }
                    if a[1][h] > 0.0 && a[1][h] < 1.0 {
                        d[1][h] = -e * model.out[h];
                    }
                    g_bias[h] += d[0][h] + d[1][h];
                }
                for &f in &s.features {
                    let side = (f & AGAINST != 0) as usize;
                    for &j in &factorised(f & !AGAINST)[first..] {
                        let j = j as usize;
                        if !touched_flag[j] {
                            touched_flag[j] = true;
                            touched.push(j as u32);
                        }
                        for (g, &x) in grad[j].iter_mut().zip(&d[side]) {
                            *g += x;
                        }
                    }
                }
            }
            let c = (1.0 - 0.9f32.powi(step), 1.0 - 0.999f32.powi(step));
            for &j in &touched {
                let j = j as usize;
                adam(&mut model.rows[j], &grad[j], &mut row_moments[j], rate, l2, c);
                grad[j] = [0.0; H];
                touched_flag[j] = false;
            }
            touched.clear();
            adam(&mut model.bias, &g_bias, &mut bias_moments, rate, 0.0, c);
            adam(&mut model.out, &g_out, &mut out_moments, rate * 500.0, 0.0, c);
        }
        let held_out = report(&format!("epoch {epoch}"), &model);
        // the epoch that predicts the held-out games best is the one written
        if best.as_ref().is_none_or(|b| held_out < b.0) {
            best = Some((held_out, epoch, quantize(&model)));
        }
    }
    let (epoch, weights) = best.map_or_else(|| (0, quantize(&model)), |b| (b.1, b.2));
    println!("keeping epoch {epoch}");
    let bytes = net::to_bytes(Some(&weights));
    let tmp = format!("{}.tmp", o.out);
    std::fs::write(&tmp, bytes)
        .and_then(|_| std::fs::rename(&tmp, &o.out))
        .map_err(|source| TuneError::Write { path: o.out.clone(), source })?;
    println!("wrote {}", o.out);
    Ok(())
}

/// The network's term of `pos` by the float model, for tests.
#[cfg(test)]
fn model_term(m: &Model, pos: &crate::core::Position) -> f32 {
    let s = Sample {
        rest: 0.0,
        target: 0.0,
        result: 0.0,
        features: kp::features(pos).into_iter().map(|(i, s)| if s > 0 { i } else { i | AGAINST }).collect(),
        held_out: false,
    };
    term(m, &accumulate(m, &s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Position;

    /// The integer network the evaluation reads says what the float model says, to rounding.
    #[test]
    fn the_rounded_network_agrees_with_the_model() {
        let mut m = fresh(9);
        let mut rng = Rng::new(4);
        for row in m.rows.iter_mut().step_by(7) {
            *row = std::array::from_fn(|_| (rng.below(1000) as f32 / 1000.0 - 0.5) * 0.2);
        }
        let t = net::NetTables::new(Some(quantize(&m)));
        for sfen in [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
            "ln3gsn1/7kl/3+B1p1p1/p4s2p/2P6/P2B3PP/1PNP+rPP2/2G3SK1/L4G1NL b G3Prs3p 65",
        ] {
            let pos = Position::from_sfen(sfen).unwrap();
            let float = model_term(&m, &pos);
            let int = net::evaluate(&pos, &t);
            assert!((float - int as f32).abs() <= 3.0, "{sfen}: {float} vs {int}");
            assert!(float.abs() > 1.0, "{sfen}: the test network says something ({float})");
        }
    }

    /// Positions whose side to move won every game: the fit raises the network's term for them.
    #[test]
    fn the_fit_moves_towards_the_winner() {
        let dir = tempfile::tempdir().unwrap();
        let (data, pos) = super::super::kp::tests::winner_data(dir.path());
        let out = dir.path().join("net.bin");
        let fit = NetFit {
            mix: 0.5,
            epochs: 30,
            l2: 0.0,
            rate: 0.01,
            k: Some(600.0),
            from_zero: true,
            seed: 1,
            king_squares: true,
            files: vec![data.display().to_string()],
            out: out.display().to_string(),
        };
        run(&fit).unwrap();
        let w = net::parse(&std::fs::read(&out).unwrap()).unwrap();
        let t = net::NetTables::new(w);
        assert!(net::evaluate(&pos, &t) > 50, "{}", net::evaluate(&pos, &t));
    }
}

//! Fitting the evaluation to scored positions: logistic regression of the evaluation's win
//! probability on a reference engine's, with Adam and an L2 pull towards the hand-set values.

use super::layout::{Features, LEN};

/// One training position: its features and the reference score (centipawns, side to move).
pub struct Sample {
    pub features: Features,
    pub score: f64,
    /// Kept aside to measure the fit (never trained on).
    pub held_out: bool,
}

/// Settings of a fit.
pub struct FitOptions {
    /// Centipawns of our evaluation per unit of logit: win probability = σ(eval / k).
    pub k: f64,
    /// The reference engine's centipawns are multiplied by this to be on our scale.
    pub scale: f64,
    /// Strength of the pull towards the prior, per centipawn of difference.
    pub lambda: f64,
    pub iterations: usize,
    /// Adam step size in centipawns.
    pub rate: f64,
    /// The samples' scores are game results for the side to move (1, 0.5, 0), not centipawns.
    pub results: bool,
}

impl FitOptions {
    /// The target win probability of a sample.
    fn target(&self, s: &Sample) -> f64 {
        if self.results { s.score } else { sigmoid(self.scale * s.score / self.k) }
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean cross-entropy between σ(eval/k) and σ(scale × score / k) over `samples`, minus the
/// entropy of the targets (so a perfect fit is 0).
pub fn loss(samples: &[Sample], theta: &[f64], o: &FitOptions) -> f64 {
    let mut total = 0.0;
    for s in samples {
        let y = o.target(s).clamp(1e-9, 1.0 - 1e-9);
        let p = sigmoid(s.features.eval(theta) / o.k).clamp(1e-9, 1.0 - 1e-9);
        total += y * (y / p).ln() + (1.0 - y) * ((1.0 - y) / (1.0 - p)).ln();
    }
    total / samples.len().max(1) as f64
}

/// The value among `candidates` with the smallest `err`.
fn argmin(candidates: impl Iterator<Item = f64>, err: impl Fn(f64) -> f64) -> f64 {
    candidates.map(|x| (err(x), x)).fold((f64::MAX, 1.0), |a, b| if b.0 < a.0 { b } else { a }).1
}

/// The scale between the reference scores and our current evaluation: the factor for which
/// σ(scale × score / k) best matches σ(eval / k) (a search over 0.2 .. 3).
pub fn fit_scale(samples: &[Sample], theta: &[f64], k: f64) -> f64 {
    let evals: Vec<f64> = samples.iter().map(|s| sigmoid(s.features.eval(theta) / k)).collect();
    argmin((4..=60).map(|i| i as f64 * 0.05), |scale| {
        samples.iter().zip(&evals).map(|(s, p)| (sigmoid(scale * s.score / k) - p).powi(2)).sum()
    })
}

/// For game results: the k (centipawns per unit of logit) for which σ(eval / k) best predicts
/// the results with the current evaluation (texel's K), searched over 100 .. 2000.
pub fn fit_k(samples: &[Sample], theta: &[f64]) -> f64 {
    let evals: Vec<f64> = samples.iter().map(|s| s.features.eval(theta)).collect();
    argmin((2..=40).map(|i| i as f64 * 50.0), |k| {
        samples.iter().zip(&evals).map(|(s, e)| (sigmoid(e / k) - s.score).powi(2)).sum()
    })
}

/// Adam on the logistic loss plus `lambda` × Σ (θ − prior)² / 2; `report` is called every 50
/// iterations with (iteration, training loss).
pub fn fit(
    samples: &[Sample],
    theta: &mut [f64],
    prior: &[f64],
    frozen: &[bool],
    o: &FitOptions,
    mut report: impl FnMut(usize, f64),
) {
    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    let mut m = vec![0.0; LEN];
    let mut v = vec![0.0; LEN];
    let mut grad = vec![0.0; LEN];
    let n = samples.len().max(1) as f64;
    for it in 1..=o.iterations {
        grad.iter_mut().for_each(|g| *g = 0.0);
        let mut total = 0.0;
        for s in samples {
            let y = o.target(s);
            let p = sigmoid(s.features.eval(theta) / o.k);
            total += (p - y).powi(2);
            let e = (p - y) / (o.k * n);
            for &(i, x) in &s.features.terms {
                grad[i as usize] += e * x as f64;
            }
        }
        for i in 0..LEN {
            if frozen[i] {
                continue;
            }
            let g = grad[i] + o.lambda * (theta[i] - prior[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(it as i32));
            let vh = v[i] / (1.0 - b2.powi(it as i32));
            theta[i] -= o.rate * mh / (vh.sqrt() + eps);
        }
        if it % 50 == 0 || it == o.iterations {
            report(it, total / n);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Position;
    use crate::engine::tune::layout::{current, features};

    #[test]
    fn the_fit_moves_towards_the_targets() {
        // one position scored far better than we think: the fit raises its evaluation
        let pos =
            Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2").unwrap();
        let f = features(&pos);
        let mut theta = current();
        let before = f.eval(&theta);
        let samples = vec![Sample { features: f, score: before + 400.0, held_out: false }];
        let prior = theta.clone();
        let o = FitOptions { k: 600.0, scale: 1.0, lambda: 0.0, iterations: 50, rate: 1.0, results: false };
        let l0 = loss(&samples, &theta, &o);
        fit(&samples, &mut theta, &prior, &vec![false; LEN], &o, |_, _| {});
        assert!(samples[0].features.eval(&theta) > before + 100.0);
        assert!(loss(&samples, &theta, &o) < l0);
    }

    #[test]
    fn results_fit_finds_k_and_moves_towards_the_winner() {
        let pos =
            Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2").unwrap();
        let mut theta = current();
        let before = features(&pos).eval(&theta);
        // the side to move won every game from here
        let samples: Vec<Sample> =
            (0..20).map(|_| Sample { features: features(&pos), score: 1.0, held_out: false }).collect();
        let k = fit_k(&samples, &theta);
        assert!((100.0..=2000.0).contains(&k));
        let o = FitOptions { k: 600.0, scale: 1.0, lambda: 0.0, iterations: 50, rate: 1.0, results: true };
        let l0 = loss(&samples, &theta, &o);
        let prior = theta.clone();
        fit(&samples, &mut theta, &prior, &vec![false; LEN], &o, |_, _| {});
        assert!(samples[0].features.eval(&theta) > before + 100.0);
        assert!(loss(&samples, &theta, &o) < l0);
    }
}

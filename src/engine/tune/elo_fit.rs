//! Ratings of players from their games against each other, by maximum likelihood on the Elo
//! scale (the Bradley–Terry model): player `i` scores against `j` with probability
//! `1 / (1 + 10^((r_j - r_i) / 400))`. One player is the anchor, held at a fixed figure; a
//! draw counts half a win to each side. Each pair that played gets one draw more (BayesElo's
//! prior), which keeps a figure finite when one side won every game, and pulls it a little
//! towards its opponents.

/// What a pair of players scored against each other: wins of `a`, wins of `b`, draws.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct PairScore {
    pub a: usize,
    pub b: usize,
    pub a_wins: f64,
    pub b_wins: f64,
    pub draws: f64,
}

/// A fitted figure and its standard error.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Fitted {
    pub rating: f64,
    pub deviation: f64,
}

/// Why a fit failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FitError {
    /// A player has no chain of games to the anchor.
    #[error("player {0} has no games linking it to the anchor")]
    Unlinked(usize),
}

const C: f64 = std::f64::consts::LN_10 / 400.0;

/// The expected score of a player `diff` points above its opponent.
pub fn expected(diff: f64) -> f64 {
    1.0 / (1.0 + (-C * diff).exp())
}

/// Fits `players` figures with player `anchor` held at `anchor_rating`; every other player must
/// be linked to the anchor through games. Returns a figure and standard error for each (the
/// anchor's error is 0: the others' errors are relative to it).
pub fn fit(
    players: usize,
    anchor: usize,
    anchor_rating: f64,
    pairs: &[PairScore],
) -> Result<Vec<Fitted>, FitError> {
    // linked to the anchor?
    let mut linked = vec![false; players];
    linked[anchor] = true;
    loop {
        let mut grew = false;
        for p in pairs.iter().filter(|p| p.a_wins + p.b_wins + p.draws > 0.0) {
            if linked[p.a] != linked[p.b] {
                linked[p.a] = true;
                linked[p.b] = true;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    if let Some(i) = linked.iter().position(|l| !l) {
        return Err(FitError::Unlinked(i));
    }
    // the free players, in order, and each one's place among the unknowns
    let free: Vec<usize> = (0..players).filter(|&i| i != anchor).collect();
    let slot = |i: usize| free.iter().position(|&f| f == i);
    let mut r = vec![anchor_rating; players];
    let n = free.len();
    for _ in 0..200 {
        let (grad, hess) = derivatives(&r, pairs, n, &slot);
        // Newton's step: solve (-H) d = g
        let neg: Vec<Vec<f64>> = hess.iter().map(|row| row.iter().map(|x| -x).collect()).collect();
        let Some(step) = solve(neg, grad) else { break };
        let largest = step.iter().fold(0.0f64, |m, x| m.max(x.abs()));
        let scale = if largest > 200.0 { 200.0 / largest } else { 1.0 };
        for (k, &i) in free.iter().enumerate() {
            r[i] += step[k] * scale;
        }
        if largest < 1e-6 {
            break;
        }
    }
    let (_, hess) = derivatives(&r, pairs, n, &slot);
    let cov = invert(hess.iter().map(|row| row.iter().map(|x| -x).collect()).collect());
    Ok((0..players)
        .map(|i| Fitted {
            rating: r[i],
            deviation: match (slot(i), &cov) {
                (Some(k), Some(cov)) => cov[k][k].max(0.0).sqrt(),
                (Some(_), None) => f64::INFINITY,
                (None, _) => 0.0,
            },
        })
        .collect())
}

/// The log-likelihood's gradient and Hessian in the free players' figures.
fn derivatives(
    r: &[f64],
    pairs: &[PairScore],
    n: usize,
    slot: &dyn Fn(usize) -> Option<usize>,
) -> (Vec<f64>, Vec<Vec<f64>>) {
    let mut grad = vec![0.0; n];
    let mut hess = vec![vec![0.0; n]; n];
    for p in pairs {
        // one more draw for every pair that played (the prior)
        let games = p.a_wins + p.b_wins + p.draws;
        if games == 0.0 {
            continue;
        }
        let total = games + 1.0;
        let a_score = p.a_wins + 0.5 * (p.draws + 1.0);
        let e = expected(r[p.a] - r[p.b]);
        let g = C * (a_score - total * e);
        let h = C * C * total * e * (1.0 - e);
        if let Some(i) = slot(p.a) {
            grad[i] += g;
            hess[i][i] -= h;
        }
        if let Some(j) = slot(p.b) {
            grad[j] -= g;
            hess[j][j] -= h;
        }
        if let (Some(i), Some(j)) = (slot(p.a), slot(p.b)) {
            hess[i][j] += h;
            hess[j][i] += h;
        }
    }
    (grad, hess)
}

/// Solves `m x = v` by Gaussian elimination with partial pivoting; `None` when singular.
fn solve(mut m: Vec<Vec<f64>>, mut v: Vec<f64>) -> Option<Vec<f64>> {
    let n = v.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))?;
        if m[pivot][col].abs() < 1e-15 {
            return None;
        }
        m.swap(col, pivot);
        v.swap(col, pivot);
        let (done, rest) = m.split_at_mut(col + 1);
        let pivot_row = &done[col];
        for (i, row) in rest.iter_mut().enumerate() {
            let f = row[col] / pivot_row[col];
            for (x, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= f * p;
            }
            v[col + 1 + i] -= f * v[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|k| m[row][k] * x[k]).sum();
        x[row] = (v[row] - s) / m[row][row];
    }
    Some(x)
}

/// The inverse of `m`, column by column; `None` when singular.
fn invert(m: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = m.len();
    let cols: Option<Vec<Vec<f64>>> =
        (0..n).map(|c| solve(m.clone(), (0..n).map(|r| if r == c { 1.0 } else { 0.0 }).collect())).collect();
    let cols = cols?;
    Some((0..n).map(|r| (0..n).map(|c| cols[c][r]).collect()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(a: usize, b: usize, a_wins: f64, b_wins: f64, draws: f64) -> PairScore {
        PairScore { a, b, a_wins, b_wins, draws }
    }

    #[test]
    fn an_even_score_is_an_equal_figure() {
        let f = fit(2, 0, 1000.0, &[pair(0, 1, 20.0, 20.0, 0.0)]).unwrap();
        assert_eq!(f[0], Fitted { rating: 1000.0, deviation: 0.0 });
        assert!((f[1].rating - 1000.0).abs() < 1e-6);
        // 41 games at 50 %: 1 / sqrt(n p (1 - p)) / C ≈ 54 points
        assert!((f[1].deviation - 1.0 / (C * (41.0f64 * 0.25).sqrt())).abs() < 1e-6, "{:?}", f[1]);
    }

    #[test]
    fn three_to_one_is_about_191_points() {
        // 75 % ⇔ 400 log10(3) ≈ 190.8; the prior's draw pulls it in a little
        let f = fit(2, 1, 1000.0, &[pair(0, 1, 300.0, 100.0, 0.0)]).unwrap();
        let d = f[0].rating - 1000.0;
        assert!((d - 400.0 * 3.0f64.log10()).abs() < 2.0, "{d}");
        assert!(f[0].deviation > 15.0 && f[0].deviation < 25.0, "{:?}", f[0]);
    }

    #[test]
    fn a_chain_adds_up_and_its_errors_grow_along_it() {
        // 0 (anchor) < 1 < 2, each 3:1 over the one below, and 2 over 0 by 9:1
        let pairs =
            [pair(1, 0, 300.0, 100.0, 0.0), pair(2, 1, 300.0, 100.0, 0.0), pair(2, 0, 90.0, 10.0, 0.0)];
        let f = fit(3, 0, 1000.0, &pairs).unwrap();
        assert!((f[1].rating - 1191.0).abs() < 10.0, "{:?}", f);
        assert!((f[2].rating - 1382.0).abs() < 12.0, "{:?}", f);
        assert!(f[2].deviation > f[1].deviation);
    }

    #[test]
    fn a_clean_sweep_gives_a_finite_figure() {
        let f = fit(2, 0, 1000.0, &[pair(1, 0, 10.0, 0.0, 0.0)]).unwrap();
        assert!(f[1].rating > 1300.0 && f[1].rating < 1700.0, "{:?}", f[1]);
        assert!(f[1].deviation.is_finite());
    }

    #[test]
    fn a_player_with_no_link_to_the_anchor_is_an_error() {
        let pairs = [pair(0, 1, 5.0, 5.0, 0.0), pair(2, 3, 5.0, 5.0, 0.0)];
        assert_eq!(fit(4, 0, 1000.0, &pairs), Err(FitError::Unlinked(2)));
    }
}

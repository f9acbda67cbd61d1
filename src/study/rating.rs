//! The player's rating from games against the computer: Glicko-2 (Mark Glickman, "Example of
//! the Glicko-2 system", 2013), one rating period a game, as lichess rates each game at once.
//!
//! A rating is a figure, a deviation (how sure the figure is: large while few games are
//! played, a *provisional* rating) and a volatility (how much the player's strength moves). The
//! scale is the levels' (decision 0025 and the levels' measured figures): the same numbers an
//! opponent level shows. This file is the arithmetic only; which games count and where they
//! are kept live with the app.

use std::f64::consts::PI;

/// Glicko-2's scale factor between the Elo-like figure and its internal scale.
const SCALE: f64 = 173.7178;
/// The system constant τ: how fast the volatility may change (Glickman suggests 0.3–1.2).
const TAU: f64 = 0.5;
/// The convergence tolerance of the volatility's iteration.
const EPSILON: f64 = 1e-6;

/// A new player's rating: the anchor's figure (GNU Shogi at 1 s a move, about the middle levels;
/// decision 0040), with Glicko-2's deviation that says "not known yet".
pub const START: Rating =
    Rating { rating: crate::engine::levels::ANCHOR_RATING, deviation: 350.0, volatility: 0.06 };
/// A rating whose deviation is above this is provisional (shown with `?`), as lichess does.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// A Glicko-2 rating.
#[derive(Copy, Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rating {
    pub rating: f64,
    /// The rating deviation (RD): about one standard deviation of the figure.
    pub deviation: f64,
    pub volatility: f64,
}

/// One game's result for the rated player.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

impl Outcome {
    /// The points the game is worth: 1, ½ or 0.
    pub fn score(self) -> f64 {
        match self {
            Outcome::Win => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Loss => 0.0,
        }
    }
}

/// An opponent's strength: its figure and how sure it is (a level's measured error bar).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Opponent {
    pub rating: f64,
    pub deviation: f64,
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Rating {
    /// Whether the figure is still provisional (too few games to be sure of it).
    pub fn is_provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// The figure and its deviation as shown: `1412 ± 86`, with `?` while provisional.
    pub fn figure(&self) -> String {
        let mark = if self.is_provisional() { "?" } else { "" };
        format!("{:.0}{mark} ± {:.0}", self.rating, self.deviation)
    }

    /// The expected score (0..=1) against `opponent`.
    pub fn expected_score(&self, opponent: Opponent) -> f64 {
        let (mu, phi_j) = ((self.rating - 1500.0) / SCALE, opponent.deviation / SCALE);
        expected(mu, (opponent.rating - 1500.0) / SCALE, phi_j)
    }

    /// The rating after one rating period with `games` (none: the deviation grows, as time
    /// without games makes the figure less sure).
    pub fn after(&self, games: &[(Opponent, Outcome)]) -> Rating {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            let phi = (phi * phi + sigma * sigma).sqrt();
            return Rating { deviation: phi * SCALE, ..*self };
        }
        let mut inv_v = 0.0;
        let mut sum = 0.0;
        for (o, outcome) in games {
            let (mu_j, phi_j) = ((o.rating - 1500.0) / SCALE, o.deviation / SCALE);
            let e = expected(mu, mu_j, phi_j);
            inv_v += g(phi_j).powi(2) * e * (1.0 - e);
            sum += g(phi_j) * (outcome.score() - e);
        }
        let v = 1.0 / inv_v;
        let delta = v * sum;
        let sigma = new_volatility(phi, sigma, v, delta);
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu = mu + phi * phi * sum;
        Rating { rating: mu * SCALE + 1500.0, deviation: phi * SCALE, volatility: sigma }
    }
}

/// The level a player of `rating` plays the most even game against (expected score nearest
/// 50 %, by the levels' figures), with that expected score.
pub fn even_level(rating: &Rating) -> (crate::engine::levels::Level, f64) {
    crate::engine::levels::Level::all()
        .map(|level| {
            let r = level.rating();
            (level, rating.expected_score(Opponent { rating: r.rating, deviation: r.deviation }))
        })
        .min_by(|a, b| (a.1 - 0.5).abs().total_cmp(&(b.1 - 0.5).abs()))
        .expect("there are levels")
}

/// Step 5 of Glickman's procedure: the new volatility, by the Illinois algorithm.
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    for _ in 0..100 {
        if (big_b - big_a).abs() <= EPSILON {
            break;
        }
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    /// Glickman's worked example: 1500 ± 200 (σ 0.06) beats 1400 ± 30, loses to 1550 ± 100 and
    /// to 1700 ± 300: 1464.06 ± 151.52, σ 0.05999.
    #[test]
    fn glickmans_worked_example() {
        let player = Rating { rating: 1500.0, deviation: 200.0, volatility: 0.06 };
        let games = [
            (Opponent { rating: 1400.0, deviation: 30.0 }, Outcome::Win),
            (Opponent { rating: 1550.0, deviation: 100.0 }, Outcome::Loss),
            (Opponent { rating: 1700.0, deviation: 300.0 }, Outcome::Loss),
        ];
        let r = player.after(&games);
        assert!(close(r.rating, 1464.06, 0.01), "{r:?}");
        assert!(close(r.deviation, 151.52, 0.01), "{r:?}");
        assert!(close(r.volatility, 0.05999, 0.00001), "{r:?}");
    }

    #[test]
    fn a_win_raises_a_loss_lowers_and_every_game_makes_the_figure_surer() {
        let level = Opponent { rating: START.rating, deviation: 50.0 };
        let win = START.after(&[(level, Outcome::Win)]);
        let loss = START.after(&[(level, Outcome::Loss)]);
        let draw = START.after(&[(level, Outcome::Draw)]);
        assert!(win.rating > START.rating && loss.rating < START.rating, "{win:?} {loss:?}");
        assert!(close(draw.rating, START.rating, 0.5), "{draw:?}");
        assert!(win.deviation < START.deviation && loss.deviation < START.deviation);
        // a win over a much weaker opponent is worth little
        let weak = Opponent { rating: START.rating - 800.0, deviation: 50.0 };
        let easy = START.after(&[(weak, Outcome::Win)]);
        assert!(easy.rating - START.rating < (win.rating - START.rating) / 4.0, "{easy:?} {win:?}");
        // a period without games makes it less sure, and moves nothing else
        let idle = win.after(&[]);
        assert!(idle.deviation > win.deviation && idle.rating == win.rating);
    }

    #[test]
    fn the_level_for_an_even_game_is_the_one_of_expected_score_nearest_half() {
        use crate::engine::levels::Level;
        for level in Level::all() {
            let r = level.rating();
            let player = Rating { rating: r.rating, deviation: 60.0, volatility: 0.06 };
            let (even, expected) = even_level(&player);
            assert_eq!(even, level);
            assert!(close(expected, 0.5, 1e-9));
        }
        let below = Level::MIN.rating().rating - 600.0;
        let weak = Rating { rating: below, deviation: 60.0, volatility: 0.06 };
        let (even, expected) = even_level(&weak);
        assert_eq!(even, Level::MIN);
        assert!(expected < 0.1);
    }

    #[test]
    fn a_new_player_is_provisional_until_some_games_are_played() {
        assert!(START.is_provisional());
        let level = Opponent { rating: START.rating, deviation: 50.0 };
        let mut r = START;
        for i in 0..30 {
            r = r.after(&[(level, if i % 2 == 0 { Outcome::Win } else { Outcome::Loss })]);
        }
        assert!(!r.is_provisional(), "{r:?}");
        assert!(close(r.rating, START.rating, 40.0), "{r:?}");
        assert!(close(START.expected_score(level), 0.5, 1e-9));
        let stronger = Opponent { rating: 1900.0, deviation: 50.0 };
        assert!(START.expected_score(stronger) < 0.25);
    }
}

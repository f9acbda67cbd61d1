//! The handicap (駒落ち) to suggest against the strongest level when a player is far below it,
//! as a shogi teacher chooses one: by the difference in rank (段級差) between the two, read
//! from the traditional 手合割 of the Japan Shogi Association's dojo at the Shogi Kaikan, with
//! ratings turned into ranks at 100 points a rank (decision 0041).
//!
//! Used for the suggestion only: handicap games stay unrated (decision 0038), and nothing here
//! says how much a handicap weakens a program. Language-free: the words are the interface's.

use super::rating::Rating;
use crate::engine::levels::Level;
use crate::record::{HANDICAPS, Handicap};

/// Rating points to one rank (one 級 or 段): the convention of amateur rating systems, where
/// about 100 Elo points make one grade.
pub const POINTS_PER_RANK: f64 = 100.0;

/// One step of the handicap ladder: the handicap and the difference in rank from which it is
/// given.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The handicap's `手合割` name, as `record::HANDICAPS` has it.
    pub name: &'static str,
    /// The smallest difference in rank (段級差) this handicap is given for.
    pub ranks: u8,
}

/// The ladder teachers climb, smallest handicap first (日本将棋連盟, 将棋会館道場の手合割):
/// 1 rank apart the weaker player takes sente in an even game; 2 香落ち, 3 角落ち, 4 飛車落ち,
/// 5 飛香落ち, 6–7 二枚落ち, 8–9 四枚落ち, 10 and more 六枚落ち.
pub const LADDER: [Step; 7] = [
    Step { name: "香落ち", ranks: 2 },
    Step { name: "角落ち", ranks: 3 },
    Step { name: "飛車落ち", ranks: 4 },
    Step { name: "飛香落ち", ranks: 5 },
    Step { name: "二枚落ち", ranks: 6 },
    Step { name: "四枚落ち", ranks: 8 },
    Step { name: "六枚落ち", ranks: 10 },
];

impl Step {
    /// Where the step is on the ladder (0: 香落ち).
    pub fn index(&self) -> usize {
        LADDER.iter().position(|s| s == self).expect("a step of the ladder")
    }

    /// The handicap's position and pieces.
    pub fn handicap(&self) -> &'static Handicap {
        HANDICAPS.iter().find(|h| h.name == self.name).expect("every step is a known handicap")
    }

    /// Its index in `record::HANDICAPS` (what the new-game dialog chooses by).
    pub fn handicap_index(&self) -> usize {
        HANDICAPS.iter().position(|h| h.name == self.name).expect("every step is a known handicap")
    }
}

/// The difference in rank that `gap` rating points make, to the nearest whole rank.
pub fn ranks_apart(gap: f64) -> i64 {
    (gap / POINTS_PER_RANK).round() as i64
}

/// The handicap for a stronger player `gap` points above the weaker: none under two ranks
/// (an even game), the ladder's last step beyond its end.
pub fn for_gap(gap: f64) -> Option<Step> {
    let ranks = ranks_apart(gap);
    LADDER.iter().rev().find(|s| ranks >= i64::from(s.ranks)).copied()
}

/// A handicap suggested against the strongest level.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Suggestion {
    /// The strongest level, which gives the handicap, and its figure.
    pub level: Level,
    pub level_rating: f64,
    /// How many ranks the level is above the player.
    pub ranks: i64,
    pub step: Step,
}

/// The handicap the strongest level would give a player of `rating` (by the figures alone,
/// provisional or not); `None` when the gap is small enough for an even game.
pub fn against_strongest(rating: &Rating) -> Option<Suggestion> {
    let level = Level::MAX;
    let level_rating = level.rating().rating;
    let gap = level_rating - rating.rating;
    for_gap(gap).map(|step| Suggestion { level, level_rating, ranks: ranks_apart(gap), step })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(gap: f64) -> Option<&'static str> {
        for_gap(gap).map(|s| s.name)
    }

    #[test]
    fn every_step_is_a_known_handicap_and_the_ladder_climbs() {
        for (i, s) in LADDER.iter().enumerate() {
            assert_eq!(s.handicap().name, s.name);
            assert_eq!(HANDICAPS[s.handicap_index()].name, s.name);
            assert_eq!(s.index(), i);
        }
        for w in LADDER.windows(2) {
            assert!(w[0].ranks < w[1].ranks, "{w:?}");
            // each step takes at least as many pieces off as the one before
            assert!(w[0].handicap().removed.len() <= w[1].handicap().removed.len(), "{w:?}");
        }
    }

    #[test]
    fn a_larger_gap_never_gets_a_smaller_handicap() {
        let mut last = None;
        for gap in (-300..=2500).step_by(5) {
            let step = for_gap(f64::from(gap)).map(|s| s.index());
            assert!(step >= last, "{gap}: {step:?} after {last:?}");
            last = step;
        }
    }

    #[test]
    fn the_gap_boundaries_are_half_way_between_ranks() {
        assert_eq!(name(149.0), None);
        assert_eq!(name(150.0), Some("香落ち"));
        assert_eq!(name(249.0), Some("香落ち"));
        assert_eq!(name(250.0), Some("角落ち"));
        assert_eq!(name(350.0), Some("飛車落ち"));
        assert_eq!(name(449.0), Some("飛車落ち"));
        assert_eq!(name(450.0), Some("飛香落ち"));
        assert_eq!(name(550.0), Some("二枚落ち"));
        assert_eq!(name(749.0), Some("二枚落ち"));
        assert_eq!(name(750.0), Some("四枚落ち"));
        assert_eq!(name(949.0), Some("四枚落ち"));
        assert_eq!(name(950.0), Some("六枚落ち"));
    }

    #[test]
    fn a_small_gap_is_an_even_game_and_a_gap_beyond_the_table_the_largest_handicap() {
        for gap in [-800.0, -100.0, 0.0, 60.0, 140.0] {
            assert_eq!(name(gap), None, "{gap}");
        }
        assert_eq!(name(3000.0), Some("六枚落ち"));
        assert_eq!(ranks_apart(3000.0), 30);
    }

    #[test]
    fn the_strongest_level_gives_a_handicap_to_a_weak_player_and_none_near_it() {
        let top = Level::MAX.rating().rating;
        let at = |rating: f64| Rating { rating, deviation: 60.0, volatility: 0.06 };
        let s = against_strongest(&at(top - 600.0)).expect("six ranks below");
        assert_eq!((s.level, s.level_rating, s.ranks, s.step.name), (Level::MAX, top, 6, "二枚落ち"));
        assert_eq!(against_strongest(&at(top - 100.0)), None);
        assert_eq!(against_strongest(&at(top + 300.0)), None);
        // a provisional rating is judged by its figure as well
        let new = against_strongest(&super::super::rating::START).expect("far below level 10");
        assert_eq!(new.step.name, "六枚落ち");
    }
}

//! Helpers shared by the integration tests.

// each test crate compiles this module and uses only part of it
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// A fresh directory under the system's temporary directory (made by `tempfile`, its name
/// unique to this run), removed again when dropped (also when the test fails), so test runs
/// leave nothing behind and parallel runs never share one.
pub struct TempDir(tempfile::TempDir);

impl TempDir {
    /// `<tmp>/shogiban-<name>-<random>`.
    pub fn new(name: &str) -> TempDir {
        TempDir(tempfile::Builder::new().prefix(&format!("shogiban-{name}-")).tempdir().unwrap())
    }

    pub fn path(&self) -> &Path {
        self.0.path()
    }

    pub fn join(&self, name: impl AsRef<Path>) -> PathBuf {
        self.0.path().join(name)
    }
}

/// Whether two records are the same as far as every tree-keeping format (KIF, KI2, JKF) can
/// say: the `手合割` header (KIF and KI2 add it for an even or handicap start) is ignored, and
/// times compare by the seconds spent, none being 0 (KIF writes a time and a running total for
/// every move). With `times` false, times are ignored (KI2 has none).
pub fn same_record(a: &shogiban::record::GameRecord, b: &shogiban::record::GameRecord, times: bool) -> bool {
    use shogiban::record::{GameRecord, MoveTime};
    let norm = |t: Option<MoveTime>| {
        t.filter(|t| times && t.spent > 0).map(|t| MoveTime { spent: t.spent, total: None })
    };
    let strip = |r: &GameRecord| {
        let mut r = r.clone();
        r.headers.retain(|(k, _)| k != "手合割");
        let ids: Vec<_> = r.node_ids().collect();
        for n in ids {
            let nd = r.node_mut(n);
            nd.time = norm(nd.time);
            if let Some(s) = nd.special.as_mut() {
                s.time = norm(s.time);
            }
        }
        r
    };
    strip(a) == strip(b)
}

/// A small xorshift generator for tests that play random games (seed it with an odd number).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in 0..n.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Starting positions for random games: the initial position, two busy middle games with
/// pieces in hand, open kings with full hands, and a mating net (uchifuzume candidates).
pub const RANDOM_STARTS: [&str; 5] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "ln3gsn1/7kl/3+B1p1p1/p4s2p/2P6/P2B3PP/1PNP+rPP2/2G3SK1/L4G1NL b G3Prs3p 65",
    "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
    "8k/9/6NS1/9/9/9/9/9/4K4 b 3P2G 1",
];

/// How many failing cases proptest saved for the property tests of `source` (their `file!()`)
/// and finds again under `config`, as the `proptest!` block with that config does before any
/// new case. A saved case in a file proptest does not look at is dropped without a word, so
/// each file of property tests with saved cases checks that they are found.
pub fn saved_failure_count(config: &proptest::test_runner::Config, source: &'static str) -> usize {
    config.failure_persistence.as_ref().map_or(0, |p| p.load_persisted_failures2(Some(source)).len())
}

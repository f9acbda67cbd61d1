//! The program's one random generator: small, fast and seedable (xorshift64*, seeded through
//! splitmix64), for book picks, the levels' noise and self-play. Not for anything that needs
//! real randomness. The Zobrist keys are made at compile time by `core::zobrist`'s own splitmix.

/// A seedable xorshift64* generator.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        // splitmix64 of the seed, so that small seeds give unrelated streams; never zero
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        Rng(if z == 0 { 0x2545_F491_4F6C_DD1D } else { z })
    }

    /// Seeded from the clock and the process id (for play).
    pub fn from_time() -> Rng {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0x1234_5678);
        Rng::new(nanos ^ (std::process::id() as u64) << 32)
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        // multiply-high: unbiased enough for book weights and noise
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }

    /// Uniform in `-a..=a` (0 when `a` ≤ 0).
    pub fn noise(&mut self, a: i32) -> i32 {
        if a <= 0 {
            return 0;
        }
        self.below(2 * a as u64 + 1) as i32 - a
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_repeats_its_stream_and_small_seeds_differ() {
        let (mut a, mut b, mut c) = (Rng::new(1), Rng::new(1), Rng::new(2));
        let xs: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
        assert_eq!(xs, (0..8).map(|_| b.next_u64()).collect::<Vec<_>>());
        assert_ne!(xs, (0..8).map(|_| c.next_u64()).collect::<Vec<_>>());
        assert!(Rng::new(0).next_u64() != 0);
    }

    #[test]
    fn noise_covers_its_range_and_stays_in_it() {
        let mut r = Rng::new(9);
        let mut seen = [false; 7];
        for _ in 0..500 {
            let n = r.noise(3);
            assert!((-3..=3).contains(&n));
            seen[(n + 3) as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(r.noise(0), 0);
        assert!((0..500).all(|_| r.below(10) < 10));
    }
}

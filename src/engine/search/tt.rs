//! Transposition table (置換表): a shared hash table of search results, safe to use from several
//! threads without locks. Each entry is two `AtomicU64`s: the data word and the key XORed with the
//! data; a reader accepts an entry only when `stored_key ^ data == key`, so a torn write (one word
//! from another writer) is simply a miss. Buckets hold four entries (one 64-byte cache line);
//! replacement prefers empty, stale (older search) and shallow entries.
//!
//! The table is the search's memory from one move to the next, so it also keeps the move-ordering
//! histories of the last search (`Histories`): the next search starts from them, aged, instead
//! of from nothing. `clear` (a new game) forgets both.

use super::history::KeptHistories;
use super::large_pages::LargeArray;
use crate::core::Move;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// What a stored score means.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    None = 0,
    /// The true score is at most this (fail low).
    Upper = 1,
    /// The true score is at least this (fail high).
    Lower = 2,
    Exact = 3,
}

impl Bound {
    /// Whether a stored score `s` with this bound settles a node searched with `(alpha, beta)`.
    #[inline]
    pub fn cuts(self, s: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => s >= beta,
            Bound::Upper => s <= alpha,
            Bound::None => false,
        }
    }
}

/// A decoded entry.
#[derive(Copy, Clone, Debug)]
pub struct TtEntry {
    pub mv: Move,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
    /// The position is or was on a principal variation (Stockfish's `ttPv`): such nodes are
    /// reduced less.
    pub pv: bool,
}

struct Slot {
    key: AtomicU64,
    data: AtomicU64,
}

const BUCKET: usize = 4;
/// Searches are numbered modulo 32 (five bits of the data word).
const GENERATION_MASK: u8 = 31;

#[repr(align(64))]
struct Bucket([Slot; BUCKET]);

/// The table. Share it as `Arc<TranspositionTable>` across searches (and threads).
pub struct TranspositionTable {
    buckets: LargeArray<Bucket>,
    mask: usize,
    generation: AtomicU8,
    /// The main thread's histories after the last search, kept here so that clearing the
    /// table for a new game forgets them too.
    pub histories: KeptHistories,
}

// data word layout: move 16 | score 16 | eval 16 | depth 8 | bound 2 | generation 5 | pv 1
fn pack(e: &TtEntry, generation: u8) -> u64 {
    (e.mv.bits() as u64)
        | ((e.score as i16 as u16 as u64) << 16)
        | ((e.eval as i16 as u16 as u64) << 32)
        | (((e.depth + 1).clamp(0, 255) as u64) << 48)
        | ((e.bound as u64) << 56)
        | ((generation & GENERATION_MASK) as u64) << 58
        | (e.pv as u64) << 63
}

fn unpack(d: u64) -> (TtEntry, u8) {
    let bound = match (d >> 56) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => Bound::None,
    };
    (
        TtEntry {
            mv: Move::from_bits(d as u16),
            score: (d >> 16) as u16 as i16 as i32,
            eval: (d >> 32) as u16 as i16 as i32,
            depth: ((d >> 48) & 255) as i32 - 1,
            bound,
            pv: d >> 63 != 0,
        },
        (d >> 58) as u8 & GENERATION_MASK,
    )
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (rounded down to a power of two buckets, at least 1 MB).
    pub fn new(mb: usize) -> TranspositionTable {
        let n = TranspositionTable::buckets_for(mb);
        // SAFETY: a bucket of zeroed atomics is an empty bucket.
        let buckets = unsafe { LargeArray::zeroed(n) };
        TranspositionTable {
            buckets,
            mask: n - 1,
            generation: AtomicU8::new(0),
            histories: KeptHistories::default(),
        }
    }

    /// Like `new`, but `None` when the memory cannot be had.
    pub fn try_new(mb: usize) -> Option<TranspositionTable> {
        let n = TranspositionTable::buckets_for(mb);
        // SAFETY: a bucket of zeroed atomics is an empty bucket.
        let buckets = unsafe { LargeArray::try_zeroed(n) }?;
        Some(TranspositionTable {
            buckets,
            mask: n - 1,
            generation: AtomicU8::new(0),
            histories: KeptHistories::default(),
        })
    }

    fn buckets_for(mb: usize) -> usize {
        let bytes = mb.clamp(1, 1 << 16) << 20;
        let mut n = 1usize;
        while n * 2 * std::mem::size_of::<Bucket>() <= bytes {
            n *= 2;
        }
        n
    }

    /// Size in bytes.
    pub fn size_bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for b in self.buckets.iter() {
            for s in &b.0 {
                s.key.store(0, Ordering::Relaxed);
                s.data.store(0, Ordering::Relaxed);
            }
        }
        self.generation.store(0, Ordering::Relaxed);
        self.histories.clear();
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[(key as usize) & self.mask]
    }

    /// Asks the CPU to bring `key`'s bucket into the cache (the probe follows shortly).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.bucket(key) as *const Bucket as *const i8;
            // SAFETY: prefetching is a hint; the pointer is to a live bucket of the table.
            unsafe { std::arch::x86_64::_mm_prefetch(p, std::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Looks `key` up.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        for s in &self.bucket(key).0 {
            let d = s.data.load(Ordering::Relaxed);
            let k = s.key.load(Ordering::Relaxed);
            if k ^ d == key && d != 0 {
                return Some(unpack(d).0);
            }
        }
        None
    }

    /// Stores a result (keeps the old move when the new result has none).
    pub fn store(&self, key: u64, mut e: TtEntry) {
        let generation = self.generation.load(Ordering::Relaxed) & GENERATION_MASK;
        let bucket = self.bucket(key);
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (i, s) in bucket.0.iter().enumerate() {
            let d = s.data.load(Ordering::Relaxed);
            let k = s.key.load(Ordering::Relaxed);
            if d == 0 || k ^ d == key {
                if d != 0 {
                    let (old, _) = unpack(d);
                    if e.mv.is_none() {
                        e.mv = old.mv;
                    }
                    // keep a deeper exact result of the same position from this search
                    if e.bound != Bound::Exact && old.depth > e.depth + 2 && unpack(d).1 == generation {
                        return;
                    }
                }
                victim = i;
                break;
            }
            let (old, g) = unpack(d);
            let age = (generation.wrapping_sub(g) & GENERATION_MASK) as i32;
            let value = old.depth - 8 * age;
            if value < worst {
                worst = value;
                victim = i;
            }
        }
        let d = pack(&e, generation);
        let s = &bucket.0[victim];
        s.data.store(d, Ordering::Relaxed);
        s.key.store(key ^ d, Ordering::Relaxed);
    }

    /// Per-mille of sampled entries written in the current search (USI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed) & GENERATION_MASK;
        let n = self.buckets.len().min(250);
        let mut used = 0;
        for b in &self.buckets[..n] {
            for s in &b.0 {
                let d = s.data.load(Ordering::Relaxed);
                if d != 0 && unpack(d).1 == generation {
                    used += 1;
                }
            }
        }
        (used * 1000 / (n * BUCKET).max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clearing_forgets_the_kept_histories() {
        let tt = TranspositionTable::new(1);
        let mut h = crate::engine::search::history::Histories::new();
        h.history[7] = 1000;
        tt.histories.keep(h);
        tt.clear();
        assert_eq!(tt.histories.take().history[7], 0);
    }

    #[test]
    fn store_and_probe() {
        let tt = TranspositionTable::new(1);
        let key = 0x1234_5678_9abc_def0;
        assert!(tt.probe(key).is_none());
        let e = TtEntry {
            mv: Move::from_bits(1234),
            score: -300,
            eval: 25,
            depth: 7,
            bound: Bound::Lower,
            pv: true,
        };
        tt.store(key, e);
        let got = tt.probe(key).unwrap();
        assert_eq!(
            (got.mv, got.score, got.eval, got.depth, got.bound, got.pv),
            (Move::from_bits(1234), -300, 25, 7, Bound::Lower, true)
        );
        assert!(tt.probe(key ^ 1 << 40).is_none());
        // the pv bit does not disturb the generation: many searches later the entry is still read
        // back whole, and a new result without the bit clears it
        for _ in 0..40 {
            tt.new_search();
        }
        assert_eq!(tt.probe(key).map(|g| (g.pv, g.depth)), Some((true, 7)));
        tt.store(key, TtEntry { pv: false, depth: 9, ..e });
        assert_eq!(tt.probe(key).map(|g| (g.pv, g.depth, g.mv)), Some((false, 9, Move::from_bits(1234))));
        tt.clear();
        assert!(tt.probe(key).is_none());
    }

    #[test]
    fn size_is_a_power_of_two() {
        let tt = TranspositionTable::new(16);
        assert!(tt.size_bytes() <= 16 << 20);
        assert!(tt.size_bytes() > 4 << 20);
    }
}

//! The mate solver's transposition table: proof and disproof numbers per position, keyed by the
//! board (Zobrist key with the hands taken out) and compared hand by hand, so that a proof found
//! with fewer attacking pieces in hand also proves the same board with more (優等局面), and a
//! disproof found with more also disproves the same board with fewer (劣等局面). One table serves
//! every search of a solve, with and without a depth limit: a proof holds wherever its length
//! fits in the plies left, a disproof found with a limit for as many plies left or fewer.
//!
//! It owns only storage and the superiority rule; the search lives in `dfpn.rs`.

use crate::core::zobrist::hand_key;
use crate::core::{Color, Hand, PieceKind, Position};

/// "Infinite" proof or disproof number.
pub(crate) const INF: u32 = 1 << 30;

/// Both hands of a position, indexed by `Color::index()`.
pub(crate) type Hands = [Hand; 2];

/// What the table knows about one position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The attacker's hand: as it was for unfinished numbers, the proof hand (証明駒) of a
    /// proof, the disproof hand (反証駒) of a disproof. The defender's is not kept: within one
    /// solve the pieces are conserved, so the board and the attacker's hand fix it, and proofs
    /// and disproofs hold whatever the defender holds.
    pub hand: Hand,
    /// Proof number: 0 when the attacker mates.
    pub pn: u32,
    /// Disproof number: 0 when there is no mate.
    pub dn: u32,
    /// Search work spent below this position (nodes; 0 for a one-ply estimate). A full window
    /// keeps the entries that cost the most to find.
    pub amount: u32,
    /// For proven positions, the length in plies of the mate found (0 = already mated).
    pub dist: u16,
    /// The plies the numbers were found with (`UNLIMITED` without a depth limit): a disproof
    /// holds for this many plies and fewer, unfinished numbers only for exactly as many. Proofs
    /// carry their length instead (`dist`) and hold wherever it fits.
    pub depth: u16,
}

impl Entry {
    /// Whether this is the unfinished entry of a position with the attacker's hand `hand`
    /// searched with `depth`.
    fn is_unfinished(&self, hand: &Hand, depth: u16) -> bool {
        self.pn != 0 && self.dn != 0 && self.depth == depth && self.hand == *hand
    }
}

/// The `depth` of entries found without a depth limit.
pub(crate) const UNLIMITED: u16 = u16::MAX;

/// Result of a lookup: numbers to use for a position not stored get the initial values 1/1.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Lookup {
    pub pn: u32,
    pub dn: u32,
    pub dist: u32,
    /// For a proven position, the attacker's proof hand (証明駒): the pieces in hand the proof
    /// needs. Any hand holding at least these mates too, whatever the defender holds.
    pub proof: Hand,
    /// For a disproven position, the attacker's disproof hand (反証駒): the most the attacker
    /// may hold for the disproof to stand. Any hand within it fails too.
    pub disproof: Hand,
    /// A disproof found under a depth limit ("no mate in the plies left", perhaps a longer one).
    pub limited: bool,
}

impl Lookup {
    pub const UNKNOWN: Lookup = Lookup {
        pn: 1,
        dn: 1,
        dist: 0,
        proof: Hand::from_counts([0; 7]),
        disproof: Hand::from_counts([0; 7]),
        limited: false,
    };
}

/// A hand bound that every hand meets: any number of every kind.
pub(crate) const ANY_HAND: Hand = Hand::from_counts([u8::MAX; 7]);

/// Whether hand `a` holds at least as many of every kind as `b`.
fn hand_ge(a: &Hand, b: &Hand) -> bool {
    a.counts().iter().zip(b.counts()).all(|(x, y)| *x >= y)
}

/// Both hands of `pos`.
pub(crate) fn hands_of(pos: &Position) -> Hands {
    [*pos.hand(Color::Black), *pos.hand(Color::White)]
}

/// The key of `pos` with the hands taken out (board and side to move only).
pub(crate) fn board_key(pos: &Position) -> u64 {
    board_key_from(pos.key(), &hands_of(pos))
}

/// Takes the hand contributions out of a full key.
pub(crate) fn board_key_from(key: u64, hands: &Hands) -> u64 {
    let mut k = key;
    for c in Color::ALL {
        for kind in PieceKind::HAND {
            k ^= hand_key(c.index(), kind.hand_index(), hands[c.index()].count(kind));
        }
    }
    k
}

/// The hands after `m` is played by the side to move in `pos` (no make/unmake).
pub(crate) fn hands_after(pos: &Position, m: crate::core::Move) -> Hands {
    let us = pos.side_to_move();
    let mut hands = hands_of(pos);
    if let Some(k) = m.drop_kind() {
        hands[us.index()].remove(k);
    } else {
        let cap = pos.captured_by(m);
        if let Some(k) = cap.kind() {
            hands[us.index()].add(k.unpromote());
        }
    }
    hands
}

/// One place in the table: a board key and what is known for one hand of the attacker's.
#[derive(Copy, Clone)]
struct Slot {
    key: u64,
    entry: Entry,
}

impl Slot {
    /// An empty place: no stored entry has both numbers 0.
    const EMPTY: Slot = Slot {
        key: 0,
        entry: Entry { hand: Hand::from_counts([0; 7]), pn: 0, dn: 0, amount: 0, dist: 0, depth: 0 },
    };

    fn is_empty(&self) -> bool {
        self.entry.pn == 0 && self.entry.dn == 0
    }
}

const _: () = assert!(std::mem::size_of::<Slot>() == 32, "two places to a cache line");

/// The places a board may take: `WAYS` in a row from the one its key points at. Every entry of
/// one board (one per hand of the attacker's and depth) lies in its window, so a lookup reads a few
/// neighbouring cache lines.
const WAYS: usize = 8;

/// Places the table starts with; it doubles while it is more than half full, up to its capacity.
const FIRST_PLACES: usize = 1 << 12;

/// Memory that must still be there beside the table for it to grow: the table takes no
/// allocation that would leave less than this for the rest of the solve (move lists, the path,
/// the mating line and the answer), so under a memory limit it stops growing and keeps the
/// entries worth most in the room it has. Reserved and given back at once, never touched.
const HEADROOM_BYTES: usize = 32 << 20;

/// The table proper. `attacker` is the side that checks (fixed for a whole solve).
///
/// An array of 32-byte places indexed by the board key, grown by doubling. When a board's window is
/// full, a new entry takes the place of the one worth least: first an entry the current search
/// can never use (see `forget_unusable`), then the unfinished or disproven entry that cost the
/// least work, and a proof only when the window holds nothing else (the mating line is read back
/// from proofs, and the cheap one-ply estimates are quick to make again).
pub(crate) struct Table {
    places: Vec<Slot>,
    /// Places less `WAYS - 1`, less one: a key's window starts at `key & mask`.
    mask: usize,
    attacker: Color,
    entries: usize,
    /// The most places the table may have.
    capacity: usize,
    /// No memory for even the first places: nothing can be stored (the solver gives up).
    out_of_memory: bool,
    /// The depth limit of the search under way (`UNLIMITED`: none), for telling the entries it
    /// can never use.
    usable: u16,
}

impl Table {
    /// A table that may grow to about `capacity` entries.
    pub fn new(attacker: Color, capacity: usize) -> Table {
        let capacity = capacity.max(1).next_power_of_two();
        let first = FIRST_PLACES.min(capacity);
        let mut places = Vec::new();
        let out_of_memory = places.try_reserve_exact(first + WAYS - 1).is_err();
        if !out_of_memory {
            advise_huge_pages(&places);
            places.resize(first + WAYS - 1, Slot::EMPTY);
        }
        Table { places, mask: first - 1, attacker, entries: 0, capacity, out_of_memory, usable: UNLIMITED }
    }

    /// The window of places a board may take.
    fn window(&self, bkey: u64) -> std::ops::Range<usize> {
        let start = (bkey as usize) & self.mask;
        start..(start + WAYS).min(self.places.len())
    }

    /// Asks the CPU to bring a board's window into the cache (a lookup follows shortly).
    pub fn prefetch(&self, bkey: u64) {
        #[cfg(target_arch = "x86_64")]
        if let Some(slot) = self.places.get((bkey as usize) & self.mask) {
            let p = slot as *const Slot as *const i8;
            // SAFETY: prefetching is a hint; the pointer is to a live place of the table.
            unsafe { std::arch::x86_64::_mm_prefetch(p, std::arch::x86_64::_MM_HINT_T0) };
        }
    }

    /// The entries stored for a board.
    /// A place once taken is never emptied (a new entry only takes the place of another), and a
    /// new entry takes the first empty place of its window: so a board has no entry past the
    /// first empty place of its window, and the reading stops there.
    fn entries_of(&self, bkey: u64) -> impl Iterator<Item = &Entry> {
        let window = self.places[self.window(bkey)].iter().take_while(|s| !s.is_empty());
        window.filter(move |s| s.key == bkey).map(|s| &s.entry)
    }

    /// Looks a position up, using exact matches and the superiority rule; unknown positions get
    /// the initial numbers 1/1.
    pub fn lookup(&self, bkey: u64, hands: &Hands, depth: u16) -> Lookup {
        self.probe(bkey, hands, depth).unwrap_or(Lookup::UNKNOWN)
    }

    /// Like `lookup`, but `None` when the table knows nothing about the position searched with
    /// `depth` plies left (`UNLIMITED`: no limit).
    pub fn probe(&self, bkey: u64, hands: &Hands, depth: u16) -> Option<Lookup> {
        let held = &hands[self.attacker.index()];
        let mut exact = None;
        let mut disproven = None;
        let mut best_proof: Option<(u32, Hand)> = None;
        for e in self.entries_of(bkey) {
            let dist = e.dist as u32;
            if e.pn == 0 && dist <= depth as u32 && hand_ge(held, &e.hand) {
                // proven with no more attacking pieces
                if best_proof.is_none_or(|(b, _)| dist < b) {
                    best_proof = Some((dist, e.hand));
                }
            } else if e.dn == 0 && e.depth >= depth && hand_ge(&e.hand, held) {
                let limited = e.depth != UNLIMITED;
                disproven = Some(Lookup { pn: INF, dn: 0, disproof: e.hand, limited, ..Lookup::UNKNOWN });
            } else if e.is_unfinished(held, depth) {
                exact = Some(Lookup { pn: e.pn, dn: e.dn, dist, ..Lookup::UNKNOWN });
            }
        }
        if let Some((dist, proof)) = best_proof {
            return Some(Lookup { pn: 0, dn: INF, dist, proof, ..Lookup::UNKNOWN });
        }
        // a proof wins over a disproof (which may depend on the path, see dfpn.rs)
        disproven.or(exact)
    }

    /// Stores a proof of the position with `hands`, found to need only `proof` in the
    /// attacker's hand: the entry then holds for every hand with at least `proof` and any
    /// defender's hand. It replaces the position's unfinished entry.
    pub fn store_proof(
        &mut self,
        bkey: u64,
        hands: &Hands,
        proof: &Hand,
        dist: u32,
        amount: u32,
        depth: u16,
    ) {
        let dist = dist.min(u16::MAX as u32) as u16;
        self.settle(
            bkey,
            hands,
            depth,
            Entry { hand: *proof, pn: 0, dn: INF, amount, dist, depth: UNLIMITED },
        );
    }

    /// Stores a disproof of the position with `hands` that holds while the attacker holds no
    /// more than `disproof` (反証駒), whatever the defender then holds (within one solve the
    /// pieces are conserved, so the board and the attacker's hand fix the defender's). It
    /// replaces the position's unfinished entry.
    pub fn store_disproof(&mut self, bkey: u64, hands: &Hands, disproof: &Hand, amount: u32, depth: u16) {
        if self.probe(bkey, hands, depth).is_some_and(|l| l.pn == 0) {
            return;
        }
        self.settle(bkey, hands, depth, Entry { hand: *disproof, pn: INF, dn: 0, amount, dist: 0, depth });
    }

    /// Stores the unfinished numbers of a position searched with `depth` plies left, replacing
    /// its own (same hands, same depth); `amount` is the work just spent on it, added to what it
    /// had. Proofs and disproofs go through `store_proof` and `store_disproof`.
    pub fn store(&mut self, bkey: u64, hands: &Hands, pn: u32, dn: u32, amount: u32, depth: u16) {
        debug_assert!(pn != 0 && dn != 0);
        let hand = hands[self.attacker.index()];
        self.settle(bkey, hands, depth, Entry { hand, pn, dn, amount, dist: 0, depth });
    }

    /// Puts `entry` in place of the unfinished entry of the position with `hands` searched with
    /// `depth` plies left, adding the work that one had, or adds it when there is none.
    fn settle(&mut self, bkey: u64, hands: &Hands, depth: u16, entry: Entry) {
        if self.out_of_memory {
            return;
        }
        let w = self.window(bkey);
        let held = hands[self.attacker.index()];
        if let Some(s) = self.places[w]
            .iter_mut()
            .take_while(|s| !s.is_empty())
            .find(|s| s.key == bkey && s.entry.is_unfinished(&held, depth))
        {
            s.entry = Entry { amount: s.entry.amount.saturating_add(entry.amount), ..entry };
            return;
        }
        self.insert(bkey, entry);
    }

    /// Adds an entry for a board: in an empty place of its window, in a table twice the size
    /// when this one is more than half full, or in place of the entry worth least.
    fn insert(&mut self, bkey: u64, entry: Entry) {
        let w = self.window(bkey);
        if let Some(i) = w.clone().find(|&i| self.places[i].is_empty()) {
            self.places[i] = Slot { key: bkey, entry };
            self.entries += 1;
            return;
        }
        if self.entries * 2 > self.mask + 1 && self.grow() {
            return self.insert(bkey, entry);
        }
        let victim = w.min_by_key(|&i| self.worth(&self.places[i].entry)).expect("a window is never empty");
        self.places[victim] = Slot { key: bkey, entry };
    }

    /// How much an entry is worth keeping, least first: entries the search under way can never
    /// use, then the others by the work they cost, proofs above all of them.
    fn worth(&self, e: &Entry) -> (u8, u32) {
        let unusable = e.pn != 0
            && if self.usable == UNLIMITED {
                e.depth != UNLIMITED
            } else {
                e.dn != 0 && e.depth > self.usable
            };
        let rank = if unusable {
            0
        } else if e.pn != 0 {
            1
        } else {
            2
        };
        (rank, e.amount)
    }

    /// Doubles the table, unless that is past its capacity or the memory cannot be had with the
    /// headroom left (the table then stays as it is, for good).
    fn grow(&mut self) -> bool {
        let size = (self.mask + 1) * 2;
        if size > self.capacity || !self.grow_to(size) {
            self.capacity = self.mask + 1;
            return false;
        }
        true
    }

    /// Takes the table's whole capacity at once, for a solve long enough to fill it: one
    /// allocation instead of one at each doubling, each of which has the kernel clear new memory
    /// (on this kind of machine a tenth of a one-second solve). Where that much cannot be had with
    /// the headroom left, half as much, and so on.
    pub fn take_capacity(&mut self) {
        let mut size = self.capacity;
        while size > self.mask + 1 && !self.grow_to(size) {
            size /= 2;
        }
    }

    /// Moves the entries into a table of `size` places (a power of two); false when the memory
    /// cannot be had with the headroom left.
    fn grow_to(&mut self, size: usize) -> bool {
        let mut places = Vec::new();
        if !has_headroom() || places.try_reserve_exact(size + WAYS - 1).is_err() {
            return false;
        }
        advise_huge_pages(&places);
        places.resize(size + WAYS - 1, Slot::EMPTY);
        let old = std::mem::replace(&mut self.places, places);
        self.mask = size - 1;
        self.entries = 0;
        for s in old.iter().filter(|s| !s.is_empty()) {
            self.insert(s.key, s.entry);
        }
        true
    }

    /// Before a search with at most `max_depth` plies (`UNLIMITED`: no limit), marks the entries
    /// it can never use as the first to give up their places: unfinished numbers of other
    /// depths, and under no limit the disproofs found with one. Lookups never match them.
    pub fn forget_unusable(&mut self, max_depth: u16) {
        self.usable = max_depth;
    }

    /// Whether no entry could be stored for want of memory (the solver must give up).
    pub fn is_out_of_memory(&self) -> bool {
        self.out_of_memory
    }
}

/// Asks Linux to back a large table with 2 MB pages (lookups land anywhere in it, and with
/// 4 KB pages nearly every one missed the TLB too). Must come before the memory is first
/// written: pages already faulted in stay small.
fn advise_huge_pages(places: &Vec<Slot>) {
    #[cfg(target_os = "linux")]
    {
        let bytes = places.capacity() * std::mem::size_of::<Slot>();
        if bytes < 4 << 20 {
            return;
        }
        let start = places.as_ptr() as usize;
        let aligned = (start + 4095) & !4095;
        let len = (start + bytes - aligned) & !4095;
        // SAFETY: advice on memory the vector owns; failure only means small pages.
        unsafe { libc::madvise(aligned as *mut libc::c_void, len, libc::MADV_HUGEPAGE) };
    }
}

/// Whether [`HEADROOM_BYTES`] more could be allocated now.
fn has_headroom() -> bool {
    Vec::<u8>::new().try_reserve_exact(HEADROOM_BYTES).is_ok()
}

/// Whether `tables` tables of `capacity` places could be had now with the headroom beside them
/// (reserved and given back at once, never touched).
pub(crate) fn room_for_tables(tables: usize, capacity: usize) -> bool {
    let bytes = tables * capacity.next_power_of_two() * std::mem::size_of::<Slot>() + HEADROOM_BYTES;
    Vec::<u8>::new().try_reserve_exact(bytes).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn child_keys_match_played_keys() {
        for sfen in [
            "7B1/7kl/9/5Gp2/9/9/9/9/9 b B2G 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "8k/6pP1/7R1/9/9/9/9/9/9 b P 1",
        ] {
            let mut pos = Position::from_sfen(sfen).unwrap();
            for &m in pos.legal_moves().iter() {
                let hands = hands_after(&pos, m);
                let k = board_key_from(pos.key_after(m), &hands);
                pos.do_move(m);
                assert_eq!(k, board_key(&pos), "{}", m.usi());
                assert_eq!(hands, [*pos.hand(Color::Black), *pos.hand(Color::White)]);
                pos.undo_move();
            }
        }
    }

    fn hand(counts: &[(PieceKind, u8)]) -> Hand {
        let mut h = Hand::default();
        for &(k, n) in counts {
            h.set_count(k, n);
        }
        h
    }

    #[test]
    fn a_proof_hand_covers_every_hand_holding_it() {
        let mut t = Table::new(Color::Black, 100);
        let g = PieceKind::Gold;
        let s = PieceKind::Silver;
        let actual = [hand(&[(g, 2), (s, 1)]), hand(&[(PieceKind::Rook, 1)])];
        t.store(7, &actual, 3, 2, 10, UNLIMITED);
        t.store_proof(7, &actual, &hand(&[(g, 1)]), 5, 20, UNLIMITED);
        assert_eq!(t.entries, 1, "the unfinished entry is replaced");
        // more of something else, fewer silvers, and a defender holding more: still proven
        let l = t.lookup(
            7,
            &[hand(&[(g, 1), (PieceKind::Pawn, 3)]), hand(&[(s, 1), (PieceKind::Rook, 1)])],
            UNLIMITED,
        );
        assert_eq!((l.pn, l.dist, l.proof), (0, 5, hand(&[(g, 1)])));
        // without the gold it is not
        assert_eq!(t.lookup(7, &[hand(&[(s, 3)]), Hand::default()], UNLIMITED), Lookup::UNKNOWN);
    }

    #[test]
    fn a_disproof_hand_covers_every_hand_within_it() {
        let mut t = Table::new(Color::White, 100);
        let g = PieceKind::Gold;
        let s = PieceKind::Silver;
        // gote attacks holding a gold and a silver; the disproof holds up to two golds and one
        // silver, whatever sente then holds
        let actual = [hand(&[(PieceKind::Rook, 1)]), hand(&[(g, 1), (s, 1)])];
        t.store(9, &actual, 4, 3, 10, UNLIMITED);
        t.store_disproof(9, &actual, &hand(&[(g, 2), (s, 1)]), 30, UNLIMITED);
        assert_eq!(t.entries, 1, "the unfinished entry is replaced");
        let l = t.lookup(9, &[Hand::default(), hand(&[(g, 2)])], UNLIMITED);
        assert_eq!((l.dn, l.disproof), (0, hand(&[(g, 2), (s, 1)])));
        assert_eq!(t.lookup(9, &[hand(&[(PieceKind::Bishop, 2)]), hand(&[(s, 1)])], UNLIMITED).dn, 0);
        // a third gold, or a kind outside the disproof hand, may mate
        assert_eq!(t.lookup(9, &[Hand::default(), hand(&[(g, 3)])], UNLIMITED), Lookup::UNKNOWN);
        assert_eq!(
            t.lookup(9, &[Hand::default(), hand(&[(PieceKind::Pawn, 1)])], UNLIMITED),
            Lookup::UNKNOWN
        );
        // a proof is never replaced by a disproof, nor hidden by one
        t.store_proof(5, &actual, &Hand::default(), 3, 0, UNLIMITED);
        t.store_disproof(5, &actual, &actual[1], 0, UNLIMITED);
        assert_eq!(t.lookup(5, &actual, UNLIMITED).pn, 0);
        t.store_disproof(6, &actual, &actual[1], 0, UNLIMITED);
        t.store_proof(6, &actual, &Hand::default(), 3, 0, UNLIMITED);
        assert_eq!(t.lookup(6, &actual, UNLIMITED).pn, 0);
    }

    #[test]
    fn a_disproof_under_a_depth_limit_holds_for_fewer_plies_left_only() {
        let mut t = Table::new(Color::Black, 100);
        let h = [hand(&[(PieceKind::Gold, 1)]), Hand::default()];
        // no mate within 5 plies: none within 3 either, but there may be one in 7, or at all
        t.store_disproof(3, &h, &h[0], 10, 5);
        let l = t.lookup(3, &h, 3);
        assert_eq!((l.dn, l.limited), (0, true));
        assert_eq!(t.lookup(3, &h, 5).dn, 0);
        assert_eq!(t.lookup(3, &h, 7), Lookup::UNKNOWN);
        assert_eq!(t.lookup(3, &h, UNLIMITED), Lookup::UNKNOWN);
        // unfinished numbers belong to their own depth
        t.store(3, &h, 4, 6, 10, 7);
        assert_eq!((t.lookup(3, &h, 7).pn, t.lookup(3, &h, 9).pn), (4, 1));
        // a mate in 7 serves a search with 7 plies left or more
        t.store_proof(3, &h, &h[0], 7, 10, 7);
        assert_eq!(t.lookup(3, &h, 9).pn, 0);
        assert_eq!(t.lookup(3, &h, UNLIMITED).pn, 0);
        assert_eq!(t.lookup(3, &h, 5).dn, 0, "the disproof for 5 plies still holds");
        // a disproof found without a limit holds at every depth
        t.store_disproof(4, &h, &h[0], 10, UNLIMITED);
        assert_eq!((t.lookup(4, &h, 3).dn, t.lookup(4, &h, 3).limited), (0, false));
    }

    #[test]
    fn a_full_window_gives_up_the_entry_worth_least() {
        // a table of one window: every board shares it
        let mut t = Table::new(Color::Black, 1);
        let h = [Hand::default(); 2];
        t.store_proof(1, &h, &Hand::default(), 3, 0, UNLIMITED);
        for k in 2..=5u64 {
            t.store(k, &h, 2, 2, 0, UNLIMITED); // one-ply estimates
        }
        t.store(6, &h, 5, 5, 5_000, UNLIMITED);
        t.store(7, &h, 4, 4, 9_000, UNLIMITED);
        t.store_proof(8, &h, &Hand::default(), 1, 0, UNLIMITED);
        t.store_disproof(9, &h, &Hand::default(), 1, UNLIMITED); // ninth entry: over capacity
        assert_eq!(t.entries, WAYS);
        assert_eq!(t.lookup(1, &h, UNLIMITED).pn, 0);
        assert_eq!(t.lookup(8, &h, UNLIMITED).pn, 0);
        assert_eq!(t.lookup(6, &h, UNLIMITED).pn, 5);
        assert_eq!(t.lookup(7, &h, UNLIMITED).pn, 4);
        assert_eq!(t.lookup(9, &h, UNLIMITED).dn, 0);
        let cheap = (2..=5u64).filter(|&k| t.lookup(k, &h, UNLIMITED) == Lookup::UNKNOWN).count();
        assert_eq!(cheap, 1, "a cheap estimate made room");
        // before a search with a depth limit, the unfinished entries found without one go first
        t.forget_unusable(9);
        t.store(10, &h, 3, 3, 0, 9);
        assert_eq!(t.lookup(10, &h, 9).pn, 3);
        assert_eq!(t.lookup(6, &h, UNLIMITED).pn, 5, "the costliest unusable entry is still there");
        assert_eq!(t.lookup(1, &h, 9).pn, 0);
    }

    #[test]
    fn a_long_solve_takes_the_whole_table_at_once_and_keeps_what_it_had() {
        let mut t = Table::new(Color::Black, 1 << 14);
        let h = [Hand::default(); 2];
        t.store(5, &h, 3, 4, 10, UNLIMITED);
        t.take_capacity();
        assert_eq!(t.mask + 1, 1 << 14);
        assert_eq!((t.lookup(5, &h, UNLIMITED).pn, t.lookup(5, &h, UNLIMITED).dn), (3, 4));
        t.take_capacity();
        assert_eq!(t.mask + 1, 1 << 14, "no further");
    }

    #[test]
    fn the_table_grows_and_keeps_what_it_had() {
        let mut t = Table::new(Color::Black, 1 << 16);
        let h = [Hand::default(); 2];
        for k in 0..20_000u64 {
            t.store(k.wrapping_mul(0x9E37_79B9_7F4A_7C15), &h, 1 + (k % 7) as u32, 2, k as u32, UNLIMITED);
        }
        assert!(t.mask + 1 > FIRST_PLACES, "grown");
        let kept = (0..20_000u64)
            .filter(|&k| {
                t.lookup(k.wrapping_mul(0x9E37_79B9_7F4A_7C15), &h, UNLIMITED).pn == 1 + (k % 7) as u32
            })
            .count();
        assert!(kept > 19_900, "{kept}");
    }
}

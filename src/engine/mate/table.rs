//! The mate solver's transposition table: proof and disproof numbers per position, keyed by the
//! board (Zobrist key with the hands taken out) and compared hand by hand, so that a proof found
//! with fewer attacking pieces in hand also proves the same board with more (優等局面), and a
//! disproof found with more also disproves the same board with fewer (劣等局面).
//!
//! It owns only storage and the superiority rule; the search lives in `dfpn.rs`.

use crate::core::zobrist::hand_key;
use crate::core::{Color, Hand, PieceKind, Position};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// "Infinite" proof or disproof number.
pub(crate) const INF: u32 = 1 << 30;

/// Both hands of a position, indexed by `Color::index()`.
pub(crate) type Hands = [Hand; 2];

/// What the table knows about one position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub hands: Hands,
    /// Proof number: 0 when the attacker mates.
    pub pn: u32,
    /// Disproof number: 0 when there is no mate.
    pub dn: u32,
    /// For proven positions, the length in plies of the mate found (0 = already mated).
    pub dist: u32,
}

/// Result of a lookup: numbers to use for a position not stored get the initial values 1/1.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Lookup {
    pub pn: u32,
    pub dn: u32,
    pub dist: u32,
}

impl Lookup {
    pub const UNKNOWN: Lookup = Lookup { pn: 1, dn: 1, dist: 0 };
}

/// Whether hand `a` holds at least as many of every kind as `b`.
fn hand_ge(a: &Hand, b: &Hand) -> bool {
    a.0.iter().zip(b.0.iter()).all(|(x, y)| x >= y)
}

/// The key of `pos` with the hands taken out (board and side to move only).
pub(crate) fn board_key(pos: &Position) -> u64 {
    board_key_from(pos.key(), &[*pos.hand(Color::Black), *pos.hand(Color::White)])
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
    let mut hands = [*pos.hand(Color::Black), *pos.hand(Color::White)];
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

/// Hashes a Zobrist key by taking it as it is (it is random already; SipHash would only cost).
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// The entries of one board: nearly always one, kept inline (a `Vec` per board cost an
/// allocation per new position and a quarter of the solver's time in malloc and free).
struct Slot {
    first: Entry,
    more: Vec<Entry>,
}

impl Slot {
    fn iter(&self) -> impl Iterator<Item = &Entry> {
        std::iter::once(&self.first).chain(self.more.iter())
    }

    fn iter_mut(&mut self) -> impl Iterator<Item = &mut Entry> {
        std::iter::once(&mut self.first).chain(self.more.iter_mut())
    }

    /// Keeps the entries `keep` accepts; false when none is left.
    fn retain(&mut self, keep: &impl Fn(&Entry) -> bool) -> bool {
        self.more.retain(keep);
        if !keep(&self.first) {
            match self.more.pop() {
                Some(e) => self.first = e,
                None => return false,
            }
        }
        true
    }

    fn len(&self) -> usize {
        1 + self.more.len()
    }
}

/// The table proper. `attacker` is the side that checks (fixed for a whole solve).
pub(crate) struct Table {
    map: HashMap<u64, Slot, BuildHasherDefault<KeyHasher>>,
    attacker: Color,
    entries: usize,
    capacity: usize,
}

impl Table {
    pub fn new(attacker: Color, capacity: usize) -> Table {
        Table { map: HashMap::default(), attacker, entries: 0, capacity }
    }

    /// Looks a position up, using exact matches and the superiority rule; unknown positions get
    /// the initial numbers 1/1.
    pub fn lookup(&self, bkey: u64, hands: &Hands) -> Lookup {
        self.probe(bkey, hands).unwrap_or(Lookup::UNKNOWN)
    }

    /// Like `lookup`, but `None` when the table knows nothing about the position.
    pub fn probe(&self, bkey: u64, hands: &Hands) -> Option<Lookup> {
        let list = self.map.get(&bkey)?;
        let a = self.attacker.index();
        let d = self.attacker.flip().index();
        let mut exact = None;
        let mut best_proof: Option<u32> = None;
        for e in list.iter() {
            if e.pn == 0 && hand_ge(&hands[a], &e.hands[a]) && hand_ge(&e.hands[d], &hands[d]) {
                // proven with no more attacking pieces and no fewer defending pieces
                best_proof = Some(best_proof.map_or(e.dist, |b| b.min(e.dist)));
            } else if e.dn == 0 && hand_ge(&e.hands[a], &hands[a]) && hand_ge(&hands[d], &e.hands[d]) {
                return Some(Lookup { pn: INF, dn: 0, dist: 0 });
            } else if e.hands == *hands {
                exact = Some(Lookup { pn: e.pn, dn: e.dn, dist: e.dist });
            }
        }
        if let Some(dist) = best_proof {
            return Some(Lookup { pn: 0, dn: INF, dist });
        }
        exact
    }

    /// Stores (or overwrites) the numbers of one position.
    pub fn store(&mut self, bkey: u64, hands: &Hands, pn: u32, dn: u32, dist: u32) {
        let entry = Entry { hands: *hands, pn, dn, dist };
        let list = match self.map.entry(bkey) {
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(Slot { first: entry, more: Vec::new() });
                self.count_new();
                return;
            }
            std::collections::hash_map::Entry::Occupied(o) => o.into_mut(),
        };
        if let Some(e) = list.iter_mut().find(|e| e.hands == *hands) {
            // never forget a proof for a weaker result (proofs are path-independent)
            if e.pn == 0 && pn != 0 {
                return;
            }
            e.pn = pn;
            e.dn = dn;
            e.dist = dist;
            return;
        }
        list.more.push(entry);
        self.count_new();
    }

    fn count_new(&mut self) {
        self.entries += 1;
        if self.entries > self.capacity {
            self.collect_garbage();
        }
    }

    /// Frees room: first drops unfinished entries, then disproofs. Proofs are kept because the
    /// mating line is read back from them.
    fn collect_garbage(&mut self) {
        self.retain(|e| e.pn == 0 || e.dn == 0);
        if self.entries > self.capacity * 3 / 4 {
            self.retain(|e| e.pn == 0);
        }
    }

    fn retain(&mut self, keep: impl Fn(&Entry) -> bool) {
        let mut n = 0;
        self.map.retain(|_, list| {
            let any = list.retain(&keep);
            if any {
                n += list.len();
            }
            any
        });
        self.entries = n;
    }

    /// Whether even proofs alone overflow the table (the solver must give up).
    pub fn is_full(&self) -> bool {
        self.entries > self.capacity
    }
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
}

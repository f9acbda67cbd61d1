//! Zobrist hashing keys, generated at compile time from a fixed seed so keys (and therefore the
//! engine's bench signature and opening-book lookups) are identical on every run and machine.

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// Piece-square keys, hand keys by count, and the side key.
type Keys = ([[u64; 81]; 32], [[[u64; 19]; 7]; 2], u64);

const fn build() -> Keys {
    let mut pieces = [[0u64; 81]; 32];
    let mut hands = [[[0u64; 19]; 7]; 2];
    let mut st = 0x5348_4F47_4942_414Eu64; // "SHOGIBAN"
    let mut p = 0;
    while p < 32 {
        let mut s = 0;
        while s < 81 {
            let (n, v) = splitmix(st);
            st = n;
            // bit 0 is reserved for the side to move
            pieces[p][s] = v & !1;
            s += 1;
        }
        p += 1;
    }
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 7 {
            let mut n = 1;
            while n < 19 {
                let (ns, v) = splitmix(st);
                st = ns;
                hands[c][k][n] = v & !1;
                n += 1;
            }
            k += 1;
        }
        c += 1;
    }
    (pieces, hands, 1)
}

static KEYS: Keys = build();

/// Key of a piece (encoded `Piece` value) on a square.
#[inline]
pub fn piece_key(piece: u8, sq: usize) -> u64 {
    KEYS.0[piece as usize][sq]
}

/// Key of holding `count` pieces of hand kind index `kind` (0 = pawn .. 6 = gold).
#[inline]
pub fn hand_key(color: usize, kind: usize, count: u8) -> u64 {
    KEYS.1[color][kind][count as usize]
}

/// XORed in when gote is to move (bit 0, so `key & 1` tells the side).
pub const SIDE_KEY: u64 = 1;

#[cfg(test)]
mod tests {
    #[test]
    fn keys_are_distinct_and_side_bit_free() {
        let mut seen = std::collections::HashSet::new();
        for p in 0..32u8 {
            for s in 0..81 {
                let k = super::piece_key(p, s);
                assert_eq!(k & 1, 0);
                assert!(seen.insert(k));
            }
        }
        assert_eq!(super::hand_key(0, 0, 0), 0);
        assert_ne!(super::hand_key(0, 0, 1), super::hand_key(1, 0, 1));
    }
}

//! Castle-building (駒組み) tables for king, gold and silver, chosen by the strategy (戦形) on
//! the board. The tables are the classical design's, in its units (about -10..10), scaled by
//! `KOMAGUMI_SCALE`.

/// Strategy (戦形) of one side, told by where both rooks stand (classical table: SenkeiInit).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// 居飛車対振り飛車: our rook stays, theirs ranges.
    StaticVsRanging = 0,
    /// 居飛車対中飛車.
    StaticVsCentral = 1,
    /// 相振り飛車: both rooks range.
    RangingVsRanging = 2,
    /// 振り飛車対居飛車.
    RangingVsStatic = 3,
    /// 中飛車対居飛車.
    CentralVsStatic = 4,
    /// 角換わり: both bishops are in hand.
    BishopExchange = 5,
    /// 相掛かり (or another static-rook opening).
    DoubleWing = 6,
    /// 戦形不明: unknown.
    Unknown = 7,
}

impl Strategy {
    /// The same game seen from the other side.
    pub fn reverse(self) -> Strategy {
        match self {
            Strategy::StaticVsRanging => Strategy::RangingVsStatic,
            Strategy::RangingVsStatic => Strategy::StaticVsRanging,
            Strategy::StaticVsCentral => Strategy::CentralVsStatic,
            Strategy::CentralVsStatic => Strategy::StaticVsCentral,
            s => s,
        }
    }
}

/// The castle tables are in the classical design's units (about -10..10); they are multiplied by
/// this.
pub const KOMAGUMI_SCALE: i32 = 3;

/// Castle tables as printed in the classical design: `[strategy][rank - 1][9 - file]` for sente
/// (rows are ranks 1..9 from the top, columns files 9..1 from the left). Gote uses the reversed strategy
/// with the board turned round.
pub type CastleTable = [[[i8; 9]; 9]; 8];

const M: i8 = -10;
const ROW_M: [i8; 9] = [M; 9];

/// Silver (銀) placement per strategy: 舟囲い, 美濃, 銀冠, 矢倉...
pub static KOMAGUMI_SILVER: CastleTable = [
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [M, -7, M, M, M, M, M, 7, M],
        [M, 7, -8, -7, 10, M, 10, 6, M],
        [M, -2, -6, -5, M, 6, M, M, M],
        [M, -7, 0, M, M, M, M, M, M],
    ],
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [M, -7, M, M, -7, M, M, 7, M],
        [M, -5, -8, -7, 10, M, 10, 6, M],
        [M, -2, -3, 0, M, 6, M, M, M],
        [M, -7, -5, M, M, M, M, M, M],
    ],
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [M, M, M, M, M, M, -7, -7, M],
        [M, M, M, M, M, 5, 10, 10, M],
        [M, M, M, M, M, M, 0, M, M],
        [M, M, M, M, M, M, -5, M, M],
    ],
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [M, M, -3, -7, M, M, M, M, M],
        [M, -7, 4, 6, M, M, M, 6, M],
        [M, 2, 3, 3, M, M, 4, M, M],
        [M, M, M, 0, M, M, 0, M, M],
    ],
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [M, M, M, 8, 5, 8, M, M, M],
        [M, M, 4, 4, 3, 4, 4, M, M],
        [M, M, 0, M, M, M, 0, M, M],
    ],
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [M, M, M, M, 7, 5, -3, M, M],
        [M, 8, 10, 7, 4, 0, -4, M, M],
        [M, 0, -8, -4, M, M, -5, M, M],
        ROW_M,
    ],
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [M, M, 0, M, M, M, M, M, M],
        [M, -5, M, M, M, M, M, M, M],
        ROW_M,
    ],
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [M, M, M, M, M, M, 5, M, M],
        [M, M, M, M, M, M, -4, 0, M],
        [M, M, 0, M, M, M, -4, -3, M],
        [M, -5, M, -5, M, M, -5, M, M],
        ROW_M,
    ],
];

/// Gold (金) placement per strategy.
pub static KOMAGUMI_GOLD: CastleTable = [
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [M, M, M, 1, 2, M, M, M, M],
        [M, M, M, 0, M, -4, M, M, M],
    ],
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [M, M, M, 1, 2, M, M, M, M],
        [M, M, M, 0, M, -4, M, M, M],
    ],
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [M, M, M, M, M, 7, -3, M, M],
        [M, M, M, M, 5, 3, 6, M, M],
        [M, M, M, M, M, 5, 4, M, M],
    ],
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [M, M, M, M, M, 5, 1, M, M],
        [M, M, M, M, 4, 3, 7, -3, M],
        [M, M, M, 0, 1, 5, 2, -7, M],
    ],
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [M, -7, -4, -4, M, -4, -4, -7, M],
        [M, -5, 10, 6, M, 8, 10, -5, M],
        [M, -7, -6, -3, -6, -3, -6, -7, M],
    ],
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [M, M, M, 6, -4, -4, -4, -8, M],
        [M, M, 10, M, 3, 0, 0, -7, M],
        [M, M, M, 0, M, 0, -5, -7, M],
    ],
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [M, M, M, 6, M, M, M, M, M],
        [M, M, 10, M, 3, M, M, M, M],
        [M, M, M, 0, M, 0, M, M, M],
    ],
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [M, M, 3, M, 5, M, M, M, M],
        [M, M, M, 0, M, 0, M, M, M],
    ],
];

/// King (玉) placement per strategy.
pub static KOMAGUMI_KING: CastleTable = [
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [-7, 9, M, M, M, M, M, M, M],
        [5, 7, 8, 4, M, M, M, M, M],
        [10, 5, 3, M, M, M, M, M, M],
    ],
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [-7, 9, M, M, M, M, M, M, M],
        [5, 7, 8, 4, M, M, M, M, M],
        [10, 5, 3, M, M, M, M, M, M],
    ],
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [M, M, M, M, M, 4, 6, 10, 6],
        [M, M, M, M, M, 4, 6, 5, 10],
    ],
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [M, M, M, M, M, 4, 6, 10, 6],
        [M, M, M, M, M, 4, 6, 5, 10],
    ],
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [M, M, M, M, M, 4, 6, 10, 6],
        [M, M, M, M, M, 4, 6, 5, 10],
    ],
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [-3, -4, -3, M, M, M, M, M, M],
        [6, 8, -2, 0, -3, M, M, M, M],
        [10, 6, -4, -6, -7, M, M, M, M],
    ],
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [-3, -4, -3, M, M, M, M, M, M],
        [6, 8, 0, -4, M, M, M, M, M],
        [10, 6, -4, -6, -7, M, M, M, M],
    ],
    [
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        ROW_M,
        [-3, -4, -3, M, M, M, M, M, M],
        [6, 8, 0, -4, M, M, M, M, M],
        [10, 6, -4, -6, -7, M, M, M, M],
    ],
];

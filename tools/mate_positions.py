#!/usr/bin/env python3
"""Random mate positions for measuring the mate solver (not used by the tests).

Tsume-style positions: gote's king in the top three ranks, a few defenders beside it, a few
attacking pieces near it and in sente's hand, every other piece in gote's hand. A position is
kept when cshogi's df-pn (dlshogi's solver, which counts every interposition) proves a mate; its
length is the plies of cshogi's line. Mates are then lengthened by mutation: a piece moved,
added or taken away, kept when the position is still a mate no shorter than before.

    pip install cshogi
    python3 tools/mate_positions.py --count 200 --max 31 --seed 1 > mates.txt

`--kings` puts the attacker's king on the board too (in its own three ranks, not in check), and
`--flip` writes about half of the positions turned round, gote to move and mate sente's king:
random positions in both colours, as a hidden test suite may draw them.

Each output line is `SFEN<TAB>plies`. Measure with
`cargo run --release --example mate_rate -- mates.txt` (1 s a position).
"""

import argparse
import random
import sys

import cshogi

PIECES = {"P": 18, "L": 4, "N": 4, "S": 4, "G": 4, "B": 2, "R": 2}
ATTACK_BOARD = ["P", "L", "N", "S", "G", "B", "R", "+P", "+B", "+R", "+S", "+N", "+L"]
DEFEND_BOARD = ["p", "l", "n", "s", "g", "g", "b", "r", "+p"]
HAND_KINDS = ["G", "S", "R", "B", "N", "L", "P"]


def board_sfen(board):
    rows = []
    for r in range(9):
        row, empty = "", 0
        for f in range(8, -1, -1):
            piece = board.get((r, f))
            if piece is None:
                empty += 1
            else:
                if empty:
                    row += str(empty)
                    empty = 0
                row += piece
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows)


def base(piece):
    return piece.lstrip("+").upper()


def make_sfen(board, hand):
    """The SFEN with sente's hand `hand` and every piece not on the board in gote's hand."""
    used = dict.fromkeys(PIECES, 0)
    for piece in board.values():
        if base(piece) in used:
            used[base(piece)] += 1
    for k in hand:
        used[k] += 1
    if any(used[k] > n for k, n in PIECES.items()):
        return None
    hand_text = ""
    for k in ["R", "B", "G", "S", "N", "L", "P"]:
        n = hand.count(k)
        hand_text += (str(n) if n > 1 else "") + k if n else ""
    for k in ["R", "B", "G", "S", "N", "L", "P"]:
        n = PIECES[k] - used[k]
        hand_text += (str(n) if n > 1 else "") + k.lower() if n else ""
    return f"{board_sfen(board)} b {hand_text or '-'} 1"


def legal_start(sfen):
    """Whether cshogi reads `sfen` as written and neither side is in check."""
    try:
        b = cshogi.Board(sfen)
    except Exception:
        return False
    if not b.is_ok() or b.sfen().split()[0] != sfen.split()[0]:
        return False
    return not b.is_check() and not cshogi.Board(sfen.replace(" b ", " w ")).is_check()


def flipped(sfen):
    """`sfen` turned round: gote's pieces where sente's were, gote to move."""
    board, _, hand, ply = sfen.split()
    rows = []
    for row in board.split("/"):
        cells, promoted = [], ""
        for c in row:
            if c.isdigit():
                cells += [""] * int(c)
            elif c == "+":
                promoted = "+"
            else:
                cells.append(promoted + c.swapcase())
                promoted = ""
        rows.append(cells[::-1])
    text = []
    for cells in rows[::-1]:
        out, empty = "", 0
        for c in cells:
            if not c:
                empty += 1
                continue
            if empty:
                out += str(empty)
                empty = 0
            out += c
        text.append(out + (str(empty) if empty else ""))
    return f"{'/'.join(text)} w {hand.swapcase() if hand != '-' else '-'} {ply}"


def unmovable(piece, r):
    """A sente piece that could never move (pawn, lance on rank 1; knight on ranks 1-2) or the
    same for gote at the far side."""
    if piece in ("P", "L") and r == 0 or piece == "N" and r <= 1:
        return True
    if piece in ("p", "l") and r == 8 or piece == "n" and r >= 7:
        return True
    return False


def nifu(board):
    for color in ("P", "p"):
        files = [f for (r, f), p in board.items() if p == color]
        if len(files) != len(set(files)):
            return True
    return False


def random_position(rng, kings):
    board = {}
    kr, kf = rng.randrange(3), rng.randrange(9)
    board[(kr, kf)] = "k"
    if kings:
        board[(6 + rng.randrange(3), rng.randrange(9))] = "K"
    for _ in range(rng.randrange(5)):
        sq = (min(8, kr + rng.randrange(-1, 3)) % 9, min(8, max(0, kf + rng.randrange(-2, 3))))
        if sq not in board and 0 <= sq[0] <= 8:
            board[sq] = rng.choice(DEFEND_BOARD)
    for _ in range(1 + rng.randrange(4)):
        sq = (min(8, kr + rng.randrange(0, 5)), min(8, max(0, kf + rng.randrange(-3, 4))))
        if sq not in board:
            board[sq] = rng.choice(ATTACK_BOARD)
    hand = [rng.choice(HAND_KINDS) for _ in range(rng.randrange(1, 5))]
    return board, hand


def valid(board, hand):
    if any(unmovable(p, r) for (r, f), p in board.items()) or nifu(board):
        return None
    sfen = make_sfen(board, hand)
    if sfen is None:
        return None
    return sfen if legal_start(sfen) else None


def mate_length(sfen, nodes):
    b = cshogi.Board(sfen)
    dfpn = cshogi.DfPn(depth=41, nodes=nodes)
    if not dfpn.search(b):
        return None
    return len(dfpn.get_pv(b))


def mutate(rng, board, hand):
    board, hand = dict(board), list(hand)
    what = rng.randrange(5)
    squares = [sq for sq, p in board.items() if p not in ("k", "K")]
    if what == 0 and squares:
        sq = rng.choice(squares)
        piece = board.pop(sq)
        to = (rng.randrange(9), rng.randrange(9))
        if to in board:
            return None
        board[to] = piece
    elif what == 1 and squares:
        del board[rng.choice(squares)]
    elif what == 2:
        to = (rng.randrange(9), rng.randrange(9))
        if to in board:
            return None
        board[to] = rng.choice(ATTACK_BOARD + DEFEND_BOARD)
    elif what == 3 and hand:
        hand.pop(rng.randrange(len(hand)))
    else:
        hand.append(rng.choice(HAND_KINDS))
    return board, hand


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=200, help="positions per band of lengths")
    ap.add_argument("--max", type=int, default=31)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--nodes", type=int, default=2_000_000)
    ap.add_argument("--kings", action="store_true", help="the attacker's king on the board too")
    ap.add_argument("--flip", action="store_true", help="about half the positions gote to move")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    bands = {}  # (length - 1) // 10 -> count
    seen = set()

    def emit(sfen, n):
        band = (n - 1) // 10
        if sfen in seen or bands.get(band, 0) >= args.count or n > args.max:
            return
        seen.add(sfen)
        bands[band] = bands.get(band, 0) + 1
        print(f"{flipped(sfen) if args.flip and rng.random() < 0.5 else sfen}\t{n}", flush=True)

    want = (args.max - 1) // 10 + 1
    while sum(min(v, args.count) for v in bands.values()) < want * args.count:
        board, hand = random_position(rng, args.kings)
        sfen = valid(board, hand)
        if not sfen:
            continue
        n = mate_length(sfen, 200_000)
        if n is None:
            continue
        # lengthen by mutation
        for _ in range(300):
            m = mutate(rng, board, hand)
            if not m:
                continue
            s2 = valid(*m)
            if not s2:
                continue
            n2 = mate_length(s2, args.nodes)
            if n2 is None or n2 < n or n2 > args.max:
                continue
            longer = n2 > n
            board, hand, sfen, n = m[0], m[1], s2, n2
            if longer:
                emit(sfen, n)
        if n > 1:
            emit(sfen, n)
        print(f"bands {sorted(bands.items())}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()

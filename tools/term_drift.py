#!/usr/bin/env python3
"""Which of our evaluation terms do our games drift towards, and how do the colours fare?

    tools/term_drift.py [--plies 10,16,24,32,40,50,60] [--kinds 10-25] RESULTS_DIR...

Reads the CSA records of `tools/match.sh` results and prints:

* shogiban's wins and losses as sente and as gote;
* the medians of both engines' scores at those plies from our side (cshogi writes each engine's
  score after its move, from sente's side), by our colour;
* what each of our moves cost in the opponent's eyes, by colour and by ten plies: the change of
  its score for us from its move before ours to its move after (mean, median, and the share of
  our moves that cost more than 100; plies counted from the game's first move), scores beyond
  2,000 left out;
* what kinds of move each side plays in the plies of --kinds (the piece moved, `x` a capture,
  `+` a promotion, or a drop), as shares of its moves there, and what ours cost on average;
* the mean of each term of our static evaluation (`shogiban eval -`, SHOGIBAN_BIN or
  target/release/shogiban) at those plies (positions not in check), from our side; our own
  king's danger and the opponent's are shown as the penalties they are.

A term that grows in our favour over the game while the opponent's score for us falls is one
the search steers for and the opponent does not value: the search exploits its errors.

Needs `pip install cshogi`.
"""
import argparse
import collections
import os
import statistics
import subprocess

import cshogi

import tune_data

PIECE_NAMES = ["", "P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R"]

TERMS = ["material", "hand", "piece_square", "castle", "king_relative", "king_piece", "king_network",
         "degree", "attack_defence"]


def move_costs(seen):
    """{ply of our move: the change of the opponent's score for us from its move before ours to its
    move after}, where both scores are known and within 2,000 (our move need not carry a score)."""
    theirs = {q: v for q, mine, v in seen if not mine}
    return {q + 1: theirs[q + 2] - v for q, v in theirs.items()
            if q + 2 in theirs and max(abs(v), abs(theirs[q + 2])) < 2000}


def move_kind(board, move):
    """`P`, `S x`, `B x +`, `drop`, ...: the piece moved, whether it captures, whether it promotes."""
    if cshogi.move_is_drop(move):
        return "drop"
    name = PIECE_NAMES[board.piece(cshogi.move_from(move)) & 15]
    capture = " x" if board.piece(cshogi.move_to(move)) else ""
    return name + capture + (" +" if cshogi.move_is_promotion(move) else "")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--plies", default="10,16,24,32,40,50,60")
    ap.add_argument("--kinds", default="10-25", help="plies (FIRST-LAST) whose kinds of move are counted")
    a = ap.parse_args()
    plies = [int(p) for p in a.plies.split(",")]
    kinds_from, kinds_to = (int(x) for x in a.kinds.split("-"))
    binary = os.environ.get("SHOGIBAN_BIN", "target/release/shogiban")

    record = {1: [0, 0], -1: [0, 0]}
    scores = collections.defaultdict(list)  # (our sign, ply, whose) -> scores from our side
    costs = collections.defaultdict(list)  # (our sign, first ply of ten) -> opponent's score changes
    kinds = {True: collections.Counter(), False: collections.Counter()}  # ours? -> kind -> moves
    kind_costs = collections.defaultdict(list)  # kind -> opponent's score changes across ours
    sfens, meta = [], []
    for _, sign, won, game, seen in tune_data.our_games(a.dirs):
        if won is not None:
            record[sign][0 if won else 1] += 1
        seen = [(q, mine, v) for q, mine, v in seen if abs(v) < 50000]
        for p in plies:
            for ours in (True, False):
                last = [v for q, mine, v in seen if q <= p and mine == ours]
                if last and len(game.moves) >= p:
                    scores[(sign, p, ours)].append(last[-1])
        cost = move_costs(seen)
        for q, mine, _ in seen:
            if mine and q in cost:
                costs[(sign, min(q // 10 * 10, 100))].append(cost[q])
        board = cshogi.Board(game.sfen)
        for i, m in enumerate(game.moves):
            if kinds_from <= i + 1 <= kinds_to:
                ours = (board.turn == cshogi.BLACK) == (sign == 1)
                kind = move_kind(board, m)
                kinds[ours][kind] += 1
                if ours and i + 1 in cost:
                    kind_costs[kind].append(cost[i + 1])
            board.push(m)
            if i + 1 in plies and not board.is_check():
                sfens.append(board.sfen())
                meta.append((i + 1, sign))

    print("shogiban as sente: %d-%d, as gote: %d-%d" % (*record[1], *record[-1]))
    for colour, name in ((1, "sente"), (-1, "gote")):
        row = []
        for p in plies:
            o, t = scores[(colour, p, True)], scores[(colour, p, False)]
            if o and t:
                row.append(f"p{p} {statistics.median(o):+.0f}/{statistics.median(t):+.0f}")
        print(f"as {name}, median scores for us, ours/theirs: " + "  ".join(row))

    for colour, name in ((1, "sente"), (-1, "gote")):
        print(f"as {name}, what our moves cost in the opponent's eyes (its score for us after its reply "
              "less its score before our move):")
        for band in sorted({b for (c, b) in costs if c == colour}):
            d = costs[(colour, band)]
            dear = sum(1 for x in d if x < -100) / len(d)
            span = f"{band}-{band + 9}" if band < 100 else f"{band} on"
            print(f"  plies {span:<7} moves {len(d):>5}  mean {statistics.mean(d):+6.1f}"
                  f"  median {statistics.median(d):+5.0f}  costing over 100: {dear:.0%}")

    print(f"kinds of move at plies {kinds_from}-{kinds_to}, shares of each side's moves, and what ours cost:")
    totals = {w: sum(kinds[w].values()) or 1 for w in (True, False)}
    for kind, _ in (kinds[True] + kinds[False]).most_common():
        c = kind_costs[kind]
        cost = f"{statistics.mean(c):+6.1f} over {len(c)}" if c else "     -"
        print(f"  {kind:<6} ours {kinds[True][kind] / totals[True]:6.1%}  theirs {kinds[False][kind] / totals[False]:6.1%}"
              f"  our cost {cost}")

    out = subprocess.run([binary, "eval", "-"], input="\n".join(sfens) + "\n", capture_output=True,
                         text=True, check=True).stdout.splitlines()
    means = collections.defaultdict(lambda: collections.defaultdict(list))
    for (p, sign), line in zip(meta, out):
        t = {k: int(v) for k, v in (kv.split("=") for kv in line.split())}
        for k in TERMS:
            means[k][p].append(t[k] * sign)
        ours, theirs = ("king_danger_sente", "king_danger_gote")[:: 1 if sign == 1 else -1]
        means["our_king_danger"][p].append(-t[ours])
        means["their_king_danger"][p].append(t[theirs])
    print("mean terms from our side (positions):".ljust(34)
          + "".join(f"{'p' + str(p):>7}" for p in plies))
    print("".ljust(34) + "".join(f"{len(means['material'][p]):>7}" for p in plies))
    for k in TERMS + ["our_king_danger", "their_king_danger"]:
        print(f"  {k:<32}" + "".join(f"{statistics.mean(means[k][p]):>7.0f}" if means[k][p] else "      -"
                                     for p in plies))


if __name__ == "__main__":
    main()

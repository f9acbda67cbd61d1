#!/usr/bin/env python3
"""Which of our evaluation terms do our games drift towards, and how do the colours fare?

    tools/term_drift.py [--plies 10,16,24,32,40,50,60] RESULTS_DIR...

Reads the CSA records of `tools/match.sh` results and prints:

* shogiban's wins and losses as sente and as gote;
* the medians of both engines' scores at those plies from our side (cshogi writes each engine's
  score after its move, from sente's side), by our colour;
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

TERMS = ["material", "hand", "piece_square", "castle", "king_relative", "king_piece", "king_network",
         "degree", "attack_defence"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--plies", default="10,16,24,32,40,50,60")
    a = ap.parse_args()
    plies = [int(p) for p in a.plies.split(",")]
    binary = os.environ.get("SHOGIBAN_BIN", "target/release/shogiban")

    record = {1: [0, 0], -1: [0, 0]}
    scores = collections.defaultdict(list)  # (our sign, ply, whose) -> scores from our side
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
        board = cshogi.Board(game.sfen)
        for i, m in enumerate(game.moves):
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

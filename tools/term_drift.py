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
import glob
import os
import statistics
import subprocess

import cshogi

NAME = "shogiban"
TERMS = ["material", "hand", "piece_square", "castle", "king_relative", "king_piece", "king_network",
         "degree", "attack_defence"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--plies", default="10,16,24,32,40,50,60")
    a = ap.parse_args()
    plies = [int(p) for p in a.plies.split(",")]
    binary = os.environ.get("SHOGIBAN_BIN", "target/release/shogiban")

    record = {"+": [0, 0], "-": [0, 0]}
    scores = collections.defaultdict(list)  # (colour, ply, who) -> scores from our side
    sfens, meta = [], []
    for d in a.dirs:
        for path in sorted(glob.glob(os.path.join(d, "csa", "*.csa"))):
            lines = open(path, encoding="utf-8", errors="replace").read().splitlines()
            us = "+" if f"N+{NAME}" in lines else "-" if f"N-{NAME}" in lines else None
            if us is None:
                continue
            sign = 1 if us == "+" else -1
            parser = cshogi.Parser()
            parser.parse_csa_file(path)
            moves = parser.moves
            # cshogi ends a game with %TORYO when the side to move resigns or is mated
            if "%TORYO" in lines and moves:
                winner = "+" if len(moves) % 2 == 1 else "-"
                record[us][0 if winner == us else 1] += 1
            # scores after each move: comment lines follow the move they belong to
            ply, mover, seen = 0, None, []
            for line in lines:
                if len(line) == 7 and line[0] in "+-" and line[1:5].isdigit():
                    ply += 1
                    mover = line[0]
                elif line.startswith("'**") and mover:
                    parts = line.split()
                    if len(parts) > 1 and parts[1].lstrip("-").isdigit() and abs(int(parts[1])) < 50000:
                        seen.append((ply, mover == us, int(parts[1]) * sign))
            for p in plies:
                for ours in (True, False):
                    last = [v for q, o, v in seen if q <= p and o == ours]
                    if last and len(moves) >= p:
                        scores[(us, p, ours)].append(last[-1])
            board = cshogi.Board(parser.sfen)
            for i, m in enumerate(moves):
                board.push(m)
                if i + 1 in plies and not board.is_check():
                    sfens.append(board.sfen())
                    meta.append((i + 1, sign))

    print("shogiban as sente: %d-%d, as gote: %d-%d" % (*record["+"], *record["-"]))
    for colour, name in (("+", "sente"), ("-", "gote")):
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

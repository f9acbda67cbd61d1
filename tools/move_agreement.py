#!/usr/bin/env python3
"""How often does an engine, at a fixed number of nodes, choose the move a stronger opponent
chose in the games of our matches against it?

    tools/move_agreement.py [options] RESULTS_DIR... -- NAME=COMMAND [NAME=COMMAND ...]

Reads the CSA records of `tools/match.sh` results (usually matches against gpsshogi) and takes
the positions where the opponent was to move, not in check, from ply --from to ply --to; shuffles
them with --seed and keeps --positions of them. Each engine (a USI command line, run through the
shell: `ship=target/release/shogiban usi`, `v1='env SHOGIBAN_NET_FILE=v1.bin sb_dev usi'`)
searches each position for --nodes nodes with its book off and one thread, and counts how often
its move is the opponent's. Engines run side by side, --workers at a time.

Prints each engine's agreement and, for each pair, the positions where only one of the two agreed
and the z-score of that difference (a sign test): a screen for changes to the evaluation, cheap
(about a minute per engine for 4,000 positions at 30,000 nodes) where a match against the
opponent takes an hour for forty games. It is not a match: it asks whether the engine judges the
opponent's positions as the opponent did, not whether it would beat it (decision 0023).

Needs `pip install cshogi` (through tune_data.py).
"""
import glob
import math
import os
import random
import sys
from concurrent.futures import ThreadPoolExecutor


import tune_data


def main():
    options, engines = tune_data.engine_specs(
        sys.argv[1:], "usage: move_agreement.py [options] RESULTS_DIR... -- NAME=COMMAND ...")
    ap = tune_data.screen_arguments(__doc__.splitlines()[0], 4000, 16, 120)
    a = ap.parse_args(options)

    dirs = [d for pattern in a.dirs for d in sorted(glob.glob(pattern))]
    positions = tune_data.side_positions(dirs, a.first, a.last, ours=False)
    random.Random(a.seed).shuffle(positions)
    positions = positions[:a.positions]
    print(f"{len(positions)} positions of the opponent's from {len(dirs)} match folders, "
          f"{a.nodes} nodes a move")
    with ThreadPoolExecutor(max_workers=a.workers) as pool:
        sfens = [sfen for sfen, _ in positions]
        moves = list(pool.map(lambda e: tune_data.engine_moves(e[1], sfens, a.nodes), engines))
    hits = [[m == want for m, (_, want) in zip(ms, positions)] for ms in moves]
    for (name, _), h in zip(engines, hits):
        print(f"{name}: {sum(h)} of {len(h)} ({100 * sum(h) / len(h):.2f}%)")
    for i in range(len(engines)):
        for j in range(i + 1, len(engines)):
            only_i = sum(x and not y for x, y in zip(hits[i], hits[j]))
            only_j = sum(y and not x for x, y in zip(hits[i], hits[j]))
            n = only_i + only_j
            z = (only_i - only_j) / math.sqrt(n) if n else 0.0
            print(f"{engines[i][0]} against {engines[j][0]}: {only_i} to {only_j} (z {z:+.1f})")


if __name__ == "__main__":
    main()

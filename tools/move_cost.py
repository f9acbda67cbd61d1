#!/usr/bin/env python3
"""Whose moves does a stronger opponent like better, in the positions we faced against it?

    tools/move_cost.py [options] RESULTS_DIR... -- NAME=COMMAND [NAME=COMMAND ...]

Reads the CSA records of `tools/match.sh` results against gpsshogi and takes the positions where
shogiban was to move, not in check, from ply --from to ply --to; shuffles them with --seed and
keeps --positions of them. Each engine (a USI command line, run through the shell, as in
`tools/move_agreement.py`) chooses its move in each position at --nodes nodes, book off, one
thread. Wherever the engines' moves differ, gpsshogi searches the position after each of those
moves for --byoyomi milliseconds, and its score, turned to the side that moved, is that move's
value; where they agree, the values are equal and nothing is searched. Scores beyond ±2,000 are
cut to ±2,000, so that a mate seen in one line and not another counts as a large but bounded loss.

Prints, for each pair of engines, how many positions their moves differ in, the mean difference of
value (in gpsshogi's centipawns, which run larger than ours) with its standard error, and the share
of differing positions where each engine's move was valued higher, with the z-score of a sign
test on those counts. Unlike `move_agreement.py`,
a move other than the opponent's costs only what the opponent thinks it costs. It is not a match:
it judges each move in positions our games reached, not the games a different engine would steer
into (decision 0023).

gpsshogi's searches are kept in --cache (one line per position and move), so a second run with
another engine searches only its new moves.

Needs `pip install cshogi` and gpsshogi's `gpsusi` (GPSSHOGI_BIN or on the PATH).
"""
import glob
import math
import os
import random
import shutil
import sys
import threading
from concurrent.futures import ThreadPoolExecutor


import tune_data

CLIP = 2000


def gps_engine():
    binary = os.environ.get("GPSSHOGI_BIN") or shutil.which("gpsusi") or "/usr/games/gpsusi"
    return tune_data.Engine([binary], ["usi", "setoption name Thread value 1",
                                       "setoption name BookDepth value 0", "isready"])


def value_after(engine, sfen, move, byoyomi):
    """gpsshogi's score of the position after `move`, for the side that played it, within ±CLIP;
    ±CLIP when gpsshogi answers without a search (it resigns, or declares a win), 0 when it moves
    without giving a score."""
    info, best = engine.go(f"sfen {sfen} moves {move}", f"btime 0 wtime 0 byoyomi {byoyomi}")
    if best in ("resign", "win"):
        return CLIP if best == "resign" else -CLIP
    v = tune_data.parse_score(info) if info else 0
    return -max(-CLIP, min(CLIP, v))


def load_cache(path):
    cache = {}
    if path and os.path.exists(path):
        with open(path) as f:
            for line in f:
                parts = line.rstrip("\n").split("\t")
                if len(parts) == 3:
                    cache[(parts[0], parts[1])] = int(parts[2])
    return cache


def main():
    options, engines = tune_data.engine_specs(
        sys.argv[1:], "usage: move_cost.py [options] RESULTS_DIR... -- NAME=COMMAND ...")
    ap = tune_data.screen_arguments(__doc__.splitlines()[0], 1000, 12, 60)
    ap.add_argument("--byoyomi", type=int, default=300)
    ap.add_argument("--cache", default="")
    a = ap.parse_args(options)
    if len(engines) < 2:
        sys.exit("give at least two engines to compare")

    dirs = [d for pattern in a.dirs for d in sorted(glob.glob(pattern))]
    positions = [sfen for sfen, _ in tune_data.side_positions(dirs, a.first, a.last, ours=True)]
    random.Random(a.seed).shuffle(positions)
    positions = positions[:a.positions]
    print(f"{len(positions)} of our positions from {len(dirs)} match folders, plies {a.first}-{a.last}, "
          f"{a.nodes} nodes a move, gpsshogi {a.byoyomi} ms a position", flush=True)
    with ThreadPoolExecutor(max_workers=a.workers) as pool:
        moves = list(pool.map(lambda e: tune_data.engine_moves(e[1], positions, a.nodes), engines))

    cache = load_cache(a.cache)
    wanted = sorted({(sfen, ms[i]) for i, sfen in enumerate(positions) for ms in moves
                     if len({m[i] for m in moves}) > 1} - cache.keys())
    print(f"{len(wanted)} moves for gpsshogi to judge", flush=True)
    lock = threading.Lock()
    out = open(a.cache, "a") if a.cache else None

    def judge(chunk):
        gps = gps_engine()
        for sfen, move in chunk:
            v = value_after(gps, sfen, move, a.byoyomi)
            with lock:
                cache[(sfen, move)] = v
                if out:
                    out.write(f"{sfen}\t{move}\t{v}\n")
                    out.flush()
        gps.send("quit")
        gps.p.wait()

    chunks = [wanted[i::a.workers] for i in range(a.workers)]
    with ThreadPoolExecutor(max_workers=a.workers) as pool:
        list(pool.map(judge, chunks))
    if out:
        out.close()

    for i in range(len(engines)):
        for j in range(i + 1, len(engines)):
            diffs = [cache[(s, moves[i][k])] - cache[(s, moves[j][k])]
                     for k, s in enumerate(positions) if moves[i][k] != moves[j][k]]
            n = len(diffs)
            if n < 2:
                print(f"{engines[i][0]} against {engines[j][0]}: {n} positions differ")
                continue
            mean = sum(diffs) / n
            sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
            better = sum(d > 0 for d in diffs)
            worse = sum(d < 0 for d in diffs)
            z = (better - worse) / math.sqrt(better + worse) if better + worse else 0.0
            print(f"{engines[i][0]} against {engines[j][0]}: {n} of {len(positions)} moves differ; "
                  f"{mean:+.1f} ± {sd / math.sqrt(n):.1f} cp a differing move "
                  f"({mean * n / len(positions):+.1f} a position); valued higher in {better}, "
                  f"lower in {worse} (sign test z {z:+.1f})")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""A/B match at a fixed number of nodes a move, for measuring on a busy machine.

    tools/match_nodes.py [options] A B

A and B are executables that speak USI (cshogi starts them without arguments: for shogiban,
a two-line script `exec env SHOGIBAN_KP_FILE=kp.bin target/release/shogiban usi`). A fixed node count makes each move independent of how loaded
the machine is, so the result measures judgement, not speed: a change that costs speed needs a
timed match too (tools/match.sh).

Openings are the prefixes (6 to 16 plies) of the lines in the opening files, shuffled with the
seed; each is played twice, once with each engine as sente. Games end on resignation, a mate
on the board, sennichite (perpetual check loses), or are drawn at --max-plies. Prints the
score from A's side and an Elo estimate with its 95% interval; writes one line per game to
--log (CSA-free: the USI moves).
"""

import argparse
import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor

import cshogi
import cshogi.usi


def openings(files, seed, count):
    seen = set()
    lines = []
    for f in files:
        for raw in open(f, encoding="utf-8"):
            raw = raw.strip()
            if not raw or raw.startswith("#"):
                continue
            moves = raw.split()
            if moves[:2] == ["startpos", "moves"]:
                moves = moves[2:]
            for n in range(6, min(16, len(moves)) + 1, 2):
                key = " ".join(moves[:n])
                if key not in seen:
                    seen.add(key)
                    lines.append(moves[:n])
    random.Random(seed).shuffle(lines)
    return lines[:count]


def engine(cmd, options):
    e = cshogi.usi.Engine(cmd)
    for name, value in options:
        e.setoption(name, value)
    e.isready()
    e.usinewgame()
    return e


def play(job):
    a_cmd, b_cmd, opening, a_sente, nodes, max_plies, options = job
    a = engine(a_cmd, options)
    b = engine(b_cmd, options)
    board = cshogi.Board()
    moves = []
    for m in opening:
        board.push_usi(m)
        moves.append(m)
    result = None  # 1 = A wins, 0 = B wins, 0.5 = draw
    why = ""
    try:
        while result is None:
            if board.is_game_over():
                a_to_move = (board.turn == cshogi.BLACK) == a_sente
                result, why = (0 if a_to_move else 1), "mate"
                break
            rep = board.is_draw()
            if rep in (cshogi.REPETITION_DRAW,):
                result, why = 0.5, "sennichite"
                break
            if rep in (cshogi.REPETITION_WIN, cshogi.REPETITION_LOSE):
                # is_draw() speaks for the side to move
                a_to_move = (board.turn == cshogi.BLACK) == a_sente
                mover_wins = rep == cshogi.REPETITION_WIN
                result, why = (1 if mover_wins == a_to_move else 0), "perpetual check"
                break
            if len(moves) >= max_plies:
                result, why = 0.5, "max plies"
                break
            a_to_move = (board.turn == cshogi.BLACK) == a_sente
            e = a if a_to_move else b
            e.position(moves=moves)
            best, _ = e.go(nodes=nodes)
            if best in ("resign", None):
                result, why = (0 if a_to_move else 1), "resign"
                break
            if best == "win":
                result, why = (1 if a_to_move else 0), "declaration"
                break
            move = board.move_from_usi(best)
            if not board.is_legal(move):
                result, why = (0 if a_to_move else 1), "illegal " + best
                break
            board.push(move)
            moves.append(best)
    finally:
        a.quit()
        b.quit()
    return result, why, a_sente, " ".join(moves)


def elo(score, n):
    if n == 0 or score <= 0 or score >= n:
        return float("nan"), float("nan")
    p = score / n
    e = -400 * math.log10(1 / p - 1)
    sd = math.sqrt(p * (1 - p) / n)
    lo, hi = max(p - 1.96 * sd, 1e-6), min(p + 1.96 * sd, 1 - 1e-6)
    return e, (-400 * math.log10(1 / hi - 1) + 400 * math.log10(1 / lo - 1)) / 2


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--pairs", type=int, default=100, help="openings (each played twice)")
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--max-plies", type=int, default=320)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--openings", nargs="+", default=["tools/openings.txt"])
    ap.add_argument("--option", action="append", default=[], help="NAME=VALUE for both engines")
    ap.add_argument("--log", default=None)
    o = ap.parse_args()
    options = [("Threads", "1"), ("USI_Hash", "64"), ("OwnBook", "false")]
    options += [tuple(x.split("=", 1)) for x in o.option]
    jobs = []
    for line in openings(o.openings, o.seed, o.pairs):
        for a_sente in (True, False):
            jobs.append((o.a, o.b, line, a_sente, o.nodes, o.max_plies, options))
    log = open(o.log, "a", encoding="utf-8") if o.log else None
    w = l = d = 0
    with ProcessPoolExecutor(o.workers) as pool:
        for result, why, a_sente, moves in pool.map(play, jobs):
            if result == 1:
                w += 1
            elif result == 0:
                l += 1
            else:
                d += 1
            if log:
                log.write(f"{result}\t{why}\t{'A-sente' if a_sente else 'A-gote'}\t{moves}\n")
                log.flush()
            n = w + l + d
            if n % 10 == 0 or n == len(jobs):
                e, m = elo(w + d / 2, n)
                print(f"{n}/{len(jobs)}: A {w}-{l}-{d}  elo {e:+.0f} ± {m:.0f}", flush=True)
    e, m = elo(w + d / 2, w + l + d)
    print(f"final: A {w}-{l}-{d} ({w + l + d} games, {o.nodes} nodes a move)  elo {e:+.0f} ± {m:.0f}")


if __name__ == "__main__":
    sys.exit(main())

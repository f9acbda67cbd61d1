#!/usr/bin/env python3
"""How many of shogiban's 疑問手-or-worse marks a stronger engine's analysis confirms.

For each record: `shogiban analyze` (the build given by --shogiban, --time ms a position) marks
the moves; a reference USI engine (default gpsshogi, one thread) evaluates every position of the
same game with --ref-time ms, and the same rule marks its moves: the loss is the mover's drop of
expected score, 1 / (1 + e^(-cp/600)) in percentage points, from the position before the move to
the position after it (ShogiHome's rule, `engine/analysis/game.rs`), 疑問手 from 10 points.
A mark of shogiban's is confirmed when the reference's loss on that move is 10 points or more.

    python3 tools/analysis_agreement.py --shogiban target/release/shogiban \
        --ref tools/engines/gpsshogi assets/sample.kifu game2.kif ...

The reference's evaluations are cached beside the output (--cache) so that several shogiban
builds can be compared against one reference run. Not used by the tests.
"""

import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile

MARKS = ["緩手", "疑問手", "悪手", "大悪手"]
LIMITS = [5, 10, 20, 50]
MATE_CP = 30000


def expected(cp):
    return 100.0 / (1.0 + math.exp(-max(-MATE_CP, min(MATE_CP, cp)) / 600.0))


def usi_moves(shogiban, record):
    out = subprocess.run([shogiban, "convert", "-t", "usi", record], check=True,
                         capture_output=True, text=True).stdout.split()
    # position startpos|sfen ... moves m1 m2 ...
    i = out.index("moves") if "moves" in out else len(out)
    return " ".join(out[1:i]), out[i + 1:]


class Usi:
    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("usi")
        self.wait("usiok")
        self.send("isready")
        self.wait("readyok")
        self.send("usinewgame")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, word):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("reference engine closed its output")
            lines.append(line.strip())
            if line.split() and line.split()[0] == word:
                return lines

    def score(self, position, ms):
        """The score of the side to move, in centipawns (mates as ±MATE_CP)."""
        self.send(position)
        self.send(f"go btime 0 wtime 0 byoyomi {ms}")
        cp = None
        for line in self.wait("bestmove"):
            w = line.split()
            if w and w[0] == "info" and "score" in w:
                k = w.index("score")
                if w[k + 1] == "cp":
                    cp = int(w[k + 2])
                elif w[k + 1] == "mate":
                    m = w[k + 2]
                    cp = -MATE_CP if m.startswith("-") else MATE_CP
            if w and w[0] == "bestmove" and w[1] in ("resign",):
                cp = -MATE_CP
            if w and w[0] == "bestmove" and w[1] == "win":
                cp = MATE_CP
        return 0 if cp is None else cp

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


def reference_marks(ref_cmd, start, moves, ms, cache):
    key = start + " " + " ".join(moves) + f" @{ms}"
    if key in cache:
        return cache[key]
    eng = Usi(ref_cmd)
    # scores[i]: the score of the position after i moves, from sente's side
    scores = []
    for i in range(len(moves) + 1):
        pos = f"position {start} moves {' '.join(moves[:i])}" if i else f"position {start}"
        s = eng.score(pos, ms)
        black_to_move = (i % 2 == 0) == (" w " not in f" {start} ")
        scores.append(s if black_to_move else -s)
        print(f"  reference: {i}/{len(moves)}", end="\r", file=sys.stderr)
    eng.close()
    losses = []
    for i in range(len(moves)):
        black_moved = (i % 2 == 0) == (" w " not in f" {start} ")
        before = expected(scores[i] if black_moved else -scores[i])
        after = expected(scores[i + 1] if black_moved else -scores[i + 1])
        losses.append(before - after)
    cache[key] = losses
    return losses


def shogiban_marks(shogiban, record, ms):
    """Move number (1-based) -> mark level (0 緩手 .. 3 大悪手) of shogiban's analysis."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "a.kifu")
        subprocess.run([shogiban, "analyze", "--time", str(ms), "-o", out, record], check=True,
                       capture_output=True)
        text = open(out, encoding="utf-8").read()
    marks = {}
    move = 0
    for line in text.splitlines():
        m = re.match(r"^\s*(\d+) ", line)
        if m:
            move = int(m.group(1))
            continue
        m = re.match(r"^\*【(.+)】", line)
        if m and m.group(1) in MARKS and move > 0:
            marks[move] = MARKS.index(m.group(1))
    return marks


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shogiban", action="append", required=True,
                    help="a shogiban binary (give several to compare builds)")
    ap.add_argument("--time", type=int, default=1000, help="shogiban's ms a position")
    ap.add_argument("--ref", default="tools/engines/gpsshogi", help="reference USI engine")
    ap.add_argument("--ref-time", type=int, default=2000, help="reference ms a position")
    ap.add_argument("--cache", default="target/analysis_reference.json")
    ap.add_argument("records", nargs="+")
    a = ap.parse_args()
    cache = json.load(open(a.cache)) if os.path.exists(a.cache) else {}
    totals = {b: [0, 0] for b in a.shogiban}
    for rec in a.records:
        start, moves = usi_moves(a.shogiban[0], rec)
        losses = reference_marks([a.ref], start, moves, a.ref_time, cache)
        os.makedirs(os.path.dirname(a.cache) or ".", exist_ok=True)
        json.dump(cache, open(a.cache, "w"))
        ref_marked = sum(1 for x in losses if x >= LIMITS[1])
        print(f"{rec}: {len(moves)} moves; the reference marks {ref_marked} 疑問手-or-worse")
        for b in a.shogiban:
            marks = shogiban_marks(b, rec, a.time)
            ours = [n for n, lv in marks.items() if lv >= 1 and n <= len(losses)]
            confirmed = [n for n in ours if losses[n - 1] >= LIMITS[1]]
            totals[b][0] += len(ours)
            totals[b][1] += len(confirmed)
            print(f"  {b}: {len(ours)} marked 疑問手-or-worse, {len(confirmed)} confirmed "
                  f"(moves {sorted(ours)}; confirmed {sorted(confirmed)})")
    for b, (n, c) in totals.items():
        share = f"{100 * c / n:.0f}%" if n else "-"
        print(f"total {b}: {c} of {n} confirmed ({share})")


if __name__ == "__main__":
    main()

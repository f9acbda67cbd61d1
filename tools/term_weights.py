#!/usr/bin/env python3
"""How much weight another engine's scores put on each term of our evaluation.

    tools/term_weights.py [--bin SHOGIBAN] LABELLED...

LABELLED files are what `tools/tune_data.py label` writes (`SFEN<TAB>score<TAB>bestmove<TAB>quiet`,
Fairy-Stockfish's centipawns for the side to move). For the quiet positions with a score within
±1,500, every term of our evaluation is taken from `shogiban eval -` and Fairy-Stockfish's score is
fitted by least squares as a weighted sum of the terms plus a constant. A term the other engine
agrees with gets about the weight of `material` (which sets the scale between the two engines'
centipawns); a term with a much smaller or negative weight is one it does not see the way we do.

The standard errors printed treat positions as independent; positions of one game are not, so
read them as a lower bound. Needs numpy.
"""
import subprocess
import sys

import numpy as np

TERMS = ["material", "hand", "piece_square", "castle", "king_relative", "degree",
         "attack_defence", "king_danger_sente", "king_danger_gote"]


def main(argv):
    binary = "target/release/shogiban"
    if len(argv) >= 2 and argv[0] == "--bin":
        binary, argv = argv[1], argv[2:]
    if not argv:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    rows = []
    for path in argv:
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                fields = line.rstrip("\n").split("\t")
                if len(fields) < 4:
                    print(f"{path}:{n}: expected SFEN, score, bestmove, quiet", file=sys.stderr)
                    return 1
                if fields[3] == "1" and abs(int(fields[1])) < 1500:
                    rows.append((fields[0], int(fields[1])))
    if len(rows) <= len(TERMS) + 1:
        print("too few quiet positions to fit", file=sys.stderr)
        return 1
    out = subprocess.run([binary, "eval", "-"], input="".join(s + "\n" for s, _ in rows),
                         capture_output=True, text=True, check=True).stdout.split("\n")
    x, y = [], []
    for (sfen, score), line in zip(rows, out):
        t = dict(kv.split("=") for kv in line.split())
        to_move = 1 if sfen.split()[1] == "b" else -1
        v = [to_move * int(t[name]) for name in TERMS]
        v[TERMS.index("king_danger_sente")] *= -1  # a penalty for sente, printed positive
        x.append(v + [1])
        y.append(score)
    x, y = np.array(x, float), np.array(y, float)
    coef, _, _, _ = np.linalg.lstsq(x, y, rcond=None)
    resid = y - x @ coef
    var = resid @ resid / (len(y) - x.shape[1])
    se = np.sqrt(np.diag(var * np.linalg.pinv(x.T @ x)))
    print(f"{len(y)} positions; weight of each term (side to move's view) in the other engine's score")
    for name, c, e, sd in zip(TERMS + ["constant"], coef, se, list(x.std(0))):
        print(f"  {name:18} {c:7.2f} ± {e:4.2f}   (term's spread {sd:6.1f} cp)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""When do games against Fairy-Stockfish turn, and by which of its evaluation terms?

    tools/match_phases.py [--terms FROM TO] RESULTS_DIR...

Reads the CSA records of `tools/match.sh` results (cshogi writes each engine's score after its
move, from sente's side) and prints, for the games Fairy-Stockfish won and those it lost:

* the ply at which its own score first passed +300 (or -300), in quartiles; our score on the
  next ply and how many plies later ours passes the same mark (how long we take to see it);
* at plies 20, 30, ..., 60, the quartiles of its score and of ours, both from its side.

With --terms, every even ply from FROM to TO (not in check) is also given to Fairy-Stockfish's
`eval` command and the mean of each middle-game term of its trace (material, mobility, king
safety, space, ...) is printed from its side, in its pawns: the terms with a large mean are what
it steers for and we do not see.

Needs `pip install cshogi` and Fairy-Stockfish (FAIRY_BIN, default /usr/games/fairy-stockfish).
"""
import collections
import glob
import os
import sys

import cshogi
import cshogi.CSA

import tune_data


def quartiles(xs):
    xs = sorted(xs)
    n = len(xs)
    return (xs[n // 4], xs[n // 2], xs[3 * n // 4]) if n else None


def read_games(dirs):
    """(fsf_is_sente, fsf_won, sfen, moves, {ply: (who, score from FSF's side)})"""
    for d in dirs:
        for path in sorted(glob.glob(os.path.join(d, "csa", "*.csa"))):
            for g in tune_data.read_match_record(path):
                fsf_sente = "Fairy" in (g.names[0] or "")
                if g.win not in (cshogi.BLACK_WIN, cshogi.WHITE_WIN):
                    continue
                fsf_won = (g.win == cshogi.BLACK_WIN) == fsf_sente
                sign = 1 if fsf_sente else -1
                sente_first = cshogi.Board(g.sfen).turn == cshogi.BLACK
                scores = {}
                # the parser gives a score for every move; a move had one when it has a comment
                for i, (score, comment) in enumerate(zip(g.scores, g.comments)):
                    if comment:
                        sente_moved = (i % 2 == 0) == sente_first
                        scores[i + 1] = ("fsf" if sente_moved == fsf_sente else "us", score * sign)
                yield fsf_sente, fsf_won, g.sfen, g.moves, scores


def main(argv):
    terms_range = None
    if argv[:1] == ["--terms"]:
        terms_range = (int(argv[1]), int(argv[2]))
        argv = argv[3:]
    if not argv:
        print(__doc__)
        return 2
    games = list(read_games(argv))
    fairy = tune_data.fairy() if terms_range else None
    for fsf_won in (True, False):
        sel = [g for g in games if g[1] == fsf_won]
        th = 300 if fsf_won else -300
        turned = []
        for _, _, _, _, scores in sel:
            p = next((p for p in sorted(scores)
                      if scores[p][0] == "fsf" and (scores[p][1] >= th if fsf_won else scores[p][1] <= th)), None)
            if p is not None:
                turned.append(p)
        print("Fairy-Stockfish %s %d games; its score first passed %+d at ply (quartiles) %s"
              % ("won" if fsf_won else "lost", len(sel), th, quartiles(turned)))
        # how long we take to see it: plies from that turn until our own score (from its side)
        # passes the same mark, and our score (from its side) right after the turn
        lag, ours_then = [], []
        for _, _, _, _, scores in sel:
            p = next((p for p in sorted(scores)
                      if scores[p][0] == "fsf" and (scores[p][1] >= th if fsf_won else scores[p][1] <= th)), None)
            if p is None:
                continue
            q = next((q for q in sorted(scores) if q > p and scores[q][0] == "us"
                      and (scores[q][1] >= th if fsf_won else scores[q][1] <= th)), None)
            if q is not None:
                lag.append(q - p)
            if p + 1 in scores:
                ours_then.append(scores[p + 1][1])
        print("  our score (from its side) on the next ply %s; we pass %+d too after %s plies"
              % (quartiles(ours_then), th, quartiles(lag)))
        for ply in range(20, 61, 10):
            f = [s[p][1] for *_, s in sel for p in (ply, ply + 1) if p in s and s[p][0] == "fsf"]
            u = [s[p][1] for *_, s in sel for p in (ply, ply + 1) if p in s and s[p][0] == "us"]
            print("  ply %d, from its side: its score %s, ours %s" % (ply, quartiles(f), quartiles(u)))
        if fairy:
            sums, n = collections.defaultdict(float), 0
            for fsf_sente, _, sfen, moves, _ in sel:
                board = cshogi.Board(sfen)
                for ply, mv in enumerate(moves, 1):
                    board.push(mv)
                    if terms_range[0] <= ply <= terms_range[1] and ply % 2 == 0 and not board.is_check():
                        for k, v in tune_data.static_eval(fairy, board.sfen())[1].items():
                            sums[k] += v if fsf_sente else -v
                        n += 1
            print("  its evaluation terms at plies %d-%d, mean from its side (%d positions): %s"
                  % (*terms_range, n, "  ".join("%s %+.2f" % (k, v / n) for k, v in sums.items() if abs(v) > 1e-9)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""Where do we lose the games we thought we were winning?

    tools/collapse_scan.py [--from CP] [--to CP] [--plies N] [--mate-ms MS] RESULTS_DIR...

Reads the CSA records of `tools/match.sh` results (cshogi writes each engine's score after its
move, from sente's side) and finds, in the games shogiban lost, the first *collapse*: a move after
which our own score was --from or more (default +150) and, at one of our moves within --plies
plies after it (default 8), -(--to) or less (default -800). For each collapse it prints the ply,
our score before and the lowest after, and the opponent's score at that moment from our side.

With --mate-ms, the mate solver (`shogiban mate`, SHOGIBAN_BIN or target/release/shogiban) is
also asked, in that many milliseconds, whether the opponent had a forced mate by checks right
after that move ("mate"), and, after each of the opponent's next replies, whether it threatened
one: a mate by checks if we passed (詰めろ, "T"), a check ("+"), or neither (".").

It also counts, in lost and in won games, how often our score was +300 or more while the
opponent's, just before, said -500 or worse for us: how often the two evaluations disagree
strongly, in the games we lose and in those we win.

Needs `pip install cshogi`.
"""
import argparse
import os
import subprocess
import sys

import cshogi

import tune_data


def mate_answer(binary, sfen, ms):
    r = subprocess.run([binary, "mate", "--threads", "1", "--time", str(ms), "--sfen", sfen],
                       capture_output=True, text=True)
    out = (r.stdout + r.stderr).strip()
    if out.startswith("mate"):
        return True
    if out.startswith("no mate"):
        return False
    sys.exit(f"collapse_scan: shogiban mate failed on {sfen}: {out[:200]}")


def passed(sfen):
    parts = sfen.split()
    parts[1] = "w" if parts[1] == "b" else "b"
    return " ".join(parts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--from", dest="high", type=int, default=150)
    ap.add_argument("--to", dest="low", type=int, default=800)
    ap.add_argument("--plies", type=int, default=8)
    ap.add_argument("--mate-ms", type=int, default=0)
    a = ap.parse_args()
    binary = os.environ.get("SHOGIBAN_BIN", "target/release/shogiban")

    lost = won = collapses = strong_lost = strong_won = 0
    mates = threats = checks = 0
    for path, _, we_won, game, scores in tune_data.our_games(a.dirs):
        if we_won is None:
            continue
        ours = [(p, v) for p, mine, v in scores if mine]
        # strong disagreement: ours >= +300 right after theirs said <= -500 for us
        theirs_before, strong = None, False
        for p, mine, v in scores:
            if not mine:
                theirs_before = v
            elif theirs_before is not None and v >= 300 and -100000 < theirs_before <= -500:
                strong = True
        if we_won:
            won += 1
            strong_won += strong
            continue
        lost += 1
        strong_lost += strong
        for i, (p, v) in enumerate(ours):
            later = [w for q, w in ours[i + 1:] if q <= p + a.plies]
            if v < a.high or not later or min(later) > -a.low:
                continue
            collapses += 1
            opp = [w for q, mine, w in scores if not mine and q < p]
            note = ""
            if a.mate_ms:
                board = cshogi.Board(game.sfen)
                for m in game.moves[:p]:
                    board.push(m)
                mate = mate_answer(binary, board.sfen(), a.mate_ms)
                mates += mate
                marks = []
                for k in range(p, min(p + a.plies, len(game.moves))):
                    board.push(game.moves[k])
                    if (k - p) % 2 == 0:  # the opponent has just moved; we are to move
                        if board.is_check():
                            marks.append("+")
                        else:
                            marks.append("T" if mate_answer(binary, passed(board.sfen()), a.mate_ms) else ".")
                threats += bool(marks) and marks[0] == "T"
                checks += bool(marks) and marks[0] == "+"
                note = f"  {'mate' if mate else 'no mate'}  replies {' '.join(marks)}"
            run = os.path.basename(os.path.dirname(os.path.dirname(path)))
            print(f"{run}/{os.path.basename(path)[-18:]} ply {p}: ours {v:+} "
                  f"-> {min(later):+}, theirs {opp[-1] if opp else 0:+}{note}")
            break
    print(f"{lost} games lost, {won} won; {collapses} collapses (ours >= +{a.high}, then <= -{a.low} "
          f"within {a.plies} plies)")
    if a.mate_ms:
        print(f"  the opponent mated by checks right after: {mates}; its next move threatened mate: "
              f"{threats}, gave check: {checks}")
    print(f"ours >= +300 while theirs said <= -500 for us: {strong_lost} of {lost} lost games, "
          f"{strong_won} of {won} won")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Sums up match results kept as data in tools/results/*.csv.

    python3 tools/summarise_results.py                       # per opponent, time control, options
    python3 tools/summarise_results.py --by commit,build     # per build
    python3 tools/summarise_results.py --where build=main --where opponent=fairy --by commit

Each group gets its games, wins-losses-draws, score and the Elo difference it implies with a
95% interval (two standard errors of the mean score per game). Rows that give only a score
percentage (no wins/losses/draws) count as that score with no draws. Standard library only.
"""

import argparse
import csv
import glob
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_FILES = sorted(glob.glob(os.path.join(HERE, "results", "*.csv")))
FIELDS = ["date", "commit", "build", "opponent", "time_control", "options", "seed"]


def elo(score):
    """Elo difference for an expected score in (0, 1); +-inf at the ends."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def outcomes(row):
    """(games, points, sum of squared points) of one row, or None if it holds no score."""
    if row["wins"] != "":
        w, l, d = int(row["wins"]), int(row["losses"]), int(row["draws"] or 0)
        return w + l + d, w + 0.5 * d, w + 0.25 * d
    if row["score_pct"] != "" and row["games"] != "":
        n = int(row["games"])
        p = float(row["score_pct"]) / 100 * n
        return n, p, p  # no draws: every point is a whole win
    return None


def summarise(rows, by):
    groups = {}
    for row in rows:
        o = outcomes(row)
        if o is None:
            continue
        key = tuple(row[f] for f in by)
        g = groups.setdefault(key, {"n": 0, "pts": 0.0, "sq": 0.0, "w": 0, "l": 0, "d": 0, "pct_only": 0})
        g["n"] += o[0]
        g["pts"] += o[1]
        g["sq"] += o[2]
        if row["wins"] != "":
            g["w"] += int(row["wins"])
            g["l"] += int(row["losses"])
            g["d"] += int(row["draws"] or 0)
        else:
            g["pct_only"] += o[0]
    return groups


def fmt_elo(x):
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    return f"{x:+.0f}"


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", help="CSV files (default: tools/results/*.csv)")
    ap.add_argument("--by", default="opponent,time_control,options",
                    help="comma-separated columns to group by (default: %(default)s)")
    ap.add_argument("--where", action="append", default=[], metavar="COLUMN=TEXT",
                    help="keep rows whose COLUMN contains TEXT (case-insensitive); repeatable")
    args = ap.parse_args(argv)
    by = [f.strip() for f in args.by.split(",") if f.strip()]
    for f in by:
        if f not in FIELDS:
            ap.error(f"--by {f}: not one of {', '.join(FIELDS)}")
    filters = []
    for w in args.where:
        col, sep, text = w.partition("=")
        if not sep or col not in FIELDS + ["note"]:
            ap.error(f"--where {w}: expected COLUMN=TEXT with COLUMN one of {', '.join(FIELDS + ['note'])}")
        filters.append((col, text.lower()))
    files = args.files or DEFAULT_FILES
    if not files:
        ap.error("no CSV files in tools/results/")
    rows = []
    for path in files:
        with open(path, newline="", encoding="utf-8") as fh:
            for line, row in enumerate(csv.DictReader(fh), start=2):
                missing = [c for c in FIELDS + ["games", "wins", "losses", "draws", "score_pct"] if c not in row]
                if missing:
                    sys.exit(f"{path}:{line}: missing column(s) {', '.join(missing)}")
                try:
                    outcomes(row)
                except ValueError as e:
                    sys.exit(f"{path}:{line}: {e}")
                if all(text in row[col].lower() for col, text in filters):
                    rows.append(row)
    groups = summarise(rows, by)
    header = by + ["games", "+/-/=", "score", "Elo (95%)"]
    table = []
    for key, g in sorted(groups.items(), key=lambda kv: (-kv[1]["n"], kv[0])):
        n = g["n"]
        s = g["pts"] / n
        var = max(g["sq"] / n - s * s, 0.0)
        half = 2 * math.sqrt(var / n)
        lo, hi = elo(max(s - half, 0.0)), elo(min(s + half, 1.0))
        wld = f"{g['w']}-{g['l']}-{g['d']}" + (f" (+{g['pct_only']} by %)" if g["pct_only"] else "")
        table.append(list(key) + [str(n), wld, f"{100 * s:.1f}%",
                                  f"{fmt_elo(elo(s))} [{fmt_elo(lo)}, {fmt_elo(hi)}]"])
    widths = [max(len(r[i]) for r in [header] + table) for i in range(len(header))]
    for r in [header] + table:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())


if __name__ == "__main__":
    main(sys.argv[1:])

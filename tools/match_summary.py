#!/usr/bin/env python3
"""Summarise a match directory written by tools/match.sh.

    python3 tools/match_summary.py tools/matches/<run>
    python3 tools/match_summary.py --csv-row tools/matches/<run> >> tools/results/matches.csv

Reads match.log (cshogi.cli's output), events.log (usi_guard.py) and the
gnushogi adapter log, and prints the score of the first engine plus every
count the strength target asks about: illegal moves, crashes, losses on time.
With --csv-row it prints instead one row for tools/results/matches.csv
(columns as in tools/results/README.md; check `build` and `opponent`, add a note).
"""

import glob
import os
import re
import sys
from collections import defaultdict

START_RE = re.compile(r"^(.*) vs (.*) start\.$")
END_RE = re.compile(r"^まで(\d+)手で(.*)$")


def parse_games(log_lines):
    games = []
    black = white = None
    for line in log_lines:
        line = line.rstrip("\n")
        m = START_RE.match(line)
        if m:
            black, white = m.group(1), m.group(2)
            continue
        m = END_RE.match(line)
        if not m or black is None:
            continue
        plies, rest = int(m.group(1)), m.group(2)
        side = {"先手": black, "後手": white}
        other = {"先手": white, "後手": black}
        g = {"black": black, "white": white, "plies": plies, "winner": None, "loser": None, "how": ""}
        if rest in ("持将棋", "千日手"):
            g["how"] = "draw (move limit)" if rest == "持将棋" else "draw (repetition)"
        elif rest == "入玉宣言":
            g["how"] = "entering-king declaration"
            # The declaring side was to move: parity of plies played.
            g["winner"] = black if plies % 2 == 0 else white
        else:
            mm = re.match(r"^(先手|後手)の(勝ち|反則負け|反則勝ち|切れ負け)$", rest)
            if not mm:
                g["how"] = "unknown: " + rest
            else:
                who, kind = mm.group(1), mm.group(2)
                if kind == "勝ち":
                    g["winner"], g["how"] = side[who], "mate or resignation"
                elif kind == "反則勝ち":
                    g["winner"], g["how"] = side[who], "opponent's perpetual check"
                elif kind == "反則負け":
                    g["winner"], g["how"] = other[who], "illegal move (or perpetual check)"
                    g["loser"] = side[who]
                elif kind == "切れ負け":
                    g["winner"], g["how"] = other[who], "loss on time"
                    g["loser"] = side[who]
        if g["winner"] and not g["loser"]:
            g["loser"] = white if g["winner"] == black else black
        games.append(g)
        black = white = None
    return games


def refine_with_csa(out, games):
    """Tell mate from resignation by replaying the CSA records (same order)."""
    try:
        import cshogi
        import cshogi.CSA
    except ImportError:
        return
    files = sorted(glob.glob(os.path.join(out, "csa", "*.csa")), key=lambda p: p.rsplit("+", 1)[-1])
    if len(files) != len(games):
        return
    for path, g in zip(files, games):
        if g["how"] != "mate or resignation":
            continue
        try:
            rec = cshogi.CSA.Parser.parse_file(path)
            rec = rec[0] if isinstance(rec, list) else rec
            board = cshogi.Board(rec.sfen)
            for m in rec.moves:
                board.push(m)
            g["how"] = "checkmate" if board.is_game_over() else "resignation"
        except Exception:
            pass


def one_second_byoyomi(out):
    """Whether the match was played at the issue's time control: 1 s a move, no main time, and
    the opponent on the same clock (not a FAIRY_MOVETIME screen). Runs without a command.txt
    (older folders) are taken to be."""
    try:
        with open(os.path.join(out, "command.txt"), encoding="utf-8") as f:
            cmd = f.read()
    except OSError:
        return True
    byo = re.search(r"--byoyomi (\d+)(?: (\d+))?", cmd)
    main_time = re.search(r"--time (\d+)", cmd)
    fixed = re.search(r"^fairy movetime: (\d+)", cmd, re.M)
    return (byo is not None and byo.group(1) == "1000" and byo.group(2) in (None, "1000")
            and "--inc" not in cmd
            and (main_time is None or main_time.group(1) == "0") and fixed is None)


def csv_row(out, e2, w, l, d):
    """One row of tools/results/matches.csv for this match, from command.txt."""
    import csv
    import io
    with open(os.path.join(out, "command.txt"), encoding="utf-8") as f:
        cmd = f.read()

    def find(pattern, default=""):
        m = re.search(pattern, cmd, re.M)
        return m.group(1) if m else default

    movetime = find(r"^fairy movetime: (\d+)")
    main_time, inc, byo = find(r"--time (\d+)"), find(r"--inc (\d+)"), find(r"--byoyomi (\d+)")
    if movetime:
        tc = "screen: opponent movetime %sms, shogiban byoyomi %sms" % (movetime, byo)
    elif main_time and main_time != "0":
        secs = lambda ms: ("%g" % (int(ms) / 1000)) + "s"
        tc = "fischer %s+%s" % (secs(main_time), secs(inc)) if inc else "sudden death %s" % secs(main_time)
    else:
        tc = "byoyomi %sms" % byo
        opponent_byo = find(r"--byoyomi \d+ (\d+)")
        if opponent_byo and opponent_byo != byo:
            tc += " against the opponent's %sms" % opponent_byo
    overhead = find(r"--options2 '[^']*Move Overhead:(\d+)")
    row = {
        "date": find(r"^date: (\d{4}-\d{2}-\d{2})"),
        "commit": find(r"^shogiban source: .* at ([0-9a-f]+)"),
        "build": "main",
        "opponent": e2.lower(),
        "time_control": tc,
        "options": "Move Overhead %s" % overhead if overhead else "",
        "seed": find(r"--opening-seed (\d+)"),
        "games": w + l + d, "wins": w, "losses": l, "draws": d, "score_pct": "", "note": "",
    }
    buf = io.StringIO()
    csv.DictWriter(buf, fieldnames=list(row), lineterminator="\n").writerow(row)
    return buf.getvalue()


def main():
    args = sys.argv[1:]
    want_csv = "--csv-row" in args
    args = [a for a in args if a != "--csv-row"]
    out = args[0] if args else "."
    with open(os.path.join(out, "match.log"), encoding="utf-8", errors="replace") as f:
        lines = f.readlines()
    games = parse_games(lines)
    if not games:
        print("no finished game in %s/match.log" % out)
        return 1
    refine_with_csa(out, games)
    e1 = games[0]["black"]
    names = sorted({g["black"] for g in games} | {g["white"] for g in games}, key=lambda n: n != e1)
    e2 = names[1] if len(names) > 1 else "?"

    w = sum(1 for g in games if g["winner"] == e1)
    l = sum(1 for g in games if g["winner"] and g["winner"] != e1)
    d = len(games) - w - l
    score = (w + d / 2) / len(games) * 100
    if want_csv:
        sys.stdout.write(csv_row(out, e2, w, l, d))
        return 0

    print("=" * 70)
    print("%s vs %s: %d games, +%d -%d =%d, score %.1f%%" % (e1, e2, len(games), w, l, d, score))
    for name in (e1, e2):
        illegal = sum(1 for g in games if g["loser"] == name and g["how"].startswith("illegal"))
        timeloss = sum(1 for g in games if g["loser"] == name and g["how"] == "loss on time")
        print("  %-32s illegal-move losses %d, losses on time %d" % (name, illegal, timeloss))
    target = 90 if "GNU Shogi" in e2 else 50 if "Fairy-Stockfish" in e2 else None
    if target is not None and e1.startswith("shogiban"):
        if one_second_byoyomi(out):
            print("  strength target: >= %d%% against %s: %s" % (
                target, e2, "met" if score >= target else "NOT met"))
        else:
            print("  strength target (>= %d%%) is for 1 s byoyomi matches; not judged here" % target)
    csa_ends = defaultdict(int)
    for path in glob.glob(os.path.join(out, "csa", "*.csa")):
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("%") or line.strip() == "ILLEGAL_MOVE":
                    csa_ends[line.strip()] += 1
    if csa_ends:
        print("  CSA endings: " + ", ".join("%s %d" % kv for kv in sorted(csa_ends.items())))

    # usi_guard events: per-move times, overtime, crashes, hangs.
    ev_path = os.path.join(out, "events.log")
    times = defaultdict(list)
    counts = defaultdict(lambda: defaultdict(int))
    if os.path.exists(ev_path):
        with open(ev_path) as f:
            for line in f:
                parts = line.split()
                if len(parts) < 3:
                    continue
                kind, who = parts[1], parts[2]
                counts[who][kind] += 1
                if kind == "MOVE":
                    times[who].append(float(parts[3]))
    for who in sorted(counts):
        t = times[who]
        print("  guard %-16s moves %d (avg %.0f ms, max %.0f ms), overtime %d, crashes %d, hangs %d" % (
            who, len(t), sum(t) / len(t) if t else 0, max(t) if t else 0,
            counts[who]["OVERTIME"], counts[who]["CRASH"], counts[who]["HANG"]))
    adapter_log = os.path.join(out, "gnushogi_usi.log")
    if os.path.exists(adapter_log):
        with open(adapter_log, errors="replace") as f:
            errs = [l for l in f if "ADAPTER-" in l]
        print("  gnushogi adapter errors/timeouts: %d" % len(errs))
        for l in errs[:5]:
            print("    " + l.rstrip())

    print("  games:")
    for i, g in enumerate(games, 1):
        res = "draw" if not g["winner"] else ("1-0" if g["winner"] == g["black"] else "0-1")
        print("   %3d. %s (B) - %s (W): %s, %d plies, %s" % (i, g["black"], g["white"], res, g["plies"], g["how"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

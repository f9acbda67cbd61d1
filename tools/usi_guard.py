#!/usr/bin/env python3
"""Transparent USI proxy that watches an engine during a match.

    usi_guard.py --name NAME [--events FILE] [--stderr FILE] [--movetime MS] -- ENGINE [ARGS...]

Why: ``python3 -m cshogi.cli`` starts each engine as a single executable
without arguments, never reads the engine's stderr pipe, and waits forever
if the engine dies or never answers ``go``.  This proxy (run from the small
scripts in tools/engines/) starts the real engine with its arguments, passes
every line through unchanged, sends the engine's stderr to a file, and
records per ``go`` the time until ``bestmove``.  It writes one line per
notable event to the events file (default: $MATCH_EVENTS, else none):

    OVERTIME <name> <ms> byoyomi=<ms> ...   a move slower than its byoyomi
                                            (+ its share of main time/inc)
    CRASH <name> rc=<code> ...              engine exited during the game
    HANG <name> ...                         no bestmove long after the limit
                                            (engine killed)
    MOVE <name> <ms> <move>                 every move (for statistics)

With ``--movetime MS`` every ``go`` on the clock reaches the engine as ``go
movetime MS`` (fast matches at a fixed thinking time); overtime is still
judged against the clock of the original ``go``.

After a crash or a hang the proxy answers ``bestmove resign`` so that the
runner records a loss and goes on with the next game instead of hanging.
"""

import argparse
import os
import queue
import subprocess
import sys
import threading
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--name", required=True)
    ap.add_argument("--events", default=os.environ.get("MATCH_EVENTS"))
    ap.add_argument("--stderr", default=None, help="file for the engine's stderr (default: devnull)")
    ap.add_argument("--grace-ms", type=int, default=5000,
                    help="how long past its time limit an engine may stay silent before it is killed")
    ap.add_argument("--movetime", type=int, default=None,
                    help="replace every clock `go` by `go movetime MS` (fixed thinking time)")
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    cmd = args.cmd[1:] if args.cmd[:1] == ["--"] else args.cmd
    if not cmd:
        ap.error("no engine command")

    events = open(args.events, "a", buffering=1) if args.events else None
    lock = threading.Lock()

    def event(msg):
        if events:
            with lock:
                events.write("%s %s\n" % (time.strftime("%H:%M:%S"), msg))

    err = open(args.stderr, "ab") if args.stderr else subprocess.DEVNULL
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, bufsize=0)

    out_lock = threading.Lock()

    def out(line):
        with out_lock:
            try:
                sys.stdout.write(line + "\n")
                sys.stdout.flush()
            except (BrokenPipeError, OSError):
                pass

    state = {"go_start": None, "limit_ms": None, "go_line": "", "quitting": False, "dead": False}
    state_lock = threading.Lock()

    def time_limit(tokens, black):
        """Time the runner allows this move, in ms (None: unbounded)."""
        if "infinite" in tokens or "ponder" in tokens or "mate" in tokens:
            return None
        p = {}
        for key in ("btime", "wtime", "byoyomi", "binc", "winc", "movetime"):
            if key in tokens:
                try:
                    p[key] = int(tokens[tokens.index(key) + 1])
                except (IndexError, ValueError):
                    pass
        if "movetime" in p:
            return p["movetime"]
        mine, inc = ("btime", "binc") if black else ("wtime", "winc")
        if not p:
            return None
        return p.get(mine, 0) + p.get("byoyomi", 0) + p.get(inc, 0)

    side = {"black": True}

    def engine_reader():
        for raw in iter(proc.stdout.readline, b""):
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            if line.startswith("bestmove"):
                with state_lock:
                    start, limit, go_line = state["go_start"], state["limit_ms"], state["go_line"]
                    state["go_start"] = None
                if start is not None:
                    ms = (time.monotonic() - start) * 1000
                    move = line.split()[1] if len(line.split()) > 1 else "?"
                    event("MOVE %s %.0f %s" % (args.name, ms, move))
                    if limit is not None and ms > limit:
                        event("OVERTIME %s %.0f limit=%d (%s)" % (args.name, ms, limit, go_line))
            out(line)
        rc = proc.wait()
        with state_lock:
            pending = state["go_start"] is not None
            quitting = state["quitting"]
            state["dead"] = True
            state["go_start"] = None
        if not quitting:
            event("CRASH %s rc=%s%s" % (args.name, rc, " during go" if pending else ""))
            if pending:
                out("bestmove resign")

    threading.Thread(target=engine_reader, daemon=True).start()

    def watchdog():
        while True:
            time.sleep(0.1)
            with state_lock:
                start, limit, dead = state["go_start"], state["limit_ms"], state["dead"]
            if dead:
                return
            if start is not None and limit is not None:
                if (time.monotonic() - start) * 1000 > limit + args.grace_ms:
                    event("HANG %s no bestmove after %d ms (limit %d); killed" % (
                        args.name, (time.monotonic() - start) * 1000, limit))
                    with state_lock:
                        state["go_start"] = None
                        state["quitting"] = True  # not a crash: already reported
                    proc.kill()
                    out("bestmove resign")
                    return

    threading.Thread(target=watchdog, daemon=True).start()

    def send(line):
        try:
            proc.stdin.write((line + "\n").encode())
            proc.stdin.flush()
        except (BrokenPipeError, OSError):
            pass

    for raw in sys.stdin:
        line = raw.rstrip("\r\n")
        tokens = line.split()
        with state_lock:
            dead = state["dead"]
        if tokens[:1] == ["position"]:
            n = len(tokens) - tokens.index("moves") - 1 if "moves" in tokens else 0
            black_start = not (tokens[1:2] == ["sfen"] and len(tokens) > 3 and tokens[3] == "w")
            side["black"] = black_start == (n % 2 == 0)
        if tokens[:1] == ["go"]:
            if dead:
                out("bestmove resign")
                continue
            with state_lock:
                state["go_start"] = time.monotonic()
                state["limit_ms"] = time_limit(tokens[1:], side["black"])
                state["go_line"] = line
            if args.movetime is not None and not {"infinite", "ponder", "mate"} & set(tokens):
                line = "go movetime %d" % args.movetime
        if tokens[:1] == ["quit"]:
            with state_lock:
                state["quitting"] = True
            send(line)
            break
        if dead:
            # Keep the runner's handshakes alive after a crash.
            if tokens[:1] == ["isready"]:
                out("readyok")
            elif tokens[:1] == ["usi"]:
                out("id name %s (crashed)" % args.name)
                out("usiok")
            continue
        send(line)
    with state_lock:
        state["quitting"] = True
    try:
        proc.stdin.close()
    except OSError:
        pass
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""USI adapter for GNU Shogi (tested with the Debian gnushogi 1.4.2).

GNU Shogi speaks neither USI nor xboard; it speaks the old "xshogi" text
protocol (its default mode when started without -C/-R).  What this adapter
relies on, all checked by hand against gnushogi 1.4.2:

* moves use the same coordinates as USI: ``7g7f``, ``2d2c+``, ``P*5e``;
* ``new`` starts a game, ``force`` (set, not toggled, in xshogi mode) makes it
  accept moves for both sides without thinking; each accepted move is echoed
  as ``N. 7g7f <clock>``, a rejected one as ``Illegal move (no match) 7g7f``
  or ``Illegal move (in check) 7g7f``;
* ``go`` makes it play the side to move; its move comes as
  ``N. ... 3c3d <clock>`` (N counts its own moves, not plies), possibly
  followed by ``Drawn game!`` or ``Black mates!``/``White mates!``; when it
  has no move at all only the mates/draw line comes;
* ``level 0 0:SS`` sets a fixed SS seconds per move (whole seconds only;
  command-line time arguments are ignored in xshogi mode);
* any input line during a search makes it stop and play its best move at
  once (about 10 ms later), which is how sub-second budgets and ``stop``
  are implemented here: the adapter sends an empty line at the deadline;
* it cannot take an arbitrary position (``setup`` has no hands nor side to
  move), so only ``position startpos [moves ...]`` (or the start SFEN) is
  supported; anything else is logged and answered ``bestmove resign``.

The adapter never blocks forever: if gnushogi does not answer in time it is
killed and restarted, and the pending ``go`` gets ``bestmove resign``.  Every
exchange is logged to the file named by ``--log`` or $GNUSHOGI_USI_LOG
(nothing is written to stderr beyond fatal errors, because USI runners often
never read the engine's stderr pipe).
"""

import argparse
import math
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

START_SFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
MOVE_RE = re.compile(r"^(?:[1-9][a-i][1-9][a-i]\+?|[PLNSGBR]\*[1-9][a-i])$")
OWN_MOVE_RE = re.compile(r"^\d+\.\s+\.\.\.\s+(\S+)")
ECHO_RE = re.compile(r"^\d+\.\s+(\S+)(?:\s+-?\d+)?$")


class Log:
    def __init__(self, path):
        self.f = None
        if path:
            try:
                self.f = open(path, "a", buffering=1, encoding="utf-8")
            except OSError:
                self.f = None
        self.t0 = time.monotonic()

    def __call__(self, msg):
        if self.f:
            self.f.write("%9.3f [%d] %s\n" % (time.monotonic() - self.t0, os.getpid(), msg))


class GnuShogi:
    """One gnushogi process with a reader thread feeding a line queue."""

    def __init__(self, exe, log):
        self.exe = exe
        self.log = log
        self.proc = None
        self.lines = queue.Queue()
        self.moves = []  # USI moves on gnushogi's board
        self.level = None  # seconds per move currently set
        self.dirty = False  # gnushogi announced a game end: replay before the next go
        self.workdir = tempfile.mkdtemp(prefix="gnushogi-usi-")

    def start(self):
        # cwd in a scratch directory: gnushogi writes shogi.lst there on exit.
        self.proc = subprocess.Popen(
            [self.exe],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            cwd=self.workdir,
            bufsize=0,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._reader, args=(self.proc, self.lines), daemon=True).start()
        self.moves = []
        self.level = None
        self.dirty = False
        banner = self.expect(lambda l: l.startswith("GNU Shogi"), 10.0)
        self.log("started gnushogi pid %d: %r" % (self.proc.pid, banner))
        if banner is None:
            raise RuntimeError("gnushogi did not start")

    def _reader(self, proc, q):
        for raw in iter(proc.stdout.readline, b""):
            q.put(raw.decode("utf-8", "replace").rstrip("\r\n"))
        q.put(None)  # EOF

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def send(self, line):
        self.log("gs< %s" % line)
        try:
            self.proc.stdin.write((line + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            self.log("write failed: %s" % e)

    def get(self, timeout):
        """Next output line, None on EOF, or raise queue.Empty on timeout."""
        line = self.lines.get(timeout=max(0.0, timeout))
        self.log("gs> %s" % line if line is not None else "gs> <EOF>")
        if line is not None and ("mates!" in line or "Drawn game" in line):
            # gnushogi may now refuse to search in this game (flag.mate):
            # the next go starts from a fresh `new` and a replay.
            self.dirty = True
        return line

    def expect(self, pred, timeout):
        end = time.monotonic() + timeout
        while True:
            try:
                line = self.get(end - time.monotonic())
            except queue.Empty:
                return None
            if line is None:
                return None
            if pred(line):
                return line

    def drain(self):
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return
            self.log("gs> %s (drained)" % line if line is not None else "gs> <EOF> (drained)")

    def kill(self):
        if self.proc is not None:
            try:
                self.proc.kill()
                self.proc.wait(timeout=5)
            except Exception:
                pass
        self.proc = None

    def quit(self):
        if self.alive():
            self.send("quit")
            try:
                self.proc.wait(timeout=3)
            except subprocess.TimeoutExpired:
                self.kill()
        self.proc = None
        shutil.rmtree(self.workdir, ignore_errors=True)

    def set_level(self, seconds):
        if self.level != seconds:
            self.send("level 0 0:%02d" % seconds if seconds < 60 else "level 0 %d:%02d" % divmod(seconds, 60))
            self.expect(lambda l: l.startswith("Clocks:"), 2.0)
            self.level = seconds

    def new_game(self):
        self.drain()
        self.send("new")
        self.moves = []
        self.dirty = False
        level, self.level = self.level, None
        if level:
            self.set_level(level)

    def feed(self, move):
        """Enter one move in force mode; True if gnushogi accepted it."""
        self.send(move)
        line = self.expect(lambda l: ECHO_RE.match(l) or l.startswith("Illegal"), 5.0)
        if line and ECHO_RE.match(line) and ECHO_RE.match(line).group(1) == move:
            self.moves.append(move)
            return True
        self.log("gnushogi refused %s: %r" % (move, line))
        return False


class Adapter:
    def __init__(self, args):
        self.log = Log(args.log or os.environ.get("GNUSHOGI_USI_LOG"))
        self.margin = args.margin_ms
        self.gs = GnuShogi(args.gnushogi, self.log)
        self.target = []  # moves from the last position command
        self.position_ok = True
        self.out_lock = threading.Lock()

    def out(self, line):
        with self.out_lock:
            self.log("usi> %s" % line)
            sys.stdout.write(line + "\n")
            sys.stdout.flush()

    def ensure(self):
        if not self.gs.alive():
            self.gs.kill()
            self.gs.start()

    # --- USI commands -------------------------------------------------
    def cmd_position(self, tokens):
        self.position_ok = True
        moves = []
        if "moves" in tokens:
            i = tokens.index("moves")
            moves, tokens = tokens[i + 1:], tokens[:i]
        if tokens[:1] == ["startpos"]:
            pass
        elif tokens[:1] == ["sfen"] and " ".join(tokens[1:5]) in (START_SFEN, START_SFEN[:-2]):
            pass
        else:
            self.log("unsupported position (only startpos + moves): %s" % " ".join(tokens))
            self.position_ok = False
        bad = [m for m in moves if not MOVE_RE.match(m)]
        if bad:
            self.log("malformed moves in position: %s" % bad)
            self.position_ok = False
        self.target = moves

    def budget_ms(self, p, black_to_move):
        """Milliseconds gnushogi may think, from the go parameters."""
        if "movetime" in p:
            return p["movetime"]
        mine, inc = ("btime", "binc") if black_to_move else ("wtime", "winc")
        byo = p.get("byoyomi", 0)
        rest = p.get(mine, 0)
        if byo or rest or p.get(inc):
            # Spend a slice of the main time on top of byoyomi/increment.
            return byo + p.get(inc, 0) + rest // 40
        return 1000  # no time given at all: think one second

    def cmd_go(self, tokens, stdin_lines):
        p = {}
        infinite = "infinite" in tokens or "ponder" in tokens
        for key in ("btime", "wtime", "byoyomi", "binc", "winc", "movetime"):
            if key in tokens:
                try:
                    p[key] = int(tokens[tokens.index(key) + 1])
                except (IndexError, ValueError):
                    pass
        if not self.position_ok:
            self.out("bestmove resign")
            return
        try:
            self.ensure()
        except Exception as e:
            self.log("cannot start gnushogi: %s" % e)
            self.out("bestmove resign")
            return
        black = len(self.target) % 2 == 0
        budget = self.budget_ms(p, black)
        deadline_ms = max(50, budget - self.margin)
        if infinite:
            deadline_ms = None
        # gnushogi's own limit: whole seconds, at least the deadline (we stop it earlier).
        level = 600 if deadline_ms is None else max(1, math.ceil(deadline_ms / 1000.0))
        self.gs.set_level(level)

        # Bring gnushogi's board to the target position.
        known = self.gs.moves
        if self.gs.dirty or known != self.target[: len(known)]:
            self.gs.new_game()
        self.gs.drain()
        self.gs.send("force")
        for m in self.target[len(self.gs.moves):]:
            if not self.gs.feed(m):
                # One retry from scratch (gnushogi may be out of sync), then give up.
                self.gs.new_game()
                self.gs.send("force")
                if not all(self.gs.feed(x) for x in self.target):
                    self.log("ADAPTER-ERROR gnushogi rejects position: %s" % " ".join(self.target))
                    self.out("bestmove resign")
                    self.gs.new_game()
                    return
                break

        start = time.monotonic()
        self.gs.send("go")
        interrupted = False
        stop_requested = threading.Event()
        result = None
        hard_end = None
        while True:
            now = time.monotonic()
            elapsed_ms = (now - start) * 1000
            if not interrupted and (stop_requested.is_set() or (deadline_ms is not None and elapsed_ms >= deadline_ms)):
                self.gs.send("")  # any input stops gnushogi's search
                interrupted = True
                hard_end = now + 3.0
            if hard_end is None and deadline_ms is not None:
                hard_end = start + deadline_ms / 1000.0 + level + 5.0
            wait = 0.05 if hard_end is None else min(0.05, max(0.0, hard_end - now))
            if not interrupted and deadline_ms is not None:
                # Wake up on time for the deadline, not up to 50 ms late.
                wait = min(wait, max(0.0, deadline_ms / 1000.0 - (now - start)))
            # Watch USI input too (stop / quit while thinking).
            while stdin_lines is not None:
                try:
                    cmd = stdin_lines.get_nowait()
                except queue.Empty:
                    break
                if cmd is None or cmd.strip() in ("stop", "quit") or cmd.strip().startswith("gameover"):
                    stop_requested.set()
                    if cmd is None or cmd.strip() != "stop":
                        self.pending.append(cmd)
                elif cmd.strip() == "isready":
                    self.out("readyok")
                elif cmd.strip():
                    self.pending.append(cmd)
            if hard_end is not None and now >= hard_end:
                self.log("ADAPTER-TIMEOUT gnushogi did not move; restarting it")
                self.gs.kill()
                break
            try:
                line = self.gs.get(wait)
            except queue.Empty:
                continue
            if line is None:
                self.log("ADAPTER-ERROR gnushogi exited (rc=%s)" % (self.gs.proc.poll() if self.gs.proc else "?"))
                self.gs.kill()
                break
            m = OWN_MOVE_RE.match(line)
            if m:
                result = m.group(1)
                break
            if "mates!" in line or "Drawn game" in line or "Resign" in line or "Illegal position" in line:
                # No move came before the end message: gnushogi is mated or gives up.
                self.log("game end from gnushogi without a move: %r" % line)
                break
        took = (time.monotonic() - start) * 1000
        if result and MOVE_RE.match(result):
            self.gs.moves.append(result)
            self.log("move %s after %.0f ms (budget %s ms)" % (result, took, budget))
            self.out("bestmove %s" % result)
        else:
            if result:
                self.log("ADAPTER-ERROR unparsable move %r" % result)
            self.out("bestmove resign")
            # gnushogi's board may now differ from ours: start from scratch next time.
            if self.gs.alive():
                self.gs.new_game()

    def run(self):
        stdin_lines = queue.Queue()

        def reader():
            for line in sys.stdin:
                self.log("usi< %s" % line.rstrip())
                stdin_lines.put(line.rstrip("\r\n"))
            stdin_lines.put(None)

        threading.Thread(target=reader, daemon=True).start()
        self.pending = []
        while True:
            if self.pending:
                line = self.pending.pop(0)
            else:
                line = stdin_lines.get()
            if line is None:
                break
            tokens = line.split()
            if not tokens:
                continue
            cmd = tokens[0]
            if cmd == "usi":
                self.out("id name GNU Shogi")
                self.out("id author GNU Shogi authors (USI adapter: shogiban tools)")
                self.out("usiok")
            elif cmd == "isready":
                try:
                    self.ensure()
                except Exception as e:
                    self.log("cannot start gnushogi: %s" % e)
                self.out("readyok")
            elif cmd == "usinewgame":
                try:
                    self.ensure()
                    self.gs.new_game()
                except Exception as e:
                    self.log("usinewgame failed: %s" % e)
            elif cmd == "position":
                self.cmd_position(tokens[1:])
            elif cmd == "go":
                self.cmd_go(tokens[1:], stdin_lines)
            elif cmd in ("stop", "ponderhit", "setoption", "gameover"):
                pass  # nothing searching here; options are not supported
            elif cmd == "quit":
                break
            else:
                self.log("ignored: %s" % line)
        self.gs.quit()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    default_exe = shutil.which("gnushogi") or "/usr/games/gnushogi"
    ap.add_argument("--gnushogi", default=default_exe, help="gnushogi executable (default: %(default)s)")
    ap.add_argument("--log", help="debug log file (default: $GNUSHOGI_USI_LOG, else none)")
    ap.add_argument("--margin-ms", type=int, default=150,
                    help="stop gnushogi this long before the time budget ends (default: %(default)s)")
    args = ap.parse_args()
    Adapter(args).run()


if __name__ == "__main__":
    main()

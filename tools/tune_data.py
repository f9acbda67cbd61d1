#!/usr/bin/env python3
"""Training data for the evaluation fit (`shogiban tune`).

    tools/tune_data.py games OUT CSA...          positions of finished games (one SFEN a line)
    tools/tune_data.py selfplay OUT GAMES ENGINE positions of fast self-play games of ENGINE
                                                 (random moves mixed in; seed TUNE_SEED,
                                                 TUNE_NODES a move, default 20000)
    tools/tune_data.py label IN OUT [DEPTH]      score each position with Fairy-Stockfish
    tools/tune_data.py label-static IN OUT       Fairy-Stockfish's static evaluation instead
                                                 (its `eval` command; thousands a second)
    tools/tune_data.py results OUT CSA...        quiet positions of decided games with the
                                                 result for the side to move (texel data for
                                                 `shogiban tune --results`; e.g. the match
                                                 records in tools/matches/*/csa/*.csa)

`label` appends `SFEN<TAB>score<TAB>bestmove<TAB>quiet` lines to OUT and skips positions
already in OUT, so it can be stopped and resumed. `score` is Fairy-Stockfish's centipawns for
the side to move (mates as +-30000); `quiet` is 1 when the side to move is not in check and
the best move neither captures nor promotes (the positions the fit uses: a static evaluation
of a position with a capture pending is not comparable with a search score).

Needs `pip install cshogi` and Fairy-Stockfish (FAIRY_BIN, default /usr/games/fairy-stockfish).
"""
import argparse
import glob
import os
import random
import re
import subprocess
import sys

import cshogi
import cshogi.CSA


class Engine:
    def __init__(self, argv, init):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        for line in init:
            self.send(line)
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine died")
            if line.startswith(prefix):
                return line.strip()

    def go(self, position, go):
        """(last score line, bestmove) of a search."""
        self.send("position " + position)
        self.send("go " + go)
        score = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine died")
            if line.startswith("info") and " score " in line:
                score = line
            elif line.startswith("bestmove"):
                return score, line.split()[1]


def fairy(*options):
    """Fairy-Stockfish (FAIRY_BIN) playing shogi over USI, with extra `setoption` lines."""
    fsf = os.environ.get("FAIRY_BIN", "/usr/games/fairy-stockfish")
    e = Engine([fsf], ["uci", "setoption name UCI_Variant value shogi", *options, "isready"])
    e.send("usi")
    return e


def static_eval(e, sfen):
    """Fairy-Stockfish's static evaluation of a position not in check (its `eval` command):
    (total, {term: middle-game value}), in its pawns, from sente's side."""
    e.send("position sfen " + sfen)
    e.send("eval")
    terms = {}
    while True:
        line = e.p.stdout.readline()
        if not line:
            raise RuntimeError("engine died")
        # "    King safety |  -1.34 -1.34 |  -0.08 -0.08 |  -1.25 -1.25"
        m = re.match(r"\s*([A-Za-z ]+?)\s*\|.*\|\s*(-?[\d.]+)\s+(-?[\d.]+)\s*$", line)
        if m and m.group(1) not in ("Term", "Total"):
            terms[m.group(1)] = float(m.group(2))
        if line.startswith("Total evaluation"):
            # "Total evaluation: -2.39 (white side)": Fairy-Stockfish's white is sente
            return float(line.split()[2]), terms


def parse_score(info):
    w = info.split()
    i = w.index("score")
    if w[i + 1] == "cp":
        return int(w[i + 2])
    m = int(w[i + 2])
    return 30000 if m > 0 else -30000


def engine_specs(argv, usage):
    """Split a tool's command line at `--`: (the options before it, [(NAME, COMMAND)] after it)."""
    if "--" not in argv:
        sys.exit(usage)
    split = argv.index("--")
    engines = []
    for spec in argv[split + 1:]:
        name, _, command = spec.partition("=")
        if not command:
            sys.exit(f"{spec}: expected NAME=COMMAND")
        engines.append((name, command))
    return argv[:split], engines


def screen_arguments(description, positions, first, last):
    """The options the screens of engines against match records share: the folders, the nodes a
    move, how many positions from which plies, the shuffle's seed, and the engines run at once."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--nodes", type=int, default=30000)
    ap.add_argument("--positions", type=int, default=positions)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--from", dest="first", type=int, default=first)
    ap.add_argument("--to", dest="last", type=int, default=last)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    return ap


def engine_moves(command, sfens, nodes):
    """The move a USI engine (a command line run through the shell) chooses in each position at
    `nodes` nodes, with its book off and one thread."""
    e = Engine(["sh", "-c", "exec " + command],
               ["usi", "setoption name OwnBook value false", "setoption name Threads value 1",
                "isready"])
    moves = [e.go("sfen " + sfen, f"nodes {nodes}")[1] for sfen in sfens]
    e.send("quit")
    e.p.wait()
    return moves


def games(out, files):
    seen = set()
    with open(out, "w") as f:
        for path in files:
            for game in cshogi.CSA.Parser.parse_file(path):
                board = cshogi.Board(game.sfen)
                for ply, move in enumerate(game.moves):
                    if ply >= 8:
                        key = " ".join(board.sfen().split()[:3])
                        if key not in seen:
                            seen.add(key)
                            f.write(board.sfen() + "\n")
                    board.push(move)
    print(len(seen), "positions")


def selfplay(out, n, engine):
    # a different game sequence for each output file (the first data set used seed 7)
    seed = int(os.environ.get("TUNE_SEED", 7 if out.endswith("self.sfen") else sum(out.encode())))
    rng = random.Random(seed)
    openings = [l.strip() for l in open(os.path.join(os.path.dirname(__file__), "openings.txt"))
                if l.strip()]
    e = Engine([engine, "usi"], ["usi", "setoption name OwnBook value false", "isready"])
    seen = set()
    with open(out, "a") as f:
        for g in range(n):
            board = cshogi.Board()
            op = rng.choice(openings).split()
            for mv in op[2:]:
                board.push_usi(mv)
            moves = op[2:]
            e.send("usinewgame")
            for ply in range(len(moves), 260):
                if board.is_game_over():
                    break
                legal = list(board.legal_moves)
                if ply < 40 and rng.random() < 0.12:
                    mv = cshogi.move_to_usi(rng.choice(legal))
                else:
                    _, mv = e.go("startpos moves " + " ".join(moves), "nodes " + os.environ.get("TUNE_NODES", "20000"))
                    if mv in ("resign", "win"):
                        break
                key = " ".join(board.sfen().split()[:3])
                if ply >= 8 and key not in seen:
                    seen.add(key)
                    f.write(board.sfen() + "\n")
                board.push_usi(mv)
                moves.append(mv)
            f.flush()
            print("game", g + 1, "plies", len(moves), "positions", len(seen), flush=True)


def label(inp, out, depth=8):
    done = set()
    if os.path.exists(out):
        done = {l.split("\t")[0] for l in open(out)}
    e = fairy("setoption name Threads value 1", "setoption name Hash value 16")
    n = 0
    with open(out, "a") as f:
        for line in open(inp):
            sfen = line.strip()
            if not sfen or sfen in done:
                continue
            board = cshogi.Board(sfen)
            if board.is_check() or board.is_game_over():
                continue
            e.send("usinewgame")
            info, best = e.go("sfen " + sfen, "depth %d" % depth)
            if info is None or best in ("resign", "win", "(none)"):
                continue
            mv = board.move_from_usi(best)
            quiet = not (cshogi.move_is_promotion(mv) or
                         (not cshogi.move_is_drop(mv) and board.piece(cshogi.move_to(mv)) != 0))
            f.write("%s\t%d\t%s\t%d\n" % (sfen, parse_score(info), best, int(quiet)))
            n += 1
            if n % 500 == 0:
                f.flush()
                print(n, "labelled", flush=True)
    print(n, "labelled")


def label_static(inp, out):
    """Fairy-Stockfish's static evaluation (its `eval` command), centipawns for the side to move."""
    e = fairy()
    n = 0
    with open(out, "w") as f:
        for line in open(inp):
            sfen = line.strip()
            if not sfen:
                continue
            board = cshogi.Board(sfen)
            if board.is_check() or board.is_game_over():
                continue
            v = round(static_eval(e, sfen)[0] * 100)
            if board.turn == cshogi.WHITE:
                v = -v
            f.write("%s\t%d\t-\t1\n" % (sfen, v))
            n += 1
    print(n, "labelled")

def read_match_record(path):
    """The games of a CSA record written by cshogi.cli. It ends a game lost by an illegal move
    (or a perpetual check) with a bare `ILLEGAL_MOVE` line, which its own parser rejects."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = "".join(line for line in f if not line.startswith("ILLEGAL_MOVE"))
    return cshogi.CSA.Parser.parse_str(text)


def our_games(dirs, name="shogiban"):
    """Each game `name` played in the CSA records of match folders (`tools/match.sh` results):
    (the record's path; our sign, 1 sente or -1 gote; whether we won, None when undecided; the cshogi game; the
    plies that carry a score, as (ply, whether the move was ours, the score from our side)).
    cshogi.cli writes each engine's score after its move, from sente's side."""
    for d in dirs:
        for path in sorted(glob.glob(os.path.join(d, "csa", "*.csa"))):
            for g in read_match_record(path):
                if name not in g.names:
                    continue
                sign = 1 if g.names[0] == name else -1
                won = None
                if g.win in (cshogi.BLACK_WIN, cshogi.WHITE_WIN):
                    won = (g.win == cshogi.BLACK_WIN) == (sign == 1)
                sente_first = cshogi.Board(g.sfen).turn == cshogi.BLACK
                # the parser gives a score for every move; a move had one when it has a comment
                scores = [(i + 1, ((i % 2 == 0) == sente_first) == (sign == 1), score * sign)
                          for i, (score, comment) in enumerate(zip(g.scores, g.comments)) if comment]
                yield path, sign, won, g, scores


def side_positions(dirs, first, last, ours, name="shogiban"):
    """(SFEN, the USI move played) for each position, not in check, from ply `first` to `last`
    of the games `name` played in match folders, where `name` (ours) or its opponent was to move."""
    out = []
    for _, sign, _, game, _ in our_games(dirs, name):
        board = cshogi.Board(game.sfen)
        for ply, move in enumerate(game.moves):
            mine = (board.turn == cshogi.BLACK) == (sign == 1)
            if mine == ours and first <= ply <= last and not board.is_check():
                out.append((board.sfen(), cshogi.move_to_usi(move)))
            board.push(move)
    return out


def results(out, files):
    """`SFEN<TAB>result<TAB>move<TAB>1` for each position from ply 16 of each decided game that
    is not in check and whose move neither captures nor promotes; result 1 or 0 for the side to
    move. Records that do not parse are reported and skipped."""
    n = g = 0
    with open(out, "w") as f:
        for path in files:
            try:
                parsed = read_match_record(path)
            except Exception as e:
                print(f"{path}: skipped: {e}", file=sys.stderr)
                continue
            for game in parsed:
                if game.win not in (cshogi.BLACK_WIN, cshogi.WHITE_WIN):
                    continue
                winner = cshogi.BLACK if game.win == cshogi.BLACK_WIN else cshogi.WHITE
                board = cshogi.Board(game.sfen)
                g += 1
                for ply, move in enumerate(game.moves):
                    capture = not cshogi.move_is_drop(move) and board.piece(cshogi.move_to(move)) != 0
                    if ply >= 16 and not board.is_check() and not capture and not cshogi.move_is_promotion(move):
                        result = 1 if board.turn == winner else 0
                        f.write(f"{board.sfen()}\t{result}\t{cshogi.move_to_usi(move)}\t1\n")
                        n += 1
                    board.push(move)
    print(g, "decided games,", n, "positions")


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "games":
        games(sys.argv[2], sys.argv[3:])
    elif cmd == "selfplay":
        selfplay(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    elif cmd == "results":
        results(sys.argv[2], sys.argv[3:])
    elif cmd == "label-static":
        label_static(sys.argv[2], sys.argv[3])
    elif cmd == "label":
        label(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 8)
    else:
        print(__doc__)
        sys.exit(2)

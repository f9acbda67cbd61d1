#!/usr/bin/env bash
# Run a USI match with cshogi's runner (python3 -m cshogi.cli).
#
#   tools/match.sh [options] OPPONENT GAMES BYOYOMI_MS
#
#   OPPONENT    gnushogi | fairy | gps | shogiban | shogiban2 (a second build of ours,
#               SHOGIBAN_BIN2: A/B self-play, `SHOGIBAN_BIN2=/tmp/b tools/match.sh shogiban2 100 300`)
#   GAMES       number of games (colours alternate; each opening is played
#               twice, once with each colour)
#   BYOYOMI_MS  time per move in milliseconds, no main time (1000 = 1 s/move);
#               0 with -t: no byoyomi (sudden death, or Fischer with -i)
#
# Options:
#   -e ENGINE   first engine (default: shogiban), same names as OPPONENT
#   -n          do not run `cargo build --release` first
#   -o FILE     opening file (default: tools/openings.txt; "none" = startpos)
#   -s SEED     opening shuffle seed (default: 1)
#   -t MS       main time per player, sudden death (BYOYOMI_MS must be 0:
#               cshogi.cli would take byoyomi moves off the main time too)
#   -i MS       Fischer increment per move (with -t)
#   -b MS       the opponent's byoyomi when it differs from BYOYOMI_MS (time odds:
#               `-b 1000 gps 20 2000` gives the first engine 2 s a move, gpsshogi 1 s)
#
# Environment: SHOGIBAN_OPTIONS (default "Threads:1,USI_Hash:64"),
# FAIRY_OPTIONS (default "Threads:1,Hash:64,UCI_Variant:shogi,Move Overhead:100"),
# FAIRY_MOVETIME (Fairy-Stockfish thinks exactly this many ms a move, with Move
# Overhead 0 by default: `FAIRY_MOVETIME=250 tools/match.sh fairy 40 350` is a fair
# fast match, since shogiban spends the byoyomi less its 100 ms margin),
# GPS_OPTIONS (default "Thread:1"),
# SHOGIBAN_BIN, FAIRY_BIN, GNUSHOGI_BIN, GPSSHOGI_BIN (engine executables).
#
# Writes tools/matches/<date>-<engine>-vs-<opponent>-<time control>/ with
# games.pgn, csa/ (one CSA file per game), match.log (runner output),
# events.log (per-move times, overtime, crashes, hangs from usi_guard.py),
# and the engines' stderr / adapter logs; prints a summary at the end.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)

engine1=shogiban
build=1
opening="$here/openings.txt"
seed=1
main_time=""
increment=""
byoyomi2=""
while getopts "e:no:s:t:i:b:h" opt; do
  case $opt in
    e) engine1=$OPTARG ;;
    n) build=0 ;;
    o) opening=$OPTARG ;;
    s) seed=$OPTARG ;;
    t) main_time=$OPTARG ;;
    i) increment=$OPTARG ;;
    b) byoyomi2=$OPTARG ;;
    *) sed -n '2,34p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
if [ $# -ne 3 ]; then
  sed -n '2,34p' "$0"
  exit 2
fi
opponent=$1 games=$2 byoyomi=$3
if [ -n "$increment" ] && [ -z "$main_time" ]; then
  echo "-i needs -t" >&2
  exit 2
fi
if [ -n "$byoyomi2" ] && [ -n "$main_time" ]; then
  echo "-b gives the opponent a byoyomi of its own: it does not go with -t" >&2
  exit 2
fi
if [ -n "$main_time" ] && [ "$byoyomi" -gt 0 ]; then
  echo "-t needs BYOYOMI_MS 0 (cshogi.cli would take byoyomi moves off the main time)" >&2
  exit 2
fi

engine_path() {
  case $1 in
    shogiban) echo "$here/engines/shogiban" ;;
    gnushogi) echo "$here/engines/gnushogi" ;;
    fairy | fairy-stockfish) echo "$here/engines/fairy-stockfish" ;;
    gps | gpsshogi) echo "$here/engines/gpsshogi" ;;
    shogiban2) echo "$here/engines/shogiban2" ;;
    *) echo "unknown engine: $1 (shogiban, shogiban2, gnushogi, fairy, gps)" >&2; exit 2 ;;
  esac
}
engine_options() {
  case $1 in
    shogiban) echo "${SHOGIBAN_OPTIONS-Threads:1,USI_Hash:64}" ;;
    shogiban2) echo "${SHOGIBAN2_OPTIONS-Threads:1,USI_Hash:64}" ;;
    fairy | fairy-stockfish)
      # a fixed move time (FAIRY_MOVETIME) needs no transmission margin
      local overhead=100
      if [ -n "${FAIRY_MOVETIME:-}" ]; then overhead=0; fi
      echo "${FAIRY_OPTIONS-Threads:1,Hash:64,UCI_Variant:shogi,Move Overhead:$overhead}" ;;
    gps | gpsshogi) echo "${GPS_OPTIONS-Thread:1}" ;;
    *) echo "" ;;
  esac
}
e1=$(engine_path "$engine1")
e2=$(engine_path "$opponent")

if [ "$engine1" = shogiban ] || [ "$opponent" = shogiban ]; then
  if [ $build = 1 ] && [ -z "${SHOGIBAN_BIN:-}" ]; then
    (cd "$root" && cargo build --release --quiet)
  fi
  bin=${SHOGIBAN_BIN:-$root/target/release/shogiban}
  if [ ! -x "$bin" ]; then
    echo "no engine binary at $bin (build with cargo build --release)" >&2
    exit 1
  fi
fi

if [ "$engine1" = shogiban2 ] || [ "$opponent" = shogiban2 ]; then
  if [ -z "${SHOGIBAN_BIN2:-}" ] || [ ! -x "$SHOGIBAN_BIN2" ]; then
    echo "shogiban2 needs SHOGIBAN_BIN2=/path/to/another/shogiban" >&2
    exit 1
  fi
  bin2=$SHOGIBAN_BIN2
fi

python3 -c "import cshogi" 2>/dev/null || { echo "cshogi missing: run tools/setup-match.sh" >&2; exit 1; }

engine_info() {
  if [ -n "${bin:-}" ]; then
    local repo
    repo=$(cd "$(dirname "$bin")" && git rev-parse --show-toplevel 2>/dev/null || true)
    echo "shogiban binary: $bin ($(date -u -r "$bin" +%Y-%m-%dT%H:%M:%SZ), sha256 $(sha256sum "$bin" | cut -c1-12))"
    if [ -n "$repo" ]; then
      echo "shogiban source: $repo at $(git -C "$repo" rev-parse --short HEAD) ($(git -C "$repo" rev-parse --abbrev-ref HEAD))$(git -C "$repo" diff --quiet HEAD -- src Cargo.toml Cargo.lock 2>/dev/null || echo ', with uncommitted changes')"
    fi
  fi
  if [ -n "${bin2:-}" ]; then
    echo "shogiban2 binary: $bin2 ($(date -u -r "$bin2" +%Y-%m-%dT%H:%M:%SZ), sha256 $(sha256sum "$bin2" | cut -c1-12))"
  fi
}

# Time control.  Sudden death or Fischer (-t, -i): cshogi.cli keeps both clocks and
# declares a loss on time once a clock is more than 1 s below zero.  Byoyomi with zero
# main time: with --time 0 cshogi.cli declares a loss on time for any move that takes
# 1000 ms or more (its tolerance is a fixed 1 s), which is exactly right at 1 s per move
# and lenient below; above 1 s that rule would be wrong, so there only usi_guard's
# OVERTIME events count.  GPS Shogi thinks about 1.0-1.25 s a move whatever the byoyomi
# (measured at 500 to 1000 ms), so that rule would forfeit it almost at once: against it
# no time is enforced.
if [ -n "$main_time" ]; then
  time_args=(--time "$main_time")
  if [ -n "$increment" ]; then time_args+=(--inc "$increment"); fi
  tc="${main_time}ms${increment:++${increment}ms}"
else
  byoyomi2=${byoyomi2:-$byoyomi}
  time_args=(--byoyomi "$byoyomi" "$byoyomi2")
  gps=$(engine_path gps)
  if [ "$e1" = "$gps" ] || [ "$e2" = "$gps" ]; then
    echo "note: GPS Shogi overruns short byoyomi (about 1.1 s a move); losses on time are not declared" >&2
  elif [ "$byoyomi" -le 1000 ] && [ "$byoyomi2" -le 1000 ]; then
    time_args+=(--time 0)
  fi
  tc="${byoyomi}ms"
  if [ "$byoyomi2" != "$byoyomi" ]; then tc="${byoyomi}ms-vs-${byoyomi2}ms"; fi
fi

out="$here/matches/$(date -u +%Y%m%d-%H%M%S)-$engine1-vs-$opponent-${tc}"
# two matches started in the same second must not share a folder (nor the binary copied into it):
# mkdir is atomic, so the second one takes the next free suffix
mkdir -p "$here/matches"
first=$out
n=2
until mkdir "$out" 2>/dev/null; do
  out="$first-$n"
  n=$((n + 1))
done
mkdir -p "$out/csa"
export MATCH_LOG_DIR=$out
export MATCH_EVENTS=$out/events.log
: >"$MATCH_EVENTS"

# cshogi restarts the engines for every game: play a copy of the binary, so that a rebuild
# during the match cannot change the engine between games.
if [ -n "${bin:-}" ]; then
  cp "$bin" "$out/shogiban.bin"
  export SHOGIBAN_BIN=$out/shogiban.bin
fi
if [ -n "${bin2:-}" ]; then
  cp "$bin2" "$out/shogiban2.bin"
  export SHOGIBAN_BIN2=$out/shogiban2.bin
fi
# both builds of ours answer `id name shogiban`: name them apart for the records
name_args=()
if [ "$engine1" = shogiban2 ]; then name_args+=(--name1 shogiban2); fi
if [ "$opponent" = shogiban2 ]; then name_args+=(--name2 shogiban2); fi

opening_args=()
if [ "$opening" != none ]; then
  opening_args=(--opening "$opening" --opening-seed "$seed")
fi

cat >"$out/command.txt" <<EOF
date: $(date -u +%Y-%m-%dT%H:%M:%SZ)
tools commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
$(engine_info)
args: $engine1 vs $opponent, $games games, time control $tc
fairy movetime: ${FAIRY_MOVETIME:-none}
python3 -m cshogi.cli $e1 $e2 --options1 '$(engine_options "$engine1")' --options2 '$(engine_options "$opponent")' --games $games ${time_args[*]} ${opening_args[*]} ${name_args[*]} --draw 256 --pgn $out/games.pgn --csa $out/csa
EOF

echo "match: $engine1 vs $opponent, $games games, $tc -> $out"
python3 -u -m cshogi.cli "$e1" "$e2" \
  --options1 "$(engine_options "$engine1")" \
  --options2 "$(engine_options "$opponent")" \
  --games "$games" "${time_args[@]}" \
  "${opening_args[@]}" "${name_args[@]}" --draw 256 \
  --pgn "$out/games.pgn" --csa "$out/csa" 2>&1 | tee "$out/match.log"

python3 "$here/match_summary.py" "$out" | tee "$out/summary.txt"

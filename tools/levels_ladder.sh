#!/bin/sh
# Measures the playing levels: level N+2 against level N, 20 games each at 200 ms a move (one
# search thread each, niced), from the openings in tools/openings.txt with both colours.
# Usage: tools/levels_ladder.sh [--games N] [--movetime MS] [LOW-HIGH ...]   (default 1-3 .. 8-10)
# Prints one line per pair: the higher level's wins, draws, losses and score. The README's
# "Levels" table is this output; each pair should score at least 70%.
set -e
cd "$(dirname "$0")/.."
cargo build --release --features dev-tools --example levels_ladder >&2
exec nice target/release/examples/levels_ladder --openings tools/openings.txt "$@"

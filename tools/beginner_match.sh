#!/bin/sh
# Measures the lowest levels against two stand-ins for a beginner (a random mover, and a greedy
# one that mates in one and takes the most valuable piece it can without looking at the reply),
# 20 games each at 200 ms a move from the start position, colours swapped every game.
# Usage: tools/beginner_match.sh [--games N] [--movetime MS] [--seed S] [LEVEL ...]  (default 1 2 3)
set -e
cd "$(dirname "$0")/.."
cargo build --release --features dev-tools --example beginner_match >&2
exec nice target/release/examples/beginner_match "$@"

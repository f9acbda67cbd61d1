#!/usr/bin/env bash
# Rebuilds the learned evaluation from nothing: self-play games on every core, then the fit of
# the king-piece tables (assets/kp.bin), then the king-piece network on top (assets/net.bin). Stop it at any time; run it again with the same DATA to add games (the
# data file is appended to, and each run draws a fresh seed), then fit on all of it.
#
#   tools/learn_kp.sh [GAMES [DATA]]       # defaults: 20000 games, target/kp-data.tsv
#   KP_FIT_ONLY=1 tools/learn_kp.sh 0 DATA # fit on data already made
#
# The settings are those of the shipped weights (decisions 0027 and 0039). The data is not
# committed.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-20000}
data=${2:-target/kp-data.tsv}
cargo build --release --features dev-tools
bin=target/release/shogiban
if [ -z "${KP_FIT_ONLY:-}" ] && [ "$games" -gt 0 ]; then
  nice "$bin" tune selfplay --games "$games" --nodes 10000 --openings assets/openings.txt -o "$data"
fi
"$bin" tune kp --from-zero --mix 0.7 --epochs 8 --rate 0.1 --l2 1e-8 -o assets/kp.bin "$data"
# the network is fitted on top of the tables just written: build them in first
cargo build --release --features dev-tools
"$bin" tune net --from-zero --no-king-squares --mix 0.7 --epochs 3 --rate 0.0005 --l2 1e-4 -o assets/net.bin "$data"
echo "now: cargo test (the recorded hashes of assets/kp.bin and assets/net.bin and the bench signature change with it)"

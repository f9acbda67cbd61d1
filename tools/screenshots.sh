#!/usr/bin/env bash
# Makes the README's pictures from the real app: runs the release build in tmux at 100×32 with a
# fresh home folder, plays the keys of each scene, captures the screen with its colours and
# turns it into SVG (tools/ansi_svg.py). Run it again when the screens change.
#
#   tools/screenshots.sh [OUT_DIR]      # default docs/images; needs tmux and python3
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/images}
mkdir -p "$out"
cargo build --release --quiet
bin=$PWD/target/release/shogiban
# a fixed name: the library shows the records' folder
home=${TMPDIR:-/tmp}/shogiban-pictures
rm -rf "$home"
trap 'tmux kill-session -t shots 2>/dev/null || true; rm -rf "$home"' EXIT
mkdir -p "$home/Documents"
cp assets/sample.kifu "$home/Documents/sample.kifu"
cp tests/data/kakinoki.kif tests/data/handicap_bod.kifu "$home/Documents/"
for i in 0 1 2; do cp "tests/data/cshogi/cshogi_$i.kif" "$home/Documents/game-$i.kif"; done

# scene NAME LANG ARGS... -- KEYS...: starts the app, sends each key (a number waits that many
# seconds), captures the screen
scene() {
  local name=$1 lang=$2
  shift 2
  local args=()
  while [ "$1" != "--" ]; do args+=("$1"); shift; done
  shift
  rm -rf "$home/.config" "$home/.local"
  tmux kill-session -t shots 2>/dev/null || true
  tmux new-session -d -s shots -x 100 -y 32 \
    "env HOME=$home LANG=$lang LC_ALL=$lang TERM=xterm-256color COLORTERM=truecolor $bin ${args[*]}"
  sleep 1.5
  for k in "$@"; do
    if [[ $k =~ ^[0-9]+$ ]]; then sleep "$k"; else tmux send-keys -t shots "$k"; sleep 0.2; fi
  done
  tmux capture-pane -e -p -t shots > "$home/$name.ans"
  python3 tools/ansi_svg.py "$home/$name.ans" "$out/$name.svg" --title "shogiban: $name"
  echo "$out/$name.svg"
}

steps=()
for _ in $(seq 30); do steps+=(Right); done
# a game under review with live analysis, in English and in Japanese
scene review-en en_US.UTF-8 "$home/Documents/sample.kifu" -- "${steps[@]}" a 6
scene review-ja ja_JP.UTF-8 "$home/Documents/sample.kifu" -- "${steps[@]}" a 6
# whole-game analysis: the evaluation graph with the mistakes marked
scene analysis-en en_US.UTF-8 "$home/Documents/sample.kifu" -- A 45 "${steps[@]}"
# the game library
scene library-en en_US.UTF-8 -- O 3

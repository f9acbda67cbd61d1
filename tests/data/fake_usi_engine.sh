#!/bin/sh
# A minimal USI engine for the client tests: answers the handshake, echoes what it was told in
# `info string` lines, always plays 7g7f (or answers `go mate` with a fixed line), and exits on
# `quit`. `go infinite` waits for `stop`. `go crash` makes it die with a message on stderr.
pending=""
while IFS= read -r line; do
  case "$line" in
    usi)
      echo "id name FakeEngine 1.0"
      echo "id author shogiban tests"
      echo "option name USI_Hash type spin default 256 min 1 max 4096"
      echo "option name Style type combo default Normal var Normal var Very Aggressive"
      echo "option name Clear Hash type button"
      echo "usiok" ;;
    isready)
      echo "info string loading"
      echo "readyok" ;;
    setoption*) echo "info string got $line" ;;
    usinewgame) printf 'info string \223\372\226\173 bytes\r\n' ;;
    position*) echo "info string got $line" ;;
    "go mate"*) echo "checkmate G*1b" ;;
    "go crash"*)
      echo "segmentation fault in search" >&2
      exit 3 ;;
    "go infinite"*|"go ponder"*)
      echo "info depth 1 score cp 10 nodes 5 pv 7g7f"
      pending=1 ;;
    go*)
      echo "info string got $line"
      echo "info depth 1 score cp 10 nodes 5 pv 7g7f"
      echo "info depth 2 seldepth 3 score mate -4 nodes 50 nps 1000 time 5 pv 7g7f 3c3d"
      echo "bestmove 7g7f ponder 3c3d" ;;
    stop)
      if [ -n "$pending" ]; then echo "bestmove 2g2f"; pending=""; fi ;;
    quit) exit 0 ;;
  esac
done

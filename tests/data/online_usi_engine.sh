#!/bin/sh
# A USI engine for the online tests: answers the handshake, plays 7g7f at its first `go`, and at
# the second does what its argument says: `declare` (bestmove win), `resign` (bestmove resign)
# or `crash` (dies with a message on stderr).
mode="$1"
moves=0
while IFS= read -r line; do
  case "$line" in
    usi) echo "id name OnlineTestEngine"; echo "usiok" ;;
    isready) echo "readyok" ;;
    go*)
      moves=$((moves + 1))
      if [ "$moves" = 1 ]; then echo "bestmove 7g7f"; continue; fi
      case "$mode" in
        declare) echo "bestmove win" ;;
        resign) echo "bestmove resign" ;;
        crash) echo "engine: out of memory" >&2; exit 3 ;;
      esac ;;
    quit) exit 0 ;;
  esac
done

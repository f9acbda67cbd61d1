#!/usr/bin/env bash
# Install what tools/match.sh needs (not needed by the build or by CI):
# the match runner cshogi (PyPI) and three opponents from Debian.
set -euo pipefail
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
have() { command -v "$1" >/dev/null || [ -x "/usr/games/$1" ]; }
if ! have gnushogi || ! have fairy-stockfish || ! have gpsusi; then
  $SUDO apt-get update
  $SUDO apt-get install -y gnushogi fairy-stockfish gpsshogi
fi
python3 -c "import cshogi" 2>/dev/null || python3 -m pip install cshogi
echo "gnushogi:        $(command -v gnushogi || echo /usr/games/gnushogi)"
echo "fairy-stockfish: $(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)"
echo "gpsshogi:        $(command -v gpsusi || echo /usr/games/gpsusi)"
python3 -c "import cshogi, importlib.metadata as m; print('cshogi:         ', m.version('cshogi'))"

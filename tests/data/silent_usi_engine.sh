#!/bin/sh
# An engine that never answers `usi` (for the client's handshake timeout). It ends when its
# input is closed, so a killed test leaves nothing behind.
cat > /dev/null

#!/bin/sh
# An engine that dies at once, complaining on stderr (for the client's crash path).
echo "error: evaluation file eval.bin not found" >&2
exit 2

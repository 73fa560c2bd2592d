#!/usr/bin/env bash
# scripts/websockets-e2e.py with the venv it needs (.venv-websockets, gitignored: websockets from PyPI, pinned by
# minor version): ws:// and wss:// read by a strict RFC 6455 client, the faults, a session's socket, the hostile cases.
# Usage: scripts/websockets-e2e.sh [BINARY | --venv-only]   (default .build/debug/understudy)
set -euo pipefail
cd "$(dirname "$0")/.."
python=$(scripts/python-venv.sh .venv-websockets websockets 'websockets==15.0.*')
# --venv-only: the venv alone (make bench's echo row runs Python's websockets server from it).
[ "${1:-}" = "--venv-only" ] && exit 0
"$python" scripts/websockets-e2e.py "${1:-.build/debug/understudy}"

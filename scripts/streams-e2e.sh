#!/usr/bin/env bash
# scripts/streams-e2e.py with the venv it needs (.venv-streams, gitignored: httpx and httpx-sse from PyPI, pinned by
# minor version): server-sent events read by a PyPI client, their faults, Last-Event-ID, and the hostile cases.
# Usage: scripts/streams-e2e.sh [BINARY]   (default .build/debug/understudy)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.venv-streams
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import httpx_sse' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check 'httpx==0.28.*' 'httpx-sse==0.4.*'
fi
"$venv/bin/python" scripts/streams-e2e.py "${1:-.build/debug/understudy}"

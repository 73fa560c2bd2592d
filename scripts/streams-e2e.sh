#!/usr/bin/env bash
# scripts/streams-e2e.py with the venv it needs (.venv-streams, gitignored: httpx and httpx-sse from PyPI, pinned by
# minor version): server-sent events read by a PyPI client, their faults, Last-Event-ID, and the hostile cases.
# Usage: scripts/streams-e2e.sh [BINARY]   (default .build/debug/understudy)
set -euo pipefail
cd "$(dirname "$0")/.."
python=$(scripts/python-venv.sh .venv-streams httpx_sse 'httpx==0.28.*' 'httpx-sse==0.4.*')
"$python" scripts/streams-e2e.py "${1:-.build/debug/understudy}"

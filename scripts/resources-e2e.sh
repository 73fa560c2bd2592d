#!/usr/bin/env bash
# scripts/resources-e2e.py with the venv it needs (.venv-resources, gitignored: hypothesis and httpx from PyPI, pinned
# by minor version): a scenario file's resources checked against a model by Hypothesis's stateful testing, sessions
# writing at once, the memory they take and give back, and the hostile cases.
# Usage: scripts/resources-e2e.sh [BINARY]   (default .build/debug/understudy)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.venv-resources
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import hypothesis, httpx' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check 'hypothesis==6.170.*' 'httpx==0.28.*'
fi
"$venv/bin/python" scripts/resources-e2e.py "${1:-.build/debug/understudy}"

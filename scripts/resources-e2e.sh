#!/usr/bin/env bash
# scripts/resources-e2e.py with the venv it needs (.venv-resources, gitignored: hypothesis and httpx from PyPI, pinned
# by minor version): a scenario file's resources checked against a model by Hypothesis's stateful testing, sessions
# writing at once, the memory they take and give back, and the hostile cases.
# Usage: scripts/resources-e2e.sh [BINARY]   (default .build/debug/understudy)
set -euo pipefail
cd "$(dirname "$0")/.."
python=$(scripts/python-venv.sh .venv-resources "hypothesis, httpx" 'hypothesis==6.170.*' 'httpx==0.28.*')
"$python" scripts/resources-e2e.py "${1:-.build/debug/understudy}"

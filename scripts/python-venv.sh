#!/usr/bin/env bash
# A Python venv of the checkout's for a check that needs packages from PyPI (gitignored, pinned by minor version by
# the caller): made, or remade when MODULE no longer imports; prints its python's path.
# Usage: python=$(scripts/python-venv.sh .venv-NAME MODULE 'package==X.Y.*' …)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=$1 module=$2
shift 2
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import $module" 2>/dev/null; then
    python3 -m venv "$venv" >&2
    "$venv/bin/pip" install --quiet --disable-pip-version-check "$@" >&2
fi
echo "$venv/bin/python"

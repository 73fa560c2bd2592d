#!/usr/bin/env bash
# scripts/graphql-e2e.py with the venv it needs (.venv-graphql, gitignored: graphql-core and httpx from PyPI, pinned by
# minor version): /shop/graphql of Tests/Fixtures/graphql-e2e judged by graphql-core (answers re-executed over the
# server's data, validation errors' locations, introspection rebuilt), GET, APQ, batches, the faults, a session's own
# operations, the journal, and the hostile cases.
# Usage: scripts/graphql-e2e.sh [BINARY]   (default .build/debug/understudy, built with its full package: GraphQLSwift)
set -euo pipefail
cd "$(dirname "$0")/.."
python=$(scripts/python-venv.sh .venv-graphql graphql 'graphql-core==3.2.*' 'httpx==0.28.*')
"$python" scripts/graphql-e2e.py "${1:-.build/debug/understudy}"

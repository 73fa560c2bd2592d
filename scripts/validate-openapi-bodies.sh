#!/usr/bin/env bash
# The independent check of UnderstudyOpenAPI: every body it synthesises, every example of the
# fixture documents and every decode-breaker is validated by Python's jsonschema through
# openapi-schema-validator (OAS 3.0 and 3.1 dialects), not by the Swift code that made them.
#
# Creates a venv at .venv-openapi (gitignored) with pinned packages on first use, runs the Swift
# test that writes the dump (ValidatorDumpTests), then scripts/validate-openapi-bodies.py on it.
# Usage: scripts/validate-openapi-bodies.sh [--release]   (after swift build --build-tests; exit status 1 when a body fails)
set -euo pipefail
cd "$(dirname "$0")/.."
python=$(scripts/python-venv.sh .venv-openapi yaml 'jsonschema==4.*' 'openapi-schema-validator==0.9.*' 'rfc3339-validator==0.1.*' 'PyYAML==6.*')
# The tests as `make test` built them (default scratch path); --release: a release build of its own.
config=(--skip-build)
scratch=.build
if [ "${1:-}" = "--release" ]; then
    config=(-c release)
    scratch=.build-openapi-release
fi
dump=$(mktemp -t understudy-openapi-dump.XXXXXX)
trap 'rm -f "$dump"' EXIT
log=$(mktemp -t understudy-openapi-log.XXXXXX)
trap 'rm -f "$dump" "$log"' EXIT
UNDERSTUDY_OPENAPI_DUMP="$dump" swift test "${config[@]}" --scratch-path "$scratch" --filter 'UnderstudyOpenAPITests.ValidatorDumpTests' >"$log" 2>&1 \
    || { cat "$log" >&2; exit 1; }
"$python" scripts/validate-openapi-bodies.py "$dump"

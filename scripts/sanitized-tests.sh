#!/usr/bin/env bash
# Runs every test suite under a sanitizer build, each suite the way `make test` runs it: the socket-free suites
# and the integration suite (its tests built to run at once, isolated by sessions) in parallel, the suites that put
# thousands of connections through a server, start processes or drive a browser one at a time. Run serially,
# the integration suite alone took 166 s of each sanitizer's run, waiting out its scenarios' delays one by one.
#
# usage: scripts/sanitized-tests.sh address|thread SCRATCH_PATH
set -uo pipefail
cd "$(dirname "$0")/.."
sanitizer=$1 scratch=$2
serial="UnderstudyWireTests|RobustnessTests|RecordTests|RemoteTests"
run() { SWIFT="${SWIFT:-swift}" scripts/swift-test.sh --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" "$@"; }
status=0
run --skip "$serial|IntegrationTests" || status=1
run --filter IntegrationTests || status=1
run --no-parallel --filter "$serial" || status=1
exit "$status"

#!/usr/bin/env bash
# Builds this package's targets with a sanitizer (UNDERSTUDY_SANITIZER, read by Package.swift: the dependencies keep
# the plain debug build's objects, see there) and runs every test suite on that build, each suite the way `make test`
# runs it: the socket-free suites and the integration suite (its tests built to run at once, isolated by sessions) in
# parallel, the suites that put thousands of connections through a server, start processes or drive a browser one at
# a time. Run serially, the integration suite alone took 166 s of each sanitizer's run, waiting out its scenarios'
# delays one by one. The build stays in .build: the next plain `swift build` compiles this package's targets again.
#
# usage: scripts/sanitized-tests.sh address|thread
set -uo pipefail
cd "$(dirname "$0")/.."
export UNDERSTUDY_SANITIZER=$1
swift=${SWIFT:-swift}
"$swift" build --build-tests || exit 1
serial="UnderstudyWireTests|RobustnessTests|RecordTests|RemoteTests"
run() { SWIFT="$swift" scripts/swift-test.sh --skip-build "$@"; }
status=0
run --skip "$serial|IntegrationTests" || status=1
run --filter IntegrationTests || status=1
run --no-parallel --filter "$serial" || status=1
exit "$status"

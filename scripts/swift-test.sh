#!/usr/bin/env bash
# Runs `swift test` with the given arguments and, when it fails, repeats every failure line at the
# end: CI keeps only the tail of the log, and a failing expectation is otherwise printed minutes
# before the summary.
set -uo pipefail
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"${SWIFT:-swift}" test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
    echo
    echo "==== swift test $* failed (exit $status); the failures: ===="
    grep -E '✘|error:|Fatal error|Test Case .* failed|signal|Exited with' "$log" | grep -v '^✘ Test run with' | awk '!seen[$0]++' | head -60
fi
exit "$status"

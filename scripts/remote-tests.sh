#!/usr/bin/env bash
# Runs Tests/RemoteTests as an iOS test target would run: against an `understudy serve` started as a
# separate process (on a free port, with an admin token, on a copy of the bundled scenarios so that a
# test may break and reload them), found through UNDERSTUDY_BASE_URL and UNDERSTUDY_ADMIN_TOKEN.
# Usage: scripts/remote-tests.sh [extra swift test arguments]   (after `swift build --build-tests`)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${UNDERSTUDY_BINARY:-.build/debug/understudy}
[ -x "$binary" ] || { echo "remote-tests: no $binary (run swift build)" >&2; exit 1; }
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"

work=$(mktemp -d)
cp -R scenarios "$work/scenarios"
token="remote-$RANDOM$RANDOM"
server=
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null || true
    [ -n "$server" ] && wait "$server" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
. scripts/serve-in-background.sh
start_understudy remote-tests "$binary" "$work" --scenarios "$work/scenarios" --admin-token "$token"

# Twice: without UNDERSTUDY_SESSION, then with it set to a decoy id, as when an Xcode scheme's Test action inherits
# the Run action's environment: session-bound clients, scopes and sessions' own URLSessions must not land there.
for decoy in "" "decoy-$RANDOM$RANDOM"; do
    echo "remote-tests: RemoteTests with UNDERSTUDY_SESSION=${decoy:-(unset)}"
    env ${decoy:+UNDERSTUDY_SESSION="$decoy"} UNDERSTUDY_BASE_URL="$url" UNDERSTUDY_ADMIN_TOKEN="$token" \
        UNDERSTUDY_REMOTE_SCENARIOS="$work/scenarios" UNDERSTUDY_REMOTE_BINARY="$binary" \
        SWIFT="${SWIFT:-swift}" scripts/swift-test.sh --skip-build --no-parallel --filter RemoteTests "$@"
done
# The integration suite again, attached: UnderstudyTestSession and the .understudySession trait use the
# server the environment names (with its token) and start none in the test process.
UNDERSTUDY_BASE_URL="$url" UNDERSTUDY_ADMIN_TOKEN="$token" \
    SWIFT="${SWIFT:-swift}" scripts/swift-test.sh --skip-build --filter IntegrationTests "$@"

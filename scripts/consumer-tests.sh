#!/usr/bin/env bash
# Builds Examples/ConsumerPackage, the package a team writes from the README alone (an app on UnderstudyClients, a
# test target on UnderstudyAdminClient alone, a stand-in for the app a UI test launches), as a package of its own
# that sees only Understudy's public API, and runs its tests against `understudy serve`: once with
# UNDERSTUDY_SESSION unset, once set to a decoy (an Xcode scheme's Test action inherits the Run action's).
# Then Examples/EmbeddingPackage, a team's own staging service on the Understudy product (with the trait
# InProcessOpenAPI) and UnderstudyTesting, the same way: its tests start their own servers.
#
# Usage: scripts/consumer-tests.sh   (after `swift build`: it uses .build/debug/understudy or UNDERSTUDY_BINARY)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
binary=${UNDERSTUDY_BINARY:-.build/debug/understudy}
[ -x "$binary" ] || { echo "consumer-tests: no $binary (run swift build)" >&2; exit 1; }

# The package sees this checkout as `../understudy` (its name in `.product(…, package: "understudy")`): a copy of
# the sources only, kept between runs so that its build is incremental.
work=${UNDERSTUDY_CONSUMER_DIR:-$root/.build-consumer}
# (tar keeps modification times, so an unchanged file is not rebuilt).
rm -rf "$work/understudy" "$work/MyApp/Sources" "$work/MyApp/Tests" "$work/MyStaging/Sources" "$work/MyStaging/Tests" "$work/MyStaging/staging"
mkdir -p "$work/understudy" "$work/MyApp" "$work/MyStaging"
tar -C "$root" --exclude './.build*' --exclude './.git' --exclude './Examples' -cf - . | tar -C "$work/understudy" -xf -
tar -C "$root/Examples/ConsumerPackage" --exclude './.build' -cf - . | tar -C "$work/MyApp" -xf -
tar -C "$root/Examples/EmbeddingPackage" --exclude './.build' -cf - . | tar -C "$work/MyStaging" -xf -

swift build --package-path "$work/MyApp" --build-tests 2>&1 | tail -3

token=consumer-$RANDOM$RANDOM
logs=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$logs"' EXIT
. scripts/serve-in-background.sh
start_understudy consumer-tests "$binary" "$logs" --admin-token "$token"

for decoy in "" "decoy-$RANDOM$RANDOM"; do
    echo "consumer-tests: MyApp's tests with UNDERSTUDY_SESSION=${decoy:-(unset)}"
    env -u UNDERSTUDY_SESSION ${decoy:+UNDERSTUDY_SESSION="$decoy"} UNDERSTUDY_BASE_URL="$url" UNDERSTUDY_ADMIN_TOKEN="$token" \
        swift test --package-path "$work/MyApp" --skip-build
done

echo "consumer-tests: MyStaging (embeds Understudy) builds and passes its tests"
swift build --package-path "$work/MyStaging" --build-tests 2>&1 | tail -3
env -u UNDERSTUDY_BASE_URL -u UNDERSTUDY_SESSION swift test --package-path "$work/MyStaging" --skip-build

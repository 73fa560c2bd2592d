#!/usr/bin/env bash
# Builds the coverage-guided fuzzers (Sources/UnderstudyFuzz, libFuzzer through Swift's
# -sanitize=fuzzer) and runs each for a bounded time from its committed seed corpus:
#   request   raw request line + header fields -> the server's checks -> ScenarioResponder.reply(to:)
#   scenario  one scenario file next to the bundled data -> ScenarioLoader.load(directory:)
#
# usage: scripts/fuzz.sh [SECONDS_EACH]   (default 60; FUZZ_TARGETS="request" runs one)
# A crash leaves its input in .build-fuzz/findings/<target>/ (replay it with
# `swift run UnderstudyFuzz FILE`, UNDERSTUDY_FUZZ_TARGET set) and fails the script.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
targets=${FUZZ_TARGETS:-request scenario}
swift=${SWIFT:-swift}

# Without the package's default trait: the fuzzers need none of the helpers' and clients' dependencies (nor
# GraphQLSwift, which a `schema:` needs; the loader fuzzed here then refuses one with a located problem), and CI
# builds this scratch path from nothing on every run.
"$swift" build --product UnderstudyFuzz --scratch-path .build-fuzz --disable-default-traits \
    -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library -Xswiftc -DFUZZING
binary=$("$swift" build --product UnderstudyFuzz --scratch-path .build-fuzz --disable-default-traits --show-bin-path)/UnderstudyFuzz

status=0
for target in $targets; do
    # New inputs go to a scratch corpus, so the committed seeds stay small and reviewed.
    work=.build-fuzz/corpus/$target findings=.build-fuzz/findings/$target
    mkdir -p "$work" "$findings"
    echo "fuzzing '$target' for ${seconds}s" >&2
    # SWIFT_BACKTRACE off: Swift's own crash handler would take the signal before libFuzzer saves the input.
    if ! SWIFT_BACKTRACE=enable=no UNDERSTUDY_FUZZ_TARGET=$target UNDERSTUDY_SCENARIOS=scenarios "$binary" "$work" "Tests/Fuzz/corpus-$target" \
        -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$findings/" -print_final_stats=1 2> "$findings/log.txt"; then
        status=1
        echo "fuzz target '$target' found a crash; input and log in $findings" >&2
    fi
    grep -E '^(stat::number_of_executed_units|stat::new_units_added|#[0-9]+ *DONE)' "$findings/log.txt" >&2 || true
    tail -n 3 "$findings/log.txt" | grep -v '^stat::' >&2 || true
done
exit "$status"

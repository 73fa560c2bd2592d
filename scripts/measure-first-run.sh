#!/usr/bin/env bash
# How long a newcomer waits: a fresh clone of this repository's HEAD, `make run` in it, until the server
# answers its first request. Prints "first-run SECONDS". Used by `make bench` (scripts/bench.py) and by hand.
# The packages come from wherever SwiftPM gets them on this machine (its cache helps, as it would a newcomer's);
# with --empty-cache, `make run` gets a HOME of its own, so SwiftPM's caches (~/.cache/org.swift.swiftpm: the package
# repositories and the evaluated manifests) start empty, as on a fresh machine.
set -euo pipefail
empty_cache=false
[ "${1:-}" = --empty-cache ] && empty_cache=true
cd "$(dirname "$0")/.."
work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cleanup() {
    [ -n "${runner:-}" ] && kill -- -"$runner" 2>/dev/null || true
    pkill -f "understudy serve --host 127.0.0.1 --port $port" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
git clone -q . "$work/understudy"
home=$HOME
if $empty_cache; then
    home=$work/home
    mkdir -p "$home"
fi
start=$(date +%s.%N)
( cd "$work/understudy" && HOME=$home setsid make run PORT="$port" >"$work/run.log" 2>&1 ) &
runner=$!
until curl -fs "http://127.0.0.1:$port/__admin/health" >/dev/null 2>&1; do
    kill -0 "$runner" 2>/dev/null || { echo "measure-first-run: make run stopped:" >&2; tail -20 "$work/run.log" >&2; exit 1; }
    sleep 0.2
done
echo "first-run $(python3 -c "print(f'{$(date +%s.%N) - $start:.1f}')")"

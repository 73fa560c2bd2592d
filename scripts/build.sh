#!/usr/bin/env bash
# Builds the release binary with the Swift runtime linked in, so it runs on a
# plain Debian with only libmicrohttpd12 (the Docker image's runtime stage).
# Used by `make run`, `make test` (so CI exercises it) and docker/Dockerfile.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product understudy --static-swift-stdlib
echo "built .build/release/understudy" >&2

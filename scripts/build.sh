#!/usr/bin/env bash
# Builds the release binary. Used by `make run`, `make test` (so CI exercises it) and docker/Dockerfile.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(uname -s)" = Linux ]; then
    # The Swift runtime linked in, so it runs on a plain Debian with only libmicrohttpd12 (the Docker
    # image's runtime stage). lld with packed relative relocations (glibc 2.36+): the loader reads a few
    # KB of relocations instead of about 1 MB, which shows in start-up time and resident memory.
    for product in understudy understudy-upstream; do
        swift build -c release --product $product --static-swift-stdlib \
            -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
    done
else
    # macOS: the Swift runtime is part of the system (no --static-swift-stdlib there), and Apple's
    # linker is Mach-O, with no ELF options.
    swift build -c release --product understudy
    swift build -c release --product understudy-upstream
fi
# understudy-upstream (proxy:, record) must stay next to understudy, which looks for it there.
echo "built .build/release/understudy and .build/release/understudy-upstream" >&2

#!/usr/bin/env bash
# Builds release binaries: `understudy` alone by default, or the products named.
#   scripts/build.sh                                  # understudy, self-contained (make release, make bench)
#   scripts/build.sh understudy understudy-upstream   # and the upstream helper (proxy:, record; make test, Docker)
#   scripts/build.sh --dynamic                        # understudy on the toolchain's Swift runtime (make run)
# --dynamic builds without the default trait (see below) and skips the static Swift runtime and lld's packing: a fresh clone's first build is about 25 s shorter
# (98 s against 121 s here), and the machine that builds it has the runtime. It also leaves out the Swift code's
# debug information, as Cargo's release profile does: 15 s less of a fresh clone's build here (108 s against 124 s,
# two rounds each), and a crash's backtrace still names its functions, only not their lines. The self-contained
# build, with debug information, is what the Docker image ships and what `make bench` measures.
# Used by `make run`, `make test` (so CI exercises it) and docker/Dockerfile.
# Why the helper is apart: it links AsyncHTTPClient, whose swift-nio and BoringSSL are most of a
# fresh clone's build (about 4 of its 5 minutes here), and `serve` needs it only to proxy.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=scripts/swiftpm   # swift, so that SwiftPM's manifest cache serves a fresh checkout (see there)
# Nor the variables `make run PORT=…` and the server's own settings put in the environment: no build reads them,
# and a port that changes from run to run made SwiftPM compile every manifest again.
unset HOST PORT SCENARIO SCENARIOS HTTPS ARGS
while read -r name; do unset "$name"; done < <(compgen -e | grep '^UNDERSTUDY_' || true)
dynamic=false
if [ "${1:-}" = --dynamic ]; then
    dynamic=true
    shift
fi
products=("$@")
[ ${#products[@]} -eq 0 ] && products=(understudy)
for product in "${products[@]}"; do
    if $dynamic; then
        # Without the package's default trait (FullPackage), SwiftPM fetches and builds only the 5 packages `understudy`
        # needs, not the 33 of the client products and helpers: a fresh machine's resolve took 6 s instead of 140 s here.
        "$swift" build -c release --product "$product" -Xswiftc -gnone --disable-default-traits
    elif [ "$(uname -s)" = Linux ]; then
        # The Swift runtime linked in, so it runs on a plain Debian with only libmicrohttpd12 (the Docker
        # image's runtime stage). lld with packed relative relocations (glibc 2.36+): the loader reads a few
        # KB of relocations instead of about 1 MB, which shows in start-up time and resident memory.
        "$swift" build -c release --product "$product" --static-swift-stdlib \
            -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
    else
        # macOS: the Swift runtime is part of the system (no --static-swift-stdlib there), and Apple's
        # linker is Mach-O, with no ELF options.
        "$swift" build -c release --product "$product"
    fi
    echo "built .build/release/$product" >&2
done
# understudy-upstream (proxy:, record) must stay next to understudy, which looks for it there.

#!/usr/bin/env bash
# Installs the built `understudy`, its two helpers and the bundled scenarios under a prefix (`make install`):
#   PREFIX/bin/understudy, understudy-upstream, understudy-openapi-gate   (the helpers must sit beside understudy)
#   PREFIX/share/understudy/scenarios                                     (what `serve` reads when ./scenarios is absent)
#   PREFIX/share/doc/understudy/LICENSE, README.md, CHANGELOG.md
# Usage: scripts/install.sh PREFIX        (the Makefile passes $(DESTDIR)$(PREFIX); build first: `make helper`)
#        BINARIES=.build/debug scripts/install.sh PREFIX   (the binaries of another build; make test's install check)
#        scripts/install.sh --uninstall PREFIX
set -euo pipefail
cd "$(dirname "$0")/.."
tools=(understudy understudy-upstream understudy-openapi-gate)
if [ "${1:-}" = --uninstall ]; then
    prefix=${2:?usage: scripts/install.sh --uninstall PREFIX}
    for tool in "${tools[@]}"; do rm -f "$prefix/bin/$tool"; done
    rm -rf "$prefix/share/understudy" "$prefix/share/doc/understudy"
    echo "uninstalled understudy from $prefix" >&2
    exit 0
fi
prefix=${1:?usage: scripts/install.sh PREFIX}
from=${BINARIES:-.build/release}
for tool in "${tools[@]}"; do
    [ -x "$from/$tool" ] || { echo "install: $from/$tool is not built (make helper builds .build/release's)" >&2; exit 1; }
done
install -d "$prefix/bin" "$prefix/share/understudy" "$prefix/share/doc/understudy"
for tool in "${tools[@]}"; do install -m 0755 "$from/$tool" "$prefix/bin/$tool"; done
# Replaced whole, so a file removed from the bundled set does not linger from an earlier install.
rm -rf "$prefix/share/understudy/scenarios"
cp -R scenarios "$prefix/share/understudy/scenarios"
chmod -R u+rwX,go+rX,go-w "$prefix/share/understudy/scenarios"
install -m 0644 LICENSE README.md CHANGELOG.md "$prefix/share/doc/understudy/"
echo "installed understudy $("$prefix/bin/understudy" --version) in $prefix/bin, its scenarios in $prefix/share/understudy/scenarios" >&2

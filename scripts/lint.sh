#!/usr/bin/env bash
# Lints Sources, Tests and Package.swift against .swift-format (Hummingbird's line length of 150,
# 4-space indentation); fails on any finding, so the style is kept rather than drifting. Run by `make test`.
#
# Most findings are layout, which the formatter fixes: run
#   swift format format --in-place --recursive --parallel Sources Tests Package.swift Examples
# then lint again; what remains (a `.forEach`, a name) is for a person to change.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
"$swift" format lint --strict --recursive --parallel Sources Tests Package.swift Examples

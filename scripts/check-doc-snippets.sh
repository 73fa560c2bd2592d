#!/usr/bin/env bash
# Type-checks every ```swift block of the documentation (README.md, docs/*.md, docs/products/*.md, SECURITY.md, CONTRIBUTING.md)
# against the modules `swift build --build-tests` built, so that no snippet stops compiling unnoticed. Run by
# `make test`. Arguments, if any, are the Markdown files to check instead.
#
#   ```swift            a Swift file (top-level code allowed), type-checked on its own
#   ```swift package    a Package.swift, type-checked against the toolchain's PackageDescription
#   ```swift fragment   not checked: a piece shown out of context (say so next to it)
#
# Errors point at each document's own lines (FILE:LINE). Linux has no XCUIApplication (UI tests run on Apple
# platforms), so there scripts/readme-stubs/XCUIApplication.swift stands in for the few members the docs use and
# the rest of the UI-test snippet is checked for real. Each snippet also gets FoundationNetworking where it
# exists (Linux keeps URLSession there; on Apple platforms `import Foundation` has it).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-.build/debug}
modules=$build/Modules
[ -d "$modules" ] || modules=$build
[ -e "$modules/UnderstudyTesting.swiftmodule" ] || { echo "check-doc-snippets: build first (swift build --build-tests); no modules in $modules" >&2; exit 1; }
swiftc=${SWIFTC:-swiftc}
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v "$swiftc")")")")
manifest_api=$toolchain/lib/swift/pm/ManifestAPI

# C modules the built Swift modules were compiled against.
flags=(-swift-version 6 -I "$modules")
for map in "$build"/*.build/module.modulemap Sources/*/module.modulemap .build/checkouts/*/Sources/*/include/module.modulemap; do
    [ -f "$map" ] || continue
    case "$map" in *-tool.build/*|*swift-syntax*) continue ;; esac
    flags+=(-Xcc "-fmodule-map-file=$map")
done
stubs=()
[ "$(uname)" = Darwin ] || stubs=(scripts/readme-stubs/XCUIApplication.swift)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Each document → $work/D/N.kind.line.swift (D numbers the documents; $work/D.doc holds its name).
# A fence may be indented (a snippet inside a list item): its indentation is taken off every line.
if [ $# -gt 0 ]; then documents=("$@"); else
    documents=(README.md docs/*.md docs/products/*.md)
    for doc in SECURITY.md CONTRIBUTING.md; do [ -f "$doc" ] && documents+=("$doc"); done
fi
d=0
for doc in "${documents[@]}"; do
    d=$((d + 1)); dir=$(printf '%s/%03d' "$work" "$d"); mkdir -p "$dir"; echo "$doc" > "$dir.doc"
    awk -v dir="$dir" '
        /^[ ]*```swift( [a-z]+)?[[:space:]]*$/ && !inside {
            inside = 1; n++
            match($0, /^[ ]*/); indent = RLENGTH
            split(substr($0, indent + 1), words, " "); kind = (words[2] == "" ? "file" : words[2])
            file = sprintf("%s/%03d.%s.%d.swift", dir, n, kind, NR + 1)
            next
        }
        /^[ ]*```[[:space:]]*$/ && inside { inside = 0; close(file); next }
        inside { print substr($0, indent + 1) > file }
    ' "$doc"
done

checked=0; skipped=0; failed=0
for snippet in "$work"/*/*.swift; do
    [ -e "$snippet" ] || continue
    name=$(basename "$snippet" .swift)
    doc=$(cat "$(dirname "$snippet").doc")
    out="$(dirname "$snippet")/$name"
    kind=$(echo "$name" | cut -d. -f2)
    line=$(echo "$name" | cut -d. -f3)
    case "$kind" in
    fragment)
        skipped=$((skipped + 1)); continue ;;
    package)
        mkdir -p "$out"
        { echo "#sourceLocation(file: \"$doc\", line: $line)"; cat "$snippet"; } > "$out/Package.swift"
        # The tools-version comment must stay the first line for PackageDescription; the location directive only moves errors.
        if ! "$swiftc" -typecheck -I "$manifest_api" -package-description-version 6.2 "$out/Package.swift"; then
            echo "$doc:$line: this Package.swift snippet does not type-check" >&2; failed=$((failed + 1))
        fi ;;
    file)
        mkdir -p "$out"
        {
            echo "#if canImport(FoundationNetworking)"
            echo "import FoundationNetworking"
            echo "#endif"
            echo "#sourceLocation(file: \"$doc\", line: $line)"
            cat "$snippet"
        } > "$out/main.swift"
        if ! "$swiftc" -typecheck "${flags[@]}" "$out/main.swift" "${stubs[@]}"; then
            echo "$doc:$line: this snippet does not type-check" >&2; failed=$((failed + 1))
        fi ;;
    *)
        echo "$doc:$line: unknown snippet kind '$kind' (swift, swift package, swift fragment)" >&2; failed=$((failed + 1)) ;;
    esac
    checked=$((checked + 1))
done
echo "check-doc-snippets: ${#documents[@]} documents, $checked Swift snippets type-checked, $skipped fragments skipped, $failed failed"
[ "$failed" -eq 0 ]

#!/usr/bin/env bash
# Fails, naming FILE:LINE, when the documentation names a repository path that does not exist, so that a file
# moved or renamed in the code cannot leave a document pointing at nothing. Run by `make test`, right after the
# snippet check. Checks README.md, SECURITY.md, CONTRIBUTING.md, docs/*.md and docs/products/*.md (or the Markdown files given as
# arguments). Fenced code blocks are skipped: their paths are examples (`scenarios/myapi.yaml`), not this repository's.
#
# In every document:
#   - a Markdown link or image, [text](target): the target is relative to the document's folder (or to the
#     repository root when it starts with /). Links with a scheme (http:, https:, mailto:) and anchors alone (#x)
#     are skipped; a target's #anchor is taken off and the file alone is checked.
#   - a path in backticks that starts with Sources/, Tests/, scripts/, docs/ or docker/: relative to the repository
#     root. Only the first word counts (`scripts/fuzz.sh 60`); a span with anything but letters, digits and
#     . _ + - / in that word (`…`, <NAME>, *, {x}) is a placeholder, not a path; one that starts with / is a URL
#     path (`/__admin/requests`), not a file.
#   - a root file in backticks: `README.md`, `SECURITY.md`, `CONTRIBUTING.md`, `BENCHMARKS.md`, `Makefile`,
#     `Package.swift`, `Package.resolved`.
# In docs/ARCHITECTURE.md, in table rows, also (its convention: "Paths are under Sources/ unless they say otherwise"):
#   - a path in backticks with a slash is relative to Sources/ unless it starts with one of the prefixes above;
#   - a file name without a slash (ending .swift, .h, .c, .sh, .py, .md, .yaml, .yml, .json or .modulemap) that
#     follows a path in the same cell is in that path's folder: in "`Understudy/JSON/JSONWriter.swift`,
#     `BodyTemplate.swift`" the second is Sources/Understudy/JSON/BodyTemplate.swift. With no path before it in
#     its cell, such a name is not checked; nor is a word in backticks without a slash or one of those endings
#     (a type, a module, `ScenarioResponder.completed(_:)`).
# And docs/ARCHITECTURE.md must name every source file (.swift, .c, .h, .html, module.modulemap under Sources/)
# as a path in backticks (`Understudy/UnderstudyServer.swift` in a table row, or `Sources/…` anywhere; a bare
# file name does not count), so that a file added to the code cannot go unmentioned: each one missing is reported
# as "docs/ARCHITECTURE.md: Sources/X is not named". Checked only when docs/ARCHITECTURE.md is among the documents.
# VERBOSE=1 lists every path checked, as written and as resolved.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -gt 0 ]; then documents=("$@"); else
    documents=()
    for doc in README.md SECURITY.md CONTRIBUTING.md docs/*.md docs/products/*.md; do [ -f "$doc" ] && documents+=("$doc"); done
fi

# Each document → lines "DOC<TAB>LINE<TAB>AS WRITTEN<TAB>PATH FROM THE ROOT".
candidates=$(for doc in "${documents[@]}"; do
    awk -v doc="$doc" '
        function dirname(p) { if (p !~ /\//) return "."; sub(/\/[^\/]*$/, "", p); return p }
        function emit(written, path) { printf "%s\t%d\t%s\t%s\n", doc, FNR, written, path }
        function explicit(t) { return t ~ /^(Sources|Tests|scripts|docs|docker)\// }
        function rootfile(t) { return t ~ /^(README\.md|SECURITY\.md|CONTRIBUTING\.md|BENCHMARKS\.md|Makefile|Package\.swift|Package\.resolved)$/ }
        function pathlike(t) { return t ~ /^[A-Za-z0-9_.+-][A-Za-z0-9_.+\/-]*$/ && t !~ /(^|\/)\.\.?(\/|$)/ }
        # One stretch of text (a whole line, or one table cell): its code spans, in order.
        function spans(text, intable,    rest, from, to, body, word, previous) {
            rest = text; previous = ""
            while ((from = index(rest, "`")) > 0) {
                rest = substr(rest, from + 1)
                if ((to = index(rest, "`")) == 0) break
                body = substr(rest, 1, to - 1); rest = substr(rest, to + 1)
                word = body; sub(/^[ ]+/, "", word); sub(/[ ].*$/, "", word)
                if (!pathlike(word)) continue
                if (explicit(word)) { emit(word, word); previous = dirname(word) }
                else if (rootfile(word)) emit(word, word)
                else if (!architecture || !intable) continue
                else if (word ~ /\//) { emit(word, "Sources/" word); previous = dirname("Sources/" word) }
                else if (previous != "" && word ~ /\.(swift|h|c|sh|py|md|yaml|yml|json|modulemap)$/) emit(word, previous "/" word)
            }
        }
        BEGIN { architecture = (doc ~ /(^|\/)docs\/ARCHITECTURE\.md$/); folder = dirname(doc) }
        /^[ ]*(```|~~~)/ { fenced = !fenced; next }
        fenced { next }
        {
            line = $0
            # Paths in backticks: table rows cell by cell (a file name follows a path of its own cell only).
            if (line ~ /^[ ]*\|/) {
                if (line ~ /^[ ]*\|[ :|-]*$/) next                       # the |---|---| row
                cells = split(line, cell, "|")
                for (c = 1; c <= cells; c++) spans(cell[c], 1)
            } else spans(line, 0)
            # Markdown links, outside code spans.
            plain = line; gsub(/`[^`]*`/, "", plain)
            while (match(plain, /\]\([^) ]+( "[^"]*")?\)/)) {
                target = substr(plain, RSTART + 2, RLENGTH - 3); plain = substr(plain, RSTART + RLENGTH)
                sub(/ .*$/, "", target)
                if (target ~ /^[A-Za-z][A-Za-z0-9+.-]*:/ || target ~ /^#/) continue
                written = target; sub(/[#?].*$/, "", target)
                if (target ~ /^\//) path = substr(target, 2); else path = (folder == "." ? target : folder "/" target)
                emit(written, path)
            }
        }
    ' "$doc" || { echo "check-doc-paths: could not read $doc" >&2; exit 2; }
done) || exit 2

checked=0; missing=0
while IFS=$'\t' read -r doc line written path; do
    [ -n "$doc" ] || continue
    checked=$((checked + 1))
    [ -z "${VERBOSE:-}" ] || echo "$doc:$line: $written → $path"
    if [ ! -e "$path" ]; then
        if [ "$written" = "$path" ]; then
            echo "$doc:$line: $written does not exist" >&2
        else
            echo "$doc:$line: $written ($path) does not exist" >&2
        fi
        missing=$((missing + 1))
    fi
done <<< "$candidates"

# docs/ARCHITECTURE.md names every source file: the paths it wrote with a slash (resolved as above), against Sources/.
unnamed=0; coverage=""
for doc in "${documents[@]}"; do
    [[ "$doc" =~ (^|/)docs/ARCHITECTURE\.md$ ]] || continue
    coverage=yes
    named=$(printf '%s\n' "$candidates" | awk -F '\t' -v doc="$doc" '$1 == doc && $3 ~ /\// { print $4 }' | LC_ALL=C sort -u)
    while IFS= read -r file; do
        [ -n "$file" ] || continue
        echo "$doc: $file is not named" >&2
        unnamed=$((unnamed + 1))
    done < <(find Sources -type f \( -name '*.swift' -o -name '*.c' -o -name '*.h' -o -name '*.html' -o -name 'module.modulemap' \) \
        | LC_ALL=C sort | LC_ALL=C comm -23 - <(printf '%s\n' "$named"))
done
echo "check-doc-paths: ${#documents[@]} documents, $checked paths checked, $missing missing${coverage:+, $unnamed source files not named in docs/ARCHITECTURE.md}"
[ "$missing" -eq 0 ] && [ "$unnamed" -eq 0 ]

#!/usr/bin/env bash
# `make install` as a team uses it (make test runs this, installing the debug build it made; BINARIES=.build/release
# for the release one): install into a temporary PREFIX, then, from an empty folder
# with no scenarios/ and only an OpenAPI document, `understudy validate` and `understudy serve --openapi` serve the
# bundled APIs and the document, and say where their scenarios came from. `make uninstall` removes every file.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/serve-in-background.sh
work=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
prefix="$work/prefix"
make --no-print-directory install PREFIX="$prefix" BINARIES="${BINARIES:-.build/debug}" >/dev/null
fail() { echo "install-tests: $*" >&2; exit 1; }
for file in bin/understudy bin/understudy-upstream bin/understudy-openapi-gate share/understudy/scenarios/happy.yaml share/doc/understudy/LICENSE; do
    [ -e "$prefix/$file" ] || fail "make install did not install $file"
done

project="$work/project"   # a team's own project: no scenarios/ folder
mkdir -p "$project" "$work/logs"
cat >"$project/pets.yaml" <<'YAML'
openapi: 3.0.3
info: {title: Pets, version: "1.0"}
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        "200":
          description: the pets
          content:
            application/json:
              schema:
                type: array
                items: {type: object, required: [id, name], properties: {id: {type: integer}, name: {type: string}}}
              example: [{id: 1, name: Rex}]
YAML
cd "$project"
env -u UNDERSTUDY_SCENARIOS "$prefix/bin/understudy" validate --openapi pets=pets.yaml >"$work/logs/validate" 2>&1 \
    || { cat "$work/logs/validate" >&2; fail "validate failed in a folder without scenarios/"; }
grep -q "share/understudy/scenarios" "$work/logs/validate" || fail "validate did not read the installed scenarios: $(cat "$work/logs/validate")"
UNDERSTUDY_SCENARIOS= start_understudy install-tests "$prefix/bin/understudy" "$work/logs" --log-level notice --openapi pets=pets.yaml
grep -q "scenarios: $prefix/share/understudy/scenarios (bundled, installed with understudy)" "$work/logs/stderr" \
    || fail "serve did not say it reads the installed scenarios: $(head -3 "$work/logs/stderr")"
curl -fsS "$url/swapi/api/films/1/" | grep -Eq '"title": ?"A New Hope"' || fail "the bundled SWAPI did not answer"
curl -fsS "$url/pets/pets" | grep -Eq '"name": ?"Rex"' || fail "the document's operation did not answer"
kill "$server"; wait "$server" 2>/dev/null || true; server=
cd - >/dev/null
make --no-print-directory uninstall PREFIX="$prefix" >/dev/null 2>&1
[ -z "$(find "$prefix" -type f)" ] || fail "make uninstall left: $(find "$prefix" -type f)"
echo "install-tests: passed (make install, validate and serve --openapi from an empty folder, make uninstall)"

#!/usr/bin/env python3
"""End to end and independent of the Swift code: serves OpenAPI documents with `understudy serve --openapi`,
calls every operation over HTTP under every bundled scenario, and checks what came back against the document
as Python reads it (PyYAML, and jsonschema through openapi-schema-validator for the bodies, `$ref`s to other
files resolved by `referencing` from the document's folder):

- happy, delay, empty: the status is the operation's success response (its lowest 2xx, else its first response),
  and a JSON body validates against that response's schema (`empty`: every array in it is empty);
- server-error, not-found, unauthorized, rate-limited: 500, 404, 401, 429, and a JSON body validates against
  the schema of the response the document gives for that status (the code, its range, else `default`);
- malformed-json: the body does not parse; connection-reset, timeout (held until --max-delay): the connection
  breaks without an answer; truncated-body: the answer is cut short;
- slow-body: the body arrives whole (dribbled) and validates.

Usage: scripts/openapi-e2e.py BINARY DOCUMENT...   (scripts/openapi-e2e.sh makes the venv and passes the fixtures)
Exit status 1 when anything disagrees.
"""
import http.client, json, os, pathlib, re, subprocess, sys, time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import unquote, urljoin, urlparse

import yaml
from openapi_schema_validator import OAS30Validator, OAS31Validator, oas30_format_checker, oas31_format_checker
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT4, DRAFT202012

SCENARIOS = ["happy", "delay", "empty", "server-error", "not-found", "unauthorized", "rate-limited", "malformed-json",
             "connection-reset", "truncated-body", "slow-body", "timeout"]
STATUS = {"server-error": 500, "not-found": 404, "unauthorized": 401, "rate-limited": 429}
METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]


def load(path):
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle) if str(path).endswith(".json") else yaml.safe_load(handle)
    return inline_property_maps(document, pathlib.Path(path))


def inline_property_maps(node, path, depth=0):
    """`properties: {$ref: other.yml#/x}` (DigitalOcean's) replaced by what it names: bundlers follow it, but
    jsonschema's crawler would take the `$ref` for a property. Only that spelling, so nothing else is changed."""
    if isinstance(node, list):
        return [inline_property_maps(item, path, depth) for item in node]
    if not isinstance(node, dict):
        return node
    result = {}
    for key, value in node.items():
        if key == "properties" and isinstance(value, dict) and list(value) == ["$ref"] and depth < 8:
            location, _, fragment = value["$ref"].partition("#")
            target = load(path.parent / unquote(location)) if location else None
            for token in filter(None, fragment.split("/")):
                target = target[token.replace("~1", "/").replace("~0", "~")]
            value = inline_property_maps(target, path.parent / unquote(location), depth + 1)
        result[key] = inline_property_maps(value, path, depth)
    return result


def escape(token):
    return str(token).replace("~", "~0").replace("/", "~1")


def response_key(operation, status):
    """The key of `responses` that answers `status` (None: the success response), as Understudy picks it."""
    keys = [str(key) for key in (operation.get("responses") or {})]
    if status is None:
        # The lowest 2xx (`2XX` as 200), else the first that is not `default`, else the first.
        success = sorted((k for k in keys if k.startswith("2")), key=lambda k: int(k.upper().replace("X", "0")))
        key = next(iter(success), None) or next((k for k in keys if k != "default"), None) or next(iter(keys), None)
        return key, None if key is None else (500 if key == "default" else int(key.upper().replace("X", "0")))
    for key in (str(status), f"{status // 100}XX", f"{status // 100}xx"):
        if key in keys:
            return key, status
    return ("default" if status >= 400 and "default" in keys else None), status


def follow(resolver, uri, value):
    """`value` and its URI, following `$ref`s of objects that are not schemas (responses, path items)."""
    for _ in range(32):
        if not (isinstance(value, dict) and "$ref" in value):
            return uri, value
        uri = urljoin(uri, value["$ref"])
        value = resolver.lookup(uri).contents
    raise ValueError(f"reference chain too long at {uri}")


def only_empty_arrays(error):
    """Whether `error` is only arrays emptied below their minItems, as `empty` means to: itself, or within a
    oneOf/anyOf, every error of one branch."""
    if error.validator == "minItems" and error.instance == []:
        return True
    if error.validator in ("oneOf", "anyOf") and error.context:
        branches = {}
        for suberror in error.context:
            branches.setdefault(suberror.relative_schema_path[0], []).append(suberror)
        return any(all(only_empty_arrays(e) for e in branch) for branch in branches.values())
    return False


def child(uri, *tokens):
    """The URI of a node below the one at `uri` (a whole file's URI has no fragment yet)."""
    base, _, fragment = uri.partition("#")
    return base + "#" + fragment + "".join("/" + escape(token) for token in tokens)


def examples(resolver, response_uri, content):
    """The example values a media type gives (`example`, and each of `examples`, followed through `$ref`s)."""
    values = [content["example"]] if "example" in content else []
    for name, example in (content.get("examples") or {}).items():
        _, example = follow(resolver, child(response_uri, "content", "examples", name), example)
        if isinstance(example, dict) and "value" in example:
            values.append(example["value"])
    return values


def json_media(response):
    content = (response or {}).get("content") or {}
    for media, value in content.items():
        essence = media.split(";")[0].strip().lower()
        if essence == "application/json" or essence.endswith("+json") or essence in ("*/*", "application/*"):
            return media, value
    return None, None


def has_array(value):
    if isinstance(value, list):
        return len(value) > 0
    if isinstance(value, dict):
        return any(has_array(item) for item in value.values())
    return False


def fetch(port, method, path, scenario, timeout=10):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request(method.upper(), path, headers={"X-Understudy-Scenario": scenario, "Content-Type": "application/json"},
                           body=b"{}" if method in ("post", "put", "patch") else None)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def main(binary, documents):
    counts, failures = Counter(), []
    for document_path in documents:
        path = pathlib.Path(document_path).resolve()
        document = load(path)
        is30 = str(document.get("openapi", "")).startswith("3.0")
        base_uri = path.as_uri()

        def retrieve(uri):
            contents = load(pathlib.Path(unquote(urlparse(uri).path)))
            if not isinstance(contents, dict):  # a file of text (a description), which no schema lookup reads
                return Resource.opaque(contents)
            return Resource(contents=contents, specification=DRAFT4 if is30 else DRAFT202012)

        registry = Registry(retrieve=retrieve).with_resource(base_uri, Resource(contents=document, specification=DRAFT4 if is30 else DRAFT202012))
        resolver = registry.resolver(base_uri=base_uri)
        validator_class = OAS30Validator if is30 else OAS31Validator
        checker = oas30_format_checker if is30 else oas31_format_checker
        server = subprocess.Popen([binary, "serve", "--port", "0", "--openapi", f"api={path}", "--log-level", "warning",
                                   "--max-delay", "300"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            line = server.stdout.readline()
            match = re.search(r":(\d+)\s*$", line)
            if not match:
                failures.append(f"{path.name}: understudy did not start: {line}{server.stderr.read()[:2000]}")
                continue
            port = int(match.group(1))
            # Every call at once (delays, holds and dribbles are parked by the server, not by a thread of it).
            # Path items and operations written as references (another file's, as DigitalOcean's document
            # writes every operation) are followed, as bundlers and Understudy follow them.
            operations = []
            for template, item in (document.get("paths") or {}).items():
                item_uri, item = follow(resolver, f"{base_uri}#/paths/{escape(template)}", item)
                for method in METHODS:
                    if isinstance((item or {}).get(method), dict):
                        operations.append((template, method, *follow(resolver, child(item_uri, method), item[method])))
            calls = [(method, "/api" + re.sub(r"\{[^}/]+\}", "1", template), scenario)
                     for template, method, _, _ in operations for scenario in SCENARIOS]

            def call(request):
                try:
                    return request, fetch(port, *request), None
                except Exception as error:
                    return request, None, error

            with ThreadPoolExecutor(max_workers=16) as pool:
                answers = {request: (answer, error) for request, answer, error in pool.map(call, calls)}
            for template, method, operation_uri, operation in operations:
                request_path = "/api" + re.sub(r"\{[^}/]+\}", "1", template)
                for scenario in SCENARIOS:
                    where = f"{path.name} {method.upper()} {template} under {scenario}"
                    answer, error = answers[(method, request_path, scenario)]
                    if answer is not None:
                        status, headers, body = answer
                    else:  # a broken connection is what three scenarios are for
                        if scenario in ("connection-reset", "truncated-body", "timeout"):
                            counts[f"{scenario}: connection broken"] += 1
                        else:
                            failures.append(f"{where}: {type(error).__name__}: {error}")
                        continue
                    if scenario in ("connection-reset", "timeout"):
                        failures.append(f"{where}: answered {status} instead of breaking the connection")
                        continue
                    key, wanted_status = response_key(operation, STATUS.get(scenario))
                    if scenario in STATUS:
                        if status != STATUS[scenario]:
                            failures.append(f"{where}: status {status}, expected {STATUS[scenario]}")
                            continue
                    elif wanted_status is not None and status != wanted_status:
                        failures.append(f"{where}: status {status}, expected {wanted_status}")
                        continue
                    if key is None or method == "head":
                        counts[f"{scenario}: status only (no response described)"] += 1
                        continue
                    response_uri, response = follow(resolver, child(operation_uri, "responses", key), operation["responses"][key] if key in operation["responses"] else operation["responses"][int(key)])
                    media, content = json_media(response)
                    if content is None:
                        counts[f"{scenario}: status only (no JSON body described)"] += 1
                        continue
                    if scenario == "truncated-body":
                        counts[f"{scenario}: answered, body cut short"] += 1
                        continue
                    try:
                        value = json.loads(body)
                    except ValueError:
                        if scenario == "malformed-json" or not body:
                            counts[f"{scenario}: not JSON, as asked" if body else f"{scenario}: empty body"] += 1
                        else:
                            failures.append(f"{where}: the body is not JSON: {body[:120]!r}")
                        continue
                    if scenario == "malformed-json":
                        failures.append(f"{where}: the body parses as JSON")
                        continue
                    if content.get("schema") is None:
                        counts[f"{scenario}: JSON, no schema"] += 1
                        continue
                    # The schema by its place in the document, so that its relative `$ref`s resolve from its own file.
                    schema = {"$ref": child(response_uri, "content", media, "schema")}
                    validator = validator_class(schema, registry=registry, format_checker=checker)
                    errors = list(validator.iter_errors(value))
                    if scenario == "empty":
                        # `empty` empties every array, minItems or not: what an app's empty state sees.
                        errors = [e for e in errors if not only_empty_arrays(e)]
                    warned = headers.get("X-Understudy-Synthesis-Warning")
                    if errors and warned:
                        counts[f"{scenario}: JSON body invalid, as the server's synthesis warning says"] += 1
                        print(f"warned   {where}: {errors[0].message[:120]} (server: {warned[:120]})")
                    elif errors and value in examples(resolver, response_uri, content):
                        # The document contradicting itself: its own example breaks its schema. The example is
                        # what the real API sends, so it is served, and `understudy validate` lists it as a warning.
                        counts[f"{scenario}: the document's own example, invalid against its schema"] += 1
                        print(f"example  {where}: {errors[0].message[:120]}")
                    elif errors:
                        error = errors[0]
                        failures.append(f"{where}: {error.message[:200]} at /{'/'.join(map(str, error.absolute_path))}")
                    elif scenario == "empty" and has_array(value):
                        failures.append(f"{where}: an array is not empty: {json.dumps(value)[:160]}")
                    else:
                        counts[f"{scenario}: JSON body valid"] += 1
        finally:
            server.terminate()
            server.wait(timeout=10)
    print(f"{len(documents)} documents")
    for key in sorted(counts):
        print(f"  {counts[key]:6d}  {key}")
    for failure in failures:
        print("FAIL", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))

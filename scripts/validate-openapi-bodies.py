#!/usr/bin/env python3
"""Validates the bodies UnderstudyOpenAPI produced (a dump written by ValidatorDumpTests) against
their schemas with jsonschema + openapi-schema-validator: OAS30Validator for 3.0 documents,
OAS31Validator for 3.1/3.2, with their format checkers (date-time needs rfc3339-validator). References are resolved inside the dumped (bundled) document.

Expectations:
- a synthesised body must validate (one that synthesis itself warned about, e.g. a pattern it
  could not satisfy or the null marker of a required property that recurses forever, is counted
  apart as "warned");
- a document's own example that does not validate is reported, but is the document's fault;
- a decode-breaker body must NOT validate (that is its point).

Usage: scripts/validate-openapi-bodies.py DUMP.json   (scripts/validate-openapi-bodies.sh makes the dump)
"""
import json, sys
from collections import Counter

from openapi_schema_validator import OAS30Validator, OAS31Validator, oas30_format_checker, oas31_format_checker
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT4, DRAFT202012


def main(path):
    with open(path, encoding="utf-8") as handle:
        documents = json.load(handle)
    counts = Counter()
    failures = []
    for entry in documents:
        name, version, document = entry["name"], entry["openapi"], entry["document"]
        is30 = version.startswith("3.0")
        validator_class = OAS30Validator if is30 else OAS31Validator
        format_checker = oas30_format_checker if is30 else oas31_format_checker
        uri = "urn:understudy:" + name
        registry = Registry().with_resource(uri, Resource(contents=document, specification=DRAFT4 if is30 else DRAFT202012))
        for body in entry["bodies"]:
            if body["schema"] is None:
                counts[f"{body['kind']}: no schema (not checked)"] += 1
                continue
            schema = {"$ref": uri + "#" + body["schema"]}
            validator = validator_class(schema, registry=registry, format_checker=format_checker)
            errors = sorted(validator.iter_errors(body["value"]), key=lambda e: list(e.absolute_path))
            where = f"{name}: {body['operation']} {body['status']} {body['contentType']} {body['kind']} {body['label']}".rstrip()
            if body["kind"] == "breaker":
                if errors:
                    counts["breaker: invalid, as intended"] += 1
                else:
                    counts["breaker: VALID (wrong)"] += 1
                    failures.append(f"{where}: the decode-breaker body validates")
            elif body["kind"] == "synthesized":
                if not errors:
                    counts["synthesized: valid"] += 1
                elif body["notes"]:
                    counts["synthesized: invalid, warned by synthesis"] += 1
                    print(f"warned   {where}: {errors[0].message[:160]} (synthesis said: {body['notes'][0][:160]})")
                else:
                    counts["synthesized: INVALID"] += 1
                    failures.append(f"{where}: {errors[0].message[:200]} at /{'/'.join(map(str, errors[0].absolute_path))}")
            else:
                if errors:
                    counts[f"{body['kind']}: invalid (the document's own example)"] += 1
                    print(f"example  {where}: {errors[0].message[:160]}")
                else:
                    counts[f"{body['kind']}: valid"] += 1
    print(f"{len(documents)} documents, {sum(len(d['bodies']) for d in documents)} bodies")
    for key in sorted(counts):
        print(f"  {counts[key]:6d}  {key}")
    for failure in failures:
        print("FAIL", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))

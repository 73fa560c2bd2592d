#!/usr/bin/env bash
# scripts/openapi-e2e.py over the OpenAPI fixtures (Tests/UnderstudyOpenAPITests/Documents), with the venv it needs
# (.venv-openapi, gitignored: jsonschema, openapi-schema-validator, PyYAML from PyPI, pinned by major version).
# Usage: scripts/openapi-e2e.sh [BINARY]   (default .build/debug/understudy)
set -euo pipefail
cd "$(dirname "$0")/.."
python=$(scripts/python-venv.sh .venv-openapi yaml 'jsonschema==4.*' 'openapi-schema-validator==0.9.*' 'rfc3339-validator==0.1.*' 'PyYAML==6.*')
documents=Tests/UnderstudyOpenAPITests/Documents
"$python" scripts/openapi-e2e.py "${1:-.build/debug/understudy}" \
    "$documents"/oai/petstore.yaml "$documents"/oai/petstore-expanded.yaml "$documents"/oai/petstore.json \
    "$documents"/oai/api-with-examples.yaml "$documents"/oai/link-example.yaml "$documents"/oai/uspto.yaml \
    "$documents"/oai/callback-example.yaml "$documents"/multifile/openapi.yaml "$documents"/multifile30/openapi.yaml \
    "$documents"/features/features-3.0.yaml "$documents"/features/features-3.1.yaml \
    "$documents"/features/answer-classes.yaml

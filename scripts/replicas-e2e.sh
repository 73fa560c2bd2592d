#!/usr/bin/env bash
# Replicas sharing their state in Redis, end to end (docs/replicas.md): a real redis-server and a real nginx
# (consistent hashing on X-Understudy-Session) in front of real `understudy serve --redis` processes, all on
# free loopback ports in a temporary folder, all stopped at the end. scripts/replicas-e2e.py says what it checks.
# Usage: scripts/replicas-e2e.sh [BINARY]   (default .build/debug/understudy)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh redis-server nginx
binary=${1:-.build/debug/understudy}
[ -x "$binary" ] || { echo "replicas-e2e: no $binary (run swift build)" >&2; exit 1; }
# The deployment files no cluster runs here (deploy/kubernetes, docker/compose.replicas.yml): the Kubernetes
# documents against the official JSON schemas (kubernetes-validate, in the venv .venv-manifests the script makes),
# what the schemas cannot say, and the ConfigMap's scenarios through `understudy validate`.
python3 scripts/check-manifests.py "$binary"
# Debian puts nginx in /usr/sbin, which a non-root PATH may lack.
PATH="$PATH:/usr/sbin" exec python3 scripts/replicas-e2e.py "$binary"

#!/usr/bin/env python3
"""Checks the deployment files no cluster runs in CI (docs/replicas.md): deploy/kubernetes/*.yaml and
docker/compose.replicas.yml parse, hold what the documentation promises (replicas, readiness on the shared
state, a PodDisruptionBudget, a headless Service for peers, the Ingress hash annotation and a read timeout
above --max-delay), name only environment variables `understudy serve` reads, and the ConfigMap's scenarios
pass `understudy validate`.
Usage: scripts/check-manifests.py BINARY   (run by make test through scripts/replicas-e2e.sh)
"""
import os
import re
import subprocess
import sys
import tempfile

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = sys.argv[1]
FAILURES = []


def expect(condition, what):
    if not condition:
        FAILURES.append(what)
    print(f"  {'ok  ' if condition else 'FAIL'} {what}")


def documents(path):
    with open(os.path.join(ROOT, path)) as file:
        return [d for d in yaml.safe_load_all(file) if d]


serve_help = subprocess.run([BINARY, "serve", "--help"], capture_output=True, text=True).stdout
known_environment = set(re.findall(r"UNDERSTUDY_[A-Z_]+", serve_help))

print("deploy/kubernetes")
manifests = documents("deploy/kubernetes/understudy.yaml") + documents("deploy/kubernetes/redis.yaml")
by_kind = {}
for document in manifests:
    expect({"apiVersion", "kind", "metadata"} <= set(document), f"{document.get('kind')} has apiVersion, kind and metadata")
    by_kind.setdefault(document["kind"], []).append(document)
deployment = next(d for d in by_kind["Deployment"] if d["metadata"]["name"] == "understudy")
expect(deployment["spec"]["replicas"] >= 2, "the Deployment runs 2 or more replicas")
labels = deployment["spec"]["template"]["metadata"]["labels"]
expect(deployment["spec"]["selector"]["matchLabels"].items() <= labels.items(), "the Deployment's selector matches its pods")
container = deployment["spec"]["template"]["spec"]["containers"][0]
environment = {e["name"] for e in container["env"]}
expect({"UNDERSTUDY_REDIS", "UNDERSTUDY_REPLICA_NAME"} <= environment, "the replicas get UNDERSTUDY_REDIS and UNDERSTUDY_REPLICA_NAME")
expect(environment <= known_environment, f"every variable is one `serve` reads ({sorted(environment - known_environment)})")
expect("ready" in container["readinessProbe"]["httpGet"]["path"], "readiness waits for the shared state (/__admin/health?ready=1)")
expect(any(p["spec"]["selector"]["matchLabels"].items() <= labels.items() for p in by_kind["PodDisruptionBudget"]), "a PodDisruptionBudget covers the replicas")
services = {s["metadata"]["name"]: s for s in by_kind["Service"]}
expect(any(s["spec"].get("clusterIP") == "None" for s in services.values()), "a headless Service for the peers")
ingress = by_kind["Ingress"][0]
annotations = ingress["metadata"]["annotations"]
expect(annotations.get("nginx.ingress.kubernetes.io/upstream-hash-by") == "$http_x_understudy_session", "the Ingress hashes on X-Understudy-Session")
expect(int(annotations.get("nginx.ingress.kubernetes.io/proxy-read-timeout", "0")) > 120, "the Ingress read timeout is above --max-delay (120 s)")
backend = ingress["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]["name"]
expect(backend in services, f"the Ingress routes to a Service that exists ({backend})")
redis_url = next(e["value"] for e in container["env"] if e["name"] == "UNDERSTUDY_REDIS")
expect(redis_url.split("//")[1].split(":")[0] in services, f"UNDERSTUDY_REDIS names a Service that exists ({redis_url})")
configmap = next(c for c in by_kind["ConfigMap"] if c["metadata"]["name"] == "understudy-scenarios")
with tempfile.TemporaryDirectory() as folder:
    for name, text in configmap["data"].items():
        with open(os.path.join(folder, name), "w") as file:
            file.write(text)
    result = subprocess.run([BINARY, "validate", folder], capture_output=True, text=True)
    expect(result.returncode == 0, f"the ConfigMap's scenarios pass `understudy validate` {result.stdout.strip()[-200:]} {result.stderr.strip()[-300:]}")
    start = next(e["value"] for e in container["env"] if e["name"] == "UNDERSTUDY_SCENARIO")
    expect(f"{start}.yaml" in configmap["data"], f"the start scenario '{start}' is in the ConfigMap")

print("docker/compose.replicas.yml")
compose = documents("docker/compose.replicas.yml")[0]
replicas = [s for name, s in compose["services"].items() if name.startswith("understudy-")]
expect(len(replicas) >= 3, "three replicas")
for service in replicas:
    expect(set(service["environment"]) <= known_environment, f"every variable is one `serve` reads ({sorted(set(service['environment']) - known_environment)})")
expect(len({s["environment"]["UNDERSTUDY_REPLICA_NAME"] for s in replicas}) == len(replicas), "each replica has its own name")
expect("--appendonly" in compose["services"]["redis"]["command"], "Redis keeps an append-only file")
with open(os.path.join(ROOT, "docker/nginx.replicas.conf")) as file:
    nginx = file.read()
expect("hash $http_x_understudy_session consistent;" in nginx, "nginx hashes on X-Understudy-Session")
expect(all(f"server {name}:8080" in nginx for name in compose["services"] if name.startswith("understudy-")), "nginx names every replica")

if FAILURES:
    print("check-manifests failures:\n  " + "\n  ".join(FAILURES))
    sys.exit(1)
print("check-manifests: passed")

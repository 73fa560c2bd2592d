#!/usr/bin/env python3
"""Checks the deployment files no cluster runs in CI (docs/replicas.md).

deploy/kubernetes/*.yaml: every document against the official Kubernetes JSON schemas (kubernetes-validate from
PyPI, which bundles them, in strict mode: an unknown or misspelt field fails, as does a kind or apiVersion with no
schema), for the oldest and the newest Kubernetes it knows; first it shows the validator rejects a broken copy of
the Deployment (a misspelt field, a wrong type, a misspelt kind), so a validator that passes everything fails here.
Then what the schemas cannot say: what the documentation promises (replicas, readiness on the shared state, a
PodDisruptionBudget, a headless Service for peers, the Ingress hash annotation and a read timeout above
--max-delay), only environment variables `understudy serve --help` lists, and the ConfigMap's scenarios pass
`understudy validate`. docker/compose.replicas.yml and docker/nginx.replicas.conf: their shape.

Runs itself in a venv it makes on first use: .venv-manifests (gitignored), kubernetes-validate and PyYAML pinned.
Usage: scripts/check-manifests.py BINARY   (run by make test through scripts/replicas-e2e.sh)
"""
import copy
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, ".venv-manifests")
VENV_PYTHON = os.path.join(VENV, "bin", "python")
PINS = ["kubernetes-validate==1.37.*", "PyYAML==6.*"]
try:
    import kubernetes_validate
    import yaml
except ImportError:
    if os.path.abspath(sys.executable) == VENV_PYTHON or os.environ.get("CHECK_MANIFESTS_IN_VENV"):
        raise
    if not os.path.exists(VENV_PYTHON):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    subprocess.run([VENV_PYTHON, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *PINS], check=True)
    os.environ["CHECK_MANIFESTS_IN_VENV"] = "1"
    os.execv(VENV_PYTHON, [VENV_PYTHON, os.path.abspath(__file__), *sys.argv[1:]])

BINARY = sys.argv[1]
FAILURES = []
# The oldest and the newest Kubernetes whose schemas kubernetes-validate bundles (1.25 and 1.37 in 1.37.*).
KUBERNETES = ["1.25", ".".join(kubernetes_validate.latest_version().split(".")[:2])]


def expect(condition, what):
    if not condition:
        FAILURES.append(what)
    print(f"  {'ok  ' if condition else 'FAIL'} {what}")


def documents(path):
    with open(os.path.join(ROOT, path)) as file:
        return [d for d in yaml.safe_load_all(file) if d]


def schema_error(document, version):
    """None when the document is valid against Kubernetes VERSION's schema (strict), else why not."""
    try:
        kubernetes_validate.validate(document, version, strict=True)
        return None
    except kubernetes_validate.ValidationError as error:
        return f"{'.'.join(str(p) for p in error.path)}: {error.message}"
    except (kubernetes_validate.SchemaNotFoundError, kubernetes_validate.InvalidSchemaError) as error:
        return f"no schema: {error.message}"  # the CLI only warns here; a misspelt kind must fail


serve_help = subprocess.run([BINARY, "serve", "--help"], capture_output=True, text=True).stdout
known_environment = set(re.findall(r"UNDERSTUDY_[A-Z_]+", serve_help))

print("deploy/kubernetes")
manifests = documents("deploy/kubernetes/understudy.yaml") + documents("deploy/kubernetes/redis.yaml")
by_kind = {}
for document in manifests:
    expect({"apiVersion", "kind", "metadata"} <= set(document), f"{document.get('kind')} has apiVersion, kind and metadata")
    by_kind.setdefault(document["kind"], []).append(document)
deployment = next(d for d in by_kind["Deployment"] if d["metadata"]["name"] == "understudy")
# The validator first: each breakage below must be refused, or its passes below would mean nothing.
broken = {"a misspelt field (spec.replica)": lambda d: d["spec"].__setitem__("replica", d["spec"].pop("replicas")),
          "a wrong type (spec.replicas: \"three\")": lambda d: d["spec"].__setitem__("replicas", "three"),
          "a wrong type (containerPort: \"8080\")": lambda d: d["spec"]["template"]["spec"]["containers"][0]["ports"][0].__setitem__("containerPort", "8080"),
          "a misspelt kind (Deploymnet)": lambda d: d.__setitem__("kind", "Deploymnet")}
for what, breakage in broken.items():
    document = copy.deepcopy(deployment)
    breakage(document)
    error = schema_error(document, KUBERNETES[-1])
    expect(error is not None, f"the schema checker refuses a Deployment with {what}: {error}")
for version in KUBERNETES:
    for document in manifests:
        error = schema_error(document, version)
        expect(error is None, f"{document['kind']}/{document['metadata']['name']} is valid for Kubernetes {version}" + (f": {error}" if error else ""))
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

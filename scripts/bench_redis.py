#!/usr/bin/env python3
"""`make bench`'s --redis rows (issue 31: with --redis, within 5% of without).

Two Understudy processes with the same arguments, one of them with `--redis` to a redis-server started here on a
free loopback port in the bench's temporary folder (no persistence; stopped with the others), take turns under wrk
within each round (the order rotates), as bench.py's journal case does, on two requests:
- `/catfact/facts` with no session: the request path with --redis runs the same code, so the ratio should be ~1;
- `/catfact/facts` with `X-Understudy-Session` of a session set to happy on both (stored in Redis for the --redis
  one): with --redis a session's request also looks under the state's lock whether this replica knows the session.
Target: the per-round ratio's median (with --redis / without) ≥ 0.95.

bench.py calls `measure` and prints its rows in its table. Alone, for a short check without the rest of the bench:
  scripts/bench_redis.py [--binary .build/release/understudy] [--rounds 6] [--duration 1]
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request

SESSION = "bench-redis"
SESSION_LUA = f'wrk.headers["X-Understudy-Session"] = "{SESSION}"\n'
CASES = [("--redis vs without: no session", "/catfact/facts", False),
         ("--redis vs without: a session's request", "/catfact/facts", True)]


def start_redis(bench, work, started):
    """redis-server on a free loopback port, in WORK, no persistence; its port once it answers PING."""
    server = shutil.which("redis-server") or "/usr/bin/redis-server"
    if not os.path.exists(server):
        raise SystemExit("bench: redis-server is missing (make bench installs it)")
    port = bench.free_port()
    started.append(subprocess.Popen([server, "--port", str(port), "--bind", "127.0.0.1", "--dir", work, "--save", "",
                                     "--appendonly", "no", "--daemonize", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return port
        except OSError:
            time.sleep(0.01)
    raise SystemExit("bench: redis-server did not answer within 10 s")


def measure(bench, args, binary, work, started, rounds, duration):
    """Starts the pair (and Redis), runs both cases, and returns bench.py's table rows for them."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    redis_port = start_redis(bench, work, started)
    common = ["serve", "--host", "127.0.0.1", "--scenarios", os.path.join(root, "scenarios")]
    servers = {}
    for name, extra in [("--redis", ["--redis", f"redis://127.0.0.1:{redis_port}/0", "--replica-name", "bench"]), ("without", [])]:
        port = bench.free_port()
        process = subprocess.Popen([binary, *common, "--port", str(port), *extra], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        started.append(process)
        base = f"http://127.0.0.1:{port}"
        bench.wait_for(base + "/__admin/health?ready=1")
        put = urllib.request.Request(f"{base}/__admin/sessions/{SESSION}/scenario", data=json.dumps({"name": "happy"}).encode(),
                                     method="PUT", headers={"Content-Type": "application/json", "X-Understudy-Session": SESSION})
        with urllib.request.urlopen(put) as response:
            assert response.status == 200, f"bench: PUT session on {name}: {response.status}"
        servers[name] = (base, process)
    script = os.path.join(work, "session.lua")
    with open(script, "w") as file:
        file.write(SESSION_LUA)
    rows = []
    for label, path, with_session in CASES:
        runs = {name: (base + path, lambda p=process: [p.pid]) for name, (base, process) in servers.items()}
        results = bench.paired_rounds(args, label, runs, rounds, duration, script=script if with_session else None)
        ratio = bench.paired_ratio(results["--redis"], results["without"])
        a, b = bench.medians(results["--redis"]), bench.medians(results["without"])
        header = f" + `X-Understudy-Session`" if with_session else ""
        status = "met" if ratio[0] >= 0.95 else "**missed**"
        rows.append(bench.table_row(f"{label} `{path}`{header}", "with / without `--redis`", a, b, ratio, "≥ 0.95× without", status))
    return rows


def main():
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import bench
    bench.run_alone(measure, "redis")


if __name__ == "__main__":
    main()

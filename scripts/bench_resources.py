#!/usr/bin/env python3
"""`make bench`'s resource rows (issue 40: a resource GET within 10% of a static route's req/s).

One Understudy serving the bundled `custom-routes` scenario; under wrk, in turn within each round (the order rotates),
as bench.py's journal case does: the static custom route `/myapp/users/1` (a fixed answer from the scenario's cache)
and the resource `/myapp/todos`, its list and then one item (`/myapp/todos/2`), read from the global copy. The
resource is written once before (a POST), so the reads are of a copy, not of the seed.
Target: the per-round ratio's median (resource / static) ≥ 0.90.

bench.py calls `measure` and prints its rows in its table. Alone:
  scripts/bench_resources.py [--binary .build/release/understudy] [--rounds 6] [--duration 1]
"""
import json
import os
import subprocess
import sys
import urllib.request

STATIC = "/myapp/users/1"
CASES = [("a resource's list vs a static route", "/myapp/todos"), ("a resource's item vs a static route", "/myapp/todos/2")]


def measure(bench, args, binary, work, started, rounds, duration):
    """Starts the server, runs both cases, and returns bench.py's table rows for them."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    port = bench.free_port()
    process = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--scenarios", os.path.join(root, "scenarios"),
                                "--scenario", "custom-routes"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    started.append(process)
    base = f"http://127.0.0.1:{port}"
    bench.wait_for(base + "/__admin/health")
    post = urllib.request.Request(base + "/myapp/todos", data=json.dumps({"title": "bench", "done": False}).encode(), method="POST",
                                  headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(post) as response:
        assert response.status == 201, f"bench: POST /myapp/todos: {response.status}"
    pids = lambda: [process.pid]
    rows = []
    for label, path in CASES:
        results = bench.paired_rounds(args, label, {path: (base + path, pids), STATIC: (base + STATIC, pids)}, rounds, duration)
        ratio = bench.paired_ratio(results[path], results[STATIC])
        a, b = bench.medians(results[path]), bench.medians(results[STATIC])
        status = "met" if ratio[0] >= 0.90 else "**missed**"
        rows.append(bench.table_row(f"{label}: `{path}`", f"resource / `{STATIC}`", a, b, ratio, "≥ 0.90× the static route", status))
    return rows


def main():
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import bench
    bench.run_alone(measure, "resources")


if __name__ == "__main__":
    main()

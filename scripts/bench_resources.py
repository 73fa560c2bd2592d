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
        results = {path: [], STATIC: []}
        for target in results:
            bench.run_wrk(base + target, args, duration=1)  # warm-up
        names = [path, STATIC]
        for round in range(rounds):
            for target in names[round % 2:] + names[:round % 2]:
                with bench.RSSSampler(pids) as sampler:
                    meter = bench.CPUMeter(pids)
                    rps, p50, p99, _, requests = bench.run_wrk(base + target, args, duration=duration)
                    user, system, wrk = meter.per_request(requests)
                results[target].append((rps, p50, p99, sampler.peak, user, system, wrk))
                print(f"  {label:40} {target:16} round {round + 1}: {rps:10.0f} req/s  p50 {p50:.2f} ms  p99 {p99:.2f} ms", file=sys.stderr)
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

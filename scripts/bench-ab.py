#!/usr/bin/env python3
"""Two builds of Understudy side by side: is a change on the request path as fast as before?

`make bench` compares Understudy with nginx; comparing two of its BENCHMARKS.md files compares
runs made hours apart on a machine that drifts by up to 20 %. This starts both builds at once,
on the bundled scenarios, and runs wrk against them in turns within each round (the order
alternates), so each round's ratio compares the two under the same conditions. Prints, per URL,
the median of the per-round ratios (after / before) with their range, and the medians of req/s.

Build the "before" binary from the older commit with scripts/build.sh (a git worktree does),
so that both are linked the same way.

Usage: scripts/bench-ab.py --before OLD_BINARY [--before-scenarios OLD_CHECKOUT/scenarios] [--after .build/release/understudy]
       [--rounds 15]
"""
import argparse, os, re, shutil, socket, statistics, subprocess, sys, time, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PATHS = ["/catfact/facts", "/swapi/api/people/1/", "/swapi/api/people/?page=2"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(binary, port, scenarios):
    process = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--scenarios", scenarios],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 10
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/__admin/health", timeout=1).read()
            return process
        except OSError:
            if time.time() > deadline or process.poll() is not None:
                process.kill()
                raise SystemExit(f"bench-ab: {binary} did not start")
            time.sleep(0.05)


def wrk(url, args):
    command = ["wrk", f"-t{args.threads}", f"-c{args.connections}", f"-d{args.duration}s", "--timeout", "5s", url]
    out = subprocess.run(command, capture_output=True, text=True, timeout=args.duration + 30).stdout
    if re.search(r"Socket errors|Non-2xx", out):
        print(f"  warning: {url}: errors in the run", file=sys.stderr)
    return float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", default=os.path.join(ROOT, ".build", "release", "understudy"))
    parser.add_argument("--rounds", type=int, default=15)
    # The older build's own scenarios, when this checkout's use keys it does not know yet.
    parser.add_argument("--before-scenarios", default=os.path.join(ROOT, "scenarios"))
    parser.add_argument("--duration", type=int, default=2)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    if not shutil.which("wrk"):
        raise SystemExit("bench-ab: wrk is missing (scripts/install-deps.sh wrk)")
    servers = {}
    try:
        for name in ("before", "after"):
            port = free_port()
            scenarios = args.before_scenarios if name == "before" else os.path.join(ROOT, "scenarios")
            servers[name] = (serve(getattr(args, name), port, scenarios), f"http://127.0.0.1:{port}")
        print(f"{args.rounds} rounds of wrk -t{args.threads} -c{args.connections} -d{args.duration}s per build and URL, in turns")
        for path in PATHS:
            for name in servers:  # warm-up: caches filled, pages touched
                wrk(servers[name][1] + path, argparse.Namespace(**{**vars(args), "duration": 1}))
            rates = {"before": [], "after": []}
            for round in range(args.rounds):
                order = ["before", "after"] if round % 2 == 0 else ["after", "before"]
                for name in order:
                    rates[name].append(wrk(servers[name][1] + path, args))
            ratios = [a / b for a, b in zip(rates["after"], rates["before"])]
            print(f"{path}: after/before {statistics.median(ratios):.3f} (range {min(ratios):.2f}–{max(ratios):.2f}); "
                  f"req/s before {statistics.median(rates['before']):,.0f}, after {statistics.median(rates['after']):,.0f}")
    finally:
        for process, _ in servers.values():
            process.terminate()
            process.wait(timeout=10)


if __name__ == "__main__":
    main()

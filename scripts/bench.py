#!/usr/bin/env python3
"""Understudy vs nginx on the same bytes, side by side.

Starts the release build of Understudy and an nginx (2 workers, access log
off, keep-alive, sendfile off) on loopback, captures the exact bodies
Understudy returns for each benchmarked URL, has nginx serve those bytes, then
runs wrk against both in alternation (A B A B …), every run bounded in time.
Prints one table of medians and the Understudy/nginx ratio, and writes it to
BENCHMARKS.md. Only the processes it started are stopped.

Usage: scripts/bench.py [--rounds 3] [--duration 5] [--connections 64] [--threads 2]
"""
import argparse, datetime, os, platform, re, shutil, signal, socket, statistics, subprocess, sys, tempfile, time, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build", "release", "understudy")
CASES = [
    ("catfact facts page", "/catfact/facts"),
    ("swapi person", "/swapi/api/people/1/"),
    ("swapi list page (links rewritten)", "/swapi/api/people/?page=2"),
]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url, timeout=10):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1) as r:
                return r.read()
        except Exception:
            time.sleep(0.01)
    raise SystemExit(f"bench: {url} did not answer within {timeout} s")


def rss_kb(pids):
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/status") as f:
                total += int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))
        except (OSError, AttributeError):
            pass
    return total


def child_pids(pid):
    try:
        out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
        return [int(p) for p in out.split()]
    except FileNotFoundError:
        return []


def to_ms(value, unit):
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def run_wrk(url, args):
    command = ["wrk", f"-t{args.threads}", f"-c{args.connections}", f"-d{args.duration}s", "--timeout", "5s", "--latency", url]
    out = subprocess.run(command, capture_output=True, text=True, timeout=args.duration + 30).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    lat = {p: to_ms(v, u) for p, v, u in re.findall(r"^\s+(50|99)%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)}
    errors = re.search(r"Socket errors: (.*)", out)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if errors or non2xx:
        print(f"  warning: {url}: {errors.group(0) if errors else ''} {non2xx.group(0) if non2xx else ''}", file=sys.stderr)
    return rps, lat.get("50", float("nan")), lat.get("99", float("nan"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--duration", type=int, default=5)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--output", default=os.path.join(ROOT, "BENCHMARKS.md"))
    args = parser.parse_args()
    for tool in ("wrk", "nginx"):
        if not shutil.which(tool) and not os.path.exists(f"/usr/sbin/{tool}"):
            raise SystemExit(f"bench: {tool} is missing (make bench installs it)")
    nginx_bin = shutil.which("nginx") or "/usr/sbin/nginx"

    work = tempfile.mkdtemp(prefix="understudy-bench-")
    os.chmod(work, 0o755)
    started = []
    try:
        u_port, n_port = free_port(), free_port()
        understudy = subprocess.Popen([BINARY, "serve", "--host", "127.0.0.1", "--port", str(u_port), "--scenarios", os.path.join(ROOT, "scenarios")],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        started.append(understudy)
        u_base = f"http://127.0.0.1:{u_port}"
        wait_for(u_base + "/__admin/health")
        j_port = free_port()
        no_journal = subprocess.Popen([BINARY, "serve", "--host", "127.0.0.1", "--port", str(j_port), "--journal-size", "0",
                                       "--scenarios", os.path.join(ROOT, "scenarios")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        started.append(no_journal)
        j_base = f"http://127.0.0.1:{j_port}"
        wait_for(j_base + "/__admin/health")

        # nginx serves the bytes Understudy returned for each URL (same length: both ports have 5 digits or the same count).
        locations = []
        for index, (_, path) in enumerate(CASES):
            body = wait_for(u_base + path)
            file = os.path.join(work, f"body-{index}.json")
            with open(file, "wb") as f:
                f.write(body)
            os.chmod(file, 0o644)
            # Route through an internal name without a trailing slash, so nginx serves a file, not an index.
            route, _, query = path.partition("?")
            condition = f'if ($args = "{query}") {{ rewrite ^ /_body{index} last; }}' if query else f"rewrite ^ /_body{index} last;"
            locations.append(f"location = {route} {{ {condition} }}\n        location = /_body{index} {{ internal; alias {file}; }}")
        conf = os.path.join(work, "nginx.conf")
        with open(conf, "w") as f:
            f.write(f"""worker_processes 2;
pid {work}/nginx.pid;
error_log {work}/error.log warn;
daemon off;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    sendfile off;
    keepalive_requests 1000000;
    keepalive_timeout 60s;
    open_file_cache max=64;
    default_type application/json;
    client_body_temp_path {work}; proxy_temp_path {work}; fastcgi_temp_path {work}; uwsgi_temp_path {work}; scgi_temp_path {work};
    server {{
        listen 127.0.0.1:{n_port};
        {(chr(10) + '        ').join(locations)}
    }}
}}
""")
        nginx = subprocess.Popen([nginx_bin, "-p", work, "-c", conf], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        started.append(nginx)
        n_base = f"http://127.0.0.1:{n_port}"
        for _, path in CASES:
            a, b = wait_for(u_base + path), wait_for(n_base + path)
            if len(a) != len(b):
                print(f"  note: {path}: {len(a)} vs {len(b)} bytes (ports differ in length)", file=sys.stderr)

        servers = {
            "understudy": (u_base, lambda: [understudy.pid]),
            "nginx": (n_base, lambda: [nginx.pid] + child_pids(nginx.pid)),
            "understudy, journal off": (j_base, lambda: [no_journal.pid]),
        }
        idle = {name: rss_kb(pids()) for name, (_, pids) in servers.items()}
        # Each comparison: label, path, server A, server B (A B, B A, … alternating).
        comparisons = [(label, path, "understudy", "nginx") for label, path in CASES]
        comparisons.append(("journal on vs off", "/swapi/api/people/1/", "understudy", "understudy, journal off"))
        results = {}
        for label, path, a, b in comparisons:
            for name in (a, b):
                run_wrk(servers[name][0] + path, argparse.Namespace(**{**vars(args), "duration": 1}))  # warm-up
            for round in range(args.rounds):
                for name in ((a, b) if round % 2 == 0 else (b, a)):
                    base, pids = servers[name]
                    rps, p50, p99 = run_wrk(base + path, args)
                    results.setdefault((label, name), []).append((rps, p50, p99, rss_kb(pids())))
                    print(f"  {label:36} {name:24} round {round + 1}: {rps:10.0f} req/s  p50 {p50:.2f} ms  p99 {p99:.2f} ms", file=sys.stderr)

        rows = []
        for label, path, a, b in comparisons:
            med = {name: [statistics.median(r[i] for r in results[(label, name)]) for i in range(4)] for name in (a, b)}
            u, n = med[a], med[b]
            rows.append(f"| {label} `{path}` | {a} / {b} | {u[0]:,.0f} | {n[0]:,.0f} | **{u[0] / n[0]:.2f}×** | {u[1]:.2f} / {u[2]:.2f} | {n[1]:.2f} / {n[2]:.2f} | {u[3] / 1024:.1f} / {n[3] / 1024:.1f} |")
        cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.processor())
        table = "\n".join([
            "| case | A / B | A req/s | B req/s | ratio A/B | A p50 / p99 ms | B p50 / p99 ms | RSS MB under load (A / B) |",
            "|---|---|---|---|---|---|---|---|",
            *rows,
        ])
        report = f"""# Benchmarks

Run {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M UTC} on {os.cpu_count()} cores ({cpu}), {platform.system()} {platform.release()}.
Command: `make bench` (= `scripts/bench.py --rounds {args.rounds} --duration {args.duration} --connections {args.connections} --threads {args.threads}`).
Each cell is the median of {args.rounds} rounds of `wrk -t{args.threads} -c{args.connections} -d{args.duration}s --latency`, the two servers
alternating (A B, B A, …) after a 1 s warm-up each. nginx {subprocess.run([nginx_bin, '-v'], capture_output=True, text=True).stderr.strip().split('/')[-1]}
serves the exact bytes Understudy returned for the same URL (2 workers, access log off, keep-alive, sendfile off). Understudy is the
release build with its defaults: full routing, scenario lookup, the access log at its default level (info, to /dev/null).

{table}

Idle RSS before the runs: Understudy {idle['understudy'] / 1024:.1f} MB, nginx {idle['nginx'] / 1024:.1f} MB (master + workers).
The machine is shared and noisy: expect ±10% between runs.
"""
        print(table)
        with open(args.output, "w") as f:
            f.write(report)
        print(f"\nwrote {os.path.relpath(args.output, ROOT)}", file=sys.stderr)
    finally:
        for process in started:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

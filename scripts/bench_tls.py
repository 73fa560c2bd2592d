#!/usr/bin/env python3
"""`make bench`'s TLS rows (issue 29): Understudy over https against nginx over https, on the same bytes and the same
certificate.

An Understudy started with `--tls` (its development CA and leaf made in the bench's temporary folder) and nginx with
that leaf and key (TLS 1.2 and 1.3, no session cache or tickets, so neither resumes a handshake) serve the bytes
Understudy returned over https. They take turns under wrk within each round, the order rotating, as bench.py's cases:
- keep-alive requests: target ≥ 0.8× nginx's rate (the issue's bound);
- a new TLS connection per request (`Connection: close`): measured against nginx, no target.

bench.py calls `measure` and prints its rows in its table. Alone, for a short check without the rest of the bench:
  scripts/bench_tls.py [--binary .build/release/understudy] [--rounds 6] [--duration 1]
"""
import os
import shutil
import ssl
import subprocess
import sys
import urllib.request

PATHS = ["/catfact/facts", "/swapi/api/people/1/"]


def nginx_tls_conf(work, port, tls, locations):
    return f"""worker_processes 2;
pid {work}/nginx-tls-{port}.pid;
error_log {work}/error-tls-{port}.log warn;
daemon off;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    keepalive_requests 1000000;
    keepalive_timeout 60s;
    client_body_temp_path {work}; proxy_temp_path {work}; fastcgi_temp_path {work}; uwsgi_temp_path {work}; scgi_temp_path {work};
    server {{
        listen 127.0.0.1:{port} ssl;
        ssl_certificate {tls}/leaf.pem;
        ssl_certificate_key {tls}/leaf-key.pem;
        ssl_protocols TLSv1.2 TLSv1.3;
        ssl_session_cache off;
        ssl_session_tickets off;
        {(chr(10) + '        ').join(locations)}
    }}
}}
"""


def measure(bench, args, binary, work, started, rounds, duration):
    """Starts Understudy with --tls and nginx with its leaf, runs every case, and returns bench.py's table rows."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    tls = os.path.join(work, "tls")
    port, n_port = bench.free_port(), bench.free_port()
    started.append(subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--tls", "--tls-dir", tls,
                                     "--scenarios", os.path.join(root, "scenarios")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    bench.wait_for(f"http://127.0.0.1:{port}/__admin/health")
    trust = ssl.create_default_context(cafile=os.path.join(tls, "ca.pem"))
    locations = []
    for index, path in enumerate(PATHS):
        # The bytes Understudy answers over https (its links say https://localhost:PORT), served by nginx as they are.
        request = urllib.request.Request(f"https://localhost:{port}{path}", headers={"Host": f"localhost:{port}"})
        with urllib.request.urlopen(request, context=trust) as response:
            body, content_type = response.read(), response.headers["Content-Type"]
        file = os.path.join(work, f"tls-body{index}")
        with open(file, "wb") as out:
            out.write(body)
        os.chmod(file, 0o644)
        # Through an internal name without a trailing slash, so nginx serves a file, not an index (as bench.py does).
        locations.append(f"location = {path} {{ rewrite ^ /_tls{index} last; }}\n        "
                         f'location = /_tls{index} {{ internal; types {{ }} default_type "{content_type}"; alias {file}; }}')
    conf = os.path.join(work, "nginx-tls.conf")
    with open(conf, "w") as out:
        out.write(nginx_tls_conf(work, n_port, tls, locations))
    nginx_bin = shutil.which("nginx") or "/usr/sbin/nginx"
    started.append(subprocess.Popen([nginx_bin, "-p", work, "-c", conf], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    bases = {"understudy": f"https://localhost:{port}", "nginx": f"https://localhost:{n_port}"}
    for _ in range(200):
        try:
            urllib.request.urlopen(bases["nginx"] + PATHS[0], context=trust).read()
            break
        except OSError:
            import time
            time.sleep(0.05)
    close = os.path.join(work, "close.lua")
    with open(close, "w") as out:
        out.write('wrk.headers["Connection"] = "close"\n')
    rows = []
    for path in PATHS:
        for label, script, goal in [("https keep-alive", None, 0.8), ("https, a new TLS connection per request", close, None)]:
            results = {name: [] for name in bases}
            for name, base in bases.items():
                bench.run_wrk(base + path, args, script=script, duration=1)  # warm-up
            names = list(bases)
            for round in range(rounds):
                for name in names[round % 2:] + names[:round % 2]:
                    rps, p50, p99, _, _ = bench.run_wrk(bases[name] + path, args, script=script, duration=duration)
                    results[name].append((rps, p50, p99))
                    print(f"  {label:42} {name:10} round {round + 1}: {rps:10.0f} req/s  p50 {p50:.2f} ms  p99 {p99:.2f} ms", file=sys.stderr)
            ratio = bench.paired_ratio(results["understudy"], results["nginx"])
            target = f"≥ {goal}× nginx" if goal else "(measured)"
            status = ("met" if ratio[0] >= goal else "**missed**") if goal else ""
            a, b = bench.medians(results["understudy"]), bench.medians(results["nginx"])
            rows.append(bench.table_row(f"{label} `{path}`", "understudy / nginx", a, b, ratio, target, status))
    return rows


def main():
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import bench
    bench.run_alone(measure, "tls")


if __name__ == "__main__":
    main()

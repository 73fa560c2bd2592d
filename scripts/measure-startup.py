#!/usr/bin/env python3
"""Start `understudy serve` N times; print the median time from spawn to the first 200 on
/__admin/health and the RSS once an artic list has been served. Usage:
    scripts/measure-startup.py BINARY SCENARIOS_DIR [RUNS]"""
import os, socket, statistics, subprocess, sys, time

def get(port, path):
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := s.recv(65536): data += chunk
    return data

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0)); return s.getsockname()[1]

def rss_kb(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS"): return int(line.split()[1])

binary, scenarios = sys.argv[1], sys.argv[2]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 15
starts, idle, served = [], [], []
for _ in range(runs):
    port = free_port()
    t0 = time.perf_counter()
    proc = subprocess.Popen([binary, "serve", "--port", str(port), "--scenarios", scenarios, "--log-level", "warning"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while True:
        try:
            if b" 200 " in get(port, "/__admin/health").split(b"\r\n")[0]: break
        except OSError: pass
        time.sleep(0.0005)
    starts.append((time.perf_counter() - t0) * 1000)
    time.sleep(0.3)
    idle.append(rss_kb(proc.pid))
    get(port, "/artic/api/v1/artworks/search?q=cats"); get(port, "/catfact/breeds?page=10")
    time.sleep(0.3)
    served.append(rss_kb(proc.pid))
    proc.terminate(); proc.wait()
print(f"start to first 200: median {statistics.median(starts):.1f} ms (min {min(starts):.1f}, max {max(starts):.1f}; {runs} starts)")
print(f"RSS idle: median {statistics.median(idle)/1024:.1f} MB; after an artic search: {statistics.median(served)/1024:.1f} MB")

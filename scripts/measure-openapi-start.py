#!/usr/bin/env python3
"""How long `understudy serve --openapi NAME=FILE` takes from spawn to the first 200 on one of the document's operations.
Usage: RUNS=7 scripts/measure-openapi-start.py BINARY NAME=FILE METHOD PATH [serve flags…]
(the helper gate is looked for beside BINARY, or at UNDERSTUDY_OPENAPI_GATE). Prints the median, least and most."""
import socket, subprocess, sys, time, os, statistics
binary, mount, method, path = sys.argv[1:5]; extra = sys.argv[5:]
def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p
def req(port):
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        body = b"{}" if method == "POST" else b""
        s.sendall(f"{method} {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode() + body)
        d = b""
        while c := s.recv(65536): d += c
    return d.split(b"\r\n")[0]
times = []
for _ in range(int(os.environ.get("RUNS", "5"))):
    port = free_port()
    t0 = time.perf_counter()
    p = subprocess.Popen([binary, "serve", "--port", str(port), "--openapi", mount, "--log-level", "warning"] + extra, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    while True:
        try:
            line = req(port); break
        except OSError:
            if p.poll() is not None: print("exited", p.stderr.read()[-500:]); sys.exit(1)
            time.sleep(0.002)
    times.append(time.perf_counter() - t0)
    p.terminate(); p.wait()
print(f"{line.decode()}: first answer min {min(times):.3f} median {statistics.median(times):.3f} max {max(times):.3f} s over {len(times)}")

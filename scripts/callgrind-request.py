#!/usr/bin/env python3
"""Instructions per request on the request path, counted by callgrind.

Runs `understudy serve` under `valgrind --tool=callgrind` twice, sends N1 and
then N2 identical keep-alive requests on one connection, and reports
(I(N2) - I(N1)) / (N2 - N1): start-up, loading and shutdown cancel out, and
callgrind counts instructions, not seconds, so the figure is repeatable on a
busy machine. Compare two binaries by running this once for each.

Usage: scripts/callgrind-request.py [--binary .build/release/understudy] [PATH ...]
"""
import argparse, os, re, socket, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(binary, path, count):
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "callgrind.out")
        server = subprocess.Popen(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary, "serve", "--port", "0",
             "--scenarios", os.path.join(ROOT, "scenarios"), "--threads", "1"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = server.stdout.readline()
        port = int(re.search(r":(\d+)\s*$", line).group(1))
        request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.settimeout(30)
            buffer = b""
            for _ in range(count):
                s.sendall(request)
                # Read one response: headers, then Content-Length bytes.
                while b"\r\n\r\n" not in buffer:
                    buffer += s.recv(65536)
                head, _, buffer = buffer.partition(b"\r\n\r\n")
                length = int(re.search(rb"Content-Length: (\d+)", head, re.I).group(1))
                while len(buffer) < length:
                    buffer += s.recv(65536)
                buffer = buffer[length:]
        time.sleep(0.3)
        server.terminate()
        server.wait(timeout=60)
        with open(out) as f:
            for text in f:
                if text.startswith("summary:") or text.startswith("totals:"):
                    return int(text.split()[1])
    raise SystemExit("callgrind wrote no totals")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "understudy"))
    parser.add_argument("--small", type=int, default=500)
    parser.add_argument("--large", type=int, default=3500)
    parser.add_argument("paths", nargs="*", default=["/catfact/facts", "/swapi/api/people/1/"])
    args = parser.parse_args()
    for path in args.paths:
        small = run(args.binary, path, args.small)
        large = run(args.binary, path, args.large)
        print(f"{path}: {(large - small) / (args.large - args.small):,.0f} instructions per request")


if __name__ == "__main__":
    sys.exit(main())

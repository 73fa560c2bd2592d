#!/usr/bin/env python3
"""Instructions per request on the request path, counted by callgrind.

Runs `understudy serve` under `valgrind --tool=callgrind` twice, sends N1 and
then N2 identical keep-alive requests on one connection, and reports
(I(N2) - I(N1)) / (N2 - N1): start-up, loading and shutdown cancel out, and
callgrind counts instructions, not seconds, so the figure is repeatable on a
busy machine. Compare two binaries by running this once for each.

--redis runs the server with `--redis` to a redis-server started here (no persistence), and --session ID
sends `X-Understudy-Session: ID` on every request, the session set to `happy` first (so with --redis it is
one this replica holds: the common path). With --redis the watcher's threads read Redis every 250 ms,
work that follows the run's time, not its requests: the busiest thread's count (the worker's, with
`--threads 1`) is reported beside the whole process's.

Usage: scripts/callgrind-request.py [--binary .build/release/understudy] [--scenarios DIR] [--redis] [--session ID] [PATH ...]
"""
import argparse, glob, http.client, json, os, re, shutil, socket, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def start_redis(work):
    """redis-server on a free loopback port, in WORK, no persistence; the process and its port once it answers PING."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([shutil.which("redis-server") or "/usr/bin/redis-server", "--port", str(port), "--bind", "127.0.0.1",
                               "--dir", work, "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(500):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return server, port
        except OSError:
            time.sleep(0.02)
    raise SystemExit("redis-server did not answer")


def totals(path):
    with open(path) as f:
        for text in f:
            if text.startswith("summary:") or text.startswith("totals:"):
                return int(text.split()[1])
    raise SystemExit(f"callgrind wrote no totals in {path}")


def run(binary, path, count, redis=False, session=None, scenarios=os.path.join(ROOT, "scenarios")):
    """The whole process's instructions and its busiest thread's."""
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "callgrind.out")
        extra, redis_server = [], None
        if redis:
            redis_server, redis_port = start_redis(work)
            extra = ["--redis", f"redis://127.0.0.1:{redis_port}/0"]
        server = subprocess.Popen(
            ["valgrind", "--tool=callgrind", "--separate-threads=yes", f"--callgrind-out-file={out}", binary, "serve", "--port", "0",
             "--scenarios", scenarios, "--threads", "1", *extra],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = server.stdout.readline()
        port = int(re.search(r":(\d+)\s*$", line).group(1))
        header = ""
        if session:
            header = f"X-Understudy-Session: {session}\r\n"
            admin = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            admin.request("PUT", f"/__admin/sessions/{session}/scenario", body=json.dumps({"name": "happy"}),
                          headers={"Content-Type": "application/json", "X-Understudy-Session": session})
            status = admin.getresponse().status
            admin.close()
            if status != 200:
                raise SystemExit(f"PUT the session's scenario: {status}")
        request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{header}\r\n".encode()
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
        if redis_server:
            redis_server.terminate()
            redis_server.wait(timeout=10)
        # One file per thread (callgrind.out-01, -02, …); callgrind.out itself stays empty.
        threads = [totals(path) for path in glob.glob(out + "-*")]
        return sum(threads), max(threads)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "understudy"))
    parser.add_argument("--small", type=int, default=500)
    parser.add_argument("--large", type=int, default=3500)
    parser.add_argument("--redis", action="store_true", help="serve with --redis to a redis-server started here")
    parser.add_argument("--session", help="send X-Understudy-Session with this id (its scenario set to happy first)")
    parser.add_argument("--scenarios", default=os.path.join(ROOT, "scenarios"),
                        help="the scenarios folder (an older build's own, when it cannot read today's)")
    parser.add_argument("paths", nargs="*", default=["/catfact/facts", "/swapi/api/people/1/"])
    args = parser.parse_args()
    for path in args.paths:
        small = run(args.binary, path, args.small, args.redis, args.session, args.scenarios)
        large = run(args.binary, path, args.large, args.redis, args.session, args.scenarios)
        per = [(b - a) / (args.large - args.small) for a, b in zip(small, large)]
        print(f"{path}: {per[0]:,.0f} instructions per request ({per[1]:,.0f} on the busiest thread)")


if __name__ == "__main__":
    sys.exit(main())

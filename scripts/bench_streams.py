#!/usr/bin/env python3
"""`make bench`'s stream row (issue 39): 2,000 open server-sent event streams on one server.

One `understudy serve` (its default threads) serves the bundled ticker (`custom-routes`' `/myapp/ticker`: an
event every 1000 ms, round and round) to COUNT clients at once, each on its own connection, read with epoll. For
each client the gap between two events is measured; an event's lateness is its gap less the 1000 ms it should be
(each gap counts from the previous event, as the server schedules them). Reported: the lateness's median, p99 and
worst, the server's peak threads, and its resident memory with the streams open against before them.
Targets: p99 lateness ≤ 50 ms; threads ≤ 8; memory ≤ PER_STREAM_KB per open stream.

bench.py calls `measure` and prints its row in its table. Alone:
  scripts/bench_streams.py [--binary .build/release/understudy] [--count 2000] [--seconds 5]
"""
import argparse
import os
import re
import resource
import select
import socket
import subprocess
import sys
import time

EVERY_MS = 1000
# An open stream is a libmicrohttpd connection (its memory pool, a few KB touched of 32 KB) and its reply's pieces.
PER_STREAM_KB = 32


def status_kb(pid, field):
    with open(f"/proc/{pid}/status") as status:
        return int(next(line for line in status if line.startswith(field + ":")).split()[1])


def measure(binary, count=2000, seconds=5.0, scenarios="scenarios"):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, count * 2 + 256)), hard))
    server = subprocess.Popen([binary, "serve", "--port", "0", "--scenarios", scenarios, "--log-level", "warning",
                               "--connection-limit", str(count + 100)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        port = int(re.search(r":(\d+)\s*$", server.stdout.readline()).group(1))
        time.sleep(0.3)
        before = status_kb(server.pid, "VmRSS")
        request = (f"GET /myapp/ticker HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                   f"X-Understudy-Scenario: custom-routes\r\n\r\n").encode()
        poller = select.epoll()
        sockets, last, gaps, threads = {}, {}, [], 0
        for _ in range(count):
            s = socket.create_connection(("127.0.0.1", port))
            s.setblocking(False)
            s.sendall(request)
            sockets[s.fileno()] = s
            poller.register(s.fileno(), select.EPOLLIN)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for fd, _ in poller.poll(0.1):
                try:
                    data = sockets[fd].recv(65536)
                except BlockingIOError:
                    continue
                now = time.monotonic()
                events = data.count(b"\nid: ")
                if not events:
                    continue
                if fd in last:
                    gaps.append((now - last[fd]) * 1000 - EVERY_MS)
                last[fd] = now
            threads = max(threads, status_kb(server.pid, "Threads"))
        during = status_kb(server.pid, "VmRSS")
        for s in sockets.values():
            s.close()
        late = sorted(abs(g) for g in gaps)
        pick = lambda q: late[min(len(late) - 1, int(q * len(late)))] if late else float("nan")
        return {"streams": len(last), "count": count, "gaps": len(gaps), "p50": pick(0.5), "p99": pick(0.99),
                "worst": late[-1] if late else float("nan"), "threads": threads, "rss_before": before, "rss_during": during,
                "per_stream_kb": (during - before) / max(1, count)}
    finally:
        server.terminate()
        server.wait(timeout=10)


def row(result):
    ok = result["streams"] == result["count"] and result["p99"] <= 50 and result["threads"] <= 8 and result["per_stream_kb"] <= PER_STREAM_KB
    shown = (f"{result['streams']} of {result['count']} streams; lateness p50 {result['p50']:.1f} ms, p99 {result['p99']:.1f} ms, "
             f"worst {result['worst']:.1f} ms; {result['threads']} threads; {result['rss_before'] / 1024:.1f} → "
             f"{result['rss_during'] / 1024:.1f} MB ({result['per_stream_kb']:.1f} KB a stream)")
    return ok, shown


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/understudy")
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=5.0)
    arguments = parser.parse_args()
    result = measure(arguments.binary, arguments.count, arguments.seconds)
    ok, shown = row(result)
    print(("met: " if ok else "missed: ") + shown)
    sys.exit(0 if ok else 1)

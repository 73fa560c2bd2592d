#!/usr/bin/env python3
"""`make bench`'s WebSocket rows (issue 39).

Open sockets: one `understudy serve` (its default threads) serves a socket whose script sends a message every second
after the opening; COUNT clients open one each at once and read with epoll. For each client the gap between two
messages is measured; a message's lateness is its gap less the 1000 ms it should be. Reported: lateness median, p99
and worst, the server's peak threads, resident memory with the sockets open against before them.
Targets: p99 lateness ≤ 50 ms; threads ≤ 8; memory ≤ PER_SOCKET_KB per open socket.

Echo: CLIENTS clients each send ROUNDS messages one after the other on their own socket and wait for the echo, against
Understudy's `echo: true` and against an echo server written with Python's `websockets` (PyPI) on the same machine;
the same raw-socket client (stdlib) drives both. Reported: round trips a second each, and their ratio.

bench.py calls `measure_open`, `measure_echo` and prints their rows. Alone:
  scripts/bench_websockets.py [--binary .build/release/understudy] [--count 2000] [--seconds 6]
"""
import argparse
import os
import re
import resource
import select
import socket
import subprocess
import sys
import tempfile
import threading
import time

EVERY_MS = 1000
# An open socket: libmicrohttpd's connection (its pool, kept for the upgraded socket), the hub's peer and its reader.
PER_SOCKET_KB = 32
KEY = "dGhlIHNhbXBsZSBub25jZQ=="
SCENARIO = """description: make bench's WebSocket rows
routes:
  - path: /tick
    websocket:
      on_open: [%s]
  - path: /echo
    websocket:
      on_message: [{reply: [{echo: true}]}]
""" % ", ".join(f"{{text: tick, delay: {EVERY_MS * n}}}" for n in range(1, 31))


def status_kb(pid, field):
    with open(f"/proc/{pid}/status") as status:
        return int(next(line for line in status if line.startswith(field + ":")).split()[1])


def start(binary, folder, count):
    server = subprocess.Popen([binary, "serve", "--port", "0", "--scenarios", folder, "--scenario", "bench", "--log-level",
                               "warning", "--connection-limit", str(count * 2 + 100)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    port = int(re.search(r":(\d+)\s*$", server.stdout.readline()).group(1))
    return server, port


def handshake(port, path):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: {KEY}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(4096)
        if not chunk:
            raise OSError("closed during the handshake")
        head += chunk
    if not head.startswith(b"HTTP/1.1 101"):
        raise OSError(head[:80])
    return s, head.split(b"\r\n\r\n", 1)[1]


def measure_open(binary, count=2000, seconds=6.0):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, count * 2 + 256)), hard))
    folder = tempfile.mkdtemp(prefix="understudy-bench-ws-")
    with open(os.path.join(folder, "bench.yaml"), "w") as file:
        file.write(SCENARIO)
    server, port = start(binary, folder, count)
    try:
        time.sleep(0.3)
        before = status_kb(server.pid, "VmRSS")
        poller = select.epoll()
        sockets, last, gaps, threads = {}, {}, [], 0
        for _ in range(count):
            s, _ = handshake(port, "/tick")
            s.setblocking(False)
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
                if data.count(b"tick") == 0:
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
        return {"sockets": len(last), "count": count, "p50": pick(0.5), "p99": pick(0.99), "worst": late[-1] if late else float("nan"),
                "threads": threads, "rss_before": before, "rss_during": during, "per_socket_kb": (during - before) / max(1, count)}
    finally:
        server.terminate()
        server.wait(timeout=10)


def masked(payload):
    mask = os.urandom(4)
    header = bytes([0x81, 0x80 | len(payload)]) if len(payload) < 126 else bytes([0x81, 0xFE]) + len(payload).to_bytes(2, "big")
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def round_trips(port, path, clients, rounds, payload=b'{"type":"ping","n":1}'):
    """Round trips a second: `clients` threads, each sending `rounds` messages one after the other and reading each echo."""
    connections = [handshake(port, path)[0] for _ in range(clients)]
    frame = masked(payload)
    expected = 2 + len(payload)

    def run(s):
        for _ in range(rounds):
            s.sendall(frame)
            got = 0
            while got < expected:
                chunk = s.recv(65536)
                if not chunk:
                    raise OSError("closed")
                got += len(chunk)

    threads = [threading.Thread(target=run, args=(s,)) for s in connections]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    for s in connections:
        s.close()
    return clients * rounds / elapsed


PYTHON_ECHO = """
import asyncio, sys
from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed
async def echo(ws):
    try:
        async for message in ws:
            await ws.send(message)
    except ConnectionClosed:
        pass
async def main():
    async with serve(echo, "127.0.0.1", 0, compression=None) as server:
        print(server.sockets[0].getsockname()[1], flush=True)
        await asyncio.Future()
asyncio.run(main())
"""


def measure_echo(binary, python, clients=8, rounds=2000):
    folder = tempfile.mkdtemp(prefix="understudy-bench-ws-")
    with open(os.path.join(folder, "bench.yaml"), "w") as file:
        file.write(SCENARIO)
    server, port = start(binary, folder, clients)
    peer = subprocess.Popen([python, "-c", PYTHON_ECHO], stdout=subprocess.PIPE, text=True)
    try:
        peer_port = int(peer.stdout.readline())
        round_trips(port, "/echo", clients, rounds // 10)  # warm-up
        ours = round_trips(port, "/echo", clients, rounds)
        theirs = round_trips(peer_port, "/", clients, rounds)
        return {"ours": ours, "theirs": theirs, "ratio": ours / theirs, "clients": clients, "rounds": rounds}
    finally:
        server.terminate()
        peer.terminate()
        server.wait(timeout=10)
        peer.wait(timeout=10)


def open_row(result):
    ok = (result["sockets"] == result["count"] and result["p99"] <= 50 and result["threads"] <= 8
          and result["per_socket_kb"] <= PER_SOCKET_KB)
    shown = (f"{result['sockets']} of {result['count']} sockets; lateness p50 {result['p50']:.1f} ms, p99 {result['p99']:.1f} ms, "
             f"worst {result['worst']:.1f} ms; {result['threads']} threads; {result['rss_before'] / 1024:.1f} → "
             f"{result['rss_during'] / 1024:.1f} MB ({result['per_socket_kb']:.1f} KB a socket)")
    return ok, shown


def echo_row(result):
    shown = (f"{result['ours']:,.0f} round trips/s against {result['theirs']:,.0f} for Python's websockets "
             f"({result['ratio']:.2f}×; {result['clients']} clients × {result['rounds']} messages)")
    return result["ratio"] >= 1.0, shown


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/understudy")
    parser.add_argument("--python", default=".venv-websockets/bin/python")
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=6.0)
    arguments = parser.parse_args()
    ok, shown = open_row(measure_open(arguments.binary, arguments.count, arguments.seconds))
    print(("met: " if ok else "missed: ") + shown)
    echo_ok, echo_shown = echo_row(measure_echo(arguments.binary, arguments.python))
    print(("met: " if echo_ok else "missed: ") + echo_shown)
    sys.exit(0 if ok and echo_ok else 1)

#!/usr/bin/env python3
"""WebSockets from outside the Swift code: `understudy serve --tls` driven by Python's `websockets` (a strict RFC 6455
client from PyPI) over ws:// and wss:// on one port, the bundled /myapp/socket under its faults, a session's own
socket staged through the admin API, and the hostile cases (unmasked frames, a message past the bound, thousands of
sockets opening, clients that never read, SIGTERM with sockets open).

Usage: scripts/websockets-e2e.py BINARY   (scripts/websockets-e2e.sh makes the venv). Exit status 1 when anything
disagrees.
"""
import asyncio, json, os, re, resource, signal, socket, ssl, subprocess, sys, tempfile, time, urllib.request

import websockets
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, ConnectionClosedError, InvalidStatus

from e2e_support import check, rss_kb, start, summary

SOCKET = "/myapp/socket"
HELLO = '{"type":"hello","server":"understudy"}'
KEY = "dGhlIHNhbXBsZSBub25jZQ=="


def health(port):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/__admin/health", timeout=10) as answer:
            return json.loads(answer.read())
    except OSError as error:
        return {"error": repr(error)}


def scenario(name, session=None):
    headers = {"X-Understudy-Scenario": name}
    if session:
        headers["X-Understudy-Session"] = session
    return headers


async def conversation(url, ssl_context=None):
    async with connect(url, additional_headers=scenario("custom-routes"), ssl=ssl_context) as ws:
        hello = await ws.recv()
        await ws.send('{"type":"ping"}')
        pong = await ws.recv()
        await ws.send('{"type":"subscribe","symbol":"UST"}')
        quotes = [json.loads(await ws.recv()) for _ in range(2)]
        await ws.send(b"\x00\x01\xff")
        echoed = await ws.recv()
        latency = await ws.ping()
        await asyncio.wait_for(latency, 5)
    return hello, pong, quotes, echoed, ws.close_code


async def faults(base):
    results = {}
    for name in ["connection-reset", "truncated-body"]:
        received, error = [], None
        try:
            async with connect(base + SOCKET, additional_headers=scenario(name)) as ws:
                received.append(await ws.recv())
                await ws.send('{"type":"ping"}')
                while True:
                    received.append(await ws.recv())
        except ConnectionClosed as closed:
            error = closed
        results[name] = (received, error)
    try:
        async with connect(base + SOCKET, additional_headers=scenario("server-error")):
            results["server-error"] = None
    except InvalidStatus as refused:
        results["server-error"] = refused.response.status_code
    try:
        async with connect(base + SOCKET, additional_headers=scenario("timeout"), open_timeout=1):
            results["timeout"] = "opened"
    except TimeoutError:
        results["timeout"] = "no answer"
    return results


async def session_socket(port, base):
    """A test's own socket, staged on its session through the admin API: closes with 1011 after the second message."""
    route = {"path": "/myapi/live", "websocket": {
        "on_open": [{"json": {"type": "welcome"}}],
        "on_message": [{"match": {"json": {"type": "order"}}, "reply": [{"json": {"type": "accepted"}}]}],
        "close": {"after": 300, "code": 1011, "reason": "upstream failed"}}}
    request = urllib.request.Request(f"http://127.0.0.1:{port}/__admin/sessions/ws-e2e/routes", method="POST",
                                     data=json.dumps({"routes": [route]}).encode(), headers={"Content-Type": "application/json"})
    staged = urllib.request.urlopen(request, timeout=10).status
    messages, code, reason = [], None, None
    try:
        async with connect(base + "/myapi/live", additional_headers={"X-Understudy-Session": "ws-e2e"}) as ws:
            messages.append(await ws.recv())
            await ws.send('{"type":"order","id":7}')
            messages.append(await ws.recv())
            await ws.recv()
    except ConnectionClosed as closed:
        code, reason = closed.rcvd.code if closed.rcvd else None, closed.rcvd.reason if closed.rcvd else None
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/__admin/requests?session=ws-e2e", timeout=10) as answer:
        journal = json.loads(answer.read())["requests"]
    sent = [entry["body"] for entry in journal if entry["method"] == "WS"]
    return staged, messages, code, reason, sent


def raw_handshake(port):
    s = socket.create_connection(("127.0.0.1", port))
    s.settimeout(5)
    s.sendall(("GET " + SOCKET + " HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: {KEY}\r\nSec-WebSocket-Version: 13\r\nX-Understudy-Scenario: custom-routes\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(4096)
        if not chunk:
            break
        head += chunk
    return s, head


def close_code_after(s):
    """Reads frames until a close frame; its code, or None."""
    data = b""
    deadline = time.time() + 5
    while time.time() < deadline:
        try:
            chunk = s.recv(65536)
        except OSError:
            return None
        if not chunk:
            break
        data += chunk
        while len(data) >= 2:
            length = data[1] & 0x7F
            if len(data) < 2 + length:
                break
            if data[0] & 0x0F == 0x8:
                return int.from_bytes(data[2:4], "big")
            data = data[2 + length:]
    return None


async def many_sockets(port, count, meanwhile):
    """Opens `count` sockets at once, calls `meanwhile(counts)` with how many got 101, 503 or were refused while they
    are open, then closes them all with a reset."""
    async def one():
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(("GET " + SOCKET + " HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                          f"Sec-WebSocket-Key: {KEY}\r\nSec-WebSocket-Version: 13\r\n"
                          "X-Understudy-Scenario: custom-routes\r\n\r\n").encode())
            await writer.drain()
            line = await asyncio.wait_for(reader.readline(), 20)
            return line.split(b" ")[1].decode() if line.startswith(b"HTTP/1.1 ") else "closed", writer
        except (OSError, asyncio.TimeoutError, IndexError):
            return "refused", None
    results = await asyncio.gather(*[one() for _ in range(count)])
    counts = {}
    for status, _ in results:
        counts[status] = counts.get(status, 0) + 1
    meanwhile(counts)
    for _, writer in results:
        if writer:
            writer.transport.abort()
    await asyncio.sleep(0.1)


def main(binary):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 20000), hard))
    folder = tempfile.mkdtemp(prefix="understudy-ws-")
    server, _, port = start(binary, "--tls", "--tls-dir", folder, "--max-delay", "3000")
    base = f"ws://127.0.0.1:{port}"
    try:
        hello, pong, quotes, echoed, code = asyncio.run(conversation(base + SOCKET))
        check(hello == HELLO and pong == '{"type":"pong"}' and [q["price"] for q in quotes] == [101.25, 101.5]
              and echoed == b"\x00\x01\xff" and code == 1000,
              f"ws://: hello, pong, two quotes, binary echoed, a ping answered, closed 1000 ({hello}, {pong}, {echoed!r}, {code})")
        context = ssl.create_default_context(cafile=os.path.join(folder, "ca.pem"))
        hello, pong, quotes, echoed, code = asyncio.run(conversation(f"wss://localhost:{port}" + SOCKET, context))
        check(hello == HELLO and pong == '{"type":"pong"}' and echoed == b"\x00\x01\xff" and code == 1000,
              f"wss:// on the same port, the CA trusted: the same conversation ({code})")

        results = asyncio.run(faults(base))
        for name in ["connection-reset", "truncated-body"]:
            received, error = results[name]
            check(received == [HELLO, '{"type":"pong"}'] and isinstance(error, ConnectionClosedError) and error.rcvd is None,
                  f"{name}: 2 messages, then the connection ends with no close frame ({received}, {error!r})")
        check(results["server-error"] == 500, f"server-error: the handshake gets 500 ({results['server-error']})")
        check(results["timeout"] == "no answer", f"timeout: no answer to the handshake ({results['timeout']})")

        staged, messages, code, reason, sent = asyncio.run(session_socket(port, base))
        check(staged == 200 and messages == ['{"type":"welcome"}', '{"type":"accepted"}'] and code == 1011 and reason == "upstream failed",
              f"a session's socket: welcome, accepted, then close 1011 'upstream failed' ({messages}, {code}, {reason})")
        check(sent == ['{"type":"order","id":7}'], f"what the app sent is in the session's journal ({sent})")

        # Hostile: an unmasked client frame is a protocol error (1002); a 2 MiB message is past the bound (1009).
        s, head = raw_handshake(port)
        s.sendall(b"\x81\x02hi")
        check(head.startswith(b"HTTP/1.1 101") and close_code_after(s) == 1002, "an unmasked frame is closed with 1002")
        s.close()
        s, head = raw_handshake(port)
        s.sendall(b"\x82\xff" + (2 << 20).to_bytes(8, "big") + b"\x01\x02\x03\x04")
        check(close_code_after(s) == 1009, "a 2 MiB message is closed with 1009 before its payload is read")
        s.close()

        # SIGTERM with sockets open: each client gets close 1001, the server exits 0.
        async def going_away():
            async with connect(base + SOCKET, additional_headers=scenario("custom-routes")) as ws:
                await ws.recv()
                server.send_signal(signal.SIGTERM)
                try:
                    await asyncio.wait_for(ws.recv(), 10)
                except ConnectionClosed as closed:
                    return closed.rcvd.code if closed.rcvd else None
        code = asyncio.run(going_away())
        exit_code = server.wait(timeout=15)
        check(code == 1001 and exit_code == 0, f"SIGTERM closes an open socket with 1001 ({code}) and exits {exit_code}")
    finally:
        if server.poll() is None:
            server.kill()

    # The storms on a plain server: with --tls the accept loop hands sockets past libmicrohttpd's connection limit
    # to it, and a storm of 10,000 leaves some unanswered (a known problem of the --tls path, docs/websockets.md).
    server, _, port = start(binary)
    base = f"ws://127.0.0.1:{port}"
    try:
        # Hostile: 10,000 sockets opening at once. Past the bound (three quarters of the connection limit) a clear
        # refusal; the server answers HTTP meanwhile; memory stays bounded.
        before = rss_kb(server.pid)

        def meanwhile(counts):
            open_now = health(port).get("open_web_sockets", 0)
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/catfact/fact", timeout=10) as answer:
                    fact = answer.status
            except OSError as error:
                fact = repr(error)
            grown = rss_kb(server.pid) - before
            check(counts.get("101", 0) > 1000 and counts.get("101", 0) <= 4096 and fact == 200 and grown < 512 * 1024,
                  f"10,000 sockets opening: {counts}, {open_now} open, HTTP still answered ({fact}), resident memory grew {grown} KB")
        asyncio.run(many_sockets(port, 10000, meanwhile))
        deadline = time.time() + 10
        while time.time() < deadline and health(port).get("open_web_sockets", 0) > 0:
            time.sleep(0.1)
        check(health(port).get("open_web_sockets", 0) == 0, "every socket given back once their clients left")

        # Hostile: 200 clients send 64 KiB messages to the echo and never read. Each is dropped at its bound; memory
        # stays bounded; others are served.
        before = rss_kb(server.pid)
        sockets = []
        for _ in range(200):
            s, _ = raw_handshake(port)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.setblocking(False)
            sockets.append(s)
        payload = os.urandom(60000)
        frame = b"\x82\xfe" + len(payload).to_bytes(2, "big") + b"\x00\x00\x00\x00" + payload
        for _ in range(60):
            for s in sockets:
                try:
                    s.send(frame)
                except OSError:
                    pass
        time.sleep(2)
        grown = rss_kb(server.pid) - before
        hello, pong, _, _, _ = asyncio.run(conversation(base + SOCKET))
        check(hello == HELLO and grown < 600 * 1024, f"200 clients that never read: resident memory grew {grown} KB, others served")
        for s in sockets:
            s.close()
    finally:
        if server.poll() is None:
            server.kill()
    return summary("websockets-e2e")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))

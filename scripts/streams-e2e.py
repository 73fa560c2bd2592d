#!/usr/bin/env python3
"""Server-sent events from outside the Swift code: `understudy serve` read by httpx-sse (a PyPI SSE client), the
bundled streams under their faults, resumption with Last-Event-ID, and the hostile cases (a 10 MB Last-Event-ID,
clients that never read, SIGTERM with streams open).

Usage: scripts/streams-e2e.py BINARY   (scripts/streams-e2e.sh makes the venv). Exit status 1 when anything disagrees.
"""
import json, os, re, signal, socket, subprocess, sys, time

import httpx
from httpx_sse import connect_sse

from e2e_support import check, rss_kb, start, summary


def read(client, method, url, headers):
    """The events a client read, and the exception that ended the stream (None: a clean end)."""
    events, error = [], None
    try:
        with connect_sse(client, method, url, headers=headers) as source:
            for event in source.iter_sse():
                events.append(event)
    except (httpx.HTTPError, httpx.StreamError) as caught:
        error = caught
    return events, error


def main(binary):
    server, base, port = start(binary, "--max-delay", "3000")
    chat = base + "/myapp/v1/chat/completions"
    try:
        with httpx.Client(timeout=10) as client:
            events, error = read(client, "POST", chat, {"X-Understudy-Scenario": "custom-routes"})
            chunks = [json.loads(e.data) for e in events[:-1]]
            check(error is None and [e.data for e in events][-1:] == ["[DONE]"] and len(chunks) == 3
                  and all(c["object"] == "chat.completion.chunk" for c in chunks),
                  f"the chat stream: 3 chunks then [DONE] ({len(events)} events, {error!r})")
            for scenario, kind in [("connection-reset", "reset"), ("truncated-body", "cut")]:
                events, error = read(client, "POST", chat, {"X-Understudy-Scenario": scenario})
                check(len(events) == 2 and error is not None, f"{scenario}: 2 events, then {type(error).__name__} ({kind})")
            events, error = read(client, "POST", chat, {"X-Understudy-Scenario": "malformed-json"})
            parsed = []
            for event in events[:3]:
                try:
                    json.loads(event.data)
                    parsed.append(True)
                except ValueError:
                    parsed.append(False)
            check(error is None and parsed == [True, True, False], f"malformed-json: the third event's JSON is cut ({parsed})")
        with httpx.Client(timeout=httpx.Timeout(10, read=1.0)) as client:
            events, error = read(client, "POST", chat, {"X-Understudy-Scenario": "timeout"})
            check(len(events) == 2 and isinstance(error, httpx.ReadTimeout), f"timeout: 2 events then silence ({error!r})")
        with httpx.Client(timeout=10) as client:
            ids = []
            with connect_sse(client, "GET", base + "/myapp/ticker",
                             headers={"X-Understudy-Scenario": "custom-routes", "Last-Event-ID": "2"}) as source:
                for event in source.iter_sse():
                    ids.append(event.id)
                    if len(ids) == 2:
                        break
            check(ids == ["3", "1"], f"the ticker resumes after Last-Event-ID 2: {ids}")

        # A held stream's heartbeats and a comment are no events, even for a client that dispatches a blank line
        # after an id (httpx-sse does): a session's route, staged through the admin API as a test would.
        route = {"path": "/myapi/held", "stream": {"heartbeat": 100, "then": "hold",
                                                  "events": [{"id": "1", "data": "x"}, {"comment": "between"}, {"id": "2", "data": "y"}]}}
        staged = httpx.post(base + "/__admin/sessions/held/routes", json={"routes": [route]})
        with httpx.Client(timeout=httpx.Timeout(10, read=1.0)) as client:
            events, error = read(client, "GET", base + "/myapi/held", {"X-Understudy-Session": "held"})
        # The heartbeats keep the 1 s read timeout from firing; the hold ends cleanly at --max-delay (3 s here).
        check(staged.status_code == 200 and [e.data for e in events] == ["x", "y"] and error is None,
              f"heartbeats and comments are no events, and the hold ends at --max-delay: {[e.data for e in events]} ({error!r})")

        # Hostile: a 10 MB Last-Event-ID gets a clear refusal; the server answers the next request.
        big = socket.create_connection(("127.0.0.1", port))
        big.settimeout(10)
        try:
            big.sendall(b"GET /myapp/ticker HTTP/1.1\r\nHost: x\r\nLast-Event-ID: ")
            chunk = b"9" * 65536
            for _ in range(160):
                big.sendall(chunk)
        except OSError:
            pass  # the server may close as soon as the header passes its bound
        answer = b""
        try:
            answer = big.recv(200)
        except OSError:
            pass
        big.close()
        status = answer.split(b" ")[1].decode() if answer.startswith(b"HTTP/1.1 ") else "closed"
        check(status.startswith("4") or status == "closed", f"a 10 MB Last-Event-ID: {status}")
        check(httpx.get(base + "/__admin/health").status_code == 200, "the server answers after it")

        # Hostile: 300 clients open a stream and never read. Memory stays bounded (each holds its socket buffers and
        # libmicrohttpd's block, not the stream), and the server answers others meanwhile.
        before = rss_kb(server.pid)
        sockets = []
        for _ in range(300):
            s = socket.create_connection(("127.0.0.1", port))
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.sendall(b"GET /myapp/ticker HTTP/1.1\r\nHost: x\r\nX-Understudy-Scenario: custom-routes\r\n\r\n")
            sockets.append(s)
        time.sleep(2.5)
        grown = rss_kb(server.pid) - before
        ok = httpx.get(base + "/catfact/fact").status_code == 200
        check(ok and grown < 64 * 1024, f"300 streams nobody reads: resident memory grew {grown} KB, others answered: {ok}")
        for s in sockets:
            s.close()

        # SIGTERM with a stream open: the client sees the stream end cleanly, the server exits 0.
        with httpx.Client(timeout=10) as client:
            with connect_sse(client, "GET", base + "/myapp/ticker", headers={"X-Understudy-Scenario": "custom-routes"}) as source:
                seen, error = 0, None
                try:
                    for _ in source.iter_sse():
                        seen += 1
                        if seen == 1:
                            server.send_signal(signal.SIGTERM)
                except httpx.HTTPError as caught:
                    error = caught
        code = server.wait(timeout=10)
        check(seen >= 1 and error is None and code == 0, f"SIGTERM ends an open stream cleanly ({seen} events, {error!r}) and exits {code}")
    finally:
        if server.poll() is None:
            server.kill()
    return summary("streams-e2e")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))

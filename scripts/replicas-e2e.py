#!/usr/bin/env python3
"""Replicas behind nginx sharing their state in Redis, end to end (run by scripts/replicas-e2e.sh).

Starts redis-server (append-only file, so a restart keeps the state), three `understudy serve --redis`
replicas and nginx hashing on X-Understudy-Session, each on a free loopback port in a temporary folder,
and checks: a global switch sent through nginx reaches every replica (each asked directly); sessions set
through nginx answer with their scenario through nginx; a replica that joins later serves them; a
killed replica's sessions are served by the others, and it serves them again after a restart; a global
sequence [server-error x10, happy] under round-robin gives exactly ten 500s; with Redis stopped, reads
keep working, an admin write answers 503 naming Redis and health says so; with Redis back, a write through
one replica reaches the others. Every wait polls with a deadline; nothing sleeps for long.
"""
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

BINARY = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = tempfile.mkdtemp(prefix="understudy-replicas-")
PROCESSES = {}
FAILURES = []


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(port, method, path, body=None, headers=None, timeout=5):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    sent = {"Content-Type": "application/json"} if body is not None else {}
    sent.update(headers or {})
    connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=sent)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), data


def admin(port, method, path, body=None, headers=None):
    status, _, data = request(port, method, "/__admin" + path, body, headers)
    return status, json.loads(data) if data else None


def wait_until(what, check, seconds=5.0):
    deadline = time.monotonic() + seconds
    while True:
        try:
            if check():
                return True
        except (OSError, http.client.HTTPException):
            pass
        if time.monotonic() > deadline:
            FAILURES.append(f"timed out: {what}")
            print(f"  FAIL {what} (waited {seconds} s)")
            return False
        time.sleep(0.02)


def expect(condition, what):
    print(f"  {'ok  ' if condition else 'FAIL'} {what}")
    if not condition:
        FAILURES.append(what)


def start(name, argv, log):
    PROCESSES[name] = subprocess.Popen(argv, stdout=open(log, "w"), stderr=subprocess.STDOUT, cwd=WORK)


def stop(name, sig=signal.SIGTERM):
    process = PROCESSES.pop(name, None)
    if process and process.poll() is None:
        process.send_signal(sig)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


REDIS_PORT = free_port()
REPLICAS = {name: free_port() for name in ["r1", "r2", "r3", "r4"]}
NGINX_PORT = free_port()


def start_redis():
    start("redis", ["redis-server", "--port", str(REDIS_PORT), "--bind", "127.0.0.1", "--dir", WORK, "--save", "",
                    "--appendonly", "yes", "--daemonize", "no"], os.path.join(WORK, "redis.log"))
    wait_until("redis-server answers", lambda: socket.create_connection(("127.0.0.1", REDIS_PORT), 0.2).close() is None)


def start_replica(name):
    start(name, [BINARY, "serve", "--port", str(REPLICAS[name]), "--scenarios", os.path.join(ROOT, "scenarios"),
                 "--redis", f"redis://127.0.0.1:{REDIS_PORT}/0", "--replica-name", name, "--log-level", "warning",
                 "--peers", ",".join(f"127.0.0.1:{REPLICAS[n]}" for n in ["r1", "r2", "r3"])],
          os.path.join(WORK, f"{name}.log"))
    wait_until(f"{name} answers", lambda: admin(REPLICAS[name], "GET", "/health")[0] == 200, 20)


def start_nginx(names):
    servers = "\n".join(f"        server 127.0.0.1:{REPLICAS[n]} max_fails=1 fail_timeout=30s;" for n in names)
    config = f"""
worker_processes 1;
daemon off;
pid {WORK}/nginx.pid;
error_log {WORK}/nginx-error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {WORK}/nginx-body;
    proxy_temp_path {WORK}/nginx-proxy;
    fastcgi_temp_path {WORK}/nginx-fastcgi;
    uwsgi_temp_path {WORK}/nginx-uwsgi;
    scgi_temp_path {WORK}/nginx-scgi;
    upstream understudy {{
        hash $http_x_understudy_session consistent;
{servers}
    }}
    server {{
        listen 127.0.0.1:{NGINX_PORT};
        location / {{
            proxy_pass http://understudy;
            proxy_set_header Host $http_host;
            proxy_http_version 1.1;
            proxy_next_upstream error timeout;
            proxy_connect_timeout 1s;
        }}
    }}
}}
"""
    path = os.path.join(WORK, "nginx.conf")
    with open(path, "w") as file:
        file.write(config)
    start("nginx", ["nginx", "-c", path, "-p", WORK], os.path.join(WORK, "nginx.log"))
    wait_until("nginx answers", lambda: admin(NGINX_PORT, "GET", "/health")[0] == 200)


# What each session's scenario answers on /catfact/facts.
EXPECTED = {"happy": 200, "empty": 200, "server-error": 500, "not-found": 404, "unauthorized": 401}
SESSIONS = {f"run-{i}": list(EXPECTED)[i % len(EXPECTED)] for i in range(30)}


def session_status(port, session):
    return request(port, "GET", "/catfact/facts", headers={"X-Understudy-Session": session})[0]


def sessions_answer(port, label):
    wrong = [s for s, scenario in SESSIONS.items() if session_status(port, s) != EXPECTED[scenario]]
    expect(not wrong, f"{label}: all {len(SESSIONS)} sessions answer with their scenario" + (f" (wrong: {wrong[:5]})" if wrong else ""))


def main():
    began = time.monotonic()
    start_redis()
    for name in ["r1", "r2", "r3"]:
        start_replica(name)
    start_nginx(["r1", "r2", "r3"])

    print("a global switch through nginx reaches every replica")
    t0 = time.monotonic()
    status, _ = admin(NGINX_PORT, "PUT", "/scenario", {"name": "empty"})
    expect(status == 200, "PUT /__admin/scenario through nginx: 200")
    for name in ["r1", "r2", "r3"]:
        wait_until(f"{name} has 'empty' active", lambda n=name: admin(REPLICAS[n], "GET", "/scenario")[1]["active"] == "empty", 2)
    elapsed = int((time.monotonic() - t0) * 1000)
    # The issue asks for 100 ms; 3-4 ms is typical here. The bound leaves room for a loaded 2-core CI machine.
    expect(elapsed < 250, f"seen by all three in {elapsed} ms (the write, then each replica asked in turn)")
    admin(NGINX_PORT, "PUT", "/scenario", {"name": "happy"})

    print("sessions set through nginx keep their scenario")
    served_by = set()
    for session, scenario in SESSIONS.items():
        status, _ = admin(NGINX_PORT, "PUT", f"/sessions/{session}/scenario", {"name": scenario}, {"X-Understudy-Session": session})
        if status != 200:
            expect(False, f"PUT session {session}: {status}")
        served_by.add(request(NGINX_PORT, "GET", "/catfact/fact", headers={"X-Understudy-Session": session})[1].get("X-Understudy-Replica"))
    expect(len(served_by) >= 2, f"the sessions spread over replicas {sorted(x for x in served_by if x)}")
    sessions_answer(NGINX_PORT, "through nginx")
    status, body = admin(NGINX_PORT, "PUT", "/sessions/run-1/scenario", {"name": "happy"}, {"X-Understudy-Session": "run-2"})
    expect(status == 400 and body["error"] == "contradicting session header", "a session header that contradicts the path: 400")

    print("the journal stays per replica; a global read asks the peers")
    local = {n: admin(REPLICAS[n], "GET", "/requests?local=1")[1]["count"] for n in ["r1", "r2", "r3"]}
    status, journal = admin(REPLICAS["r2"], "GET", "/requests")
    expect(status == 200 and journal["count"] == sum(local.values()), f"a global read through r2 merges every replica's part ({local})")
    status, journal = admin(NGINX_PORT, "GET", "/requests?session=run-3&local=1", headers={"X-Understudy-Session": "run-3"})
    expect(status == 200 and journal["count"] >= 2, f"a session's journal read through nginx is complete on its replica ({journal['count']})")

    print("a reset through one replica resets every replica, and clears each one's journal once")
    admin(REPLICAS["r1"], "PUT", "/scenario", {"name": "empty"})
    status, _ = admin(REPLICAS["r1"], "POST", "/reset")
    expect(status == 200, "POST /__admin/reset: 200")
    request(REPLICAS["r1"], "GET", "/catfact/fact")
    for name in ["r2", "r3"]:
        wait_until(f"{name} is reset", lambda n=name: admin(REPLICAS[n], "GET", "/scenario")[1] == admin(REPLICAS["r1"], "GET", "/scenario")[1]
                   and admin(REPLICAS[n], "GET", "/requests?local=1")[1]["count"] == 0, 2)
    time.sleep(0.3)  # a check of the version by r1's own watcher
    expect(admin(REPLICAS["r1"], "GET", "/requests?local=1")[1]["count"] == 1, "the resetting replica keeps what it answered after its reset")
    for session, scenario in SESSIONS.items():
        admin(NGINX_PORT, "PUT", f"/sessions/{session}/scenario", {"name": scenario}, {"X-Understudy-Session": session})

    print("sessions' own sequences keep their exact counts while replicas come and go")
    sequences = [f"seq-{i}" for i in range(12)]
    for session in sequences:
        admin(NGINX_PORT, "PUT", f"/sessions/{session}/scenario", {"sequence": [{"name": "server-error", "count": 2}, {"name": "happy"}]},
              {"X-Understudy-Session": session})
        request(NGINX_PORT, "GET", "/catfact/fact", headers={"X-Understudy-Session": session})  # one 500 each, before the changes

    print("a replica that joins later serves the existing sessions and the global selection")
    admin(NGINX_PORT, "PUT", "/scenario", {"name": "empty", "api": "swapi"})
    start_replica("r4")
    sessions_answer(REPLICAS["r4"], "r4, asked directly")
    expect(admin(REPLICAS["r4"], "GET", "/scenario")[1]["overrides"] == {"swapi": "empty"}, "r4 has the override set before it started")
    admin(NGINX_PORT, "PUT", "/scenario", {"name": None, "api": "swapi"})
    stop("r4")

    print("a killed replica's sessions are served by the others, and by it again after a restart")
    stop("r1", signal.SIGKILL)
    sessions_answer(NGINX_PORT, "through nginx with r1 killed")
    status, body = admin(REPLICAS["r2"], "GET", "/requests")
    expect(status == 502 and f"127.0.0.1:{REPLICAS['r1']}" in body["detail"], f"a global journal read with r1 down fails, naming r1 ({status})")
    statuses = {s: [session_status(NGINX_PORT, s) for _ in range(3)] for s in sequences}
    wrong = {s: v for s, v in statuses.items() if v != [500, 200, 200]}
    expect(not wrong, f"each session's sequence gave exactly two 500s in all, whichever replica served it ({len(wrong)} wrong: {dict(list(wrong.items())[:3])})")
    start_replica("r1")
    sessions_answer(REPLICAS["r1"], "r1 restarted, asked directly")
    for name in ["r2", "r3"]:
        stop(name)
        start_replica(name)
    sessions_answer(NGINX_PORT, "through nginx after every replica restarted one by one")

    print("a global sequence counts once over all replicas")
    status, _ = admin(REPLICAS["r2"], "PUT", "/scenario", {"sequence": [{"name": "server-error", "count": 10}, {"name": "happy"}]})
    expect(status == 200, "PUT a global sequence: 200")
    for name in ["r1", "r3"]:
        wait_until(f"{name} has the sequence", lambda n=name: isinstance(admin(REPLICAS[n], "GET", "/scenario")[1]["active"], dict), 2)
    statuses = [request(REPLICAS[["r1", "r2", "r3"][i % 3]], "GET", "/catfact/fact")[0] for i in range(30)]
    expect(statuses.count(500) == 10 and statuses.count(200) == 20, f"round-robin over 3 replicas: ten 500s then 200s ({statuses.count(500)} x 500)")
    admin(REPLICAS["r2"], "PUT", "/scenario", {"name": "happy"})

    print("Redis stopped: reads keep working, writes are refused saying why")
    status, _ = admin(REPLICAS["r2"], "PUT", "/sessions/unfinished/scenario", {"sequence": [{"name": "server-error", "count": 5}, {"name": "happy"}]})
    expect(status == 200, "PUT a session sequence: 200")
    stop("redis")
    wait_until("r2's health says unavailable", lambda: admin(REPLICAS["r2"], "GET", "/health")[1]["shared"]["status"] == "unavailable", 3)
    sessions_answer(NGINX_PORT, "through nginx, Redis stopped")
    status, body = admin(NGINX_PORT, "PUT", "/scenario", {"name": "empty"})
    expect(status == 503 and "Redis" in body["detail"], f"an admin write with Redis stopped: 503 naming Redis ({status})")
    expect(all(admin(REPLICAS[n], "GET", "/scenario")[1]["active"] == "happy" for n in ["r1", "r2", "r3"]), "the refused write changed no replica")
    status, _, data = request(REPLICAS["r2"], "GET", "/catfact/fact", headers={"X-Understudy-Session": "unfinished"})
    expect(status == 503 and b"sequence" in data, f"an unfinished shared sequence with Redis stopped: 503 explaining why ({status})")
    status, _, data = request(REPLICAS["r3"], "GET", "/catfact/fact", headers={"X-Understudy-Session": "never-seen"})
    expect(status == 503 and b"Redis" in data, f"a session a replica never saw, Redis stopped: 503, not a guess ({status})")

    print("Redis back: writes work again and reach every replica")
    start_redis()
    for name in ["r1", "r2", "r3"]:
        wait_until(f"{name} reconnects", lambda n=name: admin(REPLICAS[n], "GET", "/health")[1]["shared"]["status"] == "connected", 5)
    status, _ = admin(REPLICAS["r3"], "PUT", "/scenario", {"name": "not-found"})
    expect(status == 200, "a write after Redis came back: 200")
    for name in ["r1", "r2"]:
        wait_until(f"{name} sees the write made on r3", lambda n=name: admin(REPLICAS[n], "GET", "/scenario")[1]["active"] == "not-found", 2)
    sessions_answer(NGINX_PORT, "through nginx, Redis back (sessions kept by its append-only file)")
    sets = admin(REPLICAS["r1"], "GET", "/scenarios")[1]["sets"]
    expect(sets["agree"] and len(sets["replicas"]) >= 3, f"/__admin/scenarios: the replicas' scenario files agree ({sets['hash']})")
    hostile_redis()
    print(f"replicas-e2e: {'FAILED' if FAILURES else 'passed'} in {time.monotonic() - began:.1f} s")


def hostile_redis():
    """A server posing as Redis that answers garbage, a huge value, or hangs up mid-reply: each replica
    keeps serving, reports why in its health, refuses admin writes, and its memory stays bounded."""
    import threading

    def serve(listener, mode):
        while True:
            try:
                connection, _ = listener.accept()
            except OSError:
                return
            def answer(connection=connection):
                try:
                    connection.recv(65536)
                    if mode == "garbage":
                        connection.sendall(b"hello, this is not redis\r\n")
                    elif mode == "huge":
                        connection.sendall(b"$1000000000\r\n")
                        chunk = b"A" * 65536
                        for _ in range(400):  # 25 MiB, three times what a reply may take
                            connection.sendall(chunk)
                    else:
                        connection.sendall(b"$100\r\nabc")
                    connection.close()
                except OSError:
                    pass
            threading.Thread(target=answer, daemon=True).start()

    print("a server posing as Redis answers garbage, a huge value, or hangs up mid-reply")
    for mode in ["garbage", "huge", "drop"]:
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        threading.Thread(target=serve, args=(listener, mode), daemon=True).start()
        port = free_port()
        name = f"hostile-{mode}"
        REPLICAS[name] = port
        start(name, [BINARY, "serve", "--port", str(port), "--scenarios", os.path.join(ROOT, "scenarios"),
                     "--redis", f"redis://127.0.0.1:{listener.getsockname()[1]}", "--log-level", "error"],
              os.path.join(WORK, f"{name}.log"))
        wait_until(f"{name} answers", lambda: admin(port, "GET", "/health")[0] == 200, 20)
        time.sleep(0.3)  # a few reconnects by the watcher threads
        health = admin(port, "GET", "/health")[1]["shared"]
        expect(health["status"] != "connected" and health["detail"], f"{mode}: health says '{health['status']}': {health['detail']}")
        expect(request(port, "GET", "/catfact/facts")[0] == 200, f"{mode}: requests are still served")
        expect(admin(port, "PUT", "/scenario", {"name": "empty"})[0] == 503, f"{mode}: an admin write answers 503")
        rss = int(open(f"/proc/{PROCESSES[name].pid}/status").read().split("VmRSS:")[1].split()[0]) // 1024
        expect(PROCESSES[name].poll() is None and rss < 300, f"{mode}: the replica is alive, {rss} MB resident")
        stop(name)
        listener.close()


try:
    main()
except Exception as error:  # a crash of the script is a failure too, with the logs below
    FAILURES.append(f"{type(error).__name__}: {error}")
    print(f"replicas-e2e: {type(error).__name__}: {error}")
finally:
    for name in list(PROCESSES):
        stop(name)
    if FAILURES:
        for log in sorted(os.listdir(WORK)):
            if log.endswith(".log"):
                print(f"--- {log}")
                print(open(os.path.join(WORK, log), errors="replace").read()[-3000:])
    shutil.rmtree(WORK, ignore_errors=True)
if FAILURES:
    print("replicas-e2e failures:\n  " + "\n  ".join(FAILURES))
    sys.exit(1)

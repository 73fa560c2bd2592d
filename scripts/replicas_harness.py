"""The processes scripts/replicas-e2e.py runs, and its checks' bookkeeping: real redis-server, nginx and
`understudy serve --redis` on free loopback ports in a temporary folder; then a server posing as Redis."""
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
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
# r1-r3 are each other's peers, so their ports are known first; a replica that joins later takes a port when it starts
# (a port picked long before is one another process on this machine, a test run beside this one, may take meanwhile).
REPLICAS = {name: free_port() for name in ["r1", "r2", "r3"]}
NGINX_PORT = free_port()


def start_redis():
    start("redis", ["redis-server", "--port", str(REDIS_PORT), "--bind", "127.0.0.1", "--dir", WORK, "--save", "",
                    "--appendonly", "yes", "--daemonize", "no", "--enable-debug-command", "local"], os.path.join(WORK, "redis.log"))
    wait_until("redis-server answers", lambda: socket.create_connection(("127.0.0.1", REDIS_PORT), 0.2).close() is None)
    expect(PROCESSES["redis"].poll() is None, f"our redis-server runs (port {REDIS_PORT} not taken by another process)")


def start_replica(name, extra=()):
    REPLICAS.setdefault(name, free_port())
    start(name, [BINARY, "serve", "--port", str(REPLICAS[name]), "--scenarios", os.path.join(ROOT, "scenarios"),
                 "--redis", f"redis://127.0.0.1:{REDIS_PORT}/0", "--replica-name", name, "--log-level", "warning",
                 "--peers", ",".join(f"127.0.0.1:{REPLICAS[n]}" for n in ["r1", "r2", "r3"]), *extra],
          os.path.join(WORK, f"{name}.log"))
    wait_until(f"{name} answers", lambda: request(REPLICAS[name], "GET", "/__admin/health")[1].get("X-Understudy-Replica") == name, 20)


def pause_redis(seconds):
    """DEBUG SLEEP: Redis answers nothing, to anyone, for SECONDS (its connection is left to close by itself)."""
    connection = socket.create_connection(("127.0.0.1", REDIS_PORT), 1)
    connection.sendall(f"*3\r\n$5\r\nDEBUG\r\n$5\r\nSLEEP\r\n${len(str(seconds))}\r\n{seconds}\r\n".encode())
    threading.Thread(target=lambda: (connection.recv(64), connection.close()), daemon=True).start()


def nginx_config(names):
    """Writes nginx.conf with an upstream of NAMES, hashing on the session header (docker/nginx.replicas.conf)."""
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
    return path


def start_nginx(names):
    path = nginx_config(names)
    start("nginx", ["nginx", "-c", path, "-p", WORK], os.path.join(WORK, "nginx.log"))
    wait_until("nginx answers", lambda: admin(NGINX_PORT, "GET", "/health")[0] == 200)
    expect(PROCESSES["nginx"].poll() is None, f"our nginx runs (port {NGINX_PORT} not taken by another process)")


def reload_nginx(names):
    """Rewrites the upstream with NAMES and reloads nginx (SIGHUP to its master: new workers, old ones drain)."""
    nginx_config(names)
    PROCESSES["nginx"].send_signal(signal.SIGHUP)


def hostile_redis():
    """A server posing as Redis that answers garbage, a huge value, or hangs up mid-reply: each replica
    keeps serving, reports why in its health, refuses admin writes, and its memory stays bounded."""
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




def finish(main):
    """Runs MAIN, stops every process, prints the logs when something failed, and exits 1 then."""
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

"""What scripts/streams-e2e.py and scripts/websockets-e2e.py share: a check that prints and counts, `understudy serve`
started on a free port, and a process's resident memory."""
import re
import subprocess

failures = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        failures.append(message)


def start(binary, *extra):
    """`understudy serve --port 0 EXTRA…`: the process, its http:// base URL and its port (with --tls too)."""
    server = subprocess.Popen([binary, "serve", "--port", "0", "--log-level", "warning", *extra],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)", line)
    if not match:
        raise SystemExit(f"understudy did not start: {line}{server.stderr.read()[:2000]}")
    return server, f"http://127.0.0.1:{match.group(1)}", int(match.group(1))


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(next(line for line in status if line.startswith("VmRSS")).split()[1])


def summary(name):
    """Prints the verdict; the exit status."""
    print(f"{name}: {'passed' if not failures else f'{len(failures)} failed'}")
    return 1 if failures else 0

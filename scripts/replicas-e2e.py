#!/usr/bin/env python3
"""Replicas behind nginx sharing their state in Redis, end to end (run by scripts/replicas-e2e.sh): the Tests
section of issue 31, on real processes (scripts/replicas_harness.py starts them).

redis-server (append-only file, so a restart keeps the state), three `understudy serve --redis` replicas and nginx
hashing on X-Understudy-Session (consistent). It checks:
- a global switch sent to any replica (each in turn, and through nginx) is seen by every replica within 100 ms;
- a session's journal read through nginx is complete: every request, in order, with its status;
- 60 sessions, each with its own two-step sequence [A x c, B] (20 ordered pairs of five statuses, c = 1, 3, 5), get
  exactly the status their count says on every request, whichever replica answers, while a fourth replica is added
  to nginx's upstream (nginx reloaded; the sessions that move all move to it), one replica is killed, and all four
  are restarted one by one;
- a global sequence [server-error x10, happy] under concurrent load on four replicas gives exactly ten 500s;
- Redis stopped: no session gets a wrong scenario (an unfinished sequence answers 503, nothing else may), admin
  writes answer 503 naming Redis and change no replica, health says so; Redis back: every replica reconnects, a
  replica started after a switch and after the Redis restart has that switch and every session, and a switch sent
  to it is seen by all within 100 ms;
- Redis paused (DEBUG SLEEP) under a replica with one worker thread: the requests that need Redis (a session's
  sequence counted there, a session the replica never saw, an admin write) wait parked, and every other request on that worker is
  answered before them; a pause shorter than the reply timeout answers them with the right step (journaled under
  its scenario), a longer one with 503; a request answered after its read still waits its delay;
- a server posing as Redis (garbage, a huge value, a hang-up mid-reply) does not take a replica down.
Every wait polls with a deadline; nothing sleeps for long.
"""
import json
import os
import signal
import threading
import time

from replicas_harness import (FAILURES, NGINX_PORT, PROCESSES, REPLICAS, ROOT, admin, expect, finish, hostile_redis, pause_redis,
                              reload_nginx, request, start_nginx, start_redis, start_replica, stop, wait_until)

# What each scenario answers on /catfact/facts.
STATUS = {"happy": 200, "server-error": 500, "not-found": 404, "unauthorized": 401, "rate-limited": 429}
PAIRS = [(a, b) for a in STATUS for b in STATUS if a != b]
SESSIONS = {f"run-{i}": step for i, step in enumerate((a, b, count) for count in (1, 3, 5) for a, b in PAIRS)}
SENT = {session: 0 for session in SESSIONS}  # requests each session's sequence has counted
SWITCH_BOUND_MS = 100  # the bound; 3-6 ms is typical here


def expected(session):
    first, then, count = SESSIONS[session]
    return STATUS[first] if SENT[session] < count else STATUS[then]


def sweep(port, label, redis_down=False):
    """One request per session; each must answer the step its count says. Returns who served each."""
    served, wrong, refused = {}, [], 0
    for session in SESSIONS:
        status, headers, body = request(port, "GET", "/catfact/facts", headers={"X-Understudy-Session": session})
        if redis_down and status == 503 and b"sequence" in body:
            refused += 1  # an unfinished sequence with Redis down: nothing counted, said out loud
            continue
        if status != expected(session):
            wrong.append(f"{session} {SESSIONS[session]} request {SENT[session] + 1}: {status}, not {expected(session)}")
        SENT[session] += 1
        served[session] = headers.get("X-Understudy-Replica")
    expect(not wrong, f"{label}: all {len(SESSIONS)} sessions answer their sequence's step"
           + (f" ({refused} refused with 503)" if redis_down else "") + (f"; wrong: {wrong[:4]}" if wrong else ""))
    return served


def timed_switch(via, port, body, names):
    """A global switch sent to PORT, seen by every replica of NAMES within SWITCH_BOUND_MS."""
    t0 = time.monotonic()
    status, _ = admin(port, "PUT", "/scenario", body)
    answered = int((time.monotonic() - t0) * 1000)
    seen = {}
    for name in names:
        field = "overrides" if "api" in body else "active"
        want = ({body["api"]: body["name"]} if body["name"] else {}) if "api" in body else body["name"]
        while admin(REPLICAS[name], "GET", "/scenario")[1][field] != want and time.monotonic() - t0 < 2:
            time.sleep(0.001)
        seen[name] = int((time.monotonic() - t0) * 1000)
    expect(status == 200 and max(seen.values()) < SWITCH_BOUND_MS,
           f"a switch to {body} sent to {via} is seen by {'/'.join(names)} within {SWITCH_BOUND_MS} ms (the PUT answered in {answered} ms; seen {seen} ms)")


def main():
    began = time.monotonic()
    start_redis()
    for name in ["r1", "r2", "r3"]:
        start_replica(name)
    start_nginx(["r1", "r2", "r3"])
    three = ["r1", "r2", "r3"]

    print("a global switch sent to any replica is seen by all")
    for via, port, name in [("r1", REPLICAS["r1"], "empty"), ("r2", REPLICAS["r2"], "not-found"),
                            ("r3", REPLICAS["r3"], "unauthorized"), ("nginx", NGINX_PORT, "happy")]:
        timed_switch(via, port, {"name": name}, three)

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

    print("a session's journal read through nginx is complete")
    session = "journal-1"
    admin(NGINX_PORT, "PUT", f"/sessions/{session}/scenario", {"sequence": [{"name": "server-error", "count": 2}, {"name": "happy"}]},
          {"X-Understudy-Session": session})
    sent = [("/catfact/facts" if i % 2 else "/catfact/fact", f"n={i}", 500 if i < 2 else 200) for i in range(8)]
    for path, query, _ in sent:
        request(NGINX_PORT, "GET", f"{path}?{query}", headers={"X-Understudy-Session": session})
    for query in ["", "&local=1"]:
        status, journal = admin(NGINX_PORT, "GET", f"/requests?session={session}{query}", headers={"X-Understudy-Session": session})
        # Every request once, with its status. Not compared: the order of entry ids, which follows when each
        # request completed (a /catfact/facts can get a higher id than the /catfact/fact its client sent after it).
        got = sorted((e["path"], e["query"], e["status"]) for e in journal["requests"]) if status == 200 else []
        expect(got == sorted(sent), f"GET /__admin/requests?session={session}{query} through nginx: all {len(sent)} requests, each once, with its status ({status}, {len(got)})"
               + ("" if got == sorted(sent) else f": {got} against {sorted(sent)}"))
    local = {n: admin(REPLICAS[n], "GET", "/requests?local=1")[1]["count"] for n in three}
    status, journal = admin(REPLICAS["r2"], "GET", "/requests")
    expect(status == 200 and journal["count"] == sum(local.values()), f"a global read through r2 merges every replica's part ({local})")

    print(f"{len(SESSIONS)} sessions with their own two-step sequences, set through nginx")
    for session, (first, then, count) in SESSIONS.items():
        status, _ = admin(NGINX_PORT, "PUT", f"/sessions/{session}/scenario", {"sequence": [{"name": first, "count": count}, {"name": then}]},
                          {"X-Understudy-Session": session})
        if status != 200:
            expect(False, f"PUT session {session}: {status}")
    status, body = admin(NGINX_PORT, "PUT", "/sessions/run-1/scenario", {"name": "happy"}, {"X-Understudy-Session": "run-2"})
    expect(status == 400 and body["error"] == "contradicting session header", "a session header that contradicts the path: 400")
    before = sweep(NGINX_PORT, "through nginx, three replicas")
    expect(set(before.values()) == set(three), f"the sessions spread over all three replicas {sorted(set(before.values()))}")

    print("a fourth replica joins (after a switch) and is added to nginx's upstream")
    admin(NGINX_PORT, "PUT", "/scenario", {"name": "empty", "api": "swapi"})
    start_replica("r4")
    expect(admin(REPLICAS["r4"], "GET", "/scenario")[1]["overrides"] == {"swapi": "empty"}, "r4, started after a switch, has it on its first answer")
    reload_nginx(["r1", "r2", "r3", "r4"])

    def r4_in_upstream():
        return any(request(NGINX_PORT, "GET", f"/__admin/sessions/{s}/scenario", headers={"X-Understudy-Session": s})[1].get("X-Understudy-Replica") == "r4"
                   for s in SESSIONS)
    wait_until("nginx, reloaded, sends sessions to r4", r4_in_upstream, 5)
    time.sleep(0.1)  # nginx's old worker stops accepting once the new one runs
    after = sweep(NGINX_PORT, "through nginx, r4 added")
    moved = {s for s in SESSIONS if after[s] != before[s]}
    # r4's share depends on where its address hashes on nginx's ring (10-25 of 60 seen): only the direction is checked.
    expect(moved and all(after[s] == "r4" for s in moved),
           f"consistent hashing: only the sessions that moved to r4 moved ({len(moved)} of {len(SESSIONS)})")
    timed_switch("r4", REPLICAS["r4"], {"name": None, "api": "swapi"}, three + ["r4"])

    print("a session's resource writes are in Redis: another replica reads them, a killed replica loses nothing")
    cart = {"X-Understudy-Session": "cart-1"}
    admin(NGINX_PORT, "PUT", "/sessions/cart-1/scenario", {"name": "custom-routes"}, cart)
    status, headers, data = request(NGINX_PORT, "POST", "/myapp/todos", {"title": "from a replica"}, cart)
    owner = headers.get("X-Understudy-Replica")
    expect(status == 201 and json.loads(data)["id"] == 4, f"POST /myapp/todos through nginx: 201, id 4 ({status}, on {owner})")
    others = [n for n in ["r1", "r2", "r3", "r4"] if n != owner]
    status, _, data = request(REPLICAS[others[0]], "PATCH", "/myapp/todos/4", {"done": True}, cart)
    expect(status == 200 and json.loads(data).get("done") is True, f"another replica ({others[0]}) patches the item ({status})")
    stop(owner, signal.SIGKILL)
    status, _, data = request(REPLICAS[others[1]], "GET", "/myapp/todos", headers=cart)
    listed = json.loads(data) if status == 200 else []
    expect([t.get("title") for t in listed][-1:] == ["from a replica"] and listed[-1].get("done") is True,
           f"{owner} killed: {others[1]} lists the item, patched ({status}, {len(listed)} items)")
    status, _, data = request(REPLICAS[others[1]], "GET", "/myapp/todos", headers={"X-Understudy-Scenario": "custom-routes"})
    expect(status == 200 and len(json.loads(data)) == 3, f"the shared copy is still the seed ({status})")
    status, copy = admin(REPLICAS[others[2]], "GET", "/sessions/cart-1/resources?path=/myapp/todos", headers=cart)
    expect(status == 200 and len(copy) == 4, f"the admin API on {others[2]} reads the session's copy from Redis ({status})")
    admin(REPLICAS[others[2]], "DELETE", "/sessions/cart-1", headers=cart)
    # The session's scenario went with it: the request names the scenario itself.
    status, _, data = request(REPLICAS[others[0]], "GET", "/myapp/todos", headers={**cart, "X-Understudy-Scenario": "custom-routes"})
    expect(status == 200 and len(json.loads(data)) == 3, f"the session ended on one replica: its copy is gone on every one ({status})")
    start_replica(owner)

    print("a replica killed, then all four restarted one by one")
    stop("r1", signal.SIGKILL)
    served = sweep(NGINX_PORT, "through nginx, r1 killed")
    expect("r1" not in served.values(), "nginx sent nothing to the killed replica")
    status, body = admin(REPLICAS["r2"], "GET", "/requests")
    expect(status == 502 and f"127.0.0.1:{REPLICAS['r1']}" in body["detail"], f"a global journal read with r1 down fails, naming r1 ({status})")
    start_replica("r1")
    sweep(REPLICAS["r1"], "r1 restarted, asked directly (nginx keeps it out for its fail_timeout)")
    for name in ["r2", "r3", "r4"]:
        stop(name)
        start_replica(name)
        sweep(NGINX_PORT, f"through nginx, {name} restarted")
    expect(all(SENT[s] > SESSIONS[s][2] for s in SESSIONS), "every session went past its sequence's first step")

    print("a global sequence [server-error x10, happy] under concurrent load on four replicas")
    four = ["r1", "r2", "r3", "r4"]
    status, _ = admin(REPLICAS["r2"], "PUT", "/scenario", {"sequence": [{"name": "server-error", "count": 10}, {"name": "happy"}]})
    expect(status == 200, "PUT a global sequence: 200")
    for name in four:
        wait_until(f"{name} has the sequence", lambda n=name: isinstance(admin(REPLICAS[n], "GET", "/scenario")[1]["active"], dict), 2)
    statuses = []

    def load(name):
        for _ in range(10):
            statuses.append(request(REPLICAS[name], "GET", "/catfact/fact")[0])
    threads = [threading.Thread(target=load, args=(n,)) for n in four]
    [t.start() for t in threads]
    [t.join() for t in threads]
    expect(statuses.count(500) == 10 and statuses.count(200) == 30, f"40 concurrent requests over 4 replicas: exactly ten 500s ({statuses.count(500)} x 500)")

    print("Redis stopped: no wrong scenario, writes refused saying why")
    timed_switch("r3", REPLICAS["r3"], {"name": "rate-limited"}, four)
    status, _ = admin(REPLICAS["r2"], "PUT", "/sessions/unfinished/scenario", {"sequence": [{"name": "server-error", "count": 5}, {"name": "happy"}]})
    expect(status == 200, "PUT a session sequence: 200")
    stop("redis")
    for name in four:
        wait_until(f"{name}'s health says unavailable", lambda n=name: admin(REPLICAS[n], "GET", "/health")[1]["shared"]["status"] == "unavailable", 3)
    sweep(NGINX_PORT, "through nginx, Redis stopped", redis_down=True)
    status, body = admin(NGINX_PORT, "PUT", "/scenario", {"name": "empty"})
    expect(status == 503 and "Redis" in body["detail"], f"an admin write with Redis stopped: 503 naming Redis ({status})")
    expect(all(admin(REPLICAS[n], "GET", "/scenario")[1]["active"] == "rate-limited" for n in four), "the refused write changed no replica")
    status, _, data = request(REPLICAS["r2"], "GET", "/catfact/fact", headers={"X-Understudy-Session": "unfinished"})
    expect(status == 503 and b"sequence" in data, f"an unfinished shared sequence with Redis stopped: 503 explaining why ({status})")
    status, _, data = request(REPLICAS["r3"], "GET", "/catfact/fact", headers={"X-Understudy-Session": "never-seen"})
    expect(status == 503 and b"Redis" in data, f"a session a replica never saw, Redis stopped: 503, not a guess ({status})")

    print("Redis restarted: a replica started after the switch and the restart has both; switches reach all again")
    start_redis()
    for name in four:
        wait_until(f"{name} reconnects", lambda n=name: admin(REPLICAS[n], "GET", "/health")[1]["shared"]["status"] == "connected", 5)
    start_replica("r5")
    expect(admin(REPLICAS["r5"], "GET", "/scenario")[1]["active"] == "rate-limited", "r5, started after the switch and the Redis restart, has it")
    sweep(REPLICAS["r5"], "r5, asked directly (sessions kept by Redis's append-only file)")
    five = four + ["r5"]
    timed_switch("r5", REPLICAS["r5"], {"name": "not-found"}, five)
    timed_switch("r1", REPLICAS["r1"], {"name": "happy"}, five)
    sweep(NGINX_PORT, "through nginx, Redis back")
    redis_paused()
    sets = admin(REPLICAS["r1"], "GET", "/scenarios")[1]["sets"]
    expect(sets["agree"] and len(sets["replicas"]) >= 5, f"/__admin/scenarios: the replicas' scenario files agree ({sets['hash']})")
    expect(sets["hash"] == files_hash(os.path.join(ROOT, "scenarios")), f"and their hash is of the files themselves ({sets['hash']})")
    for name in five:
        stop(name)
    hostile_redis()
    print(f"replicas-e2e: {'FAILED' if FAILURES else 'passed'} in {time.monotonic() - began:.1f} s")


def redis_paused():
    """One worker thread (--threads 1), Redis asleep: requests that need it park, the others on that worker go on."""
    print("Redis paused: the requests that need it wait parked, never holding up the others on their worker thread")
    start_replica("w1", ["--threads", "1"])
    port = REPLICAS["w1"]
    status, _ = admin(port, "PUT", "/sessions/paced/scenario", {"sequence": [{"name": "server-error", "count": 5}, {"name": "happy"}]},
                      {"X-Understudy-Session": "paced"})
    expect(status == 200, "PUT a session sequence on w1: 200")
    for seconds, sessions in [(0.6, ["paced"]), (1.5, ["paced", "never-set", "admin write"])]:
        parked = {}

        def waiting(session):
            t0 = time.monotonic()
            if session == "admin write":  # written to Redis first: it waits too, on the admin thread
                status, _, body = request(port, "PUT", "/__admin/scenario", {"name": "happy"})
            else:
                status, _, body = request(port, "GET", "/catfact/facts", headers={"X-Understudy-Session": session})
            parked[session] = (status, body, time.monotonic() - t0, time.monotonic())
        pause_redis(seconds)
        time.sleep(0.05)  # Redis is asleep
        threads = [threading.Thread(target=waiting, args=(s,)) for s in sessions]
        # One after the other, so they wait for Redis in this order (one request thread, first come first served):
        # the sequence's count is the one the reply timeout ends.
        for t in threads:
            t.start()
            time.sleep(0.05)
        others = []
        for _ in range(20):
            t0 = time.monotonic()
            status = request(port, "GET", "/catfact/facts")[0]
            others.append((status, time.monotonic() - t0, time.monotonic()))
        [t.join() for t in threads]
        last_other = max(done for _, _, done in others)
        slowest = max(took for _, took, _ in others)
        expect(all(status == 200 for status, _, _ in others) and all(parked[s][3] > last_other for s in sessions),
               f"Redis asleep {seconds} s: 20 other requests on w1's one worker answered 200 before the {len(sessions)} waiting for Redis"
               f" (slowest {slowest * 1000:.0f} ms; the waiting ones took {', '.join(f'{parked[s][2] * 1000:.0f}' for s in sessions)} ms)")
        if seconds < 1:
            status, _, took, _ = parked["paced"]
            expect(status == 500 and took > seconds / 2, f"a sequence's step counted by Redis once it woke: 500, the first step ({status})")
            entries = admin(port, "GET", "/requests?session=paced&local=1", headers={"X-Understudy-Session": "paced"})[1]["requests"]
            expect([e["scenario"] for e in entries] == ["server-error"], f"journaled under the scenario that answered ({[e['scenario'] for e in entries]})")
        else:
            # The unseen session's read comes after the count's timeout, on a new connection: Redis may be awake by then.
            status, body = parked["paced"][:2]
            expect(status == 503 and b"Redis" in body and parked["never-set"][0] in (200, 503) and parked["admin write"][0] in (200, 503),
                   f"past the 1 s reply timeout: 503 naming Redis for the sequence's count ({status}); the unseen session's read after it:"
                   f" {parked['never-set'][0]}; the admin write: {parked['admin write'][0]}")
    wait_until("w1 reconnects", lambda: admin(port, "GET", "/health")[1]["shared"]["status"] == "connected", 5)
    # Answered after the store's thread read the session: the answer's own delay is still served, parked again.
    t0 = time.monotonic()
    status = request(port, "GET", "/catfact/facts", headers={"X-Understudy-Session": "unseen-delayed", "X-Understudy-Delay": "300"})[0]
    took = time.monotonic() - t0
    expect(status == 200 and took >= 0.3, f"an unseen session's request with X-Understudy-Delay: 300, read from Redis first: {status} after {took * 1000:.0f} ms")
    stop("w1")


def files_hash(folder):
    """ScenarioFilesHash as Swift computes it: FNV-1a 64 over each regular file's relative path, a 0 and its bytes, in path order."""
    paths = []
    for base, folders, names in os.walk(folder):
        folders[:] = [f for f in folders if not f.startswith(".")]
        paths += [os.path.relpath(os.path.join(base, n), folder) for n in names if not n.startswith(".")]
    value = 0xcbf29ce484222325
    for path in sorted(paths):
        for byte in path.encode() + b"\0" + open(os.path.join(folder, path), "rb").read():
            value = ((value ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return f"fnv1a64:{value:x}"


finish(main)

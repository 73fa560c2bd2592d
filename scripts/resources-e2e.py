#!/usr/bin/env python3
"""A scenario file's resources from outside the Swift code: `understudy serve --scenario custom-routes` and its
/myapp/todos collection driven by httpx, checked against a reference model of the contract in Python by Hypothesis's
stateful testing (random lists, filters, pages, creates, replaces, merge patches, deletes, ended sessions and admin
seeds across a pool of sessions, every status and body compared, key order included); then 100 sessions writing at
once, the memory 200 sessions' writes take and give back, and the hostile cases (a body past the limit, deep nesting,
CR/LF and placeholders as data, 12,000 POSTs to one session).

Usage: scripts/resources-e2e.py BINARY   (scripts/resources-e2e.sh makes the venv). Exit status 1 when anything
disagrees. The stateful run is derandomized: a failure reproduces by running the script again.
"""
import copy, json, os, sys, threading, time
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import parse_qsl, urlsplit

import httpx
from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule, run_state_machine_as_test

from e2e_support import check, rss_kb, start, summary

PATH = "/myapp/todos"
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
with open(os.path.join(ROOT, "scenarios/data/myapp/todos.json")) as seed_file:
    SEED = json.load(seed_file)
PER_PAGE = 20  # custom-routes.yaml: page: {style: page, size: 20}
SESSIONS = [None, "alpha", "beta", "gamma"]  # None: the requests without X-Understudy-Session (the global copy)
ADMIN = {"Content-Type": "application/json"}


# The reference model of the contract.

def shape(value):
    """A JSON value as a comparable structure that keeps objects' key order and tells true from 1."""
    if isinstance(value, dict):
        return ("object", [(key, shape(member)) for key, member in value.items()])
    if isinstance(value, list):
        return ("array", [shape(member) for member in value])
    return (type(value).__name__, value)


def as_text(value):
    """How a filter sees a member: strings as is, numbers as written (as json.dumps wrote them), true, false, null;
    arrays and objects never match (None)."""
    if isinstance(value, (list, dict)):
        return None
    if isinstance(value, str):
        return value
    return json.dumps(value)


def grouped(pairs):
    values = {}
    for key, value in pairs:
        values.setdefault(key, []).append(value)
    return values


def merge_patch(target, patch):
    """RFC 7396, keeping the target's key order and appending new keys."""
    if not isinstance(patch, dict):
        return copy.deepcopy(patch)
    result = copy.deepcopy(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = merge_patch(result.get(key), value)
    return result


class Model:
    def __init__(self):
        self.copies = {}

    def items(self, session):
        return self.copies.setdefault(session, copy.deepcopy(SEED))

    def find(self, session, ident):
        return next((item for item in self.items(session) if item.get("id") == ident), None)

    def next_id(self, session):
        ids = [item["id"] for item in self.items(session) if isinstance(item.get("id"), int)]
        return max(ids) + 1 if ids else 1


def is_id(value):
    return isinstance(value, int) and not isinstance(value, bool)


# What Hypothesis generates.

KEYS = ["title", "done", "list", "n", "tags", "meta", "note"]
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-1000, 1000), st.integers(-10**20, 10**20),
    st.sampled_from([1.5, -0.25, 1e20, 3.0, -0.0]),
    st.text(max_size=6), st.sampled_from(["work", "home", "", "a b", "line\r\nbreak", "{{uuid}}", "é€😀", "q\"\\/"]))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(KEYS), inner, max_size=3),
                      max_leaves=6)
OBJECTS = st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=4)
NOT_OBJECTS = st.sampled_from(["[]", "[1]", "1", "\"text\"", "null", "true", "", "{", "{\"a\":}", "not json"])
BAD_IDS = st.sampled_from([-1, 1.5, "3", True, [1], {"id": 1}])


class Resources(RuleBasedStateMachine):
    """Every rule sends one request and compares the answer with the model's."""
    client = None
    base = None
    steps = 0

    def __init__(self):
        super().__init__()
        self.model = Model()

    @initialize()
    def reset(self):
        answer = self.client.post(self.base + "/__admin/reset")
        assert answer.status_code == 200, f"reset: {answer.status_code} {answer.text}"

    # Helpers.

    def send(self, method, session, path=PATH, **options):
        Resources.steps += 1
        headers = dict(options.pop("headers", {}))
        if session is not None:
            headers["X-Understudy-Session"] = session
        return self.client.request(method, self.base + path, headers=headers, **options)

    def expect(self, answer, status, body=None, what=""):
        label = f"{answer.request.method} {answer.request.url} {what}"
        assert answer.status_code == status, f"{label}: status {answer.status_code}, the model says {status}; body {answer.text[:500]}"
        if status == 204:
            assert answer.content == b"", f"{label}: 204 with a body {answer.content[:200]!r}"
            return
        try:
            got = json.loads(answer.content)
        except ValueError:
            raise AssertionError(f"{label}: a body that is not JSON: {answer.content[:300]!r}")
        if status >= 400:
            assert isinstance(got, dict) and list(got) == ["error", "detail"] and all(isinstance(v, str) for v in got.values()), \
                f"{label}: an error body not {{error, detail}}: {answer.text[:300]}"
        elif shape(got) != shape(body):
            raise AssertionError(f"{label}: body\n  {answer.text[:2000]}\nthe model's\n  {json.dumps(body, ensure_ascii=False)[:2000]}")

    def any_id(self, data, session):
        held = [item["id"] for item in self.model.items(session) if "id" in item]
        return data.draw(st.sampled_from(held) if held and data.draw(st.booleans()) else st.integers(0, 40))

    # Lists.

    def check_list(self, session, filters, page=None, per_page=None):
        params = list(filters)
        if page is not None:
            params.append(("page", page))
        if per_page is not None:
            params.append(("per_page", per_page))
        answer = self.send("GET", session, params=params)
        page_ok = page is None or (page.isdigit() and 1 <= int(page) <= 1_000_000_000)
        per_page_ok = per_page is None or (per_page.isdigit() and 1 <= int(per_page) <= 100)
        if not (page_ok and per_page_ok):
            self.expect(answer, 400, what="(bad page or per_page)")
            return
        wanted = {}
        for key, value in filters:
            wanted.setdefault(key, set()).add(value)
        matching = [item for item in self.model.items(session)
                    if all(key in item and as_text(item[key]) in values for key, values in wanted.items())]
        number, size = int(page or 1), int(per_page or PER_PAGE)
        self.expect(answer, 200, matching[(number - 1) * size:number * size])
        assert answer.headers.get("X-Total-Count") == str(len(matching)), \
            f"X-Total-Count {answer.headers.get('X-Total-Count')}, the model says {len(matching)}"
        links = {}
        for part in filter(None, (answer.headers.get("Link") or "").split(", <")):
            url, rel = part.lstrip("<").split(">; rel=")
            links[rel.strip('"')] = url
        expected = {}
        if number * size < len(matching):
            expected["next"] = number + 1
        if number > 1:
            expected["prev"] = number - 1
        assert set(links) == set(expected), f"Link {answer.headers.get('Link')!r}, the model says rels {sorted(expected)}"
        for rel, url in links.items():
            parts = urlsplit(url)
            query = parse_qsl(parts.query, keep_blank_values=True)
            assert f"{parts.scheme}://{parts.netloc}{parts.path}" == self.base + PATH, f"Link {rel}: {url}"
            # The filters come back grouped by key (the same filter); per_page when the request gave it.
            assert grouped(pair for pair in query if pair[0] not in ("page", "per_page")) == grouped(filters), f"Link {rel} filters: {url}"
            paging = sorted(pair for pair in query if pair[0] in ("page", "per_page"))
            assert paging in ([("page", str(expected[rel])), ("per_page", str(size))],) + (() if per_page else ([("page", str(expected[rel]))],)), \
                f"Link {rel} paging: {url}"

    def some_filters(self, data, session):
        filters = []
        for _ in range(data.draw(st.integers(1, 3))):
            key = data.draw(st.sampled_from(KEYS + ["id"]))
            present = [as_text(item[key]) for item in self.model.items(session) if key in item and as_text(item[key]) is not None]
            value = data.draw(st.sampled_from(present)) if present and data.draw(st.booleans()) else data.draw(
                st.sampled_from(["work", "true", "false", "null", "1", "x y", ""]))
            filters.append((key, value))
        return filters

    @rule(session=st.sampled_from(SESSIONS))
    def list_all(self, session):
        self.check_list(session, [])

    @rule(session=st.sampled_from(SESSIONS), data=st.data())
    def list_filtered(self, session, data):
        self.check_list(session, self.some_filters(data, session))

    @rule(session=st.sampled_from(SESSIONS), data=st.data(),
          page=st.one_of(st.none(), st.integers(1, 6).map(str), st.sampled_from(["0", "-1", "abc", "", "1000000001"])),
          per_page=st.one_of(st.none(), st.integers(1, 4).map(str), st.sampled_from(["100", "0", "101", "x", ""])))
    def list_paged(self, session, data, page, per_page):
        filters = self.some_filters(data, session) if data.draw(st.booleans()) else []
        self.check_list(session, filters, page, per_page)

    # One item.

    @rule(session=st.sampled_from(SESSIONS), data=st.data(), zeros=st.booleans())
    def get(self, session, data, zeros):
        ident = self.any_id(data, session)
        answer = self.send("GET", session, f"{PATH}/{'00' if zeros else ''}{ident}")
        item = self.model.find(session, ident)
        self.expect(answer, 200 if item else 404, item)

    @rule(session=st.sampled_from(SESSIONS), body=OBJECTS, data=st.data(),
          how=st.sampled_from(["absent", "null", "given", "taken", "bad"]))
    def create(self, session, body, data, how):
        body = dict(body)
        if how == "null":
            body["id"] = None
        elif how == "given":
            body["id"] = data.draw(st.integers(0, 40))
        elif how == "taken" and self.model.items(session):
            body["id"] = data.draw(st.sampled_from([item["id"] for item in self.model.items(session)]))
        elif how == "bad":
            body["id"] = data.draw(BAD_IDS)
        if "id" in body and data.draw(st.booleans()):  # the id elsewhere than first
            body = {**{k: v for k, v in body.items() if k != "id"}, "id": body["id"]}
        answer = self.send("POST", session, content=json.dumps(body).encode())
        ident = body.get("id")
        if ident is not None and not (is_id(ident) and ident >= 0):
            self.expect(answer, 400, what="(a bad id)")
        elif ident is not None and self.model.find(session, ident):
            self.expect(answer, 409, what="(a taken id)")
        else:
            if ident is None:
                item = {"id": self.model.next_id(session), **{k: v for k, v in body.items() if k != "id"}}
            else:
                item = body
            self.expect(answer, 201, item)
            location = answer.headers.get("Location")
            assert location == f"{self.base}{PATH}/{item['id']}", f"Location {location!r}, the model says {item['id']}"
            self.model.items(session).append(item)

    @rule(session=st.sampled_from(SESSIONS), body=NOT_OBJECTS)
    def create_not_an_object(self, session, body):
        self.expect(self.send("POST", session, content=body.encode()), 400, what="(not an object)")

    @rule(session=st.sampled_from(SESSIONS), body=OBJECTS, data=st.data(), how=st.sampled_from(["absent", "same", "other"]))
    def replace(self, session, body, data, how):
        ident = self.any_id(data, session)
        current = self.model.find(session, ident)
        body = dict(body)
        if how == "same":
            body["id"] = ident
        elif how == "other" and current:  # (a missing item with a wrong id: which of 404 and 400 comes first is open)
            body["id"] = ident + data.draw(st.integers(1, 5))
        answer = self.send("PUT", session, f"{PATH}/{ident}", content=json.dumps(body).encode())
        if not current:
            self.expect(answer, 404)
        elif body.get("id", ident) != ident:
            self.expect(answer, 400, what="(another id)")
        else:
            item = body if "id" in body else {"id": ident, **body}
            self.expect(answer, 200, item)
            items = self.model.items(session)
            items[items.index(current)] = item

    def some_patch(self, data, current):
        patch = {}
        for key in data.draw(st.lists(st.sampled_from(KEYS + list(current or {})), max_size=4, unique=True)):
            if key == "id":
                continue
            if isinstance((current or {}).get(key), dict) and data.draw(st.booleans()):
                inner = list(current[key]) + KEYS
                patch[key] = {k: data.draw(st.none() | VALUES) for k in data.draw(st.lists(st.sampled_from(inner), max_size=3, unique=True))}
            else:
                patch[key] = data.draw(st.none() | VALUES)
        return patch

    @rule(session=st.sampled_from(SESSIONS), data=st.data(), how=st.sampled_from(["absent", "same", "other"]))
    def patch(self, session, data, how):
        ident = self.any_id(data, session)
        current = self.model.find(session, ident)
        patch = self.some_patch(data, current)
        if current and how == "same":
            patch["id"] = ident
        elif current and how == "other":
            patch["id"] = ident + 1
        answer = self.send("PATCH", session, f"{PATH}/{ident}", content=json.dumps(patch).encode(),
                           headers={"Content-Type": "application/merge-patch+json"})
        if not current:
            self.expect(answer, 404)
        elif how == "other":
            self.expect(answer, 400, what="(the id changed)")
        else:
            item = merge_patch(current, patch)
            self.expect(answer, 200, item)
            items = self.model.items(session)
            items[items.index(current)] = item

    @rule(session=st.sampled_from(SESSIONS), data=st.data(), body=NOT_OBJECTS, method=st.sampled_from(["PUT", "PATCH"]))
    def write_not_an_object(self, session, data, body, method):
        held = self.model.items(session)
        if held:
            ident = data.draw(st.sampled_from(held))["id"]
            self.expect(self.send(method, session, f"{PATH}/{ident}", content=body.encode()), 400, what="(not an object)")

    @rule(session=st.sampled_from(SESSIONS), data=st.data())
    def delete(self, session, data):
        ident = self.any_id(data, session)
        current = self.model.find(session, ident)
        answer = self.send("DELETE", session, f"{PATH}/{ident}")
        self.expect(answer, 204 if current else 404)
        if current:
            self.model.items(session).remove(current)

    @rule(session=st.sampled_from(SESSIONS), which=st.sampled_from([("PUT", PATH), ("DELETE", PATH), ("POST", PATH + "/1")]))
    def wrong_method(self, session, which):
        answer = self.send(which[0], session, which[1])
        self.expect(answer, 405)
        assert answer.headers.get("Allow"), "405 without Allow"

    # Sessions and the admin API.

    @rule(session=st.sampled_from(SESSIONS[1:]))
    def end_session(self, session):
        answer = self.client.delete(f"{self.base}/__admin/sessions/{session}")
        assert answer.status_code in (200, 204, 404), f"ending {session}: {answer.status_code} {answer.text}"
        self.model.copies.pop(session, None)

    def admin_url(self, session):
        return f"{self.base}/__admin/resources" if session is None else f"{self.base}/__admin/sessions/{session}/resources"

    @rule(session=st.sampled_from(SESSIONS), data=st.data())
    def admin_seed(self, session, data):
        ids = data.draw(st.lists(st.integers(0, 30), max_size=5, unique=True))
        items = [{"id": ident, **data.draw(OBJECTS)} for ident in ids]
        items = [{k: v for k, v in item.items() if k != "id"} | {"id": item["id"]} if data.draw(st.booleans()) else item
                 for item in items]
        answer = self.client.put(self.admin_url(session), params={"path": PATH}, content=json.dumps(items).encode(), headers=ADMIN)
        assert answer.status_code == 200, f"seeding {session}: {answer.status_code} {answer.text}"
        self.model.copies[session] = items

    @rule(session=st.sampled_from(SESSIONS), bad=st.sampled_from([
        [{"id": 1}, {"id": 1}], [{"title": "no id"}], [{"id": "1"}], [{"id": -1}], [{"id": 1.5}], [1], {"id": 1}]))
    def admin_seed_refused(self, session, bad):
        answer = self.client.put(self.admin_url(session), params={"path": PATH}, content=json.dumps(bad).encode(), headers=ADMIN)
        # A duplicate id answers 409 (a conflict); anything else malformed 400.
        assert answer.status_code in (400, 409), f"seeding {session} with {bad}: {answer.status_code} {answer.text}"

    @rule(session=st.sampled_from(SESSIONS))
    def admin_read(self, session):
        answer = self.client.get(self.admin_url(session), params={"path": PATH})
        self.expect(answer, 200, self.model.items(session), what="(admin read)")


def stateful(base, client):
    Resources.client, Resources.base = client, base
    Resources.TestCase.settings = settings(max_examples=int(os.environ.get("RESOURCES_E2E_EXAMPLES", "500")), stateful_step_count=30,
                                           deadline=None, derandomize=True, database=None,
                                           suppress_health_check=list(HealthCheck))
    began = time.monotonic()
    try:
        run_state_machine_as_test(Resources, settings=Resources.TestCase.settings)
        failure = None
    except Exception as error:  # the shortest failing program, and each distinct failure's message
        failure = error
        import traceback
        print("".join(traceback.format_exception(error))[-12000:])
    seconds = time.monotonic() - began
    check(failure is None, f"stateful: {Resources.steps} requests against the model in {seconds:.1f} s"
          + (f": {str(failure).splitlines()[0][:600] if str(failure) else type(failure).__name__}" if failure else ""))


def parallel_sessions(base):
    """100 sessions at once, each posting its own items and listing: each sees only the seed and its own."""
    run = f"par-{os.getpid()}"

    def one(index):
        session = f"{run}-{index}"
        with httpx.Client(timeout=30, headers={"X-Understudy-Session": session}) as client:
            mine = []
            for n in range(5):
                answer = client.post(base + PATH, json={"title": f"{session} #{n}", "owner": index})
                if answer.status_code != 201:
                    return f"{session}: POST {answer.status_code}"
                mine.append(answer.json())
            listed = client.get(base + PATH, params={"per_page": 100}).json()
            mine_by_filter = client.get(base + PATH, params={"owner": index}).json()
            if listed != SEED + mine or mine_by_filter != mine or [m["id"] for m in mine] != [4, 5, 6, 7, 8]:
                return f"{session}: listed {len(listed)} items, {len(mine_by_filter)} by owner"
        return None

    httpx.post(base + "/__admin/reset", timeout=30)
    began = time.monotonic()
    with ThreadPoolExecutor(100) as pool:
        problems = [p for p in pool.map(one, range(100)) if p]
    seconds = time.monotonic() - began
    with httpx.Client(timeout=30) as client:
        untouched = client.get(base + PATH).json() == SEED
        for index in range(100):
            client.delete(f"{base}/__admin/sessions/{run}-{index}")
    check(not problems and untouched, f"100 sessions at once, 5 POSTs each: each lists the seed and its own 5, the global copy "
          f"untouched ({seconds:.1f} s){': ' + '; '.join(problems[:3]) if problems else ''}")


def memory(base, server):
    """200 sessions write ~1 MB each (16 items of 62 KB): resident memory grows, and most of it is given back once they
    end. 200 MB is past the 128 MiB bound of all sessions: the writes past it are refused (413) and change nothing."""
    run = f"mem-{os.getpid()}"
    filler = "x" * (62 * 1024)
    counts, lock = {}, threading.Lock()

    def one(index):
        with httpx.Client(timeout=60, headers={"X-Understudy-Session": f"{run}-{index}"}) as client:
            for n in range(16):
                status = client.post(base + PATH, json={"n": n, "filler": filler}).status_code
                with lock:
                    counts[status] = counts.get(status, 0) + 1

    with httpx.Client(timeout=60) as client:
        client.post(base + "/__admin/reset")
        time.sleep(1)
        before = rss_kb(server.pid)
        with ThreadPoolExecutor(8) as pool:
            list(pool.map(one, range(200)))
        full = rss_kb(server.pid)
        accepted_mb = counts.get(201, 0) * len(filler) / 1048576
        check(counts.get(201, 0) >= 1800 and set(counts) <= {201, 413} and accepted_mb <= 128,
              f"200 sessions × 16 items of 62 KB: {counts} ({accepted_mb:.0f} MB kept, at most 128 MiB)")
        refused = client.post(base + PATH, headers={"X-Understudy-Session": f"{run}-late"}, json={"filler": filler})
        for index in range(200):
            client.delete(f"{base}/__admin/sessions/{run}-{index}")
        time.sleep(2)
        after = rss_kb(server.pid)
        again = client.post(base + PATH, headers={"X-Understudy-Session": f"{run}-late"}, json={"filler": filler})
        grown, kept = full - before, after - before
        check(grown > 64 * 1024 and kept < grown / 2,
              f"resident memory: {before // 1024} MB before, {full // 1024} MB with 200 sessions written (+{grown // 1024} MB), "
              f"{after // 1024} MB once they ended (+{kept // 1024} MB kept)")
        check(refused.status_code == 413 and again.status_code == 201,
              f"past 128 MiB in all a new session's write is refused ({refused.status_code}), once the sessions ended "
              f"it is accepted ({again.status_code})")
        client.delete(f"{base}/__admin/sessions/{run}-late")
        # The same writes again: the memory the ended sessions held serves them (nothing leaked).
        counts.clear()
        with ThreadPoolExecutor(8) as pool:
            list(pool.map(one, range(200)))
        second = rss_kb(server.pid)
        for index in range(200):
            client.delete(f"{base}/__admin/sessions/{run}-{index}")
        check(second - full < 32 * 1024, f"the same writes again: {second // 1024} MB ({(second - full) // 1024:+} MB on the first round's peak; {counts})")


def hostile(base, server):
    session = f"hostile-{os.getpid()}"
    headers = {"X-Understudy-Session": session}
    with httpx.Client(timeout=60, headers=headers) as client:
        client.post(base + "/__admin/reset")
        listed = lambda: client.get(base + PATH, params={"per_page": 100})

        # A body past the server's request body limit (1 MiB): 413, nothing changed.
        answer = client.post(base + PATH, content=b'{"filler":"' + b"x" * (2 << 20) + b'"}')
        check(answer.status_code == 413 and listed().json() == SEED, f"a 2 MiB body: {answer.status_code}, nothing changed")
        # An item past 64 KiB (within the body limit): 413, nothing changed; the same through PUT and PATCH.
        big = {"filler": "x" * (65 * 1024)}
        statuses = [client.post(base + PATH, json=big).status_code, client.put(base + PATH + "/1", json=big).status_code,
                    client.patch(base + PATH + "/1", json=big).status_code]
        check(statuses == [413] * 3 and listed().json() == SEED, f"an item of 65 KiB through POST, PUT, PATCH: {statuses}, nothing changed")

        # Deep nesting: 100,000 `[` (and `{"a":` ×100,000) answer 400 at once.
        for name, body in [("100,000 [", b"[" * 100000), ('100,000 {"a":', b'{"a":' * 100000), ("an object holding 100,000 [", b'{"a":' + b"[" * 100000)]:
            began = time.monotonic()
            answer = client.post(base + PATH, content=body)
            seconds = time.monotonic() - began
            check(answer.status_code == 400 and seconds < 2, f"{name}: {answer.status_code} in {seconds * 1000:.0f} ms")
        deep_patch = client.patch(base + PATH + "/1", content=b'{"a":' + b"[" * 100000)
        check(deep_patch.status_code == 400, f"a PATCH of 100,000 nested [: {deep_patch.status_code}")

        # CR/LF and placeholder text are data: stored and answered verbatim, and a filter finds them.
        text = "first\r\nX-Injected: yes\r\n\r\n{{uuid}} {{id}} {{origin}}"
        created = client.post(base + PATH, json={"title": text})
        ident = created.json().get("id") if created.status_code == 201 else None
        read = client.get(f"{base}{PATH}/{ident}")
        found = client.get(base + PATH, params={"title": text}).json()
        check(created.status_code == 201 and read.json() == {"id": ident, "title": text} and "X-Injected" not in read.headers
              and found == [{"id": ident, "title": text}], f"CR/LF and {{{{uuid}}}} in a value round-trip as data ({created.status_code})")
        crlf_id = client.get(base + PATH + "/1%0D%0AX-Injected:%20yes")
        check(crlf_id.status_code in (400, 404) and "X-Injected" not in crlf_id.headers, f"CR/LF in the path's id: {crlf_id.status_code}")
        huge = client.get(base + PATH + "/99999999999999999999999")
        huge_page = client.get(base + PATH, params={"page": "99999999999999999999999"})
        check(huge.status_code == 404 and huge_page.status_code == 400, f"an id and a page past 64 bits: {huge.status_code}, {huge_page.status_code}")

        # A merge patch's null removes its key, and an item's id cannot change: {"id": null} is refused.
        removed = client.patch(base + PATH + "/2", json={"id": None, "title": "renamed"})
        check(removed.status_code == 400 and client.get(base + PATH + "/2").json() == SEED[1],
              f"a PATCH removing the id ({{\"id\": null}}): {removed.status_code} {removed.text[:120]}")

        # 12,000 POSTs to one session: the first 10,000 accepted (with the seed's 3 and the one above, 9,996), then 413;
        # the list still answers.
        client.post(base + "/__admin/reset")
        statuses, began = {}, time.monotonic()
        for n in range(12000):
            status = client.post(base + PATH, json={"n": n}).status_code
            statuses[status] = statuses.get(status, 0) + 1
        seconds = time.monotonic() - began
        page = client.get(base + PATH, params={"page": 500, "per_page": 20})
        check(statuses == {201: 10000 - len(SEED), 413: 12000 - 10000 + len(SEED)} and page.status_code == 200
              and page.headers.get("X-Total-Count") == "10000" and len(page.json()) == 20,
              f"12,000 POSTs to one session: {statuses} in {seconds:.1f} s; the list answers ({page.status_code}, "
              f"X-Total-Count {page.headers.get('X-Total-Count')})")
        deleted = client.delete(f"{base}{PATH}/5000").status_code
        refill = client.post(base + PATH, json={"n": "refill"}).status_code
        check(deleted == 204 and refill == 201, f"after a DELETE the full session takes one more ({deleted}, {refill})")

        # 8 MiB a session: 140 items of 62 KB, the writes past it refused (413) with nothing changed; a PATCH growing
        # an item past it too.
        client.post(base + "/__admin/reset")
        filler = "x" * (62 * 1024)
        full = [client.post(base + PATH, json={"filler": filler}).status_code for _ in range(140)]
        held = client.get(base + PATH, params={"per_page": 1}).headers.get("X-Total-Count")
        grow = client.patch(base + PATH + "/1", json={"filler": filler})
        check(full.count(413) > 0 and set(full[full.index(413):]) == {413} and held == str(len(SEED) + full.count(201))
              and grow.status_code == 413 and client.get(base + PATH + "/1").json() == SEED[0],
              f"8 MiB a session: {full.count(201)} items of 62 KB accepted, then 413 ({grow.json().get('error')!r}); nothing changed")

        # The admin API's bounds: a seed of 10,001 items refused (a body past 64 KiB, or the item bound).
        seed = client.put(f"{base}/__admin/sessions/{session}/resources", params={"path": PATH}, headers=ADMIN,
                          content=json.dumps([{"id": n} for n in range(10001)]).encode())
        check(seed.status_code == 413, f"an admin seed of 10,001 items: {seed.status_code}")
        client.delete(f"{base}/__admin/sessions/{session}")

    health = httpx.get(base + "/__admin/health", timeout=10)
    check(health.status_code == 200 and server.poll() is None, f"the server stays healthy ({health.status_code}, RSS {rss_kb(server.pid) // 1024} MB)")


def main(binary):
    server, base, _ = start(binary, "--scenarios", os.path.join(ROOT, "scenarios"), "--scenario", "custom-routes")
    try:
        with httpx.Client(timeout=30) as client:
            stateful(base, client)
        parallel_sessions(base)
        hostile(base, server)
        memory(base, server)
    finally:
        server.kill()
    return summary("resources-e2e")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/understudy"))

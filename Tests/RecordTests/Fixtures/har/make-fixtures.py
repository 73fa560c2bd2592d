#!/usr/bin/env python3
"""Writes the HAR fixtures of Tests/RecordTests (HARImport*Tests), each in the shape its exporter writes:
Chrome's DevTools (WebInspector: HTTP/2 pseudo-headers, _initiator/_resourceType/_transferSize, decoded text with
the Content-Encoding header kept), Firefox (dates with the local zone offset, entries not in start order, a body
left out, form postData with params), Safari's Web Inspector (WebKit Web Inspector: _fetchType, postData with
params [], an empty startedDateTime, _error), Proxyman (every body base64 as it came over the wire: gzip, deflate,
br with Content-Encoding kept). Run once and commit the output; the tests never run it.

Every secret below is a unique string the tests grep every written file for.
Brotli comes from the system's libbrotlienc through ctypes (libbrotli-dev), so no pip package is needed.
"""
import base64
import ctypes
import gzip
import json
import os
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def brotli(data: bytes) -> bytes:
    lib = ctypes.CDLL("libbrotlienc.so.1")
    size = ctypes.c_size_t(len(data) + 1024)
    out = ctypes.create_string_buffer(size.value)
    # BrotliEncoderCompress(quality, lgwin, mode, input_size, input, *encoded_size, encoded)
    ok = lib.BrotliEncoderCompress(11, 22, 0, ctypes.c_size_t(len(data)), data, ctypes.byref(size), out)
    assert ok == 1
    return out.raw[: size.value]


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def dump(name, creator, entries, pages=None, browser=None):
    log = {"version": "1.2", "creator": creator}
    if browser:
        log["browser"] = browser
    log["pages"] = pages or []
    log["entries"] = entries
    with open(os.path.join(HERE, name), "w") as f:
        json.dump({"log": log}, f, indent=2, ensure_ascii=False)
        f.write("\n")


def compact(value) -> str:
    return json.dumps(value, separators=(",", ":"))


PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082")

# ---------------------------------------------------------------- Chrome (DevTools "Save all as HAR with content")

CHROME_API = "https://api.example.com/v1"


def chrome_entry(t, method, url, status, body=None, mime="application/json", req_headers=(), resp_headers=(),
                 post=None, encoding=None, wait=40.25, error=None, resource="fetch", redirect=""):
    path = url.split("://", 1)[1]
    authority, _, rest = path.partition("/")
    query = url.split("?", 1)[1] if "?" in url else ""
    headers = [{"name": ":authority", "value": authority}, {"name": ":method", "value": method},
               {"name": ":path", "value": "/" + rest}, {"name": ":scheme", "value": "https"},
               {"name": "accept", "value": "application/json, text/plain, */*"},
               {"name": "accept-encoding", "value": "gzip, deflate, br, zstd"},
               {"name": "user-agent", "value": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 "
                                               "(KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36"}]
    headers += [{"name": n, "value": v} for n, v in req_headers]
    request = {"method": method, "url": url, "httpVersion": "http/2.0", "headers": headers,
               "queryString": [{"name": p.split("=")[0], "value": p.split("=", 1)[1] if "=" in p else ""}
                               for p in query.split("&") if p],
               "cookies": [], "headersSize": -1, "bodySize": len(post[1]) if post else 0}
    if post:
        request["postData"] = {"mimeType": post[0], "text": post[1]}
    content = {"size": len(body.encode()) if isinstance(body, str) else len(body or b""), "mimeType": mime}
    if body is not None:
        content["text"] = body if encoding is None else b64(body)
        if encoding:
            content["encoding"] = encoding
    if status:
        content["compression"] = 120
    response = {"status": status, "statusText": "", "httpVersion": "http/2.0" if status else "",
                "headers": [{"name": n, "value": v} for n, v in resp_headers],
                "cookies": [], "content": content, "redirectURL": redirect, "headersSize": -1, "bodySize": -1,
                "_transferSize": 0 if not status else 412, "_error": error}
    timings = {"blocked": 1.04, "dns": -1, "ssl": -1, "connect": -1, "send": 0.19, "wait": wait,
               "receive": 0.77, "_blocked_queueing": 0.63, "_workerStart": -1, "_workerReady": -1,
               "_workerFetchStart": -1, "_workerRespondWithSettled": -1}
    if not status:
        timings.update({"send": 0, "wait": -1, "receive": 0})
    return {"_connectionId": "18342", "_initiator": {"type": "script", "stack": {"callFrames": [
        {"functionName": "load", "scriptId": "12", "url": "https://app.example.com/main.js", "lineNumber": 40,
         "columnNumber": 17}]}}, "_priority": "High", "_resourceType": resource, "cache": {}, "connection": "443",
            "pageref": "page_1", "request": request, "response": response, "serverIPAddress": "93.184.216.34",
            "startedDateTime": "2024-05-02T09:15:%06.3fZ" % t, "time": wait + 2.6 if status else 0.91,
            "timings": timings}


JSON_HEADERS = [("content-type", "application/json; charset=utf-8"), ("content-encoding", "gzip"),
                ("date", "Thu, 02 May 2024 09:15:01 GMT"), ("server", "nginx"), ("vary", "Accept-Encoding"),
                ("x-request-id", "7d1c2b0e")]
AUTH = [("authorization", "Bearer chr-bearer-7f3a9c2e5b1d"), ("cookie", "sid=chr-cookie-51ab9e0c; theme=dark")]

users = {"count": 2, "next": CHROME_API + "/users?page=2", "results": [
    {"id": 1, "name": "Ada", "avatar": CHROME_API + "/avatars/1.png"},
    {"id": 2, "name": "Grace", "avatar": CHROME_API + "/avatars/2.png"}]}
chrome = [
    chrome_entry(1.0, "GET", "https://app.example.com/", 200, "<!doctype html><title>App</title>", "text/html",
                 resp_headers=[("content-type", "text/html")], resource="document"),
    chrome_entry(1.1, "OPTIONS", CHROME_API + "/users?page=1", 204, "", "x-unknown", resource="preflight",
                 resp_headers=[("access-control-allow-origin", "https://app.example.com")]),
    chrome_entry(1.15, "GET", CHROME_API + "/users?page=1", 200, compact(users), req_headers=AUTH,
                 resp_headers=JSON_HEADERS + [("cache-control", "private, max-age=60"),
                                              ("link", '<%s/users?page=2>; rel="next"' % CHROME_API)], wait=80.5),
    chrome_entry(1.3, "GET", CHROME_API + "/avatars/1.png", 200, PNG, "image/png", encoding="base64",
                 resp_headers=[("content-type", "image/png")], resource="image"),
    chrome_entry(1.4, "POST", CHROME_API + "/login", 200,
                 compact({"access_token": "chr-access-4c2b8a1f9e", "refresh_token": "chr-refresh-83d1e6a0b7",
                          "token_type": "Bearer", "expires_in": 3600, "user": {"id": 1}}),
                 post=("application/json", compact({"username": "ada", "password": "chr-password-hunter22"})),
                 resp_headers=JSON_HEADERS + [("set-cookie", "session=chr-setcookie-2f4e6a8c; Path=/; HttpOnly")]),
    chrome_entry(1.5, "GET", CHROME_API + "/me?access_token=chr-query-token-0d9e8f", 200,
                 compact({"id": 1, "name": "Ada", "note": "signed in with chr-access-4c2b8a1f9e"}),
                 resp_headers=JSON_HEADERS),
    chrome_entry(1.6, "GET", CHROME_API + "/cart", 503, compact({"error": "busy"}), req_headers=AUTH,
                 resp_headers=JSON_HEADERS + [("retry-after", "1")], wait=12.4),
    chrome_entry(1.7, "GET", CHROME_API + "/cart", 200, compact({"items": []}), req_headers=AUTH,
                 resp_headers=JSON_HEADERS, wait=33.3),
    chrome_entry(1.8, "POST", CHROME_API + "/cart", 201, compact({"id": 7}), req_headers=AUTH,
                 post=("application/json", compact({"id": 7})),
                 resp_headers=JSON_HEADERS + [("location", CHROME_API + "/cart/7")]),
    chrome_entry(1.9, "GET", CHROME_API + "/cart", 200, compact({"items": [{"id": 7}]}), req_headers=AUTH,
                 resp_headers=JSON_HEADERS, wait=51.6),
    chrome_entry(2.0, "GET", CHROME_API + "/old-profile", 301, None, "x-unknown",
                 resp_headers=[("location", CHROME_API + "/me"), ("content-length", "0")], redirect=CHROME_API + "/me"),
    chrome_entry(2.1, "GET", CHROME_API + "/slow", 0, None, "x-unknown", error="net::ERR_ABORTED"),
    chrome_entry(2.2, "GET", CHROME_API + "/users/2", 304, "", "application/json",
                 resp_headers=[("etag", 'W/"u2"')]),
    chrome_entry(2.3, "DELETE", CHROME_API + "/cart/7", 204, "", "x-unknown", req_headers=AUTH,
                 resp_headers=[("date", "Thu, 02 May 2024 09:15:03 GMT")]),
    chrome_entry(2.4, "GET", CHROME_API + "/users/1", 200,
                 json.dumps({"id": 1, "name": "Ada", "avatar": CHROME_API + "/avatars/1.png"}, indent=2),
                 resp_headers=JSON_HEADERS),
]
dump("chrome.har", {"name": "WebInspector", "version": "537.36"}, chrome,
     pages=[{"startedDateTime": "2024-05-02T09:15:01.000Z", "id": "page_1", "title": "https://app.example.com/",
             "pageTimings": {"onContentLoad": 118.4, "onLoad": 240.9}}])

# ---------------------------------------------------------------- Firefox ("Save All As HAR")

SHOP = "https://shop.example.org/api"


def firefox_entry(clock, method, url, status, body, mime="application/json", req_headers=(), resp_headers=(),
                  post=None, wait=42, comment=None, size=None):
    query = url.split("?", 1)[1] if "?" in url else ""
    request = {"bodySize": len(post["text"]) if post else 0, "method": method, "url": url, "httpVersion": "HTTP/2",
               "headers": [{"name": "Host", "value": "shop.example.org"},
                           {"name": "User-Agent", "value": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:125.0) "
                                                           "Gecko/20100101 Firefox/125.0"},
                           {"name": "Accept", "value": "*/*"}, {"name": "Accept-Language", "value": "en-US,en;q=0.5"},
                           {"name": "Accept-Encoding", "value": "gzip, deflate, br"}]
               + [{"name": n, "value": v} for n, v in req_headers],
               "cookies": [], "queryString": [{"name": p.split("=")[0], "value": p.split("=", 1)[1]}
                                              for p in query.split("&") if p], "headersSize": 512}
    if post:
        request["postData"] = post
    content = {"mimeType": mime, "size": size if size is not None else len(body or "")}
    if body is not None:
        content["text"] = body
    if comment:
        content["comment"] = comment
    return {"pageref": "page_1", "startedDateTime": "2024-05-02T11:20:%s+02:00" % clock,
            "request": request,
            "response": {"status": status, "statusText": "OK", "httpVersion": "HTTP/2",
                         "headers": [{"name": "content-type", "value": mime}] + [{"name": n, "value": v} for n, v in
                                                                                   resp_headers],
                         "cookies": [], "content": content, "redirectURL": "", "headersSize": 300, "bodySize": 140},
            "cache": {}, "timings": {"blocked": 0, "dns": 0, "connect": 0, "ssl": 0, "send": 0, "wait": wait,
                                     "receive": 0}, "time": wait, "_securityState": "secure",
            "serverIPAddress": "203.0.113.8", "connection": "443"}


COOKIE = [("Cookie", "shop_session=ffx-cookie-c0ffee42")]
firefox = [
    # Not in start order, as Firefox writes a log whose requests overlapped: the import sorts them by date.
    firefox_entry("05.000", "GET", SHOP + "/cart", 200, compact({"items": [{"sku": "B-1"}]}), req_headers=COOKIE),
    firefox_entry("02.000", "GET", SHOP + "/products?category=books&api_key=ffx-apikey-77aa11bb", 200,
                  compact({"products": [{"sku": "B-1", "title": "Dune"}]})),
    firefox_entry("01.000", "POST", SHOP + "/session", 200, compact({"ok": True}),
                  post={"mimeType": "application/x-www-form-urlencoded",
                        "params": [{"name": "email", "value": "ada@example.org"},
                                   {"name": "password", "value": "ffx-password-correcthorse"}],
                        "text": "email=ada%40example.org&password=ffx-password-correcthorse"},
                  resp_headers=[("set-cookie", "shop_session=ffx-cookie-c0ffee42; Secure; HttpOnly")]),
    firefox_entry("03.000", "GET", SHOP + "/cart", 200, compact({"items": []}), req_headers=COOKIE),
    firefox_entry("04.000", "POST", SHOP + "/cart", 201, compact({"sku": "B-1"}), req_headers=COOKIE,
                  post={"mimeType": "application/json", "params": [], "text": compact({"sku": "B-1"})}),
    firefox_entry("03.500", "GET", SHOP + "/products/B-1", 200, None, size=512,
                  comment="Response bodies are not included."),
    firefox_entry("00.500", "GET", "https://fonts.example.net/inter.woff2", 200, None, "font/woff2", size=0),
]
dump("firefox.har", {"name": "Firefox", "version": "125.0"}, firefox, browser={"name": "Firefox", "version": "125.0"},
     pages=[{"startedDateTime": "2024-05-02T11:20:00.000+02:00", "id": "page_1", "title": "Shop",
             "pageTimings": {"onContentLoad": 210, "onLoad": 380}}])

# ---------------------------------------------------------------- Safari (Web Inspector, Export)

WEATHER = "https://api.weather.example/v2"
BASIC = "Basic " + b64(b"ada:saf-basic-pass-31")


def safari_entry(date, method, url, status, body, mime="application/json", req_headers=(), resp_headers=(),
                 post=None, encoding=None, error=None, fetch="Network Load", wait=31.2):
    query = url.split("?", 1)[1] if "?" in url else ""
    request = {"method": method, "url": url, "httpVersion": "HTTP/2" if status else "", "cookies": [],
               "headers": [{"name": "Accept", "value": "*/*"},
                           {"name": "User-Agent", "value": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) "
                                                           "AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 "
                                                           "Safari/605.1.15"}]
               + [{"name": n, "value": v} for n, v in req_headers],
               "queryString": [{"name": p.split("=")[0], "value": p.split("=", 1)[1]} for p in query.split("&") if p],
               "headersSize": 420, "bodySize": len(post["text"]) if post else 0}
    if post:
        request["postData"] = post
    content = {"size": len(body) if body is not None else 0, "compression": 0, "mimeType": mime}
    if body is not None:
        content["text"] = body if encoding is None else b64(body)
        if encoding:
            content["encoding"] = encoding
    response = {"status": status, "statusText": "OK" if status else "", "httpVersion": "HTTP/2" if status else "",
                "cookies": [], "headers": [{"name": n, "value": v} for n, v in resp_headers], "content": content,
                "redirectURL": "", "headersSize": 180 if status else -1, "bodySize": len(body or "") if status else -1}
    if status:
        response["_transferSize"] = 400
    if error:
        response["_error"] = error
    entry = {"pageref": "page_0", "startedDateTime": date, "time": wait + 4.1 if status else 0, "request": request,
             "response": response, "cache": {},
             "timings": {"blocked": 0.4, "dns": -1, "connect": -1, "ssl": -1, "send": 0.1, "wait": wait,
                         "receive": 3.6} if status else
             {"blocked": -1, "dns": -1, "connect": -1, "ssl": -1, "send": 0, "wait": 0, "receive": 0}}
    if status:
        entry["serverIPAddress"] = "198.51.100.23"
        entry["connection"] = "7"
        entry["_fetchType"] = fetch
    return entry


safari = [
    safari_entry("2024-05-02T10:00:01.250Z", "GET", WEATHER + "/forecast?city=Lisbon", 200,
                 compact({"city": "Lisbon", "days": [{"high": 24, "low": 15}], "radar": WEATHER + "/radar.png"}),
                 req_headers=[("Authorization", BASIC)],
                 resp_headers=[("Content-Type", "application/json"), ("Cache-Control", "max-age=300"),
                               ("ETag", '"f-1"')]),
    safari_entry("2024-05-02T10:00:01.400Z", "GET", WEATHER + "/radar.png", 200, PNG, "image/png", encoding="base64",
                 resp_headers=[("Content-Type", "image/png")]),
    safari_entry("2024-05-02T10:00:01.500Z", "POST", WEATHER + "/token", 200,
                 compact({"id_token": "saf-id-token-a1b2c3d4", "expires_in": 600}),
                 post={"mimeType": "application/json", "params": [],
                       "text": compact({"grant_type": "client_credentials", "client_secret": "saf-client-secret-5e6f"})},
                 resp_headers=[("Content-Type", "application/json")]),
    safari_entry("", "GET", WEATHER + "/stream", 0, None, "", error="cancelled"),
    safari_entry("2024-05-02T10:00:02.000Z", "GET", WEATHER + "/alerts", 200, "[]", fetch="Memory Cache",
                 resp_headers=[("Content-Type", "application/json")], wait=0.0),
]
dump("safari.har", {"name": "WebKit Web Inspector", "version": "19618.1.15.11.14"}, safari,
     pages=[{"startedDateTime": "2024-05-02T10:00:01.000Z", "id": "page_0", "title": "https://weather.example/",
             "pageTimings": {"onContentLoad": 95.2, "onLoad": 160.8}}])

# ---------------------------------------------------------------- Proxyman (Export as HAR): bodies as on the wire

BACKEND = "https://backend.example.com/api"


def proxyman_entry(date, method, url, status, raw, coding=None, mime="application/json", req_headers=(),
                   resp_headers=(), post=None, wait=96):
    query = url.split("?", 1)[1] if "?" in url else ""
    headers = [("Content-Type", mime), ("Date", "Thu, 02 May 2024 12:00:00 GMT"), ("Connection", "keep-alive")]
    if coding:
        headers.append(("Content-Encoding", coding))
    wire = raw
    if coding == "gzip":
        wire = gzip.compress(raw, mtime=0)
    elif coding == "deflate":
        wire = zlib.compress(raw)
    elif coding == "br":
        wire = brotli(raw)
    headers.append(("Content-Length", str(len(wire))))
    request = {"method": method, "url": url, "httpVersion": "HTTP/1.1", "cookies": [],
               "headers": [{"name": "Host", "value": "backend.example.com"}, {"name": "Accept", "value": "*/*"},
                           {"name": "User-Agent", "value": "ShopApp/3.2 (iPhone; iOS 17.4; Scale/3.00)"}]
               + [{"name": n, "value": v} for n, v in req_headers],
               "queryString": [{"name": p.split("=")[0], "value": p.split("=", 1)[1]} for p in query.split("&") if p],
               "headersSize": 230, "bodySize": len(post["text"]) if post else 0}
    if post:
        request["postData"] = post
    return {"startedDateTime": date, "time": wait + 20,
            "request": request,
            "response": {"status": status, "statusText": "OK", "httpVersion": "HTTP/1.1", "cookies": [],
                         "headers": [{"name": n, "value": v} for n, v in headers + list(resp_headers)],
                         "content": {"size": len(raw), "mimeType": mime, "text": b64(wire), "encoding": "base64"},
                         "redirectURL": "", "headersSize": 180, "bodySize": len(wire)},
            "cache": {}, "timings": {"blocked": -1, "dns": -1, "connect": -1, "ssl": -1, "send": 1, "wait": wait,
                                     "receive": 19},
            "serverIPAddress": "192.0.2.44", "connection": "443", "comment": ""}


feed = {"items": [{"id": "p1", "text": "hello"}], "next": BACKEND + "/feed?cursor=c2"}
proxyman = [
    proxyman_entry("2024-05-02T12:00:00.100Z", "GET", BACKEND + "/feed", 200, compact(feed).encode(), "gzip",
                   req_headers=[("X-Api-Key", "pxm-apikey-9911aa")]),
    proxyman_entry("2024-05-02T12:00:00.200Z", "GET", BACKEND + "/config", 200,
                   compact({"theme": "dark", "flags": {"beta": True}}).encode(), "deflate",
                   req_headers=[("X-Api-Key", "pxm-apikey-9911aa")]),
    proxyman_entry("2024-05-02T12:00:00.300Z", "POST", BACKEND + "/oauth/token", 200,
                   compact({"access_token": "pxm-access-77e1d2c3", "client_secret": "pxm-client-secret-4411",
                            "scope": "feed"}).encode(), "gzip",
                   post={"mimeType": "application/x-www-form-urlencoded",
                         "text": "grant_type=password&username=ada&password=pxm-password-swordfish"}),
    proxyman_entry("2024-05-02T12:00:00.400Z", "GET", BACKEND + "/feed?cursor=c2", 200,
                   compact({"items": [], "next": None}).encode(), "gzip"),
    proxyman_entry("2024-05-02T12:00:00.500Z", "GET", BACKEND + "/profile", 200,
                   compact({"name": "Ada"}).encode()),
    proxyman_entry("2024-05-02T12:00:00.600Z", "GET", BACKEND + "/legacy", 302, b"", None, "text/plain",
                   resp_headers=[("Location", "/api/feed")]),
]
dump("proxyman.har", {"name": "Proxyman", "version": "5.2.0", "comment": "https://proxyman.io"}, proxyman)

catalog = {"products": [{"id": i, "name": "Product %d" % i, "tags": ["a", "b"]} for i in range(1, 40)]}
dump("proxyman-br.har", {"name": "Proxyman", "version": "5.2.0", "comment": "https://proxyman.io"}, [
    proxyman_entry("2024-05-02T12:05:00.000Z", "GET", BACKEND + "/catalog", 200, compact(catalog).encode(), "br"),
    proxyman_entry("2024-05-02T12:05:00.100Z", "GET", BACKEND + "/catalog/1", 200,
                   compact(catalog["products"][0]).encode(), "br"),
])

# ---------------------------------------------------------------- GraphQL (Chrome), for the graphql: grouping

GQL = "https://graph.example.com"


def gql_post(t, body, answer):
    return chrome_entry(t, "POST", GQL + "/graphql", 200, compact(answer), post=("application/json", compact(body)),
                        resp_headers=[("content-type", "application/json")])


graphql = [
    gql_post(3.0, {"operationName": "GetFilms", "query": "query GetFilms { allFilms { films { title } } }",
                   "variables": {}}, {"data": {"allFilms": {"films": [{"title": "A New Hope"}]}}}),
    gql_post(3.1, {"query": "query GetPerson($id: ID!) { person(id: $id) { name } }", "variables": {"id": "1"}},
             {"data": {"person": {"name": "Luke Skywalker"}}}),
    chrome_entry(3.2, "GET", GQL + "/graphql?query=%7B%20allPlanets%20%7B%20totalCount%20%7D%20%7D", 200,
                 compact({"data": {"allPlanets": {"totalCount": 60}}}), resp_headers=[("content-type", "application/json")]),
    chrome_entry(3.3, "GET", GQL + "/graphql?operationName=GetStarships&query=query%20GetStarships%20%7B%20allStarships"
                 "%20%7B%20totalCount%20%7D%20%7D", 200, compact({"data": {"allStarships": {"totalCount": 36}}}),
                 resp_headers=[("content-type", "application/json")]),
    gql_post(3.4, {"operationName": "AddReview", "query": "mutation AddReview($stars: Int!) { addReview(stars: $stars) "
                   "{ id } }", "variables": {"stars": 5}},
             {"errors": [{"message": "Not signed in", "path": ["addReview"]}], "data": None}),
    gql_post(3.5, {"operationName": "GetFilms", "query": "query GetFilms { allFilms { films { title } } }",
                   "variables": {}}, {"data": {"allFilms": {"films": [{"title": "A New Hope"},
                                                                       {"title": "The Empire Strikes Back"}]}}}),
    gql_post(3.7, {"query": "query GetPerson($id: ID!) { person(id: $id) { name } }", "variables": {"id": "2"}},
             {"data": {"person": {"name": "C-3PO"}}}),
    gql_post(3.8, {"operationName": "SignIn", "query": "mutation SignIn($email: String!, $password: String!) { signIn(email: "
                   "$email, password: $password) { token } }",
                   "variables": {"email": "ada@example.com", "password": "gql-password-wrong-1"}},
             {"errors": [{"message": "Wrong password", "path": ["signIn"]}], "data": None}),
    gql_post(3.9, {"operationName": "SignIn", "query": "mutation SignIn($email: String!, $password: String!) { signIn(email: "
                   "$email, password: $password) { token } }",
                   "variables": {"email": "ada@example.com", "password": "gql-password-right-2"}},
             {"data": {"signIn": {"token": "gql-token-9f8e7d6c"}}}),
    gql_post(4.0, [{"operationName": "GetFilms", "query": "query GetFilms { allFilms { films { title } } }"}],
             [{"data": {"allFilms": {"films": []}}}]),
    chrome_entry(3.6, "GET", GQL + "/health", 200, compact({"ok": True}), resp_headers=[("content-type", "application/json")]),
]
dump("graphql.har", {"name": "WebInspector", "version": "537.36"}, graphql)

# ---------------------------------------------------------------- Decompression bombs (hostile)


def bomb(name, coding, size):
    zeros = b"\0" * size
    wire = gzip.compress(zeros, compresslevel=9, mtime=0) if coding == "gzip" else brotli(zeros)
    entry = proxyman_entry("2024-05-02T12:10:00.000Z", "GET", BACKEND + "/bomb", 200, b"", None,
                           "application/octet-stream")
    entry["response"]["headers"].append({"name": "Content-Encoding", "value": coding})
    entry["response"]["content"]["text"] = b64(wire)
    entry["response"]["content"]["size"] = size
    dump(name, {"name": "Proxyman", "version": "5.2.0"}, [entry])


bomb("bomb-br.har", "br", 80 << 20)
bomb("bomb-gzip.har", "gzip", 65 << 20)

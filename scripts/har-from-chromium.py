#!/usr/bin/env python3
"""A HAR 1.2 file of what a page loads, exported by headless Chromium over the DevTools protocol as DevTools'
"Save all as HAR with content" does: the Network domain's events gathered into entries (HTTP/2 pseudo-headers
and cookies as sent, from the ExtraInfo events; timings from the response's ResourceTiming; failed requests with
status 0 and _error; redirects as entries of their own) and every body from Network.getResponseBody (base64 when
Chromium says so). RecordTests/HARChromiumTests runs it against `understudy serve` and imports the result.

Usage: scripts/har-from-chromium.py URL --out FILE [--chromium PATH] [--until JS] [--timeout 30]
  --until JS   wait until this expression is true in the page (e.g. "window.done === true") before exporting
Standard library only: scripts/devtools_client.py is the few WebSocket frames the DevTools protocol needs. Exits 2 when no
Chromium is installed. Chromium listens on a loopback port of its choosing; its profile is a temporary folder.
"""
import argparse
import base64
import datetime
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools_client import DevTools  # noqa: E402


def iso(wall_time):
    return datetime.datetime.fromtimestamp(wall_time, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def pairs(headers):
    return [{"name": name, "value": value} for name, value in headers.items() for value in str(value).split("\n")]


def protocol(name):
    return {"h2": "http/2.0", "h3": "http/3", "http/1.1": "http/1.1", "http/1.0": "http/1.0"}.get(name or "", name or "")


def timings(response, finished_at):
    t = response.get("timing") if response else None
    if not t:
        return {"blocked": -1, "dns": -1, "ssl": -1, "connect": -1, "send": 0, "wait": 0, "receive": 0}

    def span(start, end):
        return t[end] - t[start] if t.get(start, -1) >= 0 and t.get(end, -1) >= 0 else -1

    first = next((t[k] for k in ("dnsStart", "connectStart", "sendStart") if t.get(k, -1) >= 0), 0)
    receive = (finished_at - t["requestTime"]) * 1000 - t["receiveHeadersEnd"] if finished_at else 0
    return {"blocked": max(first, 0), "dns": span("dnsStart", "dnsEnd"), "ssl": span("sslStart", "sslEnd"),
            "connect": span("connectStart", "connectEnd"), "send": max(span("sendStart", "sendEnd"), 0),
            "wait": max(t["receiveHeadersEnd"] - t["sendEnd"], 0), "receive": max(receive, 0)}


class Recorder:
    """The Network domain's events folded into HAR entries, one per request and one per redirect hop."""

    def __init__(self):
        self.requests = {}
        self.entries = []

    def event(self, method, p):
        rid = p.get("requestId")
        if method == "Network.requestWillBeSent":
            if rid in self.requests and p.get("redirectResponse"):
                hop = self.requests.pop(rid)
                hop["response"] = p["redirectResponse"]
                hop["finished"] = p["timestamp"]
                self.entries.append(hop)
            self.requests[rid] = {"id": rid, "request": p["request"], "wall": p["wallTime"], "start": p["timestamp"],
                                  "type": p.get("type", "Other"), "initiator": p.get("initiator", {}).get("type", "other"),
                                  "sent_headers": None, "response": None, "received_headers": None}
        elif rid not in self.requests:
            return
        elif method == "Network.requestWillBeSentExtraInfo":
            self.requests[rid]["sent_headers"] = p["headers"]
        elif method == "Network.responseReceived":
            self.requests[rid]["response"] = p["response"]
        elif method == "Network.responseReceivedExtraInfo":
            self.requests[rid]["received_headers"] = p["headers"]
        elif method == "Network.loadingFinished":
            hop = self.requests.pop(rid)
            hop["finished"] = p["timestamp"]
            hop["encoded"] = p.get("encodedDataLength", -1)
            self.entries.append(hop)
        elif method == "Network.loadingFailed":
            hop = self.requests.pop(rid)
            hop["error"] = p.get("errorText", "net::ERR_FAILED")
            self.entries.append(hop)

    @property
    def in_flight(self):
        return len(self.requests)


def har_entry(hop, body):
    request, response = hop["request"], hop["response"]
    sent = hop["sent_headers"] or request.get("headers", {})
    url = request["url"] + request.get("urlFragment", "")
    query = urllib.parse.urlsplit(url).query
    entry_request = {"method": request["method"], "url": url, "httpVersion": protocol(response and response.get("protocol")),
                     "headers": pairs(sent),
                     "queryString": [{"name": n, "value": v} for n, v in urllib.parse.parse_qsl(query, keep_blank_values=True)],
                     "cookies": [], "headersSize": -1, "bodySize": len(request.get("postData", "").encode())}
    if request.get("postData") is not None:
        mime = next((v for n, v in sent.items() if n.lower() == "content-type"), "")
        entry_request["postData"] = {"mimeType": mime, "text": request["postData"]}
    if response is None or "error" in hop:
        entry_response = {"status": 0, "statusText": "", "httpVersion": "", "headers": [], "cookies": [],
                          "content": {"size": 0, "mimeType": "x-unknown"}, "redirectURL": "", "headersSize": -1,
                          "bodySize": -1, "_transferSize": 0, "_error": hop.get("error", "net::ERR_FAILED")}
    else:
        received = hop["received_headers"] or response.get("headers", {})
        content = {"size": 0, "mimeType": response.get("mimeType") or "x-unknown"}
        if body is not None:
            text, encoded = body
            content["size"] = len(base64.b64decode(text)) if encoded else len(text.encode())
            content["text"] = text
            if encoded:
                content["encoding"] = "base64"
        location = next((v for n, v in received.items() if n.lower() == "location"), "")
        entry_response = {"status": response["status"], "statusText": response.get("statusText", ""),
                          "httpVersion": protocol(response.get("protocol")), "headers": pairs(received), "cookies": [],
                          "content": content, "redirectURL": location, "headersSize": -1,
                          "bodySize": hop.get("encoded", -1), "_transferSize": hop.get("encoded", 0), "_error": None}
    t = timings(response, hop.get("finished"))
    total = sum(v for k, v in t.items() if v > 0)
    entry = {"_initiator": {"type": hop["initiator"]}, "_priority": "High", "_resourceType": hop["type"].lower(),
             "cache": {}, "pageref": "page_1", "request": entry_request, "response": entry_response,
             "serverIPAddress": (response or {}).get("remoteIPAddress", ""), "startedDateTime": iso(hop["wall"]),
             "time": total, "timings": t}
    if response and response.get("connectionId") is not None:
        entry["connection"] = str(response["connectionId"])
    return entry


def find_chromium(given):
    for candidate in ([given] if given else []) + ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url")
    parser.add_argument("--out", required=True)
    parser.add_argument("--chromium")
    parser.add_argument("--until", help="a JavaScript expression to wait for in the page")
    parser.add_argument("--timeout", type=float, default=30)
    parser.add_argument("--settle", type=float, default=0.5, help="seconds without a request in flight that end the capture")
    args = parser.parse_args()
    chromium = find_chromium(args.chromium)
    if not chromium:
        print("har-from-chromium: no Chromium installed (scripts/install-deps.sh chromium installs it)", file=sys.stderr)
        return 2
    profile = tempfile.mkdtemp(prefix="har-chromium-")
    browser = subprocess.Popen(
        [chromium, "--headless=new", "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1", "--no-sandbox",
         "--disable-gpu", "--no-first-run", "--no-default-browser-check", "--disable-dev-shm-usage",
         f"--user-data-dir={profile}", "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        port_file = os.path.join(profile, "DevToolsActivePort")
        deadline = time.time() + args.timeout
        while not (os.path.exists(port_file) and len(open(port_file).read().split("\n")) >= 2):
            if time.time() > deadline or browser.poll() is not None:
                raise RuntimeError("Chromium did not open its DevTools port")
            time.sleep(0.05)
        port, path = open(port_file).read().split("\n")[:2]
        tools = DevTools(f"ws://127.0.0.1:{port}{path}")
        target = tools.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = tools.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        tools.send("Network.enable", {"maxPostDataSize": 1 << 20}, session)
        tools.send("Network.setCacheDisabled", {"cacheDisabled": True}, session)
        tools.send("Page.enable", {}, session)
        recorder = Recorder()
        navigated = tools.send("Page.navigate", {"url": args.url}, session)
        if navigated.get("errorText"):
            raise RuntimeError(f"{args.url}: {navigated['errorText']}")
        loaded = False
        quiet_since = None
        while time.time() < deadline:
            tools.poll(0.1)
            for event in tools.events:
                if event.get("sessionId") != session:
                    continue
                if event["method"] == "Page.loadEventFired":
                    loaded = True
                elif event["method"].startswith("Network."):
                    recorder.event(event["method"], event["params"])
            tools.events.clear()
            done = loaded
            if done and args.until:
                result = tools.send("Runtime.evaluate", {"expression": args.until, "returnByValue": True}, session)
                done = result.get("result", {}).get("value") is True
            if done and recorder.in_flight == 0:
                quiet_since = quiet_since or time.time()
                if time.time() - quiet_since >= args.settle:
                    break
            else:
                quiet_since = None
        else:
            raise RuntimeError("the page did not settle within --timeout")
        entries = []
        for hop in sorted(recorder.entries, key=lambda hop: hop["wall"]):
            body = None
            if hop.get("response") and "error" not in hop and hop["response"].get("status", 0) not in (301, 302, 303, 307, 308):
                try:
                    answer = tools.send("Network.getResponseBody", {"requestId": hop["id"]}, session)
                    body = (answer["body"], answer.get("base64Encoded", False))
                except RuntimeError:
                    body = None  # DevTools exports such an entry without content.text too
            entries.append(har_entry(hop, body))
        har = {"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36",
                                                     "comment": "scripts/har-from-chromium.py"},
                       "pages": [{"startedDateTime": entries[0]["startedDateTime"] if entries else iso(time.time()),
                                  "id": "page_1", "title": args.url, "pageTimings": {}}],
                       "entries": entries}}
        with open(args.out, "w") as f:
            json.dump(har, f, indent=2)
        print(f"har-from-chromium: {len(entries)} entries from {args.url} into {args.out}")
        try:
            tools.send("Browser.close", deadline=5)
        except (RuntimeError, TimeoutError, ConnectionError):
            pass
        return 0
    finally:
        browser.terminate()
        try:
            browser.wait(5)
        except subprocess.TimeoutExpired:
            browser.kill()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

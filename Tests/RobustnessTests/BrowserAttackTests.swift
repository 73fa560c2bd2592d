import Foundation
import Testing
import Understudy
import UnderstudyStaging
import UnderstudyTestSupport
import UnderstudyTesting

/// A hostile page in a real browser (headless Chromium) tries what any web page
/// the developer visits could try against a server on `localhost`:
/// - DNS rebinding: the page's own name resolves to 127.0.0.1, so its requests
///   to `/__admin` are same-origin — they reach the server with the page's Host;
/// - cross-site requests to `http://127.0.0.1:PORT/__admin`: reading the journal,
///   and "simple" writes (no-cors fetch, a form post) that need no preflight.
/// The page is served by Understudy itself (a custom route), under the rebound name.
@Suite(
    .serialized,
    .enabled(
        if: Chromium.executable != nil,
        "Chromium is not installed (make test installs it with apt); the browser attack test cannot run"))
struct BrowserAttackTests {
    static let attackPage = #"""
        <!doctype html><title>attack</title>
        <iframe name="sink" style="display:none"></iframe>
        <form id="form" method="POST" target="sink" enctype="text/plain"><input name='{"name":"happy","x":"' value='"}'></form>
        <script>
        window.results = {};
        const target = new URLSearchParams(location.search).get("target");
        const note = (key) => (value) => { window.results[key] = value; };
        (async () => {
          await fetch("/__admin/requests").then((r) => r.text().then((t) => r.status + ":" + t.length)).then(note("rebound read"), (e) => note("rebound read")("blocked"));
          await fetch("/__admin/scenario/happy", {method: "PUT"}).then((r) => r.status).then(note("rebound write"), () => note("rebound write")("blocked"));
          await fetch("/__admin/reset", {method: "POST", headers: {"Content-Type": "application/json"}}).then((r) => r.status).then(note("rebound json write"), () => note("rebound json write")("blocked"));
          await fetch(target + "/__admin/requests").then((r) => r.text()).then((t) => "read " + t.length, () => "blocked").then(note("cross-site read"));
          await fetch(target + "/__admin/reset", {method: "POST", mode: "no-cors", headers: {"Content-Type": "text/plain"}, body: "{}"}).then((r) => r.type, () => "error").then(note("no-cors post"));
          await fetch(target + "/__admin/reset", {method: "POST", mode: "no-cors"}).then((r) => r.type, () => "error").then(note("no-cors bodiless post"));
          const form = document.getElementById("form");
          form.action = target + "/__admin/reset";
          form.submit();
          await new Promise((resolve) => setTimeout(resolve, 500));
          window.results.done = true;
        })();
        </script>
        """#

    @Test func aHostilePageCanNeitherReadNorSteerTheAdminAPI() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-browser-attack-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: bundledScenarios, to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let indented = Self.attackPage.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n")
        try """
        name: attacker
        description: Happy, plus a page that attacks the admin UnderstudyAPI.
        extends: happy
        routes:
          - path: /attack.html
            headers: {Content-Type: text/html; charset=utf-8}
            body: |
        \(indented)
        """.write(to: folder.appendingPathComponent("attacker.yaml"), atomically: true, encoding: .utf8)

        let (server, port) = try startServerProcess(["--scenarios", folder.path, "--scenario", "attacker"])
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        func admin(_ method: String, _ path: String, json: String = "") throws -> String {
            try RawHTTP.exchange(
                port: port,
                "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\n\r\n\(json)", timeout: 5)
        }
        // The app's own traffic, with a secret in a header, and a state the attack would undo.
        _ = try RawHTTP.exchange(
            port: port, "GET /catfact/fact HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer app-secret\r\nConnection: close\r\n\r\n")
        // (catfact only: the attack page itself is a route of the active scenario.)
        #expect(statusCode(try admin("PUT", "/__admin/scenario", json: #"{"name":"server-error","api":"catfact"}"#)) == 200)

        let page = "http://rebound.test:\(port)/attack.html?target=http://127.0.0.1:\(port)"
        let resultText = try await Task.detached { () throws -> String in
            let browser = try Chromium(extraArguments: ["--host-resolver-rules=MAP rebound.test 127.0.0.1"])
            try browser.open(page)
            do {
                try browser.waitUntil("window.results !== undefined && window.results.done === true", timeout: 20)
            } catch {
                let seen = try? browser.evaluate("location.href + ' ' + document.title + ' ' + JSON.stringify(window.results)")
                throw Chromium.Failure(description: "the attack page did not finish: \(seen ?? "nothing")")
            }
            return try browser.evaluate("JSON.stringify(window.results)") as? String ?? "{}"
        }.value
        let results = json(resultText)

        #expect((results["rebound read"]?.stringValue)?.hasPrefix("403:") == true, "\(results)")
        #expect(results["rebound write"]?.intValue == 403, "\(results)")
        #expect(results["rebound json write"]?.intValue == 403, "\(results)")
        #expect(results["cross-site read"]?.stringValue == "blocked", "no CORS grant for the admin API: \(results)")

        // None of the writes took effect: still server-error, the journal still holds the app's request.
        let state = try admin("GET", "/__admin/scenario")
        #expect(state.contains(#""catfact":"server-error""#), Comment(rawValue: state))
        let journal = try admin("GET", "/__admin/requests")
        #expect(journal.contains("/catfact/fact"), "the journal was not cleared")
        #expect(server.isRunning)
    }
}

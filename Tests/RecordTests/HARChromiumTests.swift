import Foundation
import Testing
import UnderstudyTestSupport
import UnderstudyTesting

/// A HAR as DevTools exports it, made by headless Chromium (scripts/har-from-chromium.py over the DevTools protocol)
/// against a running `understudy serve`, then imported, served again and replayed: the import reads a real browser's
/// export, bodies from Network.getResponseBody, redirects and all.
@Suite(
    .enabled(
        if: Chromium.executable != nil,
        "Chromium is not installed (scripts/install-deps.sh chromium installs it); the HAR-from-Chromium test cannot run"))
struct HARChromiumTests {
    static let site = """
        routes:
          - path: /app
            headers: {Content-Type: text/html; charset=utf-8}
            body: |
              <!doctype html><title>HAR</title><script>
              (async () => {
                const items = await (await fetch('/myapi/items?page=1', {headers: {Authorization: 'Bearer cdp-bearer-6a5b4c3d'}})).json();
                await (await fetch(new URL(items.items[0].link).pathname)).json();
                await fetch('/myapi/items', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({name: 'two'})});
                await (await fetch('/myapi/old')).json();
                await (await fetch('/myapi/session')).json();
                window.done = true;
              })();
              </script>
          - path: /myapi/items
            query: "page=1"
            headers: {Cache-Control: no-store}
            json: {items: [{id: 1, link: "{{origin}}/myapi/items/1"}], count: 1}
          - path: /myapi/items/1
            json: {id: 1, name: one}
          - method: POST
            path: /myapi/items
            status: 201
            headers: {Location: "{{origin}}/myapi/items/2"}
            json: {id: 2, name: two}
          - path: /myapi/old
            status: 302
            headers: {Location: /myapi/items/1}
          - path: /myapi/session
            json: {access_token: cdp-access-1f2e3d4c, user: ada}
        """

    @Test func aHARChromiumExportsFromUnderstudyImportsAndReplays() async throws {
        let site = try temporaryFolder("har-site")
        defer { try? FileManager.default.removeItem(at: site) }
        try write(["site.yaml": Self.site], into: site)
        let serve = try UnderstudyProcess(["serve", "--scenarios", site.path, "--scenario", "site", "--port", "0"])
        let base = try serve.waitUntilListening()
        let har = site.appendingPathComponent("session.har")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/har-from-chromium.py")
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", script.path, base + "/app", "--out", har.path, "--until", "window.done === true", "--timeout", "60"]
        try python.run()
        python.waitUntilExit()
        serve.signal(SIGTERM)
        _ = serve.finish()
        #expect(python.terminationStatus == 0)
        let exported = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: har)) as? [String: Any])
        let entries = try #require((exported["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        #expect(entries.count >= 7, "the page, five fetches and a redirect hop: \(entries.count)")

        let run = try HARImportRun.run(har.path, ["--prefix", "/myapi=\(base)/myapi", "--keep-timing"])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(": 5 routes"), "\(run.stdout)")
        #expect(try run.validate().status == 0)
        for file in run.files {
            let text = try String(contentsOf: run.folder.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("cdp-bearer-6a5b4c3d") && !text.contains("cdp-access-1f2e3d4c"), "\(file)")
        }
        let server = try await UnderstudyTestServer.start(scenarios: run.folder, scenario: "imported")
        let origin = "http://127.0.0.1:\(server.port)"
        let items = try request(server.port, "/myapi/items?page=1")
        #expect(jsonObject(items.body) == jsonObject("{\"items\":[{\"id\":1,\"link\":\"\(origin)/myapi/items/1\"}],\"count\":1}"), "\(items.body)")
        #expect(items.header("Cache-Control") == "no-store")
        #expect(jsonObject(try request(server.port, "/myapi/items/1").body) == jsonObject("{\"id\":1,\"name\":\"one\"}"))
        let created = try request(server.port, "/myapi/items", method: "POST", body: "{}")
        #expect(created.status == 201)
        #expect(created.header("Location") == origin + "/myapi/items/2")
        let old = try request(server.port, "/myapi/old")
        #expect(old.status == 302 && old.header("Location") == origin + "/myapi/items/1", "\(old.raw)")
        #expect(jsonObject(try request(server.port, "/myapi/session").body) == jsonObject("{\"access_token\":\"REDACTED\",\"user\":\"ada\"}"))
    }
}

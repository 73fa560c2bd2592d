import Foundation
import Testing
import UnderstudyTestSupport
import UnderstudyTesting

/// A stream in a real browser's `EventSource`: a reset after every event, and the browser's own reconnection
/// with `Last-Event-ID` resuming where it stopped, so the page sees each event once, in order.
@Suite(
    .enabled(
        if: Chromium.executable != nil,
        "Chromium is not installed (make test installs it with apt); the EventSource browser test cannot run"))
struct EventSourceBrowserTests {
    @Test func eventSourceResumesThroughResetsWithLastEventID() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-sse-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        description: A feed reset after each event; a client that resumes sees every event once.
        routes:
          - path: /feed
            fault: connection-reset
            fault_after: 1
            stream:
              retry: 100
              events:
                - {event: note, id: "1", data: {n: 1}}
                - {event: note, id: "2", data: {n: 2}}
                - {event: note, id: "3", data: {n: 3}}
          - path: /page
            headers: {Content-Type: text/html}
            body: <!doctype html><title>feed</title>
        """.write(to: folder.appendingPathComponent("resets.yaml"), atomically: true, encoding: .utf8)
        let server = try UnderstudyTestServer(scenarios: folder, scenario: "resets")
        let page = server.url("/page").absoluteString
        let seen = try await Task.detached {
            // The browser conversation blocks on a pipe: keep it off the cooperative pool.
            let browser = try Chromium()
            try browser.open(page)
            // The new tab starts on about:blank, already complete: wait for the page itself.
            try browser.waitUntil("location.pathname === '/page' && document.readyState === 'complete'")
            _ = try browser.evaluate(
                """
                window.seen = []; window.errors = 0;
                const source = new EventSource('/feed');
                source.addEventListener('note', (e) => window.seen.push(e.lastEventId + ':' + e.data));
                source.onerror = () => { window.errors += 1; };
                true
                """)
            try browser.waitUntil("window.seen.length >= 3 && window.errors >= 3")
            return try browser.evaluate("window.seen.join(',')") as? String
        }.value
        #expect(seen == #"1:{"n":1},2:{"n":2},3:{"n":3}"#)
        let requests = try await UnderstudyAdmin(baseURL: server.baseURL).requests(pathPrefix: "/feed")
        #expect(requests.count >= 3)
        let resumed = requests.dropFirst().map { $0.headers.keys.contains { $0.lowercased() == "last-event-id" } }
        #expect(resumed.allSatisfy { $0 }, "every reconnection carries Last-Event-ID")
    }
}

import Foundation
import Testing
import UnderstudyTestSupport
import UnderstudyTesting

/// A socket in a real browser's `WebSocket`: the messages a page reads, a close code with its reason as the page's
/// `CloseEvent` shows them, and a reset seen as the abnormal closure (1006) a browser reports.
@Suite(
    .enabled(
        if: Chromium.executable != nil,
        "Chromium is not installed (make test installs it with apt); the WebSocket browser test cannot run"))
struct WebSocketBrowserTests {
    @Test func aPageReadsMessagesAndTheCloseCode() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-ws-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        description: A socket that answers, then closes with 1011; another reset after its first message.
        routes:
          - path: /live
            websocket:
              on_open: [{json: {type: welcome}}]
              on_message:
                - match: {json: {type: order}}
                  reply: [{json: {type: accepted}}, {binary: AAEC, delay: 50}]
              close: {after_messages: 3, code: 1011, reason: upstream failed}
          - path: /flaky
            fault: connection-reset
            fault_after: 1
            websocket: {on_open: [{text: one}, {text: two}]}
          - path: /page
            headers: {Content-Type: text/html}
            body: <!doctype html><title>live</title>
        """.write(to: folder.appendingPathComponent("live.yaml"), atomically: true, encoding: .utf8)
        let server = try UnderstudyTestServer(scenarios: folder, scenario: "live")
        let page = server.url("/page").absoluteString
        let seen = try await Task.detached { () -> [String] in
            let browser = try Chromium()
            try browser.open(page)
            try browser.waitUntil("location.pathname === '/page' && document.readyState === 'complete'")
            _ = try browser.evaluate(
                """
                window.seen = []; window.flaky = [];
                const socket = new WebSocket(location.origin.replace('http', 'ws') + '/live');
                socket.binaryType = 'arraybuffer';
                socket.onmessage = (e) => {
                    window.seen.push(typeof e.data === 'string' ? e.data : 'bytes:' + Array.from(new Uint8Array(e.data)).join('.'));
                    if (window.seen.length === 1) socket.send(JSON.stringify({type: 'order', id: 7}));
                };
                socket.onclose = (e) => window.seen.push('close:' + e.code + ':' + e.reason + ':' + e.wasClean);
                const flaky = new WebSocket(location.origin.replace('http', 'ws') + '/flaky');
                flaky.onmessage = (e) => window.flaky.push(e.data);
                flaky.onclose = (e) => window.flaky.push('close:' + e.code + ':' + e.wasClean);
                true
                """)
            try browser.waitUntil("window.seen.length >= 4 && window.flaky.length >= 2")
            return [
                try browser.evaluate("window.seen.join('|')") as? String ?? "",
                try browser.evaluate("window.flaky.join('|')") as? String ?? "",
            ]
        }.value
        #expect(seen[0] == #"{"type":"welcome"}|{"type":"accepted"}|bytes:0.1.2|close:1011:upstream failed:true"#)
        #expect(seen[1] == "one|close:1006:false", "a reset after one message: the browser's abnormal closure")
    }
}

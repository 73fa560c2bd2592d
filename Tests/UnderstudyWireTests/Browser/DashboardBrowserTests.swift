import Foundation
import Testing
import Understudy
import UnderstudyStaging
import UnderstudyTestSupport
import UnderstudyTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The dashboard in a real browser: click a scenario button, and the next API
/// request is served under that scenario.
@Suite(
    .enabled(
        if: Chromium.executable != nil,
        "Chromium is not installed (make test installs it with apt); the dashboard browser test cannot run"))
struct DashboardBrowserTests {
    static let artifacts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/test-artifacts")

    @Test func clickingAScenarioButtonSwitchesTheServer() async throws {
        let server = try UnderstudyTestServer(adminToken: "dash-token")
        _ = try await fetch("/swapi/api/people/1/", headers: ["X-Understudy-Session": "browser-test"], server: server)
        try await UnderstudyAdmin(baseURL: server.baseURL, token: "dash-token").setScenario("server-error", session: "browser-test")
        let dashboard = server.url("/__admin/?token=dash-token").absoluteString
        let png = try await Task.detached {
            // The browser conversation blocks on a pipe: keep it off the cooperative pool.
            let browser = try Chromium()
            try browser.open(dashboard)
            try browser.waitUntil(#"document.querySelector('button[data-scenario="empty"][data-api="all"]') !== null"#)
            try browser.waitUntil(#"document.querySelector('#requests tbody').rows.length > 0"#)
            // Sessions come from their own paged call, not from every state answer.
            try browser.waitUntil(#"document.getElementById("sessions").textContent.startsWith("browser-test → server-error")"#)
            try browser.click(#"button[data-scenario="empty"][data-api="all"]"#)
            try browser.waitUntil(#"document.querySelector('button[data-scenario="empty"][data-api="all"]').className === "on""#)
            try browser.waitUntil(#"document.getElementById("active").textContent === "empty""#)
            return try browser.screenshot()
        }.value

        let next = try await fetch("/swapi/api/people/", server: server)
        #expect(next.header("X-Understudy-Scenario") == "empty")
        #expect(try next.json()["count"]?.intValue == 0)

        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
        #expect(png.count > 10_000, "a rendered page, not a blank image")
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        try png.write(to: Self.artifacts.appendingPathComponent("dashboard.png"))
    }

    /// A journal entry opens to show its headers (credentials redacted), its body and what answered it,
    /// and the journal can be narrowed to one session.
    @Test func aJournalEntryOpensToItsHeadersBodyAndWhatAnsweredIt() async throws {
        let server = try UnderstudyTestServer(adminToken: "dash-token")
        let admin = UnderstudyAdmin(baseURL: server.baseURL, token: "dash-token")
        try await admin.addRoutes([.init(method: "POST", path: "/myapi/orders", status: 201, body: "{}")], session: "orders")
        var request = URLRequest(url: server.url("/myapi/orders"))
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"item":"<b>book</b>"}"#.utf8)
        for (name, value) in ["X-Understudy-Session": "orders", "Authorization": "Bearer app-secret", "Content-Type": "application/json"] {
            request.setValue(value, forHTTPHeaderField: name)
        }
        _ = try await URLSession.shared.data(for: request)
        _ = try await fetch("/catfact/fact", headers: ["X-Understudy-Session": "someone-else"], server: server)
        let dashboard = server.url("/__admin/?token=dash-token").absoluteString
        let shown = try await Task.detached { () -> [String] in
            let browser = try Chromium()
            try browser.open(dashboard)
            try browser.waitUntil(#"document.querySelectorAll('#requests tbody tr.entry').length === 2"#)
            _ = try browser.evaluate(
                #"(() => { const f = document.getElementById('session-filter'); f.value = 'orders'; f.dispatchEvent(new Event('input')); })()"#)
            try browser.waitUntil(#"document.querySelectorAll('#requests tbody tr.entry').length === 1"#)
            _ = try browser.evaluate("document.querySelector('#requests tbody tr.entry').scrollIntoView({block: 'center'})")
            try browser.click("#requests tbody tr.entry")
            try browser.waitUntil(#"document.querySelector('#requests tr.details pre.body') !== null"#)
            // Still open after the next refresh redraws the table.
            usleep(1_200_000)
            return try ["summary", "headers", "body"].map { part in
                try browser.evaluate("document.querySelector('#requests tr.details pre.\(part)').textContent") as? String ?? ""
            } + [try browser.evaluate("document.querySelector('#requests tr.details pre.body').innerHTML") as? String ?? ""]
        }.value
        #expect(shown[0].contains("answered by: a route the session defined") && shown[0].contains("status: 201"), "\(shown[0])")
        #expect(shown[1].contains("Authorization: [redacted]") && !shown[1].contains("app-secret"), "\(shown[1])")
        #expect(shown[2] == #"{"item":"<b>book</b>"}"#, "\(shown[2])")
        #expect(shown[3].contains("&lt;b&gt;"), "the body is text in the page, never markup: \(shown[3])")
    }

    /// The dashboard shows a resource's copy: the shared one, and a session's when the filter names it.
    @Test func aSessionsResourcesShowInThePage() async throws {
        let server = try UnderstudyTestServer(scenario: "custom-routes", adminToken: "dash-token")
        var request = URLRequest(url: server.url("/myapp/todos"))
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"title":"<i>cart</i>"}"#.utf8)
        for (name, value) in ["X-Understudy-Session": "cart", "Content-Type": "application/json"] {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 201)
        let dashboard = server.url("/__admin/?token=dash-token").absoluteString
        let shown = try await Task.detached { () -> [String] in
            let browser = try Chromium()
            try browser.open(dashboard)
            let counted = #"document.querySelector('#resources tr[data-resource="/myapp/todos"] td:nth-child(2)')?.textContent"#
            try browser.waitUntil(counted + #" === "3""#)
            _ = try browser.evaluate(
                #"(() => { const f = document.getElementById('session-filter'); f.value = 'cart'; f.dispatchEvent(new Event('input')); })()"#)
            try browser.waitUntil(counted + #" === "4""#)
            return [
                try browser.evaluate(#"document.querySelector('#resources tr[data-resource="/myapp/todos"] td:nth-child(3)').textContent"#) as? String
                    ?? "",
                try browser.evaluate(#"document.querySelector('#resources tbody').innerHTML"#) as? String ?? "",
            ]
        }.value
        #expect(shown[0].contains("<i>cart</i>"), "\(shown[0])")
        #expect(!shown[1].contains("<i>") && shown[1].contains("&lt;i&gt;"), "an item is text in the page, never markup: \(shown[1])")
    }
}

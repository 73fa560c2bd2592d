import Foundation
import Testing
import Understudy
import UnderstudyTestSupport
import UnderstudyTesting

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
}

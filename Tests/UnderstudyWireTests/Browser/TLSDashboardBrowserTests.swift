import Foundation
import Testing
import UnderstudyTestSupport
import UnderstudyTesting

/// The dashboard over https in headless Chromium that trusts the development CA the way a person's browser would:
/// the CA in the NSS database of the browser's HOME (`~/.pki/nssdb`, where Chromium on Linux keeps the CAs a user
/// added), put there with NSS's `certutil` (libnss3-tools). A throw-away HOME, so the machine's browser trusts nothing new.
@Suite(
    .enabled(
        if: Chromium.executable != nil,
        "Chromium is not installed (make test installs it with apt); the https dashboard browser test cannot run"))
struct TLSDashboardBrowserTests {
    static var certutil: String? {
        ["/usr/bin/certutil", "/usr/local/bin/certutil", "/opt/homebrew/bin/certutil"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A HOME whose NSS database trusts `authority` (PEM) to identify web sites, and nothing else.
    static func home(trusting authority: String, in folder: String, certutil: String) throws -> String {
        let database = "\(folder)/home/.pki/nssdb"
        try FileManager.default.createDirectory(atPath: database, withIntermediateDirectories: true)
        try authority.write(toFile: "\(folder)/ca.pem", atomically: true, encoding: .utf8)
        for arguments in [
            ["-d", "sql:\(database)", "-N", "--empty-password"],
            ["-d", "sql:\(database)", "-A", "-t", "C,,", "-n", "Understudy test CA", "-i", "\(folder)/ca.pem"],
        ] {
            let result = try TLSClientsTests.run(certutil, arguments)
            try #require(result.status == 0, "certutil \(arguments.joined(separator: " ")): \(result.output)")
        }
        return "\(folder)/home"
    }

    /// Loads `url` in a browser whose HOME is `home`: Chromium's network error when it refused the page, else nil and
    /// the string `expression` gives once `ready` holds.
    static func load(_ url: String, home: String, until ready: String, then expression: String) async throws -> (error: String?, value: String?) {
        try await Task.detached {
            // The browser conversation blocks on a pipe: keep it off the cooperative pool.
            let browser = try Chromium(environment: ["HOME": home])
            try browser.open("about:blank")
            if let error = try browser.navigate(url) { return (error, nil) }
            // Evaluations can fail while the page replaces about:blank; only the deadline ends the wait.
            let deadline = Date().addingTimeInterval(20)
            while (try? browser.evaluate(ready)) as? Bool != true {
                guard Date() < deadline else { throw Chromium.Failure(description: "timed out waiting for \(ready)") }
                usleep(50_000)
            }
            return (nil, try browser.evaluate(expression) as? String)
        }.value
    }

    @Test func theDashboardLoadsOverHTTPSWithoutACertificateErrorOnceTheCAIsTrusted() async throws {
        guard let certutil = Self.certutil else {
            // make test installs libnss3-tools with Chromium: without certutil the browser cannot be told to trust the CA.
            Issue.record("certutil is not installed (scripts/install-deps.sh libnss3-tools)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-tls-browser-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try UnderstudyTestServer(adminToken: "dash-token", tls: .init(folder: "\(folder)/tls"))
        defer { server.stop() }
        let dashboard = "https://localhost:\(server.port)/__admin/?token=dash-token"
        let rendered = #"document.querySelector('button[data-scenario="empty"][data-api="all"]') !== null"#

        // Trusted: the page renders, in a secure context, with the scenario buttons the dashboard fetched over https.
        let home = try Self.home(trusting: try #require(server.authorityPEM), in: "\(folder)/trusted", certutil: certutil)
        // The device section shows the profile's http URL and its QR code (an SVG the server drew, 29 modules and the
        // quiet zone at 6 pixels each for this URL's 51 bytes: version 3).
        let codeShown = "!document.getElementById('trust').hidden && document.getElementById('profile-qr').naturalWidth > 0"
        let page = try await Self.load(
            dashboard, home: home, until: "\(rendered) && \(codeShown)",
            then: """
                [location.href, String(window.isSecureContext), document.getElementById('active').textContent,
                 document.getElementById('profile-url').textContent, document.getElementById('profile-qr').naturalWidth].join(' ')
                """)
        let profile = "http://localhost:\(server.port)/__admin/tls/ca.mobileconfig"
        #expect(page.error == nil && page.value == "\(dashboard) true happy \(profile) \((29 + 8) * 6)", "\(page)")

        // Untrusted (an empty HOME): Chromium stops at its certificate error and the dashboard never loads.
        let stranger = "\(folder)/stranger"
        try FileManager.default.createDirectory(atPath: stranger, withIntermediateDirectories: true)
        let refused = try await Self.load(dashboard, home: stranger, until: rendered, then: "location.href")
        #expect(refused.error == "net::ERR_CERT_AUTHORITY_INVALID" && refused.value == nil, "\(refused)")
    }
}

import Foundation
import Testing
import UnderstudyTLS
import UnderstudyTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live clients and the admin client over https against `UnderstudyTestServer(tls:)`, trusting only the CA the
/// server was given. On Linux, URLSession is libcurl, which checks a server against the system's CA bundle
/// (`/etc/ssl/certs/ca-certificates.crt`, compiled in) and reads no variable to change it (`SSL_CERT_FILE` and
/// `CURL_CA_BUNDLE` are ignored: measured), and swift-corelibs-foundation has no server-trust challenge. So the
/// clients run in a child process (`UnderstudyHTTPSProbe`) whose mount namespace has a bundle holding only that CA
/// in place of the system's: the machine's own bundle is never touched.
@Suite(.serialized) struct TLSClientsTests {
    static let systemBundle = "/etc/ssl/certs/ca-certificates.crt"

    static var probe: URL? {
        [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(".build/debug"),
        ].map { $0.appendingPathComponent("UnderstudyHTTPSProbe") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// `unshare`'s arguments for a mount namespace of our own: as root, or as an unprivileged user in a user namespace
    /// of their own; nil when neither is allowed here (then the test says so and does not run).
    static let namespace: [String]? = {
        for arguments in [["--mount", "--propagation", "private"], ["--user", "--map-root-user", "--mount", "--propagation", "private"]] {
            let trial = try? run("/usr/bin/unshare", arguments + ["--", "/bin/sh", "-c", "mount --bind \(systemBundle) \(systemBundle)"])
            if trial?.status == 0 { return arguments }
        }
        return nil
    }()

    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The probe against `server`, with `bundle` as the system's CA bundle (nil: the machine's own).
    static func runProbe(_ probe: URL, server: UnderstudyTestServer, bundle: String?) throws -> (status: Int32, lines: [String]) {
        var environment = ProcessInfo.processInfo.environment
        for key in ["UNDERSTUDY_SESSION", "UNDERSTUDY_SCENARIO", "UNDERSTUDY_REQUEST_SCENARIO", "UNDERSTUDY_DELAY"] { environment[key] = nil }
        environment["UNDERSTUDY_BASE_URL"] = try #require(server.httpsBaseURL).absoluteString
        environment["UNDERSTUDY_ADMIN_TOKEN"] = "tls-token"
        let result: (status: Int32, output: String)
        if let bundle, let namespace {
            // In the child's own mount namespace: the bundle over the system's, then the probe.
            let script = "mount --bind \"$0\" \(systemBundle) && exec \"$1\""
            result = try run("/usr/bin/unshare", namespace + ["--", "/bin/sh", "-c", script, bundle, probe.path], environment: environment)
        } else {
            result = try run(probe.path, [], environment: environment)
        }
        return (result.status, result.output.split(separator: "\n").map(String.init))
    }

    @Test func theClientsAndTheAdminClientTrustTheCATheServerWasGivenAndNothingElse() async throws {
        guard let probe = Self.probe else {
            Issue.record("UnderstudyHTTPSProbe is not built (swift build --build-tests builds it)")
            return
        }
        guard Self.namespace != nil, FileManager.default.fileExists(atPath: Self.systemBundle) else {
            print("TLSClientsTests: no mount namespace here (unshare --mount, as root or in a user namespace) or no \(Self.systemBundle); skipped")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-tls-clients-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try UnderstudyTestServer(adminToken: "tls-token", tls: .init(folder: "\(folder)/server"))
        defer { server.stop() }
        let authority = try #require(server.authorityPEM)
        let secure = try #require(server.httpsBaseURL)
        #expect(secure.absoluteString == "https://127.0.0.1:\(server.port)")
        #expect(server.httpsURL("/catfact/fact")?.absoluteString == "https://127.0.0.1:\(server.port)/catfact/fact")
        #expect(server.authorityFingerprint?.split(separator: ":").count == 32)
        // The CA handed out without a token over plain http is the one the test trusts.
        let (download, _) = try await URLSession.shared.data(from: server.url("/__admin/tls/ca.pem"))
        #expect(String(decoding: download, as: UTF8.self) == authority)

        let trusted = "\(folder)/trusted.pem"
        try authority.write(toFile: trusted, atomically: true, encoding: .utf8)
        let through = try Self.runProbe(probe, server: server, bundle: trusted)
        #expect(through.status == 0, "\(through.lines)")
        #expect(
            through.lines == [
                "catfact: true", "swapi: https://127.0.0.1:\(server.port)/swapi/api/people/1/", "artic: 28560",
                "admin: \(server.scenarioNames.count) scenarios",
                "session: 500, journal 500",
            ])

        // The machine's own bundle does not hold the CA: the first request fails as an app's would, with a URLError.
        let untrusted = try Self.runProbe(probe, server: server, bundle: nil)
        #expect(untrusted.status == 1)
        // swift-corelibs-foundation 6.3 reports libcurl's error 60 as URLError -1 (.unknown); Apple's URLSession -1202.
        #expect(untrusted.lines.count == 1 && untrusted.lines[0].hasPrefix("failed: catfact: transport -"), "\(untrusted.lines)")
        // Another development CA (another folder's) is not this server's: the bundle alone decides.
        let other = try TLSIdentity.development(folder: "\(folder)/other", names: TLSNames(extra: []))
        let otherBundle = "\(folder)/other.pem"
        try #require(other.authority).pem.write(toFile: otherBundle, atomically: true, encoding: .utf8)
        let wrong = try Self.runProbe(probe, server: server, bundle: otherBundle)
        #expect(wrong.status == 1 && wrong.lines == untrusted.lines, "\(wrong.lines)")
    }

    /// The handshake's certificate is looked up by port as well as by name: with one process-wide table keyed by name
    /// alone, a second TLS server (tests run in parallel) replaced the first one's certificate, and Chromium, trusting
    /// the first server's CA, met the second's (net::ERR_CERT_AUTHORITY_INVALID).
    @Test func twoTLSServersInOneProcessEachPresentTheirOwnCertificate() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-tls-two-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try UnderstudyTestServer(tls: .init(folder: "\(folder)/first"))
        let second = try UnderstudyTestServer(tls: .init(folder: "\(folder)/second"))
        defer { second.stop() }
        func health(_ server: UnderstudyTestServer, trusting authority: String) throws -> Int32 {
            let bundle = "\(folder)/\(UUID().uuidString).pem"
            try authority.write(toFile: bundle, atomically: true, encoding: .utf8)
            let url = try #require(server.httpsURL("/__admin/health")).absoluteString
            return try Self.run("/usr/bin/curl", ["-sS", "-o", "/dev/null", "--max-time", "5", "--cacert", bundle, url]).status
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") else {
            print("TLSClientsTests: curl is not installed; skipped")
            return
        }
        let (firstCA, secondCA) = (try #require(first.authorityPEM), try #require(second.authorityPEM))
        #expect(firstCA != secondCA)
        #expect(try health(first, trusting: firstCA) == 0)
        #expect(try health(second, trusting: secondCA) == 0)
        #expect(try health(first, trusting: secondCA) == 60, "each server's own certificate, not the other's")
        first.stop()
        #expect(try health(second, trusting: secondCA) == 0, "a server's stop forgets its certificates only")
    }

    @Test func aServerWithoutTLSHasNoHTTPSURLAndNoCA() throws {
        let server = try UnderstudyTestServer()
        defer { server.stop() }
        #expect(server.httpsBaseURL == nil && server.authorityPEM == nil && server.httpsAdmin == nil && server.httpsURL("/") == nil)
    }
}

import Foundation
import Logging
import Testing
import Understudy
import UnderstudyHTTP
import UnderstudyMicroHTTPD
import UnderstudyStaging
import UnderstudyTestSupport
import UnderstudyTesting
import UnderstudyUpstream

/// A scenario's `proxy:`: staged routes answer locally, the rest of the prefix reaches the upstream (and
/// is journaled), an unreachable upstream is a 502 naming it.
@Suite struct ProxyTests {
    static func staged(upstreamPort: Int) -> String {
        """
        proxy:
          /myapi: http://127.0.0.1:\(upstreamPort)/v1
          /gone: http://127.0.0.1:1
        routes:
          - path: /myapi/users/1
            json: {staged: true}
        """
    }

    /// A server as `serve` makes it: with AsyncHTTPClient for upstreams.
    func server(_ folder: URL, scenario: String, maxBodyBytes: Int = 16 << 20) throws -> UnderstudyServer {
        var logger = Logger(label: "proxy-test")
        logger.logLevel = .warning
        var configuration = UnderstudyConfiguration(
            server: ServerConfiguration(host: "127.0.0.1", port: 0),
            scenariosDirectory: folder, scenario: scenario, logger: logger)
        configuration.upstreamClient = AsyncUpstreamClient(maxBodyBytes: maxBodyBytes, timeoutSeconds: 5)
        let server = try UnderstudyServer(configuration: configuration, transport: .libmicrohttpd(threads: 2))
        try server.start()
        return server
    }

    @Test func stagedLocallyUnmatchedUpstreamUnreachableIs502() async throws {
        let (upstream, upstreamFolder) = try await LocalUpstream.start()
        defer { try? FileManager.default.removeItem(at: upstreamFolder) }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(["staged.yaml": Self.staged(upstreamPort: upstream.port)], into: folder)
        let server = try server(folder, scenario: "staged")
        defer { server.stop() }

        let staged = try request(server.port, "/myapi/users/1")
        #expect(staged.body == "{\"staged\":true}")
        let proxied = try request(server.port, "/myapi/users/2")
        #expect(proxied.status == 200)
        #expect(proxied.body == "{\"id\":2,\"name\":\"user 2\",\"self\":\"http://127.0.0.1:\(server.port)/myapi/users/2\"}", "links lead back here")
        #expect(proxied.header("X-Understudy-Scenario") == "staged")
        let missing = try request(server.port, "/myapi/broken")
        #expect(missing.status == 500, "the upstream's own status passes through")

        let down = try request(server.port, "/gone/anything")
        #expect(down.status == 502)
        let detail = (down.json as? [String: Any])?["detail"] as? String ?? ""
        #expect(detail.contains("http://127.0.0.1:1"), "names the upstream: \(detail)")

        // Outside every prefix nothing is proxied.
        #expect(try request(server.port, "/other").status == 404)

        let journal = try request(server.port, "/__admin/requests")
        #expect(journal.body.contains("/myapi/users/2"), "proxied answers are journaled: \(journal.body.prefix(400))")
    }

    /// `understudy serve` proxies through its `understudy-upstream` helper, the same answers as in process.
    @Test func serveProxiesThroughItsHelper() async throws {
        let (upstream, upstreamFolder) = try await LocalUpstream.start()
        defer { try? FileManager.default.removeItem(at: upstreamFolder) }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(["staged.yaml": Self.staged(upstreamPort: upstream.port)], into: folder)
        let serve = try UnderstudyProcess(["serve", "--port", "0", "--scenarios", folder.path, "--scenario", "staged", "--log-level", "warning"])
        let port = URL(string: try serve.waitUntilListening())!.port!
        #expect(try request(port, "/myapi/users/1").body == "{\"staged\":true}")
        let proxied = try request(port, "/myapi/users/2")
        #expect(proxied.body == "{\"id\":2,\"name\":\"user 2\",\"self\":\"http://127.0.0.1:\(port)/myapi/users/2\"}")
        let down = try request(port, "/gone/x")
        #expect(down.status == 502)
        #expect(down.body.contains("http://127.0.0.1:1"), "\(down.body)")
        serve.signal(SIGTERM)
        #expect(serve.finish().status == 0)
    }

    /// An upstream body over the client's limit is refused (memory stays bounded) with a 502 that says so.
    @Test func anOversizedUpstreamBodyIsA502() async throws {
        let (upstream, upstreamFolder) = try await LocalUpstream.start()
        defer { try? FileManager.default.removeItem(at: upstreamFolder) }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(["staged.yaml": Self.staged(upstreamPort: upstream.port)], into: folder)
        let server = try server(folder, scenario: "staged", maxBodyBytes: 1000)
        defer { server.stop() }
        let big = try request(server.port, "/myapi/big")
        #expect(big.status == 502)
        #expect(big.body.contains("over 1000 bytes"), "\(big.body)")
        #expect(try request(server.port, "/myapi/users/2").status == 200, "small answers still pass")
    }

    @Test func aProxyPrefixCollidingWithABuiltInAPIIsALocatedError() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(["bad.yaml": "proxy:\n  /swapi: http://127.0.0.1:9\n  /mine: ftp://example.com\n"], into: folder)
        do {
            _ = try ScenarioLoader.load(directory: folder)
            Issue.record("loaded")
        } catch {
            let text = error.problems.map(\.description).joined(separator: "\n")
            #expect(text.contains("bad.yaml:2"), "\(text)")
            #expect(text.contains("collides with /swapi"), "\(text)")
            #expect(text.contains("http:// or https://"), "\(text)")
        }
    }
}

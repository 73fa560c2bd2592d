import Foundation
import Testing
import UnderstudyTestSupport
import UnderstudyTesting

/// `understudy import har` on each exporter's shape (Fixtures/har/): what is written, that `validate` accepts it,
/// and, served by the real server, that each imported request answers as the HAR's last answer to it did.
@Suite struct HARImportExporterTests {
    @Test func chromeExportImportsServesAndReplays() async throws {
        let run = try HARImportRun.run(HARFixture.path("chrome.har"), ["--prefix", "/myapi=https://api.example.com/v1"])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        print(run.stdout)
        #expect(run.stdout.contains("imported 15 entries into"), "\(run.stdout)")
        #expect(run.stdout.contains(": 8 routes"), "\(run.stdout)")
        for reason in [
            "1 not under a --prefix", "1 OPTIONS requests", "1 aborted or blocked (status 0)", "1 304 Not Modified",
            "1 binary bodies (kept in data/imported/binary/, not served)",
        ] {
            #expect(run.stdout.contains(reason), "\(reason): \(run.stdout)")
        }
        #expect(run.stdout.contains("net::ERR_ABORTED"), "the aborted entry's error is named")
        let yaml = try run.text("imported.yaml")
        #expect(yaml.hasPrefix("# Written by `understudy import har` from chrome.har"))
        #expect(yaml.contains("query: \"access_token=REDACTED\""), "\(yaml)")
        #expect(yaml.contains("\"location\": \"{{origin}}/myapi/me\""), "a redirect to the upstream stays on the replaying host: \(yaml)")
        #expect(yaml.contains("\"location\": \"{{origin}}/myapi/cart/7\""))
        #expect(yaml.contains("{{origin}}/myapi/users?page=2"), "links in bodies and Link headers")
        #expect(!yaml.contains(":authority") && !yaml.contains("content-encoding"), "pseudo-headers and the coding are dropped")
        #expect(!yaml.contains("delay:"), "no delays without --keep-timing")
        #expect(run.files.contains { $0.hasPrefix("data/imported/binary/get-myapi-avatars-1png-") && $0.hasSuffix(".png") }, "\(run.files)")
        #expect(run.files.contains("data/imported/session-routes.json"))
        #expect(!run.files.contains { !$0.hasPrefix("data/") && $0 != "imported.yaml" }, "only the scenario at the top: \(run.files)")
        let validate = try run.validate()
        #expect(validate.status == 0, "\(validate.stderr)")

        let server = try await UnderstudyTestServer.start(scenarios: run.folder, scenario: "imported")
        let origin = "http://127.0.0.1:\(server.port)"
        try HARExpectation.replay(
            HARExpectation.read("chrome.har", upstream: "https://api.example.com/v1", prefix: "/myapi", origin: origin), on: server)
        let redirect = try request(server.port, "/myapi/old-profile")
        #expect(redirect.status == 301)
        #expect(redirect.header("Location") == origin + "/myapi/me")
        #expect(try request(server.port, "/myapi/avatars/1.png").status == 404, "a binary body is not served")
    }

    /// The same request answered differently (503, then an empty cart, then the cart after a POST): the scenario keeps
    /// the last answer, and session-routes.json, posted to a session, replays each in turn and then the last for good.
    @Test func repeatedRequestsReplayInOrderThroughSessionRoutes() async throws {
        let run = try HARImportRun.run(HARFixture.path("chrome.har"), ["--prefix", "/myapi=https://api.example.com/v1", "--keep-timing"])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("3 session routes"), "\(run.stdout)")
        let yaml = try run.text("imported.yaml")
        #expect(yaml.contains("    status: 200\n    delay: 52\n"), "the cart's last answer waited 51.6 ms: \(yaml)")
        #expect(yaml.contains("    status: 200\n    delay: 81\n"), "users?page=1 waited 80.5 ms")
        let routes = try run.text("data/imported/session-routes.json")
        #expect(routes.hasPrefix("{\"routes\": ["))
        #expect(routes.contains("\"times\":1"))
        let server = try await UnderstudyTestServer.start(scenarios: run.folder, scenario: "imported")
        let posted = try request(
            server.port, "/__admin/sessions/cart-test/routes", method: "POST", headers: ["Content-Type": "application/json"], body: routes)
        #expect(posted.status == 200 || posted.status == 201, "\(posted.raw)")
        let session = ["X-Understudy-Session": "cart-test"]
        let answers = try (0..<4).map { _ in try request(server.port, "/myapi/cart", headers: session) }
        #expect(answers.map(\.status) == [503, 200, 200, 200])
        #expect(jsonObject(answers[1].body) == jsonObject("{\"items\":[]}"))
        #expect(jsonObject(answers[2].body) == jsonObject("{\"items\":[{\"id\":7}]}"))
        #expect(jsonObject(answers[3].body) == jsonObject("{\"items\":[{\"id\":7}]}"))
        #expect(jsonObject(try request(server.port, "/myapi/cart").body) == jsonObject("{\"items\":[{\"id\":7}]}"), "without the session: the last")
    }

    @Test func firefoxExportIsTakenInStartOrder() async throws {
        let run = try HARImportRun.run(HARFixture.path("firefox.har"), ["--prefix", "/shop=https://shop.example.org/api"])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("1 bodies the HAR does not hold"), "\(run.stdout)")
        #expect(run.stdout.contains("1 not under a --prefix"))
        #expect(try run.text("imported.yaml").contains("query: \"category=books&api_key=REDACTED\""))
        #expect(try run.validate().status == 0)
        let server = try await UnderstudyTestServer.start(scenarios: run.folder, scenario: "imported")
        try HARExpectation.replay(
            HARExpectation.read("firefox.har", upstream: "https://shop.example.org/api", prefix: "/shop", origin: "http://127.0.0.1:\(server.port)"),
            on: server)
        // The file lists the full cart first; by date it came last, so it is the cart the scenario answers.
        #expect(jsonObject(try request(server.port, "/shop/cart").body) == jsonObject("{\"items\":[{\"sku\":\"B-1\"}]}"))
    }

    @Test func safariExportImports() async throws {
        let run = try HARImportRun.run(HARFixture.path("safari.har"), ["--prefix", "/weather=https://api.weather.example/v2"])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("1 aborted or blocked (status 0)") && run.stdout.contains("cancelled"), "\(run.stdout)")
        #expect(try run.validate().status == 0)
        let server = try await UnderstudyTestServer.start(scenarios: run.folder, scenario: "imported")
        let origin = "http://127.0.0.1:\(server.port)"
        try HARExpectation.replay(
            HARExpectation.read("safari.har", upstream: "https://api.weather.example/v2", prefix: "/weather", origin: origin), on: server)
        let forecast = try request(server.port, "/weather/forecast?city=Lisbon")
        #expect(forecast.header("ETag") == "\"f-1\"" && forecast.header("Cache-Control") == "max-age=300")
        #expect(forecast.body.contains(origin + "/weather/radar.png"))
    }

    /// Proxyman keeps bodies as they came: base64 of gzip and deflate bytes, Content-Encoding kept.
    @Test func proxymanGzipAndDeflateBodiesAreDecoded() async throws {
        let run = try HARImportRun.run(HARFixture.path("proxyman.har"), ["--prefix", "/backend=https://backend.example.com/api"])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("bodies decompressed (gzip, deflate, br): 4"), "\(run.stdout)")
        #expect(try run.validate().status == 0)
        let server = try await UnderstudyTestServer.start(scenarios: run.folder, scenario: "imported")
        let origin = "http://127.0.0.1:\(server.port)"
        let feed = try request(server.port, "/backend/feed")
        #expect(feed.header("Content-Encoding") == nil)
        #expect(
            jsonObject(feed.body) == jsonObject("{\"items\":[{\"id\":\"p1\",\"text\":\"hello\"}],\"next\":\"\(origin)/backend/feed?cursor=c2\"}"),
            "\(feed.body)")
        #expect(jsonObject(try request(server.port, "/backend/feed?cursor=c2").body) == jsonObject("{\"items\":[],\"next\":null}"))
        #expect(jsonObject(try request(server.port, "/backend/config").body) == jsonObject("{\"theme\":\"dark\",\"flags\":{\"beta\":true}}"))
        let token = try request(server.port, "/backend/oauth/token", method: "POST")
        #expect(jsonObject(token.body) == jsonObject("{\"access_token\":\"REDACTED\",\"client_secret\":\"REDACTED\",\"scope\":\"feed\"}"))
        let legacy = try request(server.port, "/backend/legacy")
        #expect(legacy.status == 302)
        #expect(legacy.header("Location") == origin + "/backend/feed", "a root-relative Location under the upstream's path")
    }

    @Test func brotliBodiesAreDecoded() async throws {
        let run = try HARImportRun.run(HARFixture.path("proxyman-br.har"), ["--prefix", "/backend=https://backend.example.com/api"])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("bodies decompressed (gzip, deflate, br): 2"), "\(run.stdout)")
        #expect(try run.validate().status == 0)
        let server = try await UnderstudyTestServer.start(scenarios: run.folder, scenario: "imported")
        let catalog = jsonObject(try request(server.port, "/backend/catalog").body) as? [String: Any]
        #expect((catalog?["products"] as? [Any])?.count == 39)
        #expect(
            jsonObject(try request(server.port, "/backend/catalog/1").body) == jsonObject("{\"id\":1,\"name\":\"Product 1\",\"tags\":[\"a\",\"b\"]}"))
    }

    @Test func deriveWritesTheVariantsOfTheImport() throws {
        let run = try HARImportRun.run(
            HARFixture.path("safari.har"), name: "weather", ["--prefix", "/weather=https://api.weather.example/v2", "--derive"])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("derived: weather-empty, weather-not-found, weather-server-error, weather-malformed-json"), "\(run.stdout)")
        #expect(try run.validate().status == 0)
    }
}

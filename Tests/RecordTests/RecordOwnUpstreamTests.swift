import Foundation
import Testing
import Understudy
import UnderstudyStaging
import UnderstudyTestSupport
import UnderstudyTesting

/// `understudy record` in front of the tests' own upstream: what the client gets, what the file says,
/// and what the file replays.
@Suite struct RecordOwnUpstreamTests {
    static let recordedPaths = [
        "/myapi/users", "/myapi/users?page=2", "/myapi/users/1", "/myapi/users/2", "/myapi/readme", "/myapi/broken",
        "/myapi/old", "/myapi/big", "/myapi/slow", "/myapi/liar",
    ]

    @Test func recordsReplaysAndDerives() async throws {
        let (upstream, upstreamFolder) = try await LocalUpstream.start()
        defer { try? FileManager.default.removeItem(at: upstreamFolder) }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let recorder = try RecorderProcess([
            "--upstream", "http://127.0.0.1:\(upstream.port)/v1", "--prefix", "/myapi", "--into", folder.appendingPathComponent("myapi.yaml").path,
            "--params", "--derive", "--timeout", "2",
        ])
        let origin = "http://127.0.0.1:\(recorder.port)"

        // What the client gets through the recorder: the upstream's answers, links pointing back at the recorder.
        var seen: [String: Answer] = [:]
        for path in Self.recordedPaths { seen[path] = try request(recorder.port, path) }
        let list = try #require(seen["/myapi/users"])
        #expect(list.status == 200)
        #expect(list.body.contains("\"next\":\"\(origin)/myapi/users?page=2\""), "links lead back to the recorder: \(list.body)")
        #expect(seen["/myapi/users/2"]?.body == "{\"id\":2,\"name\":\"user 2\",\"self\":\"\(origin)/myapi/users/2\"}")
        #expect(seen["/myapi/broken"]?.status == 500)
        #expect(seen["/myapi/old"]?.status == 301)
        #expect(seen["/myapi/old"]?.header("Location") == "/myapi/users", "a redirect stays on the recorder")
        #expect(seen["/myapi/big"]?.body.utf8.count ?? 0 > 10_000)
        let created = try request(recorder.port, "/myapi/users", method: "POST", body: "{\"name\":\"new\"}")
        #expect(created.status == 201)

        // An upstream that never answers, one that resets, a path under no prefix: clear errors naming the upstream.
        let hang = try request(recorder.port, "/myapi/hang", timeout: 10)
        #expect(hang.status == 504)
        #expect(hang.body.contains("127.0.0.1:\(upstream.port)"), "names the upstream: \(hang.body)")
        let reset = try request(recorder.port, "/myapi/reset")
        #expect(reset.status == 502)
        #expect(reset.body.contains("127.0.0.1:\(upstream.port)"))
        #expect(try request(recorder.port, "/elsewhere").status == 404)

        let (status, stderr) = recorder.stop()
        #expect(status == 0, "\(stderr)")
        #expect(stderr.contains("wrote"))
        #expect(stderr.contains("not JSON although"), "the liar's body is noted: \(stderr)")

        // The file: valid as written, no cookie, a query route, an :id route, the big body in a file.
        let yaml = try String(contentsOf: folder.appendingPathComponent("myapi.yaml"), encoding: .utf8)
        #expect(!yaml.lowercased().contains("set-cookie") && !yaml.contains("secret"))
        #expect(yaml.contains("query: \"page=2\""))
        #expect(yaml.contains("path: \"/myapi/users/:id\""))
        #expect(yaml.contains("\"Cache-Control\": \"max-age=60\"") && yaml.contains("\"X-Total-Count\": \"2\""))
        #expect(yaml.contains("json: {\"id\": 1,") || yaml.contains("json: {\"count\": 2"), "JSON bodies as json:")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("data/myapi").path)
        #expect(files.contains { $0.hasPrefix("get-myapi-big-") && $0.hasSuffix(".json") })
        let validate = try UnderstudyProcess(["validate", folder.path]).finish()
        #expect(validate.status == 0, "understudy validate: \(validate.stderr)")

        // The replay: every body byte for byte (links on the replaying host), status and content type alike.
        let replay = try await UnderstudyTestServer.start(scenarios: folder, scenario: "myapi")
        let replayOrigin = "http://127.0.0.1:\(replay.port)"
        for path in Self.recordedPaths {
            let recorded = try #require(seen[path])
            let again = try request(replay.port, path)
            #expect(again.status == recorded.status, "\(path)")
            #expect(again.body == recorded.body.replacingOccurrences(of: origin, with: replayOrigin), "\(path) replays byte for byte")
            #expect(again.header("Content-Type") == recorded.header("Content-Type"), "\(path)")
        }
        // --params: an id never recorded is answered from the template.
        let unseen = try request(replay.port, "/myapi/users/77")
        #expect(
            unseen.body == "{\"id\":77,\"name\":\"user 2\",\"self\":\"\(replayOrigin)/myapi/users/77\"}"
                || unseen.body == "{\"id\":77,\"name\":\"user 1\",\"self\":\"\(replayOrigin)/myapi/users/77\"}", "\(unseen.body)")

        // --derive: the variants extend the recording and flip every recorded route.
        let down = try request(replay.port, "/myapi/users/1", headers: ["X-Understudy-Scenario": "myapi-server-error"])
        #expect(down.status == 500)
        #expect(try request(replay.port, "/myapi/readme", headers: ["X-Understudy-Scenario": "myapi-not-found"]).status == 404)
        let empty = try request(replay.port, "/myapi/users", headers: ["X-Understudy-Scenario": "myapi-empty"])
        let emptied = try #require(empty.json as? [String: Any])
        #expect(emptied["count"] as? Int == 0)
        #expect((emptied["results"] as? [Any])?.isEmpty == true)
        let cut = try request(replay.port, "/myapi/users/1", headers: ["X-Understudy-Scenario": "myapi-malformed-json"])
        #expect(cut.status == 200 && cut.json == nil)
        // The bundled faults apply too, to a scenario folder that has them.
        _ = replay
    }
}

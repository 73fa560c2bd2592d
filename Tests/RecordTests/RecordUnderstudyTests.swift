import Foundation
import Testing
import UnderstudyTestSupport
import UnderstudyTesting

/// `understudy record --api` in front of a second Understudy (port 0, `happy`): the built-in APIs'
/// pages a client walks are recorded, the file validates, and served back it gives the same bodies with
/// links on the new host.
@Suite struct RecordUnderstudyTests {
    /// Follows `next` (SWAPI) or `next_page_url` (catfact) from `start`; every page's path and answer.
    func walk(_ port: Int, from start: String, origin: String) throws -> [(String, Answer)] {
        var pages: [(String, Answer)] = []
        var next: String? = start
        while let path = next, pages.count < 20 {
            let answer = try request(port, path)
            #expect(answer.status == 200, "\(path)")
            pages.append((path, answer))
            let body = answer.json as? [String: Any]
            let link = (body?["next"] as? String) ?? (body?["next_page_url"] as? String)
            next = link.map { String($0.dropFirst(origin.count)) }
            if let link { #expect(link.hasPrefix(origin), "the page links back to the recorder: \(link)") }
        }
        return pages
    }

    @Test func recordsCatfactAndSWAPIPagesAndReplaysThemOnAnotherHost() async throws {
        let upstream = try await UnderstudyTestServer.start()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = "http://127.0.0.1:\(upstream.port)"
        let recorder = try RecorderProcess([
            "--api", "catfact=\(base)/catfact", "--api", "swapi=\(base)/swapi/api", "--into", folder.appendingPathComponent("understudy.yaml").path,
        ])
        let origin = "http://127.0.0.1:\(recorder.port)"
        var pages = try walk(recorder.port, from: "/catfact/facts", origin: origin)
        pages += try walk(recorder.port, from: "/catfact/breeds", origin: origin)
        pages += try walk(recorder.port, from: "/swapi/api/people/", origin: origin)
        pages += try walk(recorder.port, from: "/swapi/api/films/", origin: origin)
        pages += [("/swapi/api/people/1/", try request(recorder.port, "/swapi/api/people/1/"))]
        #expect(pages.count > 10)
        let (status, stderr) = recorder.stop()
        #expect(status == 0, "\(stderr)")

        let validate = try UnderstudyProcess(["validate", folder.path]).finish()
        #expect(validate.status == 0, "understudy validate: \(validate.stderr)")
        let yaml = try String(contentsOf: folder.appendingPathComponent("understudy.yaml"), encoding: .utf8)
        let routes = yaml.components(separatedBy: "\n").filter { !$0.hasPrefix("description:") }.joined(separator: "\n")
        #expect(!routes.contains(base), "no link to the recorded host is left (only the description names it)")

        let replay = try await UnderstudyTestServer.start(scenarios: folder, scenario: "understudy")
        let replayOrigin = "http://127.0.0.1:\(replay.port)"
        for (path, recorded) in pages {
            let again = try request(replay.port, path)
            #expect(again.status == 200, "\(path)")
            // Compared as JSON: catfact writes its links with escaped slashes, and {{origin}} is filled in unescaped.
            let expected =
                try JSONSerialization.jsonObject(
                    with: Data(
                        recorded.body.replacingOccurrences(of: origin, with: replayOrigin)
                            .replacingOccurrences(of: origin.replacingOccurrences(of: "/", with: "\\/"), with: replayOrigin).utf8)) as? NSObject
            let got = try JSONSerialization.jsonObject(with: Data(again.body.utf8)) as? NSObject
            #expect(got == expected, "\(path) replays with links on the new host")
            #expect(!again.body.contains(String(recorder.port)), "\(path) has no link to the recorder left")
        }
    }
}

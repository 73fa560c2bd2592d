import Foundation
import Testing
import UnderstudyDocuments
import UnderstudyRecording
import UnderstudyTesting

@testable import Understudy
@testable import UnderstudyStaging

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The pieces a recording is written with, against hostile text: what the writer puts in a file, the loader
/// must read back as exactly the same bytes.
@Suite struct RecordingFormatTests {
    static let hostile = [
        "plain", "", "with \"quotes\" and \\backslashes\\", "line\nbreaks\r\n\ttabs", "\u{0}\u{1}\u{1F}\u{7F}\u{85}",
        "\u{2028}\u{2029}\u{FEFF}", "é 漢字 🐈", "# not a comment", "- not a list", "key: not a map", "yes", "null", "1e5", "{{origin}}/x",
    ]

    /// Each hostile string as a body, a header value and a JSON string: the served bytes equal the recorded ones.
    @Test func hostileTextRoundTripsThroughAScenarioFile() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mapping = try UpstreamMapping(prefix: "/t", upstream: "http://upstream.test")
        var exchanges: [RecordedExchange] = []
        for (index, text) in Self.hostile.enumerated() {
            exchanges.append(
                RecordedExchange(
                    method: "GET", path: "/t/text/\(index)", query: "", status: 200,
                    headers: [("Content-Type", "text/plain"), ("Cache-Control", text.filter { $0.isASCII && $0 >= " " && $0 != "\u{7F}" })],
                    body: Array(text.utf8), mapping: mapping))
            let json = "{\"v\":\(String(decoding: JSONWriter().quoted(text), as: UTF8.self)),\"n\":[1,2.50,-3e2,true,null]}"
            exchanges.append(
                RecordedExchange(
                    method: "GET", path: "/t/json/\(index)", query: "q=\(index)", status: 200,
                    headers: [("Content-Type", "application/json")], body: Array(json.utf8), mapping: mapping))
        }
        let writer = ScenarioWriter(name: "hostile")
        let output = writer.render(exchanges)
        // A body that holds a placeholder of its own cannot be replayed as it was: left out, with a note each.
        #expect(output.notes.filter { $0.contains("{{origin}}") }.count == 2, "\(output.notes)")
        try writer.save(output, into: folder)
        _ = try ScenarioLoader.load(directory: folder)
        let server = try await UnderstudyTestServer.start(scenarios: folder, scenario: "hostile")
        for exchange in exchanges where !String(decoding: exchange.body, as: UTF8.self).contains("{{") {
            let target = exchange.path + (exchange.query.isEmpty ? "" : "?" + exchange.query)
            let (data, _) = try await URLSession.shared.data(from: server.url(target))
            #expect(Array(data) == exchange.body, "\(target): \(String(decoding: exchange.body, as: UTF8.self).debugDescription)")
        }
    }

    @Test func linksAreRewrittenOnlyWhereTheWholeBaseMatches() throws {
        let mapping = try UpstreamMapping(prefix: "/my", upstream: "http://h:80/v1")
        let rewriter = LinkRewriter(mapping: mapping, replacement: "{{origin}}")
        #expect(rewriter.rewrite("a http://h:80/v1/x b") == "a {{origin}}/my/x b")
        #expect(rewriter.rewrite("http://h:8080/v1/x") == "http://h:8080/v1/x")
        #expect(rewriter.rewrite("http://h:80/v10") == "http://h:80/v10")
        #expect(rewriter.rewrite("\"http:\\/\\/h:80\\/v1\\/x\"") == "\"{{origin}}\\/my\\/x\"")
        #expect(rewriter.rewriteHeader("/v1/users?page=2") == "/my/users?page=2", "root-relative upstream links move under the prefix")
        #expect(rewriter.rewriteHeader("/elsewhere") == "/elsewhere")
    }

    @Test func queryPatternsCompareDecodedPairsInAnyOrder() throws {
        let pattern = try #require(QueryPattern("b=2&a=x%20y"))
        #expect(pattern.pairs == [.init(name: "a", value: "x y"), .init(name: "b", value: "2")])
        #expect(QueryPattern("a=%zz") == nil)
        #expect(QueryPattern("a=%e9") == nil, "not UTF-8")
    }

    @Test func idSegmentsAreTheOnesThatLookLikeIds() {
        for id in ["1", "42", "9f8e7d6c", "123e4567-e89b-12d3-a456-426614174000", "a1b2c3d4e5f6"] {
            #expect(ParameterGeneraliser.isIdentifier(Substring(id)), "\(id)")
        }
        for word in ["users", "api", "v1", "search", "", "abcdefgh"] {
            #expect(!ParameterGeneraliser.isIdentifier(Substring(word)), "\(word)")
        }
    }
}

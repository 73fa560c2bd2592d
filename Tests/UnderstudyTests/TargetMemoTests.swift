import Testing
import UnderstudyHTTP
@testable import Understudy

/// The memo of responses by exact target: a lookup by raw bytes must find exactly what was
/// remembered under the same path, query, host and malformed flag, and nothing else.
@Suite struct TargetMemoTests {
    private static func withTarget<Result>(
        path: String, query: String = "", host: String, malformed: Bool = false, _ body: (TargetMemo.Target) -> Result
    ) -> Result {
        let (path, query, host) = (Array(path.utf8), Array(query.utf8), Array(host.utf8))
        return path.withUnsafeBufferPointer { path in
            query.withUnsafeBufferPointer { query in
                host.withUnsafeBufferPointer { host in
                    body(TargetMemo.Target(path: path, query: query, host: host, malformed: malformed))
                }
            }
        }
    }

    private static func response(_ text: String) -> PreparedResponse {
        PreparedResponse(status: .ok, text: text)
    }

    @Test func findsWhatWasRememberedAndNothingElse() {
        let memo = TargetMemo()
        let plain = Self.response("plain"), other = Self.response("other host"), broken = Self.response("malformed")
        Self.withTarget(path: "/swapi/api/people/", query: "page=2", host: "a.example") { memo.remember(plain, for: $0) }
        Self.withTarget(path: "/swapi/api/people/", query: "page=2", host: "b.example:81") { memo.remember(other, for: $0) }
        Self.withTarget(path: "/swapi/api/people/", query: "page=2", host: "a.example", malformed: true) { memo.remember(broken, for: $0) }

        #expect(Self.withTarget(path: "/swapi/api/people/", query: "page=2", host: "a.example") { memo[$0] } === plain)
        #expect(Self.withTarget(path: "/swapi/api/people/", query: "page=2", host: "b.example:81") { memo[$0] } === other)
        #expect(Self.withTarget(path: "/swapi/api/people/", query: "page=2", host: "a.example", malformed: true) { memo[$0] } === broken)
        #expect(Self.withTarget(path: "/swapi/api/people/", query: "page=3", host: "a.example") { memo[$0] } == nil)
        #expect(Self.withTarget(path: "/swapi/api/people/", host: "a.example") { memo[$0] } == nil)
        #expect(Self.withTarget(path: "/swapi/api/people", query: "page=2", host: "a.example") { memo[$0] } == nil)
    }

    /// The same bytes split differently between path, query and host are different targets.
    @Test func segmentBoundariesCount() {
        let memo = TargetMemo()
        let first = Self.response("first")
        Self.withTarget(path: "/ab", query: "c", host: "h") { memo.remember(first, for: $0) }
        #expect(Self.withTarget(path: "/a", query: "bc", host: "h") { memo[$0] } == nil)
        #expect(Self.withTarget(path: "/ab", query: "", host: "ch") { memo[$0] } == nil)
        #expect(Self.withTarget(path: "/ab", query: "c", host: "h") { memo[$0] } === first)
    }

    /// The table grows past its first size and keeps every entry findable, up to the limit.
    @Test func growsAndStaysBounded() {
        let memo = TargetMemo()
        let responses = (0..<50).map { Self.response("\($0)") }
        for (index, response) in responses.enumerated() {
            Self.withTarget(path: "/swapi/api/people/\(index)/", host: "localhost:8080") { memo.remember(response, for: $0) }
        }
        for (index, response) in responses.enumerated() {
            #expect(Self.withTarget(path: "/swapi/api/people/\(index)/", host: "localhost:8080") { memo[$0] } === response, "\(index)")
        }
        let spare = Self.response("spare")
        for index in 0..<(ResponseCache.limit + 10) {
            Self.withTarget(path: "/artic/api/v1/artworks/\(index)", host: "h") { memo.remember(spare, for: $0) }
        }
        let beyond = (0..<(ResponseCache.limit + 10)).filter { index in
            Self.withTarget(path: "/artic/api/v1/artworks/\(index)", host: "h") { memo[$0] } != nil
        }
        #expect(beyond.count == ResponseCache.limit - responses.count)
    }
}

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
        let memo = TargetMemo(budget: CacheBudget(limit: 1 << 40))
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
        let memo = TargetMemo(budget: CacheBudget(limit: 1 << 40))
        let first = Self.response("first")
        Self.withTarget(path: "/ab", query: "c", host: "h") { memo.remember(first, for: $0) }
        #expect(Self.withTarget(path: "/a", query: "bc", host: "h") { memo[$0] } == nil)
        #expect(Self.withTarget(path: "/ab", query: "", host: "ch") { memo[$0] } == nil)
        #expect(Self.withTarget(path: "/ab", query: "c", host: "h") { memo[$0] } === first)
    }

    /// The table grows past its first size and keeps every entry findable, up to the limit.
    @Test func growsAndStaysBounded() {
        let memo = TargetMemo(budget: CacheBudget(limit: 1 << 40))
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

    /// Remembered keys count against the byte budget; a long target is not remembered at all.
    @Test func keysCountAgainstTheBudget() {
        let budget = CacheBudget(limit: 4096)
        let memo = TargetMemo(budget: budget)
        let response = Self.response("r")
        for index in 0..<100 {
            Self.withTarget(path: "/swapi/api/people/\(index)/", host: "h") { memo.remember(response, for: $0) }
        }
        let kept = (0..<100).filter { index in Self.withTarget(path: "/swapi/api/people/\(index)/", host: "h") { memo[$0] } != nil }
        #expect(kept.count > 0 && kept.count < 100 && budget.usedBytes <= 4096)
        let roomy = TargetMemo(budget: CacheBudget(limit: 1 << 30))
        let long = "/swapi/api/people/" + String(repeating: "x", count: TargetMemo.maxKeyBytes)
        Self.withTarget(path: long, host: "h") { roomy.remember(response, for: $0) }
        #expect(Self.withTarget(path: long, host: "h") { roomy[$0] } == nil)
    }
}

/// The rendered-response cache: a few hosts per route, a byte budget, its bytes given back when it goes.
@Suite struct ResponseCacheTests {
    private static func template(_ body: [UInt8]) -> APIResponse {
        var template = BodyTemplate()
        template.append(body)
        return APIResponse(status: .ok, body: template)
    }

    private static func prepared(_ template: APIResponse) -> PreparedResponse {
        PreparedResponse(status: template.status, body: template.body.render(origin: Origin("http://h")))
    }

    @Test func keepsAFewHostsPerRouteWithinTheBudget() {
        let budget = CacheBudget(limit: 1 << 20)
        do {
            let cache = ResponseCache(budget: budget)
            let body = [UInt8](repeating: 65, count: 100_000)
            var kept = 0
            for host in 0..<50 {
                let key = ResponseCache.Key(route: .fixed(.artic), host: "host\(host):8080", malformed: false)
                let (response, isKept) = cache.response(for: key) { Self.template(body) } prepare: { Self.prepared($0) }
                #expect(response.bodyCount == body.count)
                if isKept { kept += 1 }
            }
            #expect(kept == ResponseCache.hostsPerRoute, "a new host past the few costs a render, not a kept copy")
            // A kept response is found again without rendering.
            let again = cache.response(for: ResponseCache.Key(route: .fixed(.artic), host: "host0:8080", malformed: false)) {
                Issue.record("rendered again")
                return Self.template([])
            } prepare: { Self.prepared($0) }
            #expect(again.kept)
            // Hosts past the few are filled in from the route's template, kept once: not rendered again.
            let further = cache.response(for: ResponseCache.Key(route: .fixed(.artic), host: "host-new:8080", malformed: false)) {
                Issue.record("the template was rendered again")
                return Self.template([])
            } prepare: { Self.prepared($0) }
            #expect(!further.kept && further.response.bodyCount == body.count)
            #expect(again.kept)
            // Other routes fill the budget, then render per request.
            for index in 0..<20 {
                _ = cache.response(for: ResponseCache.Key(route: .custom(index, []), host: "h", malformed: false)) {
                    Self.template(body)
                } prepare: { Self.prepared($0) }
            }
            #expect(budget.usedBytes <= budget.limit && cache.usage.bytes == budget.usedBytes && cache.usage.entries < 20 + 8 + 1)
        }
        #expect(budget.usedBytes == 0, "the cache's bytes go back to the budget with it")
    }
}

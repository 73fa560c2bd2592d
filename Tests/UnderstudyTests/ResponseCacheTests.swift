import HTTPTypes
import Testing
import UnderstudyAPIService
import UnderstudyAdminWire
import UnderstudyBuiltinAPIs
import UnderstudyDocuments
import UnderstudyHTTP

@testable import Understudy
@testable import UnderstudyStaging

/// The cache's index of responses by exact target: a lookup must find exactly what was remembered
/// under the same path, query, host and malformed flag, and nothing else.
@Suite struct TargetIndexTests {
    private static func target(path: String, query: String = "", host: String, malformed: Bool = false) -> ResponseCache.Target {
        ResponseCache.Target(target: RequestTarget(host: host, path: path, query: query), malformed: malformed)
    }

    private static func response(_ text: String) -> Response {
        Response(status: .ok, text: text)
    }

    private static func text(_ response: Response?) -> String? {
        response.map { String(decoding: $0.body, as: UTF8.self) }
    }

    @Test func findsWhatWasRememberedAndNothingElse() {
        let cache = ResponseCache(budget: CacheBudget(limit: 1 << 40))
        cache.remember(Self.response("plain"), for: Self.target(path: "/swapi/api/people/", query: "page=2", host: "a.example"))
        cache.remember(Self.response("other host"), for: Self.target(path: "/swapi/api/people/", query: "page=2", host: "b.example:81"))
        cache.remember(Self.response("malformed"), for: Self.target(path: "/swapi/api/people/", query: "page=2", host: "a.example", malformed: true))

        #expect(Self.text(cache[Self.target(path: "/swapi/api/people/", query: "page=2", host: "a.example")]) == "plain")
        #expect(Self.text(cache[Self.target(path: "/swapi/api/people/", query: "page=2", host: "b.example:81")]) == "other host")
        #expect(Self.text(cache[Self.target(path: "/swapi/api/people/", query: "page=2", host: "a.example", malformed: true)]) == "malformed")
        #expect(cache[Self.target(path: "/swapi/api/people/", query: "page=3", host: "a.example")] == nil)
        #expect(cache[Self.target(path: "/swapi/api/people/", host: "a.example")] == nil)
        #expect(cache[Self.target(path: "/swapi/api/people", query: "page=2", host: "a.example")] == nil)
    }

    /// The same bytes split differently between path, query and host are different targets.
    @Test func segmentBoundariesCount() {
        let cache = ResponseCache(budget: CacheBudget(limit: 1 << 40))
        cache.remember(Self.response("first"), for: Self.target(path: "/ab", query: "c", host: "h"))
        #expect(cache[Self.target(path: "/a", query: "bc", host: "h")] == nil)
        #expect(cache[Self.target(path: "/ab", query: "", host: "ch")] == nil)
        #expect(Self.text(cache[Self.target(path: "/ab", query: "c", host: "h")]) == "first")
    }

    /// The table grows past its first size and keeps every entry findable, up to the limit.
    @Test func growsAndStaysBounded() {
        let cache = ResponseCache(budget: CacheBudget(limit: 1 << 40))
        for index in 0..<50 {
            cache.remember(Self.response("\(index)"), for: Self.target(path: "/swapi/api/people/\(index)/", host: "localhost:8080"))
        }
        for index in 0..<50 {
            #expect(Self.text(cache[Self.target(path: "/swapi/api/people/\(index)/", host: "localhost:8080")]) == "\(index)")
        }
        let spare = Self.response("spare")
        for index in 0..<(ResponseCache.limit + 10) {
            cache.remember(spare, for: Self.target(path: "/artic/api/v1/artworks/\(index)", host: "h"))
        }
        let beyond = (0..<(ResponseCache.limit + 10)).filter { index in
            cache[Self.target(path: "/artic/api/v1/artworks/\(index)", host: "h")] != nil
        }
        #expect(beyond.count == ResponseCache.limit - 50)
    }

    /// Remembered targets count against the byte budget; a long target is not remembered at all.
    @Test func targetsCountAgainstTheBudget() {
        let budget = CacheBudget(limit: 8192)
        let cache = ResponseCache(budget: budget)
        let response = Self.response("r")
        for index in 0..<100 {
            cache.remember(response, for: Self.target(path: "/swapi/api/people/\(index)/", host: "h"))
        }
        let kept = (0..<100).filter { cache[Self.target(path: "/swapi/api/people/\($0)/", host: "h")] != nil }
        #expect(kept.count > 0 && kept.count < 100 && budget.usedBytes <= 8192)
        let roomy = ResponseCache(budget: CacheBudget(limit: 1 << 30))
        let long = "/swapi/api/people/" + String(repeating: "x", count: ResponseCache.maxTargetBytes)
        roomy.remember(response, for: Self.target(path: long, host: "h"))
        #expect(roomy[Self.target(path: long, host: "h")] == nil)
    }
}

/// The rendered-response cache: a few hosts per route, a byte budget, its bytes given back when it goes.
@Suite struct ResponseCacheTests {
    private static func template(_ body: [UInt8]) -> APIResponse {
        var template = BodyTemplate()
        template.append(body)
        return APIResponse(status: .ok, body: template)
    }

    private static func prepared(_ template: APIResponse) -> Response {
        Response(status: template.status, body: template.body.render(origin: Origin("http://h")))
    }

    @Test func keepsAFewHostsPerRouteWithinTheBudget() {
        let budget = CacheBudget(limit: 1 << 20)
        do {
            let cache = ResponseCache(budget: budget)
            let body = [UInt8](repeating: 65, count: 100_000)
            var kept = 0
            for host in 0..<50 {
                let key = ResponseCache.Key(route: .fixed(.artic), host: "host\(host):8080", malformed: false)
                let (response, isKept) = cache.response(for: key) {
                    Self.template(body)
                } prepare: {
                    Self.prepared($0)
                }
                #expect(response.bodyCount == body.count)
                if isKept { kept += 1 }
            }
            #expect(kept == ResponseCache.hostsPerRoute, "a new host past the few costs a render, not a kept copy")
            // A kept response is found again without rendering.
            let again = cache.response(for: ResponseCache.Key(route: .fixed(.artic), host: "host0:8080", malformed: false)) {
                Issue.record("rendered again")
                return Self.template([])
            } prepare: {
                Self.prepared($0)
            }
            #expect(again.kept)
            // Hosts past the few are filled in from the route's template, kept once: not rendered again.
            let further = cache.response(for: ResponseCache.Key(route: .fixed(.artic), host: "host-new:8080", malformed: false)) {
                Issue.record("the template was rendered again")
                return Self.template([])
            } prepare: {
                Self.prepared($0)
            }
            #expect(!further.kept && further.response.bodyCount == body.count)
            #expect(again.kept)
            // Other routes fill the budget, then render per request.
            for index in 0..<20 {
                _ = cache.response(for: ResponseCache.Key(route: .custom(index, []), host: "h", malformed: false)) {
                    Self.template(body)
                } prepare: {
                    Self.prepared($0)
                }
            }
            #expect(budget.usedBytes <= budget.limit && cache.usage.bytes == budget.usedBytes && cache.usage.entries < 20 + 8 + 1)
        }
        #expect(budget.usedBytes == 0, "the cache's bytes go back to the budget with it")
    }
}

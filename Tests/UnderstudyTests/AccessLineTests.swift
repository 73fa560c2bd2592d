import HTTPTypes
import Testing
import UnderstudyTestSupport

@testable import Understudy
@testable import UnderstudyHTTP
@testable import UnderstudyStaging

/// The access line is written byte by byte, digits included; both ways of
/// logging it (straight into the stderr buffer, or through swift-log) share this text.
@Suite struct AccessLineTests {
    static func exchange(
        _ request: ServerRequest, status: Int?, tag: String = "happy", nanoseconds: UInt64,
        completed: Bool = true
    ) -> CompletedExchange {
        CompletedExchange(request: request, status: status, tag: tag, durationNanoseconds: nanoseconds, completed: completed)
    }

    @Test func formatsMethodTargetStatusScenarioAndDuration() {
        let plain = ServerRequest(method: .get, path: "/catfact/facts")
        #expect(ScenarioResponder.accessLine(Self.exchange(plain, status: 200, nanoseconds: 12_345_678)) == "GET /catfact/facts 200 happy 12.345ms")
        #expect(ScenarioResponder.accessLine(Self.exchange(plain, status: 200, nanoseconds: 5_999)) == "GET /catfact/facts 200 happy 0.005ms")
        #expect(
            ScenarioResponder.accessLine(Self.exchange(plain, status: 503, nanoseconds: 1_000_000_000)) == "GET /catfact/facts 503 happy 1000.000ms")
        let query = ServerRequest(
            method: .head, path: "/swapi/api/people/", query: [.init(name: "search", value: "r2 d2"), .init(name: "page", value: "2")])
        #expect(
            ScenarioResponder.accessLine(Self.exchange(query, status: nil, tag: "", nanoseconds: 40_000, completed: false))
                == "HEAD /swapi/api/people/?search=r2%20d2&page=2 - - 0.040ms (connection closed early)")
        // Written in place (a plain query), and through the encoding path (a path to encode, a token to hide).
        let paged = ServerRequest(method: .get, path: "/swapi/api/people/", query: [.init(name: "page", value: "2")])
        #expect(
            ScenarioResponder.accessLine(Self.exchange(paged, status: 200, nanoseconds: 1_234)) == "GET /swapi/api/people/?page=2 200 happy 0.001ms")
        let odd = ServerRequest(method: .get, path: "/a b%\u{1B}")
        #expect(ScenarioResponder.accessLine(Self.exchange(odd, status: 404, nanoseconds: 0)) == "GET /a%20b%25%1B 404 happy 0.000ms")
        let admin = ServerRequest(method: .get, path: "/__admin/", query: [.init(name: "token", value: "secret")])
        #expect(ScenarioResponder.accessLine(Self.exchange(admin, status: 200, nanoseconds: 0)) == "GET /__admin/?token=REDACTED 200 happy 0.000ms")
    }

    /// A line the in-place writer gives up on half-way (a byte to encode after a plain start)
    /// leaves none of its bytes in the buffer: the general path then writes the whole line once.
    @Test func aLineGivenUpHalfWayLeavesNothingBehind() {
        var bytes = Array("earlier line\n".utf8)
        let spaced = ServerRequest(method: .get, path: "/catfact/long-plain-start/then a space")
        ScenarioResponder.writeAccessLine(Self.exchange(spaced, status: 200, nanoseconds: 2_000), into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "earlier line\nGET /catfact/long-plain-start/then%20a%20space 200 happy 0.002ms")
    }

    /// The in-place writer (macOS 26 and every Linux) and the general one (every line before macOS 26)
    /// write the same bytes for the lines the in-place one takes.
    @Test func theInPlaceAndTheGeneralWritersAgree() {
        let requests = [
            ServerRequest(method: .get, path: "/catfact/facts"),
            ServerRequest(method: .post, path: "/artic/api/v1/artworks/search", query: [.init(name: "limit", value: "2")]),
            ServerRequest(method: .get, path: "/swapi/api/people/", query: [.init(name: "page", value: "2")]),
        ]
        for request in requests {
            for (status, nanoseconds, completed) in [(200, UInt64(12_345_678), true), (503, 999, false), (404, 1_000_000_000_000, true)] {
                let exchange = Self.exchange(request, status: status, nanoseconds: nanoseconds, completed: completed)
                var inPlace: [UInt8] = []
                ScenarioResponder.writeAccessLine(exchange, into: &inPlace)
                var general: [UInt8] = []
                ScenarioResponder.writeGeneralAccessLine(exchange, into: &general)
                #expect(inPlace == general, "\(String(decoding: general, as: UTF8.self))")
            }
        }
    }
}

import Foundation
import Testing
import UnderstudyAdminClient
import UnderstudyClients

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The admin client names the session of a session-scoped call in `X-Understudy-Session`, as the
/// requests of that session do, so a load balancer that routes by the header (replicas sharing
/// state in Redis, docs/replicas.md) sends the call to the session's replica. Seen on the wire
/// through a URLProtocol that records each request and answers it.
@Suite struct AdminSessionHeaderTests {
    final class Recorder: URLProtocol, @unchecked Sendable {
        nonisolated(unsafe) static var seen: [(path: String, session: String?)] = []
        static let lock = NSLock()

        override class func canInit(with request: URLRequest) -> Bool { true }
        override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
        override func startLoading() {
            Self.lock.withLock { Self.seen.append((request.url?.path ?? "", request.value(forHTTPHeaderField: UnderstudyHeaderName.session))) }
            let path = request.url?.path ?? ""
            let body =
                path.hasSuffix("/requests")
                ? #"{"count":0,"capacity":10,"requests":[]}"# : #"{"active":"happy","start":"happy","overrides":{},"session_count":1}"#
            let response = HTTPURLResponse(
                url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"])!
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            client?.urlProtocol(self, didLoad: Data(body.utf8))
            client?.urlProtocolDidFinishLoading(self)
        }
        override func stopLoading() {}
    }

    @Test func sessionCallsCarryTheSessionHeader() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [Recorder.self]
        let admin = UnderstudyAdmin(baseURL: URL(string: "http://replicas.invalid")!, session: URLSession(configuration: configuration))
        try await admin.setScenario("empty", session: "run-7")
        _ = try await admin.requests(session: "run-7")
        _ = try? await admin.setScenario("happy")
        let seen = Recorder.lock.withLock { Recorder.seen }
        #expect(seen.first { $0.path == "/__admin/sessions/run-7/scenario" }?.session == "run-7")
        #expect(seen.first { $0.path == "/__admin/requests" }?.session == "run-7")
        #expect(seen.contains { $0.path == "/__admin/scenario" && $0.session == nil })
    }
}

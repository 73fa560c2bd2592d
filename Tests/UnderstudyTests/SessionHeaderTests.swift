import Foundation
import Testing
import UnderstudyDocuments
import UnderstudyTestSupport
import UnderstudyTesting

/// A session-scoped admin call whose `X-Understudy-Session` names another session than its path is
/// refused: behind a load balancer that routes by the header, it would reach the wrong replica.
@Suite struct SessionHeaderTests {
    @Test func aContradictingHeaderIsRefusedAndChangesNothing() async throws {
        let server = try UnderstudyTestServer()
        let body = #"{"name": "empty"}"#
        for path in ["/sessions/a/scenario", "/sessions/a/routes", "/sessions/a/validation", "/sessions/a"] {
            let method = path == "/sessions/a" ? "DELETE" : path.hasSuffix("routes") ? "GET" : "PUT"
            let refused = try await admin(
                method, path, json: method == "PUT" && path.hasSuffix("scenario") ? body : nil, headers: ["X-Understudy-Session": "b"], server: server
            )
            #expect(refused.status == 400, "\(method) \(path)")
            #expect(try refused.json()["error"]?.stringValue == "contradicting session header")
        }
        #expect(try await admin("GET", "/sessions", server: server).json()["count"] == .number("0"))
        let agreed = try await admin("PUT", "/sessions/a/scenario", json: body, headers: ["X-Understudy-Session": "a"], server: server)
        #expect(agreed.status == 200)
        let unnamed = try await admin("PUT", "/sessions/c/scenario", json: body, server: server)
        #expect(unnamed.status == 200)
    }
}

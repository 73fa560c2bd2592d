package import Foundation
package import UnderstudyAdminClient

// UnderstudyAdminClient's scopes (the `.understudySession` trait, `UnderstudySession.with`, and
// `UnderstudyTestSession.start`) attach to `UNDERSTUDY_BASE_URL`'s server when it is set; otherwise they look, at run
// time, for this conformance, so that a test target linking this module gets the shared in-process server.
extension UnderstudyLocalServer: UnderstudyLocalServerProviding {
    /// A session on the shared in-process server, started on first use.
    package static func session(id: String, requestTimeout: TimeInterval) async throws -> UnderstudySession {
        UnderstudySession(admin: try await UnderstudyTestServer.shared().admin, id: id, requestTimeout: requestTimeout)
    }
}

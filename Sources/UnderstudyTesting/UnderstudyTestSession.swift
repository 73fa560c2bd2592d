public import Foundation
public import UnderstudyAdminClient
@_exported import UnderstudyClients

/// One test's private corner of a shared server: a session id, clients that
/// send it, and admin calls scoped to it. Tests running in parallel against
/// one server each use their own session and never see each other's scenarios.
///
/// The server is a running Understudy when `UNDERSTUDY_BASE_URL` is set (with the token in
/// `UNDERSTUDY_ADMIN_TOKEN`) or when given to ``attach(to:token:id:requestTimeout:)``; otherwise
/// one in-process server for the whole test process, started on first use.
///
/// Swift Testing: `@Test(.understudySession) func x() async throws { let s = try #require(UnderstudyTestSession.current) … }`.
/// XCTest: `try await UnderstudySession.with { session in … }`, or `let s = try await UnderstudyTestSession.start()`
/// in `setUp` and `await s.end()` in `tearDown`.
///
/// Its surface (clients, `url(for:)`, `headerFields`, `state()`, the journal) is ``UnderstudySessionSurface``'s,
/// shared with ``UnderstudySession`` from `UnderstudyAdminClient`, which an iOS test target links instead: a test
/// written against `UnderstudySession.current` runs on either by re-linking.
public struct UnderstudyTestSession: UnderstudySessionSurface {
    /// The session of the enclosing `.understudySession` trait or `UnderstudySession.with { … }`.
    public static var current: UnderstudyTestSession? { UnderstudySession.current.map(UnderstudyTestSession.init) }

    /// The in-process server, when the session is on one; nil when attached to a running server.
    public let server: UnderstudyTestServer?
    /// The remote-capable session underneath: id, admin client, URLSession.
    public let session: UnderstudySession

    /// A session on an in-process server.
    ///
    /// - Parameters:
    ///   - server: The server the session's requests go to.
    ///   - id: The session's id, sent as `X-Understudy-Session`; a new unique one by default.
    ///   - requestTimeout: How long ``urlSession`` waits for a request before giving up.
    public init(
        server: UnderstudyTestServer, id: String = UnderstudySession.newID(), requestTimeout: TimeInterval = UnderstudySession.defaultRequestTimeout
    ) {
        self.server = server
        session = UnderstudySession(admin: server.admin, id: id, requestTimeout: requestTimeout)
    }

    /// A session on whatever server `session` is bound to.
    ///
    /// - Parameter session: A session made with `UnderstudyAdminClient` (for instance by `UnderstudySession.attach`);
    ///   ``server`` is the shared in-process server when the session is on it, else nil.
    public init(_ session: UnderstudySession) {
        server = UnderstudyTestServer.sharedServer(at: session.baseURL)
        self.session = session
    }

    /// A session on the server `UNDERSTUDY_BASE_URL` names (token from `UNDERSTUDY_ADMIN_TOKEN`),
    /// or, when that variable is not set, on the shared in-process server (started on first use).
    ///
    /// - Parameter id: The session's id; a new unique one when nil.
    /// - Returns: A session whose clients and ``urlSession`` send its id on every request.
    /// - Throws: `UnderstudyAdmin.Failure` when the named server does not answer, or what
    ///   ``UnderstudyTestServer/shared()`` throws.
    public static func start(id: String? = nil) async throws -> UnderstudyTestSession {
        UnderstudyTestSession(
            try await UnderstudySession.scoped(
                attachingTo: nil, token: nil, id: id ?? UnderstudySession.newID(), requestTimeout: UnderstudySession.defaultRequestTimeout))
    }

    /// A session on the running server at `baseURL` (`http://HOST:PORT`); no server is started.
    ///
    /// - Parameters:
    ///   - baseURL: The server's `http://HOST:PORT`.
    ///   - token: The server's admin token, if it has one.
    ///   - id: The session's id; a new unique one by default.
    ///   - requestTimeout: How long ``urlSession`` waits for a request before giving up.
    /// - Returns: A session on that server.
    /// - Throws: `UnderstudyAdmin.Failure` when the server's admin API does not answer.
    public static func attach(
        to baseURL: URL, token: String? = nil, id: String = UnderstudySession.newID(),
        requestTimeout: TimeInterval = UnderstudySession.defaultRequestTimeout
    ) async throws -> UnderstudyTestSession {
        UnderstudyTestSession(try await UnderstudySession.attach(to: baseURL, token: token, id: id, requestTimeout: requestTimeout))
    }
}

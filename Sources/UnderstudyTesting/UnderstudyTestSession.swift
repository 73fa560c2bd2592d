public import Foundation
public import Testing
import UnderstudyAdminClient
@_exported import UnderstudyClients

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// One test's private corner of a shared server: a session id, clients that
/// send it, and admin calls scoped to it. Tests running in parallel against
/// one server each use their own session and never see each other's scenarios.
///
/// The server is a running Understudy when `UNDERSTUDY_BASE_URL` is set (with the token in
/// `UNDERSTUDY_ADMIN_TOKEN`) or when given to ``attach(to:token:id:requestTimeout:)``; otherwise
/// one in-process server for the whole test process, started on first use.
///
/// Swift Testing: `@Test(.understudySession) func x() async throws { let s = try #require(UnderstudyTestSession.current) … }`.
/// XCTest: `let s = try await UnderstudyTestSession.start()` in `setUp`, `await s.end()` in `tearDown`.
///
/// A test target that cannot link the server (an iOS target) uses ``UnderstudySession`` from
/// `UnderstudyAdminClient`, which this type is built on.
public struct UnderstudyTestSession: Sendable {
    @TaskLocal public static var current: UnderstudyTestSession?

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
    /// - Parameter session: A session made with `UnderstudyAdminClient` (for instance by `UnderstudySession.attach`).
    public init(_ session: UnderstudySession) {
        server = nil
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
        let id = id ?? UnderstudySession.newID()
        if let admin = UnderstudyAdmin.fromEnvironment() {
            return try await attach(to: admin.baseURL, token: admin.token, id: id)
        }
        return UnderstudyTestSession(server: try await UnderstudyTestServer.shared(), id: id)
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

    /// The session's id, sent as `X-Understudy-Session` on every request of its clients.
    public var id: String { session.id }
    /// The admin client of the session's server.
    public var admin: UnderstudyAdmin { session.admin }
    /// `http://HOST:PORT` of the session's server.
    public var baseURL: URL { session.baseURL }
    /// An absolute URL on the session's server.
    ///
    /// - Parameter path: A path from the root, which may carry a query.
    /// - Returns: ``baseURL`` followed by `path`.
    public func url(_ path: String) -> URL { session.url(path) }
    /// A URLSession that sends the session header on every request, with a 3 s request timeout
    /// by default (longer than the bundled `delay`, short enough that `timeout` scenarios end quickly).
    public var urlSession: URLSession { session.urlSession }
    /// The environment for an app launched by a UI test: `UNDERSTUDY_BASE_URL` and `UNDERSTUDY_SESSION`.
    public var launchEnvironment: [String: String] { session.launchEnvironment }

    private var headers: UnderstudyHeaders { UnderstudyHeaders(session: id) }

    /// A SWAPI client on the session's server that sends the session's id.
    public var swapi: SWAPIClient { .live(baseURL: session.url(for: .swapi), session: urlSession, understudy: headers) }
    /// An artic client on the session's server that sends the session's id.
    public var artic: ArticClient { .live(baseURL: session.url(for: .artic), session: urlSession, understudy: headers) }
    /// A catfact client on the session's server that sends the session's id.
    public var catfact: CatFactClient { .live(baseURL: session.url(for: .catfact), session: urlSession, understudy: headers) }

    /// This session's requests now get `scenario` (for one API, or all).
    ///
    /// - Parameters:
    ///   - scenario: A scenario's name, as in `/__admin/scenarios`.
    ///   - api: The API it applies to; nil for all three.
    /// - Throws: `UnderstudyAdmin.Failure` when the server rejects it (an unknown scenario, say).
    public func use(_ scenario: String, api: UnderstudyAPI? = nil) async throws {
        try await session.use(scenario, api: api)
    }

    /// This session's requests follow `steps` (fail first, then recover).
    ///
    /// - Parameters:
    ///   - steps: Scenarios with how many requests each answers; the last answers all the rest.
    ///   - api: The API the sequence applies to; nil for all three.
    /// - Throws: `UnderstudyAdmin.Failure` when the server rejects it.
    public func use(sequence steps: [UnderstudyAdmin.Step], api: UnderstudyAPI? = nil) async throws {
        try await session.use(sequence: steps, api: api)
    }

    /// This session's journal.
    ///
    /// - Returns: The session's recorded requests, oldest first.
    /// - Throws: `UnderstudyAdmin.Failure` when the admin API does not answer.
    public func requests() async throws -> [UnderstudyAdmin.RecordedRequest] {
        try await session.requests()
    }

    /// Waits until one of this session's journal entries matches `predicate`.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait.
    ///   - predicate: Which entry counts; any by default.
    /// - Returns: The first matching entry.
    /// - Throws: `UnderstudyAdmin.Failure` when none matched within `timeout`.
    public func waitForRequest(
        timeout: Duration = .seconds(5),
        matching predicate: @Sendable (UnderstudyAdmin.RecordedRequest) -> Bool = { _ in true }
    ) async throws -> UnderstudyAdmin.RecordedRequest {
        try await session.waitForRequest(timeout: timeout, matching: predicate)
    }

    /// Forgets the session on the server.
    public func end() async {
        await session.end()
    }
}

/// Gives each test (or each test of a suite) its own ``UnderstudyTestSession``
/// as ``UnderstudyTestSession/current``: on the server `UNDERSTUDY_BASE_URL` names, on the one
/// given to `.understudySession(attachingTo:token:)`, or else on the shared in-process server.
public struct UnderstudySessionTrait: TestTrait, SuiteTrait, TestScoping {
    /// A running server to attach to; nil: `UNDERSTUDY_BASE_URL`, or the in-process server.
    public var baseURL: URL?
    /// The admin token of the server at ``baseURL``.
    public var token: String?

    /// Each test of a suite gets its own session.
    public var isRecursive: Bool { true }

    /// Runs `function` with a new session as ``UnderstudyTestSession/current`` and ends the session afterwards.
    ///
    /// - Parameters:
    ///   - test: The test (or suite) the trait is on.
    ///   - testCase: The test case; nil for a suite, which gets no session of its own.
    ///   - function: The test.
    /// - Throws: What starting the session or the test throws.
    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        guard testCase != nil || !test.isSuite else { return try await function() }
        let session =
            if let baseURL {
                try await UnderstudyTestSession.attach(to: baseURL, token: token)
            } else {
                try await UnderstudyTestSession.start()
            }
        do {
            try await UnderstudyTestSession.$current.withValue(session) {
                try await UnderstudySession.$current.withValue(session.session) { try await function() }
            }
        } catch {
            await session.end()
            throw error
        }
        await session.end()
    }
}

extension Trait where Self == UnderstudySessionTrait {
    /// Runs the test with its own session: on the server `UNDERSTUDY_BASE_URL` names (token from
    /// `UNDERSTUDY_ADMIN_TOKEN`), or else on the shared in-process Understudy server.
    public static var understudySession: UnderstudySessionTrait { UnderstudySessionTrait() }

    /// Runs the test with its own session on the running server at `baseURL`.
    ///
    /// - Parameters:
    ///   - baseURL: The server's `http://HOST:PORT`.
    ///   - token: The server's admin token, if it has one.
    /// - Returns: The trait.
    public static func understudySession(attachingTo baseURL: URL, token: String? = nil) -> UnderstudySessionTrait {
        UnderstudySessionTrait(baseURL: baseURL, token: token)
    }
}

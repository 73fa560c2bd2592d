public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// One test's private corner of a running Understudy, from any test target (an iOS simulator
/// test included): a session id, a URLSession whose every request carries it, and admin calls
/// scoped to it. Tests running in parallel against one server each use their own session and
/// never see each other's scenarios or journal entries.
///
/// ```swift
/// let session = try await UnderstudySession.attach(to: URL(string: "http://localhost:8080")!)
/// try await session.use("server-error", api: .catfact)
/// let fact = try await session.catfact.fetchFact(nil)   // a live client in this session
/// ```
///
/// Scoped forms that always end the session: the `.understudySession` trait (Swift Testing) and
/// ``with(attachingTo:token:id:requestTimeout:isolation:_:)`` (XCTest, XCUITest); the clients and the rest
/// of the shared surface are in ``UnderstudySessionSurface``.
public struct UnderstudySession: Sendable {
    /// Longer than the bundled `delay` scenario (2 s), short enough that `timeout` scenarios end quickly.
    public static let defaultRequestTimeout: TimeInterval = 3

    /// The session an enclosing `UnderstudySession.$current.withValue(…)` set.
    @TaskLocal public static var current: UnderstudySession?

    public let admin: UnderstudyAdmin
    public let id: String
    /// A URLSession whose every request carries `X-Understudy-Session: id`, with a
    /// `requestTimeout` (3 s by default) request timeout, in whole seconds on Linux
    /// (``urlSessionTimeout(_:)``).
    public let urlSession: URLSession

    /// A session on the server `admin` steers. Nothing is sent until the first call.
    public init(
        admin: UnderstudyAdmin, id: String = UnderstudySession.newID(), requestTimeout: TimeInterval = UnderstudySession.defaultRequestTimeout
    ) {
        self.admin = admin
        self.id = id
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = Self.urlSessionTimeout(requestTimeout)
        configuration.httpMaximumConnectionsPerHost = 64
        configuration.httpAdditionalHeaders = [UnderstudyHeaderName.session: id]
        urlSession = URLSession(configuration: configuration)
    }

    /// The request timeout a session's URLSession is given for `requestTimeout`.
    ///
    /// swift-corelibs-foundation's URLSession (FoundationNetworking, Linux) arms its timer for
    /// `Int(timeout) * 1000` ms, so 0.5 s becomes 0 and every request fails at once, often before
    /// it is sent; there the timeout is rounded up to whole seconds. Apple's URLSession takes it as given.
    package static func urlSessionTimeout(_ requestTimeout: TimeInterval) -> TimeInterval {
        #if canImport(FoundationNetworking)
        requestTimeout > 0 && requestTimeout.isFinite ? requestTimeout.rounded(.up) : requestTimeout
        #else
        requestTimeout
        #endif
    }

    /// A new session on the server at `baseURL` (`http://HOST:PORT`); waits until its admin API answers.
    public static func attach(
        to baseURL: URL, token: String? = nil, id: String = newID(),
        requestTimeout: TimeInterval = defaultRequestTimeout
    ) async throws -> UnderstudySession {
        let admin = UnderstudyAdmin(baseURL: baseURL, token: token)
        try await admin.waitUntilHealthy()
        return UnderstudySession(admin: admin, id: id, requestTimeout: requestTimeout)
    }

    /// A session on the server named by `UNDERSTUDY_BASE_URL` (and `UNDERSTUDY_ADMIN_TOKEN`); throws a
    /// ``UnderstudyAdmin/Failure`` of kind `notConfigured` when the variable is not set.
    ///
    /// With no `id`, the session is the one `UNDERSTUDY_SESSION` names when that is set: a test hosted in an
    /// app launched with a session in its environment steers the very session the app's requests land in.
    /// Otherwise (and whenever `id` is given) a new one. Tests that each want their own session pass
    /// `id: UnderstudySession.newID()`, or use the `.understudySession` trait or ``with(attachingTo:token:id:requestTimeout:isolation:_:)``,
    /// which never take `UNDERSTUDY_SESSION`.
    public static func attachFromEnvironment(
        id: String? = nil, requestTimeout: TimeInterval = defaultRequestTimeout
    ) async throws -> UnderstudySession {
        let environment = ProcessInfo.processInfo.environment
        guard let admin = UnderstudyAdmin.fromEnvironment(environment) else { throw UnderstudyAdmin.Failure.noServer }
        let id = id ?? environment[UnderstudyEnvironmentKey.session].flatMap { $0.isEmpty ? nil : $0 } ?? newID()
        return try await attach(to: admin.baseURL, token: admin.token, id: id, requestTimeout: requestTimeout)
    }

    /// `test-` and 8 random hex digits.
    public static func newID() -> String { "test-\(UUID().uuidString.prefix(8).lowercased())" }

    public var baseURL: URL { admin.baseURL }

    /// The base URL of an API on the server: `http://HOST:PORT/catfact` and so on.
    public func url(for api: UnderstudyAPI) -> URL { admin.url(for: api) }

    /// An absolute URL on the server for `path`.
    public func url(_ path: String) -> URL { admin.url(path) }

    /// The header fields that put a request in this session, for your own `URLRequest`s.
    public var headerFields: [String: String] { [UnderstudyHeaderName.session: id] }

    /// The environment for an app launched by a UI test (`XCUIApplication().launchEnvironment`):
    /// its `.live()` clients then talk to this server, in this session.
    public var launchEnvironment: [String: String] {
        [UnderstudyEnvironmentKey.baseURL: baseURL.absoluteString, UnderstudyEnvironmentKey.session: id]
    }

    /// This session's requests now get `scenario` (for one API, or all).
    public func use(_ scenario: String, api: UnderstudyAPI? = nil) async throws {
        try await admin.setScenario(scenario, api: api, session: id)
    }

    /// This session's requests follow `steps` (fail first, then recover), for one API or all.
    public func use(sequence steps: [UnderstudyAdmin.Step], api: UnderstudyAPI? = nil) async throws {
        try await admin.setSequence(steps, api: api, session: id)
    }

    /// The session as the server holds it: its selections and idle time; nil before its first
    /// request or admin call, and after it ended or expired (idle past the server's `--session-ttl`).
    public func state() async throws -> UnderstudyWire.SessionState? {
        try await admin.sessionState(id)
    }

    /// This session's journal, oldest first.
    public func requests(api: UnderstudyAPI? = nil, pathPrefix: String? = nil, status: Int? = nil) async throws -> [UnderstudyAdmin.RecordedRequest] {
        try await admin.requests(session: id, api: api, pathPrefix: pathPrefix, status: status)
    }

    /// Waits until one of this session's journal entries matches `predicate`.
    public func waitForRequest(
        timeout: Duration = .seconds(5),
        matching predicate: @Sendable (UnderstudyAdmin.RecordedRequest) -> Bool = { _ in true }
    ) async throws -> UnderstudyAdmin.RecordedRequest {
        try await admin.waitForRequest(session: id, timeout: timeout, matching: predicate)
    }

    /// Clears this session's journal.
    public func clearRequests() async throws {
        try await admin.clearRequests(session: id)
    }

    /// Forgets the session on the server (its scenario, counts and journal); errors are ignored.
    public func end() async {
        try? await admin.deleteSession(id)
    }
}

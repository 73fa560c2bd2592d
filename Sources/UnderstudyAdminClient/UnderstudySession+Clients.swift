public import Foundation
// The session vends the clients: `import UnderstudyAdminClient` is enough to call them and catch their `APIError`.
@_exported public import UnderstudyClients

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// What every session type offers, defined once: an ``UnderstudySession`` (any test target, iOS included) and
/// UnderstudyTesting's `UnderstudyTestSession` (a session that may be on an in-process server) both have it, so a
/// test moves between the in-process server and a simulator by re-linking only. A type conforms by naming the
/// ``UnderstudySession`` underneath; everything else here forwards to it.
public protocol UnderstudySessionSurface: Sendable {
    /// The session underneath: its id, its server's admin client, its URLSession.
    var session: UnderstudySession { get }
}

extension UnderstudySession: UnderstudySessionSurface {
    /// This session itself.
    public var session: UnderstudySession { self }
}

extension UnderstudySessionSurface {
    /// The session's id, sent as `X-Understudy-Session` by its clients and its ``urlSession``.
    public var id: String { session.id }
    /// The admin client of the session's server.
    public var admin: UnderstudyAdmin { session.admin }
    /// `http://HOST:PORT` of the session's server.
    public var baseURL: URL { session.baseURL }
    /// A URLSession whose every request carries the session's header, with the session's request timeout.
    public var urlSession: URLSession { session.urlSession }
    /// The header fields that put a request in this session, for your own `URLRequest`s.
    public var headerFields: [String: String] { session.headerFields }
    /// The environment for an app launched by a UI test: `UNDERSTUDY_BASE_URL` and `UNDERSTUDY_SESSION`.
    public var launchEnvironment: [String: String] { session.launchEnvironment }

    /// The base URL of an API on the session's server: `http://HOST:PORT/catfact` and so on.
    public func url(for api: UnderstudyAPI) -> URL { session.url(for: api) }
    /// An absolute URL on the session's server for `path` (which may carry a query).
    public func url(_ path: String) -> URL { session.url(path) }

    /// A SWAPI client on the session's server, in this session: it sends the session's id itself, whatever the
    /// environment (`UNDERSTUDY_SESSION`, `UNDERSTUDY_REQUEST_SCENARIO`) of the test process says.
    public var swapi: SWAPIClient { .live(baseURL: url(for: .swapi), session: urlSession, understudy: UnderstudyHeaders(session: id)) }
    /// An artic client on the session's server, in this session (see ``swapi``).
    public var artic: ArticClient { .live(baseURL: url(for: .artic), session: urlSession, understudy: UnderstudyHeaders(session: id)) }
    /// A catfact client on the session's server, in this session (see ``swapi``).
    public var catfact: CatFactClient { .live(baseURL: url(for: .catfact), session: urlSession, understudy: UnderstudyHeaders(session: id)) }

    /// This session's requests now get `scenario` (for one API, or all).
    public func use(_ scenario: String, api: UnderstudyAPI? = nil) async throws { try await session.use(scenario, api: api) }

    /// This session's requests follow `steps` (fail first, then recover), for one API or all.
    public func use(sequence steps: [UnderstudyAdmin.Step], api: UnderstudyAPI? = nil) async throws {
        try await session.use(sequence: steps, api: api)
    }

    /// The session as the server holds it; nil before its first request or admin call, and after it ended or expired.
    public func state() async throws -> UnderstudyWire.SessionState? { try await session.state() }

    /// This session's journal, oldest first, filtered by API, path prefix and status.
    public func requests(api: UnderstudyAPI? = nil, pathPrefix: String? = nil, status: Int? = nil) async throws -> [UnderstudyAdmin.RecordedRequest] {
        try await session.requests(api: api, pathPrefix: pathPrefix, status: status)
    }

    /// Waits until one of this session's journal entries matches `predicate`.
    public func waitForRequest(
        timeout: Duration = .seconds(5),
        matching predicate: @Sendable (UnderstudyAdmin.RecordedRequest) -> Bool = { _ in true }
    ) async throws -> UnderstudyAdmin.RecordedRequest {
        try await session.waitForRequest(timeout: timeout, matching: predicate)
    }

    /// Clears this session's journal.
    public func clearRequests() async throws { try await session.clearRequests() }

    /// Forgets the session on the server (its scenario, counts and journal); errors are ignored.
    public func end() async { await session.end() }
}

public import Foundation
@_exported import UnderstudyAdminWire
import UnderstudyClients

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// A typed client of a running Understudy's admin API (`/__admin`), for tests and scripts on any
/// platform with URLSession (Linux, macOS, iOS, tvOS, watchOS, visionOS). It needs nothing from
/// the server: point it at `http://HOST:PORT` (and give the admin token, when the server has one).
///
/// ```swift
/// let admin = UnderstudyAdmin(baseURL: URL(string: "http://localhost:8080")!, token: "secret")
/// try await admin.setScenario("server-error", api: .catfact)
/// let entry = try await admin.waitForRequest { $0.path == "/catfact/fact" }
/// ```
///
/// Every call that changes something sends `Content-Type: application/json` (the server refuses
/// state-changing admin calls without it) and `Authorization: Bearer TOKEN` when a token is set.
public struct UnderstudyAdmin: Sendable {
    /// One journal entry of `GET /__admin/requests`.
    public typealias RecordedRequest = UnderstudyWire.JournalEntry
    /// One step of a sequence: `count` requests of a scenario (no count: all later requests).
    public typealias Step = UnderstudyWire.Step

    public var baseURL: URL
    public var token: String?
    public var session: URLSession

    /// `baseURL` is the server's root (`http://localhost:8080`), not `/__admin`.
    public init(baseURL: URL, token: String? = nil, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.token = token
        self.session = session
    }

    /// The server named by `UNDERSTUDY_BASE_URL` (with `UNDERSTUDY_ADMIN_TOKEN`), or nil when it is not set.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> UnderstudyAdmin? {
        guard let text = environment[UnderstudyEnvironmentKey.baseURL], !text.isEmpty, let url = URL(string: text) else { return nil }
        let token = environment[UnderstudyEnvironmentKey.adminToken].flatMap { $0.isEmpty ? nil : $0 }
        return UnderstudyAdmin(baseURL: url, token: token)
    }

    /// The base URL of an API on this server: `http://HOST:PORT/catfact` and so on.
    public func url(for api: UnderstudyAPI) -> URL { url(api.prefix) }

    /// An absolute URL on the server for `path` (which may carry a query).
    public func url(_ path: String) -> URL {
        let base = baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        return URL(string: base + path)!
    }

    // MARK: - Global switches

    /// Switches the whole server, or one API, to `scenario`.
    @discardableResult
    public func setScenario(_ scenario: String, api: UnderstudyAPI? = nil) async throws -> UnderstudyWire.State {
        try await send("PUT", "/scenario", body: UnderstudyWire.ScenarioChange(.scenario(scenario), api: api))
    }

    /// Removes a per-API override.
    @discardableResult
    public func clearOverride(api: UnderstudyAPI) async throws -> UnderstudyWire.State {
        try await send("PUT", "/scenario", body: UnderstudyWire.ScenarioChange(.clearOverride, api: api))
    }

    /// The first requests get the first steps' scenarios, the rest the last step's
    /// (globally, for one API, or for one session).
    @discardableResult
    public func setSequence(_ steps: [Step], api: UnderstudyAPI? = nil, session id: String? = nil) async throws -> UnderstudyWire.State {
        try await send("PUT", id.map { "/sessions/\($0)/scenario" } ?? "/scenario", body: UnderstudyWire.ScenarioChange(.sequence(steps), api: api))
    }

    /// The global selection, the per-API overrides and the sessions.
    public func state() async throws -> UnderstudyWire.State {
        try await send("GET", "/scenario")
    }

    /// Every loaded scenario, which is active, and why the last reload was rejected (if it was).
    public func scenarios() async throws -> UnderstudyWire.Scenarios {
        try await send("GET", "/scenarios")
    }

    /// Back to the start scenario; overrides, sessions and journal cleared.
    @discardableResult
    public func reset() async throws -> UnderstudyWire.State {
        try await send("POST", "/reset", body: EmptyBody())
    }

    /// Re-reads the scenario files and returns the names loaded. A rejected set throws ``Failure``
    /// (status 422) whose `problems` name each file, line and key; the old set keeps serving.
    @discardableResult
    public func reload() async throws -> [String] {
        let answer: UnderstudyWire.Reloaded = try await send("POST", "/reload", body: EmptyBody())
        return answer.scenarios
    }

    // MARK: - Sessions

    /// Gives one session (requests sending `X-Understudy-Session: id`) its own scenario.
    @discardableResult
    public func setScenario(_ scenario: String, api: UnderstudyAPI? = nil, session id: String) async throws -> UnderstudyWire.State {
        try await send("PUT", "/sessions/\(id)/scenario", body: UnderstudyWire.ScenarioChange(.scenario(scenario), api: api))
    }

    /// One session's GraphQL operation `operation` answers as `scenario` would (a session route; see
    /// ``UnderstudySessionSurface/use(_:operation:)``).
    @discardableResult
    public func setScenario(_ scenario: String, operation: String, session id: String) async throws -> UnderstudyWire.State {
        try await send("PUT", "/sessions/\(id)/scenario", body: UnderstudyWire.ScenarioChange(.scenario(scenario), operation: operation))
    }

    /// One session's selections and idle time; nil when it does not exist (never used, deleted or expired).
    public func sessionState(_ id: String) async throws -> UnderstudyWire.SessionState? {
        let state: UnderstudyWire.State = try await send("GET", "/sessions/\(id)")
        return state.session
    }

    /// One page of the server's sessions in id order (at most `limit`, 1000 at most), after the id `after`;
    /// the answer's `next` is the `after` of the next page.
    public func sessions(limit: Int = 100, after: String? = nil) async throws -> UnderstudyWire.Sessions {
        var query = [URLQueryItem(name: "limit", value: String(limit))]
        if let after { query.append(.init(name: "after", value: after)) }
        return try await send("GET", "/sessions", query: query)
    }

    /// Forgets a session: its scenario, its sequence counts and its journal.
    public func deleteSession(_ id: String) async throws {
        let _: UnderstudyWire.State = try await send("DELETE", "/sessions/\(id)")
    }

    /// A session's own routes, in the order they are tried (a later call's first).
    public func sessionRoutes(_ id: String) async throws -> UnderstudyWire.SessionRoutes {
        try await send("GET", "/sessions/\(id)/routes")
    }

    /// Adds routes that answer the session's requests before its scenario does (creating the session);
    /// a later route for the same request wins. Refused whole when one is invalid or a bound is reached.
    @discardableResult
    public func addRoutes(_ routes: [UnderstudyWire.RouteDefinition], session id: String) async throws -> UnderstudyWire.SessionRoutes {
        try await send("POST", "/sessions/\(id)/routes", body: UnderstudyWire.RouteDefinitions(routes: routes))
    }

    /// Replaces the session's own routes with `routes`.
    @discardableResult
    public func setRoutes(_ routes: [UnderstudyWire.RouteDefinition], session id: String) async throws -> UnderstudyWire.SessionRoutes {
        try await send("PUT", "/sessions/\(id)/routes", body: UnderstudyWire.RouteDefinitions(routes: routes))
    }

    /// Checks the session's requests to OpenAPI documents against them (`report`: said in a header and the
    /// journal; `enforce`: answered 400/422), or stops (`off`); the server's `--validate-requests` otherwise.
    @discardableResult
    public func setRequestValidation(_ mode: RequestValidation, session id: String) async throws -> UnderstudyWire.Validation {
        try await send("PUT", "/sessions/\(id)/validation", body: UnderstudyWire.Validation(mode: mode))
    }

    /// Removes the session's own routes; its scenario answers again.
    public func clearRoutes(session id: String) async throws {
        let _: UnderstudyWire.SessionRoutes = try await send("DELETE", "/sessions/\(id)/routes")
    }

    /// A session bound to this server: its own scenario and journal, clients' headers, cleanup.
    public func session(
        id: String = UnderstudySession.newID(), requestTimeout: TimeInterval = UnderstudySession.defaultRequestTimeout
    ) -> UnderstudySession {
        UnderstudySession(admin: self, id: id, requestTimeout: requestTimeout)
    }

    // MARK: - Journal

    /// The journal, oldest first, filtered as `GET /__admin/requests` filters.
    public func requests(
        session: String? = nil, api: UnderstudyAPI? = nil, pathPrefix: String? = nil, status: Int? = nil,
        since: Int? = nil, limit: Int? = nil
    ) async throws -> [RecordedRequest] {
        var query: [URLQueryItem] = []
        if let session { query.append(.init(name: "session", value: session)) }
        if let api { query.append(.init(name: "api", value: api.rawValue)) }
        if let pathPrefix { query.append(.init(name: "path", value: pathPrefix)) }
        if let status { query.append(.init(name: "status", value: String(status))) }
        if let since { query.append(.init(name: "since", value: String(since))) }
        if let limit { query.append(.init(name: "limit", value: String(limit))) }
        let journal: UnderstudyWire.Journal = try await send("GET", "/requests", query: query)
        return journal.requests
    }

    /// Clears the journal, or one session's part of it.
    public func clearRequests(session: String? = nil) async throws {
        let _: UnderstudyWire.Cleared = try await send("DELETE", "/requests", query: session.map { [URLQueryItem(name: "session", value: $0)] } ?? [])
    }

    /// Waits until a journal entry matches `predicate` (polling every 20 ms) and returns it.
    /// An exchange the server gave up on (`completed == false`) is recorded when it ends, which
    /// for a `timeout` is when the client hangs up.
    public func waitForRequest(
        session: String? = nil, timeout: Duration = .seconds(5),
        matching predicate: @Sendable (RecordedRequest) -> Bool
    ) async throws -> RecordedRequest {
        let deadline = ContinuousClock.now + timeout
        repeat {
            if let found = try await requests(session: session).first(where: predicate) { return found }
            try await Task.sleep(for: .milliseconds(20))
        } while ContinuousClock.now < deadline
        throw Failure(.timedOut, error: "timed out", detail: "no request matched within \(timeout)")
    }

    // MARK: - Health

    /// Whether `GET /__admin/health` answers 200 with `{"status": "ok"}`.
    public func isHealthy() async -> Bool {
        (try? await health()) != nil
    }

    /// Polls `/__admin/health` until it answers. A refusal of the admin token (401, 403) throws at once, as a
    /// ``Failure/Kind/rejected(status:body:)``; a server that does not answer within `timeout` throws the last
    /// failure seen (``Failure/Kind/unreachable(_:)`` for a closed port).
    public func waitUntilHealthy(timeout: Duration = .seconds(5)) async throws {
        let deadline = ContinuousClock.now + timeout
        var last: Failure
        repeat {
            do {
                return try await health()
            } catch let failure as Failure {
                if case .rejected(let status, _) = failure.kind, status == 401 || status == 403 { throw failure }
                last = failure
            }
            try await Task.sleep(for: .milliseconds(10))
        } while ContinuousClock.now < deadline
        last.detail = "\(url("/__admin/health")) did not answer within \(timeout): \(last.detail)"
        throw last
    }

    private func health() async throws {
        let answer: UnderstudyWire.Health = try await send("GET", "/health")
        guard answer.status == "ok" else { throw Failure(.undecodable, error: "not healthy", detail: "status \(answer.status)") }
    }

    // MARK: - Transport

    private struct EmptyBody: Encodable {}

    private func send<Answer: Decodable>(_ method: String, _ path: String, query: [URLQueryItem] = []) async throws -> Answer {
        try await decode(data(method, path, query: query, body: nil))
    }

    private func send<Answer: Decodable, Body: Encodable>(_ method: String, _ path: String, body: Body) async throws -> Answer {
        try await decode(data(method, path, query: [], body: JSONEncoder().encode(body)))
    }

    /// The session an admin call is about: the id in `/sessions/ID…`, or a journal call's `session` parameter.
    static func session(of path: String, query: [URLQueryItem]) -> String? {
        if path.hasPrefix("/sessions/") { return path.dropFirst("/sessions/".count).split(separator: "/").first.map(String.init) }
        return query.first { $0.name == "session" }?.value
    }

    private func decode<Answer: Decodable>(_ data: Data) throws -> Answer {
        do {
            return try JSONDecoder().decode(Answer.self, from: data)
        } catch {
            throw Failure(
                .undecodable, error: "unexpected answer",
                detail: "\(Answer.self) did not decode (\(error)): \(String(decoding: data.prefix(500), as: UTF8.self))")
        }
    }

    func data(_ method: String, _ path: String, query: [URLQueryItem], body: Data?) async throws -> Data {
        var components = URLComponents(url: url("/__admin" + path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query }
        var request = URLRequest(url: components.url!)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        // A session's call carries its id as requests do, so a load balancer that routes by the header
        // (replicas, docs/replicas.md) sends it to the replica that serves the session and keeps its journal.
        if let session = Self.session(of: path, query: query) { request.setValue(session, forHTTPHeaderField: UnderstudyHeaderName.session) }
        if method != "GET" && method != "HEAD" {
            // The server refuses state-changing admin calls that a browser could send cross-site.
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        request.httpBody = body
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await session.dataShieldedFromCancellation(for: request)
        } catch {
            throw Failure(transport: error, method: method, url: request.url ?? baseURL)
        }
        guard let status = (response as? HTTPURLResponse)?.statusCode else {
            throw Failure(transport: URLError(.badServerResponse), method: method, url: request.url ?? baseURL)
        }
        guard (200..<300).contains(status) else {
            let text = String(decoding: data, as: UTF8.self)
            if let body = try? JSONDecoder().decode(UnderstudyWire.ErrorBody.self, from: data) {
                throw Failure(.rejected(status: status, body: text), error: body.error, detail: body.detail, problems: body.problems ?? [])
            }
            throw Failure(.rejected(status: status, body: text), error: "HTTP \(status)", detail: text)
        }
        return data
    }
}

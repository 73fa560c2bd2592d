public import Foundation

/// Responses a test defines for its own session: the server answers them before the session's
/// scenario, only for requests carrying the session's id, until the session ends.
///
/// ```swift
/// try await session.respond(to: .get("/catfact/fact"), json: ["fact": "Staged by the test.", "length": 18])
/// try await session.respond(to: .post("/myapi/orders"), status: 201, body: #"{"id": 7}"#)
/// try await session.respond(to: .get("/swapi/api/people/1/"), fault: .connectionReset)
/// ```
extension UnderstudySession {
    /// Which requests a session route answers: a method (or any) and a path whose `:name` segments
    /// capture (`{{name}}` in the body is filled in), and optionally the query they carry.
    public struct RequestPattern: Sendable, Equatable {
        /// `GET`, `POST`, …; nil for any method.
        public var method: String?
        public var path: String
        /// `page=2&sort=name`; nil for any query.
        public var query: String?

        public init(method: String?, path: String, query: String? = nil) {
            self.method = method
            self.path = path
            self.query = query
        }

        public static func get(_ path: String, query: String? = nil) -> RequestPattern { .init(method: "GET", path: path, query: query) }
        public static func post(_ path: String, query: String? = nil) -> RequestPattern { .init(method: "POST", path: path, query: query) }
        public static func put(_ path: String, query: String? = nil) -> RequestPattern { .init(method: "PUT", path: path, query: query) }
        public static func patch(_ path: String, query: String? = nil) -> RequestPattern { .init(method: "PATCH", path: path, query: query) }
        public static func delete(_ path: String, query: String? = nil) -> RequestPattern { .init(method: "DELETE", path: path, query: query) }
        /// Any method.
        public static func any(_ path: String, query: String? = nil) -> RequestPattern { .init(method: "*", path: path, query: query) }
    }

    /// A fault a session route answers with, as a scenario names it.
    public enum Fault: String, Sendable, CaseIterable {
        case timeout
        case connectionReset = "connection-reset"
        case truncatedBody = "truncated-body"
        case slowBody = "slow-body"
        case malformedJSON = "malformed-json"
    }
}

/// Defined once for every session type (``UnderstudySessionSurface``): UnderstudyTesting's sessions have them too.
extension UnderstudySessionSurface {
    public typealias RequestPattern = UnderstudySession.RequestPattern
    public typealias Fault = UnderstudySession.Fault

    /// Answers `request` with `status`, `headers` and `body` (text; `{{origin}}` becomes this server's
    /// address), after `delay`, with `fault`. With no status and no body on a path of SWAPI, artic or
    /// catfact, the API's own response answers, with the delay and fault.
    @discardableResult
    public func respond(
        to request: RequestPattern, status: Int? = nil, headers: [String: String] = [:], body: String? = nil, delay: Duration? = nil,
        fault: Fault? = nil
    ) async throws -> UnderstudyWire.SessionRoutes {
        try await admin.addRoutes([definition(request, status: status, headers: headers, body: body, delay: delay, fault: fault)], session: id)
    }

    /// Answers `request` with `json` encoded as JSON (`Content-Type: application/json`).
    @discardableResult
    public func respond<Body: Encodable>(
        to request: RequestPattern, status: Int = 200, headers: [String: String] = [:], json: Body, delay: Duration? = nil,
        fault: Fault? = nil
    ) async throws -> UnderstudyWire.SessionRoutes {
        let text = String(decoding: try JSONEncoder().encode(json), as: UTF8.self)
        return try await respond(to: request, status: status, headers: headers, body: text, delay: delay, fault: fault)
    }

    /// Answers `request` with a file of the server's scenarios folder (as a scenario's `body_file`).
    @discardableResult
    public func respond(
        to request: RequestPattern, status: Int = 200, headers: [String: String] = [:], bodyFile: String, delay: Duration? = nil,
        fault: Fault? = nil
    ) async throws -> UnderstudyWire.SessionRoutes {
        var route = definition(request, status: status, headers: headers, body: nil, delay: delay, fault: fault)
        route.bodyFile = bodyFile
        return try await admin.addRoutes([route], session: id)
    }

    /// Removes the routes this session defined; its scenario answers again.
    public func clearRoutes() async throws {
        try await admin.clearRoutes(session: id)
    }

    private func definition(
        _ request: RequestPattern, status: Int?, headers: [String: String], body: String?, delay: Duration?, fault: Fault?
    ) -> UnderstudyWire.RouteDefinition {
        UnderstudyWire.RouteDefinition(
            method: request.method, path: request.path, query: request.query, status: status, headers: headers.isEmpty ? nil : headers,
            body: body, delay: delay.map { Int($0.wholeMilliseconds) },
            fault: fault?.rawValue)
    }
}

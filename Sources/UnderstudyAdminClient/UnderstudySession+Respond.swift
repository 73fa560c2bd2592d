public import Foundation

/// Responses a test defines for its own session: the server answers them before the session's
/// scenario, only for requests carrying the session's id, until the session ends.
///
/// ```swift
/// try await session.respond(to: .get("/catfact/fact"), json: CatFact(fact: "Staged by the test.", length: 19))
/// try await session.respond(to: .post("/myapi/orders"), status: 201, body: #"{"id": 7}"#)
/// try await session.respond(to: .get("/swapi/api/people/1/"), fault: .connectionReset)
/// // Fails twice, then works (the scenario answers after the last answer's `times`, unless it is nil):
/// try await session.respond(to: .get("/catfact/fact"), inTurn: [.status(503, times: 2), .json(["fact": "Back.", "length": 5], times: nil)])
/// // Only for a body that holds this fragment:
/// try await session.respond(to: .post("/myapi/orders").withBody(.json(contains: ["item": "book"])), status: 201)
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
        /// What the body must hold (a session route answers only such requests; `verify` counts only them); any body when nil.
        public var body: BodyMatcher?

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

        /// The same requests, with a body that `matcher` accepts.
        public func withBody(_ matcher: BodyMatcher) -> RequestPattern {
            var pattern = self
            pattern.body = matcher
            return pattern
        }
    }

    /// One answer of ``respond(to:inTurn:)``: a response (or fault) given `times` requests in a row.
    public struct Answer: Sendable, Equatable {
        public var status: Int?
        public var headers: [String: String]
        public var body: String?
        public var delay: Duration?
        public var fault: Fault?
        /// How many requests it answers before the next answer does; nil for every one (nothing after it answers).
        public var times: Int?

        public init(
            status: Int? = nil, headers: [String: String] = [:], body: String? = nil, delay: Duration? = nil, fault: Fault? = nil,
            times: Int? = 1
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.fault = fault
            self.times = times
        }

        public static func status(_ status: Int, headers: [String: String] = [:], body: String? = nil, times: Int? = 1) -> Answer {
            Answer(status: status, headers: headers, body: body, times: times)
        }

        /// `value` encoded as JSON, with `Content-Type: application/json`.
        public static func json(_ value: some Encodable, status: Int = 200, headers: [String: String] = [:], times: Int? = 1) -> Answer {
            let text = (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
            return Answer(
                status: status, headers: headers.merging(["Content-Type": "application/json"]) { mine, _ in mine }, body: text, times: times)
        }

        public static func fault(_ fault: Fault, times: Int? = 1) -> Answer { Answer(fault: fault, times: times) }
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
    public typealias Answer = UnderstudySession.Answer

    /// Answers `request` with `status`, `headers` and `body` (text; `{{origin}}` becomes this server's
    /// address), after `delay`, with `fault`. With no status and no body on a path of SWAPI, artic or
    /// catfact, the API's own response answers, with the delay and fault.
    @discardableResult
    public func respond(
        to request: RequestPattern, status: Int? = nil, headers: [String: String] = [:], body: String? = nil, delay: Duration? = nil,
        fault: Fault? = nil, times: Int? = nil
    ) async throws -> UnderstudyWire.SessionRoutes {
        try await admin.addRoutes(
            [definition(request, Answer(status: status, headers: headers, body: body, delay: delay, fault: fault, times: times))], session: id)
    }

    /// Answers `request` with each answer in turn, each for its `times` requests; after the last (unless
    /// its `times` is nil) the routes defined before, or the scenario, answer again.
    @discardableResult
    public func respond(to request: RequestPattern, inTurn answers: [Answer]) async throws -> UnderstudyWire.SessionRoutes {
        try await admin.addRoutes(answers.map { definition(request, $0) }, session: id)
    }

    /// Answers `request` with `json` encoded as JSON (`Content-Type: application/json`).
    @discardableResult
    public func respond<Body: Encodable>(
        to request: RequestPattern, status: Int = 200, headers: [String: String] = [:], json: Body, delay: Duration? = nil,
        fault: Fault? = nil, times: Int? = nil
    ) async throws -> UnderstudyWire.SessionRoutes {
        let text = String(decoding: try JSONEncoder().encode(json), as: UTF8.self)
        return try await respond(to: request, status: status, headers: headers, body: text, delay: delay, fault: fault, times: times)
    }

    /// Answers `request` with a file of the server's scenarios folder (as a scenario's `body_file`).
    @discardableResult
    public func respond(
        to request: RequestPattern, status: Int = 200, headers: [String: String] = [:], bodyFile: String, delay: Duration? = nil,
        fault: Fault? = nil, times: Int? = nil
    ) async throws -> UnderstudyWire.SessionRoutes {
        var route = definition(request, Answer(status: status, headers: headers, delay: delay, fault: fault, times: times))
        route.bodyFile = bodyFile
        return try await admin.addRoutes([route], session: id)
    }

    /// Removes the routes this session defined; its scenario answers again.
    public func clearRoutes() async throws {
        try await admin.clearRoutes(session: id)
    }

    /// Checks this session's requests to the server's OpenAPI documents against them: `.report` answers as usual
    /// and says what was wrong (`X-Understudy-Request-Problems`, the journal entry's `problems`); `.enforce`
    /// answers 400 or 422; `.off` stops.
    public func validateRequests(_ mode: RequestValidation) async throws {
        try await admin.setRequestValidation(mode, session: id)
    }

    private func definition(_ request: RequestPattern, _ answer: Answer) -> UnderstudyWire.RouteDefinition {
        UnderstudyWire.RouteDefinition(
            method: request.method, path: request.path, query: request.query, status: answer.status,
            headers: answer.headers.isEmpty ? nil : answer.headers, body: answer.body, delay: answer.delay.map { Int($0.wholeMilliseconds) },
            fault: answer.fault?.rawValue, requestBody: request.body?.wire, times: answer.times)
    }
}

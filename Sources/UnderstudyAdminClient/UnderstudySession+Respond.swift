public import Foundation

/// Responses a test defines for its own session: the server answers them before the session's
/// scenario, only for requests carrying the session's id, until the session ends.
///
/// ```swift
/// try await session.respond(to: .get("/catfact/fact"), json: CatFact(fact: "Staged by the test.", length: 19))
/// try await session.respond(to: .post("/myapi/orders"), status: 201, body: #"{"id": 7}"#)
/// try await session.respond(to: .get("/swapi/api/people/1/"), fault: .connectionReset)
/// // Fails twice, then works (an answer without `times` answers once, or every request when it is the last):
/// try await session.respond(to: .get("/catfact/fact"), inTurn: [.status(503, times: 2), .json(["fact": "Back.", "length": 5])])
/// // Only for a body that holds this fragment, and a request that carries an Idempotency-Key:
/// try await session.respond(to: .post("/myapi/orders").withBody(.json(contains: ["item": "book"])).withHeader("Idempotency-Key"), status: 201)
/// ```
extension UnderstudySession {
    /// Which requests a session route answers: a method (or any) and a path whose `:name` segments
    /// capture (`{{name}}` in the body is filled in), and optionally the query they carry, headers and a body.
    public struct RequestPattern: Sendable, Equatable {
        /// `GET`, `POST`, …; nil for any method.
        public var method: String?
        public var path: String
        /// `page=2&sort=name`; nil for any query.
        public var query: String?
        /// What the body must hold (a session route answers only such requests; `verify` counts only them); any body when nil.
        public var body: BodyMatcher?
        /// What headers must be (or not be) there, by name (compared case-insensitively); any headers when empty.
        public var headers: [String: HeaderMatcher] = [:]
        /// The GraphQL operation the request carries, by name (see ``graphQL(_:at:variables:)``); nil: any request.
        public var graphQLOperation: String?
        /// What that operation's variables must hold; any variables when nil.
        public var variables: BodyMatcher?

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
        /// A message the app sent over the WebSocket at `path` (the journal's `WS` entries), for `verify`.
        public static func webSocketMessage(_ path: String) -> RequestPattern { .init(method: "WS", path: path) }
        /// Any method.
        public static func any(_ path: String, query: String? = nil) -> RequestPattern { .init(method: "*", path: path, query: query) }

        /// The same requests, with a body that `matcher` accepts.
        public func withBody(_ matcher: BodyMatcher) -> RequestPattern {
            var pattern = self
            pattern.body = matcher
            return pattern
        }

        /// The same requests, with the header `name` as `matcher` says (there, by default); replaces what the
        /// pattern said of that name before.
        public func withHeader(_ name: String, _ matcher: HeaderMatcher = .present) -> RequestPattern {
            var pattern = self
            for key in pattern.headers.keys where key.lowercased() == name.lowercased() { pattern.headers[key] = nil }
            pattern.headers[name] = matcher
            return pattern
        }

        /// The same requests, with the header `name` exactly `value`.
        public func withHeader(_ name: String, _ value: String) -> RequestPattern { withHeader(name, .equals(value)) }

        /// The same requests, without a header `name`.
        public func withoutHeader(_ name: String) -> RequestPattern { withHeader(name, .absent) }
    }

    /// One answer of ``UnderstudySessionSurface/respond(to:inTurn:)``: a response (or fault) given to `times`
    /// requests in a row. Without `times`, an answer answers once when another follows it, and every request
    /// when it is the last: so a single `respond(to:…)`, a turn of one answer, answers every request.
    public struct Answer: Sendable, Equatable {
        public var status: Int?
        public var headers: [String: String]
        public var body: String?
        /// A file of the server's scenarios folder, as a scenario's `body_file`.
        public var bodyFile: String?
        public var delay: Duration?
        public var fault: Fault?
        /// How many requests it answers before the next answer (or, after the last, the routes defined before
        /// or the scenario) does; nil: once, or every request when it is the last answer.
        public var times: Int?
        /// Why the answer could not be made (its JSON did not encode): `respond` throws it before sending.
        var problem: String?

        public init(
            status: Int? = nil, headers: [String: String] = [:], body: String? = nil, bodyFile: String? = nil, delay: Duration? = nil,
            fault: Fault? = nil, times: Int? = nil
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.bodyFile = bodyFile
            self.delay = delay
            self.fault = fault
            self.times = times
        }

        public static func status(
            _ status: Int, headers: [String: String] = [:], body: String? = nil, delay: Duration? = nil, times: Int? = nil
        ) -> Answer {
            Answer(status: status, headers: headers, body: body, delay: delay, times: times)
        }

        /// `value` encoded as JSON by `encoder` (the app's own, when its models have a key or date strategy),
        /// with `Content-Type: application/json`.
        public static func json(
            _ value: some Encodable, status: Int = 200, headers: [String: String] = [:], encoder: JSONEncoder = JSONEncoder(),
            delay: Duration? = nil, times: Int? = nil
        ) -> Answer {
            var answer = Answer(
                status: status, headers: headers.merging(["Content-Type": "application/json"]) { mine, _ in mine }, delay: delay, times: times)
            do {
                answer.body = String(decoding: try encoder.encode(value), as: UTF8.self)
            } catch {
                answer.problem = "json: the value did not encode: \(error)"
            }
            return answer
        }

        /// A file of the server's scenarios folder (as a scenario's `body_file`).
        public static func bodyFile(
            _ path: String, status: Int = 200, headers: [String: String] = [:], delay: Duration? = nil, times: Int? = nil
        ) -> Answer {
            Answer(status: status, headers: headers, bodyFile: path, delay: delay, times: times)
        }

        public static func fault(_ fault: Fault, delay: Duration? = nil, times: Int? = nil) -> Answer {
            Answer(delay: delay, fault: fault, times: times)
        }
    }

    /// A fault a session route answers with, as a scenario names it.
    public enum Fault: String, Sendable, CaseIterable {
        case timeout
        case connectionReset = "connection-reset"
        case truncatedBody = "truncated-body"
        case slowBody = "slow-body"
        case malformedJSON = "malformed-json"
        /// GraphQL: 200 with `data: null` and `errors`.
        case graphQLErrors = "graphql-errors"
        /// GraphQL: 200 with the data's nullable fields null and an error for each.
        case partialData = "partial-data"
    }
}

/// Defined once for every session type (``UnderstudySessionSurface``): UnderstudyTesting's sessions have them too.
extension UnderstudySessionSurface {
    public typealias RequestPattern = UnderstudySession.RequestPattern
    public typealias Fault = UnderstudySession.Fault
    public typealias Answer = UnderstudySession.Answer

    /// Answers `request` with each answer in turn, each for its `times` requests (without one: once, or every
    /// request for the last); after the last answer's `times`, the routes defined before, or the scenario,
    /// answer again. "N, then the next" is spelled only this way.
    @discardableResult
    public func respond(to request: RequestPattern, inTurn answers: [Answer]) async throws -> UnderstudyWire.SessionRoutes {
        var routes: [UnderstudyWire.RouteDefinition] = []
        for (index, answer) in answers.enumerated() {
            if let problem = answer.problem { throw UnderstudyAdmin.Failure.invalidRoute(problem, index: index) }
            var route = try definition(request, index: index)
            route.status = answer.status
            route.headers = answer.headers.isEmpty ? nil : answer.headers
            route.body = answer.body
            route.bodyFile = answer.bodyFile
            route.delay = answer.delay.map { Int($0.wholeMilliseconds) }
            route.fault = answer.fault?.rawValue
            route.times = answer.times ?? (index == answers.count - 1 ? nil : 1)
            routes.append(route)
        }
        return try await admin.addRoutes(routes, session: id)
    }

    /// Answers every request `request` matches with `status`, `headers` and `body` (text; `{{origin}}` becomes
    /// this server's address), after `delay`, with `fault`. With no status and no body on a path of SWAPI,
    /// artic or catfact, the API's own response answers, with the delay and fault.
    @discardableResult
    public func respond(
        to request: RequestPattern, status: Int? = nil, headers: [String: String] = [:], body: String? = nil, delay: Duration? = nil,
        fault: Fault? = nil
    ) async throws -> UnderstudyWire.SessionRoutes {
        try await respond(to: request, inTurn: [Answer(status: status, headers: headers, body: body, delay: delay, fault: fault)])
    }

    /// Answers every request `request` matches with `json` encoded by `encoder` (the app's own, when its models
    /// have a key or date strategy), with `Content-Type: application/json`.
    @discardableResult
    public func respond<Body: Encodable>(
        to request: RequestPattern, status: Int = 200, headers: [String: String] = [:], json: Body, encoder: JSONEncoder = JSONEncoder(),
        delay: Duration? = nil, fault: Fault? = nil
    ) async throws -> UnderstudyWire.SessionRoutes {
        var answer = Answer.json(json, status: status, headers: headers, encoder: encoder, delay: delay)
        answer.fault = fault
        return try await respond(to: request, inTurn: [answer])
    }

    /// Answers every request `request` matches with a file of the server's scenarios folder (as a scenario's `body_file`).
    @discardableResult
    public func respond(
        to request: RequestPattern, status: Int = 200, headers: [String: String] = [:], bodyFile: String, delay: Duration? = nil,
        fault: Fault? = nil
    ) async throws -> UnderstudyWire.SessionRoutes {
        var answer = Answer.bodyFile(bodyFile, status: status, headers: headers, delay: delay)
        answer.fault = fault
        return try await respond(to: request, inTurn: [answer])
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

    /// The route's request side: method, path, query, headers and body matchers.
    func definition(_ request: RequestPattern, index: Int) throws -> UnderstudyWire.RouteDefinition {
        var route = UnderstudyWire.RouteDefinition(method: request.method, path: request.path, query: request.query)
        route.operation = request.graphQLOperation
        if let variables = request.variables {
            guard let match = variables.wire else {
                throw UnderstudyAdmin.Failure.invalidRoute("variables.json: \(variables.problem ?? "not JSON")", index: index)
            }
            route.variables = match
        }
        if !request.headers.isEmpty { route.requestHeaders = request.headers.mapValues(\.wire) }
        if let body = request.body {
            guard let match = body.wire else {
                throw UnderstudyAdmin.Failure.invalidRoute("request_body.json: \(body.problem ?? "not JSON")", index: index)
            }
            route.requestBody = match
        }
        return route
    }
}

extension UnderstudyAdmin.Failure {
    /// A route the client refuses before sending, as the server refuses one (`400 invalid routes`, the
    /// problem located at `routes[N]`): a JSON fragment or answer that did not encode, or is not JSON.
    static func invalidRoute(_ problem: String, index: Int = 0) -> UnderstudyAdmin.Failure {
        let located = "routes[\(index)].\(problem)"
        return UnderstudyAdmin.Failure(.rejected(status: 400, body: located), error: "invalid routes", detail: located, problems: [located])
    }
}

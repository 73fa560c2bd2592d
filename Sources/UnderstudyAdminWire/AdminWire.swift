// The standard library only (Codable): the server, which keeps full Foundation out, and any client can use it.

/// The admin API's JSON, as Codable types shared by the server (which encodes its answers
/// through them) and by ``UnderstudyAdmin`` (which decodes them): renaming a field on one
/// side renames it on the other, or fails to compile.
///
/// Optional fields the server always writes (as `null` when absent) are declared as plain
/// optionals; fields it writes only sometimes have hand-written `encode(to:)`s.
public enum UnderstudyWire {
    /// Every 4xx/5xx answer: `{"error": …, "detail": …}`, plus `problems` (file:line: key: message)
    /// when a reload was rejected.
    public struct ErrorBody: Codable, Sendable, Equatable {
        public var error: String
        public var detail: String
        public var problems: [String]?

        public init(error: String, detail: String, problems: [String]? = nil) {
            self.error = error
            self.detail = detail
            self.problems = problems
        }

        enum CodingKeys: String, CodingKey { case error, detail, problems }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(error, forKey: .error)
            try container.encode(detail, forKey: .detail)
            if let problems { try container.encode(problems, forKey: .problems) }
        }
    }

    /// One step of a sequence: `count` requests of scenario `name`; the last step has no count.
    public struct Step: Codable, Sendable, Equatable {
        public var name: String
        public var count: Int?

        public init(_ name: String, count: Int? = nil) {
            self.name = name
            self.count = count
        }

        enum CodingKeys: String, CodingKey { case name, count }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            if let count { try container.encode(count, forKey: .count) }
        }
    }

    /// What a selection (global, per API or per session) answers with: one scenario
    /// (a JSON string) or a sequence with the number of requests it has served so far.
    public enum Selection: Codable, Sendable, Equatable {
        case scenario(String)
        case sequence([Step], served: Int)

        enum CodingKeys: String, CodingKey { case sequence, served }

        /// The scenario of a plain selection; nil for a sequence.
        public var scenario: String? {
            if case .scenario(let name) = self { return name }
            return nil
        }

        public init(from decoder: any Decoder) throws {
            if let name = try? decoder.singleValueContainer().decode(String.self) {
                self = .scenario(name)
                return
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self = .sequence(try container.decode([Step].self, forKey: .sequence), served: try container.decode(Int.self, forKey: .served))
        }

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .scenario(let name):
                var container = encoder.singleValueContainer()
                try container.encode(name)
            case .sequence(let steps, let served):
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(steps, forKey: .sequence)
                try container.encode(served, forKey: .served)
            }
        }
    }

    /// The body of `PUT /__admin/scenario` and `PUT /__admin/sessions/ID/scenario`.
    public struct ScenarioChange: Codable, Sendable, Equatable {
        public enum Choice: Sendable, Equatable {
            /// `{"name": SCENARIO}`
            case scenario(String)
            /// `{"sequence": [...]}`
            case sequence([Step])
            /// `{"name": null}` with an API: drops that API's override.
            case clearOverride
        }

        public var choice: Choice
        public var api: UnderstudyAPI?

        public init(_ choice: Choice, api: UnderstudyAPI? = nil) {
            self.choice = choice
            self.api = api
        }

        /// The field names the server accepts in this body.
        public enum CodingKeys: String, CodingKey, CaseIterable { case name, api, sequence }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            api = try container.decodeIfPresent(UnderstudyAPI.self, forKey: .api)
            if let steps = try container.decodeIfPresent([Step].self, forKey: .sequence) {
                choice = .sequence(steps)
            } else if let name = try container.decodeIfPresent(String.self, forKey: .name) {
                choice = .scenario(name)
            } else {
                choice = .clearOverride
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch choice {
            case .scenario(let name): try container.encode(name, forKey: .name)
            case .sequence(let steps): try container.encode(steps, forKey: .sequence)
            case .clearOverride: try container.encodeNil(forKey: .name)
            }
            if let api { try container.encode(api, forKey: .api) }
        }
    }

    /// One session: its selections for all APIs (`scenario`) and per API (`apis`), and how long it has
    /// been idle (sessions expire after the server's `--session-ttl`).
    public struct SessionState: Codable, Sendable, Equatable {
        public var id: String
        public var scenario: Selection?
        public var apis: Members<Selection>
        public var idleSeconds: Int

        public init(id: String, scenario: Selection?, apis: Members<Selection>, idleSeconds: Int) {
            self.id = id
            self.scenario = scenario
            self.apis = apis
            self.idleSeconds = idleSeconds
        }

        enum CodingKeys: String, CodingKey {
            case id, scenario, apis
            case idleSeconds = "idle_seconds"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(scenario, forKey: .scenario)
            try container.encode(apis, forKey: .apis)
            try container.encode(idleSeconds, forKey: .idleSeconds)
        }
    }

    /// The answer of `GET|PUT /__admin/scenario`, `PUT /__admin/scenario/NAME`, `POST /__admin/reset`
    /// and the session routes: the global selection, the per-API overrides and how many sessions
    /// exist (never the sessions themselves); the session routes add the session they name.
    public struct State: Codable, Sendable, Equatable {
        public var active: Selection
        public var start: String
        public var overrides: Members<Selection>
        public var sessionCount: Int
        /// The session a session route named; nil when it does not exist (any more), or for the other routes.
        public var session: SessionState?
        /// Whether the answer has a `session` field (written as null when the session does not exist):
        /// true for the session routes.
        public var namesSession: Bool

        public init(active: Selection, start: String, overrides: Members<Selection>, sessionCount: Int,
                    session: SessionState? = nil, namesSession: Bool = false) {
            self.active = active
            self.start = start
            self.overrides = overrides
            self.sessionCount = sessionCount
            self.session = session
            self.namesSession = namesSession || session != nil
        }

        enum CodingKeys: String, CodingKey {
            case active, start, overrides, session
            case sessionCount = "session_count"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            active = try container.decode(Selection.self, forKey: .active)
            start = try container.decode(String.self, forKey: .start)
            overrides = try container.decode(Members<Selection>.self, forKey: .overrides)
            sessionCount = try container.decode(Int.self, forKey: .sessionCount)
            session = try container.decodeIfPresent(SessionState.self, forKey: .session)
            namesSession = container.contains(.session)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(active, forKey: .active)
            try container.encode(start, forKey: .start)
            try container.encode(overrides, forKey: .overrides)
            try container.encode(sessionCount, forKey: .sessionCount)
            if namesSession { try container.encode(session, forKey: .session) }
        }
    }

    /// `GET /__admin/sessions`: one page of sessions in id order, the total and the server's bounds.
    public struct Sessions: Codable, Sendable, Equatable {
        /// Sessions on the server (all pages).
        public var count: Int
        /// Idle seconds before a session expires (`--session-ttl`; 0: never).
        public var ttlSeconds: Int
        /// Most sessions at once (`--session-limit`).
        public var maxSessions: Int
        /// This page, by id.
        public var sessions: Members<SessionState>
        /// The `after` of the next page; nil on the last.
        public var next: String?

        public init(count: Int, ttlSeconds: Int, maxSessions: Int, sessions: Members<SessionState>, next: String?) {
            self.count = count
            self.ttlSeconds = ttlSeconds
            self.maxSessions = maxSessions
            self.sessions = sessions
            self.next = next
        }

        enum CodingKeys: String, CodingKey {
            case count, sessions, next
            case ttlSeconds = "ttl_seconds"
            case maxSessions = "max_sessions"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(count, forKey: .count)
            try container.encode(ttlSeconds, forKey: .ttlSeconds)
            try container.encode(maxSessions, forKey: .maxSessions)
            try container.encode(sessions, forKey: .sessions)
            try container.encode(next, forKey: .next)
        }
    }

    /// One scenario of `GET /__admin/scenarios`.
    public struct ScenarioInfo: Codable, Sendable, Equatable {
        public var name: String
        public var description: String
        public var file: String
        public var extends: [String]
        /// Whether the global selection uses it.
        public var active: Bool

        public init(name: String, description: String, file: String, extends: [String], active: Bool) {
            self.name = name
            self.description = description
            self.file = file
            self.extends = extends
            self.active = active
        }
    }

    /// Why the last reload was rejected: each problem as `file:line:column: key: message`.
    public struct ReloadError: Codable, Sendable, Equatable {
        public var problems: [String]

        public init(problems: [String]) {
            self.problems = problems
        }
    }

    /// `GET /__admin/scenarios`.
    public struct Scenarios: Codable, Sendable, Equatable {
        public var active: Selection
        public var scenarios: [ScenarioInfo]
        public var lastReloadError: ReloadError?

        public init(active: Selection, scenarios: [ScenarioInfo], lastReloadError: ReloadError?) {
            self.active = active
            self.scenarios = scenarios
            self.lastReloadError = lastReloadError
        }

        enum CodingKeys: String, CodingKey {
            case active, scenarios
            case lastReloadError = "last_reload_error"
        }
    }

    /// `POST /__admin/reload` when the new set was accepted.
    public struct Reloaded: Codable, Sendable, Equatable {
        public var reloaded: Bool
        public var scenarios: [String]

        public init(reloaded: Bool = true, scenarios: [String]) {
            self.reloaded = reloaded
            self.scenarios = scenarios
        }
    }

    /// `DELETE /__admin/requests`.
    public struct Cleared: Codable, Sendable, Equatable {
        public var cleared: Bool

        public init(cleared: Bool = true) {
            self.cleared = cleared
        }
    }

    /// One journal entry: an API request the server answered, or gave up on.
    public struct JournalEntry: Codable, Sendable, Equatable {
        /// Increasing across the journal; `since=ID` reads the entries after it.
        public var id: Int
        /// When the request arrived, ISO 8601 UTC to the millisecond.
        public var time: String
        public var method: String
        public var path: String
        /// The query as sent (percent-encoded), without `?`.
        public var query: String
        /// The request's header fields in the order sent.
        public var headers: Members<String>
        /// The length of the request's body (the journal keeps no bodies).
        public var bodyBytes: Int
        public var session: String?
        public var api: UnderstudyAPI?
        /// The scenario that answered.
        public var scenario: String
        /// The status sent; nil when none was (a `timeout`, a reset).
        public var status: Int?
        /// From arrival to the end of the exchange.
        public var durationMs: Double
        /// False when the exchange was abandoned: the client hung up or timed out (a `timeout` or
        /// long delay), the connection was reset, or the body was cut short (`truncated-body`).
        public var completed: Bool

        public init(id: Int, time: String, method: String, path: String, query: String, headers: Members<String>, bodyBytes: Int, session: String?,
                    api: UnderstudyAPI?, scenario: String, status: Int?, durationMs: Double, completed: Bool) {
            self.id = id
            self.time = time
            self.method = method
            self.path = path
            self.query = query
            self.headers = headers
            self.bodyBytes = bodyBytes
            self.session = session
            self.api = api
            self.scenario = scenario
            self.status = status
            self.durationMs = durationMs
            self.completed = completed
        }

        enum CodingKeys: String, CodingKey {
            case id, time, method, path, query, headers, session, api, scenario, status, completed
            case bodyBytes = "body_bytes"
            case durationMs = "duration_ms"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(time, forKey: .time)
            try container.encode(method, forKey: .method)
            try container.encode(path, forKey: .path)
            try container.encode(query, forKey: .query)
            try container.encode(headers, forKey: .headers)
            try container.encode(bodyBytes, forKey: .bodyBytes)
            try container.encode(session, forKey: .session)
            try container.encode(api, forKey: .api)
            try container.encode(scenario, forKey: .scenario)
            try container.encode(status, forKey: .status)
            try container.encode(durationMs, forKey: .durationMs)
            try container.encode(completed, forKey: .completed)
        }
    }

    /// `GET /__admin/requests`.
    public struct Journal: Codable, Sendable, Equatable {
        public var count: Int
        public var capacity: Int
        public var requests: [JournalEntry]

        public init(count: Int, capacity: Int, requests: [JournalEntry]) {
            self.count = count
            self.capacity = capacity
            self.requests = requests
        }
    }

    /// A JSON object whose keys are data (session ids, API names, header names), kept in the
    /// order written. Repeated keys (a header sent twice) are kept.
    public struct Members<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable, ExpressibleByDictionaryLiteral {
        public var pairs: [(key: String, value: Value)]

        public init(_ pairs: [(key: String, value: Value)]) {
            self.pairs = pairs
        }

        public init(dictionaryLiteral elements: (String, Value)...) {
            pairs = elements.map { (key: $0.0, value: $0.1) }
        }

        public var keys: [String] { pairs.map(\.key) }
        public var count: Int { pairs.count }
        public var isEmpty: Bool { pairs.isEmpty }

        /// The first value under `key`; header names compare case-insensitively.
        public subscript(key: String) -> Value? {
            pairs.first { $0.key == key }?.value ?? pairs.first { $0.key.lowercased() == key.lowercased() }?.value
        }

        /// The value for an API's name.
        public subscript(api: UnderstudyAPI) -> Value? { self[api.rawValue] }

        public static func == (lhs: Members, rhs: Members) -> Bool {
            lhs.pairs.count == rhs.pairs.count && zip(lhs.pairs, rhs.pairs).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        }

        struct MemberKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: MemberKey.self)
            pairs = try container.allKeys.map { (key: $0.stringValue, value: try container.decode(Value.self, forKey: $0)) }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: MemberKey.self)
            for (key, value) in pairs { try container.encode(value, forKey: MemberKey(stringValue: key)) }
        }
    }
}

extension UnderstudyWire {
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

        public init(
            id: Int, time: String, method: String, path: String, query: String, headers: Members<String>, bodyBytes: Int, session: String?,
            api: UnderstudyAPI?, scenario: String, status: Int?, durationMs: Double, completed: Bool
        ) {
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

        /// In the order the server writes them (absent optionals as `null`).
        enum CodingKeys: String, CodingKey {
            case id, time, method, path, query, headers
            case bodyBytes = "body_bytes"
            case session, api, scenario, status
            case durationMs = "duration_ms"
            case completed
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
}

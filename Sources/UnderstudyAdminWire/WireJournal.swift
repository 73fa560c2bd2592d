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
        /// The request's header fields in the order sent; the values of ``redactedHeaderNames``
        /// (`Authorization`, `Proxy-Authorization`, `Cookie`) read ``redactedValue``.
        public var headers: Members<String>
        /// The length of the request's body.
        public var bodyBytes: Int
        /// The body as the journal keeps it (its first 64 KiB, while the journal's byte budget lasts),
        /// as text when it is UTF-8; nil when there was none or none was kept.
        public var body: String?
        /// The kept body in base64 when it is not UTF-8 text.
        public var bodyBase64: String?
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
        /// What the request broke of its OpenAPI document, under request validation (`report` or `enforce`); nil: nothing checked or found.
        public var problems: [String]?
        /// The GraphQL operations the request carried, by name (a batch's in order; `?` for an unnamed one); nil: not GraphQL.
        public var graphQLOperations: [String]?

        public init(
            id: Int, time: String, method: String, path: String, query: String, headers: Members<String>, bodyBytes: Int,
            body: String? = nil, bodyBase64: String? = nil, session: String?, api: UnderstudyAPI?, scenario: String, status: Int?,
            durationMs: Double, completed: Bool, problems: [String]? = nil, graphQLOperations: [String]? = nil
        ) {
            self.problems = problems
            self.graphQLOperations = graphQLOperations
            self.id = id
            self.time = time
            self.method = method
            self.path = path
            self.query = query
            self.headers = headers
            self.bodyBytes = bodyBytes
            self.body = body
            self.bodyBase64 = bodyBase64
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
            case body
            case bodyBase64 = "body_base64"
            case session, api, scenario, status
            case durationMs = "duration_ms"
            case completed, problems
            case graphQLOperations = "graphql_operations"
        }
    }

    /// The headers whose values the journal never keeps (lowercased): a journal is read over the admin API
    /// and shown on the dashboard, and these carry credentials. Defined once for the server, which redacts
    /// them, and the admin client, whose `verify` must know it cannot compare their values.
    public static let redactedHeaderNames: Set<String> = ["authorization", "proxy-authorization", "cookie"]
    /// What the journal keeps instead of a redacted header's value.
    public static let redactedValue = "[redacted]"

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

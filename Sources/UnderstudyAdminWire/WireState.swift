extension UnderstudyWire {
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

        public init(
            active: Selection, start: String, overrides: Members<Selection>, sessionCount: Int,
            session: SessionState? = nil, namesSession: Bool = false
        ) {
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

        /// In the order the server writes them (`next` as `null` on the last page).
        enum CodingKeys: String, CodingKey {
            case count
            case ttlSeconds = "ttl_seconds"
            case maxSessions = "max_sessions"
            case sessions, next
        }
    }
}

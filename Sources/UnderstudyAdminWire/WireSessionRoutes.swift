extension UnderstudyWire {
    /// A route a test defines for its session (`PUT|POST /__admin/sessions/ID/routes`, in `routes`):
    /// the keys of a scenario file's `routes:` entries, which the server reads with the same checks.
    public struct RouteDefinition: Codable, Sendable, Equatable {
        /// `GET`, `POST`, …, or `*` for any; `GET` when nil.
        public var method: String?
        /// `/catfact/fact`, `/myapi/users/:id` (`:name` segments capture, for `{{name}}` in the body).
        public var path: String
        /// The query the request must carry (`page=2&sort=name`); any when nil.
        public var query: String?
        public var status: Int?
        public var headers: [String: String]?
        /// The body as text; `{{origin}}` and the path's `{{name}}`s are filled in.
        public var body: String?
        /// A file in the server's scenarios folder, as a scenario file names one.
        public var bodyFile: String?
        public var delay: Int?
        /// `timeout`, `connection-reset`, `truncated-body`, `slow-body` or `malformed-json`.
        public var fault: String?
        /// The headers the request must carry (or not) for the route to answer, by name (compared
        /// case-insensitively, on the value as sent, before the journal redacts it); any headers when nil.
        public var requestHeaders: [String: HeaderMatch]?
        /// What the request's body must hold for the route to answer; any body when nil.
        public var requestBody: BodyMatch?
        /// How many requests the route answers before the next route (or the scenario) does; every one when nil.
        public var times: Int?
        /// Server-sent events instead of a body.
        public var stream: StreamDefinition?
        /// A WebSocket instead of a body.
        public var webSocket: WebSocketDefinition?
        /// How many events a stream (or messages a WebSocket) sends before its `fault`.
        public var faultAfter: Int?
        /// The GraphQL operation the route answers, by name (with any method; at any path when `path` is empty).
        public var operation: String?
        /// What the operation's variables must hold (the `requestBody` matcher, on the variables object).
        public var variables: BodyMatch?

        public init(
            method: String? = nil, path: String, query: String? = nil, status: Int? = nil, headers: [String: String]? = nil,
            body: String? = nil, bodyFile: String? = nil, delay: Int? = nil, fault: String? = nil,
            requestHeaders: [String: HeaderMatch]? = nil, requestBody: BodyMatch? = nil, times: Int? = nil,
            stream: StreamDefinition? = nil, webSocket: WebSocketDefinition? = nil, faultAfter: Int? = nil
        ) {
            self.stream = stream
            self.webSocket = webSocket
            self.faultAfter = faultAfter
            self.method = method
            self.path = path
            self.query = query
            self.status = status
            self.headers = headers
            self.body = body
            self.bodyFile = bodyFile
            self.delay = delay
            self.fault = fault
            self.requestHeaders = requestHeaders
            self.requestBody = requestBody
            self.times = times
        }

        enum CodingKeys: String, CodingKey {
            case method, path, query, status, headers, body, delay, fault, times, stream
            case bodyFile = "body_file"
            case faultAfter = "fault_after"
            case operation, variables
            case webSocket = "websocket"
            case requestHeaders = "request_headers"
            case requestBody = "request_body"
        }
    }

    /// A route's `stream:`: server-sent events, as a scenario file writes them.
    public struct StreamDefinition: Codable, Sendable, Equatable {
        public var events: [Event]
        /// Milliseconds between events (an event's own `delay` wins).
        public var every: Int?
        /// A `retry:` line first: the client's reconnection delay in milliseconds.
        public var retry: Int?
        /// Milliseconds between `: heartbeat` comments while the stream holds.
        public var heartbeat: Int?
        /// After the last event: `close`, `hold` or `repeat`.
        public var then: String?

        public init(events: [Event], every: Int? = nil, retry: Int? = nil, heartbeat: Int? = nil, then: String? = nil) {
            self.events = events
            self.every = every
            self.retry = retry
            self.heartbeat = heartbeat
            self.then = then
        }

        /// One event: its data as JSON (written compactly), or as text when it is a `.string`.
        public struct Event: Codable, Sendable, Equatable {
            public var event: String?
            public var id: String?
            public var data: JSONFragment?
            public var retry: Int?
            public var delay: Int?
            public var comment: String?

            public init(
                event: String? = nil, id: String? = nil, data: JSONFragment? = nil, retry: Int? = nil, delay: Int? = nil, comment: String? = nil
            ) {
                self.event = event
                self.id = id
                self.data = data
                self.retry = retry
                self.delay = delay
                self.comment = comment
            }
        }
    }

    /// One header of a route's `request_headers`: exactly one of its exact value, a regular expression
    /// found in it, or whether it is there at all (`present: false`: the request must not carry it).
    public struct HeaderMatch: Codable, Sendable, Equatable {
        public var equals: String?
        public var matches: String?
        public var present: Bool?

        public init(equals: String? = nil, matches: String? = nil, present: Bool? = nil) {
            self.equals = equals
            self.matches = matches
            self.present = present
        }
    }

    /// A route's `request_body`: exactly one of a JSON fragment the body contains, its exact text, or a
    /// regular expression found in it.
    public struct BodyMatch: Codable, Sendable, Equatable {
        public var json: JSONFragment?
        public var equals: String?
        public var matches: String?

        public init(json: JSONFragment? = nil, equals: String? = nil, matches: String? = nil) {
            self.json = json
            self.equals = equals
            self.matches = matches
        }
    }

    /// Any JSON value, objects in the order written (standard library only, as the rest of this module).
    public indirect enum JSONFragment: Codable, Sendable, Equatable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONFragment])
        case object([(key: String, value: JSONFragment)])

        public static func == (lhs: JSONFragment, rhs: JSONFragment) -> Bool {
            switch (lhs, rhs) {
            case (.null, .null): true
            case (.bool(let a), .bool(let b)): a == b
            case (.number(let a), .number(let b)): a == b
            case (.string(let a), .string(let b)): a == b
            case (.array(let a), .array(let b)): a == b
            case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
            default: false
            }
        }

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        public init(from decoder: any Decoder) throws {
            if let object = try? decoder.container(keyedBy: Key.self) {
                // allKeys' order is the decoder's; JSONDecoder keeps none, so the order is only best effort.
                self = .object(try object.allKeys.map { ($0.stringValue, try object.decode(JSONFragment.self, forKey: $0)) })
                return
            }
            if var array = try? decoder.unkeyedContainer() {
                var items: [JSONFragment] = []
                while !array.isAtEnd { items.append(try array.decode(JSONFragment.self)) }
                self = .array(items)
                return
            }
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let bool = try? value.decode(Bool.self) {
                self = .bool(bool)
            } else if let number = try? value.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try value.decode(String.self))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .null:
                var value = encoder.singleValueContainer()
                try value.encodeNil()
            case .bool(let bool):
                var value = encoder.singleValueContainer()
                try value.encode(bool)
            case .number(let number):
                var value = encoder.singleValueContainer()
                try value.encode(number)
            case .string(let text):
                var value = encoder.singleValueContainer()
                try value.encode(text)
            case .array(let items):
                var array = encoder.unkeyedContainer()
                for item in items { try array.encode(item) }
            case .object(let members):
                var object = encoder.container(keyedBy: Key.self)
                for member in members { try object.encode(member.value, forKey: Key(stringValue: member.key)) }
            }
        }
    }

    /// The body of `PUT|POST /__admin/sessions/ID/routes`.
    public struct RouteDefinitions: Codable, Sendable, Equatable {
        public var routes: [RouteDefinition]
        public init(routes: [RouteDefinition]) { self.routes = routes }
    }

    /// One of a session's routes as the server keeps it.
    public struct SessionRoute: Codable, Sendable, Equatable {
        public var method: String
        public var path: String
        /// Nil when the route answers with its API's response (it sets only a delay or a fault).
        public var status: Int?
        /// How many more requests it answers (`times`); nil when it answers every one.
        public var remaining: Int?

        public init(method: String, path: String, status: Int?, remaining: Int? = nil) {
            self.method = method
            self.path = path
            self.status = status
            self.remaining = remaining
        }
    }

    /// The answer of the session routes: the session's routes, in the order they are tried (a later call's first), and the bytes they keep.
    public struct SessionRoutes: Codable, Sendable, Equatable {
        public var session: String
        public var routes: [SessionRoute]
        public var bytes: Int

        public init(session: String, routes: [SessionRoute], bytes: Int) {
            self.session = session
            self.routes = routes
            self.bytes = bytes
        }
    }
}

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

        public init(
            method: String? = nil, path: String, query: String? = nil, status: Int? = nil, headers: [String: String]? = nil,
            body: String? = nil, bodyFile: String? = nil, delay: Int? = nil, fault: String? = nil
        ) {
            self.method = method
            self.path = path
            self.query = query
            self.status = status
            self.headers = headers
            self.body = body
            self.bodyFile = bodyFile
            self.delay = delay
            self.fault = fault
        }

        enum CodingKeys: String, CodingKey {
            case method, path, query, status, headers, body, delay, fault
            case bodyFile = "body_file"
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

        public init(method: String, path: String, status: Int?) {
            self.method = method
            self.path = path
            self.status = status
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

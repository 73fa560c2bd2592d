extension UnderstudyWire {
    /// `GET /__admin/health`: `{"status": "ok"}` whenever the server answers at all.
    public struct Health: Codable, Sendable, Equatable {
        public var status: String
        /// With `serve --redis`: the shared state's status.
        public var shared: SharedHealth?
        /// Server-sent event streams open now; nil (left out) when there are none.
        public var openStreams: Int?
        /// WebSockets open now; nil (left out) when there are none.
        public var openWebSockets: Int?

        public init(status: String = "ok", shared: SharedHealth? = nil, openStreams: Int? = nil, openWebSockets: Int? = nil) {
            self.status = status
            self.shared = shared
            self.openStreams = openStreams
            self.openWebSockets = openWebSockets
        }

        enum CodingKeys: String, CodingKey {
            case status, shared
            case openStreams = "open_streams"
            case openWebSockets = "open_web_sockets"
        }

        /// `shared` only when there is a store: a server on its own still answers `{"status":"ok"}`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(status, forKey: .status)
            if let shared { try container.encode(shared, forKey: .shared) }
            if let openStreams { try container.encode(openStreams, forKey: .openStreams) }
            if let openWebSockets { try container.encode(openWebSockets, forKey: .openWebSockets) }
        }
    }
}

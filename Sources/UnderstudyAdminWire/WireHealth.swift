extension UnderstudyWire {
    /// `GET /__admin/health`: `{"status": "ok"}` whenever the server answers at all.
    public struct Health: Codable, Sendable, Equatable {
        public var status: String
        /// With `serve --redis`: the shared state's status.
        public var shared: SharedHealth?

        public init(status: String = "ok", shared: SharedHealth? = nil) {
            self.status = status
            self.shared = shared
        }

        enum CodingKeys: String, CodingKey { case status, shared }

        /// `shared` only when there is a store: a server on its own still answers `{"status":"ok"}`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(status, forKey: .status)
            if let shared { try container.encode(shared, forKey: .shared) }
        }
    }
}

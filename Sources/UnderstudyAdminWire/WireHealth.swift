extension UnderstudyWire {
    /// `GET /__admin/health`: `{"status": "ok"}` whenever the server answers at all.
    public struct Health: Codable, Sendable, Equatable {
        public var status: String

        public init(status: String = "ok") {
            self.status = status
        }
    }
}

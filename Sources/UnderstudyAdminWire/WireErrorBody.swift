extension UnderstudyWire {
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
}

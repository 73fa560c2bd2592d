extension UnderstudyWire {
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
        /// A session's GraphQL operation that alone takes the scenario's fault, delay and staged answer (`{"name": …, "operation": …}`).
        public var operation: String?

        public init(_ choice: Choice, api: UnderstudyAPI? = nil, operation: String? = nil) {
            self.choice = choice
            self.api = api
            self.operation = operation
        }

        /// The field names the server accepts in this body.
        public enum CodingKeys: String, CodingKey, CaseIterable { case name, api, sequence, operation }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            api = try container.decodeIfPresent(UnderstudyAPI.self, forKey: .api)
            operation = try container.decodeIfPresent(String.self, forKey: .operation)
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
            if let operation { try container.encode(operation, forKey: .operation) }
        }
    }
}

extension UnderstudyWire {
    /// A JSON object whose keys are data (session ids, API names, header names), kept in the
    /// order written. Repeated keys (a header sent twice) are kept.
    public struct Members<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable, ExpressibleByDictionaryLiteral {
        public var pairs: [(key: String, value: Value)]

        public init(_ pairs: [(key: String, value: Value)]) {
            self.pairs = pairs
        }

        public init(dictionaryLiteral elements: (String, Value)...) {
            pairs = elements.map { (key: $0.0, value: $0.1) }
        }

        public var keys: [String] { pairs.map(\.key) }
        public var count: Int { pairs.count }
        public var isEmpty: Bool { pairs.isEmpty }

        /// The first value under `key`; header names compare case-insensitively.
        public subscript(key: String) -> Value? {
            pairs.first { $0.key == key }?.value ?? pairs.first { $0.key.lowercased() == key.lowercased() }?.value
        }

        /// The value for an API's name.
        public subscript(api: UnderstudyAPI) -> Value? { self[api.rawValue] }

        public static func == (lhs: Members, rhs: Members) -> Bool {
            lhs.pairs.count == rhs.pairs.count && zip(lhs.pairs, rhs.pairs).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        }

        struct MemberKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: MemberKey.self)
            pairs = try container.allKeys.map { (key: $0.stringValue, value: try container.decode(Value.self, forKey: $0)) }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: MemberKey.self)
            for (key, value) in pairs { try container.encode(value, forKey: MemberKey(stringValue: key)) }
        }
    }
}

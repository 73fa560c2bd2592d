/// A JSON value that keeps object keys in their written order and numbers in
/// their written form, because the real APIs' key order and number spelling
/// (`1.0` vs `1`) are part of the shape Understudy reproduces.
package enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number, kept as written.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([Member])
    /// An absolute URL on the server answering the request: the origin taken
    /// from the request's `Host` header, then this path.
    case link(String)

    package struct Member: Hashable, Sendable {
        package var key: String
        package var value: JSONValue
        package init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    package static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    package var intValue: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }

    package var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    package var members: [Member]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// A short name of the kind of value, for error messages.
    package var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string, .link: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

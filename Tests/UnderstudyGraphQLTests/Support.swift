import Testing
import UnderstudyDocuments

@testable import UnderstudyGraphQL

/// Test helpers: JSON in and out through the module's own reader and writer.
enum Support {
    static func json(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8), file: "test.json").value }

    static func text(_ value: JSONValue) -> String { String(decoding: JSONText.bytes(value), as: UTF8.self) }

    /// Walks `value` by keys and list indices: `at(body, "data", "hero", "friends", 1, "name")`.
    static func at(_ value: JSONValue?, _ steps: Any...) -> JSONValue? {
        var current = value
        for step in steps {
            switch step {
            case let key as String: current = current?[key]
            case let index as Int:
                guard let items = current?.arrayValue, items.indices.contains(index) else { return nil }
                current = items[index]
            default: return nil
            }
        }
        return current
    }

    /// The error entries of a body, as (message, first location) pairs.
    static func errors(_ body: JSONValue) -> [(message: String, line: Int?, column: Int?)] {
        (body["errors"]?.arrayValue ?? []).map { error in
            (error["message"]?.stringValue ?? "", at(error, "locations", 0, "line")?.intValue, at(error, "locations", 0, "column")?.intValue)
        }
    }
}

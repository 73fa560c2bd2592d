package import UnderstudyDocuments

/// A route's `request_body:`: what a request's body must hold for the route to answer it, so that a
/// `POST` route can answer by what was sent. `json:` is a fragment the body must contain (its objects'
/// keys with matching values, other keys allowed; arrays element by element; numbers by value);
/// `equals:` the exact text; `matches:` a regular expression found somewhere in the text, run by
/// ``LinearRegex`` (never backtracking, so a pattern from a scenario file cannot stall a worker thread),
/// on bodies up to ``maxMatchedBytes``.
package enum BodyPattern: Sendable {
    case json(JSONValue)
    case equals(String)
    case matches(LinearRegex)

    /// A longer body never matches `matches:` (the journal keeps bodies up to the same bound): the
    /// search costs body length × pattern size.
    package static let maxMatchedBytes = 64 << 10

    /// Bytes the pattern keeps, for a session's bound (``SessionOverlay``).
    var cost: Int {
        switch self {
        case .json(let value): JSONWriter().template(value).render(origin: Origin("")).count
        case .equals(let text): text.utf8.count
        case .matches(let regex): regex.pattern.utf8.count * 16
        }
    }

    func matches(_ body: [UInt8]) -> Bool {
        switch self {
        case .equals(let text):
            return body.elementsEqual(text.utf8)
        case .matches(let regex):
            guard body.count <= Self.maxMatchedBytes, let text = String(validating: body, as: UTF8.self) else { return false }
            return regex.firstMatchExists(in: text)
        case .json(let expected):
            guard !body.isEmpty, let actual = try? JSONParser.parse(body, file: "request body").value else { return false }
            return Self.contains(actual, expected)
        }
    }

    /// Whether `actual` holds `expected`.
    static func contains(_ actual: JSONValue, _ expected: JSONValue) -> Bool {
        switch (expected, actual) {
        case (.object(let wanted), .object(let members)):
            return wanted.allSatisfy { member in members.first { $0.key == member.key }.map { contains($0.value, member.value) } ?? false }
        case (.array(let wanted), .array(let items)):
            return wanted.count == items.count && zip(items, wanted).allSatisfy { contains($0, $1) }
        case (.number(let wanted), .number(let number)):
            return wanted == number || (Double(wanted) != nil && Double(wanted) == Double(number))
        case (.link(let wanted), .string(let text)), (.string(let wanted), .link(let text)):
            return wanted == text
        default:
            return expected == actual
        }
    }
}
